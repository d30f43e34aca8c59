// revsim director's desk, unauthorised information from partner (Law 16B): a question, a remark, a hesitation or a
// withdrawn card. The director says who had it, before his card to which trick, where it came from, and what it
// showed of the hands, one fact a line (W: void in S, S: at least 6 D, E: SK). The forms of a line and the kinds of
// source come from revsim's /api/capabilities, so the desk reads a line exactly as a case file's [information] does.
// desk.js loads before it.
"use strict";

desk.information = { sources: [], forms: [], examples: [] };

const SUITS_OF_LINE = "SHDC";

function shownOfLine(text) {
  // One line of what the information showed as the case file's table; null when it fits no form.
  const line = text.trim();
  for (const form of desk.information.forms) {
    const found = new RegExp(form.pattern, "i").exec(line);
    if (!found) continue;
    const seat = found[1].toUpperCase();
    if (form.kind === "cards") {
      const cards = (found[2].match(/[SHDC](?:10|[2-9TJQKA])/gi) || []).map((card) => normaliseCard(card));
      return { seat, cards };
    }
    const suit = found[found.length - 1].toUpperCase();
    if (form.kind === "void") return { seat, suit, at_most: 0 };
    if (form.kind === "between") return { seat, suit, at_least: Number(found[2]), at_most: Number(found[3]) };
    const number = Number(found[2]);
    if (form.kind === "at-least") return { seat, suit, at_least: number };
    if (form.kind === "at-most") return { seat, suit, at_most: number };
    return { seat, suit, at_least: number, at_most: number };
  }
  return null;
}

function lineOfShown(shown) {
  // A case file's shows entry as the line the director would type ("void" written as void).
  if (Array.isArray(shown.cards) && shown.cards.length) return `${shown.seat}: ${shown.cards.join(" ")}`;
  const least = shown.at_least, most = shown.at_most;
  if (most === 0) return `${shown.seat}: void in ${shown.suit}`;
  if (least !== undefined && least === most) return `${shown.seat}: ${least} ${shown.suit}`;
  if (most === undefined) return `${shown.seat}: at least ${least || 0} ${shown.suit}`;
  if (least === undefined) return `${shown.seat}: at most ${most} ${shown.suit}`;
  return `${shown.seat}: ${least}-${most} ${shown.suit}`;
}

function shownInWords(shown) {
  // What one entry says of a hand, in a director's words.
  const who = SEAT_WORDS[shown.seat] || shown.seat;
  if (shown.cards) return `${who} holds the ${shown.cards.map((card) => showCard(card)).join(" ")}`;
  const suit = ["spades", "hearts", "diamonds", "clubs"][SUITS_OF_LINE.indexOf(shown.suit)];
  if (shown.at_most === 0) return `${who} is void in ${suit}`;
  if (shown.at_least !== undefined && shown.at_least === shown.at_most) return `${who} holds ${shown.at_least} ${suit}`;
  if (shown.at_most === undefined) return `${who} holds at least ${shown.at_least} ${suit}`;
  if (shown.at_least === undefined) return `${who} holds at most ${shown.at_most} ${suit}`;
  return `${who} holds ${shown.at_least} to ${shown.at_most} ${suit}`;
}

function informationSource() {
  // The source as the case file keeps it: "hesitation: West thought for a minute", the kind alone, or the words.
  const kind = $("information-source").value;
  const words = $("information-words").value.trim();
  if (kind === "other") return words;
  return words ? `${kind}: ${words}` : kind;
}

function informationOfForm() {
  // The form's information as the case file's [information] table; null without one. An Error names what is wrong.
  const player = $("information-player").value;
  if (!player) return null;
  const trick = Number($("information-trick").value);
  if (!Number.isInteger(trick) || trick < 1 || trick > 13) {
    throw new Error("unauthorised information: the trick his card was chosen at, 1 to 13");
  }
  const rows = $("information-shows").value.split("\n").map((row) => row.trim()).filter((row) => row);
  const penalty = Number($("information-penalty").value || 0);
  if (!Number.isInteger(penalty) || penalty < 0 || penalty > 13) {
    throw new Error("unauthorised information: the penalty tricks it told declarer of, 0 to 13");
  }
  if (!rows.length && !penalty) throw new Error(`unauthorised information: what it showed, one a line, like ${desk.information.examples.join(", ")}`);
  const shows = rows.map((row) => {
    const shown = shownOfLine(row);
    if (!shown) throw new Error(`unauthorised information: '${row}' is not what a hand was shown to hold, like ` +
                                desk.information.examples.join(", "));
    return shown;
  });
  const information = { trick, player };
  const source = informationSource();
  if (source) information.source = source;
  information.shows = shows;
  if (penalty) information.penalty_tricks = penalty;
  return information;
}

function informationOfCase(information) {
  // A case file's information in the form (showCase); the fields emptied without one.
  const given = information && typeof information === "object" ? information : null;
  $("information-player").value = given ? given.player || "" : "";
  $("information-trick").value = given && given.trick ? given.trick : "";
  const source = given && given.source ? String(given.source) : "";
  const kind = desk.information.sources.find((name) => source === name || source.startsWith(`${name}: `));
  $("information-source").value = kind || (source ? "other" : desk.information.sources[0] || "other");
  $("information-words").value = kind ? source.slice(kind.length).replace(/^:\s*/, "") : source;
  $("information-shows").value = given && Array.isArray(given.shows) ? given.shows.map(lineOfShown).join("\n") : "";
  $("information-penalty").value = given && given.penalty_tricks ? given.penalty_tricks : 0;
  drawInformation();
}

function drawInformation() {
  // What was entered, in words, before ruling: who, when, from what, and what it showed; or why a line is refused.
  const out = $("information-summary");
  if (!$("information-player").value) { out.textContent = "No unauthorised information entered."; out.classList.remove("error"); return; }
  try {
    const information = informationOfForm();
    const who = SEAT_WORDS[information.player] || information.player;
    const source = information.source ? ` (from a ${information.source})` : "";
    const told = information.shows.map(shownInWords);
    if (information.penalty_tricks) told.push(`${information.penalty_tricks} penalty trick${information.penalty_tricks > 1 ? "s" : ""} to come`);
    out.textContent = `${who} had unauthorised information before his card to trick ${information.trick}${source}: ` +
      `${told.join("; ")}.`;
    out.classList.remove("error");
  } catch (error) {
    out.textContent = error.message;
    out.classList.add("error");
  }
}

function loadInformationVocabulary(vocabulary) {
  // The kinds of source and the forms of a line, from /api/capabilities.
  desk.information = { sources: vocabulary.sources, forms: vocabulary.shows, examples: vocabulary.examples };
  $("information-source").replaceChildren(...vocabulary.sources.map((name) => new Option(name, name)));
  $("information-shows").placeholder = vocabulary.examples.join("\n");
  $("information-help").textContent = `One fact a line, like ${vocabulary.examples.join(", ")}.`;
  drawInformation();
}

function clearInformation() {
  for (const id of ["information-player", "information-trick", "information-words", "information-shows"]) $(id).value = "";
  $("information-penalty").value = 0;
  $("information-source").value = desk.information.sources[0] || "other";
  drawInformation();
}

function startInformation() {
  for (const id of ["information-player", "information-trick", "information-source", "information-words", "information-shows",
                    "information-penalty"]) {
    $(id).addEventListener("input", drawInformation);
    $(id).addEventListener("change", drawInformation);
  }
}

document.addEventListener("DOMContentLoaded", startInformation);
