// Online's teams at the web table (4 players: seats 1+3 against 2+4; 5 and
// 6 in three teams, `teams=threes` two of three). A team's rows and values
// are drawn once, in a panel of the team holding its seats and named by
// them ("Team 1 · seats 1 and 3"), the viewer's own team marked; each team's
// megabytes and backed-up rows are under its name, not unlabelled in the
// middle; the end screen names the winning team. Tables where every seat
// plays alone (2 players, `teams=alone`) are drawn per seat as before.
// With --docs, the 4-player table mid-game goes to docs/images/.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, browser, shot, check, done, ROOT, CARDLAB } from "./harness.js";

// What the page draws: each team panel (its name, whether it is the
// viewer's, the seats in it, the zones and value chips it holds outside its
// seats' panels), each seat panel's zones and chips, and the chips in the
// middle of the table.
async function drawn(page) {
  return page.evaluate(() => {
    const own = (box, sel) => [...box.querySelectorAll(sel)].filter((e) => !e.parentElement.closest(".seat"));
    const chip = (c) => [c.querySelector("dt").textContent, c.querySelector("dd")?.textContent ?? ""];
    return {
      teams: [...document.querySelectorAll(".team")].map((t) => ({
        name: t.querySelector(".team-name").textContent,
        mine: t.classList.contains("mine"),
        yours: t.querySelector(":scope > h2 .yours")?.textContent ?? "",
        seats: [...t.querySelectorAll(".seat")].map((s) => Number(s.dataset.seat)),
        zones: own(t, ".zone").map((z) => z.dataset.zone),
        chips: own(t, ".chip").map(chip),
      })),
      seats: Object.fromEntries([...document.querySelectorAll(".seat")].map((s) => [s.dataset.seat, {
        zones: [...s.querySelectorAll(".zone")].map((z) => z.dataset.zone),
        chips: [...s.querySelectorAll(".chip")].map(chip),
        mine: s.classList.contains("mine"),
      }])),
      center: [...document.querySelectorAll("#center .chip")].map(chip),
      state: window.cardlab.state.frame.view.state,
    };
  });
}

const ROWS = ["online", "email", "music", "game", "movie", "memory"];
const rowsOf = (team) => ROWS.map((r) => `${r}[${team}]`).sort().join();

async function open(b, url, what) {
  const page = await b.newPage();
  page.on("pageerror", (e) => check(false, `${what}: no error in the page: ${e.message}`));
  await page.goto(url);
  await page.waitForSelector(".seat");
  return page;
}

// Each team's panel, as the page of `viewer` draws it: named by its seats,
// holding them and its six rows, its megabytes under its name; no seat
// holds a row, and no team value lies in the middle.
function checkTeams(what, d, teams, viewer) {
  const names = d.teams.map((t) => t.name).sort();
  const expected = teams.map((seats, i) => `Team ${i + 1} · seat${seats.length > 1 ? "s" : ""} ${
    seats.length > 1 ? seats.slice(0, -1).join(", ") + " and " + seats[seats.length - 1] : seats[0]}`).sort();
  check(names.join(" / ") === expected.join(" / "), `${what}: a panel per team, named by its seats (${names.join(" / ")})`);
  teams.forEach((seats, i) => {
    const t = d.teams.find((x) => x.name.startsWith(`Team ${i + 1} `));
    if (!t) return;
    const own = seats.includes(viewer);
    check([...t.seats].sort().join() === seats.join(), `${what}: team ${i + 1}'s panel holds seats ${seats} (${t.seats})`);
    check(t.mine === own && (t.yours === "your team") === own,
      `${what}: team ${i + 1} is ${own ? "" : "not "}marked as the viewer's (mine ${t.mine}, "${t.yours}")`);
    check([...t.zones].sort().join() === rowsOf(i + 1), `${what}: team ${i + 1}'s rows are in its panel (${t.zones})`);
    const mb = t.chips.find(([k]) => k === "megabytes");
    check(mb && mb[1] === String(d.state.megabytes[i]), `${what}: team ${i + 1}'s megabytes under its name (${JSON.stringify(t.chips)})`);
  });
  for (const [s, seat] of Object.entries(d.seats)) {
    check(seat.zones.join() === `hand[${s}]` && !seat.chips.some(([k]) => k === "megabytes" || k === "backed up"),
      `${what}: seat ${s}'s own panel holds its hand only (${seat.zones}; ${JSON.stringify(seat.chips)})`);
  }
  check(!d.center.some(([k]) => k === "megabytes" || k === "backed up"),
    `${what}: no team value in the middle (${JSON.stringify(d.center)})`);
}

// A save of a 4-player table where team 2 backed up its E-Mail and Game
// rows and team 1 its Music row (the game's edit, made in the REPL: the
// save holds the script's hash, so it is made by the program tested).
function backupSave(dir) {
  const file = path.join(dir, "backups.json");
  const r = spawnSync(CARDLAB, ["repl"], { cwd: ROOT, encoding: "utf8",
    input: `:new online players=4 seed=5\n:set backup 2 E-Mail\n:set backup 4 Game\n:set backup 3 Music\n:save ${file}\n:quit\n` });
  check(r.status === 0 && r.stdout.includes("saved in"), "the REPL saves a table with backups: " + r.stdout.split("\n").slice(-3).join(" "));
  return file;
}

// The answer a person at seat 1 gives: files and access cards laid first,
// then a block, then the turn ended; the first answer otherwise (a Hacker's
// target, a patrol's no).
function choose(texts) {
  return texts.find((t) => t === "draw") || texts.find((t) => t.startsWith("download "))
    || texts.find((t) => /^play (Online|Turbo-Line|Extra Memory)$/.test(t)) || texts.find((t) => t.startsWith("block 2 "))
    || texts.find((t) => t === "stop") || texts.find((t) => t === "patrol no") || texts[0];
}

const b = await browser();
const tmp = mkdtempSync(path.join(os.tmpdir(), "cardlab-teams-"));
try {
  // 4 players, seat 1 a person, bots at the others, to the end of the round limit
  {
    const s = await serve(["online", "--players", "4", "--seed", "7", "--option", "round_limit=8", "--bot-delay", "0"]);
    try {
      const page = await open(b, s.urls[1], "4 players");
      let shotTaken = false;
      for (let i = 0; i < 400; i++) {
        await page.waitForFunction(() => {
          const f = window.cardlab.state.frame;
          return f && (f.status !== "waiting" || (f.request.seat === 1 && document.querySelector(".request.mine .answer")));
        }, { timeout: 15000, polling: 20 });
        const f = await page.evaluate(() => ({ over: window.cardlab.state.frame.status !== "waiting",
          answers: window.cardlab.state.frame.answers, round: window.cardlab.state.frame.view.round }));
        if (f.over) break;
        if (!shotTaken && f.round >= 4) {
          // mid-game, seat 1 to play: the picture for the docs
          shotTaken = true;
          checkTeams("4 players, mid-game", await drawn(page), [[1, 3], [2, 4]], 1);
          await shot(page, "online-teams");
          // (the docs' picture: the whole table, the hand at the bottom too)
          if (process.argv.includes("--docs")) await page.screenshot({ path: path.join(ROOT, "docs/images/web-online-teams.png"), fullPage: true });
        }
        const texts = await page.$$eval(".request.mine .answer", (l) => l.map((e) => e.textContent));
        await page.$$eval(".request.mine .answer", (l, t) => l.find((e) => e.textContent === t).click(), choose(texts));
        await page.waitForFunction((n) => window.cardlab.state.frame.answers !== n, { timeout: 15000, polling: 20 }, f.answers);
      }
      check(shotTaken, "4 players: the game reached round 4 with seat 1 to play");
      await page.waitForSelector("#end:not([hidden]) .end-box", { timeout: 15000 });
      const end = await page.evaluate(() => ({ winners: window.cardlab.state.frame.result.winners,
        heading: document.querySelector("#end h2").textContent,
        teams: [...document.querySelectorAll(".scores tbody tr")].map((tr) => tr.cells[1].textContent) }));
      const w = end.winners.join();
      const expected = w === "1,3" ? "Your team wins (seats 1 and 3)" : w === "2,4" ? "Team 2 wins (seats 2 and 4)"
        : "Your team shares the win with team 2";
      check(end.heading === expected, `4 players: the end screen names the winning team: "${end.heading}" (winners ${w})`);
      check(end.teams.join() === "Team 1,Team 2,Team 1,Team 2", `4 players: the scores say each seat's team (${end.teams})`);
      await shot(page, "online-teams-end");
      // every way the heading reads with teams, from the page's own module
      const headings = await page.evaluate(async () => {
        const { winnersHeading } = await import("/end.js");
        const two = [{ team: 1, seats: [1, 3] }, { team: 2, seats: [2, 4] }];
        const three = [{ team: 1, seats: [1, 4] }, { team: 2, seats: [2, 5] }, { team: 3, seats: [3] }];
        return [[[2, 4], 0, two], [[2, 4], 3, two], [[1, 3], 3, two], [[1, 2, 3, 4], 0, two], [[1, 2, 3, 4], 4, two],
          [[3], 0, three], [[3], 3, three], [[1, 3, 4], 1, three], [[1], 1, two], [[2, 4], 2, null]]
          .map(([w, v, t]) => winnersHeading(w, v, t));
      });
      check(headings.join(" / ") === "Team 2 wins (seats 2 and 4) / Team 2 wins (seats 2 and 4) / Your team wins (seats 1 and 3) / "
        + "Teams 1 and 2 share the win / Your team shares the win with team 1 / Team 3 wins (seat 3) / Your team wins (seat 3) / "
        + "Your team shares the win with team 3 / You win / You share the win with seat 4",
        "the heading names the winning team, or the teams that share the win: " + headings.join(" / "));
    } finally {
      await s.stop();
    }
  }

  // backed-up rows, under their team's name (two people: seats 1 and 3 of one team)
  {
    const s = await serve(["--resume", backupSave(tmp), "--bot-delay", "0"]);
    try {
      for (const seat of [1, 3]) {
        const page = await open(b, s.urls[seat], `backups, seat ${seat}`);
        const d = await drawn(page);
        checkTeams(`backups, seat ${seat}`, d, [[1, 3], [2, 4]], seat);
        check(d.seats[seat].mine && d.teams.find((t) => t.mine)?.seats.includes(seat),
          `backups: seat ${seat}'s own panel is in its team's`);
        const backed = Object.fromEntries(d.teams.map((t) => [t.name, (t.chips.find(([k]) => k === "backed up") || [])[1]]));
        check(backed["Team 1 · seats 1 and 3"] === "music" && backed["Team 2 · seats 2 and 4"] === "e-mail · game",
          `backups: each team's backed-up rows under its name (${JSON.stringify(backed)})`);
        if (seat === 3) await shot(page, "online-teams-seat3");
        await page.close();
      }
    } finally {
      await s.stop();
    }
  }

  // 5 and 6 players, the book's teams and teams=threes; a watcher
  for (const [args, teams] of [
    [["--players", "6"], [[1, 4], [2, 5], [3, 6]]],
    [["--players", "6", "--option", "teams=threes"], [[1, 3, 5], [2, 4, 6]]],
    [["--players", "5"], [[1, 4], [2, 5], [3]]],
  ]) {
    const s = await serve(["online", ...args, "--seed", "3", "--bot-delay", "0"]);
    try {
      const what = args.join(" ");
      const page = await open(b, s.urls[1], what);
      checkTeams(what, await drawn(page), teams, 1);
      await shot(page, "online-teams-" + args.join("").replace(/[^a-z0-9]/gi, ""));
      const watch = await open(b, s.watch, what + " (watching)");
      checkTeams(what + " (watching)", await drawn(watch), teams, 0);
      await page.close();
      await watch.close();
    } finally {
      await s.stop();
    }
  }

  // every seat alone: drawn per seat, as before (a seat's rows and values under it)
  for (const args of [["--players", "2"], ["--players", "4", "--option", "teams=alone", "--option", "round_limit=15"]]) {
    const s = await serve(["online", ...args, "--seed", "4", "--bot-delay", "0"]);
    try {
      const what = args.join(" ");
      const page = await open(b, s.urls[1], what);
      const d = await drawn(page);
      const n = Number(args[1]);
      check(d.teams.length === 0, `${what}: no team panels (${d.teams.length})`);
      for (let seat = 1; seat <= n; seat++) {
        const zones = d.seats[seat].zones;
        check([...zones].sort().join() === [`hand[${seat}]`, ...ROWS.map((r) => `${r}[${seat}]`)].sort().join(),
          `${what}: seat ${seat}'s hand and rows in its panel (${zones})`);
        check(d.seats[seat].chips.some(([k, v]) => k === "megabytes" && v === "0"), `${what}: seat ${seat}'s megabytes under it`);
      }
      check(!d.center.some(([k]) => k === "megabytes" || k === "backed up"), `${what}: no seat value in the middle`);
      await page.close();
    } finally {
      await s.stop();
    }
  }
} finally {
  await b.close();
  rmSync(tmp, { recursive: true, force: true });
}
done();
