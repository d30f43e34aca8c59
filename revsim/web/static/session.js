// revsim director's desk, the session: the cases a director works on, one shown at a time. Every case is
// kept in this browser as it is edited (every field and the cards played) and comes back after a reload;
// the whole session is saved to one case file (a [[board]] table a case) and opened again.
// table.js, desk.js and auction.js load before it.
"use strict";

const SAVED = "revsim-desk-case";

desk.cases = [];       // each case as entered: { fields: {id: value}, play: [cards] }
desk.current = 0;      // the case on screen
desk.opened = "";      // the case on screen as it was when opened from a file (to tell it is untouched)

function caseFields() {
  // The form's fields that belong to a case (not the file inputs nor the lists to choose a case or a board).
  return [...document.querySelectorAll("main input[id], main select[id], main textarea[id]")]
    .filter((element) => element.type !== "file" && element.id !== "case-list" && element.id !== "board-list");
}

function snapshotForm() {
  return { fields: Object.fromEntries(caseFields().map((element) => [element.id, element.value])), play: [...desk.play] };
}

function quietly(action) {
  // Fill the form without keeping each step (draw() keeps the case on screen as the current case).
  const ready = desk.ready;
  desk.ready = false;
  try { return action(); } finally { desk.ready = ready; }
}

function emptySnapshot() {
  // Every field as the page first shows it.
  const first = (element) => element.tagName === "SELECT"
    ? ([...element.options].find((option) => option.defaultSelected) || element.options[0] || { value: "" }).value
    : element.defaultValue;
  return { fields: Object.fromEntries(caseFields().map((element) => [element.id, first(element)])), play: [] };
}

const untouched = () => desk.opened !== "" && JSON.stringify(snapshotForm()) === desk.opened;

function applySnapshot(snapshot) {
  for (const [id, value] of Object.entries(snapshot.fields || {})) {
    const element = document.getElementById(id);
    if (element && element.type !== "file") element.value = value;
  }
  setDeal();
  desk.dealText = $("deal").value;
  desk.ahead = [];
  drawAuction();
  desk.play = Array.isArray(snapshot.play) ? [...snapshot.play] : [];
  draw();
}

function isBlank(snapshot) {
  return !snapshot.play.length && !(snapshot.fields.deal || "").trim();
}

function caseLabel(snapshot, index) {
  const f = snapshot.fields;
  const players = ["player-N", "player-E", "player-S", "player-W"].map((id) => f[id] || "");
  return `${index + 1}. ${f.board || "case"}` + (f.contract ? ` (${f.contract} by ${f.declarer})` : "")
    + (f.table ? `, table ${f.table}` : "") + (players.some((name) => name) ? `, ${players.map((n) => n || "?").join("-")}` : "")
    + (snapshot.play.length ? "" : ", no play yet");
}

function drawCaseList() {
  desk.cases[desk.current] = snapshotForm();
  $("case-list").replaceChildren(...desk.cases.map((snapshot, index) =>
    new Option(caseLabel(snapshot, index), String(index), false, index === desk.current)));
  $("case-count").textContent = `${desk.cases.length} case${desk.cases.length === 1 ? "" : "s"} in this session`;
}

function saveSession() {
  if (!desk.ready) return;  // not before the saved session is back, or it would be overwritten
  desk.cases[desk.current] = snapshotForm();
  const current = desk.cases[desk.current];
  try {
    localStorage.setItem(SAVED, JSON.stringify({ fields: current.fields, play: current.play, cases: desk.cases,
                                                 current: desk.current, saved: new Date().toISOString() }));
  } catch (error) {
    say("This browser does not keep the session (its storage is off or full): save the session to a file to keep it.", true);
  }
}

function showOnly(index) {
  // Another case on screen: the form and the play are its own, the ruling on screen is cleared.
  desk.current = index;
  applySnapshot(desk.cases[index]);
  hideRuling();
  drawCaseList();
  saveSession();
}

function openCase(index) {
  desk.cases[desk.current] = snapshotForm();
  desk.opened = "";
  showOnly(index);
}

function openRecord(case_) {
  // A board picked from an opened file: it takes the place of the case on screen when that one is blank
  // or an untouched board from a file, and is added to the session otherwise, so nothing entered is lost.
  const here = snapshotForm();
  if (!isBlank(here) && !untouched()) {
    desk.cases[desk.current] = here;
    desk.cases.push(emptySnapshot());
    desk.current = desk.cases.length - 1;
  }
  quietly(() => showCase(case_));
  hideRuling();
  desk.opened = JSON.stringify(snapshotForm());
  drawCaseList();
  saveSession();
}

function newCase() {
  // A new case in the session, with the deal, dealer, vulnerability and contract kept (change them as needed).
  const here = snapshotForm();
  desk.cases[desk.current] = here;
  if (!isBlank(here)) {
    desk.cases.push(here);
    desk.current = desk.cases.length - 1;
  }
  quietly(blankCase);
  hideRuling();
  desk.opened = "";
  drawCaseList();
  saveSession();
}

function removeCase() {
  const label = caseLabel(snapshotForm(), desk.current);
  if (!window.confirm(`Remove case ${label} from this session? This cannot be undone.`)) return;
  desk.cases.splice(desk.current, 1);
  if (!desk.cases.length) desk.cases.push(emptySnapshot());
  desk.opened = "";
  showOnly(Math.min(desk.current, desk.cases.length - 1));
}

async function saveSessionFile() {
  // Every case of the session as one case file; a case that cannot be written is named and shown.
  const here = desk.current;
  desk.cases[here] = snapshotForm();
  const cases = [];
  try {
    quietly(() => {
      try {
        for (const [index, snapshot] of desk.cases.entries()) {
          if (isBlank(snapshot)) continue;
          applySnapshot(snapshot);
          try { cases.push(buildCase()); } catch (error) { throw new Error(`case ${caseLabel(snapshot, index)}: ${error.message}`); }
        }
      } finally {
        applySnapshot(desk.cases[here]);
      }
    });
    if (!cases.length) throw new Error("the session has no case yet");
    const toml = await post("/api/case", new URLSearchParams({ name: "session.toml" }), JSON.stringify(cases));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([toml], { type: "application/toml" }));
    link.download = `revsim-session-${new Date().toISOString().slice(0, 10)}.toml`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    say(`The session's ${cases.length} case(s) saved to ${link.download}.`);
  } catch (error) {
    say(`Cannot save the session: ${error.message}`, true);
  }
}

async function openSessionFile(file) {
  // A saved session: each of its boards is added to this session as a case (a blank case on screen is replaced).
  try {
    const answer = JSON.parse(await post("/api/load", new URLSearchParams({ format: "toml", name: file.name }), await file.text()));
    const here = snapshotForm();
    desk.cases[desk.current] = here;
    const added = quietly(() => answer.boards.map((case_) => { showCase(case_); return snapshotForm(); }));
    const first = isBlank(here) ? desk.current : desk.cases.length;
    desk.cases.splice(first, isBlank(here) ? 1 : 0, ...added);
    desk.opened = "";
    showOnly(first);
    say(`${file.name}: ${answer.boards.length} case(s) added to the session${unreadText(answer)}`, answer.errors.length > 0);
  } catch (error) {
    say(`Cannot open the session ${file.name}: ${error.message}`, true);
  }
}

function restoreSession() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(SAVED) || "null"); } catch (error) { saved = null; }
  if (saved && saved.fields) {
    desk.cases = Array.isArray(saved.cases) && saved.cases.length ? saved.cases : [{ fields: saved.fields, play: saved.play || [] }];
    desk.current = Math.min(Number(saved.current) || 0, desk.cases.length - 1);
    applySnapshot({ fields: saved.fields, play: saved.play || [] });
    say(`The session entered before the page was reloaded is back: ${desk.cases.length} case(s), kept ${saved.saved || "earlier"}.`);
  } else {
    desk.cases = [snapshotForm()];
    desk.current = 0;
  }
  drawCaseList();
  desk.ready = true;
}

function startSession() {
  $("case-list").addEventListener("change", (event) => openCase(Number(event.target.value)));
  $("blank").addEventListener("click", newCase);
  $("remove-case").addEventListener("click", removeCase);
  $("save-session").addEventListener("click", saveSessionFile);
  $("session-file").addEventListener("change", (event) => {
    if (event.target.files[0]) openSessionFile(event.target.files[0]);
    event.target.value = "";
  });
}

document.addEventListener("input", saveSession, true);
document.addEventListener("change", saveSession, true);
for (const type of ["input", "change"]) {        // the case's name in the list follows what is typed
  document.addEventListener(type, (event) => {
    if (desk.ready && ["board", "contract", "declarer", "table", "player-N", "player-E", "player-S", "player-W"]
      .includes(event.target.id)) drawCaseList();
  }, true);
}
document.addEventListener("DOMContentLoaded", startSession);
