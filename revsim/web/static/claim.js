// revsim director's desk, a claim's statement as steps (Law 70): the director chooses what the claimer said he
// would do, taps its suits, cards and the opponent it names, and adds it. The steps are kept, in the case file's
// form, in the hidden field claim-steps-data, so they are kept with the case and come back after a reload.
// The vocabulary (the actions and the keys each takes) comes from revsim's /api/capabilities.
// table.js and desk.js load before it.
"use strict";

desk.claim = { actions: [], draft: { suits: [], cards: [], through: "" } };

function claimSteps() {
  // The steps entered, as the case file writes them ({ do: "ruff", suit: "S", card: "H9" } ...).
  try {
    const steps = JSON.parse($("claim-steps-data").value || "[]");
    return Array.isArray(steps) ? steps : [];
  } catch (error) {
    return [];
  }
}

function setClaimSteps(steps) {
  $("claim-steps-data").value = steps.length ? JSON.stringify(steps) : "";
  draw();
}

function describeStep(step) {
  // A step in a director's words, cards as ♥9.
  const card = (text) => showCard(normaliseCard(text));
  const suits = (step.suits || (step.suit ? [step.suit] : [])).map((suit) => SYMBOLS[suit]).join(" and ");
  switch (step.do) {
    case "ruff": return `ruff the ${suits}` + (step.card ? ` with the ${card(step.card)}` : "");
    case "draw-trumps": return "draw trumps";
    case "cash": return `cash ${(step.cards || []).map(card).join(" ")}`;
    case "run": return `run the ${suits}`;
    case "crossruff": return `crossruff ${suits}`;
    case "finesse": return `finesse the ${card(step.card)} through ${SEAT_WORDS[step.through]}`;
    case "lead": return `lead the ${card(step.card)}`;
    case "concede": return `give up a ${suits} trick`;
    case "no-line": return "no line stated";
    default: return "the outstanding trump was mentioned";
  }
}

function claimingSeats() {
  // The claimer's side: declarer and dummy, or the two defenders.
  const declarer = $("declarer").value;
  const side = [declarer, nextSeat(declarer, 2)];
  return $("claim-by").value === "defenders" ? side.map((seat) => nextSeat(seat)) : side;
}

function chosenAction() {
  return desk.claim.actions.find((action) => action.name === $("claim-action").value) || null;
}

function choiceButton(text, pressed, onTap, extra = "") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `claim-choice ${extra}`.trim();
  button.textContent = text;
  button.setAttribute("aria-pressed", String(pressed));
  button.addEventListener("click", onTap);
  return button;
}

function toggle(list, value, most) {
  // Tap to choose, tap again to take back; with room for `most`, the oldest choice gives way.
  const at = list.indexOf(value);
  if (at >= 0) return list.filter((item) => item !== value);
  return [...list, value].slice(-most);
}

function drawClaim(state) {
  // The statement's steps and the builder for the next one: suits, the claimer's side's cards still held at the
  // claim, the opponents; only what the chosen action takes.
  const box = $("claim-statement-steps");
  box.hidden = !$("claim-by").value;
  const list = $("claim-steps");
  list.replaceChildren(...claimSteps().map((step, index) => {
    const item = document.createElement("li");
    item.append(`${describeStep(step)} `);
    const remove = choiceButton("Remove", false, () => setClaimSteps(claimSteps().filter((_, at) => at !== index)));
    remove.removeAttribute("aria-pressed");
    remove.title = `remove step ${index + 1}`;
    item.append(remove);
    return item;
  }));
  const action = chosenAction();
  const keys = action ? action.keys : [];
  $("claim-action-help").textContent = action ? action.help.replace(/`/g, "") : "";
  const draft = desk.claim.draft;
  const many = keys.includes("suits") || keys.includes("cards");
  $("claim-suits").replaceChildren(...(keys.includes("suit") || keys.includes("suits") ? [...SUITS].map((suit) =>
    choiceButton(SYMBOLS[suit], draft.suits.includes(suit), () => {
      draft.suits = toggle(draft.suits, suit, keys.includes("suits") ? 2 : 1);
      drawClaim(state);
    }, "HD".includes(suit) ? "red" : "")) : []));
  const cards = [];
  if (keys.includes("card") || keys.includes("cards")) {
    for (const seat of claimingSeats()) {
      const held = [...state.held[seat]].sort((a, b) => SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || rankIndex(a) - rankIndex(b));
      if (!held.length) continue;
      const row = Object.assign(document.createElement("div"), { className: "claim-hand" });
      row.append(Object.assign(document.createElement("span"), { className: "seat", textContent: SEAT_WORDS[seat] }));
      for (const card of held) {
        const button = choiceButton(showCard(card), draft.cards.includes(card), () => {
          draft.cards = toggle(draft.cards, card, many ? 13 : 1);
          drawClaim(state);
        }, "HD".includes(card[0]) ? "red" : "");
        button.dataset.card = card;
        row.append(button);
      }
      cards.push(row);
    }
  }
  $("claim-cards").replaceChildren(...cards);
  const opponents = SEATS.split("").filter((seat) => !claimingSeats().includes(seat));
  $("claim-through").replaceChildren(...(keys.includes("through") ? opponents.map((seat) =>
    choiceButton(`through ${SEAT_WORDS[seat]}`, draft.through === seat, () => {
      draft.through = draft.through === seat ? "" : seat;
      drawClaim(state);
    })) : []));
}

function draftStep() {
  // The step being built, as the case file writes it; an Error naming what it still needs.
  const action = chosenAction();
  if (!action) throw new Error("choose what the claimer said he would do");
  const draft = desk.claim.draft;
  const step = { do: action.name };
  const need = (what, missing) => { if (missing) throw new Error(`“${action.name}” needs ${what}`); };
  if (action.keys.includes("suit")) {
    need("a suit: tap one", action.name !== "ruff" && !draft.suits.length);
    if (draft.suits.length) step.suit = draft.suits[0];
  }
  if (action.keys.includes("suits")) {
    need("two suits: tap them", draft.suits.length < 2);
    step.suits = [...draft.suits];
  }
  if (action.keys.includes("cards")) {
    need("its winners: tap them", !draft.cards.length);
    step.cards = [...draft.cards];
  }
  if (action.keys.includes("card")) {
    need("a card: tap it", action.name !== "ruff" && !draft.cards.length);
    if (draft.cards.length) step.card = draft.cards[0];
  }
  if (action.name === "ruff") need("the suit it ruffs: tap it", !draft.suits.length);
  if (action.keys.includes("through")) {
    need("the opponent it goes through: tap him", !draft.through);
    step.through = draft.through;
  }
  return step;
}

function addClaimStep() {
  try {
    const step = draftStep();
    desk.claim.draft = { suits: [], cards: [], through: "" };
    setClaimSteps([...claimSteps(), step]);
    say(`Step ${claimSteps().length} of the statement: ${describeStep(step)}.`, false, "play");
  } catch (error) {
    say(`Claim: ${error.message}.`, true, "play");
  }
}

function claimOfCase(claim) {
  // A case file's claim in the form (showCase): the status, where it was made, the steps and their order.
  $("claim-status").value = claim && claim.status ? claim.status : "agreed";
  $("claim-after").value = claim && claim.after_trick !== undefined && claim.status === "withdrawn" ? claim.after_trick : "";
  $("claim-steps-data").value = claim && Array.isArray(claim.steps) && claim.steps.length ? JSON.stringify(claim.steps) : "";
  $("claim-order").value = claim && claim.any_order ? "any" : "";
}

function claimOfForm(firstTrick, tricksPlayed) {
  // The form's claim as the case file's claim table; null without one.
  if (!$("claim-by").value) return null;
  if ($("claim-tricks").value === "") throw new Error("a claim needs declarer's total tricks");
  const claim = { declarer_tricks: Number($("claim-tricks").value), by: $("claim-by").value };
  if ($("claim-statement").value.trim()) claim.statement = $("claim-statement").value.trim();
  if ($("claim-status").value !== "agreed") claim.status = $("claim-status").value;
  const after = $("claim-after").value.trim();
  if (after) claim.after_trick = Number(after);
  else if (tricksPlayed) claim.after_trick = firstTrick + tricksPlayed - 1;
  const steps = claimSteps();
  if (steps.length) claim.steps = steps;
  if ($("claim-order").value === "any") claim.any_order = true;
  return claim;
}

function loadClaimVocabulary(vocabulary) {
  // The actions a step may name, from /api/capabilities.
  desk.claim.actions = vocabulary.actions;
  $("claim-action").replaceChildren(...vocabulary.actions.map((action) =>
    new Option(action.name === "no-line" ? "no line stated" : action.name.replace("-", " "), action.name)));
  $("claim-normal").value = $("claim-normal").value || String(vocabulary.normal);
  draw();
}

function startClaim() {
  $("claim-action").addEventListener("change", () => { desk.claim.draft = { suits: [], cards: [], through: "" }; draw(); });
  $("add-claim-step").addEventListener("click", addClaimStep);
  for (const id of ["claim-by", "claim-status", "claim-order", "claim-after"]) $(id).addEventListener("change", draw);
}

document.addEventListener("DOMContentLoaded", startClaim);
