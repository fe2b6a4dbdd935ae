"""Every string a render draws, where, how large, and whether it had to be cut to fit,
read from the drawing calls themselves (the pixels are exactly a plain render's)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from engines.core import render as core


@dataclass(frozen=True)
class Text:
    """One string as drawn: its ink box on the image and its font size in px."""

    text: str
    size: int
    box: tuple[int, int, int, int]

    def overlaps(self, other: Text) -> bool:
        """Whether the two strings' ink boxes share any pixel."""
        a, b = self.box, other.box
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass
class Drawing:
    """What one or more renders drew: the strings, and those cut short ("…") to fit."""

    texts: list[Text] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)

    def joined(self) -> str:
        """All the drawn text, in drawing order."""
        return " ".join(t.text for t in self.texts)

    def overlapping(self) -> list[tuple[str, str]]:
        """Pairs of strings drawn over each other."""
        found = []
        for i, a in enumerate(self.texts):
            for b in self.texts[i + 1 :]:
                if a.overlaps(b):
                    found.append((a.text, b.text))
        return found

    def outside(self, width: int, height: int) -> list[str]:
        """Strings whose ink leaves the image (cut off at its edge)."""
        return [
            t.text
            for t in self.texts
            if t.box[0] < 0 or t.box[1] < 0 or t.box[2] > width or t.box[3] > height
        ]


@contextmanager
def drawn() -> Iterator[Drawing]:
    """Record every string drawn inside the block (see :class:`Drawing`)."""
    seen = Drawing()
    original_text = ImageDraw.ImageDraw.text
    original_fit = core.fit_text

    def text(self: ImageDraw.ImageDraw, xy: Any, string: Any, *args: Any, **kw: Any) -> None:
        fnt = kw.get("font")
        if isinstance(string, str) and string.strip() and fnt is not None:
            box = self.textbbox(xy, string, font=fnt, anchor=kw.get("anchor"))
            seen.texts.append(Text(string, int(fnt.size), tuple(int(v) for v in box)))  # type: ignore[arg-type]
        original_text(self, xy, string, *args, **kw)

    def fit(text: str, max_width: float, size: int, bold: bool = False) -> Any:
        fitted = original_fit(text, max_width, size, bold)
        if fitted[0] != text:
            seen.cut.append(text)
        return fitted

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    core.fit_text = fit  # type: ignore[assignment]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original_text  # type: ignore[method-assign]
        core.fit_text = original_fit
