"""The alt text of the Dice Throne images: who owes what, each hero's health, CP and
statuses, the dice, the damage and the last move."""

from __future__ import annotations

from engines.core import View
from engines.core.i18n import Catalog
from engines.dicethrone.render.chips import chip_label, panel_chips
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.words import damage_lines, last_lines, owes_parts, status_line
from engines.dicethrone.view import SeatView, typed


def describe(view: View, kind: str, catalog: Catalog, locale: str) -> str:
    """Alt text: who owes what, each hero's health, CP and statuses, the last move."""
    data = typed(view)
    t = catalog.translate
    if kind == "hand" and isinstance(data, SeatView):
        cards = ", ".join(_name(c.name, locale) for c in data.hand) or t(
            "dicethrone.render.empty", locale
        )
        player = data.players[data.viewer].name
        return t("dicethrone.render.your_hand", locale, player=player) + ": " + cards
    parts = [
        "".join(text for text, *_ in owes_parts(data, t, locale)).strip(),
        status_line(data, t, locale),
    ]
    for p in data.players:
        tokens = ", ".join(chip_label(s, locale) for s in panel_chips(p)) or t(
            "dicethrone.render.no_status", locale
        )
        health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
        cp = t("dicethrone.render.cp", locale, cp=p.cp)
        parts.append(f"{p.name} ({_name(p.hero_name, locale)}): {health}, {cp}, {tokens}")
    roll = data.roll
    if roll.dice:
        dice = ", ".join(
            f"{v} {_name(s, locale)}" for v, s in zip(roll.dice, roll.symbols, strict=True)
        )
        parts.append(f"{t('dicethrone.render.dice', locale)}: {dice}")
    parts.extend(damage_lines(data, t, locale))
    parts.extend(last_lines(data, t, locale))
    text = ". ".join(p.rstrip(".") for p in parts if p) + "."
    return text if len(text) <= 1000 else text[:999] + "…"
