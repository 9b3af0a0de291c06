/*
** ljson.c: vm.json, the JSON text of plain Lua data as a simulation's
** records are written (cardlab.records.encode): object keys sorted, or in
** an order given (which lua-cjson cannot do), numbers and texts as lua-cjson
** writes them. In C, where the writer in Lua made a text per value: with
** it a record costs Crazy Eights' recorded sims 6.8% more instructions than
** plain ones, without it 10.4%. Records are read back by lua-cjson.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lbinding.h"

#define MAX_DEPTH 32     /* deeper: left to the caller */
#define SMALL 1024       /* the text's first room, on the C stack */

/* The text being written: in small until it outgrows it, then in a
** userdata at stack index box, replaced by a larger one as it grows. */
typedef struct Out {
  lua_State *L;
  int box;
  char *p;
  size_t len, cap;
  char small[SMALL];
} Out;

static void room(Out *o, size_t more) {
  if (o->len + more <= o->cap) return;
  size_t cap = 2 * o->cap;
  while (cap < o->len + more) cap *= 2;
  char *grown = lua_newuserdatauv(o->L, cap, 0);
  memcpy(grown, o->p, o->len);
  lua_replace(o->L, o->box);
  o->p = grown;
  o->cap = cap;
}

static void put(Out *o, const char *s, size_t len) {
  room(o, len);
  memcpy(o->p + o->len, s, len);
  o->len += len;
}

static void put_char(Out *o, char c) {
  room(o, 1);
  o->p[o->len++] = c;
}

/* A text as lua-cjson quotes it: ", \ and / escaped, control characters
** and DEL as \b \t \n \f \r or \u00XX, other bytes as they are. */
static void put_text(Out *o, const char *s, size_t len) {
  room(o, len + 2);
  o->p[o->len++] = '"';
  size_t plain = 0;  /* the bytes before i not written yet, none to escape */
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\' && c != '/' && c != 0x7f) {
      plain++;
      continue;
    }
    put(o, s + i - plain, plain);
    plain = 0;
    const char *e = NULL;
    char u[7];
    if (c == '"') e = "\\\"";
    else if (c == '\\') e = "\\\\";
    else if (c == '/') e = "\\/";
    else if (c == '\b') e = "\\b";
    else if (c == '\t') e = "\\t";
    else if (c == '\n') e = "\\n";
    else if (c == '\f') e = "\\f";
    else if (c == '\r') e = "\\r";
    else {
      snprintf(u, sizeof u, "\\u%04x", c);
      e = u;
    }
    put(o, e, strlen(e));
  }
  put(o, s + len - plain, plain);
  put_char(o, '"');
}

/* A number: an integer in all its digits (as Lua writes it: a seed past
** 10^14 must come back as it was, where lua-cjson's "%.14g" drops digits),
** any other as lua-cjson does ("%.14g"). Returns 0 for a number that is
** not finite (lua-cjson refuses it). */
static int put_number(Out *o, int i) {
  char digits[32];
  int len;
  if (lua_isinteger(o->L, i)) {
    lua_Integer x = lua_tointeger(o->L, i);
    /* (by hand: snprintf took 250 instructions an integer) */
    char *d = digits + sizeof digits;
    lua_Unsigned u = x < 0 ? (lua_Unsigned)0 - (lua_Unsigned)x : (lua_Unsigned)x;
    do *--d = (char)('0' + u % 10); while ((u /= 10) > 0);
    if (x < 0) *--d = '-';
    put(o, d, (size_t)(digits + sizeof digits - d));
    return 1;
  }
  double x = (double)lua_tonumber(o->L, i);
  if (!isfinite(x)) return 0;
  len = snprintf(digits, sizeof digits, "%.14g", x);
  put(o, digits, (size_t)len);
  return 1;
}

/* A key of an object: its text (a text, or a number as tostring writes
** it), pushed, and the key's stack index. */
typedef struct Key {
  const char *text;
  size_t len;
  int index;   /* the key itself */
} Key;

static int key_order(const void *a, const void *b) {
  const Key *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->text, y->text, n);
  if (c != 0) return c;
  return x->len < y->len ? -1 : x->len > y->len;
}

static int put_value(Out *o, int i, int depth);

/* Whether the text at index key is one of the list at index order. */
static int in_order(lua_State *L, int order, int key) {
  lua_Integer m = (lua_Integer)lua_rawlen(L, order);
  for (lua_Integer r = 1; r <= m; r++) {
    lua_rawgeti(L, order, r);
    int same = lua_rawequal(L, -1, key);
    lua_pop(L, 1);
    if (same) return 1;
  }
  return 0;
}

/* The table at i (absolute) as a list, or as an object with its keys in
** `order` first (a list at index `order`, 0: none), the others sorted by
** their texts. Returns 0 for what it does not write. */
static int put_table(Out *o, int i, int depth, int order) {
  lua_State *L = o->L;
  if (depth > MAX_DEPTH || lua_getmetatable(L, i)) return 0;
  if (!lua_checkstack(L, 8)) return 0;
  lua_Integer n = (lua_Integer)lua_rawlen(L, i);
  lua_Integer nkeys = 0;
  lua_pushnil(L);
  while (lua_next(L, i)) {
    lua_pop(L, 1);
    nkeys++;
  }
  if (n > 0 && nkeys == n) {
    /* a list: keys 1..n, each there */
    put_char(o, '[');
    for (lua_Integer k = 1; k <= n; k++) {
      if (k > 1) put_char(o, ',');
      if (lua_rawgeti(L, i, k) == LUA_TNIL || !put_value(o, lua_gettop(L), depth + 1)) return 0;
      lua_pop(L, 1);
    }
    put_char(o, ']');
    return 1;
  }
  if (nkeys > 100000 || !lua_checkstack(L, 2 * (int)nkeys + 8)) return 0;
  int base = lua_gettop(L);
  put_char(o, '{');
  lua_Integer written = 0;
  if (order != 0) {
    /* the keys of the order that are there, looked up, in its order */
    lua_Integer m = (lua_Integer)lua_rawlen(L, order);
    for (lua_Integer r = 1; r <= m; r++) {
      if (lua_rawgeti(L, order, r) != LUA_TSTRING) return 0;
      lua_pushvalue(L, -1);
      if (lua_rawget(L, i) != LUA_TNIL) {
        if (written++ > 0) put_char(o, ',');
        size_t len;
        const char *name = lua_tolstring(L, -2, &len);
        put_text(o, name, len);
        put_char(o, ':');
        if (!put_value(o, lua_gettop(L), depth + 1)) return 0;
      }
      lua_pop(L, 2);
    }
    if (written == nkeys) {
      put_char(o, '}');
      return 1;
    }
  }
  /* the other keys, each and its text kept on the stack, sorted by text */
  Key *keys = lua_newuserdatauv(L, sizeof(Key) * (size_t)(nkeys + 1), 0);
  lua_Integer k = 0;
  lua_pushnil(L);
  while (lua_next(L, i)) {
    lua_pop(L, 1);
    int type = lua_type(L, -1);
    if (type != LUA_TSTRING && type != LUA_TNUMBER) return 0;
    if (order != 0 && type == LUA_TSTRING && in_order(L, order, lua_gettop(L))) continue;
    lua_pushvalue(L, -1);
    lua_pushvalue(L, -1);
    keys[k].text = lua_tolstring(L, -1, &keys[k].len);  /* (a number's: a text made of a copy) */
    lua_rotate(L, -3, -1);  /* key, text below the key lua_next goes on from */
    keys[k].index = lua_gettop(L) - 2;
    k++;
  }
  qsort(keys, (size_t)k, sizeof(Key), key_order);
  for (lua_Integer j = 1; j < k; j++)
    if (key_order(&keys[j - 1], &keys[j]) == 0) return 0;  /* 1 and "1": no order to follow */
  for (lua_Integer j = 0; j < k; j++) {
    if (written++ > 0) put_char(o, ',');
    put_text(o, keys[j].text, keys[j].len);
    put_char(o, ':');
    lua_pushvalue(L, keys[j].index);
    lua_rawget(L, i);
    if (!put_value(o, lua_gettop(L), depth + 1)) return 0;
    lua_pop(L, 1);
  }
  put_char(o, '}');
  lua_settop(L, base);
  return 1;
}

static int put_value(Out *o, int i, int depth) {
  switch (lua_type(o->L, i)) {
    case LUA_TNUMBER: return put_number(o, i);
    case LUA_TSTRING: {
      size_t len;
      const char *s = lua_tolstring(o->L, i, &len);
      put_text(o, s, len);
      return 1;
    }
    case LUA_TBOOLEAN:
      if (lua_toboolean(o->L, i)) put(o, "true", 4);
      else put(o, "false", 5);
      return 1;
    case LUA_TNIL:
      put(o, "null", 4);
      return 1;
    case LUA_TTABLE: return put_table(o, i, depth, 0);
    default: return 0;
  }
}

/* vm.json(v [, order]) gives the JSON text of v as cardlab.records.encode
** writes it: a table with keys 1..n (n >= 1) and no other is a list, any
** other an object, its keys (texts, or numbers written as tostring writes
** them) sorted by their texts, or at the top those in the list `order`
** first, in its order; an integer in all its digits, any
** other number as "%.14g"; texts quoted as lua-cjson quotes them. Gives nil
** for what it does not write, which the caller then writes itself: a table
** with a metatable, a key that is neither a text nor a number, two keys of
** the same text, a number that is not finite, a function or other value
** JSON has not, nesting deeper than 32. */
static int l_json(lua_State *L) {
  luaL_checkany(L, 1);
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  lua_pushnil(L);  /* index 3: the box, once the text outgrows small */
  Out o;
  o.L = L;
  o.box = 3;
  o.p = o.small;
  o.len = 0;
  o.cap = SMALL;
  int ok = lua_type(L, 1) == LUA_TTABLE ? put_table(&o, 1, 0, lua_isnil(L, 2) ? 0 : 2)
                                         : put_value(&o, 1, 0);
  if (!ok) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushlstring(L, o.p, o.len);
  return 1;
}

static const luaL_Reg json_functions[] = {
  {"json", l_json}, {NULL, NULL}
};

void clL_open_json(lua_State *L) {
  clL_setfuncs(L, json_functions);
}
