"""Law 70: contested claims, clause by clause, each on a board of our own (tests/data/law70-claims.toml says why
each is ruled so), the suit-order setting, bad statements, and properties of every ruling.

The boards are ruled with ``--estimator dd``: Law 70 does not read the estimator, only the standard of normal
play (the class's simulated players, drawn from the position itself, so no seed moves it).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import side_of
from revsim.claims import rule_claim
from revsim.claims.normal import NormalStandard
from revsim.likely.solver import total_tricks
from revsim.records.claim import Claim, ClaimStatus, ClaimStep
from revsim.records.errors import RecordError
from revsim.records.readers import parse_text, read_records
from revsim.records.record import Record
from tests.conftest import random_position

BOARDS = Path(__file__).parent / "data" / "law70-claims.toml"


def _ruling(board: str, settings: Settings | None = None):
    record = next(item for item in read_records(BOARDS) if isinstance(item, Record) and item.board == board)
    ruling = adjudicate(record, settings or Settings(estimator="dd"))
    assert ruling.claim is not None
    return ruling


def _board_text(board: str) -> str:
    """One board of the file, from its ``board = "..."`` line up to the next ``[[board]]``, as a case file's text."""
    text = BOARDS.read_text()
    start = text.index(f'board = "{board}"')
    return text[start:text.index("[[board]]", start)]


def _clauses(ruling) -> list[str]:
    return [clause.clause for clause in ruling.claim.clauses]


def test_law70a_the_worst_normal_line_against_the_claimer() -> None:
    ruling = _ruling("70e")
    assert ruling.claim.ruled == 7 and ruling.table_tricks == 9   # the table result is the claim as made
    assert ruling.law == "70" and [o.tricks for o in ruling.ns] == [7]
    assert "70A" in _clauses(ruling)
    replay = ruling.table.replay.copy()
    line = ruling.claim.line.cards
    start = len(replay.plays)
    for item in line:  # the line shown is a whole legal play from the claim that gives the ruled tricks
        assert item.card in replay.legal_cards()
        replay.play(item.card)
    assert replay.is_over and replay.tricks_won(side_of(2)) == 7 and len(replay.plays) - start == len(line)


def test_law70_the_law_path_starts_with_the_claims_ruling() -> None:
    """The total the other laws start from is Law 70's, so the law path says so first."""
    from revsim.outputs.explain import step_texts
    steps = step_texts(_ruling("70e"))
    assert steps[0].startswith("Law 70: declarer claimed, declarer's side 9 tricks in all (3NT=), and the claim was "
                               "contested; Law 70 gives 7 tricks (3NT-2)")
    assert step_texts(_ruling("70c-mentioned"))[0].endswith("Law 70 lets it stand.")


def test_law70c_an_unmentioned_outstanding_trump_costs_a_trick() -> None:
    ruling = _ruling("70c")
    assert (ruling.claim.claimed, ruling.claim.ruled) == (12, 11)
    assert "70C" in _clauses(ruling)
    assert ruling.claim.line.cards[0].why == "careless-order"


def test_law70c_a_mentioned_trump_costs_nothing() -> None:
    ruling = _ruling("70c-mentioned")
    assert ruling.claim.ruled == 12 and "70C" not in _clauses(ruling)


def test_law70d1_no_successful_line_outside_the_statement() -> None:
    ruling = _ruling("70d1")
    assert (ruling.claim.double_dummy, ruling.claim.ruled) == (9, 8)
    assert "70D1" in _clauses(ruling) and "70E1" not in _clauses(ruling)


def test_law70d2_a_defenders_claim_resting_on_partners_choice_is_not_accepted() -> None:
    ruling = _ruling("70d2")
    assert ruling.claim.claimer_side == 1 and ruling.claim.ruled == 10   # declarer gets the last trick
    assert "70D2" in _clauses(ruling)


def test_law70e1_an_unstated_finesse_is_not_accepted() -> None:
    ruling = _ruling("70e")
    assert (ruling.claim.double_dummy, ruling.claim.ruled) == (8, 7)
    assert "70E1" in _clauses(ruling)


def test_law70e1_a_stated_finesse_is_accepted() -> None:
    ruling = _ruling("70e-stated")
    assert ruling.claim.ruled == 8 and "70E1" not in _clauses(ruling)


def test_law70e1_exception_an_opponent_has_shown_out() -> None:
    ruling = _ruling("70e-shown-out")
    assert ruling.claim.ruled == 8 and "70E1" not in _clauses(ruling)


@pytest.mark.parametrize("board", ["70c", "70e", "70d1", "70d2"])
def test_law70_suit_order_setting_top_down_plays_open_suits_from_the_top(board: str) -> None:
    """The regulating authority's order (``claim_suit_order = top-down``): the claimer's unstated leads on the
    worst line are each the highest card of its suit in his hand, and it never gives him fewer tricks."""
    normal = _ruling(board)
    top = _ruling(board, Settings(estimator="dd", claim_suit_order="top-down"))
    assert top.claim.standard.suit_order == "top-down"
    claimer = top.claim.claimer_side
    mine = lambda tricks: tricks if claimer == side_of(top.record.contract.declarer) else 13 - tricks  # noqa: E731
    assert mine(top.claim.ruled) >= mine(normal.claim.ruled)
    replay = top.table.replay.copy()
    for item in top.claim.line.cards:
        if side_of(item.seat) == claimer and not replay.current_trick and item.why not in ("stated", "forced"):
            assert item.card.rank == max(c.rank for c in replay.hand(item.seat) if c.suit == item.card.suit)
        replay.play(item.card)


def test_law70_a_case_file_setting_gives_the_standard() -> None:
    text = BOARDS.read_text().replace('board = "70e"\n', 'board = "70e"\nsettings = { claim_normal = "1/20" }\n', 1)
    record = next(item for item in parse_text(text, "law70.toml") if isinstance(item, Record) and item.board == "70e")
    ruling = adjudicate(record, Settings(estimator="dd", chosen=frozenset()))
    assert ruling.claim is not None and ruling.claim.standard.rate == pytest.approx(0.05)


BAD_STEPS = [
    ('steps = [{ do = "cash", cards = ["CA"] }]', "already played, at trick 11"),
    ('steps = [{ do = "cash", cards = ["DK"] }]', "West's, not the claimer's side's"),
    ('steps = [{ do = "finesse", card = "DQ", through = "N" }]', "through an opponent"),
    ('steps = [{ do = "ruff" }]', "needs suit"),
    ('steps = [{ do = "squeeze" }]', "`do` must be one of"),
    ("steps = []", "a contested claim needs the statement as steps"),
    ('steps = [{ do = "ruff", suit = "C", card = "DA" }]', "there are no trumps at notrump"),
    ('steps = [{ do = "cash", cards = ["DA", "DA", "DA"] }]', "names the DA more than once"),
]


@pytest.mark.parametrize("steps,message", BAD_STEPS)
def test_law70_a_bad_statement_is_an_error_naming_the_step(steps: str, message: str) -> None:
    board = _board_text("70d1").replace('steps = [{ do = "cash", cards = ["DA"] }, { do = "cash", cards = ["DQ"] }]', steps)
    items = list(parse_text(board, "bad.toml"))
    item = items[0]
    if isinstance(item, Record):
        with pytest.raises(RecordError) as caught:
            adjudicate(item, Settings(estimator="dd"))
        error = caught.value
    else:
        error = item
    assert message in error.describe() and "bad.toml" in error.describe()


@pytest.mark.parametrize("old,new,message", [
    ('{ do = "crossruff", suits = ["D", "C"] }', '{ do = "crossruff", suits = ["D", "X"] }', "'X' is not a suit"),
    ('card = "H9"', 'card = "S8"', "a ruff is made with a trump"),
])
def test_law70_a_bad_step_is_reported_at_its_own_line(old: str, new: str, message: str) -> None:
    text = (Path(__file__).parent.parent / "hands" / "kooijman-wrong-claim.toml").read_text()
    assert old in text
    changed = text.replace(old, new)
    line = 1 + changed.splitlines().index(next(row for row in changed.splitlines() if new in row))
    [item] = list(parse_text(changed, "wrong.toml"))
    if isinstance(item, Record):
        with pytest.raises(RecordError) as caught:
            adjudicate(item, Settings(estimator="dd"))
        item = caught.value
    assert message in item.describe() and item.line == line


def test_law70_a_claim_at_a_trick_that_does_not_exist_is_an_error() -> None:
    board = _board_text("70d1").replace("claim = { declarer_tricks = 9,", "claim = { after_trick = 13, declarer_tricks = 9,")
    [item] = list(parse_text(board, "bad.toml"))
    assert isinstance(item, RecordError) and "after trick 13" in item.describe()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(2, 4), by_declarer=st.booleans())
def test_law70_the_claimer_never_gets_more_than_claimed_or_than_the_opponents_best_allows(
        seed: int, length: int, by_declarer: bool) -> None:
    """On random endings with any claim: the claimer's side gets no more than its claim, no more than double
    dummy (the opponents' best against its best line), and exactly what its worst line shown takes."""
    position = random_position(seed, length)
    declarer = random.Random(seed).randrange(4)
    remaining = 13 - position.tricks_won(0) - position.tricks_won(1)
    won_declarer = position.tricks_won(side_of(declarer))
    claimed = won_declarer + (remaining if by_declarer else 0)
    claim = Claim("declarer" if by_declarer else "defenders", claimed, ClaimStatus.CONTESTED, (ClaimStep("no-line"),))
    ruling = rule_claim(position, declarer, claim, NormalStandard())
    mine = (lambda total: total) if by_declarer else (lambda total: 13 - total)
    assert mine(ruling.ruled) <= mine(claimed)
    assert mine(ruling.ruled) <= mine(total_tricks(position, declarer)[0])
    replay = position.copy()
    for item in ruling.line.cards:
        replay.play(item.card)
    assert replay.is_over
    assert mine(ruling.ruled) == min(mine(claimed), mine(replay.tricks_won(side_of(declarer))))


def _claim_kept(record: Record) -> tuple[object, ...]:
    """What a case file says of a record's claim (not the lines it was read from)."""
    claim = record.facts.claim
    assert claim is not None
    return (claim.by, claim.tricks, claim.status, claim.any_order, claim.words, claim.after_cards,
            [(step.action, step.cards, step.suits, step.through) for step in claim.steps])


@pytest.mark.parametrize("path", [BOARDS, *sorted(Path(__file__).parent.parent.glob("hands/*claim*.toml")),
                                  Path(__file__).parent.parent / "hands" / "kooijman-villamoura.toml"],
                         ids=lambda path: path.name)
def test_law70_a_claim_written_back_as_a_case_file_keeps_its_status_and_statement(path: Path) -> None:
    """What the desk and ``--save-case`` write of a claim reads back to the same claim: status, steps, order, words."""
    from revsim.outputs.casetoml import case_to_toml, record_to_case

    records = [item for item in read_records(path) if isinstance(item, Record) and item.facts.claim is not None]
    assert records
    for record in records:
        again = next(iter(parse_text(case_to_toml(record_to_case(record)), "again.toml")))
        assert isinstance(again, Record) and _claim_kept(again) == _claim_kept(record), record.board
        assert again.claimed_total == record.claimed_total


def test_law70_a_withdrawn_claim_ends_nothing_and_is_kept_where_it_was_made() -> None:
    """Law 68D: a withdrawn claim and the play that went on after it: the play is ruled as if no claim was made,
    and the claim (its trick, its status) is kept when the case is written back."""
    from revsim.outputs.casetoml import case_to_toml, record_to_case

    source = (Path(__file__).parent.parent / "hands" / "duschek-trick12-a.toml").read_text()
    claimed = source.replace("\n[facts]", '\n[claim]\ndeclarer_tricks = 11\nstatus = "withdrawn"\nafter_trick = 12\n'
                                          'steps = [{ do = "no-line" }]\n\n[facts]')
    plain, withdrawn = (next(iter(parse_text(text, "case.toml"))) for text in (source, claimed))
    assert isinstance(plain, Record) and isinstance(withdrawn, Record)
    assert withdrawn.claimed_total is None and withdrawn.facts.claim is not None
    assert withdrawn.facts.claim.after_cards == 4 and withdrawn.facts.claim.status == ClaimStatus.WITHDRAWN
    one, other = (adjudicate(record, Settings(estimator="dd")) for record in (plain, withdrawn))
    assert other.claim is None and one.table_tricks == other.table_tricks
    assert (one.law, one.ns, one.ew) == (other.law, other.ns, other.ew)
    written = record_to_case(withdrawn)["claim"]
    assert written == {"declarer_tricks": 11, "after_trick": 12, "status": "withdrawn", "steps": [{"do": "no-line"}]}
    again = next(iter(parse_text(case_to_toml(record_to_case(withdrawn)), "again.toml")))
    assert isinstance(again, Record) and _claim_kept(again) == _claim_kept(withdrawn)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(3, 4), budget=st.integers(4, 60))
def test_law70a_a_search_too_large_for_its_budget_gives_a_whole_line_that_favours_no_one_more(
        seed: int, length: int, budget: int) -> None:
    """A claim early in the play is searched to a horizon: the line shown is a whole legal play from the claim, its
    tricks are the ruling's, and it never gives the claimer fewer tricks than the whole search (it searches less
    of the same tree), nor more than the most likely line alone."""
    from revsim.claims.search import worst_line
    from revsim.claims.statement import Plan

    position = random_position(seed, length)
    declarer = random.Random(seed).randrange(4)
    claim = Claim("declarer", 13, ClaimStatus.CONTESTED, (ClaimStep("no-line"),))
    plan = Plan(claim)
    side = side_of(declarer)
    whole = worst_line(position, declarer, side, plan, NormalStandard())
    limited = worst_line(position, declarer, side, plan, NormalStandard(), budget=budget)
    one_line = worst_line(position, declarer, side, plan, NormalStandard(), budget=1)
    assert whole.horizon is None and one_line.horizon is not None
    assert whole.tricks <= limited.tricks <= one_line.tricks
    replay = position.copy()
    start = replay.tricks_won(side)
    for item in limited.cards:
        assert item.card in replay.legal_cards()
        replay.play(item.card)
    assert replay.is_over and replay.tricks_won(side) - start == limited.tricks


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(3, 5))
def test_law70a_a_late_claim_searched_whole_at_once_gives_the_line_the_horizons_lead_to(
        seed: int, length: int) -> None:
    """A late claim is searched whole first (``search.WHOLE_FIRST``): where that fits it is the answer (no horizon,
    every card of the opponents'), the same line the deepening horizons end in when they reach it, and never more
    tricks for the claimer than a horizon they stopped at; where it does not fit, the horizons' line as before."""
    import revsim.claims.search as search
    from revsim.claims.statement import Plan

    position = random_position(seed, length)
    declarer = random.Random(seed).randrange(4)
    plan = Plan(Claim("declarer", 13, ClaimStatus.CONTESTED, (ClaimStep("no-line"),)))
    at_once = search.worst_line(position, declarer, side_of(declarer), plan, NormalStandard())
    saved = search.WHOLE_FIRST
    try:
        search.WHOLE_FIRST = 0
        by_horizons = search.worst_line(position, declarer, side_of(declarer), plan, NormalStandard())
    finally:
        search.WHOLE_FIRST = saved
    assert at_once.bounded or at_once.horizon is None   # whole where it fits; else the horizons, as before
    if by_horizons.horizon is None and not by_horizons.bounded or at_once.bounded:
        assert at_once == by_horizons
    else:   # the horizons stopped short of a whole search that fits: it finds the worse line they could not
        assert at_once.tricks <= by_horizons.tricks


def test_law70a_a_claim_early_in_the_play_is_ruled_to_a_horizon_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A contested "the rest are mine" at trick 3 of the README's deal, with the search's budget cut to a tenth so
    the test is quick: the claim is ruled (never an error row), to a horizon the ruling names, and no higher than
    the claim or double dummy."""
    import revsim.claims.search as search

    monkeypatch.setattr(search, "BUDGET", 2_000)
    text = '''
board = "early"
deal = "N:Q743.A6.854.K532 J.987543.A92.JT9 AK852.KQT2.JT3.A T96.J.KQ76.Q8764"
contract = "4S"
declarer = "S"
vulnerable = "EW"
dealer = "S"
play = ["DK D4 D2 D3", "D6 D5 DA DT"]
claim = { declarer_tricks = 10, status = "contested", steps = [{ do = "no-line" }] }
'''
    [record] = list(parse_text(text, "early.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.claim is not None and ruling.claim.line.horizon is not None
    assert 3 <= ruling.claim.line.horizon < 13 and ruling.claim.line.bounded
    assert ruling.claim.ruled <= min(10, ruling.claim.double_dummy)
    detail = next(clause.detail for clause in ruling.claim.clauses if clause.clause == "70A")
    assert f"searched to trick {ruling.claim.line.horizon}" in detail and "look at the later choices" in detail
    assert re.search(r"look at the later choices himself: trick \d+, (North|East|South|West).s \S+ \(the .* normal too\)", detail)


def test_law70c_a_claimer_unaware_of_the_trump_leads_a_winner_into_the_ruff() -> None:
    """'The rest are mine' with an opponent's small trump out and top hearts to cash: the lines of a claimer unaware
    of the trump are normal, the trump ruffs a heart, and the ruling cites 70C for that trick."""
    ruling = _ruling("70c-hearts")
    assert (ruling.claim.claimed, ruling.claim.ruled) == (13, 12) and ruling.law == "70"
    assert "70C" in _clauses(ruling) and "70D1" not in _clauses(ruling)
    detail = next(clause.detail for clause in ruling.claim.clauses if clause.clause == "70C")
    assert "West held the ♠2" in detail and "trick 10" in detail


def test_law70e1_with_no_line_stated_the_normal_finesse_is_taken_not_the_drop_of_a_bare_king() -> None:
    """AQ2 opposite 543, East's king bare: double dummy drops it (11 tricks), but the suit's normal play is the
    finesse, and the drop succeeds only because of where the king lies: 9 tricks, citing 70E1."""
    ruling = _ruling("70e1-drop")
    assert (ruling.claim.double_dummy, ruling.claim.ruled) == (11, 9)
    assert "70E1" in _clauses(ruling) and "70D1" not in _clauses(ruling)
    north = next(item for item in ruling.claim.line.cards if item.seat == 0)
    assert str(north.card) == "DQ"


def test_law71_a_concession_of_a_trick_that_cannot_be_lost_is_cancelled() -> None:
    ruling = _ruling("71-declarer")
    assert (ruling.table_tricks, ruling.claim.ruled, ruling.law) == (9, 10, "71")
    assert _clauses(ruling) == ["71"]


def test_law71_the_defenders_concession_of_their_sure_trump_trick_is_cancelled() -> None:
    ruling = _ruling("71-defenders")
    assert ruling.claim.claimer_side == 1 and (ruling.table_tricks, ruling.claim.ruled) == (13, 12)
    assert ruling.law == "71" and [o.tricks for o in ruling.ns] == [12]


def test_law71_a_concession_of_a_trick_that_could_be_lost_stands() -> None:
    ruling = _ruling("71-stands")
    assert (ruling.table_tricks, ruling.claim.ruled, ruling.law) == (9, 9, "71")
    assert "stands" in ruling.claim.clauses[0].detail


def test_law71_a_contested_claim_that_concedes_a_sure_trick_gets_it_back() -> None:
    board = _board_text("71-declarer").replace('status = "conceded"',
                                              'status = "contested", steps = [{ do = "no-line" }]')
    [record] = list(parse_text(board, "contested.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.claim is not None and ruling.claim.ruled == 10 and "71" in _clauses(ruling) and ruling.law == "71"


def test_law70d2_names_only_the_claimers_partners_choices() -> None:
    """A defenders' claim: the claimer's own choices are his (70A); 70D2 is for his partner's alone."""
    ruling = _ruling("70d2")
    assert ruling.claim.claimer == 3   # West led the SA and claimed
    detail = next(clause.detail for clause in ruling.claim.clauses if clause.clause == "70D2")
    assert "East" in detail and "West" not in detail


def test_law70_a_claim_before_any_card_of_an_end_position_is_ruled() -> None:
    text = (Path(__file__).parent.parent / "hands" / "kooijman-wrong-claim.toml").read_text()
    [record] = list(parse_text(text.replace('play = ["ST"]', "play = []"), "start.toml"))
    assert isinstance(record, Record) and not record.play
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.law == "70" and ruling.table_tricks == 10 and ruling.claim is not None and ruling.claim.ruled <= 10
