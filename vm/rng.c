/*
** rng.c: the seeded random generator (xoshiro256**, seeded with splitmix64),
** unbiased bounded integers and the Fisher-Yates shuffle built on them.
*/
#include "cardlab.h"

static uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void cl_rng_seed(cl_Rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64(&seed);
}

uint64_t cl_rng_next(cl_Rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* Lemire, "Fast random integer generation in an interval" (2019): the high half
** of a 32x32 product is uniform once the few low products below 2^32 mod bound
** are rejected. */
uint32_t cl_rng_below(cl_Rng *r, uint32_t bound) {
  uint64_t m = (uint64_t)(uint32_t)(cl_rng_next(r) >> 32) * bound;
  uint32_t low = (uint32_t)m;
  if (low < bound) {
    uint32_t threshold = (uint32_t)(-bound) % bound;
    while (low < threshold) {
      m = (uint64_t)(uint32_t)(cl_rng_next(r) >> 32) * bound;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

double cl_rng_float(cl_Rng *r) {
  return (double)(cl_rng_next(r) >> 11) * 0x1.0p-53;
}

/* One xoshiro256** step on a state held in locals (see cl_rng_next). */
#define XOSHIRO_STEP(s0, s1, s2, s3, out) do { \
    uint64_t t_ = (s1) << 17;                    \
    (out) = rotl((s1) * 5, 7) * 9;               \
    (s2) ^= (s0); (s3) ^= (s1);                  \
    (s1) ^= (s2); (s0) ^= (s3);                  \
    (s2) ^= t_; (s3) = rotl((s3), 45);           \
  } while (0)

#define SWAP(a, x, y) do { int32_t t_ = (a)[x]; (a)[x] = (a)[y]; (a)[y] = t_; } while (0)

/* Fisher-Yates taking two steps per 64-bit draw (Brackett-Rocha and Lemire,
** "Batched ranged random integer generation", 2024): multiply the draw by i,
** the high half is an index in [0, i); multiply the low half by i-1, the high
** half is an index in [0, i-1). The pair is unbiased once the rare draws whose
** last low half falls under (2^64 mod i(i-1)) are drawn again. The generator
** is the speed limit, so drawing half as often, with its state held in
** registers, is the gain; batches of four measured slower (the multiplies
** form one chain). */
void cl_rng_shuffle(cl_Rng *r, int32_t *a, size_t n) {
  uint64_t s0 = r->s[0], s1 = r->s[1], s2 = r->s[2], s3 = r->s[3];
  size_t i = n;
  while (i > 2 && i < UINT32_MAX) {
    uint64_t product = (uint64_t)i * (i - 1), x, j0, j1, low;
    for (;;) {
      XOSHIRO_STEP(s0, s1, s2, s3, x);
      __uint128_t m = (__uint128_t)x * i;
      j0 = (uint64_t)(m >> 64);
      m = (__uint128_t)(uint64_t)m * (i - 1);
      j1 = (uint64_t)(m >> 64);
      low = (uint64_t)m;
      if (low >= product || low >= (-product) % product) break;
    }
    SWAP(a, i - 1, j0);
    SWAP(a, i - 2, j1);
    i -= 2;
  }
  r->s[0] = s0, r->s[1] = s1, r->s[2] = s2, r->s[3] = s3;
  for (; i > 1; i--) {
    size_t j = cl_rng_below(r, (uint32_t)i);
    SWAP(a, i - 1, j);
  }
}
