// The request panel: the prompt, the legal answers as buttons (narrowed to
// those naming the cards picked on the table), a text field for a typed
// request, and the game's reason when an answer is refused.

import { cardToken } from "./card.js";

const $play = () => document.getElementById("play");

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

// The `amounts` hint: more than six answers "WORD N", one word and every N
// from the least to the most ("give 0" .. "give 14"), are asked with a
// number field and one button; gives { word, min, max }, or null (fewer, or
// numbers with gaps: a button each, so that no illegal number is offered).
export function amountRun(answers) {
  const byWord = new Map();
  for (const a of answers) {
    const m = /^(\S+) (0|[1-9]\d*)$/.exec(a);
    if (!m) continue;
    if (!byWord.has(m[1])) byWord.set(m[1], []);
    byWord.get(m[1]).push(Number(m[2]));
  }
  for (const [word, nums] of byWord) {
    if (nums.length <= 6) continue;
    const min = Math.min(...nums), max = Math.max(...nums);
    if (max - min + 1 === nums.length) return { word, min, max };
  }
  return null;
}

// The field of an amount run: the number (kept through a drawing anew as
// the typed text is), and the button that answers "WORD N" with it.
function amountField(run, ctx) {
  const form = document.createElement("form");
  form.className = "amount";
  const input = document.createElement("input");
  input.type = "number";
  input.name = "amount";
  input.inputMode = "numeric";
  input.min = run.min;
  input.max = run.max;
  input.step = 1;
  input.required = true;
  const kept = Number(ctx.typed);
  input.value = ctx.typed !== "" && Number.isInteger(kept) && kept >= run.min && kept <= run.max ? kept : run.min;
  input.setAttribute("aria-label", `${ctx.request.prompt}: a number from ${run.min} to ${run.max}`);
  const go = document.createElement("button");
  go.type = "submit";
  go.className = "answer";
  const label = () => { go.textContent = `${run.word} ${input.value === "" ? "…" : input.value}`; };
  label();
  input.addEventListener("input", () => { ctx.onType(input.value); label(); });
  const range = document.createElement("span");
  range.className = "range";
  range.textContent = `${run.min} to ${run.max}`;
  form.append(input, go, range);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    // (the browser says what is wrong with a number out of range)
    if (input.reportValidity()) ctx.onAnswer(`${run.word} ${Number(input.value)}`);
  });
  return form;
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
  const own = seat > 0 && ctx.handed && ctx.handed(seat);
  const mine = request.seat === seat && seat > 0 && !ctx.detached && !own;
  el.className = "panel request" + (mine ? " mine" : "");
  const h = document.createElement("h3");
  h.textContent = mine ? "Your move" : own && request.seat === seat ? `The ${own.bot} bot's move, for you`
    : request.seat === seat && seat > 0 ? "Your move, once the page is connected again" : `Seat ${request.seat} to move`;
  const prompt = document.createElement("p");
  prompt.className = "prompt";
  prompt.textContent = request.prompt;
  el.append(h, prompt);
  // this page's seat was handed to a bot while its person was away: one
  // click takes it back (the bot answers no more for it)
  if (own) {
    const note = document.createElement("p");
    note.className = "note handed-note";
    note.textContent = `Your seat is played by the ${own.bot} bot: ${own.by} handed it over while you were away.`;
    const take = document.createElement("button");
    take.type = "button";
    take.className = "take";
    take.textContent = "Take my seat back";
    take.disabled = !!ctx.detached;
    take.addEventListener("click", ctx.onTake);
    el.append(note, take);
  }
  // a person who left (or lost the connection): the table waits for them;
  // a seated person or the host may hand the seat to a bot
  if (!mine && request.seat !== seat && ctx.away && ctx.away(request.seat)) {
    const away = document.createElement("p");
    away.className = "note away-note";
    away.textContent = `No page of seat ${request.seat} is open: the table waits until that person opens their seat's link again`
      + (ctx.canHand ? ", or until someone hands the seat to a bot." : ".");
    el.append(away);
    if (ctx.canHand) {
      const hand = document.createElement("button");
      hand.type = "button";
      hand.className = "hand";
      hand.textContent = `Hand seat ${request.seat} to the ${ctx.standIn} bot`;
      hand.title = "the bot plays the seat until its person comes back and takes it; everyone's log says who did it";
      hand.addEventListener("click", () => ctx.onHand(request.seat));
      el.append(hand);
    }
  }
  if (!mine && ctx.refusal) {
    // a refused hand or take: said here, since no answer is shown
    const r = document.createElement("p");
    r.className = "refusal";
    r.setAttribute("role", "alert");
    r.textContent = ctx.refusal;
    el.append(r);
  }
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
    const run = ctx.hints && (ctx.hints.amounts || {})[request.kind] ? amountRun(shown) : null;
    if (run) list.append(amountField(run, ctx));
    const inRun = (a) => {
      const m = run && /^(\S+) (0|[1-9]\d*)$/.exec(a);
      return !!m && m[1] === run.word && Number(m[2]) >= run.min && Number(m[2]) <= run.max;
    };
    for (const a of shown) {
      if (inRun(a)) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "answer";
      b.textContent = a;
      b.addEventListener("click", () => ctx.onAnswer(a));
      list.append(b);
    }
    el.append(list);
  } else {
    // a typed answer: the game's words for it, the field (which a click on a
    // card writes to), and the first words of the answers as buttons, which
    // answer at once ("pass") or begin the field ("discard …")
    if (request.form) {
      const f = document.createElement("p");
      f.className = "note form";
      f.textContent = `Type ${request.form}` + (ctx.pickable.size ? "; a click on a card writes it" : "");
      el.append(f);
    }
    const form = document.createElement("form");
    form.className = "typed";
    const input = document.createElement("input");
    input.type = "text";
    input.name = "answer";
    input.autocomplete = "off";
    input.autocapitalize = "characters";
    input.spellcheck = false;
    input.setAttribute("aria-label", request.prompt);
    input.placeholder = "type your answer";
    input.value = ctx.typed;
    input.addEventListener("input", () => ctx.onType(input.value));
    const go = document.createElement("button");
    go.type = "submit";
    go.textContent = "Answer";
    form.append(input, go);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      // nothing typed: said, in place of an older refusal of other text
      if (input.value.trim()) ctx.onAnswer(input.value);
      else ctx.onBlank();
    });
    el.append(form);
    if (request.starts) {
      const list = document.createElement("div");
      list.className = "answers starts";
      for (const w of request.starts) {
        const b = document.createElement("button");
        b.type = "button";
        if (w.whole) {
          b.className = "answer";
          b.textContent = w.text;
          b.addEventListener("click", () => ctx.onAnswer(w.text));
        } else {
          b.className = "start";
          b.textContent = `${w.text} …`;
          b.title = `begin the answer with '${w.text}'`;
          b.addEventListener("click", () => {
            if (!input.value.toLowerCase().startsWith(w.text.toLowerCase())) input.value = `${w.text} ${input.value.trim()}`.trimEnd() + " ";
            ctx.onType(input.value);
            input.focus();
          });
        }
        list.append(b);
      }
      el.append(list);
    }
    // the field takes the focus, unless a card or button on the table has it
    setTimeout(() => { if (!$play().contains(document.activeElement) || document.activeElement === input) input.focus(); }, 0);
  }
  // the search bot's ranking of the answers, from this seat's view only
  const hint = document.createElement("div");
  hint.className = "hint";
  if (ctx.hint) {
    const pre = document.createElement("pre");
    pre.textContent = ctx.hint.join("\n");
    hint.append(pre);
  } else {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link hint-button";
    b.textContent = ctx.hintAsked ? "thinking…" : "hint";
    b.disabled = ctx.hintAsked;
    b.title = "the search bot's ranking of your answers, from what your seat sees and has seen";
    b.addEventListener("click", ctx.onHint);
    hint.append(b);
  }
  el.append(hint);
  if (ctx.refusal) {
    const r = document.createElement("p");
    r.className = "refusal";
    r.setAttribute("role", "alert");
    r.textContent = ctx.refusal;
    el.append(r);
  }
}
