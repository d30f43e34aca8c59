// revsim director's desk, the table: the deal, the contract and the cards played, replayed as the page draws
// them (whose turn it is, who won each trick, a card that fails to follow suit marked as a revoke).
// desk.js (loaded after it) holds the forms and the requests; the ruling itself always comes from revsim.
"use strict";

const SEATS = "NESW";
const SUITS = "SHDC";
const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RANKS = "AKQJT98765432";
const $ = (id) => document.getElementById(id);

const desk = { hands: null, play: [], loaded: [], fileName: "", texts: {}, estimators: [], settings: [], formats: [], ready: false };

// ---- cards and the replay ------------------------------------------------------------------------------
const suitOf = (card) => card[0];
const rankIndex = (card) => RANKS.indexOf(card[1]);
const showCard = (card) => SYMBOLS[suitOf(card)] + (card[1] === "T" ? "10" : card[1]);
const nextSeat = (seat, steps = 1) => SEATS[(SEATS.indexOf(seat) + steps) % 4];
const SEAT_WORDS = { N: "North", E: "East", S: "South", W: "West" };

function parseDeal(text) {
  // "N:AKQ.JT9.876.5432 ..." -> { N: [...], E: [...], S: [...], W: [...] }; throws on a malformed deal.
  const match = /^\s*([NESW]):(.*)$/i.exec(text || "");
  if (!match) throw new Error("the deal must look like N:AKQ.JT9.876.5432 followed by the other three hands");
  const parts = match[2].trim().split(/\s+/);
  if (parts.length !== 4) throw new Error("the deal needs four hands");
  const hands = {};
  parts.forEach((part, index) => {
    const suits = part.split(".");
    if (suits.length !== 4) throw new Error(`hand ${index + 1} of the deal needs four suits separated by dots`);
    const seat = nextSeat(match[1].toUpperCase(), index);
    hands[seat] = [];
    suits.forEach((ranks, suit) => {
      for (const rank of ranks.toUpperCase().replace(/10/g, "T")) {
        if (!RANKS.includes(rank)) throw new Error(`${rank} is not a rank (hand ${index + 1})`);
        hands[seat].push(SUITS[suit] + rank);
      }
    });
  });
  checkHands(hands);
  return hands;
}

function checkHands(hands) {
  // Each problem named: a card given twice, cards missing from a full deal, hands of different sizes.
  const seen = new Map();
  for (const seat of SEATS) {
    for (const card of hands[seat]) {
      if (seen.has(card)) {
        throw new Error(`the ${showCard(card)} is given twice (${seen.get(card)} and ${seat === seen.get(card) ? "again in " : ""}${seat})`);
      }
      seen.set(card, seat);
    }
  }
  const sizes = SEATS.split("").map((seat) => `${seat} ${hands[seat].length}`);
  if (new Set(SEATS.split("").map((seat) => hands[seat].length)).size > 1) {
    throw new Error(`the hands must hold as many cards each: ${sizes.join(", ")}`);
  }
  if (hands.N.length === 13 && seen.size < 52) {
    const missing = [...SUITS].flatMap((suit) => [...RANKS].map((rank) => suit + rank)).filter((card) => !seen.has(card));
    throw new Error(`missing from the deal: ${missing.map(showCard).join(" ")}`);
  }
  if (hands.N.length > 13) throw new Error(`a hand holds at most 13 cards: ${sizes.join(", ")}`);
}

function trickWinner(cards, trump) {
  // cards: [{seat, card}] in the order played; trump: a suit letter or "" at notrump.
  const led = suitOf(cards[0].card);
  let best = cards[0];
  for (const item of cards.slice(1)) {
    const suit = suitOf(item.card), bestSuit = suitOf(best.card);
    const beats = suit === bestSuit ? rankIndex(item.card) < rankIndex(best.card) : suit === trump && bestSuit !== trump;
    if (beats && (suit === led || suit === trump)) best = item;
  }
  return best.seat;
}

function replay() {
  // Who played each card, which were revokes, the tricks and who is to play next.
  let contract = null;
  try { contract = parseContract(); } catch (error) { contract = null; }  // said when the contract is entered
  const facts = readFacts(false);
  const outOfTurn = Object.fromEntries((facts.lead_out_of_turn || []).map((lead) => [lead.trick, lead.player]));
  const firstTrick = Number($("start-trick").value) || 1;
  const held = {};
  for (const seat of SEATS) held[seat] = new Set(desk.hands ? desk.hands[seat] : []);
  let leader = $("start-leader").value || (contract ? nextSeat(contract.declarer) : "W");
  const tricks = [];
  let current = [];
  let foreign = 0;   // cards played by a player the deal does not give them to
  desk.play.forEach((card, index) => {
    const number = firstTrick + tricks.length;
    if (current.length === 0 && outOfTurn[number]) leader = outOfTurn[number];
    const seat = nextSeat(leader, current.length);
    const led = current.length ? suitOf(current[0].card) : null;
    const revoke = led !== null && suitOf(card) !== led && [...held[seat]].some((c) => suitOf(c) === led);
    if (!held[seat].delete(card)) foreign += 1;
    current.push({ seat, card, revoke, index });
    if (current.length === 4) {
      const winner = trickWinner(current, contract ? contract.trump : "");
      tricks.push({ number, cards: current, winner });
      leader = winner;
      current = [];
    }
  });
  const number = firstTrick + tricks.length;
  if (current.length === 0 && outOfTurn[number]) leader = outOfTurn[number];
  return { tricks, current, toPlay: nextSeat(leader, current.length), held, number, foreign };
}

const POINTS = { A: 4, K: 3, Q: 2, J: 1 };
const highCardPoints = (cards) => cards.reduce((sum, card) => sum + (POINTS[card[1]] || 0), 0);   // Milton Work's count

function drawOriginalDeal() {
  // The four hands as dealt, a suit a line, whatever has been played since.
  const box = $("original-deal");
  box.replaceChildren();
  if (!desk.hands) return;
  for (const seat of SEATS) {
    const hand = document.createElement("div");
    hand.className = `hand ${{ N: "north", E: "east", S: "south", W: "west" }[seat]}`;
    hand.append(Object.assign(document.createElement("span"), { className: "seat", textContent: seat }));
    for (const suit of SUITS) {
      const ranks = desk.hands[seat].filter((card) => suitOf(card) === suit)
        .sort((a, b) => rankIndex(a) - rankIndex(b)).map((card) => showCard(card).slice(1)).join(" ");
      hand.append(Object.assign(document.createElement("div"), { className: "HD".includes(suit) ? "red" : "",
                                                                 textContent: `${SYMBOLS[suit]} ${ranks || "—"}` }));
    }
    hand.append(Object.assign(document.createElement("div"), { className: "hcp",
                                                               textContent: `${highCardPoints(desk.hands[seat])} HCP` }));
    box.append(hand);
  }
}

function parseContract() {
  // Null while nothing is entered; an error naming the problem for anything that is not a contract.
  const text = $("contract").value;
  if (!text.trim()) return null;
  const match = /^\s*([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X)?\s*$/i.exec(text);
  if (!match) throw new Error(`"${text.trim()}" is not a contract: a level 1-7, a strain (S, H, D, C or NT) and X or XX, like 4S or 3NTX`);
  const strain = match[2].toUpperCase();
  return { text: match[1] + (strain === "N" ? "NT" : strain) + (match[3] || "").toUpperCase(),
           trump: strain.startsWith("N") ? "" : strain, declarer: $("declarer").value };
}

// ---- drawing -------------------------------------------------------------------------------------------
function draw() {
  const state = replay();
  for (const element of document.querySelectorAll(".hand[data-seat]")) {   // the table, not the deal as dealt
    const seat = element.dataset.seat;
    element.classList.toggle("to-play", desk.hands !== null && seat === state.toPlay);
    const dealt = desk.hands ? desk.hands[seat].join(" ") : "";
    if (desk.hands && element.dataset.dealt === dealt) {
      // the same cards: each button kept, only marked again, so a tap that starts as a field's change redraws
      // the table still lands on its card
      for (const button of element.querySelectorAll("button.card")) {
        button.classList.toggle("played", !state.held[seat].has(button.dataset.card));
      }
      continue;
    }
    element.dataset.dealt = dealt;
    element.replaceChildren(Object.assign(document.createElement("span"), { className: "seat", textContent: seat }));
    if (!desk.hands) continue;
    for (const suit of SUITS) {
      const row = document.createElement("div");
      row.className = "suit-row" + ("HD".includes(suit) ? " red" : "");
      row.append(Object.assign(document.createElement("span"), { className: "suit-symbol", textContent: SYMBOLS[suit] }));
      const cards = Object.assign(document.createElement("span"), { className: "suit-cards" });
      row.append(cards);
      for (const card of desk.hands[seat].filter((c) => suitOf(c) === suit).sort((a, b) => rankIndex(a) - rankIndex(b))) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "card" + (state.held[seat].has(card) ? "" : " played") + ("HD".includes(suit) ? " red" : "");
        button.textContent = card[1] === "T" ? "10" : card[1];
        button.dataset.card = card;
        button.title = `${seat} ${showCard(card)}`;
        button.addEventListener("click", () => playCard(seat, card));
        cards.append(button);
      }
      element.append(row);
    }
  }
  drawOriginalDeal();
  const centre = $("current-trick");
  centre.replaceChildren();
  for (const item of state.current) {
    const span = document.createElement("span");
    span.className = item.seat.toLowerCase() + (item.revoke ? " revoke" : "");
    span.textContent = showCard(item.card);
    centre.append(span);
  }
  const list = $("tricks");
  list.replaceChildren();
  list.start = Number($("start-trick").value) || 1;
  for (const trick of [...state.tricks, ...(state.current.length ? [{ cards: state.current }] : [])]) {
    const item = document.createElement("li");
    for (const played of trick.cards) {
      const span = document.createElement("span");
      span.textContent = `${played.seat}:${showCard(played.card)} `;
      if (played.revoke) { span.className = "revoke"; span.title = "fails to follow suit: a revoke (Law 61A)"; }
      item.append(span);
    }
    if (trick.winner) item.append(Object.assign(document.createElement("span"), { className: "won", textContent: `won by ${trick.winner}` }));
    list.append(item);
  }
  $("turn").textContent = desk.hands ? `trick ${state.number}, ${SEAT_WORDS[state.toPlay]} to play` : "";
  drawRevokes(state);
  if (typeof drawAttention === "function") drawAttention(state);   // attention.js: the points of the play in words
  if (typeof drawClaim === "function") drawClaim(state);   // claim.js: the claim's statement as steps
  if (typeof afterEdit === "function") afterEdit();  // session.js: kept, the label redrawn, a ruling marked stale
}

function drawRevokes(state) {
  // Every revoke in the play entered, kept in view under the table for as long as it is in the play.
  const first = Number($("start-trick").value) || 1;
  const tricks = [...state.tricks, ...(state.current.length ? [{ cards: state.current }] : [])];
  const found = tricks.flatMap((trick, index) => trick.cards.filter((item) => item.revoke).map((item) =>
    `trick ${first + index}, ${SEAT_WORDS[item.seat]}'s ${showCard(item.card)} while holding a ${SYMBOLS[suitOf(trick.cards[0].card)]}`));
  $("revokes-entered").hidden = !found.length;
  $("revokes-entered").textContent = found.length ? `Revokes in the play entered (Law 61A): ${found.join("; ")}.` : "";
}

function playCard(seat, card) {
  const state = replay();
  if (!state.held[seat].has(card)) { say(`${SEAT_WORDS[seat]} no longer holds the ${showCard(card)}.`, true, "play"); return; }
  if (seat !== state.toPlay) {
    say(`It is ${SEAT_WORDS[state.toPlay]}'s turn to play, not ${SEAT_WORDS[seat]}'s.`, true, "play");
    return;
  }
  desk.play.push(card);
  desk.ahead = [];   // a new card: the ones stepped back over are gone
  const led = state.current.length ? suitOf(state.current[0].card) : null;
  const revoke = led !== null && suitOf(card) !== led && [...state.held[seat]].some((c) => suitOf(c) === led);
  say(revoke ? `${SEAT_WORDS[seat]} played the ${showCard(card)} while holding a ${SYMBOLS[led]}: a revoke (Law 61A).` : "",
      revoke, "play");
  draw();
}
