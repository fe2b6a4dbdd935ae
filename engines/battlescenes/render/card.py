"""One card as PNG (the lookup reply): its printed data, texts and actions, wrapped to the
960 px canvas at ≥ 28 px so a phone can read it."""

from __future__ import annotations

from engines.battlescenes.render.words import Translate, said, translated
from engines.battlescenes.view import LookupCard, parse_lookup
from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import banner, canvas, font, text_width, to_png

WIDTH = theme.CANVAS_WIDTH - 2 * theme.MARGIN
LINE = 38


def _wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    fnt = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, fnt) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _blocks(card: LookupCard, t: Translate, locale: str) -> list[tuple[str, int, bool, bool]]:
    """(text, size, bold, muted) lines, before wrapping."""
    kind = t(f"battlescenes.render.type.{card.type}", locale)
    alignment = " / ".join(translated(t, locale, "alignment", a) for a in card.alignments)
    head = " · ".join(x for x in (kind, card.code, card.alter_ego, alignment) if x)
    rows: list[tuple[str, int, bool, bool]] = [(head, 28, False, True)]
    if card.type in ("character", "support"):
        rows.append(
            (
                t(
                    "battlescenes.lookup.stats",
                    locale,
                    energy=card.energy,
                    shield=card.shield,
                ),
                30,
                True,
                False,
            )
        )
    if card.affiliations:
        rows.append((", ".join(card.affiliations), 28, False, True))
    if card.powers:
        rows.append(
            (
                t(
                    "battlescenes.lookup.powers",
                    locale,
                    powers=", ".join(translated(t, locale, "power", p) for p in card.powers),
                ),
                28,
                False,
                False,
            )
        )
    if card.ev_requirement:
        ev = t("battlescenes.lookup.ev", locale, req=card.ev_requirement, acc=card.accretion)
        rows.append((ev, 28, False, False))
    if card.keywords:
        words = ", ".join(translated(t, locale, "keyword", k) for k in card.keywords)
        rows.append((words, 28, True, False))
    for text in card.texts:
        rows.append(("", 12, False, False))
        rows.append((said(t, locale, text), 28, False, False))
    for action in card.actions:
        rows.append(("", 12, False, False))
        kind = t(f"battlescenes.lookup.kind.{action.kind}", locale)
        cost = t("battlescenes.lookup.cost", locale, cost=action.cost) if action.cost else ""
        power = translated(t, locale, "power", action.power) if action.power else ""
        line = " · ".join(x for x in (action.name, power, kind, cost) if x)
        rows.append((line, 30, True, False))
        rows.append((said(t, locale, action.text), 28, False, False))
    if not card.verified:
        rows.append(("", 12, False, False))
        rows.append((t("battlescenes.lookup.unverified", locale), 28, False, True))
    return rows


def render_card(view: View, catalog: Catalog, locale: str) -> bytes:
    """The looked-up card of a lookup view (:class:`LookupView`)."""
    t = catalog.translate
    card = parse_lookup(view).card
    lines: list[tuple[str, int, bool, bool]] = []
    for text, size, bold, muted in _blocks(card, t, locale):
        if not text:
            lines.append(("", size, bold, muted))
            continue
        lines.extend((part, size, bold, muted) for part in _wrap(text, size, WIDTH - 28, bold))
    height = 110 + sum(LINE if text else size for text, size, _b, _m in lines) + 30
    image, draw = canvas(height)
    title = f"#{card.id} {card.title}"
    y = banner(draw, title, theme.seat_colour(card.owner)) + 18
    draw.rounded_rectangle(
        (theme.MARGIN, y - 6, theme.MARGIN + WIDTH, height - 16), 12, fill=theme.PANEL
    )
    for text, size, bold, muted in lines:
        if not text:
            y += size
            continue
        fill = theme.TEXT_MUTED if muted else theme.TEXT
        draw.text((theme.MARGIN + 14, y), text, font=font(size, bold), fill=fill)
        y += LINE
    return to_png(image)
