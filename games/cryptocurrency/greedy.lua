-- The greedy bot of Cryptocurrency. It reads only its seat's view and the
-- request. It judges a currency by its outlook: the face-up rumour points on
-- its track plus a little for each face-down one. It sells the currency with
-- the worst outlook when it holds some, mines when the expected reward is
-- good, otherwise buys the best-looking affordable currency; it puts every
-- fresh member on one action. It hires the seeker that adds the most energy
-- for its cost, takes one loan early, places its rumour where it helps its
-- own coins most (or hurts the others' most), and uses the abilities that
-- cannot hurt it.

return function(crypto, DECK, CURRENCIES)
  local data = crypto.rules.data
  local ENERGY, ABILITY = {}, {}
  for _, card in ipairs(DECK) do
    if card.energy then ENERGY[card.name], ABILITY[card.name] = card.energy, card.ability end
  end
  local ABILITY_VALUE = { blockchain_engineer = 2, tech_whiz = 4.5, data_analyst = 1.5, headhunter = 0,
    newshawk = 0.5, black_hat_hacker = 1.5, white_hat_hacker = 0.2, tweetman = 0.5, replicator = 2 }

  local function strip(label) return (label:gsub(" %(%d+%)$", "")) end

  local function outlook(st, cur)
    local v = 0
    for _, p in ipairs(st.rumours[cur] or {}) do v = v + (type(p) == "number" and p or 0.3) end
    return v
  end

  -- The game says when a round is the last (state.last_round): its end is the
  -- rule piece rumours_to_end, which a house rule may change.
  local function final_round(view)
    return view.state.last_round == true
  end

  local function team(view, seat)
    return view.zones[string.format("team[%d]", seat)].cards or {}
  end

  local function fresh_energy(view)
    local e = 0
    for _, id in ipairs(team(view, view.seat)) do
      if not view.state.tired[id] then e = e + DECK[id].energy end
    end
    return math.max(e, 1)
  end

  local function worst(st)
    local w, wv
    for _, cur in ipairs(CURRENCIES) do
      local v = outlook(st, cur)
      if not wv or v < wv then w, wv = cur, v end
    end
    return w
  end

  -- A currency's mining terms at its marker: difficulty, coin reward, fee
  -- a transaction. Under a house rule that replaces rules.board,
  -- rules.difficulty or rules.event the game makes them public as its
  -- pieces give them (state.terms); otherwise the book's board.
  -- `public` is state.terms, `boards` the book's boards in play, `at` the
  -- mining marker (each read once a decision: the view's state is a
  -- read-only proxy).
  local function terms(public, boards, cur, at)
    if public then
      local t = public[cur]
      return t.difficulty, t.reward, t.fee
    end
    local m = boards[cur].mining
    return m.difficulty[at], m.reward[at], m.fee[at]
  end

  -- What to do this turn: { verb, cur }.
  local function plan(view)
    local st, seat = view.state, view.seat
    local bad = worst(st)
    local mine = st.coins[seat]
    if mine[bad] > 0 and st.price[bad] > 0 then return "trade", bad, "sell" end
    local final = final_round(view)
    -- mining value
    local energy = fresh_energy(view)
    local best_mine, best_value = nil, -1
    local public, boards, mining = st.terms, data[st.boards], st.mining
    for _, cur in ipairs(CURRENCIES) do
      local d, reward, fee = terms(public, boards, cur, mining[cur])
      local up = 0
      for _, c in ipairs(st.upcoming) do if c == cur then up = up + 1 end end
      reward = math.min(reward, st.supply[cur])
      local value = math.min(1, energy / d) * (reward * st.price[cur] + fee * up)
      if cur == bad then value = value * 0.5 end
      if value > best_value then best_mine, best_value = cur, value end
    end
    if best_value >= 4 then return "mine", best_mine end
    if not final then
      local best_buy, bv
      for _, cur in ipairs(CURRENCIES) do
        if cur ~= bad and st.stock[cur] > 0 and st.price[cur] <= st.wonga[seat] then
          local v = outlook(st, cur) - st.price[cur] * 0.2
          if not bv or v > bv then best_buy, bv = cur, v end
        end
      end
      if best_buy then return "trade", best_buy, "buy" end
    end
    return "mine", best_mine
  end

  local function pick_max(answers, prefix)
    local best, bn
    for _, a in ipairs(answers) do
      local n = tonumber(a:match("^" .. prefix .. " (%d+)$"))
      if n and (not bn or n > bn) then best, bn = a, n end
    end
    return best
  end

  local function lowest_member(answers)
    local best, be
    for _, a in ipairs(answers) do
      local name = strip(a)
      local e = (ENERGY[name] or 9) + (ABILITY_VALUE[ABILITY[name]] or 0) * 0.1
      if ABILITY[name] == "headhunter" then e = e + 2 end -- it keeps the fourth seat
      if not be or e < be then best, be = a, e end
    end
    return best
  end

  local function my_rumour(view)
    local z = view.zones[string.format("secret[%d]", view.seat)]
    local id = z.cards and z.cards[1]
    return id and id ~= 0 and DECK[id] or nil
  end

  local H = {}
  -- Proposes fresh seekers when none is worth hiring and it could pay one.
  function H.propose_replace(view)
    local st = view.state
    if st.wonga[view.seat] < 5 then return "no" end
    local labels = {}
    for _, id in ipairs(view.zones.seekers.cards or {}) do labels[#labels + 1] = "hire " .. DECK[id].name end
    labels[#labels + 1] = "no"
    return H.hire(view, { answers = labels }) == "no" and "yes" or "no"
  end
  function H.agree_replace() return "yes" end
  function H.loan(view)
    local st = view.state
    return (st.loans[view.seat] == 0 and st.wonga[view.seat] < 12 and not final_round(view)) and "yes" or "no"
  end
  function H.repay(view)
    return (final_round(view) or view.state.wonga[view.seat] >= 16) and "yes" or "no"
  end
  function H.hire(view, request)
    if final_round(view) then return "no" end
    local weakest = 9
    local members = team(view, view.seat)
    for _, id in ipairs(members) do weakest = math.min(weakest, DECK[id].energy) end
    local best, bv = "no", 0
    for _, a in ipairs(request.answers) do
      local name = a:match("^hire (.+)$")
      if name then
        name = strip(name)
        local gain = ENERGY[name] - weakest
        if ABILITY[name] == "headhunter" and #members < 4 then gain = ENERGY[name] end
        local cost
        for _, id in ipairs(view.zones.seekers.cards or {}) do
          if DECK[id].name == name then cost = DECK[id].cost end
        end
        local v = gain * 3 + (ABILITY_VALUE[ABILITY[name]] or 0) - (cost or 99) * 0.5
        if v > bv then best, bv = a, v end
      end
    end
    return best
  end
  H.dismiss = function(_, r) return lowest_member(r.answers) end
  H.exhaust = H.dismiss
  function H.action(view, request)
    local verb, cur = plan(view)
    local want = verb .. " " .. cur
    for _, a in ipairs(request.answers) do if a == want then return a end end
    return request.answers[1]
  end
  -- Chooses members, strongest first, until the action has the energy it
  -- can use: the difficulty for mining (a sure success; a house rule's, see
  -- terms), 1 per 4 coins
  -- (rules.data.coins_per_energy) for trading; then "done", so that the others can act again this round.
  function H.members(view, request)
    local st, seat = view.state, view.seat
    local verb, cur = request.prompt:match("to (%a+) (%a+)")
    local fresh, left = 0, 0
    for _, id in ipairs(team(view, seat)) do
      if not st.tired[id] then fresh = fresh + DECK[id].energy end
    end
    local best, be
    for _, a in ipairs(request.answers) do
      local e = ENERGY[strip(a)]
      if e then
        left = left + e
        if not be or e > be then best, be = a, e end
      end
    end
    local chosen = fresh - left
    local need
    if verb == "mine" then
      need = (terms(st.terms, data[st.boards], cur, st.mining[cur]))
    else
      local coins = st.coins[seat][cur]
      local _, _, side = plan(view)
      if side ~= "sell" then coins = math.min(st.stock[cur], st.wonga[seat] // math.max(1, st.price[cur])) end
      need = math.max(1, -(-coins // data.coins_per_energy))
    end
    if chosen >= need and chosen > 0 then return "done" end
    return best or "done"
  end
  function H.amount(view, request)
    local cur = request.prompt:match("^buy or sell (%a+)")
    local _, _, side = plan(view)
    if view.state.coins[view.seat][cur] > 0 and (side == "sell" or final_round(view)) then
      return pick_max(request.answers, "sell") or pick_max(request.answers, "buy")
    end
    return pick_max(request.answers, "buy") or pick_max(request.answers, "sell")
  end
  function H.blockchain_engineer() return "yes" end
  function H.data_analyst() return "yes" end
  function H.newshawk() return "yes" end
  function H.replicator(_, request)
    local best, be = "no", 0
    for _, a in ipairs(request.answers) do
      local name = a:match("^copy (.+)$")
      if name then
        name = strip(name)
        local e = (ENERGY[name] or 0) + (ABILITY_VALUE[ABILITY[name]] or 0) * 0.1
        if ABILITY[name] ~= "replicator" and e > be then best, be = a, e end
      end
    end
    return be > 1 and best or "no"
  end
  function H.newshawk_keep(_, request)
    local best, bp
    for _, a in ipairs(request.answers) do
      local p = tonumber(a:match("%(([+-]?%d+)%)$"))
      if p and math.abs(p) > (bp or -1) then best, bp = a, math.abs(p) end
    end
    return best or request.answers[1]
  end
  function H.black_hat_hacker(view, request)
    local own = my_rumour(view)
    if not own or own.points <= 0 then return "no" end
    local st, best, bc = view.state, "no", 0
    for _, a in ipairs(request.answers) do
      local cur = a:match("^(%a+) #%d+")
      if cur and st.coins[view.seat][cur] > bc then best, bc = a, st.coins[view.seat][cur] end
    end
    return best
  end
  -- Hides a bad rumour face down on a currency it does not hold, taking a
  -- good face-up one to place later.
  function H.white_hat_hacker(view, request)
    local own = my_rumour(view)
    if not own or own.points >= 0 then return "no" end
    local st, best, bp = view.state, "no", 0
    for _, a in ipairs(request.answers) do
      local cur, p = a:match("^(%a+) #%d+ %(([+-]%d+)%)$")
      if cur and st.coins[view.seat][cur] == 0 and tonumber(p) > bp then best, bp = a, tonumber(p) end
    end
    return best
  end
  function H.tweetman(view, request)
    local st, best, bv = view.state, "no", 0
    for _, a in ipairs(request.answers) do
      local cur, p = a:match("^(%a+) #%d+ %(([+-]%d+)%)$")
      if cur then
        local v = tonumber(p) * st.coins[view.seat][cur]
        if v > bv then best, bv = a, v end
      end
    end
    return best
  end
  function H.pay_coin(view, request)
    local best, bp
    for _, a in ipairs(request.answers) do
      if not bp or view.state.price[a] < bp then best, bp = a, view.state.price[a] end
    end
    return best
  end
  function H.rumour(view, request)
    local own = my_rumour(view)
    local st, seat = view.state, view.seat
    local best, bv
    for _, cur in ipairs(request.answers) do
      local others = 0
      for s = 1, view.players do if s ~= seat then others = others + st.coins[s][cur] end end
      local v = (own and own.points or 0) * (st.coins[seat][cur] - others / math.max(1, view.players - 1) + 0.1)
      if not bv or v > bv then best, bv = cur, v end
    end
    return best
  end

  function crypto.bots.greedy(view, request)
    local h = H[request.kind]
    if h then return h(view, request) end
    return request.answers[1]
  end
end
