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

void cl_rng_shuffle(cl_Rng *r, int32_t *a, size_t n) {
  for (size_t i = n; i > 1; i--) {
    size_t j = cl_rng_below(r, (uint32_t)i);
    int32_t tmp = a[i - 1];
    a[i - 1] = a[j];
    a[j] = tmp;
  }
}
