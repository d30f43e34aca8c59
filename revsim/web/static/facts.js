// revsim director's desk, the facts a record cannot show: one field a kind of fact, each line one fact, built from
// revsim's table of facts (/api/capabilities, revsim.records.fact_specs): its words, the patterns a line may take,
// the case-file keys each pattern fills and the template that writes an entry back. desk.js loads before it.
"use strict";

function factId(spec) {
  // A kind of fact's field: fact- and its case-file table (fact-penalty_card).
  return `fact-${spec.table}`;
}

function buildFactFields(specs) {
  // The facts' fields, in the order of the table of facts.
  desk.facts = specs;
  const labels = specs.map((spec) => {
    const label = document.createElement("label");
    label.className = "wide";
    label.title = spec.help;
    label.append(`${spec.label}: `);
    spec.examples.forEach(([example, meaning], index) => {
      const code = document.createElement("code");
      code.textContent = example;
      label.append(...(index ? [", "] : []), code, ` (${meaning})`);
    });
    const area = document.createElement("textarea");
    area.id = factId(spec);
    area.rows = 1;
    area.addEventListener("change", draw);   // a lead out of turn moves the table's leader
    label.append(" ", area);
    return label;
  });
  $("fact-fields").replaceChildren(...labels);
}

function factEntry(spec, line) {
  // The case-file entry of one line (null when no pattern of the kind reads it).
  for (const form of spec.forms) {
    const match = new RegExp(form.pattern).exec(line.toUpperCase());
    if (!match) continue;
    const entry = {};
    form.keys.forEach((key, index) => {
      const value = match[index + 1];
      if (value === undefined || value === "") return;
      entry[key] = spec.numbers.includes(key) ? Number(value) : spec.lower.includes(key) ? value.toLowerCase() : value;
    });
    return entry;
  }
  return null;
}

function factLine(spec, entry) {
  // An entry written in the first pattern that holds all its keys.
  const keys = Object.keys(entry).filter((key) => spec.forms.some((form) => form.keys.includes(key)));
  const form = spec.forms.find((candidate) => keys.every((key) => candidate.keys.includes(key))) || spec.forms[0];
  return form.template.replace(/\{(\w+)\}/g, (_, key) => (entry[key] === undefined ? "" : String(entry[key])));
}

function readFactFields(fail) {
  // The facts the fields hold, as the case file's keys (a list of tables, or cards by seat); a line no pattern
  // reads goes to fail(what, line).
  const facts = {};
  for (const spec of desk.facts || []) {
    const entries = [];
    for (const line of lines(factId(spec))) {
      const entry = factEntry(spec, line);
      if (entry) entries.push(entry); else fail(spec.noun, line);
    }
    if (!entries.length) continue;
    if (!spec.by_seat) { facts[spec.table] = entries; continue; }
    const bySeat = {};
    for (const entry of entries) (bySeat[entry.player] = bySeat[entry.player] || []).push(entry.card);
    facts[spec.table] = bySeat;
  }
  return facts;
}

function showFactFields(facts) {
  // A case file's facts in their fields.
  for (const spec of desk.facts || []) {
    const held = facts[spec.table];
    const entries = !held ? [] : spec.by_seat
      ? Object.entries(held).flatMap(([player, cards]) => cards.map((card) => ({ player, card })))
      : held;
    $(factId(spec)).value = entries.map((entry) => factLine(spec, entry)).join("\n");
  }
}

function clearFactFields() {
  for (const spec of desk.facts || []) $(factId(spec)).value = "";
}

function factTables() {
  // The case file's fact tables the fields hold (the others a file gives are kept as it gave them).
  return (desk.facts || []).map((spec) => spec.table);
}
