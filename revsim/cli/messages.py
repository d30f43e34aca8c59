"""The command line's messages on standard error: one place, so that each is ``printable`` (a file or board
name read from a file never moves the cursor or prints a line of its own)."""

from __future__ import annotations

import click

from revsim.outputs.terminal import printable


def warn(message: str) -> None:
    """A message on standard error, as one printable line."""
    click.echo(printable(message), err=True)


def show(line: str) -> None:
    """A line of readable output on standard output, printable."""
    click.echo(printable(line))
