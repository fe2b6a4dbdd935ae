"""How card texts are shown (issue 27 point 8): whole, never cut with "…", in the
reader's language in the hand's images, the lookup card, the content previews and the alt
text; actions (name, cost) on the board's cards; the prizes beside the points explained;
a stage legend a new player reads; the last move named as the last completed one while an
action is being chosen — and hand texts only in their owner's private views."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.rules.state import State
from engines.core import View
from tests.engines.battlescenes import reference
from tests.engines.battlescenes.drawn import drawn
from tests.engines.battlescenes.helpers import Placed, Side, build, pack, sid

#: Medusa V2's text (in the busy position's hand) in each language.
MEDUSA = {
    "en-US": "This character gets Shield +1 for each card it carries.",
    "pt-BR": "Este personagem ganha Escudo +1 para cada card que carrega.",
    "it": "Questo personaggio ottiene Scudo +1 per ogni carta che trasporta.",
}


def texts(view: View, kind: str, locale: str) -> str:
    """All the text of one render, joined."""
    with drawn() as seen:
        ENGINE.render(view, kind, locale)
    return seen.joined()


@pytest.mark.parametrize("locale", MEDUSA)
def test_hand_texts_are_whole_and_in_the_readers_language(locale: str) -> None:
    view = ENGINE.view(reference.busy(), 0)
    cards = texts(view, "cards", locale)
    assert MEDUSA[locale] in cards
    assert "…" not in cards  # a text is shown whole, or its card named for a lookup
    assert "Este personagem ganha Escudo +X" not in cards  # the rulebook's words: never
    alt = ENGINE.describe(view, "cards", locale)
    assert MEDUSA[locale] in alt


def test_a_hand_too_long_for_one_image_is_told_whole_on_pages() -> None:
    state = reference.busy()  # five cards: after Odin V1's long text, a second page
    view = ENGINE.view(state, 0)
    kinds = ENGINE.private_kinds(view, "en-US")
    assert kinds == ("board", "hand", "cards", "cards-2")
    first, second = texts(view, "cards", "en-US"), texts(view, "cards-2", "en-US")
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    rir = "Damage dealt to the character carrying this card is divided by 2 (rounded down)."
    barreira = "The target gets Shield +1 until the end of the turn."
    odin = "if you have controlled this character since the start of the turn"
    both = f"{first} {second}"
    for whole in (rir, barreira, odin, MEDUSA["en-US"]):
        assert whole in both
    assert "/match lookup" not in both  # nothing left for a lookup to tell
    assert rir in second and rir not in first  # each card on one page only
    assert odin in first and odin not in second
    alt = ENGINE.describe(view, "cards-2", "en-US")
    assert rir in alt and odin not in alt  # a page's alt text: its cards


def test_a_short_hand_has_one_cards_image_and_no_page_numbers() -> None:
    state = build(Side(hand=["barreira_telecinetica"]), Side())
    view = ENGINE.view(state, 0)
    assert ENGINE.private_kinds(view, "pt-BR") == ("board", "hand", "cards")
    assert "Página" not in texts(view, "cards", "pt-BR")


def test_the_lookup_card_and_the_preview_speak_the_readers_language() -> None:
    view = ENGINE.lookup(reference.busy(), 0, "Medusa")
    assert isinstance(view, View)
    card = texts(view, "card", "it")
    assert MEDUSA["it"] in card and "Infliggi 1 danno al bersaglio." in card
    assert MEDUSA["pt-BR"] in ENGINE.describe(view, "card", "pt-BR")
    sheet = ENGINE.entry_view(pack(), "medusa_v2")
    assert sheet is not None
    with drawn() as seen:
        ENGINE.render_entry(sheet, "it")
    preview = seen.joined()
    assert MEDUSA["it"] in preview and "Infliggi 1 danno al bersaglio." in preview


def _sparse() -> State:
    return build(
        Side(scene=[Placed("raio_negro_v2"), Placed("hulk_v3")]),
        Side(scene=[Placed("kraven_v1")]),
    )


@pytest.mark.parametrize("locale", ["en-US", "it"])
def test_cards_on_the_board_show_their_powers_and_action(locale: str) -> None:
    shown = texts(ENGINE.view(_sparse(), None), "board", locale)
    assert "▸2 Sussurro Aniquilador" in shown and "▸1 Caçada" in shown
    power = ENGINE.catalog().translate("battlescenes.power_short.ataque_energetico", locale)
    assert power in shown
    legend = ENGINE.catalog().translate("battlescenes.board.legend_action", locale)
    assert legend in shown
    alt = ENGINE.describe(ENGINE.view(_sparse(), None), "board", "en-US")
    assert "action Sussurro Aniquilador (cost 2)" in alt  # a screen reader's words


def test_the_end_board_says_whose_points_the_prizes_are() -> None:
    shown = texts(ENGINE.view(reference.end(), None), "board", "en-US")
    assert "18 points" in shown and "18/15" not in shown
    assert "Prizes 4 (score for Ana)" in shown and "Prizes 1 (score for Bruno)" in shown
    assert "5/15 points" in shown


def test_the_stage_legend_is_in_words() -> None:
    shown = texts(ENGINE.view(_sparse(), None), "board", "en-US")
    assert "Stage: upright 1 · turned left 2 · turned right 0" in shown
    assert "↑ stage 1 · ← 2 · → 0" not in shown


def test_while_an_action_is_chosen_the_caption_is_the_last_completed_move() -> None:
    state = reference.busy()
    drafting = replace(state, using=sid(state, "raio_negro_v2"))
    shown = texts(ENGINE.view(drafting, None), "board", "en-US")
    assert "Ana: finish Raio Negro V2's action in the menus" in shown
    assert "Last completed move — Ana: Raio Negro V2 uses" in shown
    assert "Last move —" not in shown
    alt = ENGINE.describe(ENGINE.view(drafting, None), "board", "en-US")
    assert "Last completed move" in alt
    plain = texts(ENGINE.view(state, None), "board", "en-US")
    assert "Last move — Ana: Raio Negro V2 uses" in plain


def test_hand_texts_stay_in_their_owners_private_views() -> None:
    state = reference.busy()  # Rir do Perigo and Odin V1 are only in Ana's hand
    protecao = "Damage dealt to the character carrying this card is divided by 2"
    odin = "if you have controlled this character since the start of the turn"
    own = ENGINE.view(state, 0)
    pages = ENGINE.private_kinds(own, "en-US")[2:]
    mine = " ".join(texts(own, k, "en-US") + ENGINE.describe(own, k, "en-US") for k in pages)
    assert protecao in mine and odin in mine
    for seat, kind in ((None, "board"), (1, "board"), (1, "hand"), (1, "cards"), (1, "cards-2")):
        view = ENGINE.view(state, seat)
        shown = texts(view, kind, "en-US") + ENGINE.describe(view, kind, "en-US")
        assert protecao not in shown and odin not in shown, (seat, kind)


def test_a_crowded_board_keeps_every_legend_entry_whole() -> None:
    """The end board has no room for the whole legend: the note on the coloured bar
    goes first, and no entry is cut short with "…"."""
    shown = texts(ENGINE.view(reference.end(), None), "board", "en-US")
    assert "Stage: upright 1 · turned left 2 · turned right 0" in shown
    assert "bar = …" not in shown and "Agility" in shown
