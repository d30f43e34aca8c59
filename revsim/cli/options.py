"""The command line's shared options: how to rule (``ruling_options``) and the facts a record cannot show
(``fact_options``), and the settings and facts they give."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

import revsim.records.fact_specs as fact_specs
import revsim.records.setting_specs as setting_specs
from revsim.cli.messages import warn
from revsim.equity.settings import DEFAULT_ESTIMATOR, Settings, with_values
from revsim.likely.estimators import ESTIMATORS, EstimatorOption, OptionValue, all_options
from revsim.records.errors import RecordError
from revsim.records.fact_specs import facts_from_lines
from revsim.records.facts import NOTICED_WHEN, Facts, parse_noticed_at
from revsim.records.judgement import split_judgements
from revsim.records.setting_specs import SettingSpec, SettingValue
from revsim.scoring.field import load_field

Command = TypeVar("Command", bound=Callable[..., Any])


ESTIMATOR_HELP = "How the likely result without the revoke is estimated: " + "; ".join(
    f"{kind.name} ({kind.summary})" for kind in ESTIMATORS.values()) + "."
PREDICT_ESTIMATOR_HELP = "How declarer's final tricks are estimated from the position: " + "; ".join(
    f"{kind.name} ({kind.summary})" for kind in ESTIMATORS.values()) + "."
BOARD_HELP = ("Only the board of this name: the PBN Board tag, the LIN board number, or a case file's board; "
              "repeatable; the file's boards are listed when the name is not found.")


def estimator_option_decorators() -> list[Callable[[Command], Command]]:
    """``--NAME`` for every option of every estimator (``estimators.ESTIMATORS``), each declared once."""
    def owners(option: EstimatorOption) -> str:
        return " and ".join(kind.name for kind in ESTIMATORS.values() if option in kind.options)

    decorators = []
    for option in all_options().values():
        kind: Any = (click.Choice(option.choices) if option.choices else click.IntRange(*option.bounds)
                     if option.bounds is not None else int if isinstance(option.default, int) else str)
        decorators.append(click.option(f"--{option.name.replace('_', '-')}", f"option_{option.name}", type=kind,
                                       default=None, help=f"For {owners(option)}: {option.help} (default "
                                                          f"{option.default})."))
    return decorators


def estimator_options(command: Command) -> Command:
    """Every estimator's options (``--level``, ``--seed``...) on a command."""
    for option in reversed(estimator_option_decorators()):
        command = option(command)
    return command


def estimator_options_from(options: dict[str, Any], estimator: str) -> dict[str, OptionValue]:
    """The chosen estimator's options given on the command line; BadParameter for one it does not have."""
    own = {option.name for option in ESTIMATORS[estimator].options}
    given = {name: options[f"option_{name}"] for name in all_options() if options.get(f"option_{name}") is not None}
    for name in given:
        if name not in own:
            raise click.BadParameter(f"--{name.replace('_', '-')} is not an option of the {estimator} estimator "
                                     f"(its options: {', '.join(sorted(own)) or 'none'})", param_hint=f"--{name}")
    return given


def setting_option_decorators() -> list[Callable[[Command], Command]]:
    """``--NAME`` for every ruling setting of the table (``records.setting_specs``), each declared once there."""
    return [click.option(spec.option, spec.name, type=_click_type(spec), default=_click_default(spec),
                         show_default=True, metavar="SHARE" if spec.kind == "share" else None, help=spec.help)
            for spec in setting_specs.SETTING_SPECS]


def _click_type(spec: SettingSpec) -> Any:
    if spec.choices:
        return click.Choice(spec.choices)
    if spec.kind == "whole":
        return click.IntRange(*spec.bounds) if spec.bounds is not None else int
    return str


def _click_default(spec: SettingSpec) -> SettingValue:
    return spec.written if spec.choices or spec.kind == "share" else spec.default


def setting_values_from_options(options: dict[str, Any]) -> dict[str, SettingValue]:
    """The table's settings the command line gives (its own default where an option is left alone); click's
    BadParameter naming the option that cannot be read."""
    values = {}
    for spec in setting_specs.SETTING_SPECS:
        given = options.get(spec.name)
        try:
            values[spec.name] = spec.parse(spec.written if given is None else given)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint=spec.option) from None
    return values


def ruling_options(default_estimator: str = DEFAULT_ESTIMATOR, why: str = "") -> Callable[[Command], Command]:
    """--noticed, --estimator, --level, --seed, --outcomes, --max-outcomes, --granularity, --substitute (of dd), --regime,
    --both-sides: how to rule;
    ``why`` tells --help why the estimator's default is what it is, where that needs saying."""

    def add(command: Command) -> Command:
        return _add_ruling_options(command, default_estimator, why)

    return add


def _add_ruling_options(command: Command, default_estimator: str, why: str) -> Command:
    for option in reversed([
        click.option("--noticed", type=click.Choice(NOTICED_WHEN), default=None,
                     help="When attention was first drawn to the revoke: during the play, before the hands were "
                          "returned (end-of-play), after they were returned, after a call on the next deal (Law "
                          "64B4), after the round (64B5). Default: the case file's facts, else end-of-play."),
        click.option("--estimator", type=click.Choice(list(ESTIMATORS)), default=default_estimator,
                     show_default=True, help=f"{ESTIMATOR_HELP} {why}".strip()),
        *estimator_option_decorators(),
        click.option("--noticed-at", "noticed_at", default=None, metavar="T or T.N",
                     help="Attention first drawn during the play: during trick T, or after N cards (0-3) of trick "
                          "T had been played, like 4.0 (before the lead to trick 4) or 4.1. Decides whether a "
                          "revoke was established (Law 63A1) or is corrected (62A)."),
        click.option("--outcomes", "outcomes", multiple=True, metavar="[tT=]TRICKS:WEIGHT,...",
                     help="The director's own judgement of the likely result, used instead of the estimate and "
                          "marked as his: \"12:0.7,11:0.3\" for the world without the first revoke "
                          "(declarer's side's tricks; weights summing to 1, or to 100); \"t4=11:0.7,10:0.3\" "
                          "for the world without the revoke on trick 4 (t5E=: East's, when two players revoked on "
                          "trick 5), the earlier revokes' transfers applied in it. Repeatable."),
        *setting_option_decorators(),
        click.option("--time-budget", "time_budget", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
                     help="The most seconds one board's ruling may take: past it the board is an error saying what "
                          "was still being searched (nothing of its ruling is given). Default: no limit."),
    ]):
        command = option(command)
    return command


def fact_options(command: Command) -> Command:
    """--hidden, --penalty-card, --lead-restriction... (each kind of fact of ``records.fact_specs`` that has a one-line
    form), --claim-by: facts the record cannot show."""
    for option in reversed([
        *(click.option(f"--{spec.option}", f"fact_{spec.table}", multiple=True, metavar=spec.shape, help=spec.help)
          for spec in fact_specs.FACT_SPECS if spec.option),
        click.option("--claim-by", type=click.Choice(["declarer", "defenders"]), default=None,
                     help="Who claimed or conceded (establishes a revoke under Law 63A3 or 63A4). Default: the "
                          "case file's claim, else declarer."),
        click.option("--field", "field_file", type=click.Path(dir_okay=False, exists=True),
                     help="CSV of the other tables' North-South scores (column ns_score, optional column board): "
                          "adds matchpoints and IMPs."),
        click.option("--board", "boards", multiple=True, metavar="NAME", help=BOARD_HELP),
    ]):
        command = option(command)
    return command


def settings_from_options(options: dict[str, Any]) -> Settings:
    """The settings the ruling options give; click's BadParameter naming the option that cannot be read."""
    try:
        plain, named = split_judgements(options.get("outcomes") or ())
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--outcomes") from None
    values = setting_values_from_options(options)
    if options.get("noticed_at") is not None:
        try:
            parse_noticed_at(options["noticed_at"])
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--noticed-at") from None
    try:
        return with_values(Settings(chosen=options_chosen(), noticed=options["noticed"], noticed_at=options.get("noticed_at"),
                                    estimator=options["estimator"],
                                    estimator_options=estimator_options_from(options, options["estimator"]),
                                    outcomes=plain, world_outcomes=named, time_budget=options.get("time_budget")),
                           values)
    except ValueError as error:
        options_named = [spec.option for spec in setting_specs.SETTING_SPECS if str(error).startswith(spec.name + " ")]
        hint = (options_named[0] if options_named else "--noticed-at" if "noticed" in str(error) else "--claim-normal"
                if "normal rate" in str(error) else "--outcomes")
        raise click.BadParameter(str(error), param_hint=hint) from None


def options_chosen() -> frozenset[str]:
    """The settings given on the command line (not left at their defaults), so that a case file's own settings
    fill the rest: ``estimator``, ``regime``... and the estimator options' names (``seed``, ``level``)."""
    context = click.get_current_context(silent=True)
    if context is None:
        return frozenset()
    chosen = set()
    for name, value in context.params.items():
        source = context.get_parameter_source(name)
        if source is None or source == click.core.ParameterSource.DEFAULT:
            continue
        if name == "estimator" or name in setting_specs.setting_names():
            chosen.add(name)
        elif name.startswith("option_") and value is not None:
            chosen.add(name.removeprefix("option_"))
    return frozenset(chosen)


def extra_facts_from_options(options: dict[str, Any]) -> Facts:
    """The facts the fact options give; click's BadParameter naming the one that cannot be read."""
    try:
        return facts_from_lines({spec.parameter: options.get(f"fact_{spec.table}") or () for spec in fact_specs.FACT_SPECS},
                                options["claim_by"], why="given on the command line")
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def field_from_options(options: dict[str, Any]) -> dict[str | None, list[int]] | None:
    """The other tables' scores of ``--field``; exit 2 naming the file when it cannot be read."""
    if not options["field_file"]:
        return None
    try:
        return load_field(options["field_file"])
    except RecordError as error:
        warn(error.describe())
        sys.exit(2)
