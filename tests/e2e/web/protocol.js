// The refusals made in C, over a real socket and HTTP: a frame over 64 KiB,
// a binary frame, a path outside the page's folder, a page that does not
// exist, a method other than GET or HEAD; each gets its reason and changes
// nothing. HEAD gets GET's status and headers without a body. Then two people
// in two pages of one game: every frame seat 1 receives holds no card hidden
// from seat 1, and neither may save (the file holds the seed); seat 2's
// person leaves, seat 1 hands seat 2 to a bot, and seat 2's person, back,
// takes it.
import http from "node:http";
import net from "node:net";
import { serve, browser, check, done, shot } from "./harness.js";

function get(base, path, method = "GET") {
  return new Promise((resolve) => {
    const u = new URL(base);
    const req = http.request({ host: u.hostname, port: u.port, path, method }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.end();
  });
}

// A request over a bare socket, to see every byte the server sends (Node's
// client ignores a body sent after a HEAD response).
function raw(base, request) {
  return new Promise((resolve) => {
    const u = new URL(base);
    const sock = net.connect(Number(u.port), u.hostname, () => sock.end(request));
    let got = "";
    sock.on("data", (d) => (got += d));
    sock.on("close", () => resolve(got));
  });
}

const s = await serve(["crazyeights", "--players", "2", "--seat", "2=human", "--seed", "7", "--bot-delay", "0"]);
const b = await browser();
const b2 = await browser();  // seat 2 in a browser of its own, as a second person would be
try {
  for (const p of ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fserve.c", "/web/../serve.lua", "/a\\..\\b",
    "/%00../../etc/passwd", "/main.js%00.png", "/%00", "/%01", "/card%2ejs"]) {
    const r = await get(s.base, p);
    check(r.status === 400 && /may not leave the page's folder/.test(r.body), `path ${p} refused with its reason (${r.status})`);
  }
  const missing = await get(s.base, "/secret.txt");
  check(missing.status === 404 && /no page \/secret.txt here/.test(missing.body), "a missing page: 404 with its name");
  const post = await get(s.base, "/", "POST");
  check(post.status === 405 && /method POST refused/.test(post.body), "POST refused (405)");
  const ok = await get(s.base, "/card.js");
  check(ok.status === 200 && ok.body.includes("cardElement"), "a page file is served");
  const head = (p) => raw(s.base, `HEAD ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const h = await head("/card.js");
  check(/^HTTP\/1\.1 200 /.test(h) && /Content-Length: [1-9]/.test(h) && h.endsWith("\r\n\r\n"), "HEAD: GET's status and headers, no body");
  // one Cache-Control header (civetweb's, set to ours), and a 405 says
  // which methods are allowed, as HTTP wants
  const heads = (await raw(s.base, "GET /card.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).split("\r\n\r\n")[0];
  const caching = heads.match(/^Cache-Control:.*$/gim) || [];
  check(caching.length === 1 && caching[0] === "Cache-Control: no-cache", `a file has one Cache-Control header, no-cache (${caching})`);
  const put = await raw(s.base, "PUT /card.js HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nxx");
  check(/^HTTP\/1\.1 405 /.test(put) && /^Allow: GET, HEAD\r$/m.test(put) && /method PUT refused/.test(put), "a 405 has its Allow header and its reason");
  for (const [p, code] of [["/secret.txt", 404], ["/%00../x", 400]]) {
    const r = await head(p);
    check(r.startsWith(`HTTP/1.1 ${code} `) && r.endsWith("\r\n\r\n"), `HEAD ${p}: ${code} without a body`);
  }

  // the server's own address, on a server of one game: what it plays and
  // its watch link, not a form whose every table would be refused
  const home = await b.newPage();
  await home.goto(s.base + "/");
  const listed = await home.waitForSelector(".tables li a", { timeout: 15000 }).then(() => true, () => false);
  const said = await home.$eval("#lobby", (e) => e.innerText);
  check(listed && !(await home.$("#lobby-create")) && /One game on this server/.test(said) && /Table 1: Crazy Eights/.test(said)
    && await home.$eval(".tables a", (a) => a.href === new URL("/watch?table=1", location.href).href),
    "a server of one game: its / says so, lists the table with its watch link, offers no form");
  await home.close();

  // two seats, two pages
  const p1 = await b.newPage(), p2 = await b2.newPage();
  await p1.goto(s.urls[1]);
  await p2.goto(s.urls[2]);
  await p1.waitForSelector(".seat.mine .card");
  await p2.waitForSelector(".seat.mine .card");
  // "In words": the table as cardlab play writes it for seat 1 (its hand by
  // card, seat 2's by count), and closed again
  await p1.bringToFront();
  await p1.click("#words-button");
  const words = await p1.waitForSelector("#words pre", { timeout: 15000 }).then((e) => e.evaluate((x) => x.textContent), () => "");
  check(/^round 1\. stock: \d+ cards\. pile: /.test(words) && /\n  seat 1 \(you\): (\w+ ){6}\w+\n/.test(words) && /\n  seat 2: 7 cards/.test(words),
    "'In words' shows the table as cardlab play writes it for the seat: " + JSON.stringify(words));
  await p1.$eval("#words button", (b) => b.click());
  check(await p1.$eval("#words", (e) => e.hidden), "'In words' closes");
  // the C refusals, from seat 1's page: the game must not change
  const before = await p1.evaluate(() => window.cardlab.state.frame.answers);
  const replies = await p1.evaluate(async (token) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((r) => (ws.onopen = r));
    const got = [];
    ws.onmessage = (e) => got.push(JSON.parse(e.data));
    ws.send(JSON.stringify({ type: "join", table: 1, seat: 1, token }));
    ws.send(JSON.stringify({ type: "answer", text: "draw", pad: "x".repeat(70000) }));
    ws.send(new Uint8Array([123, 125]));
    ws.send("{\"type\":\"answer\",");
    ws.send(JSON.stringify({ type: "answer", seat: 2, text: "draw" }));
    // the four refusals, however slow a loaded machine is to send them
    for (let waited = 0; got.filter((m) => m.type === "error").length < 4 && waited < 10000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    ws.close();
    return got;
  }, new URL(s.urls[1]).searchParams.get("token"));
  const reasons = replies.filter((m) => m.type === "error").map((m) => m.reason);
  check(reasons.some((r) => /^frame of 70\d+ bytes refused: the limit is 65536 bytes; nothing was changed$/.test(r)), "a frame over 64 KiB is refused with its size and the limit");
  check(reasons.some((r) => /^frame refused: expected one whole text frame/.test(r)), "a binary frame is refused");
  check(reasons.some((r) => /^malformed JSON refused/.test(r)), "malformed JSON is refused");
  check(reasons.some((r) => r === "answer: this socket holds seat 1; nothing is done for seat 2"), "an answer for the wrong seat is refused");
  const after = await p1.evaluate(() => window.cardlab.state.frame.answers);
  check(before === after, "the game is unchanged by the refused frames");

  // a double click on an answer (two clicks before the next table comes)
  // gives one answer; an answer sent for the older table (by a socket of
  // its own, from a second page of the seat) is refused
  const stale = await b.newPage();
  await stale.goto(s.urls[1]);
  await stale.waitForSelector(".request.mine .answers .answer");
  await p1.bringToFront();
  await p1.$$eval(".answers .answer", (l) => { const draw = l[l.length - 1]; draw.click(); draw.click(); });
  await p1.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 15000 }, after);
  await new Promise((r) => setTimeout(r, 300));
  check(await p1.evaluate(() => window.cardlab.state.frame.answers) === after + 1, "a double click on an answer gives one answer");
  const late = await stale.evaluate(async (token, at) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((r) => (ws.onopen = r));
    const got = [];
    ws.onmessage = (e) => got.push(JSON.parse(e.data));
    ws.send(JSON.stringify({ type: "join", table: 1, seat: 1, token }));
    ws.send(JSON.stringify({ type: "answer", text: "pass", at }));
    for (let waited = 0; !got.some((m) => m.type === "refused") && waited < 10000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    ws.close();
    return got.filter((m) => m.type === "refused").map((m) => m.reason);
  }, new URL(s.urls[1]).searchParams.get("token"), after);
  check(late.length === 1 && /^the table has moved on since your page showed it \(your page showed answer 0, the table is at answer 1\)/.test(late[0]), "an answer for a table that has moved on is refused: " + late[0]);
  check(await p1.evaluate(() => window.cardlab.state.frame.answers) === after + 1, "the refused answer changed nothing");
  await stale.close();

  // two people: no Save button while the game goes on, and a save is refused
  check(await p1.$eval("#save", (b) => b.hidden), "no Save button at a table of two people");
  await p1.evaluate(() => document.getElementById("save").click());  // as a page altered by hand would
  await p1.waitForFunction(() => window.cardlab.frames.some((m) => m.type === "refused" && /^save: refused while the game goes on/.test(m.reason)), { timeout: 15000 });
  check(!(await p1.evaluate(() => window.cardlab.frames.some((m) => m.type === "saved"))), "a save is refused, the seed not sent");

  // play on: each page answers when asked, until 12 answers were given
  for (let i = 0; i < 12; i++) {
    const f = await p1.evaluate(() => window.cardlab.state.frame);
    if (f.status !== "waiting") break;
    const page = f.request.seat === 1 ? p1 : p2;
    // the seat's own page must show this request, not the last one's answers
    // (a click on those is refused, and the game would wait for ever)
    await page.waitForFunction((n) => window.cardlab.state.frame.answers === n, { timeout: 10000, polling: 20 }, f.answers);
    await page.waitForSelector(".answers .answer");
    // draw, or the last answer (a suit after an eight)
    await page.$$eval(".answers .answer", (l) => l[l.length - 1].click());
    await p1.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 10000, polling: 20 }, f.answers);
  }
  await shot(p2, "two-seats-seat2");
  // every frame seat 1 got: a card it may not see never shows
  const frames = await p1.evaluate(() => window.cardlab.frames);
  let tables = 0, leaks = [];
  for (const f of frames.filter((x) => x.type === "table")) {
    tables++;
    for (const [name, z] of Object.entries(f.view.zones)) {
      const ids = (z.cards || []).filter((id) => id !== 0);
      if (ids.length && name !== "hand[1]" && z.visibility !== "everyone") leaks.push(`${name}: ${ids}`);
    }
    if (f.request && f.request.seat !== 1 && f.request.answers) leaks.push("seat 2's legal answers");
  }
  const seat2cards = new Set();
  for (const f of (await p2.evaluate(() => window.cardlab.frames)).filter((x) => x.type === "table"))
    for (const id of f.view.zones["hand[2]"].cards || []) seat2cards.add(id);
  check(tables >= 6, `seat 1 got ${tables} table frames`);
  check(seat2cards.size > 0, "seat 2 saw its own hand");
  check(leaks.length === 0, "no frame to seat 1 holds a card hidden from seat 1 " + leaks.slice(0, 3).join("; "));
  // seat 2's person leaves (closes the page) while the table waits for
  // seat 2: seat 1's page says seat 2 is away, and that the table waits for
  // them
  for (let i = 0; i < 6; i++) {
    const f = await p1.evaluate(() => window.cardlab.state.frame);
    if (f.status !== "waiting" || f.request.seat === 2) break;
    await p1.waitForSelector(".request.mine .answers .answer");
    await p1.$$eval(".answers .answer", (l) => l[l.length - 1].click());
    await p1.waitForFunction((n) => window.cardlab.state.frame.answers > n, { timeout: 10000, polling: 20 }, f.answers);
  }
  const f2 = await p1.evaluate(() => window.cardlab.state.frame);
  check(f2.status === "waiting" && f2.request.seat === 2, "the table waits for seat 2");
  await p2.close();
  const away = await p1.waitForFunction(() => document.querySelector('.seat[data-seat="2"] .away'), { timeout: 15000, polling: 20 }).then(() => true, () => false);
  check(away, "a person who left is shown away on the others' pages");
  const note = await p1.$eval("#request", (e) => e.innerText);
  check(/No page of seat 2 is open: the table waits/.test(note), "the request says the table waits for the person who left: " + note);
  await shot(p1, "two-seats-away");
  // seat 1 hands seat 2 to the greedy bot: one click and a confirmation (a
  // confirmation dismissed sends nothing); everyone's log says so, and the
  // bot answers for seat 2
  const dialogs = [];
  let accept = false;
  p1.on("dialog", (d) => { dialogs.push(d.message()); (accept ? d.accept() : d.dismiss()).catch(() => {}); });
  const handButton = await p1.$("#request button.hand");
  check(handButton && (await handButton.evaluate((e) => e.textContent)) === "Hand seat 2 to the greedy bot", "the request offers to hand seat 2 to the greedy bot");
  await p1.click("#request button.hand");
  for (let waited = 0; dialogs.length === 0 && waited < 10000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 300));  // what a dismissal would wrongly send has time to come
  check(dialogs.length === 1 && /^Hand seat 2 to the greedy bot\?/.test(dialogs[0]) && await p1.evaluate((n) => window.cardlab.state.frame.answers === n && !window.cardlab.frames.some((m) => m.type === "table" && m.handed), f2.answers),
    "a dismissed confirmation hands nothing: " + dialogs[0]);
  accept = true;
  await p1.click("#request button.hand");
  const handed = await p1.waitForFunction((n) => window.cardlab.state.frame.answers > n && window.cardlab.state.frame.request.seat === 1, { timeout: 15000, polling: 20 }, f2.answers).then(() => true, () => false);
  const head2 = await p1.$eval('.seat[data-seat="2"] h2', (e) => e.innerText);
  const logText = await p1.$eval("#log", (e) => e.innerText);
  check(handed && /· greedy/.test(head2) && /for the person away/.test(head2) && !(await p1.$('.seat[data-seat="2"] .away')),
    "seat 2 is played by the greedy bot, which answered for it: " + head2);
  check(/Seat 1 handed seat 2, whose person was away, to the greedy bot/.test(logText), "the log says who handed which seat to which bot");
  // seat 2's person comes back with their own link: the page says a bot
  // plays their seat, offers no answer, and one click takes the seat back
  const back = await b2.newPage();
  await back.goto(s.urls[2]);
  await back.waitForSelector("#request button.take", { timeout: 15000 });
  const backNote = await back.$eval("#request", (e) => e.innerText);
  check(/Your seat is played by the greedy bot: seat 1 handed it over while you were away/.test(backNote), "the person back reads that a bot plays their seat: " + backNote);
  await shot(back, "two-seats-handed");
  await back.click("#request button.take");
  const taken = await p1.waitForFunction(() => window.cardlab.state.frame.kinds[1] === "human" && !document.querySelector(".seat .handed"), { timeout: 15000, polling: 20 }).then(() => true, () => false);
  check(taken && /Seat 2's person is back and took the seat back from the greedy bot/.test(await p1.$eval("#log", (e) => e.innerText)), "taken back: the others see seat 2 a person's again, and the log says so");
  const offerGone = await back.waitForFunction(() => !document.querySelector("#request button.take"), { timeout: 15000, polling: 20 }).then(() => true, () => false);
  check(offerGone, "the person's page no longer offers to take the seat back");
  const returned = await p1.waitForFunction(() => !document.querySelector(".seat .away"), { timeout: 15000, polling: 20 }).then(() => true, () => false);
  check(returned, "the person back at the table is no longer shown away");
  const watch = await b.newPage();
  await watch.goto(s.watch);
  await watch.waitForSelector(".seat .card");
  const wf = await watch.evaluate(() => window.cardlab.state.frame);
  check(!wf.view.zones["hand[1]"].cards && !wf.view.zones["hand[2]"].cards, "the watch page sees no hand");
  // the server stopped: the page says so, not only that its connection was lost
  check((await s.stop()) === 0, "the server stops in order");
  const told = await watch.waitForFunction(() => /^The server was stopped; this page connects again if it is started again/
    .test(document.getElementById("banner").textContent), { timeout: 15000, polling: 50 }).then(() => true, () => false);
  check(told, "a page open when the server stops says it stopped: " + await watch.$eval("#banner", (e) => e.textContent));
} finally {
  await b.close();
  await b2.close();
  if (s.proc.exitCode === null) await s.stop();
}
done();
