// The log: the answers given (as this seat may see them) and what the game
// narrated, in order, newest last.

export function logPanel(el, frame) {
  el.replaceChildren();
  const h = document.createElement("h3");
  h.textContent = "What happened";
  const list = document.createElement("ol");
  list.className = "entries";
  const items = [];
  const asList = (x) => (Array.isArray(x) ? x : []);  // an empty list comes as {}
  for (const a of asList(frame.log)) items.push({ at: a.n, order: 0, a });
  for (const s of asList(frame.narration)) items.push({ at: s.after, order: 1, s });
  items.sort((x, y) => x.at - y.at || x.order - y.order);
  for (const it of items) {
    const li = document.createElement("li");
    if (it.a) {
      li.className = "answer";
      const who = document.createElement("b");
      who.textContent = `Seat ${it.a.seat}`;
      li.append(who, ": " + it.a.text);
    } else {
      li.className = "said";
      li.textContent = it.s.text;
    }
    list.append(li);
  }
  el.append(h, list);
  list.scrollTop = list.scrollHeight;
}
