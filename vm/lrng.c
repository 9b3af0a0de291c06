/*
** lrng.c: cl.Rng, the seeded generator of the core (xoshiro256**), for rule
** scripts and the host: vm.rng(seed), r:int, r:float, r:shuffle, and the
** state as text for saving and restoring.
*/
#include <stdint.h>
#include <string.h>

#include "lbinding.h"

static cl_Rng *newrng(lua_State *L, uint64_t seed) {
  cl_Rng *r = lua_newuserdatauv(L, sizeof(cl_Rng), 0);
  cl_rng_seed(r, seed);
  luaL_setmetatable(L, RNG_T);
  return r;
}

static int l_rng_new(lua_State *L) {
  newrng(L, (uint64_t)luaL_checkinteger(L, 1));
  return 1;
}

/* r:int(n) gives 1..n; r:int(a, b) gives a..b */
static int w_Rng_int(lua_State *L) {
  cl_Rng *r = checkrng(L, 1);
  lua_Integer lo = 1, hi = luaL_checkinteger(L, 2);
  if (!lua_isnoneornil(L, 3)) {
    lo = hi;
    hi = luaL_checkinteger(L, 3);
  }
  /* the width in unsigned arithmetic: hi - lo overflows for far-apart bounds */
  luaL_argcheck(L, lo <= hi && (lua_Unsigned)hi - (lua_Unsigned)lo < UINT32_MAX, 2,
                "interval is empty or too large");
  lua_pushinteger(L, lo + (lua_Integer)cl_rng_below(r, (uint32_t)(hi - lo + 1)));
  return 1;
}

static int w_Rng_float(lua_State *L) {
  lua_pushnumber(L, cl_rng_float(checkrng(L, 1)));
  return 1;
}

/* r:shuffle(t) shuffles the array part 1..#t of a Lua table in place */
static int w_Rng_shuffle(lua_State *L) {
  cl_Rng *r = checkrng(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
  for (lua_Integer i = n; i > 1; i--) {
    lua_Integer j = 1 + (lua_Integer)cl_rng_below(r, (uint32_t)i);
    lua_rawgeti(L, 2, i);
    lua_rawgeti(L, 2, j);
    lua_rawseti(L, 2, i);
    lua_rawseti(L, 2, j);
  }
  lua_settop(L, 2);
  return 1;
}

/* The state as a 64-character hex string, for saving and restoring. */
static int w_Rng_state(lua_State *L) {
  cl_Rng *r = checkrng(L, 1);
  char buf[65];
  for (int i = 0; i < 4; i++)
    for (int k = 0; k < 16; k++)
      buf[i * 16 + k] = "0123456789abcdef"[(r->s[i] >> (60 - 4 * k)) & 15];
  lua_pushlstring(L, buf, 64);
  return 1;
}

static int w_Rng_set_state(lua_State *L) {
  cl_Rng *r = checkrng(L, 1);
  size_t len;
  const char *s = luaL_checklstring(L, 2, &len);
  cl_Rng next = {{0, 0, 0, 0}};
  int ok = len == 64;
  for (size_t i = 0; ok && i < 64; i++) {
    const char *d = strchr("0123456789abcdef", s[i]);
    ok = s[i] != '\0' && d != NULL;
    if (ok) next.s[i / 16] = (next.s[i / 16] << 4) | (uint64_t)(d - "0123456789abcdef");
  }
  luaL_argcheck(L, ok && (next.s[0] | next.s[1] | next.s[2] | next.s[3]) != 0, 2,
                "expected a state string from 'state' (64 hex digits)");
  *r = next;
  return 0;
}

static int w_Rng_clone(lua_State *L) {
  cl_Rng *r = checkrng(L, 1);
  cl_Rng *copy = newrng(L, 0);
  *copy = *r;
  return 1;
}

static int w_Rng_tostring(lua_State *L) {
  lua_pushfstring(L, RNG_T ": %p", lua_touserdata(L, 1));
  return 1;
}

static const luaL_Reg rng_methods[] = {
  {"int", w_Rng_int}, {"float", w_Rng_float}, {"shuffle", w_Rng_shuffle},
  {"state", w_Rng_state}, {"set_state", w_Rng_set_state}, {"clone", w_Rng_clone},
  {NULL, NULL}
};

static const luaL_Reg rng_meta[] = {
  {"__index", NULL}, {"__tostring", w_Rng_tostring}, {NULL, NULL}
};

static const luaL_Reg rng_functions[] = {
  {"rng", l_rng_new}, {NULL, NULL}
};

void clL_open_rng(lua_State *L) {
  clL_fillclass(L, C_RNG, rng_meta, rng_methods);
  clL_setfuncs(L, rng_functions);
}
