// The server's load figures: 50 tables made from the lobby in one server,
// 100 watch sockets on one table, a person answering there; every watcher
// must get every frame, with no error. Prints the figures (not a timed test).
import { serve, browser, check, done } from "./harness.js";

const TABLES = Number(process.env.TABLES || 50), WATCHERS = Number(process.env.WATCHERS || 100);
// (its watchers are one page's sockets, from one address: more than a server allows by default)
const s = await serve(["--bot-delay", "0", "--sockets-per-address", String(WATCHERS + 10),
  "--max-tables", String(Math.max(TABLES, 50))]);
const b = await browser();
try {
  const page = await b.newPage();
  await page.goto(s.lobby);
  const r = await page.evaluate(async (TABLES, WATCHERS) => {
    const open = () => new Promise((res) => { const ws = new WebSocket(`ws://${location.host}/ws`); ws.onopen = () => res(ws); });
    // (who has a page open, 'presence', is not the answer to a message)
    const next = (ws, type) => new Promise((res) => { ws.onmessage = (e) => { const m = JSON.parse(e.data); if ((!type && m.type !== "presence") || m.type === type || m.type === "error") res(m); }; });
    const lobby = await open();
    const t0 = performance.now();
    const made = [];
    for (let i = 0; i < TABLES; i++) {
      const game = ["crazyeights", "online", "lettertycoon", "rushfortheweb", "cryptocurrency"][i % 5];
      const got = next(lobby, "created");
      lobby.send(JSON.stringify({ type: "create", game, players: 2, seed: i, seats: ["human", "random"], bot_delay: 0, options: game === "crazyeights" ? { draw_limit: 0 } : {} }));
      made.push(await got);
    }
    const makeMs = performance.now() - t0;
    const errors = made.filter((m) => m.type !== "created").map((m) => m.reason);
    // 100 watchers on table 1
    const watchers = [];
    const counts = new Array(WATCHERS).fill(0);
    let watchErrors = 0;
    const t1 = performance.now();
    for (let i = 0; i < WATCHERS; i++) {
      const ws = await open();
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "table") counts[i]++; if (m.type === "error") watchErrors++; };
      ws.send(JSON.stringify({ type: "watch", table: made[0].table }));
      watchers.push(ws);
    }
    while (counts.some((c) => c < 1)) await new Promise((res) => setTimeout(res, 10));
    const watchMs = performance.now() - t1;
    // the person at table 1 draws 10 times; each answer goes to every watcher
    const seat = await open();
    const url = new URL(made[0].links[0].url);
    seat.send(JSON.stringify({ type: "join", table: made[0].table, seat: 1, token: url.searchParams.get("token") }));
    await next(seat, "table");
    const lat = [];
    let answered = 0;
    for (let i = 0; i < 10; i++) {
      const before = Math.min(...counts);
      const t = performance.now();
      const reply = next(seat);
      seat.send(JSON.stringify({ type: "answer", text: "draw" }));
      const m = await reply;
      if (m.type !== "table") break;
      answered++;
      while (Math.min(...counts) <= before) await new Promise((res) => setTimeout(res, 1));
      lat.push(performance.now() - t);
      if (m.status !== "waiting") break;
    }
    // every table answers for its person once: 50 games in one server move
    let moved = 0;
    for (const t of made) {
      const ws = await open();
      const u = new URL(t.links[0].url);
      ws.send(JSON.stringify({ type: "join", table: t.table, seat: 1, token: u.searchParams.get("token") }));
      const f = await next(ws, "table");
      if (f.type === "table" && f.request && f.request.answers) {
        const r2 = next(ws);
        ws.send(JSON.stringify({ type: "answer", text: f.request.answers[0] }));
        if ((await r2).type === "table") moved++;
      } else if (f.type === "table" && f.request) {
        moved++;  // a typed request (Letter Tycoon): the table is there
      }
      ws.close();
    }
    for (const w of watchers) w.close();
    return { makeMs, errors, watchMs, watchErrors, lat, answered, counts: [Math.min(...counts), Math.max(...counts)], moved };
  }, TABLES, WATCHERS);
  console.log(`${TABLES} tables made from the lobby in one server: ${r.makeMs.toFixed(0)} ms (${(r.makeMs / TABLES).toFixed(1)} ms a table)`);
  console.log(`${WATCHERS} watch sockets on one table: all had the table after ${r.watchMs.toFixed(0)} ms`);
  const sorted = [...r.lat].sort((x, y) => x - y);
  console.log(`an answer at that table until all ${WATCHERS} watchers had the new table: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms over ${sorted.length} answers`);
  check(r.errors.length === 0, `${TABLES} tables made without error ${r.errors.slice(0, 2)}`);
  check(r.watchErrors === 0, "no watcher got an error");
  check(r.answered >= 3 && r.counts[0] >= r.answered + 1, `every watcher got every frame (${r.counts[0]} to ${r.counts[1]} each, ${r.answered} answers)`);
  check(r.moved === TABLES, `every one of the ${TABLES} games took its person's answer (${r.moved})`);
} finally {
  await b.close();
  check((await s.stop()) === 0, "the server stops in order");
}
done();
