/*
** fuzz_cardlab.c: the libFuzzer target (docs/fuzzing.md). One Lua state,
** made as the cardlab program makes its own (capped allocator, the vm module,
** the library's paths), runs tests/fuzz/driver.lua once; each input then goes
** to the function it returned, which feeds it to a save-file reader, a game's
** answer prompt, the REPL's commands or a house-rule file. An error a Lua
** function raises is the driver's to judge; a crash, a leak, undefined
** behaviour, a hang (-timeout) or memory past the cap is the fuzzer's.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

#include "alloc.h"
#include "files.h"
#include "lcardlab.h"

#ifndef CARDLAB_HOME
#define CARDLAB_HOME "."
#endif

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
