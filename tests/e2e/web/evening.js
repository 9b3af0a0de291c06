// A playtest evening at Rush for the Web, 5 players, as docs/web.md sets it up:
// three people (seats 1 to 3) and two greedy bots. The friends come one by
// one: the seats whose person has not opened their link yet read "away" on
// the others' pages, and stop reading so as each comes; the seat badges
// ("your move", "start player", "away") are read whole, never broken over
// two lines in the narrow panels of five seats; a hint ranks the answers of
// the seat asked; "In words" tells what the personas do, which the cards
// only name.
import { serve, browser, shot, check, done } from "./harness.js";

const s = await serve(["rushfortheweb", "--players", "5", "--seat", "2=human", "--seat", "3=human", "--seed", "8", "--option", "starting_player=5", "--bot-delay", "0"]);
const b = await browser();
const away = (p) => p.$$eval(".seat .away", (l) => l.map((e) => Number(e.closest(".seat").dataset.seat)).sort().join(","));
try {
  const pages = {};
  const open = async (seat) => {
    const p = await b.newPage();
    p.on("pageerror", (e) => check(false, `no error in seat ${seat}'s page: ${e.message}`));
    await p.goto(s.urls[seat]);
    await p.waitForSelector(".seat.mine");
    pages[seat] = p;
    return p;
  };
  const p1 = await open(1);
  await p1.waitForFunction(() => document.querySelectorAll(".seat .away").length === 2, { timeout: 15000, polling: 20 }).catch(() => {});
  check(await away(p1) === "2,3", `seat 1 alone: seats 2 and 3 read away (${await away(p1)})`);
  await open(2);
  await p1.waitForFunction(() => document.querySelectorAll(".seat .away").length === 1, { timeout: 15000, polling: 20 }).catch(() => {});
  check(await away(p1) === "3", `seat 2 came: only seat 3 reads away on seat 1's page (${await away(p1)})`);
  check(await away(pages[2]) === "3", `and on seat 2's (${await away(pages[2])})`);
  const p3 = await open(3);
  await p1.waitForFunction(() => !document.querySelector(".seat .away"), { timeout: 15000, polling: 20 }).catch(() => {});
  check(await away(p1) === "" && await away(p3) === "", "all three came: nobody reads away");
  // every seat answers its first request, the bots theirs, until seat 1
  // has the start player's badge or its move in sight on every page
  for (let i = 0; i < 3; i++) {
    for (const [seat, p] of Object.entries(pages)) {
      const mine = await p.$(".request.mine .answer");
      if (!mine) continue;
      const n = await p.evaluate(() => window.cardlab.state.frame.answers);
      await p.bringToFront();
      await mine.click();
      await p.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 15000, polling: 20 }, n);
    }
  }
  // a seat's panel is as wide as its cards: one whose zones hold a card or
  // two, late in the game, is narrower than its heading ("Seat 5 · greedy
  // start / player" was seen); made so here at widths from 120 to 300 px,
  // each badge read whole at every one: its text on one line (the text's
  // lines, not the badge's box, which is one however its text wraps)
  for (const [seat, p] of Object.entries(pages)) {
    const broken = new Set();
    const style = await p.addStyleTag({ content: "/* narrowed below */" });
    for (let w = 120; w <= 300; w += 4) {
      await style.evaluate((e, w) => { e.textContent = `.seat { max-width: ${w}px; }`; }, w);
      for (const t of await p.$$eval(".seat .turn, .seat .away, .seat .marker", (l) => l.filter((e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getClientRects().length > 1; }).map((e) => e.textContent))) broken.add(t);
    }
    await style.evaluate((e) => e.remove());
    const badges = await p.$$eval(".seat .turn, .seat .marker", (l) => l.length);
    check(badges > 0 && broken.size === 0, `seat ${seat}'s page: its ${badges} badges each on one line in a panel of any width (${[...broken].join(", ") || "none broken"})`);
  }
  await p1.bringToFront();
  await shot(p1, "evening-rush-5");
  // a friend asks for a hint: the search bot's ranking of its answers, under
  // its request; gone with the next table
  // (the bots may still be answering: wait for a person's request on any page)
  await Promise.any(Object.values(pages).map((p) => p.waitForSelector(".request.mine .hint-button", { timeout: 15000 }))).catch(() => {});
  const asked = (await Promise.all(Object.entries(pages).map(async ([k, p]) => [k, await p.$(".request.mine .hint-button")]))).find(([, h]) => h);
  if (asked) {
    const [k, p] = [asked[0], pages[asked[0]]];
    await p.bringToFront();
    await asked[1].click();
    const hint = await p.waitForSelector(".request.mine .hint pre", { timeout: 10000 }).then((e) => e.evaluate((x) => x.textContent), () => "");
    const answers = await p.$$eval(".request.mine .answer", (l) => l.map((e) => e.textContent));
    check(new RegExp(`^search for seat ${k}: `).test(hint) && answers.every((a) => hint.includes(a)),
      `a hint on seat ${k}'s page ranks each of its answers (${answers.join(", ")}): ${JSON.stringify(hint.slice(0, 120))}`);
    await shot(p, "evening-hint");
    const n = await p.evaluate(() => window.cardlab.state.frame.answers);
    await p.$eval(".request.mine .answer", (e) => e.click());
    await p.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 15000, polling: 20 }, n);
    check(!(await p.$(".request .hint pre")), "the hint is gone with the next table");
  } else check(false, "a person is asked, for a hint");
  // what the personas do, in words
  await pages[2].bringToFront();
  await pages[2].click("#words-button");
  const words = await pages[2].waitForSelector("#words pre", { timeout: 15000 }).then((e) => e.evaluate((x) => x.textContent), () => "");
  const personas = words.match(/^ +persona: .+\(.+\)$/gm) || [];
  check(personas.length === 5, `'In words' on seat 2's page says what each of the 5 personas does (${personas.length}: ${personas[0]})`);
  // the game over, another one: the end screen and the page's name lead to
  // "/", which on this server of one game says how to have another
  const last = await b.newPage();
  const o = await serve(["crazyeights", "--players", "2", "--seat", "2=random", "--seed", "3", "--bot-delay", "0"]);
  try {
    await last.goto(o.urls[1]);
    for (let i = 0; i < 200; i++) {
      // the first table, and each after the bot's answer, may come late
      await last.waitForFunction(() => { const f = window.cardlab.state.frame; return f && (f.status !== "waiting" || document.querySelector(".request.mine .answer")); },
        { timeout: 15000, polling: 20 });
      if (await last.evaluate(() => window.cardlab.state.frame.status !== "waiting")) break;
      const n = await last.evaluate(() => window.cardlab.state.frame.answers);
      await (await last.$(".request.mine .answer")).click();
      await last.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 15000, polling: 20 }, n);
    }
    await last.waitForSelector("#end:not([hidden]) .end-box", { timeout: 15000 }).catch(() => {});
    const again = await last.$eval("#end", (e) => [e.querySelector(".again")?.textContent, e.querySelector(".again a")?.getAttribute("href")]).catch(() => []);
    check(again[0] === "Another game? Make a table in the lobby." && again[1] === "/", `the end screen says where another game is made (${again})`);
    check(await last.$eval("#home", (a) => a.getAttribute("href")) === "/", "the page's name leads to the lobby");
    await last.goto(o.base + "/");
    await last.waitForSelector(".one-game", { timeout: 15000 }).catch(() => {});
    const told = await last.$eval("#lobby", (e) => e.innerText).catch(() => "");
    check(/host stops it and starts cardlab serve again/.test(told), "on a server of one game, / says how another game is had");
  } finally {
    await o.stop();
  }
} finally {
  await b.close();
  await s.stop();
}
done();
