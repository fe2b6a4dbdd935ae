"""What a card without a written text reads: its effect steps said in every locale.

The printed heroes' cards (issue 22) carry no text of their own: a card's words are
the engine's words for its steps (:mod:`engines.dicethrone.render.effect_words`, no
Pillow there), never the printed card's text. An upgrade card says which ability it
raises to which level.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from engines.core.i18n import LOCALES, Catalog, flatten
from engines.dicethrone.content import CardDef, Hero, text_for
from engines.dicethrone.render.effect_words import Words

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locales"


@cache
def _catalog() -> Catalog:
    """The game's own messages (the words of steps), read once with the C loader: this
    runs while a pack loads, which may be on the bot's event loop."""
    catalog = Catalog()
    for locale in LOCALES:
        with (LOCALE_DIR / f"{locale}.yaml").open(encoding="utf-8") as fh:
            tree = yaml.load(fh, Loader=yaml.CSafeLoader) or {}
        catalog.messages[locale].update(flatten(tree))
    return catalog


def said(hero: Hero, card: CardDef) -> dict[str, str]:
    """The card's text in every locale: its own if written, else its steps in words."""
    if card.text:
        return dict(card.text)
    t = _catalog().translate
    statuses = {s.id: s.name for s in hero.statuses}
    # A card may name one of the hero's Defensive Abilities (Invisible Punch!).
    statuses |= {d.id: d.name for d in hero.defenses}
    out: dict[str, str] = {}
    for locale in LOCALES:
        if card.upgrade is not None:
            out[locale] = t(
                "dicethrone.render.fx.upgrade",
                locale,
                slot=text_for(_slot_name(hero, card.upgrade.slot), locale),
                level=card.upgrade.level,
            )
            continue
        # A dial's sides by name (the Sun Elf's "Dusk"): "sun_dial.0", "sun_dial.1".
        sides = {f"{d.id}.{i}": side for d in hero.dials for i, side in enumerate(d.sides)}
        sides |= {p.id: p.name for p in hero.pieces}  # Thor's Mjölnir, by name
        words = Words(statuses, hero.symbol_names, t, locale, companions=sides)
        said_words = words.script(card.effect)
        if card.attack_modifier:
            said_words = t("dicethrone.render.fx.attack_modifier", locale, then=said_words)
        out[locale] = said_words
    return out


def _slot_name(hero: Hero, slot: str) -> dict[str, str]:
    names = {a.id: a.name for a in hero.abilities} | {d.id: d.name for d in hero.defenses}
    names |= {p.id: p.name for p in hero.passives}
    return dict(names.get(slot) or {"en-US": slot})
