"""How real players choose their cards, measured against what the simulated players' layouts tell them.

For records of the fitting events and of the scoring events (split by event, as bench_likely.py splits
them; records whose play shows three tricks and replays cleanly), every decision from the second trick
until two tricks are left (``decision_fit.record_decisions``): each legal card's average over the
decider's layouts and its double-dummy tricks on the actual deal.
Prints, for declarer and the defenders apart:
1. how often the card played cost a trick on the actual deal, by how far it was below the best on the
   player's layouts (a player who never errs where his layouts see clearly errs only in the first row);
2. the choice model fitted on the fitting events (temperature and insight: ``decision_fit``) and its mean
   log-likelihood on the scoring events' decisions, beside a softmax over the layouts alone and the level's
   shipped play model (the all-or-nothing sight, at its temperature);
3. how often the card played cost a trick by what the layouts said (their best cards all right on the
   actual deal, some, none), for the real players, a player who takes a best card on his layouts, and the
   fitted model (scoring events).
With --write, declarer's fitted temperature goes to the level's ``choice_temperature`` in revsim/likely/levels.json:
how often the class chooses each card, which Law 70's normal play reads (``revsim.claims.normal``). The insight and
the defenders' own temperature are a model of the players revsim does not ship (``player_models.py``; levels.json
refuses them): they are printed, and bench_likely.py measures such players with ``player_models.with_model``.

With --temperature T the temperature is kept at T and only the insight is fitted (``insight_matching``).

Run: .venv/bin/python calibration/bench_decisions.py [--levels expert,club] [--records 700] [--seed 1] [--jobs 2]
     [--temperature T] [--write]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpus_records import clean_replay, event_of, is_fitting, level_records, read_fitted, require_corpus, write_fitted  # noqa: E402
from decision_fit import (  # noqa: E402
    ChoiceModel,
    Decision,
    by_verdict,
    error_rates,
    fit_choices,
    insight_matching,
    log_likelihood,
    record_decisions,
    sight_log_likelihood,
)

from revsim.likely.levels import Level, load_level  # noqa: E402
from revsim.records.record import Record  # noqa: E402

GAPS = (0.0, 0.1, 0.3, 0.7, 13.0)
"""The bands of how far the card played was below the best on the player's layouts, in tricks."""

MIN_CARDS = 12
"""A record is sampled when its play shows at least three tricks (many records show the opening lead alone)."""


def decisions_task(task: tuple[Record, str, int]) -> list[Decision]:
    """A record's decisions (``record_decisions``) with the level's players, seeded."""
    record, level_name, seed = task
    level = load_level(level_name)
    return list(record_decisions(record, level.policy, seed, level.auction_rules))


def sampled_records(level: str, fitting: bool, count: int, seed: int) -> list[Record]:
    """``count`` records of the level's fitting (or scoring) events whose play shows at least ``MIN_CARDS``
    cards and replays cleanly, drawn with the seed."""
    records = [record for file, _, record in level_records(level)
               if len(record.play) >= MIN_CARDS and is_fitting(event_of(file, record)) == fitting
               and clean_replay(record) is not None]
    random.Random(seed).shuffle(records)
    return records[:count]


def collect(level: str, fitting: bool, count: int, seed: int, pool: multiprocessing.pool.Pool | None) -> list[Decision]:
    tasks = [(record, level, seed) for record in sampled_records(level, fitting, count, seed)]
    runs = pool.map(decisions_task, tasks, chunksize=4) if pool else map(decisions_task, tasks)
    return [decision for run in runs for decision in run]


def describe(model: ChoiceModel) -> str:
    return f"temperature {model.temperature:.3f}, insight {model.insight:.3f}"


def report_role(name: str, fitting: list[Decision], scoring: list[Decision], level: Level,
                defending: bool, temperature: float | None) -> ChoiceModel:
    """Print one role's figures; the model fitted on its consequential fitting decisions."""
    fit_on = [d for d in fitting if d.consequential]
    score_on = [d for d in scoring if d.consequential]
    print(f"\n  {name}: {len(fitting)} fitting decisions ({len(fit_on)} where a card can cost a trick), "
          f"{len(scoring)} scoring ({len(score_on)})")
    print("    the card played, below the best on his layouts by | decisions | it cost a trick")
    for band, count, rate in error_rates(fitting + scoring, GAPS):
        print(f"    {band:>10} | {count:6d} | {rate:.3f}")
    model = fit_choices(fit_on) if temperature is None else insight_matching(fit_on, temperature)
    layouts_alone = fit_choices_without_insight(fit_on)
    policy = level.policy
    sight = policy.defence_sight if defending else 0.0 if policy.model is None else policy.model.declarer_sight()
    shipped = sight_log_likelihood(score_on, sight, policy.temperature_of(defending))
    how = "fitted" if temperature is None else "the insight matching the real players where the layouts are wrong"
    print(f"    {how}: {describe(model)} (log-likelihood {model.log_likelihood:.4f} fitting, "
          f"{log_likelihood(score_on, model):.4f} scoring)")
    print("    on his layouts the best cards were | decisions | cost a trick: real, best on layouts, fitted model")
    for said, count, real, layouts, fitted in by_verdict(score_on, model):
        print(f"    {said:>5} | {count:6d} | {real:.3f} | {layouts:.3f} | {fitted:.3f}")
    print(f"    layouts alone: {describe(layouts_alone)} ({log_likelihood(score_on, layouts_alone):.4f} scoring); "
          f"shipped (sight {sight:g}, temperature "
          f"{policy.temperature_of(defending):g}): {shipped:.4f} scoring")
    return model


def fit_choices_without_insight(decisions: list[Decision]) -> ChoiceModel:
    """The temperature alone fitted, on choices that read the layouts' averages alone."""
    blind = [replace(decision, actual=dict.fromkeys(decision.actual, 0)) for decision in decisions]
    return fit_choices(blind)


def write_models(level: str, declarer: ChoiceModel) -> None:
    """Declarer's fitted temperature into the level's ``choice_temperature`` in levels.json (what Law 70's normal play
    reads); the rest of the fitted models is not shipped (``player_models``)."""
    levels = read_fitted("levels.json")
    levels[level]["choice_temperature"] = round(declarer.temperature, 3)
    write_fitted("levels.json", levels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="expert,club")
    parser.add_argument("--records", type=int, default=700, help="records a side (fitting, scoring) per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--temperature", type=float, help="keep this temperature and fit the insight alone, to "
                        "the real players' costly share where the layouts point wrong")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    require_corpus()
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    for level in args.levels.split(","):
        started = time.perf_counter()
        fitting = collect(level, True, args.records, args.seed, pool)
        scoring = collect(level, False, args.records, args.seed, pool)
        print(f"== {level}: {args.records} records a side, seed {args.seed} "
              f"({time.perf_counter() - started:.0f} s)")
        declarer, defence = (report_role(name, [d for d in fitting if d.defending == defending],
                              [d for d in scoring if d.defending == defending], load_level(level), defending,
                              args.temperature)
                             for name, defending in (("declarer", False), ("defenders", True)))
        if args.write:
            if args.temperature is not None:
                raise SystemExit("not written: with --temperature the temperature is kept, not fitted")
            write_models(level, declarer)


if __name__ == "__main__":
    main()
