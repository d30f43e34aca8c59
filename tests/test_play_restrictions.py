"""Play restrictions as law cases: a restriction after a premature play (Law 61A: failing to comply is a revoke,
and the world without it obeys it) and a suit declarer forbids (Law 57A4), from a case file or the command line;
those that bind nothing, and those the law does not allow, refused with their line."""

from __future__ import annotations

import json

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.outputs.casetoml import case_to_toml, record_to_case
from revsim.outputs.text import ruling_to_text
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.record import Record
from tests.conftest import HANDS, dd_ruling, hands_record


def test_61a_failing_to_comply_with_a_play_restriction_is_a_revoke_and_binds_the_world() -> None:
    ruling = dd_ruling("law61a-play-restriction-after-a-premature-play")
    [revoke] = ruling.revokes
    assert revoke.kind == "play restriction broken" and [str(card) for card in revoke.allowed or ()] == ["DK"]
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [9]
    assert "West was required to play his highest card of the suit led to trick 11 (Law 57A)" in ruling_to_text(ruling)
    [again] = list(parse_case(case_to_toml(record_to_case(hands_record("law61a-play-restriction-after-a-premature-play"))),
                              "again.toml"))
    assert isinstance(again, Record)
    assert [(r.trick, r.player, r.play, r.suit) for r in again.facts.play_restrictions] == [(11, 3, "highest", None)]


def test_law57a_forbid_a_suit_discarded_anyway_is_a_revoke_and_binds_the_world() -> None:
    """57A4: declarer forbids the offender's partner a suit other than the one led; void in the suit led, he plays it
    while he holds another card: a revoke (61A). The world without it obeys the restriction (his CK)."""
    ruling = dd_ruling("law57a-a-forbidden-suit-discarded")
    [revoke] = ruling.revokes
    assert revoke.kind == "play restriction broken" and [str(card) for card in revoke.allowed or ()] == ["CK"]
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [10]
    text = ruling_to_text(ruling)
    assert "West was forbidden to play a heart to trick 11 (Law 57A4)" in text
    assert "a heart, which declarer had forbidden after his partner's premature play (Law 57A4)" in text
    [again] = list(parse_case(case_to_toml(record_to_case(hands_record("law57a-a-forbidden-suit-discarded"))), "again.toml"))
    assert isinstance(again, Record)
    assert [(r.trick, r.player, r.forbid) for r in again.facts.play_restrictions] == [(11, 3, 1)]


def test_law57a_forbid_from_the_command_line_is_the_case_files_key(tmp_path) -> None:
    from click.testing import CliRunner

    from revsim.cli import main
    text = (HANDS / "law57a-a-forbidden-suit-discarded.toml").read_text()
    bare = tmp_path / "bare.toml"
    bare.write_text(text[:text.index("[[facts.play_restriction]]")])
    given = CliRunner().invoke(main, ["adjudicate", str(bare), "--estimator", "dd", "--json",
                                      "--play-restriction", "W:!H@11"])
    filed = CliRunner().invoke(main, ["adjudicate", str(HANDS / "law57a-a-forbidden-suit-discarded.toml"),
                                      "--estimator", "dd", "--json"])
    assert given.exit_code == filed.exit_code == 0
    assert json.loads(given.output)[0]["ruling"] == json.loads(filed.output)[0]["ruling"]
    assert json.loads(given.output)[0]["revokes"][0]["law"] == "64A2"


def test_law57a_forbid_binds_nothing_where_he_holds_only_that_suit_or_can_follow() -> None:
    from revsim.cards import Card
    from revsim.records.facts import PlayRestriction
    rule = PlayRestriction(11, 3, forbid=1)
    hearts = [Card.parse("H2"), Card.parse("H3")]
    assert rule.allowed(hearts, 2) == frozenset()                                   # 57B: he cannot comply
    assert rule.allowed([*hearts, Card.parse("D5")], 2) == frozenset()              # he follows suit: nothing binds
    assert rule.allowed([*hearts, Card.parse("CK")], 2) == frozenset({Card.parse("CK")})


def test_law57a_forbid_the_suit_led_or_two_options_is_refused() -> None:
    text = (HANDS / "law57a-a-forbidden-suit-discarded.toml").read_text()
    with pytest.raises(RecordError, match="forbids diamonds, the suit led to trick 11"):
        adjudicate(next(iter(parse_case(text.replace('forbid = "H"', 'forbid = "D"'), "led.toml"))),  # type: ignore[arg-type]
                   Settings(estimator="dd"))
    [refused] = list(parse_case(text.replace('forbid = "H"', 'forbid = "H"\nplay = "lowest"'), "two.toml"))
    assert isinstance(refused, RecordError) and "line 24" in str(refused) and "one of them" in str(refused)


@pytest.mark.parametrize("restriction", [
    'play = "lowest"',   # the D3 was his lowest diamond: he complied
    'suit = "H"',        # a card of another suit while he could follow: never required (57A4), nothing binds him
])
def test_61a_a_play_restriction_complied_with_or_not_binding_is_no_revoke(restriction: str) -> None:
    text = (HANDS / "law61a-play-restriction-after-a-premature-play.toml").read_text()
    [record] = list(parse_case(text.replace('play = "highest"', restriction), "restricted.toml"))
    assert isinstance(record, Record)
    assert adjudicate(record, Settings(estimator="dd")).revokes == ()


def test_61a_a_play_restriction_on_a_lead_is_an_error_naming_it() -> None:
    text = (HANDS / "law61a-play-restriction-after-a-premature-play.toml").read_text()
    [record] = list(parse_case(text.replace('player = "W"', 'player = "S"'), "restricted.toml"))
    assert isinstance(record, Record)
    with pytest.raises(RecordError, match="the play restriction is on South's card to trick 11, but he led it"):
        adjudicate(record, Settings(estimator="dd"))
