// revsim director's desk, the auction: entered with a bidding box or typed as text (the same field), drawn
// as a table of the calls by seat, checked call by call, and its final contract offered as the contract.
// The rules are those of revsim.records.auction (a test compares the two on many auctions).
// table.js and desk.js load before it.
"use strict";

const STRAINS = ["C", "D", "H", "S", "NT"];
const STRAIN_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660", NT: "NT" };

function normaliseCall(text) {
  // A call as P, X, XX, AP or a bid like 1NT; null for anything else (as revsim reads a case file).
  const call = text.trim().toUpperCase().replace(/!$/, "").replace("\u2660", "S").replace("\u2665", "H")
    .replace("\u2666", "D").replace("\u2663", "C");
  if (["P", "PASS", "-"].includes(call)) return "P";
  if (["X", "D", "DBL", "DOUBLE"].includes(call)) return "X";
  if (["XX", "R", "RDBL", "REDOUBLE"].includes(call)) return "XX";
  if (call === "AP") return "AP";
  const bid = /^([1-7])(NT|N|S|H|D|C)$/.exec(call);
  return bid ? bid[1] + (bid[2] === "N" ? "NT" : bid[2]) : null;
}

const showCall = (call) => ({ P: "Pass", X: "X", XX: "XX", AP: "All pass" }[call] ||
  call[0] + STRAIN_SYMBOLS[call.slice(1)]);
const bidRank = (call) => Number(call[0]) * 5 + STRAINS.indexOf(call.slice(1));
const sameSide = (one, other) => SEATS.indexOf(one) % 2 === SEATS.indexOf(other) % 2;

function auctionState(texts, dealer) {
  // The auction after these calls: who calls next, what each call may be, whether it has ended and in
  // which contract; `problem` names the first call that cannot be read or is not allowed (the calls
  // before it are kept in `calls`).
  const state = { calls: [], seat: dealer, lastBid: null, lastBidder: null, doubled: 0, passes: 0,
                  ended: false, contract: null, problem: null, firstToName: {} };
  for (const [index, text] of texts.entries()) {
    const call = normaliseCall(text);
    const where = `call ${index + 1} ("${text}", ${state.seat})`;
    if (call === null) { state.problem = `${where} is not a call: use P, X, XX, AP or a bid like 1NT`; break; }
    if (state.ended) { state.problem = `${where} comes after the auction has ended`; break; }
    const allowed = allowedCalls(state);
    if (call !== "AP" && !allowed.has(call)) {
      state.problem = /^[1-7]/.test(call)
        ? `${where} is insufficient: it must be higher than ${showCall(state.lastBid)}`
        : `${where}: ${call === "X" ? "a double" : "a redouble"} is not allowed here`;
      break;
    }
    state.calls.push(call);
    if (call === "AP") { state.ended = true; break; }
    if (call === "P") state.passes += 1;
    else if (call === "X" || call === "XX") { state.doubled = call === "X" ? 1 : 2; state.passes = 0; }
    else {
      Object.assign(state, { lastBid: call, lastBidder: state.seat, doubled: 0, passes: 0 });
      const side = `${SEATS.indexOf(state.seat) % 2}${call.slice(1)}`;
      if (!(side in state.firstToName)) state.firstToName[side] = state.seat;
    }
    state.seat = nextSeat(state.seat);
    if (state.passes === (state.lastBid ? 3 : 4)) state.ended = true;
  }
  if (state.ended && state.lastBid) {
    const declarer = state.firstToName[`${SEATS.indexOf(state.lastBidder) % 2}${state.lastBid.slice(1)}`];
    state.contract = { text: state.lastBid + ["", "X", "XX"][state.doubled], declarer };
  }
  return state;
}

function allowedCalls(state) {
  // The calls the next player may make.
  const allowed = new Set();
  if (state.ended) return allowed;
  allowed.add("P");
  for (let level = 1; level <= 7; level += 1) {
    for (const strain of STRAINS) {
      const bid = `${level}${strain}`;
      if (!state.lastBid || bidRank(bid) > bidRank(state.lastBid)) allowed.add(bid);
    }
  }
  if (state.lastBidder && !sameSide(state.lastBidder, state.seat) && state.doubled === 0) allowed.add("X");
  if (state.lastBidder && sameSide(state.lastBidder, state.seat) && state.doubled === 1) allowed.add("XX");
  return allowed;
}

function enteredCalls() {
  return $("auction").value.trim().split(/[\s,]+/).filter((call) => call);
}

function drawAuction() {
  // The calls in a table by seat (West, North, East, South, from the dealer), and the box's buttons
  // enabled for the calls the next player may make.
  const state = auctionState(enteredCalls(), $("dealer").value);
  const body = $("auction-table").tBodies[0];
  const order = ["W", "N", "E", "S"];
  const cells = [...Array(order.indexOf($("dealer").value)).fill(""), ...state.calls.map(showCall)];
  if (!state.ended) cells.push("?");
  const rows = [];
  for (let start = 0; start < cells.length; start += 4) {
    const row = document.createElement("tr");
    for (const text of cells.slice(start, start + 4)) {
      row.appendChild(Object.assign(document.createElement("td"), { textContent: text,
        className: /[\u2665\u2666]/.test(text) ? "red" : "" }));
    }
    rows.push(row);
  }
  body.replaceChildren(...rows);
  $("auction-table").hidden = !state.calls.length && !$("bidding").open && !state.problem;
  $("auction-state").hidden = $("auction-table").hidden;
  const allowed = allowedCalls(state);
  for (const button of document.querySelectorAll("#bidding-box button[data-call]")) {
    button.disabled = Boolean(state.problem) || !allowed.has(button.dataset.call);
  }
  $("undo-call").disabled = !state.calls.length && !state.problem;
  $("auction-state").textContent = state.problem ? `The auction: ${state.problem}.`
    : state.ended ? (state.contract ? `The auction has ended: ${showCall(state.contract.text.replace(/X+$/, ""))}${
      state.contract.text.match(/X+$/)?.[0] || ""} by ${state.contract.declarer}.` : "Passed out.")
      : `${state.seat} to call.`;
  $("auction-state").className = state.problem ? "problem" : "";
  return state;
}

function offerContract(state, fromTheBox) {
  // An ended auction gives the contract: entered when it came from the box or the contract is empty,
  // named as a difference otherwise.
  if (!state.contract) return;
  const { text, declarer } = state.contract;
  const current = $("contract").value.trim().toUpperCase().replace(/^(\d)N(?!T)/, "$1NT");
  if (current === text && $("declarer").value === declarer) {
    if (fromTheBox) say(`The auction has ended: ${text} by ${SEAT_WORDS[declarer]}, the contract entered.`, false, "auction");
    return;
  }
  if (fromTheBox || !current) {
    $("contract").value = text;
    $("declarer").value = declarer;
    $("contract").dispatchEvent(new Event("change", { bubbles: true }));
    say(`The auction has ended: the contract is ${text} by ${SEAT_WORDS[declarer]}.`, false, "auction");
  } else {
    say(`The auction ends in ${text} by ${SEAT_WORDS[declarer]}, but the contract says ${current} by ` +
        `${SEAT_WORDS[$("declarer").value]}.`, true, "auction");
  }
}

function makeCall(call) {
  $("auction").value = [...auctionState(enteredCalls(), $("dealer").value).calls, call].join(" ");
  $("auction").dispatchEvent(new Event("input", { bubbles: true }));  // drawn, and kept like a typed call
  const state = drawAuction();
  offerContract(state, true);
  if (state.ended) $("bidding").open = false;   // the box folds away when the auction ends
}

function undoCall() {
  const state = auctionState(enteredCalls(), $("dealer").value);
  $("auction").value = (state.problem ? state.calls : state.calls.slice(0, -1)).join(" ");
  $("auction").dispatchEvent(new Event("input", { bubbles: true }));
}

function buildBiddingBox() {
  const bids = $("bids");
  for (let level = 1; level <= 7; level += 1) {
    for (const strain of STRAINS) {
      const button = Object.assign(document.createElement("button"), { type: "button", textContent: showCall(`${level}${strain}`),
        className: "call" + ("DH".includes(strain) ? " red" : "") });
      button.dataset.call = `${level}${strain}`;
      bids.appendChild(button);
    }
  }
  $("bidding-box").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-call]");
    if (button && !button.disabled) makeCall(button.dataset.call);
  });
  $("undo-call").addEventListener("click", undoCall);
  $("auction").addEventListener("input", drawAuction);
  $("auction").addEventListener("change", () => offerContract(drawAuction(), false));
  $("bidding").addEventListener("toggle", drawAuction);
  $("dealer").addEventListener("change", drawAuction);
  drawAuction();
}

document.addEventListener("DOMContentLoaded", buildBiddingBox);
