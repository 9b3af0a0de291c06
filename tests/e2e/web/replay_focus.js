// The replay viewer from the keyboard alone: each control keeps the focus
// when the table is drawn again after it was used (every step replaces the
// controls), so that a keyboard user presses Enter again, or an arrow key,
// without tabbing back to the control.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, browser, shot, check, done, CARDLAB, ROOT } from "./harness.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "cardlab-web-"));
const save = path.join(dir, "eights.json");
// a game of bots to replay
execFileSync(CARDLAB, ["play", "crazyeights", "--players", "2", "--seat", "1=random", "--seat", "2=random",
  "--seed", "3", "--save", save], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
const b = await browser();
try {
  const r = await serve(["--replay", save]);
  try {
    const page = await b.newPage();
    page.on("pageerror", (e) => check(false, "no error in the page: " + e.message));
    await page.goto(r.replay);
    await page.waitForSelector("#replay button");
    const step = () => page.evaluate(() => window.cardlab.state.frame.step);
    // what has the focus: its aria-label, or its tag when it has none
    const focused = () => page.evaluate(() => {
      const a = document.activeElement;
      return a ? (a.getAttribute("aria-label") || a.tagName.toLowerCase()) : "none";
    });
    // waits for the table of answer n, drawn with the controls anew
    const at = (n) => page.waitForFunction((k) => window.cardlab.state.frame.step === k &&
      document.querySelector("#replay h3").textContent.startsWith(`Replay · answer ${k} of`), { timeout: 10000 }, n)
      .catch(async () => { throw new Error(`the table of answer ${n} did not come in 10 s (the page is at answer ${await step()})`); });

    await page.focus('[data-step="forward"]');
    await page.keyboard.press("Enter");
    await at(1);
    check(await focused() === "forward", `Enter on 'forward' steps to answer 1 and 'forward' keeps the focus (${await focused()})`);
    await page.keyboard.press("Enter");
    await at(2);
    check(await step() === 2 && await focused() === "forward", "Enter again steps to answer 2, no tabbing needed");
    await page.keyboard.press("Space");
    await at(3);
    check(await focused() === "forward", "Space on 'forward' steps on and keeps the focus");

    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    check(await focused() === "back", "Shift-Tab from 'forward' reaches 'back'");
    await page.keyboard.press("Enter");
    await at(2);
    check(await focused() === "back", `Enter on 'back' steps back to answer 2 and 'back' keeps the focus (${await focused()})`);

    await page.focus('[data-step="last"]');
    await page.keyboard.press("Enter");
    const steps = await page.evaluate(() => window.cardlab.state.frame.steps);
    await at(steps);
    // the end of the game: its dialog takes the focus, and gives it back
    const closeText = () => page.evaluate(() => document.activeElement.textContent);
    check(await closeText() === "Look at the table", `at the end, the end screen's button has the focus (${await closeText()})`);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.getElementById("end").hidden, { timeout: 10000 });
    check(await focused() === "last", `the end screen closed, 'last' has the focus again (${await focused()})`);

    await page.focus('#replay input[type="range"]');
    await page.keyboard.press("Home");
    await at(0);
    check(await focused() === "step", `Home on the slider goes to answer 0 and the slider keeps the focus (${await focused()})`);
    await page.keyboard.press("ArrowRight");
    await at(1);
    check(await focused() === "step", "ArrowRight on the slider steps to answer 1, the slider still focused");

    await page.focus('select[aria-label="see as"]');
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => window.cardlab.state.frame.seat === 1, { timeout: 10000 });
    check(await focused() === "see as", `choosing 'as seat 1' from the keyboard keeps the focus on the choice (${await focused()})`);
    await shot(page, "replay-focus");
  } finally {
    await r.stop();
  }
} finally {
  await b.close();
  rmSync(dir, { recursive: true, force: true });
}
done();
