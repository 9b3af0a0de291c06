/*
** deal.c: determinization, a deal of the hidden cards that one seat cannot
** tell from the real one. Search bots sample these: each is a game the seat
** might be in, given all it has seen. The cards it sees stay where they are;
** the cards it knows the zone of (cl_card_known) stay in that zone; every
** other card it cannot see goes to a random place it cannot see. A place
** keeps what it was: its face, and what the other seats were shown or know
** of the card there.
*/
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"
#include "tableint.h"

/* A place the seat cannot see: zone and index in the zone's array, and what
** belongs to the place rather than to the card. */
typedef struct Slot {
  int32_t zone, index, back;
  uint8_t face_up, shown, known;  /* known: the other seats' bits */
} Slot;

typedef struct Deal {
  cl_Table *t;
  Slot *slots;
  int32_t *pool;     /* the hidden cards, by id */
  int32_t *card_at;  /* per slot: the card dealt there */
  int32_t *order;    /* scratch: slot numbers, cards */
  int32_t *first;    /* per back: where its cards start in order */
  int32_t *next;     /* per back: its next card to deal */
  const int32_t *back;  /* per card, or NULL: all alike */
  int nslots;
  uint8_t self;      /* the seat's bit */
  cl_DealAllows allows;
  void *ud;
} Deal;

#define BACK(d, card) ((d)->back ? (d)->back[card] : 0)

/* Deals once, uniformly among the deals that keep known cards in their
** zones and every card on a place of its back: the known cards first, each
** to a free place of its zone and back; then the rest of each back in a
** random order to the places of that back left. */
static void deal_once(Deal *d, cl_Rng *r) {
  cl_Table *t = d->t;
  int n = d->nslots;
  for (int s = 0; s < n; s++) d->card_at[s] = 0;
  /* the places of each zone are consecutive (slots are listed zone by zone) */
  for (int start = 0; start < n;) {
    int z = d->slots[start].zone, end = start;
    while (end < n && d->slots[end].zone == z) end++;
    for (int k = 0; k < n; k++) {
      int card = d->pool[k];
      if (!(t->known[card] & d->self) || t->zone_of[card] != z) continue;
      int free_n = 0;
      for (int s = start; s < end; s++)
        if (d->card_at[s] == 0 && d->slots[s].back == BACK(d, card)) d->order[free_n++] = s;
      /* (there is one at least: the card's own place) */
      d->card_at[d->order[cl_rng_below(r, (uint32_t)free_n)]] = card;
    }
    start = end;
  }
  /* the other cards grouped by back (the backs are 0..ncards), each group
  ** shuffled, then dealt in order to the places of its back */
  int nb = d->t->ncards + 1;
  for (int b = 0; b <= nb; b++) d->first[b] = 0;
  for (int k = 0; k < n; k++) {
    int card = d->pool[k];
    if (!(t->known[card] & d->self)) d->first[BACK(d, card) + 1]++;
  }
  for (int b = 1; b <= nb; b++) d->first[b] += d->first[b - 1];
  for (int b = 0; b < nb; b++) d->next[b] = d->first[b];
  for (int k = 0; k < n; k++) {
    int card = d->pool[k];
    if (!(t->known[card] & d->self)) d->order[d->next[BACK(d, card)]++] = card;
  }
  for (int b = 0; b < nb; b++) {
    cl_rng_shuffle(r, d->order + d->first[b], (size_t)(d->first[b + 1] - d->first[b]));
    d->next[b] = d->first[b];
  }
  for (int s = 0; s < n; s++)
    if (d->card_at[s] == 0) d->card_at[s] = d->order[d->next[d->slots[s].back]++];
}

/* Whether `card` may lie at slot s: the game's constraints, and a card whose
** zone the seat knows stays in it. */
static int fits(const Deal *d, int card, int s) {
  const cl_Table *t = d->t;
  int z = d->slots[s].zone;
  if (BACK(d, card) != d->slots[s].back) return 0;
  if ((t->known[card] & d->self) && t->zone_of[card] != z) return 0;
  return d->allows == NULL || d->allows(d->ud, card, z);
}

static int violations(const Deal *d) {
  int bad = 0;
  for (int s = 0; s < d->nslots; s++) bad += !fits(d, d->card_at[s], s);
  return bad;
}

/* Mends a deal that breaks the constraints by swapping cards between places:
** for each misplaced card, a place (looked for from a random start) where it
** fits and whose card fits in its place. Returns the cards left misplaced. */
static int repair(Deal *d, cl_Rng *r) {
  int n = d->nslots;
  for (int pass = 0; pass < 4; pass++) {
    int bad = 0;
    for (int a = 0; a < n; a++) {
      if (fits(d, d->card_at[a], a)) continue;
      int from = (int)cl_rng_below(r, (uint32_t)n), done = 0;
      for (int k = 0; k < n && !done; k++) {
        int b = (from + k) % n;
        if (b != a && fits(d, d->card_at[a], b) && fits(d, d->card_at[b], a)) {
          int32_t c = d->card_at[a];
          d->card_at[a] = d->card_at[b];
          d->card_at[b] = c;
          done = 1;
        }
      }
      bad += !done;
    }
    if (bad == 0) return 0;
  }
  return violations(d);
}

#define DEAL_TRIES 64  /* deals drawn before mending one */

static void free_deal(Deal *d) {
  free(d->slots); free(d->pool); free(d->card_at); free(d->order); free(d->first); free(d->next);
}

int cl_table_determinize(cl_Table *t, const int32_t *back, int seat, cl_DealAllows allows,
                         void *ud, cl_Rng *r) {
  if (seat < 0 || seat > CL_MAX_SEATS) return CL_ERANGE;
  if (back != NULL)
    for (int c = 1; c <= t->ncards; c++)
      if (back[c] < 0 || back[c] > t->ncards) return CL_ERANGE;
  if (seat == 0) return 0;  /* the all-seeing view: nothing is hidden */
  size_t n = (size_t)t->ncards + 1;
  Deal d = {t, malloc(n * sizeof(Slot)), malloc(n * sizeof(int32_t)),
            malloc(n * sizeof(int32_t)), malloc(n * sizeof(int32_t)),
            malloc((n + 1) * sizeof(int32_t)), malloc((n + 1) * sizeof(int32_t)), back, 0,
            SEAT_BIT(seat), allows, ud};
  if (!d.slots || !d.pool || !d.card_at || !d.order || !d.first || !d.next) {
    free_deal(&d);
    return CL_ENOMEM;
  }
  /* the places, zone by zone, and the cards, by id: both follow from what
  ** the seat sees, so the deal does not depend on where the hidden cards
  ** really are */
  for (int z = 0; z < t->nzones; z++) {
    const Zone *zn = &t->zones[z];
    for (int i = 0; i < zn->count; i++) {
      int card = zn->cards[i];
      if (cl__seen_by(t, card) & d.self) continue;
      d.slots[d.nslots++] = (Slot){z, i, BACK(&d, card), t->face_up[card], t->shown[card],
                                   (uint8_t)(t->known[card] & ~d.self)};
    }
  }
  int k = 0;
  for (int card = 1; card <= t->ncards; card++)
    if (!(cl__seen_by(t, card) & d.self)) d.pool[k++] = card;
  int bad = 0;
  if (d.nslots > 0) {
    for (int tries = 0; tries < DEAL_TRIES; tries++) {
      deal_once(&d, r);
      bad = violations(&d);
      if (bad == 0) break;
    }
    if (bad > 0) bad = repair(&d, r);
  }
  for (int s = 0; s < d.nslots; s++) {
    const Slot *sl = &d.slots[s];
    int card = d.card_at[s];
    Zone *zn = &t->zones[sl->zone];
    zn->cards[sl->index] = card;
    cl__touch(t, sl->zone);
    t->zone_of[card] = sl->zone;
    t->face_up[card] = sl->face_up;
    t->shown[card] = sl->shown;
    t->known[card] = (uint8_t)(sl->known | (t->known[card] & d.self));
    zn->known_any |= t->known[card];
  }
  free_deal(&d);
  return bad;
}
