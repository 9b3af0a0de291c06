// Shared by the browser tests: start `cardlab serve` on a free port, read
// the links it prints, start Debian's chromium through puppeteer-core, and
// keep screenshots in build/web-shots/ as test artefacts.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
export const CARDLAB = process.env.CARDLAB || path.join(ROOT, "build/cardlab");
export const SHOTS = process.env.CARDLAB_SHOTS || path.join(ROOT, "build/web-shots");

// Starts the server (on any free port, or opts.port); gives { proc, urls:
// {seat: url}, watch, base, lines, stop() }.
export function serve(args, opts = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(CARDLAB, ["serve", ...args, "--port", String(opts.port ?? 0)], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    const timer = setTimeout(() => reject(new Error("cardlab serve did not start: " + out + err)), 15000);
    proc.stderr.on("data", (d) => { err += d; process.stderr.write(d); });
    proc.on("exit", (code) => { if (!out.includes("serving on")) reject(new Error(`cardlab serve exited ${code}: ${err}`)); });
    proc.stdout.on("data", (d) => {
      out += d;
      if (!out.includes("serving on")) return;
      clearTimeout(timer);
      const urls = {};
      for (const m of out.matchAll(/seat (\d+): (http\S+)/g)) urls[m[1]] = m[2];
      const watch = (out.match(/watch: +(http\S+)/) || [])[1];
      const base = out.match(/(http:\/\/[^/\s]+)/)[1];
      const replay = (out.match(/replay of .*?: (http\S+)/) || [])[1];
      const lobby = (out.match(/lobby: (http\S+)/) || [])[1];
      resolve({
        proc, urls, watch, base, replay, lobby, out: () => out, err: () => err,
        stop: () => new Promise((res) => {
          if (proc.exitCode !== null) return res(proc.exitCode);
          proc.on("exit", (code) => res(code));
          proc.kill("SIGTERM");
        }),
      });
    });
  });
}

export async function browser() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"],
    defaultViewport: { width: 1400, height: 900 },
    dumpio: !!process.env.CARDLAB_DUMPIO,
  });
}

export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, name + ".png");
  await page.screenshot({ path: file });
  return file;
}

let failures = 0;
export function check(cond, what) {
  if (cond) console.log("ok - " + what);
  else { failures++; console.log("not ok - " + what); }
}
export function done() {
  console.log(failures ? `${failures} check(s) failed` : "all checks passed");
  process.exit(failures ? 1 : 0);
}

// The frames a page received (main.js keeps them in window.cardlab.frames).
export async function frames(page) {
  return page.evaluate(() => window.cardlab.frames);
}

// Waits until the page's last table frame satisfies fn (run in the page).
export async function waitFrame(page, fn, timeout = 10000) {
  await page.waitForFunction(fn, { timeout, polling: 20 });
}
