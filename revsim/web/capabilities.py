"""What the desk builds its fields from: the estimators with their options, the ruling settings, the record formats
and a claim's vocabulary, read from their registries (pure data: no solver, safe in any thread)."""

from __future__ import annotations

from typing import Any

import revsim.records.fact_specs as fact_specs
import revsim.records.setting_specs as setting_specs
from revsim.claims.normal import NORMAL_RATE, SUIT_ORDERS
from revsim.equity.settings import DEFAULT_ESTIMATOR
from revsim.likely.estimators import ESTIMATORS
from revsim.records.claim import ACTIONS, CLAIM_STATUSES, STEP_KEYS
from revsim.records.fact_specs import FactSpec
from revsim.records.formats import FORMATS as RECORD_FORMATS
from revsim.records.information import SHOWN_EXAMPLES, SHOWN_FORMS, SOURCES


def capabilities() -> dict[str, Any]:
    """``GET /api/capabilities``: the estimators with their options, the ruling settings (``records.setting_specs``),
    the kinds of fact with a one-line form (``records.fact_specs``), the record formats and a claim's vocabulary (its
    statuses, the steps of a statement with the keys each takes, the Law 70 settings) and unauthorised information's
    (Law 16B: where it came from, and the one-line forms of what it showed), from their registries, so the desk builds
    its fields from them (pure data: no solver, safe in any thread)."""
    return {
        "estimators": [{"name": kind.name, "label": kind.label, "summary": kind.summary,
                        "default": kind.name == DEFAULT_ESTIMATOR,
                        "options": [{"name": o.name, "label": o.title, "help": o.help, "default": o.default,
                                     "choices": list(o.choices),
                                     "bounds": None if o.bounds is None else list(o.bounds)}
                                    for o in kind.options]} for kind in ESTIMATORS.values()],
        "settings": [{"name": spec.name, "kind": spec.kind, "default": spec.written, "help": spec.help, "laws": spec.laws,
                      "label": spec.label, "after": spec.after, "choices": list(spec.choices),
                      "choice_labels": list(spec.choice_labels or spec.choices),
                      "bounds": None if spec.bounds is None else list(spec.bounds)}
                     for spec in setting_specs.SETTING_SPECS],
        "facts": [fact_fields(spec) for spec in fact_specs.FACT_SPECS if spec.forms],
        "formats": [{"name": f.name, "suffix": f.suffix, "title": f.title} for f in RECORD_FORMATS.values()],
        "claim": {"statuses": list(CLAIM_STATUSES), "suit_orders": list(SUIT_ORDERS), "normal": NORMAL_RATE,
                  "actions": [{"name": name, "help": help_text, "keys": list(STEP_KEYS[name])}
                              for name, help_text in ACTIONS.items()]},
        "information": {"law": "16B", "sources": list(SOURCES),
                        "shows": [{"kind": kind, "pattern": pattern} for kind, pattern in SHOWN_FORMS],
                        "examples": list(SHOWN_EXAMPLES),
                        "fields": ["player", "trick", "source", "shows"]},
    }


def fact_fields(spec: FactSpec) -> dict[str, Any]:
    """One kind of fact as the desk's field takes it: its case-file table, its words, and its one-line forms (a pattern
    JavaScript reads as Python does, the case-file keys its groups fill, the template that writes an entry back), with
    the keys whose values are numbers or lower-case words and whether the case file keeps them by seat."""
    return {"table": spec.table, "label": spec.label, "noun": spec.noun, "help": spec.help,
            "examples": [list(example) for example in spec.examples], "by_seat": spec.by_seat,
            "forms": [{"pattern": form.pattern, "keys": list(form.keys), "template": form.template} for form in spec.forms],
            "numbers": list(spec.number_keys), "lower": list(spec.lower_keys)}
