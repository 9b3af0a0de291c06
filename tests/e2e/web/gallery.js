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
  // scrolled down to your seat, below the window's edge (a laptop's 600 px):
  // the request stays in sight
  await page.setViewport({ width: 1400, height: 600 });
  const side = await page.evaluate(() => {
    scrollTo(0, document.documentElement.scrollHeight);
    const r = document.getElementById("request").getBoundingClientRect();
    const out = { scrolled: scrollY, top: r.top, bottom: r.bottom };
    scrollTo(0, 0);
    return out;
  });
  await page.setViewport({ width: 1400, height: 900 });
  check(side.scrolled > 0 && side.top >= 0 && side.bottom <= 600, `scrolled down a table taller than the window, the request stays in sight (${JSON.stringify(side)})`);
}

// Rush for the Web: seat 2 makes seat 3 an offer (two people, by clicking);
// seat 3's page shows it in words, who offers what to whom, as the log says
// it, and not the offer's raw fields nor the turn's count of offers.
async function rushOffer(b) {
  const s = await serve(["rushfortheweb", "--players", "3", "--seed", "2", "--seat", "1=greedy",
    "--seat", "2=human", "--seat", "3=human", "--bot-delay", "0"]);
  try {
    const pages = {};
    for (const k of [2, 3]) {
      pages[k] = await b.newPage();
      pages[k].on("pageerror", (e) => check(false, `rushfortheweb seat ${k}: no error in the page: ${e.message}`));
      await pages[k].goto(s.urls[k]);
    }
    // seat 2 (the start player) trades with seat 3: 1 credit and its cards for any three
    const wanted = (texts) => texts.find((t) => /^(trade|with seat 3|give 1|any card)$/.test(t))
      || texts.find((t) => /^give R/.test(t)) || texts.find((t) => /^(ask 0|done)$/.test(t)) || texts[0];
    for (let i = 0; i < 30; i++) {
      // a person's request (the greedy bot at seat 1 answers at once), and
      // the table it is asked at: the answering page may not have it yet
      const [k, at] = await pages[3].waitForFunction(() => {
        const f = window.cardlab.state.frame;
        return f && f.status === "waiting" && f.request.seat !== 1
          && document.querySelector(".request.mine .answer, .request:not(.mine)") && [f.request.seat, f.answers];
      }, { timeout: 15000, polling: 20 }).then((h) => h.jsonValue());
      if (await pages[3].evaluate(() => window.cardlab.state.frame.request.kind === "offer")) break;
      const page = pages[k];
      await page.waitForFunction((at) => window.cardlab.state.frame?.answers === at && document.querySelector(".request.mine .answer"),
        { timeout: 15000, polling: 20 }, at);
      const n = await page.evaluate(() => window.cardlab.state.frame.answers);
      const texts = await page.$$eval(".request.mine .answer", (l) => l.map((e) => e.textContent));
      await page.$$eval(".request.mine .answer", (l, t) => l.find((e) => e.textContent === t).click(), wanted(texts));
      await pages[3].waitForFunction((n) => window.cardlab.state.frame.answers > n, { polling: 20 }, n);
    }
    const seen = await pages[3].evaluate(() => ({
      kind: window.cardlab.state.frame.request.kind,
      chips: [...document.querySelectorAll("#center .chip")].map((c) => [c.querySelector("dt").textContent, c.querySelector("dd")?.textContent]),
      said: (window.cardlab.state.frame.narration || []).filter((l) => / offers seat /.test(l.text)).map((l) => l.text).pop(),
      start: document.querySelector('.seat[data-seat="2"] .marker')?.textContent,
      header: document.getElementById("status").textContent,
    }));
    const offer = seen.chips.filter(([k]) => k === "offer");
    check(seen.kind === "offer" && offer.length === 1 && /^seat 2 offers seat 3 1 credit and R\d+ .* for any card and any card/.test(offer[0][1]),
      `rushfortheweb: seat 3 sees the pending offer in words: ${offer.map((c) => c[1])}`);
    check(offer.length === 1 && offer[0][1] === seen.said, "the offer on the table reads as the log says it");
    check(!seen.chips.some(([k]) => /^(offers|sales)$/.test(k)), `the turn's counts of offers and sales are not shown (${seen.chips.map((c) => c[0])})`);
    check(!seen.chips.some(([k]) => k === "round") && seen.header.includes("round 1"),
      `the round is said once, in the header (${seen.header}), not again as a chip (${seen.chips.map((c) => c[0])})`);
    check(seen.start === "start player", "the start player is a badge on seat 2");
    await shot(pages[3], "rushfortheweb-offer");
    for (const k of [2, 3]) await pages[k].close();
  } finally {
    await s.stop();
  }
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
  if (!only.length || only.includes("rushfortheweb")) await rushOffer(b);
} finally {
  await b.close();
}
done();
