"""Reading a page back: its frames rebuilt as the page's script rebuilds them."""

import json
import re
from typing import Any

_DATA = re.compile(r'<script type="application/json" id="frames">(.*?)</script>', re.S)


def page_data(html: str) -> dict[str, Any]:
    """The JSON data a page carries (exactly one block)."""
    (text,) = _DATA.findall(html)
    data: dict[str, Any] = json.loads(text)
    return data


def frame_svg(data: dict[str, Any], k: int) -> str:
    """Frame ``k``'s SVG, from the nearest whole frame and the differences after it."""
    frames = data["frames"]
    base = k - k % data["keyEvery"]
    ids = list(frames[base]["key"])
    for i in range(base + 1, k + 1):
        for start, end, new in reversed(frames[i]["ops"]):
            ids[start:end] = new
    return "".join(data["pool"][i] for i in ids)
