"""How a board is ruled, declared once: each ruling setting with its kind, default, choices or bounds, help and the
laws it touches.

The command line's options (``cli.options``), the desk's fields (``web.capabilities``), the query parameters of the
desk's API (``web.service``), a case file's ``settings`` table (``records.caseschema``) and the JSON's ``settings``
(``outputs.dicts``) are made from ``SETTING_SPECS``; ``equity.settings.Settings`` holds the values. A new setting is
one entry here; the law that reads it asks ``Settings.value`` for it (or gets a typed field of its own). The estimator
and its options have their own registry (``likely.estimators``); when attention was drawn and the director's
own weights are facts of the board (``records.facts``, ``records.judgement``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from revsim.records.numbers import shown, whole_number

SettingValue = str | int | float
SettingKind = Literal["choice", "whole", "share"]


def parse_share(text: str, name: str, examples: str) -> float:
    """A share written as ``1/6``, ``0.17`` or ``17%``, as a number; ValueError naming ``name`` and the forms
    (``examples``) otherwise. Whether it lies from 0 to 1 is the setting's own check."""
    cleaned = text.strip()
    try:
        if cleaned.endswith("%"):
            return float(cleaned[:-1]) / 100
        if "/" in cleaned:
            top, _, bottom = cleaned.partition("/")
            return float(top) / float(bottom)
        return float(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{name} is written {examples}, not {text!r}") from None


@dataclass(frozen=True)
class SettingSpec:
    """One ruling setting.

    ``name``: the ``Settings`` field, the JSON and case-file key and the query parameter (the option is ``--name``
    with dashes). ``kind``: ``choice`` (one of ``choices``), ``whole`` (a whole number within ``bounds``, or one of
    ``choices`` where they are numbers) or ``share`` (``1/6``, ``0.2`` or ``20%``). ``default``: its value when
    nobody chooses one (``written``: as a user writes it). ``help``: what it does, for ``--help``, the desk's title
    and the case-file reference. ``laws``: the laws it touches. ``label`` and ``after``: the desk's words before and
    after its field; ``choice_labels``: the desk's words for each choice (the choice itself where empty)."""

    name: str
    kind: SettingKind
    default: SettingValue
    help: str
    laws: str
    label: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    after: str = ""
    choice_labels: tuple[str, ...] = ()
    examples: str = ""

    @property
    def option(self) -> str:
        """The command line's option: ``--max-outcomes``."""
        return "--" + self.name.replace("_", "-")

    @property
    def written(self) -> str:
        """The default as a user writes it: ``1/6``, ``10``, ``weighted``."""
        if self.kind == "share" and self.examples:
            return self.examples.split(",")[0].strip()
        return str(self.default)

    def parse(self, value: object) -> SettingValue:
        """The setting's value from what a user gave (text from the command line or a query, or a case file's value);
        ValueError naming the setting and what it takes."""
        if self.kind == "choice":
            if value not in self.choices:
                raise ValueError(f"{self.name} must be one of {', '.join(self.choices)}, not {value!r}")
            return str(value)
        if self.kind == "whole":
            try:
                number = whole_number(value)
            except ValueError:
                raise ValueError(f"{self.name} must be a whole number, not {shown(value)}") from None
            if self.choices and str(number) not in self.choices:
                raise ValueError(f"{self.name} must be one of {', '.join(self.choices)}, not {value!r}")
            return number
        if isinstance(value, str):
            return parse_share(value, self.name, self.examples)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{self.name} is written {self.examples}, not {value!r}")
        return float(value)

    def json_value(self, value: SettingValue) -> SettingValue:
        """The value as the JSON's ``settings`` writes it (a share to six places)."""
        return round(float(value), 6) if self.kind == "share" else value


SETTING_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("regime", "choice", "weighted",
                "Law 12C1: a weighted score, or non-weighted (non-offenders: the most favourable likely result, "
                "p >= 1/3; offenders: the most unfavourable at all probable, p >= 1/6).",
                "12C1", "Regime (12C1)", choices=("weighted", "non-weighted")),
    SettingSpec("both_sides", "choice", "neither",
                "Law 64C2b when both sides revoked: as if neither revoked, or each revoke judged separately.",
                "64C2b", "Both sides revoked (64C2b)", choices=("neither", "separately")),
    SettingSpec("defence", "choice", "competent",
                "Law 12C1c: how the standard of likely reads the defence: competent (a result only a defender's slip "
                "reaches, a card his partner's signals would have saved, is not likely) or as-estimated (every result "
                "of the estimate of real play counts).",
                "12C1c", "Defence (12C1c)", choices=("competent", "as-estimated")),
    SettingSpec("likely", "share", 1 / 6,
                "Law 12C1c: a weighted score holds only results the estimate makes at least this likely (1/6, 0.2 or "
                "20%; one time in six is the common teaching standard), never a less likely result in place of a "
                "likelier one; 0 weighs every result.",
                "12C1c", "A likely result: at least", after="of the time (Law 12C1c)", examples="1/6, 0.17 or 17%"),
    SettingSpec("max_outcomes", "whole", 3,
                "Law 12C1c: a weighted score has at most this many results (with --granularity 1, --max-outcomes 13 "
                "and --likely 0, the estimate itself).",
                "12C1c", "At most", bounds=(1, 14), after="results"),
    SettingSpec("granularity", "whole", 10,
                "Law 12C1c: each weight of a weighted score is a multiple of this many percent; the doubtful points "
                "go to the non-offending side (Law 84D).",
                "12C1c, 84D", "Weights in steps of", choices=("1", "2", "4", "5", "10", "20", "25", "50", "100"),
                after="%"),
    SettingSpec("claim_normal", "share", 1 / 10,
                "Law 70: a card is normal play for a claimer when players of the class (the sd level) choose it at "
                "least this often (1/10, 0.05 or 5%); careless plays the law names are normal too.",
                "70", "A normal card for a claimer (Law 70): chosen at least", after="of the time",
                examples="1/10, 0.1 or 10%"),
    SettingSpec("claim_suit_order", "choice", "normal",
                "Law 70: how a suit a claim's statement leaves open is played: as normal play goes, or from the top "
                "down (a regulating authority's rule).",
                "70", "A suit the statement leaves open (Law 70)", choices=("normal", "top-down"),
                choice_labels=("played as normal play goes", "played from the top down")),
    SettingSpec("logical_rate", "share", 1 / 10,
                "Law 16B1b: an action is a logical alternative when players of the class (the level), without the "
                "unauthorised information, choose it at least this often (1/10, 0.25 or 25%; one in four is the old "
                "rule of thumb).",
                "16B", "A logical alternative (Law 16B1b): chosen at least", after="of the time",
                examples="1/10, 0.1 or 10%"),
    SettingSpec("suggestion_margin", "share", 1 / 4,
                "Law 16B1a: the information demonstrably suggested the action chosen over another logical alternative "
                "when it makes it worth at least this many tricks more, relative to the other, on the layouts the "
                "player can imagine (1/4, 0.25 or 25% of a trick; where it told of penalty tricks to come, this share "
                "of the layouts on which the contract is made or defeated).",
                "16B", "A suggestion (Law 16B1a): the information gains at least", after="of a trick over another",
                examples="1/4, 0.25 or 25%"),
)
"""Every ruling setting, in the order the command line, the desk and the JSON show them."""


def setting_names() -> tuple[str, ...]:
    """The names of the ruling settings, as the table holds them now."""
    return tuple(spec.name for spec in SETTING_SPECS)


def setting_spec(name: str) -> SettingSpec:
    """The setting of that name (KeyError for one not in the table)."""
    for spec in SETTING_SPECS:
        if spec.name == name:
            return spec
    raise KeyError(name)
