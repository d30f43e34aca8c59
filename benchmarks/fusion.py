"""Strategy fusion: the simulated players value a card by double dummy on each of their layouts, as if they
would see every card after it; real players do not. Where a real declarer's layouts point to the right card
and he plays another that costs a trick, is that card better for a player who must go on guessing? Each card
weighed is valued twice on the same layouts: double dummy, and by one play-out from each layout by the
simulated players, who do not see it (bench_fusion.py)."""

from __future__ import annotations

import random
import statistics
import zlib
from collections.abc import Sequence

from corpus_records import clean_replay
from decision_fit import Decision

from revsim.cards import Card, Layout, Seat
from revsim.likely.playout import Policy, play_out_lines
from revsim.likely.predict import position_after
from revsim.likely.sampling import sample_layouts
from revsim.likely.sd import load_level
from revsim.likely.solver import best_card
from revsim.likely.view import HandShape, player_view, record_auction
from revsim.play.replay import Replay
from revsim.records.record import Record


def temptation(decision: Decision) -> tuple[Card, Card]:
    """Of a consequential decision, the costly card weighed (the one played where it cost a trick, else the
    costly card the player's layouts rate highest) and the best card on his layouts (ties by card order)."""
    top = max(decision.actual.values())
    if decision.costly:
        tempting = decision.chosen
    else:
        tempting = max((card for card, tricks in decision.actual.items() if tricks < top),
                       key=lambda card: (decision.averages[card], card.suit, card.rank))
    return tempting, best_card(decision.averages)


def replay_on_layout(line: Replay, layout: Layout) -> Replay:
    """The line's play so far replayed on the deal where each seat holds its cards of ``layout`` (those held at
    the start of the trick in progress) and the cards it has played."""
    hands = tuple(layout[seat] | (line.initial_hands[seat] - line.hand(seat)) for seat in range(4))
    leader = line.plays[0].seat if line.plays else line.leader
    replay = Replay(hands, line.trump, leader, line.first_trick, line.tricks_before)
    for play in line.plays:
        replay.play(play.card)
    return replay


def rollout_values(line: Replay, cards: Sequence[Card], declarer: Seat, shapes: dict[Seat, HandShape],
                   policy: Policy, layouts: int, seed: int, target: int | None = None) -> dict[Card, float]:
    """Declarer's side's total tricks after each of ``cards``, averaged over ``layouts`` layouts dealt from the
    view of the player to play, one play-out each by simulated players of ``policy`` (each card on the same
    layouts with the same seeds)."""
    view = player_view(line, line.to_play, declarer, shapes)
    key = f"{seed}:{len(line.plays)}:{sorted(map(str, line.hand(line.to_play)))}"
    dealt = sample_layouts(view, layouts, random.Random(zlib.crc32(key.encode())))
    results: dict[Card, list[int]] = {card: [] for card in cards}
    for index, layout in enumerate(dealt):
        on_layout = replay_on_layout(line, layout)
        for card in cards:
            replay = on_layout.copy()
            replay.play(card)
            [played] = play_out_lines(replay, declarer, shapes, policy, 1, random.Random(seed * 1000 + index),
                                      target=target)
            results[card].append(played.tricks)
    return {card: statistics.mean(values) for card, values in results.items()}


def fusion_task(task: tuple[Record, Decision, str, int, int]) -> dict[Card, float]:
    """``rollout_values`` of a real decision's tempting and best cards (``temptation``), the players reading the
    auction as the level reads it."""
    record, decision, level_name, layouts, seed = task
    assert record.contract is not None
    table = clean_replay(record)
    assert table is not None, "a decision comes from a record that replays cleanly"
    line = position_after(record, 0)
    for play in table.replay.plays[:decision.number]:
        line.play(play.card)
    level = load_level(level_name)
    shapes = record_auction(record, level.auction_rules)
    return rollout_values(line, temptation(decision), record.contract.declarer, shapes, level.policy, layouts, seed,
                          record.contract.tricks_needed)

