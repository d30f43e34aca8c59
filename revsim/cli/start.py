"""The ``revsim`` script's first statements: the stop signals are installed before anything else of revsim is
imported, so the window in which Ctrl-C or SIGTERM ends the process Python's way (a traceback, or the signal's
own death) is Python's start-up alone (``benchmarks/bench_interrupts.py`` measures it; ``docs/development.md``
says how wide it is and where it comes from)."""

import signal

from revsim.cli.signals import STOPPED, interrupt, interrupted_status, terminate

signal.signal(signal.SIGINT, interrupt)
signal.signal(signal.SIGTERM, terminate)


def main() -> None:
    """``revsim`` and ``python -m revsim``: the command line, which a stop during its imports ends cleanly too."""
    try:
        from revsim.cli.launch import main as command_line
    except KeyboardInterrupt as stop:   # the handlers above raised it while the launcher was being imported
        import os

        status = interrupted_status(stop)
        try:
            os.write(2, (STOPPED + "\n").encode())
        except OSError:
            pass
        os._exit(status)
    command_line()
