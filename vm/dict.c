/*
** dict.c: word lists as a minimal DAWG, for membership and for finding every
** word a set of letters can form.
**
** The structure is one array A of 32-bit words. A node is its mask (bit c set
** if letter c has a child, bit 31 if a word ends here), then one edge per
** child in letter order, so the edge for letter c is
** A[node + 1 + popcount(mask & ((1 << c) - 1))]: one load per letter, no scan.
** An edge holds the child's offset and what a search needs to know of the
** child before it goes there (the child's node is likely not in the cache):
**   bits 0-20   the child's offset
**   bits 21-25  the rarest letter (by RARITY) that every longer word through
**               the child uses after it; RARE_NONE if no letter is shared
**   bits 26-30  the fewest letters such a longer word adds (NO_WORD: none)
**   bit 31      a word ends at the child
** so the rack search skips the children that the letters left cannot
** finish, and reports the words that end there, without loading them; the
** membership test reads the end of the word off the last edge. Children are
** always written before their parents, so every child offset is smaller than
** its parent's: a checked image can hold no cycle.
**
** Membership starts from a table of the edges after every three-letter
** prefix, which saves the three most dependent loads of a lookup.
**
** Building follows Daciuk, Mihov, Watson and Watson, "Incremental construction
** of minimal acyclic finite-state automata" (2000), for sorted input: words are
** added along a path of open nodes; when a word leaves the path, the nodes it
** left are closed bottom-up, each replaced by an equal closed node if there is
** one (a hash table of closed nodes) or appended to A.
*/
#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"

#define EOW 0x80000000u
#define LETTERS 0x03ffffffu
#define MAXW CL_DICT_MAX_WORD
#define HEAD 1                      /* words before a node's edges */
#define MAX_OFFSET ((uint32_t)CL_DICT_MAX_NODES)
#define RARE_SHIFT 21
#define RARE_NONE 26u               /* no letter every longer word uses */
#define FEWEST_SHIFT 26
#define NO_WORD 31u                 /* fewest letters added: no longer word */
#define PREFIX 3                    /* letters resolved by the prefix table */
#define PREFIXES (26 * 26 * 26)

#define EDGE_OFFSET(e) ((e) & MAX_OFFSET)
#define EDGE_RARE(e) (((e) >> RARE_SHIFT) & 31u)
#define EDGE_FEWEST(e) (((e) >> FEWEST_SHIFT) & 31u)

/* Letters from the rarest to the most common in English text, so that the
** one letter an edge can name prunes the most. */
static const char RARITY[] = "QJZXKVWYBFGHMPCUDLOSTNRIAE";

struct cl_Dict {
  uint32_t *a;       /* the image: header words, then the nodes */
  size_t size;       /* words of a, header included */
  uint32_t root;     /* offset of the root node in a */
  uint32_t *after3;  /* edge after each three-letter prefix, 0 if none */
  cl_DictStats stats;
};

/* The image header, at the start of a; offsets in a count from its start. */
#define HEADER_WORDS (sizeof(Header) / 4)

typedef struct Header {
  char magic[8];
  uint32_t version, root, size, nodes, words, pad;
  uint64_t checksum;  /* FNV-1a of the header before it, then the node words */
} Header;

/* The checksum of an image: every byte of it but the checksum's own. */
static uint64_t image_checksum(const uint32_t *a, size_t size) {
  uint64_t h = cl_hash(CL_HASH_INIT, a, offsetof(Header, checksum));
  return cl_hash(h, a + HEADER_WORDS, (size - HEADER_WORDS) * 4);
}

#define MAGIC "CLDAWG1\n"

static int popcount(uint32_t x) {
  return __builtin_popcount(x);
}

/* The lookups live on popcount, which x86-64 has as one instruction only from
** its second level (2008) on: they are compiled twice, with and without it,
** and the first call picks one. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define POPCNT_CLONES 1
#define WITH_POPCNT __attribute__((target("popcnt")))
#else
#define POPCNT_CLONES 0
#define WITH_POPCNT
#endif

/* ---------------------------------------------------------------- building */

typedef struct Builder {
  uint32_t *a;
  uint32_t *need;    /* need word of each node, by offset: building only */
  size_t size, cap;
  uint32_t *table;   /* closed nodes by hash: offset, or 0 for an empty slot */
  size_t table_cap, nodes;
  int too_large;     /* offsets would not fit an edge */
  struct {
    uint32_t mask;
    uint32_t edge[26];
  } open[MAXW + 1];
} Builder;

static int grow(Builder *b, size_t need) {
  if (b->size + need <= b->cap) return 1;
  size_t cap = b->cap ? b->cap : 1 << 16;
  while (b->size + need > cap) cap *= 2;
  uint32_t *a = realloc(b->a, cap * sizeof *a);
  if (a == NULL) return 0;
  b->a = a;
  uint32_t *n = realloc(b->need, cap * sizeof *n);
  if (n == NULL) return 0;
  b->need = n;
  b->cap = cap;
  return 1;
}

static int make_prefix_table(cl_Dict *d);

static uint64_t hash_words(const uint32_t *w, size_t n) {
  return cl_hash(CL_HASH_INIT, w, n * sizeof *w);
}

static int rehash(Builder *b) {
  size_t cap = b->table_cap ? b->table_cap * 2 : 1 << 16;
  uint32_t *t = calloc(cap, sizeof *t);
  if (t == NULL) return 0;
  for (size_t i = 0; i < b->table_cap; i++) {
    uint32_t o = b->table[i];
    if (o == 0) continue;
    size_t n = HEAD + (size_t)popcount(b->a[o] & LETTERS);
    size_t h = (size_t)hash_words(b->a + o, n) & (cap - 1);
    while (t[h] != 0) h = (h + 1) & (cap - 1);
    t[h] = o;
  }
  free(b->table);
  b->table = t;
  b->table_cap = cap;
  return 1;
}

/* The need word of a node (mask and edges given): bits 0-25 the letters
** every longer word through it uses after it, bits 26-30 the fewest letters
** such a word adds (NO_WORD: none). A child where a word ends contributes its
** own letter only. need[] holds the need words of the children. */
static uint32_t need_word(const uint32_t *node, const uint32_t *need) {
  uint32_t mask = node[0], letters = LETTERS, fewest = NO_WORD;
  for (int c = 0, j = HEAD; c < 26; c++) {
    if (!(mask & (1u << c))) continue;
    uint32_t e = node[j++], child = need[EDGE_OFFSET(e)];
    uint32_t child_letters = child & LETTERS, child_fewest = child >> FEWEST_SHIFT;
    if (e & EOW) child_letters = 0, child_fewest = 0;
    letters &= (1u << c) | child_letters;
    if (child_fewest + 1 < fewest) fewest = child_fewest + 1;
  }
  if (fewest == NO_WORD) letters = LETTERS;  /* no longer word: nothing finishes */
  return letters | (fewest << FEWEST_SHIFT);
}

/* The edge to the node at offset o, whose need word is need and whose mask
** is mask. */
static uint32_t edge_to(uint32_t o, uint32_t mask, uint32_t need) {
  uint32_t rare = RARE_NONE;
  for (int i = 0; i < 26 && (need >> FEWEST_SHIFT) != NO_WORD; i++)
    if (need & (1u << (RARITY[i] - 'A'))) {
      rare = (uint32_t)(RARITY[i] - 'A');
      break;
    }
  return o | (rare << RARE_SHIFT) | (need & ~LETTERS & ~EOW) | (mask & EOW);
}

/* Closes open node d: gives the edge to an equal closed node, appending it
** to A if there is none yet; 0 when out of memory or too large. */
static uint32_t close_node(Builder *b, int d) {
  uint32_t mask = b->open[d].mask;
  int k = popcount(mask & LETTERS);
  uint32_t node[HEAD + 26];
  node[0] = mask;
  for (int c = 0, j = HEAD; c < 26; c++)
    if (mask & (1u << c)) node[j++] = b->open[d].edge[c];
  size_t n = (size_t)k + HEAD;
  if ((b->nodes + 1) * 2 > b->table_cap && !rehash(b)) return 0;
  size_t h = (size_t)hash_words(node, n) & (b->table_cap - 1);
  for (; b->table[h] != 0; h = (h + 1) & (b->table_cap - 1)) {
    uint32_t o = b->table[h];
    if (memcmp(b->a + o, node, n * 4) == 0) return edge_to(o, mask, b->need[o]);
  }
  if (b->size + n > MAX_OFFSET) {
    b->too_large = 1;
    return 0;
  }
  if (!grow(b, n)) return 0;
  uint32_t o = (uint32_t)b->size;
  memcpy(b->a + o, node, n * 4);
  b->need[o] = need_word(node, b->need);
  b->size += n;
  b->table[h] = o;
  b->nodes++;
  return edge_to(o, mask, b->need[o]);
}

/* A word of the list: letters 0..25. */
typedef struct Word {
  const unsigned char *s;
  int len;
} Word;

static int word_cmp(const void *x, const void *y) {
  const Word *a = x, *b = y;
  int n = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->s, b->s, (size_t)n);
  return c != 0 ? c : a->len - b->len;
}

/* Reads the lines of text into words (letters as 0..25 in buf); counts and
** notes the lines that are not words. Gives the number of words. */
static size_t read_words(const char *text, size_t len, unsigned char *buf, Word *words,
                         cl_DictStats *st) {
  size_t n = 0, used = 0, i = 0;
  while (i < len) {
    size_t start = i;
    while (i < len && text[i] != '\n') i++;
    size_t end = i;
    i++;  /* past the newline */
    st->lines++;
    while (end > start && (text[end - 1] == '\r' || text[end - 1] == ' ' || text[end - 1] == '\t')) end--;
    while (start < end && (text[start] == ' ' || text[start] == '\t')) start++;
    if (end == start) continue;
    int ok = end - start <= MAXW;
    for (size_t k = start; ok && k < end; k++) {
      unsigned char ch = (unsigned char)text[k];
      ok = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
    }
    if (!ok) {
      if (st->skipped < 8) st->first_skipped[st->skipped] = st->lines;
      st->skipped++;
      continue;
    }
    words[n].s = buf + used;
    words[n].len = (int)(end - start);
    for (size_t k = start; k < end; k++) buf[used++] = (unsigned char)((text[k] & ~0x20) - 'A');
    n++;
  }
  return n;
}

static cl_Dict *finish(Builder *b, uint32_t root, cl_DictStats *st) {
  cl_Dict *d = calloc(1, sizeof *d);
  if (d == NULL) return NULL;
  /* the header was reserved at the front of a when the builder began */
  Header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, MAGIC, 8);
  h.version = 4;
  h.root = root;
  h.size = (uint32_t)b->size;
  h.nodes = (uint32_t)b->nodes;
  h.words = (uint32_t)st->words;
  memcpy(b->a, &h, sizeof h);
  h.checksum = image_checksum(b->a, b->size);
  memcpy(b->a, &h, sizeof h);
  uint32_t *a = realloc(b->a, b->size * sizeof *a);  /* give back the slack */
  d->a = a ? a : b->a;
  d->size = b->size;
  d->root = root;
  st->nodes = (long)b->nodes;
  st->bytes = d->size * 4 + sizeof *d;
  d->stats = *st;
  if (!make_prefix_table(d)) {
    free(d->a);
    free(d);
    b->a = NULL;
    return NULL;
  }
  *st = d->stats;
  return d;
}

cl_Dict *cl_dict_build(const char *text, size_t len, cl_DictStats *stats) {
  cl_DictStats st;
  memset(&st, 0, sizeof st);
  unsigned char *buf = malloc(len + 1);
  Word *words = malloc((len / 2 + 1) * sizeof *words);  /* a word takes >= 2 bytes */
  Builder *b = calloc(1, sizeof *b);
  cl_Dict *d = NULL;
  if (buf == NULL || words == NULL || b == NULL) goto done;
  size_t n = read_words(text, len, buf, words, &st);
  for (size_t i = 1; i < n; i++)
    if (word_cmp(&words[i - 1], &words[i]) > 0) {
      qsort(words, n, sizeof *words, word_cmp);
      break;
    }
  if (!grow(b, HEADER_WORDS + 1)) goto done;
  b->size = HEADER_WORDS;
  /* offset 0 is never a node (the header is there), so 0 marks empty slots */
  const Word *prev = NULL;
  int depth = 0;  /* letters of the open path */
  memset(&b->open[0], 0, sizeof b->open[0]);
  for (size_t i = 0; i < n; i++) {
    const Word *w = &words[i];
    if (prev && word_cmp(prev, w) == 0) continue;  /* a repeated line */
    int common = 0;
    if (prev)
      while (common < prev->len && common < w->len && prev->s[common] == w->s[common]) common++;
    for (; depth > common; depth--) {
      uint32_t e = close_node(b, depth);
      if (e == 0) goto done;
      b->open[depth - 1].edge[prev->s[depth - 1]] = e;
    }
    for (; depth < w->len; depth++) {
      b->open[depth].mask |= 1u << w->s[depth];
      memset(&b->open[depth + 1], 0, sizeof b->open[depth + 1]);
    }
    b->open[depth].mask |= EOW;
    st.words++;
    prev = w;
  }
  if (st.words == 0) goto done;
  for (; depth > 0; depth--) {
    uint32_t e = close_node(b, depth);
    if (e == 0) goto done;
    b->open[depth - 1].edge[prev->s[depth - 1]] = e;
  }
  uint32_t root = close_node(b, 0);
  if (root == 0) goto done;
  d = finish(b, EDGE_OFFSET(root), &st);
  if (d) b->a = NULL;  /* now the dictionary's */
done:
  if (b) st.too_large = b->too_large;
  if (stats) *stats = d ? d->stats : st;
  free(buf);
  free(words);
  if (b) {
    free(b->a);
    free(b->need);
    free(b->table);
    free(b);
  }
  return d;
}

void cl_dict_free(cl_Dict *d) {
  if (d == NULL) return;
  free(d->a);
  free(d->after3);
  free(d);
}

void cl_dict_stats(const cl_Dict *d, cl_DictStats *stats) {
  *stats = d->stats;
}

/* ---------------------------------------------------------------- images */

size_t cl_dict_image(const cl_Dict *d, const void **data) {
  *data = d->a;
  return d->size * 4;
}

cl_Dict *cl_dict_from_image(const void *data, size_t len) {
  Header h;
  if (len < sizeof h || len % 4 != 0) return NULL;
  memcpy(&h, data, sizeof h);
  if (memcmp(h.magic, MAGIC, 8) != 0 || h.version != 4 || (size_t)h.size * 4 != len ||
      h.size <= HEADER_WORDS)
    return NULL;
  uint32_t *a = malloc(len);
  uint8_t *start = calloc(h.size, 1);     /* which offsets begin a node */
  uint32_t *need = malloc(len);           /* the need word of each node */
  cl_Dict *d = NULL;
  if (a == NULL || start == NULL || need == NULL || h.size > MAX_OFFSET + 1) goto done;
  memcpy(a, data, len);
  if (image_checksum(a, h.size) != h.checksum || h.pad != 0) goto done;
  size_t nodes = 0;
  for (size_t o = HEADER_WORDS; o < h.size;) {
    uint32_t m = a[o];
    size_t k = (size_t)popcount(m & LETTERS);
    if ((m & ~(LETTERS | EOW)) != 0 || o + HEAD + k > h.size) goto done;
    start[o] = 1;
    nodes++;
    o += HEAD + k;
  }
  /* children come first, so one pass in order knows every child's need
  ** word when it meets the parent, and checks each edge against it */
  for (size_t o = HEADER_WORDS; o < h.size;) {
    size_t k = (size_t)popcount(a[o] & LETTERS);
    for (size_t j = HEAD; j < HEAD + k; j++) {
      uint32_t child = EDGE_OFFSET(a[o + j]);
      if (child >= o || !start[child] || a[o + j] != edge_to(child, a[child], need[child]))
        goto done;
    }
    need[o] = need_word(a + o, need);
    o += HEAD + k;
  }
  if (h.root >= h.size || !start[h.root] || nodes != h.nodes) goto done;
  d = calloc(1, sizeof *d);
  if (d == NULL) goto done;
  d->a = a;
  d->size = h.size;
  d->root = h.root;
  d->stats.words = h.words;
  d->stats.lines = h.words;
  d->stats.nodes = (long)h.nodes;
  d->stats.bytes = len + sizeof *d;
  a = NULL;
  if (!make_prefix_table(d)) {
    cl_dict_free(d);
    d = NULL;
  }
done:
  free(a);
  free(start);
  free(need);
  return d;
}

/* ---------------------------------------------------------------- lookups */

/* The body of a membership test along an edge: whether the word's letters
** lead from the edge's node to an edge where a word ends. ATTR picks the
** instruction set. */
#define CONTAINS(name, ATTR)                                                  \
  ATTR static int name(const uint32_t *a, uint32_t edge, const char *word,    \
                       size_t len) {                                          \
    for (size_t i = 0; i < len; i++) {                                        \
      unsigned c = (unsigned)((unsigned char)word[i] & ~0x20u) - 'A';         \
      uint32_t node = EDGE_OFFSET(edge), m = a[node];                         \
      if (c > 25 || !(m & (1u << c))) return 0;                               \
      edge = a[node + HEAD + __builtin_popcount(m & ((1u << c) - 1))];        \
    }                                                                         \
    return (edge & EOW) != 0;                                                 \
  }

CONTAINS(contains_plain, )
#if POPCNT_CLONES
CONTAINS(contains_popcnt, WITH_POPCNT)
#endif

/* The index of a word's first three letters in the prefix table, or -1. */
static long prefix_index(const char *word) {
  long i = 0;
  for (int k = 0; k < PREFIX; k++) {
    unsigned c = (unsigned)((unsigned char)word[k] & ~0x20u) - 'A';
    if (c > 25) return -1;
    i = i * 26 + (long)c;
  }
  return i;
}

/* Fills the prefix table: the edge after each three-letter prefix, 0 if no
** word begins with it. */
static int make_prefix_table(cl_Dict *d) {
  d->after3 = malloc(PREFIXES * sizeof *d->after3);
  if (d->after3 == NULL) return 0;
  for (long i = 0; i < PREFIXES; i++) {
    char w[PREFIX] = {(char)('A' + i / 676), (char)('A' + i / 26 % 26), (char)('A' + i % 26)};
    uint32_t edge = d->root;
    for (int k = 0; k < PREFIX && edge != 0; k++) {
      unsigned c = (unsigned)(w[k] - 'A');
      uint32_t node = EDGE_OFFSET(edge), m = d->a[node];
      edge = (m & (1u << c)) ? d->a[node + HEAD + popcount(m & ((1u << c) - 1))] : 0;
    }
    d->after3[i] = edge;
  }
  d->stats.bytes += PREFIXES * sizeof *d->after3;
  return 1;
}

static int has_popcnt(void) {
#if POPCNT_CLONES
  static int known = -1;
  if (known < 0) {
    __builtin_cpu_init();
    known = __builtin_cpu_supports("popcnt") != 0;
  }
  return known;
#else
  return 0;
#endif
}

int cl_dict_contains(const cl_Dict *d, const char *word, size_t len) {
  uint32_t edge = d->root;  /* the root: no word ends there */
  if (len >= PREFIX) {
    long i = prefix_index(word);
    if (i < 0 || (edge = d->after3[i]) == 0) return 0;
    word += PREFIX;
    len -= PREFIX;
  }
#if POPCNT_CLONES
  if (has_popcnt()) return contains_popcnt(d->a, edge, word, len);
#endif
  return contains_plain(d->a, edge, word, len);
}

/* ---------------------------------------------------------------- search */

/* The search goes breadth-first: every path of one length, then every path
** one letter longer. Paths of one length do not wait on one another, so the
** processor loads many nodes at once, where a depth-first walk waits on each
** load in turn (a chain of some 500 cache misses a rack of 10 letters): twice
** as fast. Words come out by length, and alphabetically within a length.
**
** Each path keeps the cards it has left in one 64-bit word, a field per
** letter wide enough for its count. A query whose counts do not fit (some
** dozens of cards over most letters, as no game has) takes the depth-first
** walk instead, once for each length, which finds the same words in the same
** order. */

#define S_LETTER 18

/* Whether a longer word may go on through the edge's node: the letter every
** such word uses is one of usable, and the fewest letters it adds fit in
** room. RARE_NONE always passes (bit 26 is never a letter of usable). */
static inline int extends(uint32_t e, uint32_t usable, int room) {
  return (int)EDGE_FEWEST(e) <= room && (((usable | (1u << RARE_NONE)) >> EDGE_RARE(e)) & 1u);
}

static inline int smaller(int x, int y) {
  return x < y ? x : y;
}

/* What both walks know of a query. */
typedef struct Search {
  const uint32_t *a;
  const cl_DictQuery *q;
  int min_len, max_len;     /* of the words reported */
  int cards;                /* cards in hand and pool, each count capped at max_len */
  unsigned char count[26];  /* of each letter, capped the same way */
  uint32_t letters;         /* letters with a card */
  uint32_t hand_mask;       /* letters the hand holds (the lean walks: all letters,
                               if no hand card is needed) */
  uint32_t free_s;          /* bit of S if an S may be appended, else 0 */
  cl_DictFound found;
  void *ud;
  long n;
  int stop;
  char word[MAXW + 1];
} Search;

/* Counts (and gives to the callback) a word of len letters in s->word; sets
** s->stop if the callback says so. */
static void found(Search *s, int len, int how, int doubled) {
  s->n++;
  if (s->found && s->found(s->word, len, how, doubled, s->ud)) s->stop = 1;
}

/* ------------------------------------------------ breadth-first */

/* A path from the root that a word may still extend. */
typedef struct Path {
  uint32_t node;     /* where it leads */
  uint32_t avail;    /* letters with a card left */
  uint32_t used;     /* letters taken from the cards */
  uint32_t parent;   /* the path one letter shorter (its index) */
  uint64_t left;     /* the cards left, a field per letter */
  uint8_t letter;    /* its last letter (0 = A) */
  int8_t doubled;    /* the letter used twice (X), or -1 */
} Path;

#define PATHS_ON_STACK 1024  /* enough for a rack of 10 letters */

/* A word found at one length by the lean walk: the path it extends and its
** last letter. */
typedef struct Hit {
  uint32_t path;
  uint32_t letter;
} Hit;

typedef struct Wide {
  Search *s;
  uint64_t unit[26];   /* 1 in each letter's field */
  uint64_t field[26];  /* each letter's field */
  Path *paths;         /* every path so far, shortest first */
  size_t n, cap;
  Path *heap;          /* paths when the stack's are not enough */
  Hit *hits;           /* the words found at the length being walked */
  size_t hits_cap;
  Hit *hits_heap;
} Wide;

/* Lays out the letter fields; 0 if the counts do not fit in 64 bits. */
static int lay_out(Wide *w, const Search *s) {
  int at = 0;
  for (int c = 0; c < 26; c++) {
    int width = 0;
    while ((1 << width) <= s->count[c]) width++;
    if (at + width > 64) return 0;
    w->unit[c] = width ? (uint64_t)1 << at : 0;
    w->field[c] = width ? (((uint64_t)1 << width) - 1) << at : 0;  /* width < 7 */
    at += width;
  }
  return 1;
}

static uint64_t all_cards(const Wide *w, const Search *s) {
  uint64_t left = 0;
  for (int c = 0; c < 26; c++) left += w->unit[c] * s->count[c];
  return left;
}

/* Doubles the room for paths; 0 if memory runs out. A node's children
** (and its appended S) are written before it is known which to keep, so a
** walk keeps room for 27 more. */
static int grow_paths(Wide *w) {
  size_t cap = w->cap * 2;
  Path *p = realloc(w->heap, cap * sizeof *p);
  if (p == NULL) return 0;
  if (w->heap == NULL) memcpy(p, w->paths, w->n * sizeof *p);
  w->heap = w->paths = p;
  w->cap = cap;
  return 1;
}

/* Room for n hits, the words of one length; 0 if memory runs out. */
static int room_for_hits(Wide *w, size_t n) {
  if (n <= w->hits_cap) return 1;
  Hit *h = realloc(w->hits_heap, n * sizeof *h);
  if (h == NULL) return 0;
  w->hits_heap = w->hits = h;
  w->hits_cap = n;
  return 1;
}

/* Spells the path at index i (len letters) and one letter more into
** s->word. */
static void spell(Search *s, const Path *paths, uint32_t i, int len, int last) {
  s->word[len] = (char)('A' + last);
  for (int k = len - 1; k >= 0; k--) {
    s->word[k] = (char)('A' + paths[i].letter);
    i = paths[i].parent;
  }
}

/* One length of the walk without the X and Z abilities, the common one:
** every letter is a card, so the cards taken are the length, and a word uses
** a hand card if one of its letters is a letter the hand holds. Each child is
** judged by its edge, and kept as a path only if a longer word can go on
** there. Nothing here branches on what a node holds: a child is written in
** any case and kept by moving the end, and a word found is noted the same
** way and reported after the length is walked. (A mispredicted branch would
** throw away the loads in flight, which are the point.) ATTR picks the
** instruction set. */
#define LEAN_LEVEL(name, ATTR)                                                 \
  ATTR static int name(Wide *w, size_t lo, size_t hi, int depth) {             \
    Search *s = w->s;                                                          \
    const uint32_t *a = s->a;                                                  \
    const uint64_t *unit = w->unit, *field = w->field;                         \
    uint32_t hand_mask = s->hand_mask;                                         \
    int room = smaller(s->cards - depth - 1, s->max_len - depth - 1);          \
    uint32_t reports = depth + 1 >= s->min_len;                                \
    if (!room_for_hits(w, 26 * (hi - lo))) return 0;                           \
    Hit *hits = w->hits;                                                       \
    size_t nh = 0;                                                             \
    Path *paths = w->paths;                                                    \
    size_t n = w->n;                                                           \
    for (size_t i = lo; i < hi; i++) {                                         \
      if (w->cap - n < 27) {                                                   \
        w->n = n;                                                              \
        if (!grow_paths(w)) return 0;                                          \
        paths = w->paths;                                                      \
      }                                                                        \
      Path p = paths[i];                                                       \
      uint32_t letters = a[p.node] & LETTERS;                                  \
      for (uint32_t next = letters & p.avail; next; next &= next - 1) {        \
        uint32_t bit = next & -next;                                           \
        int c = __builtin_ctz(next);                                           \
        uint32_t e = a[p.node + HEAD + __builtin_popcount(letters & (bit - 1))]; \
        hits[nh] = (Hit){(uint32_t)i, (uint32_t)c};                            \
        nh += reports & (e >> 31) & (((p.used | bit) & hand_mask) != 0);       \
        uint64_t left = p.left - unit[c];                                      \
        uint32_t after = (left & field[c]) ? p.avail : p.avail & ~bit;         \
        paths[n] = (Path){EDGE_OFFSET(e), after, p.used | bit, (uint32_t)i,    \
                          left, (uint8_t)c, -1};                               \
        n += (size_t)extends(e, after, room);                                  \
      }                                                                        \
    }                                                                          \
    w->n = n;                                                                  \
    if (s->found == NULL) {                                                    \
      s->n += (long)nh;                                                        \
      return 1;                                                                \
    }                                                                          \
    for (size_t k = 0; k < nh && !s->stop; k++) {                              \
      spell(s, w->paths, hits[k].path, depth, (int)hits[k].letter);            \
      found(s, depth + 1, 0, -1);                                              \
    }                                                                          \
    return 1;                                                                  \
  }

/* A word found by the walk with abilities, if the query takes it. */
static void report(Search *s, const Wide *w, uint32_t i, int depth, int c, int how,
                   int doubled, int cards, uint32_t used) {
  int len = depth + 1;
  if (len < s->min_len || len > s->max_len || cards < s->q->min_cards) return;
  if (s->q->need_hand && (used & s->hand_mask) == 0) return;
  if (s->found) spell(s, w->paths, i, depth, c);
  found(s, len, how, doubled);
}

/* One length of the walk with the X ability (a letter the word already took
** from the cards may be used once more, where the cards have no more of it)
** and the Z ability (an S not from the cards may end the word, where no S
** card is left). ATTR picks the instruction set. */
#define ABLE_LEVEL(name, ATTR)                                                 \
  ATTR static int name(Wide *w, size_t lo, size_t hi, int depth) {             \
    Search *s = w->s;                                                          \
    const uint32_t *a = s->a;                                                  \
    int may_x = s->q->double_letter;                                           \
    for (size_t i = lo; i < hi; i++) {                                         \
      if (w->cap - w->n < 27 && !grow_paths(w)) return 0;                     \
      Path p = w->paths[i];                                                    \
      uint32_t letters = a[p.node] & LETTERS;                                  \
      int cards = depth - (p.doubled >= 0);                                    \
      uint32_t can_double = (may_x && p.doubled < 0) ? p.used & ~p.avail : 0;  \
      uint32_t take = letters & (p.avail | can_double);                        \
      uint32_t append = (letters & s->free_s & ~p.avail) && depth < s->max_len ? s->free_s : 0; \
      for (uint32_t next = take | append; next; next &= next - 1) {            \
        uint32_t bit = next & -next;                                           \
        int c = __builtin_ctz(next);                                           \
        uint32_t e = a[p.node + HEAD + __builtin_popcount(letters & (bit - 1))]; \
        if ((bit & append) && (e & EOW)) {                                     \
          /* an S not from the cards ends the word */                          \
          report(s, w, (uint32_t)i, depth, c,                                  \
                 CL_DICT_APPENDED | (p.doubled >= 0 ? CL_DICT_DOUBLED : 0), p.doubled, cards, p.used); \
          if (s->stop) return 1;                                               \
        }                                                                      \
        if (!(bit & take)) continue;                                           \
        Path child = {EDGE_OFFSET(e), p.avail, p.used, (uint32_t)i, p.left, (uint8_t)c, p.doubled}; \
        int child_cards = cards;                                               \
        if (p.avail & bit) {                                                   \
          child.left -= w->unit[c];                                            \
          if (!(child.left & w->field[c])) child.avail &= ~bit;                \
          child.used |= bit;                                                   \
          child_cards++;                                                       \
        } else {                                                               \
          child.doubled = (int8_t)c;                                           \
        }                                                                      \
        if (e & EOW) {                                                         \
          report(s, w, (uint32_t)i, depth, c, child.doubled >= 0 ? CL_DICT_DOUBLED : 0, \
                 child.doubled, child_cards, child.used);                      \
          if (s->stop) return 1;                                               \
        }                                                                      \
        int still_x = may_x && child.doubled < 0;                              \
        uint32_t usable = child.avail | s->free_s | (still_x ? child.used & ~child.avail : 0); \
        int room = smaller(s->cards - child_cards + still_x + (s->free_s != 0), \
                           s->max_len - depth - 1);                            \
        if (extends(e, usable, room)) w->paths[w->n++] = child;                \
      }                                                                        \
    }                                                                          \
    return 1;                                                                  \
  }

LEAN_LEVEL(lean_level_plain, )
ABLE_LEVEL(able_level_plain, )
#if POPCNT_CLONES
LEAN_LEVEL(lean_level_popcnt, WITH_POPCNT)
ABLE_LEVEL(able_level_popcnt, WITH_POPCNT)
#endif

/* The breadth-first search from the root; 0 if memory ran out. */
static int search_wide(Search *s, Wide *w, uint32_t root, int lean) {
  Path on_stack[PATHS_ON_STACK];
  int (*level)(Wide *, size_t, size_t, int) = lean ? lean_level_plain : able_level_plain;
#if POPCNT_CLONES
  if (has_popcnt()) level = lean ? lean_level_popcnt : able_level_popcnt;
#endif
  Hit hits_on_stack[PATHS_ON_STACK];
  w->s = s;
  w->paths = on_stack;
  w->cap = PATHS_ON_STACK;
  w->heap = NULL;
  w->hits = hits_on_stack;
  w->hits_cap = PATHS_ON_STACK;
  w->hits_heap = NULL;
  w->paths[0] = (Path){root, s->letters, 0, 0, all_cards(w, s), 0, -1};
  w->n = 1;
  int ok = 1;
  for (size_t lo = 0, hi = 1, depth = 0; ok && !s->stop && lo < hi && (int)depth < s->max_len;
       lo = hi, hi = w->n, depth++)
    ok = level(w, lo, hi, (int)depth);
  free(w->heap);
  free(w->hits_heap);
  return ok;
}

/* ------------------------------------------------ depth-first */

/* The state of the depth-first walk, taken back on the way up. */
typedef struct Deep {
  Search *s;
  unsigned char count[26];  /* letters left on the cards */
  uint32_t avail;           /* letters with a count left */
  uint32_t used;            /* letters taken from the cards */
  int cards;                /* letters taken from the cards */
  int left;                 /* letters left on the cards */
  int doubled;              /* the letter used twice, or -1 */
} Deep;

static void deep_lean(Deep *d, uint32_t node, int depth) {
  Search *s = d->s;
  uint32_t letters = s->a[node] & LETTERS;
  int room = smaller(d->left - 1, s->max_len - depth - 1);
  for (uint32_t next = letters & d->avail; next; next &= next - 1) {
    uint32_t bit = next & -next;
    int c = __builtin_ctz(next);
    uint32_t e = s->a[node + HEAD + popcount(letters & (bit - 1))];
    s->word[depth] = (char)('A' + c);
    if ((e & EOW) && depth + 1 >= s->min_len && ((d->used | bit) & s->hand_mask)) {
      found(s, depth + 1, 0, -1);
      if (s->stop) return;
    }
    uint32_t avail = d->avail, used = d->used;
    if (--d->count[c] == 0) d->avail &= ~bit;
    d->used |= bit;
    d->left--;
    if (extends(e, d->avail, room)) deep_lean(d, EDGE_OFFSET(e), depth + 1);
    d->count[c]++;
    d->avail = avail;
    d->used = used;
    d->left++;
    if (s->stop) return;
  }
}

static void deep_report(Deep *d, int len, int how) {
  Search *s = d->s;
  if (len < s->min_len || len > s->max_len || d->cards < s->q->min_cards) return;
  if (s->q->need_hand && (d->used & s->hand_mask) == 0) return;
  found(s, len, how, d->doubled);
}

static void deep_able(Deep *d, uint32_t node, int depth) {
  Search *s = d->s;
  int may_x = s->q->double_letter;
  uint32_t letters = s->a[node] & LETTERS;
  uint32_t can_double = (may_x && d->doubled < 0) ? d->used & ~d->avail : 0;
  uint32_t take = letters & (d->avail | can_double);
  uint32_t append = (letters & s->free_s & ~d->avail) && depth < s->max_len ? s->free_s : 0;
  for (uint32_t next = take | append; next; next &= next - 1) {
    uint32_t bit = next & -next;
    int c = __builtin_ctz(next);
    uint32_t e = s->a[node + HEAD + popcount(letters & (bit - 1))];
    s->word[depth] = (char)('A' + c);
    if ((bit & append) && (e & EOW)) {
      deep_report(d, depth + 1, CL_DICT_APPENDED | (d->doubled >= 0 ? CL_DICT_DOUBLED : 0));
      if (s->stop) return;
    }
    if (!(bit & take)) continue;
    uint32_t avail = d->avail, used = d->used;
    int from_cards = (avail & bit) != 0;
    if (from_cards) {
      if (--d->count[c] == 0) d->avail &= ~bit;
      d->used |= bit;
      d->cards++;
      d->left--;
    } else {
      d->doubled = c;
    }
    if (e & EOW) deep_report(d, depth + 1, d->doubled >= 0 ? CL_DICT_DOUBLED : 0);
    int still_x = may_x && d->doubled < 0;
    uint32_t usable = d->avail | s->free_s | (still_x ? d->used & ~d->avail : 0);
    int room = smaller(d->left + still_x + (s->free_s != 0), s->max_len - depth - 1);
    if (!s->stop && extends(e, usable, room)) deep_able(d, EDGE_OFFSET(e), depth + 1);
    if (from_cards) {
      d->count[c]++;
      d->cards--;
      d->left++;
    } else {
      d->doubled = -1;
    }
    d->avail = avail;
    d->used = used;
    if (s->stop) return;
  }
}

/* The depth-first search, once for each length, so that words come in the
** breadth-first search's order. */
static void search_deep(Search *s, uint32_t root, int lean) {
  int shortest = s->min_len, longest = s->max_len;
  for (int len = shortest; len <= longest && !s->stop; len++) {
    Deep d = {s, {0}, s->letters, 0, 0, s->cards, -1};
    memcpy(d.count, s->count, sizeof d.count);
    s->min_len = s->max_len = len;
    if (lean) deep_lean(&d, root, 0);
    else deep_able(&d, root, 0);
  }
}

long cl_dict_search(const cl_Dict *d, const cl_DictQuery *q, cl_DictFound callback, void *ud) {
  Search s;
  memset(&s, 0, sizeof s);
  s.a = d->a;
  s.q = q;
  s.min_len = q->min_len;
  s.max_len = q->max_len > MAXW ? MAXW : q->max_len;
  s.found = callback;
  s.ud = ud;
  if (s.max_len < 1 || s.min_len > s.max_len) return 0;
  for (int c = 0; c < 26; c++) {
    /* no word has more of a letter than it has letters */
    int n = smaller(q->hand[c] + q->pool[c], s.max_len);
    s.count[c] = (unsigned char)n;
    s.cards += n;
    if (n > 0) s.letters |= 1u << c;
    if (q->hand[c]) s.hand_mask |= 1u << c;
  }
  int lean = !q->double_letter && !q->append_s;
  if (lean) {
    /* every letter is a card, and any letter will do if no hand card is
    ** needed */
    if (q->min_cards > s.min_len) s.min_len = q->min_cards;
    if (!q->need_hand) s.hand_mask = LETTERS;
  }
  s.free_s = q->append_s ? 1u << S_LETTER : 0;
  Wide w;
  if (!lay_out(&w, &s)) search_deep(&s, d->root, lean);
  else if (!search_wide(&s, &w, d->root, lean)) return -1;
  return s.n;
}
