"""``python -m rules_oracle.oracle``: the ``oracle`` command."""

from rules_oracle.oracle.cli import main

if __name__ == "__main__":
    main()
