/*
** table.c: cards and zones. Each zone keeps its cards in an array with the
** bottom card at index 0 and the top card last, so that taking from and
** putting on the top, the commonest moves, touch nothing else. Every zone
** has room for every card, so a move never allocates and never fails for
** lack of memory.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"

typedef struct Zone {
  char *name;
  int owner;
  cl_Visibility vis;
  int face_up;     /* the face a card takes on arrival */
  int count;
  int32_t *cards;  /* bottom first */
  int64_t version; /* the table's clock when the zone last changed */
} Zone;

struct cl_Table {
  int ncards;
  int nzones, zone_cap;
  Zone *zones;
  /* zones by name: open addressing, zone id + 1 per slot (0: empty), kept
  ** at most half full; a script making thousands of zones would otherwise
  ** spend quadratic time in C, where its instruction limit cannot stop it */
  int *by_name;
  size_t by_name_cap;  /* a power of two */
  int32_t *zone_of;   /* per card: the zone it is in */
  uint8_t *face_up;   /* per card: 1 face up, 0 face down */
  uint8_t *shown;     /* per card: bit seat-1 set if shown to that seat */
  int64_t clock;      /* counts changes to zones: see cl_zone_version */
};

/* Marks zone z as changed: its cards, their order, faces or peeks. */
static void touch(cl_Table *t, int z) {
  t->zones[z].version = ++t->clock;
}

#define valid_card(t, c) ((c) >= 1 && (c) <= (t)->ncards)
#define valid_zone(t, z) ((z) >= 0 && (z) < (t)->nzones)

static char *copy_string(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

cl_Table *cl_table_new(int ncards) {
  if (ncards < 0 || ncards > CL_MAX_CARDS) return NULL;
  cl_Table *t = calloc(1, sizeof *t);
  if (t == NULL) return NULL;
  t->ncards = ncards;
  size_t n = (size_t)ncards + 1;
  t->zone_of = calloc(n, sizeof *t->zone_of);
  t->face_up = calloc(n, 1);
  t->shown = calloc(n, 1);
  if (!t->zone_of || !t->face_up || !t->shown ||
      cl_zone_new(t, "box", 0, CL_VIS_NOBODY, 0) != 0) {
    cl_table_free(t);
    return NULL;
  }
  Zone *box = &t->zones[0];
  for (int c = 1; c <= ncards; c++) box->cards[box->count++] = c;
  return t;
}

void cl_table_free(cl_Table *t) {
  if (t == NULL) return;
  for (int z = 0; z < t->nzones; z++) {
    free(t->zones[z].name);
    free(t->zones[z].cards);
  }
  free(t->zones);
  free(t->by_name);
  free(t->zone_of);
  free(t->face_up);
  free(t->shown);
  free(t);
}

int cl_table_ncards(const cl_Table *t) { return t->ncards; }

static size_t name_slot(const cl_Table *t, const char *name) {
  return (size_t)cl_hash(CL_HASH_INIT, name, strlen(name)) & (t->by_name_cap - 1);
}

/* Makes room in the name index for one zone more. */
static int grow_by_name(cl_Table *t) {
  if (((size_t)t->nzones + 1) * 2 <= t->by_name_cap) return 1;
  size_t cap = t->by_name_cap ? t->by_name_cap * 2 : 32;
  int *old = t->by_name;
  size_t old_cap = t->by_name_cap;
  t->by_name = calloc(cap, sizeof *t->by_name);
  if (t->by_name == NULL) {
    t->by_name = old;
    return 0;
  }
  t->by_name_cap = cap;
  for (size_t i = 0; i < old_cap; i++) {
    if (old[i] == 0) continue;
    size_t h = name_slot(t, t->zones[old[i] - 1].name);
    while (t->by_name[h] != 0) h = (h + 1) & (cap - 1);
    t->by_name[h] = old[i];
  }
  free(old);
  return 1;
}
int cl_table_nzones(const cl_Table *t) { return t->nzones; }

int cl_zone_new(cl_Table *t, const char *name, int owner, cl_Visibility vis,
                int face_up) {
  if (owner < 0 || owner > CL_MAX_SEATS || vis < CL_VIS_EVERYONE ||
      vis > CL_VIS_NOBODY)
    return CL_ERANGE;
  if (cl_zone_find(t, name) >= 0) return CL_EEXIST;
  if (!grow_by_name(t)) return CL_ENOMEM;
  if (t->nzones == t->zone_cap) {
    int cap = t->zone_cap ? t->zone_cap * 2 : 16;
    Zone *zs = realloc(t->zones, (size_t)cap * sizeof *zs);
    if (zs == NULL) return CL_ENOMEM;
    t->zones = zs;
    t->zone_cap = cap;
  }
  Zone z = {copy_string(name), owner, vis, face_up != 0, 0,
            malloc(((size_t)t->ncards + 1) * sizeof(int32_t)), ++t->clock};
  if (z.name == NULL || z.cards == NULL) {
    free(z.name);
    free(z.cards);
    return CL_ENOMEM;
  }
  t->zones[t->nzones] = z;
  size_t h = name_slot(t, name);
  while (t->by_name[h] != 0) h = (h + 1) & (t->by_name_cap - 1);
  t->by_name[h] = t->nzones + 1;
  return t->nzones++;
}

int cl_zone_find(const cl_Table *t, const char *name) {
  if (t->by_name_cap == 0) return CL_ENOZONE;
  for (size_t h = name_slot(t, name); t->by_name[h] != 0; h = (h + 1) & (t->by_name_cap - 1)) {
    int z = t->by_name[h] - 1;
    if (strcmp(t->zones[z].name, name) == 0) return z;
  }
  return CL_ENOZONE;
}

const char *cl_zone_name(const cl_Table *t, int z) {
  assert(valid_zone(t, z));
  return t->zones[z].name;
}

int cl_zone_owner(const cl_Table *t, int z) {
  assert(valid_zone(t, z));
  return t->zones[z].owner;
}

cl_Visibility cl_zone_visibility(const cl_Table *t, int z) {
  assert(valid_zone(t, z));
  return t->zones[z].vis;
}

int cl_zone_count(const cl_Table *t, int z) {
  assert(valid_zone(t, z));
  return t->zones[z].count;
}

int cl_zone_peek(const cl_Table *t, int z, int pos) {
  assert(valid_zone(t, z));
  const Zone *zn = &t->zones[z];
  if (pos < 1 || pos > zn->count) return 0;
  return zn->cards[zn->count - pos];
}

/* Index in the zone's array, or -1; searched from the top, where most moves
** happen. */
static int index_of(const Zone *zn, int card) {
  for (int i = zn->count - 1; i >= 0; i--)
    if (zn->cards[i] == card) return i;
  return -1;
}

int cl_zone_find_card(const cl_Table *t, int z, int card) {
  assert(valid_zone(t, z));
  const Zone *zn = &t->zones[z];
  int i = index_of(zn, card);
  return i < 0 ? 0 : zn->count - i;
}

int cl_zone_cards(const cl_Table *t, int z, int32_t *out) {
  assert(valid_zone(t, z));
  const Zone *zn = &t->zones[z];
  for (int i = 0; i < zn->count; i++) out[i] = zn->cards[zn->count - 1 - i];
  return zn->count;
}

int cl_card_zone(const cl_Table *t, int card) {
  return valid_card(t, card) ? t->zone_of[card] : CL_ENOCARD;
}

/* Takes the card at array index i out of zone z. */
static void take_at(Zone *zn, int i) {
  memmove(zn->cards + i, zn->cards + i + 1, (size_t)(zn->count - i - 1) * sizeof(int32_t));
  zn->count--;
}

/* Puts a card into zone z at position pos (1 = top; anything outside
** 1..count means the bottom) and gives it the zone's face. */
static void put(cl_Table *t, int z, int card, int pos) {
  Zone *zn = &t->zones[z];
  int i = (pos >= 1 && pos <= zn->count) ? zn->count + 1 - pos : 0;
  memmove(zn->cards + i + 1, zn->cards + i, (size_t)(zn->count - i) * sizeof(int32_t));
  zn->cards[i] = card;
  zn->count++;
  touch(t, z);
  t->zone_of[card] = z;
  t->face_up[card] = (uint8_t)zn->face_up;
  t->shown[card] = 0;
}

int cl_card_move(cl_Table *t, int card, int to, int pos) {
  if (!valid_card(t, card)) return CL_ENOCARD;
  if (!valid_zone(t, to)) return CL_ENOZONE;
  Zone *from = &t->zones[t->zone_of[card]];
  int i = index_of(from, card);
  assert(i >= 0);  /* a card is always in the zone zone_of names */
  /* count+1 means the bottom, also when the card is in `to` already */
  if (pos > t->zones[to].count + 1) return CL_ERANGE;
  touch(t, t->zone_of[card]);
  take_at(from, i);
  put(t, to, card, pos);
  return CL_OK;
}

int cl_zone_move(cl_Table *t, int from, int from_pos, int to, int to_pos) {
  if (!valid_zone(t, from) || !valid_zone(t, to)) return CL_ENOZONE;
  Zone *zn = &t->zones[from];
  if (zn->count == 0) return CL_EEMPTY;
  if (from_pos < 1 || from_pos > zn->count) return CL_ERANGE;
  int card = zn->cards[zn->count - from_pos];
  int rc = cl_card_move(t, card, to, to_pos);
  return rc < 0 ? rc : card;
}

int cl_zone_move_all(cl_Table *t, int from, int to, int keep, int on_top) {
  assert(valid_zone(t, from) && valid_zone(t, to));
  Zone *src = &t->zones[from], *dst = &t->zones[to];
  if (from == to || keep >= src->count) return 0;
  if (keep < 0) keep = 0;
  int m = src->count - keep;  /* the bottom m cards go */
  if (on_top) {
    memcpy(dst->cards + dst->count, src->cards, (size_t)m * sizeof(int32_t));
  } else {
    memmove(dst->cards + m, dst->cards, (size_t)dst->count * sizeof(int32_t));
    memcpy(dst->cards, src->cards, (size_t)m * sizeof(int32_t));
  }
  for (int i = 0; i < m; i++) {
    int card = src->cards[i];
    t->zone_of[card] = to;
    t->face_up[card] = (uint8_t)dst->face_up;
    t->shown[card] = 0;
  }
  dst->count += m;
  memmove(src->cards, src->cards + m, (size_t)keep * sizeof(int32_t));
  src->count = keep;
  touch(t, from);
  touch(t, to);
  return m;
}

void cl_zone_shuffle(cl_Table *t, int z, cl_Rng *r) {
  assert(valid_zone(t, z));
  Zone *zn = &t->zones[z];
  cl_rng_shuffle(r, zn->cards, (size_t)zn->count);
  touch(t, z);
}

/* Moves the top card of one zone onto the top of another; both are valid. */
static void move_top(cl_Table *t, Zone *src, int to) {
  int card = src->cards[--src->count];
  Zone *dst = &t->zones[to];
  dst->cards[dst->count++] = card;
  touch(t, (int)(src - t->zones));
  touch(t, to);
  t->zone_of[card] = to;
  t->face_up[card] = (uint8_t)dst->face_up;
  t->shown[card] = 0;
}

int cl_zone_deal(cl_Table *t, int from, const int *to, int nto, int n) {
  if (!valid_zone(t, from)) return CL_ENOZONE;
  for (int k = 0; k < nto; k++)
    if (!valid_zone(t, to[k]) || to[k] == from) return CL_ENOZONE;
  Zone *src = &t->zones[from];
  int dealt = 0;
  for (int round = 0; round < n; round++)
    for (int k = 0; k < nto; k++) {
      if (src->count == 0) return dealt;
      move_top(t, src, to[k]);
      dealt++;
    }
  return dealt;
}

int cl_zone_draw(cl_Table *t, int from, int to, int n, int refill, int keep,
                 cl_Rng *r) {
  if (!valid_zone(t, from) || !valid_zone(t, to) || from == to) return CL_ENOZONE;
  if (refill >= 1 && (!valid_zone(t, refill) || refill == from)) return CL_ENOZONE;
  Zone *src = &t->zones[from];
  int drawn = 0;
  while (drawn < n) {
    if (src->count == 0) {
      if (refill < 1 || cl_zone_move_all(t, refill, from, keep, 1) == 0) break;
      cl_zone_shuffle(t, from, r);
    }
    move_top(t, src, to);
    drawn++;
  }
  return drawn;
}

int64_t cl_zone_version(const cl_Table *t, int z) {
  assert(valid_zone(t, z));
  return t->zones[z].version;
}

int cl_card_face_up(const cl_Table *t, int card) {
  assert(valid_card(t, card));
  return t->face_up[card];
}

int cl_card_set_face(cl_Table *t, int card, int face_up) {
  if (!valid_card(t, card)) return CL_ENOCARD;
  t->face_up[card] = face_up != 0;
  touch(t, t->zone_of[card]);
  return CL_OK;
}

int cl_card_show(cl_Table *t, int card, int seat) {
  if (!valid_card(t, card)) return CL_ENOCARD;
  if (seat < 1 || seat > CL_MAX_SEATS) return CL_ERANGE;
  t->shown[card] |= (uint8_t)(1u << (seat - 1));
  touch(t, t->zone_of[card]);
  return CL_OK;
}

int cl_card_shown(const cl_Table *t, int card, int seat) {
  assert(valid_card(t, card));
  return seat >= 1 && seat <= CL_MAX_SEATS && (t->shown[card] & (1u << (seat - 1))) != 0;
}

int cl_card_visible(const cl_Table *t, int card, int seat) {
  assert(valid_card(t, card));
  if (seat == 0 || cl_card_shown(t, card, seat)) return 1;
  if (!t->face_up[card]) return 0;
  const Zone *zn = &t->zones[t->zone_of[card]];
  return zn->vis == CL_VIS_EVERYONE || (zn->vis == CL_VIS_OWNER && zn->owner == seat);
}

int cl_zone_count_visible(const cl_Table *t, int z, int seat) {
  assert(valid_zone(t, z));
  return seat == 0 || t->zones[z].vis != CL_VIS_NOBODY;
}

int cl_zone_view(const cl_Table *t, int z, int seat, int32_t *out) {
  if (!cl_zone_count_visible(t, z, seat)) return -1;
  int n = cl_zone_cards(t, z, out);
  for (int i = 0; i < n; i++)
    if (!cl_card_visible(t, out[i], seat)) out[i] = 0;
  return n;
}
