/*
** check.h: the assertions of the C tests. No framework: CHECK and CHECK_EQ
** count and report each assertion, and return whether it held, so that a
** loop may stop at its first failure instead of printing thousands;
** check_report() prints the counts and gives main's exit status.
*/
#ifndef CARDLAB_TEST_CHECK_H
#define CARDLAB_TEST_CHECK_H

#include <stdio.h>

static int passed, failed;

static inline int check(int ok, const char *expr, const char *file, int line) {
  if (ok) {
    passed++;
  } else {
    failed++;
    printf("%s:%d: CHECK failed: %s\n", file, line, expr);
  }
  return ok;
}

static inline int check_eq(long long got, long long want, const char *expr,
                           const char *file, int line) {
  if (got == want) {
    passed++;
    return 1;
  }
  failed++;
  printf("%s:%d: CHECK failed: %s (got %lld, expected %lld)\n", file, line, expr,
         got, want);
  return 0;
}

static inline int check_report(void) {
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}

#define CHECK(e) check((e) != 0, #e, __FILE__, __LINE__)
#define CHECK_EQ(a, b) check_eq((long long)(a), (long long)(b), #a " == " #b, \
                                __FILE__, __LINE__)

#endif
