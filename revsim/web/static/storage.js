// revsim director's desk, the session kept in this browser: every case with its fields, its play, the file it
// came from and its last ruling, written on every change and read back on a reload. What is read back is
// checked field by field: a saved session that cannot be read (a bad copy, an old version, someone else's
// data) is reported once and set aside under its own key, and never breaks a reload or a later save.
"use strict";

const STORE = "revsim-desk-case";
const SET_ASIDE = "revsim-desk-set-aside";
const CARD_TEXT = /^[SHDC][AKQJT2-9]$/;
const MAX_TEXT = 200_000;        // the longest field kept (a long statement is a few thousand characters)
const MAX_STORED_CASES = 200;    // as many as the desk saves to one file

function plainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    && Object.getPrototypeOf(value) === Object.prototype;
}

function checkedRuling(ruled) {
  // A case's last ruling as kept: when, with which form (its fingerprint), the ruling's JSON and its report.
  if (ruled === undefined || ruled === null) return null;
  if (!plainObject(ruled)) throw new Error("a case's ruling is not a table");
  if (typeof ruled.fingerprint !== "string" || typeof ruled.at !== "string" || !plainObject(ruled.board)) {
    throw new Error("a case's ruling lacks its time, its facts or its result");
  }
  const board = ruled.board;
  if (board.status === "ok" && !(plainObject(board.ruling) && Array.isArray(board.ruling.ns) && Array.isArray(board.ruling.ew)
      && typeof board.ruling.law === "string" && Array.isArray(board.revokes))) {
    throw new Error("a case's kept ruling could not be shown (it lacks its law or its scores)");
  }
  if (ruled.report !== undefined && typeof ruled.report !== "string") throw new Error("a case's report is not text");
  if (ruled.toml !== undefined && typeof ruled.toml !== "string") throw new Error("a case's file is not text");
  if (Number.isNaN(Date.parse(ruled.at))) throw new Error(`a ruling's time "${String(ruled.at).slice(0, 40)}" is not a time`);
  return { fingerprint: ruled.fingerprint, at: ruled.at, board: ruled.board, report: ruled.report || "",
           toml: ruled.toml || "", seconds: Number.isFinite(ruled.seconds) ? ruled.seconds : null };
}

function checkedCase(entry) {
  // One case as kept, or an Error saying what is wrong with it.
  if (!plainObject(entry)) throw new Error("a case is not a table of fields");
  if (!plainObject(entry.fields)) throw new Error("a case has no fields");
  const fields = {};
  for (const [id, value] of Object.entries(entry.fields)) {
    if (typeof value !== "string") throw new Error(`the field ${id.slice(0, 40)} holds ${typeof value}, not text`);
    if (value.length > MAX_TEXT) throw new Error(`the field ${id.slice(0, 40)} is longer than ${MAX_TEXT} characters`);
    fields[id] = value;
  }
  const play = entry.play === undefined ? [] : entry.play;
  if (!Array.isArray(play) || play.length > 52 || !play.every((card) => typeof card === "string" && CARD_TEXT.test(card))) {
    throw new Error("a case's play is not a list of at most 52 cards");
  }
  if (entry.source !== undefined && entry.source !== null && !plainObject(entry.source)) {
    throw new Error("a case's file data is not a table");
  }
  return { fields, play: [...play], source: entry.source || null, ruled: checkedRuling(entry.ruled) };
}

function readStoredSession() {
  // { session, problem }: the session kept in this browser (null when there is none or it was set aside), and
  // what was wrong with what was kept (empty when nothing was).
  let text = null;
  try { text = localStorage.getItem(STORE); } catch (error) { return { session: null, problem: "" }; }
  if (text === null) return { session: null, problem: "" };
  let saved;
  const setAside = (why) => {
    try { localStorage.setItem(SET_ASIDE, text); } catch (error) { /* too big to keep twice: dropped */ }
    try { localStorage.removeItem(STORE); } catch (error) { /* storage off: nothing to remove */ }
    return { session: null, problem: why };
  };
  try { saved = JSON.parse(text); } catch (error) { return setAside("it is not JSON"); }
  if (!plainObject(saved)) return setAside("it is not a table of cases");
  const listed = Array.isArray(saved.cases) ? saved.cases : (plainObject(saved.fields) ? [saved] : null);
  if (!listed || !listed.length) return setAside("it holds no case");
  if (listed.length > MAX_STORED_CASES) return setAside(`it holds ${listed.length} cases (at most ${MAX_STORED_CASES})`);
  const cases = [];
  const problems = [];
  for (const [index, entry] of listed.entries()) {
    try { cases.push(checkedCase(entry)); } catch (error) { problems.push(`case ${index + 1}: ${error.message}`); }
  }
  if (!cases.length) return setAside(problems[0]);
  if (problems.length) {
    try { localStorage.setItem(SET_ASIDE, text); } catch (error) { /* dropped */ }
  }
  const current = Number.isInteger(saved.current) && saved.current >= 0 && saved.current < cases.length ? saved.current : 0;
  const kept = typeof saved.saved === "string" && !Number.isNaN(Date.parse(saved.saved)) ? saved.saved : null;
  return { session: { cases, current, saved: kept }, problem: problems.join("; ") };
}

function writeStoredSession(cases, current) {
  // Every case with its last ruling; when the browser's storage is full, the reports are left out (the rulings
  // are kept). Returns what could not be kept, or "".
  const stamp = new Date().toISOString();
  const attempt = (list) => localStorage.setItem(STORE, JSON.stringify({ version: 2, cases: list, current, saved: stamp }));
  try { attempt(cases); return ""; } catch (error) { /* full or off: try without the reports */ }
  try {
    attempt(cases.map((entry) => (entry.ruled ? { ...entry, ruled: { ...entry.ruled, report: "" } } : entry)));
    return "this browser's storage is full: the rulings are kept, their reports are not (rule again to see them)";
  } catch (error) {
    return "this browser does not keep the session (its storage is off or full): save the session to a file to keep it";
  }
}

const localTime = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
