// revsim director's desk, the forms: the facts, the settings, loading a file, ruling and showing the ruling.
// table.js (loaded before it) holds the deal and the play; the ruling itself always comes from revsim (/api/...).
"use strict";

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
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
  const hidden = {};
  for (const [, seat, card] of collect("hidden-cards", /^([NESW]):(\S+)$/, (m) => m, "hidden cards")) {
    (hidden[seat] = hidden[seat] || []).push(card);
  }
  if (Object.keys(hidden).length) facts.hidden_cards = hidden;
  const tables = {
    correction: collect("corrections", /^([NESW]):(\S+)>(\S+)@(\d+)$/,
      (m) => ({ trick: Number(m[4]), player: m[1], withdrawn: m[2], substituted: m[3] }), "corrected revokes"),
    penalty_card: collect("penalty-cards", /^([NESW]):(\S+)@(\d+)$/,
      (m) => ({ player: m[1], card: m[2], from_trick: Number(m[3]) }), "penalty cards"),
    lead_restriction: collect("lead-restrictions", /^([NESW]):(!?)([SHDC])@(\d+)$/,
      (m) => ({ trick: Number(m[4]), player: m[1], [m[2] ? "must_not_lead" : "must_lead"]: m[3] }), "lead restrictions"),
    lead_out_of_turn: collect("leads-out-of-turn", /^([NESW])@(\d+)$/,
      (m) => ({ trick: Number(m[2]), player: m[1] }), "leads out of turn"),
    judgement: collect("outcomes", /^(?:(T\d{1,2}[NESW]?)\s*=\s*)?(\d.*)$/,
      (m) => ({ ...(m[1] ? { world: "t" + m[1].slice(1) } : {}), outcomes: m[2].replace(/\s+/g, "") }),
      "the director's weights"),
  };
  for (const [name, entries] of Object.entries(tables)) if (entries.length) facts[name] = entries;
  return facts;
}

function buildCase() {
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
  if ($("claim-by").value) {
    if ($("claim-tricks").value === "") throw new Error("a claim needs declarer's total tricks");
    case_.claim = { declarer_tricks: Number($("claim-tricks").value), by: $("claim-by").value };
    if ($("claim-statement").value.trim()) case_.claim.statement = $("claim-statement").value.trim();
  }
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
  return case_;
}

// The case details a case file keeps as text (players, statements and findings are filled apart).
const CASE_DETAILS = ["event", "date", "session", "table", "director"];

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
  for (const key of CASE_DETAILS) $(key).value = case_[key] !== undefined ? String(case_[key]) : "";
  for (const seat of SEATS) $(`player-${seat}`).value = (case_.players || {})[seat] || "";
  for (const key of ["statements", "findings"]) $(key).value = (case_[key] || []).join("\n");
  const facts = case_.facts || {};
  $("noticed").value = facts.noticed || "";
  $("noticed-trick").value = facts.noticed_at || facts.noticed_at_trick || "";
  $("outcomes").value = (facts.judgement || []).map((j) => (j.world ? `${j.world} = ` : "") + j.outcomes).join("\n");
  $("corrections").value = (facts.correction || []).map((c) => `${c.player}:${c.withdrawn}>${c.substituted}@${c.trick}`).join("\n");
  $("penalty-cards").value = (facts.penalty_card || []).map((p) => `${p.player}:${p.card}@${p.from_trick}`).join("\n");
  $("lead-restrictions").value = (facts.lead_restriction || [])
    .map((r) => `${r.player}:${r.must_lead || "!" + r.must_not_lead}@${r.trick}`).join("\n");
  $("hidden-cards").value = Object.entries(facts.hidden_cards || {}).flatMap(([seat, cards]) => cards.map((c) => `${seat}:${c}`)).join("\n");
  $("leads-out-of-turn").value = (facts.lead_out_of_turn || []).map((l) => `${l.player}@${l.trick}`).join("\n");
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
    say("");
  } catch (error) {
    desk.hands = null;
    say(`Deal: ${error.message}`, true);
  }
}

// ---- talking to revsim ---------------------------------------------------------------------------------
// One setting as the report's footer writes it; sd's blend (a weight for each agreement of the play-outs and
// each cut) as "unanimous 0.6 / 0.55 / 0.5; strong ...; split ... (after 1 / 3 / 6 tricks)".
function settingText(key, value) {
  const byCut = (part) => Object.values(part).join(" / ");
  if (value !== null && typeof value === "object") {
    const parts = Object.values(value);
    if (parts.length && parts.every((part) => part !== null && typeof part === "object")) {
      return `${key} = ${Object.entries(value).map(([name, part]) => `${name} ${byCut(part)}`).join("; ")} ` +
        `(after ${Object.keys(parts[0]).join(" / ")} tricks)`;
    }
    return `${key} = ${byCut(value)} (after ${Object.keys(value).join(" / ")} tricks)`;
  }
  return `${key} = ${value}`;
}

function settingsQuery() {
  const query = new URLSearchParams();
  for (const [key, id] of [["estimator", "estimator"], ["regime", "regime"], ["both_sides", "both-sides"],
                           ["substitute", "substitute"]]) query.set(key, $(id).value);
  const kind = desk.estimators.find((entry) => entry.name === $("estimator").value);
  for (const option of kind ? kind.options : []) query.set(option.name, $(`option-${option.name}`).value);
  if ($("field").value.trim()) query.set("field", $("field").value.trim().replace(/\s+/g, ""));
  return query;
}

async function post(path, query, body) {
  const response = await fetch(`${path}?${query}`, { method: "POST", body });
  const text = await response.text();
  if (!response.ok) {
    let problem = text;
    try { problem = JSON.parse(text).error; } catch (ignored) { /* not JSON: show the text */ }
    throw new Error(problem);
  }
  return text;
}

async function rule() {
  // While it works: the button is disabled and a status beside it says what is happening and for how long.
  const button = $("rule");
  const started = Date.now();
  const working = () => { $("working").textContent = `Ruling: ${Math.round((Date.now() - started) / 1000)} s (the simulated play-outs take a few seconds)`; };
  let timer = null;
  try {
    const case_ = buildCase();
    button.disabled = true;
    working();
    timer = setInterval(working, 1000);
    say("Ruling...");
    const name = new URLSearchParams({ name: `${case_.board}.toml` });
    const toml = await post("/api/case", name, JSON.stringify(case_));
    const query = settingsQuery();
    query.set("format", "toml");
    query.set("name", `${case_.board}.toml`);
    const answer = JSON.parse(await post("/api/rule", query, toml));  // one request: the ruling and its report
    const json = JSON.stringify([answer.board], null, 2);
    const html = answer.report;
    desk.texts = { toml, json, html };
    showRuling(answer.board);
    for (const [kind, type] of [["html", "text/html"], ["json", "application/json"], ["toml", "application/toml"]]) {
      const link = $(`download-${kind}`);
      if (link.href) URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(new Blob([desk.texts[kind]], { type }));
      link.download = `${case_.board}.${kind}`;
    }
    $("downloads").hidden = false;
    showReport(html);
    say("Ruled.");
    $("working").textContent = `Ruled in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
    $("ruling-section").scrollIntoView({ behavior: "smooth", block: "start" });
  } catch (error) {
    say(`Cannot rule: ${error.message}`, true);
    $("working").textContent = `Cannot rule: ${error.message}`;
  } finally {
    if (timer) clearInterval(timer);
    button.disabled = false;
  }
}

function showReport(html) {
  // The report page inside the desk, read as the page reads (no box of its own): its body and its style
  // sheet go into a shadow root, so the report's styles and the desk's do not touch each other.
  const page = new DOMParser().parseFromString(html, "text/html");
  const host = $("report");
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  root.replaceChildren(...page.head.querySelectorAll("style"), ...page.body.childNodes);
  $("report-section").hidden = false;
}

function hideRuling() {
  // Another case is shown: its ruling is not the one on screen.
  $("ruling").replaceChildren(Object.assign(document.createElement("p"),
    { className: "quiet", textContent: "Enter the board and its play, then press Rule." }));
  $("downloads").hidden = true;
  $("report-section").hidden = true;
  $("working").textContent = "";
}

// Outcomes with the weights as revsim writes them (its one rounding rule, sent as "percent").
function outcomeText(outcomes) {
  return outcomes.map((o) => (outcomes.length > 1 ? `${o.percent} of ` : "") + `${o.result} (${o.score >= 0 ? "+" : ""}${o.score} NS)`).join(", ");
}

function showRuling(board) {
  const box = $("ruling");
  box.replaceChildren();
  const add = (tag, text, className = "") => box.appendChild(Object.assign(document.createElement(tag), { textContent: text, className }));
  if (board.status !== "ok") { add("p", board.reason || board.error, "quiet"); return; }
  const law = board.ruling.law === "none" ? "The table result stands" : `Law ${board.ruling.law}`;
  add("p", `${law}: ${board.ruling.written}`, "law");
  add("p", `North-South: ${outcomeText(board.ruling.ns)}` +
    (JSON.stringify(board.ruling.ns) === JSON.stringify(board.ruling.ew) ? " (both sides)" : `; East-West: ${outcomeText(board.ruling.ew)}`));
  if (board.ruling.distribution_ns.length > board.ruling.ns.length) {
    add("p", `The full estimate behind it: ${outcomeText(board.ruling.distribution_ns)}` +
      (JSON.stringify(board.ruling.distribution_ns) === JSON.stringify(board.ruling.distribution_ew) ? "" :
        `; East-West: ${outcomeText(board.ruling.distribution_ew)}`), "quiet");
  }
  if (board.explanation) add("p", board.explanation);
  add("p", `Table result: ${board.table_result} (${board.table_tricks} tricks${board.claimed ? ", claimed" : ""}); ` +
    `tricks transferred: ${board.transfer}.`);
  if (board.claim) add("p", board.claim.text, "claim");
  if (board.revokes.length) {
    const list = document.createElement("ul");
    for (const r of board.revokes) {
      const item = document.createElement("li");
      item.append(Object.assign(document.createElement("b"), { textContent: `Trick ${r.trick}, ${r.player}'s ${r.card}: ` }),
        `${r.established ? `established (${r.established_by})` : "corrected in time"}; ${r.law}: ${r.reason}`);
      list.append(item);
    }
    box.append(list);
  } else {
    add("p", "No revoke in the play.", "quiet");
  }
  add("p", "Settings: " + Object.entries(board.settings || {}).map(([k, v]) => settingText(k, v)).join(", "), "quiet");
}

function unreadText(answer) {
  // The boards of a loaded file that could not be read, as the end of the message that says it was loaded.
  return answer.errors.length ? `; ${answer.errors.length} could not be read: ${answer.errors[0].error}` : "";
}

async function loadFile(file) {
  const extension = file.name.split(".").pop().toLowerCase();
  const suffixes = desk.formats.map((entry) => entry.name);
  if (!suffixes.includes(extension)) { say(`${file.name}: revsim reads ${suffixes.map((s) => "." + s).join(", ")} files`, true); return; }
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
    if (answer.boards.length) openRecord(answer.boards[0]);   // session.js: added as a case when one is being worked
    say(`${file.name}: ${answer.boards.length} board(s)${unreadText(answer)}`, answer.errors.length > 0);
  } catch (error) {
    say(`Cannot load ${file.name}: ${error.message}`, true);
  }
}

function blankCase() {
  const keep = { board: $("board").value, deal: $("deal").value, dealer: $("dealer").value, vulnerable: $("vulnerable").value,
                 contract: $("contract").value, declarer: $("declarer").value };
  for (const id of ["auction", "claim-statement", "claim-tricks", "noticed-trick", "corrections", "penalty-cards",
                    "lead-restrictions", "hidden-cards", "leads-out-of-turn", "field", "outcomes", "table", "statements",
                    "findings", "player-N", "player-E", "player-S", "player-W"]) $(id).value = "";
  $("claim-by").value = ""; $("noticed").value = ""; $("start-trick").value = 1; $("start-leader").value = ""; $("start-won").value = 0;
  Object.entries(keep).forEach(([id, value]) => { $(id).value = value; });
  desk.play = [];
  setDeal();
  drawAuction();
  draw();
  say("A new case: the deal and contract are kept (change them as needed); click the cards in the order played.");
}

function field(labelText, control) {
  const label = document.createElement("label");
  label.append(labelText + " ", control);
  return label;
}

async function loadCapabilities() {
  // The estimators, their options and the record formats come from revsim's registries.
  const answer = await (await fetch("/api/capabilities")).json();
  desk.estimators = answer.estimators;
  desk.formats = answer.formats;
  $("file").accept = answer.formats.map((entry) => entry.suffix).join(",");
  const select = document.createElement("select");
  select.id = "estimator";
  select.title = answer.estimators.map((kind) => `${kind.name}: ${kind.summary}`).join("\n");
  const options = new Map();
  for (const kind of answer.estimators) {
    select.add(new Option(`${kind.name}: ${kind.label}`, kind.name, kind.default, kind.default));
    for (const option of kind.options) options.set(option.name, option);
  }
  const fields = [field("Estimator", select)];
  for (const option of options.values()) {
    let control;
    if (option.choices.length) {
      control = document.createElement("select");
      for (const choice of option.choices) control.add(new Option(choice, choice, choice === option.default, choice === option.default));
    } else {
      control = document.createElement("input");
      control.type = typeof option.default === "number" ? "number" : "text";
      control.value = option.default;
    }
    control.id = `option-${option.name}`;
    control.title = option.help;
    const label = field(option.name[0].toUpperCase() + option.name.slice(1), control);
    label.dataset.option = option.name;
    fields.push(label);
  }
  $("estimator-fields").replaceChildren(...fields);
  const showOwnOptions = () => {
    const kind = desk.estimators.find((entry) => entry.name === select.value);
    const own = new Set(kind.options.map((option) => option.name));
    for (const label of fields.slice(1)) label.hidden = !own.has(label.dataset.option);
  };
  select.addEventListener("change", showOwnOptions);
  showOwnOptions();
}

function start() {
  loadCapabilities().catch((error) => say(`cannot read revsim's estimators: ${error}`, true)).finally(restoreSession);
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
  for (const id of ["contract", "declarer", "start-trick", "start-leader", "leads-out-of-turn"]) $(id).addEventListener("change", draw);
  $("contract").addEventListener("change", () => {
    try { parseContract(); say(""); } catch (error) { say(`Contract: ${error.message}`, true); }
  });
  $("undo").addEventListener("click", stepBack);       // entry.js: the card can be stepped forward again
  $("clear-play").addEventListener("click", () => {
    if (desk.play.length && !window.confirm(`Clear the ${desk.play.length} card(s) entered? This cannot be undone.`)) return;
    desk.play = [];
    draw();
  });
  $("print").addEventListener("click", () => window.print());   // desk.css prints the ruling and the report
  $("rule").addEventListener("click", rule);
  draw();
}

document.addEventListener("DOMContentLoaded", start);
