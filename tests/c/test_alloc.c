/*
** test_alloc.c: the Lua state's allocator (repl/alloc.c), driven as Lua
** drives it: blocks made, grown, shrunk across the small-block limit and
** freed at random, each filled with its own bytes and checked on every move;
** the count of bytes held; the limit; the reuse of freed small blocks. Both
** ways: pooled, and every block from malloc (the sanitizer builds).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"

#define LIVE 600
#define STEPS 200000

typedef struct Block {
  unsigned char *p;
  size_t size;
  unsigned char fill;
} Block;

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void) {  /* xorshift64*: enough for a test */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 2685821657736338717u;
}

/* Sizes as Lua asks for them: mostly small, some around the limit, a few
** large. */
static size_t random_size(void) {
  uint64_t r = next_random() % 100;
  if (r < 70) return 1 + next_random() % 128;
  if (r < 95) return ALLOC_SMALL_MAX - 64 + next_random() % 128;
  return 1 + next_random() % 8192;
}

static int holds(const Block *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (b->p[i] != (unsigned char)(b->fill + i)) return 0;
  return 1;
}

static void fill(Block *b) {
  for (size_t i = 0; i < b->size; i++) b->p[i] = (unsigned char)(b->fill + i);
}

static void test_random_use(int pooled) {
  Allocator a;
  allocator_init(&a, SIZE_MAX, pooled);
  Block blocks[LIVE] = {{0}};
  size_t held = 0;
  int ok = 1;
  for (int step = 0; step < STEPS && ok; step++) {
    Block *b = &blocks[next_random() % LIVE];
    size_t n = random_size();
    if (b->p == NULL) {  /* a new block; osize names a kind of object */
      b->p = allocator_lua(&a, NULL, 5, n);
      ok = CHECK(b->p != NULL);
      b->size = n;
      b->fill = (unsigned char)step;
      fill(b);
      held += n;
    } else if (next_random() % 3 == 0) {  /* freed */
      ok = CHECK(holds(b, b->size));
      CHECK(allocator_lua(&a, b->p, b->size, 0) == NULL);
      held -= b->size;
      b->p = NULL;
    } else {  /* resized: what it held stays, up to the smaller size */
      unsigned char *p = allocator_lua(&a, b->p, b->size, n);
      ok = CHECK(p != NULL);
      b->p = p;
      ok = ok && CHECK(holds(b, b->size < n ? b->size : n));
      held = held - b->size + n;
      b->size = n;
      fill(b);
    }
    ok = ok && CHECK_EQ(a.used, held);
  }
  /* no two live blocks overlap: each still holds its own bytes */
  for (int i = 0; i < LIVE && ok; i++)
    if (blocks[i].p != NULL) ok = CHECK(holds(&blocks[i], blocks[i].size));
  for (int i = 0; i < LIVE; i++)
    if (blocks[i].p != NULL) allocator_lua(&a, blocks[i].p, blocks[i].size, 0);
  CHECK_EQ(a.used, 0);
  allocator_release(&a);
}

/* Every block from malloc: the limit is on the bytes Lua holds. */
static void test_limit_plain(void) {
  Allocator a;
  allocator_init(&a, 1000, 0);
  void *p = allocator_lua(&a, NULL, 0, 600);
  CHECK(p != NULL);
  /* past the limit: refused, and nothing changed */
  CHECK(allocator_lua(&a, NULL, 0, 500) == NULL);
  CHECK(allocator_lua(&a, p, 600, 1200) == NULL);
  CHECK_EQ(a.used, 600);
  /* up to the limit, and shrinking, always work */
  void *q = allocator_lua(&a, NULL, 0, 400);
  CHECK(q != NULL);
  CHECK_EQ(a.used, 1000);
  p = allocator_lua(&a, p, 600, 10);
  CHECK(p != NULL);
  CHECK_EQ(a.used, 410);
  allocator_lua(&a, p, 10, 0);
  allocator_lua(&a, q, 400, 0);
  CHECK_EQ(a.used, 0);
  CHECK_EQ(a.taken, 0);
  allocator_release(&a);
}

/* Pooled: the limit is on what is taken from the system, slabs whole, so it
** bounds the process even when freed blocks wait on their lists. */
static void test_limit_pooled(void) {
  Allocator a;
  allocator_init(&a, 2 * ALLOC_SLAB_BYTES, 1);
  enum { MAX = 2 * ALLOC_SLAB_BYTES / 32 };
  static void *blocks[MAX];
  int n = 0;
  while (n < MAX && (blocks[n] = allocator_lua(&a, NULL, 0, 32)) != NULL) n++;
  CHECK(n > ALLOC_SLAB_BYTES / 32);  /* more than one slab's worth */
  CHECK(a.taken <= a.limit);
  size_t held = a.used;
  /* refused: a large block, or a small one of another class */
  CHECK(allocator_lua(&a, NULL, 0, 4096) == NULL);
  CHECK(allocator_lua(&a, NULL, 0, 64) == NULL);
  CHECK_EQ(a.used, held);
  /* freed blocks of the class are handed out again */
  for (int i = 0; i < n; i++) allocator_lua(&a, blocks[i], 32, 0);
  CHECK_EQ(a.used, 0);
  int again = 0;
  while (again < n && (blocks[again] = allocator_lua(&a, NULL, 0, 30)) != NULL) again++;
  CHECK_EQ(again, n);
  for (int i = 0; i < again; i++) allocator_lua(&a, blocks[i], 30, 0);
  allocator_release(&a);
  CHECK_EQ(a.taken, 0);
}

/* A freed small block is the next one handed out of its class, and a block
** resized within its class stays where it is. */
static void test_reuse(void) {
  Allocator a;
  allocator_init(&a, SIZE_MAX, 1);
  void *p = allocator_lua(&a, NULL, 0, 40);
  void *q = allocator_lua(&a, NULL, 0, 40);
  CHECK(p != q);
  CHECK(allocator_lua(&a, p, 40, 48) == p);
  allocator_lua(&a, p, 48, 0);
  CHECK(allocator_lua(&a, NULL, 0, 33) == p);
  /* another class does not take it */
  allocator_lua(&a, p, 33, 0);
  void *r = allocator_lua(&a, NULL, 0, 64);
  CHECK(r != p);
  allocator_lua(&a, q, 40, 0);
  allocator_lua(&a, r, 64, 0);
  CHECK_EQ(a.used, 0);
  allocator_release(&a);
}

int main(void) {
  test_random_use(1);
  test_random_use(0);
  test_limit_plain();
  test_limit_pooled();
  test_reuse();
  return check_report();
}
