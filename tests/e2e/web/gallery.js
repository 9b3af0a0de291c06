// A screenshot of each shipped game's table, as seat 1 sees it after a few
// bot turns, kept in build/web-shots/ (and, with --docs, docs/images/ for
// docs/web.md). Each must show the table drawn: seats, zones and cards.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { serve, browser, shot, check, done, ROOT } from "./harness.js";

const GAMES = [
  ["crazyeights", ["--players", "4", "--seed", "5"]],
  ["lettertycoon", ["--players", "3", "--seed", "3"]],
  ["online", ["--players", "2", "--seed", "4"]],
  ["rushfortheweb", ["--players", "3", "--seed", "2"]],
  ["cryptocurrency", ["--players", "3", "--seed", "2"]],
];
// On a table drawn (Cryptocurrency's, whose hash zone holds a pile with
// its count): a fanned row of backs that wraps stays inside its seat, and
// the end screen's backdrop lies over everything on the table.
async function layoutChecks(page) {
  const fan = await page.evaluate(async () => {
    const { zoneElement } = await import("/zones.js");
    const seat = document.createElement("section");
    seat.className = "seat";
    seat.style.width = "200px";
    const ctx = { hints: {}, cards: [], pickable: new Set(), picked: new Set() };
    seat.append(zoneElement({ base: "hand", name: "hand[9]", z: { count: 12 } }, ctx, false));
    document.getElementById("opponents").append(seat);
    const box = seat.getBoundingClientRect();
    const cards = [...seat.querySelectorAll(".card")].map((c) => c.getBoundingClientRect());
    seat.remove();
    return { lines: new Set(cards.map((r) => r.top)).size, out: cards.filter((r) => r.left < box.left || r.right > box.right).length };
  });
  check(fan.lines > 1 && fan.out === 0, `a fanned row of 12 backs that wraps (${fan.lines} lines) stays inside its seat (${fan.out} cards out)`);
  const covered = await page.evaluate(() => {
    const badge = document.querySelector(".pile .times");
    const end = document.getElementById("end");
    end.hidden = false;
    const r = badge.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    end.hidden = true;
    return end.contains(hit);
  });
  check(covered, "the end screen lies over a pile's count on the table");
}

const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const b = await browser();
try {
  for (const [game, args] of GAMES) {
    if (only.length && !only.includes(game)) continue;
    const s = await serve([game, ...args, "--bot-delay", "0"]);
    try {
      const page = await b.newPage();
      page.on("pageerror", (e) => check(false, `${game}: no error in the page: ${e.message}`));
      await page.goto(s.urls[1]);
      await page.waitForSelector(".seat.mine", { timeout: 15000 });
      await page.waitForFunction(() => window.cardlab.state.frame.request?.seat === 1 || window.cardlab.state.frame.status !== "waiting", { timeout: 15000 });
      const seats = await page.$$eval(".seat", (l) => l.length);
      const cards = await page.$$eval(".card", (l) => l.length);
      check(seats === Number(args[1]), `${game}: a panel per seat (${seats})`);
      check(cards > 5, `${game}: cards on the table (${cards})`);
      const file = await shot(page, game);
      if (game === "cryptocurrency") await layoutChecks(page);
      if (process.argv.includes("--docs")) {
        mkdirSync(path.join(ROOT, "docs/images"), { recursive: true });
        copyFileSync(file, path.join(ROOT, "docs/images", `web-${game}.png`));
      }
      await page.close();
    } finally {
      await s.stop();
    }
  }
} finally {
  await b.close();
}
done();
