"""5.5 Hela V1 (when a player's own effect would make one of their characters leave the
scene for the hand, the resources or a deck, it goes to that player's opponents' prizes
instead) meeting another replacement of the same move: a knock-out replacement (stand-in:
knocked out, this character returns to its owner's hand instead). Both apply to
the character leaving the scene, so the active player chooses which one happens."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.schema import ActionDef, ActionKind, Step, Text
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

TO_HAND = Text(
    text="Se este personagem fosse nocauteado, ao invés disso…", replace_knock_out="hand"
)
# Stand-in: unload two cards from one of your characters.
DRAIN_OWN = ActionDef(
    name="Sacrifício",
    power="magia",
    kind=ActionKind.NORMAL,
    cost=0,
    text="…",
    targets=1,
    target_controller="self",
    steps=(Step(op="unload", amount=2, to="target"),),
)


def table() -> State:
    """Ana: Umar V1 (with the stand-in action) and Abutre V1 carrying two cards (its
    knock-out goes to the hand instead); Bruno: Hela V1."""
    state = build(
        Side(
            scene=[
                Placed("umar_v1", ["excentricidade"] * 3),
                Placed("abutre_v1", ["excentricidade"] * 2),
            ]
        ),
        Side(scene=[Placed("hela_v1", ["protecao"] * 3, stage=2)]),
    )
    defs = dict(state.defs)
    defs["umar_v1"] = replace(defs["umar_v1"], actions=(DRAIN_OWN,))
    defs["abutre_v1"] = replace(defs["abutre_v1"], texts=(TO_HAND,))
    return replace(state, defs=defs)


def test_own_effect_knocks_out_own_character_hela_or_the_hand_the_active_player_picks() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(umar, "Sacrifício", str(abutre)))
    assert state.choice is not None and state.choice.seat == 0
    assert state.choice.prompt == "battlescenes.choice.replacement"
    assert state.choice.options == ("hand", "prizes")
    assert ENGINE.pending(state)[0].default == Choose("hand")  # the first found
    assert abutre in state.players[0].set_aside  # held until the choice
    state, events = act(state, 0, Choose("prizes"))
    assert abutre in state.players[0].prizes and abutre not in state.players[0].hand
    assert zones.prize_points(state, 1) == 4  # Abutre's Energia Inicial, to Bruno
    assert "battlescenes.event.replaced_to_prizes" in keys(events)
    assert "battlescenes.event.knocked_out" not in keys(events)


def test_choosing_the_knock_out_replacement_returns_it_to_the_hand() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(umar, "Sacrifício", str(abutre)))
    state, events = act(state, 0, Choose("hand"))
    assert abutre in state.players[0].hand and zones.prize_points(state, 1) == 0
    assert "battlescenes.event.replaced_ko_hand" in keys(events)


def test_an_opponents_effect_leaves_hela_nothing_to_replace() -> None:
    # Bruno's Hela knocks out Ana's Abutre: not Ana's own effect, so only the knock-out
    # replacement applies, at once, without a question.
    state = table()
    state = replace(state, active=1)
    state = replace(
        state, defs={**state.defs, "abutre_v1": replace(state.defs["abutre_v1"], shield=0)}
    )
    hela, abutre = sid(state, "hela_v1"), sid(state, "abutre_v1")
    state, events = act(state, 1, UseAction(hela, "Toque da Morte", str(abutre)))
    assert state.choice is None
    assert abutre in state.players[0].hand
    assert "battlescenes.event.replaced_ko_hand" in keys(events)


def test_without_hela_the_knock_out_replacement_applies_at_once() -> None:
    state = table()
    state = replace(state, scene=tuple(s for s in state.scene if s.controller == 0))
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(umar, "Sacrifício", str(abutre)))
    assert state.choice is None and abutre in state.players[0].hand
