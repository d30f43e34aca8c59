"""Property-based tests: random deals, random legal play with injected revokes, invariants of replay and laws."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import full_pack, side_of, sort_hand
from revsim.laws.transfer import offending_tricks_from
from revsim.play.replay import Replay
from revsim.records.record import Contract, PlayedCard, Record

SETTINGS = settings(max_examples=60, deadline=None)


def _random_board(seed: int, revoke_rate: float, claim_after: int | None) -> tuple[Record, list[tuple[int, int]]]:
    """A random deal and contract, random play; some cards deliberately fail to follow. Returns the injected revokes."""
    rng = random.Random(seed)
    pack = sort_hand(full_pack())
    rng.shuffle(pack)
    hands = tuple(frozenset(pack[i * 13:(i + 1) * 13]) for i in range(4))
    contract = Contract(rng.randint(1, 7), rng.randint(0, 4), rng.randint(0, 2), rng.randint(0, 3))
    replay = Replay(hands, contract.trump, contract.opening_leader)
    injected = []
    limit = 52 if claim_after is None else claim_after * 4
    plays = []
    while len(plays) < limit:
        seat = replay.to_play
        legal = replay.legal_cards()
        others = sorted(replay.hand(seat) - set(legal))
        if replay.led_suit is not None and others and rng.random() < revoke_rate:
            card = rng.choice(others)
            injected.append((replay.trick_number, seat))
        else:
            card = rng.choice(legal)
        replay.play(card)
        plays.append(PlayedCard(card))
    record = Record("random.lin", str(seed), None, hands, contract, play=plays)
    if claim_after is not None:
        done = replay.tricks_won(side_of(contract.declarer))
        record = replace(record, claimed_total=done + rng.randint(0, 13 - claim_after))
    return record, injected


boards = st.builds(
    _random_board,
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.0, 0.05, 0.2]),
    st.one_of(st.none(), st.integers(1, 12)),
)


@SETTINGS
@given(boards)
def test_replay_thirteen_tricks_every_card_once(board) -> None:
    record, _ = board
    ruling = adjudicate(record, Settings(estimator="dd"))
    replay = ruling.table.replay
    played = [play.card for play in replay.plays]
    assert len(played) == len(set(played)) == len(record.play)
    if replay.is_over:
        assert len(replay.tricks) == 13 and set(played) == full_pack()
        assert replay.tricks_won(0) + replay.tricks_won(1) == 13


@SETTINGS
@given(boards)
def test_law61_finds_exactly_the_injected_revokes(board) -> None:
    record, injected = board
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert [(r.trick, r.seat) for r in ruling.revokes] == injected


@SETTINGS
@given(boards)
def test_law64_transfers_follow_the_table_and_never_exceed_offenders_tricks(board) -> None:
    record, _ = board
    ruling = adjudicate(record, Settings(estimator="dd"))
    table = ruling.table
    for revoke in ruling.revokes:
        assert 0 <= revoke.transfer <= 2
    if any(r.law in ("62A", "62D") for r in ruling.revokes):
        return  # transfers are then worked out on the corrected play, not the table (tests/test_law_cases.py)
    for side in (0, 1):
        mine = [r for r in ruling.revokes if r.side == side]
        if mine:
            assert sum(r.transfer for r in mine) <= offending_tricks_from(table, side, mine[0].trick)
    for revoke in ruling.revokes:
        assert 0 <= revoke.transfer <= 2
        if revoke.law == "64A1":
            assert table.replay.winner_of(revoke.trick) == revoke.seat
        if revoke.law.startswith("64B") or revoke.law.startswith("62"):
            assert revoke.transfer == 0
    if len({r.side for r in ruling.revokes if r.established}) == 2:
        assert ruling.transfer == 0


@SETTINGS
@given(boards)
def test_no_revoke_no_transfer_and_weights_sum_to_one(board) -> None:
    record, injected = board
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert abs(sum(o.weight for o in ruling.ns) - 1) < 1e-9
    assert abs(sum(o.weight for o in ruling.ew) - 1) < 1e-9
    if not injected:
        assert ruling.transfer == 0 and ruling.law == "none"
        assert ruling.ns[0].tricks == ruling.table_tricks


@SETTINGS
@given(boards)
def test_same_input_same_ruling(board) -> None:
    record, _ = board
    first = adjudicate(record, Settings(estimator="dd"))
    second = adjudicate(record, Settings(estimator="dd"))
    assert [(r.law, r.transfer) for r in first.revokes] == [(r.law, r.transfer) for r in second.revokes]
    assert first.ns == second.ns


@SETTINGS
@given(boards, st.integers(0, 51))
def test_replay_undo_and_copy_restore_the_state(board, steps_back) -> None:
    record, _ = board
    replay = Replay(record.hands, record.contract.trump, record.contract.opening_leader)
    snapshots = []
    for item in record.play:
        snapshots.append(([replay.hand(s) for s in range(4)], replay.to_play, replay.current_trick, len(replay.tricks)))
        replay.play(item.card)
    clone = replay.copy()
    for _ in range(min(steps_back, len(snapshots))):
        replay.undo()
        hands, to_play, current, tricks = snapshots.pop()
        assert [replay.hand(s) for s in range(4)] == hands
        assert (replay.to_play, replay.current_trick, len(replay.tricks)) == (to_play, current, tricks)
    assert len(clone.plays) == len(record.play)


def _value_for(record, side: int, tricks: int) -> int:
    from revsim.scoring.points import ns_score
    score = ns_score(record.contract, tricks, record.vulnerability)
    return score if side == 0 else -score


@SETTINGS
@given(boards, st.sampled_from(["best", "uniform"]), st.sampled_from(["weighted", "non-weighted"]))
def test_law64c_never_favours_offenders_and_never_both(board, substitute, regime) -> None:
    from revsim.equity.law12 import law12c1c_weighted

    record, _ = board
    ruling = adjudicate(record, Settings(estimator="dd", estimator_options={"substitute": substitute}, regime=regime))
    assert abs(sum(o.weight for o in ruling.ns) - 1) < 1e-6 and abs(sum(o.weight for o in ruling.ew) - 1) < 1e-6
    sides = {r.side for r in ruling.revokes if r.established}
    if len(sides) != 1 or any(r.law in ("62A", "62D") for r in ruling.revokes):
        return  # a correction (62A, 62D) may leave the non-offenders below the table result
    offending = sides.pop()
    nos = 1 - offending
    nos_outcomes = ruling.ns if nos == 0 else ruling.ew
    ruled = sum(o.weight * _value_for(record, nos, o.tricks) for o in nos_outcomes)
    assert ruled >= _value_for(record, nos, ruling.table_tricks) - 1e-6
    if ruling.law == "64C1":  # the adjusted score alone: the estimate, with no transfer on top
        # (for a repeated revoke, the estimate in the world where the earlier revokes' transfers stand)
        estimate = ruling.distribution_ns if nos == 0 else ruling.distribution_ew
        assert {o.tricks for o in nos_outcomes} <= {o.tricks for o in estimate}
        if len(ruling.revokes) == 1:
            assert {o.tricks for o in estimate} == {tricks for tricks, _ in law12c1c_weighted(ruling.no_infraction.outcomes)}
    if ruling.law in ("64A", "none") or ruling.law.startswith("64B"):
        assert len(nos_outcomes) == 1
        moved = sum(r.transfer if r.side != record.contract.declarer % 2 else -r.transfer for r in ruling.revokes)
        assert nos_outcomes[0].tricks == ruling.table_tricks + moved


def _one_side_board(seed: int, revokes: int) -> Record:
    """A random deal and play in which only East-West revoke, ``revokes`` times where they can, before trick 12
    (a trick-12 revoke is corrected under Law 62D, which tests/test_law_cases.py covers)."""
    rng = random.Random(seed)
    pack = sort_hand(full_pack())
    rng.shuffle(pack)
    hands = tuple(frozenset(pack[i * 13:(i + 1) * 13]) for i in range(4))
    contract = Contract(rng.randint(1, 7), rng.randint(0, 4), 0, rng.choice((0, 2)))
    replay = Replay(hands, contract.trump, contract.opening_leader)
    plays = []
    left = revokes
    while not replay.is_over:
        seat = replay.to_play
        legal = replay.legal_cards()
        others = sorted(replay.hand(seat) - set(legal))
        if left and seat % 2 == 1 and replay.led_suit is not None and others and rng.random() < 0.3 \
                and replay.trick_number < 12:
            card = rng.choice(others)
            left -= 1
        else:
            card = rng.choice(legal)
        replay.play(card)
        plays.append(PlayedCard(card))
    return Record("one-side.lin", str(seed), None, hands, contract, play=plays)


def _largest_total(amounts: list[int], won_from: list[int]) -> int:
    """The largest total transfer with t_k <= amount_k and, for every k, t_k + later transfers <= won_from[k]."""
    import itertools
    best = 0
    for transfers in itertools.product(*(range(amount + 1) for amount in amounts)):
        if all(sum(transfers[k:]) <= won_from[k] for k in range(len(transfers))):
            best = max(best, sum(transfers))
    return best


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(2, 3))
def test_law64a_several_revokes_by_one_side_follow_the_suffix_rule(seed: int, revokes: int) -> None:
    from revsim.laws.law64 import law64a_automatic_transfer

    record = _one_side_board(seed, revokes)
    ruling = adjudicate(record, Settings(estimator="dd"))
    table = ruling.table
    rectified = [r for r in ruling.revokes if r.law in ("64A1", "64A2", "64B1")]
    assert all(r.side == 1 for r in ruling.revokes)
    won_from = [offending_tricks_from(table, 1, r.trick) for r in rectified]
    amounts = []
    for revoke, won in zip(rectified, won_from, strict=True):
        winner = table.replay.winner_of(revoke.trick)
        later = won - (1 if winner is not None and side_of(winner) == 1 else 0)
        amounts.append(law64a_automatic_transfer(revoke.seat, winner, later)[0] if won else 0)
    transfers = [r.transfer for r in rectified]
    for k in range(len(rectified)):
        assert 0 <= transfers[k] <= amounts[k]
        assert sum(transfers[k:]) <= won_from[k]       # revoke k and the later ones never take more than that
    assert sum(transfers) == _largest_total(amounts, won_from)
    assert ruling.transfer == sum(r.transfer for r in ruling.revokes)


# --- Law 64C2b: only a damaged contestant, never compensated for its own revoke ----------------------

_WORTH = st.integers(-2000, 2000).map(float)


@given(_WORTH, _WORTH, _WORTH, _WORTH, st.sampled_from(["neither", "separately"]), st.booleans())
def test_64c2b_result_for_side_properties(table: float, without_other: float, without_any: float,
                                          without_own: float, method: str, anyone_damaged: bool) -> None:
    from revsim.equity.law64c import law64c2b_damaged, law64c2b_result_for_side

    worth = {"table": table, "without-other": without_other, "without-any": without_any, "without-own": without_own}
    result = law64c2b_result_for_side(table, without_other, without_any, without_own, method, anyone_damaged)
    damaged = law64c2b_damaged(table, without_other)
    if not anyone_damaged:
        assert result == "table"                                   # no contestant damaged: 64B7 alone
    if not damaged:
        assert worth[result] <= table                             # an undamaged side never gains
    else:
        assert worth[result] <= max(without_other, table)          # never compensated for its own revoke
    if method == "neither" and not damaged and result != "table":
        assert worth[result] >= without_any                       # at worst the no-revoke result
        assert result == "without-any" or worth[result] == without_own


def _noticed_board(seed: int, revoke_rate: float, later: int, cards: int) -> Record:
    """A random board with revokes and attention drawn during the play: after ``cards`` cards of the trick
    ``later`` tricks after the first revoke's (none drawn when no revoke was made or that trick is past the end)."""
    record, injected = _random_board(seed, revoke_rate, None)
    if not injected or injected[0][0] + later > 13:
        return record
    return replace(record, facts=replace(record.facts, noticed_trick=injected[0][0] + later, noticed_cards=cards))


@settings(max_examples=30, deadline=None)
@given(st.builds(_noticed_board, st.integers(0, 2**32 - 1), st.sampled_from([0.1, 0.25, 0.4]), st.integers(1, 3),
                 st.integers(0, 3)))
def test_law64a_a_ruling_never_reports_a_transfer_it_does_not_apply(record: Record) -> None:
    """Attention drawn at any card: the transfer reported (each revoke's and the board's) is what the ruling
    applies. A ruling on the table result or a corrected play with no Law 64A in its path transfers nothing; one
    with 64A applies exactly the transfers reported (a 64C adjustment may then give more)."""
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.transfer == sum(revoke.transfer for revoke in ruling.revokes)
    for revoke in ruling.revokes:
        if not revoke.established:
            assert revoke.transfer == 0
    if "64A" not in ruling.law and ruling.law not in ("64C1", "64C2b"):
        assert ruling.transfer == 0, (ruling.law, [(r.trick, r.law, r.transfer) for r in ruling.revokes])
    if ruling.law == "64A":
        moved = sum(r.transfer if r.side != side_of(record.contract.declarer) else -r.transfer for r in ruling.revokes)
        assert [o.tricks for o in ruling.ns] == [ruling.table_tricks + moved]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 13), st.integers(1, 100)), min_size=1, max_size=5, unique_by=lambda p: p[0]),
       st.sampled_from([1, 5, 10, 20, 25, 50]), st.integers(1, 4), st.integers(0, 1), st.integers(1, 7),
       st.integers(0, 4), st.sampled_from(["None", "NS", "EW", "All"]))
def test_law64c2b_each_sides_weighted_form_leans_against_it(
        raw: list[tuple[int, int]], granularity: int, most: int, side: int, level: int, strain: int,
        vulnerable: str) -> None:
    """Both sides revoked, so each is an offender: the form a side is assigned leans against it, worth strictly less
    to it than the likely results weighted as the estimate weighs them (even on the grid), unless one result is
    likely."""
    from revsim.equity.assign import weighted_worth
    from revsim.equity.law84 import law12c1c_likely_results, law84d_assigned_score
    from revsim.records.record import Contract
    from revsim.scoring.points import ns_score

    total = sum(weight for _, weight in raw)
    distribution = sorted(((tricks, weight / total) for tricks, weight in raw), reverse=True)
    contract = Contract(level, strain, 0, 0)
    mine = lambda tricks: float(ns_score(contract, tricks, vulnerable) * (1 if side == 0 else -1))  # noqa: E731
    theirs = lambda tricks: -mine(tricks)  # noqa: E731
    form = law84d_assigned_score(distribution, theirs, most, granularity, 1 / 6, against_an_offender=True)
    kept, _ = law12c1c_likely_results(distribution, 1 / 6, most, theirs)
    weight = sum(w for _, w in kept)
    estimate = weighted_worth(mine, tuple((t, w / weight) for t, w in kept))
    if len(kept) == 1:
        assert form.outcomes == ((kept[0][0], 1.0),)
    else:
        assert weighted_worth(mine, form.outcomes) < estimate - 1e-9


_WORDS = st.sampled_from(["East", "played", "the", "to", "trick", "(", ")", ",", ":", "10", "S2", "HT", "D10", "CA",
                          "2S", "4S-1", "N:AK", "S2x", "E:SJ@3", "Law", "62A"])


@given(own=st.lists(_WORDS, max_size=12), said=st.lists(_WORDS, max_size=6))
@SETTINGS
def test_cards_in_words_writes_every_card_of_revsims_words_and_none_of_what_was_said(own: list[str],
                                                                                    said: list[str]) -> None:
    from revsim.cards import Card, card_with_symbol, cards_in_words
    quoted = "\u201c" + " ".join(said) + "\u201d"
    written = cards_in_words(" ".join([*own, quoted])).split(" ")
    assert " ".join(written[len(own):]) == quoted                # what people said is left as said
    for before, after in zip(own, written[:len(own)], strict=True):
        is_card = before in {"S2", "HT", "D10", "CA"}
        assert after == (card_with_symbol(Card.parse(before)) if is_card else before)
