"""Collateral damage naming its victims ("Regras Especiais de Alvo", "Tipos de Dano")."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError
from engines.dicethrone import aim
from engines.dicethrone.content import DamageKind
from engines.dicethrone.loader import load_pack
from engines.dicethrone.state import Phase, Step
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
