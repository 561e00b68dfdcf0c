"""One self-contained HTML page of many drawings with a step control.

The page holds no drawing whole more than once: each distinct SVG element is stored once
(a pool), a frame every ``KEY_EVERY`` steps lists its elements by their pool index, and
every other frame lists only how it differs from the one before (``[start, end, ids]``:
the elements from ``start`` to ``end`` replaced by ``ids``). Inline JavaScript rebuilds a
frame on demand; buttons, a slider and the arrow keys walk the steps. Nothing is fetched.
"""

import difflib
import json
from collections.abc import Iterable
from html import escape

import attrs

from rules_oracle.oracle.draw.svg import Canvas

#: a frame listed whole every so many steps (the others are differences)
KEY_EVERY = 50
#: the changed fields listed under a frame (the drawing marks them all)
LISTED = 12


@attrs.frozen(slots=True)
class Frame:
    """One step of the page: its label, the fields it highlights and its drawing."""

    label: str
    highlight: tuple[str, ...]
    canvas: Canvas


def encode(frames: Iterable[Frame], pool: list[str] | None = None,
           index: dict[str, int] | None = None) -> tuple[list[str], list[dict[str, object]]]:
    """The frames as a pool of distinct elements and, per frame, its label, changed fields
    and elements (whole every ``KEY_EVERY`` frames, else as differences). Given ``pool`` and
    its ``index`` (element -> position), new elements are added to them: several sequences
    of frames share one pool."""
    pool = [] if pool is None else pool
    index = {} if index is None else index
    out: list[dict[str, object]] = []
    previous: list[int] = []
    for n, frame in enumerate(frames):
        ids = []
        for element in (frame.canvas.head(), *frame.canvas.elements(), "</svg>"):
            i = index.get(element)
            if i is None:
                i = index[element] = len(pool)
                pool.append(element)
            ids.append(i)
        entry: dict[str, object] = {"label": frame.label,
                                    "changed": list(frame.highlight[:LISTED]),
                                    "more": max(0, len(frame.highlight) - LISTED)}
        if n % KEY_EVERY == 0:
            entry["key"] = ids
        else:
            matcher = difflib.SequenceMatcher(None, previous, ids, autojunk=False)
            entry["ops"] = [[i1, i2, ids[j1:j2]]
                            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]
        out.append(entry)
        previous = ids
    return pool, out


def script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``<`` at all: ``</script>`` cannot end it)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True).replace("<", "\\u003c")


def page(title: str, frames: Iterable[Frame], start: int = 0) -> str:
    """The HTML page of ``frames``, showing frame ``start`` first."""
    pool, encoded = encode(frames)
    if not encoded:
        raise ValueError("a page needs at least one frame")
    data = {"pool": pool, "frames": encoded, "keyEvery": KEY_EVERY,
            "start": max(0, min(start, len(encoded) - 1))}
    return (_HEAD.replace("@TITLE@", escape(title))
            + f'<script type="application/json" id="frames">{script_json(data)}</script>'
            + _SCRIPT)


_HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>@TITLE@</title>
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>
body{font-family:sans-serif;margin:12px;background:#fff;color:#222}
#controls{position:sticky;top:0;background:#f0f0f0;padding:6px;border:1px solid #ccc;z-index:1}
#controls button{min-width:3em}#slider{width:40%;vertical-align:middle}
#label{font-family:monospace;margin-top:4px;white-space:pre-wrap;word-break:break-all}
#changed{font-family:monospace;font-size:12px;color:#a000a0}
</style></head>
<body><h1 style="font-size:18px">@TITLE@</h1>
<div id="controls">
<button id="first" title="the first step (Home)">|&lt;</button>
<button id="prev" title="the step before (left arrow)">&lt;</button>
<button id="next" title="the next step (right arrow)">&gt;</button>
<button id="last" title="the last step (End)">&gt;|</button>
<input type="range" id="slider" min="0" value="0" aria-label="step">
<span id="counter"></span>
<div id="label"></div><div id="changed"></div></div>
<div id="stage"></div>
"""

#: the step control of one replay, shared by this page and the report's
#: (``oracle/draw/report_page.py``): ``parts`` holds the stage, the slider, the counter, the
#: label, the changed line and the four buttons; ``holder`` carries ``data-step``
STEPPER = """
function oracleStepper(parts, data, pool, holder) {
  const frames = data.frames, last = frames.length - 1;
  parts.slider.max = String(last);
  let shown = -1;
  function ids(k) {
    const base = k - (k % data.keyEvery);
    let list = frames[base].key.slice();
    for (let i = base + 1; i <= k; i++) {
      const ops = frames[i].ops;
      for (let j = ops.length - 1; j >= 0; j--) {
        const op = ops[j];
        list.splice(op[0], op[1] - op[0], ...op[2]);
      }
    }
    return list;
  }
  function show(k) {
    k = Math.max(0, Math.min(last, k));
    const frame = frames[k];
    parts.stage.innerHTML = ids(k).map(function (i) { return pool[i]; }).join("");
    parts.slider.value = String(k);
    parts.counter.textContent = "step " + k + " of " + last;
    parts.label.textContent = frame.label;
    const more = frame.more ? " and " + frame.more + " more" : "";
    parts.changed.textContent = frame.changed.length
      ? (frame.differing ? "differing: " : "changed: ") + frame.changed.join(" ") + more : "";
    shown = k;
    holder.dataset.step = String(k);
  }
  parts.first.onclick = function () { show(0); };
  parts.prev.onclick = function () { show(shown - 1); };
  parts.next.onclick = function () { show(shown + 1); };
  parts.last.onclick = function () { show(last); };
  parts.slider.oninput = function () { show(Number(parts.slider.value)); };
  show(data.start);
  return {show: show, shown: function () { return shown; }, last: last};
}
"""

_SCRIPT = """<script>
"use strict";
""" + STEPPER + """
(function () {
  const data = JSON.parse(document.getElementById("frames").textContent);
  const parts = {};
  ["stage", "slider", "counter", "label", "changed", "first", "prev", "next", "last"].forEach(
    function (name) { parts[name] = document.getElementById(name); });
  const stepper = oracleStepper(parts, data, data.pool, document.body);
  const slider = parts.slider;
  document.addEventListener("keydown", function (e) {
    if (e.target === slider) return;
    if (e.key === "ArrowRight") stepper.show(stepper.shown() + 1);
    else if (e.key === "ArrowLeft") stepper.show(stepper.shown() - 1);
    else if (e.key === "Home") stepper.show(0);
    else if (e.key === "End") stepper.show(stepper.last);
  });
  window.oracleShow = stepper.show;
})();
</script></body></html>
"""
