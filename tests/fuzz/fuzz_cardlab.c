/*
** fuzz_cardlab.c: the libFuzzer target (docs/fuzzing.md). One Lua state,
** made as the cardlab program makes its own (capped allocator, the vm module,
** the library's paths), runs tests/fuzz/driver.lua once; each input then goes
** to the function it returned, which feeds it to a save-file reader, a game's
** answer prompt, the REPL's commands, a house-rule file or the web server. An error a Lua
** function raises is the driver's to judge; a crash, a leak, undefined
** behaviour, a hang (-timeout) or memory past the cap is the fuzzer's.
*/
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

#include "alloc.h"
#include "files.h"
#include "lcardlab.h"

int luaopen_cardlab_serve(lua_State *L);  /* repl/serve.c: the web server's worlds */
int luaopen_cardlab_host(lua_State *L);

#ifndef CARDLAB_HOME
#define CARDLAB_HOME "."
#endif

/* The host module, as much of it as the library calls outside a terminal:
** the processor clock (a search bot's budget in ms), the wall clock, the
** memory in use, and no Ctrl-C. serve.c's worlds load it too. */
static int h_clock(lua_State *L) {
  lua_pushnumber(L, (double)clock() / CLOCKS_PER_SEC);
  return 1;
}
static int h_now(lua_State *L) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  lua_pushnumber(L, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
  return 1;
}
static int h_memory(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)lua_gc(L, LUA_GCCOUNT, 0) * 1024);
  return 1;
}
static int h_false(lua_State *L) {
  lua_pushboolean(L, 0);
  return 1;
}
static int h_nothing(lua_State *L) {
  (void)L;
  return 0;
}
static const luaL_Reg host_functions[] = {
  {"clock", h_clock}, {"now", h_now}, {"memory", h_memory},
  {"interrupted", h_false}, {"interruptible", h_nothing}, {NULL, NULL}
};
int luaopen_cardlab_host(lua_State *L) {
  luaL_newlib(L, host_functions);
  return 1;
}

static lua_State *L = NULL;
static Allocator memory;
static int driver_ref = LUA_NOREF;

static void setup(void) {
  allocator_init(&memory, (size_t)1024 << 20, 0);
  L = lua_newstate(allocator_lua, &memory);
  if (L == NULL) abort();
  luaL_openlibs(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, luaopen_cardlab_vm);
  lua_setfield(L, -2, "cardlab.vm");
  lua_pushcfunction(L, luaopen_cardlab_files);
  lua_setfield(L, -2, "cardlab.files");
  lua_pushcfunction(L, luaopen_cardlab_host);
  lua_setfield(L, -2, "cardlab.host");
  lua_pushcfunction(L, luaopen_cardlab_serve);
  lua_setfield(L, -2, "cardlab.serve");
  lua_pop(L, 1);
  const char *home = getenv("CARDLAB_HOME");
  if (home == NULL || *home == '\0') home = CARDLAB_HOME;
  cardlab_vm_use_home(L, home);
  if (luaL_dofile(L, lua_pushfstring(L, "%s/tests/fuzz/driver.lua", home)) != LUA_OK
      || !lua_isfunction(L, -1)) {
    fprintf(stderr, "fuzz_cardlab: the driver did not load: %s\n", lua_tostring(L, -1));
    abort();
  }
  driver_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (L == NULL) setup();
  lua_rawgeti(L, LUA_REGISTRYINDEX, driver_ref);
  lua_pushlstring(L, (const char *)data, size);
  /* the driver reports a broken promise (a two-line error) by raising one
  ** that starts with "FUZZ:"; anything else it raised is a bug of its own */
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    fprintf(stderr, "fuzz_cardlab: %s\n", lua_tostring(L, -1));
    abort();
  }
  lua_settop(L, 0);
  return 0;
}
