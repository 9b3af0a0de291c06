-- Prints the longest legal answer of a game's first request:
--   cardlab run first_legal.lua GAME SEED PLAYERS
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local game, seed, players = ...
local m = assert(match.new(assert(loader.load(game)), { seed = tonumber(seed), players = tonumber(players) }))
local best = ""
for _, a in ipairs(m:legal()) do if #a > #best and a ~= "pass" then best = a end end
print(best)
