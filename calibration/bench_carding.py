"""How real defenders choose their cards, measured on the corpora: the evidence for the carding calibration's reading
players take (``carding.py``, not shipped: equals at random, attitude, count, an honour followed).

For every card a defender played that did not take the lead in its trick, with his real holding:
1. how often a signal (attitude on partner's lead or a first discard, count on declarer's lead, the first
   time the suit is led) said what the convention says, where he had a choice between his lowest and a card
   above it;
2. how often he followed with an honour (jack or higher) when he held a lower card;
3. with --fit: the carding's honesty and falsecard rate by maximum likelihood over the fitting events' cards,
   and the held-out events' cards scored: the mean log-likelihood of the real cards under the fit against
   signals not read (honesty 0.5) and against any card of the suit at random; --write ships the fit in
   ``calibration/carding.json``. Beside it, the same when each board's defenders signal by one convention,
   standard or upside-down, unknown to the reader.

Run: .venv/bin/python calibration/bench_carding.py [--levels expert,club] [--fit [--write]]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from carding import ATTITUDE_HONOURS, JACK, Carding, Reading, equal_groups, likelihood, readings  # noqa: E402
from corpus_records import event_of, is_fitting, level_records, require_corpus, write_fitted  # noqa: E402

from revsim.cards import partner  # noqa: E402
from revsim.play.table import replay_record  # noqa: E402
from revsim.records.errors import RecordError  # noqa: E402

HONESTIES = tuple(round(0.5 + 0.05 * step, 2) for step in range(10))
FALSECARDS = (0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2)

Observed = tuple[Reading, frozenset[int]]
"""A defender's card as declarer reads it, with the ranks of that suit the defender really held then."""


def observed_cards(level: str) -> Iterator[tuple[bool, Observed]]:
    """Every defender's card of the level's records that ``carding.readings`` reads from declarer's seat, with
    the real holding, and whether its event is a fitting one."""
    for fitting, _, observed in observed_boards(level):
        yield fitting, observed


def observed_boards(level: str) -> Iterator[tuple[bool, int, Observed]]:
    """``observed_cards`` with the number of the board each card comes from."""
    for board, (file, _, record) in enumerate(level_records(level)):
        if record.contract is None or record.first_trick != 1:
            continue
        try:
            plays = replay_record(record).replay.plays
        except RecordError:
            continue
        if any(play.failed_to_follow for play in plays):
            continue
        declarer = record.contract.declarer
        defenders = [seat for seat in range(4) if seat not in (declarer, partner(declarer))]
        fitting = is_fitting(event_of(file, record))
        played: set[tuple[int, object]] = set()
        found = iter(readings(plays, declarer, record.contract.trump, defenders))
        reading = next(found, None)
        for play in plays:
            if reading is not None and (play.seat, play.card) == (reading.seat, reading.card):
                held = frozenset(card.rank for card in record.hands[play.seat]
                                 if card.suit == play.card.suit and (play.seat, card) not in played)
                yield fitting, board, (reading, held)
                reading = next(found, None)
            played.add((play.seat, play.card))


def signal_check(cards: list[Observed]) -> None:
    """How often each signal said what the convention says, where the defender had a real choice."""
    for signal in ("attitude", "count"):
        agree = total = 0
        for reading, held in cards:
            classes = equal_groups(sorted(held), reading.gone)
            spots = [group for group in classes[1:] if max(group) < JACK]
            if reading.signal != signal or reading.wins or not spots:
                continue
            high = reading.card.rank not in classes[0]
            says = any(rank in ATTITUDE_HONOURS for rank in held) if signal == "attitude" else len(held) % 2 == 0
            total += 1
            agree += high == says
        print(f"    {signal}: the card said what the convention says {agree / max(total, 1):.2f} of {total} times")
    followed = chances = 0
    for reading, held in cards:
        classes = equal_groups(sorted(held), reading.gone)
        if reading.wins or len(classes) < 2 or not any(max(group) >= JACK for group in classes[1:]):
            continue
        chances += 1
        followed += reading.card.rank not in classes[0] and reading.card.rank >= JACK
    print(f"    an honour above a lower card: {followed / max(chances, 1):.3f} of {chances} chances")


def log_likelihood(carding: Carding, cards: list[Observed]) -> float:
    """The mean log-likelihood of the real cards under ``carding``."""
    return sum(math.log(max(likelihood(carding, reading, held), 1e-12)) for reading, held in cards) / len(cards)


def either_convention(honesty: float, falsecard: float, boards: dict[int, list[Observed]]) -> float:
    """The mean log-likelihood per card when each board's defenders signal by one convention, standard or
    upside-down (low encourages, low from even), equally likely, and the reader does not know which."""
    total = cards = 0.0
    for observed in boards.values():
        standard = sum(math.log(likelihood(Carding(honesty, falsecard), r, held)) for r, held in observed)
        upside_down = sum(math.log(likelihood(Carding(1 - honesty, falsecard), r, held)) for r, held in observed)
        top = max(standard, upside_down)
        total += top + math.log(0.5 * math.exp(standard - top) + 0.5 * math.exp(upside_down - top))
        cards += len(observed)
    return total / cards


def fit(cards: list[Observed]) -> Carding:
    """The honesty and falsecard rate of the grid with the largest likelihood of ``cards``."""
    grid = [Carding(honesty, falsecard) for honesty in HONESTIES for falsecard in FALSECARDS]
    return max(grid, key=lambda carding: log_likelihood(carding, cards))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default="expert,club")
    parser.add_argument("--fit", action="store_true", help="fit the carding on the fitting events, score the others")
    parser.add_argument("--write", action="store_true", help="with --fit: write calibration/carding.json")
    args = parser.parse_args()
    require_corpus()
    shipped: dict[str, object] = {}
    for level in args.levels.split(","):
        by_board = list(observed_boards(level))
        observed = [(fitting, card) for fitting, _, card in by_board]
        fitting = [card for on_fitting_side, card in observed if on_fitting_side]
        scoring = [card for on_fitting_side, card in observed if not on_fitting_side]
        print(f"\n== {level}: {len(observed)} defenders' cards read ({len(fitting)} of the fitting events)")
        print("  on the fitting events:")
        signal_check(fitting)
        print("  on the scoring events:")
        signal_check(scoring)
        if args.fit:
            carding = fit(fitting)
            ours, unread = log_likelihood(carding, scoring), log_likelihood(Carding(0.5, carding.falsecard), scoring)
            blind = sum(math.log(1 / len(held)) for _, held in scoring) / len(scoring)
            print(f"  fitted: honesty {carding.honesty}, falsecard {carding.falsecard}; on the {len(scoring)} cards of the "
                  f"scoring events mean log-likelihood {ours:.4f}, against {unread:.4f} with the signals not read "
                  f"(the real cards {math.exp(ours - unread):.3f} times as likely per card) and {blind:.4f} for any "
                  f"card of the suit at random ({math.exp(ours - blind):.2f} times)")
            scoring_boards: dict[int, list[Observed]] = defaultdict(list)
            for on_fitting_side, board, card in by_board:
                if not on_fitting_side:
                    scoring_boards[board].append(card)
            print("  each board's defenders by one convention, standard or upside-down, unknown to the reader: mean "
                  "log-likelihood on the scoring events " + ", ".join(
                      f"{honesty} {either_convention(honesty, carding.falsecard, scoring_boards):.4f}"
                      for honesty in (0.5, 0.7, 0.9)))
            shipped[level] = {"honesty": carding.honesty, "falsecard": carding.falsecard,
                              "fitted_on": f"bench_carding.py --fit: {len(fitting)} defenders' cards of the fitting events"}
    if args.write and shipped:
        write_fitted("carding.json", shipped)


if __name__ == "__main__":
    main()
