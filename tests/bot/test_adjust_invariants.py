"""``/ref adjust`` (``bot.verify.apply_changes``, also replayed by verify) gives only
states the game's declared invariants accept, with the rules' consequences applied."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.match.verify import apply_changes
from engines.core import GameEngine, InvalidStateError, Seat, SeededDice
from engines.core.registry import get, load_games
from engines.core.serde import SerdeError

load_games()
SEED = b"r" * 32
#: Where a referee's adjustments go in each game's state JSON (top-level fields).
ADJUSTABLE = {
    "krosmaster": ("players", "units", "reserve_kamas", "wild_gg", "active_player"),
    "dicethrone": ("players", "active"),
    "battlescenes": ("players", "scene", "active", "scenario"),
}
_played: dict[str, Any] = {}


def played(name: str) -> Any:
    """A match of ``name`` some 60 decisions in, every decision its default."""
    if name not in _played:
        engine = get(name)
        seats = [Seat(0, "Ana"), Seat(1, "Bia")]
        state = engine.new_match(
            engine.parse_options({}), seats, engine.load_content(None), SeededDice(SEED, 0)
        )
        for seq in range(1, 61):
            owed = [d for d in engine.pending(state) if d.default is not None and not d.optional]
            if not owed or engine.result(state) is not None:
                break
            decision = owed[0]
            assert decision.default is not None
            state = engine.apply(state, decision.seat, decision.default, SeededDice(SEED, seq))
            state = state.state
        assert engine.check_state(state) == []  # play itself keeps every invariant
        _played[name] = state
    return _played[name]


def numbers(data: Any, prefix: str = "") -> list[str]:
    """Dotted paths of every whole number under ``data``."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [prefix]
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return []
    return [p for k, v in items for p in numbers(v, f"{prefix}.{k}" if prefix else str(k))]


def paths(name: str) -> list[str]:
    data = get(name).state_to_json(played(name))
    assert isinstance(data, dict)
    return sorted(p for field in ADJUSTABLE[name] for p in numbers(data.get(field), field))


@pytest.mark.parametrize("name", sorted(ADJUSTABLE))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_adjustments_are_refused_or_keep_every_invariant(name: str, data: Any) -> None:
    engine: GameEngine[Any] = get(name)
    keys = data.draw(st.lists(st.sampled_from(paths(name)), min_size=1, max_size=3, unique=True))
    changes = {k: data.draw(st.integers(-5, 120)) for k in keys}
    try:
        after = apply_changes(engine, played(name), changes)
    except (InvalidStateError, SerdeError):
        return  # refused with a declared error, naming the broken invariant
    assert engine.check_state(after) == []
    engine.pending(after)  # a state play can go on from
    engine.view(after, None)


def _adjust(name: str, changes: dict[str, Any]) -> Any:
    return apply_changes(get(name), played(name), changes)


def test_krosmaster_refuses_wounds_past_hp_and_negative_gg_naming_them() -> None:
    with pytest.raises(InvalidStateError) as refused:
        _adjust("krosmaster", {"units.0.wounds": 99, "players.0.gg": -5})
    assert refused.value.params["invariant"].key == "krosmaster.invariant.negative"
    with pytest.raises(InvalidStateError) as refused:
        _adjust("krosmaster", {"units.0.wounds": 99})
    assert refused.value.params["invariant"].key == "krosmaster.invariant.wounds"


def test_krosmaster_wounds_reaching_hp_knock_the_figure_out() -> None:
    engine = get("krosmaster")
    state = played("krosmaster")
    index, unit = next((i, u) for i, u in enumerate(state.units) if u.pos is not None)
    hp = state.figures[unit.figure].hp
    after = _adjust("krosmaster", {f"units.{index}.wounds": hp})
    assert after.units[index].ko and after.units[index].pos is None
    assert engine.check_state(after) == []


def test_dicethrone_health_at_zero_ends_the_match() -> None:
    engine = get("dicethrone")
    after = _adjust("dicethrone", {"players.1.health": 0})
    result = engine.result(after)
    assert result is not None and result.winners == (0,)
    with pytest.raises(InvalidStateError) as refused:
        _adjust("dicethrone", {"players.0.cp": 16})
    assert refused.value.params["invariant"].key == "dicethrone.invariant.cp"


def test_battlescenes_a_card_in_two_places_is_refused() -> None:
    state = played("battlescenes")
    assert state.players[0].hand and state.players[0].deck
    card = state.players[0].deck[0]
    with pytest.raises(InvalidStateError) as refused:
        _adjust("battlescenes", {"players.0.hand.0": card})
    assert refused.value.params["invariant"].key == "battlescenes.invariant.twice"
