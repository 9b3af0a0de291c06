/*
** lcardlab.c: module "cardlab.vm", the Lua binding of the cardlab core.
**
** This file makes the classes' metatables and registers the module; each
** type or concern has a file of its own (listed in lbinding.h):
**   cl.Rng     the seeded generator          vm.rng(seed)            lrng.c
**   cl.Table   cards and zones of one game   vm.table(ncards)        ltable.c
**   cl.Zone    one zone of a table           t:zone(name [, spec])   ltable.c
**   cl.Seats   seats and turn order          vm.seats(n)             lseats.c
**   cl.Engine  a rule script run as a coroutine, its pending request and its
**              answer log                    vm.engine(fn, nseats, seed)  lengine.c
**   cl.Dict    a word list                   vm.dict(text)           ldict.c
**   cl.Found   the words a search found      d:find(query)           ldict.c
** Script bugs raise errors in Lua's wording; an illegal answer is an expected
** failure and returns nil plus a reason.
*/
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lbinding.h"
#include "lcardlab.h"

const char *const clL_class_names[] = {NULL,      RNG_T,    TABLE_T, ZONE_T,
                                       SEATS_T,   ENGINE_T, DICT_T,  FOUND_T, TALLY_T};

void clL_setfuncs(lua_State *L, const luaL_Reg *l) {
  for (int c = 1; c <= NCLASSES; c++) luaL_getmetatable(L, clL_class_names[c]);
  luaL_setfuncs(L, l, NCLASSES);
}

void clL_fillclass(lua_State *L, int class, const luaL_Reg *meta, const luaL_Reg *methods) {
  luaL_getmetatable(L, clL_class_names[class]);
  clL_setfuncs(L, meta);
  lua_newtable(L);  /* the methods, in place of the __index placeholder */
  clL_setfuncs(L, methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}

/* vm.hash(text [, previous]) gives the 64-bit FNV-1a of the text as 16 hex
** digits; chain pieces by passing the previous result. */
static int l_hash(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  uint64_t h = CL_HASH_INIT;
  if (!lua_isnoneornil(L, 2)) {
    const char *prev = luaL_checkstring(L, 2);
    h = strtoull(prev, NULL, 16);
  }
  h = cl_hash(h, s, len);
  char buf[17];
  for (int k = 0; k < 16; k++) buf[k] = "0123456789abcdef"[(h >> (60 - 4 * k)) & 15];
  lua_pushlstring(L, buf, 16);
  return 1;
}

/* Pushes the lead changes, drama and decisiveness of npoints rounds of
** standings (seats a round) and the seats that won: 3 values, as
** vm.standing_metrics and e:standing_metrics give them (a whole 0 without
** points or trailing, as the Lua they replaced gave). */
int clL_push_standing_metrics(lua_State *L, const double *points, int npoints, int seats,
                              const unsigned char *won) {
  int changes, trailing;
  double gap, decisiveness;
  cl_standing_metrics(points, npoints, seats, won, &changes, &trailing, &gap, &decisiveness);
  lua_pushinteger(L, changes);
  if (trailing > 0) lua_pushnumber(L, gap / trailing);
  else lua_pushinteger(L, 0);
  if (npoints > 0) lua_pushnumber(L, decisiveness);
  else lua_pushinteger(L, 0);
  return 3;
}

/* vm.standing_metrics(points, winners [, seats]) gives the lead changes,
** drama and decisiveness of one game (see cl_standing_metrics): points is a
** list of lists of standings, one number per seat each, or, with seats, one
** list of them all, seats numbers a point (as vm.standings appends them);
** winners a list of seats. */
static int l_standing_metrics(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  int flat = !lua_isnoneornil(L, 3);
  lua_Integer npoints, seats = 0;
  if (flat) {
    seats = luaL_checkinteger(L, 3);
    luaL_argcheck(L, seats >= 1 && seats <= CL_MAX_SEATS, 3, "seat count out of range (1..8)");
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    luaL_argcheck(L, n % seats == 0, 1, "a whole number of points expected");
    npoints = n / seats;
  } else {
    npoints = luaL_len(L, 1);
    if (npoints > 0) {
      lua_geti(L, 1, 1);
      luaL_argexpected(L, lua_type(L, -1) == LUA_TTABLE, 1, "list of lists of standings");
      seats = luaL_len(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, 2);
  luaL_argcheck(L, seats >= 0 && seats <= CL_MAX_SEATS && npoints < INT_MAX / (CL_MAX_SEATS + 1),
                1, "too many points or seats");
  double *points = lua_newuserdatauv(L, sizeof(double) * (size_t)(npoints * seats + 1), 0);
  if (flat) {
    for (lua_Integer k = 1; k <= npoints * seats; k++) {
      int isnum;
      lua_rawgeti(L, 1, k);
      points[k - 1] = lua_tonumberx(L, -1, &isnum);
      if (!isnum)
        return luaL_error(L, "standing_metrics: standing %d of point %d is not a number",
                          (int)((k - 1) % seats + 1), (int)((k - 1) / seats + 1));
      lua_pop(L, 1);
    }
  }
  for (lua_Integer k = 1; !flat && k <= npoints; k++) {
    if (lua_geti(L, 1, k) != LUA_TTABLE || luaL_len(L, -1) != seats)
      return luaL_error(L, "standing_metrics: point %d is not a list of %d standings", (int)k,
                        (int)seats);
    for (lua_Integer s = 1; s <= seats; s++) {
      int isnum;
      lua_geti(L, -1, s);
      points[(k - 1) * seats + (s - 1)] = lua_tonumberx(L, -1, &isnum);
      if (!isnum)
        return luaL_error(L, "standing_metrics: standing %d of point %d is not a number", (int)s,
                          (int)k);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  unsigned char won[CL_MAX_SEATS] = {0};
  lua_Integer nwinners = luaL_len(L, 2);
  for (lua_Integer i = 1; i <= nwinners; i++) {
    lua_geti(L, 2, i);
    lua_Integer w = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (w >= 1 && w <= seats) won[w - 1] = 1;
  }
  return clL_push_standing_metrics(L, points, (int)npoints, (int)seats, won);
}

/* vm.standings(standing, game, n [, into]) gives the list {standing(game,
** 1), ..., standing(game, n)}, each a finite number, or raises an error
** naming the first seat whose standing is not; with `into`, a list, it
** appends them to it instead (one list for every round of a game) and
** gives it. A simulation reads them at every round (here, where Lua code
** made a list of four cost seven calls). */
static int l_standings(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_Integer n = luaL_checkinteger(L, 3);
  luaL_argcheck(L, n >= 0 && n <= CL_MAX_SEATS, 3, "seat count out of range (0..8)");
  lua_Integer base = 0;
  if (lua_isnoneornil(L, 4)) {
    lua_settop(L, 3);
    lua_createtable(L, (int)n, 0);
  } else {
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_settop(L, 4);
    base = (lua_Integer)lua_rawlen(L, 4);
  }
  for (lua_Integer seat = 1; seat <= n; seat++) {
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushinteger(L, seat);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1))) {
      const char *got = luaL_tolstring(L, -1, NULL);
      lua_pushfstring(L, "standing(game, %d) gave %s; expected a finite number", (int)seat, got);
      return lua_error(L);
    }
    lua_rawseti(L, 4, base + seat);
  }
  return 1;
}

/* The __index of a read-only proxy of table t (stdlib's cardlab.readonly,
** readonly.of): (proxy, key) -> t[key], a table given as its proxy,
** wrap(table) making one the first time. Upvalues: t, proxies (table ->
** its proxy), targets (proxy -> what it reads), wrap. In C, as a bot's every
** read of a game's state takes it. */
static int reader_index(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_gettable(L, lua_upvalueindex(1)) != LUA_TTABLE) return 1;  /* (t's own __index, if any) */
  lua_pushvalue(L, -1);
  if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {  /* a proxy already: given as it is */
    lua_pop(L, 1);
    return 1;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(4));
  lua_insert(L, -2);
  lua_call(L, 1, 1);
  return 1;
}

/* vm.reader(t, proxies, targets, wrap) gives reader_index for t. */
static int l_reader(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TFUNCTION);
  lua_settop(L, 4);
  lua_pushcclosure(L, reader_index, 4);
  return 1;
}

static const luaL_Reg module_functions[] = {
  {"hash", l_hash}, {"standing_metrics", l_standing_metrics}, {"standings", l_standings},
  {"reader", l_reader},
  {NULL, NULL}
};

void cardlab_vm_use_home(lua_State *L, const char *home) {
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/stdlib/?.lua;%s/stdlib/?/init.lua;%s/?.lua;", home, home, home);
  lua_getfield(L, -2, "path");
  lua_concat(L, 2);
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
  lua_pushstring(L, home);
  lua_setglobal(L, "CARDLAB_HOME");
}

int luaopen_cardlab_vm(lua_State *L) {
  /* every metatable exists before any function is registered, since each
  ** function carries all of them as upvalues */
  for (int c = 1; c <= NCLASSES; c++) {
    luaL_newmetatable(L, clL_class_names[c]);
    lua_pop(L, 1);
  }
  lua_newtable(L);
  clL_setfuncs(L, module_functions);
  clL_open_rng(L);
  clL_open_table(L);
  clL_open_seats(L);
  clL_open_engine(L);
  clL_open_guard(L);
  clL_open_print(L);
  clL_open_json(L);
  clL_open_dict(L);
  lua_pushliteral(L, CL_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushinteger(L, CL_MAX_SEATS);
  lua_setfield(L, -2, "max_seats");
  return 1;
}
