/*
** test_dict.c: the dictionary of the core (vm/dict.c), checked against a
** plain list of words: membership, the rack search with every constraint,
** images (including damaged ones), and bad lines in a word list.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"
#include "check.h"

static const char *WORDS[] = {
  "AA", "AAH", "AB", "ABA", "ABS", "BA", "BAA", "BAAS", "BAD", "BADS", "BE", "BED", "BEDS",
  "CAB", "CABS", "CAT", "CATS", "DAB", "DABS", "EAT", "EATS", "QUOTA", "QUOTAS", "TEA", "TEAS",
  "ZZZ", "ABBA", "ABBAS", "ADD", "ADDS", "DAD", "DADS",
};
#define NWORDS (sizeof WORDS / sizeof WORDS[0])

static cl_Dict *build_words(void) {
  char text[1024] = "";
  /* out of order, mixed case, CR LF, blanks and bad lines on purpose */
  for (size_t i = NWORDS; i-- > 0;) {
    strcat(text, i % 3 == 0 ? "  " : "");
    for (const char *p = WORDS[i]; *p; p++) {
      char c[2] = {(char)(i % 2 ? *p | 0x20 : *p), 0};
      strcat(text, c);
    }
    strcat(text, i % 4 == 0 ? "\r\n" : "\n");
  }
  strcat(text, "\nNOT A WORD\nd0g\nAA\n");
  cl_DictStats st;
  cl_Dict *d = cl_dict_build(text, strlen(text), &st);
  CHECK(d != NULL);
  CHECK(st.words == (long)NWORDS);      /* AA twice is one word */
  CHECK(st.skipped == 2);               /* "NOT A WORD", "d0g"; the blank line not counted */
  CHECK(st.first_skipped[0] == (long)NWORDS + 2 && st.first_skipped[1] == (long)NWORDS + 3);
  return d;
}

static int in_list(const char *w, int len) {
  for (size_t i = 0; i < NWORDS; i++)
    if ((int)strlen(WORDS[i]) == len && memcmp(WORDS[i], w, (size_t)len) == 0) return 1;
  return 0;
}

static void test_contains(cl_Dict *d) {
  for (size_t i = 0; i < NWORDS; i++) CHECK(cl_dict_contains(d, WORDS[i], strlen(WORDS[i])));
  CHECK(cl_dict_contains(d, "quota", 5));        /* any case */
  CHECK(cl_dict_contains(d, "QuOtAs", 6));
  CHECK(!cl_dict_contains(d, "QUOT", 4));         /* a prefix only */
  CHECK(!cl_dict_contains(d, "QUOTASS", 7));
  CHECK(!cl_dict_contains(d, "", 0));
  CHECK(!cl_dict_contains(d, "A", 1));
  CHECK(!cl_dict_contains(d, "QU0TA", 5));        /* not a letter */
  CHECK(!cl_dict_contains(d, "AB\0", 3));
  CHECK(!cl_dict_contains(d, "XYZ", 3));
  /* every one-letter change of every word agrees with the list */
  int agree = 1;
  for (size_t i = 0; i < NWORDS; i++) {
    char w[16];
    int len = (int)strlen(WORDS[i]);
    for (int k = 0; k < len; k++)
      for (char c = 'A'; c <= 'Z'; c++) {
        memcpy(w, WORDS[i], (size_t)len);
        w[k] = c;
        agree &= cl_dict_contains(d, w, (size_t)len) == in_list(w, len);
      }
  }
  CHECK(agree);
}

/* The batch lookup agrees with one lookup at a time: on the words, on every
** one-letter change of them, on short, empty, missing (NULL) and non-letter
** words, and on batches of every size from none to more than its lanes. Each
** word is its own allocation of exactly its letters, with no NUL after it,
** so that AddressSanitizer catches a read past its end. */
static void test_contains_many(cl_Dict *d) {
  /* the odd ones: a non-letter in the first three letters, which the prefix
  ** table sees, and after them, which the lanes' walk must see (QUOT! would
  ** read as QUOTA, CAB\xD3 as CABS, were its case folded blindly) */
  const char *odd[] = {"quota", "QUOT", "", "A", "QU0TA", "XYZ", "QUOTASS", "AB",
                       "QUOT!", "CAB\xD3", "QUOTA@"};
  /* max: the odd ones, a NULL, and each word with its 26 changes of each letter */
  size_t nodd = sizeof odd / sizeof odd[0], max = nodd + 1;
  for (size_t i = 0; i < NWORDS; i++) max += strlen(WORDS[i]) * 26 + 1;
  /* exactly n entries, so that a read of word[n] or len[n] is caught too */
  char **word = malloc(max * sizeof *word);
  size_t *len = malloc(max * sizeof *len), n = 0;
  unsigned char *in = malloc(max);
  if (!CHECK(word != NULL && len != NULL && in != NULL)) return;
  for (size_t i = 0; i < nodd; i++) {
    len[n] = strlen(odd[i]);
    word[n] = malloc(len[n] + 1);  /* +1: malloc(0) may give NULL */
    memcpy(word[n], odd[i], len[n]);
    n++;
  }
  word[n] = NULL;
  len[n++] = 5;
  for (size_t i = 0; i < NWORDS; i++) {
    size_t l = strlen(WORDS[i]);
    for (size_t k = 0; k <= l; k++)
      for (char c = 'A'; c <= 'Z'; c++) {
        if (k == l && c > 'A') break;  /* k == l: the word itself, once */
        if (n >= max) {  /* max was counted wrong: fail, do not write past it */
          CHECK(n < max);
          return;
        }
        word[n] = malloc(l);
        memcpy(word[n], WORDS[i], l);
        if (k < l) word[n][k] = c;
        len[n++] = l;
      }
  }
  char **exact = realloc(word, n * sizeof *word);
  size_t *exact_len = realloc(len, n * sizeof *len);
  if (exact != NULL) word = exact;
  if (exact_len != NULL) len = exact_len;
  size_t expected = 0;
  for (size_t i = 0; i < n; i++) expected += word[i] != NULL && cl_dict_contains(d, word[i], len[i]);
  memset(in, 2, n);
  CHECK(cl_dict_contains_many(d, (const char *const *)word, len, n, in) == expected);
  int agree = 1;
  for (size_t i = 0; i < n; i++)
    agree &= in[i] == (word[i] != NULL && cl_dict_contains(d, word[i], len[i]));
  CHECK(agree);
  CHECK(expected > NWORDS && in[0] == 1 && in[1] == 0 && in[8] == 0 && in[9] == 0 && in[nodd] == 0);
  /* small batches, from every start: the lanes filled only in part */
  int small = 1;
  for (size_t size = 0; size <= 20; size++)
    for (size_t at = 0; at + size <= 200; at++) {
      size_t count = 0;
      for (size_t i = at; i < at + size; i++) count += in[i];
      small &= cl_dict_contains_many(d, (const char *const *)word + at, len + at, size, NULL) == count;
    }
  CHECK(small);
  CHECK(cl_dict_contains_many(d, NULL, NULL, 0, NULL) == 0);
  for (size_t i = 0; i < n; i++) free(word[i]);
  free(word);
  free(len);
  free(in);
}

typedef struct Found {
  char words[64][16];
  int how[64], doubled[64], n;
} Found;

static int keep(const char *word, int len, int how, int doubled, void *ud) {
  Found *f = ud;
  if (f->n < 64) {
    memcpy(f->words[f->n], word, (size_t)len);
    f->words[f->n][len] = '\0';
    f->how[f->n] = how;
    f->doubled[f->n] = doubled;
  }
  f->n++;
  return 0;
}

static void letters(unsigned char *counts, const char *s) {
  for (; *s; s++) counts[*s - 'A']++;
}

static cl_DictQuery query(const char *hand, const char *pool, int min, int max) {
  cl_DictQuery q;
  memset(&q, 0, sizeof q);
  letters(q.hand, hand);
  letters(q.pool, pool);
  q.min_len = min;
  q.max_len = max;
  q.need_hand = hand[0] != '\0';
  return q;
}

static int found_word(const Found *f, const char *w, int how) {
  for (int i = 0; i < f->n && i < 64; i++)
    if (strcmp(f->words[i], w) == 0 && f->how[i] == how) return 1;
  return 0;
}

static int stop_after_two(const char *word, int len, int how, int doubled, void *ud) {
  (void)word, (void)len, (void)how, (void)doubled;
  return ++*(int *)ud == 2;
}

static void test_search(cl_Dict *d) {
  Found f = {0};
  cl_DictQuery q = query("", "ABSD", 2, 12);
  long n = cl_dict_search(d, &q, keep, &f);
  /* AB ABS BA BAD BADS DAB DABS: letters used at most as often as held */
  CHECK(n == 7 && f.n == 7);
  CHECK(found_word(&f, "BADS", 0) && found_word(&f, "DABS", 0) && !found_word(&f, "BAA", 0));
  CHECK(strcmp(f.words[0], "AB") == 0 && strcmp(f.words[6], "DABS") == 0);  /* alphabetical */
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 7);                            /* counting only */

  q = query("", "ABSD", 4, 12);                                   /* length limits */
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 2);
  q = query("", "ABSD", 2, 2);
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 2);                  /* AB BA */

  q = query("S", "ABD", 2, 12);                                   /* a hand letter is needed */
  memset(&f, 0, sizeof f);
  CHECK(cl_dict_search(d, &q, keep, &f) == 3);                    /* ABS BADS DABS */
  CHECK(found_word(&f, "ABS", 0) && found_word(&f, "BADS", 0) && found_word(&f, "DABS", 0));

  q = query("", "ABSD", 2, 12);
  q.min_cards = 3;                                                /* letters from the cards */
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 5);                  /* ABS BAD BADS DAB DABS */

  /* X: one letter of the word twice */
  q = query("", "ABS", 3, 12);
  q.double_letter = 1;
  memset(&f, 0, sizeof f);
  cl_dict_search(d, &q, keep, &f);
  CHECK(found_word(&f, "ABS", 0));
  CHECK(found_word(&f, "ABA", CL_DICT_DOUBLED) && found_word(&f, "BAA", CL_DICT_DOUBLED));
  CHECK(found_word(&f, "BAAS", CL_DICT_DOUBLED) && found_word(&f, "ABBAS", 0) == 0);
  CHECK(!found_word(&f, "ABBAS", CL_DICT_DOUBLED));               /* would need two extra */
  int ok = 1;
  for (int i = 0; i < f.n; i++)
    if (strcmp(f.words[i], "BAAS") == 0) ok &= f.doubled[i] == 0;  /* the A */
  CHECK(ok);
  q = query("", "BS", 3, 12);
  q.double_letter = 1;
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 0);                  /* no A to double */
  q = query("", "AB", 3, 12);                                     /* longer than the cards */
  q.double_letter = 1;
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 2);                  /* ABA BAA */

  /* Z: an S not from the cards ends the word */
  q = query("", "CAT", 3, 12);
  q.append_s = 1;
  memset(&f, 0, sizeof f);
  CHECK(cl_dict_search(d, &q, keep, &f) == 2);                    /* CAT, CAT+S */
  CHECK(found_word(&f, "CATS", CL_DICT_APPENDED) && found_word(&f, "CAT", 0));
  q = query("", "CATS", 3, 12);
  q.append_s = 1;
  memset(&f, 0, sizeof f);
  cl_dict_search(d, &q, keep, &f);
  CHECK(found_word(&f, "CATS", 0) && !found_word(&f, "CATS", CL_DICT_APPENDED));  /* a real S */

  /* the callback stops the search */
  q = query("", "ABSD", 2, 12);
  int calls = 0;
  long stopped = cl_dict_search(d, &q, stop_after_two, &calls);
  CHECK(stopped == 2 && calls == 2);

  /* nothing to find, impossible limits */
  q = query("", "", 1, 12);
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 0);
  q = query("", "ABSD", 5, 3);
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 0);
  q = query("", "ABSD", 1, 99);                                   /* clamped, not overrun */
  CHECK(cl_dict_search(d, &q, NULL, NULL) == 7);
}

static void test_images(cl_Dict *d) {
  const void *data;
  size_t len = cl_dict_image(d, &data);
  unsigned char *copy = malloc(len);
  memcpy(copy, data, len);
  cl_Dict *again = cl_dict_from_image(copy, len);
  CHECK(again != NULL);
  /* the image carries what the build found in the list: the same stats */
  cl_DictStats built, loaded;
  cl_dict_stats(d, &built);
  if (again) cl_dict_stats(again, &loaded);
  CHECK(again && loaded.lines == built.lines && loaded.words == built.words &&
        loaded.skipped == 2 && loaded.skipped == built.skipped && loaded.nodes == built.nodes &&
        loaded.bytes == built.bytes &&
        memcmp(loaded.first_skipped, built.first_skipped, 2 * sizeof(long)) == 0);
  int same = again != NULL;
  for (size_t i = 0; same && i < NWORDS; i++) same = cl_dict_contains(again, WORDS[i], strlen(WORDS[i]));
  CHECK(same && again && !cl_dict_contains(again, "QUOT", 4));
  cl_DictQuery q = query("", "ABSD", 2, 12);
  CHECK(again && cl_dict_search(again, &q, NULL, NULL) == 7);
  cl_dict_free(again);
  /* damaged images are refused, whatever byte is wrong */
  int refused = 1;
  for (size_t i = 0; i < len; i += 3) {
    copy[i] ^= 0x40;
    cl_Dict *bad = cl_dict_from_image(copy, len);
    refused &= bad == NULL;
    cl_dict_free(bad);
    copy[i] ^= 0x40;
  }
  CHECK(refused);
  CHECK(cl_dict_from_image(copy, len - 4) == NULL);
  CHECK(cl_dict_from_image(copy, 3) == NULL);
  /* forged images with a valid checksum: an edge whose run is its own (the
  ** search would loop), one whose run runs past the end, and one with a bit
  ** set above end-of-word (the walks take the edge >> 53 as that bit alone):
  ** refused */
  uint64_t *e = (uint64_t *)copy;
  size_t header = 128 / 8, edges = len / 8;
  int forged = 0;
  for (size_t i = header; i < edges && forged < 3; i++) {
    if ((e[i] >> 27 & 0x03ffffffu) == 0) continue;  /* no run: a word ends there */
    uint64_t kept = e[i];
    if (forged < 2) e[i] = (e[i] & ~(uint64_t)0x7ffffff) | (forged == 0 ? i : edges - 1);
    else e[i] |= (uint64_t)1 << 60;
    /* the checksum covers the 120 header bytes before it, then the edges */
    uint64_t h = cl_hash(cl_hash(CL_HASH_INIT, copy, 120), e + header, (edges - header) * 8);
    memcpy(copy + 120, &h, 8);
    cl_Dict *bad = cl_dict_from_image(copy, len);
    CHECK(bad == NULL);
    cl_dict_free(bad);
    e[i] = kept;
    forged++;
  }
  CHECK(forged == 3);
  /* forged counts of the list: more lines skipped than the list had, and a
  ** first skipped line out of order */
  for (int f = 0; f < 2; f++) {
    uint64_t kept[2] = {e[4], e[5]};  /* skipped, first_skipped[0] */
    if (f == 0) e[4] = e[3] + 1;
    else e[5] = e[6] + 1;
    uint64_t hf = cl_hash(cl_hash(CL_HASH_INIT, copy, 120), e + header, (edges - header) * 8);
    memcpy(copy + 120, &hf, 8);
    cl_Dict *bad = cl_dict_from_image(copy, len);
    CHECK(bad == NULL);
    cl_dict_free(bad);
    e[4] = kept[0];
    e[5] = kept[1];
  }
  /* and with the edges put back, the checksum fixed, it is taken again */
  uint64_t h = cl_hash(cl_hash(CL_HASH_INIT, copy, 120), e + header, (edges - header) * 8);
  memcpy(copy + 120, &h, 8);
  again = cl_dict_from_image(copy, len);
  CHECK(again != NULL);
  cl_dict_free(again);
  free(copy);
}

static void test_empty(void) {
  cl_DictStats st;
  CHECK(cl_dict_build("\n\n  \n", 5, &st) == NULL && st.words == 0 && st.skipped == 0);
  CHECK(cl_dict_build("1\n@@\n", 5, &st) == NULL && st.words == 0 && st.skipped == 2);
  CHECK(cl_dict_build("", 0, &st) == NULL);
  char longword[40];
  memset(longword, 'A', sizeof longword);
  CHECK(cl_dict_build(longword, sizeof longword, &st) == NULL && st.skipped == 1);
}

/* A random word list for the brute-force tests: n words of shortest to
** shortest + span - 1 letters from the alphabet, into words and, a line
** each, into text. Gives the length of the text. */
#define MAX_RANDOM_WORD 9
static size_t random_list(cl_Rng *r, const char *alphabet, int n, int shortest, int span,
                          char (*words)[MAX_RANDOM_WORD + 1], char *text) {
  uint32_t letters = (uint32_t)strlen(alphabet);
  size_t used = 0;
  for (int i = 0; i < n; i++) {
    int len = shortest + (int)cl_rng_below(r, (uint32_t)span);
    for (int k = 0; k < len; k++) words[i][k] = alphabet[cl_rng_below(r, letters)];
    words[i][len] = '\0';
    used += (size_t)sprintf(text + used, "%s\n", words[i]);
  }
  return used;
}

/* Random lists over few letters, against brute force: every rack's count of
** formable words, plain and with one letter doubled. */
static void test_against_brute_force(void) {
  cl_Rng r;
  cl_rng_seed(&r, 42);
  enum { N = 3000 };
  static char words[N][MAX_RANDOM_WORD + 1];
  static char text[N * (MAX_RANDOM_WORD + 1)];
  size_t used = random_list(&r, "ABCDEF", N, 2, 7, words, text);
  cl_DictStats st;
  cl_Dict *d = cl_dict_build(text, used, &st);
  if (!CHECK(d != NULL)) return;
  int members = 1;
  for (int i = 0; i < N; i++) members &= cl_dict_contains(d, words[i], strlen(words[i]));
  CHECK(members);
  int plain_ok = 1, double_ok = 1;
  for (int t = 0; t < 300; t++) {
    int held[26] = {0};
    cl_DictQuery q;
    memset(&q, 0, sizeof q);
    int size = 4 + (int)cl_rng_below(&r, 7);
    for (int k = 0; k < size; k++) {
      int c = (int)cl_rng_below(&r, 6);
      held[c]++;
      q.pool[c]++;
    }
    q.min_len = 2;
    q.max_len = 12;
    /* brute force over the distinct words */
    long plain = 0, doubled = 0;
    for (int i = 0; i < N; i++) {
      int seen = 0;
      for (int j = 0; j < i && !seen; j++) seen = strcmp(words[i], words[j]) == 0;
      if (seen) continue;
      int need[26] = {0};
      for (const char *p = words[i]; *p; p++) need[*p - 'A']++;
      int over = 0, over_letter = -1;
      for (int c = 0; c < 26; c++)
        if (need[c] > held[c]) over += need[c] - held[c], over_letter = c;
      if (over == 0) plain++;
      if (over == 0 || (over == 1 && held[over_letter] >= 1)) doubled++;
    }
    plain_ok &= cl_dict_search(d, &q, NULL, NULL) == plain;
    q.double_letter = 1;
    double_ok &= cl_dict_search(d, &q, NULL, NULL) == doubled;
  }
  CHECK(plain_ok);
  CHECK(double_ok);
  cl_dict_free(d);
}

/* Whether the letters of word[0..len) fit in held (counts), and whether one
** of them is a letter of hand. */
static int fits(const char *word, int len, const int *held, const int *hand, int *hand_hit) {
  int need[26] = {0};
  *hand_hit = 0;
  for (int i = 0; i < len; i++) {
    int c = word[i] - 'A';
    need[c]++;
    if (hand[c]) *hand_hit = 1;
  }
  for (int c = 0; c < 26; c++)
    if (need[c] > held[c]) return 0;
  return 1;
}

/* Random lists over A, B, E, S, T, against brute force: racks split into
** hand and pool, with a hand card needed, a least number of cards, and the Z
** patent's appended S (reported only where the cards cannot spell the word). */
static void test_hand_and_append_against_brute_force(void) {
  cl_Rng r;
  cl_rng_seed(&r, 7);
  enum { N = 2000 };
  static char words[N][MAX_RANDOM_WORD + 1];
  static char text[N * (MAX_RANDOM_WORD + 1)];
  static const char ALPHABET[] = "ABEST";
  size_t used = random_list(&r, ALPHABET, N, 1, 8, words, text);
  cl_DictStats st;
  cl_Dict *d = cl_dict_build(text, used, &st);
  if (!CHECK(d != NULL)) return;
  int lean_ok = 1, append_ok = 1;
  for (int t = 0; t < 300; t++) {
    int held[26] = {0}, hand[26] = {0};
    cl_DictQuery q;
    memset(&q, 0, sizeof q);
    int size = 2 + (int)cl_rng_below(&r, 8);
    for (int k = 0; k < size; k++) {
      int c = ALPHABET[cl_rng_below(&r, 5)] - 'A';
      held[c]++;
      if (cl_rng_below(&r, 2)) q.hand[c]++, hand[c] = 1;
      else q.pool[c]++;
    }
    q.min_len = 1 + (int)cl_rng_below(&r, 3);
    q.max_len = q.min_len + (int)cl_rng_below(&r, 6);
    q.min_cards = (int)cl_rng_below(&r, 4);
    q.need_hand = (int)cl_rng_below(&r, 2);
    long plain = 0, appended = 0;
    for (int i = 0; i < N; i++) {
      int seen = 0;
      for (int j = 0; j < i && !seen; j++) seen = strcmp(words[i], words[j]) == 0;
      if (seen) continue;
      int len = (int)strlen(words[i]), hit;
      if (len < q.min_len || len > q.max_len) continue;
      if (fits(words[i], len, held, hand, &hit)) {
        if (len >= q.min_cards && (hit || !q.need_hand)) plain++;
      } else if (words[i][len - 1] == 'S' && fits(words[i], len - 1, held, hand, &hit) &&
                 len - 1 >= q.min_cards && (hit || !q.need_hand)) {
        appended++;
      }
    }
    lean_ok &= cl_dict_search(d, &q, NULL, NULL) == plain;
    q.append_s = 1;
    append_ok &= cl_dict_search(d, &q, NULL, NULL) == plain + appended;
  }
  CHECK(lean_ok);
  CHECK(append_ok);
  cl_dict_free(d);
}

/* A search with far more paths and words at one length than the walk keeps
** on the stack (1024 each): every three-letter word, and each of them with
** an A after it. Words still come shortest first, alphabetically within a
** length, each once. */
typedef struct Order {
  char last[8];
  int last_len;
  long n, out_of_order;
} Order;

static int keep_order(const char *word, int len, int how, int doubled, void *ud) {
  (void)how, (void)doubled;
  Order *o = ud;
  int cmp = len != o->last_len ? len - o->last_len : memcmp(word, o->last, (size_t)len);
  if (o->n > 0 && cmp <= 0) o->out_of_order++;
  memcpy(o->last, word, (size_t)len);
  o->last_len = len;
  o->n++;
  return 0;
}

static void test_many_paths(void) {
  size_t size = 26 * 26 * 26 * 9 + 1;  /* and sprintf's last NUL */
  char *text = malloc(size), *p = text;
  if (!CHECK(text != NULL)) return;
  for (int i = 0; i < 26 * 26 * 26; i++) {
    char w[3] = {(char)('A' + i / 676), (char)('A' + i / 26 % 26), (char)('A' + i % 26)};
    p += sprintf(p, "%.3s\n%.3sA\n", w, w);
  }
  cl_DictStats st;
  cl_Dict *d = cl_dict_build(text, (size_t)(p - text), &st);
  free(text);
  if (!CHECK(d != NULL && st.words == 2 * 26 * 26 * 26)) return;
  cl_DictQuery q;
  memset(&q, 0, sizeof q);
  for (int c = 0; c < 26; c++) q.pool[c] = 3;  /* AAAA is the one word out of reach */
  q.min_len = 3;
  q.max_len = 4;
  Order o;
  memset(&o, 0, sizeof o);
  long n = cl_dict_search(d, &q, keep_order, &o);
  CHECK(n == 2 * 26 * 26 * 26 - 1 && o.n == n && o.out_of_order == 0);
  CHECK(cl_dict_search(d, &q, NULL, NULL) == n);
  cl_dict_free(d);
}

/* Every word of a listing, in order, with how it was formed. */
typedef struct Listed {
  char (*words)[CL_DICT_MAX_WORD + 1];
  int *how, *doubled;
  long n, cap;
} Listed;

static int list_all(const char *word, int len, int how, int doubled, void *ud) {
  Listed *l = ud;
  if (l->n < l->cap) {
    memcpy(l->words[l->n], word, (size_t)len);
    l->words[l->n][len] = '\0';
    l->how[l->n] = how;
    l->doubled[l->n] = doubled;
  }
  l->n++;
  return 0;
}

/* A count kept spells each of its words as the listing gives it, at every
** index, for lean queries (walked again from the count's paths), queries
** with X or Z and racks too large for the wide walk (searched again); with
** more paths than one block of them; and again after another count. */
static int kept_matches(cl_Dict *d, const cl_DictQuery *q, cl_DictKept *k, Listed *l, long stride) {
  l->n = 0;
  long listed = cl_dict_search(d, q, list_all, l);
  long n = cl_dict_count_kept(d, q, k);
  if (n != listed || n > l->cap) return 0;
  char word[CL_DICT_MAX_WORD];
  int how, doubled;
  for (long i = 0; i < n; i += i + stride < n || i == n - 1 ? stride : n - 1 - i) {
    int len = cl_dict_kept_word(d, k, i, word, &how, &doubled);
    if (len != (int)strlen(l->words[i]) || memcmp(word, l->words[i], (size_t)len) != 0 ||
        how != l->how[i] || doubled != l->doubled[i])
      return 0;
  }
  return cl_dict_kept_word(d, k, n, word, &how, &doubled) == 0 &&
         cl_dict_kept_word(d, k, -1, word, &how, &doubled) == 0;
}

static void test_kept(void) {
  cl_Rng r;
  cl_rng_seed(&r, 11);
  enum { N = 2000, CAP = 40000 };
  static char words[N][MAX_RANDOM_WORD + 1];
  static char text[N * (MAX_RANDOM_WORD + 1)];
  static char listed_words[CAP][CL_DICT_MAX_WORD + 1];
  static int how[CAP], doubled[CAP];
  Listed l = {listed_words, how, doubled, 0, CAP};
  static const char ALPHABET[] = "ABEST";
  size_t used = random_list(&r, ALPHABET, N, 1, 8, words, text);
  cl_DictStats st;
  cl_Dict *d = cl_dict_build(text, used, &st);
  cl_DictKept *k = cl_dict_kept_new();
  if (!CHECK(d != NULL && k != NULL)) return;
  int lean_ok = 1, able_ok = 1, deep_ok = 1;
  for (int t = 0; t < 300; t++) {
    cl_DictQuery q;
    memset(&q, 0, sizeof q);
    int size = 2 + (int)cl_rng_below(&r, 9);
    for (int j = 0; j < size; j++) {
      int c = ALPHABET[cl_rng_below(&r, 5)] - 'A';
      if (cl_rng_below(&r, 2)) q.hand[c]++;
      else q.pool[c]++;
    }
    q.min_len = 1 + (int)cl_rng_below(&r, 3);
    q.max_len = q.min_len + (int)cl_rng_below(&r, 6);
    q.min_cards = (int)cl_rng_below(&r, 4);
    q.need_hand = (int)cl_rng_below(&r, 2);
    lean_ok &= kept_matches(d, &q, k, &l, 1);
    q.double_letter = (int)cl_rng_below(&r, 2);
    q.append_s = !q.double_letter || cl_rng_below(&r, 2);
    able_ok &= kept_matches(d, &q, k, &l, 1);
    /* counts too large for the wide walk's fields (searched again for each
    ** word: some of them, the last included) */
    q.double_letter = q.append_s = 0;
    for (int c = 0; c < 26; c++) q.pool[c] = 200;
    deep_ok &= kept_matches(d, &q, k, &l, 97);
  }
  CHECK(lean_ok);
  CHECK(able_ok);
  CHECK(deep_ok);
  cl_dict_free(d);
  /* more paths than the first block of them */
  size_t size = 26 * 26 * 26 * 9 + 1;
  char *many = malloc(size), *p = many;
  if (!CHECK(many != NULL)) return;
  for (int i = 0; i < 26 * 26 * 26; i++) {
    char w[3] = {(char)('A' + i / 676), (char)('A' + i / 26 % 26), (char)('A' + i % 26)};
    p += sprintf(p, "%.3s\n%.3sA\n", w, w);
  }
  d = cl_dict_build(many, (size_t)(p - many), &st);
  free(many);
  if (!CHECK(d != NULL)) return;
  cl_DictQuery q;
  memset(&q, 0, sizeof q);
  for (int c = 0; c < 26; c++) q.pool[c] = 2;
  q.min_len = 3;
  q.max_len = 4;
  CHECK(kept_matches(d, &q, k, &l, 1));
  cl_dict_free(d);
  cl_dict_kept_free(k);
  cl_dict_kept_free(NULL);
}

int main(void) {
  cl_Dict *d = build_words();
  if (d) {
    test_contains(d);
    test_contains_many(d);
    test_search(d);
    test_images(d);
  }
  cl_dict_free(d);
  test_empty();
  test_against_brute_force();
  test_hand_and_append_against_brute_force();
  test_many_paths();
  test_kept();
  return check_report();
}
