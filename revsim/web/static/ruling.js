// revsim director's desk, the ruling: asking revsim to rule (cancellable, with a wait text that tells the
// truth), showing the ruling, its report and its downloads, keeping them with the case, and marking them at
// once when the case no longer matches them ("the facts changed: rule again", downloads off).
// table.js and desk.js load before it; session.js after it.
"use strict";

const TIMINGS = "revsim-desk-timings";   // how long the last rulings took here, by estimator
desk.ruling = null;                       // the ruling in progress: { controller, started, progress }

function fieldText(board) {
  // The score's worth against the other tables: a weighted score's matchpoints and IMPs, each result weighed.
  const f = board.field, weighted = board.ruling.ns.length > 1 || board.ruling.ew.length > 1;
  const side = (name, s) => `${name} ${s.matchpoints.toFixed(1)}%, ${s.imps_cross >= 0 ? "+" : ""}${s.imps_cross.toFixed(2)} cross-IMPs, ` +
    `${s.imps_datum >= 0 ? "+" : ""}${s.imps_datum.toFixed(2)} IMPs`;
  return `Against the field of ${f.tables} tables (datum ${f.ns.datum >= 0 ? "+" : ""}${f.ns.datum})${weighted ? ", the weighted score" : ""}: ` +
    `${side("North-South", f.ns)}; ${side("East-West", f.ew)}.`;
}

function settleFurther(board) {
  // Where the weights are not settled: the note the report prints beside the score, and a button that rules
  // again with four times the play-outs allowed (Advanced's max play-outs), up to the option's bound.
  const note = Object.assign(document.createElement("p"), { className: "unsettled", textContent: board.ruling.unsettled });
  const most = board.ruling.settled && board.ruling.settled.max_playouts;
  const field = $("option-max_playouts");
  const bound = field ? Number(field.max) : 0;
  if (!most || !bound || most >= bound) return note;
  const more = Math.min(bound, 4 * most);
  const button = Object.assign(document.createElement("button"), { type: "button", id: "settle-further",
    textContent: `Rule again with up to ${more} replays` });
  button.addEventListener("click", () => { field.value = String(more); rule(); });
  note.append(" ", button);
  return note;
}

function sidePlaysTable(plays) {
  // Law 64C2b's plays, each once, by the letter the explanation uses.
  const table = Object.assign(document.createElement("table"), { className: "plays" });
  const row = (cells, tag) => table.appendChild(document.createElement("tr")).append(
    ...cells.map((text) => Object.assign(document.createElement(tag), { textContent: cardsInWords(text) })));
  row(["Play", "What is played", "Declarer's side's tricks"], "th");
  for (const play of plays) row([play.play, play.what, play.outcomes], "td");
  return table;
}

function lastSeconds(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(TIMINGS) || "{}");
    return typeof kept[key] === "number" && Number.isFinite(kept[key]) ? kept[key] : null;
  } catch (error) { return null; }
}

function keepSeconds(key, seconds) {
  try {
    const kept = JSON.parse(localStorage.getItem(TIMINGS) || "{}");
    const others = Object.entries(kept && typeof kept === "object" ? kept : {}).filter(([name]) => name !== key);
    localStorage.setItem(TIMINGS, JSON.stringify(Object.fromEntries([...others.slice(-49), [key, seconds]])));
  } catch (error) { /* storage off: the next wait text says less */ }
}

function shortHash(text) {
  // FNV-1a, 32 bits, as hex: a case's key among the kept timings.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16);
}

function waitText(estimator, key, elapsed, progress) {
  // What the wait is: the seconds so far, what the worker is doing (its own words), and how long this kind of
  // case takes: on the worked cases (the benchmark's range) and at this desk since it started; what this very
  // case took the last time it was ruled here. Past the longest of those, it says so, and that Cancel stops it.
  const last = lastSeconds(key);
  const parts = [`Ruling: ${elapsed} s so far`];
  const p = progress || {};
  if (p.state === "waiting") parts[0] += ` (waiting for the desk's worker${p.ahead ? `, ${p.ahead} ahead` : ""})`;
  if (p.doing) parts[0] += `: ${p.doing}`;
  parts[0] += ".";
  const e = p.expected;
  let longest = last;
  if (e) {
    const solver = e.estimator === "dd" ? "with the double-dummy solver" : "with simulated players";
    if (e.benchmark) {
      const seconds = (value) => (value < 1 ? "under a second" : `${Math.round(value)} s`);
      parts.push(`${e.words[0].toUpperCase()}${e.words.slice(1)} takes up to ${seconds(e.benchmark.high)} ${solver} ` +
        `on the ${e.benchmark.cases} worked cases of its kind (half of them ${e.benchmark.median < 1 ? "" : "within "}` +
        `${seconds(e.benchmark.median)}).`);
      longest = Math.max(longest || 0, e.benchmark.high);
    }
    if (e.here) {
      parts.push(`At this desk the last ${e.here.count === 1 ? "one" : e.here.count} took ` +
        `${e.here.count === 1 ? "" : "up to "}${Math.round(e.here.longest)} s.`);
      longest = Math.max(longest || 0, e.here.longest);
    }
  } else {
    parts.push(estimator === "sd" ? "A single-dummy ruling takes from a few seconds to a minute or two, by the board."
      : "The double-dummy solver takes a few seconds.");
  }
  if (last !== null) parts.push(`This case took ${Math.round(last)} s when last ruled here.`);
  if (longest !== null && elapsed > longest + 5) parts.push("This is longer than such a case takes; Cancel stops it.");
  return parts.join(" ");
}

function requestId() {
  // The id the desk gives a ruling's request, to ask the server how it gets on.
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function followProgress(request, ruling) {
  // Ask the server how the request gets on, once a second, while this ruling runs (a failed ask is skipped).
  while (desk.ruling === ruling) {
    try {
      const response = await fetch(`/api/progress?${new URLSearchParams({ request })}`);
      if (response.ok) ruling.progress = await response.json();
    } catch (error) { /* the next ask may answer */ }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function rule() {
  // One ruling at a time: the Rule button is off and Cancel on while it works; the ruling on screen (if any)
  // is marked as the one before the change.
  if (desk.ruling) return;
  let case_;
  try { case_ = buildCase(currentCase().source); } catch (error) { say(`Cannot rule: ${error.message}`, true, "rule"); return; }
  const estimator = $("estimator").value;
  const controller = new AbortController();
  const started = Date.now();
  const print = $("working");
  const ruledFor = fingerprint();
  const timingKey = `${estimator}:${shortHash(ruledFor)}`;
  const request = requestId();
  const ruling = { controller, started, progress: null };
  const tick = () => {
    print.textContent = waitText(estimator, timingKey, Math.round((Date.now() - started) / 1000), ruling.progress);
  };
  desk.ruling = ruling;
  followProgress(request, ruling);
  const index = desk.current;
  $("rule").disabled = true;
  $("cancel-rule").hidden = false;
  markStale();
  tick();
  const timer = setInterval(tick, 1000);
  try {
    const name = new URLSearchParams({ name: `${case_.board}.toml` });
    const toml = await post("/api/case", name, JSON.stringify(case_), controller.signal);
    const query = settingsQuery();
    query.set("format", "toml");
    query.set("name", `${case_.board}.toml`);
    query.set("request", request);
    const answer = JSON.parse(await post("/api/rule", query, toml, controller.signal));
    const seconds = (Date.now() - started) / 1000;
    keepSeconds(timingKey, seconds);
    desk.cases[index].ruled = { fingerprint: ruledFor, at: new Date().toISOString(), board: answer.board,
                                report: answer.report, toml, seconds };
    if (desk.current === index) {
      showCaseRuling();
      $("ruling-section").scrollIntoView({ behavior: "smooth", block: "start" });
    }
    say(`Case ${index + 1} ruled in ${seconds.toFixed(1)} s.`, false, "rule");
    print.textContent = `Ruled in ${seconds.toFixed(1)} s.`;
  } catch (error) {
    const cancelled = error.name === "AbortError";
    print.textContent = cancelled ? "Cancelled: nothing was ruled." : `Cannot rule: ${error.message}`;
    say(cancelled ? "The ruling was cancelled." : `Cannot rule: ${error.message}`, !cancelled, "rule");
  } finally {
    clearInterval(timer);
    desk.ruling = null;
    $("rule").disabled = false;
    $("cancel-rule").hidden = true;
    afterEdit();
  }
}

function cancelRuling() {
  if (desk.ruling) desk.ruling.controller.abort();
}

function showCaseRuling() {
  // The case on screen's last ruling, its report and its downloads, marked with when and how it was made; or
  // the note that it has none.
  const ruled = currentCase() && currentCase().ruled;
  for (const link of document.querySelectorAll("#downloads a")) {
    if (link.href && link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  }
  if (!ruled) {
    $("ruling").replaceChildren(Object.assign(document.createElement("p"),
      { className: "quiet", textContent: "Enter the board and its play, then press Rule." }));
    $("ruled-when").textContent = "";
    $("ruled-how").hidden = true;
    $("downloads").hidden = true;
    $("report-section").hidden = true;
    markStale();
    return;
  }
  try {
    showRuling(ruled.board);
  } catch (error) {   // a ruling kept by an older desk, say: dropped, and said
    currentCase().ruled = null;
    say(`The kept ruling of case ${desk.current + 1} could not be shown (${error.message}); rule again.`, true, "rule");
    showCaseRuling();
    return;
  }
  const board = ruled.board.board || "case";
  desk.texts = { html: ruled.report, json: JSON.stringify([ruled.board], null, 2), toml: ruled.toml };
  for (const [kind, type] of [["html", "text/html"], ["json", "application/json"], ["toml", "application/toml"]]) {
    const link = $(`download-${kind}`);
    link.dataset.href = desk.texts[kind] ? URL.createObjectURL(new Blob([desk.texts[kind]], { type })) : "";
    link.download = `${board}.${kind}`;
  }
  $("downloads").hidden = false;
  const settings = ruled.board.settings || {};
  $("ruled-when").textContent = `Ruled ${localTime(ruled.at)}` + (ruled.seconds ? ` in ${ruled.seconds.toFixed(1)} s` : "") +
    `: the likely result ${playersInWords(settings)}.`;
  $("ruled-settings").textContent = `${settingsLine(settings)}.`;
  $("ruled-how").hidden = false;
  if (ruled.report) showReport(ruled.report); else $("report-section").hidden = true;
  markStale();
}

function markStale() {
  // A ruling that no longer matches the case on screen is greyed and labelled, its downloads and Print off;
  // while a ruling is at work, the one on screen is marked as the one before it.
  const ruled = currentCase() && currentCase().ruled;
  const working = desk.ruling !== null;
  const stale = Boolean(ruled) && (working || ruled.fingerprint !== fingerprint());
  for (const id of ["ruling-section", "report-section"]) $(id).classList.toggle("stale", stale);
  $("stale-note").hidden = !stale;
  $("stale-banner").hidden = !stale || working;   // in view wherever the case is being edited
  $("stale-note").textContent = working ? "Ruling again: this is the ruling before the change."
    : "The facts changed: rule again. This ruling, its report and its downloads are for the case as it was.";
  for (const link of document.querySelectorAll("#downloads a")) {
    if (stale || !link.dataset.href) { link.removeAttribute("href"); link.setAttribute("aria-disabled", "true"); }
    else { link.href = link.dataset.href; link.removeAttribute("aria-disabled"); }
  }
  $("print").disabled = stale || !ruled;
}

function safeReport(html) {
  // The report page cleaned by DOMPurify (static/purify.min.js, Apache 2.0 or MPL 2.0: purify-LICENSE.txt), a
  // sanitizer kept up against every disguise of script (a saved session is read back from storage, where anything
  // could have been put); its styles are kept, forms and links to other resources are not.
  const clean = DOMPurify.sanitize(html, { WHOLE_DOCUMENT: true, ADD_TAGS: ["style"],
    FORBID_TAGS: ["form", "base", "meta", "link", "iframe", "object", "embed"], FORBID_ATTR: ["action", "formaction"] });
  return new DOMParser().parseFromString(clean, "text/html");
}

function showReport(html) {
  // The report page inside the desk, in its own shadow root (its styles and the desk's do not touch).
  const page = safeReport(html);
  const host = $("report");
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  root.replaceChildren(...page.head.querySelectorAll("style"), ...page.body.childNodes);
  host.classList.toggle("print-method", $("print-method").checked);
  $("report-section").hidden = false;
}

// Outcomes with the weights as revsim writes them (its one rounding rule, sent as "percent").
function outcomeText(outcomes) {
  return outcomes.map((o) => (outcomes.length > 1 ? `${o.percent} of ` : "") + `${o.result} (${o.score >= 0 ? "+" : ""}${o.score} NS)`).join(", ");
}

function playersInWords(settings) {
  // How the likely result was found, in a director's words: "as expert players at the table would play it".
  const kind = (desk.estimators || []).find((entry) => entry.name === settings.estimator);
  if (settings.estimator === "sd") return `as ${settings.level || "expert"} players at the table would play it`;
  return kind ? kind.label : "as revsim's settings say";
}

function settingsLine(settings) {
  const shown = ["estimator", "level", "seed", "regime", "both_sides", "likely", "defence", "max_outcomes", "granularity"];
  const written = (key) => key !== "likely" || typeof settings.likely !== "number" ? settings[key]
    : Math.abs(settings.likely - 1 / 6) < 1e-4 ? "1/6" : `${Math.round(settings.likely * 100)}%`;
  return shown.filter((key) => key in settings).map((key) => `${key.replace("_", " ")} ${written(key)}`).join(", ");
}

function cardsInWords(text) {
  // The cards revsim's sentences name as a record does (SJ, C10) written as everywhere on the page (♠J, ♣10).
  return String(text).replace(/(^|[^\w/.:-])([SHDC])(10|[AKQJT2-9])(?![\w-])/g,
    (whole, before, suit, rank) => before + SYMBOLS[suit] + (rank === "T" ? "10" : rank));
}

function showRuling(board) {
  const box = $("ruling");
  box.replaceChildren();
  const add = (tag, text, className = "") => box.appendChild(Object.assign(document.createElement(tag),
    { textContent: cardsInWords(text), className }));
  if (board.status !== "ok") { add("p", board.reason || board.error, "quiet"); return; }
  // What it rules on, the law that decided the score, then its reasons (the explanation: a claim's clauses, Law
  // 16B's alternatives, the revoke laws' comparison), in the words of the text and the JSON.
  if (board.title) add("h3", board.title, "ruling-title");
  const law = board.ruling.law !== "none" ? board.ruling.headline || `Law ${board.ruling.law}` : "The table result stands";
  add("p", `${law}: ${board.ruling.written}`, "law");
  add("p", `North-South: ${outcomeText(board.ruling.ns)}` +
    (JSON.stringify(board.ruling.ns) === JSON.stringify(board.ruling.ew) ? " (both sides)" : `; East-West: ${outcomeText(board.ruling.ew)}`));
  if (board.field && !board.field.error) add("p", fieldText(board), "field-value");
  else if (board.without_field && board.without_field.text) add("p", board.without_field.text, "field-value");
  if (board.ruling.unsettled) box.append(settleFurther(board));
  if (board.explanation) add("p", board.explanation);
  if ((board.side_plays || []).length) box.append(sidePlaysTable(board.side_plays));
  add("p", `Table result: ${board.table_result} (${board.table_tricks} tricks${board.claimed ? ", claimed" : ""}); ` +
    `tricks transferred: ${board.transfer}.`);
  if (board.claim) add("p", board.claim.text, "claim");
  if (board.revokes.length) {
    const list = document.createElement("ul");
    for (const r of board.revokes) {
      const item = document.createElement("li");
      item.append(Object.assign(document.createElement("b"),
        { textContent: `Trick ${r.trick}, ${SEAT_WORDS[r.player] || r.player}'s ${showCard(normaliseCard(r.card))}: ` }),
        cardsInWords(`${r.established ? `established (${r.established_by})` : "corrected in time"}; ${r.law}: ${r.reason}`));
      list.append(item);
    }
    box.append(list);
  } else {
    add("p", "No revoke in the play.", "quiet");
  }
}

function startRuling() {
  $("rule").addEventListener("click", rule);
  $("cancel-rule").addEventListener("click", cancelRuling);
  $("print").addEventListener("click", () => window.print());   // desk.css prints the ruling and the report
  $("rule-again").addEventListener("click", rule);
  $("print-method").addEventListener("change", () => $("report").classList.toggle("print-method", $("print-method").checked));
  for (const link of document.querySelectorAll("#downloads a")) {
    link.addEventListener("click", (event) => { if (!link.getAttribute("href")) event.preventDefault(); });
  }
}

document.addEventListener("DOMContentLoaded", startRuling);
