"""Random legal play never crashes and keeps the invariants of the rules."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core import Action, EngineError, SeededDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.geometry import label
from engines.krosmaster.rules.board import is_obstacle_unit, on_board, scenery_obstacle
from engines.krosmaster.rules.movement import reachable
from engines.krosmaster.rules.seats import eliminated
from engines.krosmaster.rules.state import Phase, State
from engines.krosmaster.rules.targeting import legal_targets, spells_of
from tests.engines.krosmaster.helpers import new_match
from tests.engines.krosmaster.helpers_multi import new4

TOTAL_GG = 6 + 6 + 1
TOTAL_KAMAS = 60


def candidates(state: State) -> list[Action]:
    """A sample of the actions the rules allow now."""
    phase = state.phase
    decision = ENGINE.pending(state)[0]
    assert decision.default is not None
    if state.owed:  # 9.2.5 / 9.2.6: a player names another
        return [
            decision.default,
            *(kind(str(n)) for n in range(1, 5) for kind in (A.Give, A.Doubles)),
        ]
    if state.manual:  # card text waits (1.5.1): the player applies it and says so
        return [A.Applied()]
    if phase is Phase.SIDE:
        return [A.Side("1"), A.Side("2")]
    if phase is Phase.TENSION_ROLLED:
        return [A.Keep()] + ([] if state.rerolled else [A.Reroll()])
    if phase is Phase.INSPIRATION:
        mine = [
            u.id
            for u in on_board(state)
            if u.owner == state.active_player and not state.fig(u).summon
        ]
        return [A.EndInspiration()] + [A.Inspire(1, u) for u in mine[:2] if state.tension]
    if phase is Phase.PENDING:
        return [A.Resolve(i + 1) for i in range(len(state.pending))]
    if phase is not Phase.ACTIVATION:
        return [decision.default]
    unit = state.unit(state.active_unit or "")
    out: list[Action] = [A.EndTurn()]
    for spell in spells_of(state, unit):
        out += [A.Cast(spell.id, label(s)) for s in legal_targets(state, unit, spell)[:4]]
    out += [A.Move(label(s)) for s in list(reachable(state, unit))[:6]]
    if unit.pos is not None and state.floor_kamas.get(label(unit.pos)):
        out.append(A.CollectKama(1))
    if unit.pos in state.arena.demonic:
        out.append(A.BuyGG())
        out += [A.BuyGG(str(n)) for n in range(1, len(state.players) + 1)]
        out += [A.BuyReward(f"{tier}-{n}", "down") for tier in ("granite", "jade") for n in (1, 2)]
    out += [A.Reveal(h.reward) for h in unit.rewards if not h.revealed]
    return out


def check_invariants(state: State, total_gg: int = TOTAL_GG) -> None:
    for unit in state.units:
        fig = state.fig(unit)
        assert 0 <= unit.wounds <= fig.hp  # 4.10.1
        assert fig.ap is None or unit.ap_tokens >= -fig.ap  # 4.11.7
        assert fig.mp is None or unit.mp_tokens >= -fig.mp
        if unit.pos is not None:
            assert not scenery_obstacle(state, unit.pos)
    squares = [u.pos for u in on_board(state) if is_obstacle_unit(state, u)]
    assert len(squares) == len(set(squares))  # one obstacle per square
    gg = sum(p.gg for p in state.players) + state.wild_gg + state.gg_lost
    assert gg == total_gg  # GG move between players and the wild GG, or are lost to tension
    kamas = sum(state.floor_kamas.values()) + sum(p.kamas for p in state.players)
    assert kamas + state.reserve_kamas == TOTAL_KAMAS
    placers = [m.placer for m in state.markers]
    assert len(placers) == len(set(placers))  # 4.13.2: one marker per placer
    assert all(state.unit(m.target).pos is not None for m in state.markers)
    assert state.suspended is None or state.manual  # a paused spell always waits for text


def _with_card_text(state: State) -> State:
    """Every figure's first spell also places a special marker and then pauses for card
    text (4.13, 1.5.1), so random play goes through both."""
    figures = dict(state.figures)
    for fid, fig in figures.items():
        if fig.summon or not fig.spells:
            continue
        first = fig.spells[0]
        extra = (Effect(EffectKind.MARKER, text="Mark"), Effect(EffectKind.MANUAL, text="x"))
        spell = replace(first, effects=(*first.effects, *extra))
        figures[fid] = replace(fig, spells=(spell, *fig.spells[1:]))
    return replace(state, figures=figures)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.binary(min_size=4, max_size=4),
    st.sampled_from(["bonta-guard", "tofu-court", "rat-pack"]),
    st.sampled_from(["training-grounds", "tofu-glade"]),
)
def test_random_legal_play_keeps_the_invariants(
    data: st.DataObject, seed: bytes, team2: str, arena: str
) -> None:
    state = _with_card_text(new_match(team2=team2, arena=arena, sides="choose"))
    for n in range(1, 120):
        if ENGINE.result(state) is not None:
            break
        action = data.draw(st.sampled_from(candidates(state)))
        seat = ENGINE.pending(state)[0].seat
        try:
            state = ENGINE.apply(state, seat, action, SeededDice(seed, n)).state
        except EngineError:
            continue  # a refused action changes nothing
        check_invariants(state)
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.binary(min_size=4, max_size=4),
    st.sampled_from([("ffa", 3), ("ffa", 4), ("2v2", 4)]),
)
def test_random_multiplayer_play_keeps_the_invariants(
    data: st.DataObject, seed: bytes, mode: tuple[str, int]
) -> None:
    """Chapter 9: the same invariants with 3 or 4 players; GG stay between the players,
    the three wild GG and the tension losses; nobody out of the match ever plays."""
    name, seats = mode
    state = _with_card_text(new4(name, seats=seats, sides="choose"))
    for n in range(1, 150):
        if ENGINE.result(state) is not None:
            break
        action = data.draw(st.sampled_from(candidates(state)))
        seat = ENGINE.pending(state)[0].seat
        try:
            state = ENGINE.apply(state, seat, action, SeededDice(seed, n)).state
        except EngineError:
            continue
        check_invariants(state, total_gg=3 * seats + 3)
        if state.phase is not Phase.OVER and not state.owed:
            assert not eliminated(state, state.active_player)
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
