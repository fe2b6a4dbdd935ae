"""A seat's hand (private): its cards with timing, cost and text, and a teammate's
hand by card name (2 v 2)."""

from __future__ import annotations

from engines.core import theme
from engines.core.render import canvas, font, to_png
from engines.dicethrone.render import letters
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.letters import wrap, write
from engines.dicethrone.render.style import SMALL, Translate
from engines.dicethrone.view import SeatView


def draw_hand(view: SeatView, t: Translate, locale: str) -> bytes:
    """The seat's hand as PNG (private): each card with timing, cost and text."""
    seat = view.viewer
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    blocks = [(card, wrap(_name(card.text, locale), width - 48, SMALL)) for card in view.hand]
    mates = []
    for mate in view.team_hands:
        # 2 v 2: the teammate's hand, by card name ("ver as mãos uns dos outros").
        names = ", ".join(_name(n, locale) for n in mate.cards) or "—"
        who = view.players[mate.seat].name
        text = t("dicethrone.render.team_hand", locale, player=who, cards=names)
        mates.extend(wrap(text, width, SMALL))
    height = (
        88
        + 24
        + sum(70 + 40 * len(lines) + 30 for _, lines in blocks)
        + (80 if not blocks else 24)
        + 40 * len(mates)
    )
    image, draw = canvas(height)
    player = view.players[seat]
    draw.rectangle((0, 0, theme.CANVAS_WIDTH, 88), fill=theme.seat_colour(seat))
    letters.draw_text(
        draw,
        (theme.MARGIN, 44),
        t("dicethrone.render.your_hand", locale, player=player.name),
        max_width=width,
        size=theme.TITLE_TEXT_PX,
        bold=True,
        fill=(255, 255, 255),
        anchor="lm",
    )
    y = 88 + 24
    if not blocks:
        letters.draw_text(
            draw, (theme.MARGIN, y), t("dicethrone.render.empty", locale), max_width=width
        )
        y += 56
    for card, lines in blocks:
        h = 70 + 40 * len(lines) + 14
        draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + width, y + h), 14, fill=theme.PANEL)
        timing = t(f"dicethrone.render.timing.{card.timing}", locale)
        cost = t("dicethrone.render.cost", locale, cost=card.cost)
        letters.draw_text(
            draw,
            (theme.MARGIN + 24, y + 12),
            _name(card.name, locale),
            max_width=width * 0.55,
            bold=True,
        )
        letters.draw_text(
            draw,
            (theme.MARGIN + width - 24, y + 16),
            f"{timing} · {cost}",
            max_width=width * 0.42,
            size=SMALL,
            anchor="ra",
            fill=theme.HIGHLIGHT,
        )
        ty = y + 62
        for line in lines:
            write(draw, (theme.MARGIN + 24, ty), line, font=font(SMALL), fill=theme.TEXT_MUTED)
            ty += 40
        y += h + 16
    for line in mates:
        write(draw, (theme.MARGIN, y), line, font=font(SMALL), fill=theme.TEXT)
        y += 40
    return to_png(image)
