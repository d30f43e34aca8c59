"""The extension points: an estimator, a record format and a field source each added in one place, and read
from there by the ruling, predict, the outputs and the desk's capabilities."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from revsim.adjudicate import adjudicate
from revsim.equity.settings import Settings
from revsim.likely.estimators import ESTIMATORS, EstimatorKind, EstimatorOption, make_estimator
from revsim.likely.predict import predict
from revsim.likely.worlds import Estimate, Likelihood
from revsim.outputs.estimates import evidence_texts, method_texts
from revsim.outputs.explain import explanation
from revsim.play.replay import Play, Replay
from revsim.records.errors import RecordError
from revsim.records.formats import FORMATS, RecordFormat, format_named, format_of
from revsim.records.readers import parse_text, read_records
from revsim.records.record import Record
from tests.conftest import HANDS


class _OneFewer:
    """A toy estimator: double dummy, less ``fewer`` tricks for declarer's side."""

    name = "one-fewer"

    def __init__(self, fewer: int) -> None:
        self.fewer = fewer

    def estimate(self, position: Replay, revoke, declarer, recorded_rest: list[Play]) -> Estimate:
        base = make_estimator("dd", None).estimate(position, revoke, declarer, recorded_rest)  # type: ignore[arg-type]
        tricks = max(0, base.outcomes[0][0] - self.fewer)
        return replace(base, estimator=self.name, outcomes=((tricks, 1.0),), evidence={"fewer": self.fewer})

    def likely(self, position: Replay, declarer) -> Likelihood:
        tricks = make_estimator("dd", None).likely(position, declarer).outcomes[0][0]  # type: ignore[arg-type]
        return Likelihood(((max(0, tricks - self.fewer), 1.0),), {"fewer": self.fewer})


@pytest.fixture
def toy_estimator(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    kind = EstimatorKind("one-fewer", "one fewer", "double dummy less some tricks (a test)",
                         (EstimatorOption("fewer", "tricks taken off", 1),),
                         lambda record, options: _OneFewer(int(options["fewer"])), lambda options: dict(options))
    monkeypatch.setitem(ESTIMATORS, kind.name, kind)
    yield kind.name


def _record(name: str) -> Record:
    [record] = [item for item in read_records(HANDS / name) if isinstance(item, Record)]
    return record


def test_a_new_estimator_is_one_registry_entry_for_the_ruling_predict_and_the_outputs(toy_estimator: str) -> None:
    record = _record("duschek-too-late-a.pbn")
    dd = adjudicate(record, Settings(estimator="dd"))
    toy = adjudicate(record, Settings(estimator=toy_estimator, estimator_options={"fewer": 2}))
    assert toy.no_infraction is not None and toy.no_infraction.estimator == toy_estimator
    assert dd.no_infraction is not None
    assert toy.no_infraction.outcomes[0][0] == dd.no_infraction.outcomes[0][0] - 2
    assert toy.settings.option("fewer") == 2
    evidence = " ".join(evidence_texts(toy))
    assert f"The {toy_estimator} estimator gives declarer's side" in evidence
    assert any(f"the {toy_estimator} estimator" in line for line in method_texts(toy))
    assert explanation(toy)
    assert predict(record, 3, toy_estimator, {"fewer": 1}).outcomes[0][0] == predict(record, 3, "dd").outcomes[0][0] - 1


def test_estimator_options_are_checked_against_the_registry(toy_estimator: str) -> None:
    assert Settings(estimator="sd").estimator_options == {"level": "expert", "seed": 1, "max_playouts": 32}
    assert Settings(estimator="dd").estimator_options == {"substitute": "best", "level": "expert"}  # the class: Law 70, 16B
    with pytest.raises(ValueError, match=r"substitute \(of the dd estimator\) must be one of best, uniform"):
        Settings(estimator="dd", estimator_options={"substitute": "worst"})
    with pytest.raises(ValueError, match="the sd estimator has no option 'substitute'"):
        Settings(estimator="sd", estimator_options={"substitute": "uniform"})
    with pytest.raises(ValueError, match="the dd estimator has no option 'seed'"):
        Settings(estimator="dd", estimator_options={"seed": 3})
    assert Settings(estimator="dd", estimator_options={"level": "club"}).option("level") == "club"
    with pytest.raises(ValueError, match=r"level \(of the sd estimator\) must be one of expert, club"):
        Settings(estimator="sd", estimator_options={"level": "world-class"})
    with pytest.raises(ValueError, match=r"seed \(of the sd estimator\) must be a whole number"):
        Settings(estimator="sd", estimator_options={"seed": "abc"})
    with pytest.raises(ValueError, match="estimator must be one of sd, dd, one-fewer"):
        Settings(estimator="magic")
    assert Settings(estimator="sd", estimator_options={"seed": "7"}).option("seed") == 7
    assert Settings(estimator="sd", estimator_options={"max_playouts": "64"}).option("max_playouts") == 64
    for outside in (8, 2000):
        with pytest.raises(ValueError, match=r"max_playouts \(of the sd estimator\) must be from 16 to 1024"):
            Settings(estimator="sd", estimator_options={"max_playouts": outside})


def _parse_upper(text: str, source: str) -> Iterator[Record | RecordError]:
    """A toy format: a PBN record written in lower case."""
    return FORMATS[".pbn"].parse(text.replace("[board", "[Board").replace("[deal", "[Deal"), source)


def test_a_new_record_format_is_one_registry_entry_for_every_reader(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    toy = RecordFormat("low", ".low", "lower-case PBN", lambda path: iter(()), _parse_upper, "not a lower-case PBN file")
    monkeypatch.setitem(FORMATS, ".low", toy)
    text = (HANDS / "duschek-too-late-a.pbn").read_text(encoding="utf-8")
    assert format_of("x.LOW") is toy and format_named("low") is toy
    [record] = list(parse_text(text, "x.low"))
    assert isinstance(record, Record) and record.board == "duschek-too-late-a"
    [nothing] = list(parse_text("nothing here", "y.low"))
    assert isinstance(nothing, RecordError) and "no board found: not a lower-case PBN file" in nothing.describe()
    [unknown] = list(read_records(tmp_path / "z.doc"))
    assert isinstance(unknown, RecordError) and ".low" in unknown.describe()


def test_field_sources_are_one_registry_for_files_and_the_desk(tmp_path) -> None:
    from revsim.scoring.field import FIELD_SOURCES, load_field

    assert FIELD_SOURCES["list"].parse("420, 450;-50\n100", "field") == {None: [420, 450, -50, 100]}
    assert FIELD_SOURCES["csv"].parse("board,ns_score\n1,420\n2,-50\n", "f.csv") == {"1": [420], "2": [-50]}
    listed = tmp_path / "field.txt"
    listed.write_text("420, 450\n", encoding="utf-8")
    assert load_field(listed) == {None: [420, 450]}
    with pytest.raises(RecordError, match="separated by commas"):
        FIELD_SOURCES["list"].parse("420, four hundred", "field")


def test_the_command_line_and_the_desk_choose_the_report_record_with_one_function() -> None:
    from revsim.records.choice import NotOneRecord, OptionNames, one_record

    record = _record("duschek-too-late-a.pbn")
    passed = replace(record, contract=None, play=[])
    cli, desk = OptionNames("--board", "--record K"), OptionNames("board=", "record=K")
    assert one_record([record], ["duschek-too-late-a"], None, cli) is record
    assert one_record([record, passed], [record.board], 1, desk) is record
    with pytest.raises(NotOneRecord, match=r"2 records share board duschek-too-late-a .* choose one with record=K \(1-2\)"):
        one_record([record, passed], [record.board], None, desk)
    with pytest.raises(NotOneRecord, match="choose one with --record K") as caught:
        one_record([record, passed], [record.board], None, cli)
    assert caught.value.kind == "several"
    with pytest.raises(NotOneRecord, match="the record chosen has no play") as caught:
        one_record([record, passed], [record.board], 2, cli)
    assert caught.value.kind == "no-play"
    with pytest.raises(NotOneRecord, match=r"--record 3, but only 2 records are selected"):
        one_record([record, passed], [record.board], 3, cli)


def test_the_desks_form_of_a_weighted_score_offers_what_revsim_takes() -> None:
    """The desk's settings come from the table (its page names none of them): the weight steps are
    law84.GRANULARITIES, and every default is the settings' own."""
    from pathlib import Path

    from revsim.equity.law84 import GRANULARITIES, LIKELY
    from revsim.records.setting_specs import SETTING_SPECS, setting_spec
    from revsim.web.capabilities import capabilities

    page = (Path(__file__).resolve().parent.parent / "revsim" / "web" / "static" / "desk.html").read_text()
    assert 'id="setting-fields"' in page
    assert not [spec.name for spec in SETTING_SPECS if f'id="{spec.name.replace("_", "-")}"' in page]
    offered = {entry["name"]: entry for entry in capabilities()["settings"]}
    assert list(offered) == [spec.name for spec in SETTING_SPECS]
    assert [int(choice) for choice in offered["granularity"]["choices"]] == list(GRANULARITIES)
    defaults = Settings()
    for spec in SETTING_SPECS:
        assert spec.parse(offered[spec.name]["default"]) == defaults.value(spec.name), spec.name
    assert offered["likely"]["default"] == "1/6" and abs(LIKELY - 1 / 6) < 1e-12
    assert offered["max_outcomes"]["bounds"] == [1, 14] == list(setting_spec("max_outcomes").bounds or ())


def test_a_setting_added_to_the_table_reaches_the_command_line_the_desk_the_case_file_and_the_json(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One declaration per setting: a made-up setting added to ``SETTING_SPECS`` alone is an option in ``--help``,
    a field of the desk and a query parameter of its API, a key of a case file's ``settings`` table and of the
    JSON's ``settings``, and its value reaches ``Settings.value``."""
    import json

    import click
    from click.testing import CliRunner

    import revsim.records.setting_specs as setting_specs
    from revsim.adjudicate import board_output
    from revsim.cli.options import ruling_options, settings_from_options
    from revsim.records.caseschema import reference_table
    from revsim.records.readers import parse_text
    from revsim.records.setting_specs import SettingSpec
    from revsim.web.capabilities import capabilities
    from revsim.web.service import _settings

    made_up = SettingSpec("table_manners", "choice", "polite", "How the players behaved at the table (a made-up "
                          "setting).", "74", "Table manners", choices=("polite", "brisk"))
    monkeypatch.setattr(setting_specs, "SETTING_SPECS", (*setting_specs.SETTING_SPECS, made_up))

    @click.command()
    @ruling_options()
    def command(**options: object) -> None:
        click.echo(settings_from_options(dict(options)).value("table_manners"))

    assert "--table-manners [polite|brisk]" in CliRunner().invoke(command, ["--help"]).output
    assert CliRunner().invoke(command, ["--table-manners", "brisk"]).output.strip() == "brisk"
    assert CliRunner().invoke(command, []).output.strip() == "polite"
    assert "table_manners" in [entry["name"] for entry in capabilities()["settings"]]
    assert _settings({"table_manners": ["brisk"]}).value("table_manners") == "brisk"
    assert "settings.table_manners" in reference_table()
    case = (HANDS / "duschek-too-late-a.pbn").read_text()
    [record] = parse_text(case, "case.pbn")
    written = board_output(record, Settings(estimator="dd", extra={"table_manners": "brisk"})).result
    assert json.loads(json.dumps(written))["settings"]["table_manners"] == "brisk"
    with pytest.raises(ValueError, match="table_manners must be one of polite, brisk, not 'rude'"):
        Settings(extra={"table_manners": "rude"})


def test_the_package_says_it_is_typed_and_ships_the_marker() -> None:
    """PEP 561: revsim's annotations reach its users' type checkers only with ``py.typed`` in the package."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    assert (root / "revsim" / "py.typed").is_file()
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in data["tool"]["setuptools"]["package-data"]["revsim"]


def test_a_fact_added_to_the_table_reaches_the_command_line_the_desk_the_case_file_and_the_json(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One declaration per fact: a made-up kind of fact (its class and one entry of ``FACT_SPECS``, no field of
    ``Facts``) is an option in ``--help``, a field of the desk and a parameter of its API, a table of the case file
    (its schema, reading and writing), and is told in the JSON's facts."""
    import json
    from dataclasses import dataclass

    import click
    from click.testing import CliRunner

    import revsim.records.fact_specs as fact_specs
    from revsim.adjudicate import board_output
    from revsim.cards import SEAT_LETTERS, SEAT_NAMES, Seat
    from revsim.cli.options import extra_facts_from_options, fact_options
    from revsim.outputs.casetoml import case_to_toml, record_to_case
    from revsim.records.caseschema import reference_table
    from revsim.records.fact_specs import FactSpec, LineForm
    from revsim.records.readers import parse_text
    from revsim.records.schema_key import Key
    from revsim.web.capabilities import capabilities
    from revsim.web.service import _extra_facts

    @dataclass(frozen=True)
    class Hesitation:
        player: Seat
        trick: int
        line: int | None = None

        def describe(self) -> str:
            return f"{SEAT_NAMES[self.player]} hesitated at trick {self.trick}"

    made_up = FactSpec("hesitation", "hesitations", "a break in tempo (a made-up fact)",
                       (Key("trick", "trick", "the trick", required=True), Key("player", "seat", "who", required=True)),
                       lambda entry: Hesitation(entry.seat(), entry.trick(), entry.line),
                       lambda fact: {"trick": fact.trick, "player": SEAT_LETTERS[fact.player]},
                       (LineForm(r"^([NESW])@(\d+)$", ("player", "trick"), "{player}@{trick}"),),
                       "hesitation", "SEAT@TRICK", "Breaks in tempo", "breaks in tempo", (("E@3", "East, at trick 3"),))
    monkeypatch.setattr(fact_specs, "FACT_SPECS", (*fact_specs.FACT_SPECS, made_up))
    east_at_3 = (Hesitation(1, 3),)

    @click.command()
    @fact_options
    def command(**options: object) -> None:
        click.echo(repr(extra_facts_from_options(dict(options)).of_kind("hesitations")))

    assert "--hesitation SEAT@TRICK" in CliRunner().invoke(command, ["--help"]).output
    assert CliRunner().invoke(command, ["--hesitation", "E@3"]).output.strip() == repr(east_at_3)
    assert "hesitation" in [entry["table"] for entry in capabilities()["facts"]]
    assert _extra_facts({"hesitation": ["E@3"]}).of_kind("hesitations") == east_at_3
    assert "facts.hesitation[].player" in reference_table()
    case = (HANDS / "duschek-too-late-b.toml").read_text() + "\n[[facts.hesitation]]\ntrick = 3\nplayer = \"E\"\n"
    [record] = parse_text(case, "case.toml")
    assert [fact.trick for fact in record.facts.of_kind("hesitations")] == [3]
    assert "[[facts.hesitation]]" in case_to_toml(record_to_case(record))
    written = json.loads(json.dumps(board_output(record, Settings(estimator="dd")).result))
    assert "East hesitated at trick 3" in written["facts"]
