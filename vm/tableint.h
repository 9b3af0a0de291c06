/*
** tableint.h: the table's insides, shared by the two files of the core that
** work on them, table.c (cards and zones) and deal.c (re-dealing what a seat
** cannot see). Nothing else includes it: everyone else goes through
** cardlab.h.
*/
#ifndef CARDLAB_TABLEINT_H
#define CARDLAB_TABLEINT_H

#include <stdint.h>

#include "cardlab.h"

typedef struct Zone {
  char *name;
  int owner;
  cl_Visibility vis;
  int face_up;     /* the face a card takes on arrival */
  int count;
  int32_t *cards;  /* bottom first */
  /* seats that may know a card of this zone without seeing it (a superset:
  ** bits are cleared lazily), so that a move out of a zone that no one
  ** knows anything about costs no scan */
  uint8_t known_any;
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
  uint8_t *known;     /* per card: bit seat-1 set if that seat knows which
                         zone the card is in (see cl_card_known) */
  int64_t clock;      /* counts changes to zones: see cl_zone_version */
};

/* Marks zone z as changed: its cards, their order, faces or peeks. */
static inline void cl__touch(cl_Table *t, int z) {
  t->zones[z].version = ++t->clock;
}

#define SEAT_BIT(seat) ((uint8_t)(1u << ((seat) - 1)))

/* The seats that see a face-up card in the zone, as a mask. */
static inline uint8_t cl__zone_sees(const Zone *zn) {
  if (zn->vis == CL_VIS_EVERYONE) return 0xFF;
  if (zn->vis == CL_VIS_OWNER && zn->owner >= 1) return SEAT_BIT(zn->owner);
  return 0;
}

/* The seats that may see which card it is, as a mask (cl_card_visible for
** seats 1..8), for a card of zone zn. */
static inline uint8_t cl__seen_in(const cl_Table *t, int card, uint8_t zone_sees) {
  return (uint8_t)(t->shown[card] | (t->face_up[card] ? zone_sees : 0));
}

static inline uint8_t cl__seen_by(const cl_Table *t, int card) {
  return cl__seen_in(t, card, cl__zone_sees(&t->zones[t->zone_of[card]]));
}

#endif
