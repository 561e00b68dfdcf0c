"""Write the generated documentation page docs/ambiguities.md (``--check``: only compare)."""

import argparse
import sys
from pathlib import Path

from oracle.report import render

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "ambiguities.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when the page differs from the registries, writing nothing")
    args = parser.parse_args(argv)
    page = render()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != page:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python ci/gen_docs.py")
            return 1
        print(f"{TARGET.relative_to(ROOT)} is current")
        return 0
    TARGET.write_text(page, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
