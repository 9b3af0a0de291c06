// Teams, as the engine keeps them (a view's seats[k].team): the seats of a
// team sit in one panel with what the team shares (the presentation hints
// team_zones and team_state), and the end screen names the winning team.
// A table where every seat plays alone has no teams: it is drawn per seat.

// "1", "1 and 3", "1, 2 and 4".
export function spoken(list) {
  return list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

// The teams of a view, [{ team, seats }] by team number, or null when no
// team holds two seats or some seat is in no team (0).
export function teamsOf(view) {
  const byTeam = new Map();
  for (let s = 1; s <= view.players; s++) {
    const t = view.seats && view.seats[s - 1] ? view.seats[s - 1].team : 0;
    // (a seat in no team: the seats are drawn one by one, as without teams,
    // rather than leave that seat without a panel)
    if (!Number.isInteger(t) || t < 1) return null;
    if (!byTeam.has(t)) byTeam.set(t, []);
    byTeam.get(t).push(s);
  }
  const teams = [...byTeam].sort((a, b) => a[0] - b[0]).map(([team, seats]) => ({ team, seats }));
  return teams.some((t) => t.seats.length > 1) ? teams : null;
}

// The seat that holds what a game numbers by team where every seat plays
// alone: the one seat of team k, else seat k (a game that keeps no teams).
export function seatOfTeam(view, k) {
  for (let s = 1; s <= view.players; s++) if (view.seats && view.seats[s - 1] && view.seats[s - 1].team === k) return s;
  return k;
}

// "seats 1 and 3", "seat 3".
export function seatsText(team) {
  return `seat${team.seats.length > 1 ? "s" : ""} ${spoken(team.seats)}`;
}

// A team's name on the table: "Team 1 · seats 1 and 3".
export function teamTitle(team) {
  return `Team ${team.team} · ${seatsText(team)}`;
}
