"""How to rule: the one settings object for a ruling, and when attention was drawn."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import revsim.records.setting_specs as setting_specs
from revsim.claims.normal import NORMAL_RATE, SUIT_ORDERS, NormalStandard
from revsim.equity.law84 import LIKELY, check_form, check_likely
from revsim.information.law16 import InformationStandard
from revsim.likely.competent import DEFENCE_STANDARDS
from revsim.likely.estimators import OptionValue, estimator_kind
from revsim.likely.worlds import SUBSTITUTES
from revsim.records.facts import NOTICED_WHEN, Facts, parse_noticed_at
from revsim.records.judgement import (
    WORLD_KEY,
    Outcomes,
    check_outcomes,
    is_world_name,
    parse_judgement,
    parse_outcomes,
)
from revsim.records.setting_specs import SettingValue, setting_names, setting_spec

__all__ = ["BOTH_SIDES_METHODS", "NORMAL_RATE", "SUIT_ORDERS",
           "DEFENCE_STANDARDS", "DEFAULT_ESTIMATOR", "REGIMES", "SCAN_ESTIMATOR",
           "SUBSTITUTES", "WORLD_KEY",
           "Settings", "parse_judgement", "parse_outcomes", "settings_for_case", "with_judgements",
           "with_values"]

DEFAULT_ESTIMATOR = "sd"
"""The estimator of a ruling on one board unless told (``adjudicate``, ``report``, ``predict``, the desk and
``Settings()``): ``sd``, which meets every target measured by ``calibration/bench_likely.py``
(docs/how-revsim-rules.md, "Law 64C: how the no-infraction result is estimated")."""

SCAN_ESTIMATOR = "dd"
"""``scan``'s estimator unless told: ``dd``, many times faster a board over whole archives; ``sd`` is one
option away."""


REGIMES = setting_spec("regime").choices
"""Law 12C1: a weighted score (12C1c) or the non-weighted test (12C1e)."""
BOTH_SIDES_METHODS = setting_spec("both_sides").choices
"""Law 64C2b's method when both sides revoked: as if neither had, or each revoke judged when it happened."""


@dataclass(frozen=True)
class Settings:
    """What the record cannot show, and how to rule.

    ``noticed``: when attention was first drawn (see ``records.facts.NOTICED_WHEN``); None takes the record's facts,
    else ``end-of-play``. ``noticed_at``: attention drawn during the play, ``T`` (during trick T) or ``T.N`` (after
    N cards of trick T), overriding the record's facts (``records.facts.parse_noticed_at``). ``estimator``: how the
    no-infraction result is estimated, a name in ``estimators.ESTIMATORS``: ``sd`` (single-dummy play-outs) or
    ``dd`` (double dummy); ``estimator_options``: its own options by name (``sd``: ``level`` and ``seed``; ``dd``:
    ``substitute``, the offender's card in the no-infraction world, ``best`` (his double-dummy best card) or
    ``uniform`` (every legal card equally likely)), checked against the registry, the others at their defaults
    (``option``). ``regime``: Law 12C1, ``weighted`` or ``non-weighted``. ``both_sides``: Law 64C2b, ``neither`` (as
    if neither side revoked) or ``separately`` (each revoke judged when it happened). ``outcomes``: the director's
    own judgement of the first no-infraction world (declarer's side's tricks and weights summing to 1), used instead
    of the estimate (see ``parse_outcomes``); ``world_outcomes``: his judgement of named worlds, (``t4``, outcomes)
    for the world without the revoke on trick 4, ``t5E`` for East's when two players revoked on trick 5 (see
    ``parse_judgement``). ``max_outcomes`` and ``granularity``: the form of a weighted score (Law 12C1c as directors
    write it, Law 84D): at most that many results, each a multiple of that many percent (``granularity`` 1 and
    ``max_outcomes`` 13 give the estimate back). ``likely``: the director's standard of a likely result
    (``law84.LIKELY``, one time in six): a weighted score holds only results the estimate makes at least that likely
    (0 and ``granularity`` 1 give the estimate back). ``defence``: how that standard reads the defence
    (``likely.competent``): ``competent`` (a result that only a defender's slip reaches, a card his partner's
    signals would have saved, is not likely) or ``as-estimated`` (every result of the estimate counts, as real
    defenders play). ``claim_normal``: Law 70's standard of a normal card, the least share of the class's players
    who choose it (``claims.normal.NORMAL_RATE``, one in ten); ``claim_suit_order``: how a suit a claim's statement
    leaves open is played, ``normal`` (as normal play goes) or ``top-down`` (a regulating authority's rule).
    ``time_budget``: the most seconds the ruling may take (None or 0: no limit).
    ``chosen``: the settings the caller chose (the command line's options given, the desk's query), so that a case
    file's own ``settings`` table fills the others (``settings_for_case``); None: these settings as they are,
    whatever the case file says.

    Examples:
        >>> Settings(estimator="dd", noticed_at="11.0").estimator
        'dd'
        >>> Settings(estimator="magic")
        Traceback (most recent call last):
        ValueError: estimator must be one of sd, dd, not 'magic'
    """

    noticed: str | None = None
    noticed_at: str | None = None
    estimator: str = DEFAULT_ESTIMATOR
    regime: str = str(setting_spec("regime").default)
    both_sides: str = str(setting_spec("both_sides").default)
    estimator_options: Mapping[str, OptionValue] = field(default_factory=dict)
    outcomes: Outcomes | None = None
    world_outcomes: tuple[tuple[str, Outcomes], ...] = ()
    max_outcomes: int = int(setting_spec("max_outcomes").default)
    granularity: int = int(setting_spec("granularity").default)
    likely: float = LIKELY
    defence: str = str(setting_spec("defence").default)
    claim_normal: float = NORMAL_RATE
    claim_suit_order: str = str(setting_spec("claim_suit_order").default)
    chosen: frozenset[str] | None = None
    time_budget: float | None = None
    """The most seconds the ruling may take (``likely.budget``; None or 0: no limit): past it the ruling stops with
    an error saying what it was still working on; a ruling that finishes is the same as without it."""
    audit_claims: bool = False
    """Whether a scan audits the claim a record ends with (``claims.audit``): a column beside the ruling, never part
    of it."""
    extra: Mapping[str, SettingValue] = field(default_factory=dict)
    """The values of settings the table declares (``records.setting_specs``) that have no field of their own here."""

    def __post_init__(self) -> None:
        if self.chosen is not None:
            if isinstance(self.chosen, str) or not all(isinstance(name, str) for name in self.chosen):
                raise ValueError(f"chosen must be a set of setting names, like {{'seed'}}, not {self.chosen!r}")
            object.__setattr__(self, "chosen", frozenset(self.chosen))
        for name in ("noticed", "noticed_at"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise ValueError(f"{name} must be text or None, not {value!r}")
        check_time_budget(self.time_budget)
        if not isinstance(self.audit_claims, bool):
            raise ValueError(f"audit_claims must be True or False, not {self.audit_claims!r}")
        for name in ("estimator", "regime", "both_sides", "defence"):
            if not isinstance(getattr(self, name), str):
                raise ValueError(f"{name} must be text, not {getattr(self, name)!r}")
        check_form(self.max_outcomes, self.granularity)
        object.__setattr__(self, "likely", check_likely(self.likely))
        self.claim_standard()
        if not isinstance(self.estimator_options, Mapping):
            raise ValueError(f"estimator_options must be a mapping of option names to values, like {{'seed': 3}}, "
                             f"not {self.estimator_options!r}")
        if self.outcomes is not None:
            object.__setattr__(self, "outcomes", check_outcomes(self.outcomes))
        if not isinstance(self.world_outcomes, tuple):
            raise ValueError(f"world_outcomes must be a tuple of (world, outcomes) pairs, like (('t4', ((11, 1.0),)),), "
                             f"not {self.world_outcomes!r}")
        try:
            worlds = tuple((name, check_outcomes(outcomes, f"world_outcomes {name}")) for name, outcomes in self.world_outcomes)
        except (TypeError, ValueError) as error:
            raise ValueError(str(error) if isinstance(error, ValueError) else "world_outcomes must be (world, outcomes) "
                             f"pairs, like (('t4', ((11, 1.0),)),), not {self.world_outcomes!r}") from None
        object.__setattr__(self, "world_outcomes", worlds)
        object.__setattr__(self, "estimator_options",
                           estimator_kind(self.estimator).resolved(dict(self.estimator_options)))
        if self.noticed is not None and self.noticed not in NOTICED_WHEN:
            raise ValueError(f"noticed must be one of {', '.join(NOTICED_WHEN)}, not {self.noticed!r}")
        self._check_table_settings()
        self.information_standard()
        if self.noticed_at is not None:
            parse_noticed_at(self.noticed_at)
            if self.noticed not in (None, "during-play"):
                raise ValueError(f"noticed_at {self.noticed_at} says attention was drawn during the play, but noticed "
                                 f"says {self.noticed}: give one of them")
        names = [name for name, _ in self.world_outcomes]
        for name in names:
            if not is_world_name(name):
                raise ValueError(f"a world is named tT (the revoke on trick T), tTS (seat S's, when two players "
                                 f"revoked on trick T), like t4 or t5E, or none (no revoke at all), not {name!r}")
            if names.count(name) > 1:
                raise ValueError(f"the world {name} is judged twice")


    def _check_table_settings(self) -> None:
        """Every setting of the table (``records.setting_specs``) a choice among its own, and ``extra`` only the
        table's settings without a field here, each with its default where not given."""
        own = self.__dataclass_fields__
        if not isinstance(self.extra, Mapping):
            raise ValueError(f"extra must be a mapping of setting names to values, not {self.extra!r}")
        unknown = [name for name in self.extra if name in own or name not in setting_names()]
        if unknown:
            raise ValueError(f"extra holds only the table's settings without a field of their own, not {unknown[0]!r}")
        extra = {spec.name: self.extra.get(spec.name, spec.default) for spec in setting_specs.SETTING_SPECS
                 if spec.name not in own}
        object.__setattr__(self, "extra", extra)
        for spec in setting_specs.SETTING_SPECS:
            if spec.kind == "choice":
                spec.parse(self.value(spec.name))   # ValueError naming the setting and its choices

    def value(self, name: str) -> SettingValue:
        """The value of the table's setting ``name`` (``records.setting_specs``): its field, or its entry in ``extra``."""
        found: SettingValue = getattr(self, name) if name in self.__dataclass_fields__ else self.extra[name]
        return found

    def information_standard(self) -> InformationStandard:
        """Law 16's standards: the class (as Law 70's), ``logical_rate`` (16B1b) and ``suggestion_margin`` (16B1a);
        ValueError naming what is wrong."""
        return InformationStandard(self.claim_standard().level, float(self.value("logical_rate")),
                                   float(self.value("suggestion_margin")))

    def claim_standard(self) -> NormalStandard:
        """Law 70's standard of normal play: the class is the estimator's ``level`` where it has one (else expert),
        with ``claim_normal`` and ``claim_suit_order``; ValueError naming what is wrong."""
        if isinstance(self.claim_normal, bool) or not isinstance(self.claim_normal, int | float):
            raise ValueError(f"claim_normal must be a share like 0.1, not {self.claim_normal!r}")
        level = self.estimator_options.get("level", "expert") if isinstance(self.estimator_options, Mapping) else "expert"
        return NormalStandard(str(level), float(self.claim_normal), self.claim_suit_order)

    def option(self, name: str) -> OptionValue:
        """The estimator's option ``name`` (its default when not given)."""
        return self.estimator_options[name]


def check_time_budget(seconds: object) -> None:
    """ValueError unless ``seconds`` is None or a number of seconds, 0 (no limit) or more."""
    if seconds is None:
        return
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 10**7:
        raise ValueError(f"time_budget is a number of seconds, 0 or more (0: no limit), not {seconds!r}")


def with_judgements(settings: Settings, facts: Facts) -> Settings:
    """The settings with the director's judgements from the case file (``facts.judgements``) added; the
    settings' own (the command line's, the desk's) win for the same world."""
    if not facts.judgements:
        return settings
    plain = settings.outcomes
    named = dict(settings.world_outcomes)
    for name, outcomes in facts.judgements:
        if name is None:
            plain = plain if plain is not None else outcomes
        else:
            named.setdefault(name, outcomes)
    return replace(settings, outcomes=plain, world_outcomes=tuple(named.items()))


def with_values(settings: Settings, values: Mapping[str, SettingValue]) -> Settings:
    """``settings`` with the table's settings in ``values`` (by name) changed: into their fields, or ``extra``."""
    own = settings.__dataclass_fields__
    changes: dict[str, Any] = {name: value for name, value in values.items() if name in own}
    extra = {name: value for name, value in values.items() if name not in own}
    return replace(settings, **changes, extra={**settings.extra, **extra})


def settings_for_case(settings: Settings, ruled_with: Mapping[str, object], chosen: Collection[str]) -> Settings:
    """The settings a case file says the board was ruled with (its ``settings`` table, ``Record.ruled_with``),
    wherever the caller chose nothing: ``chosen`` names what the caller gave (the command line's options, the
    desk's query: ``estimator``, ``regime``..., or an estimator option's name such as ``seed``). A case file's
    estimator options are dropped when the caller chose another estimator. ValueError naming the setting that
    cannot be read.

    Examples:
        >>> ruled = settings_for_case(Settings(), {"both_sides": "separately", "estimator": "dd"}, ())
        >>> ruled.both_sides, ruled.estimator
        ('separately', 'dd')
        >>> settings_for_case(Settings(estimator="sd"), {"estimator": "dd"}, {"estimator"}).estimator
        'sd'
    """
    if not ruled_with:
        return settings
    changes: dict[str, Any] = {}
    if "estimator" in ruled_with and "estimator" not in chosen:
        changes["estimator"] = ruled_with["estimator"]
    values = {spec.name: spec.parse(ruled_with[spec.name]) for spec in setting_specs.SETTING_SPECS
              if spec.name in ruled_with and spec.name not in chosen}
    estimator = str(changes.get("estimator", settings.estimator))
    case_options = ruled_with.get("estimator_options") or {}
    if not isinstance(case_options, Mapping):
        raise ValueError(f"estimator_options must be a table of option names and values, not {case_options!r}")
    applies = estimator == ruled_with.get("estimator", estimator)
    known = {option.name for option in estimator_kind(estimator).options}
    mine = {name: value for name, value in settings.estimator_options.items() if name in chosen and name in known}
    changes["estimator_options"] = (dict(case_options) if applies else {}) | mine
    return with_values(replace(settings, **changes), values)
