-- Drives a game of Crazy Eights from Lua: run it with
--   ./build/cardlab run docs/examples/drive.lua
local loader = require "cardlab.loader"
local match = require "cardlab.match"

local def = assert(loader.load("crazyeights"))
local m = assert(match.new(def, { players = 3, seed = 5 }))
local request = m:request()
print(string.format("seat %d is asked to %s: %s", request.seat, request.prompt,
  table.concat(m:legal(), ", ")))
print(m:answer("play qh"))                 -- loose matching: "play QH"
print(m:answer("play 2C"))                 -- seat 2 is asked now: refused, nothing changes
m:run({ "random", "greedy", "greedy" })    -- bots at every seat: to the end
local result = m:result()
print(result.reason, "winners: " .. table.concat(result.winners, ", "), m:count() .. " answers")
