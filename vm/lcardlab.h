/*
** lcardlab.h: the Lua binding of the cardlab core, module "cardlab.vm", as the
** host program sees it. The module's Lua API is specified in docs/api.md; its
** files are listed in lbinding.h.
*/
#ifndef LCARDLAB_H
#define LCARDLAB_H

#include <stddef.h>

#include "lua.h"

/* Opens module "cardlab.vm" (the classes cl.Rng, cl.Table, cl.Zone, cl.Seats,
** cl.Engine, cl.Dict, cl.Found and the module functions); gives its table. */
int luaopen_cardlab_vm(lua_State *L);

/* Makes `home` (a cardlab tree) the place Lua code is found: its stdlib/
** and its top folder go first in package.path, and the global CARDLAB_HOME
** holds it. The host program and the fuzz target start Lua so. */
void cardlab_vm_use_home(lua_State *L, const char *home);

/* Ctrl-C: a bot run stops before its next decision, and a script step that
** goes on for ten million more instructions is stopped with an error. Safe to
** call from a signal handler. */
void cardlab_vm_interrupt(void);

/* Forgets a Ctrl-C that no bot run or script step has taken, so that it does
** not stop the next one. */
void cardlab_vm_interrupt_clear(void);

/* Pushes a text as the host prints the texts of a game (narration, views,
** prompts, answers, results, errors) to a terminal: control characters other
** than newline and tab escaped, so that a script cannot clear the screen,
** retitle the window or overwrite a line; not cut. Gives the text pushed. */
const char *cardlab_vm_push_printable(lua_State *L, const char *s, size_t len);

#endif
