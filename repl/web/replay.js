// The replay viewer's controls: first, back, forward, last, a slider, and
// whose eyes to see with (a watcher, or any seat).

export function replayControls(el, frame, replay, send, table) {
  el.hidden = false;
  el.replaceChildren();
  const go = (step, seatAs = replay.seat) => {
    replay.seat = seatAs;
    send({ type: "replay", table, step: Math.max(0, Math.min(frame.steps, step)), seat: seatAs });
  };
  const h = document.createElement("h3");
  h.textContent = `Replay · answer ${frame.step} of ${frame.steps}`;
  const bar = document.createElement("div");
  bar.className = "replay-bar";
  const button = (label, name, step) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.setAttribute("aria-label", name);
    b.dataset.step = name;
    b.addEventListener("click", () => go(step));
    return b;
  };
  bar.append(button("⏮", "first", 0), button("◀", "back", frame.step - 1),
             button("▶", "forward", frame.step + 1), button("⏭", "last", frame.steps));
  const range = document.createElement("input");
  range.type = "range";
  range.min = 0;
  range.max = frame.steps;
  range.value = frame.step;
  range.setAttribute("aria-label", "step");
  range.addEventListener("change", () => go(Number(range.value)));
  const as = document.createElement("select");
  as.setAttribute("aria-label", "see as");
  const opt = (v, t) => { const o = document.createElement("option"); o.value = v; o.textContent = t; if (v === replay.seat) o.selected = true; return o; };
  as.append(opt(0, "as a watcher"));
  for (let s = 1; s <= frame.view.players; s++) as.append(opt(s, `as seat ${s}`));
  as.addEventListener("change", () => go(frame.step, Number(as.value)));
  el.append(h, bar, range, as);
}
