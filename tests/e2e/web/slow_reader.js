// A client that asks and never reads must not hold up the other pages. The
// server writes on the one thread every table plays on, and a write to a
// socket with no room waits (civetweb's request_timeout_ms, 10 s); such a
// socket is then written to no more, so it costs that wait once, not one at
// every frame it is owed (600 unread lobby frames held another page's
// answer for minutes). No browser: two bare WebSockets.
import net from "node:net";
import crypto from "node:crypto";
import { serve, check, done } from "./harness.js";

// A WebSocket over a bare socket (so that one may stop reading): gives the
// socket once the handshake is answered.
function connect(base) {
  return new Promise((resolve, reject) => {
    const u = new URL(base);
    const sock = net.connect(Number(u.port), u.hostname, () => {
      sock.write(`GET /ws HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
        + `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
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
  });
}

// A client's text frame: masked, as the protocol asks of clients.
function frame(text) {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const head = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length])
    : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([head, mask, body]);
}

// The first whole text frame the socket gets (server frames are unmasked).
function nextFrame(sock) {
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

const s = await serve(["--bot-delay", "0"]);
try {
  const slow = await connect(s.base);
  slow.pause();  // reads nothing more: the kernel's buffers fill, then the server's write waits
  // the lobby's answer is some kilobytes: enough of them fill any socket buffers
  const asks = [];
  for (let i = 0; i < 3000; i++) asks.push(frame(JSON.stringify({ type: "lobby" })));
  slow.write(Buffer.concat(asks));
  // give the server the time to reach the frames the slow client is owed
  await new Promise((r) => setTimeout(r, 3000));
  const quick = await connect(s.base);
  const started = Date.now();
  quick.write(frame(JSON.stringify({ type: "lobby" })));
  const answer = JSON.parse(await nextFrame(quick));
  const waited = (Date.now() - started) / 1000;
  check(answer.type === "lobby", "the other page's lobby is answered");
  // one write's wait (10 s) and the slow client's frames read through; a wait
  // at every frame it is owed would be hours
  check(waited < 60, `the other page waited ${waited.toFixed(1)} s, at most one write's wait and the reading`);
  console.log(`# the other page waited ${waited.toFixed(1)} s`);
  slow.destroy();
  quick.destroy();
} finally {
  await s.stop();
}
done();
