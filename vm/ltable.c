/*
** ltable.c: cl.Table and cl.Zone, the cards and zones of one game: making
** zones, moving, shuffling, dealing and drawing cards, faces and peeks, and
** each seat's view of a zone (what the engine lets a seat see).
*/
#include <stdlib.h>
#include <string.h>

#include "lbinding.h"

/* A table box owns the core table and a scratch buffer with room for every
** card. Its uservalue 1 is an array of zone userdata by zone id + 1, so each
** zone has exactly one Lua value; 2 the cards' data (t:card_data), 3 the
** columns z:select made of it, by field name (shared by the tables given
** the same data), 4 the tally z:select adds to (t:tally_select). */
enum { MAX_COLUMNS = 8 };

typedef struct Column Column;

typedef struct TableBox {
  cl_Table *t;
  int32_t *scratch;
  int kept;            /* t:keep(): a game's table, freed only by the collector */
  struct Tally *tally; /* t:tally_select (uservalue 4 keeps it), or NULL */
  /* the columns z:select made first (all are in uservalue 3), found by the
  ** address of their field's name */
  int ncolumns;
  Column *columns[MAX_COLUMNS];
} TableBox;

/* A zone box points at its table box, which its uservalue keeps alive. */
/* cl.Tally: calls of rule pieces that one call of something faster stood
** for (game:call_tally), which z:select adds to in C. */
typedef struct Tally {
  lua_Integer calls;
} Tally;

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
  TableBox *tb = lua_newuserdatauv(L, sizeof(TableBox), 4);
  tb->t = NULL;
  tb->scratch = NULL;
  tb->kept = 0;
  tb->tally = NULL;
  tb->ncolumns = 0;
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

static int w_Table_gc(lua_State *L) {
  TableBox *tb = checkclass(L, 1, C_TABLE);
  cl_table_free(tb->t);
  free(tb->scratch);
  tb->t = NULL;
  tb->scratch = NULL;
  return 0;
}

/* t:keep() makes t:release() and a to-be-closed t an error: the table of a
** match is the host's as much as the script's (views, saves). */
static int w_Table_keep(lua_State *L) {
  ((TableBox *)checkclass(L, 1, C_TABLE))->kept = 1;
  return 0;
}

static int w_Table_release(lua_State *L) {
  TableBox *tb = checkclass(L, 1, C_TABLE);
  if (tb->kept) return luaL_error(L, "release: the game's table is the engine's; it is freed with the game");
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

/* Read-only views. A view kept from one decision to the next (a bot's) is
** given as a proxy: an empty table whose metatable reads through to the view
** (__index is the view itself, so a read takes Lua's own fast path) and
** refuses writes, as stdlib's cardlab.readonly makes them in Lua; made here,
** a zone's costs a fifth as much. */
static int readonly_refuse(lua_State *L) {
  return luaL_error(L, "a view is read-only: cannot set '%s'", luaL_tolstring(L, 2, NULL));
}

static int readonly_len(lua_State *L) {
  lua_getmetatable(L, 1);  /* the real one: the C API ignores __metatable */
  lua_getfield(L, -1, "__index");
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

static int readonly_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

static int readonly_pairs(lua_State *L) {
  lua_pushcfunction(L, readonly_next);
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
  lua_pushnil(L);
  return 3;
}

/* Replaces the table on top with its read-only proxy. */
static void make_readonly(lua_State *L) {
  lua_createtable(L, 0, 0);  /* the proxy */
  lua_createtable(L, 0, 5);  /* its metatable */
  lua_rotate(L, -3, -1);     /* proxy, metatable, view */
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, readonly_refuse);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, readonly_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, readonly_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushliteral(L, "read-only");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

/* Brings the read-only view at index ki, made by t:view(seat, name,
** "read-only") for zone z and the same seat, up to date in place, its list of
** cards too (no table is made unless the zone had no list before), and
** pushes it. Anything else is an error naming argument arg. */
static void refresh_readonly(lua_State *L, TableBox *tb, int z, int seat, int ki, int arg) {
  if (!lua_getmetatable(L, ki) || lua_getfield(L, -1, "__newindex") != LUA_TFUNCTION ||
      lua_tocfunction(L, -1) != readonly_refuse || lua_getfield(L, -2, "__index") != LUA_TTABLE ||
      lua_getfield(L, -1, "name") != LUA_TSTRING ||
      strcmp(lua_tostring(L, -1), cl_zone_name(tb->t, z)) != 0)
    luaL_argerror(L, arg, lua_pushfstring(L, "a read-only view of zone '%s' expected",
                                        cl_zone_name(tb->t, z)));
  lua_pop(L, 1);
  int vi = lua_gettop(L);  /* the view's own table */
  int n = cl_zone_view(tb->t, z, seat, tb->scratch);
  int seen = 0;
  for (int i = 0; i < n; i++) seen |= tb->scratch[i] != 0;
  if (n >= 0) lua_pushinteger(L, n);
  else lua_pushnil(L);
  lua_setfield(L, vi, "count");
  if (!seen) {
    lua_pushnil(L);
    lua_setfield(L, vi, "cards");
  } else if (lua_getfield(L, vi, "cards") == LUA_TTABLE) {
    lua_getmetatable(L, -1);
    lua_getfield(L, -1, "__index");  /* the list's own table */
    lua_Integer old = (lua_Integer)lua_rawlen(L, -1);
    for (int i = 0; i < n; i++) {
      lua_pushinteger(L, tb->scratch[i]);
      lua_rawseti(L, -2, i + 1);
    }
    for (lua_Integer i = old; i > n; i--) {
      lua_pushnil(L);
      lua_rawseti(L, -2, i);
    }
    lua_pop(L, 3);
  } else {
    lua_pop(L, 1);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
      lua_pushinteger(L, tb->scratch[i]);
      lua_rawseti(L, -2, i + 1);
    }
    make_readonly(L);
    lua_setfield(L, vi, "cards");
  }
  lua_settop(L, vi - 3);  /* the metatable, __newindex, the view's table */
  lua_pushvalue(L, ki);
}

/* t:refresh_views(seat, views, versions) brings up to date, in place, each
** read-only view of views (zone number -> a view t:view(seat, name,
** "read-only") made, the number as t:version gives it) whose zone has
** changed since versions[number], its version then, which it sets anew: one
** call at each decision of a bot, for every zone it has read so far, where
** a call per zone read cost a greedy Online game a sixth of its
** instructions. */
static int w_Table_refresh_views(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  TableBox *tb = lua_touserdata(L, 1);
  int seat = checkseat(L, 2, 1);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TTABLE);
  lua_settop(L, 4);
  int nzones = cl_table_nzones(t);
  lua_pushnil(L);
  while (lua_next(L, 3)) {  /* number, view */
    int isnum;
    lua_Integer z = lua_tointegerx(L, -2, &isnum);
    if (!isnum || lua_type(L, -2) != LUA_TNUMBER || z < 1 || z >= nzones)
      return luaL_error(L, "refresh_views: %s is no zone number of the table", luaL_tolstring(L, -2, NULL));
    lua_Integer version = (lua_Integer)cl_zone_version(t, (int)z);
    lua_Integer was = (lua_rawgeti(L, 4, z), lua_tointegerx(L, -1, &isnum));
    lua_pop(L, 1);
    if (!isnum || was != version) {
      refresh_readonly(L, tb, (int)z, seat, lua_gettop(L), 3);
      lua_pop(L, 1);
      lua_pushinteger(L, version);
      lua_rawseti(L, 4, z);
    }
    lua_pop(L, 1);
  }
  return 0;
}

/* t:version(name) gives the zone's version (cl_zone_version), which changes
** whenever what a seat could see of it changes: a view made at the same
** version may be reused; and the zone's number (its place in t:zones(), the
** box 0). nil if no zone but the box has the name. */
static int w_Table_version(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  size_t len;
  const char *name = luaL_checklstring(L, 2, &len);
  int z = strlen(name) == len ? cl_zone_find(t, name) : CL_ENOZONE;
  if (z <= 0) return 0;
  lua_pushinteger(L, (lua_Integer)cl_zone_version(t, z));
  lua_pushinteger(L, z);
  return 2;
}

/* t:view(seat) gives every zone but the box as that seat sees it, keyed by
** name; seat 0 sees everything. t:view(seat, name [, "read-only"]) gives that
** one zone's view (as a read-only proxy, its list of cards too, if asked), or
** nil if no zone but the box has the name: what a bot reads of a view costs
** only the zones it reads. t:view(seat, name, kept), kept a read-only view
** of that zone made for that seat, brings kept up to date and gives it. */
static int w_Table_view(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  TableBox *tb = lua_touserdata(L, 1);
  int seat = checkseat(L, 2, 1);
  if (!lua_isnoneornil(L, 3)) {
    /* slot 4 is the third argument, nil when none is given: the view is
    ** pushed above it, not read as one */
    lua_settop(L, 4);
    size_t len;
    const char *name = luaL_checklstring(L, 3, &len);
    int z = strlen(name) == len ? cl_zone_find(t, name) : CL_ENOZONE;
    if (z <= 0) return 0;
    if (lua_type(L, 4) == LUA_TTABLE) {
      refresh_readonly(L, tb, z, seat, 4, 4);
      return 1;
    }
    pushview(L, tb, z, seat);
    if (!lua_isnil(L, 4)) {
      luaL_checkoption(L, 4, NULL, (const char *const[]){"read-only", NULL});
      if (lua_getfield(L, -1, "cards") == LUA_TTABLE) {
        make_readonly(L);
        lua_setfield(L, -2, "cards");
      } else {
        lua_pop(L, 1);
      }
      make_readonly(L);
    }
    return 1;
  }
  int n = cl_table_nzones(t);
  lua_createtable(L, 0, n);
  for (int z = 1; z < n; z++) {
    pushview(L, tb, z, seat);
    lua_setfield(L, -2, cl_zone_name(t, z));
  }
  return 1;
}

/* t:known(card, seat) tells whether the seat knows which zone the card is
** in, seen or not (cl_card_known). */
static int w_Table_known(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int card = checkcard(L, t, 2);
  int seat = checkseat(L, 3, 1);
  lua_pushboolean(L, cl_card_visible(t, card, seat) || cl_card_known(t, card, seat));
  return 1;
}

/* The cards each zone may not hold, for a deal: per zone id, NULL or a byte
** per card (1: refused). */
typedef struct Refusals {
  unsigned char **by_zone;
} Refusals;

static int refused_allows(void *ud, int card, int zone) {
  unsigned char *no = ((Refusals *)ud)->by_zone[zone];
  return no == NULL || !no[card];
}

/* Reads the sets of refused cards at index i (zone name -> {[card] = true})
** into ref, keeping their bytes alive in the table at index anchor. */
static void read_refused(lua_State *L, cl_Table *t, int i, int anchor, Refusals *ref) {
  int nz = cl_table_nzones(t), nc = cl_table_ncards(t), nsets = 0;
  ref->by_zone = lua_newuserdatauv(L, (size_t)nz * sizeof *ref->by_zone, 0);
  memset(ref->by_zone, 0, (size_t)nz * sizeof *ref->by_zone);
  lua_rawseti(L, anchor, ++nsets);
  lua_pushnil(L);
  while (lua_next(L, i) != 0) {
    if (lua_type(L, -2) != LUA_TSTRING)
      luaL_error(L, "determinize: the refused cards are keyed by zone name (got a %s)",
                 luaL_typename(L, -2));
    const char *name = lua_tostring(L, -2);
    int z = cl_zone_find(t, name);
    if (z < 0) luaL_error(L, "determinize: no zone named '%s'", name);
    if (!lua_istable(L, -1))
      luaL_error(L, "determinize: the cards zone '%s' cannot hold must be a set of card ids "
                 "(got a %s)", name, luaL_typename(L, -1));
    unsigned char *no = lua_newuserdatauv(L, (size_t)nc + 1, 0);
    memset(no, 0, (size_t)nc + 1);
    ref->by_zone[z] = no;
    lua_rawseti(L, anchor, ++nsets);
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      int isnum;
      lua_Integer c = lua_tointegerx(L, -2, &isnum);
      if (!isnum || c < 1 || c > nc)
        luaL_error(L, "determinize: zone '%s': %s is not a card id (1..%d)", name,
                   luaL_tolstring(L, -2, NULL), nc);
      if (lua_toboolean(L, -1)) no[c] = 1;
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

/* t:determinize(seat, rng [, {refused =, backs =}]) re-deals what the seat
** cannot see (cl_table_determinize) with the generator. refused maps zone
** names to sets of the cards that zone cannot hold ({["hand[2]"] = {[7] =
** true}}); backs gives each card's back as an integer 0..ncards (a list by
** card id; absent: all alike). Gives the number of cards left where refused
** puts them out (0 when every constraint could be met). */
static int w_Table_determinize(lua_State *L) {
  cl_Table *t = checktable(L, 1);
  int seat = checkseat(L, 2, 1);
  cl_Rng *r = checkrng(L, 3);
  Refusals ref = {NULL};
  int32_t *back = NULL;
  int nc = cl_table_ncards(t);
  lua_settop(L, 4);
  lua_newtable(L);  /* index 5: keeps the scratch memory alive */
  if (!lua_isnil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    if (lua_getfield(L, 4, "refused") != LUA_TNIL) {
      luaL_argcheck(L, lua_istable(L, -1), 4, "'refused' must be a table");
      read_refused(L, t, lua_gettop(L), 5, &ref);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 4, "backs") != LUA_TNIL) {
      luaL_argcheck(L, lua_istable(L, -1), 4, "'backs' must be a list of integers");
      back = lua_newuserdatauv(L, ((size_t)nc + 1) * sizeof *back, 0);
      lua_rawseti(L, 5, 0);
      back[0] = 0;
      for (int c = 1; c <= nc; c++) {
        int isnum;
        lua_Integer b = (lua_rawgeti(L, -1, c), lua_tointegerx(L, -1, &isnum));
        lua_pop(L, 1);
        if (!isnum || b < 0 || b > nc)
          return luaL_error(L, "determinize: the back of card %d must be an integer 0..%d", c, nc);
        back[c] = (int32_t)b;
      }
    }
    lua_pop(L, 1);
  }
  int rc = cl_table_determinize(t, back, seat, ref.by_zone ? refused_allows : NULL, &ref, r);
  check_rc(L, rc, "determinize");
  lua_pushinteger(L, rc);
  return 1;
}

static int w_Table_tostring(lua_State *L) {
  TableBox *tb = checkclass(L, 1, C_TABLE);
  if (tb->t == NULL) lua_pushstring(L, TABLE_T " (released)");
  else lua_pushfstring(L, TABLE_T " (%d cards, %d zones)", cl_table_ncards(tb->t),
                       cl_table_nzones(tb->t));
  return 1;
}

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

/* zone:tally(kind_of, n [, into]) counts the zone's cards by kind: kind_of
** maps a card to its kind, 1..n (a suit, a letter); gives {count of kind 1,
** ..., of kind n}, zeros included, filling `into` when given. One call
** instead of a table of the cards and a loop in Lua, for rules that count a
** hand by kind on every turn. */
static int w_Zone_tally(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer kinds = luaL_checkinteger(L, 3);
  luaL_argcheck(L, kinds >= 1 && kinds <= 4096, 3, "expected a number of kinds from 1 to 4096");
  int into = !lua_isnoneornil(L, 4);
  if (into) luaL_checktype(L, 4, LUA_TTABLE);
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
  if (into) lua_pushvalue(L, 4);
  else lua_createtable(L, (int)kinds, 0);
  for (lua_Integer k = 1; k <= kinds; k++) {
    lua_pushinteger(L, counts[k - 1]);
    lua_rawseti(L, -2, k);
  }
  return 1;
}

/* The column of a card field, which z:select compares in C: each card's
** value of the field as a key, a word: a short text's own address (Lua
** keeps one copy of each short text), any other value 2 * its code + 1 (odd:
** no address is), numbered by the column's table of values (its uservalue,
** which keeps the texts alive too); KEY_NONE for none. */
enum {
  KEY_NONE = 0,
  KEY_NAN = 1,     /* a card's NaN: equals nothing, itself included */
  KEY_ABSENT = 3,  /* a value no card has */
  FIRST_CODE = 2,  /* 2 * 2 + 1 = 5 on */
  SHORT_TEXT = 40  /* LUAI_MAXSHORTLEN: texts no longer are kept once */
};

typedef struct Column {
  const char *field;  /* the field's name as the cache keeps it */
  uintptr_t key[];    /* by card, 0..ncards */
} Column;

/* Whether the value at index vi is a short text, whose address is its key. */
static int short_text(lua_State *L, int vi) {
  size_t len;
  return lua_type(L, vi) == LUA_TSTRING && (lua_tolstring(L, vi, &len), len <= SHORT_TEXT);
}

/* The key of a card's value at index vi, for the column whose table of
** values is at index vt: a value met the first time gets the code *next
** (counted on), and a text is kept there. */
static uintptr_t card_key(lua_State *L, int vi, int vt, lua_Integer *next) {
  vi = lua_absindex(L, vi);
  if (lua_isnil(L, vi)) return KEY_NONE;
  if (!lua_rawequal(L, vi, vi)) return KEY_NAN;
  int text = short_text(L, vi);
  lua_pushvalue(L, vi);
  if (lua_rawget(L, vt) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushvalue(L, vi);
    if (text) lua_pushboolean(L, 1);
    else lua_pushinteger(L, (*next)++);
    lua_rawset(L, vt);
    lua_pushvalue(L, vi);
    lua_rawget(L, vt);
  }
  uintptr_t key = text ? (uintptr_t)lua_tostring(L, vi) : 2 * (uintptr_t)lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  return key;
}

/* The column of the field named at index fi for the table box tb of the
** zone at index 1, made at the first select that names the field, from the
** card data (t:card_data). The table box keeps it (uservalue 3, shared with
** the tables given the same card data). */
static Column *get_column(lua_State *L, TableBox *tb, int fi) {
  const char *field = lua_tostring(L, fi);
  for (int k = 0; k < tb->ncolumns; k++)
    if (tb->columns[k]->field == field) return tb->columns[k];
  int top = lua_gettop(L);
  lua_getiuservalue(L, 1, 1);
  int ti = lua_gettop(L);
  if (lua_getiuservalue(L, ti, 3) != LUA_TTABLE)  /* field -> column, with the card data */
    luaL_error(L, "select: cards are selected by '%s', a field of their data, but the table has "
               "no card data (t:card_data)", field);
  int cache = lua_gettop(L);
  lua_pushvalue(L, fi);
  if (lua_rawget(L, cache) == LUA_TUSERDATA) {  /* made for another table of the same cards */
    Column *c = lua_touserdata(L, -1);
    if (c->field != NULL && tb->ncolumns < MAX_COLUMNS) tb->columns[tb->ncolumns++] = c;
    lua_settop(L, top);
    return c;
  }
  lua_getiuservalue(L, ti, 2);
  int list = lua_gettop(L);
  int ncards = cl_table_ncards(tb->t);
  Column *c = lua_newuserdatauv(L, sizeof(Column) + ((size_t)ncards + 1) * sizeof(uintptr_t), 1);
  int column = lua_gettop(L);
  lua_newtable(L);  /* the values */
  int values = lua_gettop(L);
  lua_Integer next = FIRST_CODE;
  c->field = NULL;
  c->key[0] = KEY_NONE;
  for (int card = 1; card <= ncards; card++) {
    /* read raw: no script code runs inside select */
    if (lua_rawgeti(L, list, card) == LUA_TTABLE) {
      lua_pushvalue(L, fi);
      lua_rawget(L, -2);
    } else {
      lua_pushnil(L);
    }
    c->key[card] = card_key(L, -1, values, &next);
    lua_pop(L, 2);
  }
  lua_setiuservalue(L, column, 1);
  lua_pushvalue(L, fi);
  lua_pushvalue(L, column);
  lua_rawset(L, cache);
  /* found again by the address of its name: a short text is kept once, so
  ** a later select names the field with the address of the cache's key */
  size_t len;
  lua_tolstring(L, fi, &len);
  if (len <= SHORT_TEXT && tb->ncolumns < MAX_COLUMNS) {
    c->field = field;  /* (the cache's key: the same short text) */
    tb->columns[tb->ncolumns++] = c;
  }
  lua_settop(L, top);
  return c;
}

/* The key of the value at index vi, neither nil nor a short text (whose
** address is its key), in the column of the field at index fi (of the table
** of the zone at index 1): the code the column gave it, or KEY_ABSENT for a
** value no card has. */
static uintptr_t value_key(lua_State *L, int fi, int vi) {
  int top = lua_gettop(L);
  lua_getiuservalue(L, 1, 1);
  lua_getiuservalue(L, -1, 3);
  lua_pushvalue(L, fi);
  lua_rawget(L, -2);
  lua_getiuservalue(L, -1, 1);
  lua_pushvalue(L, vi);
  uintptr_t key = KEY_ABSENT;
  if (lua_rawget(L, -2) == LUA_TNUMBER) key = 2 * (uintptr_t)lua_tointeger(L, -1) + 1;
  lua_settop(L, top);
  return key;
}

/* z:select(into, by, value [, by2, value2 ...]) gives the cards, top first,
** for which some pair's by[card] equals its value (the cards of a suit, or a
** rank, or of either), filling `into` (nil: a new table; what it held past
** them is cleared), their number, and the number of cards it looked at
** (the zone's count: how many calls of a rule it stood for, which a
** simulation counts: added to the table's tally, t:tally_select). `by` is a
** table by card, or the name of a field of the cards' data (t:card_data):
** the field's values, read once per game into a column of codes, are
** compared in C, a few instructions a card. One call instead of a rule
** called for each card, for legal-answer loops that select cards by their
** data. */
static int w_Zone_select(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  int nargs = lua_gettop(L);
  if (nargs < 4 || (nargs - 2) % 2 != 0)
    return luaL_error(L, "select: expected into (or nil), then pairs of a table by card (or a card "
                      "field's name) and a value");
  int pairs = (nargs - 2) / 2;
  enum { MAX_PAIRS = 8 };
  if (pairs > MAX_PAIRS) return luaL_error(L, "select: at most %d pairs", MAX_PAIRS);
  luaL_checkstack(L, 12, NULL);  /* making a column */
  /* by a field: the column's keys and the value's. By a table: a value that
  ** is an object (a text, a table) is the same value only as the same
  ** object: Lua keeps one copy of each short text, so a pointer compares
  ** most values; the others (numbers, long texts) go to rawequal */
  const Column *column[MAX_PAIRS];
  uintptr_t want[MAX_PAIRS];
  const void *object[MAX_PAIRS];
  for (int p = 0; p < pairs; p++) {
    int bi = 3 + 2 * p, vi = bi + 1;
    int bt = lua_type(L, bi), vt = lua_type(L, vi);
    size_t len = 0;
    const char *text = vt == LUA_TSTRING ? lua_tolstring(L, vi, &len) : NULL;
    int short_value = text != NULL && len <= SHORT_TEXT;
    if (bt == LUA_TSTRING) {
      column[p] = get_column(L, zb->tb, bi);
      want[p] = vt == LUA_TNIL ? KEY_NONE : short_value ? (uintptr_t)text : value_key(L, bi, vi);
    } else if (bt == LUA_TTABLE) {
      column[p] = NULL;
      object[p] = short_value || vt == LUA_TTABLE ? lua_topointer(L, vi) : NULL;
    } else {
      return luaL_typeerror(L, bi, "table or field name");
    }
  }
  if (lua_isnil(L, 2)) {
    lua_newtable(L);
    lua_replace(L, 2);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
  }
  int n = cl_zone_cards(zb->tb->t, zb->z, zb->tb->scratch);
  lua_Integer m = 0;
  int top = lua_gettop(L);
  for (int i = 0; i < n; i++) {
    int card = zb->tb->scratch[i];
    for (int p = 0; p < pairs; p++) {
      int same;
      if (column[p] != NULL) {
        same = column[p]->key[card] == want[p];
      } else {
        lua_rawgeti(L, 3 + 2 * p, card);
        same = object[p] != NULL ? lua_topointer(L, -1) == object[p] : lua_rawequal(L, -1, 4 + 2 * p);
        lua_settop(L, top);
      }
      if (same) {
        lua_pushinteger(L, card);
        lua_rawseti(L, 2, ++m);
        break;
      }
    }
  }
  for (lua_Integer i = (lua_Integer)lua_rawlen(L, 2); i > m; i--) {
    lua_pushnil(L);
    lua_rawseti(L, 2, i);
  }
  lua_settop(L, 2);
  lua_pushinteger(L, m);
  lua_pushinteger(L, n);
  if (zb->tb->tally != NULL) zb->tb->tally->calls += n;
  return 3;
}

/* t:card_data(list) gives the table its cards' data: list[card] is the table
** of the card's fields (a game's cards), which z:select reads by field name.
** Each field is read at the first select that names it, once for the list:
** every table given the same list (the games of one definition) shares its
** columns, kept as long as the list lives. The data must not change after
** (a game's cards do not). */
static int w_Table_card_data(lua_State *L) {
  static const char COLUMNS_KEY = 0;  /* the registry's list -> columns (weak keys) */
  checktable(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  ((TableBox *)lua_touserdata(L, 1))->ncolumns = 0;
  lua_settop(L, 2);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &COLUMNS_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &COLUMNS_KEY);
  }
  lua_pushvalue(L, 2);
  if (lua_rawget(L, 3) != LUA_TTABLE) {  /* field -> column */
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 3);
  }
  lua_setiuservalue(L, 1, 3);
  lua_settop(L, 2);
  lua_setiuservalue(L, 1, 2);
  return 0;
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

/* z:take(to, kind_of, counts [, pos [, into]]) moves cards of z onto `to` by
** kind: kind_of maps a card to its kind, 1 to #counts (as z:tally's), and of
** kind k the first counts[k] cards, top first (as many as z holds), go one
** by one to pos of `to` (default its top), in the order z holds them. Gives
** the cards moved, in that order, appended to `into` (default a new table),
** and their number. One call where a rule takes "two E and a T" from a hand,
** instead of a loop over its cards in Lua. */
static int w_Zone_take(lua_State *L) {
  ZoneBox *zb = checkzone(L, 1);
  ZoneBox *to = checkpeer(L, zb, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TTABLE);
  int pos = optpos(L, 5, 1);
  int into = !lua_isnoneornil(L, 6);
  if (into) luaL_checktype(L, 6, LUA_TTABLE);
  lua_settop(L, 6);
  lua_Integer kinds = (lua_Integer)lua_rawlen(L, 4);
  luaL_argcheck(L, kinds <= 4096, 4, "at most 4096 kinds");
  /* the count of a kind is read when a card of it is met (-1: not yet): a
  ** hand holds a few kinds of many */
  int small[64];
  int *left = kinds <= 64 ? small : lua_newuserdatauv(L, (size_t)kinds * sizeof *left, 0);
  for (lua_Integer k = 0; k < kinds; k++) left[k] = -1;
  /* the cards to move, chosen before any moves (in place in the scratch) */
  int32_t *cards = zb->tb->scratch;
  int n = cl_zone_cards(zb->tb->t, zb->z, cards), m = 0;
  for (int i = 0; i < n; i++) {
    int card = cards[i];
    int isnum;
    lua_Integer k = (lua_rawgeti(L, 3, card), lua_tointegerx(L, -1, &isnum));
    lua_pop(L, 1);
    if (!isnum || k < 1 || k > kinds)
      return luaL_error(L, "take: card %d has no kind from 1 to %d", card, (int)kinds);
    if (left[k - 1] < 0) {
      lua_Integer c = (lua_rawgeti(L, 4, k), lua_tointegerx(L, -1, &isnum));
      lua_pop(L, 1);
      if (!isnum || c < 0) return luaL_error(L, "take: counts[%d] must be a whole number >= 0", (int)k);
      left[k - 1] = c > CL_MAX_CARDS ? CL_MAX_CARDS : (int)c;
    }
    if (left[k - 1] > 0) {
      left[k - 1]--;
      cards[m++] = card;
    }
  }
  if (!into) {
    lua_createtable(L, m, 0);
    lua_replace(L, 6);
  }
  lua_Integer at = (lua_Integer)lua_rawlen(L, 6);
  for (int i = 0; i < m; i++) {
    check_rc(L, cl_card_move(zb->tb->t, cards[i], to->z, pos), "take");
    lua_pushinteger(L, cards[i]);
    lua_rawseti(L, 6, ++at);
  }
  lua_pushvalue(L, 6);
  lua_pushinteger(L, m);
  return 2;
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

int clL_zone_ref(lua_State *L, int i, clL_ZoneRef *ref) {
  ZoneBox *zb = testclass(L, i, C_ZONE);
  if (zb == NULL) return 0;
  ref->box = zb->tb;
  ref->z = zb->z;
  return 1;
}

int clL_zone_ref_count(const clL_ZoneRef *ref) {
  const TableBox *tb = ref->box;
  return tb->t == NULL ? -1 : cl_zone_count(tb->t, ref->z);
}

/* t:tally_select(tally) makes every z:select of the table's zones from now
** on add the number of cards it looked at to tally, a cl.Tally (nil: to no
** tally): the calls of rule pieces that z:select stands for, counted in C
** (game:call_tally). */
static int w_Table_tally_select(lua_State *L) {
  TableBox *tb = checkclass(L, 1, C_TABLE);
  if (tb->t == NULL) return luaL_error(L, RELEASED);
  Tally *tally = lua_isnoneornil(L, 2) ? NULL : checkclass(L, 2, C_TALLY);
  lua_settop(L, 2);
  lua_setiuservalue(L, 1, 4);
  tb->tally = tally;
  return 0;
}

/* vm.tally([calls]) gives a new tally: t.calls, an integer (default 0), is
** read and set as a table's field is; z:select adds to it. */
static int l_tally(lua_State *L) {
  lua_Integer calls = luaL_optinteger(L, 1, 0);
  Tally *t = lua_newuserdatauv(L, sizeof(Tally), 0);
  t->calls = calls;
  luaL_setmetatable(L, TALLY_T);
  return 1;
}

static int w_Tally_index(lua_State *L) {
  Tally *t = checkclass(L, 1, C_TALLY);
  const char *key = lua_tostring(L, 2);
  if (key != NULL && lua_type(L, 2) == LUA_TSTRING && strcmp(key, "calls") == 0) lua_pushinteger(L, t->calls);
  else lua_pushnil(L);
  return 1;
}

static int w_Tally_newindex(lua_State *L) {
  Tally *t = checkclass(L, 1, C_TALLY);
  const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
  if (key == NULL || strcmp(key, "calls") != 0)
    return luaL_error(L, "a tally has only 'calls' (got '%s')", luaL_tolstring(L, 2, NULL));
  int whole;
  lua_Integer calls = lua_tointegerx(L, 3, &whole);
  if (lua_type(L, 3) != LUA_TNUMBER || !whole)
    return luaL_error(L, "a tally's calls must be an integer (got %s)", luaL_tolstring(L, 3, NULL));
  t->calls = calls;
  return 0;
}

static int w_Tally_tostring(lua_State *L) {
  Tally *t = checkclass(L, 1, C_TALLY);
  lua_pushfstring(L, TALLY_T " (%I calls)", (LUAI_UACINT)t->calls);
  return 1;
}

static const luaL_Reg tally_meta[] = {
  {"__index", NULL}, {"__newindex", w_Tally_newindex}, {"__tostring", w_Tally_tostring},
  {NULL, NULL}
};

static const luaL_Reg table_methods[] = {
  {"zone", w_Table_zone}, {"zones", w_Table_zones}, {"ncards", w_Table_ncards},
  {"where", w_Table_where}, {"face", w_Table_face}, {"show", w_Table_show},
  {"visible", w_Table_visible}, {"shown", w_Table_shown}, {"view", w_Table_view},
  {"version", w_Table_version}, {"release", w_Table_release}, {"keep", w_Table_keep},
  {"known", w_Table_known}, {"determinize", w_Table_determinize}, {"card_data", w_Table_card_data},
  {"refresh_views", w_Table_refresh_views}, {"tally_select", w_Table_tally_select}, {NULL, NULL}
};

static const luaL_Reg table_meta[] = {
  {"__index", NULL}, {"__gc", w_Table_gc}, {"__close", w_Table_release},
  {"__tostring", w_Table_tostring}, {NULL, NULL}
};

static const luaL_Reg zone_methods[] = {
  {"count", w_Zone_count}, {"name", w_Zone_name}, {"owner", w_Zone_owner},
  {"visibility", w_Zone_visibility}, {"peek", w_Zone_peek}, {"find", w_Zone_find},
  {"cards", w_Zone_cards}, {"tally", w_Zone_tally}, {"select", w_Zone_select}, {"take", w_Zone_take},
  {"move", w_Zone_move}, {"insert", w_Zone_insert},
  {"remove", w_Zone_remove}, {"move_all", w_Zone_move_all},
  {"shuffle", w_Zone_shuffle}, {"deal", w_Zone_deal}, {"draw", w_Zone_draw},
  {"view", w_Zone_view}, {NULL, NULL}
};

static const luaL_Reg zone_meta[] = {
  {"__index", NULL}, {"__len", w_Zone_count}, {"__tostring", w_Zone_tostring},
  {NULL, NULL}
};

static const luaL_Reg table_functions[] = {
  {"table", l_table_new}, {"tally", l_tally}, {NULL, NULL}
};

void clL_open_table(lua_State *L) {
  clL_fillclass(L, C_TABLE, table_meta, table_methods);
  clL_fillclass(L, C_ZONE, zone_meta, zone_methods);
  /* (a tally's one field, calls, is read by its __index, not from methods) */
  static const luaL_Reg no_methods[] = {{NULL, NULL}};
  clL_fillclass(L, C_TALLY, tally_meta, no_methods);
  static const luaL_Reg tally_index[] = {{"__index", w_Tally_index}, {NULL, NULL}};
  luaL_getmetatable(L, TALLY_T);
  clL_setfuncs(L, tally_index);
  lua_pop(L, 1);
  clL_setfuncs(L, table_functions);
}
