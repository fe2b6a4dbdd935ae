"""A card base leaving the scene unloads its cards first (6.2 C.5 "descarregue os cards que
ele estiver carregando e coloque-o nos prêmios"; 4.7 ATENÇÃO: Bater em Retirada and
Metamorfo "irão descarregar os cards"), so "quando cards forem descarregados deste
personagem" (``trigger: unloaded``) fires, while the base is still in the scene; the effect
resolves after it left, like its ``leaves_scene`` effects. Stand-in text: "Quando cards
forem descarregados deste personagem, compre um card."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, Keyword, PlayCard, UseAction, Yield
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

DRAW = Text(text="…", trigger=Trigger.UNLOADED, steps=(Step(op="draw", amount=1, to="self"),))


def with_text(state: State, key: str, **more: object) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=(DRAW,), **more)})


def resolved(events: tuple[object, ...]) -> list[str]:
    return [
        str(e.params["effect"])  # type: ignore[attr-defined]
        for e in events
        if e.key == "battlescenes.event.resolving"  # type: ignore[attr-defined]
    ]


def test_yielding_unloads_the_character_and_fires_its_text() -> None:
    state = build(
        Side(deck=["protecao"] * 3, scene=[Placed("abutre_v1", ["protecao"] * 3)]),
        Side(scene=[Placed("triton_v1", ["protecao"] * 3)]),
        phase=Phase.PREPARATION,
    )
    state = with_text(state, "abutre_v1")
    abutre = sid(state, "abutre_v1")
    state, events = act(state, 0, Yield(abutre))
    assert abutre in state.players[0].prizes and zones.find(state, abutre) is None
    # C.5's own draw, and the unloaded text's draw (resolved after it left).
    assert len(state.players[0].hand) == 2 and resolved(events) == ["Abutre V1"]


def test_bater_em_retirada_unloads_and_fires_the_text() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            hand=["bater_em_retirada"],
            scene=[Placed("abutre_v1", ["protecao", "protecao"])],
        ),
        Side(scene=[Placed("triton_v1", ["protecao"] * 3)]),
        phase=Phase.PREPARATION,
    )
    state = with_text(state, "abutre_v1")
    abutre = sid(state, "abutre_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "bater_em_retirada")))
    state, events = act(state, 0, Choose(str(abutre)))
    hand = state.players[0].hand
    assert abutre in hand and len(hand) == 2  # back in the hand, plus the drawn card
    assert "Abutre V1" in resolved(events)


def test_metamorfo_unloads_and_fires_the_text() -> None:
    state = build(
        Side(deck=["protecao"] * 3, scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        Side(scene=[Placed("heimdall_v1", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    state = with_text(state, "abutre_v1", keywords=("metamorfo",))
    abutre = sid(state, "abutre_v1")
    state, events = act(state, 0, Keyword("metamorfo", -1, abutre))
    assert abutre in state.players[0].resources and len(state.players[0].hand) == 1
    assert "battlescenes.event.drew" in keys(events)


def test_a_knock_out_by_damage_fires_it_once() -> None:
    # The damage unloads the last cards (the trigger); the knock-out itself unloads nothing.
    state = build(
        Side(scene=[Placed("triton_v1", ["protecao"] * 4)]),
        Side(deck=["protecao"] * 3, scene=[Placed("abutre_v1", ["excentricidade"])]),
        phase=Phase.ATTACK,
    )
    state = with_text(state, "abutre_v1", shield=0)
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert abutre in state.players[1].prizes
    assert len(state.players[1].hand) == 1 and resolved(events).count("Abutre V1") == 1
