// The lobby as people use it: a fresh server's lobby, a table made with the
// form (two people and a bot), its seat links, the form as the person left
// it, the table listed in another lobby page at once; the second person opens
// theirs in a browser of their own on a phone (375 px wide), where the page
// fits the width and the move to make is in sight, and answers; a table of
// one person with a chosen seed (docs/web.md's picture of a phone, the same
// on every run); and Cryptocurrency's table, the widest, fits a phone too.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { serve, browser, shot, check, done, ROOT } from "./harness.js";

const s = await serve(["--bot-delay", "0"]);
const b = await browser();
const b2 = await browser();  // the second person's own browser
try {
  const page = await b.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(s.lobby);
  await page.waitForSelector("#lobby-game");
  // a fresh server: no table yet, and the page says so
  await page.waitForSelector(".tables");
  check((await page.$eval(".tables", (e) => e.textContent)).includes("No table yet"), "a fresh lobby says there is no table yet");
  await page.select("#lobby-game", "crazyeights");
  await page.$eval("#lobby-players", (e) => { e.value = "3"; e.dispatchEvent(new Event("change")); });
  await page.select("#lobby-seat2", "human");
  await page.select("#lobby-seat3", "greedy");
  // any number of milliseconds from 0 to 60000, as the server takes (not only hundreds)
  const delays = await page.$eval("#lobby-delay", (e) => ["150", "60000", "60001", "-1"].map((v) => { e.value = v; return e.checkValidity(); }));
  check(delays.join() === "true,true,false,false", `the bot delay takes 150 and 60000, not 60001 or -1 (${delays})`);
  await page.$eval("#lobby-delay", (e) => { e.value = "0"; });
  // someone else has the lobby open too
  const other = await b.newPage();
  await other.goto(s.lobby);
  await other.waitForSelector(".tables");
  await page.bringToFront();  // (a click in a tab behind another waits for a frame that never comes)
  await page.click("#lobby-create");
  await page.waitForSelector(".links .seat-link", { timeout: 15000 }).catch(() => {});
  const links = await page.$$eval(".links .seat-link", (l) => l.map((a) => a.href));
  check(links.length === 2, `the first table made shows a link per person (${links.length})`);
  check(errors.length === 0, "no error in the lobby page " + errors.join("; "));
  // the form keeps what the person chose, once the list shows the new table too
  const shown = (p) => p.waitForFunction(() => document.querySelector(".tables").textContent.includes("Table 1: Crazy Eights"),
    { timeout: 15000, polling: 20 }).then(() => true, () => false);
  check(await shown(page), "the lobby's list shows the new table");
  const kept = await page.evaluate(() => ["lobby-game", "lobby-players", "lobby-seat1", "lobby-seat2", "lobby-seat3", "lobby-delay"]
    .map((id) => document.getElementById(id)?.value).join(" "));
  check(kept === "crazyeights 3 human human greedy 0", `after "Make the table" the form keeps the choices (${kept})`);
  // the other lobby's list shows the new table without being reloaded
  check(await shown(other), "another lobby page lists the new table by itself");
  await other.close();
  await shot(page, "lobby");

  // seat 2, on a phone
  if (links.length === 2) {
    const phone = await b2.newPage();
    phone.on("pageerror", (e) => check(false, "no error in seat 2's page: " + e.message));
    await phone.setViewport({ width: 375, height: 740, isMobile: true, hasTouch: true });
    await phone.goto(links[1]);
    await phone.waitForSelector(".seat.mine .card");
    const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    check(fits, "at 375 px the table fits the width (nothing to scroll sideways)");
    // seat 1 answers first (by clicking), then seat 2's move is in sight
    const p1 = await b.newPage();
    await p1.goto(links[0]);
    await p1.waitForSelector(".request.mine .answers .answer");
    // (a draw leaves seat 1 to move again)
    for (let i = 0; i < 10 && await p1.evaluate(() => window.cardlab.state.frame.request.seat === 1); i++) {
      const n = await p1.evaluate(() => window.cardlab.state.frame.answers);
      await p1.$$eval(".answers .answer", (l) => l[l.length - 1].click());
      await p1.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 10000 }, n);
    }
    await phone.waitForSelector(".request.mine .answers .answer", { timeout: 10000 });
    const inSight = await phone.$eval(".request.mine", (e) => {
      const r = e.getBoundingClientRect();
      const button = e.querySelector(".answer").getBoundingClientRect();
      const hit = document.elementFromPoint(button.x + button.width / 2, button.y + button.height / 2);
      return r.top >= 0 && r.bottom <= innerHeight && hit && hit.classList.contains("answer") && r.width > 300;
    });
    check(inSight, "at 375 px the request is in sight without scrolling, its buttons on top, the panel full width");
    await shot(phone, "phone-seat2");
    const before = await phone.evaluate(() => window.cardlab.state.frame.answers);
    await phone.$$eval(".answers .answer", (l) => l[l.length - 1].click());
    await phone.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 10000 }, before);
    check(true, "seat 2 answers on the phone");

    // docs/web.md's picture of a phone, the same on every run: a table of
    // one person (seat 2, bots around), the only kind whose seed may be
    // chosen in the lobby, with a fixed seed
    await page.bringToFront();
    await page.select("#lobby-seat1", "greedy");
    await page.select("#lobby-seat3", "greedy");
    await page.$eval("#lobby-seed", (e) => { e.value = "7"; });
    await page.click("#lobby-create");
    await page.waitForFunction(() => [...document.querySelectorAll(".links .seat-link")].some((a) => a.href.includes("table=2")), { timeout: 15000 });
    const fixed = await page.$$eval(".links .seat-link", (l) => l.map((a) => a.href));
    check(fixed.length === 1, `a table of one person takes a chosen seed (${fixed.length} link)`);
    await page.$eval("#lobby-seed", (e) => { e.value = ""; });
    await phone.goto(fixed[0]);
    await phone.waitForSelector(".request.mine .answers .answer", { timeout: 10000 });
    const file = await shot(phone, "phone");
    if (process.argv.includes("--docs")) copyFileSync(file, path.join(ROOT, "docs/images/web-phone.png"));
    // a card picked in the hand, scrolled down to: the answers it leaves
    // stay in sight at the top of the screen, and take the tap
    const card = await phone.$(".seat.mine .card.pickable");
    check(!!card, "seat 2 (seed 7) has a card to pick");
    if (card) {
      await phone.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));  // down to the hand
      await card.tap();
      // the click a tap makes may come after tap() returns
      await phone.waitForSelector(".request.mine .note", { timeout: 15000 }).catch(() => {});
      const sticky = await phone.$eval(".request.mine", (e) => {
        const r = e.getBoundingClientRect();
        const b = e.querySelector(".answer").getBoundingClientRect();
        const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
        return { scrolled: scrollY, top: r.top, bottom: r.bottom, hit: !!hit && hit.classList.contains("answer"), picked: !!e.querySelector(".note") };
      });
      check(sticky.scrolled > 0 && sticky.top >= 0 && sticky.bottom <= 740 / 2 && sticky.hit && sticky.picked,
        `at 375 px, after a card is picked down in the hand, the answers left stay in sight on top (${JSON.stringify(sticky)})`);
      await shot(phone, "phone-picked");
    }
  }
  // the widest table, Cryptocurrency's (its market board), on a phone too
  await page.bringToFront();
  await page.select("#lobby-game", "cryptocurrency");
  await page.$eval("#lobby-players", (e) => { e.value = "2"; e.dispatchEvent(new Event("change")); });
  await page.click("#lobby-create");
  await page.waitForFunction(() => document.querySelector(".links h2")?.textContent.includes("Cryptocurrency"), { timeout: 15000 });
  const crypto = await b2.newPage();
  await crypto.setViewport({ width: 375, height: 740, isMobile: true, hasTouch: true });
  await crypto.goto(await page.$eval(".links .seat-link", (a) => a.href));
  await crypto.waitForSelector(".board");
  const width = await crypto.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 375, `at 375 px Cryptocurrency's table fits the width (${width} px)`);
  await page.setViewport({ width: 375, height: 740 });
  await shot(page, "lobby-phone");
} finally {
  await b.close();
  await b2.close();
  await s.stop();
}
done();
