"""8.1 the original base box as a match option (``box=original``): two GOLD piles instead
of the SILVER ones (8.1.2), a GOLD reward costs 12 kamas (8.1.3; Artesão: 10, 4.9.27)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import EngineError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power, Tier
from engines.krosmaster.rules.rewards import pile_name, pile_tier
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, new_match, with_power
from tests.engines.krosmaster.test_rewards import shop


def test_the_original_box_deals_gold_piles_instead_of_silver() -> None:
    tournament = new_match()
    original = new_match(box="original")
    assert [pile_name(tournament, i) for i in range(6)][4:] == ["silver-1", "silver-2"]
    assert [pile_name(original, i) for i in range(6)] == [
        "granite-1",
        "granite-2",
        "jade-1",
        "jade-2",
        "gold-1",
        "gold-2",
    ]
    gold = [r for pile in original.piles[4:] for r in pile]
    assert gold and all(original.rewards[r].tier is Tier.GOLD for r in gold)
    silver = [r for pile in tournament.piles[4:] for r in pile]
    assert all(tournament.rewards[r].tier is Tier.SILVER for r in silver)
    assert ENGINE.view(original, None).data["piles"][4]["pile"] == "gold-1"
    with pytest.raises(EngineError):
        new_match(box="ruby")  # not an option: no rule sets up RUBY piles


def gold_shop(kamas: int) -> State:
    state = replace(shop(kamas=kamas), box="original")
    gold = sorted(r for r in state.rewards if state.rewards[r].tier is Tier.GOLD)
    return replace(state, piles=(*state.piles[:4], tuple(gold), ()))


def test_a_gold_reward_costs_12_kamas_and_10_with_artisan() -> None:
    with pytest.raises(EngineError) as err:
        act(gold_shop(11), A.BuyReward("gold-1", "down"))
    assert err.value.params["need"] == 12
    state = act(gold_shop(12), A.BuyReward("gold-1", "down"))
    assert state.players[0].kamas == 0 and state.phase is Phase.ASSIGN
    artisan = with_power(gold_shop(10), "tristepan", Power.ARTISAN)
    state = act(artisan, A.BuyReward("gold-1", "down"))
    assert state.players[0].kamas == 0 and state.unit("0.tristepan").ap == 6  # no AP either
    assert pile_tier(state, 4) is Tier.GOLD
