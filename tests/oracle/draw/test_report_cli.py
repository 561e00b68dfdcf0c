"""``--html`` on ``oracle check`` and ``oracle drive``, and ``oracle report RESULT.json
--html``: the page says the verdict the text report prints, is the same whether written at
once or from the saved JSON report, and bad input exits 2 with one line."""

import json
import sys
from pathlib import Path

import pytest
from click.testing import Result

from rules_oracle.oracle.draw.report_page import verdict_lines
from tests.oracle.draw.reports import engine_lines, read_page, ruled_step, said
from tests.oracle.helpers import bad_input, run

ENGINES = Path(__file__).resolve().parents[1] / "engines"


def diverging_trace(tmp_path: Path) -> Path:
    at = ruled_step("catan", 3, 8, 25)
    lines, _paths = engine_lines("catan", 3, 8, {at: 0})
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return trace


def test_check_html_says_what_the_text_and_json_say(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    diverging_trace(tmp_path)
    text = run("check", "t.jsonl", "--html", "a.html")
    assert text.exit_code == 1
    assert text.stderr.strip() == "wrote a.html"
    saved = run("check", "t.jsonl", "--json", "--html", "b.html")
    assert saved.exit_code == 1
    data = json.loads(saved.stdout)
    # the JSON report holds the replay: the actions the model played before the divergence
    assert len(data["actions"]) == data["divergence"]["step"] - 1
    page = Path("a.html").read_text(encoding="utf-8")
    assert Path("b.html").read_text(encoding="utf-8") == page
    words, _rows = read_page(page)
    (line,) = verdict_lines(data)
    assert line in text.stdout.splitlines() and line in words
    assert [w for w in said(data) if " ".join(w.split()) not in words] == []
    # the saved report gives the same page
    Path("r.json").write_text(saved.stdout, encoding="utf-8")
    again = run("report", "r.json", "--html", "c.html")
    assert again.exit_code == 1
    assert again.stdout.splitlines() == [line]
    assert Path("c.html").read_text(encoding="utf-8") == page


def _drive(tmp_path: Path, engine: list[str], game: str = "catan", players: int = 3,
           *options: str) -> tuple[Result, Result]:
    """The text and the JSON report of one drive (two games), the JSON one with --html."""
    args = ["drive", "--game", game, "--players", str(players), "--games", "2", "--timeout",
            "30", *options]
    text = run(*args, "--", *engine)
    saved = run(*args, "--json", "--html", str(tmp_path / "d.html"), "--", *engine)
    return text, saved


def test_drive_html_of_a_broken_engine(tmp_path: Path) -> None:
    engine = [sys.executable, str(ENGINES / "broken.py"), "wrong-state", "20"]
    text, saved = _drive(tmp_path, engine)
    assert text.exit_code == saved.exit_code == 1
    data = json.loads(saved.stdout)
    page = (tmp_path / "d.html").read_text(encoding="utf-8")
    words, _rows = read_page(page)
    lines = verdict_lines(data)
    assert lines[:2] == [ln for ln in text.stdout.splitlines() if ": diverges at step" in ln]
    # the summary line as the text report says it (but for its time)
    assert lines[-1].split(" (")[0] == text.stdout.splitlines()[-1].split(" (")[0]
    assert all(ln in words for ln in lines)
    assert [w for w in said(data) if " ".join(w.split()) not in words] == []
    assert page.count('<section class="divergence failing"') == 2
    assert page.count('<section class="replay"') == 2
    Path(tmp_path / "r.json").write_text(saved.stdout, encoding="utf-8")
    again = run("report", str(tmp_path / "r.json"), "--html", str(tmp_path / "e.html"))
    assert again.exit_code == 1
    assert (tmp_path / "e.html").read_text(encoding="utf-8") == page


def test_a_divergence_free_drive_gives_a_page_that_says_conforms(tmp_path: Path) -> None:
    engine = [sys.executable, str(ENGINES / "faithful.py")]
    text, saved = _drive(tmp_path, engine, "crafts", 2, "--probes", "1")
    assert text.exit_code == saved.exit_code == 0
    data = json.loads(saved.stdout)
    assert data["status"] == "conforms"
    page = (tmp_path / "d.html").read_text(encoding="utf-8")
    words, rows = read_page(page)
    assert 'data-status="conforms"' in page and "no divergence" in words
    assert words.count("diverges") == 0
    for run_ in data["games"]:
        head = f"crafts 2p seed {run_['seed']} uniform"
        assert [head, "conforms", str(run_["steps"]), "digests (whole states)"] == (
            next(r for r in rows if r and r[0] == head)[:4])
    assert "partial: none: compared in full" in words
    Path(tmp_path / "r.json").write_text(saved.stdout, encoding="utf-8")
    again = run("report", str(tmp_path / "r.json"))
    assert again.exit_code == 0
    assert again.stdout.splitlines() == verdict_lines(data)


def test_report_bad_input_exits_2_with_one_line(tmp_path: Path) -> None:
    bad_input(run("report", str(tmp_path / "none.json"), "--html", str(tmp_path / "x.html")),
              "cannot read", "none.json")
    bad_input(run("report", str(tmp_path)), "cannot read")
    for name, content, words in [
        ("text.json", "not json\n", ("not a JSON report",)),
        ("twice.json", '{"game": "catan", "game": "crafts"}', ("not a JSON report", "game")),
        ("list.json", "[1, 2]", ("not a JSON object",)),
        ("other.json", '{"status": "conforms"}', ("neither a game nor games",)),
        ("short.json", '{"game": "catan", "file": "t"}', ("$: missing field 'status'",)),
        ("malformed.json", '{"file": "t", "status": "malformed", "error": "line 2: x"}',
         ("a malformed trace",)),
    ]:
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        bad_input(run("report", str(path), "--html", str(tmp_path / "x.html")), *words)
    assert not (tmp_path / "x.html").exists()


def test_an_unwritable_page_exits_2(tmp_path: Path) -> None:
    trace = diverging_trace(tmp_path)
    bad_input(run("check", str(trace), "--html", str(tmp_path / "no" / "x.html")),
              "cannot write", "x.html")
