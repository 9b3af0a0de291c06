/*
** test_core.c: unit tests of the C core as cardlab.h specifies it: the random
** generator, the table of cards and zones, seats and turn order, the answer
** log, answer matching, the hash and the error messages (assertions:
** check.h).
*/
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"
#include "check.h"

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))


/* ---------------------------------------------------------------- helpers */

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* Returns 1 if zone z holds exactly the n cards of want, top first. */
static int zone_is(const cl_Table *t, int z, const int32_t *want, int n) {
  int32_t got[CL_MAX_CARDS];
  if (cl_zone_count(t, z) != n) return 0;
  if (cl_zone_cards(t, z, got) != n) return 0;
  for (int i = 0; i < n; i++) {
    if (got[i] != want[i]) return 0;
    if (cl_zone_peek(t, z, i + 1) != want[i]) return 0;
    if (cl_zone_find_card(t, z, want[i]) != i + 1) return 0;
    if (cl_card_zone(t, want[i]) != z) return 0;
  }
  return 1;
}
#define ZONE_IS(t, z, ...) \
  zone_is((t), (z), (const int32_t[]){__VA_ARGS__}, \
          (int)(sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t)))

/* Puts the cards into z under its bottom, in order: z then reads top first
** as its former cards followed by these. */
static void fill(cl_Table *t, int z, const int32_t *cards, int n) {
  for (int i = 0; i < n; i++) CHECK_EQ(cl_card_move(t, cards[i], z, 0), CL_OK);
}
#define FILL(t, z, ...) \
  fill((t), (z), (const int32_t[]){__VA_ARGS__}, \
       (int)(sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t)))

/* A picture of everything observable about a table, to show that a failed
** call changed nothing. Free with free(). */
typedef struct Snapshot {
  size_t n;
  int32_t *v;
} Snapshot;

static Snapshot snapshot(const cl_Table *t) {
  int nc = cl_table_ncards(t), nz = cl_table_nzones(t);
  Snapshot s;
  s.v = malloc(((size_t)nz * (size_t)(nc + 1) + (size_t)nc * (3 + CL_MAX_SEATS) + 2) *
               sizeof(int32_t));
  s.n = 0;
  s.v[s.n++] = nz;
  s.v[s.n++] = nc;
  for (int z = 0; z < nz; z++) {
    s.v[s.n++] = cl_zone_count(t, z);
    s.n += (size_t)cl_zone_cards(t, z, s.v + s.n);
  }
  for (int c = 1; c <= nc; c++) {
    s.v[s.n++] = cl_card_zone(t, c);
    s.v[s.n++] = cl_card_face_up(t, c);
    for (int seat = 1; seat <= CL_MAX_SEATS; seat++)
      s.v[s.n++] = cl_card_shown(t, c, seat);
  }
  return s;
}

/* Returns 1 if the table looks as it did in s, and frees s. */
static int unchanged(const cl_Table *t, Snapshot s) {
  Snapshot now = snapshot(t);
  int same = now.n == s.n && memcmp(now.v, s.v, s.n * sizeof(int32_t)) == 0;
  free(now.v);
  free(s.v);
  return same;
}

/* The invariant of the table, checked through the public functions only:
** every card is in exactly one zone, and every way of asking agrees. */
static int table_consistent(const cl_Table *t) {
  int nc = cl_table_ncards(t), nz = cl_table_nzones(t);
  int32_t cards[CL_MAX_CARDS];
  static int seen[CL_MAX_CARDS + 1];
  int total = 0;
  memset(seen, 0, (size_t)(nc + 1) * sizeof seen[0]);
  for (int z = 0; z < nz; z++) {
    int n = cl_zone_count(t, z);
    if (n < 0 || cl_zone_cards(t, z, cards) != n) return 0;
    total += n;
    for (int i = 0; i < n; i++) {
      int c = cards[i];
      if (c < 1 || c > nc || seen[c]++) return 0;
      if (cl_card_zone(t, c) != z) return 0;
      if (cl_zone_find_card(t, z, c) != i + 1) return 0;
      if (cl_zone_peek(t, z, i + 1) != c) return 0;
    }
    if (cl_zone_peek(t, z, n + 1) != 0 || cl_zone_peek(t, z, 0) != 0) return 0;
  }
  if (total != nc) return 0;
  for (int c = 1; c <= nc; c++) {
    if (seen[c] != 1) return 0;
    for (int z = 0; z < nz; z++)
      if ((cl_zone_find_card(t, z, c) != 0) != (cl_card_zone(t, c) == z)) return 0;
  }
  return 1;
}


/* ---------------------------------------------------------------- random */

static void test_rng_streams(void) {
  cl_Rng a, b, c;
  cl_rng_seed(&a, 12345);
  cl_rng_seed(&b, 12345);
  cl_rng_seed(&c, 12346);
  int same_ab = 1, equal_ac = 0;
  for (int i = 0; i < 1000; i++) {
    uint64_t x = cl_rng_next(&a), y = cl_rng_next(&b), z = cl_rng_next(&c);
    same_ab &= x == y;
    equal_ac += x == z;
  }
  CHECK(same_ab);
  CHECK_EQ(equal_ac, 0);

  /* seed 0 must not give the all-zero state, which xoshiro never leaves */
  cl_rng_seed(&a, 0);
  CHECK(a.s[0] | a.s[1] | a.s[2] | a.s[3]);
  uint64_t first = cl_rng_next(&a);
  CHECK(first != 0 || cl_rng_next(&a) != 0);

  /* reseeding starts the stream over */
  cl_rng_seed(&a, 99);
  uint64_t v1 = cl_rng_next(&a);
  cl_rng_next(&a);
  cl_rng_seed(&a, 99);
  CHECK(cl_rng_next(&a) == v1);
}

/* Values from an independent implementation of splitmix64 and xoshiro256**:
** the same seed gives the same stream on every machine. */
static void test_rng_known_values(void) {
  cl_Rng r;
  cl_rng_seed(&r, 0);
  CHECK(r.s[0] == UINT64_C(0xe220a8397b1dcdaf));
  CHECK(r.s[1] == UINT64_C(0x6e789e6aa1b965f4));
  CHECK(r.s[2] == UINT64_C(0x06c45d188009454f));
  CHECK(r.s[3] == UINT64_C(0xf88bb8a8724c81ec));
  CHECK(cl_rng_next(&r) == UINT64_C(0x99ec5f36cb75f2b4));
  CHECK(cl_rng_next(&r) == UINT64_C(0xbf6e1f784956452a));
  CHECK(cl_rng_next(&r) == UINT64_C(0x1a5f849d4933e6e0));
  CHECK(cl_rng_next(&r) == UINT64_C(0x6aa594f1262d2d2c));

  cl_rng_seed(&r, 42);
  CHECK(cl_rng_next(&r) == UINT64_C(0x15780b2e0c2ec716));
  CHECK(cl_rng_next(&r) == UINT64_C(0x6104d9866d113a7e));
  CHECK(cl_rng_next(&r) == UINT64_C(0xae17533239e499a1));
  CHECK(cl_rng_next(&r) == UINT64_C(0xecb8ad4703b360a1));
}

static void test_rng_below_range(void) {
  static const uint32_t bounds[] = {
    1, 2, 3, 5, 6, 7, 10, 52, 100, 1000, 65535, 65536, 1000003,
    UINT32_C(0x7fffffff), UINT32_C(0x80000000), UINT32_C(0x80000001),
    UINT32_C(0xc0000000), UINT32_C(0xfffffffe), UINT32_C(0xffffffff)};
  cl_Rng r;
  cl_rng_seed(&r, 7);
  for (size_t k = 0; k < NELEMS(bounds); k++) {
    uint32_t bound = bounds[k], max = 0;
    int in_range = 1;
    for (int i = 0; i < 20000; i++) {
      uint32_t v = cl_rng_below(&r, bound);
      in_range &= v < bound;
      if (v > max) max = v;
    }
    if (!CHECK(in_range)) printf("  bound %lu\n", (unsigned long)bound);
    /* the values reach the top of the range: none stuck in a low part */
    if (bound == 1) CHECK_EQ(max, 0);
    else if (!CHECK(max >= bound - 1 - bound / 100)) printf("  bound %lu\n", (unsigned long)bound);
  }
}

static void test_rng_below_uniform(void) {
  cl_Rng r;
  cl_rng_seed(&r, 2024);
  long count[6] = {0};
  const int draws = 600000;
  for (int i = 0; i < draws; i++) count[cl_rng_below(&r, 6)]++;
  double expect = draws / 6.0, chi2 = 0;
  for (int k = 0; k < 6; k++) chi2 += (count[k] - expect) * (count[k] - expect) / expect;
  /* 5 degrees of freedom: 20.5 is the 0.1% tail; 40 is generous */
  if (!CHECK(chi2 < 40)) printf("  chi2 = %g\n", chi2);

  /* With bound 3*2^30 a plain multiply-high without rejection gives the
  ** multiples of 3 twice the chance of the others (1/2 instead of 1/3). */
  long zero = 0;
  const int n = 300000;
  for (int i = 0; i < n; i++) zero += cl_rng_below(&r, UINT32_C(0xc0000000)) % 3 == 0;
  if (!CHECK(zero > n / 3 - 3000 && zero < n / 3 + 3000)) printf("  %ld of %d\n", zero, n);
}

static void test_rng_float(void) {
  cl_Rng r;
  cl_rng_seed(&r, 5);
  int in_range = 1, odd = 0;
  double sum = 0, min = 1, max = 0;
  const int n = 200000;
  for (int i = 0; i < n; i++) {
    double x = cl_rng_float(&r);
    in_range &= x >= 0.0 && x < 1.0;
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
    /* 53 random bits: x * 2^53 is an integer, and sometimes an odd one */
    double scaled = x * 9007199254740992.0;
    in_range &= scaled == (double)(uint64_t)scaled;
    odd += (uint64_t)scaled & 1;
  }
  CHECK(in_range);
  CHECK(sum / n > 0.49 && sum / n < 0.51);
  CHECK(min < 0.001);
  CHECK(max > 0.999);
  CHECK(odd > n / 4);
}

static void test_rng_shuffle(void) {
  cl_Rng r;
  int32_t a[52], b[52], sorted[52];
  for (int i = 0; i < 52; i++) a[i] = b[i] = i * 3 % 52;  /* a permutation of 0..51 */
  a[7] = b[7] = 5;  /* and a repeated value: the multiset must survive */
  memcpy(sorted, a, sizeof a);
  qsort(sorted, 52, sizeof sorted[0], cmp_i32);

  cl_rng_seed(&r, 1);
  cl_rng_shuffle(&r, a, 52);
  int32_t c[52];
  memcpy(c, a, sizeof a);
  qsort(c, 52, sizeof c[0], cmp_i32);
  CHECK(memcmp(c, sorted, sizeof c) == 0);
  CHECK(memcmp(a, b, sizeof a) != 0);

  /* the same seed gives the same order, another seed another one */
  cl_rng_seed(&r, 1);
  cl_rng_shuffle(&r, b, 52);
  CHECK(memcmp(a, b, sizeof a) == 0);
  for (int i = 0; i < 52; i++) b[i] = i * 3 % 52;
  b[7] = 5;
  cl_rng_seed(&r, 2);
  cl_rng_shuffle(&r, b, 52);
  CHECK(memcmp(a, b, sizeof a) != 0);

  /* nothing to shuffle */
  int32_t one = 9;
  cl_rng_shuffle(&r, &one, 1);
  CHECK_EQ(one, 9);
  cl_rng_shuffle(&r, &one, 0);
  CHECK_EQ(one, 9);

  /* every order of three is equally likely */
  long orders[6] = {0};
  const int n = 60000;
  cl_rng_seed(&r, 3);
  for (int i = 0; i < n; i++) {
    int32_t x[3] = {0, 1, 2};
    cl_rng_shuffle(&r, x, 3);
    int ok = x[0] != x[1] && x[1] != x[2] && x[0] != x[2];
    if (!CHECK(ok)) break;
    orders[x[0] * 2 + (x[1] > x[2])]++;  /* 0 1 2 ... 2 1 0 as 0..5 */
  }
  double expect = n / 6.0, chi2 = 0;
  for (int k = 0; k < 6; k++) {
    CHECK(orders[k] > 0);
    chi2 += (orders[k] - expect) * (orders[k] - expect) / expect;
  }
  if (!CHECK(chi2 < 40)) printf("  chi2 = %g\n", chi2);

  /* every card reaches every place: card 0 of 4 over many shuffles */
  long place[4] = {0};
  for (int i = 0; i < 40000; i++) {
    int32_t x[4] = {0, 1, 2, 3};
    cl_rng_shuffle(&r, x, 4);
    for (int k = 0; k < 4; k++) if (x[k] == 0) place[k]++;
  }
  for (int k = 0; k < 4; k++) CHECK(place[k] > 9000 && place[k] < 11000);
}

static void test_rng_state(void) {
  cl_Rng r, saved;
  uint64_t first[100];
  cl_rng_seed(&r, 77);
  for (int i = 0; i < 17; i++) cl_rng_next(&r);
  saved = r;
  for (int i = 0; i < 100; i++) first[i] = cl_rng_next(&r);
  r = saved;
  int same = 1;
  for (int i = 0; i < 100; i++) same &= cl_rng_next(&r) == first[i];
  CHECK(same);

  /* restoring also reproduces bounded draws, floats and shuffles */
  r = saved;
  uint32_t b1 = cl_rng_below(&r, 1000);
  double f1 = cl_rng_float(&r);
  int32_t p1[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  cl_rng_shuffle(&r, p1, 10);
  r = saved;
  CHECK(cl_rng_below(&r, 1000) == b1);
  CHECK(cl_rng_float(&r) == f1);
  int32_t p2[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  cl_rng_shuffle(&r, p2, 10);
  CHECK(memcmp(p1, p2, sizeof p1) == 0);

  /* a copy runs on by itself */
  cl_Rng copy = r;
  uint64_t x = cl_rng_next(&r);
  CHECK(cl_rng_next(&copy) == x);
  CHECK(cl_rng_next(&r) == cl_rng_next(&copy));
}


/* ---------------------------------------------------------------- table */

static void test_table_new(void) {
  CHECK(cl_table_new(-1) == NULL);
  CHECK(cl_table_new(CL_MAX_CARDS + 1) == NULL);
  cl_table_free(NULL);

  cl_Table *t = cl_table_new(0);
  if (CHECK(t != NULL)) {
    CHECK_EQ(cl_table_ncards(t), 0);
    CHECK_EQ(cl_table_nzones(t), 1);
    CHECK_EQ(cl_zone_count(t, 0), 0);
    CHECK_EQ(cl_card_zone(t, 1), CL_ENOCARD);
    cl_table_free(t);
  }

  t = cl_table_new(52);
  if (!CHECK(t != NULL)) return;
  CHECK_EQ(cl_table_ncards(t), 52);
  CHECK_EQ(cl_table_nzones(t), 1);
  CHECK(strcmp(cl_zone_name(t, 0), "box") == 0);
  CHECK_EQ(cl_zone_find(t, "box"), 0);
  CHECK_EQ(cl_zone_owner(t, 0), 0);
  CHECK_EQ(cl_zone_visibility(t, 0), CL_VIS_NOBODY);
  CHECK_EQ(cl_zone_count(t, 0), 52);
  int32_t cards[52];
  CHECK_EQ(cl_zone_cards(t, 0, cards), 52);
  qsort(cards, 52, sizeof cards[0], cmp_i32);
  int all = 1, in_box = 1, down = 1;
  for (int c = 1; c <= 52; c++) {
    all &= cards[c - 1] == c;
    in_box &= cl_card_zone(t, c) == 0 && cl_zone_find_card(t, 0, c) >= 1;
    down &= cl_card_face_up(t, c) == 0;
  }
  CHECK(all);
  CHECK(in_box);
  CHECK(down);
  CHECK_EQ(cl_card_zone(t, 0), CL_ENOCARD);
  CHECK_EQ(cl_card_zone(t, 53), CL_ENOCARD);
  CHECK_EQ(cl_card_zone(t, -1), CL_ENOCARD);
  CHECK(table_consistent(t));
  cl_table_free(t);

  t = cl_table_new(CL_MAX_CARDS);
  if (CHECK(t != NULL)) {
    CHECK_EQ(cl_zone_count(t, 0), CL_MAX_CARDS);
    CHECK_EQ(cl_card_zone(t, CL_MAX_CARDS), 0);
    CHECK_EQ(cl_card_zone(t, CL_MAX_CARDS + 1), CL_ENOCARD);
    int z = cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0);
    CHECK_EQ(z, 1);
    CHECK_EQ(cl_zone_move_all(t, 0, z, 0, 1), CL_MAX_CARDS);
    CHECK_EQ(cl_zone_count(t, z), CL_MAX_CARDS);
    CHECK_EQ(cl_card_move(t, CL_MAX_CARDS, 0, 1), CL_OK);
    CHECK_EQ(cl_zone_peek(t, 0, 1), CL_MAX_CARDS);
    cl_table_free(t);
  }
}

static void test_zone_new(void) {
  cl_Table *t = cl_table_new(10);
  if (!CHECK(t != NULL)) return;
  CHECK_EQ(cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0), 1);
  CHECK_EQ(cl_zone_new(t, "hand", 3, CL_VIS_OWNER, 1), 2);
  CHECK_EQ(cl_table_nzones(t), 3);
  CHECK_EQ(cl_zone_find(t, "deck"), 1);
  CHECK_EQ(cl_zone_find(t, "hand"), 2);
  CHECK_EQ(cl_zone_find(t, "nope"), CL_ENOZONE);
  CHECK_EQ(cl_zone_find(t, "Deck"), CL_ENOZONE);
  CHECK_EQ(cl_zone_find(t, ""), CL_ENOZONE);
  CHECK(strcmp(cl_zone_name(t, 2), "hand") == 0);
  CHECK_EQ(cl_zone_owner(t, 2), 3);
  CHECK_EQ(cl_zone_visibility(t, 1), CL_VIS_COUNT);
  CHECK_EQ(cl_zone_visibility(t, 2), CL_VIS_OWNER);
  CHECK_EQ(cl_zone_count(t, 1), 0);
  CHECK_EQ(cl_zone_peek(t, 1, 1), 0);

  /* duplicates and bad owners add nothing */
  CHECK_EQ(cl_zone_new(t, "deck", 1, CL_VIS_EVERYONE, 1), CL_EEXIST);
  CHECK_EQ(cl_zone_new(t, "box", 0, CL_VIS_EVERYONE, 1), CL_EEXIST);
  CHECK_EQ(cl_zone_new(t, "bad", -1, CL_VIS_EVERYONE, 1), CL_ERANGE);
  CHECK_EQ(cl_zone_new(t, "bad", CL_MAX_SEATS + 1, CL_VIS_EVERYONE, 1), CL_ERANGE);
  CHECK_EQ(cl_table_nzones(t), 3);
  CHECK_EQ(cl_zone_find(t, "bad"), CL_ENOZONE);
  CHECK_EQ(cl_zone_owner(t, 1), 0);
  CHECK_EQ(cl_zone_new(t, "last seat", CL_MAX_SEATS, CL_VIS_OWNER, 1), 3);
  CHECK_EQ(cl_zone_owner(t, 3), CL_MAX_SEATS);

  /* the name is copied */
  char name[] = "pile";
  CHECK_EQ(cl_zone_new(t, name, 0, CL_VIS_EVERYONE, 1), 4);
  name[0] = 'X';
  CHECK(strcmp(cl_zone_name(t, 4), "pile") == 0);
  CHECK_EQ(cl_zone_find(t, "pile"), 4);
  CHECK_EQ(cl_zone_find(t, "Xile"), CL_ENOZONE);

  enum { MANY = 5000 };
  /* many zones (the name index grows many times): ids in order, all still
  ** found by name, none made twice */
  char buf[32];
  int ids_ok = 1;
  for (int i = 0; i < MANY; i++) {
    snprintf(buf, sizeof buf, "zone %d", i);
    ids_ok &= cl_zone_new(t, buf, i % (CL_MAX_SEATS + 1), (cl_Visibility)(i % 4), i % 2) == 5 + i;
  }
  CHECK(ids_ok);
  CHECK_EQ(cl_table_nzones(t), 5 + MANY);
  int found_ok = 1;
  for (int i = 0; i < MANY; i++) {
    snprintf(buf, sizeof buf, "zone %d", i);
    found_ok &= cl_zone_find(t, buf) == 5 + i && strcmp(cl_zone_name(t, 5 + i), buf) == 0 &&
                cl_zone_owner(t, 5 + i) == i % (CL_MAX_SEATS + 1) &&
                cl_zone_visibility(t, 5 + i) == (cl_Visibility)(i % 4);
  }
  CHECK(found_ok);
  CHECK_EQ(cl_zone_new(t, "zone 0", 0, CL_VIS_EVERYONE, 1), CL_EEXIST);
  CHECK_EQ(cl_zone_new(t, "zone 4999", 0, CL_VIS_EVERYONE, 1), CL_EEXIST);
  CHECK_EQ(cl_zone_find(t, "zone 5000"), CL_ENOZONE);
  CHECK_EQ(cl_table_nzones(t), 5 + MANY);
  CHECK(strcmp(cl_zone_name(t, 0), "box") == 0);
  CHECK_EQ(cl_zone_count(t, 0), 10);
  CHECK(table_consistent(t));
  cl_table_free(t);
}

static void test_card_move(void) {
  cl_Table *t = cl_table_new(12);
  if (!CHECK(t != NULL)) return;
  int deck = cl_zone_new(t, "deck", 0, CL_VIS_EVERYONE, 1);
  int pile = cl_zone_new(t, "pile", 0, CL_VIS_EVERYONE, 1);

  /* pos <= 0 and count+1 put under the bottom, 1 on top, k in between */
  CHECK_EQ(cl_card_move(t, 1, deck, 0), CL_OK);
  CHECK_EQ(cl_card_move(t, 2, deck, 0), CL_OK);
  CHECK_EQ(cl_card_move(t, 3, deck, -5), CL_OK);
  CHECK(ZONE_IS(t, deck, 1, 2, 3));
  CHECK_EQ(cl_card_move(t, 4, deck, 1), CL_OK);
  CHECK(ZONE_IS(t, deck, 4, 1, 2, 3));
  CHECK_EQ(cl_card_move(t, 5, deck, 5), CL_OK);
  CHECK(ZONE_IS(t, deck, 4, 1, 2, 3, 5));
  CHECK_EQ(cl_card_move(t, 6, deck, 3), CL_OK);
  CHECK(ZONE_IS(t, deck, 4, 1, 6, 2, 3, 5));
  CHECK_EQ(cl_card_move(t, 7, deck, 6), CL_OK);  /* just above the bottom card */
  CHECK(ZONE_IS(t, deck, 4, 1, 6, 2, 3, 7, 5));
  CHECK_EQ(cl_zone_count(t, 0), 5);

  /* into an empty zone: 1 and count+1 are both the only place */
  CHECK_EQ(cl_card_move(t, 8, pile, 1), CL_OK);
  CHECK(ZONE_IS(t, pile, 8));
  CHECK_EQ(cl_card_move(t, 8, 0, 0), CL_OK);
  CHECK_EQ(cl_card_move(t, 8, pile, 1 + cl_zone_count(t, pile)), CL_OK);
  CHECK(ZONE_IS(t, pile, 8));

  /* from one zone to another: both change */
  CHECK_EQ(cl_card_move(t, 6, pile, 1), CL_OK);
  CHECK(ZONE_IS(t, deck, 4, 1, 2, 3, 7, 5));
  CHECK(ZONE_IS(t, pile, 6, 8));
  CHECK_EQ(cl_card_move(t, 6, deck, 3), CL_OK);
  CHECK(ZONE_IS(t, deck, 4, 1, 6, 2, 3, 7, 5));
  CHECK(ZONE_IS(t, pile, 8));

  /* within the same zone the card ends at the position named */
  CHECK_EQ(cl_card_move(t, 4, deck, 1), CL_OK);  /* the top to the top */
  CHECK(ZONE_IS(t, deck, 4, 1, 6, 2, 3, 7, 5));
  CHECK_EQ(cl_card_move(t, 4, deck, 3), CL_OK);  /* down */
  CHECK(ZONE_IS(t, deck, 1, 6, 4, 2, 3, 7, 5));
  CHECK_EQ(cl_card_move(t, 7, deck, 2), CL_OK);  /* up */
  CHECK(ZONE_IS(t, deck, 1, 7, 6, 4, 2, 3, 5));
  CHECK_EQ(cl_card_move(t, 1, deck, 0), CL_OK);  /* the top to the bottom */
  CHECK(ZONE_IS(t, deck, 7, 6, 4, 2, 3, 5, 1));
  CHECK_EQ(cl_card_move(t, 1, deck, 1), CL_OK);  /* the bottom to the top */
  CHECK(ZONE_IS(t, deck, 1, 7, 6, 4, 2, 3, 5));
  CHECK_EQ(cl_card_move(t, 1, deck, 7), CL_OK);  /* to the last place there is */
  CHECK(ZONE_IS(t, deck, 7, 6, 4, 2, 3, 5, 1));
  CHECK_EQ(cl_card_move(t, 4, deck, -1), CL_OK);
  CHECK(ZONE_IS(t, deck, 7, 6, 2, 3, 5, 1, 4));
  /* count+1 means "under the bottom card" for every zone, the card's own
  ** included: putting the top card under its own deck */
  if (CHECK_EQ(cl_card_move(t, 7, deck, cl_zone_count(t, deck) + 1), CL_OK))
    CHECK(ZONE_IS(t, deck, 6, 2, 3, 5, 1, 4, 7));
  CHECK(table_consistent(t));

  /* failures change nothing */
  CHECK(ZONE_IS(t, pile, 8));
  Snapshot s = snapshot(t);
  CHECK_EQ(cl_card_move(t, 0, pile, 1), CL_ENOCARD);
  CHECK_EQ(cl_card_move(t, 13, pile, 1), CL_ENOCARD);
  CHECK_EQ(cl_card_move(t, -1, pile, 1), CL_ENOCARD);
  CHECK_EQ(cl_card_move(t, 6, 3, 1), CL_ENOZONE);
  CHECK_EQ(cl_card_move(t, 6, -1, 1), CL_ENOZONE);
  CHECK_EQ(cl_card_move(t, 6, pile, 3), CL_ERANGE);  /* pile holds 1: 1..2 */
  CHECK_EQ(cl_card_move(t, 6, pile, 1000), CL_ERANGE);
  CHECK_EQ(cl_card_move(t, 9, deck, cl_zone_count(t, deck) + 2), CL_ERANGE);
  CHECK_EQ(cl_card_move(t, 6, deck, cl_zone_count(t, deck) + 2), CL_ERANGE);
  CHECK(unchanged(t, s));
  cl_table_free(t);
}

static void test_zone_move(void) {
  cl_Table *t = cl_table_new(10);
  if (!CHECK(t != NULL)) return;
  int deck = cl_zone_new(t, "deck", 0, CL_VIS_EVERYONE, 1);
  int pile = cl_zone_new(t, "pile", 0, CL_VIS_EVERYONE, 1);
  int empty = cl_zone_new(t, "empty", 0, CL_VIS_EVERYONE, 1);
  FILL(t, deck, 1, 2, 3, 4, 5);

  CHECK_EQ(cl_zone_move(t, deck, 1, pile, 1), 1);
  CHECK(ZONE_IS(t, deck, 2, 3, 4, 5));
  CHECK(ZONE_IS(t, pile, 1));
  CHECK_EQ(cl_zone_move(t, deck, 2, pile, 0), 3);
  CHECK(ZONE_IS(t, deck, 2, 4, 5));
  CHECK(ZONE_IS(t, pile, 1, 3));
  CHECK_EQ(cl_zone_move(t, deck, 3, pile, 2), 5);  /* bottom to the middle */
  CHECK(ZONE_IS(t, deck, 2, 4));
  CHECK(ZONE_IS(t, pile, 1, 5, 3));
  CHECK_EQ(cl_zone_move(t, pile, 3, pile, 1), 3);  /* within the zone */
  CHECK(ZONE_IS(t, pile, 3, 1, 5));
  CHECK_EQ(cl_zone_move(t, pile, 1, pile, 0), 3);
  CHECK(ZONE_IS(t, pile, 1, 5, 3));
  /* the top card under its own zone, with count+1 as the header's bottom */
  if (CHECK_EQ(cl_zone_move(t, pile, 1, pile, cl_zone_count(t, pile) + 1), 1))
    CHECK(ZONE_IS(t, pile, 5, 3, 1));

  Snapshot s = snapshot(t);
  CHECK_EQ(cl_zone_move(t, empty, 1, pile, 1), CL_EEMPTY);
  CHECK_EQ(cl_zone_move(t, deck, 0, pile, 1), CL_ERANGE);
  CHECK_EQ(cl_zone_move(t, deck, 3, pile, 1), CL_ERANGE);
  CHECK_EQ(cl_zone_move(t, deck, -1, pile, 1), CL_ERANGE);
  CHECK_EQ(cl_zone_move(t, deck, 1, pile, 5), CL_ERANGE);  /* pile holds 3: 1..4 */
  CHECK_EQ(cl_zone_move(t, deck, 1, 4, 1), CL_ENOZONE);
  CHECK_EQ(cl_zone_move(t, 4, 1, deck, 1), CL_ENOZONE);
  CHECK_EQ(cl_zone_move(t, -1, 1, deck, 1), CL_ENOZONE);
  CHECK(unchanged(t, s));

  /* emptying a zone, then it is empty */
  CHECK_EQ(cl_zone_move(t, deck, 1, empty, 1), 2);
  CHECK_EQ(cl_zone_move(t, deck, 1, empty, 1), 4);
  CHECK_EQ(cl_zone_move(t, deck, 1, empty, 1), CL_EEMPTY);
  CHECK(ZONE_IS(t, empty, 4, 2));
  CHECK(table_consistent(t));
  cl_table_free(t);
}

static void test_move_all(void) {
  cl_Table *t = cl_table_new(20);
  if (!CHECK(t != NULL)) return;
  int src = cl_zone_new(t, "src", 0, CL_VIS_EVERYONE, 0);
  int dst = cl_zone_new(t, "dst", 0, CL_VIS_EVERYONE, 1);
  int none = cl_zone_new(t, "none", 0, CL_VIS_EVERYONE, 1);
  FILL(t, src, 1, 2, 3, 4, 5);
  FILL(t, dst, 10, 11);
  CHECK_EQ(cl_card_show(t, 1, 2), CL_OK);  /* kept: stays shown */
  CHECK_EQ(cl_card_show(t, 4, 2), CL_OK);  /* moved: forgotten */

  /* all but the top two onto the top, in their order */
  CHECK_EQ(cl_zone_move_all(t, src, dst, 2, 1), 3);
  CHECK(ZONE_IS(t, src, 1, 2));
  CHECK(ZONE_IS(t, dst, 3, 4, 5, 10, 11));
  CHECK(cl_card_face_up(t, 3) && cl_card_face_up(t, 4) && cl_card_face_up(t, 5));
  CHECK(!cl_card_face_up(t, 1));
  CHECK(cl_card_shown(t, 1, 2));
  CHECK(!cl_card_shown(t, 4, 2));

  /* keep at least the count: nothing moves */
  Snapshot s = snapshot(t);
  CHECK_EQ(cl_zone_move_all(t, src, dst, 2, 1), 0);
  CHECK_EQ(cl_zone_move_all(t, src, dst, 5, 0), 0);
  CHECK_EQ(cl_zone_move_all(t, dst, dst, 0, 1), 0);
  CHECK_EQ(cl_zone_move_all(t, none, dst, 0, 1), 0);
  CHECK(unchanged(t, s));

  /* under the bottom, in their order */
  CHECK_EQ(cl_zone_move_all(t, src, dst, 0, 0), 2);
  CHECK_EQ(cl_zone_count(t, src), 0);
  CHECK(ZONE_IS(t, dst, 3, 4, 5, 10, 11, 1, 2));
  CHECK(!cl_card_shown(t, 1, 2));

  /* a negative keep keeps nothing */
  CHECK_EQ(cl_zone_move_all(t, dst, src, -3, 1), 7);
  CHECK(ZONE_IS(t, src, 3, 4, 5, 10, 11, 1, 2));
  CHECK_EQ(cl_zone_count(t, dst), 0);
  CHECK(!cl_card_face_up(t, 3) && !cl_card_face_up(t, 2));

  /* onto a zone that has cards, keeping one, under the bottom */
  FILL(t, dst, 15, 16);
  CHECK_EQ(cl_zone_move_all(t, src, dst, 1, 0), 6);
  CHECK(ZONE_IS(t, src, 3));
  CHECK(ZONE_IS(t, dst, 15, 16, 4, 5, 10, 11, 1, 2));
  CHECK(table_consistent(t));
  cl_table_free(t);
}

static void test_zone_shuffle(void) {
  cl_Table *t = cl_table_new(30);
  if (!CHECK(t != NULL)) return;
  int deck = cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0);
  int other = cl_zone_new(t, "other", 0, CL_VIS_COUNT, 0);
  for (int c = 1; c <= 20; c++) CHECK_EQ(cl_card_move(t, c, deck, 0), CL_OK);
  for (int c = 21; c <= 25; c++) CHECK_EQ(cl_card_move(t, c, other, 0), CL_OK);
  int32_t before[20], after[20], again[20];
  cl_zone_cards(t, deck, before);

  cl_Rng r;
  cl_rng_seed(&r, 10);
  cl_zone_shuffle(t, deck, &r);
  CHECK_EQ(cl_zone_cards(t, deck, after), 20);
  CHECK(memcmp(before, after, sizeof before) != 0);
  CHECK(ZONE_IS(t, other, 21, 22, 23, 24, 25));
  CHECK_EQ(cl_zone_count(t, 0), 5);
  CHECK(table_consistent(t));
  int32_t sorted[20];
  memcpy(sorted, after, sizeof after);
  qsort(sorted, 20, sizeof sorted[0], cmp_i32);
  CHECK(memcmp(before, sorted, sizeof before) == 0);  /* before was 1..20 */

  /* the same seed on the same order gives the same order */
  for (int c = 20; c >= 1; c--) CHECK_EQ(cl_card_move(t, c, deck, 1), CL_OK);
  CHECK_EQ(cl_zone_cards(t, deck, again), 20);
  CHECK(memcmp(before, again, sizeof before) == 0);
  cl_rng_seed(&r, 10);
  cl_zone_shuffle(t, deck, &r);
  cl_zone_cards(t, deck, again);
  CHECK(memcmp(after, again, sizeof after) == 0);

  /* empty and one-card zones */
  int lone = cl_zone_new(t, "lone", 0, CL_VIS_COUNT, 0);
  int empty = cl_zone_new(t, "empty", 0, CL_VIS_COUNT, 0);
  CHECK_EQ(cl_card_move(t, 30, lone, 1), CL_OK);
  cl_zone_shuffle(t, lone, &r);
  cl_zone_shuffle(t, empty, &r);
  CHECK(ZONE_IS(t, lone, 30));
  CHECK_EQ(cl_zone_count(t, empty), 0);
  CHECK(table_consistent(t));
  cl_table_free(t);
}

static void test_deal(void) {
  cl_Table *t = cl_table_new(10);
  if (!CHECK(t != NULL)) return;
  int deck = cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0);
  int a = cl_zone_new(t, "a", 1, CL_VIS_OWNER, 1);
  int b = cl_zone_new(t, "b", 2, CL_VIS_OWNER, 1);
  int c = cl_zone_new(t, "c", 3, CL_VIS_OWNER, 1);
  FILL(t, deck, 1, 2, 3, 4, 5, 6, 7);
  int to[] = {a, b, c};

  /* one card to each in turn, each onto the top of its pile */
  CHECK_EQ(cl_zone_deal(t, deck, to, 3, 2), 6);
  CHECK(ZONE_IS(t, a, 4, 1));
  CHECK(ZONE_IS(t, b, 5, 2));
  CHECK(ZONE_IS(t, c, 6, 3));
  CHECK(ZONE_IS(t, deck, 7));
  CHECK(cl_card_face_up(t, 4) && cl_card_face_up(t, 6));

  /* running out stops the deal */
  CHECK_EQ(cl_zone_deal(t, deck, to, 3, 2), 1);
  CHECK(ZONE_IS(t, a, 7, 4, 1));
  CHECK(ZONE_IS(t, b, 5, 2));
  CHECK_EQ(cl_zone_deal(t, deck, to, 3, 1), 0);

  /* stopping in the middle of a round */
  FILL(t, deck, 8, 9);
  int rev[] = {c, b, a};
  CHECK_EQ(cl_zone_deal(t, deck, rev, 3, 5), 2);
  CHECK(ZONE_IS(t, c, 8, 6, 3));
  CHECK(ZONE_IS(t, b, 9, 5, 2));
  CHECK(ZONE_IS(t, a, 7, 4, 1));

  /* nothing to deal, and bad zones, change nothing */
  FILL(t, deck, 10);
  Snapshot s = snapshot(t);
  CHECK_EQ(cl_zone_deal(t, deck, to, 3, 0), 0);
  CHECK_EQ(cl_zone_deal(t, deck, to, 0, 3), 0);
  int bad[] = {a, 99};
  CHECK_EQ(cl_zone_deal(t, deck, bad, 2, 1), CL_ENOZONE);
  CHECK_EQ(cl_zone_deal(t, 99, to, 3, 1), CL_ENOZONE);
  CHECK_EQ(cl_zone_deal(t, -1, to, 3, 1), CL_ENOZONE);
  CHECK(unchanged(t, s));
  CHECK(table_consistent(t));
  cl_table_free(t);
}

static void test_draw(void) {
  cl_Table *t = cl_table_new(40);
  if (!CHECK(t != NULL)) return;
  int deck = cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0);
  int hand = cl_zone_new(t, "hand", 1, CL_VIS_OWNER, 1);
  int discard = cl_zone_new(t, "discard", 0, CL_VIS_EVERYONE, 1);
  cl_Rng r;
  cl_rng_seed(&r, 8);

  /* without a refill: onto the top of `to`, one at a time, until out */
  FILL(t, deck, 1, 2, 3);
  CHECK_EQ(cl_zone_draw(t, deck, hand, 2, -1, 0, &r), 2);
  CHECK(ZONE_IS(t, hand, 2, 1));
  CHECK(ZONE_IS(t, deck, 3));
  CHECK(cl_card_face_up(t, 1));
  CHECK_EQ(cl_zone_draw(t, deck, hand, 5, -1, 0, &r), 1);
  CHECK(ZONE_IS(t, hand, 3, 2, 1));
  CHECK_EQ(cl_zone_draw(t, deck, hand, 5, -1, 0, NULL), 0);
  CHECK_EQ(cl_zone_draw(t, deck, hand, 0, -1, 0, NULL), 0);
  /* refill 0 is no refill (the box cannot be one) */
  FILL(t, discard, 20, 21);
  CHECK_EQ(cl_zone_draw(t, deck, hand, 2, 0, 0, NULL), 0);
  CHECK(ZONE_IS(t, discard, 20, 21));

  /* drawing from the box itself, without a refill */
  int in_box = cl_zone_count(t, 0);
  int top = cl_zone_peek(t, 0, 1);
  if (CHECK_EQ(cl_zone_draw(t, 0, hand, 2, 0, 0, NULL), 2)) {
    CHECK_EQ(cl_zone_count(t, 0), in_box - 2);
    CHECK_EQ(cl_zone_peek(t, hand, 2), top);
  }
  CHECK_EQ(cl_zone_draw(t, 0, hand, 1, -1, 0, NULL), 1);

  /* bad zones change nothing */
  Snapshot s = snapshot(t);
  CHECK_EQ(cl_zone_draw(t, 99, hand, 1, -1, 0, &r), CL_ENOZONE);
  CHECK_EQ(cl_zone_draw(t, discard, 99, 1, -1, 0, &r), CL_ENOZONE);
  CHECK_EQ(cl_zone_draw(t, discard, -1, 1, -1, 0, &r), CL_ENOZONE);
  CHECK_EQ(cl_zone_draw(t, discard, hand, 1, 99, 0, &r), CL_ENOZONE);
  CHECK(unchanged(t, s));
  CHECK(table_consistent(t));
  cl_table_free(t);
}

static void test_draw_refill(void) {
  cl_Rng r;
  int32_t first_order[12];
  int orders_differ = 0;
  for (uint64_t seed = 1; seed <= 10; seed++) {
    cl_Table *t = cl_table_new(40);
    if (!CHECK(t != NULL)) return;
    int deck = cl_zone_new(t, "deck", 0, CL_VIS_COUNT, 0);
    int hand = cl_zone_new(t, "hand", 1, CL_VIS_OWNER, 1);
    int discard = cl_zone_new(t, "discard", 0, CL_VIS_EVERYONE, 1);
    FILL(t, deck, 1, 2);
    FILL(t, discard, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24);
    CHECK_EQ(cl_card_show(t, 10, 3), CL_OK);  /* stays in discard: still shown */
    CHECK_EQ(cl_card_show(t, 15, 3), CL_OK);  /* goes into the deck: forgotten */
    cl_rng_seed(&r, seed);

    /* the deck's two, then the discard but its top card, shuffled */
    CHECK_EQ(cl_zone_draw(t, deck, hand, 4, discard, 1, &r), 4);
    CHECK(ZONE_IS(t, discard, 10));
    CHECK(cl_card_shown(t, 10, 3));
    CHECK(!cl_card_shown(t, 15, 3));
    CHECK_EQ(cl_zone_count(t, hand), 4);
    CHECK_EQ(cl_zone_peek(t, hand, 3), 2);
    CHECK_EQ(cl_zone_peek(t, hand, 4), 1);
    CHECK_EQ(cl_zone_count(t, deck), 12);
    int32_t rest[14];
    cl_zone_cards(t, deck, rest);
    rest[12] = cl_zone_peek(t, hand, 1);
    rest[13] = cl_zone_peek(t, hand, 2);
    if (seed == 1) memcpy(first_order, rest, sizeof first_order);
    else orders_differ += memcmp(first_order, rest, sizeof first_order) != 0;
    qsort(rest, 14, sizeof rest[0], cmp_i32);
    int refilled = 1, faces = 1;
    for (int i = 0; i < 14; i++) refilled &= rest[i] == 11 + i;
    CHECK(refilled);
    for (int i = 1; i <= 12; i++) faces &= !cl_card_face_up(t, cl_zone_peek(t, deck, i));
    CHECK(faces);
    CHECK(cl_card_face_up(t, cl_zone_peek(t, hand, 1)));
    CHECK(table_consistent(t));

    /* the same seed gives the same draw */
    cl_Table *u = cl_table_new(40);
    if (CHECK(u != NULL)) {
      int d2 = cl_zone_new(u, "deck", 0, CL_VIS_COUNT, 0);
      int h2 = cl_zone_new(u, "hand", 1, CL_VIS_OWNER, 1);
      int x2 = cl_zone_new(u, "discard", 0, CL_VIS_EVERYONE, 1);
      FILL(u, d2, 1, 2);
      FILL(u, x2, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24);
      cl_rng_seed(&r, seed);
      CHECK_EQ(cl_zone_draw(u, d2, h2, 4, x2, 1, &r), 4);
      int32_t a[16], b[16];
      int na = cl_zone_cards(t, deck, a), nb = cl_zone_cards(u, d2, b);
      CHECK(na == nb && memcmp(a, b, (size_t)na * sizeof a[0]) == 0);
      na = cl_zone_cards(t, hand, a);
      nb = cl_zone_cards(u, h2, b);
      CHECK(na == nb && memcmp(a, b, (size_t)na * sizeof a[0]) == 0);
      cl_table_free(u);
    }

    /* when the refill has only its `keep` cards, drawing stops */
    CHECK_EQ(cl_zone_draw(t, deck, hand, 20, discard, 1, &r), 12);
    CHECK_EQ(cl_zone_count(t, hand), 16);
    CHECK(ZONE_IS(t, discard, 10));
    CHECK_EQ(cl_zone_count(t, deck), 0);

    /* keep 0 takes every card of the refill */
    CHECK_EQ(cl_zone_draw(t, deck, hand, 1, discard, 0, &r), 1);
    CHECK_EQ(cl_zone_peek(t, hand, 1), 10);
    CHECK_EQ(cl_zone_count(t, discard), 0);
    CHECK_EQ(cl_zone_draw(t, deck, hand, 1, discard, 0, &r), 0);

    /* the refill may be the zone drawn onto: its top `keep` stay */
    int top2[2] = {cl_zone_peek(t, hand, 1), cl_zone_peek(t, hand, 2)};
    CHECK_EQ(cl_zone_draw(t, deck, hand, 3, hand, 2, &r), 3);
    CHECK_EQ(cl_zone_count(t, hand), 5);
    CHECK_EQ(cl_zone_count(t, deck), 12);
    CHECK_EQ(cl_zone_peek(t, hand, 4), top2[0]);
    CHECK_EQ(cl_zone_peek(t, hand, 5), top2[1]);
    CHECK(table_consistent(t));
    cl_table_free(t);
  }
  CHECK(orders_differ > 0);  /* the refill is shuffled */
}

/* Every change a seat could see of a zone changes its version, and nothing
** else does; no two zones share a version. */
static void test_zone_version(void) {
  cl_Table *t = cl_table_new(20);
  if (!CHECK(t != NULL)) return;
  int a = cl_zone_new(t, "a", 1, CL_VIS_OWNER, 1);
  int b = cl_zone_new(t, "b", 0, CL_VIS_EVERYONE, 0);
  int c = cl_zone_new(t, "c", 0, CL_VIS_EVERYONE, 1);
  CHECK(cl_zone_version(t, a) != cl_zone_version(t, b));
  int64_t va, vb, vc;
#define SNAP() (va = cl_zone_version(t, a), vb = cl_zone_version(t, b), vc = cl_zone_version(t, c))
#define CHANGED(z, v) CHECK(cl_zone_version(t, z) != (v))
#define SAME(z, v) CHECK_EQ(cl_zone_version(t, z), (v))
  SNAP();
  CHECK_EQ(cl_card_move(t, 1, a, 1), CL_OK);   /* from the box */
  CHANGED(a, va); SAME(b, vb); SAME(c, vc);
  SNAP();
  CHECK_EQ(cl_card_move(t, 2, b, 1), CL_OK);
  CHECK_EQ(cl_card_move(t, 3, b, 1), CL_OK);
  SAME(a, va); CHANGED(b, vb); SAME(c, vc);
  SNAP();
  CHECK_EQ(cl_zone_move(t, b, 1, a, 0), 3);     /* from b's top to a's bottom */
  CHANGED(a, va); CHANGED(b, vb); SAME(c, vc);
  SNAP();
  CHECK_EQ(cl_card_set_face(t, 2, 1), CL_OK);   /* a face turned */
  SAME(a, va); CHANGED(b, vb); SAME(c, vc);
  SNAP();
  CHECK_EQ(cl_card_show(t, 1, 2), CL_OK);       /* a peek */
  CHANGED(a, va); SAME(b, vb); SAME(c, vc);
  SNAP();
  cl_Rng r;
  cl_rng_seed(&r, 1);
  cl_zone_shuffle(t, a, &r);
  CHANGED(a, va); SAME(b, vb); SAME(c, vc);
  SNAP();
  int to[] = {c};
  CHECK_EQ(cl_zone_deal(t, a, to, 1, 1), 1);
  CHANGED(a, va); SAME(b, vb); CHANGED(c, vc);
  SNAP();
  CHECK_EQ(cl_zone_draw(t, c, b, 1, 0, 0, &r), 1);
  SAME(a, va); CHANGED(b, vb); CHANGED(c, vc);
  SNAP();
  CHECK_EQ(cl_zone_move_all(t, b, c, 0, 1), 2);
  SAME(a, va); CHANGED(b, vb); CHANGED(c, vc);
  SNAP();
  /* reading changes nothing */
  int32_t out[21];
  cl_zone_view(t, c, 1, out);
  cl_zone_cards(t, c, out);
  SAME(a, va); SAME(b, vb); SAME(c, vc);
#undef SNAP
#undef CHANGED
#undef SAME
  cl_table_free(t);
}

static void test_faces(void) {
  cl_Table *t = cl_table_new(10);
  if (!CHECK(t != NULL)) return;
  int up = cl_zone_new(t, "up", 0, CL_VIS_EVERYONE, 1);
  int down = cl_zone_new(t, "down", 0, CL_VIS_EVERYONE, 0);
  int up2 = cl_zone_new(t, "up2", 0, CL_VIS_EVERYONE, 7);  /* any non-zero is up */

  CHECK_EQ(cl_card_face_up(t, 1), 0);
  CHECK_EQ(cl_card_move(t, 1, up, 1), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 1), 1);
  CHECK_EQ(cl_card_move(t, 1, down, 1), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 1), 0);
  CHECK_EQ(cl_card_move(t, 1, up2, 1), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 1), 1);

  /* turning a card over lasts until it moves, even within its zone */
  CHECK_EQ(cl_card_move(t, 2, down, 1), CL_OK);
  CHECK_EQ(cl_card_move(t, 3, down, 1), CL_OK);
  CHECK_EQ(cl_card_set_face(t, 2, 1), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 2), 1);
  CHECK_EQ(cl_card_face_up(t, 3), 0);
  CHECK_EQ(cl_card_move(t, 2, down, 1), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 2), 0);
  CHECK_EQ(cl_card_set_face(t, 1, 0), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 1), 0);
  CHECK_EQ(cl_card_set_face(t, 1, 5), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 1), 1);
  CHECK_EQ(cl_card_set_face(t, 0, 1), CL_ENOCARD);
  CHECK_EQ(cl_card_set_face(t, 11, 1), CL_ENOCARD);

  /* every kind of move gives the destination's face */
  CHECK_EQ(cl_zone_move(t, down, 1, up, 1), 2);
  CHECK_EQ(cl_card_face_up(t, 2), 1);
  CHECK_EQ(cl_zone_move_all(t, up, down, 0, 1), 1);
  CHECK_EQ(cl_card_face_up(t, 2), 0);
  int to[] = {up};
  CHECK_EQ(cl_zone_deal(t, down, to, 1, 1), 1);
  CHECK_EQ(cl_card_face_up(t, cl_zone_peek(t, up, 1)), 1);
  CHECK_EQ(cl_zone_draw(t, up, down, 1, -1, 0, NULL), 1);
  CHECK_EQ(cl_card_face_up(t, cl_zone_peek(t, down, 1)), 0);
  CHECK_EQ(cl_card_move(t, 4, up, 0), CL_OK);
  CHECK_EQ(cl_card_move(t, 4, 0, 0), CL_OK);
  CHECK_EQ(cl_card_face_up(t, 4), 0);  /* the box is face down */
  cl_table_free(t);
}

/* Zones of every kind, for the visibility tests; seats 1..3 play. */
enum { PUB_UP = 1, PUB_DOWN, HAND1, HAND1_DOWN, COUNTED, COUNTED2, HIDDEN, HIDDEN1, NZONES };

static cl_Table *visibility_table(void) {
  cl_Table *t = cl_table_new(40);
  if (t == NULL) return NULL;
  CHECK_EQ(cl_zone_new(t, "pub up", 0, CL_VIS_EVERYONE, 1), PUB_UP);
  CHECK_EQ(cl_zone_new(t, "pub down", 0, CL_VIS_EVERYONE, 0), PUB_DOWN);
  CHECK_EQ(cl_zone_new(t, "hand 1", 1, CL_VIS_OWNER, 1), HAND1);
  CHECK_EQ(cl_zone_new(t, "hand 1 down", 1, CL_VIS_OWNER, 0), HAND1_DOWN);
  CHECK_EQ(cl_zone_new(t, "counted", 0, CL_VIS_COUNT, 1), COUNTED);
  CHECK_EQ(cl_zone_new(t, "counted 2", 2, CL_VIS_COUNT, 1), COUNTED2);
  CHECK_EQ(cl_zone_new(t, "hidden", 0, CL_VIS_NOBODY, 1), HIDDEN);
  CHECK_EQ(cl_zone_new(t, "hidden 1", 1, CL_VIS_NOBODY, 1), HIDDEN1);
  /* cards z, 10+z and 20+z in zone z, top first */
  for (int z = PUB_UP; z < NZONES; z++) FILL(t, z, z, 10 + z, 20 + z);
  return t;
}

static void test_visibility(void) {
  cl_Table *t = visibility_table();
  if (!CHECK(t != NULL)) return;
  /* who sees the cards of each zone, seats 0..3 */
  static const int sees[NZONES][4] = {
    [PUB_UP] = {1, 1, 1, 1},  [PUB_DOWN] = {1, 0, 0, 0},
    [HAND1] = {1, 1, 0, 0},   [HAND1_DOWN] = {1, 0, 0, 0},
    [COUNTED] = {1, 0, 0, 0}, [COUNTED2] = {1, 0, 0, 0},
    [HIDDEN] = {1, 0, 0, 0},  [HIDDEN1] = {1, 0, 0, 0}};
  for (int z = PUB_UP; z < NZONES; z++)
    for (int seat = 0; seat <= 3; seat++)
      if (!CHECK_EQ(cl_card_visible(t, z, seat), sees[z][seat]) ||
          !CHECK_EQ(cl_card_visible(t, 10 + z, seat), sees[z][seat]))
        printf("  zone '%s', seat %d\n", cl_zone_name(t, z), seat);
  /* the box: seat 0 only */
  CHECK_EQ(cl_card_visible(t, 40, 0), 1);
  CHECK_EQ(cl_card_visible(t, 40, 1), 0);

  /* a face-down card in a public zone is hidden; turned up, it shows */
  CHECK_EQ(cl_card_set_face(t, PUB_UP, 0), CL_OK);
  CHECK_EQ(cl_card_visible(t, PUB_UP, 2), 0);
  CHECK_EQ(cl_card_visible(t, PUB_UP, 0), 1);
  CHECK_EQ(cl_card_set_face(t, PUB_DOWN, 1), CL_OK);
  CHECK_EQ(cl_card_visible(t, PUB_DOWN, 2), 1);
  CHECK_EQ(cl_card_set_face(t, HAND1_DOWN, 1), CL_OK);
  CHECK_EQ(cl_card_visible(t, HAND1_DOWN, 1), 1);
  CHECK_EQ(cl_card_visible(t, HAND1_DOWN, 2), 0);
  /* face up is not enough where the zone hides its cards */
  CHECK_EQ(cl_card_visible(t, COUNTED, 1), 0);
  CHECK_EQ(cl_card_visible(t, HIDDEN1, 1), 0);

  /* shown cards: to that seat only, whatever the zone and face */
  CHECK_EQ(cl_card_show(t, 10 + PUB_DOWN, 2), CL_OK);
  CHECK_EQ(cl_card_show(t, 10 + HAND1, 3), CL_OK);
  CHECK_EQ(cl_card_show(t, 10 + HIDDEN, 1), CL_OK);
  CHECK_EQ(cl_card_show(t, 10 + COUNTED2, CL_MAX_SEATS), CL_OK);
  CHECK_EQ(cl_card_show(t, 40, 1), CL_OK);  /* even in the box */
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 2), 1);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 1), 0);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 3), 0);
  CHECK_EQ(cl_card_shown(t, 20 + PUB_DOWN, 2), 0);
  CHECK_EQ(cl_card_visible(t, 10 + PUB_DOWN, 2), 1);
  CHECK_EQ(cl_card_visible(t, 10 + PUB_DOWN, 1), 0);
  CHECK_EQ(cl_card_visible(t, 10 + PUB_DOWN, 3), 0);
  CHECK_EQ(cl_card_visible(t, 10 + HAND1, 3), 1);
  CHECK_EQ(cl_card_visible(t, 10 + HAND1, 2), 0);
  CHECK_EQ(cl_card_visible(t, 10 + HIDDEN, 1), 1);
  CHECK_EQ(cl_card_visible(t, 10 + HIDDEN, 2), 0);
  CHECK_EQ(cl_card_visible(t, 10 + COUNTED2, CL_MAX_SEATS), 1);
  CHECK_EQ(cl_card_shown(t, 10 + COUNTED2, CL_MAX_SEATS), 1);
  CHECK_EQ(cl_card_visible(t, 10 + COUNTED2, 2), 0);
  CHECK_EQ(cl_card_visible(t, 40, 1), 1);
  CHECK_EQ(cl_card_visible(t, 40, 2), 0);
  /* shown to several seats */
  CHECK_EQ(cl_card_show(t, 10 + PUB_DOWN, 3), CL_OK);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 2), 1);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 3), 1);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 0), 0);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, CL_MAX_SEATS + 1), 0);

  Snapshot s = snapshot(t);
  CHECK_EQ(cl_card_show(t, 10 + PUB_DOWN, 0), CL_ERANGE);
  CHECK_EQ(cl_card_show(t, 10 + PUB_DOWN, CL_MAX_SEATS + 1), CL_ERANGE);
  CHECK_EQ(cl_card_show(t, 10 + PUB_DOWN, -1), CL_ERANGE);
  CHECK_EQ(cl_card_show(t, 0, 1), CL_ENOCARD);
  CHECK_EQ(cl_card_show(t, 41, 1), CL_ENOCARD);
  CHECK(unchanged(t, s));

  /* a shown card is forgotten when it moves, by any move */
  CHECK_EQ(cl_card_move(t, 10 + PUB_DOWN, PUB_DOWN, 1), CL_OK);  /* within its zone */
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 2), 0);
  CHECK_EQ(cl_card_shown(t, 10 + PUB_DOWN, 3), 0);
  CHECK_EQ(cl_card_visible(t, 10 + PUB_DOWN, 2), 0);
  CHECK_EQ(cl_card_move(t, 10 + HAND1, PUB_UP, 1), CL_OK);
  CHECK_EQ(cl_card_shown(t, 10 + HAND1, 3), 0);
  CHECK_EQ(cl_card_move(t, 10 + HAND1, COUNTED, 1), CL_OK);
  CHECK_EQ(cl_card_visible(t, 10 + HAND1, 3), 0);
  CHECK_EQ(cl_card_show(t, 20 + HIDDEN, 2), CL_OK);
  CHECK_EQ(cl_zone_move(t, HIDDEN, 3, HIDDEN1, 1), 20 + HIDDEN);
  CHECK_EQ(cl_card_shown(t, 20 + HIDDEN, 2), 0);
  CHECK_EQ(cl_card_show(t, HAND1_DOWN, 2), CL_OK);
  int to[] = {COUNTED2};
  CHECK_EQ(cl_zone_deal(t, HAND1_DOWN, to, 1, 1), 1);
  CHECK_EQ(cl_card_shown(t, HAND1_DOWN, 2), 0);
  CHECK_EQ(cl_card_show(t, 10 + HAND1_DOWN, 2), CL_OK);
  CHECK_EQ(cl_zone_draw(t, HAND1_DOWN, COUNTED2, 1, -1, 0, NULL), 1);
  CHECK_EQ(cl_card_shown(t, 10 + HAND1_DOWN, 2), 0);
  CHECK_EQ(cl_card_show(t, 20 + HAND1_DOWN, 2), CL_OK);
  CHECK_EQ(cl_zone_move_all(t, HAND1_DOWN, COUNTED2, 0, 0), 1);
  CHECK_EQ(cl_card_shown(t, 20 + HAND1_DOWN, 2), 0);
  /* other cards keep what they were shown */
  CHECK_EQ(cl_card_shown(t, 10 + HIDDEN, 1), 1);
  CHECK_EQ(cl_card_shown(t, 40, 1), 1);
  cl_table_free(t);
}

static void test_count_and_view(void) {
  cl_Table *t = visibility_table();
  if (!CHECK(t != NULL)) return;
  for (int z = 0; z < NZONES; z++)
    for (int seat = 0; seat <= CL_MAX_SEATS; seat++) {
      int vis = cl_zone_visibility(t, z);
      int want = seat == 0 || vis != CL_VIS_NOBODY;
      if (!CHECK_EQ(cl_zone_count_visible(t, z, seat), want))
        printf("  zone '%s', seat %d\n", cl_zone_name(t, z), seat);
    }

  int32_t out[40];
  /* the owner sees the ids, the others zeros, seat 0 everything */
  CHECK_EQ(cl_zone_view(t, HAND1, 1, out), 3);
  CHECK(out[0] == HAND1 && out[1] == 10 + HAND1 && out[2] == 20 + HAND1);
  CHECK_EQ(cl_zone_view(t, HAND1, 2, out), 3);
  CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0);
  CHECK_EQ(cl_zone_view(t, HAND1, 0, out), 3);
  CHECK(out[0] == HAND1 && out[1] == 10 + HAND1 && out[2] == 20 + HAND1);
  CHECK_EQ(cl_zone_view(t, PUB_UP, 3, out), 3);
  CHECK(out[0] == PUB_UP && out[1] == 10 + PUB_UP && out[2] == 20 + PUB_UP);
  /* counted zones give the count, but zeros */
  CHECK_EQ(cl_zone_view(t, COUNTED, 1, out), 3);
  CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0);
  /* hidden zones give -1, except to seat 0 */
  CHECK_EQ(cl_zone_view(t, HIDDEN, 1, out), -1);
  CHECK_EQ(cl_zone_view(t, HIDDEN1, 1, out), -1);
  CHECK_EQ(cl_zone_view(t, 0, 2, out), -1);
  CHECK_EQ(cl_zone_view(t, HIDDEN, 0, out), 3);
  CHECK(out[0] == HIDDEN && out[1] == 10 + HIDDEN && out[2] == 20 + HIDDEN);
  CHECK_EQ(cl_zone_view(t, 0, 0, out), 40 - 3 * (NZONES - 1));
  /* a card shown or turned up shows in its place; the rest stay zeros */
  CHECK_EQ(cl_card_show(t, 10 + PUB_DOWN, 2), CL_OK);
  CHECK_EQ(cl_card_set_face(t, 20 + PUB_DOWN, 1), CL_OK);
  CHECK_EQ(cl_zone_view(t, PUB_DOWN, 2, out), 3);
  CHECK(out[0] == 0 && out[1] == 10 + PUB_DOWN && out[2] == 20 + PUB_DOWN);
  CHECK_EQ(cl_zone_view(t, PUB_DOWN, 1, out), 3);
  CHECK(out[0] == 0 && out[1] == 0 && out[2] == 20 + PUB_DOWN);
  /* an empty zone */
  int empty = cl_zone_new(t, "empty", 0, CL_VIS_EVERYONE, 1);
  CHECK_EQ(cl_zone_view(t, empty, 1, out), 0);
  cl_table_free(t);
}

/* A reference model of the table for random operations: zones as plain
** arrays, top first, and the shown bits. */
#define RN 40
#define RZ 8

typedef struct Model {
  int count[RZ];
  int32_t cards[RZ][RN];
  int face[RZ];       /* the face of each zone */
  cl_Visibility vis[RZ];
  int owner[RZ];
  unsigned shown[RN + 1];
} Model;

static void m_locate(const Model *m, int card, int *z, int *i) {
  for (*z = 0; *z < RZ; (*z)++)
    for (*i = 0; *i < m->count[*z]; (*i)++)
      if (m->cards[*z][*i] == card) return;
  abort();
}

static int m_take(Model *m, int z, int i) {
  int card = m->cards[z][i];
  memmove(&m->cards[z][i], &m->cards[z][i + 1], (size_t)(m->count[z] - i - 1) * sizeof(int32_t));
  m->count[z]--;
  return card;
}

static void m_put(Model *m, int z, int pos, int card) {
  int i = (pos >= 1 && pos <= m->count[z]) ? pos - 1 : m->count[z];
  memmove(&m->cards[z][i + 1], &m->cards[z][i], (size_t)(m->count[z] - i) * sizeof(int32_t));
  m->cards[z][i] = card;
  m->count[z]++;
  m->shown[card] = 0;
}

/* Reads the order of a zone from the table, where the model cannot know it. */
static void m_read_zone(Model *m, const cl_Table *t, int z) {
  m->count[z] = cl_zone_cards(t, z, m->cards[z]);
}

static void m_read_shown(Model *m, const cl_Table *t, int card) {
  m->shown[card] = 0;
  for (int seat = 1; seat <= CL_MAX_SEATS; seat++)
    if (cl_card_shown(t, card, seat)) m->shown[card] |= 1u << seat;
}

/* Returns 1 if the table is the model: cards, places, faces, shown bits. */
static int m_agrees(const Model *m, const cl_Table *t) {
  int32_t got[RN];
  for (int z = 0; z < RZ; z++) {
    if (cl_zone_cards(t, z, got) != m->count[z]) return 0;
    if (memcmp(got, m->cards[z], (size_t)m->count[z] * sizeof(int32_t)) != 0) return 0;
    for (int i = 0; i < m->count[z]; i++) {
      int card = got[i];
      if (cl_card_face_up(t, card) != m->face[z]) return 0;
      for (int seat = 1; seat <= CL_MAX_SEATS; seat++)
        if (cl_card_shown(t, card, seat) != (int)((m->shown[card] >> seat) & 1u)) return 0;
    }
  }
  return 1;
}

/* Visibility as the header words it, from the model. */
static int m_visible(const Model *m, int z, int card, int seat) {
  if (seat == 0 || ((m->shown[card] >> seat) & 1)) return 1;
  if (!m->face[z]) return 0;
  return m->vis[z] == CL_VIS_EVERYONE || (m->vis[z] == CL_VIS_OWNER && m->owner[z] == seat);
}

static int m_views_agree(const Model *m, const cl_Table *t) {
  int32_t out[RN];
  for (int z = 0; z < RZ; z++)
    for (int seat = 0; seat <= CL_MAX_SEATS; seat++) {
      int n = cl_zone_view(t, z, seat, out);
      if (seat != 0 && m->vis[z] == CL_VIS_NOBODY) {
        if (n != -1 || cl_zone_count_visible(t, z, seat)) return 0;
        continue;
      }
      if (n != m->count[z] || !cl_zone_count_visible(t, z, seat)) return 0;
      for (int i = 0; i < n; i++) {
        int card = m->cards[z][i], vis = m_visible(m, z, card, seat);
        if (cl_card_visible(t, card, seat) != vis) return 0;
        if (out[i] != (vis ? card : 0)) return 0;
      }
    }
  return 1;
}

static void test_random_ops(void) {
  static const struct { const char *name; int owner; cl_Visibility vis; int face; } zs[RZ] = {
    {"box", 0, CL_VIS_NOBODY, 0},      {"deck", 0, CL_VIS_COUNT, 0},
    {"hand 1", 1, CL_VIS_OWNER, 1},    {"hand 2", 2, CL_VIS_OWNER, 1},
    {"discard", 0, CL_VIS_EVERYONE, 1}, {"stash", 3, CL_VIS_NOBODY, 1},
    {"pile", 0, CL_VIS_EVERYONE, 0},   {"secret", 4, CL_VIS_OWNER, 0}};
  cl_Table *t = cl_table_new(RN);
  if (!CHECK(t != NULL)) return;
  Model m;
  memset(&m, 0, sizeof m);
  for (int z = 0; z < RZ; z++) {
    if (z > 0) CHECK_EQ(cl_zone_new(t, zs[z].name, zs[z].owner, zs[z].vis, zs[z].face), z);
    m.face[z] = zs[z].face;
    m.vis[z] = zs[z].vis;
    m.owner[z] = zs[z].owner;
  }
  m_read_zone(&m, t, 0);

  cl_Rng g, shuf;
  cl_rng_seed(&g, 31337);
  cl_rng_seed(&shuf, 4242);
  const int nops = 5000;
  int op = 0, kind = -1;
  for (op = 0; op < nops; op++) {
    kind = (int)cl_rng_below(&g, 10);
    int from = (int)cl_rng_below(&g, RZ), to = (int)cl_rng_below(&g, RZ);
    int ok = 1;
    switch (kind) {
      case 0: case 1: {  /* a card anywhere, to a valid position */
        int card = 1 + (int)cl_rng_below(&g, RN), z, i;
        m_locate(&m, card, &z, &i);
        int limit = m.count[to] + (z == to ? 0 : 1);
        int pos = (int)cl_rng_below(&g, (uint32_t)limit + 2) - 1;
        ok = cl_card_move(t, card, to, pos) == CL_OK;
        m_take(&m, z, i);
        m_put(&m, to, pos, card);
        break;
      }
      case 2: {  /* failed moves */
        int card = 1 + (int)cl_rng_below(&g, RN), z, i, rc, want;
        m_locate(&m, card, &z, &i);
        switch (cl_rng_below(&g, 3)) {
          case 0:
            rc = cl_card_move(t, cl_rng_below(&g, 2) ? 0 : RN + 1, to, 1);
            want = CL_ENOCARD;
            break;
          case 1:
            rc = cl_card_move(t, card, cl_rng_below(&g, 2) ? -1 : RZ, 1);
            want = CL_ENOZONE;
            break;
          default:
            rc = cl_card_move(t, card, to, m.count[to] + 2 + (int)cl_rng_below(&g, 3));
            want = CL_ERANGE;
            break;
        }
        ok = rc == want;
        break;
      }
      case 3: {  /* a card by position */
        int n = m.count[from];
        if (n == 0) {
          ok = cl_zone_move(t, from, 1, to, 1) == CL_EEMPTY;
          break;
        }
        ok = cl_zone_move(t, from, n + 1, to, 1) == CL_ERANGE &&
             cl_zone_move(t, from, 0, to, 1) == CL_ERANGE;
        int fpos = 1 + (int)cl_rng_below(&g, (uint32_t)n);
        int limit = m.count[to] + (from == to ? 0 : 1);
        int tpos = (int)cl_rng_below(&g, (uint32_t)limit + 2) - 1;
        int card = m.cards[from][fpos - 1];
        int rc = cl_zone_move(t, from, fpos, to, tpos);
        ok = ok && rc == card;
        m_take(&m, from, fpos - 1);
        m_put(&m, to, tpos, card);
        break;
      }
      case 4: {  /* all but the top `keep` */
        int keep = (int)cl_rng_below(&g, 6) - 1, on_top = (int)cl_rng_below(&g, 2);
        int k = keep < 0 ? 0 : keep;
        int want = (from == to || k >= m.count[from]) ? 0 : m.count[from] - k;
        ok = cl_zone_move_all(t, from, to, keep, on_top) == want;
        for (int i = 0; i < want; i++) {
          int card = m_take(&m, from, k);
          m_put(&m, to, on_top ? i + 1 : 0, card);
        }
        break;
      }
      case 5: {  /* shuffle: the same cards, in an order read back */
        int32_t before[RN], after[RN];
        int n = m.count[from];
        memcpy(before, m.cards[from], (size_t)n * sizeof(int32_t));
        cl_zone_shuffle(t, from, &shuf);
        ok = cl_zone_cards(t, from, after) == n;
        qsort(before, (size_t)n, sizeof before[0], cmp_i32);
        m_read_zone(&m, t, from);
        memcpy(after, m.cards[from], (size_t)n * sizeof(int32_t));
        qsort(after, (size_t)n, sizeof after[0], cmp_i32);
        ok = ok && memcmp(before, after, (size_t)n * sizeof(int32_t)) == 0;
        break;
      }
      case 6: {  /* deal to one to three other zones */
        int nto = 1 + (int)cl_rng_below(&g, 3), dest[3], n = (int)cl_rng_below(&g, 4);
        for (int k = 0; k < nto; k++)
          do dest[k] = (int)cl_rng_below(&g, RZ); while (dest[k] == from);
        int want = 0;
        for (int round = 0; round < n; round++)
          for (int k = 0; k < nto && m.count[from] > 0; k++, want++)
            m_put(&m, dest[k], 1, m_take(&m, from, 0));
        ok = cl_zone_deal(t, from, dest, nto, n) == want;
        break;
      }
      case 7: {  /* draw without a refill (refill -1, or 0 when not from the box) */
        if (from == to) to = (to + 1) % RZ;
        int n = (int)cl_rng_below(&g, 6);
        int refill = (from != 0 && cl_rng_below(&g, 2)) ? 0 : -1;
        int want = 0;
        for (; want < n && m.count[from] > 0; want++) m_put(&m, to, 1, m_take(&m, from, 0));
        ok = cl_zone_draw(t, from, to, n, refill, (int)cl_rng_below(&g, 3), NULL) == want;
        break;
      }
      case 8: {  /* draw with a refill: count as the header says, read back */
        if (from == to) to = (to + 1) % RZ;
        int refill;
        do refill = 1 + (int)cl_rng_below(&g, RZ - 1); while (refill == from);
        int n = (int)cl_rng_below(&g, 10), keep = (int)cl_rng_below(&g, 3);
        int cf = m.count[from], ct = m.count[to], cr = m.count[refill], want = 0;
        while (want < n) {
          if (cf == 0) {
            int moved = cr > keep ? cr - keep : 0;
            if (moved == 0) break;
            cf += moved;
            cr -= moved;
            if (refill == to) ct -= moved;
          }
          cf--, ct++, want++;
          if (refill == to) cr++;
        }
        Model before = m;
        int rc = cl_zone_draw(t, from, to, n, refill, keep, &shuf);
        ok = rc == want && cl_zone_count(t, from) == cf && cl_zone_count(t, to) == ct &&
             cl_zone_count(t, refill) == cr;
        m_read_zone(&m, t, from);
        m_read_zone(&m, t, to);
        m_read_zone(&m, t, refill);
        if (!ok) break;
        /* what moved is forgotten: the cards drawn before a refill, those
        ** the refill put in `from` and, unless `to` was also the refill, the
        ** new top of `to` */
        int first = want < before.count[from] ? want : before.count[from];
        int refilled = before.count[from] < n;
        for (int k = 0; k < first; k++) m.shown[before.cards[from][k]] = 0;
        for (int i = 0; refilled && i < m.count[from]; i++) m.shown[m.cards[from][i]] = 0;
        if (refill == to) {
          for (int i = 0; i < m.count[to]; i++) m_read_shown(&m, t, m.cards[to][i]);
          break;
        }
        for (int i = 0; i < want; i++) m.shown[m.cards[to][i]] = 0;
        /* under the cards drawn after the refill: the ones drawn before it,
        ** the last on top, then the old cards of `to` */
        for (int k = 0; k < first; k++) ok = ok && m.cards[to][want - 1 - k] == before.cards[from][k];
        ok = ok && memcmp(&m.cards[to][want], before.cards[to],
                          (size_t)before.count[to] * sizeof(int32_t)) == 0;
        /* the refill kept its top `keep` cards, or all when none was needed */
        int kept = before.count[refill];
        if (refilled && keep < kept) kept = keep;
        ok = ok && m.count[refill] == kept &&
             memcmp(m.cards[refill], before.cards[refill], (size_t)kept * sizeof(int32_t)) == 0;
        break;
      }
      default: {  /* show a card to a seat, or fail to */
        int card = 1 + (int)cl_rng_below(&g, RN), seat = (int)cl_rng_below(&g, CL_MAX_SEATS + 2);
        int rc = cl_card_show(t, card, seat);
        if (seat >= 1 && seat <= CL_MAX_SEATS) {
          ok = rc == CL_OK;
          m.shown[card] |= 1u << seat;
        } else {
          ok = rc == CL_ERANGE;
        }
        break;
      }
    }
    if (!CHECK(ok) || !CHECK(table_consistent(t)) || !CHECK(m_agrees(&m, t))) break;
    if (op % 25 == 0 && !CHECK(m_views_agree(&m, t))) break;
  }
  if (op < nops) printf("  at random operation %d (kind %d)\n", op, kind);
  CHECK(m_views_agree(&m, t));
  /* the operations reached every zone */
  int spread = 0;
  for (int z = 1; z < RZ; z++) spread += m.count[z] > 0;
  CHECK(spread >= 4);
  cl_table_free(t);
}


/* ---------------------------------------------------------------- seats */

static void test_seats_init(void) {
  cl_Seats s;
  CHECK_EQ(cl_seats_init(&s, 0), CL_ERANGE);
  CHECK_EQ(cl_seats_init(&s, -1), CL_ERANGE);
  CHECK_EQ(cl_seats_init(&s, CL_MAX_SEATS + 1), CL_ERANGE);
  CHECK_EQ(cl_seats_init(&s, 1), CL_OK);
  CHECK_EQ(s.n, 1);
  memset(&s, 0x5a, sizeof s);
  CHECK_EQ(cl_seats_init(&s, CL_MAX_SEATS), CL_OK);
  CHECK_EQ(s.n, CL_MAX_SEATS);
  CHECK_EQ(s.current, 1);
  CHECK_EQ(s.direction, 1);
  CHECK_EQ(s.start, 1);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(s.turn, 1);
  int clear = 1;
  for (int i = 1; i <= CL_MAX_SEATS; i++) clear &= !s.team[i] && !s.skip[i] && !s.extra[i];
  CHECK(clear);
}

static void test_seats_after(void) {
  cl_Seats s;
  cl_seats_init(&s, 4);
  CHECK_EQ(cl_seats_after(&s, 1, 1), 2);
  CHECK_EQ(cl_seats_after(&s, 4, 1), 1);
  CHECK_EQ(cl_seats_after(&s, 3, 0), 3);
  CHECK_EQ(cl_seats_after(&s, 1, 4), 1);
  CHECK_EQ(cl_seats_after(&s, 1, 9), 2);
  CHECK_EQ(cl_seats_after(&s, 1, -1), 4);
  CHECK_EQ(cl_seats_after(&s, 2, -6), 4);
  CHECK_EQ(cl_seats_after(&s, 4, -4), 4);
  CHECK_EQ(cl_seats_after(&s, 3, -13), 2);
  CHECK_EQ(cl_seats_after(&s, 2, 1000003), 1);
  s.direction = -1;
  CHECK_EQ(cl_seats_after(&s, 1, 1), 4);
  CHECK_EQ(cl_seats_after(&s, 4, 1), 3);
  CHECK_EQ(cl_seats_after(&s, 1, -1), 2);
  CHECK_EQ(cl_seats_after(&s, 4, -1), 1);
  CHECK_EQ(cl_seats_after(&s, 2, 5), 1);
  CHECK_EQ(cl_seats_after(&s, 2, -7), 1);
  cl_seats_init(&s, 1);
  CHECK_EQ(cl_seats_after(&s, 1, 1), 1);
  CHECK_EQ(cl_seats_after(&s, 1, -3), 1);
}

static void test_seats_next(void) {
  cl_Seats s;
  cl_seats_init(&s, 3);
  static const int seq[] = {2, 3, 1, 2, 3, 1, 2};
  static const int rounds[] = {1, 1, 2, 2, 2, 3, 3};
  for (int i = 0; i < 7; i++) {
    CHECK_EQ(cl_seats_next(&s), seq[i]);
    CHECK_EQ(s.current, seq[i]);
    CHECK_EQ(s.round, rounds[i]);
    CHECK_EQ(s.turn, i + 2);
  }
  /* one seat: every turn is a new round */
  cl_seats_init(&s, 1);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 3);
  CHECK_EQ(s.turn, 3);
}

static void test_seats_skip(void) {
  cl_Seats s;
  cl_seats_init(&s, 4);
  /* a lost turn is used up as it is passed over */
  s.skip[2] = 1;
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(s.skip[2], 0);
  CHECK_EQ(cl_seats_next(&s), 4);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(cl_seats_next(&s), 2);

  /* two lost turns: passed over twice */
  cl_seats_init(&s, 3);
  s.skip[2] = 2;
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(s.skip[2], 0);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 3);
  CHECK_EQ(s.turn, 6);

  /* neighbours both losing a turn */
  cl_seats_init(&s, 4);
  s.skip[2] = 1;
  s.skip[3] = 1;
  CHECK_EQ(cl_seats_next(&s), 4);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(cl_seats_next(&s), 2);

  /* the start player losing a turn: the round still turns over */
  cl_seats_init(&s, 3);
  s.current = 3;
  s.skip[1] = 1;
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(s.skip[1], 0);

  /* every seat owes a turn, the current one too: all are paid, then the next
  ** plays */
  cl_seats_init(&s, 3);
  s.skip[1] = s.skip[2] = s.skip[3] = 1;
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK(s.skip[1] == 0 && s.skip[2] == 0 && s.skip[3] == 0);
}

static void test_seats_extra(void) {
  cl_Seats s;
  cl_seats_init(&s, 3);
  s.extra[1] = 1;
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.extra[1], 0);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(s.turn, 2);
  CHECK_EQ(cl_seats_next(&s), 2);
  s.extra[2] = 2;
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(s.turn, 6);
  /* an extra turn belongs to the seat whose turn ends, not the next */
  s.extra[1] = 1;
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.extra[1], 1);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(cl_seats_next(&s), 2);
}

static void test_seats_direction(void) {
  cl_Seats s;
  cl_seats_init(&s, 4);
  s.direction = -1;
  CHECK_EQ(cl_seats_next(&s), 4);
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 2);

  /* reversing in the middle of a round */
  cl_seats_init(&s, 4);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(cl_seats_next(&s), 3);
  s.direction = -1;
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 2);
  s.direction = 1;
  CHECK_EQ(cl_seats_next(&s), 2);

  /* skips in the other direction */
  cl_seats_init(&s, 4);
  s.direction = -1;
  s.skip[4] = 1;
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(s.skip[4], 0);
}

static void test_seats_jump(void) {
  cl_Seats s;
  cl_seats_init(&s, 4);
  CHECK_EQ(cl_seats_jump(&s, 3), CL_OK);
  CHECK_EQ(s.current, 3);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(s.turn, 2);
  CHECK_EQ(cl_seats_next(&s), 4);
  /* jumping past the start seat counts the round */
  CHECK_EQ(cl_seats_jump(&s, 2), CL_OK);
  CHECK_EQ(s.current, 2);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(s.turn, 4);
  /* landing on the start seat counts too */
  CHECK_EQ(cl_seats_jump(&s, 1), CL_OK);
  CHECK_EQ(s.round, 3);
  CHECK_EQ(cl_seats_next(&s), 2);
  /* jumps do not pay lost turns of the seats jumped over */
  s.skip[3] = 1;
  CHECK_EQ(cl_seats_jump(&s, 4), CL_OK);
  CHECK_EQ(s.skip[3], 1);
  CHECK_EQ(s.current, 4);
  /* against the direction */
  cl_seats_init(&s, 4);
  s.direction = -1;
  CHECK_EQ(cl_seats_jump(&s, 3), CL_OK);
  CHECK_EQ(s.current, 3);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(cl_seats_jump(&s, 1), CL_OK);
  CHECK_EQ(s.round, 2);
  /* to the seat whose turn it is */
  CHECK_EQ(cl_seats_jump(&s, 1), CL_OK);
  CHECK_EQ(s.current, 1);

  cl_Seats before = s;
  CHECK_EQ(cl_seats_jump(&s, 0), CL_ERANGE);
  CHECK_EQ(cl_seats_jump(&s, 5), CL_ERANGE);
  CHECK_EQ(cl_seats_jump(&s, -1), CL_ERANGE);
  CHECK(memcmp(&before, &s, sizeof s) == 0);
}

static void test_seats_lead(void) {
  cl_Seats s;
  cl_seats_init(&s, 4);
  /* the opening trick: led by seat 3 before any turn ended, still round 1 */
  cl_seats_lead(&s, 3);
  CHECK_EQ(s.current, 3);
  CHECK_EQ(s.start, 3);
  CHECK_EQ(s.round, 1);
  CHECK_EQ(s.turn, 1);
  CHECK_EQ(cl_seats_next(&s), 4);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 1);
  /* the trick's winner leads the next one: round 2 */
  cl_seats_lead(&s, 1);
  CHECK_EQ(s.current, 1);
  CHECK_EQ(s.start, 1);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(s.turn, 5);
}

static void test_seats_marker(void) {
  cl_Seats s;
  cl_seats_init(&s, 4);
  cl_seats_pass_marker(&s, 1);
  CHECK_EQ(s.start, 2);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 2);  /* the turn reached the new start seat */
  CHECK_EQ(cl_seats_next(&s), 3);
  CHECK_EQ(cl_seats_next(&s), 4);
  CHECK_EQ(cl_seats_next(&s), 1);
  CHECK_EQ(s.round, 2);
  CHECK_EQ(cl_seats_next(&s), 2);
  CHECK_EQ(s.round, 3);
  cl_seats_pass_marker(&s, -1);
  CHECK_EQ(s.start, 1);
  cl_seats_pass_marker(&s, 6);
  CHECK_EQ(s.start, 3);
  s.direction = -1;
  cl_seats_pass_marker(&s, 1);
  CHECK_EQ(s.start, 2);
  cl_seats_pass_marker(&s, 2);
  CHECK_EQ(s.start, 4);
  cl_seats_pass_marker(&s, 0);
  CHECK_EQ(s.start, 4);
}

static void test_seats_order(void) {
  cl_Seats s;
  int out[CL_MAX_SEATS];
  cl_seats_init(&s, 4);
  CHECK_EQ(cl_seats_order(&s, 3, 1, out), 4);
  CHECK(out[0] == 3 && out[1] == 4 && out[2] == 1 && out[3] == 2);
  CHECK_EQ(cl_seats_order(&s, 3, -1, out), 4);
  CHECK(out[0] == 3 && out[1] == 2 && out[2] == 1 && out[3] == 4);
  CHECK_EQ(cl_seats_order(&s, 1, 1, out), 4);
  CHECK(out[0] == 1 && out[1] == 2 && out[2] == 3 && out[3] == 4);
  CHECK_EQ(cl_seats_order(&s, 1, -1, out), 4);
  CHECK(out[0] == 1 && out[1] == 4 && out[2] == 3 && out[3] == 2);
  /* the direction argument decides, not the seats' own */
  s.direction = -1;
  CHECK_EQ(cl_seats_order(&s, 2, 1, out), 4);
  CHECK(out[0] == 2 && out[1] == 3 && out[2] == 4 && out[3] == 1);
  cl_seats_init(&s, CL_MAX_SEATS);
  CHECK_EQ(cl_seats_order(&s, CL_MAX_SEATS, 1, out), CL_MAX_SEATS);
  CHECK(out[0] == CL_MAX_SEATS && out[1] == 1 && out[CL_MAX_SEATS - 1] == CL_MAX_SEATS - 1);
  cl_seats_init(&s, 1);
  CHECK_EQ(cl_seats_order(&s, 1, -1, out), 1);
  CHECK_EQ(out[0], 1);
}


/* ---------------------------------------------------------------- log */

static void test_log_basic(void) {
  cl_Log *log = cl_log_new();
  if (!CHECK(log != NULL)) return;
  int seat = -1;
  size_t len = 99;
  CHECK_EQ(cl_log_count(log), 0);
  CHECK(cl_log_get(log, 1, &seat, &len) == NULL);
  CHECK_EQ(cl_log_append(log, 2, "play 7H", 7), 1);
  CHECK_EQ(cl_log_append(log, 1, "draw", 4), 2);
  CHECK_EQ(cl_log_append(log, 3, "", 0), 3);
  CHECK_EQ(cl_log_append(log, 0, "a\0b", 3), 4);  /* bytes, not C strings */
  CHECK_EQ(cl_log_count(log), 4);

  const char *s = cl_log_get(log, 1, &seat, &len);
  CHECK(s != NULL && len == 7 && memcmp(s, "play 7H", 7) == 0);
  CHECK_EQ(seat, 2);
  s = cl_log_get(log, 2, &seat, &len);
  CHECK(s != NULL && len == 4 && memcmp(s, "draw", 4) == 0);
  CHECK_EQ(seat, 1);
  s = cl_log_get(log, 3, &seat, &len);
  CHECK(s != NULL && len == 0);
  CHECK_EQ(seat, 3);
  s = cl_log_get(log, 4, &seat, &len);
  CHECK(s != NULL && len == 3 && memcmp(s, "a\0b", 3) == 0);
  CHECK_EQ(seat, 0);
  /* seat and len may be NULL */
  s = cl_log_get(log, 2, NULL, NULL);
  CHECK(s != NULL && memcmp(s, "draw", 4) == 0);
  CHECK(cl_log_get(log, 0, NULL, NULL) == NULL);
  CHECK(cl_log_get(log, 5, NULL, NULL) == NULL);
  CHECK(cl_log_get(log, -1, NULL, NULL) == NULL);
  cl_log_free(log);
  cl_log_free(NULL);
}

static void test_log_copies(void) {
  cl_Log *log = cl_log_new();
  if (!CHECK(log != NULL)) return;
  char buf[] = "pass";
  CHECK_EQ(cl_log_append(log, 1, buf, 4), 1);
  memcpy(buf, "XXXX", 4);
  size_t len;
  const char *s = cl_log_get(log, 1, NULL, &len);
  CHECK(s != buf);
  CHECK(len == 4 && memcmp(s, "pass", 4) == 0);
  /* only len bytes are taken */
  CHECK_EQ(cl_log_append(log, 1, "drawing", 4), 2);
  s = cl_log_get(log, 2, NULL, &len);
  CHECK(len == 4 && memcmp(s, "draw", 4) == 0);

  /* long texts */
  size_t big = 300000;
  char *text = malloc(big);
  if (CHECK(text != NULL)) {
    for (size_t i = 0; i < big; i++) text[i] = (char)('a' + i % 26);
    CHECK_EQ(cl_log_append(log, 4, text, big), 3);
    text[0] = '!';
    text[big - 1] = '!';
    s = cl_log_get(log, 3, NULL, &len);
    CHECK(len == big && s[0] == 'a' && s[big - 1] == (char)('a' + (big - 1) % 26));
    CHECK(memcmp(s + 1, text + 1, big - 2) == 0);
    s = cl_log_get(log, 1, NULL, &len);
    CHECK(len == 4 && memcmp(s, "pass", 4) == 0);
    free(text);
  }
  cl_log_free(log);
}

static void test_log_many(void) {
  cl_Log *log = cl_log_new();
  if (!CHECK(log != NULL)) return;
  char buf[64];
  const int n = 20000;
  int counts = 1;
  for (int i = 1; i <= n; i++) {
    int len = snprintf(buf, sizeof buf, "answer %d %.*s", i, i % 40, "........................................");
    counts &= cl_log_append(log, i % 9, buf, (size_t)len) == i;
  }
  CHECK(counts);
  CHECK_EQ(cl_log_count(log), n);
  int same = 1;
  for (int i = 1; i <= n; i++) {
    int len = snprintf(buf, sizeof buf, "answer %d %.*s", i, i % 40, "........................................");
    int seat;
    size_t got;
    const char *s = cl_log_get(log, i, &seat, &got);
    same &= s != NULL && seat == i % 9 && got == (size_t)len && memcmp(s, buf, got) == 0;
  }
  CHECK(same);
  cl_log_free(log);
}

static void test_log_truncate(void) {
  cl_Log *log = cl_log_new();
  if (!CHECK(log != NULL)) return;
  static const char *const texts[] = {"one", "two", "three", "four", "five"};
  for (int i = 0; i < 5; i++) cl_log_append(log, i + 1, texts[i], strlen(texts[i]));
  cl_log_truncate(log, 9);  /* more than there are: nothing happens */
  CHECK_EQ(cl_log_count(log), 5);
  cl_log_truncate(log, 5);
  CHECK_EQ(cl_log_count(log), 5);
  cl_log_truncate(log, 2);
  CHECK_EQ(cl_log_count(log), 2);
  CHECK(cl_log_get(log, 3, NULL, NULL) == NULL);
  size_t len;
  int seat;
  const char *s = cl_log_get(log, 2, &seat, &len);
  CHECK(s != NULL && len == 3 && memcmp(s, "two", 3) == 0 && seat == 2);

  /* appending after a truncation: new entries, the old ones intact */
  CHECK_EQ(cl_log_append(log, 7, "seven!", 6), 3);
  s = cl_log_get(log, 3, &seat, &len);
  CHECK(s != NULL && len == 6 && memcmp(s, "seven!", 6) == 0 && seat == 7);
  s = cl_log_get(log, 1, &seat, &len);
  CHECK(s != NULL && len == 3 && memcmp(s, "one", 3) == 0 && seat == 1);
  s = cl_log_get(log, 2, &seat, &len);
  CHECK(s != NULL && len == 3 && memcmp(s, "two", 3) == 0);
  CHECK(cl_log_get(log, 4, NULL, NULL) == NULL);

  cl_log_truncate(log, 0);
  CHECK_EQ(cl_log_count(log), 0);
  CHECK(cl_log_get(log, 1, NULL, NULL) == NULL);
  CHECK_EQ(cl_log_append(log, 1, "again", 5), 1);
  s = cl_log_get(log, 1, NULL, &len);
  CHECK(s != NULL && len == 5 && memcmp(s, "again", 5) == 0);
  cl_log_truncate(log, -3);
  CHECK_EQ(cl_log_count(log), 0);

  /* truncate and refill many times over */
  int ok = 1;
  char buf[32];
  for (int round = 0; round < 50; round++) {
    for (int i = 0; i < 100; i++) {
      int n = snprintf(buf, sizeof buf, "r%d-%d", round, i);
      cl_log_append(log, 1, buf, (size_t)n);
    }
    cl_log_truncate(log, cl_log_count(log) - 70);
  }
  CHECK_EQ(cl_log_count(log), 50 * 30);
  for (int round = 0; round < 50; round++)
    for (int i = 0; i < 30; i++) {
      int n = snprintf(buf, sizeof buf, "r%d-%d", round, i);
      s = cl_log_get(log, round * 30 + i + 1, NULL, &len);
      ok &= s != NULL && len == (size_t)n && memcmp(s, buf, len) == 0;
    }
  CHECK(ok);
  cl_log_free(log);
}

/* The header: an entry's text is valid until the next append (the buffer
** may move as it grows); what it says must survive the growth, read anew. */
static void test_log_text_stays(void) {
  cl_Log *log = cl_log_new();
  if (!CHECK(log != NULL)) return;
  cl_log_append(log, 1, "first", 5);
  size_t big = (size_t)1 << 20;
  char *text = calloc(big, 1);
  if (CHECK(text != NULL)) {
    CHECK_EQ(cl_log_append(log, 2, text, big), 2);
    size_t len = 0;
    int seat = 0;
    const char *s = cl_log_get(log, 1, &seat, &len);
    CHECK(s != NULL && len == 5 && seat == 1 && memcmp(s, "first", 5) == 0 && s[5] == '\0');
    free(text);
  }
  cl_log_free(log);
}


/* ---------------------------------------------------------------- answers */

static int match(const char *answer, const char *const *legal, int n) {
  size_t lens[16];
  for (int i = 0; i < n; i++) lens[i] = strlen(legal[i]);
  return cl_answer_match(answer, strlen(answer), legal, lens, n);
}

static void test_answer_match(void) {
  static const char *const legal[] = {"play 7H", "draw", "pass", "Play 8S", "take 2 cards"};
  const int n = (int)NELEMS(legal);
  CHECK_EQ(match("draw", legal, n), 1);
  CHECK_EQ(match("play 7H", legal, n), 0);
  CHECK_EQ(match("Play 8S", legal, n), 3);
  /* loose: case, blanks at the ends and runs inside */
  CHECK_EQ(match("DRAW", legal, n), 1);
  CHECK_EQ(match("play 7h", legal, n), 0);
  CHECK_EQ(match("  play   7h  ", legal, n), 0);
  CHECK_EQ(match("play\t7H", legal, n), 0);
  CHECK_EQ(match("\tPLAY 8s\n", legal, n), 3);
  CHECK_EQ(match("take  2    Cards", legal, n), 4);
  CHECK_EQ(match(" pass", legal, n), 2);
  CHECK_EQ(match("pass ", legal, n), 2);
  /* no match: differences inside, missing or extra letters, blanks added or
  ** removed between letters */
  CHECK_EQ(match("play 7 h", legal, n), -1);
  CHECK_EQ(match("play7h", legal, n), -1);
  CHECK_EQ(match("play 7J", legal, n), -1);
  CHECK_EQ(match("dra", legal, n), -1);
  CHECK_EQ(match("draws", legal, n), -1);
  CHECK_EQ(match("d raw", legal, n), -1);
  CHECK_EQ(match("take 2 card", legal, n), -1);
  CHECK_EQ(match("", legal, n), -1);
  CHECK_EQ(match("   ", legal, n), -1);
  CHECK_EQ(match("draw", legal, 0), -1);

  /* ambiguous loose matches; an exact match still wins */
  static const char *const dup[] = {"Pass", "pass ", "draw", "DRAW"};
  CHECK_EQ(match("PASS", dup, 4), -2);
  CHECK_EQ(match("pass", dup, 4), -2);
  CHECK_EQ(match("Pass", dup, 4), 0);
  CHECK_EQ(match("pass ", dup, 4), 1);
  CHECK_EQ(match("DRAW", dup, 4), 3);
  CHECK_EQ(match("Draw", dup, 4), -2);
  CHECK_EQ(match("nothing", dup, 4), -1);

  /* lengths, not terminators, delimit the texts */
  size_t lens[] = {4, 4};
  static const char *const pre[] = {"drawn", "passing"};
  CHECK_EQ(cl_answer_match("pass it", 4, pre, lens, 2), 1);
  CHECK_EQ(cl_answer_match("DRAW!", 4, pre, lens, 2), 0);
  CHECK_EQ(cl_answer_match("draw", 3, pre, lens, 2), -1);
  static const char *const empty[] = {"x", ""};
  size_t elens[] = {1, 0};
  CHECK_EQ(cl_answer_match("", 0, empty, elens, 2), 1);
  CHECK_EQ(cl_answer_match("  ", 2, empty, elens, 2), 1);
}

static int say_just(const char *answer, const char *const *legal, int n) {
  size_t lens[16];
  for (int i = 0; i < n; i++) lens[i] = strlen(legal[i]);
  return cl_answer_say_just(answer, strlen(answer), legal, lens, n);
}

static void test_answer_say_just(void) {
  static const char *const legal[] = {"draw", "play 7H", "play 7H P2", "pass"};
  const int n = (int)NELEMS(legal);
  CHECK_EQ(say_just("draw now", legal, n), 0);
  CHECK_EQ(say_just("DRAW   please", legal, n), 0);
  /* the longest beginning that is an answer */
  CHECK_EQ(say_just("play 7H P2 quickly", legal, n), 2);
  CHECK_EQ(say_just("play 7H quickly", legal, n), 1);
  /* a beginning ends at a blank: no answer inside a word, none for the
  ** answer itself or a text that is not one with words after */
  CHECK_EQ(say_just("drawn card", legal, n), -1);
  CHECK_EQ(say_just("draw", legal, n), -1);
  CHECK_EQ(say_just("play 7 H", legal, n), -1);
  CHECK_EQ(say_just("", legal, n), -1);
  CHECK_EQ(say_just("draw now", legal, 0), -1);
  /* past as many letters as the longest answer has, nothing is looked at:
  ** a long paste whose beginning is an answer only far in is not found */
  CHECK_EQ(say_just("x x x x x x x x x x x draw now", legal, n), -1);
}

static int ending(const char *answer, const char *const *legal, int n) {
  size_t lens[16];
  for (int i = 0; i < n; i++) lens[i] = strlen(legal[i]);
  return cl_answer_ending(answer, strlen(answer), legal, lens, n);
}

static void test_answer_ending(void) {
  static const char *const legal[] = {"draw", "play 7H", "play 8D", "discard 8D", "buy Web  Magazine"};
  const int n = (int)NELEMS(legal);
  CHECK_EQ(ending("7H", legal, n), 1);
  CHECK_EQ(ending("  7h ", legal, n), 1);
  CHECK_EQ(ending("web magazine", legal, n), 4);
  /* two answers end so: none is named */
  CHECK_EQ(ending("8D", legal, n), -1);
  /* a one-word answer has no ending; a blank text, a part of an ending or
  ** an answer itself is none */
  CHECK_EQ(ending("draw", legal, n), -1);
  CHECK_EQ(ending("", legal, n), -1);
  CHECK_EQ(ending("   ", legal, n), -1);
  CHECK_EQ(ending("7", legal, n), -1);
  CHECK_EQ(ending("Magazine", legal, n), -1);
  CHECK_EQ(ending("play 7H", legal, n), -1);
  static const char *const trailing[] = {"play "};
  CHECK_EQ(ending(" ", trailing, 1), -1);
}

/* The escaped text, as a NUL-terminated string in a static buffer; checks
** that the size counted without writing is the size written. */
static const char *escaped(const char *s, size_t len, size_t most, int lines) {
  static char out[512];
  size_t size = cl_text_escape(NULL, s, len, most, lines);
  size_t written = cl_text_escape(out, s, len, most, lines);
  CHECK_EQ((long long)written, (long long)size);
  out[written] = '\0';
  return out;
}

#define CHECK_ESCAPED(s, most, lines, want) \
  CHECK(strcmp(escaped(s, sizeof(s) - 1, most, lines), want) == 0)

static void test_text_escape(void) {
  CHECK_ESCAPED("play 7H", SIZE_MAX, 0, "play 7H");
  /* C0 controls and DEL as %q writes them, three digits before a digit */
  CHECK_ESCAPED("\x1b[2J", SIZE_MAX, 0, "\\27[2J");
  CHECK_ESCAPED("a\rb\x7f", SIZE_MAX, 0, "a\\13b\\127");
  CHECK_ESCAPED("\x1b" "1", SIZE_MAX, 0, "\\0271");
  CHECK_ESCAPED("a\0b", SIZE_MAX, 0, "a\\0b");
  /* newline and tab kept with `lines`, escaped without */
  CHECK_ESCAPED("a\nb\tc", SIZE_MAX, 1, "a\nb\tc");
  CHECK_ESCAPED("a\nb\tc", SIZE_MAX, 0, "a\\10b\\9c");
  /* C1 controls as their two bytes; other UTF-8 kept */
  CHECK_ESCAPED("\xc2\x9b" "2J", SIZE_MAX, 1, "\\194\\1552J");
  CHECK_ESCAPED("\xe2\x99\xa0 caf\xc3\xa9", SIZE_MAX, 0, "\xe2\x99\xa0 caf\xc3\xa9");
  /* cut within `most` columns, a UTF-8 character one column */
  CHECK_ESCAPED("abcdefghij", 10, 0, "abcdefghij");
  CHECK_ESCAPED("abcdefghijk", 10, 0, "abcdefg...");
  CHECK_ESCAPED("\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0", 6, 0,
                "\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0");
  CHECK_ESCAPED("\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0", 6, 0,
                "\xe2\x99\xa0\xe2\x99\xa0\xe2\x99\xa0...");
  /* an escape is as wide as its bytes, and is not split by the cut */
  CHECK_ESCAPED("abcdef\x1b", 10, 0, "abcdef\\27");
  CHECK_ESCAPED("abcdefg\xc2\x9b", 10, 0, "abcdefg...");
  CHECK_ESCAPED("", 10, 0, "");
  /* bytes that are not UTF-8 escaped, one by one; the characters around kept */
  CHECK_ESCAPED("\xff\xfe", SIZE_MAX, 0, "\\255\\254");
  CHECK_ESCAPED("caf\xc3", SIZE_MAX, 0, "caf\\195");               /* cut short */
  CHECK_ESCAPED("\x80" "1", SIZE_MAX, 0, "\\1281");                  /* stray continuation */
  CHECK_ESCAPED("\xc0\xaf", SIZE_MAX, 0, "\\192\\175");            /* overlong '/' */
  CHECK_ESCAPED("\xed\xa0\x80", SIZE_MAX, 0, "\\237\\160\\128");  /* a surrogate */
  CHECK_ESCAPED("\xf0\x9f\x82\xa1!", SIZE_MAX, 0, "\xf0\x9f\x82\xa1!");
  CHECK_ESCAPED("ab\xff" "cdefgh", 10, 0, "ab\\255c...");

  CHECK(cl_text_printable("play 7H\n\tdraw", 13));
  CHECK(cl_text_printable("\xe2\x99\xa0 caf\xc3\xa9", 9));
  CHECK(!cl_text_printable("a\x1b", 2));
  CHECK(!cl_text_printable("a\0b", 3));
  CHECK(!cl_text_printable("\xc2\x85", 2));
  CHECK(!cl_text_printable("\x7f", 1));
  CHECK(!cl_text_printable("\xff", 1));
  CHECK(!cl_text_printable("caf\xc3", 4));
  CHECK(cl_text_printable("\xf0\x9f\x82\xa1", 4));
}

static void test_hash(void) {
  CHECK(cl_hash(CL_HASH_INIT, "", 0) == UINT64_C(0xcbf29ce484222325));
  CHECK(CL_HASH_INIT == UINT64_C(0xcbf29ce484222325));
  CHECK(cl_hash(CL_HASH_INIT, "a", 1) == UINT64_C(0xaf63dc4c8601ec8c));
  CHECK(cl_hash(CL_HASH_INIT, "foobar", 6) == UINT64_C(0x85944171f73967e8));
  CHECK(cl_hash(cl_hash(CL_HASH_INIT, "foo", 3), "bar", 3) ==
        UINT64_C(0x85944171f73967e8));
  uint64_t h = CL_HASH_INIT;
  const char *foobar = "foobar";
  for (int i = 0; i < 6; i++) h = cl_hash(h, foobar + i, 1);
  CHECK(h == UINT64_C(0x85944171f73967e8));
  CHECK(cl_hash(12345, "", 0) == 12345);
  /* every byte counts, high bytes and NULs too */
  CHECK(cl_hash(CL_HASH_INIT, "ab", 2) != cl_hash(CL_HASH_INIT, "ba", 2));
  CHECK(cl_hash(CL_HASH_INIT, "\0", 1) != CL_HASH_INIT);
  CHECK(cl_hash(CL_HASH_INIT, "\xff", 1) != cl_hash(CL_HASH_INIT, "\x7f", 1));
  CHECK(cl_hash(CL_HASH_INIT, "\xff", 1) == ((CL_HASH_INIT ^ 0xff) * UINT64_C(0x100000001b3)));
}

static void test_strerror(void) {
  static const int codes[] = {CL_OK, CL_ENOMEM, CL_ERANGE, CL_ENOCARD, CL_ENOZONE,
                              CL_EEXIST, CL_EEMPTY, CL_ENOTHERE};
  const int n = (int)NELEMS(codes);
  for (int i = 0; i < n; i++) {
    const char *msg = cl_strerror(codes[i]);
    int lower = msg != NULL && msg[0] != '\0';
    for (const char *p = msg; lower && *p; p++) lower = !isupper((unsigned char)*p);
    if (!CHECK(lower)) printf("  code %d\n", codes[i]);
    /* a message of its own, not the fallback */
    for (int j = 0; j < i; j++)
      if (!CHECK(strcmp(msg, cl_strerror(codes[j])) != 0))
        printf("  codes %d and %d\n", codes[i], codes[j]);
    CHECK(strcmp(msg, cl_strerror(-1000)) != 0);
  }
  const char *unknown = cl_strerror(-1000);
  CHECK(unknown != NULL && unknown[0] != '\0');
  CHECK(cl_strerror(42) != NULL && cl_strerror(42)[0] != '\0');
}


/* ---------------------------------------------------------------- deals */

/* A table of 40 cards: a face-down stock, three owner-only hands of 6, a
** face-up pile of 4, a public face-down row of 3 (one shown to seat 2). */
static cl_Table *deal_table(int *stock, int hand[4], int *pile, int *row) {
  cl_Table *t = cl_table_new(40);
  *stock = cl_zone_new(t, "stock", 0, CL_VIS_COUNT, 0);
  for (int s = 1; s <= 3; s++) {
    char name[16];
    snprintf(name, sizeof name, "hand%d", s);
    hand[s] = cl_zone_new(t, name, s, CL_VIS_OWNER, 1);
  }
  *pile = cl_zone_new(t, "pile", 0, CL_VIS_EVERYONE, 1);
  *row = cl_zone_new(t, "row", 0, CL_VIS_EVERYONE, 0);
  cl_zone_move_all(t, 0, *stock, 0, 1);
  cl_Rng r;
  cl_rng_seed(&r, 5);
  cl_zone_shuffle(t, *stock, &r);
  cl_zone_deal(t, *stock, hand + 1, 3, 6);
  cl_zone_draw(t, *stock, *pile, 4, -1, 0, NULL);
  cl_zone_draw(t, *stock, *row, 3, -1, 0, NULL);
  cl_card_show(t, cl_zone_peek(t, *row, 2), 2);
  return t;
}

/* Each zone's view by `seat`, and the sorted hidden cards, as one picture. */
typedef struct SeatPicture {
  int32_t view[16][41];
  int counts[16];
  int32_t hidden[41];
  int nhidden;
} SeatPicture;

static void seat_picture(const cl_Table *t, int seat, SeatPicture *p) {
  memset(p, 0, sizeof *p);
  int32_t cards[41];
  for (int z = 0; z < cl_table_nzones(t); z++) {
    p->counts[z] = cl_zone_view(t, z, seat, p->view[z]);
    int n = cl_zone_cards(t, z, cards);
    for (int i = 0; i < n; i++)
      if (!cl_card_visible(t, cards[i], seat)) p->hidden[cards[i]] = 1;
  }
}

static int same_picture(const SeatPicture *a, const SeatPicture *b) {
  return memcmp(a, b, sizeof *a) == 0;
}

static void test_determinize(void) {
  int stock, hand[4], pile, row;
  cl_Table *t = deal_table(&stock, hand, &pile, &row);
  cl_Rng r;
  cl_rng_seed(&r, 9);
  for (int seat = 1; seat <= 3; seat++) {
    for (int k = 0; k < 50; k++) {
      SeatPicture before, after;
      seat_picture(t, seat, &before);
      CHECK_EQ(cl_table_determinize(t, NULL, seat, NULL, NULL, &r), 0);
      seat_picture(t, seat, &after);
      /* the seat's view, every count, and the set of hidden cards stay */
      if (!CHECK(same_picture(&before, &after))) break;
      if (!CHECK(table_consistent(t))) break;
    }
  }
  /* seat 2 still sees the card shown to it; seat 0 moves nothing */
  CHECK(cl_card_shown(t, cl_zone_peek(t, row, 2), 2));
  int32_t a[41], b[41];
  int n = cl_zone_cards(t, stock, a);
  CHECK_EQ(cl_table_determinize(t, NULL, 0, NULL, NULL, &r), 0);
  cl_zone_cards(t, stock, b);
  CHECK(memcmp(a, b, (size_t)n * sizeof *a) == 0);
  CHECK_EQ(cl_table_determinize(t, NULL, CL_MAX_SEATS + 1, NULL, NULL, &r), CL_ERANGE);
  int32_t bad[41] = {0};
  bad[7] = 41;
  CHECK_EQ(cl_table_determinize(t, bad, 1, NULL, NULL, &r), CL_ERANGE);
  cl_table_free(t);
}

/* The deal depends on what the seat sees, not on where hidden cards are. */
static void test_determinize_canonical(void) {
  int stock, hand[4], pile, row;
  cl_Table *t1 = deal_table(&stock, hand, &pile, &row);
  cl_Table *t2 = deal_table(&stock, hand, &pile, &row);
  cl_Rng r, r1, r2;
  cl_rng_seed(&r, 3);
  cl_table_determinize(t2, NULL, 1, NULL, NULL, &r);  /* another deal, the same to seat 1 */
  cl_rng_seed(&r1, 77);
  r2 = r1;
  cl_table_determinize(t1, NULL, 1, NULL, NULL, &r1);
  cl_table_determinize(t2, NULL, 1, NULL, NULL, &r2);
  int same = 1;
  for (int c = 1; c <= 40; c++)
    same &= cl_card_zone(t1, c) == cl_card_zone(t2, c) &&
            cl_zone_find_card(t1, cl_card_zone(t1, c), c) == cl_zone_find_card(t2, cl_card_zone(t2, c), c);
  CHECK(same);
  cl_table_free(t1);
  cl_table_free(t2);
}

/* Known zones, backs and the game's constraints. */
static int only_even_in(void *ud, int card, int zone) {
  return zone != *(int *)ud || card % 2 == 0;
}

static void test_determinize_knowledge(void) {
  int stock, hand[4], pile, row;
  cl_Table *t = deal_table(&stock, hand, &pile, &row);
  cl_Rng r;
  cl_rng_seed(&r, 21);
  /* seat 1 gives a card to seat 2: it knows where it is, unseen */
  int given = cl_zone_peek(t, hand[1], 1);
  cl_card_move(t, given, hand[2], 1);
  CHECK(!cl_card_visible(t, given, 1));
  CHECK(cl_card_known(t, given, 1));
  CHECK(!cl_card_known(t, given, 3));
  for (int k = 0; k < 30; k++) {
    cl_table_determinize(t, NULL, 1, NULL, NULL, &r);
    CHECK_EQ(cl_card_zone(t, given), hand[2]);
  }
  /* a card of hand2 seat 1 cannot tell apart leaves: it may be that one */
  int unseen = cl_zone_peek(t, hand[2], 3);
  cl_card_move(t, unseen == given ? cl_zone_peek(t, hand[2], 2) : unseen, stock, 1);
  CHECK_EQ(cl_card_zone(t, given), hand[2]);
  CHECK(!cl_card_known(t, given, 1));
  /* the public pile, turned over into the stock whole: known there */
  int top = cl_zone_peek(t, pile, 1);
  cl_zone_move_all(t, pile, stock, 0, 0);
  CHECK(cl_card_known(t, top, 3));
  cl_zone_shuffle(t, stock, &r);
  CHECK(cl_card_known(t, top, 3));
  /* a card turned face down where everyone saw it */
  int moved = cl_zone_move(t, stock, 1, pile, 1);
  cl_card_set_face(t, moved, 1);
  cl_card_set_face(t, moved, 0);
  CHECK(cl_card_known(t, moved, 2));
  /* backs: odd and even cards never trade places */
  int32_t back[41];
  for (int c = 0; c <= 40; c++) back[c] = c % 2;
  int32_t parity[16][41];
  for (int z = 0; z < cl_table_nzones(t); z++) {
    int n = cl_zone_cards(t, z, parity[z]);
    for (int i = 0; i < n; i++) parity[z][i] %= 2;
  }
  for (int k = 0; k < 20; k++) {
    cl_table_determinize(t, back, 3, NULL, NULL, &r);
    int32_t cards[41];
    int ok = 1;
    for (int z = 0; z < cl_table_nzones(t); z++) {
      int n = cl_zone_cards(t, z, cards);
      for (int i = 0; i < n; i++) ok &= cards[i] % 2 == parity[z][i];
    }
    if (!CHECK(ok)) break;
  }
  /* the game's constraint: hand3 holds only even cards, for seat 1 */
  int h3 = hand[3];
  for (int k = 0; k < 20; k++) {
    CHECK_EQ(cl_table_determinize(t, NULL, 1, only_even_in, &h3, &r), 0);
    int32_t cards[41];
    int n = cl_zone_cards(t, h3, cards), ok = 1;
    for (int i = 0; i < n; i++) ok &= cards[i] % 2 == 0;
    if (!CHECK(ok)) break;
  }
  CHECK(table_consistent(t));
  cl_table_free(t);
}

/* Lead changes, drama and decisiveness, as docs/simulation.md defines them
** (the same games as lab_spec's). */
static void test_standing_metrics(void) {
  int changes, trailing;
  double gap, decisive;
  /* seat 1 leads, seat 2 overtakes at point 3 and wins: one change; seat 2
  ** trails at points 1 and 2 by 2/4 and 1/4 of the largest standing (4) */
  const double a[] = {2, 0, 3, 2, 3, 4, 3, 4};
  const unsigned char won2[] = {0, 1};
  cl_standing_metrics(a, 4, 2, won2, &changes, &trailing, &gap, &decisive);
  CHECK_EQ(changes, 1);
  CHECK_EQ(trailing, 2);
  CHECK(gap == 0.75);
  CHECK(decisive == 0.5);
  /* the winner leads throughout: no change, no drama, decided from the start */
  const double b[] = {1, 0, 2, 1};
  const unsigned char won1[] = {1, 0};
  cl_standing_metrics(b, 2, 2, won1, &changes, &trailing, &gap, &decisive);
  CHECK_EQ(changes, 0);
  CHECK_EQ(trailing, 0);
  CHECK(decisive == 1);
  /* all tied: no one leads; teammates sharing the lead lead together */
  const double c[] = {0, 0, 0, 0, 5, 1, 5, 1};
  const unsigned char won13[] = {1, 0, 1, 0};
  cl_standing_metrics(c, 2, 4, won13, &changes, &trailing, &gap, &decisive);
  CHECK_EQ(changes, 0);
  CHECK_EQ(trailing, 0);
  CHECK(decisive == 0.5);
  /* leaders that share no seat with the last leaders: a change each time,
  ** and no points at all: nothing */
  const double d[] = {3, 1, 1, 3, 1, 1, 3, 1};
  cl_standing_metrics(d, 4, 2, won1, &changes, &trailing, &gap, &decisive);
  CHECK_EQ(changes, 2);
  CHECK_EQ(trailing, 1);
  CHECK(gap == 2.0 / 3);
  CHECK(decisive == 0.25);
  cl_standing_metrics(d, 0, 2, won1, &changes, &trailing, &gap, &decisive);
  CHECK_EQ(changes, 0);
  CHECK(decisive == 0);
}

int main(void) {
  test_rng_streams();
  test_rng_known_values();
  test_rng_below_range();
  test_rng_below_uniform();
  test_rng_float();
  test_rng_shuffle();
  test_rng_state();

  test_table_new();
  test_zone_new();
  test_card_move();
  test_zone_move();
  test_move_all();
  test_zone_shuffle();
  test_deal();
  test_draw();
  test_draw_refill();
  test_zone_version();
  test_faces();
  test_visibility();
  test_count_and_view();
  test_random_ops();
  test_determinize();
  test_determinize_canonical();
  test_determinize_knowledge();

  test_seats_init();
  test_seats_after();
  test_seats_next();
  test_seats_skip();
  test_seats_extra();
  test_seats_direction();
  test_seats_jump();
  test_seats_lead();
  test_seats_marker();
  test_seats_order();

  test_log_basic();
  test_log_copies();
  test_log_many();
  test_log_truncate();
  test_log_text_stays();

  test_answer_match();
  test_answer_say_just();
  test_answer_ending();
  test_text_escape();
  test_hash();
  test_standing_metrics();
  test_strerror();

  return check_report();
}
