/*
** text.c: texts at the terminal. A game's texts are printed with their
** control characters escaped, so that a script cannot clear the screen,
** retitle the window or overwrite a line; an answer quoted back in a refusal
** is also cut to a width. No Lua here: the binding (lprint.c) pushes the
** results.
*/
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cardlab.h"

/* Whether the escape escapes byte c: a C0 control byte or DEL, except newline
** and tab when `lines` is set. */
static int escaped_byte(unsigned char c, int lines) {
  return (c < 32 || c == 127) && !(lines && (c == '\n' || c == '\t'));
}

/* Whether the bytes at s[i] are a C1 control character in UTF-8 (U+0080 to
** U+009F: 0xC2 and 0x80..0x9F), which some terminals obey as they obey ESC
** sequences (U+009B is CSI). */
static int c1_control(const char *s, size_t len, size_t i) {
  return (unsigned char)s[i] == 0xC2 && i + 1 < len && ((unsigned char)s[i + 1] & 0xE0) == 0x80;
}

/* The length of the UTF-8 character at s[i] (1 to 4), or 0 when the bytes
** there are not one (a stray continuation byte, a lead byte without its
** continuations, an overlong form, a surrogate, beyond U+10FFFF): such a
** byte is escaped as a control byte is, so that a terminal shows what was
** typed instead of a replacement character or nothing. */
static size_t utf8_length(const char *s, size_t len, size_t i) {
  unsigned char c = (unsigned char)s[i];
  if (c < 0x80) return 1;
  size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > len) return 0;
  unsigned char c1 = (unsigned char)s[i + 1];
  /* the second byte's range excludes overlongs, surrogates and > U+10FFFF */
  unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
  unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
  if (c1 < lo || c1 > hi) return 0;
  for (size_t k = 2; k < n; k++)
    if (((unsigned char)s[i + k] & 0xC0) != 0x80) return 0;
  return n;
}

int cl_text_printable(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++) {
    if (escaped_byte((unsigned char)s[i], 1) || c1_control(s, len, i)) return 0;
    size_t n = utf8_length(s, len, i);
    if (n == 0) return 0;
    i += n - 1;
  }
  return 1;
}

size_t cl_text_escape(char *out, const char *s, size_t len, size_t most, int lines) {
  size_t used = 0, columns = 0;
  /* the characters of the last three columns wait here until it is known
  ** whether the text fits, or they give way to "..." (so that out needs no
  ** room beyond what is returned) */
  char tail[64];
  size_t tailed = 0;
  int cut_known = 0, follow = 0;  /* follow: continuation bytes still due */
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    char unit[12];
    int n = 1, width = 1;
    unit[0] = (char)c;
    if ((c & 0xC0) == 0x80 && follow > 0) {
      /* a continuation byte of a character utf8_length found whole */
      width = 0;
      follow--;
    } else if (c1_control(s, len, i)) {
      i++;  /* both bytes, \194\128 to \194\159: three digits each */
      n = width = snprintf(unit, sizeof unit, "\\194\\%d", (unsigned char)s[i]);
    } else {
      size_t whole = escaped_byte(c, lines) ? 0 : utf8_length(s, len, i);
      if (whole == 0) {
        /* a control byte, or one that is not UTF-8: as %q writes it */
        int digit_next = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9';
        n = width = snprintf(unit, sizeof unit, digit_next ? "\\%03d" : "\\%d", c);
      } else {
        follow = (int)whole - 1;
      }
    }
    if (!cut_known && columns + (size_t)width > most - 3) cut_known = 1;
    columns += (size_t)width;
    if (columns > most) {
      if (out != NULL) memcpy(out + used, "...", 3);
      return used + 3;
    }
    if (!cut_known) {
      if (out != NULL) memcpy(out + used, unit, (size_t)n);
      used += (size_t)n;
    } else {
      /* at most three columns: three characters of 4 bytes, or escapes */
      assert(tailed + (size_t)n <= sizeof tail);
      memcpy(tail + tailed, unit, (size_t)n);
      tailed += (size_t)n;
    }
  }
  if (out != NULL) memcpy(out + used, tail, tailed);
  return used + tailed;
}
