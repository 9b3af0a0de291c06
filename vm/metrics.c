/*
** metrics.c: the design metrics of one simulated game that need its
** standings round by round (lead changes, drama, decisiveness; defined in
** docs/simulation.md). A simulation computes them for every game, over a
** point per round: here rather than in Lua, where they cost a game of
** Crazy Eights 3% of its time.
*/
#include <math.h>

#include "cardlab.h"

void cl_standing_metrics(const double *points, int npoints, int seats, const unsigned char *won,
                         int *changes, int *trailing, double *gap, double *decisiveness) {
  *changes = *trailing = 0;
  *gap = *decisiveness = 0;
  if (npoints == 0) return;
  double scale = 0;
  for (int i = 0; i < npoints * seats; i++) {
    double a = fabs(points[i]);
    if (a > scale) scale = a;
  }
  if (scale == 0) scale = 1;
  const double *previous = NULL;   /* the last point with leaders */
  double previous_best = 0;
  int led_from = npoints + 1;      /* the point (1-based) from which the winners led */
  for (int k = 0; k < npoints; k++) {
    const double *p = points + (size_t)k * seats;
    double best = -INFINITY, best_winner = -INFINITY;
    int count = 0;
    for (int s = 0; s < seats; s++) {
      if (p[s] > best) {
        best = p[s];
        count = 1;
      } else if (p[s] == best) {
        count++;
      }
      if (won[s] && p[s] > best_winner) best_winner = p[s];
    }
    /* the leaders: the seats at best, unless every seat is there */
    int leaders = count < seats;
    if (leaders && previous != NULL) {
      int overlap = 0;
      for (int s = 0; s < seats && !overlap; s++)
        overlap = p[s] == best && previous[s] == previous_best;
      if (!overlap) (*changes)++;
    }
    if (leaders) {
      previous = p;
      previous_best = best;
    }
    if (best_winner < best) {
      (*trailing)++;
      *gap += (best - best_winner) / scale;
    }
    int winners_lead = leaders;
    for (int s = 0; s < seats && winners_lead; s++)
      if (p[s] == best && !won[s]) winners_lead = 0;
    if (!winners_lead) led_from = npoints + 1;
    else if (led_from > k + 1) led_from = k + 1;
  }
  *decisiveness = (double)(npoints + 1 - led_from) / npoints;
}
