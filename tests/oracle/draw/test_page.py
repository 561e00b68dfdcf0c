"""The page of many drawings: every frame rebuilt exactly, nothing fetched, safe JSON."""

import itertools
import re

import pytest

from rules_oracle.oracle.draw import canvas, changed
from rules_oracle.oracle.draw.page import KEY_EVERY, LISTED, Frame, page
from rules_oracle.oracle.draw.svg import Canvas
from tests.oracle.draw.helpers import highlighted, pieces, states
from tests.oracle.draw.pagedata import frame_svg, page_data


def _frames(game: str, players: int, seed: int, count: int) -> list[Frame]:
    seq = states(game, players, seed)[:count]
    out = [Frame("set-up", (), canvas(game, seq[0]))]
    for a, b in itertools.pairwise(seq):
        marks = tuple(sorted(changed(a, b)))
        out.append(Frame(f"after {len(out)}", marks, canvas(game, b, marks)))
    return out


@pytest.mark.parametrize("game", ["catan", "burgundy"])
def test_every_frame_is_rebuilt_exactly(game: str) -> None:
    frames = _frames(game, 3, 1, 2 * KEY_EVERY + 7)
    data = page_data(page("t", frames, start=5))
    assert data["start"] == 5
    assert len(data["frames"]) == len(frames)
    for k, frame in enumerate(frames):
        assert frame_svg(data, k) == frame.canvas.svg(), k
        entry = data["frames"][k]
        assert ("key" in entry) == (k % KEY_EVERY == 0)
        assert entry["label"] == frame.label
        assert entry["changed"] == list(frame.highlight[:LISTED])
        assert entry["more"] == max(0, len(frame.highlight) - LISTED)
    # each distinct element is kept once
    assert len(data["pool"]) == len(set(data["pool"]))
    # a frame's drawing marks the fields its step changed
    assert any(highlighted(e) for k in range(1, len(frames))
               for e in pieces(frame_svg(data, k)))


def test_a_page_fetches_nothing_and_its_data_cannot_end_its_script() -> None:
    c = Canvas(10, 10, "</script><script>alert(1)</script>")
    with c.layer("l"):
        c.text(1, 1, "</script>", fields=("$.x",), kind="field")
    html = page("a <b> title", [Frame("</script>", ("$.x",), c)])
    assert html.count("</script>") == 2  # the data block's and the script's own
    assert "<title>a &lt;b&gt; title</title>" in html
    assert not re.search(r"\b(src|href)\s*=", html)
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")  # a namespace
    assert "https://" not in html
    assert "default-src 'none'" in html
    data = page_data(html)
    assert data["frames"][0]["label"] == "</script>"
    assert "&lt;/script&gt;</text>" in frame_svg(data, 0)


def test_the_start_is_kept_within_the_frames() -> None:
    frames = _frames("crafts", 2, 1, 3)
    assert page_data(page("t", frames, start=99))["start"] == 2
    assert page_data(page("t", frames, start=-4))["start"] == 0


def test_a_page_needs_a_frame() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        page("t", [])
