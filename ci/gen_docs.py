"""Write the generated documentation pages (docs/ambiguities.md)."""

from pathlib import Path

from oracle.report import render

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    target = ROOT / "docs" / "ambiguities.md"
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")
