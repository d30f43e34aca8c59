// revsim director's desk, nothing lost: the case being entered is kept in this browser as it is edited
// (every field and the cards played), and comes back after a reload. table.js and desk.js load before it.
"use strict";

const SAVED = "revsim-desk-case";

function saveSession() {
  if (!desk.ready) return;  // not before the saved case is back, or it would be overwritten
  const fields = {};
  for (const element of document.querySelectorAll("input[id], select[id], textarea[id]")) {
    if (element.type !== "file") fields[element.id] = element.value;
  }
  try {
    localStorage.setItem(SAVED, JSON.stringify({ fields, play: desk.play, saved: new Date().toISOString() }));
  } catch (error) {
    say("This browser does not keep the case (its storage is off or full): download the case file to keep it.", true);
  }
}

function restoreSession() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(SAVED) || "null"); } catch (error) { saved = null; }
  if (saved && saved.fields) {
    for (const [id, value] of Object.entries(saved.fields)) {
      const element = document.getElementById(id);
      if (element && element.type !== "file") element.value = value;
    }
    setDeal();
    desk.play = Array.isArray(saved.play) ? saved.play : [];
    draw();
    say(`The case entered before the page was reloaded is back (kept ${saved.saved || "earlier"}).`);
  }
  desk.ready = true;
}

document.addEventListener("input", saveSession, true);
document.addEventListener("change", saveSession, true);
