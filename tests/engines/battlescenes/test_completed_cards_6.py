"""Built-in cards that were ``incomplete`` and are now played as printed (part 6): Heimdall
V1 (each search of one's own deck costs that player 1 penetrating damage per card searched,
at a card of theirs its controller picks; its action hits the next character to act)."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter

FILL = ["excentricidade"] * 6


def _damage_to(events: object, name: str) -> list[int]:
    return [
        e.params["amount"]
        for e in events  # type: ignore[attr-defined]
        if e.key == "battlescenes.event.damage" and e.params["card"] == name
    ]


def test_heimdall_v1_hits_a_card_of_the_opponent_who_searches() -> None:
    state = build(
        Side(scene=[Placed("heimdall_v1", FILL[:6])]),
        Side(
            deck=["homem_areia_v1", *FILL[:3]],
            scene=[Placed("abutre_v1", FILL[:4], stage=2), Placed("mercurio_v1", FILL[:3])],
        ),
        active=1,
        content=starter(),
    )
    heimdall, abutre = sid(state, "heimdall_v1"), sid(state, "abutre_v1")
    mercurio = sid(state, "mercurio_v1")
    state, _ = act(state, 1, UseAction(abutre, "Voo do Abutre", str(heimdall)))
    state, _ = act(state, 1, Choose("yes"))  # Abutre V1's search (first Sexteto action)
    assert state.choice is not None and state.choice.seat == 0  # Heimdall's controller picks
    assert set(state.choice.options) == {str(abutre), str(mercurio)}  # the searcher's cards
    state, events = act(state, 0, Choose(str(mercurio)))
    assert _damage_to(events, "Mercúrio V1") == [1]
    assert len(zones.in_scene(state, mercurio).loaded) == 2  # penetrating: shield ignored


def test_heimdall_v1_hits_its_own_side_when_its_controller_searches() -> None:
    state = build(
        Side(
            deck=["homem_areia_v1", *FILL[:3]],
            scene=[Placed("heimdall_v1", FILL[:6]), Placed("abutre_v1", FILL[:4], stage=2)],
        ),
        Side(scene=[Placed("mercurio_v1", FILL[:3])]),
        content=starter(),
    )
    heimdall, abutre = sid(state, "heimdall_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(abutre, "Voo do Abutre", str(sid(state, "mercurio_v1"))))
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and set(state.choice.options) == {str(heimdall), str(abutre)}


def test_heimdall_v1_o_que_tudo_ve_hits_the_next_character_to_use_an_action_only() -> None:
    state = build(
        Side(scene=[Placed("heimdall_v1", FILL[:6], stage=2), Placed("thor_v1", FILL[:6])]),
        Side(scene=[Placed("mercurio_v1", FILL[:5], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    heimdall, mercurio = sid(state, "heimdall_v1"), sid(state, "mercurio_v1")
    thor = sid(state, "thor_v1")
    state, _ = act(state, 0, UseAction(heimdall, "O Que Tudo Vê"))
    state = replace(state, phase=Phase.ATTACK)
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    assert _damage_to(events, "Mercúrio V1") == [1]
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    assert _damage_to(events, "Mercúrio V1") == []  # only the next one


def _steadfast() -> State:
    """Bruno's turn: Ana's Thor V1 used Surpresa Dolorosa; Bruno holds União Inabalável V1."""
    state = build(
        Side(scene=[Placed("thor_v1", ["surpresa_dolorosa", *FILL[:4]], stage=2)]),
        Side(
            deck=FILL[:4],
            hand=["uniao_inabalavel_v1"],
            scene=[Placed("mercurio_v1", FILL[:4], stage=2)],
        ),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    state, _ = act(state, 0, UseAction(sid(state, "thor_v1"), "Surpresa Dolorosa"))
    return replace(state, phase=Phase.ATTACK)


def test_uniao_inabalavel_enters_from_the_hand_before_damage_not_from_an_action() -> None:
    state = _steadfast()
    thor, mercurio = sid(state, "thor_v1"), sid(state, "mercurio_v1")
    card = state.players[1].hand[0]
    # Mercúrio's action damages Thor (an action's damage: no window); Thor hits back —
    # that damage is not an action's, so Bruno may put União Inabalável into the scene first.
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    assert _damage_to(events, "Thor V1")
    assert state.choice is not None and state.choice.seat == 1 and "yes" in state.choice.options
    state, _ = act(state, 1, Choose("yes"))
    assert state.scenario == card and len(state.players[1].hand) == 1  # it drew one
    assert state.choice is not None and "Irmandade de Mutantes" in state.choice.options
    state, events = act(state, 1, Choose("Irmandade de Mutantes"))
    assert _damage_to(events, "Mercúrio V1") == []  # became 0
    assert len(zones.in_scene(state, mercurio).loaded) == 4


def test_uniao_inabalavel_kept_in_the_hand_lets_the_damage_happen() -> None:
    state = _steadfast()
    thor, mercurio = sid(state, "thor_v1"), sid(state, "mercurio_v1")
    state, _ = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    state, events = act(state, 1, Choose("skip"))
    assert _damage_to(events, "Mercúrio V1") == [2]
    assert state.scenario is None
