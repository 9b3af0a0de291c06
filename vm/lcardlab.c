/*
** lcardlab.c: the Lua binding of the cardlab core, module "cardlab.vm".
**
** The only code that touches the Lua stack. Types (metatable names):
**   cl.Rng     the seeded generator          vm.rng(seed)
**   cl.Table   cards and zones of one game   vm.table(ncards)
**   cl.Zone    one zone of a table           t:zone(name [, spec])
**   cl.Seats   seats and turn order          vm.seats(n)
**   cl.Engine  a rule script run as a coroutine, its pending request and its
**              answer log                    vm.engine(fn, nseats, seed)
** Script bugs raise errors in Lua's wording; an illegal answer is an expected
** failure and returns nil plus a reason.
*/
#define _XOPEN_SOURCE 700  /* sigaction, setitimer */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdint.h>
#include <ctype.h>
#include <limits.h>
#include <string.h>
#include <sys/time.h>

#include "lua.h"
#include "lauxlib.h"

#include "cardlab.h"

#define RNG_T "cl.Rng"
#define TABLE_T "cl.Table"
#define ZONE_T "cl.Zone"
#define SEATS_T "cl.Seats"
#define ENGINE_T "cl.Engine"
#define DICT_T "cl.Dict"
#define FOUND_T "cl.Found"

#define RELEASED "cannot use object after it has been released"

/* The classes, in the order of the upvalues every method and metamethod
** carries: the metatables of all classes. A type check compares metatables
** with an upvalue instead of looking the name up in the registry as
** luaL_checkudata does (a fifth of the cost of a zone method); a mismatch falls
** through to luaL_checkudata for the standard error. */
enum { C_RNG = 1, C_TABLE, C_ZONE, C_SEATS, C_ENGINE, C_DICT, C_FOUND, NCLASSES = C_FOUND };
static const char *const class_names[] = {NULL,      RNG_T,    TABLE_T, ZONE_T,
                                          SEATS_T,   ENGINE_T, DICT_T,  FOUND_T};

static void *checkclass(lua_State *L, int i, int class) {
  void *p = lua_touserdata(L, i);
  if (p != NULL && lua_getmetatable(L, i)) {
    int same = lua_rawequal(L, -1, lua_upvalueindex(class));
    lua_pop(L, 1);
    if (same) return p;
  }
  return luaL_checkudata(L, i, class_names[class]);
}

static void *testclass(lua_State *L, int i, int class) {
  void *p = lua_touserdata(L, i);
  if (p != NULL && lua_getmetatable(L, i)) {
    int same = lua_rawequal(L, -1, lua_upvalueindex(class));
    lua_pop(L, 1);
    if (same) return p;
  }
  return NULL;
}


/* ---------------------------------------------------------------- cl.Rng */

#define checkrng(L, i) ((cl_Rng *)checkclass(L, i, C_RNG))

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


/* ---------------------------------------------------------- cl.Table, cl.Zone */

/* A table box owns the core table and a scratch buffer with room for every
** card. Its uservalue 1 is an array of zone userdata by zone id + 1, so each
** zone has exactly one Lua value. */
typedef struct TableBox {
  cl_Table *t;
  int32_t *scratch;
} TableBox;

/* A zone box points at its table box, which its uservalue keeps alive. */
typedef struct ZoneBox {
  TableBox *tb;
  int z;
} ZoneBox;

static const char *const visibility_names[] = {"everyone", "owner", "count", "nobody", NULL};

static cl_Table *checktable(lua_State *L, int i) {
  TableBox *tb = checkclass(L, i, C_TABLE);
  if (tb->t == NULL) luaL_error(L, RELEASED);
  return tb->t;
}

static ZoneBox *checkzone(lua_State *L, int i) {
  ZoneBox *zb = checkclass(L, i, C_ZONE);
  if (zb->tb->t == NULL) luaL_error(L, RELEASED);
  return zb;
}

/* Raises the core's error for a negative code, naming the function. */
static int check_rc(lua_State *L, int rc, const char *what) {
  if (rc < 0) luaL_error(L, "%s: %s", what, cl_strerror(rc));
  return rc;
}

static int checkcard(lua_State *L, cl_Table *t, int i) {
  lua_Integer c = luaL_checkinteger(L, i);
  luaL_argcheck(L, c >= 1 && c <= cl_table_ncards(t), i, "no such card");
  return (int)c;
}

static int checkseat(lua_State *L, int i, int allow_zero) {
  lua_Integer s = luaL_checkinteger(L, i);
  luaL_argcheck(L, s >= (allow_zero ? 0 : 1) && s <= CL_MAX_SEATS, i, "seat out of range");
  return (int)s;
}

static int l_table_new(lua_State *L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  if (n < 0 || n > CL_MAX_CARDS)
    return luaL_argerror(L, 1, lua_pushfstring(L, "%I cards; a table holds 0 to %d", n,
                                               CL_MAX_CARDS));
  TableBox *tb = lua_newuserdatauv(L, sizeof(TableBox), 1);
  tb->t = NULL;
  tb->scratch = NULL;
  luaL_setmetatable(L, TABLE_T);  /* from here on __gc frees what exists */
  lua_newtable(L);
  lua_setiuservalue(L, -2, 1);
  tb->scratch = malloc(((size_t)n + 1) * sizeof(int32_t));
  tb->t = cl_table_new((int)n);
  if (tb->t == NULL || tb->scratch == NULL) {
    cl_table_free(tb->t);
    tb->t = NULL;
    return luaL_error(L, "not enough memory");
  }
  return 1;
}

static int w_Table_release(lua_State *L) {
  TableBox *tb = checkclass(L, 1, C_TABLE);
  cl_table_free(tb->t);
  free(tb->scratch);
  tb->t = NULL;
  tb->scratch = NULL;
  return 0;
}

/* Pushes the one userdata of zone z (table box at index ti), making it on
** first use. */
static void pushzone(lua_State *L, int ti, int z) {
  ti = lua_absindex(L, ti);
  lua_getiuservalue(L, ti, 1);
  if (lua_rawgeti(L, -1, z + 1) == LUA_TNIL) {
    lua_pop(L, 1);
    ZoneBox *zb = lua_newuserdatauv(L, sizeof(ZoneBox), 1);
    zb->tb = lua_touserdata(L, ti);
    zb->z = z;
    luaL_setmetatable(L, ZONE_T);
    lua_pushvalue(L, ti);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, z + 1);
  }
  lua_remove(L, -2);
}

/* Reads field `key` of the zone spec at index 3: one of `names` (giving its
** index) or, with names NULL, an integer; absent gives def. A wrong value is
** an error naming the zone, the field and what it may be. */
static lua_Integer spec_field(lua_State *L, const char *zone, const char *key,
                              const char *const *names, lua_Integer def) {
  int t = lua_getfield(L, 3, key);
  lua_Integer v = def;
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return def;
  }
  if (names == NULL) {
    if (!lua_isinteger(L, -1))
      luaL_error(L, "zone '%s': %s must be a seat number (got %s)", zone, key, luaL_typename(L, -1));
    v = lua_tointeger(L, -1);
  } else {
    const char *text = lua_tostring(L, -1);
    int i = 0;
    while (text && names[i] && strcmp(names[i], text) != 0) i++;
    if (text == NULL || names[i] == NULL) {
      luaL_Buffer b;
      luaL_buffinit(L, &b);
      for (int k = 0; names[k]; k++) {
        if (k > 0) luaL_addstring(&b, ", ");
        luaL_addstring(&b, names[k]);
      }
      luaL_pushresult(&b);
      const char *choices = lua_tostring(L, -1);
      const char *given = luaL_tolstring(L, -2, NULL);  /* pushed after choices: both live */
      luaL_error(L, "zone '%s': %s must be one of %s (got '%s')", zone, key, choices, given);
    }
    v = i;
  }
  lua_pop(L, 1);
  return v;
}

/* t:zone(name) finds a zone; t:zone(name, {owner=, visibility=, face=}) makes
** one. visibility is one of everyone, owner, count, nobody; face is "up"
** (default) or "down". */
static int w_Table_zone(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  size_t len;
  const char *name = luaL_checklstring(L, 2, &len);
  /* the core keeps names as C strings: "a\0b" would be the zone "a" */
  if (strlen(name) != len) return luaL_error(L, "a zone's name cannot hold a NUL byte");
  if (lua_isnoneornil(L, 3)) {
    int z = cl_zone_find(t, name);
    if (z < 0) return luaL_error(L, "no zone named '%s'", name);
    pushzone(L, 1, z);
    return 1;
  }
  luaL_checktype(L, 3, LUA_TTABLE);
  /* a misspelt field would leave the zone open to everyone unnoticed */
  lua_pushnil(L);
  while (lua_next(L, 3) != 0) {
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    if (key == NULL || (strcmp(key, "owner") != 0 && strcmp(key, "visibility") != 0 &&
                        strcmp(key, "face") != 0))
      return luaL_error(L, "zone '%s': unknown field '%s'; expected owner, visibility or face",
                        name, luaL_tolstring(L, -2, NULL));
    lua_pop(L, 1);
  }
  static const char *const faces[] = {"down", "up", NULL};
  int owner = (int)spec_field(L, name, "owner", NULL, 0);
  int vis = (int)spec_field(L, name, "visibility", visibility_names, CL_VIS_EVERYONE);
  int face = (int)spec_field(L, name, "face", faces, 1);
  if (owner < 0 || owner > CL_MAX_SEATS)
    return luaL_error(L, "zone '%s': owner %d is not a seat (0..%d)", name, owner, CL_MAX_SEATS);
  if (vis == CL_VIS_OWNER && owner == 0)
    return luaL_error(L, "zone '%s': visibility 'owner' needs an owner seat", name);
  int z = cl_zone_new(t, name, owner, (cl_Visibility)vis, face);
  if (z == CL_EEXIST) return luaL_error(L, "a zone named '%s' exists already", name);
  check_rc(L, z, "zone");
  pushzone(L, 1, z);
  return 1;
}

/* t:zones() lists every zone, the box first. */
static int w_Table_zones(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int n = cl_table_nzones(t);
  lua_createtable(L, n, 0);
  for (int z = 0; z < n; z++) {
    pushzone(L, 1, z);
    lua_rawseti(L, -2, z + 1);
  }
  return 1;
}

static int w_Table_ncards(lua_State *L) {
  lua_pushinteger(L, cl_table_ncards(checktable(L, 1)));
  return 1;
}

/* t:where(card) gives the zone the card is in, and its position. */
static int w_Table_where(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int card = checkcard(L, t, 2);
  int z = cl_card_zone(t, card);
  pushzone(L, 1, z);
  lua_pushinteger(L, cl_zone_find_card(t, z, card));
  return 2;
}

/* t:face(card) tells whether it is face up; t:face(card, up) turns it. */
static int w_Table_face(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int card = checkcard(L, t, 2);
  if (!lua_isnoneornil(L, 3)) cl_card_set_face(t, card, lua_toboolean(L, 3));
  lua_pushboolean(L, cl_card_face_up(t, card));
  return 1;
}

static int w_Table_show(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  cl_card_show(t, checkcard(L, t, 2), checkseat(L, 3, 0));
  return 0;
}

/* t:shown(card, seat) tells whether the card was shown to the seat since it
** last moved. */
static int w_Table_shown(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int card = checkcard(L, t, 2);
  lua_pushboolean(L, cl_card_shown(t, card, checkseat(L, 3, 1)));
  return 1;
}

static int w_Table_visible(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int card = checkcard(L, t, 2);
  lua_pushboolean(L, cl_card_visible(t, card, checkseat(L, 3, 1)));
  return 1;
}

/* Pushes zone z as seat sees it: {name=, owner=, visibility=, count=, cards=}
** where cards is left out when the seat sees none of them and the count is
** left out when the seat may not even see that. Hidden cards among visible
** ones are 0. */
static void pushview(lua_State *L, TableBox *tb, int z, int seat) {
  cl_Table *t = tb->t;
  lua_createtable(L, 0, 5);
  lua_pushstring(L, cl_zone_name(t, z));
  lua_setfield(L, -2, "name");
  lua_pushinteger(L, cl_zone_owner(t, z));
  lua_setfield(L, -2, "owner");
  lua_pushstring(L, visibility_names[cl_zone_visibility(t, z)]);
  lua_setfield(L, -2, "visibility");
  int n = cl_zone_view(t, z, seat, tb->scratch);
  if (n < 0) return;
  lua_pushinteger(L, n);
  lua_setfield(L, -2, "count");
  int seen = 0;
  for (int i = 0; i < n; i++) seen |= tb->scratch[i] != 0;
  if (!seen) return;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, tb->scratch[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "cards");
}

/* t:view(seat) gives every zone but the box as that seat sees it, keyed by
** name; seat 0 sees everything. */
static int w_Table_view(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  TableBox *tb = lua_touserdata(L, 1);
  int seat = checkseat(L, 2, 1);
  int n = cl_table_nzones(t);
  lua_createtable(L, 0, n);
  for (int z = 1; z < n; z++) {
    pushview(L, tb, z, seat);
    lua_setfield(L, -2, cl_zone_name(t, z));
  }
  return 1;
}

static int w_Table_tostring(lua_State *L) {
  TableBox *tb = checkclass(L, 1, C_TABLE);
  if (tb->t == NULL) lua_pushstring(L, TABLE_T " (released)");
  else lua_pushfstring(L, TABLE_T " (%d cards, %d zones)", cl_table_ncards(tb->t),
                       cl_table_nzones(tb->t));
  return 1;
}

static const luaL_Reg table_methods[] = {
  {"zone", w_Table_zone}, {"zones", w_Table_zones}, {"ncards", w_Table_ncards},
  {"where", w_Table_where}, {"face", w_Table_face}, {"show", w_Table_show},
  {"visible", w_Table_visible}, {"shown", w_Table_shown}, {"view", w_Table_view}, {"release", w_Table_release},
  {NULL, NULL}
};

static const luaL_Reg table_meta[] = {
  {"__index", NULL}, {"__gc", w_Table_release}, {"__close", w_Table_release},
  {"__tostring", w_Table_tostring}, {NULL, NULL}
};

/* A position argument: an integer (1 = top), "top" or "bottom"; absent gives
** the default. Bottom is encoded as 0, which the core reads as "under the
** bottom card". */
static int optpos(lua_State *L, int i, int def) {
  if (lua_isnoneornil(L, i)) return def;
  if (lua_type(L, i) == LUA_TSTRING) {
    static const char *const ends[] = {"top", "bottom", NULL};
    return luaL_checkoption(L, i, NULL, ends) == 0 ? 1 : 0;
  }
  lua_Integer p = luaL_checkinteger(L, i);
  luaL_argcheck(L, p >= 1 && p <= CL_MAX_CARDS + 1, i, "position out of range");
  return (int)p;
}

static int w_Zone_count(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  lua_pushinteger(L, cl_zone_count(zb->tb->t, zb->z));
  return 1;
}

static int w_Zone_name(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  lua_pushstring(L, cl_zone_name(zb->tb->t, zb->z));
  return 1;
}

static int w_Zone_owner(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  lua_pushinteger(L, cl_zone_owner(zb->tb->t, zb->z));
  return 1;
}

static int w_Zone_visibility(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  lua_pushstring(L, visibility_names[cl_zone_visibility(zb->tb->t, zb->z)]);
  return 1;
}

/* z:peek([pos]) gives the card at pos (default the top), or nil. */
static int w_Zone_peek(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  int pos = (int)luaL_optinteger(L, 2, 1);
  int card = cl_zone_peek(zb->tb->t, zb->z, pos);
  if (card == 0) lua_pushnil(L);
  else lua_pushinteger(L, card);
  return 1;
}

/* z:find(card) gives the card's position (1 = top), or nil. */
static int w_Zone_find(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  int card = checkcard(L, zb->tb->t, 2);
  int pos = cl_zone_find_card(zb->tb->t, zb->z, card);
  if (pos == 0) lua_pushnil(L);
  else lua_pushinteger(L, pos);
  return 1;
}

/* z:cards([into]) gives the cards top first, filling `into` when given (and
** clearing what it held past them) so that hot loops need not allocate. */
static int w_Zone_cards(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  int n = cl_zone_cards(zb->tb->t, zb->z, zb->tb->scratch);
  if (lua_isnoneornil(L, 2)) {
    lua_createtable(L, n, 0);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    for (lua_Integer i = (lua_Integer)lua_rawlen(L, 2); i > n; i--) {
      lua_pushnil(L);
      lua_rawseti(L, 2, i);
    }
  }
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, zb->tb->scratch[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* zone:tally(kind_of, n) counts the zone's cards by kind: kind_of maps a card
** to its kind, 1..n (a suit, a letter); gives {count of kind 1, ..., of kind
** n}, zeros included. One call instead of a table of the cards and a loop
** in Lua, for rules that count a hand by kind on every turn. */
static int w_Zone_tally(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer kinds = luaL_checkinteger(L, 3);
  luaL_argcheck(L, kinds >= 1 && kinds <= 4096, 3, "expected a number of kinds from 1 to 4096");
  int n = cl_zone_cards(zb->tb->t, zb->z, zb->tb->scratch);
  /* counted in C first: one table write per kind, not one per card */
  int small[64];
  int *counts = kinds <= 64 ? small : lua_newuserdatauv(L, (size_t)kinds * sizeof *counts, 0);
  memset(counts, 0, (size_t)kinds * sizeof *counts);
  for (int i = 0; i < n; i++) {
    int card = zb->tb->scratch[i];
    int isnum;
    lua_Integer k = (lua_rawgeti(L, 2, card), lua_tointegerx(L, -1, &isnum));
    lua_pop(L, 1);
    if (!isnum || k < 1 || k > kinds)
      return luaL_error(L, "tally: card %d has no kind from 1 to %d", card, (int)kinds);
    counts[k - 1]++;
  }
  lua_createtable(L, (int)kinds, 0);
  for (lua_Integer k = 1; k <= kinds; k++) {
    lua_pushinteger(L, counts[k - 1]);
    lua_rawseti(L, -2, k);
  }
  return 1;
}

/* Checks that argument i is a zone of the same table as zb. */
static ZoneBox *checkpeer(lua_State *L, ZoneBox *zb, int i) {
  ZoneBox *other = checkzone(L, i);
  luaL_argcheck(L, other->tb == zb->tb, i, "zone of another table");
  return other;
}

/* z:move(to [, from_pos [, to_pos]]) moves one card (default the top) onto
** `to` (default its top); gives the card, or nil if z is empty. */
static int w_Zone_move(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  ZoneBox *to = checkpeer(L, zb, 2);
  int count = cl_zone_count(zb->tb->t, zb->z);
  int from_pos = (int)luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, count == 0 || (from_pos >= 1 && from_pos <= count), 3,
                "position out of range");
  int card = cl_zone_move(zb->tb->t, zb->z, from_pos, to->z, optpos(L, 4, 1));
  if (card == CL_EEMPTY) {
    lua_pushnil(L);
    return 1;
  }
  check_rc(L, card, "move");
  lua_pushinteger(L, card);
  return 1;
}

/* z:insert(card [, pos]) moves the card, wherever it is, into z (default on
** top). */
static int w_Zone_insert(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  int card = checkcard(L, zb->tb->t, 2);
  check_rc(L, cl_card_move(zb->tb->t, card, zb->z, optpos(L, 3, 1)), "insert");
  return 0;
}

/* z:remove(card) puts a card of z back in the box. */
static int w_Zone_remove(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  int card = checkcard(L, zb->tb->t, 2);
  if (cl_card_zone(zb->tb->t, card) != zb->z)
    return luaL_error(L, "remove: card %d is not in zone '%s'", card,
                      cl_zone_name(zb->tb->t, zb->z));
  check_rc(L, cl_card_move(zb->tb->t, card, 0, 1), "remove");
  return 0;
}

/* z:move_all(to [, keep [, "bottom"]]) moves all but the top `keep` cards onto
** `to` (or under it), keeping their order; gives the number moved. */
static int w_Zone_move_all(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  ZoneBox *to = checkpeer(L, zb, 2);
  int keep = (int)luaL_optinteger(L, 3, 0);
  int on_top = optpos(L, 4, 1) == 1;
  lua_pushinteger(L, cl_zone_move_all(zb->tb->t, zb->z, to->z, keep, on_top));
  return 1;
}

static int w_Zone_shuffle(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  cl_zone_shuffle(zb->tb->t, zb->z, checkrng(L, 2));
  return 0;
}

/* z:deal({zones...}, n) deals n cards to each zone in turn; gives the number
** dealt. */
static int w_Zone_deal(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer n = luaL_checkinteger(L, 3);
  luaL_argcheck(L, n >= 0, 3, "negative count");
  int to[64];
  int nto = (int)lua_rawlen(L, 2);
  luaL_argcheck(L, nto <= 64, 2, "too many zones (at most 64)");
  for (int k = 0; k < nto; k++) {
    lua_rawgeti(L, 2, k + 1);
    ZoneBox *other = testclass(L, -1, C_ZONE);
    if (other == NULL || other->tb != zb->tb)
      return luaL_error(L, "deal: entry %d is not a zone of this table", k + 1);
    if (other->z == zb->z)
      return luaL_error(L, "deal: entry %d is the zone dealt from", k + 1);
    to[k] = other->z;
    lua_pop(L, 1);
  }
  n = n > CL_MAX_CARDS ? CL_MAX_CARDS : n;
  lua_pushinteger(L, check_rc(L, cl_zone_deal(zb->tb->t, zb->z, to, nto, (int)n), "deal"));
  return 1;
}

/* z:draw(to, n, rng [, refill [, keep]]) draws n cards onto `to`; when z runs
** out, all but the top `keep` (default 1) cards of `refill` are shuffled into it.
** Gives the number drawn. */
static int w_Zone_draw(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  ZoneBox *to = checkpeer(L, zb, 2);
  lua_Integer n = luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, n >= 0, 3, "negative count");
  cl_Rng *r = lua_isnoneornil(L, 4) ? NULL : checkrng(L, 4);
  int refill = -1;
  if (!lua_isnoneornil(L, 5)) {
    luaL_argcheck(L, r != NULL, 4, "a refill needs a generator to shuffle with");
    refill = checkpeer(L, zb, 5)->z;
  }
  int keep = (int)luaL_optinteger(L, 6, 1);
  n = n > CL_MAX_CARDS ? CL_MAX_CARDS : n;
  int rc = cl_zone_draw(zb->tb->t, zb->z, to->z, (int)n, refill, keep, r);
  lua_pushinteger(L, check_rc(L, rc, "draw"));
  return 1;
}

static int w_Zone_view(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  pushview(L, zb->tb, zb->z, checkseat(L, 2, 1));
  return 1;
}

/* `#z` counts, as does z:count(). */
static int w_Zone_tostring(lua_State *L) {
  ZoneBox *zb = checkclass(L, 1, C_ZONE);
  if (zb->tb->t == NULL) lua_pushstring(L, ZONE_T " (released)");
  else lua_pushfstring(L, ZONE_T " '%s' (%d cards)", cl_zone_name(zb->tb->t, zb->z),
                       cl_zone_count(zb->tb->t, zb->z));
  return 1;
}

static const luaL_Reg zone_methods[] = {
  {"count", w_Zone_count}, {"name", w_Zone_name}, {"owner", w_Zone_owner},
  {"visibility", w_Zone_visibility}, {"peek", w_Zone_peek}, {"find", w_Zone_find},
  {"cards", w_Zone_cards}, {"tally", w_Zone_tally}, {"move", w_Zone_move}, {"insert", w_Zone_insert},
  {"remove", w_Zone_remove}, {"move_all", w_Zone_move_all},
  {"shuffle", w_Zone_shuffle}, {"deal", w_Zone_deal}, {"draw", w_Zone_draw},
  {"view", w_Zone_view}, {NULL, NULL}
};

static const luaL_Reg zone_meta[] = {
  {"__index", NULL}, {"__len", w_Zone_count}, {"__tostring", w_Zone_tostring},
  {NULL, NULL}
};


/* ---------------------------------------------------------------- cl.Seats */

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
** the rounds of the seats passed over, and none when the leader plays last). */
static int w_Seats_lead(lua_State *L) {
  cl_Seats *s = checkseats(L, 1);
  int seat = seatarg(L, s, 2);
  s->current = s->start = seat;
  s->round++;
  s->turn++;
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

/* Adds n (default 1; negative forgives) to a per-seat counter, not below 0. */
static int add_turns(lua_State *L, int *counter) {
  lua_Integer n = luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, n > -CL_MAX_CARDS && n < CL_MAX_CARDS, 3, "count out of range");
  *counter += (int)n;
  if (*counter < 0) *counter = 0;
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


/* ---------------------------------------------------------------- cl.Engine */

/* An engine runs one game: the rule function as a coroutine. While the game
** waits, the coroutine's stack holds the pending request exactly as the script
** yielded it: seat, kind, prompt, legal (an array of answer texts, or a
** validator function) and, with a validator, an enumerator; with a list, an
** optional explainer, which says why an answer not in it is refused. Uservalue 1 is the
** coroutine, 2 the result or the error message. */
enum { ST_NEW, ST_WAITING, ST_OVER, ST_ERROR };
static const char *const status_names[] = {"new", "waiting", "over", "error"};
/* the status in a sentence: "the game is ..." */
static const char *const status_phrases[] = {"not started", "waiting", "over", "in error"};

#define TICK 1000  /* instructions between two calls of the count hook */
#define INTERRUPT_GRACE 10000  /* ticks: ten million instructions */

typedef struct Engine {
  cl_Log *log;
  lua_State *co;
  cl_Rng bot_rng;
  int nseats, status;
  long ticks, tick_limit;   /* in units of TICK instructions */
  long interrupt_tick;      /* ticks when the step saw Ctrl-C, or -1 */
  const char **texts;       /* scratch for answer matching */
  size_t *lens;
  int scratch_cap;
  int check_lists;          /* examine every list when asked (e:check_lists) */
} Engine;

static Engine *checkengine(lua_State *L, int i) {
  Engine *e = checkclass(L, i, C_ENGINE);
  if (e->log == NULL) luaL_error(L, RELEASED);
  return e;
}

/* Set by cardlab_vm_interrupt (Ctrl-C): a bot run stops before its next
** decision; a script step that goes on for INTERRUPT_GRACE more ticks after
** Ctrl-C (a runaway one: ordinary steps end well within it) is stopped with an
** error, which ends that game. */
static volatile sig_atomic_t interrupt_requested = 0;

/* Set when the count hook stops a step, until the next step begins: the
** sandbox's pcall re-raises such an error instead of catching it, so that a
** script cannot outlive its limit by catching the error (vm.doomed()). */
static int doomed = 0;

void cardlab_vm_interrupt(void) {
  interrupt_requested = 1;
}

/* Forgets a Ctrl-C that no bot run or script step has taken, so that it does
** not stop the next one. */
void cardlab_vm_interrupt_clear(void) {
  interrupt_requested = 0;
}

/* Set when Ctrl-C stopped the running script code (the count hook's own
** stop); cleared by watch. */
static int interrupt_stopped = 0;

/* The count hook: the engine running on this thread is in its extra space. */
static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  Engine *e = *(Engine **)lua_getextraspace(L);
  if (e == NULL) return;
  e->ticks++;
  if (interrupt_requested && e->interrupt_tick < 0) e->interrupt_tick = e->ticks;
  /* the message names the running function's line (level 0: a hook has no
  ** frame of its own) */
  if (e->interrupt_tick >= 0 && e->ticks - e->interrupt_tick > INTERRUPT_GRACE) {
    interrupt_requested = 0;
    doomed = 1;
    interrupt_stopped = 1;
    luaL_where(L, 0);
    lua_pushfstring(L, "%sinterrupted (Ctrl-C): the script ran on for %d instructions after it",
                    lua_tostring(L, -1), INTERRUPT_GRACE * TICK);
    lua_error(L);
  }
  if (e->ticks > e->tick_limit || doomed) {
    doomed = 1;
    luaL_where(L, 0);
    lua_pushfstring(L, "%sscript ran for more than %d instructions without asking for a "
                    "decision (an endless loop?)", lua_tostring(L, -1), (int)(e->tick_limit * TICK));
    lua_error(L);
  }
}

/* vm.doomed() tells whether the running step was stopped by its limit or
** Ctrl-C (see doomed). */
static int l_doomed(lua_State *L) {
  lua_pushboolean(L, doomed);
  return 1;
}

/* The watchdog. Any hook makes Lua trap on every instruction, a quarter of
** the time of a bot playout, so script code runs unhooked and a CPU-time timer
** arms the count hook on the thread running script code once a step has run
** for a tick (10 ms): a runaway step is then stopped after tick_limit more
** instructions, while ordinary steps pay nothing. lua_sethook may be called
** from a signal handler; lua.c arms its Ctrl-C hook the same way. */
static lua_State *volatile watched = NULL;

static void on_watchdog(int sig) {
  (void)sig;
  lua_State *L = watched;
  if (L != NULL) lua_sethook(L, count_hook, LUA_MASKCOUNT, TICK);
}

static void start_watchdog(void) {
  static int started = 0;
  if (started) return;
  started = 1;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_watchdog;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGVTALRM, &sa, NULL);
  struct itimerval every_10ms = {{0, 10000}, {0, 10000}};
  setitimer(ITIMER_VIRTUAL, &every_10ms, NULL);
}

/* Runs script code on L under the watchdog: clears a hook armed before, and
** lets the watchdog arm one while the code runs. */
static void watch(lua_State *L, Engine *e) {
  *(Engine **)lua_getextraspace(L) = e;
  e->ticks = 0;
  e->interrupt_tick = -1;
  doomed = 0;
  interrupt_stopped = 0;
  if (lua_gethook(L) == count_hook) lua_sethook(L, NULL, 0, 0);
  watched = L;
}

/* vm.guard(fn, ...) calls fn under the watchdog and the instruction limit,
** as a game step is, for script code that runs outside a game: loading a
** rule script and its modules, house rules, card lists, validate, describe.
** Gives what pcall gives. */
static int l_guard(lua_State *L) {
  static Engine guard;  /* only its tick counters are used */
  luaL_checktype(L, 1, LUA_TFUNCTION);
  guard.tick_limit = 100000000 / TICK;
  start_watchdog();
  Engine **slot = lua_getextraspace(L);
  Engine *saved = *slot;
  lua_State *saved_watched = watched;
  watch(L, &guard);
  int rc = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  watched = saved_watched;
  if (lua_gethook(L) == count_hook) lua_sethook(L, NULL, 0, 0);
  *slot = saved;
  lua_pushboolean(L, rc == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}


/* vm.engine(fn, nseats, seed [, max_instructions]): an engine for the game
** body fn, which it starts by e:start(...). */
static int l_engine_new(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_Integer nseats = luaL_checkinteger(L, 2);
  luaL_argcheck(L, nseats >= 1 && nseats <= CL_MAX_SEATS, 2, "seat count out of range (1..8)");
  lua_Integer seed = luaL_checkinteger(L, 3);
  lua_Integer limit = luaL_optinteger(L, 4, 100000000);
  luaL_argcheck(L, limit >= TICK, 4, "instruction limit too small");
  Engine *e = lua_newuserdatauv(L, sizeof(Engine), 2);
  memset(e, 0, sizeof *e);
  luaL_setmetatable(L, ENGINE_T);
  e->log = cl_log_new();
  if (e->log == NULL) return luaL_error(L, "not enough memory");
  e->nseats = (int)nseats;
  e->tick_limit = (long)(limit / TICK);
  /* bots draw from their own stream, so that the game's own randomness does
  ** not depend on which seats are bots */
  cl_rng_seed(&e->bot_rng, (uint64_t)seed ^ UINT64_C(0x5eed0b075eed0b07));
  e->co = lua_newthread(L);
  start_watchdog();
  lua_pushvalue(L, 1);
  lua_xmove(L, e->co, 1);
  lua_setiuservalue(L, -2, 1);
  return 1;
}

static int w_Engine_gc(lua_State *L) {
  Engine *e = checkclass(L, 1, C_ENGINE);
  cl_log_free(e->log);
  free(e->texts);
  free(e->lens);
  e->log = NULL;
  e->texts = NULL;
  e->lens = NULL;
  return 0;
}

/* Ends the game in error with msg (at the top of L) plus a traceback of the
** coroutine, and stores it. */
static int tostring_of(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}

static int call_script(lua_State *L, Engine *e, int nargs, int nres);

/* The text of the error value on top of L, pushed or converted in place: a
** string or number as it is; a value with __tostring as that says (the
** script's own function, so called under the watchdog); anything else named
** by its type, at the first line of the script on the coroutine's stack, as
** the loader does. (An error in a validator, enumerator or bot was named
** where it was raised already: see script_error.) */
static const char *error_text(lua_State *L, Engine *e) {
  if (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER) return lua_tostring(L, -1);
  if (luaL_getmetafield(L, -1, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushcfunction(L, tostring_of);
    lua_pushvalue(L, -2);
    if (call_script(L, e, 1, 1) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  const char *type = luaL_typename(L, -1);
  lua_Debug ar;
  for (int level = 0; lua_getstack(e->co, level, &ar); level++) {
    if (lua_getinfo(e->co, "Sl", &ar) && ar.currentline > 0)
      return lua_pushfstring(L, "%s:%d: the script raised an error value that is not a text (%s)",
                             ar.short_src, ar.currentline, type);
  }
  return lua_pushfstring(L, "the script raised an error value that is not a text (%s)", type);
}

static void fail(lua_State *L, Engine *e, int ui) {
  int top = lua_gettop(L);
  const char *msg = error_text(L, e);
  luaL_traceback(L, e->co, msg, 0);
  lua_setiuservalue(L, ui, 2);
  lua_settop(L, top - 1);
  e->status = ST_ERROR;
}

/* Ends the game after the script ran out of memory. A traceback needs memory,
** and the dead coroutine's stack still holds what the script built: clear the
** stack and collect first, then say so without a traceback. */
static void fail_memory(lua_State *L, Engine *e, int ui) {
  lua_settop(e->co, 0);
  lua_resetthread(e->co);
  lua_gc(L, LUA_GCCOLLECT);
  lua_pushliteral(L, "not enough memory: the script used all the memory it may (the cap is "
                  "set by CARDLAB_MEMORY_MB)");
  lua_setiuservalue(L, ui, 2);
  e->status = ST_ERROR;
}

/* Pushes where the suspended script made its request, "file:line: ": the
** first frame out from the yield whose chunk is not that of the function
** that yielded (the library's game:ask and its kin), or that function's own
** line if the script yielded itself; "" if no frame has a line. Only for
** errors: a request that is well formed costs nothing here. */
static void push_request_where(lua_State *L, lua_State *co) {
  lua_Debug ar;
  const char *yielder = NULL;  /* the chunk's name stays alive while it runs */
  char own[LUA_IDSIZE];
  int own_line = 0;
  for (int level = 1; lua_getstack(co, level, &ar); level++) {
    if (!lua_getinfo(co, "Sl", &ar) || ar.currentline <= 0) continue;
    if (yielder == NULL) {
      yielder = ar.source;
      memcpy(own, ar.short_src, sizeof own);
      own_line = ar.currentline;
    } else if (strcmp(ar.source, yielder) != 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  if (yielder == NULL)
    lua_pushliteral(L, "");
  else
    lua_pushfstring(L, "%s:%d: ", own, own_line);
}

/* Pushes "file:line: bad request: " and the formatted problem, the line
** being the script's that made the pending request (push_request_where):
** whether the request is found malformed when it is made or only when it is
** answered. */
static void push_bad_request(lua_State *L, Engine *e, const char *fmt, ...) {
  push_request_where(L, e->co);
  lua_pushliteral(L, "bad request: ");
  va_list ap;
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_concat(L, 3);
}

static const char *push_shown(lua_State *L, const char *s, size_t len);
static const char *push_reason(lua_State *L, int i);

/* What is wrong with the list of legal answers at index 4 of the coroutine,
** examined in full (e:check_lists): an entry that is not a text, or a text
** listed twice, which a replay would read as the first of them whichever a
** bot had picked. Gives the problem (pushed on L) or NULL. */
static const char *list_problem(lua_State *L, Engine *e) {
  lua_State *co = e->co;
  lua_Integer n = (lua_Integer)lua_rawlen(co, 4);
  lua_newtable(L);  /* text -> where first listed (grown as needed: a list may be long) */
  int seen = lua_gettop(L);
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_rawgeti(co, 4, i) != LUA_TSTRING) {
      lua_pop(co, 1);
      return lua_pushfstring(L, "legal answer %I is not a text", i);
    }
    lua_xmove(co, L, 1);
    if (lua_rawget(L, seen) != LUA_TNIL) {  /* (the text is replaced by its index) */
      lua_Integer first = lua_tointeger(L, -1);
      size_t len;
      lua_rawgeti(co, 4, i);
      lua_xmove(co, L, 1);
      const char *text = lua_tolstring(L, -1, &len);
      const char *shown = push_shown(L, text, len);
      return lua_pushfstring(L, "'%s' is listed twice (answers %I and %I); expected different "
                             "texts, as a replay knows an answer by its text alone", shown, first, i);
    }
    lua_pop(L, 1);
    lua_rawgeti(co, 4, i);
    lua_xmove(co, L, 1);
    lua_pushinteger(L, i);
    lua_rawset(L, seen);
  }
  lua_pop(L, 1);
  return NULL;
}

/* With e:check_lists, a request's explainer (index 5 of the coroutine, with
** a list) is tried at once on texts that are not answers: "?", and the first
** word of each of the first entries followed by " ?" ("play ?"). So an
** explainer that fails, or gives something other than a text or nil, fails
** `check` rather than the game of a person who mistyped. Returns 1 if it is
** fine; else 0 with the error (its own, or the problem) pushed on L. */
enum {
  EXPLAINER_PROBES = 5,   /* "?" and at most 4 first words */
  PROBED_ENTRIES = 8,     /* the entries whose first words are taken */
  PROBE_WORD = 40,        /* a longer first word is cut */
};
static int explainer_works(lua_State *L, Engine *e) {
  lua_State *co = e->co;
  char probes[EXPLAINER_PROBES][PROBE_WORD + 8] = {"?"};
  int nprobes = 1;
  lua_Integer n = (lua_Integer)lua_rawlen(co, 4);
  for (lua_Integer i = 1; i <= n && i <= PROBED_ENTRIES && nprobes < EXPLAINER_PROBES; i++) {
    lua_rawgeti(co, 4, i);
    const char *text = lua_tostring(co, -1);  /* a text: list_problem looked */
    size_t word = strcspn(text, " ");
    char probe[PROBE_WORD + 8];
    snprintf(probe, sizeof probe, "%.*s ?", (int)(word < PROBE_WORD ? word : PROBE_WORD), text);
    lua_pop(co, 1);
    int seen = 0;
    for (int k = 0; k < nprobes; k++) seen |= strcmp(probes[k], probe) == 0;
    if (!seen) memcpy(probes[nprobes++], probe, sizeof probe);
  }
  for (int k = 0; k < nprobes; k++) {
    lua_pushvalue(co, 5);
    lua_pushvalue(co, 1);
    lua_xmove(co, L, 2);
    lua_pushstring(L, probes[k]);
    lua_insert(L, -2);
    if (call_script(L, e, 2, 1) != LUA_OK) {
      error_text(L, e);
      const char *msg = push_reason(L, -1);
      push_bad_request(L, e, "the explainer failed on '%s': %s", probes[k], msg);
      return 0;  /* (the failure's own values stay below: the game ends) */
    }
    int t = lua_type(L, -1);
    int is_true = lua_toboolean(L, -1) && t == LUA_TBOOLEAN;
    lua_pop(L, 1);
    if ((t != LUA_TNIL && t != LUA_TSTRING && t != LUA_TBOOLEAN) || is_true) {
      push_bad_request(L, e, "the explainer gave %s for '%s'; expected a text, or nil for no reason",
                       is_true ? "true" : lua_pushfstring(L, "a %s", lua_typename(L, t)), probes[k]);
      return 0;
    }
  }
  return 1;
}

/* Checks the request the script just yielded; a malformed one is a script
** error. Returns 0 with the error pushed on L for one. */
static int check_request(lua_State *L, Engine *e, int nres) {
  lua_State *co = e->co;
  const char *problem = NULL;
  if (nres < 4)
    problem = "it needs a seat, a kind, a prompt and the legal answers";
  else if (!lua_isinteger(co, 1) || lua_tointeger(co, 1) < 1 ||
           lua_tointeger(co, 1) > e->nseats) {
    lua_pushvalue(co, 1);
    lua_xmove(co, L, 1);
    const char *type = luaL_typename(L, -1);  /* a static name */
    const char *given = luaL_tolstring(L, -1, NULL);
    if (lua_type(L, -2) == LUA_TNUMBER)
      problem = lua_pushfstring(L, "seat %s is not a seat of this game (1..%d)",
                                given, e->nseats);
    else
      problem = lua_pushfstring(L, "seat '%s' (a %s) is not a seat of this game "
                                "(1..%d)", given, type, e->nseats);
  } else if (lua_type(co, 2) != LUA_TSTRING)
    problem = "the kind must be a string";
  else if (lua_type(co, 3) != LUA_TSTRING)
    problem = "the prompt must be a string";
  else if (lua_type(co, 4) == LUA_TTABLE) {
    if (lua_rawlen(co, 4) == 0) problem = "no legal answers";
    else if (!lua_isnoneornil(co, 5) && lua_type(co, 5) != LUA_TFUNCTION)
      problem = "the explainer of refused answers must be a function";
    else if (e->check_lists) problem = list_problem(L, e);
  } else if (lua_type(co, 4) == LUA_TFUNCTION) {
    if (lua_type(co, 5) != LUA_TFUNCTION)
      problem = "a validator needs an enumerator of legal answers";
  } else
    problem = "the legal answers must be a list of texts or a validator";
  if (problem == NULL) {
    if (e->check_lists && lua_type(co, 4) == LUA_TTABLE && lua_type(co, 5) == LUA_TFUNCTION)
      return explainer_works(L, e);
    return 1;
  }
  push_bad_request(L, e, "%s", problem);
  return 0;
}

/* Resumes the coroutine with the nargs values on its stack, up to the next
** request, the end of the game, or an error. ui is the engine's stack index. */
static void resume(lua_State *L, Engine *e, int ui, int nargs) {
  int nres;
  watch(e->co, e);
  int rc = lua_resume(e->co, L, nargs, &nres);
  watched = NULL;
  if (rc == LUA_YIELD) {
    e->status = ST_WAITING;
    if (!check_request(L, e, nres)) {
      fail(L, e, ui);
    }
  } else if (rc == LUA_OK) {
    e->status = ST_OVER;
    if (nres > 0) {
      lua_pushvalue(e->co, -nres);  /* the first value returned */
      lua_xmove(e->co, L, 1);
    } else {
      lua_pushnil(L);
    }
    lua_setiuservalue(L, ui, 2);
  } else if (rc == LUA_ERRMEM) {
    fail_memory(L, e, ui);
  } else {
    lua_xmove(e->co, L, 1);
    fail(L, e, ui);
  }
}

/* e:check_lists() makes every request examine its list of legal answers in
** full when asked (see list_problem), as `cardlab check` wants: otherwise an
** entry is looked at when it is answered, and a random bot looks at the one
** it picks, so that a decision does not cost the length of its list. */
static int w_Engine_check_lists(lua_State *L) {
  checkengine(L, 1)->check_lists = 1;
  return 0;
}

/* e:start(...) runs the game body with the given arguments up to its first
** request; gives the status. */
static int w_Engine_start(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->status != ST_NEW) return luaL_error(L, "start: the game has started already");
  int nargs = lua_gettop(L) - 1;
  lua_xmove(L, e->co, nargs);
  resume(L, e, 1, nargs);
  lua_pushstring(L, status_names[e->status]);
  return 1;
}

static int w_Engine_status(lua_State *L) {
  Engine *e = checkengine(L, 1);
  lua_pushstring(L, status_names[e->status]);
  return 1;
}

/* e:request() gives the pending request: seat, kind, prompt, legal answers (a
** list, or a validator) and the fifth value (with a list, the explainer, if
** any; with a validator, the enumerator); nothing if none is pending. */
static int w_Engine_request(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->status != ST_WAITING) return 0;
  int n = lua_gettop(e->co);
  if (n > 5) n = 5;
  luaL_checkstack(L, n, NULL);
  for (int i = 1; i <= n; i++) lua_pushvalue(e->co, i);
  lua_xmove(e->co, L, n);
  return n;
}

/* The message handler of call_script: an error value that is not a text and
** does not say what it is (__tostring) becomes one naming its type at the
** script's line that raised it, found while that line is still on the stack. */
static int script_error(lua_State *L) {
  int t = lua_type(L, 1);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) return 1;
  if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    return 1;
  }
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: the script raised an error value that is not a text (%s)",
                      ar.short_src, ar.currentline, luaL_typename(L, 1));
      return 1;
    }
  }
  return 1;
}

/* Calls a script function (validator, enumerator, bot) on L under the
** watchdog, so that a runaway one ends too. Like lua_pcall; an error value
** that is not a text is named where it was raised (script_error). */
static int call_script(lua_State *L, Engine *e, int nargs, int nres) {
  Engine **slot = lua_getextraspace(L);
  Engine *saved = *slot;
  lua_Hook saved_hook = lua_gethook(L);
  int saved_mask = lua_gethookmask(L), saved_count = lua_gethookcount(L);
  int handler = lua_gettop(L) - nargs;
  lua_pushcfunction(L, script_error);
  lua_insert(L, handler);
  watch(L, e);
  int rc = lua_pcall(L, nargs, nres, handler);
  watched = NULL;
  if (lua_gethook(L) == count_hook) lua_sethook(L, saved_hook, saved_mask, saved_count);
  *slot = saved;
  lua_remove(L, handler);
  return rc;
}

/* Whether the value at index i is a lazy list: not a plain table, but a value
** whose metatable gives its length and entries (__len, __index), such as the
** words d:find found. A random bot takes one entry of it, and only that
** entry is made. */
static int is_lazy(lua_State *L, int i) {
  int t = lua_type(L, i);
  if ((t != LUA_TTABLE && t != LUA_TUSERDATA) || luaL_getmetafield(L, i, "__len") == LUA_TNIL)
    return 0;
  lua_pop(L, 1);
  return 1;
}

/* Pushes the legal answers of the pending request: the list itself, or what
** the enumerator gives (a table, or a lazy list). Returns 0 (with an error
** message pushed instead) when the enumerator fails or gives no list. */
static int push_legal(lua_State *L, Engine *e) {
  if (lua_type(e->co, 4) == LUA_TTABLE) {
    lua_pushvalue(e->co, 4);
    lua_xmove(e->co, L, 1);
    return 1;
  }
  lua_pushvalue(e->co, 5);
  lua_xmove(e->co, L, 1);
  if (call_script(L, e, 0, 1) != LUA_OK) return 0;
  if (lua_type(L, -1) != LUA_TTABLE && !is_lazy(L, -1)) {
    lua_pop(L, 1);
    push_bad_request(L, e, "the enumerator of legal answers must give a list");
    return 0;
  }
  return 1;
}

/* (list) -> a plain table of its entries 1..#list; run under call_script,
** since a lazy list's metamethods are the script's code. */
static int materialize(lua_State *L) {
  lua_Integer n = luaL_len(L, 1);
  lua_createtable(L, n > 0 && n < INT_MAX ? (int)n : 0, 0);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, 1, i);
    lua_rawseti(L, -2, i);
  }
  return 1;
}

/* (list, rng) -> k, list[k] for a k drawn from 1..#list, or nothing if the
** list is empty; under call_script like materialize. */
static int pick_lazy(lua_State *L) {
  cl_Rng *r = lua_touserdata(L, 2);
  lua_Integer n = luaL_len(L, 1);
  if (n <= 0) return 0;
  if ((lua_Unsigned)n > UINT32_MAX) return luaL_error(L, "the list of legal answers is too long");
  lua_Integer k = 1 + (lua_Integer)cl_rng_below(r, (uint32_t)n);
  lua_pushinteger(L, k);
  lua_geti(L, 1, k);
  return 2;
}

/* Replaces a lazy list at the top of L with a plain table of its entries;
** returns 0 with an error message on top if the list's code fails. */
static int make_plain(lua_State *L, Engine *e) {
  if (!is_lazy(L, -1)) return 1;
  lua_pushcfunction(L, materialize);
  lua_insert(L, -2);
  return call_script(L, e, 1, 1) == LUA_OK;
}

/* e:legal() gives the list of legal answers of the pending request, as a
** table. */
static int w_Engine_legal(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->status != ST_WAITING) return luaL_error(L, "legal: no request is pending");
  if (!push_legal(L, e) || !make_plain(L, e)) {
    fail(L, e, 1);
    return luaL_error(L, "legal: the game ended in error");
  }
  return 1;
}

/* Logs the answer at the top of L (text, its index in the legal list or 0)
** and resumes the game with it. */
static int commit(lua_State *L, Engine *e, int ui, lua_Integer index) {
  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  if (cl_log_append(e->log, (int)lua_tointeger(e->co, 1), text, len) < 0)
    return luaL_error(L, "not enough memory");
  lua_settop(e->co, 0);
  lua_xmove(L, e->co, 1);
  if (index > 0) lua_pushinteger(e->co, index);
  else lua_pushnil(e->co);
  resume(L, e, ui, 2);
  return 1;
}

/* Grows the matching scratch to n entries. */
static void reserve_scratch(lua_State *L, Engine *e, int n) {
  if (n <= e->scratch_cap) return;
  const char **texts = realloc(e->texts, (size_t)n * sizeof *texts);
  if (texts == NULL) luaL_error(L, "not enough memory");
  e->texts = texts;
  size_t *lens = realloc(e->lens, (size_t)n * sizeof *lens);
  if (lens == NULL) luaL_error(L, "not enough memory");
  e->lens = lens;
  e->scratch_cap = n;
}

/* Pushes "a, b, c" of at most 12 entries of the list at index li. */
static void push_choices(lua_State *L, int li) {
  luaL_Buffer b;
  lua_Integer n = (lua_Integer)lua_rawlen(L, li);
  luaL_buffinit(L, &b);
  for (lua_Integer i = 1; i <= n && i <= 12; i++) {
    if (i > 1) luaL_addstring(&b, ", ");
    lua_rawgeti(L, li, i);
    luaL_addvalue(&b);
  }
  if (n > 12) {
    lua_pushfstring(L, " ... (%d more)", (int)(n - 12));
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
}

/* Whether push_escaped escapes byte c: a C0 control byte or DEL, except
** newline and tab when `lines` is set. */
static int escaped_byte(unsigned char c, int lines) {
  return (c < 32 || c == 127) && !(lines && (c == '\n' || c == '\t'));
}

/* Whether the bytes at s[i] are a C1 control character in UTF-8 (U+0080 to
** U+009F: 0xC2 and 0x80..0x9F), which some terminals obey as they obey ESC
** sequences (U+009B is CSI). */
static int c1_control(const char *s, size_t len, size_t i) {
  return (unsigned char)s[i] == 0xC2 && i + 1 < len && ((unsigned char)s[i + 1] & 0xE0) == 0x80;
}

/* Pushes a text with its control bytes escaped as %q escapes them (\9, or
** \009 before a digit; \13 for a carriage return, \27 for ESC; a C1 control
** character as its two bytes, \194\155), and at most
** `most` columns (a UTF-8 character is one), else cut with "...". With
** `lines`, newline and tab are kept (a text of several lines stays so);
** else the text comes out on one line. Other bytes, UTF-8 among them, are
** kept. Gives the text pushed. */
static const char *push_escaped(lua_State *L, const char *s, size_t len, size_t most, int lines) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  size_t columns = 0, cut_at = 0;  /* cut_at: the bytes that fit before "..." */
  int cut_known = 0, follow = 0;   /* follow: continuation bytes still due */
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    char unit[12];
    int n = 1, width = 1;
    unit[0] = (char)c;
    if (escaped_byte(c, lines)) {
      int digit_next = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9';
      n = width = snprintf(unit, sizeof unit, digit_next ? "\\%03d" : "\\%d", c);
      follow = 0;
    } else if (c1_control(s, len, i)) {
      i++;  /* both bytes, \194\128 to \194\159: three digits each */
      n = width = snprintf(unit, sizeof unit, "\\194\\%d", (unsigned char)s[i]);
      follow = 0;
    } else if ((c & 0xC0) == 0x80 && follow > 0) {
      width = 0;  /* a continuation byte: the same character */
      follow--;
    } else {
      follow = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    }
    if (!cut_known && columns + (size_t)width > most - 3) {
      cut_at = luaL_bufflen(&b);
      cut_known = 1;
    }
    columns += (size_t)width;
    if (columns > most) {
      luaL_buffsub(&b, luaL_bufflen(&b) - cut_at);
      luaL_addstring(&b, "...");
      break;
    }
    luaL_addlstring(&b, unit, (size_t)n);
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

/* Pushes an answer as a refusal quotes it back: escaped, and cut at
** SHOWN_COLUMNS columns (a pasted megabyte would come back whole). */
#define SHOWN_COLUMNS 60
static const char *push_shown(lua_State *L, const char *s, size_t len) {
  return push_escaped(L, s, len, SHOWN_COLUMNS, 0);
}

/* Pushes the script's reason for a refusal (a validator's or an
** explainer's), escaped as an answer is, so that the refusal stays one line
** whatever the reason quotes of the answer; not cut. */
static const char *push_reason(lua_State *L, int i) {
  size_t len;
  const char *s = lua_tolstring(L, i, &len);
  return push_escaped(L, s, len, SIZE_MAX, 0);
}

/* Whether a text prints as it is: nothing in it for push_escaped to escape
** with `lines`. */
static int printable_as_is(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (escaped_byte((unsigned char)s[i], 1) || c1_control(s, len, i)) return 0;
  return 1;
}

/* Pushes a text as the host prints the texts of a game (narration, views,
** prompts, answers, results, errors) to a terminal: control bytes other than
** newline and tab escaped (push_escaped), so that a script cannot clear the
** screen, retitle the window or overwrite a line; not cut. A text with
** nothing to escape is pushed unchanged. Gives the text pushed. The host
** program (repl/main.c) uses it too, on an error no command caught. */
const char *cardlab_vm_push_printable(lua_State *L, const char *s, size_t len) {
  if (printable_as_is(s, len)) return lua_pushlstring(L, s, len);
  return push_escaped(L, s, len, SIZE_MAX, 1);
}

/* The legal answer that a refused text begins with, words to spare after it
** ("draw now"; case and blanks aside, as cl_answer_match compares): pushes
** "say just 'draw'" and gives it, or NULL (nothing pushed). The longest such
** beginning is taken. e->texts holds the n legal texts. */
static const char *push_say_just(lua_State *L, Engine *e, const char *text, size_t len, int n) {
  /* a beginning with more letters than the longest answer matches none: a
  ** pasted megabyte costs no more than a line */
  size_t longest = 0, limit = 0, letters = 0;
  for (int i = 0; i < n; i++) longest = e->lens[i] > longest ? e->lens[i] : longest;
  while (limit < len && letters <= longest) letters += !isspace((unsigned char)text[limit++]);
  for (size_t end = limit < len ? limit : (len > 0 ? len - 1 : 0); end > 0; end--) {
    /* a beginning ends where a blank follows a word */
    if (!isspace((unsigned char)text[end]) || isspace((unsigned char)text[end - 1])) continue;
    int k = cl_answer_match(text, end, e->texts, e->lens, n);
    if (k >= 0) return lua_pushfstring(L, "say just '%s'", e->texts[k]);
  }
  return NULL;
}

/* vm.shown(text): the text as a refusal quotes it (see push_shown). */
static int l_shown(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  push_shown(L, s, len);
  return 1;
}

/* vm.printable(text): the text as the host prints a game's texts (see
** cardlab_vm_push_printable). */
static int l_printable(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  cardlab_vm_push_printable(L, s, len);
  return 1;
}

/* Checks the answer at index ai against the pending request. On success
** replaces it with its canonical text and returns its index in the legal list
** (0 for a validated text); else pushes the reason and returns -1. A broken
** validator ends the game in error and returns -2; a broken explainer only
** costs the refusal its reason, and Ctrl-C in one is raised to the caller. */
static lua_Integer check_answer(lua_State *L, Engine *e, int ui, int ai) {
  size_t len;
  const char *text = lua_tolstring(L, ai, &len);
  if (lua_type(e->co, 4) == LUA_TTABLE) {
    lua_pushvalue(e->co, 4);
    lua_xmove(e->co, L, 1);
    int li = lua_gettop(L);
    int n = (int)lua_rawlen(L, li);
    reserve_scratch(L, e, n);
    for (int i = 0; i < n; i++) {
      /* a string stays alive in the list after the pop; anything else
      ** (even a number, which lua_tolstring would convert in a temporary)
      ** is a malformed request */
      int t = lua_rawgeti(L, li, i + 1);
      e->texts[i] = t == LUA_TSTRING ? lua_tolstring(L, -1, &e->lens[i]) : NULL;
      lua_pop(L, 1);
      if (e->texts[i] == NULL) {
        push_bad_request(L, e, "legal answer %d is not a text", i + 1);
        fail(L, e, ui);
        return -2;
      }
    }
    int k = cl_answer_match(text, len, e->texts, e->lens, n);
    if (k < 0) {
      /* a legal answer with words to spare is named; else the explainer,
      ** if the script gave one, says why the text is not legal here:
      ** explain(text, seat) gives a reason, or nil (or false) for none. One
      ** that fails costs the reason, not the game: a mistyped answer must
      ** change nothing (check finds such a failure) */
      const char *why = k == -1 ? push_say_just(L, e, text, len, n) : NULL, *failed = NULL;
      if (k == -1 && why == NULL && lua_type(e->co, 5) == LUA_TFUNCTION) {
        lua_pushvalue(e->co, 5);
        lua_pushvalue(e->co, 1);  /* the seat asked */
        lua_xmove(e->co, L, 2);
        lua_pushvalue(L, ai);
        lua_insert(L, -2);
        if (call_script(L, e, 2, 1) != LUA_OK) {
          /* Ctrl-C (the count hook's, or the host's hook on typed code) is
          ** not the explainer's failure: the caller is stopped, with the
          ** game as it was (nothing is committed) */
          if (interrupt_stopped || interrupt_requested) lua_error(L);
          doomed = 0;  /* the limit that stopped it stopped only it */
          error_text(L, e);  /* (a __tostring kept, else the type named) */
          failed = push_reason(L, -1);
        } else if (lua_type(L, -1) == LUA_TSTRING) {
          why = push_reason(L, -1);
        }
      }
      const char *shown = push_shown(L, text, len);
      push_choices(L, li);
      lua_pushfstring(L, "'%s' %s%s%s; legal answers: %s", shown,
                      k == -2 ? "matches several legal answers" : "is not a legal answer",
                      why != NULL ? ": " : "", why != NULL ? why : "", lua_tostring(L, -1));
      if (failed != NULL)
        lua_pushfstring(L, "%s (the game's explainer of refusals failed: %s)", lua_tostring(L, -1), failed);
      return -1;
    }
    lua_rawgeti(L, li, k + 1);
    lua_replace(L, ai);
    lua_settop(L, ai);
    return k + 1;
  }
  /* a typed answer: the validator gives true or a canonical text, or
  ** false/nil and a reason */
  lua_pushvalue(e->co, 4);
  lua_xmove(e->co, L, 1);
  lua_pushvalue(L, ai);
  if (call_script(L, e, 1, 2) != LUA_OK) {
    fail(L, e, ui);
    return -2;
  }
  if (!lua_toboolean(L, -2)) {
    const char *why = lua_type(L, -1) == LUA_TSTRING ? push_reason(L, -1) : NULL;
    const char *shown = push_shown(L, text, len);
    if (why == NULL)
      lua_pushfstring(L, "answer '%s' is not accepted", shown);
    else
      lua_pushfstring(L, "answer '%s' is not accepted: %s", shown, why);
    return -1;
  }
  lua_pop(L, 1);
  int t = lua_type(L, -1);
  if (t != LUA_TSTRING && t != LUA_TBOOLEAN) {
    /* a slip in the script (a play's table, say): taken as "accepted as
    ** typed", it would hide it */
    lua_pop(L, 1);
    push_bad_request(L, e, "the validator gave a %s; expected true, the answer's canonical text, "
                     "or nil and a reason", lua_typename(L, t));
    fail(L, e, ui);
    return -2;
  }
  if (t == LUA_TSTRING) lua_replace(L, ai);  /* the canonical text */
  lua_settop(L, ai);
  return 0;
}

/* e:answer(text) answers the pending request and runs the game to its next
** request. Gives the status, or nil and the reason for refusing the answer (the
** game is then unchanged). */
static int w_Engine_answer(lua_State *L) {
  Engine *e = checkengine(L, 1);
  luaL_checkstring(L, 2);
  lua_settop(L, 2);
  if (e->status != ST_WAITING) {
    lua_pushnil(L);
    lua_pushfstring(L, "no request is pending (the game is %s)", status_phrases[e->status]);
    return 2;
  }
  lua_Integer k = check_answer(L, e, 1, 2);
  if (k == -1) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (k >= 0) commit(L, e, 1, k);
  lua_pushstring(L, status_names[e->status]);
  return 1;
}

/* A bot's answer to the pending request, pushed; 0 with an error message
** pushed if the bot failed. bi is the bot: "random" or a function called with
** (seat, kind, prompt, legal list) that gives an answer text. */
static int bot_answer(lua_State *L, Engine *e, int bi, lua_Integer *index) {
  if (!push_legal(L, e)) return 0;
  if (lua_type(L, bi) == LUA_TSTRING && is_lazy(L, -1)) {  /* the random bot, lazily */
    int li = lua_gettop(L);
    lua_pushcfunction(L, pick_lazy);
    lua_pushvalue(L, li);
    lua_pushlightuserdata(L, &e->bot_rng);
    if (call_script(L, e, 2, 2) != LUA_OK) return 0;
    if (lua_isnil(L, -2)) {
      push_bad_request(L, e, "the enumerator found no legal answer");
      return 0;
    }
    if (lua_type(L, -1) != LUA_TSTRING) {
      push_bad_request(L, e, "legal answer %d is not a text", (int)lua_tointeger(L, -2));
      return 0;
    }
    /* checked by the validator like anyone's answer */
    *index = -3;
    lua_replace(L, li);
    lua_settop(L, li);
    return 1;
  }
  if (!make_plain(L, e)) return 0;
  int li = lua_gettop(L);
  lua_Integer n = (lua_Integer)lua_rawlen(L, li);
  if (n == 0) {
    push_bad_request(L, e, "the enumerator found no legal answer");
    return 0;
  }
  if (lua_type(L, bi) == LUA_TSTRING) {  /* the random bot */
    *index = 1 + (lua_Integer)cl_rng_below(&e->bot_rng, (uint32_t)n);
    lua_rawgeti(L, li, *index);
    if (lua_type(L, -1) != LUA_TSTRING) {
      push_bad_request(L, e, "legal answer %d is not a text", (int)*index);
      return 0;
    }
    /* a typed answer from the enumerator is checked (and made canonical)
    ** by the validator, like anyone's */
    if (lua_type(e->co, 4) != LUA_TTABLE) *index = -3;
    lua_remove(L, li);
    return 1;
  }
  lua_pushvalue(L, bi);
  for (int i = 1; i <= 3; i++) lua_pushvalue(e->co, i);
  lua_xmove(e->co, L, 3);
  lua_pushvalue(L, li);
  if (call_script(L, e, 4, 1) != LUA_OK) return 0;
  if (lua_type(L, -1) != LUA_TSTRING) {
    lua_pushfstring(L, "bot gave %s instead of an answer text", luaL_typename(L, -1));
    return 0;
  }
  lua_remove(L, li);
  *index = -3;  /* to be checked like a human's */
  return 1;
}

/* e:run(bots [, max]) lets bots answer until a seat without a bot must decide,
** the game ends, max answers were given, or Ctrl-C. bots[seat] is "random", a
** function (seat, kind, prompt, legal) -> answer, or nil for a human seat.
** Gives the status, the number of answers given, and true if interrupted. */
static int w_Engine_run(lua_State *L) {
  Engine *e = checkengine(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer max = luaL_optinteger(L, 3, LUA_MAXINTEGER);
  lua_settop(L, 3);
  for (int seat = 1; seat <= e->nseats; seat++) {
    int t = lua_rawgeti(L, 2, seat);
    if (t == LUA_TSTRING && strcmp(lua_tostring(L, -1), "random") != 0)
      return luaL_error(L, "run: unknown bot '%s' for seat %d", lua_tostring(L, -1), seat);
    if (t != LUA_TSTRING && t != LUA_TFUNCTION && t != LUA_TNIL && t != LUA_TBOOLEAN)
      return luaL_error(L, "run: the bot for seat %d must be \"random\", a function or nil", seat);
    lua_pop(L, 1);
  }
  lua_State *co = e->co;
  lua_Integer made = 0;
  int interrupted = 0;
  while (e->status == ST_WAITING && made < max) {
    if (interrupt_requested) {
      interrupt_requested = 0;
      interrupted = 1;
      break;
    }
    int seat = (int)lua_tointeger(co, 1);
    int t = lua_rawgeti(L, 2, seat);  /* index 4: the bot */
    if (t == LUA_TNIL || t == LUA_TBOOLEAN) {
      lua_pop(L, 1);
      break;
    }
    if (t == LUA_TSTRING && lua_type(co, 4) == LUA_TTABLE) {
      /* the random bot on a list, the hot path of every playout: the answer
      ** goes from the list to the log and back into the script without
      ** leaving the coroutine's stack */
      lua_Unsigned n = lua_rawlen(co, 4);
      lua_Integer k = 1 + (lua_Integer)cl_rng_below(&e->bot_rng, (uint32_t)n);
      size_t len;
      const char *text;
      if (lua_rawgeti(co, 4, k) != LUA_TSTRING || (text = lua_tolstring(co, -1, &len)) == NULL) {
        push_bad_request(L, e, "legal answer %d is not a text", (int)k);
        fail(L, e, 1);
        break;
      }
      if (cl_log_append(e->log, seat, text, len) < 0) return luaL_error(L, "not enough memory");
      lua_replace(co, 1);
      lua_settop(co, 1);
      lua_pushinteger(co, k);
      made++;
      resume(L, e, 1, 2);
      lua_settop(L, 3);
      continue;
    }
    lua_Integer index = 0;
    if (!bot_answer(L, e, 4, &index)) {
      lua_pushfstring(L, "bot for seat %d: %s", seat, error_text(L, e));
      fail(L, e, 1);
      break;
    }
    if (index == -3) {
      index = check_answer(L, e, 1, 5);
      if (index == -1) {
        lua_pushfstring(L, "bot for seat %d gave an illegal answer: %s", seat,
                        lua_tostring(L, -1));
        fail(L, e, 1);
        break;
      }
      if (index == -2) break;
    }
    made++;
    commit(L, e, 1, index);
    lua_settop(L, 3);
  }
  lua_pushstring(L, status_names[e->status]);
  lua_pushinteger(L, made);
  lua_pushboolean(L, interrupted);
  return 3;
}

/* e:result() gives what the game body returned (when over) or the error
** message with its traceback (when in error). */
static int w_Engine_result(lua_State *L) {
  checkengine(L, 1);
  lua_getiuservalue(L, 1, 2);
  return 1;
}

/* e:log() gives the answers so far as a list of {seat, text}. */
static int w_Engine_log(lua_State *L) {
  Engine *e = checkengine(L, 1);
  int n = cl_log_count(e->log);
  lua_createtable(L, n, 0);
  for (int i = 1; i <= n; i++) {
    int seat;
    size_t len;
    const char *text = cl_log_get(e->log, i, &seat, &len);
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, seat);
    lua_rawseti(L, -2, 1);
    lua_pushlstring(L, text, len);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, i);
  }
  return 1;
}

/* e:count() gives the number of answers given so far. */
static int w_Engine_count(lua_State *L) {
  lua_pushinteger(L, cl_log_count(checkengine(L, 1)->log));
  return 1;
}

static int w_Engine_tostring(lua_State *L) {
  Engine *e = checkclass(L, 1, C_ENGINE);
  if (e->log == NULL) lua_pushstring(L, ENGINE_T " (released)");
  else lua_pushfstring(L, ENGINE_T " (%s, %d answers)", status_names[e->status],
                       cl_log_count(e->log));
  return 1;
}

static const luaL_Reg engine_methods[] = {
  {"start", w_Engine_start}, {"check_lists", w_Engine_check_lists}, {"status", w_Engine_status}, {"request", w_Engine_request},
  {"legal", w_Engine_legal}, {"answer", w_Engine_answer}, {"run", w_Engine_run},
  {"result", w_Engine_result}, {"log", w_Engine_log}, {"count", w_Engine_count},
  {NULL, NULL}
};

static const luaL_Reg engine_meta[] = {
  {"__index", NULL}, {"__gc", w_Engine_gc}, {"__tostring", w_Engine_tostring},
  {NULL, NULL}
};


/* ---------------------------------------------------------------- cl.Dict */

/* A dictionary box owns the core dictionary. */
typedef struct DictBox {
  cl_Dict *d;
  char *scratch;       /* what d:find collects, before it knows the size */
  size_t scratch_cap;
} DictBox;

/* A dictionary not yet released. */
static DictBox *checkdictbox(lua_State *L, int i) {
  DictBox *db = checkclass(L, i, C_DICT);
  if (db->d == NULL) luaL_error(L, RELEASED);
  return db;
}

static cl_Dict *checkdict(lua_State *L, int i) {
  return checkdictbox(L, i)->d;
}

static void pushstats(lua_State *L, const cl_DictStats *st) {
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, st->lines);
  lua_setfield(L, -2, "lines");
  lua_pushinteger(L, st->words);
  lua_setfield(L, -2, "words");
  lua_pushinteger(L, st->skipped);
  lua_setfield(L, -2, "skipped");
  lua_createtable(L, 8, 0);
  for (int i = 0; i < 8 && i < st->skipped; i++) {
    lua_pushinteger(L, st->first_skipped[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "first_skipped");
  lua_pushinteger(L, st->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushinteger(L, (lua_Integer)st->bytes);
  lua_setfield(L, -2, "bytes");
}

/* A dictionary's memory is C memory, a megabyte or more behind a userdata of
** a few bytes: the collector would not hurry to free dictionaries nobody
** holds any more. Each new one advances it by the size it holds. */
static void account(lua_State *L, const cl_Dict *d) {
  cl_DictStats st;
  cl_dict_stats(d, &st);
  lua_gc(L, LUA_GCSTEP, (int)(st.bytes / 1024));
}

static DictBox *newdictbox(lua_State *L) {
  DictBox *db = lua_newuserdatauv(L, sizeof(DictBox), 0);
  db->d = NULL;
  db->scratch = NULL;
  db->scratch_cap = 0;
  luaL_setmetatable(L, DICT_T);
  return db;
}

/* vm.dict(text) builds a dictionary from word-list text; gives it and the
** stats, or nil and the stats when no word was found. */
static int l_dict_build(lua_State *L) {
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  DictBox *db = newdictbox(L);
  cl_DictStats st;
  db->d = cl_dict_build(text, len, &st);
  if (db->d == NULL) {
    if (st.too_large)
      return luaL_error(L, "the word list is too large: its dictionary would need more than %d "
                        "edges", CL_DICT_MAX_EDGES);
    if (st.words > 0) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
  } else {
    account(L, db->d);
  }
  pushstats(L, &st);
  return 2;
}

/* vm.dict_image(bytes) makes a dictionary from an image made by d:image();
** gives nil if the bytes are not a valid image. */
static int l_dict_image(lua_State *L) {
  size_t len;
  const char *bytes = luaL_checklstring(L, 1, &len);
  DictBox *db = newdictbox(L);
  db->d = cl_dict_from_image(bytes, len);
  if (db->d == NULL) lua_pushnil(L);
  else account(L, db->d);
  return 1;
}

static int w_Dict_image(lua_State *L) {
  const void *data;
  size_t len = cl_dict_image(checkdict(L, 1), &data);
  lua_pushlstring(L, data, len);
  return 1;
}

static int w_Dict_stats(lua_State *L) {
  cl_DictStats st;
  cl_dict_stats(checkdict(L, 1), &st);
  pushstats(L, &st);
  return 1;
}

static int w_Dict_contains(lua_State *L) {
  cl_Dict *d = checkdict(L, 1);
  size_t len;
  const char *w = luaL_checklstring(L, 2, &len);
  lua_pushboolean(L, cl_dict_contains(d, w, len));
  return 1;
}

/* d:check(list) counts the words of a list that are in the dictionary: a
** batch of lookups in one call. The strings are fetched a chunk at a time and
** handed to cl_dict_contains_many, whose lookups overlap their memory waits;
** they stay on the stack until the chunk is done (one settop, not a pop each). */
static int w_Dict_check(lua_State *L) {
  enum { CHUNK = 256 };
  cl_Dict *d = checkdict(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer n = (lua_Integer)lua_rawlen(L, 2), found = 0;
  const char *word[CHUNK];
  size_t len[CHUNK];
  luaL_checkstack(L, CHUNK, "no room for a chunk of words");
  int top = lua_gettop(L);
  for (lua_Integer first = 1; first <= n; first += CHUNK) {
    int k = 0;
    for (lua_Integer i = first; i <= n && k < CHUNK; i++, k++) {
      /* only strings: anything else is not a word (a number converted
      ** here would not be kept) */
      word[k] = lua_rawgeti(L, 2, i) == LUA_TSTRING ? lua_tolstring(L, -1, &len[k]) : NULL;
    }
    found += (lua_Integer)cl_dict_contains_many(d, word, len, (size_t)k, NULL);
    lua_settop(L, top);
  }
  lua_pushinteger(L, found);
  return 1;
}

/* The query's fields, for the error that names an unknown one. */
#define QUERY_FIELDS "hand, pool, min, max, min_cards, need_hand, double or append_s"

/* A query's letters, the value on top of the stack: a text of letters, or a
** list of 26 counts (A first), as zone:tally gives them. An error names a
** character that is not a letter. */
static void query_letters(lua_State *L, const char *key, unsigned char *counts) {
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (int c = 0; c < 26; c++) {
      int isint;
      lua_Integer n = (lua_rawgeti(L, -1, c + 1), lua_tointegerx(L, -1, &isint));
      if (!isint || n < 0)
        luaL_error(L, "query: '%s'[%d] must be a count of the letter %c (a whole number >= 0)", key,
                   c + 1, 'A' + c);
      counts[c] = n > 255 ? 255 : (unsigned char)n;
      lua_pop(L, 1);
    }
    return;
  }
  size_t len;
  const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
  if (s == NULL)
    luaL_error(L, "query: '%s' must be a text of letters or a list of 26 counts (got %s)", key,
               luaL_typename(L, -1));
  for (size_t i = 0; i < len; i++) {
    unsigned c = (unsigned)((unsigned char)s[i] & ~0x20u) - 'A';
    if (c > 25) luaL_error(L, "query: '%s' holds '%c', which is not a letter A-Z", key, s[i]);
    if (counts[c] < 255) counts[c]++;
  }
}

/* A whole number from lo to hi, the value on top of the stack. */
static int query_int(lua_State *L, const char *key, int lo, int hi) {
  lua_Integer v = lua_tointeger(L, -1);
  if (!lua_isinteger(L, -1) || v < lo || v > hi)
    luaL_error(L, "query: '%s' must be a whole number from %d to %d", key, lo, hi);
  return (int)v;
}

/* Whether the key of length len is the field name `name` (a literal). */
#define IS_FIELD(key, len, name) \
  ((len) == sizeof(name) - 1 && memcmp(key, name, sizeof(name) - 1) == 0)

/* Reads a query table: {hand = "LETTERS", pool = "LETTERS", min = 3, max = 12,
** min_cards = 0, need_hand = (true when a hand is given), double = false,
** append_s = false}. It goes through the fields the table has (a few, where
** asking for each of the eight by name costs more than the rack search it
** starts), and so it can name one that is misspelt. */
static void checkquery(lua_State *L, int qi, cl_DictQuery *q) {
  luaL_checktype(L, qi, LUA_TTABLE);
  memset(q, 0, sizeof *q);
  q->min_len = 1;
  q->max_len = CL_DICT_MAX_WORD;
  int need_hand = -1;  /* not given */
  lua_pushnil(L);
  while (lua_next(L, qi) != 0) {
    size_t len;
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
    if (key == NULL)
      luaL_error(L, "query: a field named by a %s; expected " QUERY_FIELDS, luaL_typename(L, -2));
    if (IS_FIELD(key, len, "pool")) query_letters(L, "pool", q->pool);
    else if (IS_FIELD(key, len, "hand")) query_letters(L, "hand", q->hand);
    else if (IS_FIELD(key, len, "min")) q->min_len = query_int(L, "min", 1, CL_DICT_MAX_WORD);
    else if (IS_FIELD(key, len, "max")) q->max_len = query_int(L, "max", 1, CL_DICT_MAX_WORD);
    else if (IS_FIELD(key, len, "min_cards"))
      q->min_cards = query_int(L, "min_cards", 0, CL_DICT_MAX_WORD);
    else if (IS_FIELD(key, len, "need_hand")) need_hand = lua_toboolean(L, -1);
    else if (IS_FIELD(key, len, "double")) q->double_letter = lua_toboolean(L, -1);
    else if (IS_FIELD(key, len, "append_s")) q->append_s = lua_toboolean(L, -1);
    else luaL_error(L, "query: unknown field '%s'; expected " QUERY_FIELDS, key);
    lua_pop(L, 1);
  }
  if (need_hand < 0) {
    need_hand = 0;
    for (int c = 0; c < 26; c++) need_hand |= q->hand[c] != 0;
  }
  q->need_hand = need_hand;
}

/* d:count(query) counts the ways to form a word, building no strings. */
static int w_Dict_count(lua_State *L) {
  cl_Dict *d = checkdict(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  long n = cl_dict_search(d, &q, NULL, NULL);
  if (n < 0) return luaL_error(L, "not enough memory");
  lua_pushinteger(L, n);
  return 1;
}

/* ---------------------------------------------------------------- cl.Found */

/* The words a search found, without a Lua string for any of them until one
** is asked for: a lazy list for the enumerators of word games, where a random
** bot takes one word of hundreds. One userdata: the entries, then the
** letters. */
typedef struct FoundEntry {
  uint32_t at;      /* offset of the word's letters after the entries */
  uint8_t len, how;
  int8_t doubled;   /* the letter used twice (0 = A), or -1 */
  uint8_t pad;
} FoundEntry;

typedef struct Found {
  lua_Integer n;
  FoundEntry entry[];
} Found;

#define found_letters(f) ((const char *)((f)->entry + (f)->n))

typedef struct Gather {
  DictBox *db;
  size_t used;      /* bytes of scratch used: entries and letters interleaved */
  lua_Integer n;
  int failed;       /* out of memory */
} Gather;

/* Appends one found word to the dictionary's scratch: its entry, then its
** letters. */
static int gather(const char *word, int len, int how, int doubled, void *ud) {
  Gather *g = ud;
  DictBox *db = g->db;
  size_t need = g->used + sizeof(FoundEntry) + (size_t)len;
  if (need > db->scratch_cap) {
    size_t cap = db->scratch_cap ? db->scratch_cap * 2 : 4096;
    while (cap < need) cap *= 2;
    char *p = realloc(db->scratch, cap);
    if (p == NULL) {
      g->failed = 1;
      return 1;
    }
    db->scratch = p;
    db->scratch_cap = cap;
  }
  FoundEntry e = {0, (uint8_t)len, (uint8_t)how, (int8_t)(how & CL_DICT_DOUBLED ? doubled : -1), 0};
  memcpy(db->scratch + g->used, &e, sizeof e);
  memcpy(db->scratch + g->used + sizeof e, word, (size_t)len);
  g->used = need;
  g->n++;
  return 0;
}

/* Searches under the query and pushes what it found as a cl.Found. No Lua
** runs during the search, so no error can leave it half done. */
static Found *push_found(lua_State *L, DictBox *db, const cl_DictQuery *q) {
  Gather g = {db, 0, 0, 0};
  if (cl_dict_search(db->d, q, gather, &g) < 0 || g.failed) luaL_error(L, "not enough memory");
  Found *f = lua_newuserdatauv(L, sizeof(Found) + g.used, 0);
  f->n = g.n;
  char *letters = (char *)(f->entry + g.n);
  size_t from = 0, at = 0;
  for (lua_Integer i = 0; i < g.n; i++) {
    FoundEntry e;
    memcpy(&e, db->scratch + from, sizeof e);
    e.at = (uint32_t)at;
    f->entry[i] = e;
    memcpy(letters + at, db->scratch + from + sizeof e, e.len);
    at += e.len;
    from += sizeof e + e.len;
  }
  luaL_setmetatable(L, FOUND_T);
  return f;
}

/* d:find(query) finds every way to form a word, as d:each does, and gives
** them as a list: #found, found[i] (the word), found:how(i). */
static int w_Dict_find(lua_State *L) {
  DictBox *db = checkdictbox(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  push_found(L, db, &q);
  return 1;
}

/* d:words(query) lists every word found, once each: shortest first,
** alphabetically within a length. With the abilities a word may be found in
** two ways (its final S added by Z, or the S card used twice by X); in that
** order the two are side by side, and the second is left out. */
static int w_Dict_words(lua_State *L) {
  DictBox *db = checkdictbox(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  Found *f = push_found(L, db, &q);
  const char *letters = found_letters(f);
  lua_createtable(L, f->n < INT_MAX ? (int)f->n : 0, 0);
  lua_Integer listed = 0;
  for (lua_Integer i = 0; i < f->n; i++) {
    const FoundEntry *e = &f->entry[i], *before = e - 1;
    if (i > 0 && before->len == e->len && memcmp(letters + before->at, letters + e->at, e->len) == 0)
      continue;
    lua_pushlstring(L, letters + e->at, e->len);
    lua_rawseti(L, -2, ++listed);
  }
  return 1;
}

/* d:each(query, fn) calls fn(word, {appended_s=, doubled=}) for each way to
** form a word, in d:words's order, until fn returns true; gives the number of
** calls. */
static int w_Dict_each(lua_State *L) {
  DictBox *db = checkdictbox(L, 1);
  cl_DictQuery q;
  checkquery(L, 2, &q);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  lua_settop(L, 3);
  Found *f = push_found(L, db, &q);  /* kept at 4 while fn runs */
  const char *letters = found_letters(f);
  lua_Integer calls = 0;
  while (calls < f->n) {
    const FoundEntry *e = &f->entry[calls++];
    lua_pushvalue(L, 3);
    lua_pushlstring(L, letters + e->at, e->len);
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, (e->how & CL_DICT_APPENDED) != 0);
    lua_setfield(L, -2, "appended_s");
    if (e->doubled >= 0) {
      char letter = (char)('A' + e->doubled);
      lua_pushlstring(L, &letter, 1);
      lua_setfield(L, -2, "doubled");
    }
    lua_call(L, 2, 1);
    int stop = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (stop) break;
  }
  lua_pushinteger(L, calls);
  return 1;
}

static int w_Dict_gc(lua_State *L) {
  DictBox *db = checkclass(L, 1, C_DICT);
  cl_dict_free(db->d);
  db->d = NULL;
  free(db->scratch);
  db->scratch = NULL;
  db->scratch_cap = 0;
  return 0;
}

static int w_Dict_tostring(lua_State *L) {
  DictBox *db = checkclass(L, 1, C_DICT);
  if (db->d == NULL) {
    lua_pushstring(L, DICT_T " (released)");
  } else {
    cl_DictStats st;
    cl_dict_stats(db->d, &st);
    lua_pushfstring(L, DICT_T " (%d words)", (int)st.words);
  }
  return 1;
}

#define checkfound(L, i) ((Found *)checkclass(L, i, C_FOUND))

/* The entry of found[i], or NULL if i is not an index of the list. */
static const FoundEntry *found_entry(lua_State *L, Found *f, int i) {
  lua_Integer k = luaL_checkinteger(L, i);
  return k >= 1 && k <= f->n ? &f->entry[k - 1] : NULL;
}

static int w_Found_len(lua_State *L) {
  lua_pushinteger(L, checkfound(L, 1)->n);
  return 1;
}

/* found[i] gives the i-th word (nil for any other key, as a list's would);
** found.how and the other methods are looked up by name. */
static int w_Found_index(lua_State *L) {
  Found *f = checkfound(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    luaL_getmetafield(L, 1, "methods");
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
  }
  /* as a table would: any key but an index gives nil (found[1.5] too) */
  int is_integer;
  lua_Integer k = lua_tointegerx(L, 2, &is_integer);
  if (!is_integer || k < 1 || k > f->n) return 0;
  const FoundEntry *e = &f->entry[k - 1];
  lua_pushlstring(L, found_letters(f) + e->at, e->len);
  return 1;
}

/* found:how(i) gives whether the word's final S was appended (the Z patent),
** and the letter used twice (the X patent) or nil. */
static int w_Found_how(lua_State *L) {
  Found *f = checkfound(L, 1);
  const FoundEntry *e = found_entry(L, f, 2);
  if (e == NULL) return luaL_argerror(L, 2, "not an index of the list");
  lua_pushboolean(L, (e->how & CL_DICT_APPENDED) != 0);
  if (e->doubled < 0) return 1;
  char letter = (char)('A' + e->doubled);
  lua_pushlstring(L, &letter, 1);
  return 2;
}

static int w_Found_tostring(lua_State *L) {
  lua_pushfstring(L, FOUND_T " (%d words)", (int)checkfound(L, 1)->n);
  return 1;
}

static const luaL_Reg found_methods[] = {{"how", w_Found_how}, {NULL, NULL}};

static const luaL_Reg found_meta[] = {
  {"__len", w_Found_len}, {"__index", w_Found_index}, {"__tostring", w_Found_tostring},
  {NULL, NULL}
};

static const luaL_Reg dict_methods[] = {
  {"contains", w_Dict_contains}, {"check", w_Dict_check}, {"count", w_Dict_count},
  {"words", w_Dict_words}, {"each", w_Dict_each}, {"find", w_Dict_find}, {"stats", w_Dict_stats},
  {"image", w_Dict_image}, {"release", w_Dict_gc}, {NULL, NULL}
};

static const luaL_Reg dict_meta[] = {
  {"__index", NULL}, {"__gc", w_Dict_gc}, {"__close", w_Dict_gc},
  {"__tostring", w_Dict_tostring}, {NULL, NULL}
};


/* ---------------------------------------------------------------- module */

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

/* Sets the functions of l into the table on top, each with the metatables of
** all classes as upvalues (see checkclass). */
static void setclassfuncs(lua_State *L, const luaL_Reg *l) {
  for (int c = 1; c <= NCLASSES; c++) luaL_getmetatable(L, class_names[c]);
  luaL_setfuncs(L, l, NCLASSES);
}

/* Fills a class's metatable: the metamethods and an __index table of
** methods. */
static void fillclass(lua_State *L, int class, const luaL_Reg *meta, const luaL_Reg *methods) {
  luaL_getmetatable(L, class_names[class]);
  setclassfuncs(L, meta);
  lua_newtable(L);  /* the methods, in place of the __index placeholder */
  setclassfuncs(L, methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}

static const luaL_Reg module_functions[] = {
  {"rng", l_rng_new}, {"table", l_table_new}, {"seats", l_seats_new},
  {"engine", l_engine_new}, {"hash", l_hash}, {"doomed", l_doomed}, {"guard", l_guard},
  {"dict", l_dict_build}, {"dict_image", l_dict_image}, {"shown", l_shown},
  {"printable", l_printable}, {NULL, NULL}
};

int luaopen_cardlab_vm(lua_State *L) {
  for (int c = 1; c <= NCLASSES; c++) {
    luaL_newmetatable(L, class_names[c]);
    lua_pop(L, 1);
  }
  fillclass(L, C_RNG, rng_meta, rng_methods);
  fillclass(L, C_TABLE, table_meta, table_methods);
  fillclass(L, C_ZONE, zone_meta, zone_methods);
  fillclass(L, C_SEATS, seats_meta, seats_methods);
  fillclass(L, C_ENGINE, engine_meta, engine_methods);
  fillclass(L, C_DICT, dict_meta, dict_methods);
  /* a found list indexes words by number, so its methods are a field the
  ** __index function looks in */
  luaL_getmetatable(L, FOUND_T);
  setclassfuncs(L, found_meta);
  lua_newtable(L);
  setclassfuncs(L, found_methods);
  lua_setfield(L, -2, "methods");
  lua_pop(L, 1);
  luaL_newlibtable(L, module_functions);
  setclassfuncs(L, module_functions);
  lua_pushliteral(L, CL_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushinteger(L, CL_MAX_SEATS);
  lua_setfield(L, -2, "max_seats");
  return 1;
}
