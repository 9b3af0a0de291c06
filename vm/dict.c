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

typedef struct Search {
  const uint32_t *a;
  const cl_DictQuery *q;
  int min_len, max_len;     /* of the words reported */
  unsigned char count[26];  /* letters left on the cards */
  uint32_t hand_mask;       /* letters the hand holds */
  char word[MAXW + 1];
  cl_DictFound found;
  void *ud;
  long n;
  int stop;
  /* the state of the walk with abilities; the lean walk keeps it in
  ** arguments */
  uint32_t avail;           /* letters with a count left */
  uint32_t used_mask;       /* letters taken from the cards so far */
  uint32_t free_s;          /* bit of S if an S may be appended, else 0 */
  int cards;                /* letters taken from the cards */
  int left;                 /* letters left on the cards */
  int hand_hits;            /* letters taken that the hand holds */
  int doubled;              /* the letter used twice, or -1 */
} Search;

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

/* Counts (and gives to the callback) a word of len letters in s->word; sets
** s->stop if the callback says so. */
static void found(Search *s, int len, int how) {
  s->n++;
  if (s->found && s->found(s->word, len, how, s->doubled, s->ud)) s->stop = 1;
}

/* The walk for a query without the X and Z abilities, the common one: every
** letter comes from the cards, so the cards taken are the depth, and a word
** uses a hand card if one of its letters is a letter the hand holds. The
** state travels in arguments (registers); only the counts are in memory.
** Each child is judged by its edge, and visited only if a longer word can
** go on there. ATTR picks the instruction set. */
#define LEAN(name, ATTR)                                                       \
  ATTR static void name(Search *s, uint32_t node, int depth, uint32_t avail,   \
                        uint32_t used, int left) {                             \
    const uint32_t *a = s->a;                                                  \
    uint32_t letters = a[node] & LETTERS;                                      \
    int room = smaller(left - 1, s->max_len - depth - 1);                      \
    for (uint32_t next = letters & avail; next; next &= next - 1) {            \
      uint32_t bit = next & -next;                                             \
      int c = __builtin_ctz(next);                                             \
      uint32_t e = a[node + HEAD + __builtin_popcount(letters & (bit - 1))];   \
      s->word[depth] = (char)('A' + c);                                        \
      if ((e & EOW) && depth + 1 >= s->min_len && ((used | bit) & s->hand_mask)) { \
        s->doubled = -1;                                                       \
        found(s, depth + 1, 0);                                                \
        if (s->stop) return;                                                   \
      }                                                                        \
      uint32_t after = s->count[c] == 1 ? avail & ~bit : avail;                \
      if (extends(e, after, room)) {                                           \
        s->count[c]--;                                                         \
        name(s, EDGE_OFFSET(e), depth + 1, after, used | bit, left - 1);       \
        s->count[c]++;                                                         \
        if (s->stop) return;                                                   \
      }                                                                        \
    }                                                                          \
  }

LEAN(lean_plain, )
#if POPCNT_CLONES
LEAN(lean_popcnt, WITH_POPCNT)
#endif

/* A word found by the walk with abilities, if the query takes it. */
static void report(Search *s, int len, int how) {
  if (len < s->min_len || len > s->max_len || s->cards < s->q->min_cards) return;
  if (s->q->need_hand && s->hand_hits == 0) return;
  found(s, len, how);
}

/* The walk with the X ability (a letter the word already took from the
** cards may be used once more, where the cards have no more of it) and the Z
** ability (an S not from the cards may end the word). ATTR picks the
** instruction set. */
#define WALK(name, ATTR)                                                       \
  ATTR static void name(Search *s, uint32_t node, int depth) {                 \
    const uint32_t *a = s->a;                                                  \
    const cl_DictQuery *q = s->q;                                              \
    uint32_t letters = a[node] & LETTERS;                                      \
    if (s->free_s && (letters & s->free_s) && s->count[S_LETTER] == 0 &&       \
        depth < s->max_len) {                                                  \
      /* an S not from the cards ends the word; with an S card left, the      \
      ** same word is found with the card */                                   \
      uint32_t e = a[node + HEAD + __builtin_popcount(letters & (s->free_s - 1))]; \
      if (e & EOW) {                                                           \
        s->word[depth] = 'S';                                                  \
        report(s, depth + 1, CL_DICT_APPENDED | (s->doubled >= 0 ? CL_DICT_DOUBLED : 0)); \
        if (s->stop) return;                                                   \
      }                                                                        \
    }                                                                          \
    uint32_t can_double = (q->double_letter && s->doubled < 0) ? s->used_mask & ~s->avail : 0; \
    for (uint32_t next = letters & (s->avail | can_double); next; next &= next - 1) { \
      uint32_t bit = next & -next;                                             \
      int c = __builtin_ctz(next);                                             \
      uint32_t e = a[node + HEAD + __builtin_popcount(letters & (bit - 1))];   \
      s->word[depth] = (char)('A' + c);                                        \
      uint32_t saved_avail = s->avail, saved_used = s->used_mask;              \
      int from_cards = (s->avail & bit) != 0, hit = (s->hand_mask & bit) != 0; \
      if (from_cards) {                                                        \
        if (--s->count[c] == 0) s->avail &= ~bit;                              \
        s->cards++;                                                            \
        s->left--;                                                             \
        s->hand_hits += hit;                                                   \
        s->used_mask |= bit;                                                   \
      } else {                                                                 \
        s->doubled = c;                                                        \
      }                                                                        \
      if (e & EOW) report(s, depth + 1, s->doubled >= 0 ? CL_DICT_DOUBLED : 0); \
      int may_double = q->double_letter && s->doubled < 0;                     \
      uint32_t usable = s->avail | s->free_s | (may_double ? s->used_mask & ~s->avail : 0); \
      int room = smaller(s->left + may_double + (s->free_s != 0), s->max_len - depth - 1); \
      if (!s->stop && extends(e, usable, room)) name(s, EDGE_OFFSET(e), depth + 1); \
      if (from_cards) {                                                        \
        s->count[c]++;                                                         \
        s->cards--;                                                            \
        s->left++;                                                             \
        s->hand_hits -= hit;                                                   \
        s->avail = saved_avail;                                                \
        s->used_mask = saved_used;                                             \
      } else {                                                                 \
        s->doubled = -1;                                                       \
      }                                                                        \
      if (s->stop) return;                                                     \
    }                                                                          \
  }

WALK(walk_plain, )
#if POPCNT_CLONES
WALK(walk_popcnt, WITH_POPCNT)
#endif

long cl_dict_search(const cl_Dict *d, const cl_DictQuery *q, cl_DictFound callback, void *ud) {
  Search s;
  memset(&s, 0, sizeof s);
  s.a = d->a;
  s.q = q;
  s.min_len = q->min_len;
  s.max_len = q->max_len > MAXW ? MAXW : q->max_len;
  s.doubled = -1;
  s.found = callback;
  s.ud = ud;
  for (int c = 0; c < 26; c++) {
    int n = q->hand[c] + q->pool[c];
    s.count[c] = (unsigned char)(n > 255 ? 255 : n);
    if (n > 0) s.avail |= 1u << c;
    if (q->hand[c]) s.hand_mask |= 1u << c;
    s.left += s.count[c];
  }
  if (s.max_len < 1 || s.min_len > s.max_len) return 0;
  int lean = !q->double_letter && !q->append_s;
  if (lean) {
    /* every letter is a card, and any letter will do if no hand card is
    ** needed */
    if (q->min_cards > s.min_len) s.min_len = q->min_cards;
    if (!q->need_hand) s.hand_mask = LETTERS;
  }
  s.free_s = q->append_s ? 1u << S_LETTER : 0;
#if POPCNT_CLONES
  if (has_popcnt()) {
    if (lean) lean_popcnt(&s, d->root, 0, s.avail, 0, s.left);
    else walk_popcnt(&s, d->root, 0);
    return s.n;
  }
#endif
  if (lean) lean_plain(&s, d->root, 0, s.avail, 0, s.left);
  else walk_plain(&s, d->root, 0);
  return s.n;
}
