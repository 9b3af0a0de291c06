// A card: its face from the card data (label, detail, suit symbol and
// colour, from the game's presentation hints or the card's own fields), or
// its back when the seat may not see it.

const SUITS = {
  H: ["♥", "var(--red)"], D: ["♦", "var(--red)"], C: ["♣", "var(--black)"], S: ["♠", "var(--black)"],
  hearts: ["♥", "var(--red)"], diamonds: ["♦", "var(--red)"], clubs: ["♣", "var(--black)"],
  spades: ["♠", "var(--black)"],
};

// The text answers use for a card: its code when it has one, else its name.
export function cardToken(card) {
  if (!card) return "";
  if (typeof card.code === "string") return card.code;
  return String(card.name ?? "");
}

// The width in em of the longest word of a text, in the bold face of card
// labels: measured once per text on a canvas (no layout), then remembered.
const widths = new Map();
let measure = null;
export function longestWordEm(text) {
  let w = widths.get(text);
  if (w !== undefined) return w;
  if (!measure) {
    measure = document.createElement("canvas").getContext("2d");
    measure.font = `700 100px ${getComputedStyle(document.documentElement).fontFamily || "sans-serif"}`;
  }
  w = 0;
  // a line may break at a space or after a hyphen, nowhere else
  for (const word of text.split(/\s+|(?<=-)/)) w = Math.max(w, measure.measureText(word).width / 100);
  widths.set(text, w);
  return w;
}

// The colour of a face by the `colour_by` hint: a card field, or a list of
// fields tried in turn, the first whose value `colours` maps giving the
// colour (and `symbols` the symbol). A field holding a list of values (the
// colours a project takes) gives the band under the card a stripe per value
// that has a colour, and leaves the colour of the name to a later field.
function colouring(card, hints) {
  const colours = hints.colours || {}, symbols = hints.symbols || {};
  let stripes = null;
  for (const field of [].concat(hints.colour_by)) {
    const v = card[field];
    if (Array.isArray(v)) {
      const list = v.map((x) => colours[x]).filter(Boolean);
      if (list.length && !stripes) stripes = list;
    } else if (colours[v]) {
      return { colour: colours[v], symbol: symbols[v] || "", stripes };
    }
  }
  // no colour: the first field may still give a symbol
  const v = card[[].concat(hints.colour_by)[0]];
  return { colour: "", symbol: Array.isArray(v) ? "" : symbols[v] || "", stripes };
}

export function cardFace(card, hints) {
  const labelField = hints.card_label;
  let label = labelField ? card[labelField] : cardToken(card);
  if (label === undefined || label === null) label = card.name ?? "?";
  label = String(label);
  let detail = hints.card_detail ? card[hints.card_detail] : undefined;
  if (detail === undefined && typeof card.code === "string" && card.name && card.name !== card.code) detail = card.name;
  let symbol = "", colour = "", stripes = null;
  if (hints.colour_by !== undefined) {
    ({ symbol, colour, stripes } = colouring(card, hints));
  } else if (card.suit !== undefined && SUITS[card.suit]) {
    [symbol, colour] = SUITS[card.suit];
  }
  if (symbol && card.rank !== undefined) label = String(card.rank);
  return { label, detail: detail === undefined ? "" : String(detail), symbol, colour, stripes };
}

// What the pointer resting on a card says: the card's text in words (the
// `card_text` hint's field: what it is and does), else its name and code.
export function cardTitle(card, hints) {
  const text = hints.card_text ? card[hints.card_text] : undefined;
  if (typeof text === "string" && text) return text;
  return [card.name, typeof card.code === "string" ? card.code : ""].filter(Boolean).join(" · ");
}

// A card element. id 0 is a card the seat may not see: its back.
export function cardElement(id, cards, hints, turned) {
  const el = document.createElement("div");
  if (!id) {
    el.className = "card back";
    el.setAttribute("aria-label", "a hidden card");
    return el;
  }
  const card = cards[id - 1] || { name: "#" + id };
  const face = cardFace(card, hints);
  el.className = "card face";
  el.dataset.id = id;
  el.dataset.token = cardToken(card);
  if (face.colour) el.style.setProperty("--ink", face.colour);
  const top = document.createElement("span");
  top.className = "label";
  top.textContent = face.label + face.symbol;
  el.append(top);
  if (face.symbol) {
    const big = document.createElement("span");
    big.className = "pip";
    big.textContent = face.symbol;
    el.append(big);
  }
  if (face.detail) {
    const d = document.createElement("span");
    d.className = "detail";
    d.textContent = face.detail;
    el.append(d);
  }
  // A long name is set smaller, and never broken inside a word: --fit is
  // the width of its longest word in em, which the CSS divides the card's
  // width by (table.css, .card .label).
  if (face.label.length > 9) el.classList.add("longer");
  else if (face.label.length > 3) el.classList.add("long");
  if (face.label.length > 2) el.style.setProperty("--fit", longestWordEm(face.label + face.symbol).toFixed(2));
  if (turned && turned.has(id)) el.classList.add("turned");
  if ((face.colour || face.stripes) && !face.symbol) {
    const band = document.createElement("span");
    band.className = "kind";
    if (face.stripes) {
      // a stripe per colour, side by side
      const w = 100 / face.stripes.length;
      band.style.background = `linear-gradient(to right, ${face.stripes.map((c, i) => `${c} ${(i * w).toFixed(2)}% ${((i + 1) * w).toFixed(2)}%`).join(", ")})`;
      band.classList.add("stripes");
    }
    el.append(band);
  }
  el.title = cardTitle(card, hints);
  return el;
}
