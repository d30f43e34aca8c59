"""The only module that talks to DDS (through endplay): double-dummy values of positions we build.

Positions are built from the replay (hands at the start of the trick plus the cards already played to
it), never with ``analyse_play`` across a revoke. A ``dump.txt`` DDS writes on an input error is moved at
once into one scratch folder per process, removed at exit; the process's working directory is never changed.

endplay's DDS wrappers crash when two threads of one process call them at once: one lock serialises every
call and its cache, so a host that runs revsim in threads (a dask worker with several threads, a web
server) stays correct.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import shutil
import struct
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from endplay import _dds
from endplay.types import Deal, Denom, Player

from revsim.cards import Card, Layout, Seat, deal_to_pbn
from revsim.likely.budget import check_budget
from revsim.likely.solved import SolvedPositions, exact_key, hand_masks, position_key, relative_codes
from revsim.play.replay import Replay

_SUITS = (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt)
CACHE_SIZE = 65_536
"""The positions the solver keeps solved (``solved.SolvedPositions``, by relative rank): the busiest board in
``hands/`` solves about 16,000."""


@dataclass
class SolverStats:
    """What the solver has done in this process: positions solved by DDS, the calls to DDS that solved them
    (a batched call solves up to ``BATCH``), cache hits, seconds inside DDS."""

    calls: int = 0
    batches: int = 0
    cache_hits: int = 0
    seconds: float = 0.0


STATS = SolverStats()
_cache = SolvedPositions(CACHE_SIZE)
_lock = threading.Lock()

TABLE_MEGABYTES = {"small": 25, "large": 200}
"""DDS's transposition table a thread (MB): small ones reset faster for the later tricks' many small positions, large
ones search the first tricks faster, from ``LARGE_FROM`` cards left in all four hands (the values are exact either way)."""
LARGE_FROM = 36


def _dds_threads() -> int | None:
    """The threads DDS chose when endplay loaded it (``GetDDSInfo``), or None where this DDS is not the 2.9 whose
    layout is read here (the tables are then left as DDS set them)."""
    if (library := getattr(_dds, "_dll", None)) is None:
        return None
    info = ctypes.create_string_buffer(4096)
    library.GetDDSInfo(info)
    major, minor = struct.unpack_from("<2i", info.raw, 0)
    return struct.unpack_from("<i", info.raw, 48)[0] if (major, minor) == (2, 9) else None


_THREADS = _dds_threads()
SWITCH_AFTER = 8
"""Small positions in a row before large tables give way (a change costs what small tables save on about eight)."""
_tables: dict[str, Any] = {"size": "", "owed": 0}


def _tables_for(keys: Sequence[_Key]) -> None:
    """DDS's tables sized for a call of these positions by the cards left in the largest: large at once, small once
    ``SWITCH_AFTER`` positions in a row have wanted them. Every solver call passes here, so the time budget is checked."""
    check_budget()
    wanted = "large" if max(sum(map(len, hands)) + len(trick) for hands, _, trick in keys) >= LARGE_FROM else "small"
    _tables["owed"] = 0 if _tables["size"] == wanted else _tables["owed"] + len(keys)
    if _THREADS is None or _tables["size"] == wanted or (wanted == "small" and _tables["owed"] < SWITCH_AFTER):
        return
    _dds._dll.SetResources(TABLE_MEGABYTES[wanted] * _THREADS, _THREADS)
    _tables.update(size=wanted, owed=0)


DUMP = "dump.txt"
"""The file DDS writes into the working directory when it is given a position it cannot solve."""

_scratch: list[str] = []


def scratch_folder() -> str:
    """This process's folder for what DDS leaves behind, made when first needed and removed at exit."""
    if not _scratch:
        _scratch.append(tempfile.mkdtemp(prefix=f"revsim-dds-{os.getpid()}-"))
        atexit.register(shutil.rmtree, _scratch[0], True)
    return _scratch[0]


@contextlib.contextmanager
def _dds_dump_kept_aside() -> Iterator[None]:
    """A DDS call, the process's working directory left as it is: a ``dump.txt`` the call writes there (DDS's
    report of a position it cannot solve; revsim's positions are checked, so none is expected) is moved at
    once into this process's scratch folder, so the user's folder is never left with it."""
    before = _modified(DUMP)
    try:
        yield
    finally:
        after = _modified(DUMP)
        if after is not None and after != before:
            _set_dump_aside()


def _set_dump_aside() -> None:
    """Move ``dump.txt`` from the working directory into this process's scratch folder. A single-board call
    that fails has just written it (DDS writes it only with an error, over any file of that name), so the
    solver's many single-board calls look for it only when one fails."""
    with contextlib.suppress(OSError):
        shutil.move(DUMP, os.path.join(scratch_folder(), f"dump-{time.time_ns()}.txt"))


def _modified(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def card_values(replay: Replay) -> dict[Card, int]:
    """For each legal card of the player to play, the tricks his side takes from here on, double dummy.

    The count covers the remaining tricks, the current one included. Following suit is enforced by
    the solver, which is what a corrected or no-infraction line needs. Positions are cached.
    """
    key: _Key = (layout_of(replay), replay.leader, tuple(replay.current_trick))
    exact = exact_key(*key, replay.trump)
    large = sum(map(len, key[0])) + len(key[2]) >= RELATIVE_FROM
    with _lock:
        cached = _cache.recall_exact(exact)
        if cached is None and large:
            codes = relative_codes(key[0], key[2])
            packed = position_key(*key, replay.trump, codes)
            cached = _cache.recall(packed, codes)
            if cached is not None:
                _cache.remember_exact(exact, cached)
        if cached is not None:
            STATS.cache_hits += 1
            return cached
        started = time.perf_counter()
        _tables_for([key])
        try:
            values = _solve_one(key, replay.trump)
        except _dds.DDSError:
            _set_dump_aside()
            raise
        STATS.calls += 1
        STATS.batches += 1
        STATS.seconds += time.perf_counter() - started
        if large:
            _cache.remember(packed, values, codes)
        _cache.remember_exact(exact, values)
        return values


BATCH = 200
"""DDS solves at most 200 boards a call (endplay's own check lets a 201st through)."""


def layout_of(replay: Replay) -> Layout:
    """The cards each seat still holds in ``replay`` (not those on the trick in progress): its layout, which
    the solver takes with the trick in progress (``positions_values``)."""
    return replay.hand(0), replay.hand(1), replay.hand(2), replay.hand(3)


def layout_values(layouts: Sequence[Layout], trump: int, leader: Seat,
                  current_trick: Sequence[tuple[Seat, Card]]) -> list[dict[Card, int]]:
    """For each layout of the four hands (the cards each seat still holds), with ``current_trick`` already
    played from ``leader``: each legal card of the player to play and the tricks his side takes from here
    on, double dummy."""
    return positions_values([(layout, leader, current_trick) for layout in layouts], trump)


def replays_values(replays: Sequence[Replay]) -> list[dict[Card, int]]:
    """``card_values`` for several replays of one strain, on their own deals, solved together (``positions_values``)."""
    if not replays:
        return []
    return positions_values([(layout_of(replay), replay.leader, tuple(replay.current_trick)) for replay in replays],
                            replays[0].trump)


def positions_values(positions: Sequence[tuple[Layout, Seat, Sequence[tuple[Seat, Card]]]],
                     trump: int) -> list[dict[Card, int]]:
    """``layout_values`` for positions that differ in their leader and trick in progress too, solved
    together in batches of at most ``BATCH`` boards (DDS's own threads). A position given twice, or solved
    before and still in the cache, is solved once. DDS's batch call takes two boards with the same cards left
    in each hand and the same leader for repeats even when the cards on the trick in progress differ, and
    answers the second with the first's values: such boards go to separate calls (``_separate_batches``).
    Positions are looked up by their own cards only: these are mostly layouts dealt at random, which a lookup by
    relative rank (``card_values``) would find a thousandth of the time and slow by a tenth."""
    keys: list[_Key] = [(tuple(hands), leader, tuple(trick)) for hands, leader, trick in positions]
    exact = {key: exact_key(*key, trump) for key in dict.fromkeys(keys)}
    found: dict[_Key, dict[Card, int]] = {}
    with _lock:
        for key, packed in exact.items():
            hit = _cache.recall_exact(packed)
            if hit is not None:
                STATS.cache_hits += 1
                found[key] = hit
        asking = [key for key in exact if key not in found]
        started = time.perf_counter()
        with _dds_dump_kept_aside():
            for batch in _separate_batches(asking):
                _tables_for(batch)
                STATS.batches += 1
                for key, result in zip(batch, _solve_batch(batch, trump), strict=True):
                    found[key] = result
                    _cache.remember_exact(exact[key], result)
        STATS.calls += len(asking)
        STATS.seconds += time.perf_counter() - started
    return [dict(found[key]) for key in keys]


_Key = tuple[tuple[frozenset[Card], ...], Seat, tuple[tuple[Seat, Card], ...]]
RELATIVE_FROM = 24
"""The fewest cards in play (hands and trick) at which a position is looked up by relative rank: DDS solves a
smaller one in less time than the lookup's Python takes."""


def _solve_batch(batch: list[_Key], trump: int) -> list[dict[Card, int]]:
    """One DDS batch call (at most ``BATCH`` positions), its structures filled and read directly: DDS's binary
    deal (each hand a bit mask of ranks per suit, the trick in progress by suit and rank) and its answer (each
    card with its equals, and the tricks for the side to play). The same call as endplay's
    ``solve_all_boards``, without building a ``Deal`` and its cards for every position."""
    if len(batch) > BATCH:
        raise ValueError(f"DDS solves at most {BATCH} boards a call, not {len(batch)}")
    boards = _dds.boards()
    boards.noOfBoards = len(batch)
    for number, key in enumerate(batch):
        _fill_deal(boards.deals[number], key, trump)
        boards.target[number], boards.solutions[number], boards.mode[number] = 0, 3, 1
    solved = _dds.solvedBoards()
    _dds.SolveAllBoardsBin(boards, solved)
    return [_future_values(solved.solvedBoard[number]) for number in range(len(batch))]


def _solve_one(key: _Key, trump: int) -> dict[Card, int]:
    """One position solved by DDS's single-board call, its binary deal filled and its answer read directly."""
    deal, future = _dds.deal(), _dds.futureTricks()
    _fill_deal(deal, key, trump)
    _dds.SolveBoard(deal, 0, 3, 1, future, 0)
    return _future_values(future)


def _fill_deal(deal: Any, key: _Key, trump: int) -> None:
    """DDS's binary deal of a position: each hand a bit mask of ranks per suit, the trick in progress by suit and
    rank, the leader and the trump suit."""
    hands, leader, trick = key
    deal.trump = int(_SUITS[trump].value)
    deal.first = int(leader)
    for place in range(3):
        deal.currentTrickSuit[place] = trick[place][1].suit if place < len(trick) else 0
        deal.currentTrickRank[place] = trick[place][1].rank if place < len(trick) else 0
    for seat, hand in enumerate(hands):
        remain = deal.remainCards[seat]
        for suit, mask in enumerate(hand_masks(hand)):
            remain[suit] = mask


def _future_values(future: Any) -> dict[Card, int]:
    """DDS's answer read directly: each card with its equals, and the tricks for the side to play."""
    values: dict[Card, int] = {}
    for index in range(future.cards):
        score = future.score[index]
        if score == -1:
            continue
        suit, holding = future.suit[index], (1 << future.rank[index]) | future.equals[index]
        for rank in range(2, 15):
            if holding >> rank & 1:
                values[Card(suit, rank)] = score
    return values


def _separate_batches(keys: list[_Key]) -> list[list[_Key]]:
    """``keys`` in batches of at most ``BATCH`` where no two positions have the same cards left in each hand
    and the same leader (DDS would answer the second from the first)."""
    batches: list[list[_Key]] = []
    seen: list[set[tuple[object, ...]]] = []
    for key in keys:
        hands, leader, _ = key
        left = (hands, leader)
        for batch, held in zip(batches, seen, strict=True):
            if len(batch) < BATCH and left not in held:
                batch.append(key)
                held.add(left)
                break
        else:
            batches.append([key])
            seen.append({left})
    return batches


def total_tricks(replay: Replay, side_seat: Seat, allowed: Set[Card] | None = None) -> tuple[int, dict[Card, int]]:
    """``side_seat``'s side's total tricks with best play by all four from here (tricks already won
    included), and the value of each legal card of the player to play (empty when the play is over).
    ``allowed`` limits the player to play to those of his cards (a penalty card, a lead restriction)."""
    won = replay.tricks_won(side_seat % 2)
    if replay.is_over:
        return won, {}
    values = card_values(replay)
    choices = {card: value for card, value in values.items() if allowed is None or card in allowed} or values
    return side_total(replay, side_seat, max(choices.values())), values


def side_total(replay: Replay, side_seat: Seat, best: int) -> int:
    """``side_seat``'s side's total tricks (those already won included) when the side of the player to play takes
    ``best`` of the tricks left."""
    remaining = 13 - replay.tricks_won(0) - replay.tricks_won(1)
    return replay.tricks_won(side_seat % 2) + (best if replay.to_play % 2 == side_seat % 2 else remaining - best)


def best_card(values: Mapping[Card, float]) -> Card:
    """The double-dummy best of ``values`` (a card's tricks for the player to play's side, or their average over
    layouts), ties broken by card order (suits in order, the highest first), so a line played from it is
    deterministic."""
    best = max(values.values())
    return min((card for card, value in values.items() if value == best), key=lambda card: (card.suit, -card.rank))


@dataclass(frozen=True)
class DealTable:
    """What a hand record prints under a deal: each declarer's double-dummy tricks in each strain
    (``tricks[strain][seat]``, strains S, H, D, C, NT, seats N, E, S, W), and par: North-South's ``par_score`` and the
    ``par_contracts`` as (level, strain 0-4, doubled, declarer, over- or undertricks), each declarer who makes it."""

    tricks: tuple[tuple[int, ...], ...]
    par_score: int
    par_contracts: tuple[tuple[int, int, bool, Seat, int], ...]


_VULNERABLE = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}


def deal_table(hands: Sequence[Iterable[Card]], dealer: Seat, vulnerability: str) -> DealTable:
    """Double-dummy tricks of every strain for every declarer, and par (endplay's ``calc_dd_table`` and ``par``),
    of a full deal of 13 cards a hand; ValueError for anything else."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Vul

    cards = [frozenset(hand) for hand in hands]
    if len(cards) != 4 or any(len(hand) != 13 for hand in cards):
        raise ValueError("a makeable-contracts table needs a full deal of 13 cards a hand")
    deal = Deal(deal_to_pbn(tuple(cards)))
    with _lock, _dds_dump_kept_aside():
        _tables_for([(tuple(cards), dealer, ())])   # a full deal
        table = calc_dd_table(deal)
        found = par(table, getattr(Vul, _VULNERABLE.get(vulnerability, "none")), Player(dealer))
    contracts = tuple((int(c.level), _SUITS.index(c.denom), int(c.penalty) > 1, Seat(int(c.declarer)), int(c.result))
                      for c in found)
    return DealTable(tuple(tuple(int(t) for t in row) for row in table.to_list()), int(found.score), contracts)
