/*
** dict.c: word lists as a minimal DAWG, for membership and for finding every
** word a set of letters can form.
**
** The structure is one array E of 64-bit edges. A node is a run of edges, one
** for each child in letter order. The edge that leads to a node says where
** its run starts and which letters it has, so the edge for letter c out of it
** is E[base + popcount(letters & ((1 << c) - 1))]: a step of a walk is one
** load, of the edge it needs. A node without children has no run. An edge:
**   bits 0-26   base: where the child's run starts (0: it has none)
**   bits 27-52  the child's letters (bit c: a child for letter c)
**   bit 53      a word ends at the child
**   bits 54-63  0
** so the rack search reports the words that end at a child, and skips the
** children whose own children it has no letters for, without loading
** anything more. (Version 5 also kept the fewest letters a longer word adds
** and the rarest letter it needs, to prune with: testing them cost more time
** than the paths they pruned saved, at every rack size measured.)
**
** Runs are written children first and do not overlap, so an edge's run
** ends before the run holding the edge begins: a checked image has no cycle.
** Two nodes with the same letters and the same edges share a run (a node's
** own end of word is on the edge to it). The root's edge is in the header.
**
** Membership starts from a table of the edges after every three-letter
** prefix, which saves the three most dependent loads of a lookup. A batch of
** lookups interleaves their walks, so that their cache misses overlap.
**
** Building follows Daciuk, Mihov, Watson and Watson, "Incremental construction
** of minimal acyclic finite-state automata" (2000), for sorted input: words are
** added along a path of open nodes; when a word leaves the path, the nodes it
** left are closed bottom-up, each replaced by an equal closed node if there is
** one (a hash table of runs) or appended to E.
*/
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"

#define LETTERS 0x03ffffffu
#define MAXW CL_DICT_MAX_WORD
#define MAX_EDGES ((uint32_t)CL_DICT_MAX_EDGES)
#define LETTERS_SHIFT 27
#define EOW_SHIFT 53
#define EOW ((uint64_t)1 << EOW_SHIFT)
#define PREFIX 3                    /* letters resolved by the prefix table */
#define PREFIXES (26 * 26 * 26)

#define EDGE_BASE(e) ((uint32_t)((e) & MAX_EDGES))
#define EDGE_LETTERS(e) ((uint32_t)((e) >> LETTERS_SHIFT) & LETTERS)
/* Where in E the edge for letter c (one of letters, the edge's) lies. */
#define CHILD_INDEX(e, letters, c) (EDGE_BASE(e) + __builtin_popcount((letters) & ((1u << (c)) - 1)))

struct cl_Dict {
  uint64_t *e;       /* the image: header, then the runs */
  size_t size;       /* edges of e, header included */
  uint64_t root;     /* the edge to the root */
  uint64_t *after3;  /* edge after each three-letter prefix, 0 if none */
  cl_DictStats stats;
};

/* The image header, at the start of e; bases count from its start. */
#define HEADER_EDGES (sizeof(Header) / 8)

typedef struct Header {
  char magic[8];
  uint32_t version, nodes, words, pad;
  uint64_t lines, skipped, first_skipped[8];  /* of the list it was built from */
  uint64_t size;      /* edges of the image, header included */
  uint64_t root;      /* the edge to the root */
  uint64_t checksum;  /* FNV-1a of the header before it, then the runs */
} Header;

#define MAGIC "CLDAWG1\n"
#define VERSION 8  /* 8: a byte order mark no longer spoils the first word */

/* The checksum of an image: every byte of it but the checksum's own. */
static uint64_t image_checksum(const uint64_t *e, size_t size) {
  uint64_t h = cl_hash(CL_HASH_INIT, e, offsetof(Header, checksum));
  return cl_hash(h, e + HEADER_EDGES, (size - HEADER_EDGES) * 8);
}

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

/* The edge to a node whose run starts at base (0: none), with these letters;
** final if a word ends there. */
static uint64_t edge_to(uint32_t base, uint32_t letters, int final) {
  return base | (uint64_t)letters << LETTERS_SHIFT | (uint64_t)(final != 0) << EOW_SHIFT;
}

/* ---------------------------------------------------------------- building */

typedef struct Builder {
  uint64_t *e;
  uint32_t *letters_at;  /* the letters of the run starting at each index */
  size_t size, cap;
  uint32_t *table;       /* runs by hash: where one starts, or 0 for an empty slot */
  size_t table_cap, runs;
  int too_large;         /* bases would not fit an edge */
  struct {
    uint32_t letters;    /* letters with a child */
    int final;           /* a word ends here */
    uint64_t edge[26];   /* by letter */
  } open[MAXW + 1];
} Builder;

static int grow(Builder *b, size_t need) {
  if (b->size + need <= b->cap) return 1;
  size_t cap = b->cap ? b->cap : 1 << 16;
  while (b->size + need > cap) cap *= 2;
  uint64_t *e = realloc(b->e, cap * sizeof *e);
  if (e == NULL) return 0;
  b->e = e;
  uint32_t *l = realloc(b->letters_at, cap * sizeof *l);
  if (l == NULL) return 0;
  b->letters_at = l;
  b->cap = cap;
  return 1;
}

static int make_prefix_table(cl_Dict *d);

static uint64_t hash_run(uint32_t letters, const uint64_t *edge, size_t k) {
  return cl_hash(cl_hash(CL_HASH_INIT, &letters, sizeof letters), edge, k * sizeof *edge);
}

static int rehash(Builder *b) {
  size_t cap = b->table_cap ? b->table_cap * 2 : 1 << 16;
  uint32_t *t = calloc(cap, sizeof *t);
  if (t == NULL) return 0;
  for (size_t i = 0; i < b->table_cap; i++) {
    uint32_t o = b->table[i];
    if (o == 0) continue;
    uint32_t letters = b->letters_at[o];
    size_t h = (size_t)hash_run(letters, b->e + o, (size_t)popcount(letters)) & (cap - 1);
    while (t[h] != 0) h = (h + 1) & (cap - 1);
    t[h] = o;
  }
  free(b->table);
  b->table = t;
  b->table_cap = cap;
  return 1;
}

/* Where the run of k edges for these letters starts: an equal run written
** before, or a new one; 0 when out of memory or too large. */
static uint32_t find_run(Builder *b, uint32_t letters, const uint64_t *edge, size_t k) {
  if ((b->runs + 1) * 2 > b->table_cap && !rehash(b)) return 0;
  size_t h = (size_t)hash_run(letters, edge, k) & (b->table_cap - 1);
  for (; b->table[h] != 0; h = (h + 1) & (b->table_cap - 1)) {
    uint32_t o = b->table[h];
    if (b->letters_at[o] == letters && memcmp(b->e + o, edge, k * sizeof *edge) == 0) return o;
  }
  if (b->size + k > MAX_EDGES) {
    b->too_large = 1;
    return 0;
  }
  if (!grow(b, k)) return 0;
  uint32_t o = (uint32_t)b->size;
  memcpy(b->e + o, edge, k * sizeof *edge);
  b->letters_at[o] = letters;
  b->size += k;
  b->table[h] = o;
  b->runs++;
  return o;
}

/* Closes open node d: gives the edge to it (writing its run if no equal one
** is written); 0 when out of memory or too large. */
static uint64_t close_node(Builder *b, int d) {
  uint32_t letters = b->open[d].letters;
  uint64_t edge[26] = {0};
  size_t k = 0;
  for (uint32_t m = letters; m; m &= m - 1, k++) edge[k] = b->open[d].edge[__builtin_ctz(m)];
  uint32_t base = 0;
  if (k > 0 && (base = find_run(b, letters, edge, k)) == 0) return 0;
  return edge_to(base, letters, b->open[d].final);
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
** notes the lines that are not words. Gives the number of words. A UTF-8
** byte order mark before the first line (as some editors write) is not part
** of it. */
static size_t read_words(const char *text, size_t len, unsigned char *buf, Word *words,
                         cl_DictStats *st) {
  size_t n = 0, used = 0, i = 0;
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) i = 3;
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

/* The one node without children, where the longest words end, is not
** written; it is counted among the nodes all the same. */
static cl_Dict *finish(Builder *b, uint64_t root, cl_DictStats *st) {
  cl_Dict *d = calloc(1, sizeof *d);
  if (d == NULL) return NULL;
  /* the header was reserved at the front of e when the builder began */
  Header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, MAGIC, 8);
  h.version = VERSION;
  h.nodes = (uint32_t)b->runs + 1;
  h.words = (uint32_t)st->words;
  h.lines = (uint64_t)st->lines;
  h.skipped = (uint64_t)st->skipped;
  for (int i = 0; i < 8 && i < st->skipped; i++) h.first_skipped[i] = (uint64_t)st->first_skipped[i];
  h.size = b->size;
  h.root = root;
  memcpy(b->e, &h, sizeof h);
  h.checksum = image_checksum(b->e, b->size);
  memcpy(b->e, &h, sizeof h);
  uint64_t *e = realloc(b->e, b->size * sizeof *e);  /* give back the slack */
  d->e = e ? e : b->e;
  b->e = NULL;  /* now the dictionary's */
  d->size = b->size;
  d->root = root;
  st->nodes = (long)h.nodes;
  st->bytes = d->size * 8 + sizeof *d;
  d->stats = *st;
  if (!make_prefix_table(d)) {
    cl_dict_free(d);
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
  if (!grow(b, HEADER_EDGES)) goto done;
  b->size = HEADER_EDGES;
  /* index 0 never starts a run (the header is there), so 0 marks empty slots */
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
      uint64_t e = close_node(b, depth);
      if (e == 0) goto done;
      b->open[depth - 1].edge[prev->s[depth - 1]] = e;
    }
    for (; depth < w->len; depth++) {
      b->open[depth].letters |= 1u << w->s[depth];
      memset(&b->open[depth + 1], 0, sizeof b->open[depth + 1]);
    }
    b->open[depth].final = 1;
    st.words++;
    prev = w;
  }
  if (st.words == 0) goto done;
  for (; depth > 0; depth--) {
    uint64_t e = close_node(b, depth);
    if (e == 0) goto done;
    b->open[depth - 1].edge[prev->s[depth - 1]] = e;
  }
  uint64_t root = close_node(b, 0);
  if (root == 0) goto done;
  d = finish(b, root, &st);
done:
  if (b) st.too_large = b->too_large;
  if (stats) *stats = d ? d->stats : st;
  free(buf);
  free(words);
  if (b) {
    free(b->e);
    free(b->letters_at);
    free(b->table);
    free(b);
  }
  return d;
}

void cl_dict_free(cl_Dict *d) {
  if (d == NULL) return;
  free(d->e);
  free(d->after3);
  free(d);
}

void cl_dict_stats(const cl_Dict *d, cl_DictStats *stats) {
  *stats = d->stats;
}

/* ---------------------------------------------------------------- images */

size_t cl_dict_image(const cl_Dict *d, const void **data) {
  *data = d->e;
  return d->size * 8;
}

/* Notes the run an edge names in letters_at (by where it starts); 0 if the
** edge cannot be right: a run past limit, or a start named with two sets of
** letters. An edge to a node without children ends a word. */
static int note_run(uint32_t *letters_at, uint64_t edge, size_t limit) {
  uint32_t base = EDGE_BASE(edge), letters = EDGE_LETTERS(edge);
  if (letters == 0) return base == 0 && (edge & EOW);
  if (base < HEADER_EDGES || base + (size_t)popcount(letters) > limit) return 0;
  if (letters_at[base] != 0 && letters_at[base] != letters) return 0;
  letters_at[base] = letters;
  return 1;
}

/* An image is checked as the builder would have written it: the runs that
** edges name tile it from the header to the end, each after the runs its own
** edges name, and every edge is the edge the builder would make. */
cl_Dict *cl_dict_from_image(const void *data, size_t len) {
  Header h;
  if (len < sizeof h || len % 8 != 0) return NULL;
  memcpy(&h, data, sizeof h);
  if (memcmp(h.magic, MAGIC, 8) != 0 || h.version != VERSION || h.size != len / 8 ||
      h.size <= HEADER_EDGES || h.size > (uint64_t)MAX_EDGES + 1 || h.pad != 0)
    return NULL;
  /* the list's counts: every kept word and skipped line was a line of it,
  ** and the skipped lines noted are the first ones, in order */
  if (h.lines > LONG_MAX || h.words > h.lines || h.skipped > h.lines - h.words) return NULL;
  for (uint64_t i = 0; i < 8; i++) {
    uint64_t at = h.first_skipped[i];
    if (i < h.skipped ? at < 1 || at > h.lines || (i > 0 && at <= h.first_skipped[i - 1])
                      : at != 0)
      return NULL;
  }
  size_t size = (size_t)h.size;
  uint64_t *e = malloc(len);
  uint32_t *letters_at = calloc(size, sizeof *letters_at);
  cl_Dict *d = NULL;
  if (e == NULL || letters_at == NULL) goto done;
  memcpy(e, data, len);
  if (image_checksum(e, size) != h.checksum) goto done;
  if (!note_run(letters_at, h.root, size) || EDGE_LETTERS(h.root) == 0 || (h.root & EOW))
    goto done;
  /* pass 1: the run each edge names, by where it starts (before the edge) */
  for (size_t i = HEADER_EDGES; i < size; i++)
    if (!note_run(letters_at, e[i], i)) goto done;
  /* pass 2: the runs so named tile the image, none starting inside another,
  ** each after the runs its edges name; and each edge is what its child
  ** makes it */
  size_t runs = 0;
  for (size_t o = HEADER_EDGES; o < size; runs++) {
    size_t k = (size_t)popcount(letters_at[o]);
    if (k == 0 || o + k > size) goto done;  /* no edge names a run here */
    for (size_t j = 1; j < k; j++)
      if (letters_at[o + j] != 0) goto done;
    for (size_t j = 0; j < k; j++) {
      uint64_t c = e[o + j];
      uint32_t base = EDGE_BASE(c), letters = EDGE_LETTERS(c);
      if (letters && base + (size_t)popcount(letters) > o) goto done;
      if (c != edge_to(base, letters, (c & EOW) != 0)) goto done;
    }
    o += k;
  }
  if (h.root != edge_to(EDGE_BASE(h.root), EDGE_LETTERS(h.root), 0) || h.nodes != runs + 1)
    goto done;
  d = calloc(1, sizeof *d);
  if (d == NULL) goto done;
  d->e = e;
  d->size = size;
  d->root = h.root;
  d->stats.words = h.words;
  d->stats.lines = (long)h.lines;
  d->stats.skipped = (long)h.skipped;
  for (int i = 0; i < 8 && (uint64_t)i < h.skipped; i++)
    d->stats.first_skipped[i] = (long)h.first_skipped[i];
  d->stats.nodes = (long)h.nodes;
  d->stats.bytes = len + sizeof *d;
  e = NULL;
  if (!make_prefix_table(d)) {
    cl_dict_free(d);
    d = NULL;
  }
done:
  free(e);
  free(letters_at);
  return d;
}

/* ---------------------------------------------------------------- lookups */

/* The body of a membership test along an edge: whether the word's letters
** lead from the edge's node to an edge where a word ends. ATTR picks the
** instruction set. */
#define CONTAINS(name, ATTR)                                                  \
  ATTR static int name(const uint64_t *E, uint64_t edge, const char *word,    \
                       size_t len) {                                          \
    for (size_t i = 0; i < len; i++) {                                        \
      unsigned c = (unsigned)((unsigned char)word[i] & ~0x20u) - 'A';         \
      uint32_t letters = EDGE_LETTERS(edge);                                  \
      if (c > 25 || !((letters >> c) & 1u)) return 0;                         \
      edge = E[CHILD_INDEX(edge, letters, c)];                                \
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
** word begins with it (no edge is 0: it has letters or ends a word). */
static int make_prefix_table(cl_Dict *d) {
  d->after3 = malloc(PREFIXES * sizeof *d->after3);
  if (d->after3 == NULL) return 0;
  for (long i = 0; i < PREFIXES; i++) {
    int w[PREFIX] = {(int)(i / 676), (int)(i / 26 % 26), (int)(i % 26)};
    uint64_t edge = d->root;
    for (int k = 0; k < PREFIX && edge != 0; k++) {
      uint32_t letters = EDGE_LETTERS(edge), bit = 1u << w[k];
      edge = (letters & bit) ? d->e[CHILD_INDEX(edge, letters, w[k])] : 0;
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
  uint64_t edge = d->root;  /* no word ends at the root */
  if (len >= PREFIX) {
    long i = prefix_index(word);
    if (i < 0 || (edge = d->after3[i]) == 0) return 0;
    word += PREFIX;
    len -= PREFIX;
  }
#if POPCNT_CLONES
  if (has_popcnt()) return contains_popcnt(d->e, edge, word, len);
#endif
  return contains_plain(d->e, edge, word, len);
}

/* Many lookups at once. A lookup is a chain of dependent loads, each a
** likely cache miss on a structure larger than the core's L2, so one lookup
** at a time mostly waits. Here LANES lookups are under way together: each
** step of a lane reads the edge its last step prefetched and prefetches the
** next, so the misses of all lanes overlap. */
#define LANES 8  /* unrolled, 8, 12 and 16 lanes ran as fast on SOWPODS, 4 and 6 slower */

/* The loop over the lanes is unrolled: each lane's test then is a branch of
** its own, which the predictor learns apart from the others, and the lanes'
** state can stay in registers. On SOWPODS that took the batch from 55 to 61
** million lookups a second (bench_core), and d:check from 32 to 35. */
#define UNROLL_LANES _Pragma("GCC unroll 8")

typedef struct Lane {
  const char *word;      /* the letters not yet walked */
  size_t left;           /* how many */
  const uint64_t *next;  /* the edge the walk reads next (prefetched); NULL: idle */
  size_t i;              /* the word's index */
} Lane;

#define CONTAINS_MANY(name, ATTR)                                             \
  ATTR static size_t name(const cl_Dict *d, const char *const *word,          \
                          const size_t *len, size_t n, unsigned char *in) {   \
    Lane lanes[LANES];                                                        \
    size_t taken = 0, found = 0;                                              \
    int busy = 0;                                                             \
    for (int j = 0; j < LANES; j++) lanes[j] = (Lane){NULL, 0, NULL, 0};     \
    for (;;) {                                                                \
      UNROLL_LANES for (int j = 0; j < LANES; j++) {                         \
        Lane *ln = &lanes[j];                                                 \
        if (ln->next != NULL) {                                               \
          /* the lane's walk goes one edge on, or ends: no such letter out of \
          ** the node (or no node), not a letter, or no letters left. The     \
          ** test is one branch, & not &&, as it fails once a walk; c & 31    \
          ** keeps the shift defined when c is not a letter. */              \
          uint64_t edge = *ln->next;                                          \
          const char *letter = ln->left != 0 ? ln->word : "@";                \
          unsigned c = (unsigned)((unsigned char)*letter & ~0x20u) - 'A';     \
          uint32_t letters = EDGE_LETTERS(edge);                              \
          if ((c < 26) & ((letters >> (c & 31)) & 1u)) {                      \
            ln->next = d->e + CHILD_INDEX(edge, letters, c);                  \
            __builtin_prefetch(ln->next);                                     \
            ln->word++;                                                       \
            ln->left--;                                                       \
            continue;                                                         \
          }                                                                   \
          int yes = ln->left == 0 && (edge & EOW) != 0;                       \
          if (in != NULL) in[ln->i] = (unsigned char)yes;                     \
          found += (size_t)yes;                                               \
          ln->next = NULL;                                                    \
          busy--;                                                             \
        }                                                                     \
        /* the idle lane takes the next word that needs a walk; the words     \
        ** that a short length or the prefix table settles are answered at    \
        ** once. A word LANES ahead is prefetched: it is read when taken. */  \
        while (taken < n) {                                                   \
          size_t i = taken++;                                                 \
          if (taken + LANES < n && word[taken + LANES] != NULL)               \
            __builtin_prefetch(word[taken + LANES]);                          \
          long prefix = word[i] != NULL && len[i] >= PREFIX ? prefix_index(word[i]) : -1; \
          if (prefix < 0) {                                                   \
            int yes = word[i] != NULL && cl_dict_contains(d, word[i], len[i]); \
            if (in != NULL) in[i] = (unsigned char)yes;                       \
            found += (size_t)yes;                                             \
            continue;                                                         \
          }                                                                   \
          ln->next = d->after3 + prefix;                                      \
          __builtin_prefetch(ln->next);                                       \
          ln->word = word[i] + PREFIX;                                        \
          ln->left = len[i] - PREFIX;                                         \
          ln->i = i;                                                          \
          busy++;                                                             \
          break;                                                              \
        }                                                                     \
      }                                                                       \
      if (busy == 0 && taken >= n) return found;                              \
    }                                                                         \
  }

CONTAINS_MANY(contains_many_plain, )
#if POPCNT_CLONES
CONTAINS_MANY(contains_many_popcnt, WITH_POPCNT)
#endif

size_t cl_dict_contains_many(const cl_Dict *d, const char *const *word, const size_t *len,
                             size_t n, unsigned char *in) {
#if POPCNT_CLONES
  if (has_popcnt()) return contains_many_popcnt(d, word, len, n, in);
#endif
  return contains_many_plain(d, word, len, n, in);
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

/* Whether a longer word may go on through the edge's node: one of its
** letters is usable. (The end-of-word bit that the shift leaves above the
** letters meets no bit of usable, which holds letters only.) */
static inline int extends(uint64_t e, uint32_t usable) {
  return ((e >> LETTERS_SHIFT) & usable) != 0;
}

static inline int smaller(int x, int y) {
  return x < y ? x : y;
}

/* What both walks know of a query. */
typedef struct Search {
  const uint64_t *e;
  const cl_DictQuery *q;
  int min_len, max_len;     /* of the words reported */
  unsigned char count[26];  /* of each letter in hand and pool, capped at max_len */
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
  uint64_t left;     /* the cards left, a field per letter */
  uint64_t edge;     /* the edge to the node it leads to */
  uint32_t avail;    /* letters with a card left */
  uint32_t used;     /* letters taken from the cards */
  uint32_t parent;   /* the path one letter shorter (its index) */
  uint8_t letter;    /* its last letter (0 = A) */
  int8_t doubled;    /* the letter used twice (X), or -1 */
} Path;

#define PATHS_ON_STACK 1024  /* enough for a rack of 10 letters */
#define AHEAD 6              /* paths ahead whose runs are fetched early */

/* A word found at one length: the path it extends and its last letter (the
** walk with abilities packs more with it: able_found). */
typedef struct Hit {
  uint32_t path;
  uint32_t letter;
} Hit;

typedef struct Wide {
  Search *s;
  struct {
    uint64_t unit;     /* 1 in the letter's field */
    uint64_t field;    /* the letter's field */
  } card[26];          /* by letter, side by side for the walk's one load */
  Path *paths;         /* every path so far, shortest first */
  size_t n, cap;
  Path *heap;          /* paths when the stack's are not enough */
  Hit *hits;           /* the words found at the length being walked */
  size_t hits_cap;
  Hit *hits_heap;
} Wide;

/* Lays out the fields of the letters with a card (no walk takes another
** letter, so the others are left unset), and gives the cards of the query in
** them; 0 if the counts do not fit in 64 bits. */
static int lay_out(Wide *w, const Search *s, uint64_t *all) {
  int at = 0;
  *all = 0;
  for (uint32_t m = s->letters; m; m &= m - 1) {
    int c = __builtin_ctz(m);
    unsigned count = s->count[c];  /* 1 to MAXW: width 1 to 6 */
    int width = 32 - __builtin_clz(count);
    if (at + width > 64) return 0;
    uint64_t unit = (uint64_t)1 << at;
    w->card[c].unit = unit;
    w->card[c].field = unit * ((1u << width) - 1);
    *all += unit * count;
    at += width;
  }
  return 1;
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

/* Doubles the room for hits, the words of one length, keeping the first n;
** 0 if memory runs out. A path's children are noted before it is known
** which are words, so a walk keeps room for 26 more (27 with the S that Z adds). */
static int grow_hits(Wide *w, size_t n) {
  size_t cap = w->hits_cap * 2;
  Hit *h = realloc(w->hits_heap, cap * sizeof *h);
  if (h == NULL) return 0;
  if (w->hits_heap == NULL) memcpy(h, w->hits, n * sizeof *h);
  w->hits_heap = w->hits = h;
  w->hits_cap = cap;
  return 1;
}

/* Makes room, before a path's children are written, for 27 more paths and
** hits_room more hits (0: the walk only counts); 0 if memory runs out. */
static int make_room(Wide *w, size_t nh, size_t hits_room) {
  if (w->cap - w->n < 27 && !grow_paths(w)) return 0;
  if (hits_room && w->hits_cap - nh < hits_room && !grow_hits(w, nh)) return 0;
  return 1;
}

/* The room check of a level's walk, which keeps paths, hits and their
** capacities in locals. */
#define KEEP_ROOM(hits_room)                                                   \
  if (cap - n < 27 || ((hits_room) && hits_cap < nh + (hits_room))) {          \
    w->n = n;                                                                  \
    if (!make_room(w, nh, (hits_room))) return 0;                              \
    paths = w->paths;                                                          \
    hits = w->hits;                                                            \
    cap = w->cap;                                                              \
    hits_cap = w->hits_cap;                                                    \
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
** instruction set; COUNTING (no callback) only counts the words, without
** noting which; HAND is 0 when no hand card is needed, so that no path keeps
** the letters it used; PARENTS writes each child's parent and letter, from
** which a word is spelled (a count kept, cl_dict_count_kept, keeps them). */
#define LEAN_LEVEL(name, ATTR, COUNTING, HAND, PARENTS)                        \
  ATTR static int name(Wide *w, size_t lo, size_t hi, int depth) {             \
    Search *s = w->s;                                                          \
    const uint64_t *E = s->e;                                                  \
    uint32_t hand_mask = s->hand_mask;                                         \
    uint32_t reports = depth + 1 >= s->min_len;                                \
    Hit *hits = w->hits;                                                       \
    size_t nh = 0;                                                             \
    Path *paths = w->paths;                                                    \
    size_t n = w->n, cap = w->cap, hits_cap = w->hits_cap;                     \
    for (size_t i = lo; i < hi; i++) {                                         \
      KEEP_ROOM(COUNTING ? 0u : 26u)                                           \
      if (i + AHEAD < hi) __builtin_prefetch(E + EDGE_BASE(paths[i + AHEAD].edge)); \
      Path p = paths[i];                                                       \
      const uint64_t *run = E + EDGE_BASE(p.edge);                             \
      uint32_t letters = EDGE_LETTERS(p.edge);                                 \
      /* the letters that give a word ending here a hand card */               \
      uint32_t hand_ok = (p.used & hand_mask) ? LETTERS : hand_mask;           \
      for (uint32_t next = letters & p.avail; next; next &= next - 1) {        \
        uint32_t bit = next & -next;                                           \
        int c = __builtin_ctz(next);                                           \
        uint64_t e = run[__builtin_popcount(letters & (bit - 1))];             \
        if (!COUNTING) hits[nh] = (Hit){(uint32_t)i, (uint32_t)c};             \
        nh += (uint32_t)(e >> EOW_SHIFT) & reports & (!HAND || (bit & hand_ok)); \
        Path *child = &paths[n];                                               \
        child->left = p.left - w->card[c].unit;                                \
        child->edge = e;                                                       \
        /* without a branch: whether the last card of a letter goes is a guess */ \
        uint32_t spent = (child->left & w->card[c].field) == 0;                \
        child->avail = p.avail & ~(bit & (0u - spent));                        \
        if (HAND) child->used = p.used | bit;                                  \
        if (PARENTS) {                                                         \
          child->parent = (uint32_t)i;                                         \
          child->letter = (uint8_t)c;                                          \
        }                                                                      \
        n += (size_t)extends(e, child->avail);                                 \
      }                                                                        \
    }                                                                          \
    w->n = n;                                                                  \
    if (COUNTING) {                                                            \
      s->n += (long)nh;                                                        \
      return 1;                                                                \
    }                                                                          \
    for (size_t k = 0; k < nh && !s->stop; k++) {                              \
      spell(s, w->paths, hits[k].path, depth, (int)hits[k].letter);            \
      found(s, depth + 1, 0, -1);                                              \
    }                                                                          \
    return 1;                                                                  \
  }

/* A word found by the walk with abilities: its last letter, how it was
** formed (CL_DICT_*) and the letter used twice (or -1), in a hit's second
** word. */
static inline uint32_t able_found(int c, int how, int doubled) {
  return (uint32_t)c | (uint32_t)how << 8 | (uint32_t)(doubled + 1) << 16;
}

/* One length of the walk with the X ability (a letter the word already took
** from the cards may be used once more, where the cards have no more of it)
** and the Z ability (an S not from the cards may end the word, where no S
** card is left). Like the lean walk, it writes every child and keeps it by
** moving the end, and notes the words found, to report them after the
** length is walked: whether a child is a card or the doubled letter, and
** whether the query takes a word, are guesses a branch would often get
** wrong. ATTR picks the instruction set. */
#define ABLE_LEVEL(name, ATTR)                                                 \
  ATTR static int name(Wide *w, size_t lo, size_t hi, int depth) {             \
    Search *s = w->s;                                                          \
    const uint64_t *E = s->e;                                                  \
    const cl_DictQuery *q = s->q;                                              \
    int may_x = q->double_letter != 0, min_cards = q->min_cards;               \
    uint32_t free_s = s->free_s;                                               \
    uint32_t hand_mask = s->hand_mask, any_hand = !q->need_hand;               \
    uint32_t reports = depth + 1 >= s->min_len && depth + 1 <= s->max_len;     \
    Hit *hits = w->hits;                                                       \
    Path *paths = w->paths;                                                    \
    size_t n = w->n, nh = 0, cap = w->cap, hits_cap = w->hits_cap;             \
    for (size_t i = lo; i < hi; i++) {                                         \
      KEEP_ROOM(27u)                                                           \
      if (i + AHEAD < hi) __builtin_prefetch(E + EDGE_BASE(paths[i + AHEAD].edge)); \
      Path p = paths[i];                                                       \
      const uint64_t *run = E + EDGE_BASE(p.edge);                             \
      uint32_t letters = EDGE_LETTERS(p.edge);                                 \
      int cards = depth - (p.doubled >= 0);                                    \
      uint32_t can_double = may_x && p.doubled < 0 ? p.used & ~p.avail : 0;    \
      uint32_t take = letters & (p.avail | can_double);                        \
      uint32_t append = letters & free_s & ~p.avail;                           \
      uint32_t appended_ok =                                                   \
          reports & (cards >= min_cards) & (any_hand | ((p.used & hand_mask) != 0)); \
      for (uint32_t next = take | append; next; next &= next - 1) {            \
        uint32_t bit = next & -next;                                           \
        int c = __builtin_ctz(next);                                           \
        uint64_t e = run[__builtin_popcount(letters & (bit - 1))];             \
        /* an S not from the cards ends the word */                            \
        hits[nh] = (Hit){(uint32_t)i, able_found(c,                            \
            CL_DICT_APPENDED | (p.doubled >= 0 ? CL_DICT_DOUBLED : 0), p.doubled)}; \
        nh += (uint32_t)(e >> EOW_SHIFT) & appended_ok & ((bit & append) != 0); \
        if (!(bit & take)) continue;  /* only the S that Z adds */             \
        /* a card, or else the letter used twice */                            \
        uint32_t card = (p.avail & bit) != 0;                                  \
        Path *child = &paths[n];                                               \
        child->left = p.left - (w->card[c].unit & (0 - (uint64_t)card));      \
        child->edge = e;                                                       \
        uint32_t spent = (child->left & w->card[c].field) == 0;                \
        child->avail = p.avail & ~(bit & (0u - spent));                        \
        child->used = p.used | bit;                                            \
        child->parent = (uint32_t)i;                                           \
        child->letter = (uint8_t)c;                                            \
        child->doubled = card ? p.doubled : (int8_t)c;                         \
        hits[nh] = (Hit){(uint32_t)i, able_found(c,                            \
            child->doubled >= 0 ? CL_DICT_DOUBLED : 0, child->doubled)};       \
        nh += (uint32_t)(e >> EOW_SHIFT) & reports &                           \
              (cards + (int)card >= min_cards) &                               \
              (any_hand | ((child->used & hand_mask) != 0));                   \
        /* the letters X may still double: used, and no card of them left */   \
        uint32_t twice = may_x && child->doubled < 0 ? child->used & ~child->avail : 0; \
        n += (size_t)extends(e, child->avail | free_s | twice);                \
      }                                                                        \
    }                                                                          \
    w->n = n;                                                                  \
    for (size_t k = 0; k < nh && !s->stop; k++) {                              \
      uint32_t f = hits[k].letter;                                             \
      int c = (int)(f & 0xff), how = (int)(f >> 8 & 0xff), doubled = (int)(f >> 16) - 1; \
      if (s->found) spell(s, w->paths, hits[k].path, depth, c);                \
      found(s, depth + 1, how, doubled);                                       \
    }                                                                          \
    return 1;                                                                  \
  }

typedef int (*Level)(Wide *, size_t, size_t, int);

/* The lean levels by [listing, counting, counting kept][hand needed]. */
enum { LISTING, COUNTING, KEEPING };
LEAN_LEVEL(list_level_plain, , 0, 0, 1)
LEAN_LEVEL(list_hand_level_plain, , 0, 1, 1)
LEAN_LEVEL(count_level_plain, , 1, 0, 0)
LEAN_LEVEL(count_hand_level_plain, , 1, 1, 0)
LEAN_LEVEL(keep_level_plain, , 1, 0, 1)
LEAN_LEVEL(keep_hand_level_plain, , 1, 1, 1)
static const Level lean_levels_plain[3][2] = {
    {list_level_plain, list_hand_level_plain}, {count_level_plain, count_hand_level_plain},
    {keep_level_plain, keep_hand_level_plain}};
ABLE_LEVEL(able_level_plain, )
#if POPCNT_CLONES
LEAN_LEVEL(list_level_popcnt, WITH_POPCNT, 0, 0, 1)
LEAN_LEVEL(list_hand_level_popcnt, WITH_POPCNT, 0, 1, 1)
LEAN_LEVEL(count_level_popcnt, WITH_POPCNT, 1, 0, 0)
LEAN_LEVEL(count_hand_level_popcnt, WITH_POPCNT, 1, 1, 0)
LEAN_LEVEL(keep_level_popcnt, WITH_POPCNT, 1, 0, 1)
LEAN_LEVEL(keep_hand_level_popcnt, WITH_POPCNT, 1, 1, 1)
static const Level lean_levels_popcnt[3][2] = {
    {list_level_popcnt, list_hand_level_popcnt}, {count_level_popcnt, count_hand_level_popcnt},
    {keep_level_popcnt, keep_hand_level_popcnt}};
ABLE_LEVEL(able_level_popcnt, WITH_POPCNT)
#endif

/* A count kept (cl_dict_count_kept): the query, and for a lean search laid
** out breadth-first (wide) every path it walked, with each length's paths
** and the words counted before and at it, from which one word is spelled by
** walking one length again; else (rewalk) the query alone, searched again
** up to the word. */
struct cl_DictKept {
  cl_DictQuery q;
  Search s;            /* the search as it was set up (s.q is &q) */
  int wide;            /* 1: paths and levels hold the walk; 0: rewalk */
  long n;              /* words counted */
  Path *paths;         /* the walk's paths (heap, kept from count to count) */
  size_t cap;
  int levels;          /* lengths walked */
  struct {
    size_t lo, hi;     /* the paths of depth d: their children are words of d + 1 letters */
    long before, at;   /* words counted before this length, and at it */
  } level[MAXW];
};

/* The breadth-first search from the root; 0 if memory ran out. With kept
** (a lean count), the paths go to and stay in kept's memory, and each
** length's are noted there. */
static int search_wide(Search *s, Wide *w, uint64_t all, uint64_t root, int lean, cl_DictKept *kept) {
  Path on_stack[PATHS_ON_STACK];
  int mode = kept ? KEEPING : s->found == NULL ? COUNTING : LISTING, hand = s->hand_mask != LETTERS;
  Level level = lean ? lean_levels_plain[mode][hand] : able_level_plain;
#if POPCNT_CLONES
  if (has_popcnt()) level = lean ? lean_levels_popcnt[mode][hand] : able_level_popcnt;
#endif
  Hit hits_on_stack[PATHS_ON_STACK];
  w->s = s;
  w->paths = on_stack;
  w->cap = PATHS_ON_STACK;
  w->heap = NULL;
  if (kept) {
    if (kept->paths == NULL) {
      kept->paths = malloc(PATHS_ON_STACK * sizeof *kept->paths);
      if (kept->paths == NULL) return 0;
      kept->cap = PATHS_ON_STACK;
    }
    w->paths = w->heap = kept->paths;
    w->cap = kept->cap;
    kept->levels = 0;
  }
  w->hits = hits_on_stack;
  w->hits_cap = PATHS_ON_STACK;
  w->hits_heap = NULL;
  w->paths[0] = (Path){all, root, s->letters, 0, 0, 0, -1};
  w->n = 1;
  int ok = 1;
  for (size_t lo = 0, hi = 1, depth = 0; ok && !s->stop && lo < hi && (int)depth < s->max_len;
       lo = hi, hi = w->n, depth++) {
    long before = s->n;
    ok = level(w, lo, hi, (int)depth);
    if (kept) {
      kept->level[depth].lo = lo;
      kept->level[depth].hi = hi;
      kept->level[depth].before = before;
      kept->level[depth].at = s->n - before;
      kept->levels = (int)depth + 1;
    }
  }
  if (kept) {
    /* (grown or not, the paths are kept's) */
    kept->paths = w->heap;
    kept->cap = w->cap;
  } else {
    free(w->heap);
  }
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
  int doubled;              /* the letter used twice, or -1 */
} Deep;

static void deep_lean(Deep *d, uint64_t edge, int depth) {
  Search *s = d->s;
  uint32_t base = EDGE_BASE(edge), letters = EDGE_LETTERS(edge);
  int longer = depth + 1 < s->max_len;
  for (uint32_t next = letters & d->avail; next; next &= next - 1) {
    uint32_t bit = next & -next;
    int c = __builtin_ctz(next);
    uint64_t e = s->e[base + popcount(letters & (bit - 1))];
    s->word[depth] = (char)('A' + c);
    if ((e & EOW) && depth + 1 >= s->min_len && ((d->used | bit) & s->hand_mask)) {
      found(s, depth + 1, 0, -1);
      if (s->stop) return;
    }
    uint32_t avail = d->avail, used = d->used;
    if (--d->count[c] == 0) d->avail &= ~bit;
    d->used |= bit;
    if (longer && extends(e, d->avail)) deep_lean(d, e, depth + 1);
    d->count[c]++;
    d->avail = avail;
    d->used = used;
    if (s->stop) return;
  }
}

static void deep_report(Deep *d, int len, int how) {
  Search *s = d->s;
  if (len < s->min_len || len > s->max_len || d->cards < s->q->min_cards) return;
  if (s->q->need_hand && (d->used & s->hand_mask) == 0) return;
  found(s, len, how, d->doubled);
}

static void deep_able(Deep *d, uint64_t edge, int depth) {
  Search *s = d->s;
  uint32_t base = EDGE_BASE(edge), letters = EDGE_LETTERS(edge);
  int may_x = s->q->double_letter;
  uint32_t can_double = (may_x && d->doubled < 0) ? d->used & ~d->avail : 0;
  uint32_t take = letters & (d->avail | can_double);
  uint32_t append = (letters & s->free_s & ~d->avail) && depth < s->max_len ? s->free_s : 0;
  for (uint32_t next = take | append; next; next &= next - 1) {
    uint32_t bit = next & -next;
    int c = __builtin_ctz(next);
    uint64_t e = s->e[base + popcount(letters & (bit - 1))];
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
    } else {
      d->doubled = c;
    }
    if (e & EOW) deep_report(d, depth + 1, d->doubled >= 0 ? CL_DICT_DOUBLED : 0);
    int still_x = may_x && d->doubled < 0;
    uint32_t usable = d->avail | s->free_s | (still_x ? d->used & ~d->avail : 0);
    if (!s->stop && depth + 1 < s->max_len && extends(e, usable)) deep_able(d, e, depth + 1);
    if (from_cards) {
      d->count[c]++;
      d->cards--;
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
static void search_deep(Search *s, uint64_t root, int lean) {
  int shortest = s->min_len, longest = s->max_len;
  for (int len = shortest; len <= longest && !s->stop; len++) {
    Deep d = {s, {0}, s->letters, 0, 0, -1};
    memcpy(d.count, s->count, sizeof d.count);
    s->min_len = s->max_len = len;
    if (lean) deep_lean(&d, root, 0);
    else deep_able(&d, root, 0);
  }
}

/* Sets up the search of a query; 0 if it can find nothing (a length range
** that is empty). Gives whether the search is lean (neither X nor Z). */
static int set_up(Search *s, const cl_Dict *d, const cl_DictQuery *q, int *lean_out) {
  memset(s, 0, sizeof *s);
  s->e = d->e;
  s->q = q;
  s->min_len = q->min_len;
  s->max_len = q->max_len > MAXW ? MAXW : q->max_len;
  if (s->max_len < 1 || s->min_len > s->max_len) return 0;
  for (int c = 0; c < 26; c++) {
    /* no word has more of a letter than it has letters */
    int n = smaller(q->hand[c] + q->pool[c], s->max_len);
    s->count[c] = (unsigned char)n;
    s->letters |= (uint32_t)(n > 0) << c;
    s->hand_mask |= (uint32_t)(q->hand[c] != 0) << c;
  }
  int lean = !q->double_letter && !q->append_s;
  if (lean) {
    /* every letter is a card, and any letter will do if no hand card is
    ** needed */
    if (q->min_cards > s->min_len) s->min_len = q->min_cards;
    if (!q->need_hand) s->hand_mask = LETTERS;
  }
  s->free_s = q->append_s ? 1u << S_LETTER : 0;
  *lean_out = lean;
  return 1;
}

long cl_dict_search(const cl_Dict *d, const cl_DictQuery *q, cl_DictFound callback, void *ud) {
  Search s;
  int lean;
  if (!set_up(&s, d, q, &lean)) return 0;
  s.found = callback;
  s.ud = ud;
  Wide w;
  uint64_t all;
  if (!lay_out(&w, &s, &all)) search_deep(&s, d->root, lean);
  else if (!search_wide(&s, &w, all, d->root, lean, NULL)) return -1;
  return s.n;
}

/* ---------------------------------------------------------------- a count kept */

cl_DictKept *cl_dict_kept_new(void) {
  return calloc(1, sizeof(cl_DictKept));
}

void cl_dict_kept_free(cl_DictKept *k) {
  if (k == NULL) return;
  free(k->paths);
  free(k);
}

long cl_dict_count_kept(const cl_Dict *d, const cl_DictQuery *q, cl_DictKept *k) {
  k->q = *q;
  k->wide = 0;
  k->n = 0;
  int lean;
  if (!set_up(&k->s, d, &k->q, &lean)) return 0;
  Wide w;
  uint64_t all;
  if (lean && lay_out(&w, &k->s, &all)) {
    if (!search_wide(&k->s, &w, all, d->root, 1, k)) return -1;
    k->wide = 1;
    k->n = k->s.n;
    return k->n;
  }
  k->n = cl_dict_search(d, q, NULL, NULL);
  return k->n;
}

/* A rewalk's callback: the word at index `want`, copied, stops the search. */
typedef struct Wanted {
  long want, seen;
  char *word;
  int len, how, doubled;
} Wanted;

static int wanted(const char *word, int len, int how, int doubled, void *ud) {
  Wanted *w = ud;
  if (w->seen++ < w->want) return 0;
  memcpy(w->word, word, (size_t)len);
  w->len = len;
  w->how = how;
  w->doubled = doubled;
  return 1;
}

/* Spells the j-th word (from 0) of those whose paths are the kept walk's of
** this depth, walking them again as their level did, up to it; gives its
** length. ATTR picks the instruction set. */
#define KEPT_LEVEL(name, ATTR)                                                 \
  ATTR static int name(const cl_Dict *d, const cl_DictKept *k, int depth, long j, char *word) { \
    const Path *paths = k->paths;                                              \
    uint32_t hand_mask = k->s.hand_mask;                                       \
    int hand = hand_mask != LETTERS;                                           \
    for (size_t p = k->level[depth].lo; p < k->level[depth].hi; p++) {        \
      const uint64_t *run = d->e + EDGE_BASE(paths[p].edge);                   \
      uint32_t letters = EDGE_LETTERS(paths[p].edge);                          \
      /* (a walk that needs no hand card keeps no letters used) */             \
      uint32_t hand_ok = !hand || (paths[p].used & hand_mask) ? LETTERS : hand_mask; \
      for (uint32_t next = letters & paths[p].avail; next; next &= next - 1) { \
        uint32_t bit = next & -next;                                           \
        uint64_t e = run[__builtin_popcount(letters & (bit - 1))];             \
        if (!(e & EOW) || !(bit & hand_ok)) continue;                          \
        if (j-- > 0) continue;                                                 \
        word[depth] = (char)('A' + __builtin_ctz(next));                       \
        uint32_t at = (uint32_t)p;                                             \
        for (int c = depth - 1; c >= 0; c--) {                                 \
          word[c] = (char)('A' + paths[at].letter);                            \
          at = paths[at].parent;                                               \
        }                                                                      \
        return depth + 1;                                                      \
      }                                                                        \
    }                                                                          \
    return 0; /* (not reached: the level counted the word) */                 \
  }

KEPT_LEVEL(kept_level_plain, )
#if POPCNT_CLONES
KEPT_LEVEL(kept_level_popcnt, WITH_POPCNT)
#endif

int cl_dict_kept_word(const cl_Dict *d, cl_DictKept *k, long i, char *word, int *how, int *doubled) {
  *how = 0;
  *doubled = -1;
  if (i < 0 || i >= k->n) return 0;
  if (!k->wide) {
    Wanted w = {i, 0, word, 0, 0, -1};
    if (cl_dict_search(d, &k->q, wanted, &w) < 0) return -1;
    *how = w.how;
    *doubled = w.doubled;
    return w.len;
  }
  /* the length it has, then its path and last letter: the paths one
  ** shorter are walked again, as their level walked them, up to the word */
  int depth = 0;
  while (depth + 1 < k->levels && k->level[depth].before + k->level[depth].at <= i) depth++;
  long j = i - k->level[depth].before;
#if POPCNT_CLONES
  if (has_popcnt()) return kept_level_popcnt(d, k, depth, j, word);
#endif
  return kept_level_plain(d, k, depth, j, word);
}