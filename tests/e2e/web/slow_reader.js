// A client that asks and never reads must not hold up the other pages. The
// server writes on the one thread every table plays on, and a write to a
// socket with no room waits (civetweb's request_timeout_ms, 10 s); such a
// socket is then written to no more, so it costs that wait once, not one at
// every frame it is owed (600 unread lobby frames held another page's
// answer for minutes). No browser: two bare WebSockets.
import { serve, check, done, bareSocket, clientFrame, nextFrame } from "./harness.js";

const s = await serve(["--bot-delay", "0"]);
try {
  const slow = await bareSocket(s.base);
  slow.pause();  // reads nothing more: the kernel's buffers fill, then the server's write waits
  // the lobby's answer is some kilobytes: enough of them fill any socket buffers
  const asks = [];
  for (let i = 0; i < 3000; i++) asks.push(clientFrame(JSON.stringify({ type: "lobby" })));
  slow.write(Buffer.concat(asks));
  // give the server the time to reach the frames the slow client is owed
  await new Promise((r) => setTimeout(r, 3000));
  const quick = await bareSocket(s.base);
  const started = Date.now();
  quick.write(clientFrame(JSON.stringify({ type: "lobby" })));
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
