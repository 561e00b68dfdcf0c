"""The page of a seeded game in a real browser: headless Chromium (Debian's package) driven
by Playwright (the ``browser`` extra). It opens a page ``oracle show`` wrote, walks steps
with the buttons, the keys and the slider, finds the highlighted pieces and saves a
screenshot, and does the same with a divergence report (``oracle check --html``): the
boards before and after the diverging step, the differing field marked, the replay walked
from the set-up; a blank or broken page fails (no drawing or an empty one, a console error, a
request for anything, a screenshot of one colour). Without the browser or Playwright the
tests say so and are skipped; ``ci/test.sh`` installs both."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from click.testing import CliRunner

from rules_oracle.oracle.cli import main
from tests.oracle.draw.helpers import highlighted, pieces
from tests.oracle.draw.pagedata import frame_svg, page_data
from tests.oracle.draw.pngdata import pixels
from tests.oracle.draw.reports import engine_lines, ruled_step

#: the browser: Debian's chromium, or the one ORACLE_CHROMIUM names
CHROMIUM = os.environ.get("ORACLE_CHROMIUM", "/usr/bin/chromium")
#: no sandbox (CI runs as root), nothing reached over the network, nothing updated
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: where screenshots are also kept, when set (for a person to look at)
SHOTS = os.environ.get("ORACLE_SCREENSHOTS")


#: set (as .ci/run sets it) when a missing browser must fail the test, never skip it
REQUIRED = os.environ.get("ORACLE_REQUIRE_BROWSER") == "1"


def _absent(why: str) -> NoReturn:
    if REQUIRED:
        pytest.fail(f"{why}, and ORACLE_REQUIRE_BROWSER=1 requires it")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _absent(f"no browser: {CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _absent("no browser driver: Playwright is missing (pip install -e '.[browser]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


class Watched:
    """A page whose console errors, uncaught exceptions and requests are recorded."""

    def __init__(self, browser: Any) -> None:
        self.errors: list[str] = []
        self.fetched: list[str] = []
        self.page = browser.new_page(viewport={"width": 1100, "height": 900})
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith("file://"):
            route.continue_()
        else:
            self.fetched.append(url)
            route.abort()


def check_drawn(watched: Watched, shot: Path, stage: str = "#stage") -> None:
    """Fail on a blank or broken page: the drawing (in ``stage``), its size, errors,
    requests, pixels."""
    page = watched.page
    assert watched.errors == [], watched.errors
    assert watched.fetched == [], watched.fetched
    svg = page.locator(f"{stage} svg")
    assert svg.count() == 1, "no drawing on the page"
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 300, box
    assert page.locator(f"{stage} svg .piece").count() > 20
    page.screenshot(path=str(shot), full_page=False)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(SHOTS) / shot.name)
    # the pixels of the drawing's top left (decoded in Python: a part keeps it quick)
    clip = {"x": box["x"], "y": box["y"], "width": 400.0, "height": 300.0}
    width, height, seen = pixels(page.screenshot(clip=clip))
    assert (width, height) == (400, 300)
    colours: dict[bytes, int] = {}
    for p in seen:
        colours[p] = colours.get(p, 0) + 1
    background = max(colours.values())
    assert len(colours) > 20, f"{len(colours)} colours: a blank page"
    assert len(seen) - background > len(seen) // 20, "almost all one colour: a blank page"


def _write_page(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "game.html"
    result = CliRunner().invoke(main, ["show", *args, "--html", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_a_game_is_walked_and_its_changes_found(browser: Any, tmp_path: Path) -> None:
    html = _write_page(tmp_path, "catan", "-n", "4", "-s", "1", "--last", "80")
    data = page_data(html.read_text(encoding="utf-8"))
    watched = Watched(browser)
    page = watched.page
    page.goto(html.as_uri())
    assert page.locator("#counter").inner_text() == "step 0 of 80"
    check_drawn(watched, tmp_path / "catan-step-0.png")
    for _ in range(3):
        page.click("#next")
    assert page.locator("body").get_attribute("data-step") == "3"
    assert page.locator("#label").inner_text().startswith("step 3: ")
    page.click("#prev")
    assert page.locator("body").get_attribute("data-step") == "2"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("body").get_attribute("data-step") == "5"
    # the slider to every step where a road was built: the road is marked on the board
    roads = [k for k in range(1, 81)
             if any(p.startswith("$.path_owner[") for p in data["frames"][k]["changed"])]
    assert roads
    for k in roads[:3]:
        page.locator("#slider").fill(str(k))
        assert page.locator("body").get_attribute("data-step") == str(k)
        marked = page.locator("#stage svg .piece.hl")
        want = [e.attrib["data-field"] for e in pieces(frame_svg(data, k)) if highlighted(e)]
        assert [marked.nth(i).get_attribute("data-field")
                for i in range(marked.count())] == want
        road = page.locator('#stage svg .piece.hl[data-kind="road"]')
        assert road.count() == 1
        box = road.bounding_box()
        assert box is not None and box["width"] * box["height"] > 10
        assert page.locator("#changed").inner_text().startswith("changed: ")
    page.keyboard.press("End")
    assert page.locator("#counter").inner_text() == "step 80 of 80"
    page.click("#first")
    assert page.locator("body").get_attribute("data-step") == "0"
    page.locator("#slider").fill(str(roads[0]))
    check_drawn(watched, tmp_path / "catan-road.png")
    page.close()


@pytest.mark.parametrize(("game", "players"), [("cities_knights", 3), ("burgundy", 2),
                                               ("caylus", 3), ("crafts", 3),
                                               ("catan_cards", 2)])
def test_every_game_is_drawn_in_the_browser(browser: Any, tmp_path: Path, game: str,
                                            players: int) -> None:
    html = _write_page(tmp_path, game, "-n", str(players), "-s", "2", "--last", "60",
                       "--step", "60")
    watched = Watched(browser)
    watched.page.goto(html.as_uri())
    assert watched.page.locator("body").get_attribute("data-step") == "60"
    assert watched.page.locator("#stage svg .piece.hl").count() > 0
    check_drawn(watched, tmp_path / f"{game}.png")
    watched.page.close()


def test_a_blank_or_broken_page_fails(browser: Any, tmp_path: Path) -> None:
    blank = tmp_path / "blank.html"
    blank.write_text('<!DOCTYPE html><div id="stage"><svg width="0" height="0"></svg></div>',
                     encoding="utf-8")
    watched = Watched(browser)
    watched.page.goto(blank.as_uri())
    with pytest.raises(AssertionError, match="width"):
        check_drawn(watched, tmp_path / "blank.png")
    empty = tmp_path / "empty.html"
    rects = '<rect class="piece" width="0" height="0"/>' * 30
    empty.write_text(f'<!DOCTYPE html><div id="stage"><svg width="800" height="800">{rects}'
                     "</svg></div>", encoding="utf-8")
    watched = Watched(browser)
    watched.page.goto(empty.as_uri())
    with pytest.raises(AssertionError, match="a blank page"):
        check_drawn(watched, tmp_path / "empty.png")
    broken = tmp_path / "broken.html"
    broken.write_text('<!DOCTYPE html><img src="https://example.invalid/x.png">'
                      "<script>undefinedFunction()</script>", encoding="utf-8")
    watched = Watched(browser)
    watched.page.goto(broken.as_uri())
    assert watched.fetched == ["https://example.invalid/x.png"]
    with pytest.raises(AssertionError, match="undefinedFunction"):
        check_drawn(watched, tmp_path / "broken.png")


def test_a_divergence_report_is_walked_and_its_differing_fields_found(
        browser: Any, tmp_path: Path) -> None:
    at = ruled_step("catan", 3, 8, 25)
    lines, paths = engine_lines("catan", 3, 8, {at: 0})
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(lines) + "\n", encoding="utf-8")
    html = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["check", str(trace), "--html", str(html)])
    assert result.exit_code == 1, result.output
    watched = Watched(browser)
    page = watched.page
    page.goto(html.as_uri())
    assert page.locator("#status").inner_text() == "diverges"
    assert f"diverges at step {at}: digest" in page.locator("#verdict").inner_text()
    # the boards before and after the step, the wrong field marked on both
    for side in ("before", "after"):
        marked = page.locator(f".board.{side} svg .piece.hl")
        assert marked.count() > 0
        for i in range(marked.count()):
            assert marked.nth(i).get_attribute("data-field") == paths[at]
        box = marked.first.bounding_box()
        assert box is not None and box["width"] * box["height"] > 10
    # the step control opens at the diverging step and walks the replay from the set-up
    replay = page.locator("section.replay")
    assert replay.get_attribute("data-step") == str(at)
    assert replay.locator(".step-counter").inner_text() == f"step {at} of {at}"
    assert replay.locator(".step-changed").inner_text() == f"differing: {paths[at]}"
    replay.locator(".first").click()
    assert replay.get_attribute("data-step") == "0"
    assert replay.locator(".step-label").inner_text() == "step 0: set-up"
    for _ in range(3):
        replay.locator(".next").click()
    assert replay.get_attribute("data-step") == "3"
    replay.locator(".prev").click()
    assert replay.get_attribute("data-step") == "2"
    replay.locator(".slider").fill(str(at - 1))
    assert replay.locator(".step-label").inner_text().startswith(f"step {at - 1}: ")
    replay.locator(".last").click()
    assert replay.get_attribute("data-step") == str(at)
    marked = replay.locator(".stage svg .piece.hl")
    assert marked.count() > 0
    assert {marked.nth(i).get_attribute("data-field") for i in range(marked.count())} == {
        paths[at]}
    check_drawn(watched, tmp_path / "report.png", "section.replay .stage")
    page.close()
