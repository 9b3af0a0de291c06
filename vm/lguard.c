/*
** lguard.c: running script code. A step of a game, a validator, an explainer,
** a bot or a house file runs under an instruction limit (the count hook),
** armed by a watchdog timer only once the step has run for a while, and
** stops on Ctrl-C; errors raised in it are named at the script's line.
** vm.guard runs script code outside a game the same way; vm.doomed tells the
** sandbox's pcall not to catch an error of the limit.
*/
#define _XOPEN_SOURCE 700  /* sigaction, setitimer */
#include <signal.h>
#include <string.h>
#include <sys/time.h>

#include "lbinding.h"
#include "lcardlab.h"

#define INTERRUPT_GRACE 10000  /* ticks: ten million instructions */

/* Set by cardlab_vm_interrupt (Ctrl-C): a bot run stops before its next
** decision; a script step that goes on for INTERRUPT_GRACE more ticks after
** Ctrl-C (a runaway one: ordinary steps end well within it) is stopped with an
** error, which ends that game. */
static volatile sig_atomic_t interrupt_requested = 0;

/* Set when the count hook stops a step, until the next step begins: the
** sandbox's pcall re-raises such an error instead of catching it, so that a
** script cannot outlive its limit by catching the error (vm.doomed()). */
static int doomed = 0;

/* Set when Ctrl-C stopped the running script code (the count hook's own
** stop); cleared by clL_watch. */
static int interrupt_stopped = 0;

void cardlab_vm_interrupt(void) {
  interrupt_requested = 1;
}

void cardlab_vm_interrupt_clear(void) {
  interrupt_requested = 0;
}

int clL_interrupted(void) {
  return interrupt_stopped || interrupt_requested;
}

int clL_take_interrupt(void) {
  if (!interrupt_requested) return 0;
  interrupt_requested = 0;
  return 1;
}

void clL_forgive(void) {
  doomed = 0;
}

/* The count hook: the budget of the script code running on this thread is
** in its extra space. */
static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  clL_Budget *b = *(clL_Budget **)lua_getextraspace(L);
  if (b == NULL) return;
  b->ticks++;
  if (interrupt_requested && b->interrupt_tick < 0) b->interrupt_tick = b->ticks;
  /* the message names the running function's line (level 0: a hook has no
  ** frame of its own) */
  if (b->interrupt_tick >= 0 && b->ticks - b->interrupt_tick > INTERRUPT_GRACE) {
    interrupt_requested = 0;
    doomed = 1;
    interrupt_stopped = 1;
    luaL_where(L, 0);
    lua_pushfstring(L, "%sinterrupted (Ctrl-C): the script ran on for %d instructions after it",
                    lua_tostring(L, -1), INTERRUPT_GRACE * CL_TICK);
    lua_error(L);
  }
  /* the time allowance: a loop of long calls into C (string.rep of 10 MB,
  ** a string.find that backtracks) runs few instructions for its time */
  if (b->periods > b->tick_limit / CL_PERIOD_TICKS && !doomed) {
    doomed = 1;
    luaL_where(L, 0);
    lua_pushfstring(L, "%sscript ran for more than %f seconds of processor time without asking "
                    "for a decision (an endless loop?)", lua_tostring(L, -1),
                    (double)(b->tick_limit / CL_PERIOD_TICKS) / 100.0);
    lua_error(L);
  }
  if (b->ticks > b->tick_limit || doomed) {
    doomed = 1;
    luaL_where(L, 0);
    lua_pushfstring(L, "%sscript ran for more than %d instructions without asking for a "
                    "decision (an endless loop?)", lua_tostring(L, -1), (int)(b->tick_limit * CL_TICK));
    lua_error(L);
  }
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
  if (L == NULL) return;
  if (lua_gethook(L) == count_hook) {
    /* armed already: the step has run for another period; once over its
    ** time, the hook runs at the next instruction, not CL_TICK of them
    ** later: each of those may be a long call into C (a loop of 10 MB
    ** string.rep calls ran some 200 of them past its time, 40 s under
    ** AddressSanitizer against an allowance of 0.1 s) */
    clL_Budget *b = *(clL_Budget **)lua_getextraspace(L);
    if (b != NULL && ++b->periods > b->tick_limit / CL_PERIOD_TICKS)
      lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  } else {
    lua_sethook(L, count_hook, LUA_MASKCOUNT, CL_TICK);
  }
}

void clL_start_watchdog(void) {
  static int started = 0;
  if (started) return;
  started = 1;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_watchdog;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGPROF, &sa, NULL);
  struct itimerval every_10ms = {{0, 10000}, {0, 10000}};
  /* processor time in the kernel too: large blocks are the kernel's work */
  setitimer(ITIMER_PROF, &every_10ms, NULL);
}

void clL_watch(lua_State *L, clL_Budget *b) {
  *(clL_Budget **)lua_getextraspace(L) = b;
  b->ticks = 0;
  b->periods = 0;
  b->interrupt_tick = -1;
  doomed = 0;
  interrupt_stopped = 0;
  if (lua_gethook(L) == count_hook) lua_sethook(L, NULL, 0, 0);
  watched = L;
}

void clL_unwatch(void) {
  watched = NULL;
}

/* The message handler of clL_call: an error value that is not a text and
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

/* (A validator, enumerator, explainer or bot runs on the host's thread L
** while a game's coroutine waits: the budget and hook of whatever ran on L
** before are put back afterwards.) */
int clL_call(lua_State *L, clL_Budget *b, int nargs, int nres) {
  clL_Budget **slot = lua_getextraspace(L);
  clL_Budget *saved = *slot;
  lua_Hook saved_hook = lua_gethook(L);
  int saved_mask = lua_gethookmask(L), saved_count = lua_gethookcount(L);
  int handler = lua_gettop(L) - nargs;
  lua_pushcfunction(L, script_error);
  lua_insert(L, handler);
  clL_watch(L, b);
  int rc = lua_pcall(L, nargs, nres, handler);
  watched = NULL;
  if (rc == LUA_ERRMEM) {
    /* Lua's bare "not enough memory" names no one (no handler runs for it):
    ** say plainly that the script ran out, once what it built is freed */
    lua_pop(L, 1);
    lua_gc(L, LUA_GCCOLLECT);
    lua_pushliteral(L, CL_MEMORY_MESSAGE);
  }
  if (lua_gethook(L) == count_hook) lua_sethook(L, saved_hook, saved_mask, saved_count);
  *slot = saved;
  lua_remove(L, handler);
  return rc;
}

/* vm.doomed() tells whether the running step was stopped by its limit or
** Ctrl-C (see doomed). */
static int l_doomed(lua_State *L) {
  lua_pushboolean(L, doomed);
  return 1;
}

/* vm.guard(fn, ...) calls fn under the watchdog and the instruction limit,
** as a game step is, for script code that runs outside a game: loading a
** rule script and its modules, house rules, card lists, validate, describe.
** Gives what pcall gives. */
static int l_guard(lua_State *L) {
  static clL_Budget guard;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  guard.tick_limit = 100000000 / CL_TICK;
  clL_start_watchdog();
  clL_Budget **slot = lua_getextraspace(L);
  clL_Budget *saved = *slot;
  lua_State *saved_watched = watched;
  clL_watch(L, &guard);
  int rc = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  watched = saved_watched;
  if (rc == LUA_ERRMEM) {  /* as in clL_call */
    lua_pop(L, 1);
    lua_gc(L, LUA_GCCOLLECT);
    lua_pushliteral(L, CL_MEMORY_MESSAGE);
  }
  if (lua_gethook(L) == count_hook) lua_sethook(L, NULL, 0, 0);
  *slot = saved;
  /* (the results may fill the stack: LUA_MULTRET promises no slot after them) */
  luaL_checkstack(L, 1, "too many results");
  lua_pushboolean(L, rc == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

static const luaL_Reg guard_functions[] = {
  {"guard", l_guard}, {"doomed", l_doomed}, {NULL, NULL}
};

void clL_open_guard(lua_State *L) {
  clL_setfuncs(L, guard_functions);
}
