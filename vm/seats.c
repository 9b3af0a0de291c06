/*
** seats.c: turn order. Seats are numbered 1..n around the table; the
** direction decides which neighbour comes next.
*/
#include <assert.h>
#include <string.h>

#include "cardlab.h"

int cl_seats_init(cl_Seats *s, int n) {
  if (n < 1 || n > CL_MAX_SEATS) return CL_ERANGE;
  memset(s, 0, sizeof *s);
  s->n = n;
  s->current = 1;
  s->direction = 1;
  s->start = 1;
  s->round = 1;
  s->turn = 1;
  return CL_OK;
}

int cl_seats_after(const cl_Seats *s, int seat, int steps) {
  assert(seat >= 1 && seat <= s->n);
  long k = ((long)(seat - 1) + (long)steps * s->direction) % s->n;
  if (k < 0) k += s->n;
  return (int)k + 1;
}

/* One step of the turn to the neighbour, counting a round when it reaches the
** start-player seat. */
static int step(cl_Seats *s) {
  s->current = cl_seats_after(s, s->current, 1);
  if (s->current == s->start) s->round++;
  return s->current;
}

int cl_seats_next(cl_Seats *s) {
  s->turn++;
  if (s->extra[s->current] > 0) {
    s->extra[s->current]--;
    return s->current;
  }
  /* every seat might owe a lost turn: pass over them until one plays; after n
  ** steps every debt has shrunk, so this ends */
  for (;;) {
    int seat = step(s);
    if (s->skip[seat] == 0) return seat;
    s->skip[seat]--;
  }
}

int cl_seats_jump(cl_Seats *s, int seat) {
  if (seat < 1 || seat > s->n) return CL_ERANGE;
  s->turn++;
  if (seat == s->current) return CL_OK;
  while (s->current != seat) step(s);
  return CL_OK;
}

void cl_seats_lead(cl_Seats *s, int seat) {
  assert(seat >= 1 && seat <= s->n);
  /* before the first turn has ended, nothing was played: the lead opens
  ** round 1 rather than a second one */
  if (s->turn > 1) {
    s->round++;
    s->turn++;
  }
  s->current = s->start = seat;
}

void cl_seats_pass_marker(cl_Seats *s, int steps) {
  s->start = cl_seats_after(s, s->start, steps);
}

int cl_seats_order(const cl_Seats *s, int from, int dir, int *out) {
  assert(from >= 1 && from <= s->n && (dir == 1 || dir == -1));
  for (int i = 0; i < s->n; i++) {
    int k = ((from - 1) + i * dir) % s->n;
    if (k < 0) k += s->n;
    out[i] = k + 1;
  }
  return s->n;
}
