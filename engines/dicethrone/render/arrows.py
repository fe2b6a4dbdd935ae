"""The attack's damage as arrows between the hero boards drawn side by side."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render.letters import text_width, write
from engines.dicethrone.render.style import ARROW_ROW, SMALL, Translate
from engines.dicethrone.view import BoardView

NONE_DEALT = "dicethrone.render.arrow.none"


def damage_arrows(
    data: BoardView, seats: Sequence[int], t: Translate, locale: str
) -> list[tuple[int, int, str]]:
    """The attack's damage as arrows between the hero boards drawn side by side:
    (from, to, "7 damage") while it waits, (from, to, "−5 health") once dealt."""
    found: dict[tuple[int, int], int] = {}
    key = "dicethrone.render.arrow.incoming"
    for inc in data.incoming:
        if inc.source is not None:
            pair = (inc.source, inc.target)
            found[pair] = found.get(pair, 0) + inc.amount + inc.added
    if not found:
        key = "dicethrone.render.arrow.dealt"
        for rep in data.reports:
            # The reports are the active player's roll phase: her Attack, or what
            # came back at her (a reflection, a Duel) from the defender.
            source = data.active if rep.target != data.active else data.defender
            found[(source, rep.target)] = found.get((source, rep.target), 0) + rep.total
    return [
        # "−0 health" reads as a glitch: a hit wholly prevented says so.
        (source, target, t(key if amount else NONE_DEALT, locale, amount=amount))
        for (source, target), amount in found.items()
        if source != target and source in seats and target in seats
    ][:2]


def draw_arrow(draw: ImageDraw.ImageDraw, x0: int, x1: int, y: int, label: str) -> None:
    """An arrow in the highlight colour from one hero board's centre to another's, the
    damage on a pill in its middle."""
    mid = y + ARROW_ROW // 2 - 4
    head = 22 if x1 > x0 else -22
    draw.line((x0, mid, x1 - head, mid), fill=theme.HIGHLIGHT, width=8)
    draw.polygon([(x1, mid), (x1 - head, mid - 16), (x1 - head, mid + 16)], fill=theme.HIGHLIGHT)
    draw.ellipse((x0 - 9, mid - 9, x0 + 9, mid + 9), fill=theme.HIGHLIGHT)
    fnt = font(SMALL, True)
    w = text_width(label, fnt) + 32
    cx = (x0 + x1) / 2
    draw.rounded_rectangle((cx - w / 2, mid - 22, cx + w / 2, mid + 22), 20, fill=theme.HIGHLIGHT)
    write(draw, (cx, mid), label, font=fnt, fill=(20, 20, 20), anchor="mm")
