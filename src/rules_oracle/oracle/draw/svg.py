"""A small SVG builder: drawn pieces named by the state fields they show.

Every piece of a drawing carries ``data-field``, the JSON paths (space-separated) of the
fields of the game's state it shows (``$.node_owner[12] $.node_level[12]``), ``data-kind``
(``settlement``, ``road``, ``robber``...) and, when it belongs to a seat, ``data-seat``. A
piece is highlighted (CSS class ``hl``) when one of the given paths is one of its fields,
lies inside one (``$.players[2].hand[0]`` marks the piece of ``$.players[2].hand``) or
contains one (``$.players[2]`` marks every piece of seat 2's fields).

A drawing is a list of layers (top-level ``<g>`` groups) of flat elements, so that a page
of many drawings of one game can keep each distinct element once.
"""

import html
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager

#: seat colours, seat 0 first
SEAT_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#2ca02c", "#8c564b", "#9467bd")
#: the page's style: pieces, labels and the highlight
STYLE = (
    "text{font-family:sans-serif;fill:#222}"
    ".small{font-size:9px}.label{font-size:11px}.title{font-size:14px;font-weight:bold}"
    ".piece.hl{stroke:#ff00ff;stroke-width:4px}"
    "text.piece.hl{fill:#c000c0;font-weight:bold;stroke:none}"
)


def seat_colour(seat: int) -> str:
    """The colour of a seat's pieces (grey for no seat)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else "#999999"


def containers(path: str) -> list[str]:
    """The paths that contain ``path`` (``$.a[1].b``: ``$``, ``$.a``, ``$.a[1]``)."""
    return [path[:i] for i, ch in enumerate(path) if ch in ".[" and i > 0]


class Marks:
    """Highlight paths, ready to test a piece's fields against."""

    def __init__(self, highlight: Iterable[str]) -> None:
        self.paths = frozenset(highlight)
        self.inner = frozenset(c for h in self.paths for c in containers(h))

    def __bool__(self) -> bool:
        return bool(self.paths)

    def marks(self, fields: Iterable[str]) -> bool:
        """Whether a piece showing ``fields`` is marked: a path is one of them, contains one
        or lies inside one."""
        for f in fields:
            if f in self.paths or f in self.inner:
                return True
            if any(c in self.paths for c in containers(f)):
                return True
        return False


def marked(fields: Iterable[str], highlight: Iterable[str]) -> bool:
    """Whether a piece showing ``fields`` is marked by the paths ``highlight``."""
    return Marks(highlight).marks(fields)


def _quote(value: str) -> str:
    """An attribute value in double quotes, escaped."""
    return f'"{html.escape(value, quote=True)}"'


def _number(value: float) -> str:
    if type(value) is int:
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


#: drawn layers kept for reuse (by drawing, layer, the state values read and the marks)
CACHED_LAYERS = 512
_LAYERS: dict[Hashable, list[list[str]]] = {}


class Canvas:
    """An SVG drawing built layer by layer; ``pieces`` counts the pieces by kind."""

    def __init__(self, width: float, height: float, title: str,
                 highlight: Iterable[str] = ()) -> None:
        self.width = width
        self.height = height
        self.title = title
        self.highlight = Marks(highlight)
        #: the layers, each a list of elements (its ``<g>`` and ``</g>`` first and last)
        self.layers: list[list[str]] = []
        self._open: list[str] | None = None

    @contextmanager
    def layer(self, name: str) -> Iterator[None]:
        """Elements added inside the block form one layer ``<g data-layer=name>``."""
        self._open = [f"<g data-layer={_quote(name)}>"]
        try:
            yield
        finally:
            self._open.append("</g>")
            self.layers.append(self._open)
            self._open = None

    def cached(self, name: str, fields: Sequence[str], values: Hashable,
               body: Callable[[], None]) -> None:
        """The layers ``body`` draws, which read only ``values``, the state's fields at the
        paths ``fields``: drawn again only when these or the highlight paths that mark
        within those fields change (a page of a long game draws its board's unchanged
        layers once). ``name`` tells the drawing's bodies apart."""
        within = Marks(fields)
        marks = tuple(sorted(h for h in self.highlight.paths if within.marks((h,))))
        key = (self.title, name, tuple(fields), values, marks)
        layers = _LAYERS.get(key)
        if layers is None:
            start = len(self.layers)
            body()
            layers = self.layers[start:]
            if len(_LAYERS) >= CACHED_LAYERS:
                _LAYERS.clear()
            _LAYERS[key] = layers
        else:
            self.layers.extend(layers)

    def _add(self, element: str) -> None:
        if self._open is None:
            raise RuntimeError("an element is drawn outside a layer")
        self._open.append(element)

    def element(self, tag: str, text: str | None = None, /, *, fields: Sequence[str] = (),
                kind: str | None = None, seat: int | None = None,
                css: str = "", **attrs: float | str) -> None:
        """An element; with ``fields`` and ``kind`` it is a piece showing those fields."""
        classes = [css] if css else []
        parts = [tag]
        if kind is not None:
            classes.insert(0, "piece")
            if self.highlight and self.highlight.marks(fields):
                classes.append("hl")
            parts.append(f"data-kind={_quote(kind)}")
            parts.append(f"data-field={_quote(' '.join(fields))}")
            if seat is not None:
                parts.append(f'data-seat="{seat}"')
        if classes:
            parts.append(f"class={_quote(' '.join(classes))}")
        for key, value in attrs.items():
            name = key.rstrip("_").replace("_", "-")
            if isinstance(value, int | float):
                parts.append(f'{name}="{_number(value)}"')
            else:
                parts.append(f"{name}={_quote(value)}")
        head = " ".join(parts)
        if text is None:
            self._add(f"<{head}/>")
        else:
            self._add(f"<{head}>{html.escape(text, quote=False)}</{tag}>")

    def text(self, x: float, y: float, text: str, *, css: str = "label",
             fields: Sequence[str] = (), kind: str | None = None, seat: int | None = None,
             **attrs: float | str) -> None:
        """A line of text; with ``fields`` and ``kind`` a piece."""
        self.element("text", text, fields=fields, kind=kind, seat=seat, css=css, x=x, y=y,
                     **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], *, fields: Sequence[str] = (),
                kind: str | None = None, seat: int | None = None, css: str = "",
                **attrs: float | str) -> None:
        """A closed polygon; with ``fields`` and ``kind`` a piece."""
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self.element("polygon", fields=fields, kind=kind, seat=seat, css=css, points=text,
                     **attrs)

    def svg(self) -> str:
        """The whole drawing as a self-contained SVG document."""
        return self.head() + "".join(self.elements()) + "</svg>"

    def elements(self) -> list[str]:
        """Every element of every layer in order (layers open and close as elements)."""
        return [e for layer in self.layers for e in layer]

    def head(self) -> str:
        """The opening of the SVG document: size, title and style."""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(self.width)}"'
                f' height="{_number(self.height)}"'
                f' viewBox="0 0 {_number(self.width)} {_number(self.height)}">'
                f"<title>{html.escape(self.title, quote=False)}</title><style>{STYLE}</style>"
                f'<rect x="0" y="0" width="{_number(self.width)}"'
                f' height="{_number(self.height)}" fill="#fbfaf5"/>')


def counts_text(names: Sequence[str], counts: Sequence[int]) -> str:
    """``lumber 2, ore 1`` for the non-zero counts, ``-`` when there are none."""
    shown = [f"{n} {c}" for n, c in zip(names, counts, strict=True) if c]
    return ", ".join(shown) if shown else "-"
