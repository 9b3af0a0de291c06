/*
** alloc.c: the Lua state's allocator (see alloc.h). Lua tells the allocator
** the size of every block it frees or resizes, so a small block needs no
** header: its size names its class. Small blocks are cut from slabs of
** ALLOC_SLAB_BYTES and, once freed, wait on their class's list; slabs go back to
** the system only with the allocator.
*/
#include "alloc.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>


struct AllocSlab {
  AllocSlab *next;
};

/* The first block of a slab starts one step in, after the slab's link, and
** every block stays aligned for any object. */
_Static_assert(ALLOC_STEP >= sizeof(AllocSlab), "the slab's link fits in one step");
_Static_assert(ALLOC_STEP % alignof(max_align_t) == 0, "blocks stay aligned");

void allocator_init(Allocator *a, size_t limit, int pooled) {
  memset(a, 0, sizeof *a);
  a->limit = limit;
  a->pooled = pooled;
}

static int is_small(const Allocator *a, size_t size) {
  return a->pooled && size <= ALLOC_SMALL_MAX;
}

static size_t class_of(size_t size) {
  return (size + ALLOC_STEP - 1) / ALLOC_STEP;
}

static void push_free(Allocator *a, void *block, size_t class) {
  *(void **)block = a->free_list[class];
  a->free_list[class] = block;
}

static void *take_small(Allocator *a, size_t size) {
  size_t class = class_of(size);
  void *block = a->free_list[class];
  if (block != NULL) {
    a->free_list[class] = *(void **)block;
    return block;
  }
  size_t bytes = class * ALLOC_STEP;
  size_t rest = a->cut != NULL ? (size_t)(a->cut_end - a->cut) : 0;
  if (rest < bytes) {
    if (a->taken + ALLOC_SLAB_BYTES > a->limit) return NULL;
    AllocSlab *slab = malloc(ALLOC_SLAB_BYTES);
    if (slab == NULL) return NULL;
    a->taken += ALLOC_SLAB_BYTES;
    /* the old slab's rest is a free block of its own size */
    if (rest >= ALLOC_STEP) push_free(a, a->cut, rest / ALLOC_STEP);
    slab->next = a->slabs;
    a->slabs = slab;
    a->cut = (char *)slab + ALLOC_STEP;
    a->cut_end = (char *)slab + ALLOC_SLAB_BYTES;
  }
  block = a->cut;
  a->cut += bytes;
  return block;
}

static void give_back(Allocator *a, void *block, size_t size) {
  if (is_small(a, size)) {
    push_free(a, block, class_of(size));
  } else {
    free(block);
    a->taken -= size;
  }
}

/* A large block (or a larger one for ptr) from malloc, within the limit. */
static void *take_large(Allocator *a, void *ptr, size_t old, size_t nsize) {
  if (nsize > old && a->taken - old + nsize > a->limit) return NULL;
  void *block = realloc(ptr, nsize);
  if (block != NULL) a->taken = a->taken - old + nsize;
  return block;
}

void *allocator_lua(void *ud, void *ptr, size_t osize, size_t nsize) {
  Allocator *a = ud;
  /* with no block, osize is the kind of object Lua is making, not a size */
  size_t old = ptr != NULL ? osize : 0;
  if (nsize == 0) {
    if (ptr != NULL) give_back(a, ptr, old);
    a->used -= old;
    return NULL;
  }
  void *block;
  if (ptr != NULL && !is_small(a, old) && !is_small(a, nsize)) {
    block = take_large(a, ptr, old, nsize);
  } else if (ptr != NULL && is_small(a, old) && is_small(a, nsize)
             && class_of(old) == class_of(nsize)) {
    block = ptr;  /* it fits where it is */
  } else {
    block = is_small(a, nsize) ? take_small(a, nsize) : take_large(a, NULL, 0, nsize);
    if (block != NULL && ptr != NULL) {
      memcpy(block, ptr, old < nsize ? old : nsize);
      give_back(a, ptr, old);
    }
  }
  if (block != NULL) a->used = a->used - old + nsize;
  return block;
}

void allocator_release(Allocator *a) {
  while (a->slabs != NULL) {
    AllocSlab *next = a->slabs->next;
    free(a->slabs);
    a->slabs = next;
    a->taken -= ALLOC_SLAB_BYTES;
  }
  memset(a->free_list, 0, sizeof a->free_list);
  a->cut = a->cut_end = NULL;
}
