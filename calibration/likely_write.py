"""What bench_likely.py writes to levels.json for a level: its fitted parameters, how they were fitted
(``fitted_on``, the command that reproduces them) and a few fitting positions with their play-outs (``check``),
which ``tests/test_single_dummy.py`` replays."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, Protocol

from player_models import options_set, readings_on

from revsim.likely.levels import Level, level_from_entry

READING_OPTIONS = {"leads": "read_leads", "carding": "read_carding", "bad_breaks_fit_auction": "bad_breaks_fit_auction",
                   "keep_guards": "keep_guards"}
"""Each option that switches on a reading of the players, and the switch it turns on (``player_models.switched_on``)."""

BLEND_REFIT = "; the blend then refitted"
"""How levels.json's ``fitted_on`` says the blend was refitted (a later refit replaces that part)."""


class Checked(Protocol):
    """A fitting position kept as a check: its record's file and index, and the cut."""

    source: str
    index: int
    cut: int


def fitted_on(args: argparse.Namespace, base: Level, structure: str, errors_fitted_on: int, model_fitted_on: int) -> str:
    """The command and positions the level was fitted with; a refit of the blend alone keeps what the play model
    was fitted on before it."""
    seeds = f"--seed {args.seed}{'' if args.play_seed is None else f' --play-seed {args.play_seed}'}"
    if not args.blend_only:
        return (f"bench_likely.py {seeds} --fit {args.fit}: {errors_fitted_on} fitting positions for the errors, "
                f"{model_fitted_on} for the play model")
    before = base.fitted_on.split(BLEND_REFIT)[0]
    options = ("" if args.auction_fit is None else f" --auction-fit {args.auction_fit}") + "".join(
        " --" + option.replace("_", "-") for option in READING_OPTIONS if getattr(args, option))
    options += "" if args.sight is None else f" --sight {args.sight}"
    options += "" if args.layouts is None else f" --layouts {args.layouts}"
    options += "" if args.playouts is None else f" --playouts {args.playouts}"
    options += f" --contract-values {args.contract_values}" if args.contract_values else ""
    options += f" --declarer-sights {args.declarer_sights}" if args.declarer_sights else ""
    return (f"{before}{BLEND_REFIT}, with the errors by cut and by margin over the contract on {errors_fitted_on} "
            f"fitting positions, by {structure} (chosen by cross-validation over the fitting events) with "
            f"bench_likely.py --blend-only {seeds} --fit {args.fit}{options} on {model_fitted_on} fitting positions")


def _offsets(table: dict[int, float]) -> dict[str, float]:
    return {str(offset): round(weight, 6) for offset, weight in table.items()}


def level_entry(level: Level, fitted: str, runs: Sequence[tuple[Checked, dict[int, float]]], seed: int) -> dict[str, Any]:
    """The level as levels.json holds it, with three of its fitting ``runs`` (spread over them) as checks (a model of
    the players revsim does not ship is written too, and ``levels.level_from_entry`` refuses it: ``shippable``)."""
    return {
        "temperature": level.temperature, "defence_sight": level.defence_sight, "playouts": level.playouts,
        "layouts": level.layouts,
        "blend": {agreement: {str(cut): w for cut, w in by_cut.items()} for agreement, by_cut in level.blend.items()},
        **({} if level.auction_rules is None else {"auction_rules": sorted(level.auction_rules)}),
        **readings_on(level),
        **options_set(level),
        "errors": {str(cut): _offsets(table) for cut, table in level.errors.items()},
        "errors_by_margin": {str(cut): {str(margin): _offsets(table) for margin, table in by_margin.items()}
                             for cut, by_margin in level.margin_errors.items()},
        "fitted_on": fitted,
        "check": [{"source": p.source, "index": p.index, "cut": p.cut, "seed": seed,
                   "playouts": sorted([t, round(w, 6)] for t, w in d.items())}
                  for p, d in runs[:: max(1, len(runs) // 3)][:3]]}


def shippable(entries: dict[str, dict[str, Any]]) -> str | None:
    """Why levels.json cannot take these levels' entries (revsim refuses a model of the players it does not ship,
    ``levels.CALIBRATION_ONLY``), or None when it can."""
    for name, entry in entries.items():
        try:
            level_from_entry(name, entry)
        except ValueError as error:
            return str(error)
    return None
