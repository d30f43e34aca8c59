"""Messages that name the right thing: a trick written in seat order, hands in the wrong order, the install
command of an optional part, the help texts, the README's CSV recipe, and the licence."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.extras import install_command
from revsim.play.table import replay_record
from revsim.records.errors import RecordError
from revsim.records.readers import parse_text
from tests.conftest import HANDS, renamed_boards

ROOT = Path(__file__).resolve().parent.parent

CASE = '''board = "7"
deal = "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"
contract = "4S"
declarer = "S"
vulnerable = "None"
play = [
  "CA C7 C5 C2",
  "CK CQ C6 C3",
  {third}
]
'''


def _error(text: str, name: str = "case.toml") -> str:
    items = list(parse_text(text, name))
    record = items[0]
    assert not isinstance(record, RecordError), record
    with pytest.raises(RecordError) as error:
        replay_record(record)
    return error.value.describe()


def test_a_trick_written_in_seat_order_says_who_led_it_and_how_a_trick_is_written() -> None:
    # West won trick 2 with the CK and leads trick 3; written from North instead ("S8 SJ C8 C4").
    message = _error(CASE.format(third='"S8 SJ C8 C4",'))
    assert "West won trick 2, so West leads trick 3" in message
    assert "A trick is written from its leader, not in seat order" in message


def test_a_card_not_held_by_anyone_yet_to_play_gets_no_leader_hint() -> None:
    message = _error(CASE.format(third='"C4 S8 SJ CA",'))   # the CA was played at trick 1
    assert "played already" in message and "written from its leader" not in message


@pytest.mark.parametrize("deal, moved", [
    ("E:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94", "the hand written for East is North's"),
    ("N:853.K752.AQ94.Q7 KQT97.A4.KJ2.832 AJ.Q863.T853.J65 642.JT9.76.AKT94", "the hand written for South is East's"),
])
def test_hands_written_in_the_wrong_order_are_named_as_such(deal: str, moved: str) -> None:
    text = (HANDS / "duschek-too-late-a.pbn").read_text(encoding="utf-8")
    text = re.sub(r'\[Deal "[^"]*"\]', f'[Deal "{deal}"]', text)
    message = _error(text, "wrong.pbn")
    assert "The deal's hands seem to be in the wrong order" in message and moved in message


def test_a_bad_card_in_a_deal_in_the_right_order_says_nothing_of_the_order() -> None:
    message = _error(CASE.format(third='"C4 S8 SJ C8",') .replace("CA C7 C5 C2", "CA C7 C5 CJ"))
    assert "wrong order" not in message


def test_the_install_command_of_an_extra_works_from_any_folder() -> None:
    command = install_command("web")
    assert command in ("pip install 'revsim[web]'", f"pip install -e '{ROOT}[web]'")
    assert "from the revsim checkout" not in command


@pytest.mark.parametrize("command, option, words", [
    (["predict"], "--estimator", "declarer's final tricks"),
    (["serve"], "--port", "the port to listen on"),
    (["adjudicate"], "--board", "the PBN Board tag"),
    (["report"], "--out", "the html file to write"),
])
def test_the_help_says_what_each_option_does(command: list[str], option: str, words: str) -> None:
    result = CliRunner().invoke(main, [*command, "--help"])
    text = " ".join(result.output.split()).lower()
    assert option in result.output and words.lower() in text
    assert "revoke" not in text.split("--estimator")[1][:120] if option == "--estimator" else True


def test_report_takes_out_as_scan_does(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["report", str(HANDS / "duschek-too-late-a.pbn"), "--estimator", "dd",
                                       "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 0 and (tmp_path / "r.html").is_file()


def test_the_readme_csv_recipe_reads_board_names_as_text(tmp_path: Path) -> None:
    pandas = pytest.importorskip("pandas")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    recipe = re.search(r"`(pandas\.read_csv\(path,[^`]*\))`", readme)
    assert recipe, "the README gives a read_csv recipe"
    source = tmp_path / "nine.pbn"
    source.write_text(renamed_boards(["9"]), encoding="utf-8")
    path = tmp_path / "scan.csv"
    CliRunner().invoke(main, ["scan", str(source), "--estimator", "dd", "--jobs", "1", "--quiet", "--out", str(path)])
    frame = eval(recipe.group(1), {"pandas": pandas, "path": path})  # noqa: S307 - the README's own line
    assert len(frame[frame["board"] == "9"]) == 1


def test_the_licence_file_is_the_one_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = project.get("license")
    name = licence if isinstance(licence, str) else licence.get("text", "")
    assert name.startswith("MIT")
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


class _Distribution:
    def __init__(self, direct_url: str | None) -> None:
        self.direct_url = direct_url

    def read_text(self, name: str) -> str | None:
        return self.direct_url if name == "direct_url.json" else None


@pytest.mark.parametrize("found, expected", [
    ([_Distribution(None)], "pip install 'revsim[cluster]'"),
    ([_Distribution('{"url": "https://example.org/revsim-0.1.0.whl", "archive_info": {}}')],
     "pip install 'revsim[cluster]'"),
    ([_Distribution(None), _Distribution('{"dir_info": {"editable": true}, "url": "file:///home/td/my%20revsim"}')],
     "pip install -e '/home/td/my revsim[cluster]'"),
])
def test_the_install_command_follows_how_revsim_was_installed(monkeypatch: pytest.MonkeyPatch, found: list[object],
                                                              expected: str) -> None:
    from revsim import extras

    monkeypatch.setattr(extras.metadata, "distributions", lambda name: found)
    assert install_command("cluster") == expected
