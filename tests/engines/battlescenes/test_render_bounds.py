"""Every Battle Scenes image reads on a phone: 960–1,200 px wide and at most 1,100 px
tall, no text under 11 px at a 400-px display width, no two strings drawn over each
other, none running off the image or cut short to fit, every card base's name whole —
in the reference positions and the most crowded scenes, in every locale and view."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

from engines.battlescenes import ENGINE
from engines.battlescenes.content.powers import POWERS
from engines.battlescenes.content.schema import CardType
from engines.battlescenes.render.board import board
from engines.battlescenes.render.card_bases import grid, place, upright
from engines.battlescenes.rules.state import State
from engines.battlescenes.view import (
    ChoiceOption,
    ChoiceView,
    Label,
    SeatView,
    TreeItem,
    parse,
    parse_lookup,
)
from engines.core import View, serde
from tests.engines.battlescenes import reference
from tests.engines.battlescenes.drawn import Drawing, drawn
from tests.engines.battlescenes.helpers import Side, build, pack

LOCALES = ("en-US", "pt-BR", "it")
STATES: dict[str, Callable[[], State]] = {
    "start": reference.start,
    "busy": reference.busy,
    "end": reference.end,
    "eight_against_eight": reference.crowded,
    "five_against_eight": lambda: reference.crowded(5, 8),
    "eight_against_one": lambda: reference.crowded(8, 1),
    "four_against_four": lambda: reference.crowded(4, 4),
}


def readable(png: bytes, seen: Drawing) -> tuple[int, int]:
    """Assert one image's bounds and text; its width and height."""
    width, height = Image.open(io.BytesIO(png)).size
    assert 960 <= width <= 1200 and height <= 1100, (width, height)
    assert min(t.size for t in seen.texts) * 400 / width >= 11  # px on a 400-px phone
    assert not seen.outside(width, height)
    assert not seen.overlapping()
    assert not seen.cut
    return width, height


def squashed(text: str) -> str:
    """``text`` without spaces and hyphens: a name wrapped over lines reads the same."""
    return text.replace(" ", "").replace("-", "")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", STATES)
def test_every_view_fits_a_phone(name: str, locale: str) -> None:
    state = STATES[name]()
    for seat in (None, 0, 1):
        view = ENGINE.view(state, seat)
        with drawn() as seen:
            png = ENGINE.render(view, "board", locale)
        readable(png, seen)
        for card in parse(view).scene:  # each card base named in full, however crowded
            assert squashed(card.title) in squashed(seen.joined()), card.title
        for kind in ENGINE.private_kinds(view, locale)[1:] if seat is not None else ():
            with drawn() as seen:
                png = ENGINE.render(view, kind, locale)
            readable(png, seen)


def test_a_crowded_scene_keeps_its_cards_and_shortens_the_words_below_them() -> None:
    data = parse(ENGINE.view(reference.crowded(), None))
    t = ENGINE.catalog().translate
    # the worst case: eight against eight, a long last move and a deep Effect Tree
    tree = tuple(TreeItem(i, 1 + i % 3, f"Sussurro Aniquilador {i}", False) for i in range(6))
    worst = replace(data, tree=tree, last_events=data.last_events * 3)
    with drawn() as seen:
        png = board(worst, None, t, "pt-BR")
    _width, height = readable(png, seen)
    said = seen.joined()
    assert "Última jogada — Ana: Raio Negro V2 usa" in said and said.endswith("…")
    assert "Estágio:" not in said  # the legend gave its line to the last move
    assert height > 1000  # no room left unused
    roomy = replace(data, scene=data.scene[:3])
    with drawn() as seen:
        board(roomy, None, t, "pt-BR")
    assert "barra colorida = topo" in seen.joined() and "…" not in seen.joined()


def test_a_scene_of_up_to_four_cards_a_side_lies_as_on_the_table() -> None:
    state = reference.crowded(3, 2)
    with drawn() as seen:
        png = ENGINE.render(ENGINE.view(state, None), "board", "en-US")
    readable(png, seen)
    said = seen.joined()
    for power in ("MA", "GE", "MA Magic", "GE Genius"):  # Capuz V2's, Homem de Ferro V3's
        assert power in said
    # a card lies upright (portrait) at stage 1, turned (landscape) at stages 0 and 2 (4.5)
    data = parse(ENGINE.view(state, None))
    mine = tuple(c for c in data.scene if c.controller == 1)  # Capuz V2, Homem de Ferro V3
    side = grid(mine, False, True)
    assert not side.compact
    for card in mine:
        x0, y0, x1, y1 = place(side, 0)[card.id]
        assert (y1 - y0 > x1 - x0) == upright(card), card.title
    crowded = tuple(c for c in parse(ENGINE.view(reference.crowded(), None)).scene)[:8]
    assert grid(crowded, False, True).compact  # eight: smaller cards, four a row
    assert grid(crowded, False, True).cols == 4


def test_every_card_of_the_pack_looked_up_fits_a_phone() -> None:
    cards = list(pack().cards)
    state = build(Side(resources=cards), Side())  # resources are public: any seat sees them
    for i, card in enumerate(state.players[0].resources):
        view = ENGINE.lookup(state, 1, str(card))
        assert view is not None
        with drawn() as seen:
            png = ENGINE.render(view, "card", LOCALES[i % len(LOCALES)])
        readable(png, seen)
        assert parse_lookup(view).card.title in seen.joined()


def test_a_long_hand_and_a_long_choice_still_fit_a_phone() -> None:
    view = ENGINE.view(reference.busy(), 0)
    data = parse(view)
    assert isinstance(data, SeatView)
    answers = tuple(
        ChoiceOption(str(c.id), Label("battlescenes.answer.card", {"card": c.title, "id": c.id}))
        for c in data.scene * 3
    )
    long = replace(
        data,
        hand=data.hand * 3,
        set_aside=data.players[0].resources[:3],
        choice=ChoiceView("battlescenes.choice.discard", answers),
    )
    crowded = View(view.game, 0, serde.to_json(long))
    kinds = ENGINE.private_kinds(crowded, "it")
    assert kinds[:2] == ("board", "hand") and len(kinds) <= 10  # one Discord message
    shown = {}
    for kind in kinds[1:]:
        with drawn() as seen:
            png = ENGINE.render(crowded, kind, "it")
        readable(png, seen)
        shown[kind] = seen.joined()
    assert "Scegli la carta da scartare" in shown["hand"]  # the open choice, cut short
    assert "0: Raio Negro V2 (#0)" in shown["hand"] and "…" in shown["hand"]
    pages = [shown[kind] for kind in kinds[2:]]
    assert len(pages) > 1 and all("…" not in page for page in pages)
    for card in long.hand:  # every card named on the hand, whole on one page of cards
        assert f"#{card.id} {card.title}" in shown["hand"]
        assert any(f"#{card.id} {card.title}" in page for page in pages)


def _four_powers(state: State) -> State:
    """Every character of ``state`` with four powers, the most a printed one has (2.4):
    all thirteen appear across the scene, so the legend keys them all."""
    names = list(POWERS)
    defs = {}
    for i, (key, d) in enumerate(sorted(state.defs.items())):
        if d.type is CardType.CHARACTER:
            d = replace(d, powers=tuple(names[(i + j) % len(names)] for j in range(4)))
        defs[key] = d
    return replace(state, defs=defs)


@pytest.mark.parametrize("locale", LOCALES)
def test_four_power_characters_fit_a_phone_board_hand_and_card(locale: str) -> None:
    for state in (_four_powers(reference.crowded()), _four_powers(reference.busy())):
        with drawn() as seen:
            board_png = ENGINE.render(ENGINE.view(state, None), "board", locale)
        readable(board_png, seen)
        for kind in ("hand", "cards"):
            with drawn() as seen:
                png = ENGINE.render(ENGINE.view(state, 0), kind, locale)
            readable(png, seen)
    state = _four_powers(reference.busy())
    with drawn() as seen:
        ENGINE.render(ENGINE.view(state, None), "board", locale)
    said = seen.texts
    catalog = ENGINE.catalog()
    scene = parse(ENGINE.view(state, None)).scene
    for card in scene:  # each character's four powers as short labels on its card
        if card.type == "character":
            labels = [
                catalog.translate(f"battlescenes.power_short.{p}", locale) for p in card.powers
            ]
            assert any(t.text == " ".join(labels) for t in said), card.title
    first = scene[0].powers[0]  # the legend keys the labels, in the scene's order
    short = catalog.translate(f"battlescenes.power_short.{first}", locale)
    full = catalog.translate(f"battlescenes.power.{first}", locale)
    assert f"{short} {full}" in seen.joined()
