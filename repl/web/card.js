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

export function cardFace(card, hints) {
  const labelField = hints.card_label;
  let label = labelField ? card[labelField] : cardToken(card);
  if (label === undefined || label === null) label = card.name ?? "?";
  label = String(label);
  let detail = hints.card_detail ? card[hints.card_detail] : undefined;
  if (detail === undefined && typeof card.code === "string" && card.name && card.name !== card.code) detail = card.name;
  let symbol = "", colour = "";
  if (hints.colour_by !== undefined) {
    const v = card[hints.colour_by];
    colour = (hints.colours || {})[v] || "";
    symbol = (hints.symbols || {})[v] || "";
  } else if (card.suit !== undefined && SUITS[card.suit]) {
    [symbol, colour] = SUITS[card.suit];
  }
  if (symbol && card.rank !== undefined) label = String(card.rank);
  return { label, detail: detail === undefined ? "" : String(detail), symbol, colour };
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
  if (face.colour && !face.symbol) {
    const band = document.createElement("span");
    band.className = "kind";
    el.append(band);
  }
  el.title = [card.name, typeof card.code === "string" ? card.code : ""].filter(Boolean).join(" · ");
  return el;
}
