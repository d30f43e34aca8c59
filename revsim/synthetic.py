"""Seeded random boards: deals, contracts and legal play with revokes injected on purpose.

Used to generate archives for tests and benchmarks; the same seed always gives the same boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from revsim.cards import SEAT_LETTERS, full_pack, hand_to_pbn, next_seat, side_of, sort_hand
from revsim.play.replay import Replay
from revsim.records.record import Contract, PlayedCard, Record

VULNERABILITIES = ("None", "NS", "EW", "All")


def random_board(rng: random.Random, name: str, revokes: int = 0, claim: bool = False) -> Record:
    """A random deal, contract and play; ``revokes`` cards fail to follow suit (when a player can revoke)."""
    pack = sort_hand(full_pack())
    rng.shuffle(pack)
    hands = (frozenset(pack[:13]), frozenset(pack[13:26]), frozenset(pack[26:39]), frozenset(pack[39:]))
    contract = Contract(rng.randint(1, 7), rng.randint(0, 4), rng.choice((0, 0, 0, 1, 2)), rng.randint(0, 3))
    replay = Replay(hands, contract.trump, contract.opening_leader)
    revoke_at = sorted(rng.sample(range(6, 44), revokes)) if revokes else []
    stop = rng.randint(20, 48) if claim else 52
    plays: list[PlayedCard] = []
    while len(plays) < stop:
        legal = replay.legal_cards()
        others = sorted(replay.hand(replay.to_play) - set(legal))
        if revoke_at and len(plays) >= revoke_at[0] and replay.led_suit is not None and others:
            card = rng.choice(others)
            revoke_at.pop(0)
        else:
            card = rng.choice(legal)
        replay.play(card)
        plays.append(PlayedCard(card))
    record = Record("synthetic", name, None, hands, contract, dealer=rng.randint(0, 3),
                    vulnerability=rng.choice(VULNERABILITIES), play=plays)
    if claim:
        won = replay.tricks_won(side_of(contract.declarer))
        remaining = 13 - replay.tricks_won(0) - replay.tricks_won(1)
        record = replace(record, claimed_total=won + rng.randint(0, remaining))
    return record


def random_archive(seed: int, boards: int, revoke_share: float = 0.05) -> Iterator[Record]:
    """``boards`` random boards; about ``revoke_share`` of them with one or two revokes, a third claimed."""
    rng = random.Random(seed)
    for number in range(1, boards + 1):
        revokes = rng.choice((1, 1, 2)) if rng.random() < revoke_share else 0
        yield random_board(rng, str(number), revokes, claim=rng.random() < 1 / 3)


def to_pbn(record: Record) -> str:
    """A record as a PBN game: tags and a [Play] section in fixed columns from the opening leader."""
    assert record.contract is not None
    contract = record.contract
    first = contract.opening_leader
    replay = Replay(record.hands, contract.trump, first)
    rows: list[list[str]] = []
    for item in record.play:
        if not replay.current_trick:
            rows.append(["-"] * 4)
        seat = replay.to_play
        replay.play(item.card)
        rows[-1][(seat - first) % 4] = str(item.card)
    result = record.claimed_total if record.claimed_total is not None else replay.tricks_won(side_of(contract.declarer))
    deal = "N:" + " ".join(hand_to_pbn(record.hands[next_seat(0, offset)]) for offset in range(4))
    lines = [
        f'[Board "{record.board}"]',
        f'[Dealer "{SEAT_LETTERS[record.dealer or 0]}"]',
        f'[Vulnerable "{record.vulnerability}"]',
        f'[Deal "{deal}"]',
        f'[Declarer "{SEAT_LETTERS[contract.declarer]}"]',
        f'[Contract "{contract}"]',
        f'[Result "{result}"]',
        f'[Play "{SEAT_LETTERS[first]}"]',
    ]
    lines += [" ".join(row) for row in rows]
    lines.append("*")
    return "\n".join(lines) + "\n"


def write_archive(path: str, seed: int, boards: int, revoke_share: float = 0.05) -> None:
    """Write a seeded random archive as one PBN file."""
    with open(path, "w", encoding="utf-8") as out:
        for record in random_archive(seed, boards, revoke_share):
            out.write(to_pbn(record))
            out.write("\n")
