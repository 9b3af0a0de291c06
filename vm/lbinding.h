/*
** lbinding.h: what the files of the Lua binding share, and nothing else
** includes. The binding is module "cardlab.vm", one file per type or
** concern, as Lua's own libraries are laid out:
**   lcardlab.c  the module: the classes' metatables, vm.hash, luaopen_cardlab_vm
**   lrng.c      cl.Rng, the seeded generator
**   ltable.c    cl.Table and cl.Zone, cards and zones
**   lseats.c    cl.Seats, seats and turn order
**   lengine.c   cl.Engine, a rule script run as a coroutine: requests, answers,
**               explainers of refusals, bots
**   lguard.c    running script code: the instruction limit, the watchdog,
**               Ctrl-C, protected calls (vm.guard, vm.doomed)
**   lprint.c    texts at the terminal and in refusals (vm.printable, vm.shown)
**   ldict.c     cl.Dict and cl.Found, the word list
** Each file ends with its luaL_Reg tables and a clL_open_* function that
** luaopen_cardlab_vm calls with the module table on top of the stack.
*/
#ifndef LBINDING_H
#define LBINDING_H

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
#define TALLY_T "cl.Tally"

#define RELEASED "cannot use object after it has been released"


/* ---------------------------------------------------------------- classes */

/* The classes, in the order of the upvalues every method and metamethod
** carries: the metatables of all classes. A type check compares metatables
** with an upvalue instead of looking the name up in the registry as
** luaL_checkudata does (a fifth of the cost of a zone method); a mismatch falls
** through to luaL_checkudata for the standard error. The checks are inline:
** they are on the path of every method call. */
enum { C_RNG = 1, C_TABLE, C_ZONE, C_SEATS, C_ENGINE, C_DICT, C_FOUND, C_TALLY, NCLASSES = C_TALLY };
extern const char *const clL_class_names[];

static inline void *testclass(lua_State *L, int i, int class) {
  void *p = lua_touserdata(L, i);
  if (p != NULL && lua_getmetatable(L, i)) {
    int same = lua_rawequal(L, -1, lua_upvalueindex(class));
    lua_pop(L, 1);
    if (same) return p;
  }
  return NULL;
}

static inline void *checkclass(lua_State *L, int i, int class) {
  void *p = testclass(L, i, class);
  return p != NULL ? p : luaL_checkudata(L, i, clL_class_names[class]);
}

#define checkrng(L, i) ((cl_Rng *)checkclass(L, i, C_RNG))

/* Sets the functions of l into the table on top, each with the metatables of
** all classes as upvalues (see checkclass). */
void clL_setfuncs(lua_State *L, const luaL_Reg *l);

/* Fills a class's metatable: the metamethods and an __index table of
** methods. */
void clL_fillclass(lua_State *L, int class, const luaL_Reg *meta, const luaL_Reg *methods);


/* ---------------------------------------------------------------- lguard.c */

#define CL_TICK 1000  /* instructions between two calls of the count hook */

/* The instructions a step of script code may run, counted in ticks by the
** count hook once the watchdog has armed it. */
/* The processor time a step may take, calls into C included, in watchdog
** periods of 10 ms: one per CL_PERIOD_TICKS of its instruction limit (10 s
** for the default 100 million instructions). */
#define CL_PERIOD_TICKS 100

typedef struct clL_Budget {
  long ticks, tick_limit;   /* in units of CL_TICK instructions */
  long interrupt_tick;      /* ticks when the step saw Ctrl-C, or -1 */
  volatile long periods;    /* watchdog periods (10 ms) seen with the count hook armed */
} clL_Budget;

/* Installs the watchdog's timer and signal handler, once per process. */
void clL_start_watchdog(void);

/* Runs script code on L under the watchdog and budget b from here until
** clL_unwatch: clears a hook armed before and the counters of the last step. */
void clL_watch(lua_State *L, clL_Budget *b);
void clL_unwatch(void);

/* Calls a script function on L under the watchdog and budget b. Like
** lua_pcall; an error value that is not a text is named where it was raised. */
/* What a script that ran out of memory is told, in a step and in any
** script code clL_call runs (a bot, validator, describe, vm.guard). */
#define CL_MEMORY_MESSAGE "not enough memory: the script used all the memory it may (the cap " \
  "is set by CARDLAB_MEMORY_MB)"

int clL_call(lua_State *L, clL_Budget *b, int nargs, int nres);

/* Whether Ctrl-C stopped the running script code, or is waiting to be taken. */
int clL_interrupted(void);

/* Takes a waiting Ctrl-C: 1 if there was one (it is then forgotten). */
int clL_take_interrupt(void);

/* Forgets that the limit stopped the last step: it stopped only that step. */
void clL_forgive(void);


/* ---------------------------------------------------------------- ltable.c */

/* A zone as C code reads it without the Lua stack (e:watch_standings
** counts each seat's hand so): its table's box and its number. */
typedef struct clL_ZoneRef {
  const void *box;
  int z;
} clL_ZoneRef;

/* Fills ref with the zone at index i; returns 0 if the value there is not
** a zone. The caller keeps the zone object alive while it uses ref. */
int clL_zone_ref(lua_State *L, int i, clL_ZoneRef *ref);

/* The number of cards in the zone, or -1 if its table was released. */
int clL_zone_ref_count(const clL_ZoneRef *ref);


/* ---------------------------------------------------------------- lprint.c */

/* Pushes an answer as a refusal quotes it back: escaped, on one line, and cut
** at 60 columns. Gives the text pushed. */
const char *clL_pushshown(lua_State *L, const char *s, size_t len);

/* Pushes the text at index i (a script's reason for a refusal) escaped as an
** answer is, so that the refusal stays one line; not cut. */
const char *clL_pushreason(lua_State *L, int i);


/* Pushes the text at index i escaped on one line (an error message: a NUL or
** a newline in it is shown, not obeyed); not cut. Gives the text pushed. */
const char *clL_pushoneline(lua_State *L, int i);


/* ---------------------------------------------------------------- opening */

/* Each sets its class's metatable (clL_fillclass) and its functions into the
** module table on top of the stack. */
void clL_open_rng(lua_State *L);
void clL_open_table(lua_State *L);
void clL_open_seats(lua_State *L);
void clL_open_engine(lua_State *L);
void clL_open_guard(lua_State *L);
void clL_open_print(lua_State *L);
void clL_open_json(lua_State *L);
void clL_open_dict(lua_State *L);

/* lcardlab.c: pushes the 3 metrics of rounds of standings (vm.standing_metrics) */
int clL_push_standing_metrics(lua_State *L, const double *points, int npoints, int seats,
                              const unsigned char *won);

#endif
