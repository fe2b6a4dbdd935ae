"""Collateral damage naming its victims ("Regras Especiais de Alvo", "Tipos de Dano")."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError
from engines.dicethrone.content import DamageKind
from engines.dicethrone.content.loader import load_pack
from engines.dicethrone.rules import aim
from engines.dicethrone.rules.state import Phase, Step
from tests.engines.dicethrone.helpers import MINI
from tests.engines.dicethrone.test_modes import attack, pass_windows, start_n

QUAKE = (6, 6, 6, 1, 2)  # three shields: the Warden's Quake


def _quake(count: int) -> tuple[list[tuple[int, int, DamageKind, bool]], list[int]]:
    heroes = {f"hero{i + 1}": "warden" for i in range(count)}
    state = attack(start_n(count, content=MINI, **heroes), QUAKE, "quake")
    # The card names who takes it: no targeting die, nobody picks a Defender.
    assert state.roll.activated and state.roll.target_die == 0 and state.target is None
    # Not an Attack ("Glossário"): no defensive roll, straight to the last window.
    assert state.phase is Phase.OFFENSIVE and state.step is Step.FINAL
    ledger = [(inc.target, inc.amount, inc.kind, inc.attack) for inc in state.ledger]
    state, _ = pass_windows(state)
    assert state.phase is Phase.MAIN2
    return ledger, [p.health for p in state.players]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_each_opponent_and_everyone_take_the_named_collateral_damage(count: int) -> None:
    ledger, health = _quake(count)
    c = DamageKind.COLLATERAL
    opponents = [1, 2] if count == 3 else [1, 3] if count == 4 else [1]
    expected = {(s, 3, c, False) for s in opponents}  # 2 (each opponent) + 1 (everyone)
    expected |= {(s, 1, c, False) for s in range(count) if s not in opponents}
    assert set(ledger) == expected and len(ledger) == count
    if count == 4:
        # 2 v 2: a team's shared disc loses the combined total ("Dano Colateral").
        assert health == [48, 44, 48, 44]
    else:
        start = 50 if count == 2 else 35
        assert health == [start - 1, *[start - 3] * (count - 1)]


def test_a_named_victim_needs_no_target_but_a_plain_opponent_does() -> None:
    quake = MINI.heroes["warden"].ability("quake")
    assert quake is not None
    effect = quake.levels[1][0].effect
    assert not aim.aims_anyone(effect)
    bash = MINI.heroes["warden"].ability("bash")
    assert bash is not None and aim.aims_anyone(bash.levels[1][0].effect)


def test_only_collateral_damage_may_name_every_opponent(tmp_path: Path) -> None:
    hero = (Path(__file__).parent / "packs/mini/heroes/warden.yaml").read_text("utf-8")
    bad = hero.replace("kind: collateral, target: each_opponent", "target: each_opponent")
    (tmp_path / "bad" / "heroes").mkdir(parents=True)
    (tmp_path / "bad" / "heroes" / "warden.yaml").write_text(bad, "utf-8")
    with pytest.raises(ContentError, match="collateral damage only"):
        load_pack("bad", root=tmp_path)


def _collateral(count: int, dice: tuple[int, ...], ability: str) -> dict[int, int]:
    heroes = {f"hero{i + 1}": "warden" for i in range(count)}
    state = attack(start_n(count, content=MINI, **heroes), dice, ability)
    # The ability names its victims: no targeting die, no Defender, no defence.
    assert state.roll.activated and state.roll.target_die == 0 and state.target is None
    assert state.phase is Phase.OFFENSIVE and state.step is Step.FINAL
    assert all(inc.kind is DamageKind.COLLATERAL and not inc.attack for inc in state.ledger)
    totals: dict[int, int] = {}
    for inc in state.ledger:  # one entry per victim, its damage combined
        totals[inc.target] = totals.get(inc.target, 0) + inc.amount
    return totals


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        # 1 v 1: the only other player is both on the left and on the right.
        (2, {1: 3}),
        # King of the Hill: left = next in turn order (seat 2), right = seat 3.
        (3, {1: 1, 2: 2}),
        # 2 v 2 (seats 1 & 3 vs 2 & 4): both neighbours are opponents; the teammate
        # (seat 3) takes "each teammate".
        (4, {1: 1, 2: 4, 3: 2}),
    ],
)
def test_left_right_and_teammates_name_their_victims(count: int, expected: dict[int, int]) -> None:
    assert _collateral(count, (6, 6, 6, 6, 1), "ripple") == expected


@pytest.mark.parametrize("count", [3, 4])
def test_collateral_at_the_opponent_needs_no_targeting_phase(count: int) -> None:
    # "the opponent" (and an ability's "chosen", which no card names) falls on the
    # default opponent, the one on the left, without a targeting die or choice.
    assert _collateral(count, (6, 6, 6, 6, 6), "tremor") == {1: 5}
    tremor = MINI.heroes["warden"].ability("tremor")
    assert tremor is not None and not aim.aims_anyone(tremor.levels[1][0].effect)


def test_collateral_beside_an_aimed_effect_hits_the_defender() -> None:
    # A normal damage step still calls for the targeting phase; collateral damage at
    # "the opponent" in the same ability then follows the chosen Defender.
    from engines.dicethrone.content import Step as ScriptStep

    normal = ScriptStep(op="damage", amount=2)
    collateral = ScriptStep(op="damage", amount=2, kind=DamageKind.COLLATERAL)
    assert aim.aims_anyone((normal, collateral)) and not aim.aims_anyone((collateral,))
    assert aim.split((normal, collateral))[1] == (normal, collateral)


def test_only_collateral_damage_may_name_a_neighbour(tmp_path: Path) -> None:
    hero = (Path(__file__).parent / "packs/mini/heroes/warden.yaml").read_text("utf-8")
    bad = hero.replace("kind: collateral, target: left", "target: left")
    (tmp_path / "bad" / "heroes").mkdir(parents=True)
    (tmp_path / "bad" / "heroes" / "warden.yaml").write_text(bad, "utf-8")
    with pytest.raises(ContentError, match="collateral damage only"):
        load_pack("bad", root=tmp_path)
