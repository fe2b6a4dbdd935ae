"""8.B.2 gaining and losing a name or an alter ego ("ganhar algum nome, alter ego … o efeito
que faz perder prevalece"): A.4 identity, Metamorfo, "dano a personagens com alter ego X"
all read the current names and alter egos (stand-in texts)."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Keyword, PlayCard, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Characteristic, Text
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import ContentError, IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id


def with_texts(state: State, key: str, *changes: Characteristic, **more: object) -> State:
    texts = tuple(Text(text="…", characteristics=(c,)) for c in changes)
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts, **more)})


def test_a_gained_alter_ego_blocks_a_second_character_with_it() -> None:
    # A.4: Abutre "ganha o alter ego Heimdall": Heimdall V1 cannot enter beside it.
    state = build(
        Side(
            hand=["heimdall_v1"],
            resources=["excentricidade"] * 8,
            scene=[Placed("abutre_v1", ["protecao"] * 4)],
        ),
        Side(scene=[Placed("triton_v1", ["protecao"] * 4)]),
        phase=Phase.PREPARATION,
    )
    heimdall = zone_id(state, 0, "hand", "heimdall_v1")
    gain = Characteristic("gain", "alter_ego", "Heimdall")
    blocked = with_texts(state, "abutre_v1", gain)
    assert "Heimdall" in zones.alter_egos(blocked, sid(blocked, "abutre_v1"))
    with pytest.raises(IllegalActionError):
        act(blocked, 0, PlayCard(heimdall))
    # Losing wins (8.B.2): gained and lost, Heimdall may enter.
    both = with_texts(state, "abutre_v1", gain, Characteristic("lose", "alter_ego", "*"))
    assert zones.alter_egos(both, sid(both, "abutre_v1")) == ()
    assert zones.identities(both, sid(both, "abutre_v1")) == ("Abutre",)  # its name now
    both, _ = act(both, 0, PlayCard(heimdall))
    assert zones.find(both, heimdall) is not None


def test_metamorfo_into_a_name_an_opposing_character_gained() -> None:
    state = build(
        Side(hand=["umar_v1"], scene=[Placed("abutre_v1", ["protecao"] * 5)]),
        Side(scene=[Placed("heimdall_v1", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    state = with_texts(state, "abutre_v1", keywords=("metamorfo",))
    umar = zone_id(state, 0, "hand", "umar_v1")
    abutre = sid(state, "abutre_v1")
    with pytest.raises(IllegalActionError):  # no opposing Umar
        act(state, 0, Keyword("metamorfo", umar, abutre))
    state = with_texts(state, "heimdall_v1", Characteristic("gain", "name", "Umar"))
    state, _ = act(state, 0, Keyword("metamorfo", umar, abutre))
    assert zones.find(state, umar) is not None


def test_damage_against_a_gained_alter_ego() -> None:
    # Bishop V1's Metralhadora: +3 against a character with alter ego Sentinela (4.8.3 B);
    # Abutre gains that alter ego. Batalha em Área Povoada: -1 for a hero's damage.
    state = build(
        Side(scene=[Placed("bishop_v1", ["excentricidade"] * 5)]),
        Side(scene=[Placed("abutre_v1", ["excentricidade"] * 4)]),
        phase=Phase.ANTICIPATION,
        active=1,
        scenario="batalha_em_area_povoada",
    )
    state = with_texts(state, "abutre_v1", Characteristic("gain", "alter_ego", "Sentinela"))
    bishop, abutre = sid(state, "bishop_v1"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(bishop, "Metralhadora", str(abutre)))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit[0].params["amount"] == 3
    assert "battlescenes.event.damage" in keys(events)


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
        characteristics: [{change: %s, kind: %s, value: "%s"}]
"""


def test_content_name_and_alter_ego_changes_are_validated() -> None:
    assert load_text(CARD % ("gain", "name", "Umar"), "m.yaml")
    assert load_text(CARD % ("lose", "alter_ego", "*"), "m.yaml")
    with pytest.raises(ContentError) as err:
        load_text(CARD % ("gain", "nickname", "x"), "m.yaml")
    assert "kind" in str(err.value)


def test_a_timed_name_lasts_until_the_end_of_the_turn() -> None:
    from engines.battlescenes.content.schema import Step
    from engines.battlescenes.effects import interpreter, tree
    from engines.battlescenes.rules.state import Pending
    from engines.core import RiggedDice

    state = build(
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        Side(scene=[Placed("triton_v1", ["protecao"] * 4)]),
    )
    abutre = sid(state, "abutre_v1")
    step = Step(op="gain_trait", to="chosen_own_character", trait="name:Umar")
    effect = Pending(uid=0, level=1, controller=0, source=abutre, label="x", steps=(step,))
    state, _ = interpreter.run(tree.add(state, [effect], 1), RiggedDice())
    if state.choice is not None:
        state, _ = interpreter.answer(state, str(abutre), RiggedDice())
    assert set(zones.names(state, abutre)) == {"Abutre", "Umar"}
    assert state.turn_traits  # cleared at the end of the turn like the other timed traits
