"""The Samurai with rigged dice (issue 22): he is not offered in ``/match new`` (no public
record gives his tokens' stack limits), and every piece is played here from a test pack
where he may be chosen: each ability and level, the alternate abilities, Stand Tall,
Bushido, Honor, Shame and Back Strike, every card; seeded whole matches in 1 v 1, King of
the Hill and 2 v 2; a save/load round trip; the lookup and his hidden hand."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from engines.core import EngineError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Content, DamageKind
from engines.dicethrone.engine import install_pack
from engines.dicethrone.rules.state import State, Step
from tests.engines.dicethrone import test_new_heroes
from tests.engines.dicethrone.helpers import SEATS, act, defend, keys, with_player
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows

BASE = ENGINE.load_content(None)
#: The built-in pack with the Samurai offered, to play him in tests only.
PACK: Content = dataclasses.replace(
    BASE,
    pack="base_samurai",
    heroes={**BASE.heroes, "samurai": dataclasses.replace(BASE.heroes["samurai"], selectable=True)},
)
install_pack(PACK)
UND = DamageKind.UNDEFENDABLE


def _start(
    hero1: str = "samurai", hero2: str = "barbarian", first: tuple[int, ...] = (6, 1)
) -> State:
    dice = RiggedDice(list(first))
    state = ENGINE.new_match({"hero1": hero1, "hero2": hero2}, SEATS, PACK, dice)
    assert not dice.queue
    return state


def _samurai(**changes: Any) -> State:
    """The Samurai (seat 0, first player) in his first Main phase; ``statuses`` replaces
    the Honor Bushido gave him."""
    changes.setdefault("statuses", {})
    return with_player(_start(), 0, **changes)


def _up(card: str) -> dict[str, Any]:
    slot = card.rsplit("_", 1)[0]
    return {"upgrades": {slot: card}, "board": (card,)}


# -- he is not offered ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "why"), [("en-US", "stack limits"), ("pt-BR", "limites"), ("it", "limiti")]
)
def test_he_cannot_be_chosen_and_the_refusal_says_why(locale: str, why: str) -> None:
    with pytest.raises(EngineError) as info:
        ENGINE.new_match(
            {"hero1": "samurai", "hero2": "barbarian"}, SEATS, BASE, RiggedDice([6, 1])
        )
    said = ENGINE.catalog().translate(info.value.key, locale, **info.value.params)
    assert "Samurai" in said and why in said and "Back Strike" in said


# -- the board --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "damage"), [((1, 2, 3, 4, 6), 5), ((1, 2, 3, 1, 6), 6), ((1, 2, 3, 1, 2), 7)]
)
def test_katana_slice_deals_5_6_7(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_samurai(), dice, "katana_slice")
    assert _attack(state) == (damage, DamageKind.NORMAL) and not state.players[1].statuses


def test_katana_slice_ii_and_iii_shame_on_4_or_3_of_a_kind() -> None:
    two = _announce(_samurai(**_up("katana_slice_2")), (2, 2, 2, 4, 6), "katana_slice")
    assert _attack(two)[0] == 6 and not two.players[1].statuses  # 3 of a kind only
    four = _announce(_samurai(**_up("katana_slice_2")), (2, 2, 2, 2, 6), "katana_slice")
    assert _attack(four)[0] == 7 and four.players[1].statuses == {"shame": 1}
    three = _announce(_samurai(**_up("katana_slice_3")), (2, 2, 2, 4, 6), "katana_slice")
    assert _attack(three)[0] == 6 and three.players[1].statuses == {"shame": 1}


@pytest.mark.parametrize(
    ("card", "damage", "shame"), [(None, 3, 0), ("wakizashi_2", 4, 0), ("wakizashi_3", 4, 1)]
)
def test_wakizashi_gains_back_strike_and_is_undefendable(
    card: str | None, damage: int, shame: int
) -> None:
    state = _announce(_samurai(**(_up(card) if card else {})), (1, 2, 6, 6, 4), "wakizashi")
    assert _attack(state) == (damage, UND) and state.players[0].statuses == {"back_strike": 1}
    assert state.players[1].statuses.get("shame", 0) == shame and state.step is Step.FINAL


def test_solemnity_ii_and_solemn() -> None:
    one = _announce(_samurai(), (1, 2, 4, 4, 5), "solemnity")
    assert _attack(one)[0] == 7 and one.players[1].statuses == {"shame": 1}
    two = _announce(_samurai(**_up("solemnity_2")), (1, 2, 4, 4, 5), "solemnity")
    assert _attack(two)[0] == 8 and two.players[1].statuses == {"shame": 2}
    solemn = _announce(_samurai(**_up("solemnity_2")), (4, 4, 5, 6, 6), "solemn")
    assert not solemn.ledger and solemn.players[1].statuses == {"shame": 2}


def test_an_alternate_ability_needs_its_upgrade() -> None:
    state, _ = act(_samurai(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 6, 6)
    with pytest.raises(EngineError):
        act(state, 0, a.Announce("solemn"))


@pytest.mark.parametrize(("card", "damage"), [(None, 6), ("budo_2", 8)])
def test_budo_gains_honor_then_deals_6_or_8(card: str | None, damage: int) -> None:
    state = _announce(_samurai(**(_up(card) if card else {})), (1, 2, 3, 4, 6), "budo")
    assert state.choice is not None and state.choice.pause  # "Then": the damage waits
    assert state.players[0].statuses == {"honor": 1} and not state.ledger
    state = _pass_windows(state)
    assert _attack(state) == (damage, DamageKind.NORMAL) and state.step is Step.DEFENSE


def test_masamune_rolls_4_dice_for_katana_damage_shame_and_back_strike() -> None:
    state = _announce(_samurai(), (1, 2, 3, 4, 5), "masamune", 1, 2, 4, 6)
    assert _attack(state)[0] == 9  # 7 + 2 katana
    assert state.players[1].statuses == {"shame": 1} and state.players[0].statuses == {
        "back_strike": 1
    }
    plain = _announce(_samurai(), (1, 2, 3, 4, 5), "masamune", 4, 5, 4, 1)
    assert _attack(plain)[0] == 8 and plain.players[1].statuses == {"shame": 3}
    assert not plain.players[0].statuses


def test_masamune_ii_rolls_5_dice_and_empower_gains_back_strike() -> None:
    state = _announce(_samurai(**_up("masamune_2")), (1, 2, 3, 4, 5), "masamune", 1, 1, 1, 1, 1)
    assert _attack(state)[0] == 12 and not state.players[1].statuses
    empower = _announce(_samurai(**_up("masamune_2")), (1, 4, 6, 2, 2), "empower")
    assert not empower.ledger and empower.players[0].statuses == {"back_strike": 1}


@pytest.mark.parametrize(("card", "damage"), [(None, 5), ("hagakure_2", 7)])
def test_hagakure_gains_honor_and_back_strike_shames_twice_then_undefendable(
    card: str | None, damage: int
) -> None:
    state = _pass_windows(
        _announce(_samurai(**(_up(card) if card else {})), (6, 6, 6, 6, 1), "hagakure")
    )
    assert state.players[0].statuses == {"honor": 1, "back_strike": 1}
    assert state.players[1].statuses == {"shame": 2} and state.players[1].health == 50 - damage


def test_haga_with_three_suns() -> None:
    state = _pass_windows(_announce(_samurai(**_up("hagakure_2")), (6, 6, 6, 4, 1), "haga"))
    assert state.players[0].statuses == {"honor": 1}
    assert state.players[1].statuses == {"shame": 2} and state.players[1].health == 48


def test_shogun_is_his_ultimate() -> None:
    state = _pass_windows(_announce(_samurai(), (6, 6, 6, 6, 6), "shogun"))
    assert state.players[0].statuses == {"honor": 1} and state.players[1].statuses == {"shame": 2}
    assert state.players[1].health == 37


# -- Stand Tall ------------------------------------------------------------------------------


def _attacked(**changes: Any) -> State:
    """The Barbarian (seat 0) Attacks the Samurai (seat 1) with a 4 damage Smack."""
    state = with_player(_start("barbarian", "samurai"), 1, **{"statuses": {}, **changes})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_stand_tall_hits_back_per_katana_and_prevents() -> None:
    state, _ = defend(_attacked(), 1, 1, 4, 6)
    back = [i for i in state.ledger if i.target == 0]
    assert [(i.amount, i.kind) for i in back] == [(1, UND)]
    assert state.ledger[0].prevented == 3 and not state.players[1].statuses  # 1 + 2


def test_stand_tall_shames_himself_on_three_katana_but_not_at_level_ii() -> None:
    state, _ = defend(_attacked(), 1, 1, 2, 3)
    assert [i.amount for i in state.ledger if i.target == 0] == [3]
    assert state.players[1].statuses == {"shame": 1}
    two, _ = defend(_attacked(**_up("stand_tall_2")), 1, 1, 2, 3, 3)
    assert [i.amount for i in two.ledger if i.target == 0] == [4] and not two.players[1].statuses


def test_stand_tall_ii_prevents_2_once_for_two_suns() -> None:
    state, _ = defend(_attacked(**_up("stand_tall_2")), 1, 6, 6, 4, 4)
    assert state.ledger[0].prevented == 4  # 2 kabuto + one sun's 2


# -- Bushido, Honor, Shame, Back Strike -------------------------------------------------------


def test_bushido_gives_the_first_player_honor_at_set_up() -> None:
    assert _start().players[0].statuses == {"honor": 1}
    second = _start("barbarian", "samurai")
    assert not second.players[1].statuses


@pytest.mark.parametrize(("rolls", "honor"), [(1, 1), (2, 1), (3, 0)])
def test_bushido_gains_honor_after_a_turn_with_fewer_than_3_rolls(rolls: int, honor: int) -> None:
    state, _ = act(_samurai(), 0, a.EndPhase())
    for _ in range(rolls):
        state, _ = act(state, 0, a.RollDice(), 1, 4, 4, 5, 5)
    state, _ = act(state, 0, a.NoAbility()) if state.step is Step.ROLLING else (state, [])
    state = _pass_windows(state)
    while state.active == 0:
        state, _ = act(state, 0, a.EndPhase())
    assert state.players[0].statuses.get("honor", 0) == honor


def test_honor_adds_1_or_3_for_two() -> None:
    state = _announce(_samurai(statuses={"honor": 3}), (1, 2, 3, 4, 6), "katana_slice")
    one, _ = act(state, 0, a.Spend("honor"))
    labels = [o.text["en-US"] for o in one.choice.options]
    kept, _ = act(one, 0, a.Choose(len(labels)))  # do not discard a second
    paid, _ = act(one, 0, a.Choose(1))
    assert {kept.ledger[0].added, paid.ledger[0].added} == {1, 3}
    assert sorted([kept.players[0].statuses["honor"], paid.players[0].statuses["honor"]]) == [1, 2]


def test_shame_lowers_its_holders_attack_by_one_per_token_and_goes() -> None:
    shamed = _announce(_samurai(statuses={"shame": 2}), (1, 2, 3, 4, 6), "katana_slice")
    clean = _announce(_samurai(), (1, 2, 3, 4, 6), "katana_slice")
    assert "shame" not in shamed.players[0].statuses
    (inc,) = [i for i in shamed.ledger if i.attack]
    (plain,) = [i for i in clean.ledger if i.attack]
    assert (plain.amount, plain.prevented) == (5, 0) and (inc.amount, inc.prevented) == (5, 2)


def test_back_strike_hits_the_attacker_for_half_its_die_rounded_up() -> None:
    state = _attacked(statuses={"back_strike": 1})
    state, _ = act(state, 1, a.Spend("back_strike"))
    state, _ = act(state, 0, a.Pass(), 5)
    back = [i for i in state.ledger if i.target == 0]
    assert [i.amount for i in back] == [3] and "back_strike" not in state.players[1].statuses


# -- cards -------------------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _samurai(hand=hand, cp=cp, **changes)


def test_honorable_shame_on_you_and_dont_back_down() -> None:
    state, _ = act(
        _main(("honorable", "shame_on_you", "dont_back_down")), 0, a.PlayCard("honorable")
    )
    assert state.players[0].statuses == {"honor": 2} and state.players[0].cp == 4
    state, _ = act(state, 0, a.PlayCard("shame_on_you"))
    assert state.players[1].statuses == {"shame": 2} and state.players[0].cp == 3
    state, _ = act(state, 0, a.PlayCard("dont_back_down"))
    assert state.players[0].statuses == {"honor": 2, "back_strike": 1} and state.players[0].cp == 2


@pytest.mark.parametrize(
    ("die", "added", "theirs", "mine"),
    [(2, 2, {}, {}), (5, 0, {"shame": 2}, {}), (6, 0, {}, {"back_strike": 1})],
)
def test_gishi_rolls_one_die(
    die: int, added: int, theirs: dict[str, int], mine: dict[str, int]
) -> None:
    state = _announce(_main(("gishi",)), (1, 2, 3, 4, 6), "katana_slice")
    state, _ = act(state, 0, a.PlayCard("gishi"), die)
    assert state.ledger[0].added == added and state.players[1].statuses == theirs
    assert state.players[0].statuses == mine


def test_follow_through_adds_per_katana_of_5_dice_and_shames() -> None:
    state = _announce(_main(("follow_through",)), (1, 2, 3, 4, 6), "katana_slice")
    state, _ = act(state, 0, a.PlayCard("follow_through"), 1, 2, 4, 6, 3)
    assert state.ledger[0].added == 3 and state.players[1].statuses == {"shame": 1}


@pytest.mark.parametrize(("die", "sun"), [(6, True), (3, False)])
def test_kensei_gains_on_a_sun_else_draws(die: int, sun: bool) -> None:
    state = _main(("kensei",))
    deck = len(state.players[0].deck)
    state, _ = act(state, 0, a.PlayCard("kensei"), die)
    if sun:
        assert state.players[0].statuses == {"back_strike": 1, "honor": 2}
    else:
        assert not state.players[0].statuses and len(state.players[0].deck) == deck - 1


# -- whole matches, saving, the lookup, hidden cards ------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["ninja", "sun_elf"], range(2, 3)),  # King of the Hill
        (["barbarian", "gunslinger", "ninja"], range(4, 5)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_samurai_end(
    others: list[str], seeds: range, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(test_new_heroes, "CONTENT", PACK)
    used: Counter[str] = Counter()
    for seed in seeds:
        state, seen = test_new_heroes._play_to_end(["samurai", *others], seed)
        assert ENGINE.result(state) is not None
        used += seen
    assert used["activated"] and used["Honor"]


def test_a_paused_spend_round_trips_through_json() -> None:
    state = _announce(_samurai(statuses={"honor": 2}), (1, 2, 3, 4, 6), "katana_slice")
    state, _ = act(state, 0, a.Spend("honor"))
    assert state.choice is not None
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_the_lookup_shows_his_printed_names_and_no_invented_limit() -> None:
    sheet = ENGINE.lookup(_samurai(), None, "samurai")
    assert sheet is not None
    text = str(sheet.data)
    for name in (
        "Katana Slice",
        "Wakizashi",
        "Hagakure",
        "Shogun!",
        "Stand Tall",
        "Bushido",
        "Back Strike",
    ):
        assert name in text
    assert "status_no_limit" in text
    card = ENGINE.lookup(_main(("kensei",)), 0, "Kensei!")
    assert card is not None and "Kensei!" in str(card.data)


def test_the_public_board_does_not_depend_on_his_hidden_cards() -> None:
    base = _start("barbarian", "samurai")
    one = with_player(base, 1, hand=("honorable", "gishi", "kensei"), deck=("budo_2",) * 5)
    two = with_player(base, 1, hand=("shame_on_you",) * 3, deck=("follow_through",) * 5)
    for seat in (None, 0):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))


def test_his_chips_show_no_limit_and_gains_are_not_capped() -> None:
    state, events = act(_main(("honorable",), statuses={"honor": 11}), 0, a.PlayCard("honorable"))
    assert state.players[0].statuses == {"honor": 13} and "status_gained" in keys(events)
    view = ENGINE.view(state, None)
    (honor,) = [t for t in view.data["players"][0]["statuses"] if t["id"] == "honor"]
    assert (honor["count"], honor["limit"]) == (13, 0)
    picture = ENGINE.render(view)
    assert picture
