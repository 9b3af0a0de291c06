// One client cannot take every socket: each open socket holds one of the
// server's threads, and 300 sockets from one address once held every page
// load and new socket of the others up (a blank page on reload). At most 32
// are open from one address; the 33rd is refused, and another address's
// page still loads. A page of another site (its Origin names another host)
// may not open a socket at all; one without an Origin (not a browser) may.
// No browser: bare WebSockets.
import http from "node:http";
import { serve, check, done, bareSocket, clientFrame, nextFrame } from "./harness.js";

function get(base, path, from) {
  return new Promise((resolve, reject) => {
    const u = new URL(base);
    const req = http.request({ host: u.hostname, port: u.port, path, localAddress: from }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.setTimeout(10000, () => req.destroy(new Error("no answer in 10 s")));
    req.on("error", reject);
    req.end();
  });
}

async function refused(promise) {
  try {
    const sock = await promise;
    sock.destroy();
    return false;
  } catch (e) {
    return true;
  }
}

const s = await serve(["--bot-delay", "0"]);
const open = [];
try {
  const port = new URL(s.base).port;
  check(await refused(bareSocket(s.base, "Origin: http://evil.example\r\n")), "a socket from another site's page is refused");
  check(await refused(bareSocket(s.base, `Origin: http://127.0.0.1:${Number(port) + 1}\r\n`)),
    "a socket from a page of another port is refused");
  const same = await bareSocket(s.base, `Origin: http://127.0.0.1:${port}\r\n`);
  same.write(clientFrame(JSON.stringify({ type: "lobby" })));
  check(JSON.parse(await nextFrame(same)).type === "lobby", "a socket from the server's own page is let in, and answered");
  open.push(same);
  for (let i = 1; i < 32; i++) open.push(await bareSocket(s.base));
  check(open.length === 32, "32 sockets open from one address");
  check(await refused(bareSocket(s.base)), "the 33rd from the same address is refused");
  // another client: the same machine from another address
  check(await get(s.base, "/", "127.0.0.2") === 200, "a page still loads for another address");
  const theirs = await bareSocket(s.base, "", "127.0.0.2");
  theirs.write(clientFrame(JSON.stringify({ type: "lobby" })));
  check(JSON.parse(await nextFrame(theirs)).type === "lobby", "and another address still opens a socket and is answered");
  theirs.destroy();
  // closing one makes room again
  open.pop().destroy();
  await new Promise((r) => setTimeout(r, 300));
  const again = await bareSocket(s.base);
  check(!!again, "a socket closed makes room for one more");
  open.push(again);
} finally {
  for (const sock of open) sock.destroy();
  await s.stop();
}
done();
