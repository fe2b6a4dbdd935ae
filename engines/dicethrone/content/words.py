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
from engines.dicethrone.content import CardDef, Hero, Script, text_for
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
        said_words = _words(hero, locale).script(card.effect)
        if card.attack_modifier:
            said_words = t("dicethrone.render.fx.attack_modifier", locale, then=said_words)
        out[locale] = said_words
    return out


def script_words(hero: Hero, script: Script) -> dict[str, str]:
    """A script of ``hero``'s (an ability's level, a defence, a set-up) in every
    locale, in the engine's words for its steps ("—" for none)."""
    return {locale: _words(hero, locale).script(script) or "—" for locale in LOCALES}


def _words(hero: Hero, locale: str) -> Words:
    """The engine's words in ``locale`` with the names of ``hero``'s statuses (and
    defences, which a card may name: Invisible Punch!), dice symbols, dial sides (the
    Sun Elf's "Dusk": "sun_dial.0") and pieces (Thor's Mjölnir)."""
    statuses = {s.id: s.name for s in hero.statuses}
    statuses |= {d.id: d.name for d in hero.defenses}
    sides = {f"{d.id}.{i}": side for d in hero.dials for i, side in enumerate(d.sides)}
    sides |= {p.id: p.name for p in hero.pieces}
    return Words(statuses, hero.symbol_names, _catalog().translate, locale, companions=sides)


def _slot_name(hero: Hero, slot: str) -> dict[str, str]:
    names = {a.id: a.name for a in hero.abilities} | {d.id: d.name for d in hero.defenses}
    names |= {p.id: p.name for p in hero.passives}
    return dict(names.get(slot) or {"en-US": slot})
