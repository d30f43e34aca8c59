"""``python -m revsim``: the command line."""

from revsim.cli.start import main

if __name__ == "__main__":
    main()
