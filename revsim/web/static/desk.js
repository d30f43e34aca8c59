// revsim director's desk, the forms: the facts, the settings, loading a file, ruling and showing the ruling.
// table.js (loaded before it) holds the deal and the play; the ruling itself always comes from revsim (/api/...).
"use strict";

// Where a message shows: beside the control that caused it (a notice in its section, under the table for the
// play), and in the header line. Without a place, the section of the control in use. A notice stays until its
// place has something else to say, so nothing above the table moves while cards are played.
const NOTICES = { case: "notice-case", auction: "notice-auction", play: "notice-play", facts: "notice-facts",
                  rule: "notice-rule" };

function say(text, isError = false, place = "") {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
  const section = document.activeElement && document.activeElement.closest ? document.activeElement.closest("section") : null;
  const guessed = { case: "case", "table-section": "play", "facts-section": "facts", "rule-section": "rule" }[section ? section.id : ""];
  const notice = $(NOTICES[place || guessed || "case"]);
  notice.textContent = text;
  notice.className = "notice" + (isError ? " error" : "");
  notice.hidden = !text;
}

// ---- the case as the case file's keys ------------------------------------------------------------------
function lines(id) {
  return $(id).value.split("\n").map((line) => line.trim()).filter((line) => line);
}

function readFacts(strict = true) {
  // The facts in the case file's form; with strict, a line that cannot be read throws naming it.
  const facts = {};
  const fail = (what, line) => { if (strict) throw new Error(`${what}: cannot read "${line}"`); };
  const collect = (id, pattern, make, what) => {
    const entries = [];
    for (const line of lines(id)) {
      const match = pattern.exec(line.toUpperCase());
      if (match) entries.push(make(match)); else fail(what, line);
    }
    return entries;
  };
  if ($("noticed").value) facts.noticed = $("noticed").value;
  const noticedAt = $("noticed-trick").value.trim();
  if (/^\d{1,2}$/.test(noticedAt)) facts.noticed_at_trick = Number(noticedAt);
  else if (/^\d{1,2}\.[0-3]$/.test(noticedAt)) facts.noticed_at = noticedAt;
  else if (noticedAt) fail("attention drawn during the play (T or T.N, like 4 or 4.1)", noticedAt);
  Object.assign(facts, readFactFields(fail));   // facts.js
  const tables = {
    judgement: collect("outcomes", /^(?:(T\d{1,2}[NESW]?)\s*=\s*)?(\d.*)$/,
      (m) => ({ ...(m[1] ? { world: "t" + m[1].slice(1) } : {}), outcomes: m[2].replace(/\s+/g, "") }),
      "the director's weights"),
  };
  for (const [name, entries] of Object.entries(tables)) if (entries.length) facts[name] = entries;
  return facts;
}

function buildCase(source = null) {
  // The case file's keys from the form, with what the file it came from held and the form does not show (a
  // lead restriction's why, a correction's later changes...) kept, and the settings it is ruled with.
  if (!desk.hands) throw new Error("enter the deal first");
  const contract = parseContract();
  if (!contract) throw new Error("enter the contract, like 4S or 3NTX");
  const case_ = { board: $("board").value.trim() || "desk-1", deal: $("deal").value.trim(), contract: contract.text,
                  declarer: contract.declarer, vulnerable: $("vulnerable").value, dealer: $("dealer").value };
  const calls = $("auction").value.trim().split(/[\s,]+/).filter((call) => call);
  if (calls.length) case_.auction = calls;
  const state = replay();
  case_.play = [...state.tricks.map((t) => t.cards), ...(state.current.length ? [state.current] : [])]
    .map((cards) => cards.map((item) => item.card).join(" "));
  const firstTrick = Number($("start-trick").value) || 1;
  if (firstTrick > 1) {
    case_.start = { trick: firstTrick, leader: $("start-leader").value || nextSeat(contract.declarer),
                    declarer_tricks: Number($("start-won").value) || 0 };
  }
  const claim = claimOfForm(firstTrick, case_.play.length);   // claim.js
  if (claim) case_.claim = claim;
  const information = informationOfForm();   // information.js
  if (information) case_.information = information;
  for (const key of CASE_DETAILS) if ($(key).value.trim()) case_[key] = $(key).value.trim();
  const players = Object.fromEntries(SEATS.split("").map((seat) => [seat, $(`player-${seat}`).value.trim()])
    .filter(([, name]) => name));
  if (Object.keys(players).length) case_.players = players;
  for (const key of ["statements", "findings"]) {
    const said = lines(key);
    if (said.length) case_[key] = said;
  }
  const facts = readFacts(true);
  if (Object.keys(facts).length) case_.facts = facts;
  case_.settings = caseSettings();
  return source ? withSource(case_, source) : case_;
}

function withSource(case_, source) {
  // The case with the keys of its file the form does not hold: an entry of a fact table gets its file
  // entry's other keys when the form's keys all match it; the end position likewise (the form holds all of a
  // claim, so a step taken out stays out).
  const merged = { ...case_ };
  const matches = (mine, theirs) => Object.entries(mine).every(([key, value]) => JSON.stringify(theirs[key]) === JSON.stringify(value));
  for (const key of ["start"]) {
    if (merged[key] && source[key] && typeof source[key] === "object") merged[key] = { ...source[key], ...merged[key] };
  }
  if (source.facts && typeof source.facts === "object") {
    const facts = { ...(merged.facts || {}) };
    for (const [table, entries] of Object.entries(facts)) {
      const theirs = Array.isArray(source.facts[table]) ? source.facts[table] : [];
      if (Array.isArray(entries)) facts[table] = entries.map((entry) => ({ ...(theirs.find((t) => matches(entry, t)) || {}), ...entry }));
    }
    const held = formFacts();
    for (const [table, entries] of Object.entries(source.facts)) {   // facts the form has no field for: kept
      if (!held.has(table) && !(table in facts)) facts[table] = entries;
    }
    if (Object.keys(facts).length) merged.facts = facts;
  }
  return merged;
}

// The facts the form holds (what the file says of the others is kept as it was).
function formFacts() {
  return new Set(["noticed", "noticed_at", "noticed_at_trick", "judgement", ...factTables()]);   // facts.js
}

function caseSettings() {
  // How the case is ruled, as the case file's settings table (revsim adjudicate uses it for the saved file).
  const kind = desk.estimators.find((entry) => entry.name === $("estimator").value);
  const options = Object.fromEntries((kind ? kind.options : []).map((option) => {
    const value = $(`option-${option.name}`).value;
    return [option.name, typeof option.default === "number" && /^-?\d+$/.test(value.trim()) ? Number(value) : value];
  }));
  const settings = { estimator: $("estimator").value };
  for (const spec of desk.settings || []) {
    const value = $(settingId(spec)).value.trim() || spec.default;
    settings[spec.name] = spec.kind === "whole" ? Number(value) || Number(spec.default) : value;
  }
  if (Object.keys(options).length) settings.estimator_options = options;
  return settings;
}

function showSettings(settings) {
  // The settings a case file was ruled with, in the form (the defaults where it says nothing).
  const given = settings && typeof settings === "object" ? settings : {};
  const pick = (id, value, fallback) => { $(id).value = value !== undefined ? String(value) : fallback; };
  const estimator = desk.estimators.find((entry) => entry.name === given.estimator) || desk.estimators.find((entry) => entry.default);
  if (estimator) $("estimator").value = estimator.name;
  for (const kind of desk.estimators) {
    for (const option of kind.options) {
      const value = kind === estimator && given.estimator_options ? given.estimator_options[option.name] : undefined;
      pick(`option-${option.name}`, value, String(option.default));
    }
  }
  for (const spec of desk.settings || []) pick(settingId(spec), given[spec.name], spec.default);
  showEstimatorOptions();
}

// The case details a case file keeps as text (players, statements and findings are filled apart).
const CASE_DETAILS = ["event", "date", "session", "table", "director", "scoring"];

function showCase(case_) {
  // Fill the form from a board of a loaded file (the case file's keys).
  $("board").value = case_.board || "desk-1";
  $("deal").value = case_.deal || "";
  $("dealer").value = case_.dealer || "N";
  $("vulnerable").value = case_.vulnerable || "None";
  $("contract").value = case_.contract || "";
  $("declarer").value = case_.declarer || "S";
  $("auction").value = (case_.auction || []).join(" ");
  $("start-trick").value = case_.start ? case_.start.trick : 1;
  $("start-leader").value = case_.start ? case_.start.leader : "";
  $("start-won").value = case_.start ? case_.start.declarer_tricks : 0;
  $("claim-by").value = case_.claim ? (case_.claim.by || "declarer") : "";
  $("claim-tricks").value = case_.claim ? case_.claim.declarer_tricks : "";
  $("claim-statement").value = case_.claim && case_.claim.statement ? case_.claim.statement : "";
  claimOfCase(case_.claim);   // claim.js
  informationOfCase(case_.information);   // information.js
  for (const key of CASE_DETAILS) $(key).value = case_[key] !== undefined ? String(case_[key]) : "";
  for (const seat of SEATS) $(`player-${seat}`).value = (case_.players || {})[seat] || "";
  for (const key of ["statements", "findings"]) $(key).value = (case_[key] || []).join("\n");
  if (desk.estimators.length && case_.settings) showSettings(case_.settings);   // else the settings on screen stay
  const facts = case_.facts || {};
  $("noticed").value = facts.noticed || "";
  $("noticed-trick").value = facts.noticed_at || facts.noticed_at_trick || "";
  $("outcomes").value = (facts.judgement || []).map((j) => (j.world ? `${j.world} = ` : "") + j.outcomes).join("\n");
  showFactFields(facts);   // facts.js
  setDeal();
  drawAuction();
  desk.play = (case_.play || []).flatMap((trick) => trick.split(/\s+/).filter((card) => card)).map(normaliseCard);
  draw();
}

function normaliseCard(text) {
  const card = text.toUpperCase().replace("10", "T");
  return card.length === 2 ? card : card[0] + card.slice(-1);
}

function setDeal() {
  try {
    desk.hands = $("deal").value.trim() ? parseDeal($("deal").value) : null;
    if ($("notice-case").classList.contains("error")) say("", false, "case");
    if (typeof drawDealGrid === "function") drawDealGrid();   // dealentry.js
  } catch (error) {
    desk.hands = null;
    say(`Deal: ${error.message}`, true, "case");
  }
}

// ---- talking to revsim ---------------------------------------------------------------------------------
function settingsQuery() {
  const query = new URLSearchParams();
  query.set("estimator", $("estimator").value);
  for (const spec of desk.settings || []) query.set(spec.name, $(settingId(spec)).value);
  const kind = desk.estimators.find((entry) => entry.name === $("estimator").value);
  for (const option of kind ? kind.options : []) query.set(option.name, $(`option-${option.name}`).value);
  if ($("field").value.trim()) query.set("field", $("field").value.trim().replace(/\s+/g, ""));
  return query;
}

async function post(path, query, body, signal = undefined) {
  const response = await fetch(`${path}?${query}`, { method: "POST", body, signal });
  const text = await response.text();
  if (!response.ok) {
    let problem = text;
    try { problem = JSON.parse(text).error; } catch (ignored) { /* not JSON: show the text */ }
    throw new Error(problem);
  }
  return text;
}

function unreadText(answer) {
  // The boards of a loaded file that could not be read, as the end of the message that says it was loaded.
  return answer.errors.length ? `; ${answer.errors.length} could not be read: ${answer.errors[0].error}` : "";
}

async function loadFile(file) {
  const extension = file.name.split(".").pop().toLowerCase();
  const suffixes = desk.formats.map((entry) => entry.name);
  if (!suffixes.includes(extension)) { say(`${file.name}: revsim reads ${suffixes.map((s) => "." + s).join(", ")} files`, true, "case"); return; }
  try {
    const text = await file.text();
    const answer = JSON.parse(await post("/api/load", new URLSearchParams({ format: extension, name: file.name }), text));
    desk.loaded = answer.boards;
    desk.fileName = file.name;
    const list = $("board-list");
    list.replaceChildren(...answer.boards.map((board, index) =>
      Object.assign(document.createElement("option"), { value: String(index),
        textContent: `${board.board}${board.contract ? ` (${board.contract} by ${board.declarer})` : ""}`
          + (board.table ? `, table ${board.table}` : "") + (board.players && board.players.N
            ? `, ${["N", "E", "S", "W"].map((seat) => board.players[seat] || "?").join("-")}` : ""),
        title: `record ${index + 1} of ${answer.boards.length}` })));
    const where = answer.boards.length ? `, ${openRecord(answer.boards[0])}` : "";   // session.js
    say(`${file.name}: ${answer.boards.length} board(s)${where}${unreadText(answer)}`, answer.errors.length > 0, "case");
  } catch (error) {
    say(`Cannot load ${file.name}: ${error.message}`, true, "case");
  }
}

const BOARD_FIELDS = ["board", "deal", "dealer", "vulnerable", "contract", "declarer"];

function blankCase(keepDeal = false) {
  // A new case: the play, the facts and the findings cleared; the board itself too (deal, dealer, vulnerability,
  // contract: a blank board), unless keepDeal (another table's case on the same board).
  const keep = Object.fromEntries(BOARD_FIELDS.map((id) => [id, keepDeal ? $(id).value : initialValue($(id))]));
  for (const id of ["auction", "claim-statement", "claim-tricks", "claim-after", "claim-steps-data", "claim-order",
                    "noticed", "noticed-trick", "field", "outcomes", "table", "statements",
                    "findings", "player-N", "player-E", "player-S", "player-W"]) $(id).value = "";
  clearFactFields();   // facts.js
  clearInformation();   // information.js
  $("claim-by").value = ""; $("claim-status").value = "agreed"; $("start-trick").value = 1; $("start-leader").value = ""; $("start-won").value = 0;
  Object.entries(keep).forEach(([id, value]) => { $(id).value = value; });
  desk.play = [];
  setDeal();
  drawAuction();
  draw();
}

function field(labelText, control) {
  const label = document.createElement("label");
  label.append(labelText + " ", control);
  return label;
}

function settingId(spec) {
  // A ruling setting's field: its name with dashes (max_outcomes: max-outcomes).
  return spec.name.replaceAll("_", "-");
}

function settingField(spec) {
  // One ruling setting's field, as the table of settings declares it (revsim.records.setting_specs).
  let control;
  if (spec.choices.length) {
    control = document.createElement("select");
    spec.choices.forEach((choice, index) => control.add(new Option(spec.choice_labels[index], choice,
                                                                   choice === spec.default, choice === spec.default)));
  } else {
    control = document.createElement("input");
    control.value = spec.default;
    if (spec.kind === "whole") control.type = "number";
    else control.size = 5;
    if (spec.bounds) [control.min, control.max] = spec.bounds;
  }
  control.id = settingId(spec);
  const label = field(spec.label, control);
  label.title = spec.help;
  if (spec.after) label.append(` ${spec.after}`);
  return label;
}

async function loadCapabilities() {
  // The estimators, their options, the ruling settings, the kinds of fact and the record formats come from revsim's
  // registries.
  const answer = await (await fetch("/api/capabilities")).json();
  desk.estimators = answer.estimators;
  desk.settings = answer.settings;
  desk.formats = answer.formats;
  $("setting-fields").replaceChildren(...answer.settings.map(settingField));
  buildFactFields(answer.facts);   // facts.js
  loadClaimVocabulary(answer.claim);   // claim.js
  loadInformationVocabulary(answer.information);   // information.js
  $("file").accept = answer.formats.map((entry) => entry.suffix).join(",");
  const select = document.createElement("select");
  select.id = "estimator";
  select.title = answer.estimators.map((kind) => `${kind.name}: ${kind.summary}`).join("\n");
  const options = new Map();
  for (const kind of answer.estimators) {
    select.add(new Option(`${kind.label} (${kind.name})`, kind.name, kind.default, kind.default));
    for (const option of kind.options) options.set(option.name, option);
  }
  const fields = [];
  for (const option of options.values()) {
    let control;
    if (option.choices.length) {
      control = document.createElement("select");
      for (const choice of option.choices) control.add(new Option(choice, choice, choice === option.default, choice === option.default));
    } else {
      control = document.createElement("input");
      control.type = typeof option.default === "number" ? "number" : "text";
      control.value = option.default;
      if (option.bounds) [control.min, control.max] = option.bounds;
    }
    control.id = `option-${option.name}`;
    control.title = option.help;
    const label = field(option.label[0].toUpperCase() + option.label.slice(1), control);
    label.dataset.option = option.name;
    fields.push(label);
  }
  $("estimator-fields").replaceChildren(field("The likely result without the infraction,", select));
  $("option-fields").replaceChildren(...fields);
  select.addEventListener("change", showEstimatorOptions);
  showEstimatorOptions();
}

function showEstimatorOptions() {
  // Only the chosen estimator's own options are shown.
  const kind = desk.estimators.find((entry) => entry.name === ($("estimator") || {}).value);
  const own = new Set(kind ? kind.options.map((option) => option.name) : []);
  for (const label of document.querySelectorAll("#option-fields label[data-option]")) label.hidden = !own.has(label.dataset.option);
}

function start() {
  loadCapabilities().catch((error) => say(`cannot read revsim's estimators: ${error}`, true, "rule")).finally(restoreSession);
  $("file").addEventListener("change", (event) => event.target.files[0] && loadFile(event.target.files[0]));
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault(); drop.classList.remove("over");
    if (event.dataTransfer.files[0]) loadFile(event.dataTransfer.files[0]);
  });
  $("board-list").addEventListener("change", (event) => desk.loaded[event.target.value] && openRecord(desk.loaded[event.target.value]));
  $("deal").addEventListener("change", dealEdited);   // entry.js: keeps the play the new deal still fits
  for (const id of ["contract", "declarer", "start-trick", "start-leader"]) $(id).addEventListener("change", draw);
  $("contract").addEventListener("change", () => {
    try { parseContract(); say("", false, "case"); } catch (error) { say(`Contract: ${error.message}`, true, "case"); }
  });
  $("undo").addEventListener("click", stepBack);       // entry.js: the card can be stepped forward again
  $("clear-play").addEventListener("click", () => {
    if (desk.play.length && !window.confirm(`Clear the ${desk.play.length} card(s) entered? This cannot be undone.`)) return;
    desk.play = [];
    draw();
  });
  draw();
}

document.addEventListener("DOMContentLoaded", start);
