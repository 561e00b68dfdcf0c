"""``python -m oracle``: the ``oracle`` command."""

from oracle.cli import main

if __name__ == "__main__":
    main()
