// revsim director's desk, entering the play: cards typed on the keyboard ("HQ", "s10", Enter), stepping back
// and forward through the cards entered, and a deal edited without losing the play it still holds.
// table.js and desk.js load before it.
"use strict";

desk.ahead = [];   // the cards stepped back over, to step forward again

function typedCard(text) {
  // "HQ", "hq", "H10", "10h" -> "HQ"/"HT"; null when it is not a card.
  const cleaned = text.trim().toUpperCase().replace("10", "T");
  const match = /^([SHDC])([AKQJT2-9])$/.exec(cleaned) || /^([AKQJT2-9])([SHDC])$/.exec(cleaned);
  if (!match) return null;
  return SUITS.includes(match[1]) ? match[1] + match[2] : match[2] + match[1];
}

function enterTypedCard() {
  const box = $("card-entry");
  const card = typedCard(box.value);
  if (!card) { say(`"${box.value.trim()}" is not a card: type a suit and a rank, like HQ or S10`, true, "play"); return; }
  const state = replay();
  if (!desk.hands) { say("Enter the deal first.", true, "play"); return; }
  if (!state.held[state.toPlay].has(card)) {
    say(`${SEAT_WORDS[state.toPlay]} does not hold the ${showCard(card)}.`, true, "play");
    return;
  }
  desk.ahead = [];
  playCard(state.toPlay, card);
  box.value = "";
}

function stepBack() {
  if (!desk.play.length) return;
  desk.ahead.push(desk.play.pop());
  draw();
}

function stepForward() {
  if (!desk.ahead.length) return;
  desk.play.push(desk.ahead.pop());
  draw();
}

function dealEdited() {
  // Keep the play where the new deal still holds every card for the player who played it; otherwise ask.
  const before = desk.hands;
  setDeal();
  if (!desk.play.length || !desk.hands) { draw(); return; }
  const kept = desk.play;
  const lost = replay().foreign;
  if (lost > 0 && !window.confirm(`The new deal does not fit ${lost} of the ${kept.length} cards played: clear the play?`)) {
    desk.hands = before;
    $("deal").value = desk.dealText || $("deal").value;
    draw();
    return;
  }
  if (lost > 0) desk.play = [];
  desk.dealText = $("deal").value;
  draw();
}

function startEntry() {
  $("card-entry").addEventListener("keydown", (event) => { if (event.key === "Enter") enterTypedCard(); });
  $("step-forward").addEventListener("click", stepForward);
  desk.dealText = $("deal").value;
}

document.addEventListener("DOMContentLoaded", startEntry);
