"""The estimators of the likely result (Law 64C), one entry each: what a new estimator adds is its module
(implementing ``worlds.Estimator``) and one entry here.

An entry says the estimator's name, what it does in a sentence (the command line's help, the desk), its
own options with their defaults and choices (the command line makes ``--NAME`` of each, the desk a field,
``Settings.estimator_options`` holds the values), how to build it for a board, and the parameters that
reproduce an estimate (the JSON's ``settings``). Like python-chess's engines: every front end talks to an
estimator through this one interface.

``dd``: double dummy from the corrected position. ``sd``: play-outs by simulated players who see only
what they would see at the table, at a level (its fitted parameters), seeded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from revsim.laws.penalty_cards import penalty_cards_entered
from revsim.likely.dd import DoubleDummyEstimator
from revsim.likely.levels import LEVEL_NAMES, level_parameters, load_level
from revsim.likely.sd import SingleDummyEstimator
from revsim.likely.settle import MAX_PLAYOUTS, MIN_PLAYOUTS, MOST_PLAYOUTS
from revsim.likely.view import record_auction
from revsim.likely.worlds import SUBSTITUTES, Estimator, Form, Settles
from revsim.records.facts import PenaltyCard
from revsim.records.numbers import shown, whole_number
from revsim.records.record import Record

OptionValue = str | int
Options = Mapping[str, OptionValue]


@dataclass(frozen=True)
class EstimatorOption:
    """One option of an estimator: its name (``--name`` on the command line, ``name`` in the API and the
    desk), what it does, its default and, for a choice, the values allowed (an int default: a whole number)."""

    name: str
    help: str
    default: OptionValue
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    """For a whole number, the least and the most it may be (None: any)."""
    label: str = ""
    """How the desk names it, where its name will not do (``max_playouts``: "max play-outs")."""

    @property
    def title(self) -> str:
        """The option's name in words, for the desk."""
        return self.label or self.name.replace("_", " ")

    def checked(self, value: object, estimator: str) -> OptionValue:
        """``value`` as this option takes it; ValueError naming the option and the estimator otherwise."""
        if isinstance(self.default, int):
            try:
                number = whole_number(value)
            except ValueError:
                raise ValueError(f"{self.name} (of the {estimator} estimator) must be a whole number, not "
                                 f"{shown(value)}") from None
            if self.bounds is not None and not self.bounds[0] <= number <= self.bounds[1]:
                raise ValueError(f"{self.name} (of the {estimator} estimator) must be from {self.bounds[0]} to "
                                 f"{self.bounds[1]}, not {shown(value)}")
            return number
        if self.choices and value not in self.choices:
            raise ValueError(f"{self.name} (of the {estimator} estimator) must be one of {', '.join(self.choices)}, "
                             f"not {value!r}")
        return str(value)


@dataclass(frozen=True)
class EstimatorKind:
    """One estimator: name, a short label (the desk's list), a summary (the command line's help), options, how
    to build it for a board, and the parameters that reproduce its estimates (``parameters(options)``:
    JSON-ready, for the ruling's ``settings``)."""

    name: str
    label: str
    summary: str
    options: tuple[EstimatorOption, ...]
    build: Callable[[Record, Options], Estimator]
    parameters: Callable[[Options], dict[str, Any]]

    def resolved(self, given: Options) -> dict[str, OptionValue]:
        """Every option of this estimator, the given values checked and the others at their defaults;
        ValueError for an option it does not have."""
        known = {option.name: option for option in self.options}
        for name in given:
            if name not in known:
                allowed = ", ".join(known) or "none"
                raise ValueError(f"the {self.name} estimator has no option {name!r} (its options: {allowed})")
        return {name: option.checked(given[name], self.name) if name in given else option.default
                for name, option in known.items()}


def penalty_cards_of(record: Record) -> tuple[PenaltyCard, ...]:
    """The penalty cards every world of the board weighs (Law 50D), minor ones included: the facts' own and those
    its corrections made (62B1, 62C2). Each world makes the minor ones major where its holder has a second, its own
    corrected revoke card counted (50B, ``penalty.penalties_in_play``)."""
    if record.contract is None:
        return tuple(record.facts.penalty_cards)
    return tuple(penalty_cards_entered(record.facts, record.contract.declarer))


def _single_dummy(record: Record, options: Options) -> Estimator:
    level = load_level(str(options["level"]))
    target = None if record.contract is None else record.contract.tricks_needed
    return SingleDummyEstimator(level, int(options["seed"]), record_auction(record, level.auction_rules), target,
                                penalty_cards=penalty_cards_of(record), max_playouts=int(options["max_playouts"]))


def _single_dummy_parameters(options: Options) -> dict[str, Any]:
    return {"level": options["level"], "seed": options["seed"], "max_playouts": options["max_playouts"],
            **level_parameters(load_level(str(options["level"])))}


ESTIMATORS: dict[str, EstimatorKind] = {kind.name: kind for kind in (
    EstimatorKind("sd", "as players at the table would play it",
                  "play-outs by players who see only what they would see, fitted on real play; its parameters and "
                  "measured quality are in docs/how-revsim-rules.md",
                  (EstimatorOption("level", "the players' level, whose fitted parameters are used", "expert", LEVEL_NAMES),
                   EstimatorOption("seed", "the seed of every sample", 1),
                   EstimatorOption("max_playouts", "the most play-outs a position gets while the weighted form of its "
                                   "ruling is still in doubt; more settles more rulings, at more cost",
                                   MAX_PLAYOUTS, bounds=(MIN_PLAYOUTS, MOST_PLAYOUTS), label="max play-outs")),
                  _single_dummy, _single_dummy_parameters),
    EstimatorKind("dd", "with perfect play by all four hands", "double dummy from the position: one result, perfect play",
                  (EstimatorOption("substitute", "the offender's card in the world without the revoke: his double-dummy "
                                   "best card (best), or every legal card equally likely (uniform)", "best", SUBSTITUTES),
                   EstimatorOption("level", "the class of player whose choices are Law 70's normal play and Law 16B's "
                                   "logical alternatives (double dummy's own estimate reads no level)", "expert",
                                   LEVEL_NAMES)),
                  lambda record, options: DoubleDummyEstimator(penalty_cards_of(record) if record else (),
                                                               str(options["substitute"])),
                  lambda options: {"substitute": options["substitute"], "level": options["level"]}),
)}
"""The estimators by name, the default (``sd``) first."""


def estimator_kind(name: str) -> EstimatorKind:
    """The estimator of that name; ValueError naming the known ones otherwise."""
    if name not in ESTIMATORS:
        raise ValueError(f"estimator must be one of {', '.join(ESTIMATORS)}, not {name!r}")
    return ESTIMATORS[name]


def all_options() -> dict[str, EstimatorOption]:
    """Every estimator's options by name (an option two estimators share is declared alike in both)."""
    found: dict[str, EstimatorOption] = {}
    for kind in ESTIMATORS.values():
        for option in kind.options:
            found.setdefault(option.name, option)
    return found


def make_estimator(name: str, record: Record, options: Options | None = None,
                   standard: Form | None = None) -> Estimator:
    """The estimator ``name`` for one board, with its ``options`` (defaults where not given); one that samples
    (``worlds.Settles``) samples until its estimate's form under ``standard`` is settled, where one is given."""
    kind = estimator_kind(name)
    estimator = kind.build(record, kind.resolved(options or {}))
    return estimator.settling(standard) if standard is not None and isinstance(estimator, Settles) else estimator
