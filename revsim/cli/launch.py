"""The ``revsim`` script: the stop signals and the guard on standard output come first, then the commands.

Everything a command line can meet outside its own work ends with one line on standard error and a non-zero
status, never a traceback:

- Ctrl-C or SIGTERM at any moment, even while Python is still importing the solver, numpy and pandas (130, 143);
- standard output that cannot be written: a full disk or ``> /dev/full`` (1, "cannot write standard
  output: ..."), or a closed pipe as in ``revsim scan archive | head -1``, where revsim exits quietly with
  status 141 as Unix tools killed by SIGPIPE do;
- standard output closed (``>&-``): one line on standard error and status 1, before any work;
- standard error full or closed: its messages are dropped and the status is the work's own.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
import warnings

from revsim.cli.signals import (
    STOPPED,
    interrupt,
    interrupted_status,
    pending_stop,
    quiet_unraisable,
    raise_if_stopped,
    terminate,
)

TYPE_CHECKING = False  # typing is not imported before the stop signals are installed
if TYPE_CHECKING:
    from collections.abc import Sequence

PIPE_CLOSED_STATUS = 128 + signal.SIGPIPE


class StandardOutputLost(Exception):
    """Standard output could not be written; raised where the write was, so the command stops there."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.errno = error.errno


class _GuardedStdout(io.FileIO):
    """File descriptor 1, whose failed writes raise ``StandardOutputLost`` instead of an OSError that a
    command might take for one of its own files."""

    def write(self, data: bytes | bytearray | memoryview) -> int | None:  # type: ignore[override]
        try:
            return super().write(data)
        except OSError as error:
            raise StandardOutputLost(error) from None


class _LossyStderr(io.FileIO):
    """File descriptor 2, whose failed writes (a full disk, a closed pipe) are dropped: a message that cannot be
    shown never changes the exit status of the work it reports on."""

    def write(self, data: bytes | bytearray | memoryview) -> int | None:  # type: ignore[override]
        try:
            return super().write(data)
        except OSError:
            return len(data)


def writes_its_rows_to_a_file(args: Sequence[str]) -> bool:
    """Whether the command prints nothing on standard output (``scan --out FILE``: the rows go to the file, the
    summary to standard error), so it runs with standard output closed."""
    return bool(args) and args[0] == "scan" and any(arg == "--out" or arg.startswith("--out=") for arg in args)


def open_closed_standard_streams() -> frozenset[int]:
    """Descriptors 0, 1 and 2 that were closed (``>&-``), each opened again on /dev/null so that no file revsim
    opens later takes its number (an output written where messages go). The closed ones are returned."""
    closed = set()
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            closed.add(descriptor)
            os.open(os.devnull, os.O_RDWR)   # the lowest free number: this one
    return frozenset(closed)


def guard_standard_error() -> None:
    """Messages on standard error that cannot be written are dropped (``_LossyStderr``)."""
    current = sys.stderr
    encoding = getattr(current, "encoding", None) or "utf-8"
    raw = _LossyStderr(2, "w", closefd=False)
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(raw), encoding=encoding, errors="backslashreplace",
                                  line_buffering=True)


def guard_standard_output() -> None:
    """Put the guard under ``sys.stdout``, keeping its encoding, error handling and line buffering."""
    current = sys.stdout
    if current is None or not hasattr(current, "fileno"):
        return
    try:
        descriptor = current.fileno()
    except (OSError, ValueError):
        return
    raw = _GuardedStdout(descriptor, "w", closefd=False)
    errors = "backslashreplace" if current.errors == "strict" else current.errors   # a name no encoding writes
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=current.encoding, errors=errors,
                                  line_buffering=bool(current.line_buffering), write_through=False)


def _discard_standard_output() -> None:
    """Point file descriptor 1 at /dev/null, so that what is still buffered goes nowhere, quietly."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _invoke(args: Sequence[str] | None) -> int:
    """Run the click group outside click's standalone mode, so that every ending is decided here."""
    import click

    with warnings.catch_warnings(record=True) as caught:   # a stop inside an import makes its library complain
        from revsim.cli.commands import main
    raise_if_stopped()   # a stop that landed where Python drops it (an import's module lock) ends the run here
    for warning in caught:
        warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)

    try:   # click's own main would print a blank line on a stop, before revsim's one line: its context is used
        with main.make_context("revsim", list(args) if args is not None else sys.argv[1:]) as context:
            result = main.invoke(context)
    except click.exceptions.Exit as done:
        return done.exit_code
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        _say(str(done.code))
        return 1
    except click.Abort as abort:
        if isinstance(abort.__cause__, KeyboardInterrupt):
            raise abort.__cause__ from None
        _say("Aborted!")
        return 1
    except click.ClickException as error:
        error.show()
        return error.exit_code
    return result if isinstance(result, int) else 0


def run(args: Sequence[str] | None = None) -> int:
    """The command line's entry point: the exit status of the command in ``args`` (``sys.argv`` by default)."""
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, terminate)
    sys.unraisablehook = quiet_unraisable
    closed = open_closed_standard_streams()
    guard_standard_error()
    if 1 in closed and not writes_its_rows_to_a_file(sys.argv[1:] if args is None else args):
        _say("revsim: standard output is closed: nothing can be printed (give it a file, or /dev/null)")
        return 1
    if sys.stdout is None:   # closed when Python started: it is /dev/null now, and the command prints nothing there
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", line_buffering=True)
    guard_standard_output()
    try:
        status = _invoke(args)
        sys.stdout.flush()
    except StandardOutputLost as lost:
        _quiet_from_now()
        _discard_standard_output()
        if lost.errno == errno.EPIPE:
            return PIPE_CLOSED_STATUS
        _say(f"revsim: cannot write standard output: {lost}")
        return 1
    except (KeyboardInterrupt, Exception) as error:
        stop = _stop_within(error) or pending_stop()   # a stop inside an import can come out as its ImportError
        if stop is None:
            raise
        _quiet_from_now()
        _say(STOPPED)
        return interrupted_status(stop)
    _quiet_from_now()
    return status


def _stop_within(error: BaseException) -> KeyboardInterrupt | None:
    """A stop that ``error`` wraps (a library's import turns a KeyboardInterrupt into an ImportError or a
    RuntimeError, its cause), or None."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _quiet_from_now() -> None:
    """The command has ended: a stop signal from here on changes nothing and prints nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def main() -> None:
    """``revsim`` and ``python -m revsim``."""
    status = run()
    if status in INTERRUPTED_STATUSES:
        _exit_after_a_stop(status)
    sys.exit(status)


INTERRUPTED_STATUSES = (128 + signal.SIGINT, 128 + signal.SIGTERM)


def _exit_after_a_stop(status: int) -> None:
    """Exit with ``status`` after a handled stop. Python 3.11 remembers a KeyboardInterrupt raised inside code
    run by ``exec`` (dataclasses and namedtuples build their methods so, while a module is imported) as
    unhandled even when it was caught, and then ends the process by SIGINT instead of the status chosen; so the
    exit handlers run here and the process ends at once, with the status."""
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, StandardOutputLost):
            pass
    os._exit(status)
