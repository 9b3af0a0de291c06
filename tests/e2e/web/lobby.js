// The lobby as people use it: a fresh server's lobby, a table made with the
// form (two people and a bot), its seat links.
import { serve, browser, shot, check, done } from "./harness.js";

const s = await serve(["--bot-delay", "0"]);
const b = await browser();
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
  await page.click("#lobby-create");
  await page.waitForSelector(".links .seat-link", { timeout: 5000 }).catch(() => {});
  const links = await page.$$eval(".links .seat-link", (l) => l.map((a) => a.href));
  check(links.length === 2, `the first table made shows a link per person (${links.length})`);
  check(errors.length === 0, "no error in the lobby page " + errors.join("; "));
  await shot(page, "lobby");

} finally {
  await b.close();
  await s.stop();
}
done();
