/*
** lprint.c: texts at the terminal and in refusals, pushed as Lua strings.
** The escaping itself is the core's (cl_text_escape): a game's texts reach
** the terminal with their control characters escaped, and an answer quoted
** back in a refusal is cut to a width. vm.printable and vm.shown give the
** same to Lua; the host prints an error no command caught through
** cardlab_vm_push_printable.
*/
#include <stdint.h>
#include <string.h>

#include "lbinding.h"
#include "lcardlab.h"

/* Pushes the text escaped (cl_text_escape) within `most` columns; gives the
** text pushed. */
static const char *push_escaped(lua_State *L, const char *s, size_t len, size_t most, int lines) {
  luaL_Buffer b;
  size_t size = cl_text_escape(NULL, s, len, most, lines);
  char *out = luaL_buffinitsize(L, &b, size);
  cl_text_escape(out, s, len, most, lines);
  luaL_pushresultsize(&b, size);
  return lua_tostring(L, -1);
}

/* the width of an answer quoted in a refusal: a pasted megabyte would come
** back whole */
#define SHOWN_COLUMNS 60

/* the width of a script's reason for a refusal: it may quote what was typed */
#define REASON_COLUMNS 300

/* the width of a script's error said as a reason (a house file that does not
** load): the script chose its words, but a line is a line */
#define ERROR_COLUMNS 1000

/* push_escaped within `most` columns; a text cut short says its length after
** the ellipsis ("xxx... (100000 bytes)"), so that one line says what was
** given. */
static const char *push_cut(lua_State *L, const char *s, size_t len, size_t most) {
  const char *text = push_escaped(L, s, len, most, 0);
  if (len > most / 4 && cl_text_escape(NULL, s, len, SIZE_MAX, 0) != lua_rawlen(L, -1)) {
    lua_pushfstring(L, " (%I bytes)", (lua_Integer)len);
    lua_concat(L, 2);
    text = lua_tostring(L, -1);
  }
  return text;
}

const char *clL_pushshown(lua_State *L, const char *s, size_t len) {
  return push_cut(L, s, len, SHOWN_COLUMNS);
}

const char *clL_pushreason(lua_State *L, int i) {
  size_t len;
  const char *s = lua_tolstring(L, i, &len);
  return push_cut(L, s, len, REASON_COLUMNS);
}

const char *clL_pushoneline(lua_State *L, int i) {
  size_t len;
  const char *s = lua_tolstring(L, i, &len);
  if (cl_text_printable(s, len) && memchr(s, '\n', len) == NULL && memchr(s, '\t', len) == NULL)
    return lua_pushlstring(L, s, len);
  return push_escaped(L, s, len, SIZE_MAX, 0);
}

/* A text with nothing to escape is pushed unchanged: the usual case costs
** no copy. */
const char *cardlab_vm_push_printable(lua_State *L, const char *s, size_t len) {
  if (cl_text_printable(s, len)) return lua_pushlstring(L, s, len);
  return push_escaped(L, s, len, SIZE_MAX, 1);
}

/* vm.shown(text): the text as a refusal quotes it (see clL_pushshown). */
static int l_shown(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  clL_pushshown(L, s, len);
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

/* vm.oneline(text): a script's error as a one-line reason: control bytes,
** newline and tab among them, escaped as vm.shown escapes them, cut to
** ERROR_COLUMNS (see push_cut). */
static int l_oneline(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  push_cut(L, s, len, ERROR_COLUMNS);
  return 1;
}

static const luaL_Reg print_functions[] = {
  {"shown", l_shown}, {"printable", l_printable}, {"oneline", l_oneline}, {NULL, NULL}
};

void clL_open_print(lua_State *L) {
  clL_setfuncs(L, print_functions);
}
