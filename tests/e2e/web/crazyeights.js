// A whole game of Crazy Eights played by clicking, against a bot, to the end
// screen: pick a card on the table, then the one answer left that names it;
// name a suit after an eight; draw when nothing fits. Also prints the time
// from a click to the updated table (the benchmark's figure).
import { serve, browser, shot, check, done } from "./harness.js";

const s = await serve(["crazyeights", "--players", "2", "--seat", "2=greedy", "--seed", "11", "--bot-delay", "0"]);
const b = await browser();
try {
  const page = await b.newPage();
  page.on("pageerror", (e) => check(false, "no error in the page: " + e.message));
  await page.goto(s.urls[1]);
  await page.waitForSelector(".seat.mine .card");
  await shot(page, "crazyeights");
  // from the keyboard: Enter on a card picks it, and the focus stays on it
  // (the table is drawn anew), so Tab goes on to the answers
  await page.focus(".card.pickable");
  const id = await page.evaluate(() => document.activeElement.dataset.id);
  await page.keyboard.press("Enter");
  const kept = await page.evaluate(() => [document.activeElement.dataset.id, document.activeElement.classList.contains("picked")]);
  check(kept[0] === id && kept[1], `Enter picks a card and the focus stays on it (${kept})`);
  await page.keyboard.press("Enter");  // unpicked again
  let clicks = 0, picks = 0, wrongTop = 0;
  for (let i = 0; i < 400; i++) {
    // wait until it is our move or the game is over
    await page.waitForFunction(() => {
      const f = window.cardlab.state.frame;
      return f && (f.status !== "waiting" || (f.request.seat === 1 && document.querySelector(".request.mine")));
    }, { timeout: 10000 });
    const over = await page.evaluate(() => window.cardlab.state.frame.status !== "waiting");
    // the pile shows its top card face up: the zone's first (docs/api.md),
    // the card to match
    const pile = await page.evaluate(() => [Number(document.querySelector('[data-zone="discard"] .card.face').dataset.id),
      window.cardlab.state.frame.view.zones.discard.cards[0]]);
    if (pile[0] !== pile[1]) wrongTop++;
    if (over) break;
    const before = await page.evaluate(() => window.cardlab.state.frame.answers);
    const pickable = await page.$$(".card.pickable");
    if (pickable.length) {
      await pickable[0].click();
      picks++;
      const buttons = await page.$$(".answers .answer");
      const texts = await Promise.all(buttons.map((x) => x.evaluate((e) => e.textContent)));
      const token = await pickable[0].evaluate((e) => e.dataset.token);
      check(texts.length === 1 && texts[0] === "play " + token, `picking ${token} leaves one answer, play ${token} (${texts})`);
      await buttons[0].click();
    } else {
      const buttons = await page.$$(".answers .answer");
      await buttons[0].click();  // a suit after an eight, or draw/pass
    }
    clicks++;
    await page.waitForFunction((n) => window.cardlab.state.frame.answers !== n, { timeout: 10000 }, before);
  }
  await page.waitForSelector("#end:not([hidden]) .end-box", { timeout: 10000 });
  const endText = await page.$eval("#end", (e) => e.textContent);
  // the heading says who won (seat 1 is this page: "You win"), the reason under it
  const end = await page.evaluate(() => ({ winners: window.cardlab.state.frame.result.winners,
    heading: document.querySelector("#end h2").textContent, reason: document.querySelector("#end .reason").textContent,
    playedBy: [...document.querySelectorAll(".scores tbody tr")].map((tr) => tr.cells[1].textContent) }));
  const expected = end.winners.length === 1 ? (end.winners[0] === 1 ? "You win" : `Seat ${end.winners[0]} wins`) : "You share the win with seat 2";
  check(end.heading === expected, `the end screen's heading says who won: ${end.heading} (winners ${end.winners})`);
  check(/seat \d went out|blocked|stopped/.test(end.reason), "the end screen gives the reason under it: " + end.reason);
  check(end.playedBy.join() === "person,greedy", `the end screen says "person", as the seat panels do (${end.playedBy})`);
  // every way the heading reads, from the page's own module
  const headings = await page.evaluate(async () => {
    const { winnersHeading } = await import("/end.js");
    return [[[2], 0], [[2], 1], [[1], 1], [[1, 3], 0], [[1, 3], 2], [[1, 3], 1], [[1, 2, 4], 2], [[], 1]]
      .map(([w, v]) => winnersHeading(w, v));
  });
  check(headings.join(" / ") === "Seat 2 wins / Seat 2 wins / You win / Seats 1 and 3 share the win / "
    + "Seats 1 and 3 share the win / You share the win with seat 3 / You share the win with seats 1 and 4 / Nobody wins",
    "the heading names the winner, or the seats that share the win: " + headings.join(" / "));
  check((await page.$$(".scores tbody tr")).length === 2, "the end screen lists both seats' scores");
  check(wrongTop === 0, `the pile shows its top card, the one to match (wrong ${wrongTop} times)`);
  check(clicks > 5 && picks > 2, `played by clicking (${clicks} answers, ${picks} cards picked)`);
  await shot(page, "crazyeights-end");
  const lat = (await page.evaluate(() => window.cardlab.latencies || [])).sort((x, y) => x - y);
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
  console.log(`click to updated table over loopback, ${lat.length} answers: median ${q(0.5).toFixed(1)} ms, ` +
    `90th percentile ${q(0.9).toFixed(1)} ms, max ${lat[lat.length - 1].toFixed(1)} ms (target <= 20 ms)`);
} finally {
  await b.close();
  check((await s.stop()) === 0, "the server stops in order on SIGTERM (exit status 0)");
}
done();
