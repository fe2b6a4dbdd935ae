"""``/match lookup`` in Dice Throne: only cards the asking player may see."""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone import ENGINE
from tests.engines.dicethrone.helpers import start


def _names(choices: list[object]) -> set[str]:
    return {str(c.value) for c in choices}  # type: ignore[attr-defined]


def test_a_player_finds_their_own_hand_but_never_the_opponents() -> None:
    state = start()
    mine, theirs = state.players[0].hand, state.players[1].hand
    assert mine and theirs
    own = ENGINE.lookup(state, 0, mine[0])
    assert own is not None and own.data["entry"]["id"] == mine[0]
    hidden = [c for c in theirs if c not in mine]
    assert hidden, "the two heroes' hands share no card in this set-up"
    # The opponent's card is found neither by id nor offered in the autocomplete.
    assert ENGINE.lookup(state, 0, hidden[0]) is None
    assert ENGINE.lookup(state, None, mine[0]) is None  # the public sees no hand
    offered = _names(ENGINE.lookup_choices(state, 0, ""))
    assert mine[0] in offered and not set(hidden) & offered


def test_a_discarded_card_and_a_hero_board_are_public() -> None:
    state = start()
    card = state.players[1].hand[0]
    bruno = replace(state.players[1], discard=(card,))
    state = replace(state, players=(state.players[0], bruno))
    found = ENGINE.lookup(state, 0, card)
    assert found is not None and found.data["entry"]["id"] == card
    hero = state.players[1].hero
    board = ENGINE.lookup(state, None, hero)
    assert board is not None and board.data["entry"]["id"] == hero


def test_a_looked_up_card_is_drawn_and_described_in_the_readers_language() -> None:
    state = start()
    view = ENGINE.lookup(state, 0, state.players[0].hand[0])
    assert view is not None
    assert ENGINE.render(view, ENGINE.lookup_kind, "pt-BR").startswith(b"\x89PNG")
    assert "Na sua mão" in ENGINE.describe(view, ENGINE.lookup_kind, "pt-BR")
    assert "Nella tua mano" in ENGINE.describe(view, ENGINE.lookup_kind, "it")
    assert "In your hand" in ENGINE.describe(view, ENGINE.lookup_kind, "en-US")
