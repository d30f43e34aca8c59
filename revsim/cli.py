"""The ``revsim`` command line."""

from __future__ import annotations

import json
import sys

import click

from .adjudicate import Settings, adjudicate
from .errors import RecordError
from .laws import NOTICED_WHEN
from .output import error_to_dict, ruling_to_dict, ruling_to_text, skipped_to_dict
from .readers import read_records


@click.group()
@click.version_option(package_name="revsim")
def main() -> None:
    """revsim: adjudicate revokes in duplicate bridge (Laws 61-64)."""


@main.command("adjudicate")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--board", "boards", multiple=True, help="Only this board (as named in the file); may be repeated.")
@click.option("--noticed", type=click.Choice(NOTICED_WHEN), default="end-of-play", show_default=True,
              help="When attention was first drawn to the revoke: before the hands were returned (end-of-play), "
                   "after they were returned, after a call on the next deal (Law 64B4), after the round (64B5).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per board.")
def adjudicate_command(file: str, boards: tuple[str, ...], noticed: str, as_json: bool) -> None:
    """Rule on every revoke in FILE (PBN or LIN): replay, establish, transfer, score.

    Exit status 0 when every board was adjudicated (or had no play), 1 when any board had an error.
    """
    settings = Settings(noticed=noticed)
    results: list[dict[str, object]] = []
    texts: list[str] = []
    errors = 0
    for item in read_records(file):
        if boards and (isinstance(item, RecordError) and item.board not in boards
                       or not isinstance(item, RecordError) and item.board not in boards):
            continue
        if isinstance(item, RecordError):
            errors += 1
            results.append(error_to_dict(item))
            texts.append(f"ERROR {item.describe()}")
            continue
        if item.contract is None or not item.play:
            reason = "passed out or no contract" if item.contract is None else "no play recorded"
            results.append(skipped_to_dict(item, reason))
            texts.append(f"Board {item.board}: {reason}: nothing to adjudicate")
            continue
        try:
            ruling = adjudicate(item, settings)
        except RecordError as error:
            errors += 1
            results.append(error_to_dict(error))
            texts.append(f"ERROR {error.describe()}")
            continue
        results.append(ruling_to_dict(ruling))
        texts.append(ruling_to_text(ruling))
    if boards and not results:
        click.echo(f"{file}: no board named {', '.join(boards)}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join(texts))
    if errors:
        click.echo(f"{errors} board{'s' if errors != 1 else ''} could not be adjudicated", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
