/*
** log.c: the answer log, answer matching and content hashing: the pieces of
** the engine's decision protocol that need no Lua.
*/
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cardlab.h"

const char *cl_strerror(int code) {
  switch (code) {
    case CL_OK: return "no error";
    case CL_ENOMEM: return "not enough memory";
    case CL_ERANGE: return "out of range";
    case CL_ENOCARD: return "no such card";
    case CL_ENOZONE: return "no such zone";
    case CL_EEXIST: return "a zone of that name exists already";
    case CL_EEMPTY: return "the zone is empty";
    case CL_ENOTHERE: return "the card is not in that zone";
    default: return "unknown error";
  }
}

/* Entries point into one growing text buffer (offsets, so that it may move). */
typedef struct Entry {
  size_t offset, len;
  int seat;
} Entry;

struct cl_Log {
  Entry *entries;
  int count, cap;
  char *text;
  size_t used, text_cap;
};

cl_Log *cl_log_new(void) {
  return calloc(1, sizeof(cl_Log));
}

void cl_log_free(cl_Log *log) {
  if (log == NULL) return;
  free(log->entries);
  free(log->text);
  free(log);
}

int cl_log_append(cl_Log *log, int seat, const char *text, size_t len) {
  if (log->count == log->cap) {
    int cap = log->cap ? log->cap * 2 : 64;
    Entry *e = realloc(log->entries, (size_t)cap * sizeof *e);
    if (e == NULL) return CL_ENOMEM;
    log->entries = e;
    log->cap = cap;
  }
  if (log->used + len + 1 > log->text_cap) {
    size_t cap = log->text_cap ? log->text_cap : 1024;
    while (log->used + len + 1 > cap) cap *= 2;
    char *p = realloc(log->text, cap);
    if (p == NULL) return CL_ENOMEM;
    log->text = p;
    log->text_cap = cap;
  }
  memcpy(log->text + log->used, text, len);
  log->text[log->used + len] = '\0';
  log->entries[log->count] = (Entry){log->used, len, seat};
  log->used += len + 1;
  return ++log->count;
}

int cl_log_count(const cl_Log *log) {
  return log->count;
}

const char *cl_log_get(const cl_Log *log, int i, int *seat, size_t *len) {
  if (i < 1 || i > log->count) return NULL;
  const Entry *e = &log->entries[i - 1];
  if (seat) *seat = e->seat;
  if (len) *len = e->len;
  return log->text + e->offset;
}

void cl_log_truncate(cl_Log *log, int n) {
  if (n < 0) n = 0;
  if (n >= log->count) return;
  log->count = n;
  log->used = n > 0 ? log->entries[n - 1].offset + log->entries[n - 1].len + 1 : 0;
}

/* Returns the next character of s as the loose match sees it: lowercase, a
** run of blanks inside the text as one space, blanks at either end dropped;
** -1 at the end. */
static int next_loose(const char *s, size_t len, size_t *i) {
  size_t run = *i;
  while (*i < len && isspace((unsigned char)s[*i])) (*i)++;
  if (*i == len) return -1;
  if (*i > run && run > 0) return ' ';  /* the character after stays unread */
  return tolower((unsigned char)s[(*i)++]);
}

static int loose_equal(const char *a, size_t alen, const char *b, size_t blen) {
  size_t i = 0, j = 0;
  for (;;) {
    int ca = next_loose(a, alen, &i), cb = next_loose(b, blen, &j);
    if (ca != cb) return 0;
    if (ca == -1) return 1;
  }
}

int cl_answer_match(const char *answer, size_t len, const char *const *legal,
                    const size_t *legal_len, int n) {
  for (int i = 0; i < n; i++)
    if (legal_len[i] == len && memcmp(legal[i], answer, len) == 0) return i;
  int found = -1;
  for (int i = 0; i < n; i++) {
    if (loose_equal(answer, len, legal[i], legal_len[i])) {
      if (found >= 0) return -2;
      found = i;
    }
  }
  return found;
}

int cl_answer_say_just(const char *text, size_t len, const char *const *legal,
                       const size_t *legal_len, int n) {
  /* a beginning with more letters than the longest answer matches none: a
  ** pasted megabyte costs no more than a line */
  size_t longest = 0, limit = 0, letters = 0;
  for (int i = 0; i < n; i++) longest = legal_len[i] > longest ? legal_len[i] : longest;
  while (limit < len && letters <= longest) letters += !isspace((unsigned char)text[limit++]);
  for (size_t end = limit < len ? limit : (len > 0 ? len - 1 : 0); end > 0; end--) {
    /* a beginning ends where a blank follows a word */
    if (!isspace((unsigned char)text[end]) || isspace((unsigned char)text[end - 1])) continue;
    int k = cl_answer_match(text, end, legal, legal_len, n);
    if (k >= 0) return k;
  }
  return -1;
}

int cl_answer_ending(const char *text, size_t len, const char *const *legal,
                     const size_t *legal_len, int n) {
  size_t t = 0;
  if (next_loose(text, len, &t) == -1) return -1;
  int found = -1;
  for (int i = 0; i < n; i++) {
    const char *s = legal[i];
    size_t l = legal_len[i], j = 0;
    while (j < l && isspace((unsigned char)s[j])) j++;
    while (j < l && !isspace((unsigned char)s[j])) j++;  /* the first word */
    if (loose_equal(text, len, s + j, l - j)) {
      if (found >= 0) return -1;
      found = i;
    }
  }
  return found;
}

static int loose_is(const char *a, size_t alen, const char *word) {
  return loose_equal(a, alen, word, strlen(word));
}

/* Whether an answer is the word, or ends with it ("patrol yes"). */
static int says(const char *s, size_t len, const char *word) {
  size_t w = strlen(word);
  while (len > 0 && isspace((unsigned char)s[len - 1])) len--;
  if (len > w && !isspace((unsigned char)s[len - w - 1])) return 0;
  return len >= w && loose_is(s + len - w, w, word);
}

/* the answers that say no to a question */
static int declines(const char *s, size_t len) {
  static const char *const words[] = {"no", "skip", "pass", "cancel", "refuse", "stop", "none"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (loose_is(s, len, words[i])) return 1;
  return 0;
}

int cl_answer_yes_no(const char *text, size_t len, const char *const *legal,
                     const size_t *legal_len, int n, int *several) {
  int yes = loose_is(text, len, "yes") || loose_is(text, len, "y");
  int no = loose_is(text, len, "no") || loose_is(text, len, "n");
  *several = 0;
  if (!yes && !no) return -1;
  int found = -1;
  for (int i = 0; i < n; i++) {
    if (says(legal[i], legal_len[i], yes ? "yes" : "no")) return i;  /* "y" for "yes" */
    if (declines(legal[i], legal_len[i]) == no && !says(legal[i], legal_len[i], yes ? "no" : "yes")) {
      if (found >= 0) {
        if (no) return -1;
        *several = 1;
      } else {
        found = i;
      }
    }
  }
  return found;
}

uint64_t cl_hash(uint64_t h, const void *data, size_t len) {
  const unsigned char *p = data;
  for (size_t i = 0; i < len; i++) {
    h ^= p[i];
    h *= UINT64_C(0x100000001b3);
  }
  return h;
}
