-- The greedy bot of Rush for the Web. It reads only its seat's view and the
-- request. It values a resource by what it adds to the expected sale of the
-- best own project it fits (sell table step, bonuses it brings) less its
-- cost, and a project by its sell table, its colours and the hand that fits
-- it; it plays the best card or discards the least useful one to the pool;
-- uses every effect when it gains by it; sells a project when waiting is
-- worth less than selling now (full project, a bonus this round, the last
-- turn); proposes a trade of a card it cannot use for a colour it needs, and
-- accepts an offer only when it gains by it.

return function(rush, DECK, COLOURS)
  local CODE = {}
  for id, card in ipairs(DECK) do CODE[card.code] = id end

  -- the sell table is asked of the rule piece, so that a house rule's prices
  -- (a cheaper table, a sale with 1 resource) are the ones the bot weighs
  local rules = rush.rules
  local function price(project, n) return rules.table_price(project, n) end

  local EFFECT_VALUE = { again = 1.5, draw_another = 0.4, take_pool = 0.3, swap = 0.3 }
  local CAPACITY = 4

  -- What the bot knows of its own seat, from the view.
  local function me(view)
    local seat, z, st = view.seat, view.zones, view.state
    local persona_zone = z[string.format("persona[%d]", seat)]
    local house = st.house_pieces
    local house_bonus = house ~= nil and house.bonus_applies == true
    local my = {
      seat = seat,
      credits = st.credits[seat] or 0,
      effects = st.effects or {},
      pool_reward = st.pool_reward,
      persona = DECK[persona_zone.cards[1]],
      hand = z[string.format("hand[%d]", seat)].cards or {},
      projects = {},
      rounds_left = (st.rounds or 12) - (st.round or 1),
    }
    for k = 1, 5 do
      local slot = z[string.format("project%d[%d]", k, seat)]
      if slot and slot.count > 0 then
        local ids = slot.cards
        local code = DECK[ids[#ids]].code
        local p = { card = DECK[ids[#ids]], n = #ids - 1, present = {}, bonus = 0, code = code,
          full = st.full ~= nil and st.full[code] == true, ids = house_bonus and ids or nil }
        for i = 1, #ids - 1 do
          local r = DECK[ids[i]]
          p.present[r.colour] = true
          if r.effect == "bonus" then p.bonus = p.bonus + r.bonus end
        end
        my.projects[#my.projects + 1] = p
      end
    end
    -- the pieces a house rule replaced (state.house_pieces, never set by the
    -- book's rules): the bot asks the rules for them, or reads what the game
    -- makes public for it
    if house then
      -- a house rule's costs, public for the current seat (its own only)
      my.costs = view.current == seat and st.costs or nil
      -- a house rule's bonus condition, asked with a stand-in game (the
      -- state; bonus_colours taken as the book's "any")
      if house_bonus then
        my.bonus_applies = rules.bonus_applies
        my.standin = { state = st, players = view.players, rush = { need_all = false } }
      end
      -- the prices by the rules (public at the sell step) where a house rule
      -- changes the sale's sum
      my.prices = (house_bonus or house.sell_price) and st.prices or nil
      -- a house rule's winners rank projects sold before credits
      my.sales_first = house.winners == "projects sold"
    end
    return my
  end

  -- Whether project p takes another resource worth adding: not full (a
  -- capacity or a house rule's has_room: the game says so at the sell
  -- step), and below 4 resources unless the sell table pays for more.
  local function room(p)
    if p.full then return false end
    if p.n < CAPACITY then return true end
    local more, now = price(p.card, p.n + 1), price(p.card, p.n)
    return more ~= nil and now ~= nil and more > now
  end

  local function applies(my, need, present)
    if my.bonus_applies then
      local ok, v = pcall(my.bonus_applies, my.standin, need, present)
      if ok then return v == true end
    end
    if not need then return true end
    for _, c in ipairs(need) do if present[c] then return true end end
    return false
  end

  local function cost(my, card, now)
    local house = my.costs and my.costs[card.code]
    if house then return house end
    local c = card.cost - (now and my.effects.discount or 0)
    local p = my.persona
    if p.discount and (p.discount_on == nil or p.discount_on[card.colour]) then c = c - p.discount end
    return c > 0 and c or 0
  end

  local function fits(my, card, project)
    return project.allows[card.colour] or (my.persona.wild ~= nil and my.persona.wild[card.colour] == true)
  end

  -- The value of a project holding k resources, counted towards its sale.
  local function worth(project, k)
    if k >= 2 then return price(project, k) end
    if k == 1 then return price(project, 2) * 0.4 end
    return 0
  end

  -- What playing `card` to project p adds (before its cost).
  local function marginal(my, card, p)
    if not room(p) then return -math.huge end
    if p.n + 1 + my.rounds_left < 2 then return 0 end
    local v = worth(p.card, p.n + 1) - worth(p.card, p.n)
    local persona = my.persona
    if persona.bonus and persona.need and not applies(my, persona.need, p.present) then
      local after = { [card.colour] = true }
      if applies(my, persona.need, after) then v = v + persona.bonus * 0.8 end
    end
    if card.effect == "bonus" then
      local present = { [card.colour] = true }
      for c in pairs(p.present) do present[c] = true end
      local ok = applies(my, card.need, present)
      if not ok and card.need then
        for _, c in ipairs(card.need) do if p.card.allows[c] then ok = 0.5 end end
      end
      v = v + card.bonus * (ok == true and 1 or ok or 0)
    end
    return v + (EFFECT_VALUE[card.effect] or 0)
  end

  -- What keeping a hand card is worth: its best later play.
  local function keep_value(my, id)
    local card, best = DECK[id], 0
    for _, p in ipairs(my.projects) do
      if fits(my, card, p.card) and room(p) then
        local v = (marginal(my, card, p) - cost(my, card, false)) * 0.8
        if v > best then best = v end
      end
    end
    return best
  end

  local function pool_reward(my)
    if my.pool_reward then return my.pool_reward end   -- a house rule's, made public at the play step
    return 1 + (my.effects.pool_bonus or 0) + (my.persona.pool_bonus or 0)
  end

  local function draw_value(my)
    local fit = 0
    for _, c in ipairs(COLOURS) do
      for _, p in ipairs(my.projects) do
        if (p.card.allows[c] or (my.persona.wild and my.persona.wild[c])) and room(p) then
          fit = fit + 1
          break
        end
      end
    end
    local v = fit / #COLOURS * 1.8
    local scout = my.persona.scout
    if scout and scout > 1 then v = v * (1 + 0.15 * (scout - 1)) end
    return v
  end

  local function project_of_code(my, code)
    for _, p in ipairs(my.projects) do if p.code == code then return p end end
  end

  -- The score of an answer "play R P" or "pool R".
  local function action_score(my, answer)
    local rcode, pcode = answer:match("^play (%S+) (%S+)$")
    if rcode then
      local card = DECK[CODE[rcode]]
      return marginal(my, card, project_of_code(my, pcode)) - cost(my, card, true)
    end
    rcode = answer:match("^pool (%S+)$")
    if rcode then return pool_reward(my) - keep_value(my, CODE[rcode]) end
  end

  -- Value of a project card for the bot, when choosing which to keep.
  local function project_value(my, pid)
    local p = DECK[pid]
    local v = my.rounds_left >= 5 and (price(p, 3) + price(p, 4)) / 2 or my.rounds_left >= 2 and price(p, 3) or price(p, 2)
    v = v + #p.colours * 0.6
    for _, id in ipairs(my.hand) do
      if id ~= 0 and fits(my, DECK[id], p) then v = v + 1 end
    end
    local persona = my.persona
    if persona.bonus and persona.need then
      for _, c in ipairs(persona.need) do if p.allows[c] then v = v + persona.bonus * 0.5; break end end
    end
    if persona.wild then v = v + 0.5 end
    return v
  end

  -- Whether to sell project p now: waiting must promise more.
  local function sell_gain(my, p)
    local bonus = p.bonus
    if my.bonus_applies then
      -- the resources' bonuses whose condition the house rule's piece grants
      bonus = 0
      for i = 1, #p.ids - 1 do
        local r = DECK[p.ids[i]]
        if r.effect == "bonus" and applies(my, r.need, p.present) then bonus = bonus + r.bonus end
      end
    end
    local now_price = price(p.card, p.n) + bonus
    local persona, e = my.persona, my.effects
    if persona.bonus and applies(my, persona.need, p.present) then now_price = now_price + persona.bonus end
    local now = now_price + ((e.bonus and applies(my, e.need, p.present)) and e.bonus or 0)
    -- a house rule's sale: the price now is the rules' (public at the sell
    -- step); what it pays over the book's sum is counted for a sale now
    -- only, as the bot cannot tell whether it lasts
    local ruled = my.prices and my.prices[p.code]
    if ruled then now = ruled end
    -- projects sold outrank credits (a house rule's winners): a sale now
    if my.sales_first then return now, -math.huge end
    if not room(p) or my.rounds_left == 0 then return now, 0 end
    local later = price(p.card, p.n + 1) + bonus - 1
    if persona.bonus and applies(my, persona.need, p.present) then later = later + persona.bonus end
    if my.rounds_left == 1 and p.n >= 3 then later = later - 1 end
    return now, later
  end

  -- A trade worth proposing: a hand card the bot cannot use, for a card of a
  -- colour its projects need, with a player whose projects take that card.
  local function trade_plan(view, my)
    local dead
    for _, id in ipairs(my.hand) do
      if keep_value(my, id) == 0 then dead = id; break end
    end
    if not dead then return nil end
    local want
    for _, p in ipairs(my.projects) do
      if room(p) and not want then
        for _, c in ipairs(p.card.colours) do
          local have = false
          for _, id in ipairs(my.hand) do if DECK[id].colour == c then have = true end end
          if not have then want = c; break end
        end
      end
    end
    if not want then return nil end
    local colour = DECK[dead].colour
    for step = 1, view.players - 1 do
      local other = (my.seat - 1 + step) % view.players + 1
      for k = 1, 5 do
        local slot = view.zones[string.format("project%d[%d]", k, other)]
        if slot and slot.count > 0 and slot.count <= CAPACITY and DECK[slot.cards[slot.count]].allows[colour]
            and (view.zones[string.format("hand[%d]", other)].count or 0) > 0 then
          return { partner = other, give = dead, want = want }
        end
      end
    end
  end

  -- The value to the bot of cards and credits changing hands in an offer.
  local function trade_value(my, id)
    local v = keep_value(my, id)
    return v > 0.5 and v or 0.5
  end

  local function best_of(answers, score)
    local best, best_score
    for _, a in ipairs(answers) do
      local s = score(a)
      if s and (not best_score or s > best_score) then best, best_score = a, s end
    end
    return best, best_score
  end

  local function has(answers, text)
    for _, a in ipairs(answers) do if a == text then return true end end
    return false
  end

  function rush.bots.greedy(view, request)
    local answers, kind = request.answers, request.kind
    local my = me(view)
    local st = view.state

    if kind == "keep" then
      return (best_of(answers, function(a)
        local v = 0
        for code in a:gmatch("(%u%d+)") do
          if DECK[CODE[code]].type == "project" then v = v + project_value(my, CODE[code])
          else v = v + keep_value(my, CODE[code]) end
        end
        return v
      end))
    elseif kind == "scout" then
      return (best_of(answers, function(a) return keep_value(my, CODE[a:match("(%u%d+)$")]) end))
    elseif kind == "acquire" then
      for _, a in ipairs(answers) do
        local code = a:match("^take (%S+)$")
        if code and keep_value(my, CODE[code]) + (my.persona.curate or 0) > draw_value(my) then return a end
      end
      if has(answers, "draw") then return "draw" end
      return answers[1]
    elseif kind == "play" then
      if has(answers, "trade") and (st.offers or 0) == 0 and trade_plan(view, my) then return "trade" end
      -- (skip alone: an edit emptied the hand while the step waited)
      return best_of(answers, function(a) return action_score(my, a) end) or answers[1]
    elseif kind == "again" then
      local best, s = best_of(answers, function(a)
        local v = action_score(my, a)
        if v and a:match("^pool") then v = v + draw_value(my) end
        return v
      end)
      if best and s > 0 then return best end
      return "skip"
    elseif kind == "take_pool" then
      local code = answers[1]:match("^take (%S+)$")
      local worst = math.huge
      for _, id in ipairs(my.hand) do worst = math.min(worst, keep_value(my, id)) end
      return keep_value(my, CODE[code]) > worst and answers[1] or "skip"
    elseif kind == "draw_another" then
      return "draw"
    elseif kind == "discard" then
      return (best_of(answers, function(a) return -keep_value(my, CODE[a:match("(%u%d+)$")]) end))
    elseif kind == "swap" then
      local top = view.zones.pool.cards[1]
      local gain_of = keep_value(my, top)
      local best, s = best_of(answers, function(a)
        local code = a:match("^swap (%S+)$")
        return code and gain_of - keep_value(my, CODE[code]) or nil
      end)
      if best and s > 0.3 then return best end
      return "skip"
    elseif kind == "sell" then
      -- more projects ready than sales left in the game: sell the best now
      local ready = 0
      for _, p in ipairs(my.projects) do if p.n >= 2 then ready = ready + 1 end end
      local rush_out = ready > my.rounds_left * (my.persona.sales or 1)
      local best, s = best_of(answers, function(a)
        local code = a:match("^sell (%S+)$")
        if not code then return nil end
        local now, later = sell_gain(my, project_of_code(my, code))
        return (rush_out or now >= later) and now or nil
      end)
      if best and s then return best end
      return "end turn"
    -- the trade dialogue, as proposer: the same plan at every step
    elseif kind == "trade" then
      local plan = trade_plan(view, my)
      if plan and has(answers, "with seat " .. plan.partner) then return "with seat " .. plan.partner end
      return "cancel"
    elseif kind == "give_credits" then
      return "give 0"
    elseif kind == "give_cards" then
      local plan = trade_plan(view, my)
      local text = plan and "give " .. DECK[plan.give].code
      if text and has(answers, text) then return text end
      return "done"
    elseif kind == "ask_credits" then
      return "ask 0"
    elseif kind == "ask_card" then
      local plan = trade_plan(view, my)
      local offer = st.offer
      if plan and offer and #offer.ask_cards == 0 then return plan.want .. " card" end
      return "done"
    -- as the other side: accept only a gain; it never counters
    elseif kind == "offer" then
      local offer = st.offer
      if not offer or not has(answers, "accept") then return "refuse" end
      local received = offer.give_credits
      for _, id in ipairs(offer.give_cards) do received = received + trade_value(my, id) end
      -- each card asked for costs what the least useful card that fits is worth
      local lost, used = offer.ask_credits, {}
      for _, wanted in ipairs(offer.ask_cards) do
        local best, best_v
        for _, id in ipairs(my.hand) do
          if not used[id] and (wanted == "any" or DECK[id].colour == wanted) then
            local v = trade_value(my, id)
            if not best_v or v < best_v then best, best_v = id, v end
          end
        end
        if best then used[best] = true; lost = lost + best_v end
      end
      return received - lost - 0.25 > 0 and "accept" or "refuse"
    elseif kind == "hand_over" then
      return (best_of(answers, function(a) return -keep_value(my, CODE[a:match("(%u%d+)$")]) end))
    end
    return answers[1]
  end
end
