/*
** alloc.h: the allocator of the program's Lua state. It caps the memory Lua
** may hold, and keeps freed small blocks on free lists by size, to be handed
** out again: rule scripts make and drop a great many small tables and
** strings, and with glibc's malloc alone a game spent a fifth of its time in
** malloc and free (a large request, such as a dictionary search's result,
** makes glibc consolidate every small block freed since the last one).
*/
#ifndef CARDLAB_ALLOC_H
#define CARDLAB_ALLOC_H

#include <stddef.h>

/* Blocks of up to ALLOC_SMALL_MAX bytes come from the free lists, in classes
** of ALLOC_STEP bytes; larger ones straight from malloc. */
#define ALLOC_STEP 16
#define ALLOC_SMALL_MAX 512
#define ALLOC_CLASSES (ALLOC_SMALL_MAX / ALLOC_STEP)
#define ALLOC_SLAB_BYTES (64 * 1024)

typedef struct AllocSlab AllocSlab;

typedef struct Allocator {
  size_t used;    /* bytes Lua holds now (as it asked for them) */
  size_t taken;   /* bytes taken from the system: slabs and large blocks */
  size_t limit;   /* a request that would take more than this fails */
  int pooled;     /* 0: every block from malloc (for sanitizer builds) */
  void *free_list[ALLOC_CLASSES + 1];  /* by class; [0] unused */
  AllocSlab *slabs;                    /* where small blocks are cut from */
  char *cut, *cut_end;                 /* the rest of the newest slab */
} Allocator;

/* Sets up an allocator holding nothing, with a limit in bytes. */
void allocator_init(Allocator *a, size_t limit, int pooled);

/* The lua_Alloc function: pass it with the allocator as its ud. A request
** that would take the memory from the system past the limit gives NULL (Lua
** raises "not enough memory") and changes nothing. The limit counts slabs
** whole, free blocks on their lists included, so that it bounds what the
** process holds, not only what Lua uses. */
void *allocator_lua(void *ud, void *ptr, size_t osize, size_t nsize);

/* Gives the slabs back to the system; after lua_close, when Lua holds
** nothing. */
void allocator_release(Allocator *a);

#endif
