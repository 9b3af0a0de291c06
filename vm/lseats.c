/*
** lseats.c: cl.Seats, the seats and turn order of one game (the core's
** cl_Seats): the seat to play, rounds, direction, the start-player marker,
** teams, skipped and extra turns.
*/
#include "lbinding.h"

#define checkseats(L, i) ((cl_Seats *)checkclass(L, i, C_SEATS))

static int seatarg(lua_State *L, cl_Seats *s, int i) {
  lua_Integer k = luaL_checkinteger(L, i);
  luaL_argcheck(L, k >= 1 && k <= s->n, i, "no such seat");
  return (int)k;
}

static int l_seats_new(lua_State *L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  luaL_argcheck(L, n >= 1 && n <= CL_MAX_SEATS, 1, "seat count out of range (1..8)");
  cl_Seats *s = lua_newuserdatauv(L, sizeof(cl_Seats), 0);
  cl_seats_init(s, (int)n);
  luaL_setmetatable(L, SEATS_T);
  return 1;
}

#define SEATS_GETTER(field)                          \
  static int w_Seats_##field(lua_State *L) {         \
    lua_pushinteger(L, checkseats(L, 1)->field);     \
    return 1;                                        \
  }
SEATS_GETTER(n)
SEATS_GETTER(current)
SEATS_GETTER(direction)
SEATS_GETTER(start)
SEATS_GETTER(round)
SEATS_GETTER(turn)

static int w_Seats_next(lua_State *L) {
  lua_pushinteger(L, cl_seats_next(checkseats(L, 1)));
  return 1;
}

static int w_Seats_after(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  lua_pushinteger(L, cl_seats_after(s, seatarg(L, s, 2), (int)luaL_optinteger(L, 3, 1)));
  return 1;
}

static int w_Seats_jump(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  cl_seats_jump(s, seatarg(L, s, 2));
  return 0;
}

static int w_Seats_reverse(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  s->direction = -s->direction;
  return 0;
}

/* s:begin(seat) makes a seat the first to play, before any turn: it takes the
** start-player marker and the turn, and the counters stay at round 1, turn 1
** (jump would count a turn). */
static int w_Seats_begin(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  int seat = seatarg(L, s, 2);
  s->current = s->start = seat;
  s->round = s->turn = 1;
  return 0;
}

/* s:lead(seat) ends the round and gives the next one to `seat`, as the winner
** of a trick leads the next trick: it takes the turn and the start-player
** marker, and the round and turn counters each rise by one (jump would count
** the rounds of the seats passed over, and none when the leader plays last).
** The lead of the opening trick, before any turn ended, is round 1
** (cl_seats_lead). */
static int w_Seats_lead(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  cl_seats_lead(s, seatarg(L, s, 2));
  return 0;
}

/* s:set_start(seat) puts the start-player marker before a seat. */
static int w_Seats_set_start(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  s->start = seatarg(L, s, 2);
  return 0;
}

static int w_Seats_pass_marker(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  cl_seats_pass_marker(s, (int)luaL_optinteger(L, 2, 1));
  return 0;
}

/* s:team(seat) gives the seat's team; s:team(seat, k) sets it. */
static int w_Seats_team(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  int seat = seatarg(L, s, 2);
  if (!lua_isnoneornil(L, 3)) s->team[seat] = (int)luaL_checkinteger(L, 3);
  lua_pushinteger(L, s->team[seat]);
  return 1;
}

/* s:teammates(seat) lists the other seats of the seat's team, in seat order. */
static int w_Seats_teammates(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  int seat = seatarg(L, s, 2);
  lua_newtable(L);
  int k = 0;
  for (int i = 1; i <= s->n; i++)
    if (i != seat && s->team[seat] != 0 && s->team[i] == s->team[seat]) {
      lua_pushinteger(L, i);
      lua_rawseti(L, -2, ++k);
    }
  return 1;
}

/* Adds n (default 1; negative forgives) to a per-seat counter, not below 0
** nor above CL_MAX_CARDS: the turn order steps over lost turns one seat at a
** time in C, where no instruction limit reaches, so the debts it may have to
** walk are bounded (and the sum stays far from int's overflow). */
static int add_turns(lua_State *L, int *counter) {
  lua_Integer n = luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, n > -CL_MAX_CARDS && n < CL_MAX_CARDS, 3, "count out of range");
  lua_Integer sum = (lua_Integer)*counter + n;
  if (sum > CL_MAX_CARDS)
    return luaL_error(L, "a seat may owe at most %d turns (it owes %d; %I more asked)", CL_MAX_CARDS,
                      *counter, n);
  *counter = sum < 0 ? 0 : (int)sum;
  lua_pushinteger(L, *counter);
  return 1;
}

/* s:skip(seat [, n]) makes the seat lose its next n turns (default 1); gives
** the turns it will lose. s:skips(seat) only tells. */
static int w_Seats_skip(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  return add_turns(L, &s->skip[seatarg(L, s, 2)]);
}

static int w_Seats_skips(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  lua_pushinteger(L, s->skip[seatarg(L, s, 2)]);
  return 1;
}

/* s:extra(seat [, n]) gives the seat n more turns right after its own;
** s:extras(seat) only tells. */
static int w_Seats_extra(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  return add_turns(L, &s->extra[seatarg(L, s, 2)]);
}

static int w_Seats_extras(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  lua_pushinteger(L, s->extra[seatarg(L, s, 2)]);
  return 1;
}

/* s:order([from [, dir]]) lists every seat in turn order from `from` (default
** the current seat) in direction dir (default the current direction). */
static int w_Seats_order(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  int from = lua_isnoneornil(L, 2) ? s->current : seatarg(L, s, 2);
  lua_Integer dir = luaL_optinteger(L, 3, s->direction);
  luaL_argcheck(L, dir == 1 || dir == -1, 3, "direction must be 1 or -1");
  int out[CL_MAX_SEATS];
  int n = cl_seats_order(s, from, (int)dir, out);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, out[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int w_Seats_tostring(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  lua_pushfstring(L, SEATS_T " (%d seats, seat %d to play, round %d)", s->n, s->current,
                  s->round);
  return 1;
}

static const luaL_Reg seats_methods[] = {
  {"count", w_Seats_n}, {"current", w_Seats_current}, {"direction", w_Seats_direction},
  {"start", w_Seats_start}, {"round", w_Seats_round}, {"turn", w_Seats_turn},
  {"next", w_Seats_next}, {"after", w_Seats_after}, {"jump", w_Seats_jump},
  {"reverse", w_Seats_reverse}, {"set_start", w_Seats_set_start}, {"begin", w_Seats_begin},
  {"lead", w_Seats_lead},
  {"pass_marker", w_Seats_pass_marker}, {"team", w_Seats_team},
  {"teammates", w_Seats_teammates}, {"skip", w_Seats_skip}, {"skips", w_Seats_skips},
  {"extra", w_Seats_extra}, {"extras", w_Seats_extras},
  {"order", w_Seats_order}, {NULL, NULL}
};

static const luaL_Reg seats_meta[] = {
  {"__index", NULL}, {"__len", w_Seats_n}, {"__tostring", w_Seats_tostring}, {NULL, NULL}
};

static const luaL_Reg seats_functions[] = {
  {"seats", l_seats_new}, {NULL, NULL}
};

void clL_open_seats(lua_State *L) {
  clL_fillclass(L, C_SEATS, seats_meta, seats_methods);
  clL_setfuncs(L, seats_functions);
}
