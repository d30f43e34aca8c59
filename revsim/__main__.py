"""``python -m revsim``: the command line."""

from revsim.cli import main

if __name__ == "__main__":
    main()
