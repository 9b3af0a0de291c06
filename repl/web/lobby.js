// The lobby: pick a game, the players, who sits where and the options, and
// get one link per person; below, the tables this server holds, kept up to
// date by the server ("tables" frames). The form is made once: what the
// person chose stays after a table is made, and across a reload (kept in
// the browser's localStorage, the seed aside).

import { playedBy } from "./zones.js";

let games = [];
let lastCreated = null;  // the links of the table made last, kept across redraws
const KEPT = "cardlab.lobby.form";  // (localStorage: the form's last choices)

// A link of this server as the person reached it: the server writes its links
// with the address it listens on, and 127.0.0.1 for 0.0.0.0 (every address),
// which is no use to a friend who opened the lobby by the machine's name.
function here(url) {
  const u = new URL(url, location.href);
  return location.origin + u.pathname + u.search;
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k in e) e[k] = v; else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

function form(root, send) {
  const box = el("form", { class: "panel create" });
  const pick = el("select", { name: "game", id: "lobby-game" });
  for (const g of games) pick.append(el("option", { value: g.name }, `${g.title} (${g.min}–${g.max} players)`));
  const about = el("p", { class: "about" });
  const players = el("input", { type: "number", name: "players", id: "lobby-players" });
  const seats = el("div", { class: "seats" });
  const opts = el("div", { class: "options" });
  // house rules: a name from the server's list for the game (--houses DIR),
  // never a path; the file's own words say what it changes
  const house = el("select", { name: "house", id: "lobby-house" });
  const houseAbout = el("small", { class: "house-about", id: "lobby-house-about" });
  const houseBox = el("label", { class: "house-pick" }, "House rules ", house, houseAbout);
  const seed = el("input", { type: "number", name: "seed", id: "lobby-seed", placeholder: "random", title: "only at a table of one person: a seed known to someone tells every hidden card" });
  const delay = el("input", { type: "number", name: "bot_delay", id: "lobby-delay", value: 700, min: 0, max: 60000, step: 1 });
  const current = () => games.find((g) => g.name === pick.value);
  const chosenHouse = () => (current().houses || []).find((x) => x.name === house.value);
  const optsTitle = el("summary", {}, "Options");
  let shown = [];  // the options as drawn, each with the default the form shows
  const drawSeats = () => {
    const g = current();
    seats.replaceChildren();
    for (let s = 1; s <= Number(players.value); s++) {
      const sel = el("select", { name: `seat${s}`, id: `lobby-seat${s}` });
      for (const k of g.kinds) sel.append(el("option", { value: k, selected: k === (s === 1 ? "human" : g.kinds.includes("greedy") ? "greedy" : "random") }, k === "human" ? "a person" : `bot: ${k}`));
      seats.append(el("label", {}, `Seat ${s} `, sel));
    }
  };
  const drawGame = () => {
    const g = current();
    about.textContent = g.about || "";
    players.min = g.min; players.max = g.max; players.value = g.default;
    drawSeats();
    house.replaceChildren(el("option", { value: "" }, "none"),
      ...(g.houses || []).map((h) => el("option", { value: h.name, title: h.about || "" }, h.name)));
    houseBox.hidden = !(g.houses || []).length;
    drawHouse();
  };
  // The options as the house rules chosen play them: the game's, at the
  // values the house file sets (the defaults with it), then its own; with
  // none, the book's. Drawn anew when the house rules change.
  const drawOptions = () => {
    const h = chosenHouse();
    const set = (h && h.defaults) || {};
    shown = [...current().options.map((o) => o.name in set ? { ...o, book: o.default, default: set[o.name] } : o),
      ...((h && h.options) || []).map((o) => ({ ...o, own: true }))];
    opts.replaceChildren();
    for (const o of shown) {
      let input;
      if (o.type === "choice" || (o.type === "word_list" && o.choices)) {
        input = el("select", { name: o.name });
        // (a word list a house file gives by a file: its name, kept as the default)
        const choices = o.choices.includes(o.default) ? o.choices : [o.default, ...o.choices];
        for (const c of choices) input.append(el("option", { value: c, selected: c === o.default }, c));
      } else if (o.type === "boolean") {
        input = el("input", { type: "checkbox", name: o.name, checked: o.default === true });
      } else {
        input = el("input", { type: o.type === "integer" || o.type === "seat" ? "number" : "text", name: o.name, value: String(o.default) });
      }
      input.dataset.option = o.name;
      // what the house rules set, and what the book says, beside the doc
      const mark = o.own ? "house rules' own" : "book" in o ? "house rules" : null;
      opts.append(el("label", { title: o.doc, class: o.own ? "house-own" : mark ? "house-set" : "" },
        el("span", {}, o.name.replace(/_/g, " ")), input,
        el("small", {}, ...(mark ? [el("span", { class: "house" }, mark), " "] : []), o.doc,
          ...("book" in o ? [` (the book: ${o.book})`] : []))));
    }
    const changed = shown.filter((o) => "book" in o).length, own = shown.filter((o) => o.own).length;
    optsTitle.textContent = "Options" + (changed || own ? ` (the house rules: ${[changed ? `${changed} set` : "", own ? `${own} of their own` : ""].filter(Boolean).join(", ")})` : "");
  };
  const drawHouse = () => {
    const h = chosenHouse();
    houseAbout.textContent = h ? h.about || "" : "the book's rules";
    drawOptions();
  };
  // the options the person changed from those shown: what "create" sends
  const chosenOptions = () => {
    const options = {};
    for (const i of opts.querySelectorAll("[data-option]")) {
      const o = shown.find((x) => x.name === i.dataset.option);
      const v = i.type === "checkbox" ? i.checked : i.value;
      if (String(v) !== String(o.default)) options[o.name] = String(v);
    }
    return options;
  };
  // The choices kept across a reload, and put back where they still fit
  // (a game, a house file or a kind of bot the server no longer offers is
  // left as the form draws it). Not the seed: a table is dealt anew unless
  // the person says otherwise each time.
  const keep = () => {
    try {
      localStorage.setItem(KEPT, JSON.stringify({ game: pick.value, players: players.value, house: house.value,
        seats: [...seats.querySelectorAll("select")].map((s) => s.value), options: chosenOptions(), bot_delay: delay.value }));
    } catch { /* no storage (a private window): the form starts afresh */ }
  };
  const putBack = () => {
    let k;
    try { k = JSON.parse(localStorage.getItem(KEPT)); } catch { return; }
    if (!k || typeof k !== "object" || !games.some((g) => g.name === k.game)) return;
    pick.value = k.game;
    drawGame();
    const g = current();
    if (Number(k.players) >= g.min && Number(k.players) <= g.max) { players.value = k.players; drawSeats(); }
    (k.seats || []).forEach((kind, i) => {
      const sel = document.getElementById(`lobby-seat${i + 1}`);
      if (sel && g.kinds.includes(kind)) sel.value = kind;
    });
    if ((g.houses || []).some((h) => h.name === k.house)) { house.value = k.house; drawHouse(); }
    for (const [name, v] of Object.entries(k.options || {})) {
      const i = opts.querySelector(`[data-option="${CSS.escape(name)}"]`);
      if (!i) continue;
      if (i.type === "checkbox") i.checked = v === "true";
      else if (i.tagName !== "SELECT" || [...i.options].some((o) => o.value === v)) i.value = v;
    }
    if (k.bot_delay !== undefined) delay.value = k.bot_delay;
  };
  house.addEventListener("change", drawHouse);
  pick.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  // (after the redraw a change makes: the listeners above run first)
  box.addEventListener("change", keep);
  box.addEventListener("submit", (e) => {
    e.preventDefault();
    const g = current();
    const kinds = [...seats.querySelectorAll("select")].map((s) => s.value);
    const msg = { type: "create", game: g.name, players: Number(players.value), seats: kinds, options: chosenOptions(), bot_delay: Number(delay.value) };
    if (seed.value !== "") msg.seed = Number(seed.value);
    if (house.value) msg.house = house.value;
    keep();
    send(msg);
  });
  box.append(el("h2", {}, "New table"), el("label", {}, "Game ", pick), about,
    el("label", {}, "Players ", players), seats, houseBox,
    el("details", {}, optsTitle, opts),
    el("label", {}, "Seed ", seed), el("label", {}, "Bot delay (ms) ", delay),
    el("button", { type: "submit", id: "lobby-create" }, "Make the table"));
  root.append(box);
  drawGame();
  putBack();
}

function tablesList(tables) {
  const box = el("section", { class: "panel tables" }, el("h2", {}, "Tables"));
  if (!tables.length) box.append(el("p", {}, "No table yet."));
  const list = el("ul");
  for (const t of tables) {
    list.append(el("li", {}, el("b", {}, `Table ${t.id}: ${t.title}`),
      ...(t.house ? [" ", el("span", { class: "house" }, `house rules: ${t.house}`)] : []),
      ` · ${t.players} players (${t.kinds.map((k, i) => playedBy(k) + ((t.handed || []).includes(i + 1) ? " for the person away" : "")).join(", ")}) · ${t.replay ? "replay" : t.status} · ${t.answers} answers · `,
      el("a", { href: t.replay ? `/replay?table=${t.id}` : here(t.watch) }, t.replay ? "open the replay" : "watch")));
  }
  box.append(list);
  return box;
}

// A server started with a game (cardlab serve GAME) makes no other table:
// its "/" says so, and lists the table it plays, in place of the form.
function oneGame() {
  return el("section", { class: "panel one-game" }, el("h2", {}, "One game on this server"),
    el("p", {}, "This server was started for the game below and makes no other table. Each person "
      + "opens the link the server printed for their seat (it holds the seat's secret token); "
      + "anyone may watch. Another game, or a lobby of many tables: the server's host stops it "
      + "and starts cardlab serve again, with another game or without one (a lobby)."));
}

export function lobbyPage(root, msg, send) {
  if (msg.type === "lobby" && msg.one_game && !root.querySelector(".one-game")) {
    root.replaceChildren(oneGame(), tablesList(msg.tables));
    return;
  }
  if (msg.type === "lobby" && !msg.one_game && !root.querySelector("form.create")) {
    games = msg.games;
    root.replaceChildren();
    form(root, send);
    root.append(el("div", { id: "created" }, ...(lastCreated ? [lastCreated] : [])), tablesList(msg.tables));
    return;
  }
  if (msg.type === "lobby" || msg.type === "tables") {
    // the list anew; the form as the person left it
    const list = root.querySelector(".tables");
    if (list) list.replaceWith(tablesList(msg.tables));
    return;
  }
  lastCreated = el("section", { class: "panel links" },
    el("h2", {}, `Table ${msg.table}: ${msg.title}`, ...(msg.house ? [" ", el("span", { class: "house" }, `house rules: ${msg.house}`)] : [])),
    el("p", {}, "Send each person their seat's link; it holds the seat's secret token."),
    el("ul", {}, ...msg.links.map((l) => el("li", {}, `Seat ${l.seat}: `,
      l.url ? el("a", { href: here(l.url), class: "seat-link" }, here(l.url)) : `bot (${l.kind})`))),
    el("p", {}, "Watch: ", el("a", { href: here(msg.watch) }, here(msg.watch))),
    // kept by whoever made the table: a watch page that may hand a seat whose
    // person has gone to a bot
    ...(msg.host ? [el("p", {}, "Host (watch, and hand a seat whose person is away to a bot): ",
      el("a", { href: here(msg.host), class: "host-link" }, here(msg.host)))] : []));
  document.getElementById("created").replaceChildren(lastCreated);
}
