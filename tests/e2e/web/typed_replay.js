// A Letter Tycoon word typed, refused with the game's reason, then a legal
// one spelt by clicking its cards and accepted, the discard passed by its
// button; then the replay viewer stepping through a save file, as a
// watcher and as a seat.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, browser, shot, check, done, CARDLAB, ROOT } from "./harness.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "cardlab-web-"));
const save = path.join(dir, "letters.json");
const word = execFileSync(CARDLAB, ["run", path.join(ROOT, "tests/e2e/web/first_legal.lua"), "lettertycoon", "3", "2"], { cwd: ROOT }).toString().trim();
const b = await browser();
try {
  const s = await serve(["lettertycoon", "--players", "2", "--seed", "3", "--bot-delay", "0", "--save", save]);
  try {
    const page = await b.newPage();
    page.on("pageerror", (e) => check(false, "no error in the page: " + e.message));
    await page.goto(s.urls[1]);
    await page.waitForSelector(".typed input");
    await page.type(".typed input", "qqqq");
    await page.click(".typed button");
    await page.waitForSelector(".refusal");
    const reason = await page.$eval(".refusal", (e) => e.textContent);
    check(/'qqqq' is not accepted: the play needs 4 Q cards; your hand and the pool hold 0/.test(reason), "a word that cannot be spelt is refused with the game's reason: " + reason);
    check(await page.evaluate(() => window.cardlab.state.frame.answers) === 0, "the refused word changed nothing");
    // the field emptied and sent: said so, not the older refusal of other text
    await page.$eval(".typed input", (e) => { e.value = "  "; e.dispatchEvent(new Event("input")); });
    await page.click(".typed button");
    const blank = await page.$eval(".refusal", (e) => e.textContent);
    check(blank === "Nothing typed: type a WORD from your hand and the pool, or pass; nothing was sent", "an empty answer is said to be empty: " + blank);
    await page.$eval(".typed input", (e) => { e.value = "qqqq"; e.dispatchEvent(new Event("input")); });
    await shot(page, "lettertycoon-refused");
    // the request says the form of the answer, as `cardlab play` does, and
    // the word is spelt by clicking the cards (after "word", its first word)
    const form = await page.$eval(".request .form", (e) => e.textContent);
    check(form === "Type a WORD from your hand and the pool, or pass; a click on a card writes it", "the typed request says its form: " + form);
    const starts = await page.$$eval(".request .starts button", (l) => l.map((e) => e.textContent));
    check(starts.join() === "word …,pass", `the answers' first words are buttons (${starts})`);
    await page.$eval(".typed input", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    for (const letter of word.replace(/^word /, "")) {
      await page.$$eval(".card.pickable", (l, letter) => l.find((c) => c.querySelector(".label").textContent === letter).click(), letter);
    }
    const spelled = await page.$eval(".typed input", (e) => e.value);
    check(spelled === word, `clicking the cards writes the word: ${spelled}`);
    check(!(await page.$('[data-zone="deck"] .pickable')), "no hidden card is offered for spelling");
    await page.click(".typed button");
    await page.waitForFunction(() => window.cardlab.state.frame.answers > 0, { timeout: 10000 });
    const log = await page.evaluate(() => window.cardlab.state.frame.log.map((l) => l.text));
    check(log[0].toUpperCase().endsWith(word.toUpperCase()), `the word ${word} is accepted and in the log (${log[0]})`);
    // on the table (while the buy request waits) it reads as played, left to
    // right, though its cards came from the pool and the hand
    const spelt = await page.$$eval('[data-zone="words"] .card .label', (l) => l.map((e) => e.textContent).join(""));
    check(spelt === word.replace(/^word /, ""), `the words played read ${spelt} on the table, as played`);
    // the play's chip says who plays what in the hints' words, not the raw {seat, text}
    const chips = await page.$$eval("#center .chip", (l) => l.map((c) => [...c.children].map((e) => e.textContent).join(": ")));
    check(chips.includes(`this turn: seat 1 · plays ${word}`) && !chips.some((c) => /\btext\b/.test(c)),
      `the play on the table reads as a player says it (${chips.join(" | ")})`);
    await shot(page, "lettertycoon-accepted");
    // then the discard: "pass" is a button, and answers at once
    await page.$$eval(".request.mine .answer", (l) => l.find((e) => e.textContent === "pass").click());
    await page.waitForFunction(() => window.cardlab.state.frame.request?.kind === "discard", { timeout: 10000 });
    const before = await page.evaluate(() => window.cardlab.state.frame.answers);
    await page.$$eval(".card.pickable", (l) => l[l.length - 1].click());
    const discard = await page.$eval(".typed input", (e) => e.value);
    check(/^discard [A-Z]$/.test(discard), `a click on a card begins the discard with its word: ${discard}`);
    await page.$$eval(".request.mine .answer", (l) => l.find((e) => e.textContent === "pass").click());
    await page.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 10000 }, before);
    check(true, "the discard request is answered by the pass button");
    await page.waitForSelector(".request.mine .typed input", { timeout: 10000 });  // the bot has played
    // the server stops: the page keeps the table in sight, but offers no
    // answer; restarted with --resume (new seat links), the old link is
    // refused, said in the banner, and the page stays detached
    const answers = await page.evaluate(() => window.cardlab.state.frame.answers);
    await s.stop();
    // (the server said it stopped: the banner says so, not only "Connection lost")
    await page.waitForFunction(() => /^The server was stopped/.test(document.getElementById("banner").textContent));
    check(!(await page.$(".typed input")) && !(await page.$(".request.mine")), "while the connection is lost, no answer is offered");
    const again = await serve(["--resume", save], { port: new URL(s.base).port });
    try {
      await page.waitForFunction(() => /^join: wrong token/.test(document.getElementById("banner").textContent), { timeout: 15000 });
      check(/\(the table below is as it was\)$/.test(await page.$eval("#banner", (e) => e.textContent)), "the old link's refusal is in the banner, the table shown said to be old");
      check(!(await page.$(".typed input")) && await page.$eval("#save", (e) => e.hidden), "the old page offers no answer and no save");
      await shot(page, "lettertycoon-detached");
      await page.goto(again.urls[1]);
      await page.waitForSelector(".request.mine");
      check(await page.evaluate(() => window.cardlab.state.frame.answers) === answers, `the new link shows the resumed game (${answers} answers)`);
    } finally {
      await again.stop();
    }
  } finally {
    await s.stop();
  }

  // the replay viewer on the save file the game left
  const r = await serve(["--replay", save]);
  try {
    const page = await b.newPage();
    await page.goto(r.replay);
    await page.waitForSelector("#replay button");
    const step = () => page.evaluate(() => [window.cardlab.state.frame.step, window.cardlab.state.frame.steps]);
    let [at, steps] = await step();
    check(at === 0 && steps >= 1, `the replay opens at answer 0 of ${steps}`);
    let hand = await page.evaluate(() => window.cardlab.state.frame.view.zones["hand[1]"].cards);
    check(!hand, "as a watcher, seat 1's hand is hidden");
    await page.click('[data-step="forward"]');
    await page.waitForFunction(() => window.cardlab.state.frame.step === 1);
    check(true, "forward steps to answer 1");
    await page.select('select[aria-label="see as"]', "1");
    await page.waitForFunction(() => window.cardlab.state.frame.seat === 1);
    hand = await page.evaluate(() => window.cardlab.state.frame.view.zones["hand[1]"].cards);
    check(hand && hand.every((id) => id > 0), "as seat 1, its hand is shown");
    await page.click('[data-step="back"]');
    await page.waitForFunction(() => window.cardlab.state.frame.step === 0);
    check(true, "back steps to answer 0");
    await page.click('[data-step="last"]');
    await page.waitForFunction((n) => window.cardlab.state.frame.step === n, {}, steps);
    check(true, "last goes to the end");
    await shot(page, "replay");
  } finally {
    await r.stop();
  }
} finally {
  await b.close();
  rmSync(dir, { recursive: true, force: true });
}
done();
