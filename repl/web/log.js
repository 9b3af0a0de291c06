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

function answerItem(a) {
  const li = document.createElement("li");
  li.className = "answer";
  li.dataset.n = a.n;
  const who = document.createElement("b");
  who.textContent = `Seat ${a.seat}`;
  li.append(who, ": " + a.text);
  return li;
}

// The folds a person opened, by their first answer's number: kept open as
// the panel is drawn anew.
const opened = new Set();

// The `log_steps` hint: a run of answers of those kinds (an offer made step
// by step) that the game then says in one line is drawn as that line, the
// answers folded under it, shown on a click: one line per offer, and
// nothing hidden. A run the game has not said yet (an offer being made) is
// drawn as it is.
function folded(said, run) {
  const li = document.createElement("li");
  li.className = "said folded";
  const details = document.createElement("details");
  const key = run[0].n;
  details.open = opened.has(key);
  details.addEventListener("toggle", () => { if (details.open) opened.add(key); else opened.delete(key); });
  const summary = document.createElement("summary");
  const count = document.createElement("span");
  count.className = "steps-count";
  count.textContent = ` · ${run.length} ${run.length === 1 ? "answer" : "answers"}`;
  summary.append(said.text, count);
  const steps = document.createElement("ol");
  steps.className = "steps";
  for (const a of run) steps.append(answerItem(a));
  details.append(summary, steps);
  li.append(details);
  return li;
}

// Draws the panel. `whole`: the last "log" frame while the whole log is
// open (else null); `onWhole(open)`: the button's wish; `steps`: the
// `log_steps` hint (a set of request kinds), if any.
export function logPanel(el, frame, whole = null, onWhole = null, steps = null) {
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
  const isStep = (it) => !!(it && it.a && steps && steps[it.a.kind]);
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (isStep(it)) {
      let j = i;
      while (isStep(items[j])) j++;
      if (j < items.length && items[j].s) {
        list.append(folded(items[j].s, items.slice(i, j).map((x) => x.a)));
        i = j;
        continue;
      }
    }
    if (it.a) {
      list.append(answerItem(it.a));
    } else {
      const li = document.createElement("li");
      li.className = "said";
      li.textContent = it.s.text;
      list.append(li);
    }
  }
  el.append(head, list);
  list.scrollTop = keep ?? list.scrollHeight;
  if (hadFocus) document.getElementById("whole-log")?.focus();
}
