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
#include <stdlib.h>

#include "lbinding.h"
#include "lcardlab.h"

const char *const clL_class_names[] = {NULL,      RNG_T,    TABLE_T, ZONE_T,
                                       SEATS_T,   ENGINE_T, DICT_T,  FOUND_T};

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

static const luaL_Reg module_functions[] = {
  {"hash", l_hash}, {NULL, NULL}
};

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
  clL_open_dict(L);
  lua_pushliteral(L, CL_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushinteger(L, CL_MAX_SEATS);
  lua_setfield(L, -2, "max_seats");
  return 1;
}
