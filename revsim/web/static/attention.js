// revsim director's desk, when attention was first drawn, in the director's words: "before East led to trick
// 4", "after the hands were returned", chosen from the play entered. The case file's terms (noticed, noticed_at)
// are kept in two hidden fields the list writes. table.js and desk.js load before it.
"use strict";

const AFTER_THE_PLAY = [
  ["", "at the end of the play, before the hands were returned (the usual case)"],
  ["hands-returned", "after the hands were returned to the board"],
  ["after-next-call", "after a call on the next board (Law 64B4)"],
  ["after-round", "after the round had ended (Law 64B5)"],
  ["during-play", "during the play (the card is not known)"],
];

function attentionValue() {
  // The list's value for the hidden fields: "", a `noticed` word, or "at:T" / "at:T.N".
  const trick = $("noticed-trick").value.trim();
  return trick ? `at:${trick}` : $("noticed").value;
}

function pointsOfThePlay(state) {
  // [value, words] for every point of the play entered where attention may be drawn: during each trick, and
  // before each card of it (and before the next card to be played).
  const groups = [];
  const tricks = [...state.tricks, ...(state.current.length ? [{ cards: state.current }] : [])];
  const first = Number($("start-trick").value) || 1;
  tricks.forEach((trick, index) => {
    const number = first + index;
    const seats = trick.cards.map((item) => item.seat);
    if (seats.length < 4) seats.push(state.toPlay);
    const points = [[`at:${number}`, `during trick ${number} (which card is not known)`]];
    seats.slice(0, 4).forEach((seat, position) => {
      const words = position === 0 ? `before ${SEAT_WORDS[seat]} led to trick ${number}`
        : `after ${SEAT_WORDS[seats[position - 1]]} ${position === 1 ? "led" : "played"} to trick ${number}, before ${SEAT_WORDS[seat]} played`;
      points.push([`at:${number}.${position}`, words]);
    });
    groups.push([`Trick ${number}`, points]);
  });
  if (!state.current.length && desk.hands && state.number <= 13 && tricks.length) {
    groups.push([`Trick ${state.number}`, [[`at:${state.number}.0`, `before ${SEAT_WORDS[state.toPlay]} led to trick ${state.number}`]]]);
  }
  return groups;
}

function drawAttention(state) {
  const select = $("attention");
  const chosen = attentionValue();
  const children = [];
  const after = document.createElement("optgroup");
  after.label = "After the play, or not known";
  for (const [value, words] of AFTER_THE_PLAY) after.append(new Option(words, value));
  children.push(after);
  for (const [label, points] of pointsOfThePlay(state)) {
    const group = document.createElement("optgroup");
    group.label = `During the play: ${label.toLowerCase()}`;
    for (const [value, words] of points) group.append(new Option(words, value));
    children.push(group);
  }
  const known = children.flatMap((group) => [...group.children].map((option) => option.value));
  if (!known.includes(chosen)) {   // from a case file, at a point beyond the play entered
    const [trick, cards] = chosen.replace("at:", "").split(".");
    const words = chosen.startsWith("at:") ? (cards === undefined ? `during trick ${trick}` : `after ${cards} card(s) of trick ${trick}`)
      : chosen;
    const beyond = document.createElement("optgroup");
    beyond.label = "Beyond the play entered";
    beyond.append(new Option(words, chosen));
    children.push(beyond);
  }
  select.replaceChildren(...children);
  select.value = chosen;
}

function attentionChosen() {
  const value = $("attention").value;
  $("noticed").value = value.startsWith("at:") ? "" : value;
  $("noticed-trick").value = value.startsWith("at:") ? value.slice(3) : "";
}

document.addEventListener("DOMContentLoaded", () => $("attention").addEventListener("change", attentionChosen));
