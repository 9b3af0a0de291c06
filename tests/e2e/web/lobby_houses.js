// The lobby's house rules and the whole log, as people use them: a server
// started with --houses DIR (a house file for Crazy Eights, one that loads
// with no game, which the server's terminal names and the lobby leaves out);
// the form lists the Crazy Eights files with what they change, and a table made
// with one says so (the title's badge, "In words"); the options, with a file
// chosen, are as it sets them, its own added (none: the book's again); a table
// made with its own option set plays it, and a reload keeps the choices; a
// name not in the list
// (the form tampered with: a path) is refused in one line on the page, and
// the lobby goes on. A table of bots played to the end: its watch page shows
// the latest 40 entries, and "Whole log" every one from the first answer.
// With --docs, the lobby's picture for docs/web.md.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, browser, shot, check, done, ROOT, SHOTS } from "./harness.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "cardlab-houses-"));
writeFileSync(path.join(dir, "crazyeights_aces_wild.lua"), "-- Crazy Eights where aces are wild as well as eights.\n"
  + "local is_wild = rules.is_wild\nrules.is_wild = function(card) return card.rank == \"A\" or is_wild(card) end\n");
// a file that sets options of the game and declares one of its own
writeFileSync(path.join(dir, "crazyeights_big_hands.lua"), "-- Crazy Eights with bigger hands, one draw a turn, 500 turns at most.\n"
  + "options.draw_limit = 1\noptions.turn_limit = 500\n"
  + "new_option { name = \"extra_cards\", type = \"integer\", default = 2, min = 0, max = 3, doc = \"cards dealt on top of the book's hand\" }\n"
  + "local book_hand = rules.hand_size\nrules.hand_size = function(game) return book_hand(game) + game.options.extra_cards end\n");
writeFileSync(path.join(dir, "crazyeights_typo.lua"), "rules.is_wld = function() return true end\n");
const s = await serve(["--houses", dir, "--bot-delay", "0"]);
const b = await browser();
try {
  const page = await b.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(s.lobby);
  await page.waitForSelector("#lobby-game");
  check(s.out().includes(`house rules offered: 2 files of ${dir}, for 1 game`), "the server says what it offers");
  const stderr = s.err();
  check(/leaving out crazyeights_typo\.lua: it loads with no game \(with crazyeights: .*unknown rule piece 'is_wld'/.test(stderr),
    "the terminal names the house file left out, and why, in one line");
  await page.select("#lobby-game", "crazyeights");
  const offered = await page.$$eval("#lobby-house option", (l) => l.map((o) => o.value));
  check(offered.join() === ",crazyeights_aces_wild.lua,crazyeights_big_hands.lua", `Crazy Eights offers no house rules, or the files that load (${offered})`);
  // the options as the house rules chosen set them, their own added; none: the book's
  const options = () => page.$$eval("#lobby [data-option]", (l) => l.map((i) => `${i.dataset.option}=${i.value}`
    + (i.closest("label").classList.contains("house-own") ? " own" : i.closest("label").classList.contains("house-set") ? " set" : "")).join(" "));
  const book = "hand_size=0 draw_limit=3 turn_limit=1000";
  check(await options() === book, `with no house rules, the book's options (${await options()})`);
  await page.select("#lobby-house", "crazyeights_big_hands.lua");
  const big = await options();
  check(big === "hand_size=0 draw_limit=1 set turn_limit=500 set extra_cards=2 own",
    `a house file's values are the options' defaults, its own option added (${big})`);
  // (a field missing is a check failed, not the test stopped)
  const own = await page.$eval("[data-option=extra_cards]", (i) => ({ type: i.type, doc: i.closest("label").querySelector("small").textContent })).catch(() => ({}));
  check(own.type === "number" && own.doc === "house rules' own cards dealt on top of the book's hand", `its own option with its type and doc (${JSON.stringify(own)})`);
  const note = await page.$eval("[data-option=draw_limit]", (i) => i.closest("label").querySelector("small").textContent).catch(() => "");
  check(note.endsWith("(the book: 3)"), `a value the house rules set says the book's (${note})`);
  // docs/web.md's picture: the form with the house file that sets options, the options open
  await page.$eval("#lobby-players", (e) => { e.value = "2"; e.dispatchEvent(new Event("change")); });
  await page.$eval("form.create details", (d) => { d.open = true; });
  mkdirSync(SHOTS, { recursive: true });
  const lobbyShot = path.join(SHOTS, "lobby-houses.png");
  await (await page.$("form.create")).screenshot({ path: lobbyShot });
  if (process.argv.includes("--docs")) copyFileSync(lobbyShot, path.join(ROOT, "docs/images/web-lobby-houses.png"));
  await page.select("#lobby-house", "");
  check(await options() === book, `back to none, the book's options again (${await options()})`);
  await page.select("#lobby-house", "crazyeights_aces_wild.lua");
  const about = await page.$eval("#lobby-house-about", (e) => e.textContent);
  check(about === "Crazy Eights where aces are wild as well as eights.", `the form says what the house rules change (${about})`);
  await page.select("#lobby-game", "online");
  check(await page.$eval("#lobby-house", (e) => e.closest("label").hidden), "a game with no house file offered shows no choice");
  await page.select("#lobby-game", "crazyeights");
  await page.select("#lobby-house", "crazyeights_aces_wild.lua");
  await page.$eval("#lobby-players", (e) => { e.value = "2"; e.dispatchEvent(new Event("change")); });
  await page.$eval("#lobby-seed", (e) => { e.value = "3"; });

  // the page never sends a path: a form changed by hand to send one is refused
  await page.$eval("#lobby-house option[value='crazyeights_aces_wild.lua']", (o) => { o.value = "../crazyeights_aces_wild.lua"; });
  await page.click("#lobby-create");
  await page.waitForFunction(() => !document.getElementById("banner").hidden, { timeout: 15000 }).catch(() => {});
  const refusal = await page.$eval("#banner", (e) => e.textContent);
  check(refusal.startsWith("create: 'house' '../crazyeights_aces_wild.lua' is a path;") && !refusal.includes(dir),
    `a path is refused in one line, which names no folder of the server (${refusal})`);
  check(await page.$eval(".tables", (e) => e.textContent.includes("No table yet")), "nothing was made");

  // the name from the list: a table that plays the house rules
  await page.$eval("#lobby-house option[value='../crazyeights_aces_wild.lua']", (o) => { o.value = "crazyeights_aces_wild.lua"; });
  await page.click("#lobby-create");
  await page.waitForSelector(".links .seat-link", { timeout: 15000 });
  check((await page.$eval(".links h2", (e) => e.textContent)).includes("house rules: crazyeights_aces_wild.lua"), "the links say the table's house rules");
  const seat = await page.$eval(".links .seat-link", (a) => a.href);
  const p1 = await b.newPage();
  await p1.goto(seat);
  await p1.waitForSelector(".seat.mine .card");
  const badge = await p1.$eval("#house", (e) => ({ hidden: e.hidden, text: e.textContent, title: e.title }));
  check(!badge.hidden && badge.text === "house rules: crazyeights_aces_wild.lua" && badge.title.startsWith("Crazy Eights where aces"),
    `the table's badge says its house rules (${JSON.stringify(badge)})`);
  await p1.click("#words-button");
  await p1.waitForSelector("#words pre");
  const words = await p1.$eval("#words pre", (e) => e.textContent.split("\n")[0]);
  check(words === "House rules crazyeights_aces_wild.lua: Crazy Eights where aces are wild as well as eights.", `"In words" begins with the house rules (${words})`);
  await page.bringToFront();
  await page.waitForFunction(() => document.querySelector(".tables").textContent.includes("house rules: crazyeights_aces_wild.lua"), { timeout: 15000 })
    .then(() => check(true, "the lobby's list says the table's house rules"), () => check(false, "the lobby's list says the table's house rules"));

  // a table made with the house file's own option set, and one of its values
  // put back to the book's: the form sends both (not the value left as the
  // house file sets it), and the table deals the bigger hands
  await page.select("#lobby-house", "crazyeights_big_hands.lua");
  await page.$eval("[data-option=extra_cards]", (e) => { e.value = "3"; e.dispatchEvent(new Event("change", { bubbles: true })); }).catch(() => {});
  await page.$eval("[data-option=draw_limit]", (e) => { e.value = "3"; e.dispatchEvent(new Event("change", { bubbles: true })); });
  await page.select("#lobby-seat2", "random");
  await page.$eval("#lobby-seed", (e) => { e.value = ""; });
  await page.evaluate(() => {
    window.sentFrames = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (text) { window.sentFrames.push(text); return send.call(this, text); };
  });
  await page.click("#lobby-create");
  await page.waitForFunction(() => document.querySelector(".links h2")?.textContent.includes("crazyeights_big_hands.lua"), { timeout: 15000 }).catch(() => {});
  const sent = await page.evaluate(() => window.sentFrames.map((t) => JSON.parse(t)).find((m) => m.type === "create"));
  check(JSON.stringify(sent?.options) === '{"draw_limit":"3","extra_cards":"3"}' && sent?.house === "crazyeights_big_hands.lua",
    `the form sends the house file's own option and a value back at the book's, not one left as the house sets it (${JSON.stringify(sent)})`);
  const bigSeat = await page.$eval(".links .seat-link", (a) => a.href);
  const p2 = await b.newPage();
  await p2.goto(bigSeat);
  await p2.waitForSelector(".seat.mine .card").catch(() => {});
  const hand = await p2.$$eval(".seat.mine .card", (l) => l.length);
  check(hand === 10, `the table deals 7 + 3 cards, as its own option says (${hand})`);
  // beside the title, the options played away from the book's (the house file's own among them)
  const optionsBadge = await p2.$eval("#options", (e) => ({ hidden: e.hidden, text: e.textContent }));
  check(!optionsBadge.hidden && optionsBadge.text === "options: extra_cards=3, turn_limit=500",
    `the table's badge says the options it plays (${JSON.stringify(optionsBadge)})`);
  check(await p1.$eval("#options", (e) => e.hidden), "a table at the book's options shows no options badge");
  await p2.close();
  // a reload keeps the last choices (the seed aside)
  await page.bringToFront();
  await page.reload();
  await page.waitForSelector("#lobby-game");
  const kept = await page.evaluate(() => ["lobby-game", "lobby-players", "lobby-seat1", "lobby-seat2", "lobby-house"]
    .map((id) => document.getElementById(id)?.value).join(" "));
  check(kept === "crazyeights 2 human random crazyeights_big_hands.lua", `a reload keeps the game, players, seats and house rules (${kept})`);
  const keptOptions = await options();
  check(keptOptions === "hand_size=0 draw_limit=3 set turn_limit=500 set extra_cards=3 own", `and the options as they were chosen (${keptOptions})`);

  // the whole log: a table of bots played to the end at once
  await page.select("#lobby-game", "rushfortheweb");
  await page.$eval("#lobby-players", (e) => { e.value = "3"; e.dispatchEvent(new Event("change")); });
  await page.select("#lobby-seat1", "random");
  await page.select("#lobby-seat2", "random");
  await page.select("#lobby-seat3", "random");
  await page.$eval("#lobby-seed", (e) => { e.value = "4"; });
  await page.$eval("#lobby-delay", (e) => { e.value = "0"; });
  await page.click("#lobby-create");
  await page.waitForFunction(() => document.querySelector(".links h2")?.textContent.includes("Rush for the Web"), { timeout: 15000 });
  const watch = await page.$eval(".links a[href*='watch']", (a) => a.href);
  const w = await b.newPage();
  w.on("pageerror", (e) => errors.push(e.message));
  await w.goto(watch);
  await w.waitForSelector("#log .entries li");
  // the bots may still be playing when the page opens (a slow machine): the
  // counts below are of the game over
  await w.waitForFunction(() => window.cardlab.state.frame.status !== "waiting", { timeout: 60000, polling: 50 });
  const answers = await w.evaluate(() => window.cardlab.state.frame.answers);
  const shownFirst = await w.$$eval("#log li.answer", (l) => l.map((li) => Number(li.dataset.n)));
  check(answers > 40 && shownFirst.length === 40 && shownFirst[0] === answers - 39, `the log shows the latest 40 of ${answers} answers (${shownFirst[0]}..)`);
  // the end screen, over the table, closed first: the log is read after the game
  await w.waitForSelector("#end button", { visible: true, timeout: 15000 }).then((e) => e.click()).catch(() => {});
  await w.click("#whole-log").catch(() => {});
  await w.waitForFunction(() => document.querySelectorAll("#log li.answer").length > 40, { timeout: 15000 }).catch(() => {});
  const whole = await w.$$eval("#log li.answer", (l) => l.map((li) => Number(li.dataset.n)));
  check(whole.length === answers && whole.every((n, i) => n === i + 1), `"Whole log" shows every answer from the first (${whole.length} of ${answers})`);
  const scroll = await w.$eval("#log .entries", (e) => e.scrollHeight > e.clientHeight && e.scrollTop > 0);
  check(scroll, "the whole log scrolls, the newest in sight");
  await shot(w, "whole-log");
  await w.click("#whole-log").catch(() => {});
  check(await w.$$eval("#log li.answer", (l) => l.length) === 40, "\"Latest only\" goes back to the latest 40");
  check(errors.length === 0, "no error in the pages " + errors.join("; "));
} finally {
  await b.close();
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
}
done();
