"""Manual adjustments (1.5.1) for card text the engine does not automate."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind, Power, PowerDef
from engines.krosmaster.geometry import parse_label
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, events, new_match, position


def board() -> State:
    return position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C5", "wounds": 4},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )


def test_adjustments_are_logged_with_author_and_reason() -> None:
    state, keys = events(board(), A.Adjust("1.quentin-flush", "wounds", "+1", "Loteria: tails"))
    assert state.unit("1.quentin-flush").wounds == 5
    assert keys == ["krosmaster.event.adjusted"]


def test_wounds_reaching_hp_knock_out() -> None:
    state, keys = events(board(), A.Adjust("1.quentin-flush", "wounds", "+5", "card text"))
    assert state.unit("1.quentin-flush").ko and "krosmaster.event.ko" in keys


def test_tokens_follow_4_11_and_squares_must_be_free() -> None:
    state, _ = events(board(), A.Adjust("1.gultar", "mp_tokens", "-9", "card text"))
    assert state.unit("1.gultar").mp_tokens == -3  # 4.11.7 still applies
    state, _ = events(board(), A.Adjust("0.tristepan", "square", "E6", "Teleport"))
    assert state.unit("0.tristepan").pos == parse_label("E6")
    with pytest.raises(EngineError):
        events(board(), A.Adjust("0.tristepan", "square", "C5", "Teleport"))


def test_kamas_come_from_the_reserve_and_a_reason_is_required() -> None:
    before = board()
    state, _ = events(before, A.Adjust("0.tristepan", "kamas", "2", "Farmer"))
    assert state.players[0].kamas == 2 and state.reserve_kamas == before.reserve_kamas - 2
    with pytest.raises(EngineError) as err:
        events(before, A.Adjust("0.tristepan", "kamas", "2", " "))
    assert err.value.rule == "1.5.1"
    with pytest.raises(EngineError):
        events(before, A.Adjust("0.tristepan", "charm", "2", "why"))


def _with_manual_blade(state: State) -> State:
    """Tristepan's Dark Blade gains card text the engine cannot apply."""
    fig = state.figures["tristepan"]
    blade = replace(
        fig.spells[0], effects=(Effect(EffectKind.MANUAL, text="The target loses 1 GG"),)
    )
    fig = replace(fig, spells=(blade, *fig.spells[1:]))
    return replace(state, figures={**state.figures, "tristepan": fig})


def test_manual_card_text_stops_play_until_applied() -> None:
    """1.5.1: the caster's player applies the text, then says so; nothing else is accepted."""
    state = _with_manual_blade(board())
    quentin = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C4"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    state = replace(quentin, figures=state.figures)
    state, keys = events(state, A.Cast("dark-blade", "C4"))  # no dice yet: paused in step 3
    assert "krosmaster.event.manual_effect" in keys and state.suspended is not None
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds == ("adjust", "applied", "prefer")
    assert not decision.auto_default  # play really waits
    assert decision.prompt.params["text"] == "The target loses 1 GG"
    with pytest.raises(EngineError):
        act(state, A.EndTurn())  # not before the text is applied
    state = act(state, A.Adjust("1.quentin-flush", "gg", "-1", "Dark Blade"))
    assert state.players[1].gg == 5 and state.manual  # still waiting for "applied"
    state, keys = events(state, A.Applied(), ["Armour", "Lock"])  # steps 4–7 now
    assert keys[0] == "krosmaster.event.manual_applied" and not state.manual
    assert state.suspended is None and state.unit("1.quentin-flush").wounds == 3
    assert "end_turn" in ENGINE.pending(state)[0].kinds  # the activation goes on
    with pytest.raises(EngineError):
        act(state, A.Applied(), seat=0)


def test_gg_adjustments_end_the_match_when_a_side_runs_out() -> None:
    state = replace(board(), wild_gg=0)
    state = act(state, A.Adjust("1.gultar", "gg", "-9", "card text"))
    assert state.players[1].gg == 0 and state.winner == 0
    assert sum(p.gg for p in state.players) + state.wild_gg + state.gg_lost == 12


def test_a_referee_adjusts_outside_the_activation() -> None:
    """A referee's /ref act reaches `adjust` in any phase without moving the match on."""
    state = replace(board(), phase=Phase.TENSION, active_unit=None)
    out = ENGINE.referee_apply(
        state, 1, A.Adjust("0.tristepan", "wounds", "+2", "ruling"), RiggedDice([])
    )
    assert out.state.unit("0.tristepan").wounds == 2 and out.state.phase is Phase.TENSION
    with pytest.raises(EngineError):
        ENGINE.apply(state, 1, A.Adjust("0.tristepan", "wounds", "+2", "x"), RiggedDice([]))


def test_start_of_fight_powers_wait_for_their_players_in_initiative_order() -> None:
    """1.3.10: the first player's powers (highest initiative first), then the second's."""
    state = new_match()
    figs = dict(state.figures)
    for fid in ("tristepan", "vigg-arysta", "gultar"):
        power = PowerDef(Power.MANUAL, "Rally", f"{fid} rallies", start_of_fight=True)
        figs[fid] = replace(figs[fid], powers=(*figs[fid].powers, power))
    state = replace(state, figures=figs)
    while state.phase is Phase.DEPLOY:
        state = act(state, ENGINE.pending(state)[0].default)
    first = state.first_player
    seats = [n.seat for n in state.manual]
    assert seats == sorted(seats, key=lambda s: s != first)  # first player's notes first
    mine = [n for n in state.manual if n.seat == first]
    inits = [next(f for f in figs.values() if f.name == n.unit).initiative for n in mine]
    assert inits == sorted(inits, reverse=True)
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("adjust", "applied", "prefer") and decision.seat == first
    while state.manual:
        state = act(state, A.Applied())
    assert ENGINE.pending(state)[0].seat == first and state.phase is not Phase.DEPLOY


def _loteria(state: State) -> State:
    """Quentin Flush's Loteria as card text (its coin flips are not in the vocabulary)."""
    fig = state.figures["quentin-flush"]
    text = "Flip 3 coins: 1 wound on Quentin per tails, +1 damage per heads"
    loteria = replace(
        fig.spells[0], id="loteria", name="Loteria", effects=(Effect(EffectKind.MANUAL, text=text),)
    )
    fig = replace(fig, spells=(loteria,))
    return replace(state, figures={**state.figures, "quentin-flush": fig})


def _quentin(gg: int) -> State:
    return _loteria(
        position(
            {
                "units": [
                    {"id": "1.quentin-flush", "square": "C4", "wounds": 4},
                    {"id": "0.tristepan", "square": "C6"},
                    {"id": "1.gultar", "square": "J10"},
                ],
                "players": [{"gg": 6}, {"gg": gg}],
                "wild_gg": 0,
                "active": "1.quentin-flush",
            }
        )
    )


def test_7_2_4_d_quentin_flush_knocked_out_by_his_own_loteria() -> None:
    """7.2.4.d example: 1 heads and 2 tails put 2 wounds on Quentin Flush (6 HP, 4 wounds);
    he is knocked out and the opponent gains 1 GG; the spell goes on (1 extra damage)."""
    state = act(_quentin(gg=3), A.Cast("loteria", "C6"))
    assert state.suspended is not None and ENGINE.pending(state)[0].seat == 1
    state = act(state, A.Adjust("quentin", "wounds", "+2", "Loteria: 2 tails"))
    assert state.unit("1.quentin-flush").ko and state.players[0].gg == 7
    state = act(state, A.Adjust("tristepan", "wounds", "+1", "Loteria: 1 heads"))
    state = act(state, A.Applied(), ["Armour", "Lock"])  # steps 4–7 still happen
    assert state.unit("0.tristepan").wounds == 2  # the heads, then Loteria's 1 damage
    assert state.winner is None and state.active_unit != "1.quentin-flush"  # his turn ended


def test_7_2_4_d_the_last_gg_ends_the_match_and_loteria_is_not_resolved() -> None:
    state = act(_quentin(gg=1), A.Cast("loteria", "C6"))
    state = act(state, A.Adjust("quentin", "wounds", "+2", "Loteria: 2 tails"))
    assert state.winner == 0 and state.suspended is None
    assert state.unit("0.tristepan").wounds == 0
