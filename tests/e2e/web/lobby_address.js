// A lobby reached by another address than the one the server prints: a
// server listening on every address (--listen 0.0.0.0) prints 127.0.0.1 in
// its links, and a friend opens the lobby by the machine's name. The links
// the lobby gives (a person's seat, watch, the host's, the list's watch link)
// use the address the page was opened with, so that they work where they
// are sent; and a seat link opens its table.
import { serve, browser, check, done } from "./harness.js";

const s = await serve(["--listen", "0.0.0.0", "--bot-delay", "0"]);
const b = await browser();
try {
  check(s.lobby.startsWith("http://127.0.0.1:"), `the server prints its lobby at 127.0.0.1 (${s.lobby})`);
  check(s.out().includes("listening on every address: on another machine, use these links with this machine's address or name in place of 127.0.0.1\n"),
    "the server says that others need this machine's address in its links");
  const other = s.lobby.replace("127.0.0.1", "localhost");  // another name of this machine
  const origin = new URL(other).origin;
  const page = await b.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(other);
  await page.waitForSelector("#lobby-game");
  await page.select("#lobby-game", "crazyeights");
  await page.$eval("#lobby-players", (e) => { e.value = "2"; e.dispatchEvent(new Event("change")); });
  await page.select("#lobby-seat2", "human");
  await page.click("#lobby-create");
  await page.waitForSelector(".links .seat-link", { timeout: 15000 });
  const shown = await page.$$eval(".links a", (l) => l.map((a) => [a.href, a.textContent]));
  check(shown.length === 4 && shown.every(([href, text]) => href.startsWith(origin + "/") && text === href),
    `the table's links (2 seats, watch, host) use the lobby's address ${origin} (${shown.map((x) => x[1]).join(" ")})`);
  await page.waitForSelector(".tables li a", { timeout: 15000 });
  const listed = await page.$eval(".tables li a", (a) => a.href);
  check(listed.startsWith(origin + "/watch?table=1"), `the list's watch link uses it too (${listed})`);
  const seat = await b.newPage();
  await seat.goto(shown[0][0]);
  await seat.waitForSelector(".seat.mine .card", { timeout: 15000 }).then(() => check(true, "the seat link opens the table"),
    () => check(false, "the seat link opens the table"));
  check(errors.length === 0, "no error in the lobby page " + errors.join("; "));
} finally {
  await b.close();
  await s.stop();
}
done();
