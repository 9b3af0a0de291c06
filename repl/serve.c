/*
** serve.c: the web server of `cardlab serve` (module cardlab.serve), on
** civetweb. civetweb calls back on threads of its own, and a lua_State is not
** thread-safe, so no civetweb thread ever touches Lua: its callbacks only
** queue events (a socket opened, a text message, a socket closed) under a
** mutex, and serve static files from the page's folder. The program's main
** thread, the only one running Lua, takes the events (serve.next) and writes
** frames back (serve.send). Each table of the server runs in a Lua state of
** its own, a "world" (serve.world), also driven from the main thread only.
**
** Refused here, before Lua sees them, with a frame saying why: frames over
** 64 KiB, fragmented and binary frames. Refused by the HTTP handler: any path
** with '..' or characters other than letters, digits, '.', '_', '-', '/' (a
** '%' too: paths are not decoded), and methods other than GET and HEAD.
*/
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <civetweb.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

#include "alloc.h"
#include "files.h"
#include "lcardlab.h"

int luaopen_cardlab_serve(lua_State *L);
int luaopen_cardlab_host(lua_State *L);  /* main.c: the program's host module */

#define MAX_FRAME (64 * 1024)  /* the largest text frame taken, in bytes */
#define MAX_CONNS 1024         /* sockets open at once, at most */
/* Each open socket holds one of civetweb's threads: so many are kept for
** the page's files and new sockets whatever the sockets hold */
#define SPARE_THREADS 40

/* ---------------------------------------------------------------- the event queue */

enum { EV_OPEN, EV_MESSAGE, EV_CLOSE };
static const char *const event_names[] = { "open", "message", "close" };

typedef struct Event {
  struct Event *next;
  int kind;
  long conn;
  char *data;  /* a message's text, or an open's query string; malloc'd */
  size_t len;
} Event;

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_cond = PTHREAD_COND_INITIALIZER;
static Event *queue_head = NULL, *queue_tail = NULL;

/* Queues an event (any thread); data is copied. A copy that cannot be made
** drops the event: the socket then sees no answer, the game is unchanged. */
static void push_event(int kind, long conn, const char *data, size_t len) {
  Event *e = malloc(sizeof *e);
  if (e == NULL) return;
  e->next = NULL;
  e->kind = kind;
  e->conn = conn;
  e->len = len;
  e->data = NULL;
  if (data != NULL) {
    e->data = malloc(len + 1);
    if (e->data == NULL) { free(e); return; }
    memcpy(e->data, data, len);
    e->data[len] = '\0';
  }
  pthread_mutex_lock(&queue_lock);
  if (queue_tail) queue_tail->next = e; else queue_head = e;
  queue_tail = e;
  pthread_cond_signal(&queue_cond);
  pthread_mutex_unlock(&queue_lock);
}

static void free_events(void) {
  pthread_mutex_lock(&queue_lock);
  while (queue_head) {
    Event *e = queue_head;
    queue_head = e->next;
    free(e->data);
    free(e);
  }
  queue_tail = NULL;
  pthread_mutex_unlock(&queue_lock);
}

/* ---------------------------------------------------------------- sockets */

/* The open sockets, by id. An id is slot + MAX_CONNS * generation, so that an
** id whose socket closed never reaches a later socket in the same slot. The
** main thread writes under this lock, and a socket's close handler clears its
** slot under it: a write never meets a socket civetweb has freed. */
/* A socket whose write failed or timed out (a client that stopped reading:
** civetweb's write waits request_timeout_ms for room) is stalled: no frame
** is written to it again, so it holds up the thread every table plays on
** once, not at every frame; its next frame in closes it. */
typedef struct Slot { struct mg_connection *conn; long id; int stalled; } Slot;
static pthread_mutex_t conns_lock = PTHREAD_MUTEX_INITIALIZER;
static Slot slots[MAX_CONNS];
static long generation = 1;
static int open_count = 0;

static int max_sockets = MAX_CONNS;  /* the threads less the spare ones */
static int per_address = 32;         /* sockets open at once from one address */
/* The sockets open from each address (a slot with n == 0 is free). */
typedef struct Address { char addr[48]; int n; } Address;
static Address addresses[MAX_CONNS];

/* Adds delta to the count of sockets open from addr; gives the count. */
static int address_count(const char *addr, int delta) {
  Address *free_slot = NULL;
  for (int i = 0; i < MAX_CONNS; i++) {
    if (addresses[i].n > 0 && strcmp(addresses[i].addr, addr) == 0) {
      addresses[i].n += delta;
      return addresses[i].n;
    }
    if (addresses[i].n == 0 && free_slot == NULL) free_slot = &addresses[i];
  }
  if (delta <= 0 || free_slot == NULL) return 0;
  snprintf(free_slot->addr, sizeof free_slot->addr, "%s", addr);
  free_slot->n = delta;
  return delta;
}

/* Whether a socket's Origin (which every browser sends) names the host it
** asked for: a page of another site may not open sockets here on its
** visitor's behalf (to fill the server's threads). A client that sends no
** Origin is no browser, and is let in. */
static int same_origin(const struct mg_connection *conn) {
  const char *origin = mg_get_header(conn, "Origin");
  if (origin == NULL) return 1;
  const char *host = mg_get_header(conn, "Host");
  if (host == NULL) return 0;
  const char *p = strstr(origin, "://");
  p = p != NULL ? p + 3 : origin;
  size_t n = strlen(host);
  return strncasecmp(p, host, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

static struct mg_context *server = NULL;
static char webroot[PATH_MAX];
static volatile sig_atomic_t stop_requested = 0;

static long conn_id(const struct mg_connection *conn) {
  return (long)(intptr_t)mg_get_user_connection_data(conn);
}

static void refuse_frame(struct mg_connection *conn, const char *reason) {
  char buf[512];
  int n = snprintf(buf, sizeof buf, "{\"type\":\"error\",\"reason\":\"%s\"}", reason);
  mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_TEXT, buf, (size_t)n);
}

/* A socket is refused (closed before it opens: the page says it cannot
** connect) from another site's page, past the sockets the threads allow, or
** past per_address from one address: one client cannot take every
** thread and hold every page load and socket of the others up. */
static int ws_connect(const struct mg_connection *conn, void *cbdata) {
  (void)cbdata;
  if (!same_origin(conn)) return 1;
  const char *addr = mg_get_request_info(conn)->remote_addr;
  pthread_mutex_lock(&conns_lock);
  int full = open_count >= max_sockets || address_count(addr, 0) >= per_address;
  if (!full) {
    open_count++;
    address_count(addr, 1);
  }
  pthread_mutex_unlock(&conns_lock);
  return full;  /* nonzero refuses the socket */
}

static void ws_ready(struct mg_connection *conn, void *cbdata) {
  (void)cbdata;
  long id = 0;
  pthread_mutex_lock(&conns_lock);
  for (int i = 0; i < MAX_CONNS; i++) {
    if (slots[i].conn == NULL) {
      id = i + (long)MAX_CONNS * generation++;
      slots[i].conn = conn;
      slots[i].id = id;
      slots[i].stalled = 0;
      break;
    }
  }
  pthread_mutex_unlock(&conns_lock);
  mg_set_user_connection_data(conn, (void *)(intptr_t)id);
  const char *q = mg_get_request_info(conn)->query_string;
  if (id) push_event(EV_OPEN, id, q ? q : "", q ? strlen(q) : 0);
}

static int ws_data(struct mg_connection *conn, int opcode, char *data, size_t len, void *cbdata) {
  (void)cbdata;
  int op = opcode & 0xf, fin = opcode & 0x80;
  long id = conn_id(conn);
  if (op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return 0;
  if (id) {
    pthread_mutex_lock(&conns_lock);
    int stalled = slots[id % MAX_CONNS].id == id && slots[id % MAX_CONNS].stalled;
    pthread_mutex_unlock(&conns_lock);
    if (stalled) return 0;  /* (closes it: the server writes to it no more) */
  }
  if (op == MG_WEBSOCKET_OPCODE_PING) {
    mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_PONG, data, len);
    return 1;
  }
  if (op == MG_WEBSOCKET_OPCODE_PONG) return 1;
  if (len > MAX_FRAME) {
    char reason[160];
    snprintf(reason, sizeof reason, "frame of %zu bytes refused: the limit is %d bytes; "
             "nothing was changed", len, MAX_FRAME);
    refuse_frame(conn, reason);
    return 1;
  }
  if (op != MG_WEBSOCKET_OPCODE_TEXT || !fin) {
    refuse_frame(conn, "frame refused: expected one whole text frame holding a JSON object; "
                 "nothing was changed");
    return 1;
  }
  if (id) push_event(EV_MESSAGE, id, data, len);
  return 1;
}

static void ws_close(const struct mg_connection *conn, void *cbdata) {
  (void)cbdata;
  long id = conn_id(conn);
  pthread_mutex_lock(&conns_lock);
  open_count--;
  address_count(mg_get_request_info(conn)->remote_addr, -1);
  if (id) {
    Slot *s = &slots[id % MAX_CONNS];
    if (s->id == id) { s->conn = NULL; s->id = 0; }
  }
  pthread_mutex_unlock(&conns_lock);
  if (id) push_event(EV_CLOSE, id, NULL, 0);
}

/* ---------------------------------------------------------------- the page's files */

static const char *mime_type(const char *name) {
  const char *dot = strrchr(name, '.');
  if (dot == NULL) return "application/octet-stream";
  if (strcmp(dot, ".html") == 0) return "text/html; charset=utf-8";
  if (strcmp(dot, ".css") == 0) return "text/css; charset=utf-8";
  if (strcmp(dot, ".js") == 0) return "text/javascript; charset=utf-8";
  if (strcmp(dot, ".svg") == 0) return "image/svg+xml";
  if (strcmp(dot, ".png") == 0) return "image/png";
  if (strcmp(dot, ".json") == 0) return "application/json";
  return "application/octet-stream";
}

/* A path of the page: letters, digits, '.', '_', '-' and '/', no '..' and no
** empty segment. Anything else could name a file outside the folder. */
static int page_path_ok(const char *p) {
  if (*p != '/') return 0;
  for (const char *c = p; *c; c++) {
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')
          || *c == '.' || *c == '_' || *c == '-' || *c == '/'))
      return 0;
  }
  return strstr(p, "..") == NULL && strstr(p, "//") == NULL;
}

/* Answers with an error: its status and a line saying why, with the headers
** written here (civetweb's error page has no Allow header, which a 405 must
** carry). A HEAD request gets the status line and headers alone, as HTTP
** wants. */
static int refuse_request(struct mg_connection *conn, int status, const char *why) {
  char body[400], length[32];
  int n = snprintf(body, sizeof body, "Error %d: %s\ncardlab serve: %s\n", status,
                   mg_get_response_code_text(conn, status), why);
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof body) n = (int)sizeof body - 1;
  snprintf(length, sizeof length, "%d", n);
  mg_response_header_start(conn, status);
  mg_response_header_add(conn, "Content-Type", "text/plain; charset=utf-8", -1);
  mg_response_header_add(conn, "Content-Length", length, -1);
  mg_response_header_add(conn, "Cache-Control", "no-cache", -1);
  if (status == 405) mg_response_header_add(conn, "Allow", "GET, HEAD", -1);
  mg_response_header_send(conn);
  if (strcmp(mg_get_request_info(conn)->request_method, "HEAD") != 0) mg_write(conn, body, (size_t)n);
  return status;
}

static int http_page(struct mg_connection *conn, void *cbdata) {
  (void)cbdata;
  const struct mg_request_info *ri = mg_get_request_info(conn);
  /* as sent: the server does not decode it (decode_url no), so a '%' never
  ** reaches the test below decoded, and is refused there */
  const char *uri = ri->local_uri_raw ? ri->local_uri_raw : ri->request_uri;
  char why[160];
  /* HEAD is answered as GET is, without the body */
  if (strcmp(ri->request_method, "GET") != 0 && strcmp(ri->request_method, "HEAD") != 0) {
    snprintf(why, sizeof why, "method %.40s refused; the page is read with GET (or HEAD)",
             ri->request_method);
    return refuse_request(conn, 405, why);
  }
  if (uri == NULL || !page_path_ok(uri))
    return refuse_request(conn, 400, "path refused: a page's path holds letters, digits, '.', "
                          "'_', '-' and '/', and never '..'; it may not leave the page's folder");
  const char *name = uri + 1;
  if (*name == '\0' || strcmp(name, "lobby") == 0 || strcmp(name, "play") == 0
      || strcmp(name, "watch") == 0 || strcmp(name, "replay") == 0)
    name = "index.html";
  char path[PATH_MAX + 256];
  snprintf(path, sizeof path, "%s/%s", webroot, name);
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
    snprintf(why, sizeof why, "no page /%.100s here", name);
    return refuse_request(conn, 404, why);
  }
  /* Cache-Control comes from civetweb (static_file_cache_control, in
  ** l_start): a second one here would contradict its default max-age */
  mg_send_mime_file2(conn, path, mime_type(name), "X-Content-Type-Options: nosniff\r\n");
  return 200;
}

/* ---------------------------------------------------------------- the Lua module */

/* Only the flag: pthread_cond_signal is not async-signal-safe (the signal
** may come while this thread is inside the condition's own calls), and
** next() looks at the flag every 100 ms anyway. */
static void on_stop_signal(int sig) {
  (void)sig;
  stop_requested = 1;
}

/* serve.start(address, port, webroot, threads, per_address) starts the
** server (per_address: the most sockets open from one address); gives the
** port it listens on, or nil and why not. SIGINT and SIGTERM then make
** serve.next give "stop", so that the program ends in order. */
static int l_start(lua_State *L) {
  const char *addr = luaL_checkstring(L, 1);
  lua_Integer port = luaL_checkinteger(L, 2);
  const char *root = luaL_checkstring(L, 3);
  lua_Integer threads = luaL_optinteger(L, 4, 64);
  lua_Integer most = luaL_optinteger(L, 5, 32);
  luaL_argcheck(L, most >= 1 && most <= MAX_CONNS, 5, "expected 1 to 1024 sockets");
  per_address = (int)most;
  if (server != NULL) return luaL_error(L, "the server runs already");
  if (realpath(root, webroot) == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "the page's folder %s: %s", root, strerror(errno));
    return 2;
  }
  char ports[128], nthreads[32];
  /* an IPv6 address is written in brackets */
  if (strchr(addr, ':')) snprintf(ports, sizeof ports, "[%s]:%lld", addr, (long long)port);
  else snprintf(ports, sizeof ports, "%s:%lld", addr, (long long)port);
  snprintf(nthreads, sizeof nthreads, "%lld", (long long)threads);
  max_sockets = threads - SPARE_THREADS < 1 ? 1 : threads - SPARE_THREADS > MAX_CONNS ? MAX_CONNS
              : (int)(threads - SPARE_THREADS);
  const char *options[] = {
    "listening_ports", ports, "num_threads", nthreads,
    "websocket_timeout_ms", "3600000", "enable_websocket_ping_pong", "yes",
    "request_timeout_ms", "10000", "tcp_nodelay", "1",
    /* the page's files are checked again on every load (with their ETag),
    ** so that a new cardlab's page is never mixed with an old one's */
    "static_file_cache_control", "no-cache",
    /* the handler sees the path as sent: a %00 decoded would end the C text
    ** early ("/%00../x" read as "/"), and a page's path needs no '%' */
    "decode_url", "no", NULL
  };
  mg_init_library(0);
  /* civetweb's threads inherit this mask: the signals (Ctrl-C, the engine's
  ** watchdog timer, SIGPROF: vm/lguard.c) reach the main thread only, where
  ** the script code they watch runs */
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  sigaddset(&block, SIGPROF);
  sigaddset(&block, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  struct mg_callbacks callbacks;
  memset(&callbacks, 0, sizeof callbacks);
  char errbuf[256] = "";
  struct mg_init_data init = { &callbacks, NULL, options };
  unsigned errcode = 0;
  struct mg_error_data error = { &errcode, errbuf, sizeof errbuf };
  server = mg_start2(&init, &error);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (server == NULL) {
    mg_exit_library();
    lua_pushnil(L);
    lua_pushfstring(L, "cannot listen on %s: %s", ports, *errbuf ? errbuf : "civetweb did not start");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  mg_set_request_handler(server, "/", http_page, NULL);
  mg_set_websocket_handler(server, "/ws", ws_connect, ws_ready, ws_data, ws_close, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  struct mg_server_port sp[4];
  int n = mg_get_server_ports(server, 4, sp);
  lua_pushinteger(L, n > 0 ? sp[0].port : port);
  return 1;
}

/* serve.next(timeout_ms) gives the next event as kind, id, text: "open" (the
** socket's query string), "message" (the frame's text), "close"; or "stop"
** after SIGINT or SIGTERM; or nothing when the time ran out. */
static int l_next(lua_State *L) {
  lua_Integer ms = luaL_optinteger(L, 1, 0);
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += ms / 1000;
  until.tv_nsec += (ms % 1000) * 1000000L;
  if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
  pthread_mutex_lock(&queue_lock);
  while (queue_head == NULL && !stop_requested) {
    /* in slices of at most 100 ms: a signal may come between the test and the wait */
    struct timespec now, slice;
    clock_gettime(CLOCK_REALTIME, &now);
    if (now.tv_sec > until.tv_sec || (now.tv_sec == until.tv_sec && now.tv_nsec >= until.tv_nsec))
      break;
    slice = now;
    slice.tv_nsec += 100000000L;
    if (slice.tv_nsec >= 1000000000L) { slice.tv_sec++; slice.tv_nsec -= 1000000000L; }
    if (slice.tv_sec > until.tv_sec || (slice.tv_sec == until.tv_sec && slice.tv_nsec > until.tv_nsec))
      slice = until;
    pthread_cond_timedwait(&queue_cond, &queue_lock, &slice);
  }
  Event *e = queue_head;
  if (e) {
    queue_head = e->next;
    if (queue_head == NULL) queue_tail = NULL;
  }
  pthread_mutex_unlock(&queue_lock);
  if (e == NULL) {
    if (stop_requested) { lua_pushliteral(L, "stop"); return 1; }
    return 0;
  }
  lua_pushstring(L, event_names[e->kind]);
  lua_pushinteger(L, e->conn);
  if (e->data) lua_pushlstring(L, e->data, e->len); else lua_pushnil(L);
  free(e->data);
  free(e);
  return 3;
}

/* serve.send(id, text) writes a text frame to a socket; gives whether it was
** still open. */
static int l_send(lua_State *L) {
  lua_Integer id = luaL_checkinteger(L, 1);
  size_t len;
  const char *text = luaL_checklstring(L, 2, &len);
  int sent = 0;
  pthread_mutex_lock(&conns_lock);
  if (id > 0) {
    Slot *s = &slots[id % MAX_CONNS];
    if (s->id == id && s->conn != NULL && !s->stalled) {
      sent = mg_websocket_write(s->conn, MG_WEBSOCKET_OPCODE_TEXT, text, len) > 0;
      if (!sent) s->stalled = 1;
    }
  }
  pthread_mutex_unlock(&conns_lock);
  lua_pushboolean(L, sent);
  return 1;
}

/* serve.stop() closes every socket and stops the server. */
static int l_stop(lua_State *L) {
  (void)L;
  if (server != NULL) {
    mg_stop(server);
    server = NULL;
    mg_exit_library();
  }
  free_events();
  return 0;
}

/* Reads n bytes from /dev/urandom into buf; gives whether it could. */
static int random_bytes(unsigned char *buf, size_t n) {
  int fd = open("/dev/urandom", O_RDONLY);
  size_t got = 0;
  while (fd >= 0 && got < n) {
    ssize_t r = read(fd, buf + got, n - got);
    if (r <= 0) break;
    got += (size_t)r;
  }
  if (fd >= 0) close(fd);
  return got == n;
}

/* serve.token() gives 32 hex digits from /dev/urandom: a seat's secret. Not
** the game's generator, so the game stays a function of its seed. */
static int l_token(lua_State *L) {
  unsigned char bytes[16];
  if (!random_bytes(bytes, sizeof bytes)) return luaL_error(L, "cannot read /dev/urandom for a seat token");
  char hex[33];
  for (int i = 0; i < 16; i++) snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
  lua_pushlstring(L, hex, 32);
  return 1;
}

/* serve.seed() gives a game's seed from /dev/urandom, 0 to 2^53-1 (the
** seeds a save file holds): a default seed that no one at the table can
** guess from the clock, and that two tables made at once do not share. */
static int l_seed(lua_State *L) {
  unsigned char b[8];
  if (!random_bytes(b, sizeof b)) return luaL_error(L, "cannot read /dev/urandom for a seed");
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = (v << 8) | b[i];
  lua_pushinteger(L, (lua_Integer)(v & ((UINT64_C(1) << 53) - 1)));
  return 1;
}

/* serve.is_address(text) gives whether text is an IPv4 address (dotted quad,
** each part 0 to 255) or an IPv6 one, as inet_pton reads them: civetweb
** itself would listen on 231.1.1.1 for 999.1.1.1. */
static int l_is_address(lua_State *L) {
  const char *text = luaL_checkstring(L, 1);
  unsigned char buf[sizeof(struct in6_addr)];
  lua_pushboolean(L, inet_pton(AF_INET, text, buf) == 1 || inet_pton(AF_INET6, text, buf) == 1);
  return 1;
}

/* serve.now() gives milliseconds of a monotonic clock, for bot delays. */
static int l_now(lua_State *L) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  lua_pushnumber(L, (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6);
  return 1;
}

/* ---------------------------------------------------------------- worlds */

/* A world is a Lua state of its own for one table (principle 9): nothing its
** rule script or house file does reaches another table. Only texts, numbers,
** booleans and nil cross between states. */
#define WORLD_T "cardlab.World"
typedef struct World {
  lua_State *L;
  Allocator *memory;
  int handlers;  /* registry reference to the table the world's script gave */
} World;

static int world_traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* Runs in the new state: libraries, the vm, the host module and the paths
** of the creating state, then the script, whose result (a table of
** functions) is kept. */
static int world_main(lua_State *W) {
  const char *script = lua_tostring(W, 1);
  luaL_openlibs(W);
  luaL_getsubtable(W, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(W, luaopen_cardlab_vm);
  lua_setfield(W, -2, "cardlab.vm");
  lua_pushcfunction(W, luaopen_cardlab_files);  /* its saves */
  lua_setfield(W, -2, "cardlab.files");
  /* the program's host module (its clock times a search bot's ms) */
  lua_pushcfunction(W, luaopen_cardlab_host);
  lua_setfield(W, -2, "cardlab.host");
  lua_pop(W, 1);
  lua_getglobal(W, "package");
  lua_pushvalue(W, 2);
  lua_setfield(W, -2, "path");
  lua_pushvalue(W, 3);
  lua_setfield(W, -2, "cpath");
  lua_pop(W, 1);
  lua_pushvalue(W, 4);
  lua_setglobal(W, "CARDLAB_HOME");
  if (luaL_loadfile(W, script) != LUA_OK) return lua_error(W);
  lua_call(W, 0, 1);
  if (!lua_istable(W, -1)) return luaL_error(W, "%s must return a table of functions", script);
  return 1;
}

static World *checkworld(lua_State *L, int i) {
  World *w = luaL_checkudata(L, i, WORLD_T);
  if (w->L == NULL) luaL_error(L, "cannot use a world after it was closed");
  return w;
}

/* serve.world(script) makes a world running the Lua file script; gives it,
** or nil and the error. */
static int l_world(lua_State *L) {
  const char *script = luaL_checkstring(L, 1);
  World *w = lua_newuserdatauv(L, sizeof(World), 0);
  w->L = NULL;
  w->memory = NULL;
  luaL_setmetatable(L, WORLD_T);
  void *ud;
  lua_getallocf(L, &ud);
  w->memory = malloc(sizeof(Allocator));
  if (w->memory == NULL) return luaL_error(L, "not enough memory");
  allocator_init(w->memory, ((Allocator *)ud)->limit, ((Allocator *)ud)->pooled);
  w->L = lua_newstate(allocator_lua, w->memory);
  if (w->L == NULL) {
    allocator_release(w->memory);
    free(w->memory);
    w->memory = NULL;
    return luaL_error(L, "not enough memory");
  }
  lua_State *W = w->L;
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "path");
  lua_getfield(L, -2, "cpath");
  lua_getglobal(L, "CARDLAB_HOME");
  lua_pushcfunction(W, world_traceback);
  lua_pushcfunction(W, world_main);
  lua_pushstring(W, script);
  lua_pushstring(W, lua_tostring(L, -3));
  lua_pushstring(W, lua_tostring(L, -2));
  lua_pushstring(W, lua_tostring(L, -1));
  lua_pop(L, 4);
  if (lua_pcall(W, 4, 1, 1) != LUA_OK) {
    lua_pushnil(L);
    lua_pushstring(L, lua_tostring(W, -1));
    lua_close(W);
    w->L = NULL;
    allocator_release(w->memory);
    free(w->memory);
    w->memory = NULL;
    return 2;
  }
  w->handlers = luaL_ref(W, LUA_REGISTRYINDEX);
  lua_settop(W, 0);
  return 1;
}

/* Copies the scalar at index i of from onto to; a table or function is
** copied as nil. */
static void copy_value(lua_State *from, int i, lua_State *to) {
  switch (lua_type(from, i)) {
    case LUA_TSTRING: {
      size_t len;
      const char *s = lua_tolstring(from, i, &len);
      lua_pushlstring(to, s, len);
      break;
    }
    case LUA_TNUMBER:
      if (lua_isinteger(from, i)) lua_pushinteger(to, lua_tointeger(from, i));
      else lua_pushnumber(to, lua_tonumber(from, i));
      break;
    case LUA_TBOOLEAN: lua_pushboolean(to, lua_toboolean(from, i)); break;
    default: lua_pushnil(to);
  }
}

/* What w:call hands to world_call, run on the world's own stack. */
typedef struct CallArgs {
  lua_State *from;   /* the caller's state: the arguments from index 3 */
  int nargs;
  const char *name;
  int handlers;      /* the world's table of functions (a reference) */
  int status;        /* the called function's: LUA_OK or its error */
  int missing;       /* the world has no function of that name */
} CallArgs;

/* The body of w:call, run protected on the world: a memory error while the
** arguments are copied in (a world near its cap, a large text) is an error
** of the call. Unprotected, it would be a panic of the world's state, which
** aborts the whole process. Gives the message handler and what the function
** gave, or its error. */
static int world_call(lua_State *W) {
  CallArgs *a = lua_touserdata(W, 1);
  lua_settop(W, 0);
  luaL_checkstack(W, a->nargs + 4, "too many arguments");
  lua_pushcfunction(W, world_traceback);
  lua_rawgeti(W, LUA_REGISTRYINDEX, a->handlers);
  lua_getfield(W, -1, a->name);
  lua_remove(W, -2);
  if (!lua_isfunction(W, -1)) {
    a->missing = 1;
    return 0;
  }
  for (int i = 3; i <= a->nargs + 2; i++) copy_value(a->from, i, W);
  a->status = lua_pcall(W, a->nargs, LUA_MULTRET, 1);
  return lua_gettop(W);
}

/* w:call(name, ...) calls the world's function name with the arguments
** (texts, numbers, booleans, nil); gives true and its results, or false and
** the error with its traceback. */
static int w_call(lua_State *L) {
  World *w = checkworld(L, 1);
  CallArgs a = { L, lua_gettop(L) - 2, luaL_checkstring(L, 2), w->handlers, LUA_OK, 0 };
  lua_State *W = w->L;
  lua_settop(W, 0);
  /* (a light C function and a light userdata: pushed without allocating) */
  if (!lua_checkstack(W, 2)) return luaL_error(L, "the world has no room for a call");
  lua_pushcfunction(W, world_call);
  lua_pushlightuserdata(W, &a);
  if (lua_pcall(W, 1, LUA_MULTRET, 0) != LUA_OK) {
    /* the call could not be made: its arguments did not fit in the world */
    lua_pushboolean(L, 0);
    lua_pushfstring(L, "cannot call the world's '%s': %s", a.name, lua_tostring(W, -1));
    lua_settop(W, 0);
    return 2;
  }
  if (a.missing) {
    lua_settop(W, 0);
    return luaL_error(L, "the world has no function '%s'", a.name);
  }
  int nres = lua_gettop(W) - 1;
  luaL_checkstack(L, nres + 1, "too many results");
  lua_pushboolean(L, a.status == LUA_OK);
  for (int i = 2; i <= nres + 1; i++) copy_value(W, i, L);
  lua_settop(W, 0);
  return nres + 1;
}

/* w:memory() gives the bytes the world's Lua holds. */
static int w_memory(lua_State *L) {
  World *w = checkworld(L, 1);
  lua_pushinteger(L, (lua_Integer)w->memory->used);
  return 1;
}

static int w_close(lua_State *L) {
  World *w = luaL_checkudata(L, 1, WORLD_T);
  if (w->L != NULL) {
    lua_close(w->L);
    w->L = NULL;
  }
  if (w->memory != NULL) {
    allocator_release(w->memory);
    free(w->memory);
    w->memory = NULL;
  }
  return 0;
}

static const luaL_Reg world_methods[] = {
  {"call", w_call}, {"memory", w_memory}, {"close", w_close}, {NULL, NULL}
};
static const luaL_Reg world_meta[] = {
  {"__gc", w_close}, {"__close", w_close}, {NULL, NULL}
};

static const luaL_Reg serve_functions[] = {
  {"start", l_start}, {"next", l_next}, {"send", l_send}, {"stop", l_stop},
  {"token", l_token}, {"seed", l_seed}, {"is_address", l_is_address}, {"now", l_now},
  {"world", l_world}, {NULL, NULL}
};

int luaopen_cardlab_serve(lua_State *L) {
  if (luaL_newmetatable(L, WORLD_T)) {
    luaL_setfuncs(L, world_meta, 0);
    luaL_newlib(L, world_methods);
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
  luaL_newlib(L, serve_functions);
  lua_pushinteger(L, MAX_FRAME);
  lua_setfield(L, -2, "max_frame");
  /* whether civetweb listens on IPv6 addresses: Debian's is built without */
  lua_pushboolean(L, mg_check_feature(MG_FEATURES_IPV6) != 0);
  lua_setfield(L, -2, "ipv6");
  return 1;
}
