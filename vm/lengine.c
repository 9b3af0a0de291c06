/*
** lengine.c: cl.Engine, one game run by the engine. The rule script's body
** runs as a coroutine that yields a request whenever a seat must decide; the
** engine checks the request, matches an answer against the legal ones (or
** asks the script's validator), says why a refused answer is refused (the
** engine's "say just", or the script's explainer), logs what is answered and
** resumes the script. e:run lets bots answer, the random bot on a hot path of
** its own. Script code runs under lguard.c's limits; refusals quote answers
** through lprint.c.
*/
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lbinding.h"

/* An engine runs one game: the rule function as a coroutine. While the game
** waits, the coroutine's stack holds the pending request exactly as the script
** yielded it: seat, kind, prompt, legal (an array of answer texts, or a
** validator function) and, with a validator, an enumerator; with a list, an
** optional explainer, which says why an answer not in it is refused, and
** sixth game:ask's refresh (Match:reask calls it after an edit), if any.
** Uservalue 1 is the coroutine, 2 the result or the error message; for
** e:watch_standings, 3 the source of the round watched, 4 the round it gave
** at the last request, 5 the function reading the standings (or the list
** of zones counted, or the game whose state holds them), 6 a list of the
** arguments it is given (or the key of the state's list), 7 the name of
** what gives them (for errors), 8 the seats whose teams index that list;
** 9 the random bot's pick offered to enumerators (engine_pick).
** The standings read are kept here, in C: a simulation's lead changes,
** drama and decisiveness are computed from them (e:standing_metrics) with
** no Lua list of them made.
**
** The engine sees every request, so it counts them for simulations
** (e:requests): per seat, with a list or typed, and the answers listed. A
** few additions per request, where an observer called from the script at
** each request cost a simulation a tenth of its time. */
enum { ST_NEW, ST_WAITING, ST_OVER, ST_ERROR };
static const char *const status_names[] = {"new", "waiting", "over", "error"};
/* the status in a sentence: "the game is ..." */
static const char *const status_phrases[] = {"not started", "waiting", "over", "in error"};

/* A standing as the script gave it: a float, or an integer kept exact
** (e:standings gives it back as it was). */
typedef struct Standing {
  double x;
  lua_Integer i;
  int isint;
} Standing;

typedef struct Engine {
  cl_Log *log;
  lua_State *co;
  cl_Rng bot_rng;
  int nseats, status;
  clL_Budget budget;        /* of each step of the game, and of its validators,
                               explainers and bots */
  const char **texts;       /* scratch for answer matching */
  size_t *lens;
  int scratch_cap;
  int check_lists;          /* examine every list when asked (e:check_lists) */
  lua_Integer decisions[CL_MAX_SEATS + 1];  /* requests made of each seat */
  lua_Integer listed, offered, typed;  /* requests with a list, the answers they
                                          listed, requests for a typed answer */
  lua_Integer listed_now;   /* the length of the pending request's list */
  int first;                /* the seat asked first; 0 before any request */
  int watch;                /* the round's source: WATCH_NONE, _SEATS, _FUNCTION */
  const cl_Seats *seats;    /* the source, WATCH_SEATS (uservalue 3 keeps it) */
  int round_seen;           /* the round of a request was read */
  int read_nargs;           /* the arguments of the function reading (uservalue 6) */
  lua_Integer round;        /* the seats' round at the last request */
  int picking;              /* an enumerator for the random bot runs: it may pick */
  lua_Integer pick_n, pick_k;  /* what it picked: k of a list of n (k 0: nothing) */
  int reading;              /* how the standings are read: READ_FUNCTION, _CARDS, _STATE */
  clL_ZoneRef zones[CL_MAX_SEATS];  /* READ_CARDS: the zones counted (uservalue 5 keeps them) */
  lua_Integer factor;       /* ... times factor */
  const cl_Seats *teams;    /* READ_STATE: a seat's entry is its team's (uservalue 8), or NULL */
  Standing *points;         /* the standings read (e:watch_standings), nseats a point */
  size_t npoints, cap;      /* entries in points, and room for */
} Engine;

enum { WATCH_NONE, WATCH_SEATS, WATCH_FUNCTION };
enum { READ_FUNCTION, READ_CARDS, READ_STATE };

static Engine *checkengine(lua_State *L, int i) {
  Engine *e = checkclass(L, i, C_ENGINE);
  if (e->log == NULL) luaL_error(L, RELEASED);
  return e;
}

/* pick(n), given to the enumerator of a request the random bot answers:
** draws the index, 1 to n, of the entry the bot takes of a list of n entries,
** as the bot would draw it from the list, so that the enumerator may make
** that entry alone (a word of hundreds). Once a request, while its
** enumerator runs. The engine is its upvalue. */
static int engine_pick(lua_State *L) {
  Engine *e = lua_touserdata(L, lua_upvalueindex(1));
  lua_Integer n = luaL_checkinteger(L, 1);
  if (!e->picking)
    return luaL_error(L, "pick: the random bot picks once, while the enumerator of its request runs");
  luaL_argcheck(L, n >= 1 && (lua_Unsigned)n <= UINT32_MAX, 1,
                "expected the length of the list, from 1 to 4294967295");
  e->picking = 0;
  e->pick_n = n;
  e->pick_k = 1 + (lua_Integer)cl_rng_below(&e->bot_rng, (uint32_t)n);
  lua_pushinteger(L, e->pick_k);
  return 1;
}

/* vm.engine(fn, nseats, seed [, max_instructions]): an engine for the game
** body fn, which it starts by e:start(...). */
static int l_engine_new(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_Integer nseats = luaL_checkinteger(L, 2);
  luaL_argcheck(L, nseats >= 1 && nseats <= CL_MAX_SEATS, 2, "seat count out of range (1..8)");
  lua_Integer seed = luaL_checkinteger(L, 3);
  lua_Integer limit = luaL_optinteger(L, 4, 100000000);
  luaL_argcheck(L, limit >= CL_TICK, 4, "instruction limit too small");
  Engine *e = lua_newuserdatauv(L, sizeof(Engine), 9);
  memset(e, 0, sizeof *e);
  luaL_setmetatable(L, ENGINE_T);
  e->log = cl_log_new();
  if (e->log == NULL) return luaL_error(L, "not enough memory");
  e->nseats = (int)nseats;
  e->budget.tick_limit = (long)(limit / CL_TICK);
  /* bots draw from their own stream, so that the game's own randomness does
  ** not depend on which seats are bots */
  cl_rng_seed(&e->bot_rng, (uint64_t)seed ^ UINT64_C(0x5eed0b075eed0b07));
  e->co = lua_newthread(L);
  clL_start_watchdog();
  lua_pushvalue(L, 1);
  lua_xmove(L, e->co, 1);
  lua_setiuservalue(L, -2, 1);
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, engine_pick, 1);
  lua_setiuservalue(L, -2, 9);
  return 1;
}

static int w_Engine_gc(lua_State *L) {
  Engine *e = checkclass(L, 1, C_ENGINE);
  cl_log_free(e->log);
  free(e->texts);
  free(e->lens);
  free(e->points);
  e->log = NULL;
  e->texts = NULL;
  e->lens = NULL;
  e->points = NULL;
  return 0;
}

/* Ends the game in error with msg (at the top of L) plus a traceback of the
** coroutine, and stores it. */
static int tostring_of(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}

/* The text of the error value on top of L, pushed or converted in place: a
** string or number as it is; a value with __tostring as that says (the
** script's own function, so called under the watchdog); anything else named
** by its type, at the first line of the script on the coroutine's stack, as
** the loader does. (An error in a validator, enumerator or bot was named
** where it was raised already: see clL_call.) */
static const char *error_text(lua_State *L, Engine *e) {
  if (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER) return lua_tostring(L, -1);
  if (luaL_getmetafield(L, -1, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushcfunction(L, tostring_of);
    lua_pushvalue(L, -2);
    if (clL_call(L, &e->budget, 1, 1) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
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

/* Whether a line of a traceback is a frame of the host's own modules
** (stdlib/cardlab/: the sandbox, game:choose and the like). */
static int host_frame(const char *line, size_t len) {
  static const char host[] = "stdlib/cardlab/";
  for (size_t i = 0; i + sizeof host - 1 <= len; i++)
    if (memcmp(line + i, host, sizeof host - 1) == 0) return 1;
  return 0;
}

/* Pushes msg and the traceback of co without the host's frames, which say
** nothing to the script's author: a frame of stdlib/cardlab/, the C function
** it called (the sandbox's 'error' for an undeclared global), and the tail
** calls note under it. */
static void push_script_traceback(lua_State *L, lua_State *co, const char *msg) {
  luaL_traceback(L, co, msg, 0);
  size_t len;
  const char *s = lua_tolstring(L, -1, &len), *end = s + len;
  const char *frames = strstr(s, "\nstack traceback:");
  if (frames == NULL) return;
  frames += strlen("\nstack traceback:");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addlstring(&b, s, (size_t)(frames - s));
  int dropped = 0;
  for (const char *line = frames; line < end;) {
    /* each line is "\n\t..." */
    const char *next = memchr(line + 1, '\n', (size_t)(end - line - 1));
    if (next == NULL) next = end;
    size_t n = (size_t)(next - line);
    int drop;
    if (n >= 3 && strncmp(line, "\n\t(...tail calls...)", n) == 0) {
      drop = dropped;
    } else if (strncmp(line, "\n\t[C]:", n < 6 ? n : 6) == 0 && n >= 6) {
      /* a C function called by the host: the next frame is the host's */
      const char *after = next < end ? memchr(next + 1, '\n', (size_t)(end - next - 1)) : NULL;
      drop = next < end && host_frame(next, (size_t)((after ? after : end) - next));
    } else {
      drop = host_frame(line, n);
    }
    if (!drop) luaL_addlstring(&b, line, n);
    dropped = drop;
    line = next;
  }
  luaL_pushresult(&b);
  lua_remove(L, -2);
}

static void fail(lua_State *L, Engine *e, int ui) {
  int top = lua_gettop(L);
  error_text(L, e);
  /* one line, its NULs and newlines shown; an error Lua raises with no place
  ** (a yield across a C call, a C stack overflow) gets the script's line that
  ** was running, the first with one on the coroutine's stack */
  const char *msg = clL_pushoneline(L, -1);
  const char *colon = strchr(msg, ':');
  if ((colon == NULL || colon[1] < '0' || colon[1] > '9')
      && (strstr(msg, "C-call boundary") != NULL || strstr(msg, "stack overflow") != NULL
          || strstr(msg, "error in error handling") != NULL)) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(e->co, level, &ar); level++) {
      /* (not the host's own modules: game:ask is stdlib/cardlab/match.lua) */
      if (lua_getinfo(e->co, "Sl", &ar) && ar.currentline > 0
          && strstr(ar.source, "stdlib/cardlab/") == NULL) {
        msg = lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
        break;
      }
    }
  }
  push_script_traceback(L, e->co, msg);
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
  lua_pushliteral(L, CL_MEMORY_MESSAGE);
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
      const char *shown = clL_pushshown(L, text, len);
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

/* Pushes on L a copy of the list at index li of `from` (n entries): the
** explainer's legal answers. The request's own list holds the texts the
** engine reads after the explainer, which must not be able to empty it. */
static void push_list_copy(lua_State *L, lua_State *from, int li, int n) {
  lua_createtable(L, n, 0);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(from, li, i);
    if (from != L) lua_xmove(from, L, 1);
    lua_rawseti(L, -2, i);
  }
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
    /* the legal answers, a copy as check_answer gives them */
    push_list_copy(L, co, 4, (int)n);
    if (clL_call(L, &e->budget, 3, 1) != LUA_OK) {
      error_text(L, e);
      const char *msg = clL_pushreason(L, -1);
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

/* With e:check_lists, a request with a validator has its enumerator's list
** (made in full, without a pick) examined when asked: every entry must be a
** text the validator accepts and, if the enumerator vouched for its list,
** gives back unchanged. So `check` finds an enumerator that lists what the
** rules refuse whichever entry the bots pick (a bot's pick alone is checked
** in play: see vouched_for and e:run). Returns 1 if every entry passes; else
** 0 with the problem (or the script's error) pushed on L, alone above what
** was there. */
static int push_legal(lua_State *L, Engine *e, int *trusted, int ui, int pick);
static int make_plain(lua_State *L, Engine *e);

static int enumeration_works(lua_State *L, Engine *e) {
  lua_State *co = e->co;
  int top = lua_gettop(L), trusted;
  if (!push_legal(L, e, &trusted, 0, 0) || !make_plain(L, e)) goto failed;
  int li = lua_gettop(L);
  lua_Integer n = (lua_Integer)lua_rawlen(L, li);
  const char *kind = lua_tostring(co, 2);  /* (a string: check_request looked) */
  if (n == 0) {
    push_bad_request(L, e, "the enumerator found no legal answer");
    goto failed;
  }
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_rawgeti(L, li, i) != LUA_TSTRING) {
      push_bad_request(L, e, "the enumerator of the '%s' request listed a %s as answer %I of %I; "
                       "expected answer texts", kind, luaL_typename(L, -1), i, n);
      goto failed;
    }
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);  /* (alive in the list) */
    lua_pushvalue(co, 4);
    lua_xmove(co, L, 1);
    lua_pushvalue(L, -2);
    if (clL_call(L, &e->budget, 1, 2) != LUA_OK) {
      const char *msg = clL_pushreason(L, -1);
      push_bad_request(L, e, "the validator failed on '%s', answer %I of %I that the enumerator of "
                       "the '%s' request listed: %s", clL_pushshown(L, text, len), i, n, kind, msg);
      goto failed;
    }
    int t = lua_type(L, -2);
    const char *shown = clL_pushshown(L, text, len);
    if (!lua_toboolean(L, -3)) {
      const char *why = lua_type(L, -2) == LUA_TSTRING ? clL_pushreason(L, -2) : "no reason given";
      push_bad_request(L, e, "the enumerator of the '%s' request %s '%s' (answer %I of %I), which the "
                       "validator refuses: %s; expected only legal answers", kind,
                       trusted ? "vouched for" : "listed", shown, i, n, why);
      goto failed;
    }
    if (t != LUA_TSTRING && t != LUA_TBOOLEAN) {
      push_bad_request(L, e, "the validator gave a %s for '%s' (answer %I of %I of the '%s' request); "
                       "expected true, the answer's canonical text, or nil and a reason",
                       lua_typename(L, t), shown, i, n, kind);
      goto failed;
    }
    size_t clen;
    const char *canonical = t == LUA_TSTRING ? lua_tolstring(L, -3, &clen) : NULL;
    if (trusted && canonical != NULL && (clen != len || memcmp(canonical, text, len) != 0)) {
      push_bad_request(L, e, "the enumerator of the '%s' request vouched for '%s' (answer %I of %I), "
                       "which the validator makes '%s'; expected the canonical text", kind, shown, i, n,
                       clL_pushshown(L, canonical, clen));
      goto failed;
    }
    lua_settop(L, li);
  }
  lua_settop(L, top);
  return 1;
failed:
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
  return 0;
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
    if ((e->listed_now = (lua_Integer)lua_rawlen(co, 4)) == 0) problem = "no legal answers";
    else if (!lua_isnoneornil(co, 5) && lua_type(co, 5) != LUA_TFUNCTION)
      problem = "the explainer of refused answers must be a function";
    else if (e->check_lists) problem = list_problem(L, e);
  } else if (lua_type(co, 4) == LUA_TFUNCTION) {
    if (lua_type(co, 5) != LUA_TFUNCTION)
      problem = "a validator needs an enumerator of legal answers";
  } else
    problem = "the legal answers must be a list of texts or a validator";
  if (problem == NULL && nres >= 6 && !lua_isnil(co, 6) && lua_type(co, 6) != LUA_TFUNCTION)
    problem = "the refresh of the answers must be a function";
  if (problem == NULL) {
    if (e->check_lists && lua_type(co, 4) == LUA_TTABLE && lua_type(co, 5) == LUA_TFUNCTION)
      return explainer_works(L, e);
    if (e->check_lists && lua_type(co, 4) == LUA_TFUNCTION) return enumeration_works(L, e);
    return 1;
  }
  push_bad_request(L, e, "%s", problem);
  return 0;
}

/* Makes room for n more standings; returns 0 when memory ran out. */
static int grow_points(Engine *e, size_t n) {
  size_t cap = e->cap < 64 ? 64 : 2 * e->cap;
  while (cap < e->npoints + n) cap *= 2;
  Standing *grown = realloc(e->points, cap * sizeof *grown);
  if (grown == NULL) return 0;
  e->points = grown;
  e->cap = cap;
  return 1;
}

/* Appends the seats' standings to the engine's: list[k] (list at index
** `list`) for each seat, k the seat or, with teams, its team. Returns 0
** with an error message pushed when one is not a finite number ("NAME gave
** nil for seat 2; expected a finite number"), a seat has no team, or memory
** ran out. */
static int add_entries(lua_State *L, Engine *e, int list, const cl_Seats *teams, const char *name) {
  size_t n = (size_t)e->nseats;
  if (e->npoints + n > e->cap && !grow_points(e, n)) {
    lua_pushliteral(L, "not enough memory for the standings");
    return 0;
  }
  Standing *p = e->points + e->npoints;
  for (int seat = 1; seat <= e->nseats; seat++, p++) {
    int k = teams ? teams->team[seat] : seat;
    if (k < 1) {
      lua_pushfstring(L, "%s: seat %d has no team", name, seat);
      return 0;
    }
    int type = lua_rawgeti(L, list, k);
    p->isint = type == LUA_TNUMBER && lua_isinteger(L, -1);
    if (p->isint) {
      p->i = lua_tointeger(L, -1);
      p->x = (double)p->i;
    } else if (type != LUA_TNUMBER || !isfinite(p->x = lua_tonumber(L, -1))) {
      const char *got = luaL_tolstring(L, -1, NULL);
      lua_pushfstring(L, "%s gave %s for seat %d; expected a finite number", name, got, seat);
      lua_replace(L, -3);
      lua_pop(L, 1);
      return 0;
    }
    lua_pop(L, 1);
  }
  e->npoints += n;
  return 1;
}

/* Appends the seats' standings list[1..nseats] (list at index `list`) to
** the engine's, and with `take` sets them to false in list (filled anew each
** round: a seat a game's standings left out is then refused, not last
** round's standing; false, not nil, keeps the list's slots, which the next
** round's writes then find).
** Returns 0 with an error message pushed when one is not a finite number
** ("NAME gave nil for seat 2; expected a finite number"), or memory ran out. */
static int add_standings(lua_State *L, Engine *e, int list, const char *name, int take) {
  if (!add_entries(L, e, list, NULL, name)) return 0;
  if (take) {
    for (int seat = 1; seat <= e->nseats; seat++) {
      lua_pushboolean(L, 0);
      lua_rawseti(L, list, seat);
    }
  }
  return 1;
}

/* Appends the cards in each seat's zone times the factor (no script code
** runs). Returns 0 with an error message pushed if a zone's table was
** released. */
static int count_standings(lua_State *L, Engine *e) {
  size_t n = (size_t)e->nseats;
  if (e->npoints + n > e->cap && !grow_points(e, n)) {
    lua_pushliteral(L, "not enough memory for the standings");
    return 0;
  }
  Standing *p = e->points + e->npoints;
  for (int s = 0; s < e->nseats; s++, p++) {
    int count = clL_zone_ref_count(&e->zones[s]);
    if (count < 0) {
      lua_pushfstring(L, "the zone counted for seat %d's standing was released", s + 1);
      return 0;
    }
    p->isint = 1;
    p->i = e->factor * count;
    p->x = (double)p->i;
  }
  e->npoints += n;
  return 1;
}

/* Appends the entries of the list game.state[key] for each seat (by its
** team with e->teams), read raw: no script code runs. Returns 0 with an
** error message pushed when there is no such list, a seat has no team, or
** an entry is not a finite number. */
static int state_standings(lua_State *L, Engine *e, int ui) {
  luaL_checkstack(L, 6, NULL);
  int top = lua_gettop(L);
  lua_getiuservalue(L, ui, 7);  /* the name, for errors */
  int name = top + 1;
  lua_getiuservalue(L, ui, 5);
  lua_pushliteral(L, "state");
  int found = lua_type(L, -2) == LUA_TTABLE && lua_rawget(L, -2) == LUA_TTABLE;
  if (found) {
    lua_getiuservalue(L, ui, 6);
    found = lua_rawget(L, -2) == LUA_TTABLE;
  }
  if (!found) {
    lua_pushfstring(L, "%s: not a list (%s); expected a number for each %s", lua_tostring(L, name),
                    luaL_typename(L, -1), e->teams ? "team" : "seat");
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
    return 0;
  }
  if (!add_entries(L, e, lua_gettop(L), e->teams, lua_tostring(L, name))) {
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
    return 0;
  }
  lua_settop(L, top);
  return 1;
}

/* Reads the standings now: counts the cards (READ_CARDS), reads the game's
** state (READ_STATE), or calls the function reading them and appends what
** it gives (see e:watch_standings). Returns 0 with an error message pushed
** on L when it failed or gave a standing that is not a number. */
static int read_standings(lua_State *L, Engine *e, int ui) {
  if (e->reading == READ_CARDS) return count_standings(L, e);
  if (e->reading == READ_STATE) return state_standings(L, e, ui);
  luaL_checkstack(L, e->read_nargs + 4, NULL);
  lua_getiuservalue(L, ui, 5);
  if (e->read_nargs > 0) {
    lua_getiuservalue(L, ui, 6);
    int args = lua_gettop(L);
    for (int k = 1; k <= e->read_nargs; k++) lua_rawgeti(L, args, k);
    lua_remove(L, args);
  }
  if (clL_call(L, &e->budget, e->read_nargs, 1) != LUA_OK) return 0;
  int list = lua_gettop(L);
  if (lua_type(L, list) != LUA_TTABLE) {
    lua_pushfstring(L, "the standings were read as a %s; expected a list", luaL_typename(L, list));
    lua_remove(L, list);
    return 0;
  }
  lua_getiuservalue(L, ui, 7);
  if (!add_standings(L, e, list, lua_tostring(L, -1), 1)) {
    lua_replace(L, list);
    lua_settop(L, list);
    return 0;
  }
  lua_settop(L, list - 1);
  return 1;
}

/* Reads the round watched at the pending request: when it is not the round
** of the request before, reads the standings (see e:watch_standings).
** Returns 0 with an error message pushed on L when the script's code
** failed or gave a standing that is not a number. */
static int read_round(lua_State *L, Engine *e, int ui) {
  int turned;
  if (e->watch == WATCH_SEATS) {
    /* (read at every request of a simulation: through the pointer) */
    lua_Integer round = e->seats->round;
    turned = round != e->round;
    e->round = round;
  } else {
    lua_getiuservalue(L, ui, 3);
    if (clL_call(L, &e->budget, 0, 1) != LUA_OK) return 0;
    lua_getiuservalue(L, ui, 4);
    turned = !lua_rawequal(L, -1, -2);
    lua_pop(L, 1);
    lua_setiuservalue(L, ui, 4);
  }
  int seen = e->round_seen;
  e->round_seen = 1;
  return !(turned && seen) || read_standings(L, e, ui);
}

/* Counts the request just made (checked), and reads the round watched.
** Returns 0 with an error message pushed on L when the script's code for
** the round failed. */
static int note_request(lua_State *L, Engine *e, int ui) {
  lua_State *co = e->co;
  int seat = (int)lua_tointeger(co, 1);
  if (e->first == 0) e->first = seat;
  e->decisions[seat]++;
  if (lua_type(co, 4) == LUA_TTABLE) {
    /* the length as the engine reads the list everywhere: raw */
    e->listed++;
    e->offered += e->listed_now;  /* (check_request read it, a moment ago) */
  } else {
    e->typed++;
  }
  return e->watch == WATCH_NONE || read_round(L, e, ui);
}

/* Resumes the coroutine with the nargs values on its stack, up to the next
** request, the end of the game, or an error. ui is the engine's stack index. */
static void resume(lua_State *L, Engine *e, int ui, int nargs) {
  int nres;
  clL_watch(e->co, &e->budget);
  int rc = lua_resume(e->co, L, nargs, &nres);
  clL_unwatch();
  if (rc == LUA_YIELD) {
    e->status = ST_WAITING;
    if (!check_request(L, e, nres) || !note_request(L, e, ui)) {
      fail(L, e, ui);
    }
  } else if (rc == LUA_OK) {
    e->status = ST_OVER;
    if (nres > 0) {
      /* the first value returned, moved rather than copied: a copy needs a
      ** slot the coroutine may not have after many values */
      lua_pop(e->co, nres - 1);
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
** full when asked (see list_problem; a validator's request, every entry its
** enumerator lists: enumeration_works), as `cardlab check` wants: otherwise an
** entry is looked at when it is answered, and a random bot looks at the one
** it picks, so that a decision does not cost the length of its list. */
static int w_Engine_check_lists(lua_State *L) {
  checkengine(L, 1)->check_lists = 1;
  return 0;
}

/* e:watch_standings(source, name, read, ...) reads the standings at every
** new round, from the pending request on: source is a cl.Seats, whose
** round is read in C, or a function giving the round (its values are
** compared raw); at each request whose round is not the round of the
** request before, read(...) is called with the arguments given after it
** (at most 8) and gives a list of every seat's standing, which the engine
** keeps (each a finite number, else an error naming the seat and `name`,
** what gave them). Both functions are script code, run under the
** watchdog; an error in either ends the game in error. (A simulation's
** records: one call of script code a round, and the checks here.)
**
** In place of read, a table says where the engine reads them itself, in
** C, with no script code run at all:
**   { zones = LIST [, factor = N] }: the number of cards in each seat's
**     zone of the list (one per seat) times factor (an integer, default 1;
**     -1 when fewer cards is better);
**   { game = GAME, state = KEY [, teams = SEATS] }: the entries of the list
**     GAME.state[KEY] (read raw), a seat's own, or with teams (a cl.Seats)
**     its team's. */
static int w_Engine_watch_standings(lua_State *L) {
  Engine *e = checkengine(L, 1);
  int seats = testclass(L, 2, C_SEATS) != NULL;
  if (!seats) luaL_argexpected(L, lua_type(L, 2) == LUA_TFUNCTION, 2, SEATS_T " or function");
  luaL_checkstring(L, 3);
  int reading = READ_FUNCTION;
  if (lua_type(L, 4) != LUA_TFUNCTION) {
    luaL_argexpected(L, lua_type(L, 4) == LUA_TTABLE, 4, "function or table");
    reading = lua_getfield(L, 4, "zones") != LUA_TNIL ? READ_CARDS : READ_STATE;
    lua_pop(L, 1);
  }
  int nargs = lua_gettop(L) - 4;
  luaL_argcheck(L, reading == READ_FUNCTION || nargs == 0, 5, "no arguments after a table");
  luaL_argcheck(L, nargs <= 8, 13, "at most 8 arguments for the function reading");
  const cl_Seats *teams = NULL;
  if (reading == READ_CARDS) {
    lua_getfield(L, 4, "factor");
    int whole;
    lua_Integer factor = lua_isnil(L, -1) ? 1 : lua_tointegerx(L, -1, &whole);
    if (!lua_isnil(L, -1) && !whole) return luaL_argerror(L, 4, "factor must be an integer");
    /* (a factor times a count of cards stays far inside 64 bits) */
    if (factor < -(1 << 30) || factor > (1 << 30))
      return luaL_argerror(L, 4, "factor must be from -2^30 to 2^30");
    lua_pop(L, 1);
    /* a list of the engine's own: the zones stay alive, whatever the
    ** script does with its list */
    lua_getfield(L, 4, "zones");
    luaL_argexpected(L, lua_type(L, -1) == LUA_TTABLE, 4, "zones as a list");
    int given = lua_gettop(L);
    lua_createtable(L, e->nseats, 0);
    /* (read into a copy: a bad entry leaves the watch in force untouched) */
    clL_ZoneRef zones[CL_MAX_SEATS];
    for (int seat = 1; seat <= e->nseats; seat++) {
      lua_rawgeti(L, given, seat);
      if (!clL_zone_ref(L, -1, &zones[seat - 1]))
        return luaL_argerror(L, 4, lua_pushfstring(L, "zones: entry %d is %s; expected a zone for each "
                             "of the %d seats", seat, luaL_typename(L, -1), e->nseats));
      lua_rawseti(L, -2, seat);
    }
    memcpy(e->zones, zones, sizeof(zones[0]) * (size_t)e->nseats);
    e->factor = factor;
    lua_replace(L, 4);
    lua_settop(L, 4);
    lua_pushnil(L);
  } else if (reading == READ_STATE) {
    lua_getfield(L, 4, "teams");
    if (!lua_isnil(L, -1)) {
      teams = testclass(L, -1, C_SEATS);
      if (teams == NULL) return luaL_argerror(L, 4, "teams must be a " SEATS_T);
    }
    lua_getfield(L, 4, "state");
    lua_getfield(L, 4, "game");
    if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TTABLE)
      return luaL_argerror(L, 4, "game (a table) and state (the key of a list of its state) expected");
    /* the teams kept alive only once nothing can fail (e->teams is set below) */
    lua_pushvalue(L, 5);
    lua_setiuservalue(L, 1, 8);
    lua_replace(L, 4);  /* the game, and the key above it */
    lua_replace(L, 5);
    lua_settop(L, 5);
  } else if (nargs > 0) {
    lua_createtable(L, nargs, 0);
    for (int k = 1; k <= nargs; k++) {
      lua_pushvalue(L, 4 + k);
      lua_rawseti(L, -2, k);
    }
    lua_replace(L, 5);
    lua_settop(L, 5);
  } else {
    lua_pushnil(L);
  }
  lua_setiuservalue(L, 1, 6);
  e->read_nargs = nargs;
  e->reading = reading;
  e->teams = teams;
  lua_setiuservalue(L, 1, 5);
  lua_pushstring(L, lua_tostring(L, 3));  /* (a number given as the name is made a text) */
  lua_setiuservalue(L, 1, 7);
  lua_settop(L, 2);
  e->seats = seats ? lua_touserdata(L, 2) : NULL;
  lua_setiuservalue(L, 1, 3);
  e->watch = seats ? WATCH_SEATS : WATCH_FUNCTION;
  e->round_seen = 0;
  if (e->status == ST_WAITING && !read_round(L, e, 1)) fail(L, e, 1);
  return 0;
}

/* e:read_standings() reads the standings once more, as at a new round (a
** simulation's at the end of the game); gives true, or nil and the error
** (the game is not changed by it). */
static int w_Engine_read_standings(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->watch == WATCH_NONE) return luaL_error(L, "read_standings: no standings are watched");
  lua_settop(L, 1);
  if (!read_standings(L, e, 1)) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* e:standings() gives the standings read so far, every seat's in one list
** (point k, seat s at (k - 1) * seats + s), as they were given. */
static int w_Engine_standings(lua_State *L) {
  Engine *e = checkengine(L, 1);
  lua_createtable(L, (int)e->npoints, 0);
  for (size_t k = 0; k < e->npoints; k++) {
    if (e->points[k].isint) lua_pushinteger(L, e->points[k].i);
    else lua_pushnumber(L, e->points[k].x);
    lua_rawseti(L, -2, (lua_Integer)k + 1);
  }
  return 1;
}

/* e:standing_metrics(winners) gives the lead changes, drama and
** decisiveness of the game from the standings read (cl_standing_metrics;
** as vm.standing_metrics gives them from a list): winners a list of seats. */
static int w_Engine_standing_metrics(lua_State *L) {
  Engine *e = checkengine(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  unsigned char won[CL_MAX_SEATS] = {0};
  lua_Integer nwinners = (lua_Integer)lua_rawlen(L, 2);
  for (lua_Integer i = 1; i <= nwinners; i++) {
    lua_rawgeti(L, 2, i);
    lua_Integer w = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (w >= 1 && w <= e->nseats) won[w - 1] = 1;
  }
  size_t n = e->npoints;
  double *x = lua_newuserdatauv(L, sizeof(double) * (n + 1), 0);
  for (size_t k = 0; k < n; k++) x[k] = e->points[k].x;
  return clL_push_standing_metrics(L, x, (int)(n / (size_t)e->nseats), e->nseats, won);
}

/* e:requests() gives what the requests so far were: a table with first (the
** seat asked first, or 0), decisions (the requests made of each seat, a
** list), listed (requests with a list of answers), offered (the answers
** those lists held) and typed (requests for a typed answer). */
static int w_Engine_requests(lua_State *L) {
  Engine *e = checkengine(L, 1);
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, e->first);
  lua_setfield(L, -2, "first");
  lua_createtable(L, e->nseats, 0);
  for (int seat = 1; seat <= e->nseats; seat++) {
    lua_pushinteger(L, e->decisions[seat]);
    lua_rawseti(L, -2, seat);
  }
  lua_setfield(L, -2, "decisions");
  lua_pushinteger(L, e->listed);
  lua_setfield(L, -2, "listed");
  lua_pushinteger(L, e->offered);
  lua_setfield(L, -2, "offered");
  lua_pushinteger(L, e->typed);
  lua_setfield(L, -2, "typed");
  return 1;
}

/* e:start(...) runs the game body with the given arguments up to its first
** request; gives the status. */
static int w_Engine_start(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->status != ST_NEW) return luaL_error(L, "start: the game has started already");
  int nargs = lua_gettop(L) - 1;
  /* lua_xmove does not grow the coroutine's stack, made with room for 40
  ** values: 44 arguments wrote past it */
  if (!lua_checkstack(e->co, nargs)) return luaL_error(L, "start: too many arguments (%d)", nargs);
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
** list, or a validator), the fifth value (with a list, the explainer, if
** any; with a validator, the enumerator) and the sixth (game:ask's refresh,
** if any); nothing if none is pending. */
static int w_Engine_request(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->status != ST_WAITING) return 0;
  int n = lua_gettop(e->co);
  if (n > 6) n = 6;
  luaL_checkstack(L, n, NULL);
  for (int i = 1; i <= n; i++) lua_pushvalue(e->co, i);
  lua_xmove(e->co, L, n);
  return n;
}

/* e:reprompt(text) gives the pending request a new prompt: a request asked
** again after an edit (Match:reask) may say something else, as a price the
** prompt quotes. An error when no request is pending. */
static int w_Engine_reprompt(lua_State *L) {
  Engine *e = checkengine(L, 1);
  luaL_checktype(L, 2, LUA_TSTRING);
  if (e->status != ST_WAITING)
    return luaL_error(L, "reprompt: no request is pending (the game is %s)", status_phrases[e->status]);
  lua_pushvalue(L, 2);
  lua_xmove(L, e->co, 1);
  lua_replace(e->co, 3);
  return 0;
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
** the enumerator gives (a table, or a lazy list). *trusted is set when the
** enumerator vouches for its list with a second value `true`: each entry is
** legal and canonical, as the validator would give it back, so that a bot's
** pick from it is committed without the validator. For the random bot (pick
** set; the engine at index ui) the enumerator is given engine_pick, and what
** it picked is in e->pick_k (0: nothing). Returns 0 (with an error message
** pushed instead) when the enumerator fails or gives no list. */
static int push_legal(lua_State *L, Engine *e, int *trusted, int ui, int pick) {
  *trusted = 0;
  e->pick_k = 0;
  if (lua_type(e->co, 4) == LUA_TTABLE) {
    lua_pushvalue(e->co, 4);
    lua_xmove(e->co, L, 1);
    return 1;
  }
  lua_pushvalue(e->co, 5);
  lua_xmove(e->co, L, 1);
  if (pick) lua_getiuservalue(L, ui, 9);
  e->picking = pick;
  int rc = clL_call(L, &e->budget, pick, 2);
  e->picking = 0;
  if (rc != LUA_OK) return 0;
  *trusted = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (lua_type(L, -1) != LUA_TTABLE && !is_lazy(L, -1)) {
    lua_pop(L, 1);
    push_bad_request(L, e, "the enumerator of legal answers must give a list");
    return 0;
  }
  return 1;
}

/* (list) -> a plain table of its entries 1..#list; run under clL_call,
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

/* (list, engine) -> k, list[k] for a k drawn from 1..#list by the random
** bot's generator (or the k its enumerator picked), or nothing if the list
** is empty; under clL_call like materialize. */
static int pick_lazy(lua_State *L) {
  Engine *e = lua_touserdata(L, 2);
  lua_Integer n = luaL_len(L, 1);
  if (n <= 0) return 0;
  if ((lua_Unsigned)n > UINT32_MAX) return luaL_error(L, "the list of legal answers is too long");
  lua_Integer k;
  if (e->pick_k > 0) {
    if (n != e->pick_n)
      return luaL_error(L, "the enumerator picked from a list of %d answers, then gave %d",
                        (int)e->pick_n, (int)n);
    k = e->pick_k;
  } else {
    k = 1 + (lua_Integer)cl_rng_below(&e->bot_rng, (uint32_t)n);
  }
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
  return clL_call(L, &e->budget, 1, 1) == LUA_OK;
}

/* e:legal() gives the list of legal answers of the pending request, as a
** table. */
static int w_Engine_legal(lua_State *L) {
  Engine *e = checkengine(L, 1);
  if (e->status != ST_WAITING) return luaL_error(L, "legal: no request is pending");
  int trusted;
  if (!push_legal(L, e, &trusted, 1, 0) || !make_plain(L, e)) {
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

/* The legal answer that a refused text begins with, words to spare after it
** (cl_answer_say_just: "draw now"): pushes "say just 'draw'" and gives it, or
** NULL (nothing pushed). e->texts holds the n legal texts. */
static const char *push_say_just(lua_State *L, Engine *e, const char *text, size_t len, int n) {
  int k = cl_answer_say_just(text, len, e->texts, e->lens, n);
  return k >= 0 ? lua_pushfstring(L, "say just '%s'", e->texts[k]) : NULL;
}

/* The one legal answer that a refused text is the end of, given without its
** verb (cl_answer_ending: "8D"): pushes "say 'play 8D'" and gives it, or NULL
** (nothing pushed). Found before the explainer runs (see check_answer), and
** said only where it gives no reason: it may know better ("R25" may be
** played or discarded). */
static const char *push_say_ending(lua_State *L, Engine *e, const char *text, size_t len, int n) {
  int k = cl_answer_ending(text, len, e->texts, e->lens, n);
  return k >= 0 ? lua_pushfstring(L, "say '%s'", e->texts[k]) : NULL;
}

/* The legal answer that a refused "yes" or "no" stands for, where the
** prompt is a question the legal answers answer in other words ("take the pool
** card?": "take R48", "skip"; cl_answer_yes_no): pushes "say 'skip'" (or, for
** a yes that several answers stand for, "say which, as in 'play Online'") and
** gives it, or NULL (nothing pushed). */
static const char *push_say_yes_no(lua_State *L, Engine *e, const char *text, size_t len, int n) {
  size_t plen = 0;
  const char *prompt = lua_type(e->co, 3) == LUA_TSTRING ? lua_tolstring(e->co, 3, &plen) : NULL;
  while (prompt != NULL && plen > 0 && isspace((unsigned char)prompt[plen - 1])) plen--;
  if (prompt == NULL || plen == 0 || prompt[plen - 1] != '?') return NULL;
  /* a question that names its choices ("accept, counter or refuse?") is no
  ** yes-or-no question */
  for (size_t i = 0; i + 4 <= plen; i++)
    if (memcmp(prompt + i, " or ", 4) == 0) return NULL;
  int several, k = cl_answer_yes_no(text, len, e->texts, e->lens, n, &several);
  if (k < 0) return NULL;
  return lua_pushfstring(L, several ? "say which, as in '%s'" : "say '%s'", e->texts[k]);
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
      ** if the script gave one, says why the text is not legal here (and
      ** where it gives no reason, a legal answer the text is the end of is
      ** named):
      ** explain(text, seat, answers) gives a reason, or nil (or false) for
      ** none; answers, the legal list, lets it name the answer meant ("say
      ** 'hire Fintech Specialist'"). One that fails costs the reason, not
      ** the game: a mistyped answer must change nothing (check finds such a
      ** failure) */
      const char *why = k == -1 ? push_say_just(L, e, text, len, n) : NULL, *failed = NULL;
      /* the answers the text is the end of, or the yes or no it means, are
      ** found before the explainer runs: e->texts point into the request's
      ** own strings, which the explainer (a closure over that list) may drop
      ** for the collector to free; its copy below keeps none of them alive */
      const char *ending = NULL;
      if (k == -1 && why == NULL) {
        ending = push_say_ending(L, e, text, len, n);
        if (ending == NULL) ending = push_say_yes_no(L, e, text, len, n);
      }
      if (k == -1 && why == NULL && lua_type(e->co, 5) == LUA_TFUNCTION) {
        lua_pushvalue(e->co, 5);
        lua_pushvalue(e->co, 1);  /* the seat asked */
        lua_xmove(e->co, L, 2);
        lua_pushvalue(L, ai);
        lua_insert(L, -2);
        /* a copy of the legal list: the texts checked below live in the
        ** request's own, which the explainer must not be able to empty */
        push_list_copy(L, L, li, n);
        if (clL_call(L, &e->budget, 3, 1) != LUA_OK) {
          /* Ctrl-C (the count hook's, or the host's hook on typed code) is
          ** not the explainer's failure: the caller is stopped, with the
          ** game as it was (nothing is committed) */
          if (clL_interrupted()) lua_error(L);
          clL_forgive();  /* the limit that stopped it stopped only it */
          error_text(L, e);  /* (a __tostring kept, else the type named) */
          failed = clL_pushreason(L, -1);
        } else if (lua_type(L, -1) == LUA_TSTRING) {
          why = clL_pushreason(L, -1);
        }
      }
      if (k == -1 && why == NULL && failed == NULL) why = ending;
      const char *shown = clL_pushshown(L, text, len);
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
  if (clL_call(L, &e->budget, 1, 2) != LUA_OK) {
    fail(L, e, ui);
    return -2;
  }
  if (!lua_toboolean(L, -2)) {
    const char *why = lua_type(L, -1) == LUA_TSTRING ? clL_pushreason(L, -1) : NULL;
    const char *shown = clL_pushshown(L, text, len);
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

/* (list) -> #list, under clL_call: a lazy list's __len is the script's code. */
static int length_of(lua_State *L) {
  lua_pushinteger(L, luaL_len(L, 1));
  return 1;
}

/* A bot's answer to the pending request, pushed; 0 with an error message
** pushed if the bot failed. bi is the bot: "random" or a function called with
** (seat, kind, prompt, legal list) that gives an answer text. A function bot
** gets a plain table of the legal answers, or with as_made a lazy list as the
** enumerator made it: a bot that reads a few entries of hundreds (the
** longest words first, say) then makes only those. */
static int bot_answer(lua_State *L, Engine *e, int bi, lua_Integer *index, int as_made) {
  int trusted, random = lua_type(L, bi) == LUA_TSTRING;
  if (!push_legal(L, e, &trusted, 1, random)) return 0;
  if (random && is_lazy(L, -1)) {  /* the random bot, lazily */
    int li = lua_gettop(L);
    lua_pushcfunction(L, pick_lazy);
    lua_pushvalue(L, li);
    lua_pushlightuserdata(L, e);
    if (clL_call(L, &e->budget, 2, 2) != LUA_OK) return 0;
    if (lua_isnil(L, -2)) {
      push_bad_request(L, e, "the enumerator found no legal answer");
      return 0;
    }
    if (lua_type(L, -1) != LUA_TSTRING) {
      push_bad_request(L, e, "legal answer %d is not a text", (int)lua_tointeger(L, -2));
      return 0;
    }
    /* checked by the validator like anyone's answer, unless the
    ** enumerator vouched for its list: then the game gets the index */
    *index = trusted ? lua_tointeger(L, -2) : -3;
    lua_replace(L, li);
    lua_settop(L, li);
    return 1;
  }
  int lazy = as_made && lua_type(L, bi) == LUA_TFUNCTION && is_lazy(L, -1);
  if (!lazy && !make_plain(L, e)) return 0;
  int li = lua_gettop(L);
  lua_Integer n;
  if (lazy) {
    lua_pushcfunction(L, length_of);
    lua_pushvalue(L, li);
    if (clL_call(L, &e->budget, 1, 1) != LUA_OK) return 0;
    n = lua_tointeger(L, -1);
    lua_pop(L, 1);
  } else {
    n = (lua_Integer)lua_rawlen(L, li);
  }
  if (n <= 0) {
    push_bad_request(L, e, "the enumerator found no legal answer");
    return 0;
  }
  if (random) {  /* the random bot */
    if (e->pick_k > 0 && n != e->pick_n) {
      push_bad_request(L, e, "the enumerator picked from a list of %d answers, then gave %d",
                       (int)e->pick_n, (int)n);
      return 0;
    }
    *index = e->pick_k > 0 ? e->pick_k : 1 + (lua_Integer)cl_rng_below(&e->bot_rng, (uint32_t)n);
    lua_rawgeti(L, li, *index);
    if (lua_type(L, -1) != LUA_TSTRING) {
      push_bad_request(L, e, "legal answer %d is not a text", (int)*index);
      return 0;
    }
    /* a typed answer from the enumerator is checked (and made canonical)
    ** by the validator, like anyone's, unless the enumerator vouched for it */
    if (lua_type(e->co, 4) != LUA_TTABLE && !trusted) *index = -3;
    lua_remove(L, li);
    return 1;
  }
  lua_pushvalue(L, bi);
  for (int i = 1; i <= 3; i++) lua_pushvalue(e->co, i);
  lua_xmove(e->co, L, 3);
  lua_pushvalue(L, li);
  if (clL_call(L, &e->budget, 4, 1) != LUA_OK) return 0;
  if (lua_type(L, -1) != LUA_TSTRING) {
    lua_pushfstring(L, "bot gave %s instead of an answer text", luaL_typename(L, -1));
    return 0;
  }
  lua_remove(L, li);
  *index = -3;  /* to be checked like a human's (the bot had the list to write to) */
  return 1;
}

/* With e:check_lists, a bot's pick from a list its enumerator vouched for
** (at the top of L) goes through the validator too, which must give it back
** unchanged: so `check` finds an enumerator that lists what the rules refuse,
** or a text that is not canonical. Returns 1 if it does; else 0 with the
** problem pushed (a broken validator's error, or a bad request). */
static int vouched_for(lua_State *L, Engine *e) {
  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  lua_pushvalue(e->co, 4);
  lua_xmove(e->co, L, 1);
  lua_pushvalue(L, -2);
  if (clL_call(L, &e->budget, 1, 2) != LUA_OK) return 0;
  const char *shown = clL_pushshown(L, text, len);
  if (!lua_toboolean(L, -3)) {
    const char *why = lua_type(L, -2) == LUA_TSTRING ? clL_pushreason(L, -2) : "no reason given";
    push_bad_request(L, e, "the enumerator vouched for '%s', which the validator refuses: %s", shown, why);
    return 0;
  }
  size_t clen;
  const char *canonical = lua_type(L, -3) == LUA_TSTRING ? lua_tolstring(L, -3, &clen) : NULL;
  if (canonical != NULL && (clen != len || memcmp(canonical, text, len) != 0)) {
    push_bad_request(L, e, "the enumerator vouched for '%s', which the validator makes '%s'; expected "
                     "the canonical text", shown, clL_pushshown(L, canonical, clen));
    return 0;
  }
  lua_pop(L, 3);
  return 1;
}

/* Pushes what a function bot did wrong when its answer (the reason for
** refusing it at the top of L) was refused: "bot for seat 2 gave an illegal
** answer: ...", the bot named by e:run's about(seat) (at index 5) if given:
** "bot for seat 2: the bot 'greedy' (game.lua:7) gave an illegal answer:
** ...". Only on a refusal: a legal answer costs nothing here. */
static void push_illegal_bot(lua_State *L, Engine *e, int seat) {
  const char *why = lua_tostring(L, -1);
  if (lua_isfunction(L, 5)) {
    lua_pushvalue(L, 5);
    lua_pushinteger(L, seat);
    if (clL_call(L, &e->budget, 1, 1) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
      lua_pushfstring(L, "bot for seat %d: %s gave an illegal answer: %s", seat, lua_tostring(L, -1), why);
      return;
    }
    lua_pop(L, 1);  /* (no name, or its failure: the bot's error is the one to tell) */
  }
  lua_pushfstring(L, "bot for seat %d gave an illegal answer: %s", seat, why);
}

/* e:run(bots [, max [, as_made [, about]]]) lets bots answer until a seat
** without a bot must decide, the game ends, max answers were given, or
** Ctrl-C. bots[seat] is "random", a function (seat, kind, prompt, legal) ->
** answer, or nil for a human seat; as_made[seat] true gives that seat's
** function a lazy list as the enumerator made it (see bot_answer). about, if
** given, is called as about(seat) only when a function bot's answer is
** refused, and gives the text naming that bot in the error ("the bot
** 'greedy' (game.lua:7)"), or nil. Gives the status, the number of answers
** given, and true if interrupted. */
static int w_Engine_run(lua_State *L) {
  Engine *e = checkengine(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer max = luaL_optinteger(L, 3, LUA_MAXINTEGER);
  if (!lua_isnoneornil(L, 4)) luaL_checktype(L, 4, LUA_TTABLE);
  if (!lua_isnoneornil(L, 5)) luaL_checktype(L, 5, LUA_TFUNCTION);
  lua_settop(L, 5);
  int as_made_at = lua_istable(L, 4) ? 4 : 0;
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
    if (clL_take_interrupt()) {
      interrupted = 1;
      break;
    }
    int seat = (int)lua_tointeger(co, 1);
    int t = lua_rawgeti(L, 2, seat);  /* index 6: the bot */
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
      lua_settop(L, 5);
      continue;
    }
    lua_Integer index = 0;
    int as_made = 0;
    if (as_made_at) {
      as_made = lua_rawgeti(L, as_made_at, seat) != LUA_TNIL && lua_toboolean(L, -1);
      lua_pop(L, 1);
    }
    if (!bot_answer(L, e, 6, &index, as_made)) {
      lua_pushfstring(L, "bot for seat %d: %s", seat, error_text(L, e));
      fail(L, e, 1);
      break;
    }
    if (index > 0 && e->check_lists && lua_type(co, 4) == LUA_TFUNCTION && !vouched_for(L, e)) {
      fail(L, e, 1);
      break;
    }
    if (index == -3) {
      index = check_answer(L, e, 1, 7);
      if (index == -1) {
        if (t == LUA_TSTRING)
          /* the random bot took its text from the enumerator's list: the
          ** list is what is wrong, at the script's line that asked */
          push_bad_request(L, e, "the enumerator listed an answer that the validator refuses (%s); "
                           "expected only legal answers", lua_tostring(L, -1));
        else
          push_illegal_bot(L, e, seat);
        fail(L, e, 1);
        break;
      }
      if (index == -2) break;
    }
    made++;
    commit(L, e, 1, index);
    lua_settop(L, 5);
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

/* e:fail(message) ends a waiting game in error with message (one line, with
** the script's traceback, as a bot's error ends it in e:run): a player the
** host runs outside the engine, the search bot, whose game's hook failed,
** ends the game so rather than raising through the host. */
static int w_Engine_fail(lua_State *L) {
  Engine *e = checkengine(L, 1);
  luaL_checkstring(L, 2);
  if (e->status != ST_WAITING)
    return luaL_error(L, "fail: the game is %s; expected a game waiting for an answer", status_names[e->status]);
  lua_settop(L, 2);
  fail(L, e, 1);
  return 0;
}

/* e:reseed(seed) seeds the random bot's generator anew: a branch of a game
** (a search's copy of it) plays out with a stream of its own. */
static int w_Engine_reseed(lua_State *L) {
  Engine *e = checkengine(L, 1);
  cl_rng_seed(&e->bot_rng, (uint64_t)luaL_checkinteger(L, 2));
  return 0;
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
  {"reprompt", w_Engine_reprompt}, {"legal", w_Engine_legal}, {"answer", w_Engine_answer}, {"run", w_Engine_run},
  {"result", w_Engine_result}, {"log", w_Engine_log}, {"count", w_Engine_count},
  {"reseed", w_Engine_reseed}, {"fail", w_Engine_fail},
  {"watch_standings", w_Engine_watch_standings},
  {"read_standings", w_Engine_read_standings}, {"standings", w_Engine_standings},
  {"standing_metrics", w_Engine_standing_metrics}, {"requests", w_Engine_requests},
  {NULL, NULL}
};

static const luaL_Reg engine_meta[] = {
  {"__index", NULL}, {"__gc", w_Engine_gc}, {"__tostring", w_Engine_tostring},
  {NULL, NULL}
};

static const luaL_Reg engine_functions[] = {
  {"engine", l_engine_new}, {NULL, NULL}
};

void clL_open_engine(lua_State *L) {
  clL_fillclass(L, C_ENGINE, engine_meta, engine_methods);
  clL_setfuncs(L, engine_functions);
}
