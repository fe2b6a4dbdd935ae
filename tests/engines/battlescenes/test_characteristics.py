"""8.B.1 / 8.B.2: gaining and losing action types and characteristics — losing wins."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Pass, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import ActionKind, Characteristic, Step, Text
from engines.battlescenes.effects import interpreter, tree
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import zones
from engines.core import ContentError, IllegalActionError, RiggedDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid

FILL = ["excentricidade"] * 4


def with_texts(state: State, key: str, *changes: Characteristic) -> State:
    """Give the card ``key`` one static text per characteristic change (stand-ins)."""
    texts = tuple(Text(text="…", characteristics=(c,)) for c in changes)
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts)})


def table(phase: Phase = Phase.ATTACK, active: int = 0) -> State:
    return build(
        Side(scene=[Placed("triton_v1", FILL), Placed("gerador_pem", FILL)]),
        Side(scene=[Placed("abutre_v1", FILL), Placed("mansao_dos_vingadores_v1", FILL)]),
        phase=phase,
        active=active,
    )


def test_b2_losing_an_affiliation_wins_over_gaining_it() -> None:
    # "O efeito de Cicatriz Verde V1 vence o de Programação Defeituosa, e os personagens
    # ficam sem afiliação." Stand-ins: the Gerador gives every character "Vingadores"; the
    # Mansão takes every affiliation away.
    state = table()
    state = with_texts(
        state, "gerador_pem", Characteristic("gain", "affiliation", "Vingadores", "all_characters")
    )
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    assert "Vingadores" in zones.affiliations(state, zones.in_scene(state, abutre))
    assert "Vingadores" in zones.affiliations(state, zones.in_scene(state, triton))
    state = with_texts(
        state,
        "mansao_dos_vingadores_v1",
        Characteristic("lose", "affiliation", "*", "all_characters"),
    )
    assert zones.affiliations(state, zones.in_scene(state, abutre)) == ()
    assert zones.affiliations(state, zones.in_scene(state, triton)) == ()
    # Supports are not characters: "all_characters" does not reach them.
    mansao = sid(state, "mansao_dos_vingadores_v1")
    assert zones.affiliations(state, zones.in_scene(state, mansao)) == ("Vingadores",)


def test_b2_a_lost_power_stops_the_action_even_if_another_text_gives_it() -> None:
    state = table()
    power = zones.defn(state, sid(state, "triton_v1")).actions[0].power
    state = with_texts(state, "gerador_pem", Characteristic("gain", "power", power, "this"))
    state = with_texts(
        state,
        "mansao_dos_vingadores_v1",
        Characteristic("lose", "power", power, "opponent_characters"),
    )
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    assert power not in zones.powers(state, zones.in_scene(state, triton))
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert refused.value.key.endswith("no_power")


def test_a_gained_power_is_usable() -> None:
    state = table()
    state = with_texts(
        state, "gerador_pem", Characteristic("gain", "power", "magia", "own_characters")
    )
    triton = sid(state, "triton_v1")
    assert "magia" in zones.powers(state, zones.in_scene(state, triton))
    abutre = sid(state, "abutre_v1")
    assert "magia" not in zones.powers(state, zones.in_scene(state, abutre))  # not the opponent's


def anticipation() -> tuple[State, int, int]:
    """Bruno's turn, his Anticipation step: Ana (0) may use anticipate actions."""
    state = table(phase=Phase.ANTICIPATION, active=1)
    return state, sid(state, "triton_v1"), sid(state, "abutre_v1")


def test_b1_an_action_that_gains_the_anticipate_type_can_be_used_in_anticipation() -> None:
    state, triton, abutre = anticipation()
    item = zones.in_scene(state, triton)
    action = zones.defn(state, triton).actions[0]
    assert use.problems(state, 0, item, action) == "wrong_step"
    gain = Characteristic("gain", "action_kind", "anticipate", "this", if_name="Golpe Aquático")
    state = with_texts(state, "triton_v1", gain)
    assert zones.action_kind(state, item, action) is ActionKind.ANTICIPATE
    before = len(zones.in_scene(state, abutre).loaded)
    state, _ = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert len(zones.in_scene(state, abutre).loaded) < before


def test_b1_gaining_and_losing_a_type_loses_it() -> None:
    # "Se uma ação ganha e perde um tipo …, ela irá perder aquele tipo."
    state, triton, abutre = anticipation()
    state = with_texts(
        state, "triton_v1", Characteristic("gain", "action_kind", "anticipate", "this")
    )
    state = with_texts(
        state,
        "mansao_dos_vingadores_v1",
        Characteristic("lose", "action_kind", "anticipate", "opponent_characters"),
    )
    item = zones.in_scene(state, triton)
    action = zones.defn(state, triton).actions[0]
    assert zones.action_kind(state, item, action) is ActionKind.NORMAL
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))


def test_b1_losing_a_printed_type() -> None:
    state, triton, _abutre = anticipation()
    action = replace(zones.defn(state, triton).actions[0], kind=ActionKind.UNFORESEEN_ANTICIPATE)
    item = zones.in_scene(state, triton)
    state = with_texts(
        state, "triton_v1", Characteristic("lose", "action_kind", "unforeseen", "this")
    )
    assert zones.action_kind(state, item, action) is ActionKind.ANTICIPATE


def test_a_characteristic_stops_with_the_texts_of_its_card() -> None:
    state = table()
    state = with_texts(
        state, "gerador_pem", Characteristic("gain", "power", "magia", "own_characters")
    )
    triton, gerador = sid(state, "triton_v1"), sid(state, "gerador_pem")
    state = replace(state, scene=tuple(s for s in state.scene if s.card != gerador))
    assert "magia" not in zones.powers(state, zones.in_scene(state, triton))


CARD = """cards:
  - key: x
    type: support
    name: X
    energy: 1
    shield: 1
    source: test
    verified: false
    texts:
      - text: t
        characteristics: [{change: gain, kind: power, value: magia, to: %s}]
"""


def test_content_characteristics_are_validated() -> None:
    assert load_text(CARD % "all_characters", "m.yaml")
    with pytest.raises(ContentError) as err:
        load_text(CARD % "everyone", "m.yaml")
    assert "everyone" in str(err.value) and "to" in str(err.value)


def run_steps(state: State, controller: int, target: int, *procedures: Step) -> State:
    """Resolve procedures on ``target`` the way an opposing action's effect would."""
    root = Pending(
        uid=0,
        level=0,
        controller=controller,
        source=target,
        label="Drenar Poder",
        steps=procedures,
        targets=(target,),
        this=target,
        is_action=True,
    )
    state, _ = interpreter.run(tree.add(state, [root], 0), RiggedDice())
    return state


def test_b2_drenar_poder_wins_over_armadura_ima() -> None:
    # "O efeito da ação Drenar Poder da Vampira V2 vence o da Armadura IMA, deixando o
    # personagem alvo de Drenar Poder sem ☹" (stand-ins: a static "gains Imprevista" on
    # Tritão; an opposing effect "loses Imprevista until the end of the turn").
    state = table(phase=Phase.PREPARATION)
    state = with_texts(
        state, "triton_v1", Characteristic("gain", "action_kind", "unforeseen", "this")
    )
    triton = sid(state, "triton_v1")
    action = zones.defn(state, triton).actions[0]
    assert use.problems(state, 0, zones.in_scene(state, triton), action) is None  # ☒ now
    state = run_steps(state, 1, triton, Step(op="lose_trait", trait="action_kind:unforeseen"))
    item = zones.in_scene(state, triton)
    assert zones.action_kind(state, item, action) is ActionKind.NORMAL
    assert use.problems(state, 0, item, action) == "wrong_step"
    # Until the end of the turn only.
    state, _ = act(state, 0, Pass())
    while state.active == 0:
        owed = next(d for d in ENGINE.pending(state) if not d.optional)
        state, _ = act(state, owed.seat, owed.default or Pass())
    assert state.turn_traits == ()


def test_a_timed_power_gain_and_affiliation_loss() -> None:
    state = table()
    abutre = sid(state, "abutre_v1")
    state = run_steps(
        state,
        0,
        abutre,
        Step(op="gain_trait", trait="power:magia"),
        Step(op="lose_trait", trait="affiliation:*"),
    )
    item = zones.in_scene(state, abutre)
    assert "magia" in zones.powers(state, item)
    assert zones.affiliations(state, item) == ()


STEP_CARD = """cards:
  - key: x
    type: ability
    name: X
    source: test
    verified: false
    actions:
      - {name: A, power: magia, kind: normal, targets: 1, text: t,
         steps: [{op: lose_trait, trait: "%s"}]}
"""


def test_content_trait_steps_are_validated() -> None:
    assert load_text(STEP_CARD % "power:magia", "m.yaml")
    with pytest.raises(ContentError) as err:
        load_text(STEP_CARD % "colour:red", "m.yaml")
    assert "trait" in str(err.value)
