-- luacheck (Debian's lua-check), run by ctest's `luacheck` test over the
-- program's Lua: the games, the stdlib, the front ends, and the docs' example
-- games and house files.
std = "lua54"
-- set by the program (repl/main.c) before any script runs
read_globals = { "CARDLAB_HOME" }
-- rule pieces, explainers and bots take the engine's arguments whether they
-- read them or not; a long line of text reads better unbroken
unused_args = false
max_line_length = false
-- a local named as the one it hides (`answers`, `seat`) is the house style
-- for a function's own copy of what an outer one holds
ignore = { "421", "422", "423", "431", "432" }
-- `cardlab run SCRIPT` gives the script its own `arg`, as lua(1) does
files["repl/cli.lua"] = { globals = { "arg" } }
-- the benchmarks' baselines do work whose result nobody reads (a deck
-- shuffled, a log kept), and drop their large tables for the collector
files["repl/bench.lua"] = { ignore = { "241", "311", "331" } }
-- a house-rule file sees the game's `options`, `rules`, `new_option` and
-- `name` (docs/authoring.md, House rules)
files["docs/houses"] = { read_globals = { "name", "new_option" }, globals = { "options", "rules" } }
