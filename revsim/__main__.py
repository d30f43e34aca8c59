"""``python -m revsim``: the command line."""

from revsim.cli.launch import main

if __name__ == "__main__":
    main()
