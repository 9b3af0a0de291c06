// Rush for the Web at the web table, as its players see it (a playtest
// trial of three people and a greedy bot found each of these):
// - a resource card is drawn in its colour, the game's currency (it was
//   drawn in its type's green), a project's band in the colours it takes,
//   and the pointer resting on a card says what it is and does (it said
//   "Name · code");
// - credits are given with a number field and one button (it was a button
//   for each of "give 0" ... "give 14"), every amount still reachable;
// - the offer's prompt does not offer 'accept' to a seat that has no such
//   answer without saying when it is open, and says "on the table", not
//   "shown above", which a phone draws below it;
// - the log says an offer in one line, its steps folded under it.
// Seat 2 (two people, by clicking) offers seat 3 two credits for as many
// purple cards as seat 3 holds, which seat 3 cannot meet. With --docs, the
// picture of seat 3's page (the log's fold open) goes to docs/images/ for
// docs/games/rushfortheweb.md.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { serve, browser, shot, check, done, ROOT } from "./harness.js";

const s = await serve(["rushfortheweb", "--players", "3", "--seed", "2", "--seat", "1=greedy", "--seat", "2=human",
  "--seat", "3=human", "--option", "starting_player=2", "--option", "start_credits=14", "--bot-delay", "0"]);
const b = await browser();
try {
  const pages = {};
  for (const k of [2, 3]) {
    pages[k] = await b.newPage();
    pages[k].on("pageerror", (e) => check(false, `seat ${k}'s page: no error in the page: ${e.message}`));
    await pages[k].goto(s.urls[k]);
  }
  // the request of a person (the bot at seat 1 answers at once) and the
  // table it is asked at, once the page asked has it
  const asked = async () => {
    const [k, at] = await pages[3].waitForFunction(() => {
      const f = window.cardlab.state.frame;
      return f && f.status === "waiting" && f.request.seat !== 1 && [f.request.seat, f.answers];
    }, { timeout: 15000, polling: 20 }).then((h) => h.jsonValue());
    await pages[k].waitForFunction((at) => window.cardlab.state.frame?.answers === at && document.querySelector(".request.mine .answer"),
      { timeout: 15000, polling: 20 }, at);
    const kind = await pages[k].evaluate(() => window.cardlab.state.frame.request.kind);
    return { k, at, kind, page: pages[k] };
  };
  const moved = (at) => pages[3].waitForFunction((at) => window.cardlab.state.frame.answers > at, { timeout: 15000, polling: 20 }, at);
  const click = async ({ page, at }, pick) => {
    const texts = await page.$$eval(".request.mine .answer", (l) => l.map((e) => e.textContent));
    const text = pick(texts);
    await page.$$eval(".request.mine .answer", (l, t) => l.find((e) => e.textContent === t).click(), text);
    await moved(at);
  };

  // the projects kept; seat 2 trades with seat 3
  let r;
  for (;;) {
    r = await asked();
    if (r.kind === "give_credits") break;
    await click(r, (t) => t.find((x) => x === "trade" || x === "with seat 3") || t[0]);
  }

  // the credits given: a number field from 0 to seat 2's 14 credits and one
  // button, no button per amount; typed from the keyboard
  const field = await r.page.evaluate(() => {
    const input = document.querySelector(".request.mine .amount input");
    return { min: input?.min, max: input?.max, button: document.querySelector(".request.mine .amount button")?.textContent,
      buttons: [...document.querySelectorAll(".request.mine .answer")].map((e) => e.textContent) };
  });
  check(field.min === "0" && field.max === "14" && field.button === "give 0",
    `the credits given are a number field from 0 to 14 and its button (${JSON.stringify(field)})`);
  check(!field.buttons.some((t) => /^give ([1-9]|1[0-4])$/.test(t)) && field.buttons.includes("cancel"),
    `no button per amount, 'cancel' still a button (${field.buttons.join(", ")})`);
  // the page took the field as its first control: typing replaces the 0
  await r.page.bringToFront();
  await r.page.focus(".request.mine .amount input");
  await r.page.keyboard.down("Control"); await r.page.keyboard.press("a"); await r.page.keyboard.up("Control");
  await r.page.keyboard.type("15");
  await r.page.keyboard.press("Enter");
  await new Promise((res) => setTimeout(res, 300));
  check(await r.page.evaluate((at) => window.cardlab.state.frame.answers === at, r.at),
    "15, more than seat 2 has, is not sent (the field says why)");
  await r.page.keyboard.press("Backspace"); await r.page.keyboard.press("Backspace");
  await r.page.keyboard.type("2");
  check(await r.page.$eval(".request.mine .amount button", (e) => e.textContent) === "give 2", "the button says the answer typed: give 2");
  await shot(r.page, "rush-amount");
  await r.page.keyboard.press("Enter");
  await moved(r.at);
  // six amounts or fewer stay buttons; a run with a gap is buttons too
  const small = await r.page.evaluate(async () => {
    const { amountRun } = await import("/request.js");
    const run = (n, word = "give") => Array.from({ length: n }, (_, i) => `${word} ${i}`).concat(["cancel"]);
    return [amountRun(run(6)), amountRun(run(7)), amountRun(["ask 0", "ask 1", "ask 2", "ask 3", "ask 4", "ask 5", "ask 7"])];
  });
  check(small[0] === null && small[1]?.max === 6 && small[2] === null,
    `six amounts stay buttons, seven make a field, a run with a gap stays buttons (${JSON.stringify(small)})`);

  // no cards given, no credits asked (a field again: seat 3 has 14), purple
  // cards asked until seat 3's hand is asked whole
  for (;;) {
    r = await asked();
    if (r.kind === "offer") break;
    if (r.kind === "ask_credits") {
      check(await r.page.$eval(".request.mine .amount input", (e) => e.max).catch(() => null) === "14", "the credits asked are a field too, up to seat 3's 14");
      await r.page.$eval(".request.mine .amount button", (e) => e.click());
      await moved(r.at);
      continue;
    }
    await click(r, (t) => t.find((x) => x === "done" && r.kind === "give_cards") || t.find((x) => x === "purple card") || t[0]);
  }
  const p3 = pages[3];
  await p3.bringToFront();
  const seen = await p3.evaluate(() => ({
    prompt: document.querySelector(".request.mine .prompt").textContent,
    buttons: [...document.querySelectorAll(".request.mine .answer")].map((e) => e.textContent),
    offer: [...document.querySelectorAll("#center .chip")].find((c) => c.querySelector("dt").textContent === "offer")?.querySelector("dd").textContent,
  }));
  check(/^seat 2 offers seat 3 2 credits for a purple card and a purple card and a purple card$/.test(seen.offer || ""),
    `seat 3 sees the offer: ${seen.offer}`);
  check(!seen.buttons.includes("accept") && seen.buttons.includes("counter") && seen.buttons.includes("refuse"),
    `seat 3, which holds no three purple cards, may counter or refuse, not accept (${seen.buttons})`);
  check(/accept \(if you have what it asks for\), counter or refuse\?$/.test(seen.prompt),
    `the prompt says when 'accept' is open, as it is no answer here: "${seen.prompt}"`);
  await shot(p3, "rush-offer");

  // the log: the offer in one line, its steps folded under it
  const log = await p3.evaluate(() => {
    const visible = (e) => e.checkVisibility();
    const fold = [...document.querySelectorAll("#log li.folded")].pop();
    return {
      lines: [...document.querySelectorAll("#log .entries > li")].filter(visible).map((li) => li.innerText.trim()),
      shownSteps: [...document.querySelectorAll("#log li.answer")].filter(visible).map((li) => li.textContent)
        .filter((t) => /^Seat 2: (with seat 3|give 2|done|ask 0|purple card)$/.test(t)),
      summary: fold?.querySelector("summary").textContent,
    };
  });
  check(log.lines.some((l) => l.startsWith("seat 2 offers seat 3 2 credits for a purple card")) && log.shownSteps.length === 0,
    `the offer is one line of the log, its steps not shown (${JSON.stringify(log.lines.slice(-3))}; steps shown: ${log.shownSteps})`);
  check(/^seat 2 offers seat 3 2 credits .* · 7 answers$/.test(log.summary || ""), `the line says how many answers it folds: ${log.summary}`);
  const summary = await p3.$("#log li.folded:last-of-type summary");
  if (summary) await summary.click();
  const opened = await p3.$$eval("#log li.folded:last-of-type li.answer", (l) => l.filter((e) => e.checkVisibility()).map((e) => e.textContent));
  check(opened.join("|") === "Seat 2: with seat 3|Seat 2: give 2|Seat 2: done|Seat 2: ask 0|Seat 2: purple card|Seat 2: purple card|Seat 2: purple card",
    `a click shows the steps: ${opened.join(", ")}`);
  const picture = await shot(p3, "rush-log-open");
  if (process.argv.includes("--docs")) copyFileSync(picture, path.join(ROOT, "docs/images/web-rushfortheweb-offer.png"));

  // the cards: a resource in its colour, a project's band in the colours it
  // takes, and the pointer on a card says what it is and does
  const colours = await p3.evaluate(() => {
    const { cards, presentation } = window.cardlab.state.game;
    const out = [];
    for (const el of document.querySelectorAll(".seat.mine .card.face")) {
      const card = cards[el.dataset.id - 1];
      const band = el.querySelector(".kind");
      out.push({ type: card.type, colour: card.colour, takes: card.colours, title: el.title,
        ink: el.style.getPropertyValue("--ink"), want: presentation.colours[card.colour ?? card.type],
        band: band ? band.style.background : "", stripes: (card.colours || []).map((c) => presentation.colours[c]) });
    }
    return out;
  });
  const resources = colours.filter((c) => c.type === "resource"), projects = colours.filter((c) => c.type === "project");
  check(resources.length >= 3 && resources.some((c) => c.colour !== "green") && resources.every((c) => c.ink === c.want),
    `each resource in seat 3's hand is drawn in its colour (${resources.map((c) => `${c.colour} ${c.ink}`).join(", ")})`);
  check(resources.every((c) => new RegExp(`^resource R\\d+ .+ \\(${c.colour}, costs \\d+(: .+)?\\)$`).test(c.title)),
    `the pointer on a resource says what it is and does: ${resources.map((c) => c.title).join(" | ")}`);
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  check(projects.length === 2 && projects.every((c) => c.stripes.length && c.stripes.every((h) => c.band.includes(rgb(h))) && c.ink !== c.stripes[0]),
    `a project's band holds the colours it takes, its name in the project's ink (${projects.map((c) => `${c.takes}: ${c.band}`).join("; ")})`);
  check(projects.every((c) => new RegExp(`^project P\\d+ .+ \\(takes ${(c.takes || []).join("/")}; sold with 2/3/4 resources: \\d+/\\d+/\\d+\\)$`).test(c.title)),
    `the pointer on a project says the colours it takes and its prices: ${projects.map((c) => c.title).join(" | ")}`);

  // on a phone, the request is drawn above the table: its prompt does not
  // send the eye "above" to an offer drawn below it
  await p3.setViewport({ width: 390, height: 844 });
  const phone = await p3.evaluate(() => {
    const chip = [...document.querySelectorAll("#center .chip")].find((c) => c.querySelector("dt").textContent === "offer");
    return { prompt: document.querySelector(".request.mine .prompt").textContent,
      request: document.getElementById("request").getBoundingClientRect().top, offer: chip.getBoundingClientRect().top };
  });
  check(phone.offer > phone.request && !/above/.test(phone.prompt) && /the offer on the table/.test(phone.prompt),
    `on a phone the offer is drawn below the prompt, which says "on the table" (${JSON.stringify(phone)})`);
  await shot(p3, "rush-phone-offer");
  await p3.setViewport({ width: 1400, height: 900 });
} finally {
  await b.close();
  await s.stop();
}
done();
