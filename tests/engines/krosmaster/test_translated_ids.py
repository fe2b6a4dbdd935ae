"""Events name dice faces, stats and piles in the reader's language, never by raw id.

The terms are the Portuguese rulebook's (1.6.1–1.6.2: Crítico, Armadura, Bloqueio,
Esquiva, Crítico/Esquiva, Dofus; 2.4: PA, PM; 1.3.7: GRANITO, JADE, PRATA) and the
Italian supplement's (PA, PM). Events are stored as JSON and re-rendered later, so the
stored form must translate too, and old events whose parameter is a plain string still read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from engines.core import EngineError, Event, RiggedDice
from engines.core.serde import to_json
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind, Limit
from engines.krosmaster.render.board import footer_text
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, empty_arena, new_match, position
from tests.engines.krosmaster.helpers_multi import new4

CATALOG = ENGINE.catalog()


def outcome_events(state: State, action: Any, dice: Sequence[Any] = ()) -> list[Event]:
    rigged = RiggedDice(dice)
    out = ENGINE.apply(state, ENGINE.pending(state)[0].seat, action, rigged)
    assert not rigged.queue
    return list(out.events)


def texts(events: list[Event], key: str) -> dict[str, str]:
    """The event ``key`` as each locale reads it, from the stored (JSON) form."""
    event = next(e for e in events if e.key == key)
    stored = json.loads(json.dumps(to_json(event.params)))  # as the event log keeps it
    return {loc: CATALOG.translate(key, loc, **stored) for loc in ("en-US", "pt-BR", "it")}


def has_word(text: str, raw: str) -> bool:
    return re.search(rf"(?<![\w/]){re.escape(raw)}(?![\w/])", text) is not None


def second_turn() -> State:
    """The second player's first turn, at its tension test."""
    state = new_match()
    while state.phase is not Phase.TENSION:
        state = act(state, ENGINE.pending(state)[0].default)
    return state


def test_tension_roll_names_every_face_in_the_readers_language() -> None:
    # 5.2.1 / 1.6.1: the printed faces as rolled, flexible ones included.
    found = texts(
        outcome_events(second_turn(), A.Tension(), ["CritDodge", "Dofus"]),
        "krosmaster.event.tension",
    )
    assert found["en-US"] == "Tension dice: Crit/Dodge, Dofus."
    assert found["pt-BR"] == "Dados de Tensão: Crítico/Esquiva, Dofus."
    assert found["it"] == "Dadi di tensione: Critico/Fuga, Dofus."
    for text in found.values():
        assert "crit_dodge" not in text and "dofus" not in text


def test_a_tension_reroll_names_its_single_face() -> None:
    state = act(second_turn(), A.Tension(), ["Lock", "Lock"])
    found = texts(outcome_events(state, A.Reroll(), ["Armour"]), "krosmaster.event.tension")
    assert found["pt-BR"] == "Dados de Tensão: Armadura."
    assert found["it"] == "Dadi di tensione: Armatura."


def test_doubles_and_inspiration_name_the_face() -> None:
    state = act(second_turn(), A.Tension(), ["Lock", "Lock"])
    doubles = texts(outcome_events(state, A.Keep()), "krosmaster.event.doubles")  # 5.2.3
    assert "Bloqueio" in doubles["pt-BR"] and "Contrasto" in doubles["it"]
    assert not any(has_word(t, "lock") for t in doubles.values())
    state = act(state, A.Keep())
    unit = state.players[state.active_player].timeline[0]
    inspired = texts(outcome_events(state, A.Inspire(1, unit)), "krosmaster.event.inspired")
    assert inspired["pt-BR"].endswith(": Bloqueio.") and inspired["it"].endswith(": Contrasto.")


def test_the_multiplayer_doubles_chain_names_the_face() -> None:
    state = new4()
    while state.phase is not Phase.TENSION:
        decision = ENGINE.pending(state)[0]
        assert decision.default is not None
        state = ENGINE.apply(state, decision.seat, decision.default, RiggedDice([])).state
    state = act(state, A.Tension(), ["Crit", "Crit"])
    chain = texts(outcome_events(state, A.Keep()), "krosmaster.event.doubles_chain")  # 9.2.6
    assert "(Crítico)" in chain["pt-BR"] and "(Critico)" in chain["it"]
    assert "(Crit)" in chain["en-US"]


def test_an_impossible_face_is_refused_naming_the_rolled_face() -> None:
    state = act(second_turn(), A.Tension(), ["CritDodge", "Lock"])
    with pytest.raises(EngineError) as err:
        act(state, A.Keep("armour", ""))  # 1.6.2.b: Crit/Dodge turns to Crit or Dodge only
    params = err.value.params
    pt = CATALOG.translate(err.value.key, "pt-BR", **params)
    assert pt == "Um dado Crítico/Esquiva não pode mostrar armour."


def tristepan_with(effect: Effect) -> State:
    """Tristepan next to Quentin Flush; his first spell carries ``effect``."""
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C4"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    fig = state.figures["tristepan"]
    spell = replace(fig.spells[0], effects=(effect,), ap=4, limit=Limit.UNLIMITED)
    fig = replace(fig, spells=(spell, *fig.spells[1:]))
    return replace(state, figures={**state.figures, "tristepan": fig})


@pytest.mark.parametrize(
    ("kind", "key", "pt", "it"),
    [
        (EffectKind.MP, "krosmaster.event.tokens", "−2 PM", "−2 PM"),
        (EffectKind.AP, "krosmaster.event.tokens", "−2 PA", "−2 PA"),
        (EffectKind.STEAL_MP, "krosmaster.event.steal", "2 PM", "2 PM"),
        (EffectKind.STEAL_AP, "krosmaster.event.steal", "2 PA", "2 PA"),
    ],
)
def test_tokens_and_steals_name_the_stat_as_the_rulebooks_do(
    kind: EffectKind, key: str, pt: str, it: str
) -> None:
    # 7.5.1–7.5.4 tokens, 7.5.12–7.5.13 steals; 2.4.4 / 2.4.6 "PM", "PA".
    amount = 2 if kind in (EffectKind.STEAL_MP, EffectKind.STEAL_AP) else -2
    state = tristepan_with(Effect(kind, amount=amount))
    spell = state.figures["tristepan"].spells[0].id
    found = texts(outcome_events(state, A.Cast(spell, "C4"), ["Armour", "Lock"]), key)
    assert pt.replace("−", "-") in found["pt-BR"] and it.replace("−", "-") in found["it"]
    for text in found.values():
        assert not has_word(text, "mp") and not has_word(text, "ap")


def test_a_manual_adjustment_names_what_was_adjusted() -> None:
    state = position({"units": [{"id": "0.tristepan", "square": "C3"}], "active": "0.tristepan"})
    action = A.Adjust("0.tristepan", "ap_tokens", "-1", "card text")
    found = texts(outcome_events(state, action), "krosmaster.event.adjusted")
    assert "marcadores de PA -1" in found["pt-BR"] and "segnalini PA -1" in found["it"]
    assert not any("ap_tokens" in t for t in found.values())


def test_a_lost_pending_effect_is_named() -> None:
    # 7.2.9.b: Vigg's lifesteal is lost when the bomb's explosion knocks him out first.
    state = position(
        {
            "add": [
                {
                    "id": "1.bomb",
                    "figure": "bomba-incendiaria",
                    "owner": 1,
                    "square": "C4",
                    "summoner": "1.gultar",
                }
            ],
            "units": [
                {"id": "0.vigg-arysta", "square": "C3", "wounds": 8},
                {"id": "0.tristepan", "square": "A12"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    state = act(state, A.Cast("burla", "C4"), ["Crit", "Lock"])
    explosion = next(i for i, p in enumerate(state.pending) if p.kind.value == "explosion")
    events = outcome_events(state, A.Resolve(explosion + 1), ["Lock", "Lock", "Lock"])
    found = texts(events, "krosmaster.event.pending_lost")
    assert "(Roubo de Vida)" in found["pt-BR"]
    assert "Furto di Vita" in found["it"]
    assert not any("lifesteal" in t for t in found.values())


def test_reward_piles_are_named_by_their_level() -> None:
    # 1.3.7: GRANITO, JADE, PRATA; the command still takes "granite-1".
    state = position(
        {
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "J10"}],
            "players": [{"kamas": 20}],
            "active": "0.tristepan",
        },
        arena=empty_arena(demonic=["C3"]),
    )
    found = texts(
        outcome_events(state, A.BuyReward("granite-1", "down")), "krosmaster.event.reward_bought"
    )
    assert found["en-US"].endswith("from pile Granite 1.")
    assert found["pt-BR"].endswith("da pilha Granito 1.")
    assert found["it"].endswith("dalla pila Granito 1.")


def test_old_stored_events_with_plain_ids_still_read() -> None:
    # Events logged before faces were translated keep their plain strings.
    old = CATALOG.translate("krosmaster.event.tension", "pt-BR", faces="lock, crit")
    assert old == "Dados de Tensão: lock, crit."


def test_the_board_footer_names_the_tension_dice_in_the_readers_language() -> None:
    state = act(second_turn(), A.Tension(), ["Armour", "CritDodge"])
    state = act(state, A.Keep("", "crit"))
    data = ENGINE.view(state, None).data
    assert footer_text(data, CATALOG, "pt-BR").endswith("Tensão: Armadura, Crítico")
    assert footer_text(data, CATALOG, "it").endswith("tensione: Armatura, Critico")
    assert footer_text(data, CATALOG, "en-US").endswith("tension dice: Armour, Crit")
    assert footer_text({**data, "tension": []}, CATALOG, "it").endswith("tensione: –")
