"""GameEngine.secret_fields: which fields of an action stay hidden in exports until the end.

Each game hides exactly what its rules keep hidden, never more than the action type
declares (``Action.secret``, what rows stored without an answer fall back to).
"""

from __future__ import annotations

from typing import Any

from engines.battlescenes import ENGINE as BATTLESCENES
from engines.battlescenes.actions import Choose, Manual, UseAction
from engines.core import Action, GameEngine, RiggedDice
from engines.core.model import redact_action
from engines.dicethrone import ENGINE as DICETHRONE
from engines.dicethrone import actions as dt
from engines.krosmaster import ENGINE as KROSMASTER
from engines.krosmaster import actions as kr
from tests.engines.battlescenes.helpers import sid
from tests.engines.battlescenes.test_clarividencia import table
from tests.engines.dicethrone.helpers import start, with_player
from tests.engines.krosmaster.helpers import SEATS


def secret(engine: GameEngine[Any], state: Any, seat: int, action: Action) -> tuple[Any, ...]:
    """Apply ``action`` and return (new state, its secret fields), checking the contract."""
    outcome = engine.apply(state, seat, action, RiggedDice())
    fields = engine.secret_fields(state, seat, action, outcome)
    assert set(fields) <= set(type(action).secret)
    return outcome.state, fields


def test_redacting_blanks_the_fields_or_the_whole_action() -> None:
    play = {"kind": "play", "card": "getting_paid", "target": ""}
    assert redact_action(play, ()) == play
    assert redact_action(play, ("card",)) == {"kind": "play", "card": None, "target": ""}
    assert redact_action(play, ("kind", "card")) == {"kind": None}


def test_a_krosmaster_team_is_secret() -> None:
    state = KROSMASTER.new_match(
        {"teams": "submit", "format": "limited"}, SEATS, KROSMASTER.load_content(None), RiggedDice()
    )
    team = kr.Team("rainha-dos-tofus, king-of-the-gobballs, rainha-dos-tofus")
    assert secret(KROSMASTER, state, 0, team)[1] == ("figures",)


def test_a_dice_throne_instant_is_secret_only_while_it_waits() -> None:
    state = with_player(start(), 1, hand=("getting_paid",), cp=2)
    waiting, fields = secret(DICETHRONE, state, 1, dt.PlayCard("getting_paid"))
    assert waiting.queued is not None and fields == ("kind", "card", "target")
    # The active player's answer is public; so is the card it lets resolve.
    assert secret(DICETHRONE, waiting, 0, dt.Pass())[1] == ()
    mine = with_player(start(), 0, hand=("getting_paid",), cp=3)
    played, fields = secret(DICETHRONE, mine, 0, dt.PlayCard("getting_paid"))
    assert played.queued is None and fields == ()


def test_battle_scenes_answers_naming_cards_that_stay_hidden_are_secret() -> None:
    state = table("investigacao_mistica")
    umar = sid(state, "umar_v1")
    protecao, rir, _ = state.players[0].deck
    state, fields = secret(BATTLESCENES, state, 0, UseAction(umar, "Investigação Mística"))
    assert fields == ()
    # A set-aside card picked to reveal: hidden until "done" reveals the picks together.
    state, fields = secret(BATTLESCENES, state, 0, Choose(str(rir)))
    assert fields == ("option",)
    state, fields = secret(BATTLESCENES, state, 0, Choose("done"))
    assert fields == ()
    # The order the cards go back on the deck stays hidden.
    state, fields = secret(BATTLESCENES, state, 0, Choose(str(protecao)))
    assert fields == ("option",)
    assert secret(BATTLESCENES, state, 0, Choose("yes"))[1] == ()


def test_a_battle_scenes_manual_move_is_secret_only_between_hidden_zones() -> None:
    state = table("investigacao_mistica", hand=["barreira_telecinetica", "protecao"])
    barreira, protecao = state.players[0].hand
    hidden = Manual("move", card=barreira, to="deck_top", reason="8.A")
    shown = Manual("move", card=protecao, to="resources", reason="8.A")
    moved = BATTLESCENES.referee_apply(state, 0, hidden, RiggedDice())
    assert BATTLESCENES.secret_fields(state, 0, hidden, moved) == ("card",)
    faced = BATTLESCENES.referee_apply(state, 0, shown, RiggedDice())
    assert BATTLESCENES.secret_fields(state, 0, shown, faced) == ()
