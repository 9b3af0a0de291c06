// The request panel: the prompt, the legal answers as buttons (narrowed to
// those naming the cards picked on the table), a text field for a typed
// request, and the game's reason when an answer is refused.

import { cardToken } from "./card.js";

function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

// Whether an answer's text names a card (by its code or name, as a word).
export function names(answer, card) {
  const token = cardToken(card);
  if (!token) return false;
  return new RegExp("(^|[\\s,(:])" + escapeRe(token) + "($|[\\s,):])", "i").test(answer);
}

// The card ids on the table that some answer names.
export function pickableCards(answers, visibleIds, cards) {
  const set = new Set();
  if (!answers) return set;
  for (const id of visibleIds) {
    if (answers.some((a) => names(a, cards[id - 1]))) set.add(id);
  }
  return set;
}

export function requestPanel(el, ctx) {
  el.replaceChildren();
  const { request, status, seat } = ctx;
  if (status !== "waiting" || !request) {
    el.className = "panel request idle";
    const p = document.createElement("p");
    p.textContent = status === "over" ? "The game is over." : status === "error" ? "The game ended in error." : "";
    el.append(p);
    return;
  }
  const mine = request.seat === seat && seat > 0 && !ctx.detached;
  el.className = "panel request" + (mine ? " mine" : "");
  const h = document.createElement("h3");
  h.textContent = mine ? "Your move" : request.seat === seat && seat > 0 ? "Your move, once the page is connected again" : `Seat ${request.seat} to move`;
  const prompt = document.createElement("p");
  prompt.className = "prompt";
  prompt.textContent = request.prompt;
  el.append(h, prompt);
  if (!mine) return;
  if (request.answers) {
    let shown = request.answers;
    if (ctx.picked.size) {
      shown = request.answers.filter((a) => [...ctx.picked].every((id) => names(a, ctx.cards[id - 1])));
      const note = document.createElement("p");
      note.className = "note";
      const clear = document.createElement("button");
      clear.type = "button";
      clear.className = "link";
      clear.textContent = "show all answers";
      clear.addEventListener("click", ctx.onClearPick);
      note.append(`${shown.length} of ${request.answers.length} answers name the cards picked · `, clear);
      el.append(note);
    }
    const list = document.createElement("div");
    list.className = "answers";
    for (const a of shown) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "answer";
      b.textContent = a;
      b.addEventListener("click", () => ctx.onAnswer(a));
      list.append(b);
    }
    el.append(list);
  } else {
    const form = document.createElement("form");
    form.className = "typed";
    const input = document.createElement("input");
    input.type = "text";
    input.name = "answer";
    input.autocomplete = "off";
    input.setAttribute("aria-label", request.prompt);
    input.placeholder = "type your answer";
    const go = document.createElement("button");
    go.type = "submit";
    go.textContent = "Answer";
    form.append(input, go);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (input.value.trim()) ctx.onAnswer(input.value);
    });
    el.append(form);
    setTimeout(() => input.focus(), 0);
  }
  if (ctx.refusal) {
    const r = document.createElement("p");
    r.className = "refusal";
    r.setAttribute("role", "alert");
    r.textContent = ctx.refusal;
    el.append(r);
  }
}
