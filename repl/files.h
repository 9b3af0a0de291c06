/*
** files.h: module "cardlab.files" (files.c): writing a file so that nothing
** is clobbered.
*/
#ifndef CARDLAB_FILES_H
#define CARDLAB_FILES_H

#include "lua.h"

/* Opens the module: files.replace(path, text) writes text to a temporary file
** in path's folder, flushes it to the disk and renames it over path (a
** symbolic link's target); gives true, or nil and a one-line reason. */
int luaopen_cardlab_files(lua_State *L);

#endif
