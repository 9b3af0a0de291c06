// The end screen: who won as its heading, the game's reason under it, and
// each seat's score; or, for a game that ended in error, the error.

import { playedBy } from "./zones.js";
import { spoken, seatsText } from "./teams.js";

// Who won, as the seat `viewer` (0: a watcher) reads it: "Seat 2 wins",
// "Seats 1 and 3 share the win", "You win", "You share the win with seat 3".
// At a table of `teams` (teams.js) whose winners are whole teams, the teams:
// "Team 2 wins (seats 2 and 4)", "Your team wins (seats 1 and 3)", "Teams 1
// and 2 share the win", "Your team shares the win with team 2".
export function winnersHeading(winners, viewer, teams = null) {
  if (!winners || !winners.length) return "Nobody wins";
  const won = (teams || []).filter((t) => t.seats.every((s) => winners.includes(s)));
  if (won.length && won.reduce((n, t) => n + t.seats.length, 0) === winners.length) {
    const own = won.find((t) => t.seats.includes(viewer));
    const others = won.filter((t) => t !== own).map((t) => t.team);
    if (own) return others.length ? `Your team shares the win with team${others.length > 1 ? "s" : ""} ${spoken(others)}` : `Your team wins (${seatsText(own)})`;
    return won.length === 1 ? `Team ${won[0].team} wins (${seatsText(won[0])})` : `Teams ${spoken(won.map((t) => t.team))} share the win`;
  }
  if (viewer > 0 && winners.includes(viewer)) {
    const others = winners.filter((s) => s !== viewer);
    return others.length ? `You share the win with seat${others.length > 1 ? "s" : ""} ${spoken(others)}` : "You win";
  }
  return winners.length === 1 ? `Seat ${winners[0]} wins` : `Seats ${spoken(winners)} share the win`;
}

// Draws the end screen of frame `f` into `el` once per table (not again
// after the person closed it); `seat` is the page's seat (0: none), `kinds`
// who plays each seat, `teams` the table's teams (null: none).
export function endScreen(el, f, seat, kinds, teams = null) {
  if (!f.result || el.dataset.answers === String(f.answers) || el.dataset.closed === String(f.answers)) {
    if (!f.result) el.hidden = true;
    return;
  }
  el.dataset.answers = String(f.answers);
  el.replaceChildren();
  const box = document.createElement("div");
  box.className = "end-box";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "game over");
  const h = document.createElement("h2");
  if (f.result.error) {
    h.textContent = "The game ended in error";
    const pre = document.createElement("pre");
    pre.textContent = f.result.error;
    box.append(h, pre);
  } else {
    const winners = f.result.winners || [];
    h.textContent = winnersHeading(winners, seat, teams);
    const reason = document.createElement("p");
    reason.className = "reason";
    reason.textContent = f.result.reason || "";
    const table = document.createElement("table");
    table.className = "scores";
    table.innerHTML = `<thead><tr><th>Seat</th>${teams ? "<th>Team</th>" : ""}<th>Played by</th><th>Score</th><th></th></tr></thead>`;
    const body = document.createElement("tbody");
    const teamOf = (s) => (teams || []).find((t) => t.seats.includes(s));
    for (let s = 1; s <= f.view.players; s++) {
      const tr = document.createElement("tr");
      if (winners.includes(s)) tr.className = "winner";
      const cells = [`Seat ${s}${s === seat ? " (you)" : ""}`, playedBy(kinds[s - 1]),
        f.result.scores ? String(f.result.scores[s - 1]) : "", winners.includes(s) ? "winner" : ""];
      if (teams) cells.splice(1, 0, teamOf(s) ? `Team ${teamOf(s).team}` : "");
      for (const c of cells) { const td = document.createElement("td"); td.textContent = c; tr.append(td); }
      body.append(tr);
    }
    table.append(body);
    // another game: the lobby makes one (a server of one game says there
    // that its host starts another)
    const again = document.createElement("p");
    again.className = "again";
    const lobby = document.createElement("a");
    lobby.href = "/";
    lobby.textContent = "the lobby";
    again.append("Another game? Make a table in ", lobby, ".");
    box.append(h, reason, table, again);
  }
  // closed, the focus goes back where it was (the replay's 'last', say)
  const before = document.activeElement;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Look at the table";
  close.addEventListener("click", () => {
    el.hidden = true;
    el.dataset.closed = String(f.answers);
    if (before && before !== document.body && before.isConnected) before.focus();
  });
  box.append(close);
  el.append(box);
  el.hidden = false;
  close.focus();
}
