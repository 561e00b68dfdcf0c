"""A screenshot of a divergence report's first divergence, as docs/engines/catanatron.md shows
one: headless Chromium (Debian's package, or the one ORACLE_CHROMIUM names) driven by
Playwright (the ``browser`` extra) opens the page ``--html`` wrote and saves the part from the
divergence's heading to the end of its boards as PNG.

    python ci/report_shot.py REPORT.html OUT.png [--width 1100]
"""

import argparse
import os
import sys
from pathlib import Path

CHROMIUM = os.environ.get("ORACLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--width", type=int, default=1100)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": args.width, "height": 900})
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
            "file://") else route.abort())
        page.goto(args.page.resolve().as_uri())
        section = page.locator("section.divergence").first
        boards = section.locator(".boards").first
        top, bottom = section.bounding_box(), boards.bounding_box()
        if top is None or bottom is None:
            print(f"{args.page}: no divergence drawn", file=sys.stderr)
            return 1
        clip = {"x": top["x"], "y": top["y"], "width": top["width"],
                "height": bottom["y"] + bottom["height"] - top["y"] + 6}
        page.screenshot(path=str(args.out), clip=clip, full_page=True)
        browser.close()
    print(f"wrote {args.out}: {args.out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
