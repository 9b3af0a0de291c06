// The table: the shared zones in the middle, one panel per seat (the
// viewer's own at the bottom), each zone a labelled row of cards, backs for
// hidden cards, a stack with a count for count-only zones. Public state
// values go beside them: a list of one value per seat under each seat.

import { cardElement } from "./card.js";

const PER_SEAT = /^(.*)\[(\d+)\]$/;

function labelOf(name, hints) {
  return (hints.labels || {})[name] || name.replace(/_/g, " ");
}

// Zones split into shared ones and per seat ones, in the hinted order.
export function groupZones(zones, hints, players) {
  const hidden = hints.hidden || {};
  const shared = [], seats = {};
  for (let s = 1; s <= players; s++) seats[s] = [];
  for (const [name, z] of Object.entries(zones)) {
    const m = PER_SEAT.exec(name);
    if (m && seats[+m[2]]) {
      if (!hidden[m[1]]) seats[+m[2]].push({ base: m[1], name, z });
    } else if (z.owner > 0 && seats[z.owner] && !hidden[name]) {
      seats[z.owner].push({ base: name, name, z });
    } else if (!hidden[name]) {
      shared.push({ base: name, name, z });
    }
  }
  const rank = (order) => (e) => {
    const i = (order || []).indexOf(e.base);
    return i < 0 ? 1000 : i;
  };
  const sortBy = (list, order) => list.sort((a, b) => rank(order)(a) - rank(order)(b) || a.name.localeCompare(b.name));
  sortBy(shared, hints.zones);
  for (const s in seats) sortBy(seats[s], hints.seat_zones);
  return { shared, seats };
}

export function zoneElement(entry, ctx, big) {
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
  } else {
    if (z.cards.length > 8) row.classList.add("tight");
    if (z.cards.length > 16) row.classList.add("tighter");
    for (const id of z.cards) {
      const c = cardElement(id, ctx.cards, ctx.hints);
      if (id && ctx.pickable.has(id)) {
        c.classList.add("pickable");
        c.tabIndex = 0;
        c.setAttribute("role", "button");
        c.setAttribute("aria-pressed", ctx.picked.has(id) ? "true" : "false");
        if (ctx.picked.has(id)) c.classList.add("picked");
        const pick = () => ctx.onPick(id);
        c.addEventListener("click", pick);
        c.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
      }
      row.append(c);
    }
  }
  el.append(row);
  return el;
}

function valueText(v) {
  if (v === null || v === undefined) return "";
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return v.map(valueText).join(", ");
  return Object.entries(v).map(([k, x]) => `${k}: ${valueText(x)}`).join(", ");
}

// Public state: per seat values (a list with one scalar per seat) and the rest.
export function splitState(state, players, hints) {
  const hidden = hints.hidden || {};
  const perSeat = [], general = [];
  for (const [k, v] of Object.entries(state || {})) {
    if (hidden[k]) continue;
    const list = Array.isArray(v) ? v : (v && typeof v === "object" && Object.keys(v).length === players
      && Object.keys(v).every((x) => /^\d+$/.test(x)) ? Array.from({ length: players }, (_, i) => v[i + 1] ?? v[String(i + 1)]) : null);
    if (list && list.length === players && list.every((x) => x === null || typeof x !== "object")) perSeat.push([k, list]);
    else general.push([k, v]);
  }
  return { perSeat, general };
}

export function chips(pairs, hints) {
  const box = document.createElement("dl");
  box.className = "chips";
  for (const [k, v] of pairs) {
    const chip = document.createElement("div");
    chip.className = "chip";
    const dt = document.createElement("dt");
    dt.textContent = labelOf(k, hints);
    const dd = document.createElement("dd");
    dd.textContent = valueText(v);
    chip.append(dt, dd);
    box.append(chip);
  }
  return box;
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
  const who = game.kinds[seat - 1] === "human" ? "person" : game.kinds[seat - 1];
  head.textContent = `Seat ${seat}` + (mine ? " · you" : "") + ` · ${who}`;
  if (asked) {
    const turn = document.createElement("span");
    turn.className = "turn";
    turn.textContent = mine ? "your move" : "to move";
    head.append(" ", turn);
  }
  el.append(head);
  const mineVals = perSeat.map(([k, list]) => [k, list[seat - 1]]);
  if (mineVals.length) el.append(chips(mineVals, ctx.hints));
  const box = document.createElement("div");
  box.className = "zones";
  for (const entry of zones) box.append(zoneElement(entry, ctx, mine && /hand/.test(entry.base)));
  el.append(box);
  return el;
}
