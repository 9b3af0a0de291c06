// Shared by the browser tests: start `cardlab serve` on a free port, read
// the links it prints, start Debian's chromium through puppeteer-core, and
// keep screenshots in build/web-shots/ as test artefacts.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
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

// A WebSocket over a bare socket (so that one may stop reading, or send
// what a browser would not): gives the socket once the handshake is
// answered, or fails with what the server said (or "closed").
// `from`: the local address to connect from (127.0.0.2 is another client).
export function bareSocket(base, headers = "", from = undefined) {
  return new Promise((resolve, reject) => {
    const u = new URL(base);
    const sock = net.connect({ port: Number(u.port), host: u.hostname, localAddress: from }, () => {
      sock.write(`GET /ws HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
        + `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`);
    });
    let head = Buffer.alloc(0);
    const onData = (d) => {
      head = Buffer.concat([head, d]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      sock.off("data", onData);
      if (!/^HTTP\/1.1 101/.test(head.toString())) return reject(new Error("no upgrade: " + head));
      sock.rest = head.subarray(end + 4);
      resolve(sock);
    };
    sock.on("data", onData);
    sock.on("error", reject);
    sock.on("close", () => reject(new Error("closed: " + head)));
  });
}

// A client's text frame: masked, as the protocol asks of clients.
export function clientFrame(text) {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const head = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length])
    : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([head, mask, body]);
}

// The first whole text frame the socket gets (server frames are unmasked).
export function nextFrame(sock) {
  return new Promise((resolve) => {
    let buf = sock.rest || Buffer.alloc(0);
    const tryRead = () => {
      if (buf.length < 2) return false;
      let len = buf[1] & 127, at = 2;
      if (len === 126) { len = buf.readUInt16BE(2); at = 4; }
      else if (len === 127) { len = Number(buf.readBigUInt64BE(2)); at = 10; }
      if (buf.length < at + len) return false;
      sock.rest = buf.subarray(at + len);
      resolve(buf.subarray(at, at + len).toString());
      return true;
    };
    if (tryRead()) return;
    const onData = (d) => { buf = Buffer.concat([buf, d]); if (tryRead()) sock.off("data", onData); };
    sock.on("data", onData);
  });
}
