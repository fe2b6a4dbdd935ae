"""Every ability of every shipped hero is said in plain words of the reader's language
on the hero board: no "see the lookup" fallback, no catalogue key or content id, no
message borrowed from another locale, and nothing cut off or drawn over other text."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engines.core import render as core_render
from engines.core.render import recorded_text
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Hero, Script, Step
from engines.dicethrone.content.loader import load_pack
from engines.dicethrone.content.vocab import OPS
from engines.dicethrone.render import board_paint as dt_board_paint
from engines.dicethrone.render import chips as dt_chips
from engines.dicethrone.render import compact as dt_compact
from engines.dicethrone.render import dice as dt_dice
from engines.dicethrone.render import effect_words as dt_effect_words
from engines.dicethrone.render import hero as dt_hero
from engines.dicethrone.render import letters as dt_letters
from engines.dicethrone.render import style as dt_style
from engines.dicethrone.render.effect_words import Words
from engines.dicethrone.rules.state import State
from engines.dicethrone.view import typed
from tests.engines.dicethrone.helpers import MINI, act, start, with_player

LOCALES = ("en-US", "pt-BR", "it")
BASE = load_pack("base")
CATALOG = ENGINE.catalog()
#: What a missing message, an id or a placeholder left unfilled looks like.
LEAKS = re.compile(r"dicethrone\.|\b[a-z]+_[a-z_]+\b|[{}]")
#: The old summary of the steps the board did not say.
FALLBACKS = ("see the lookup", "veja a consulta", "vedi la consultazione")


def _sides(hero: Hero) -> Iterator[Hero]:
    yield hero
    if hero.flip_side is not None:
        yield hero.on_side(True)


def _scripts(hero: Hero) -> Iterator[tuple[str, Script]]:
    """Every effect a hero board prints: each row of each ability at each level, each
    defence at each level (both sides of a double-sided board)."""
    for side in _sides(hero):
        for ab in side.abilities:
            for level, rows in ab.levels.items():
                for i, row in enumerate(rows):
                    yield f"{hero.id}.{ab.id}.{level}.{i}", row.effect
        for d in side.defenses:
            for level, script in d.levels.items():
                yield f"{hero.id}.{d.id}.{level}", script


class Keys:
    """A translator that remembers which keys it was asked for."""

    def __init__(self) -> None:
        self.used: set[tuple[str, str]] = set()

    def __call__(self, key: str, locale: str, /, **params: Any) -> str:
        self.used.add((key, locale))
        return CATALOG.translate(key, locale, **params)


def _words(hero: Hero, t: Keys, locale: str) -> Words:
    statuses = {s.id: dict(s.name) for h in BASE.heroes.values() for s in h.statuses}
    faces = {sym: dict(name) for sym, name in hero.symbol_names.items()}
    companions = {c.id: dict(c.name) for h in MINI.heroes.values() for c in h.companions}
    return Words(statuses, faces, t, locale, companions)


def _check(text: str, where: str, t: Keys) -> None:
    assert text.strip(), where
    assert not any(f in text for f in FALLBACKS), (where, text)
    assert not LEAKS.search(text), (where, text)
    for key, locale in t.used:
        # Said in the reader's own catalogue, not borrowed from en-US.
        assert CATALOG.has(key, locale), (where, key, locale)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("hero_id", sorted(BASE.heroes))
def test_every_ability_of_a_shipped_hero_is_said_in_words(hero_id: str, locale: str) -> None:
    hero = BASE.heroes[hero_id]
    said = 0
    for where, script in _scripts(hero):
        t = Keys()
        _check(_words(hero, t, locale).script(script), where, t)
        said += 1
    assert said >= len(hero.abilities) + len(hero.defenses)


def _sample(op: str) -> Step:
    """A step of each kind with every field its op reads."""
    inner = (Step("damage", amount=2),)
    return Step(
        op,
        amount=2,
        status="protect",
        companion="hound",
        dice=2,
        symbols={"sword": 2} if op == "with" else {},
        numbers=(1, 2) if op == "with" else (),
        steps=(Step("option", steps=inner), Step("option", steps=(Step("heal", amount=1),)))
        if op == "or"
        else inner,
        otherwise=(Step("damage", amount=1),),
        text={"en-US": "Swap hands", "pt-BR": "Troquem as mãos", "it": "Scambiate le mani"},
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_every_step_of_the_vocabulary_has_words(locale: str) -> None:
    # Community packs may use any step, so the board says each one, not only the
    # steps the shipped heroes use.
    hero = BASE.heroes["barbarian"]
    for op in sorted(OPS - {"then"}):
        t = Keys()
        _check(_words(hero, t, locale).step(_sample(op)), op, t)
    then = _words(hero, Keys(), locale).script(
        (Step("heal", amount=2, target="self"), Step("then"), Step("damage", amount=3))
    )
    assert (
        then
        == {
            "en-US": "heal 2, then 3 damage",
            "pt-BR": "cure 2, então 3 de dano",
            "it": "cura 2, poi 3 danni",
        }[locale]
    )


def test_counts_symbols_and_targets_are_said() -> None:
    hero = BASE.heroes["gunslinger"]
    words = _words(hero, Keys(), "en-US")
    assert words.step(Step("inflict", amount=3, status="bounty", target="opponent")) == (
        "inflict Bounty ×3"
    )
    assert words.step(Step("heal", amount=2, target="chosen")) == "heal 2 (a chosen player)"
    duel = BASE.heroes["gunslinger"].defense("duel")
    assert duel is not None
    text = words.script(duel.levels[1])
    assert "opposed roll" in text
    assert "Deal 3 undefendable damage / Prevent half the damage" in text
    assert "otherwise 1 undefendable damage" in text
    reload = next(s for s in hero.statuses if s.id == "reload")
    assert words.script(reload.spend) == (
        "roll 1: +damage = half the dice's sum (rounded up) (its die re-rolled once where allowed)"
    )
    evasive = next(s for s in hero.statuses if s.id == "evasive")
    assert words.script(evasive.spend) == "roll 1: with a die showing 1/2: prevent all"


def _main_phase(hero1: str, hero2: str, flipped: bool = False) -> State:
    """Both heroes' boards list every ability (Main phase 1), Bruno's upgraded."""
    state = start(hero1, hero2)
    hero = BASE.heroes[hero2]
    upgrades = {
        c.upgrade.slot: c.id
        for c in hero.cards
        if c.upgrade is not None and c.upgrade.level == 2 and hero.ability(c.upgrade.slot)
    }
    return with_player(state, 1, upgrades=upgrades, flipped=flipped)


def _boxes_overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def _chips_outside(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, int]]:
    """Spy on the status chips drawn from now on: the list filled with each chip (its
    label, right edge and the panel's right edge) that ends past its panel's edge."""
    outside: list[tuple[str, float, int]] = []
    edge: list[int] = []
    box, statuses = dt_chips._chip_box, dt_chips.draw_statuses

    def spy_box(draw: ImageDraw.ImageDraw, xy: Any, label: str, *a: Any) -> None:
        if edge and xy[2] > edge[-1]:
            outside.append((label, xy[2], edge[-1]))
        box(draw, xy, label, *a)

    def spy_statuses(draw: ImageDraw.ImageDraw, *a: Any, **kw: Any) -> None:
        edge.append(a[3])  # the panel's right edge (``right``)
        statuses(draw, *a, **kw)

    monkeypatch.setattr(dt_chips, "_chip_box", spy_box)
    for module in (dt_chips, dt_hero, dt_compact):
        monkeypatch.setattr(module, "draw_statuses", spy_statuses)
    return outside


def _dice_unnamed(
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[[str], list[tuple[str, str]]]:
    """Spy on the dice drawn from now on; the function returned gives, in ``locale``,
    the picture and name of each symbol drawn on a die too small to name it."""
    small: list[tuple[str, Any]] = []
    dice = dt_dice.draw_dice

    def spy(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, *a: Any, **kw: Any) -> None:
        faces, names = a[1], a[2]  # after the values
        if size <= dt_style.SMALL_DIE:
            small.extend((f, n) for f, n in zip(faces, names, strict=False) if f)
        dice(draw, x, y, size, *a, **kw)

    monkeypatch.setattr(dt_board_paint, "draw_dice", spy)
    return lambda locale: [
        (dt_effect_words.glyph(f, n, locale), dt_effect_words.name_in(n, locale)) for f, n in small
    ]


def drawn_whole(state: State, locale: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Render ``state``'s board and check that no text is shrunk, cut short, under the
    legible size or drawn over other text; returns every word drawn."""
    return drawn_whole_board(state, locale, monkeypatch)[0]


def drawn_whole_board(
    state: State, locale: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, bytes]:
    """:func:`drawn_whole`, also returning the PNG it checked (the spies only watch:
    the pixels are the board's), for a test that measures that same picture."""
    drawn: list[tuple[str, str, int, tuple[float, ...]]] = []

    def spy(draw: ImageDraw.ImageDraw, xy: Any, text: str, **kw: Any) -> float:
        fitted, fnt = core_render.fit_text(
            text, kw["max_width"], kw.get("size", 32), kw.get("bold", False)
        )
        box = draw.textbbox(xy, fitted, font=fnt, anchor=kw.get("anchor", "la"))
        drawn.append((text, fitted, int(fnt.size), box))
        return core_render.draw_text(draw, xy, text, **kw)

    monkeypatch.setattr(dt_letters, "draw_text", spy)
    outside = _chips_outside(monkeypatch)
    unnamed = _dice_unnamed(monkeypatch)
    with recorded_text() as texts:
        png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    assert png
    # Every status chip inside its panel (a long pt-BR name ran past its edge once).
    assert not outside, outside
    # Every die's symbol named, on the die or in a legend ("⚔ Sword"): the small dice
    # of an attack showed a bare ● ◎ ➶ once.
    words = " ".join(texts)
    legend = [f"{pic} {name}" for pic, name in unnamed(locale)]
    assert all(entry in words for entry in legend), (legend, words)
    assert not any(f in words for f in FALLBACKS), words
    assert not re.search(r"dicethrone\.|\{", words), words
    assert all(text == fitted for text, fitted, _, _ in drawn), [
        d[:2] for d in drawn if d[0] != d[1]
    ]
    assert all(size >= 28 for _, _, size, _ in drawn)
    boxes = [(text, box) for text, _, _, box in drawn if text.strip()]
    for i, (text, box) in enumerate(boxes):
        for other, box2 in boxes[i + 1 :]:
            assert not _boxes_overlap(box, box2), (text, other, box, box2)
    return words, png


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(
    ("hero1", "hero2", "flipped"),
    [
        ("barbarian", "paladin", False),
        ("gunslinger", "ninja", False),
        ("paladin", "ninja", True),
        ("ninja", "gunslinger", False),
    ],
)
def test_every_hero_board_is_drawn_whole_in_each_locale(
    hero1: str, hero2: str, flipped: bool, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _main_phase(hero1, hero2, flipped)
    words = drawn_whole(state, locale, monkeypatch)
    # Every ability of both boards is listed, with its effect in words.
    view = typed(ENGINE.view(state, None))
    for player in view.players:
        for ab in player.abilities:
            assert dt_effect_words.name_in(ab.name, locale) in words, ab.id


def test_rows_that_differ_in_numbers_only_read_as_one_as_printed() -> None:
    # Smack's three rows, merged as the printed board does.
    state, _ = act(start(), 0, a.EndPhase())
    with recorded_text() as texts:
        ENGINE.render(ENGINE.view(state, None), "board", "en-US")
    assert any("3/4/5⚔ → 4/6/8 damage" in text for text in texts), texts
