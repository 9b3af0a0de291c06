// The table: the shared zones in the middle, one panel per seat (the
// viewer's own at the bottom; at a table of teams, the seats of a team in
// the team's panel with the zones it shares), each zone a labelled row of
// cards, backs for hidden cards, a stack with a count for count-only zones.
// Public state values go beside them: a value per seat under each seat (per
// team under the team's name), a seat marker on its seat, maps over the same
// keys as one board, the rest as chips.

import { cardElement, cardFace } from "./card.js";
import { teamTitle } from "./teams.js";

const PER_SEAT = /^(.*)\[(\d+)\]$/;

function labelOf(name, hints) {
  return (hints.labels || {})[name] || name.replace(/_/g, " ");
}

// Zones split into shared ones, per seat ones and per team ones (the
// `team_zones` hint: NAME[k] is team k's), in the hinted order. `teams`
// (teams.js) null: every seat plays alone, and a team's zones are its
// seat's, `seatOf(k)` the seat of team k.
export function groupZones(zones, hints, players, teams = null, seatOf = (k) => k) {
  const quiet = hints.hide_empty || {};
  const skip = (base, z) => (hints.hidden || {})[base] || (quiet[base] && !z.count);
  const teamZones = hints.team_zones || [];
  const shared = [], seats = {}, byTeam = {};
  for (let s = 1; s <= players; s++) seats[s] = [];
  for (const t of teams || []) byTeam[t.team] = [];
  for (const [name, z] of Object.entries(zones)) {
    const m = PER_SEAT.exec(name);
    const team = m && teamZones.includes(m[1]) ? (teams ? byTeam[+m[2]] : seats[seatOf(+m[2])]) : null;
    if (team) {
      if (!skip(m[1], z)) team.push({ base: m[1], name, z });
    } else if (m && seats[+m[2]]) {
      if (!skip(m[1], z)) seats[+m[2]].push({ base: m[1], name, z });
    } else if (z.owner > 0 && seats[z.owner] && !skip(name, z)) {
      seats[z.owner].push({ base: name, name, z });
    } else if (!skip(name, z)) {
      shared.push({ base: name, name, z });
    }
  }
  const rank = (order) => (e) => {
    const i = order.indexOf(e.base);
    return i < 0 ? 1000 : i;
  };
  const sortBy = (list, order) => list.sort((a, b) => rank(order || [])(a) - rank(order || [])(b) || a.name.localeCompare(b.name));
  sortBy(shared, hints.zones);
  // a seat playing alone has its team's zones after its own
  for (const s in seats) sortBy(seats[s], (hints.seat_zones || []).concat(teamZones));
  for (const t in byTeam) sortBy(byTeam[t], teamZones);
  return { shared, seats, teams: byTeam };
}

// For each card, how many cards from it on look the same and cannot be
// picked (0 for a card inside such a run).
function runsOfSame(ids, ctx) {
  const key = (id) => {
    if (!id || ctx.pickable.has(id)) return null;
    const f = cardFace(ctx.cards[id - 1] || {}, ctx.hints);
    return [f.label, f.detail, f.symbol, f.colour, f.stripes, ctx.turned && ctx.turned.has(id)].join("\u0000");
  };
  const keys = ids.map(key), runs = new Array(ids.length).fill(0);
  for (let i = 0; i < ids.length;) {
    let j = i + 1;
    while (j < ids.length && keys[i] !== null && keys[j] === keys[i]) j++;
    runs[i] = j - i;
    i = j;
  }
  return runs;
}

function pile(ids, ctx) {
  const stack = document.createElement("div");
  stack.className = "stack pile";
  for (const id of ids.slice(0, 3)) stack.append(cardElement(id, ctx.cards, ctx.hints, ctx.turned));
  const n = document.createElement("span");
  n.className = "times";
  n.textContent = "×" + ids.length;
  stack.append(n);
  return stack;
}

function makePickable(c, id, ctx) {
  c.classList.add("pickable");
  c.tabIndex = 0;
  c.setAttribute("role", "button");
  c.setAttribute("aria-pressed", ctx.picked.has(id) ? "true" : "false");
  if (ctx.picked.has(id)) c.classList.add("picked");
  const pick = () => ctx.onPick(id);
  c.addEventListener("click", pick);
  c.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
}

// The state value at a path of names ("play.text"), or undefined.
function stateAt(state, path) {
  let v = state;
  for (const key of path.split(".")) v = v && typeof v === "object" ? v[key] : undefined;
  return v;
}

// The `spelled` hint: the cards in the order their labels spell a state
// text, each character taking the first card left with that label, the
// cards no character took after them as they lie (Letter Tycoon's word on
// the table: its cards come from pool and hand apart).
function spelt(ids, text, ctx) {
  if (typeof text !== "string") return ids;
  const left = ids.slice(), out = [];
  for (const ch of text) {
    const i = left.findIndex((id) => id && ctx.cards[id - 1] && cardFace(ctx.cards[id - 1], ctx.hints).label === ch);
    if (i >= 0) out.push(left.splice(i, 1)[0]);
  }
  return out.concat(left);
}

export function zoneElement(entry, ctx, big) {
  const { z } = entry;
  const spelling = (ctx.hints.spelled || {})[entry.base];
  if (spelling && z.cards) entry = { ...entry, z: { ...z, cards: spelt(z.cards, stateAt(ctx.view.state, spelling), ctx) } };
  return drawZone(entry, ctx, big);
}

function drawZone(entry, ctx, big) {
  const { z } = entry;
  const el = document.createElement("div");
  el.className = "zone" + (big ? " big" : "");
  el.dataset.zone = entry.name;
  const label = document.createElement("div");
  label.className = "zone-label";
  label.textContent = labelOf(entry.base, ctx.hints);
  const count = document.createElement("span");
  count.className = "count";
  count.textContent = z.count === undefined ? "hidden" : z.count;
  label.append(" ", count);
  el.append(label);
  const row = document.createElement("div");
  row.className = "cards";
  if (z.count === undefined) {
    row.classList.add("empty");
  } else if (!z.cards) {
    // count only, or every card face down: a stack of backs
    if (z.count > 0 && entry.base !== entry.name) {
      // a seat's hidden cards: fanned backs, as held
      row.classList.add(z.count > 5 ? "tighter" : "tight");
      for (let i = 0; i < Math.min(z.count, 12); i++) row.append(cardElement(0, ctx.cards, ctx.hints));
    } else if (z.count > 0) {
      const stack = document.createElement("div");
      stack.className = "stack";
      for (let i = 0; i < Math.min(z.count, 3); i++) stack.append(cardElement(0, ctx.cards, ctx.hints));
      row.append(stack);
    } else row.classList.add("empty");
  } else if ((ctx.hints.stacked || {})[entry.base] && z.cards.length > 1) {
    // a pile as it lies on the table: the top card face up on the others (a
    // zone's cards come top first: docs/api.md)
    const top = z.cards[0];
    const stack = document.createElement("div");
    stack.className = "stack";
    for (let i = Math.min(z.cards.length - 1, 2); i > 0; i--) stack.append(cardElement(0, ctx.cards, ctx.hints));
    const c = cardElement(top, ctx.cards, ctx.hints, ctx.turned);
    if (top && ctx.pickable.has(top)) makePickable(c, top, ctx);
    stack.append(c);
    row.append(stack);
  } else {
    if (z.cards.length > 8) row.classList.add("tight");
    if (z.cards.length > 16) row.classList.add("tighter");
    const same = runsOfSame(z.cards, ctx);
    for (let i = 0; i < z.cards.length; i++) {
      const id = z.cards[i];
      if (same[i] >= 3) {
        // three or more alike in a row (seven FAILUREs): one pile and a count
        row.append(pile(z.cards.slice(i, i + same[i]), ctx));
        i += same[i] - 1;
        continue;
      }
      const c = cardElement(id, ctx.cards, ctx.hints, ctx.turned);
      if (id && ctx.pickable.has(id)) makePickable(c, id, ctx);
      row.append(c);
    }
  }
  el.append(row);
  return el;
}

// A value as words: a map as "key value" pairs (its keys in order, a key
// whose value is true as the key alone), a list as its items.
function valueText(v, hints) {
  if (v === null || v === undefined) return "";
  if (v === true) return "yes";
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return v.map((x) => valueText(x, hints)).join(", ");
  return Object.keys(v).sort(byKey).map((k) => v[k] === true ? labelOf(k, hints) : `${labelOf(k, hints)} ${valueText(v[k], hints)}`).join(" · ");
}

const byKey = (a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? a - b : a.localeCompare(b));
const isEmpty = (v) => v === null || v === undefined || v === "" || v === false
  || (typeof v === "object" && Object.keys(v).length === 0);
const isScalar = (x) => x === null || typeof x !== "object";

// A value held one per seat: a list of one entry per seat, or a map by seat
// number (of scalars, or of maps such as a seat's coins by currency).
function perSeatList(v, players, declared) {
  let list = null;
  // declared, a map of things to the seat that owns them (patents: letter to
  // seat): each seat's things
  if (declared && v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length
    && Object.keys(v).some((x) => !/^\d+$/.test(x))
    && Object.values(v).every((x) => Number.isInteger(x) && x >= 1 && x <= players)) {
    return Array.from({ length: players }, (_, i) => Object.keys(v).filter((x) => v[x] === i + 1).sort(byKey));
  }
  if (Array.isArray(v)) list = v;
  else if (v && typeof v === "object" && Object.keys(v).length && Object.keys(v).every((x) => /^\d+$/.test(x) && +x >= 1 && +x <= players))
    list = Array.from({ length: players }, (_, i) => v[i + 1]);
  if (!list || list.length !== players) return null;
  if (declared) return list;
  // without the seat_state hint: a list of scalars, or of maps of scalars
  const flat = list.every(isScalar);
  const maps = list.every((x) => x && typeof x === "object" && !Array.isArray(x) && Object.values(x).every(isScalar));
  return flat || maps ? list : null;
}

// A value held one per team (the `team_state` hint): a list by team
// number, or a map by it; as a list by team number, or null.
function perTeamList(v) {
  if (Array.isArray(v)) return v;
  if (v && typeof v === "object" && Object.keys(v).length && Object.keys(v).every((x) => /^\d+$/.test(x) && +x >= 1)) {
    const list = [];
    for (const [k, x] of Object.entries(v)) list[+k - 1] = x;
    return list;
  }
  return null;
}

// Public state, as a player at the table would see it:
//   perSeat  [name, list]   values held one per seat, under each seat
//   perTeam  [name, list]   values held one per team (by team number), under
//            each team's name; where every seat plays alone (`teams` null),
//            each seat's team's value is drawn as the seat's (perSeat)
//   markers  [name, seat]   a seat-number value (start player ...), a badge on that seat
//   boards   {keys, columns: [name, map]}  maps over the same keys (prices,
//            stock ... by currency), drawn as one table, a row per key
//   general  [name, value]  the rest, as chips
// Not drawn: what the hints hide, what is empty or false (a true flag is a
// chip of its label alone), and the set of `turned` cards (drawn on the cards).
export function splitState(state, players, hints, teams = null, teamOf = (s) => s) {
  const hidden = hints.hidden || {};
  const teamState = hints.team_state || [];
  // (with team values declared, the values of a seat are the declared ones)
  const seatState = hints.seat_state || (hints.team_state ? [] : undefined), markerNames = hints.markers || [];
  const perSeat = [], perTeam = [], general = [], markers = [], maps = [];
  const order = (list) => (k) => { const i = (list || []).indexOf(k); return i < 0 ? 1000 : i; };
  const rankShared = order(hints.state), rankSeat = order((seatState || []).concat(teamState)), rankTeam = order(teamState);
  const keys = Object.keys(state || {}).sort((a, b) => rankShared(a) - rankShared(b) || a.localeCompare(b));
  for (const k of keys) {
    const v = state[k];
    if (hidden[k] || hidden["state." + k] || k === hints.turned) continue;
    if (markerNames.includes(k)) {
      if (Number.isInteger(v) && v >= 1 && v <= players) markers.push([k, v]);
      continue;
    }
    const byTeam = teamState.includes(k) ? perTeamList(v) : null;
    if (byTeam && teams) { perTeam.push([k, byTeam]); continue; }
    if (byTeam) { perSeat.push([k, Array.from({ length: players }, (_, i) => byTeam[teamOf(i + 1) - 1])]); continue; }
    const declared = seatState ? seatState.includes(k) : false;
    const list = seatState && !declared ? null : perSeatList(v, players, declared);
    if (list) { perSeat.push([k, list]); continue; }
    if (isEmpty(v)) continue;
    if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 1
      && Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar)))) maps.push([k, v]);
    else general.push([k, v]);
  }
  perSeat.sort((a, b) => rankSeat(a[0]) - rankSeat(b[0]));
  perTeam.sort((a, b) => rankTeam(a[0]) - rankTeam(b[0]));
  // maps over the same keys make a board; a map alone stays a chip
  const boards = [];
  const sig = (m) => Object.keys(m).sort().join("\u0000");
  for (const [k, m] of maps) {
    const board = boards.find((b) => b.sig === sig(m));
    if (board) board.columns.push([k, m]);
    else boards.push({ sig: sig(m), keys: Object.keys(m).sort(byKey), columns: [[k, m]] });
  }
  const tables = [];
  for (const b of boards) {
    if (b.columns.length > 1) tables.push(b);
    else general.push(b.columns[0]);
  }
  general.sort((a, b) => rankShared(a[0]) - rankShared(b[0]) || a[0].localeCompare(b[0]));
  return { perSeat, perTeam, general, markers, boards: tables };
}

// The card ids of the `turned` hint's state value (a set of ids, or a list).
export function turnedCards(state, hints) {
  const set = new Set();
  const v = hints.turned && state ? state[hints.turned] : null;
  if (!v || typeof v !== "object") return set;
  if (Array.isArray(v)) v.forEach((x, i) => { if (x === true) set.add(i + 1); else if (Number.isInteger(x)) set.add(x); });
  else for (const [k, x] of Object.entries(v)) if (x) set.add(+k);
  return set;
}

export function chips(pairs, hints) {
  const box = document.createElement("dl");
  box.className = "chips";
  for (const [k, v] of pairs) {
    const chip = document.createElement("div");
    chip.className = "chip" + (v === true ? " flag" : "");
    const dt = document.createElement("dt");
    dt.textContent = labelOf(k, hints);
    chip.append(dt);
    if (v !== true) {
      const dd = document.createElement("dd");
      dd.textContent = isEmpty(v) && v !== false ? "–" : valueText(v, hints);
      chip.append(dd);
    }
    box.append(chip);
  }
  return box;
}

// Maps over the same keys as one table: a row per key, a column per map.
export function boardTable(board, hints) {
  const t = document.createElement("table");
  t.className = "board";
  const head = document.createElement("tr");
  head.append(document.createElement("th"));
  for (const [k] of board.columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = labelOf(k, hints);
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const body = document.createElement("tbody");
  for (const key of board.keys) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = labelOf(key, hints);
    tr.append(th);
    for (const [, m] of board.columns) {
      const td = document.createElement("td");
      td.textContent = valueText(m[key], hints);
      tr.append(td);
    }
    body.append(tr);
  }
  t.append(thead, body);
  return t;
}

// Who plays a seat, in the page's words: "person", or the bot's name.
export function playedBy(kind) {
  return kind === "human" ? "person" : kind;
}

// The seat panel: name, who plays it, the turn marker, its values, its zones.
export function seatPanel(seat, ctx, zones, perSeat, mine) {
  const { view, game } = ctx;
  const el = document.createElement("section");
  el.className = "seat" + (mine ? " mine" : "");
  el.dataset.seat = seat;
  const asked = ctx.request && ctx.request.seat === seat && ctx.status === "waiting";
  if (asked) el.classList.add("asked");
  if (ctx.winners && ctx.winners.includes(seat)) el.classList.add("winner");
  const head = document.createElement("h2");
  head.textContent = `Seat ${seat}` + (mine ? " · you" : "") + ` · ${playedBy(game.kinds[seat - 1])}`;
  if (asked) {
    const turn = document.createElement("span");
    turn.className = "turn";
    turn.textContent = mine ? "your move" : "to move";
    head.append(" ", turn);
  }
  const handed = ctx.handed && ctx.handed(seat);
  if (handed) {
    const badge = document.createElement("span");
    badge.className = "handed";
    badge.textContent = "for the person away";
    badge.title = `${handed.by} handed this seat to the ${handed.bot} bot while its person was away; the person takes it back from their link`;
    head.append(" ", badge);
  }
  if (!mine && ctx.away && ctx.away(seat)) {
    const away = document.createElement("span");
    away.className = "away";
    away.textContent = "away";
    away.title = "no page of this seat is open: the table waits for this person to open their link";
    head.append(" ", away);
  }
  for (const [k, s] of ctx.markers || []) {
    if (s !== seat) continue;
    const badge = document.createElement("span");
    badge.className = "marker";
    badge.textContent = labelOf(k, ctx.hints);
    head.append(" ", badge);
  }
  el.append(head);
  const mineVals = perSeat.map(([k, list]) => [k, list[seat - 1]]).filter(([, v]) => !isEmpty(v));
  if (mineVals.length) el.append(chips(mineVals, ctx.hints));
  const box = document.createElement("div");
  box.className = "zones";
  for (const entry of zones) box.append(zoneElement(entry, ctx, mine && /hand/.test(entry.base)));
  el.append(box);
  return el;
}

// A team's panel (teams.js): its name and the viewer's own marked, the
// values it holds, the zones it shares and its seats' panels. The rows lie
// between the seats and the middle of the table: above the viewer's team's
// seats, below the others'.
export function teamPanel(team, ctx, zones, perTeam, seatPanels, mine) {
  const el = document.createElement("section");
  el.className = "team" + (mine ? " mine" : "");
  el.dataset.team = team.team;
  if (ctx.winners && team.seats.every((s) => ctx.winners.includes(s))) el.classList.add("winner");
  const head = document.createElement("h2");
  const name = document.createElement("span");
  name.className = "team-name";
  name.textContent = teamTitle(team);
  head.append(name);
  if (mine) {
    const yours = document.createElement("span");
    yours.className = "yours";
    yours.textContent = "your team";
    head.append(" ", yours);
  }
  el.append(head);
  const values = perTeam.map(([k, list]) => [k, list[team.team - 1]]).filter(([, v]) => !isEmpty(v));
  if (values.length) el.append(chips(values, ctx.hints));
  const rows = document.createElement("div");
  rows.className = "zones";
  for (const entry of zones) rows.append(zoneElement(entry, ctx, false));
  const seats = document.createElement("div");
  seats.className = "team-seats";
  seats.append(...seatPanels);
  if (mine) el.append(rows, seats);
  else el.append(seats, rows);
  return el;
}
