"""``oracle show``: one state as SVG, a whole seeded game as a page, bad input exits 2."""

import json
from pathlib import Path

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.play import playout
from rules_oracle.oracle.draw import changed, draw
from tests.oracle.draw.helpers import highlighted, pieces, states
from tests.oracle.draw.pagedata import frame_svg, page_data
from tests.oracle.helpers import bad_input, run


def test_svg_of_a_step_highlights_what_it_changed(tmp_path: Path) -> None:
    seq = states("catan", 3, 5)
    step = next(i for i in range(1, len(seq)) if seq[i].path_owner != seq[i - 1].path_owner)
    out = tmp_path / "s.svg"
    result = run("show", "catan", "-n", "3", "-s", "5", "--step", str(step), "--svg", str(out))
    assert result.exit_code == 0, result.output
    assert f"wrote {out}: catan, 3 players, seed 5, step {step}" in result.stderr
    svg = out.read_text(encoding="utf-8")
    assert svg == draw("catan", seq[step], changed(seq[step - 1], seq[step]))
    assert any(e.attrib["data-kind"] == "road" for e in pieces(svg) if highlighted(e))


def test_svg_highlight_paths_are_given(tmp_path: Path) -> None:
    out = tmp_path / "s.svg"
    result = run("show", "caylus", "-n", "2", "--step", "40", "--svg", str(out),
                 "--highlight", "$.provost", "--highlight", "$.players[1].resources")
    assert result.exit_code == 0, result.output
    hl = [e for e in pieces(out.read_text(encoding="utf-8")) if highlighted(e)]
    assert sorted(e.attrib["data-field"] for e in hl) == ["$.players[1].resources",
                                                          "$.provost"]


def test_svg_of_the_set_up_marks_nothing(tmp_path: Path) -> None:
    out = tmp_path / "s.svg"
    assert run("show", "burgundy", "--svg", str(out)).exit_code == 0
    found = pieces(out.read_text(encoding="utf-8"))
    assert found and not any(highlighted(e) for e in found)


def test_the_page_is_the_game_play_writes(tmp_path: Path) -> None:
    out = tmp_path / "g.html"
    trace = tmp_path / "g.jsonl"
    result = run("show", "crafts", "-n", "3", "-s", "2", "--step", "7", "--html", str(out),
                 "--policy", "eager")
    assert result.exit_code == 0, result.output
    assert run("play", "crafts", "-n", "3", "-s", "2", "--policy", "eager",
               "-o", str(trace)).exit_code == 0
    records = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    steps = [r for r in records if "action" in r]
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["start"] == 7
    assert len(data["frames"]) == len(steps) + 1
    assert data["frames"][0]["label"] == "step 0: set-up"
    for k, record in enumerate(steps, start=1):
        label = data["frames"][k]["label"]
        assert record["step"] == k
        who = "chance" if record["actor"] == "chance" else f"seat {record['actor']}"
        assert label.startswith(f"step {k}: {who}: "), label
        assert json.loads(label.split(": ", 2)[2]) == record["action"]
    game = registry.get("crafts")
    last = list(playout(game, game.config(3), 2, "eager"))[-1].state
    final = frame_svg(data, len(steps))
    assert [e.attrib["data-field"] for e in pieces(final)] == [
        e.attrib["data-field"] for e in pieces(draw("crafts", last))]
    assert f"steps 0-{len(steps)}" in result.stderr


def test_the_page_stops_at_last(tmp_path: Path) -> None:
    out = tmp_path / "g.html"
    result = run("show", "catan", "-n", "4", "-s", "1", "--last", "30", "--step", "30",
                 "--html", str(out), "--svg", str(tmp_path / "s.svg"))
    assert result.exit_code == 0, result.output
    data = page_data(out.read_text(encoding="utf-8"))
    assert len(data["frames"]) == 31
    assert data["frames"][30]["label"].startswith("step 30: ")
    assert frame_svg(data, 30) == (tmp_path / "s.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "words"), [
    (["chess", "--svg", "x.svg"], ["unknown game 'chess'"]),
    (["crafts", "--step", "100000", "--svg", "x.svg"], ["--step 100000", "ends after"]),
    (["crafts", "--step", "100000", "--html", "x.html"], ["--step 100000", "ends after"]),
    (["crafts", "--last", "100000", "--html", "x.html"], ["--step 0", "ends after"]),
    (["crafts"], ["--svg FILE", "--html FILE"]),
    (["crafts", "--step", "-1", "--svg", "x.svg"], ["--step -1"]),
    (["crafts", "--last", "-3", "--html", "x.html"], ["--last -3"]),
    (["crafts", "--step", "9", "--last", "3", "--html", "x.html"], ["past --last 3"]),
    (["crafts", "--svg", "x.svg", "--highlight", "players"], ["--highlight 'players'"]),
    (["crafts", "-n", "9", "--svg", "x.svg"], ["9"]),
    (["crafts", "--svg", "no/such/dir/x.svg"], ["cannot write no/such/dir/x.svg"]),
])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         args: list[str], words: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    bad_input(run("show", *args), *words)
    assert not (tmp_path / "x.svg").exists()
    assert not (tmp_path / "x.html").exists()


@pytest.mark.usefixtures("toy")
def test_a_game_without_a_drawing_exits_2(tmp_path: Path) -> None:
    bad_input(run("show", "toy", "--svg", str(tmp_path / "x.svg")), "no drawing", "toy")


def test_a_long_drawing_says_how_far_it_is(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    from rules_oracle.oracle import cli

    monkeypatch.setattr(cli, "LOG_EVERY", 0.0)
    result = run("show", "crafts", "--last", "3", "--html", str(tmp_path / "g.html"))
    assert result.exit_code == 0, result.output
    assert "drawing: step 3 (" in result.stderr
