// revsim director's desk, the session: the cases a director works on, one shown at a time. Each case keeps its
// fields, its play, the data of the file it came from and its last ruling; the session is kept in this browser
// (storage.js) as it is edited and comes back after a reload, and is saved to one case file and opened again.
// table.js, desk.js, auction.js, storage.js and ruling.js load before it.
"use strict";

desk.cases = [];       // each case: { fields: {id: value}, play: [cards], source: case data or null, ruled: ruling or null }
desk.current = 0;      // the case on screen
desk.opened = "";      // the case on screen as it was when opened from a file (to tell it is untouched)
desk.storageSaid = ""; // what was last said about this browser's storage (said once)

function caseFields() {
  // The form's fields that belong to a case: not the file inputs, the lists to choose a case or a board, nor
  // the fields drawn from others (class "derived": the deal hand by hand, attention in words).
  return [...document.querySelectorAll("main input[id], main select[id], main textarea[id]")]
    .filter((element) => element.type !== "file" && element.id !== "case-list" && element.id !== "board-list"
      && !element.classList.contains("derived"));
}

function snapshotForm() {
  return { fields: Object.fromEntries(caseFields().map((element) => [element.id, element.value])), play: [...desk.play] };
}

const fingerprint = () => JSON.stringify(snapshotForm());
const currentCase = () => desk.cases[desk.current];

function keepCurrent() {
  // The case on screen as entered, with its file's data and its last ruling kept.
  const here = currentCase() || {};
  desk.cases[desk.current] = { ...snapshotForm(), source: here.source || null, ruled: here.ruled || null };
  return desk.cases[desk.current];
}

function quietly(action) {
  // Fill the form without keeping each step (draw() keeps the case on screen as the current case).
  const ready = desk.ready;
  desk.ready = false;
  try { return action(); } finally { desk.ready = ready; }
}

function initialValue(element) {
  // A field's value as the page first shows it.
  return element.tagName === "SELECT"
    ? ([...element.options].find((option) => option.defaultSelected) || element.options[0] || { value: "" }).value
    : element.defaultValue;
}

function emptySnapshot() {
  // Every field as the page first shows it.
  return { fields: Object.fromEntries(caseFields().map((element) => [element.id, initialValue(element)])), play: [],
           source: null, ruled: null };
}

const untouched = () => desk.opened !== "" && fingerprint() === desk.opened;

function applySnapshot(snapshot) {
  quietly(() => {
    for (const [id, value] of Object.entries(snapshot.fields || {})) {
      const element = document.getElementById(id);
      if (element && element.type !== "file" && caseFields().includes(element)) element.value = value;
    }
    showEstimatorOptions();
    setDeal();
    desk.dealText = $("deal").value;
    desk.ahead = [];
    drawAuction();
    desk.play = Array.isArray(snapshot.play) ? [...snapshot.play] : [];
    draw();
  });
}

function isBlank(snapshot) {
  return !snapshot.play.length && !(snapshot.fields.deal || "").trim() && !snapshot.ruled;
}

function caseLabel(snapshot, index) {
  const f = snapshot.fields;
  const players = ["player-N", "player-E", "player-S", "player-W"].map((id) => f[id] || "");
  const state = snapshot.ruled ? (snapshot.ruled.fingerprint === JSON.stringify({ fields: f, play: snapshot.play })
    ? ", ruled" : ", changed since ruled") : (snapshot.play.length ? "" : ", no play yet");
  return `${index + 1}. ${f.board || "case"}` + (f.contract ? ` (${f.contract} by ${f.declarer})` : "")
    + (f.table ? `, table ${f.table}` : "") + (players.some((name) => name) ? `, ${players.map((n) => n || "?").join("-")}` : "")
    + state;
}

function drawCaseList() {
  keepCurrent();
  $("case-list").replaceChildren(...desk.cases.map((snapshot, index) =>
    new Option(caseLabel(snapshot, index), String(index), false, index === desk.current)));
  $("case-count").textContent = `${desk.cases.length} case${desk.cases.length === 1 ? "" : "s"} in this session`;
}

function saveSession() {
  if (!desk.ready) return;  // not before the saved session is back, or it would be overwritten
  keepCurrent();
  const problem = writeStoredSession(desk.cases, desk.current);
  if (problem && problem !== desk.storageSaid) say(problem, true, "case");
  desk.storageSaid = problem;
}

function afterEdit() {
  // The case on screen changed: kept, its label redrawn, its ruling marked when it no longer fits.
  if (!desk.ready) return;
  drawCaseList();
  markStale();
  saveSession();
}

function showOnly(index) {
  // Another case on screen: the form, the play and the ruling are its own.
  desk.current = index;
  applySnapshot(desk.cases[index]);
  showCaseRuling();
  drawCaseList();
  saveSession();
}

function openCase(index) {
  keepCurrent();
  desk.opened = "";
  showOnly(index);
}

function openRecord(case_) {
  // A board of an opened file: it takes the place of the case on screen only when that one is blank or an
  // untouched, unruled board from a file; otherwise it is added to the session, so nothing is lost.
  const here = keepCurrent();
  const replace = isBlank(here) || (untouched() && !here.ruled);
  if (!replace) {
    desk.cases.push(emptySnapshot());
    desk.current = desk.cases.length - 1;
  }
  quietly(() => showCase(case_));
  desk.cases[desk.current] = { ...snapshotForm(), source: case_, ruled: null };
  showCaseRuling();
  desk.opened = fingerprint();
  drawCaseList();
  saveSession();
  return replace ? `shown as case ${desk.current + 1}` : `added as case ${desk.current + 1}`;
}

function newCase(keepDeal = false) {
  // A new case in the session: a blank board, or (keepDeal) another table's case with the deal, dealer,
  // vulnerability and contract kept (change them as needed).
  const here = keepCurrent();
  if (!isBlank(here)) {
    desk.cases.push({ ...here, source: null, ruled: null });
    desk.current = desk.cases.length - 1;
  }
  quietly(() => blankCase(keepDeal));
  desk.cases[desk.current] = { ...snapshotForm(), source: null, ruled: null };
  showCaseRuling();
  desk.opened = "";
  drawCaseList();
  saveSession();
  say(keepDeal ? `Case ${desk.current + 1}: the deal and contract are kept (change them as needed); tap the cards in the order played.`
      : `Case ${desk.current + 1}: a blank board; enter the deal and the contract, or open a file.`, false, "case");
}

function removeCase() {
  const label = caseLabel(keepCurrent(), desk.current);
  if (!window.confirm(`Remove case ${label} from this session? This cannot be undone.`)) return;
  desk.cases.splice(desk.current, 1);
  if (!desk.cases.length) desk.cases.push(emptySnapshot());
  desk.opened = "";
  showOnly(Math.min(desk.current, desk.cases.length - 1));
}

function sessionCases() {
  // Every case of the session as the case file's keys (blank ones left out); an Error naming a case that
  // cannot be written.
  const here = desk.current;
  keepCurrent();
  const cases = [];
  quietly(() => {
    try {
      for (const [index, entry] of desk.cases.entries()) {
        if (isBlank(entry)) continue;
        applySnapshot(entry);
        try { cases.push(buildCase(entry.source)); } catch (error) { throw new Error(`case ${caseLabel(entry, index)}: ${error.message}`); }
      }
    } finally {
      applySnapshot(desk.cases[here]);
    }
  });
  return cases;
}

async function saveSessionFile() {
  try {
    const cases = sessionCases();
    if (!cases.length) throw new Error("the session has no case yet");
    const toml = await post("/api/case", new URLSearchParams({ name: "session.toml" }), JSON.stringify(cases));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([toml], { type: "application/toml" }));
    link.download = `revsim-session-${new Date().toISOString().slice(0, 10)}.toml`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    say(`The session's ${cases.length} case(s) saved to ${link.download}, each with its settings.`, false, "case");
  } catch (error) {
    say(`Cannot save the session: ${error.message}`, true, "case");
  }
}

async function openSessionFile(file) {
  // A saved session: each of its boards is added to this session as a case (a blank case on screen is replaced).
  try {
    const answer = JSON.parse(await post("/api/load", new URLSearchParams({ format: "toml", name: file.name }), await file.text()));
    const here = keepCurrent();
    const added = quietly(() => answer.boards.map((case_) => { showCase(case_); return { ...snapshotForm(), source: case_, ruled: null }; }));
    const first = isBlank(here) ? desk.current : desk.cases.length;
    desk.cases.splice(first, isBlank(here) ? 1 : 0, ...added);
    desk.opened = "";
    showOnly(first);
    say(`${file.name}: ${answer.boards.length} case(s) added to the session${unreadText(answer)}`, answer.errors.length > 0, "case");
  } catch (error) {
    say(`Cannot open the session ${file.name}: ${error.message}`, true, "case");
  }
}

function restoreSession() {
  const { session, problem } = readStoredSession();
  if (session) {
    desk.cases = session.cases;
    desk.current = session.current;
    applySnapshot(desk.cases[desk.current]);
    showCaseRuling();
    const ruled = desk.cases.filter((entry) => entry.ruled).length;
    say(`The session kept in this browser is back: ${desk.cases.length} case(s), ${ruled} ruled` +
        (session.saved ? `, as it was at ${localTime(session.saved)}` : "") + "." +
        (problem ? ` Some of it could not be read and was set aside (${problem}).` : ""), Boolean(problem), "case");
  } else {
    desk.cases = [emptySnapshot()];
    desk.current = 0;
    if (problem) {
      say(`The session kept in this browser could not be read (${problem}); it was set aside and a new session started.`,
          true, "case");
    }
  }
  drawCaseList();
  desk.ready = true;
  saveSession();
}

function startSession() {
  $("case-list").addEventListener("change", (event) => openCase(Number(event.target.value)));
  $("blank").addEventListener("click", () => newCase(false));
  $("same-deal").addEventListener("click", () => newCase(true));
  $("remove-case").addEventListener("click", removeCase);
  $("save-session").addEventListener("click", saveSessionFile);
  $("session-file").addEventListener("change", (event) => {
    if (event.target.files[0]) openSessionFile(event.target.files[0]);
    event.target.value = "";
  });
}

for (const type of ["input", "change"]) {   // every edit: kept, the case's label redrawn, a ruling marked stale
  document.addEventListener(type, (event) => {
    if (!desk.ready || !event.target.closest || !event.target.closest("main")) return;
    if (["case-list", "board-list", "file", "session-file"].includes(event.target.id)) return;
    afterEdit();
  });
}
document.addEventListener("DOMContentLoaded", startSession);
