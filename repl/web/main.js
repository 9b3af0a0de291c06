// The page of cardlab serve. The address says what it is: /play?table=T&seat=K&token=X
// (a seat), /watch?table=T (the public view), /replay?table=T (a save file
// step by step), / (the lobby). It keeps one WebSocket to the server, sends
// JSON messages and draws each "table" frame it gets; it holds no rules.

import { groupZones, seatPanel, teamPanel, zoneElement, splitState, chips, boardTable, turnedCards } from "./zones.js";
import { teamsOf, seatOfTeam } from "./teams.js";
import { requestPanel, pickableCards } from "./request.js";
import { logPanel } from "./log.js";
import { cardFace, longestWordEm } from "./card.js";
import { lobbyPage } from "./lobby.js";
import { replayControls } from "./replay.js";
import { endScreen } from "./end.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const mode = location.pathname.replace(/^\//, "") || "lobby";
const tableId = Number(params.get("table"));
const seat = mode === "play" ? Number(params.get("seat")) : 0;
// the host's link (a watch link with the table's host token) may hand a
// seat whose person is away to a bot, as a seated person may
const hostToken = mode === "watch" ? params.get("host") : null;

const state = { game: null, frame: null, picked: new Set(), refusal: null, replay: { step: 0, seat: 0 } };
let socket = null, retry = 0;
window.cardlab = { frames: [], state };  // for tests and the curious

// the game's `log_steps` hint: the request kinds the log folds (log.js)
const logSteps = () => (state.game && state.game.presentation && state.game.presentation.log_steps) || null;

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function banner(text) {
  const b = $("banner");
  b.hidden = !text;
  b.textContent = text || "";
}

function hello() {
  if (mode === "play") send({ type: "join", table: tableId, seat, token: params.get("token") });
  else if (mode === "watch") send(hostToken ? { type: "watch", table: tableId, host: hostToken } : { type: "watch", table: tableId });
  else if (mode === "replay") send({ type: "replay", table: tableId, step: state.replay.step, seat: state.replay.seat });
  else send({ type: "lobby" });
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket.addEventListener("open", () => { retry = 0; state.stopped = undefined; banner(""); state.sentFor = state.undoneAt = undefined; hello(); });
  socket.addEventListener("message", (e) => receive(JSON.parse(e.data)));
  socket.addEventListener("close", () => {
    // the table stays in sight, but nothing can be answered until the
    // server has taken this page back (a welcome)
    state.detached = true;
    state.present = null;  // who is there is not known while not connected
    if (state.frame) draw();
    banner(state.stopped ? `${state.stopped[0].toUpperCase()}${state.stopped.slice(1)}.` : "Connection lost: reconnecting…");
    setTimeout(connect, Math.min(5000, 500 * ++retry));
  });
}

function receive(msg) {
  window.cardlab.frames.push(msg);
  switch (msg.type) {
    case "welcome":
      state.detached = false;
      state.hintAsked = false;  // a hint asked before the connection was lost is not coming
      state.present = new Set(msg.present || []);
      state.game = msg.game;
      document.title = `${msg.game.title} · cardlab`;
      $("title").textContent = msg.game.title;
      // house rules played: said beside the title, what they change on hover
      $("house").hidden = !msg.game.house;
      if (msg.game.house) {
        $("house").textContent = `house rules: ${msg.game.house.file}`;
        $("house").title = msg.game.house.about || "";
      }
      // options set away from the book's defaults: what explains a rule played otherwise
      const changed = Array.isArray(msg.game.options) ? msg.game.options : [];
      $("options").hidden = changed.length === 0;
      $("options").textContent = `options: ${changed.join(", ")}`;
      $("options").title = "options this table plays with, set away from the game's defaults (cardlab list)";
      if (msg.game.presentation.felt) document.documentElement.style.setProperty("--felt", msg.game.presentation.felt);
      document.body.dataset.game = msg.game.name;
      sizeCards(msg.game);
      break;
    case "table":
      if (state.frame && state.frame.answers !== msg.answers) { state.picked.clear(); state.refusal = null; state.typed = ""; state.hint = null; }
      state.sentFor = state.undoneAt = undefined;  // a new table: it may be answered
      state.frame = msg;
      // who plays each seat now: a seat handed to a bot while its person was away
      if (msg.kinds && state.game) state.game.kinds = msg.kinds;
      state.handed = new Map((Array.isArray(msg.handed) ? msg.handed : []).map((h) => [h.seat, h]));
      if (msg.step !== undefined) state.replay.step = msg.step;
      draw();
      if (state.wordsOpen) send({ type: "words" });  // kept up to date while open
      if (state.logOpen) askLog();
      break;
    case "log":
      // the whole log, while it is open (one for a table since left is not drawn)
      if (state.logOpen) { state.wholeLog = msg; if (state.frame) logPanel($("log"), state.frame, msg, toggleLog, logSteps()); }
      break;
    case "hint":
      // for the table shown (one that has moved on since has its own)
      state.hintAsked = false;
      if (state.frame && msg.answers === state.frame.answers) { state.hint = msg.lines; draw(); }
      break;
    case "words":
      if (state.wordsOpen) wordsPanel(msg);
      break;
    case "presence": {
      // the seats with a page open: a person's seat without one is "away"
      // (drawn anew only when that changed: a draw replaces the buttons)
      const same = state.present && state.present.size === msg.seats.length && msg.seats.every((s) => state.present.has(s));
      state.present = new Set(msg.seats);
      if (state.frame && !same) draw();
      break;
    }
    case "refused":
      state.sentFor = state.undoneAt = undefined;
      state.hintAsked = false;
      state.refusal = msg.reason;
      draw();
      break;
    case "error":
      state.sentFor = state.undoneAt = undefined;
      state.hintAsked = false;  // (a hint that failed: the link may be asked again)
      // refused on (re)connecting, e.g. by a server restarted with --resume,
      // which gives new seat links: the table shown is no longer live
      if (state.detached && state.frame) { banner(msg.reason + " (the table below is as it was)"); draw(); break; }
      if (state.frame) { state.refusal = msg.reason; draw(); } else banner(msg.reason);
      break;
    case "stopped":
      // said when the connection closes, in place of "reconnecting"
      state.stopped = msg.reason;
      break;
    case "saved": {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
      a.download = msg.name;
      a.click();
      break;
    }
    case "lobby":
    case "tables":
    case "created":
      lobbyPage($("lobby"), msg, send);
      break;
  }
}

// Cards are made wide enough for the game's longest word to be read at a
// small size (--word-em, table.css): names such as "Replicator" then stay
// whole on every card of the game, and a game of short codes keeps its size.
function sizeCards(game) {
  let widest = 0;
  const hints = game.presentation || {};
  for (const card of game.cards) {
    const f = cardFace(card, hints);
    if (f.label.length > 2) widest = Math.max(widest, longestWordEm(f.label + f.symbol));
  }
  document.documentElement.style.setProperty("--word-em", widest.toFixed(2));
}

function visibleIds(zones) {
  const ids = [];
  for (const z of Object.values(zones)) for (const id of z.cards || []) if (id) ids.push(id);
  return ids;
}

// For a typed answer (a word in Letter Tycoon), the cards a click writes
// into the field: the face-up cards of this seat's zones and of the shared
// zones but piles (a discard's top card is not for spelling).
function typableCards(zones, hints) {
  const ids = new Set();
  for (const [name, z] of Object.entries(zones)) {
    const owner = name.match(/\[(\d+)\]$/);
    if (owner ? Number(owner[1]) !== seat : (hints.stacked || {})[name]) continue;
    for (const id of z.cards || []) if (id) ids.add(id);
  }
  return ids;
}

// What has the keyboard's focus in the table, the request or the replay's
// controls, by what it is (a card's id, an answer's text, a control's
// label): drawing replaces the elements, and the focus would fall back to
// the page's start.
function focusKey() {
  const a = document.activeElement;
  if (!a || !$("play").contains(a)) return null;
  if ($("replay").contains(a) && a.getAttribute("aria-label")) return { replay: a.getAttribute("aria-label") };
  if (a.classList.contains("card") && a.dataset.id) return { card: a.dataset.id };
  if (a.classList.contains("answer")) return { answer: a.textContent };
  if (a.matches("#request .amount input")) return { amount: true };
  return { other: true };
}

function refocus(key) {
  if (!key) return;
  let el = null;
  if (key.card) el = document.querySelector(`#play .card.pickable[data-id="${key.card}"]`);
  if (key.answer) el = [...document.querySelectorAll("#play .answers .answer")].find((b) => b.textContent === key.answer);
  if (key.amount) el = document.querySelector("#request .amount input");
  // a replay control is there again after each step: the same one keeps it
  if (key.replay) el = [...$("replay").querySelectorAll("[aria-label]")].find((c) => c.getAttribute("aria-label") === key.replay);
  // what had it is gone (the answer was taken): the request's first control
  el ||= document.querySelector("#request .amount input, #request .answers .answer, #request .typed input, #play .card.pickable");
  if (el) el.focus();
}

function draw() {
  const f = state.frame, game = state.game;
  if (!f || !game) return;
  const key = focusKey();
  $("lobby").hidden = true;
  $("play").hidden = false;
  const hints = game.presentation || {};
  const view = f.view;
  const handed = state.handed || new Map();
  const mine = f.request && f.request.seat === seat && seat > 0 && f.status === "waiting" && !state.detached && !handed.has(seat);
  const typing = mine && !f.request.answers;
  const ctx = {
    view, game, hints, cards: game.cards, seat, status: f.status, request: f.request, detached: state.detached,
    winners: f.result && f.result.winners, picked: state.picked, refusal: state.refusal,
    away: (s) => !!state.present && game.kinds[s - 1] === "human" && !state.present.has(s) && f.status === "waiting",
    handed: (s) => handed.get(s),
    // a seated person or the host may hand the seat the table waits for,
    // whose person is away, to the game's best bot (the server checks again)
    canHand: (seat > 0 || !!hostToken) && !state.detached && mode !== "replay",
    standIn: game.stand_in || "random",
    onHand: (s) => {
      const bot = game.stand_in || "random";
      if (!window.confirm(`Hand seat ${s} to the ${bot} bot? It plays seat ${s} until its person opens their link and takes the seat back. Everyone's log will say you did.`)) return;
      send({ type: "hand", seat: s });
    },
    onTake: () => send({ type: "take" }),
    pickable: !mine ? new Set() : typing ? typableCards(view.zones, hints)
      : pickableCards(f.request.answers, visibleIds(view.zones), game.cards),
    typed: state.typed || "",
    onType: (text) => { state.typed = text; },
    onPick: (id) => {
      if (typing) {
        // a click writes the card's label into the field, after the one
        // first word that the answer needs ("discard"), when still empty
        let text = state.typed || "";
        const open = (f.request.starts || []).filter((w) => !w.whole);
        if (!text.trim() && open.length === 1) text = open[0].text + " ";
        state.typed = text + cardFace(game.cards[id - 1], hints).label;
      } else if (state.picked.has(id)) state.picked.delete(id);
      else state.picked.add(id);
      state.refusal = null;
      draw();
    },
    onClearPick: () => { state.picked.clear(); draw(); },
    onBlank: () => {
      state.refusal = `Nothing typed: type ${f.request.form || "your answer"}; nothing was sent`;
      draw();
    },
    hint: state.hint, hintAsked: !!state.hintAsked,
    onHint: () => {
      if (state.hintAsked) return;  // one search at a time
      state.hintAsked = true;
      draw();
      send({ type: "hint" });
    },
    onAnswer: (text) => {
      // one answer per table drawn: a second click before the next table
      // comes (a double click) is not sent; the server also refuses an
      // answer for a table that has moved on (another page of this seat)
      if (state.sentFor === f.answers) return;
      state.sentFor = f.answers;
      state.refusal = null;
      window.cardlab.sentAt = performance.now();
      send({ type: "answer", text, at: f.answers });
    },
  };
  const who = seat > 0 ? `seat ${seat}` : mode === "replay" ? (state.replay.seat ? `replay as seat ${state.replay.seat}` : "replay") : hostToken ? "watching as the host" : "watching";
  $("status").textContent = `${who} · round ${view.round} · turn ${view.turn}` + (f.status !== "waiting" ? ` · ${f.status === "over" ? "game over" : "error"}` : "");
  $("undo").hidden = !f.can_undo || state.detached;
  // the server says when this seat may have the save file (it holds the seed)
  $("save").hidden = !f.can_save || state.detached;
  // teams (of two seats or more): what a game numbers by team is drawn in
  // the team's panel; else, where a seat plays alone, as its seat's
  const teams = teamsOf(view);
  const teamOf = (s) => (view.seats && view.seats[s - 1] && view.seats[s - 1].team) || s;
  const { shared, seats, teams: teamZones } = groupZones(view.zones, hints, view.players, teams, (k) => seatOfTeam(view, k));
  const { perSeat, perTeam, general, markers, boards } = splitState(view.state, view.players, hints, teams, teamOf);
  ctx.markers = markers;
  ctx.turned = turnedCards(view.state, hints);
  const viewer = seat > 0 ? seat : mode === "replay" && state.replay.seat ? state.replay.seat : 0;
  const opp = $("opponents"), center = $("center"), me = $("me");
  opp.replaceChildren();
  me.replaceChildren();
  center.replaceChildren();
  // round the table from the viewer: the seats after it, its own last
  const after = (s) => (s - (viewer || 1) + view.players) % view.players;
  if (teams) {
    // the teams after the viewer's across the top, the viewer's (its seat
    // first) at the bottom
    const own = teams.find((t) => t.seats.includes(viewer));
    const first = (t) => Math.min(...t.seats.map(after));
    for (const t of [...teams].sort((a, b) => (a === own) - (b === own) || first(a) - first(b))) {
      const panels = [...t.seats].sort((a, b) => after(a) - after(b)).map((s) => seatPanel(s, ctx, seats[s], perSeat, s === viewer));
      (t === own ? me : opp).append(teamPanel(t, ctx, teamZones[t.team] || [], perTeam, panels, t === own));
    }
  } else {
    for (let i = 1; i <= view.players; i++) {
      const s = ((viewer || 1) + i - 1 - 1 + view.players) % view.players + 1;
      const panel = seatPanel(s, ctx, seats[s], perSeat, s === viewer);
      (s === viewer ? me : opp).append(panel);
    }
  }
  const zoneBox = document.createElement("div");
  zoneBox.className = "shared";
  for (const e of shared) zoneBox.append(zoneElement(e, ctx, false));
  center.append(zoneBox);
  if (general.length || boards.length) {
    const values = document.createElement("div");
    values.className = "values";
    for (const b of boards) values.append(boardTable(b, hints));
    if (general.length) values.append(chips(general, hints));
    center.append(values);
  }
  requestPanel($("request"), ctx);
  logPanel($("log"), f, state.logOpen ? state.wholeLog : null, toggleLog, logSteps());
  if (mode === "replay") replayControls($("replay"), f, state.replay, send, tableId);
  refocus(key);
  endScreen($("end"), f, seat, game.kinds, teams);
  // click to updated table, for the benchmark: from the answer sent to this drawing
  if (window.cardlab.sentAt !== undefined && f.answers !== window.cardlab.sentAnswers) {
    (window.cardlab.latencies ||= []).push(performance.now() - window.cardlab.sentAt);
    window.cardlab.sentAt = undefined;
  }
  window.cardlab.sentAnswers = f.answers;
}

$("undo").addEventListener("click", () => {
  const at = state.frame && state.frame.answers;
  if (state.undoneAt === at) return;  // a double click undoes once
  state.undoneAt = at;
  send({ type: "undo", at });
});
$("save").addEventListener("click", () => send({ type: "save" }));

// The table in the game's words (what cardlab play prints for this seat):
// what a persona, a project or an event does, which the cards on the table
// name only. Asked for when opened, and again with every table while open.
function wordsPanel(msg) {
  const el = $("words");
  const h = document.createElement("h3");
  h.textContent = "The table in words";
  const pre = document.createElement("pre");
  pre.textContent = msg.lines.join("\n");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.addEventListener("click", () => toggleWords(false));
  el.replaceChildren(h, pre, close);
  el.hidden = false;
}
function toggleWords(open) {
  state.wordsOpen = open;
  $("words-button").setAttribute("aria-expanded", String(open));
  if (open) send({ type: "words" });
  else { $("words").hidden = true; $("words").replaceChildren(); $("words-button").focus(); }
}
// The whole log (a frame holds the latest entries): asked for when opened,
// and again with every table while open; a replay's, up to its step.
function askLog() {
  if (mode === "replay") send({ type: "log", step: state.replay.step, seat: state.replay.seat });
  else send({ type: "log" });
}
function toggleLog(open) {
  state.logOpen = open;
  state.wholeLog = null;
  // (opened: drawn when the log comes)
  if (open) askLog();
  else if (state.frame) logPanel($("log"), state.frame, null, toggleLog, logSteps());
}
$("words-button").addEventListener("click", () => toggleWords(!state.wordsOpen));
if (mode === "play" || mode === "watch") $("words-button").hidden = false;
if (mode === "lobby") { $("lobby").hidden = false; $("title").textContent = "Lobby"; }
connect();
