/*
** ldict.c: cl.Dict and cl.Found, the word list of word games (the core's
** cl_Dict, a minimal DAWG): building one from text or from a cached image,
** membership, and the search for every word a multiset of letters forms,
** whose results (cl.Found) are made into Lua strings only when read.
*/
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lbinding.h"

/* A dictionary box owns the core dictionary, or borrows its owner's (see
** d:borrow). */
typedef struct DictBox {
  cl_Dict *d;
  int borrowed;        /* d is the owner's: releasing this box frees nothing */
  struct DictBox *owner;  /* a borrowed box's owner (kept alive by its user value) */
  int lent;            /* an owner's handles not yet released: while any is, */
  cl_Dict *orphan;     /* its own release leaves d here, freed by the last one */
  char *scratch;       /* what d:find collects, before it knows the size: */
  size_t scratch_cap;  /* the entries from the start, the letters from the end */
  cl_DictKept *kept;   /* d:find's count for a pick (made at the first) */
  unsigned long counts;  /* counts kept so far: a pick's count is still there
                            if no other came after it */
} DictBox;

/* A dictionary not yet released. */
static DictBox *checkdictbox(lua_State *L, int i) {
  DictBox *db = checkclass(L, i, C_DICT);
  if (db->d == NULL) luaL_error(L, RELEASED);
  return db;
}

static cl_Dict *checkdict(lua_State *L, int i) {
  return checkdictbox(L, i)->d;
}

static void pushstats(lua_State *L, const cl_DictStats *st) {
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, st->lines);
  lua_setfield(L, -2, "lines");
  lua_pushinteger(L, st->words);
  lua_setfield(L, -2, "words");
  lua_pushinteger(L, st->skipped);
  lua_setfield(L, -2, "skipped");
  lua_createtable(L, 8, 0);
  for (int i = 0; i < 8 && i < st->skipped; i++) {
    lua_pushinteger(L, st->first_skipped[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "first_skipped");
  lua_pushinteger(L, st->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushinteger(L, (lua_Integer)st->bytes);
  lua_setfield(L, -2, "bytes");
}

/* A dictionary's memory is C memory, a megabyte or more behind a userdata of
** a few bytes: the collector would not hurry to free dictionaries nobody
** holds any more. Each new one advances it by the size it holds. */
static void account(lua_State *L, const cl_Dict *d) {
  cl_DictStats st;
  cl_dict_stats(d, &st);
  lua_gc(L, LUA_GCSTEP, (int)(st.bytes / 1024));
}

static DictBox *newdictbox(lua_State *L) {
  DictBox *db = lua_newuserdatauv(L, sizeof(DictBox), 1);
  db->d = NULL;
  db->borrowed = 0;
  db->owner = NULL;
  db->lent = 0;
  db->orphan = NULL;
  db->scratch = NULL;
  db->scratch_cap = 0;
  db->kept = NULL;
  db->counts = 0;
  luaL_setmetatable(L, DICT_T);
  return db;
}

/* vm.dict(text) builds a dictionary from word-list text; gives it and the
** stats, or nil and the stats when no word was found. */
static int l_dict_build(lua_State *L) {
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  DictBox *db = newdictbox(L);
  cl_DictStats st;
  db->d = cl_dict_build(text, len, &st);
  if (db->d == NULL) {
    if (st.too_large)
      return luaL_error(L, "the word list is too large: its dictionary would need more than %d "
                        "edges", CL_DICT_MAX_EDGES);
    if (st.words > 0) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
  } else {
    account(L, db->d);
  }
  pushstats(L, &st);
  return 2;
}

/* vm.dict_image(bytes) makes a dictionary from an image made by d:image();
** gives nil if the bytes are not a valid image. */
static int l_dict_image(lua_State *L) {
  size_t len;
  const char *bytes = luaL_checklstring(L, 1, &len);
  DictBox *db = newdictbox(L);
  db->d = cl_dict_from_image(bytes, len);
  if (db->d == NULL) lua_pushnil(L);
  else account(L, db->d);
  return 1;
}

static int w_Dict_image(lua_State *L) {
  const void *data;
  size_t len = cl_dict_image(checkdict(L, 1), &data);
  lua_pushlstring(L, data, len);
  return 1;
}

static int w_Dict_stats(lua_State *L) {
  cl_DictStats st;
  cl_dict_stats(checkdict(L, 1), &st);
  pushstats(L, &st);
  return 1;
}

static int w_Dict_contains(lua_State *L) {
  cl_Dict *d = checkdict(L, 1);
  size_t len;
  const char *w = luaL_checklstring(L, 2, &len);
  lua_pushboolean(L, cl_dict_contains(d, w, len));
  return 1;
}

/* d:check(list) counts the words of a list that are in the dictionary: a
** batch of lookups in one call. The strings are fetched a chunk at a time and
** handed to cl_dict_contains_many, whose lookups overlap their memory waits;
** they stay on the stack until the chunk is done (one settop, not a pop each). */
static int w_Dict_check(lua_State *L) {
  enum { CHUNK = 256 };
  cl_Dict *d = checkdict(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer n = (lua_Integer)lua_rawlen(L, 2), found = 0;
  const char *word[CHUNK];
  size_t len[CHUNK];
  luaL_checkstack(L, CHUNK, "no room for a chunk of words");
  int top = lua_gettop(L);
  for (lua_Integer first = 1; first <= n; first += CHUNK) {
    int k = 0;
    for (lua_Integer i = first; i <= n && k < CHUNK; i++, k++) {
      /* only strings: anything else is not a word (a number converted
      ** here would not be kept) */
      word[k] = lua_rawgeti(L, 2, i) == LUA_TSTRING ? lua_tolstring(L, -1, &len[k]) : NULL;
    }
    found += (lua_Integer)cl_dict_contains_many(d, word, len, (size_t)k, NULL);
    lua_settop(L, top);
  }
  lua_pushinteger(L, found);
  return 1;
}

/* The query's fields, for the error that names an unknown one. */
#define QUERY_FIELDS "hand, pool, min, max, min_cards, need_hand, double or append_s"

/* A query's letters, the value on top of the stack: a text of letters, or a
** list of 26 counts (A first), as zone:tally gives them. An error names a
** character that is not a letter. */
static void query_letters(lua_State *L, const char *key, unsigned char *counts) {
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (int c = 0; c < 26; c++) {
      int isint;
      lua_Integer n = (lua_rawgeti(L, -1, c + 1), lua_tointegerx(L, -1, &isint));
      if (!isint || n < 0)
        luaL_error(L, "query: '%s'[%d] must be a count of the letter %c (a whole number >= 0)", key,
                   c + 1, 'A' + c);
      counts[c] = n > 255 ? 255 : (unsigned char)n;
      lua_pop(L, 1);
    }
    return;
  }
  size_t len = 0;
  const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
  if (s == NULL)
    luaL_error(L, "query: '%s' must be a text of letters or a list of 26 counts (got %s)", key,
               luaL_typename(L, -1));
  for (size_t i = 0; i < len; i++) {
    unsigned c = (unsigned)((unsigned char)s[i] & ~0x20u) - 'A';
    if (c > 25) luaL_error(L, "query: '%s' holds '%c', which is not a letter A-Z", key, s[i]);
    if (counts[c] < 255) counts[c]++;
  }
}

/* A whole number from lo to hi, the value on top of the stack. */
static int query_int(lua_State *L, const char *key, int lo, int hi) {
  lua_Integer v = lua_tointeger(L, -1);
  if (!lua_isinteger(L, -1) || v < lo || v > hi)
    luaL_error(L, "query: '%s' must be a whole number from %d to %d", key, lo, hi);
  return (int)v;
}

/* Whether the key of length len is the field name `name` (a literal). */
#define IS_FIELD(key, len, name) \
  ((len) == sizeof(name) - 1 && memcmp(key, name, sizeof(name) - 1) == 0)

/* Reads a query table: {hand = "LETTERS", pool = "LETTERS", min = 3, max = 12,
** min_cards = 0, need_hand = (true when a hand is given), double = false,
** append_s = false}. It goes through the fields the table has (a few, where
** asking for each of the eight by name costs more than the rack search it
** starts), and so it can name one that is misspelt. */
static void checkquery(lua_State *L, int qi, cl_DictQuery *q) {
  luaL_checktype(L, qi, LUA_TTABLE);
  memset(q, 0, sizeof *q);
  q->min_len = 1;
  q->max_len = CL_DICT_MAX_WORD;
  int need_hand = -1;  /* not given */
  lua_pushnil(L);
  while (lua_next(L, qi) != 0) {
    size_t len = 0;
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
    if (key == NULL)
      luaL_error(L, "query: a field named by a %s; expected " QUERY_FIELDS, luaL_typename(L, -2));
    if (IS_FIELD(key, len, "pool")) query_letters(L, "pool", q->pool);
    else if (IS_FIELD(key, len, "hand")) query_letters(L, "hand", q->hand);
    else if (IS_FIELD(key, len, "min")) q->min_len = query_int(L, "min", 1, CL_DICT_MAX_WORD);
    else if (IS_FIELD(key, len, "max")) q->max_len = query_int(L, "max", 1, CL_DICT_MAX_WORD);
    else if (IS_FIELD(key, len, "min_cards"))
      q->min_cards = query_int(L, "min_cards", 0, CL_DICT_MAX_WORD);
    else if (IS_FIELD(key, len, "need_hand")) need_hand = lua_toboolean(L, -1);
    else if (IS_FIELD(key, len, "double")) q->double_letter = lua_toboolean(L, -1);
    else if (IS_FIELD(key, len, "append_s")) q->append_s = lua_toboolean(L, -1);
    else luaL_error(L, "query: unknown field '%s'; expected " QUERY_FIELDS, key);
    lua_pop(L, 1);
  }
  if (need_hand < 0) {
    need_hand = 0;
    for (int c = 0; c < 26; c++) need_hand |= q->hand[c] != 0;
  }
  q->need_hand = need_hand;
}

/* d:count(query) counts the ways to form a word, building no strings. */
static int w_Dict_count(lua_State *L) {
  cl_Dict *d = checkdict(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  long n = cl_dict_search(d, &q, NULL, NULL);
  if (n < 0) return luaL_error(L, "not enough memory");
  lua_pushinteger(L, n);
  return 1;
}

/* ---------------------------------------------------------------- cl.Found */

/* The words a search found, without a Lua string for any of them until one
** is asked for: a lazy list for the enumerators of word games, where a random
** bot takes one word of hundreds. One userdata: the entries, then the
** letters. As a list of answers (d:find's prefix, last and again), entry i
** is the prefix and the i-th word; with `again` the words follow once more,
** each with that suffix; then one entry more (the user value): so a bot's
** pick, or the whole list for a bot that reads it, runs no Lua. */
typedef struct FoundEntry {
  uint32_t at;      /* offset of the word's letters after the entries */
  uint8_t len, how;
  int8_t doubled;   /* the letter used twice (0 = A), or -1 */
  uint8_t pad;
} FoundEntry;

#define FOUND_PREFIX 16  /* bytes of a prefix at most */

typedef struct Found {
  lua_Integer n;          /* words */
  size_t letters_used;    /* bytes of letters after the entries */
  lua_Integer words;      /* entries that are words: n, or 2n with a suffix */
  lua_Integer listed;     /* entries: those, and one more if a last is given */
  size_t prefix_len, suffix_len;
  char prefix[FOUND_PREFIX], suffix[FOUND_PREFIX];
  /* A list made for a pick (d:find's pick) holds one word only, the one
  ** picked (or none): the others are found when one is read, by the query
  ** again, into a list of them all (user value 3). */
  lua_Integer picked;     /* ALL_WORDS, or the index (from 0) of the one word held, or -1 */
  lua_Integer entries;    /* entries held: n, or 0 or 1 with a pick */
  cl_DictQuery q;         /* with a pick: the query */
  FoundEntry entry[];
} Found;

#define ALL_WORDS (-2)

/* The letters of an entry: stored from the end of the letters down, `at`
** bytes before their end. */
#define found_letters(f) ((const char *)((f)->entry + (f)->entries))
#define word_of(f, e) (found_letters(f) + (f)->letters_used - (e)->at)

typedef struct Gather {
  DictBox *db;
  FoundEntry *entry;  /* the scratch's entries, from its start */
  char *letters;      /* its letters, from its end down (each word's letters
                         in order, the words last first) */
  size_t room;        /* bytes free between the two */
  lua_Integer n;
  size_t letters_used;
  int failed;         /* out of memory */
} Gather;

/* Doubles the scratch, keeping what it holds at both ends; 0 if memory ran
** out. */
static int grow_scratch(Gather *g, size_t need) {
  DictBox *db = g->db;
  size_t cap = db->scratch_cap ? db->scratch_cap * 2 : 8192;
  while (cap < need) cap *= 2;
  char *p = realloc(db->scratch, cap);
  if (p == NULL) return 0;
  /* the letters move to the new end */
  memmove(p + cap - g->letters_used, p + db->scratch_cap - g->letters_used, g->letters_used);
  db->scratch = p;
  db->scratch_cap = cap;
  g->entry = (FoundEntry *)p;
  g->letters = p + cap - g->letters_used;
  g->room = cap - g->letters_used - (size_t)g->n * sizeof(FoundEntry);
  return 1;
}

/* Appends one found word to the dictionary's scratch: its entry at the
** front, its letters at the back. */
static int gather(const char *word, int len, int how, int doubled, void *ud) {
  Gather *g = ud;
  size_t need = sizeof(FoundEntry) + (size_t)len;
  if (need > g->room && !grow_scratch(g, g->db->scratch_cap + need)) {
    g->failed = 1;
    return 1;
  }
  g->letters -= len;
  g->letters_used += (size_t)len;
  memcpy(g->letters, word, (size_t)len);
  g->entry[g->n++] = (FoundEntry){(uint32_t)g->letters_used, (uint8_t)len, (uint8_t)how,
                                  (int8_t)(how & CL_DICT_DOUBLED ? doubled : -1), 0};
  g->room -= need;
  return 0;
}

/* Searches under the query and pushes what it found as a cl.Found. No Lua
** runs during the search, so no error can leave it half done. */
static Found *push_found(lua_State *L, DictBox *db, const cl_DictQuery *q) {
  /* (no scratch yet: no pointer past it either, as NULL + 0 is undefined) */
  char *end = db->scratch ? db->scratch + db->scratch_cap : NULL;
  Gather g = {db, (FoundEntry *)db->scratch, end, db->scratch_cap, 0, 0, 0};
  if (cl_dict_search(db->d, q, gather, &g) < 0 || g.failed) luaL_error(L, "not enough memory");
  size_t entries = (size_t)g.n * sizeof(FoundEntry);
  Found *f = lua_newuserdatauv(L, sizeof(Found) + entries + g.letters_used, 1);
  f->n = f->words = f->listed = f->entries = g.n;
  f->picked = ALL_WORDS;
  f->prefix_len = f->suffix_len = 0;
  /* the letters as gathered, words last first, and each entry's offset
  ** counted from their end: word i starts letters_used - at into them */
  if (g.n > 0) {  /* (nothing found: the scratch may not be there yet) */
    memcpy(f->entry, g.entry, entries);
    memcpy((char *)(f->entry + g.n), g.letters, g.letters_used);
  }
  f->letters_used = g.letters_used;
  luaL_setmetatable(L, FOUND_T);
  return f;
}

/* Counts the words of the query into the box's count kept; gives their
** number. */
static long count_kept(lua_State *L, DictBox *db, const cl_DictQuery *q) {
  if (db->kept == NULL && (db->kept = cl_dict_kept_new()) == NULL) luaL_error(L, "not enough memory");
  long n = cl_dict_count_kept(db->d, q, db->kept);
  if (n < 0) luaL_error(L, "not enough memory");
  db->counts++;
  return n;
}

/* For d:find's pick: counts the words of the query, and pushes a list that
** holds none of them yet (room for one), its dictionary box kept (user
** value 2) to find them when read. */
static Found *push_counted(lua_State *L, DictBox *db, const cl_DictQuery *q) {
  long n = count_kept(L, db, q);
  Found *f = lua_newuserdatauv(L, sizeof(Found) + sizeof(FoundEntry) + CL_DICT_MAX_WORD, 3);
  f->n = f->words = f->listed = n;
  f->entries = 0;
  f->picked = -1;
  f->letters_used = 0;
  f->prefix_len = f->suffix_len = 0;
  f->q = *q;
  luaL_setmetatable(L, FOUND_T);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 2);
  return f;
}

/* Calls pick (at index pi) with the length of the list f (at the top) and
** spells the word of the entry it gives, if a word's: one word found by the
** count, not hundreds listed. */
static void pick_one(lua_State *L, Found *f, int pi) {
  unsigned long counted = checkdictbox(L, 1)->counts;
  lua_pushvalue(L, pi);
  lua_pushinteger(L, f->listed);
  lua_call(L, 1, 1);
  int is_integer;
  lua_Integer k = lua_tointegerx(L, -1, &is_integer);
  if (!is_integer || k < 1 || k > f->listed)
    luaL_error(L, "find: pick gave %s; expected an index of the list, from 1 to %d",
               luaL_tolstring(L, -1, NULL), (int)f->listed);
  lua_pop(L, 1);
  if (k > f->words) return;  /* the last entry: no word */
  /* (pick is any function: it may have released the dictionary, or counted
  ** another query with it) */
  DictBox *db = checkdictbox(L, 1);
  if (db->counts != counted || db->kept == NULL) count_kept(L, db, &f->q);
  long i = (long)((k - 1) % f->n);
  char word[CL_DICT_MAX_WORD];
  int how, doubled;
  int len = cl_dict_kept_word(db->d, db->kept, i, word, &how, &doubled);
  if (len < 0) luaL_error(L, "not enough memory");
  char *letters = (char *)(f->entry + 1);
  memcpy(letters, word, (size_t)len);
  f->entry[0] = (FoundEntry){(uint32_t)len, (uint8_t)len, (uint8_t)how,
                             (int8_t)(how & CL_DICT_DOUBLED ? doubled : -1), 0};
  f->letters_used = (size_t)len;
  f->entries = 1;
  f->picked = i;
}

/* d:find(query [, prefix [, last [, again [, pick]]]]) finds every way to form
** a word, as d:each does, and gives them as a list: #found, found[i] (the
** word), found:how(i), found:word(i). With a prefix, found[i] is the prefix
** and the word; with `again` (a suffix) the words are listed once more, each
** with it; with `last` the list has one entry more: a list of answer texts
** ("word CAT", ..., "word CAT +", ..., "pass"). With pick, a function, the
** words are counted, pick(#found) gives the index of the one entry wanted
** (the random bot's pick: see the engine's enumerators), and only its word
** is found; reading any other finds them all. */
static int w_Dict_find(lua_State *L) {
  DictBox *db = checkdictbox(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  size_t prefix_len = 0, suffix_len = 0;
  const char *prefix = luaL_optlstring(L, 3, "", &prefix_len);
  luaL_argcheck(L, prefix_len <= FOUND_PREFIX, 3, "a prefix of at most 16 bytes");
  int has_last = !lua_isnoneornil(L, 4);
  if (has_last) luaL_checktype(L, 4, LUA_TSTRING);
  int again = !lua_isnoneornil(L, 5);
  const char *suffix = again ? luaL_checklstring(L, 5, &suffix_len) : "";
  luaL_argcheck(L, suffix_len <= FOUND_PREFIX, 5, "a suffix of at most 16 bytes");
  int pick = !lua_isnoneornil(L, 6);
  if (pick) luaL_checktype(L, 6, LUA_TFUNCTION);
  Found *f = pick ? push_counted(L, db, &q) : push_found(L, db, &q);
  memcpy(f->prefix, prefix, prefix_len);
  f->prefix_len = prefix_len;
  memcpy(f->suffix, suffix, suffix_len);
  f->suffix_len = suffix_len;
  if (again) f->words = f->listed = 2 * f->n;
  if (has_last) {
    lua_pushvalue(L, 4);
    lua_setiuservalue(L, -2, 1);
    f->listed = f->words + 1;
  }
  if (pick && f->listed > 0) pick_one(L, f, 6);
  return 1;
}

/* d:words(query) lists every word found, once each: shortest first,
** alphabetically within a length. With the abilities a word may be found in
** two ways (its final S added by Z, or the S card used twice by X); in that
** order the two are side by side, and the second is left out. */
static int w_Dict_words(lua_State *L) {
  DictBox *db = checkdictbox(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  Found *f = push_found(L, db, &q);
  lua_createtable(L, f->n < INT_MAX ? (int)f->n : 0, 0);
  lua_Integer listed = 0;
  for (lua_Integer i = 0; i < f->n; i++) {
    const FoundEntry *e = &f->entry[i], *before = e - 1;
    if (i > 0 && before->len == e->len && memcmp(word_of(f, before), word_of(f, e), e->len) == 0)
      continue;
    lua_pushlstring(L, word_of(f, e), e->len);
    lua_rawseti(L, -2, ++listed);
  }
  return 1;
}

/* d:each(query, fn) calls fn(word, {appended_s=, doubled=}) for each way to
** form a word, in d:words's order, until fn returns true; gives the number of
** calls. */
static int w_Dict_each(lua_State *L) {
  DictBox *db = checkdictbox(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  lua_settop(L, 3);
  Found *f = push_found(L, db, &q);  /* kept at 4 while fn runs */
  lua_Integer calls = 0;
  while (calls < f->n) {
    const FoundEntry *e = &f->entry[calls++];
    lua_pushvalue(L, 3);
    lua_pushlstring(L, word_of(f, e), e->len);
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, (e->how & CL_DICT_APPENDED) != 0);
    lua_setfield(L, -2, "appended_s");
    if (e->doubled >= 0) {
      char letter = (char)('A' + e->doubled);
      lua_pushlstring(L, &letter, 1);
      lua_setfield(L, -2, "doubled");
    }
    lua_call(L, 2, 1);
    int stop = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (stop) break;
  }
  lua_pushinteger(L, calls);
  return 1;
}

/* d:borrow() gives a new handle on the same dictionary, for one game: it
** keeps the owner alive (its user value), and releasing it (d:release, a
** to-be-closed variable, the collector) ends only that handle. So a
** dictionary shared by every game of the process, read-only in C, cannot be
** freed by one game's script. */
static int w_Dict_borrow(lua_State *L) {
  DictBox *owner = checkdictbox(L, 1);
  int root = 1;
  /* a handle borrowed from a borrowed one is the owner's: its words are
  ** counted where they are freed */
  if (owner->borrowed) {
    lua_getiuservalue(L, 1, 1);
    root = lua_gettop(L);
    owner = owner->owner;
  }
  DictBox *db = newdictbox(L);
  db->d = owner->d;
  db->borrowed = 1;
  db->owner = owner;
  owner->lent++;
  lua_pushvalue(L, root);
  lua_setiuservalue(L, -2, 1);
  return 1;
}

/* Releases a handle (d:release, a to-be-closed variable, the collector; a
** second time does nothing). The owner's dictionary is freed when the owner
** and every handle it lent are released, in any order. */
static int w_Dict_gc(lua_State *L) {
  DictBox *db = checkclass(L, 1, C_DICT);
  if (db->borrowed && db->owner != NULL) {
    DictBox *owner = db->owner;
    db->owner = NULL;
    if (--owner->lent == 0 && owner->orphan != NULL) {
      cl_dict_free(owner->orphan);
      owner->orphan = NULL;
    }
  } else if (!db->borrowed && db->d != NULL) {
    if (db->lent > 0) db->orphan = db->d;
    else cl_dict_free(db->d);
  }
  db->d = NULL;
  free(db->scratch);
  db->scratch = NULL;
  db->scratch_cap = 0;
  cl_dict_kept_free(db->kept);
  db->kept = NULL;
  return 0;
}

static int w_Dict_tostring(lua_State *L) {
  DictBox *db = checkclass(L, 1, C_DICT);
  if (db->d == NULL) {
    lua_pushstring(L, DICT_T " (released)");
  } else {
    cl_DictStats st;
    cl_dict_stats(db->d, &st);
    lua_pushfstring(L, DICT_T " (%d words)", (int)st.words);
  }
  return 1;
}

#define checkfound(L, i) ((Found *)checkclass(L, i, C_FOUND))

/* The entry of word i (from 0) of the list *fp (at index fi): the one word a
** list made for a pick holds, or else of the list of them all, made at the
** first such read (the query again) and kept (user value 3); *fp is then
** that list, which holds the entry's letters. */
static const FoundEntry *word_entry(lua_State *L, int fi, Found **fp, lua_Integer i) {
  Found *f = *fp;
  if (f->picked == ALL_WORDS) return &f->entry[i];
  if (f->picked == i) return &f->entry[0];
  if (lua_getiuservalue(L, fi, 3) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    lua_getiuservalue(L, fi, 2);
    DictBox *db = checkdictbox(L, -1);
    Found *all = push_found(L, db, &f->q);
    if (all->n != f->n) luaL_error(L, "find: the words found again are not those counted");
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, fi, 3);
    lua_remove(L, -2);
  }
  Found *all = lua_touserdata(L, -1);
  lua_pop(L, 1);  /* (f's user value keeps it) */
  *fp = all;
  return &all->entry[i];
}

/* The entry of found[i] (the argument at index ai), or NULL if i is not an
** index of the words; *fp as for word_entry. */
static const FoundEntry *found_entry(lua_State *L, Found **fp, int ai) {
  lua_Integer k = luaL_checkinteger(L, ai);
  return k >= 1 && k <= (*fp)->n ? word_entry(L, 1, fp, k - 1) : NULL;
}

static int w_Found_len(lua_State *L) {
  lua_pushinteger(L, checkfound(L, 1)->listed);
  return 1;
}

/* Pushes entry k (1 to f->words) of the list at index 1: the k-th word with
** the list's prefix, or past the words the (k - n)-th word again with the
** suffix too. */
static void push_listed(lua_State *L, const Found *f, lua_Integer k) {
  int twice = k > f->n;
  Found *holder = (Found *)f;
  const FoundEntry *e = word_entry(L, 1, &holder, (twice ? k - f->n : k) - 1);
  const char *word = word_of(holder, e);
  if (f->prefix_len == 0 && !twice) {
    lua_pushlstring(L, word, e->len);
    return;
  }
  char text[2 * FOUND_PREFIX + 256];
  size_t len = f->prefix_len;
  memcpy(text, f->prefix, len);
  memcpy(text + len, word, e->len);
  len += e->len;
  if (twice) {
    memcpy(text + len, f->suffix, f->suffix_len);
    len += f->suffix_len;
  }
  lua_pushlstring(L, text, len);
}

/* found[i] gives the i-th entry (nil for any other key, as a list's would);
** found.how and the other methods are looked up by name. */
static int w_Found_index(lua_State *L) {
  Found *f = checkfound(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    luaL_getmetafield(L, 1, "methods");
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
  }
  /* as a table would: any key but an index gives nil (found[1.5] too) */
  int is_integer;
  lua_Integer k = lua_tointegerx(L, 2, &is_integer);
  if (!is_integer || k < 1 || k > f->listed) return 0;
  if (k > f->words) {
    lua_getiuservalue(L, 1, 1);  /* the last entry */
    return 1;
  }
  push_listed(L, f, k);
  return 1;
}

/* found:word(i) gives the i-th word, without the prefix of a list of answers. */
static int w_Found_word(lua_State *L) {
  Found *f = checkfound(L, 1);
  const FoundEntry *e = found_entry(L, &f, 2);
  if (e == NULL) return luaL_argerror(L, 2, "not an index of the words");
  lua_pushlstring(L, word_of(f, e), e->len);
  return 1;
}

/* found:how(i) gives whether the word's final S was appended (the Z patent),
** and the letter used twice (the X patent) or nil. */
static int w_Found_how(lua_State *L) {
  Found *f = checkfound(L, 1);
  const FoundEntry *e = found_entry(L, &f, 2);
  if (e == NULL) return luaL_argerror(L, 2, "not an index of the list");
  lua_pushboolean(L, (e->how & CL_DICT_APPENDED) != 0);
  if (e->doubled < 0) return 1;
  char letter = (char)('A' + e->doubled);
  lua_pushlstring(L, &letter, 1);
  return 2;
}

static int w_Found_tostring(lua_State *L) {
  lua_pushfstring(L, FOUND_T " (%d words)", (int)checkfound(L, 1)->n);
  return 1;
}

static const luaL_Reg found_methods[] = {{"how", w_Found_how}, {"word", w_Found_word}, {NULL, NULL}};

static const luaL_Reg found_meta[] = {
  {"__len", w_Found_len}, {"__index", w_Found_index}, {"__tostring", w_Found_tostring},
  {NULL, NULL}
};

static const luaL_Reg dict_methods[] = {
  {"contains", w_Dict_contains}, {"check", w_Dict_check}, {"count", w_Dict_count},
  {"words", w_Dict_words}, {"each", w_Dict_each}, {"find", w_Dict_find}, {"stats", w_Dict_stats},
  {"image", w_Dict_image}, {"borrow", w_Dict_borrow}, {"release", w_Dict_gc}, {NULL, NULL}
};

static const luaL_Reg dict_meta[] = {
  {"__index", NULL}, {"__gc", w_Dict_gc}, {"__close", w_Dict_gc},
  {"__tostring", w_Dict_tostring}, {NULL, NULL}
};

static const luaL_Reg dict_functions[] = {
  {"dict", l_dict_build}, {"dict_image", l_dict_image}, {NULL, NULL}
};

void clL_open_dict(lua_State *L) {
  clL_fillclass(L, C_DICT, dict_meta, dict_methods);
  /* a found list indexes words by number, so its methods are a field the
  ** __index function looks in */
  luaL_getmetatable(L, FOUND_T);
  clL_setfuncs(L, found_meta);
  lua_newtable(L);
  clL_setfuncs(L, found_methods);
  lua_setfield(L, -2, "methods");
  lua_pop(L, 1);
  clL_setfuncs(L, dict_functions);
}
