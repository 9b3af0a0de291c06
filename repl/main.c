/*
** main.c: the cardlab program. A small host in the manner of lua.c: it makes a
** Lua state whose allocator (alloc.c) caps memory and reuses small blocks,
** preloads the vm module and a few host services (line editing, signals), and
** hands the command line to repl/cli.lua, run in protected mode with a
** traceback. Everything else is Lua.
*/
#define _XOPEN_SOURCE 700  /* sigaction, strdup */
#include <errno.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <editline/readline.h>
#include <locale.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

#include "alloc.h"
#include "cardlab.h"
#include "files.h"
#include "lcardlab.h"

int luaopen_cardlab_serve(lua_State *L);  /* serve.c: the web server */

#ifndef CARDLAB_HOME
#define CARDLAB_HOME "."
#endif

/* ---------------------------------------------------------------- host module */

static lua_State *globalL = NULL;
static volatile sig_atomic_t interrupted = 0;
static volatile sig_atomic_t interrupt_signal = 0;  /* the signal of the last stop: SIGINT or SIGTERM */
static volatile sig_atomic_t interruptible = 0;  /* running code typed at a prompt */
static volatile sig_atomic_t presses = 0;  /* Ctrl-C presses counted since the REPL last took one */
static struct timespec last_press;  /* when the last counted press came; the handler's own */

/* Stops Lua code typed at a prompt, as lua.c does. */
static void stop_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "interrupted (Ctrl-C)");
}

/* Ctrl-C in the REPL: bot runs stop before their next decision, a
** long-running game step and code typed at the prompt stop with an error.
** A third press before the REPL gets back to reading a line ends the program:
** a single long C call (a string pattern that backtracks for minutes) runs no
** Lua instruction that could be stopped. A press counts toward the three only
** a second or more after the last one counted: a step may run 10 million
** instructions before it sees the first, and an impatient user pressing three
** times at once must not lose an unsaved game. (clock_gettime is
** async-signal-safe.) */
static void on_sigint(int sig) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  if (presses == 0 || (long long)(now.tv_sec - last_press.tv_sec) * 1000000000LL
                      + (now.tv_nsec - last_press.tv_nsec) >= 1000000000LL) {
    presses++;
    last_press = now;
  }
  if (presses >= 3) {
    static const char msg[] = "\ncardlab: stopped: Ctrl-C was pressed 3 times\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  interrupted = 1;
  interrupt_signal = sig;
  cardlab_vm_interrupt();
  if (interruptible && globalL != NULL)
    lua_sethook(globalL, stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* host.interruptible(flag) says whether Ctrl-C may stop the Lua code running
** now on the main thread (code typed at a prompt), and clears a pending stop
** when turned off. */
static int h_interruptible(lua_State *L) {
  interruptible = lua_toboolean(L, 1);
  if (!interruptible && lua_gethook(L) == stop_hook) lua_sethook(L, NULL, 0, 0);
  return 0;
}

/* Tab completion: a Lua function (text, line, start) -> list of candidates. */
static int completer_ref = LUA_NOREF;
static char **candidates = NULL;

static char *next_candidate(const char *text, int state) {
  (void)text;
  static int i;
  if (state == 0) i = 0;
  if (candidates == NULL || candidates[i] == NULL) return NULL;
  return strdup(candidates[i++]);
}

static char **complete(const char *text, int start, int end) {
  (void)end;
  rl_attempted_completion_over = 1;  /* no file names */
  lua_State *L = globalL;
  if (L == NULL || completer_ref == LUA_NOREF) return NULL;
  /* the completer is Lua, called while h_readline holds the user's LC_CTYPE:
  ** it runs in the "C" locale like all other Lua code (string.lower and %s
  ** would otherwise follow the machine's locale) */
  setlocale(LC_CTYPE, "C");
  lua_rawgeti(L, LUA_REGISTRYINDEX, completer_ref);
  lua_pushstring(L, text);
  lua_pushstring(L, rl_line_buffer ? rl_line_buffer : "");
  lua_pushinteger(L, start);
  int status = lua_pcall(L, 3, 1, 0);
  setlocale(LC_CTYPE, "");
  if (status != LUA_OK || !lua_istable(L, -1)) {
    lua_pop(L, 1);
    return NULL;
  }
  int n = (int)lua_rawlen(L, -1);
  candidates = calloc((size_t)n + 1, sizeof(char *));
  for (int i = 0; candidates != NULL && i < n; i++) {
    lua_rawgeti(L, -1, i + 1);
    const char *c = lua_tostring(L, -1);
    candidates[i] = c ? strdup(c) : strdup("");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  char **matches = rl_completion_matches(text, next_candidate);
  for (int i = 0; candidates != NULL && i < n; i++) free(candidates[i]);
  free(candidates);
  candidates = NULL;
  return matches;
}

/* host.set_completer(fn) sets the tab completion function (nil: none). */
static int h_set_completer(lua_State *L) {
  luaL_unref(L, LUA_REGISTRYINDEX, completer_ref);
  completer_ref = LUA_NOREF;
  if (!lua_isnoneornil(L, 1)) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    completer_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  rl_attempted_completion_function = complete;
  return 0;
}

/* A line from stdin when it is not a terminal (a pipe, a file): whole, NUL
** bytes and all, without its newline; nil at end of input. libedit is not used
** there: its readline copies such a line with strdup and then writes at the
** length it read, past the end of the copy when the line holds a NUL (a line
** of 200,000 NULs crashed the program). Like libedit on a pipe, no prompt. */
static int read_plain_line(lua_State *L) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  int c, any = 0;
  while ((c = getchar()) != EOF) {
    any = 1;
    if (c == '\n') break;
    luaL_addchar(&b, (char)c);
  }
  if (!any && ferror(stdin) && interrupted) {  /* Ctrl-C while reading: as on a terminal */
    clearerr(stdin);
    interrupted = 0;
    cardlab_vm_interrupt_clear();
    lua_pushliteral(L, "");
    lua_pushboolean(L, 1);
    return 2;
  }
  if (!any) return 0;
  luaL_pushresult(&b);
  return 1;
}

/* host.readline(prompt [, catch]) reads a line with editing and history; nil
** at end of input. In the REPL (host.catch_interrupts), or for this line when
** catch is true (play's prompt), Ctrl-C while reading discards the line: gives
** "" and true; elsewhere it ends the program. */
static int h_readline(lua_State *L) {
  const char *prompt = luaL_optstring(L, 1, "> ");
  int catch_here = lua_toboolean(L, 2);
  interrupted = 0;
  presses = 0;
  if (!isatty(STDIN_FILENO)) return read_plain_line(L);
  struct sigaction caught, before;
  if (catch_here) {
    memset(&caught, 0, sizeof caught);
    caught.sa_handler = on_sigint;
    sigemptyset(&caught.sa_mask);
    sigaction(SIGINT, &caught, &before);
  }
  /* libedit decodes what is typed by the character set of the locale. The
  ** program stays in the "C" locale (Lua's character classes must not depend
  ** on the machine), in which libedit drops every byte above 127: a typed
  ** 'word café' came back as 'word caf'. The user's LC_CTYPE holds only while
  ** a line is read. */
  setlocale(LC_CTYPE, "");
  char *line = readline(prompt);
  setlocale(LC_CTYPE, "C");
  if (catch_here) sigaction(SIGINT, &before, NULL);
  if ((line == NULL || catch_here) && interrupted) {  /* (play's prompt: a press is never lost) */
    free(line);
    interrupted = 0;
    cardlab_vm_interrupt_clear();
    fputs("\n", stdout);
    lua_pushliteral(L, "");
    lua_pushboolean(L, 1);
    return 2;
  }
  if (line == NULL) return 0;
  lua_pushstring(L, line);
  free(line);
  return 1;
}

static int h_add_history(lua_State *L) {
  add_history(luaL_checkstring(L, 1));
  return 0;
}

/* Whether the history may be kept at path: a regular file, or none yet.
** libedit makes the file it writes private (mode 0600): run as root, over
** /dev/null, other users could no longer write that; and a FIFO would wait
** for ever for the other end. */
static int history_file(const char *path) {
  struct stat st;
  return stat(path, &st) != 0 || S_ISREG(st.st_mode);
}

static int h_read_history(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  lua_pushboolean(L, history_file(path) && read_history(path) == 0);
  return 1;
}

/* host.history_writable(path): true if the history could be written at path
** (a regular file this user may write, or none yet in a folder it may write
** to); else nil and why not, for the one line the REPL says about it. */
static int h_history_writable(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  struct stat st;
  const char *why = NULL;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) why = "it is a directory";
    else if (!S_ISREG(st.st_mode)) why = "it is not a regular file";
    else if (access(path, W_OK) != 0) why = strerror(errno);
  } else if (errno != ENOENT) {
    why = strerror(errno);
  } else {
    /* no file yet: its folder must take one */
    const char *slash = strrchr(path, '/');
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (slash == NULL) luaL_addchar(&b, '.');
    else luaL_addlstring(&b, path, slash == path ? 1 : (size_t)(slash - path));
    luaL_pushresult(&b);
    if (access(lua_tostring(L, -1), W_OK) != 0) why = strerror(errno);
    lua_pop(L, 1);
  }
  if (why == NULL) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_pushstring(L, why);
  return 2;
}

/* host.write_history(path): true, or nil and why not (libedit gives the
** errno); a file that is not a regular one is left alone (history_file). */
static int h_write_history(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  if (!history_file(path)) {
    lua_pushnil(L);
    lua_pushliteral(L, "it is not a regular file");
    return 2;
  }
  int err = write_history(path);
  if (err == 0) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_pushstring(L, strerror(err));
  return 2;
}

/* host.interrupted() tells whether Ctrl-C was pressed (or, after
** host.catch_interrupts(true), SIGTERM came) since the last call, and
** forgets it (also for bot runs and script steps); a second result names
** the signal: "Ctrl-C" or "SIGTERM". */
static int h_interrupted(lua_State *L) {
  lua_pushboolean(L, interrupted);
  if (interrupted) lua_pushstring(L, interrupt_signal == SIGTERM ? "SIGTERM" : "Ctrl-C");
  else lua_pushnil(L);
  interrupted = 0;
  presses = 0;
  cardlab_vm_interrupt_clear();
  return 2;
}

/* host.catch_interrupts([term]) makes Ctrl-C stop what runs rather than the
** program (the REPL calls it); without it, Ctrl-C ends the program, as a
** user of play, sim or check expects. With term true, SIGTERM does the same
** (a simulation stopped by a job scheduler or `kill` closes its files and
** sums up the games finished). */
static int h_catch_interrupts(lua_State *L) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  if (lua_toboolean(L, 1)) sigaction(SIGTERM, &sa, NULL);
  return 0;
}

/* host.output_failed() tells whether a write to standard output failed
** (ferror): a flush after it no longer says so. Lua's print flushes each
** line it writes, so a script's lines lost to a full disk left only an
** empty buffer to flush at the end, which succeeds. */
static int h_output_failed(lua_State *L) {
  lua_pushboolean(L, ferror(stdout));
  return 1;
}

/* host.pid() gives the process's id (a simulation's workers tell their
** parent theirs, for it to pass a stop on to them). */
static int h_pid(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)getpid());
  return 1;
}

/* host.clock() gives seconds of processor time, for benchmarks. The thread's
** clock, not the process's: once the engine's watchdog timer runs, Linux
** serves the process clock at tick (4 ms) resolution. The program has one
** thread, so the two agree. */
static int h_clock(lua_State *L) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  lua_pushnumber(L, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
  return 1;
}

/* host.children_clock() gives seconds of processor time (user and system)
** of the child processes waited for so far, and of theirs that they waited
** for: what `cardlab sim --jobs J`, run by bench, spent in all its
** processes. */
static int h_children_clock(lua_State *L) {
  struct rusage ru;
  if (getrusage(RUSAGE_CHILDREN, &ru) != 0) return luaL_error(L, "getrusage failed");
  lua_pushnumber(L, (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6);
  return 1;
}

/* host.now() gives seconds of wall-clock time from an arbitrary start
** (monotonic), for speeds of runs whose work is done by other processes. */
static int h_now(lua_State *L) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  lua_pushnumber(L, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
  return 1;
}

/* host.memory() gives the bytes Lua holds now. */
static int h_memory(lua_State *L) {
  void *ud;
  lua_getallocf(L, &ud);
  lua_pushinteger(L, (lua_Integer)((Allocator *)ud)->used);
  return 1;
}

/* host.isatty(fd) tells whether the file descriptor (0 standard input, 1
** standard output) is a terminal: colour, the width and the hot-seat screen
** follow it. */
static int h_isatty(lua_State *L) {
  lua_pushboolean(L, isatty((int)luaL_checkinteger(L, 1)));
  return 1;
}

/* host.columns() gives the width of the terminal on standard output, or nil
** when it is no terminal (or does not say). */
static int h_columns(lua_State *L) {
  struct winsize ws;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) return 0;
  lua_pushinteger(L, ws.ws_col);
  return 1;
}

/* host.sleep(seconds) waits, for the pause between bots' moves; Ctrl-C
** ends it (and the program, outside the REPL). */
static int h_sleep(lua_State *L) {
  lua_Number s = luaL_checknumber(L, 1);
  if (s > 0) {
    if (s > 3600) s = 3600;
    struct timespec ts;
    ts.tv_sec = (time_t)s;
    ts.tv_nsec = (long)((s - (lua_Number)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
  }
  return 0;
}

static const luaL_Reg host_functions[] = {
  {"readline", h_readline}, {"add_history", h_add_history},
  {"read_history", h_read_history}, {"write_history", h_write_history},
  {"history_writable", h_history_writable},
  {"interrupted", h_interrupted}, {"interruptible", h_interruptible},
  {"catch_interrupts", h_catch_interrupts}, {"pid", h_pid}, {"output_failed", h_output_failed},
  {"set_completer", h_set_completer}, {"clock", h_clock},
  {"children_clock", h_children_clock}, {"now", h_now}, {"memory", h_memory},
  {"isatty", h_isatty}, {"columns", h_columns}, {"sleep", h_sleep},
  {NULL, NULL}
};

int luaopen_cardlab_host(lua_State *L) {
  luaL_newlib(L, host_functions);
  return 1;
}

/* ---------------------------------------------------------------- main */

/* The message of an error no command caught, with its traceback; control
** characters escaped as in every other line cardlab prints (it may quote a
** game's text). */
static int traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  luaL_traceback(L, L, msg, 1);
  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  cardlab_vm_push_printable(L, text, len);
  return 1;
}

/* Runs in protected mode: sets up paths and runs repl/cli.lua with argv. */
static int pmain(lua_State *L) {
  int argc = (int)lua_tointeger(L, 1);
  char **argv = lua_touserdata(L, 2);
  const char *home = getenv("CARDLAB_HOME");
  if (home == NULL || *home == '\0') home = CARDLAB_HOME;
  luaL_openlibs(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, luaopen_cardlab_vm);
  lua_setfield(L, -2, "cardlab.vm");
  lua_pushcfunction(L, luaopen_cardlab_host);
  lua_setfield(L, -2, "cardlab.host");
  lua_pushcfunction(L, luaopen_cardlab_serve);
  lua_setfield(L, -2, "cardlab.serve");
  lua_pushcfunction(L, luaopen_cardlab_files);
  lua_setfield(L, -2, "cardlab.files");
  lua_pop(L, 1);
  cardlab_vm_use_home(L, home);
  lua_createtable(L, argc, 1);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i);
  }
  lua_setglobal(L, "arg");
  const char *cli = lua_pushfstring(L, "%s/repl/cli.lua", home);
  if (luaL_loadfile(L, cli) != LUA_OK) {
    /* a setup problem, not a bug: one line, no traceback */
    fprintf(stderr, "cardlab: %s (CARDLAB_HOME is '%s'; expected the folder cardlab was built "
            "from)\n", lua_tostring(L, -1), home);
    lua_pushinteger(L, 1);
    return 1;
  }
  /* room for every argument: a C function is promised only LUA_MINSTACK
  ** (20) slots, and 37 file names given to 'cardlab test' wrote past them */
  luaL_checkstack(L, argc, "too many arguments");
  for (int i = 1; i < argc; i++) lua_pushstring(L, argv[i]);
  lua_call(L, argc - 1, 1);
  return 1;
}

int main(int argc, char **argv) {
  Allocator memory;
  size_t limit = (size_t)2048 << 20;
  const char *mb = getenv("CARDLAB_MEMORY_MB");
  if (mb != NULL && *mb != '\0') {
    char *end;
    long long n = strtoll(mb, &end, 10);
    if (*end != '\0' || n < 1 || n > (1LL << 30)) {
      fprintf(stderr, "cardlab: CARDLAB_MEMORY_MB is '%s'; expected a whole number of "
              "megabytes from 1 to %lld\n", mb, 1LL << 30);
      return 2;
    }
    limit = (size_t)n << 20;
  }
  /* sanitizer builds give each Lua block its own malloc, so that the
  ** sanitizers see them; CARDLAB_PLAIN_MALLOC does so too, to measure what
  ** the free lists are worth */
  allocator_init(&memory, limit, !CARDLAB_SANITIZED && getenv("CARDLAB_PLAIN_MALLOC") == NULL);
  lua_State *L = lua_newstate(allocator_lua, &memory);
  if (L == NULL) {
    fprintf(stderr, "cardlab: cannot create a Lua state: not enough memory\n");
    allocator_release(&memory);
    return 1;
  }
  globalL = L;
  lua_pushcfunction(L, traceback);
  lua_pushcfunction(L, pmain);
  lua_pushinteger(L, argc);
  lua_pushlightuserdata(L, argv);
  int status = lua_pcall(L, 2, 1, 1);
  int code = 0;
  if (status != LUA_OK) {
    fprintf(stderr, "cardlab: %s\n", lua_tostring(L, -1));
    code = 1;
  } else if (lua_isinteger(L, -1)) {
    code = (int)lua_tointeger(L, -1);
  } else if (lua_isboolean(L, -1)) {
    code = lua_toboolean(L, -1) ? 0 : 1;
  }
  globalL = NULL;
  lua_close(L);
  allocator_release(&memory);
  return code;
}
