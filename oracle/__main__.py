"""``python -m rules_oracle.oracle``: the ``oracle`` command line."""

from rules_oracle.oracle.cli import main

main()
