"""Every registered game's quotes stand verbatim in the file each rule or ambiguity names."""

from pathlib import Path

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.rules import quote_stands

RULES_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "rules"


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="shared/rules is not present")
@pytest.mark.parametrize("name", registry.names())
def test_every_quote_stands_in_its_own_file(name: str) -> None:
    book = registry.get(name).rules
    texts: dict[str, str] = {}
    missing = []
    for item in (*book, *book.ambiguities):
        if not item.quote:  # no text states it: the source must say so
            assert "no project text" in str(getattr(item, "source", "")) or "model bound" in str(
                getattr(item, "source", "")), item.id
            continue
        if item.file not in texts:
            texts[item.file] = (RULES_DIR / item.file).read_text(encoding="utf-8")
        if not quote_stands(item.quote, texts[item.file]):
            missing.append(item.id)
    assert missing == []
