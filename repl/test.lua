-- cardlab test PATH...: runs scenario files (docs/authoring.md, "Scenarios"),
-- and reports every check of a scenario that failed (scenario.run).
-- A folder stands for every .lua file under it, in name order, but for
-- helper files (a name beginning with '_', read by scenario files' `uses`).

local common = require "repl.common"
local scenario = require "cardlab.scenario"
local say, complain, parse = common.say, common.complain, common.parse
local shown = require("cardlab.vm").shown
local render = require "render"

local M = {}

-- The scenario files a path names, sorted; nil and why for a path that is
-- neither a file nor a folder. `helpers.n` counts the helper files passed.
local function files_of(path, out, helpers)
  local lfs = require "lfs"
  local mode = lfs.attributes(path, "mode")
  if mode == "file" then
    if scenario.is_helper_file(path) then
      return nil, string.format("%s is a helper file (its name begins with '_'), read by the scenario "
        .. "files that use it; expected a scenario file or a folder", path)
    end
    out[#out + 1] = path
    return out
  end
  if mode ~= "directory" then return nil, string.format("no file or folder '%s'", path) end
  local names = {}
  for entry in lfs.dir(path) do
    if entry:sub(1, 1) ~= "." then names[#names + 1] = entry end
  end
  table.sort(names)
  for _, entry in ipairs(names) do
    local full = path:gsub("/+$", "") .. "/" .. entry
    local m = lfs.attributes(full, "mode")
    if m == "directory" then
      files_of(full, out, helpers)
    elseif m == "file" and entry:match("%.lua$") then
      if scenario.is_helper_file(entry) then
        helpers.n = helpers.n + 1
      else
        out[#out + 1] = full
      end
    end
  end
  return out
end

function M.run(argv)
  local opts, pos = parse("test", argv, { name = "string" }, nil, nil)
  if not opts then return 2 end
  -- --name TEXT: only the scenarios whose name holds TEXT (as written, not
  -- a pattern; a capital or not alike), for the one a designer is working on
  local wanted = opts.name
  local wanted_lower = wanted and wanted:lower()
  if wanted == "" then
    complain("test: --name ''; expected a part of a scenario's name")
    return 2
  end
  if #pos == 0 then
    complain("test: which scenarios? expected one or more files or folders (see 'cardlab help test')")
    return 2
  end
  local files = {}
  for _, p in ipairs(pos) do
    local before, helpers = #files, { n = 0 }
    local ok, err = files_of(p, files, helpers)
    if not ok then
      complain("test: %s", err)
      return 2
    end
    if #files == before then
      complain("test: no scenario files (*.lua) in %s%s; expected a scenario file or a folder holding some", p,
        helpers.n > 0 and string.format(" (only %s, which scenario files use)", render.count(helpers.n, "helper file"))
        or "")
      return 2
    end
  end
  local passed, failed, skipped = 0, 0, 0
  for _, file in ipairs(files) do
    local list, err = scenario.read(file)
    if not list then
      say("FAIL %s: cannot read the scenario file: %s", file, err)
      failed = failed + 1
    else
      for _, sc in ipairs(list) do
        if wanted and not sc.name:lower():find(wanted_lower, 1, true) then
          skipped = skipped + 1
          goto next_scenario
        end
        local ok, why = scenario.run(sc)
        if ok then
          passed = passed + 1
          say("PASS %s", sc.name)
        else
          failed = failed + 1
          say("FAIL %s: %s", sc.name, why)
        end
        ::next_scenario::
      end
    end
  end
  if wanted and passed + failed == 0 then
    complain("test: no scenario whose name holds '%s' in %s (%s); expected a part of a name that "
      .. "'PASS' or 'FAIL' lines show", shown(wanted), table.concat(pos, " "), render.count(skipped, "scenario"))
    return 2
  end
  say("%d passed, %d failed%s", passed, failed,
    skipped > 0 and string.format(", %d skipped (names without '%s')", skipped, shown(wanted))
      or "")
  return failed > 0 and 1 or 0
end

return M
