/*
** files.c: module "cardlab.files", writing a file so that nothing is ever
** clobbered (save files). What Lua's io cannot do: the write goes to a
** temporary file in the target's own folder, is flushed to the disk (fsync)
** and renamed over the target, so that the target holds either the old text
** or the new one, whole. A target that exists must be a regular file the user
** may write (not a device, a FIFO, a folder, a read-only file); it keeps its
** mode. A symbolic link is followed: the file it points to is replaced and the
** link stays.
*/
#define _XOPEN_SOURCE 700  /* realpath, fchmod, mkstemp */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lua.h"
#include "lauxlib.h"

#include "files.h"

/* The umask, read without changing it for good (a process has one thread). */
static mode_t current_umask(void) {
  mode_t m = umask(0);
  umask(m);
  return m;
}

static int refuse(lua_State *L, const char *fmt, const char *arg) {
  lua_pushnil(L);
  lua_pushfstring(L, fmt, arg);
  return 2;
}

/* Writes all of len bytes to fd; 0 with errno set on failure. */
static int write_all(int fd, const char *text, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, text, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return 0;
    }
    text += n;
    len -= (size_t)n;
  }
  return 1;
}

/* files.replace(path, text) -> true, or nil and a one-line reason (what
** follows "cannot write FILE: "). A failure leaves the path as it was. */
static int f_replace(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  size_t len;
  const char *text = luaL_checklstring(L, 2, &len);
  if (strlen(path) != lua_rawlen(L, 1)) return refuse(L, "the name holds a NUL byte%s", "");
  /* a symbolic link: its final target, which must exist */
  struct stat st;
  char resolved[PATH_MAX];
  const char *target = path;
  int exists = lstat(path, &st) == 0;
  if (exists && S_ISLNK(st.st_mode)) {
    if (realpath(path, resolved) == NULL)
      return refuse(L, "it is a symbolic link to a file that cannot be reached (%s)", strerror(errno));
    target = resolved;
    exists = lstat(target, &st) == 0;
  } else if (!exists && errno != ENOENT) {
    return refuse(L, "%s", strerror(errno));
  }
  mode_t mode = 0666 & ~current_umask();
  if (exists) {
    if (S_ISDIR(st.st_mode)) return refuse(L, "it is a directory%s", "");
    if (!S_ISREG(st.st_mode))
      return refuse(L, "it is %s, not a regular file",
                    S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISCHR(st.st_mode) ? "a device"
                    : S_ISBLK(st.st_mode) ? "a device" : S_ISSOCK(st.st_mode) ? "a socket"
                    : "a special file");
    /* read-only: no one may write it (root may, but the owner said no) */
    if ((st.st_mode & 0222) == 0 || access(target, W_OK) != 0)
      return refuse(L, "it is read-only%s; make it writable first, or save elsewhere", "");
    mode = st.st_mode & 07777;
  }
  /* the temporary file: in the same folder, so that the rename is atomic */
  const char *slash = strrchr(target, '/');
  lua_pushlstring(L, target, slash != NULL ? (size_t)(slash - target) + 1 : 0);
  lua_pushstring(L, ".cardlab-XXXXXX");
  lua_concat(L, 2);
  size_t tlen;
  const char *tmpl = lua_tolstring(L, -1, &tlen);
  char *tmp = malloc(tlen + 1);
  if (tmp == NULL) return luaL_error(L, "not enough memory");
  memcpy(tmp, tmpl, tlen + 1);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    int err = errno;
    free(tmp);
    return refuse(L, "%s", strerror(err));  /* no folder, or not ours to write */
  }
  /* a file replaced keeps its owner where the user may keep it (root) */
  if (exists && fchown(fd, st.st_uid, st.st_gid) != 0) { /* not ours to give: it becomes ours */ }
  int ok = write_all(fd, text, len) && fchmod(fd, mode) == 0 && fsync(fd) == 0;
  int err = errno;
  if (close(fd) != 0 && ok) {
    ok = 0;
    err = errno;
  }
  if (ok && rename(tmp, target) != 0) {
    ok = 0;
    err = errno;
  }
  if (!ok) {
    unlink(tmp);
    free(tmp);
    return refuse(L, "%s", strerror(err));
  }
  free(tmp);
  /* the rename itself reaches the disk with the folder */
  lua_pushlstring(L, target, slash != NULL ? (size_t)(slash - target) + (slash == target) : 1);
  int dfd = open(slash != NULL ? lua_tostring(L, -1) : ".", O_RDONLY);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  lua_pushboolean(L, 1);
  return 1;
}

static const luaL_Reg files_functions[] = {
  {"replace", f_replace}, {NULL, NULL}
};

int luaopen_cardlab_files(lua_State *L) {
  luaL_newlib(L, files_functions);
  return 1;
}
