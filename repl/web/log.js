// The log: the answers given (as this seat may see them) and what the game
// narrated, in order, newest last. A table frame holds the last entries
// only (log_earlier says some are left out); "Whole log" asks the server for
// all of them (a "log" frame, which shows the seat no more than its frames
// did), and they stay in the panel, kept up to date, until closed.

const asList = (x) => (Array.isArray(x) ? x : []);  // an empty list comes as {}

// The entries to show: the whole log when it is for the table shown; one
// for an older table (the next is on its way) gives the entries before the
// frame's, and the frame the rest.
function entries(frame, whole) {
  if (!whole) return { log: asList(frame.log), narration: asList(frame.narration) };
  if (whole.answers === frame.answers && whole.step === frame.step) {
    return { log: asList(whole.log), narration: asList(whole.narration) };
  }
  const log = asList(frame.log), narration = asList(frame.narration);
  const firstAnswer = log.length ? log[0].n : frame.answers + 1;
  const firstSaid = narration.length ? narration[0].after : frame.answers + 1;
  return {
    log: asList(whole.log).filter((a) => a.n < firstAnswer).concat(log),
    narration: asList(whole.narration).filter((s) => s.after < firstSaid).concat(narration),
  };
}

// Draws the panel. `whole`: the last "log" frame while the whole log is
// open (else null); `onWhole(open)`: the button's wish.
export function logPanel(el, frame, whole = null, onWhole = null) {
  // a person reading older entries keeps their place as the table moves on;
  // one at the newest (or opening the panel) sees the newest
  const old = el.querySelector(".entries");
  const keep = old && whole && el.dataset.whole === "1" && old.scrollHeight - old.scrollTop - old.clientHeight > 4 ? old.scrollTop : null;
  const hadFocus = document.activeElement && document.activeElement.id === "whole-log";
  el.replaceChildren();
  el.dataset.whole = whole ? "1" : "0";
  const head = document.createElement("div");
  head.className = "log-head";
  const h = document.createElement("h3");
  h.textContent = whole ? "What happened: the whole log" : "What happened";
  head.append(h);
  if (onWhole && (whole || frame.log_earlier)) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "whole-log";
    b.setAttribute("aria-expanded", String(!!whole));
    b.textContent = whole ? "Latest only" : "Whole log";
    b.title = whole ? "show the latest entries only" : "the log from the first answer on (a frame holds the latest entries only)";
    b.addEventListener("click", () => onWhole(!whole));
    head.append(b);
  }
  const list = document.createElement("ol");
  list.className = "entries";
  const items = [];
  const { log, narration } = entries(frame, whole);
  for (const a of log) items.push({ at: a.n, order: 0, a });
  for (const s of narration) items.push({ at: s.after, order: 1, s });
  items.sort((x, y) => x.at - y.at || x.order - y.order);
  for (const it of items) {
    const li = document.createElement("li");
    if (it.a) {
      li.className = "answer";
      li.dataset.n = it.a.n;
      const who = document.createElement("b");
      who.textContent = `Seat ${it.a.seat}`;
      li.append(who, ": " + it.a.text);
    } else {
      li.className = "said";
      li.textContent = it.s.text;
    }
    list.append(li);
  }
  el.append(head, list);
  list.scrollTop = keep ?? list.scrollHeight;
  if (hadFocus) document.getElementById("whole-log")?.focus();
}
