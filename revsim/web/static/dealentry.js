// revsim director's desk, the deal entered hand by hand: four suits a hand, its count and its high-card points
// shown as it is typed, and the deal written to the PBN line (the other way in) once the four hands fit.
// table.js, desk.js and entry.js load before it.
"use strict";

function ranksIn(text) {
  // "AKJ4", "a k 10 9", "-" -> ["A", "K", "J", "4"]...; an Error naming what is not a rank.
  const cleaned = text.toUpperCase().replace(/10/g, "T").replace(/[\s,\-\u2014]/g, "");
  const ranks = [...cleaned];
  for (const rank of ranks) if (!RANKS.includes(rank)) throw new Error(`"${rank}" is not a rank`);
  return ranks;
}

function buildDealGrid() {
  const grid = $("deal-grid");
  for (const seat of SEATS) {
    const column = Object.assign(document.createElement("div"), { className: "hand-entry" });
    column.append(Object.assign(document.createElement("b"), { textContent: SEAT_WORDS[seat] }));
    for (const suit of SUITS) {
      const input = Object.assign(document.createElement("input"), { id: `hand-${seat}-${suit}`, className: "derived",
        autocomplete: "off", spellcheck: false, placeholder: "\u2014", size: 8 });
      input.setAttribute("aria-label", `${SEAT_WORDS[seat]}'s ${{ S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[suit]}`);
      const label = Object.assign(document.createElement("label"), { className: "HD".includes(suit) ? "red" : "" });
      label.append(SYMBOLS[suit] + " ", input);
      column.append(label);
    }
    column.append(Object.assign(document.createElement("output"), { id: `count-${seat}`, className: "hand-count" }));
    grid.append(column);
  }
  grid.addEventListener("input", dealFromGrid);
  $("fill-last-hand").addEventListener("click", fillLastHand);
}

function gridHands() {
  // { hands: {seat: [cards]}, problems: [text] } from the grid as typed.
  const hands = {};
  const problems = [];
  for (const seat of SEATS) {
    hands[seat] = [];
    for (const suit of SUITS) {
      try {
        const ranks = ranksIn($(`hand-${seat}-${suit}`).value);
        const twice = ranks.find((rank, index) => ranks.indexOf(rank) !== index);
        if (twice) problems.push(`${SEAT_WORDS[seat]}'s ${SYMBOLS[suit]} lists the ${twice === "T" ? "10" : twice} twice`);
        hands[seat].push(...[...new Set(ranks)].map((rank) => suit + rank));
      } catch (error) {
        problems.push(`${SEAT_WORDS[seat]}'s ${SYMBOLS[suit]}: ${error.message}`);
      }
    }
  }
  const holder = new Map();
  for (const seat of SEATS) {
    for (const card of hands[seat]) {
      if (holder.has(card)) problems.push(`the ${showCard(card)} is in ${SEAT_WORDS[holder.get(card)]}'s hand and ${SEAT_WORDS[seat]}'s`);
      holder.set(card, seat);
    }
  }
  return { hands, problems };
}

function drawCounts(hands) {
  for (const seat of SEATS) {
    $(`count-${seat}`).textContent = `${hands[seat].length} cards, ${highCardPoints(hands[seat])} HCP`;
  }
}

function pbnOf(hands) {
  return "N:" + SEATS.split("").map((seat) => SUITS.split("").map((suit) => hands[seat].filter((card) => card[0] === suit)
    .sort((a, b) => rankIndex(a) - rankIndex(b)).map((card) => card[1]).join("")).join(".")).join(" ");
}

function cardsLeft(hands) {
  const placed = new Set(SEATS.split("").flatMap((seat) => hands[seat]));
  return [...SUITS].flatMap((suit) => [...RANKS].map((rank) => suit + rank)).filter((card) => !placed.has(card));
}

function dealFromGrid() {
  // The counts and points as typed; the PBN line written, and the deal taken, once the hands fit.
  const { hands, problems } = gridHands();
  drawCounts(hands);
  const sizes = SEATS.split("").map((seat) => hands[seat].length);
  const short = SEATS.split("").filter((seat) => hands[seat].length < 13);
  $("fill-last-hand").hidden = !(short.length === 1 && !problems.length && sizes.filter((size) => size === 13).length === 3);
  if (!$("fill-last-hand").hidden) $("fill-last-hand").textContent = `Give ${SEAT_WORDS[short[0]]} the ${cardsLeft(hands).length - hands[short[0]].length} cards left`;
  const complete = !problems.length && sizes[0] > 0 && sizes.every((size) => size === sizes[0]);
  $("deal-state").textContent = problems.length ? problems[0] + "." : complete
    ? (sizes[0] === 13 ? "The deal is complete." : `An end position of ${sizes[0]} cards a hand.`)
    : `${SEATS.split("").map((seat) => `${SEAT_WORDS[seat]} ${hands[seat].length}`).join(", ")}: ${Math.max(0, 52 - sizes.reduce((a, b) => a + b, 0))} cards to place.`;
  $("deal-state").className = problems.length ? "problem" : "";
  if (!complete || pbnOf(hands) === (desk.hands ? pbnOf(desk.hands) : "")) return;
  $("deal").value = pbnOf(hands);
  $("deal").dispatchEvent(new Event("change", { bubbles: true }));   // entry.js: the play kept where it fits
}

function fillLastHand() {
  const { hands } = gridHands();
  const seat = SEATS.split("").find((s) => hands[s].length < 13);
  const left = cardsLeft(hands);
  for (const suit of SUITS) {
    $(`hand-${seat}-${suit}`).value = left.filter((card) => card[0] === suit).map((card) => (card[1] === "T" ? "10" : card[1])).join(" ");
  }
  dealFromGrid();
}

function drawDealGrid() {
  // The grid from the deal taken (a file opened, the PBN line typed); not while it is being typed in.
  if (!$("deal-grid").children.length || $("deal-grid").contains(document.activeElement)) return;
  for (const seat of SEATS) {
    for (const suit of SUITS) {
      $(`hand-${seat}-${suit}`).value = desk.hands ? desk.hands[seat].filter((card) => card[0] === suit)
        .sort((a, b) => rankIndex(a) - rankIndex(b)).map((card) => (card[1] === "T" ? "10" : card[1])).join(" ") : "";
    }
  }
  drawCounts(desk.hands || { N: [], E: [], S: [], W: [] });
  const size = desk.hands ? desk.hands.N.length : 0;
  $("deal-state").textContent = !size ? "" : size === 13 ? "The deal is complete." : `An end position of ${size} cards a hand.`;
  $("deal-state").className = "";
  $("fill-last-hand").hidden = true;
}

document.addEventListener("DOMContentLoaded", () => { buildDealGrid(); drawDealGrid(); });
