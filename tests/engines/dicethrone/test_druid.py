"""The Druid with rigged dice: every ability of her board at each level and the
alternate abilities her upgrades add, Thick Hide in and out of Bear Form, her forms
(one at a time, changed by Shape Shift and her cards), Regenerate's two sides sharing
one limit, Wound, and her cards; whole matches in 1 v 1, King of the Hill and 2 v 2;
and what stays hidden."""

from __future__ import annotations

import pytest

from engines.core import DiceExhaustedError, IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.content.words import said
from engines.dicethrone.render.chips import chip_label
from engines.dicethrone.rules.state import Phase, State, Step
from engines.dicethrone.view import typed
from tests.engines.dicethrone.helpers import (
    act,
    close_upkeep,
    defend,
    replace,
    start,
    with_player,
)
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import pass_pauses as _pass_pauses
from tests.engines.dicethrone.test_new_heroes import _play_to_end

FORMS = ("druid_form", "cat_form", "bear_form")


def _druid(foe: str = "barbarian", **changes: object) -> State:
    state = start("druid", foe)
    return with_player(state, 0, **changes) if changes else state


def _in(form: str, **changes: object) -> dict[str, object]:
    statuses = {form: 1, **dict(changes.pop("statuses", {}))}  # type: ignore[call-overload]
    return {"statuses": statuses, **changes}


def _attacks(state: State) -> list[tuple[int, DamageKind]]:
    return [(i.amount, i.kind) for i in state.ledger if i.attack]


def _form(state: State, seat: int = 0) -> str:
    (form,) = [f for f in FORMS if state.players[seat].statuses.get(f)]
    return form


def _tokens(state: State, seat: int = 0) -> dict[str, int]:
    return {s: n for s, n in state.players[seat].statuses.items() if s not in FORMS}


# -- set-up and forms -------------------------------------------------------------------


def test_she_starts_in_druid_form_shown_but_not_listed_as_a_token() -> None:
    state = _druid()
    assert state.players[0].statuses == {"druid_form": 1}
    (form,) = typed(ENGINE.view(state, None)).players[0].statuses
    assert chip_label(form, "en-US") == "Druid Form"  # a state: no stack or limit
    from engines.dicethrone.catalogue import catalogue

    (entry,) = [e for e in catalogue(ENGINE.load_content(None)) if e["id"] == "druid"]
    assert "Druid Form" not in str(entry["tokens"])


@pytest.mark.parametrize(("option", "form"), [(1, "bear_form"), (2, "cat_form"), (3, "druid_form")])
def test_shape_shift_is_spent_at_any_time_for_one_form_which_ends_the_others(
    option: int, form: str
) -> None:
    state = _druid(statuses={"druid_form": 1, "shape_shift": 2})
    state, _ = act(state, 0, a.Spend("shape_shift"))
    assert len(state.choice.options) == 3
    state, _ = act(state, 0, a.Choose(option))
    assert _form(state) == form and _tokens(state) == {"shape_shift": 1}


def test_no_card_picks_clears_or_moves_her_forms_or_shape_shift() -> None:
    state = start("barbarian", "druid")
    state = with_player(state, 1, statuses={"cat_form": 1, "shape_shift": 1, "wound": 1})
    state = with_player(state, 0, hand=("bye_bye", "what_status_effects"), cp=5)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.PlayCard("bye_bye", "2:shape_shift"))
    with pytest.raises(IllegalActionError):
        act(state, 0, a.PlayCard("bye_bye", "2:cat_form"))
    cleared, _ = act(state, 0, a.PlayCard("what_status_effects", "2"))
    assert cleared.players[1].statuses == {"cat_form": 1, "shape_shift": 1}


def test_druid_form_gains_regenerate_when_her_turn_ends() -> None:
    state = replace(_druid(), phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    assert _tokens(state) == {"regenerate_2": 1}
    cat = replace(_druid(statuses={"cat_form": 1}), phase=Phase.DISCARD, step=None)
    cat, _ = act(cat, 0, a.EndPhase())
    assert _tokens(cat) == {}


def test_cat_form_adds_2_damage_and_wound_to_her_attack() -> None:
    state = _announce(_druid(**_in("cat_form")), (4, 5, 1, 2, 3), "forests_call")
    assert state.ledger[0].amount + state.ledger[0].added == 8
    assert state.players[1].statuses == {"wound": 1}


# -- the board --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "damage", "wound"),
    [((1, 2, 3, 4, 6), 4, False), ((1, 2, 3, 1, 6), 5, False), ((1, 1, 1, 1, 2), 6, True)],
)
def test_ferocity_deals_4_5_6_and_wounds_on_four_of_a_kind(
    dice: tuple[int, ...], damage: int, wound: bool
) -> None:
    state = _announce(_druid(), dice, "ferocity")
    assert _attacks(state) == [(damage, DamageKind.NORMAL)]
    assert bool(state.players[1].statuses) is wound


def test_ferocity_ii_deals_5_6_7_and_wounds_on_three_of_a_kind() -> None:
    upgraded = {"upgrades": {"ferocity": "ferocity_2"}, "board": ("ferocity_2",)}
    state = _announce(_druid(**upgraded), (2, 2, 2, 4, 6), "ferocity")
    assert _attacks(state) == [(5, DamageKind.NORMAL)]
    assert state.players[1].statuses == {"wound": 1}


def test_maul_deals_the_sum_of_two_dice_and_in_bear_form_may_re_roll_one() -> None:
    state = _announce(_druid(), (4, 4, 5, 5, 1), "maul", 3, 5)
    assert _attacks(state) == [(8, DamageKind.NORMAL)] and state.choice is None
    bear = _announce(_druid(**_in("bear_form")), (4, 4, 5, 5, 1), "maul", 1, 5)
    assert bear.choice.options[0].text["en-US"] == "Keep the dice"
    bear, _ = act(bear, 0, a.Choose(2), 6)  # die 1: 1 -> 6
    assert _attacks(bear) == [(11, DamageKind.NORMAL)]


def test_savage_maul_needs_maul_ii_gains_shape_shift_then_mauls() -> None:
    state, _ = act(_druid(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("savage_maul"))
    state = _announce(_druid(upgrades={"maul": "maul_2"}), (4, 4, 5, 5, 4), "savage_maul")
    assert _tokens(state) == {"shape_shift": 1}
    state = _pass_pauses_with_dice(state, 6, 6)
    assert _attacks(state) == [(12, DamageKind.NORMAL)]


def _pass_pauses_with_dice(state: State, *dice: int) -> State:
    """Everyone passes the pauses; the pass that closes the last one rolls ``dice``."""
    while state.choice is not None and state.choice.pause:
        decision = ENGINE.pending(state)[0]
        try:
            state, _ = act(state, decision.seat, a.Pass())
        except DiceExhaustedError:
            state, _ = act(state, decision.seat, a.Pass(), *dice)
    return state


def test_natures_cure_regenerates_and_deals_5() -> None:
    state = _announce(_druid(), (1, 2, 6, 6, 4), "natures_cure")
    assert _tokens(state) == {"regenerate_2": 1} and _attacks(state) == [(5, DamageKind.NORMAL)]


def test_wild_realignment_draws_only_in_druid_form() -> None:
    state = _druid(cp=0)
    deck = len(state.players[0].deck)
    state = _pass_pauses(_announce(state, (1, 4, 5, 6, 2), "wild_realignment"))
    assert state.players[0].cp == 1 and _tokens(state) == {"shape_shift": 2}
    assert len(state.players[0].deck) == deck - 1
    cat = _pass_pauses(_announce(_druid(**_in("cat_form")), (1, 4, 5, 6, 2), "wild_realignment"))
    assert len(cat.players[0].deck) == deck


def test_wild_realignment_lets_her_change_form_before_the_draw() -> None:
    state = _announce(_druid(), (1, 4, 5, 6, 2), "wild_realignment")
    assert state.choice is not None and state.choice.pause
    state, _ = act(state, 0, a.Spend("shape_shift"))
    state, _ = act(state, 0, a.Choose(2))  # Cat Form: no card drawn
    deck = len(state.players[0].deck)
    state = _pass_pauses(state)
    assert _form(state) == "cat_form" and len(state.players[0].deck) == deck


def test_forests_call_and_forests_answer() -> None:
    call = _announce(_druid(), (1, 2, 3, 4, 6), "forests_call")
    assert _tokens(call) == {"shape_shift": 1} and _attacks(call) == [(6, DamageKind.NORMAL)]
    claw = _announce(_druid(), (1, 2, 3, 4, 5), "forests_answer", 2)
    assert _attacks(claw) == [(9, DamageKind.NORMAL)]
    paw = _announce(_druid(), (1, 2, 3, 4, 5), "forests_answer", 4)
    assert _tokens(paw) == {"shape_shift": 2} and _attacks(paw) == [(7, DamageKind.NORMAL)]
    nature = _announce(_druid(), (1, 2, 3, 4, 5), "forests_answer", 6)
    assert _tokens(nature) == {"shape_shift": 1, "regenerate_2": 1}


def test_protect_the_forest_is_undefendable_6_then_8() -> None:
    state = _pass_pauses(_announce(_druid(), (6, 6, 6, 6, 1), "protect_the_forest"))
    assert _tokens(state) == {"regenerate_2": 1, "shape_shift": 1}
    assert _attacks(state) == [(6, DamageKind.UNDEFENDABLE)] and state.step is Step.FINAL
    upgraded = {"upgrades": {"protect_the_forest": "protect_the_forest_2"}}
    two = _pass_pauses(_announce(_druid(**upgraded), (6, 6, 6, 6, 1), "protect_the_forest"))
    assert _attacks(two) == [(8, DamageKind.UNDEFENDABLE)]


def test_rainfall_gives_a_chosen_player_1_cp_and_two_regenerate() -> None:
    upgraded = {"upgrades": {"protect_the_forest": "protect_the_forest_2"}, "cp": 0}
    state = _announce(_druid(**upgraded), (6, 6, 6, 1, 2), "rainfall")
    assert [o.text["en-US"] for o in state.choice.options] == ["1. Alice", "2. Bruno"]
    mine, _ = act(state, 0, a.Choose(1))
    assert mine.players[0].cp == 1 and _tokens(mine) == {"regenerate_2": 2}
    theirs, _ = act(state, 0, a.Choose(2))
    assert theirs.players[1].statuses == {"regenerate_2": 2} and theirs.players[1].cp == 3


def test_wrath_of_nature_is_her_ultimate() -> None:
    state = _announce(_druid(), (6, 6, 6, 6, 6), "wrath_of_nature")
    assert state.roll.ultimate and _attacks(state) == [(12, DamageKind.ULTIMATE)]
    assert _tokens(state) == {"regenerate_2": 1, "shape_shift": 2}


# -- defence ----------------------------------------------------------------------------


def _attacked(**druid: object) -> State:
    """The Barbarian (seat 0) attacks the Druid (seat 1) with Smack (3 swords)."""
    state = start("barbarian", "druid")
    if druid:
        state = with_player(state, 1, **druid)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_thick_hide_rolls_2_dice_and_hits_back_per_claw() -> None:
    state, _ = defend(_attacked(), 1, 1, 4)
    assert len(state.roll.defense_dice) == 2
    assert [i.amount for i in state.ledger if i.target == 0] == [1]
    assert state.ledger[0].prevented == 0  # a paw prevents nothing outside Bear Form


def test_in_bear_form_thick_hide_rolls_4_dice_and_prevents() -> None:
    attacked = _attacked(**_in("bear_form"))
    (thick_hide,) = ENGINE.view(attacked, None).data["players"][1]["defenses"]
    assert thick_hide["dice"] == 4  # the board says so too
    state, _ = defend(attacked, 1, 1, 4, 5, 6)
    assert len(state.roll.defense_dice) == 4
    assert [i.amount for i in state.ledger if i.target == 0] == [1]
    attack = next(i for i in state.ledger if i.target == 1)
    assert attack.prevented == 3


# -- tokens -----------------------------------------------------------------------------


def _next_upkeep(state: State, seat: int, *dice: int) -> State:
    """The turn before ``seat``'s ends; its Upkeep has run (and its window closed)."""
    other = 1 - seat
    state = replace(state, active=other, phase=Phase.DISCARD, step=None)
    state, _ = act(state, other, a.EndPhase(), *dice)
    state, _ = close_upkeep(state)
    return state


def test_regenerate_heals_2_then_turns_to_side_1_which_heals_1_and_goes() -> None:
    state = _druid(health=40, statuses={"bear_form": 1, "regenerate_2": 1})
    state = _next_upkeep(state, 0)
    assert state.players[0].health == 42 and _tokens(state) == {"regenerate_1": 1}
    state = _next_upkeep(state, 0)
    assert state.players[0].health == 43 and _tokens(state) == {}


def test_the_two_sides_of_regenerate_share_a_limit_of_2() -> None:
    state = _druid(hand=("fey_lure",), cp=2, statuses={"druid_form": 1, "regenerate_1": 2})
    # At the limit, a side 2 gained turns a side-1 token over.
    state, _ = act(state, 0, a.PlayCard("fey_lure", "1"))  # herself
    assert _tokens(state) == {"regenerate_1": 1, "regenerate_2": 1}
    full = with_player(state, 0, statuses={"druid_form": 1, "regenerate_2": 2}, hand=("fey_lure",))
    full, _ = act(full, 0, a.PlayCard("fey_lure", "1"))
    assert _tokens(full) == {"regenerate_2": 2}


def test_wound_deals_1_each_upkeep_and_goes_on_4_to_6() -> None:
    state = with_player(_druid(), 1, statuses={"wound": 1})
    stays = _next_upkeep(state, 1, 3)
    assert stays.players[1].health == 49 and stays.players[1].statuses == {"wound": 1}
    goes = _next_upkeep(state, 1, 5)
    assert goes.players[1].health == 49 and goes.players[1].statuses == {}


# -- cards ------------------------------------------------------------------------------


def _main(hand: tuple[str, ...], form: str = "druid_form", cp: int = 5, **kw: object) -> State:
    statuses = {form: 1, **dict(kw.pop("statuses", {}))}  # type: ignore[call-overload]
    return _druid(hand=hand, cp=cp, statuses=statuses, **kw)


def test_hibernate_ready_to_pounce_and_natures_rest_change_form() -> None:
    state, _ = act(_main(("hibernate",)), 0, a.PlayCard("hibernate"))
    assert _form(state) == "bear_form" and _tokens(state) == {"regenerate_2": 1}
    state, _ = act(_main(("ready_to_pounce",)), 0, a.PlayCard("ready_to_pounce", "2"))
    assert _form(state) == "cat_form" and state.players[1].statuses == {"wound": 1}
    deck = len(_main(()).players[0].deck)
    state, _ = act(_main(("natures_rest",), "bear_form"), 0, a.PlayCard("natures_rest"))
    assert _form(state) == "druid_form" and len(state.players[0].deck) == deck - 1


def test_quick_morph_and_natures_cycle() -> None:
    state, _ = act(_main(("quick_morph",)), 0, a.PlayCard("quick_morph"))
    assert _tokens(state) == {"shape_shift": 1} and state.players[0].cp == 3
    state = _main(("natures_cycle", "natures_cycle"), statuses={"regenerate_1": 1})
    state, _ = act(state, 0, a.PlayCard("natures_cycle"))
    assert _tokens(state) == {"regenerate_2": 1}
    state, _ = act(state, 0, a.PlayCard("natures_cycle"))  # no side 1 left: nothing
    assert _tokens(state) == {"regenerate_2": 1}


def test_lethal_swipe_and_surprise_bite_need_cat_form() -> None:
    hand = ("lethal_swipe", "surprise_bite")
    state = _announce(_druid(**_in("cat_form", hand=hand, cp=4)), (1, 1, 2, 4, 6), "ferocity")
    state, _ = act(state, 0, a.PlayCard("lethal_swipe"), 1, 2, 4, 5, 6)
    assert state.ledger[0].added == 2 + 2  # Cat Form's 2 and 2 claws
    assert state.players[1].statuses == {"wound": 2}  # Cat Form's and 2 paws'
    state, _ = act(state, 0, a.PlayCard("surprise_bite"))
    assert _attacks(state)[0][1] is DamageKind.UNDEFENDABLE
    druid = _announce(_druid(hand=hand, cp=4), (1, 1, 2, 4, 6), "ferocity")
    druid, _ = act(druid, 0, a.PlayCard("surprise_bite"))
    assert _attacks(druid)[0][1] is DamageKind.NORMAL and druid.players[0].cp == 2


@pytest.mark.parametrize(("die", "mine", "health"), [(4, {"shape_shift": 1}, 40), (6, {}, 43)])
def test_strength_of_the_woods_in_druid_form(die: int, mine: dict[str, int], health: int) -> None:
    state = _main(("strength_of_the_woods",), health=40)
    state, _ = act(state, 0, a.PlayCard("strength_of_the_woods"), die)
    assert _tokens(state) == mine and state.players[0].health == health


def test_strength_of_the_woods_claw_hurts_an_opponent_and_nothing_outside_druid_form() -> None:
    state, _ = act(_main(("strength_of_the_woods",)), 0, a.PlayCard("strength_of_the_woods"), 2)
    assert state.players[1].health == 48
    cat = _main(("strength_of_the_woods",), "cat_form")
    cat, _ = act(cat, 0, a.PlayCard("strength_of_the_woods"))
    assert cat.players[1].health == 50 and cat.players[0].cp == 4


def test_shrug_off_and_dont_poke_the_bear_in_bear_form() -> None:
    hand = ("shrug_off", "dont_poke_the_bear")
    state = _attacked(**_in("bear_form", hand=hand))
    state, _ = act(state, 1, a.PlayCard("shrug_off"))
    state, _ = act(state, 1, a.PlayCard("dont_poke_the_bear"))
    assert state.ledger[0].prevented == 2
    assert [i.amount for i in state.ledger if i.target == 0] == [2]
    plain = _attacked(**_in("druid_form", hand=hand))
    plain, _ = act(plain, 1, a.PlayCard("shrug_off"))
    assert plain.ledger[0].prevented == 0


def test_her_cards_read_as_their_steps() -> None:
    hero = ENGINE.load_content(None).heroes["druid"]
    card = hero.card("surprise_bite")
    assert card is not None
    assert said(hero, card)["en-US"] == ("Attack Modifier: if you have Cat Form: undefendable")
    assert "Cat Form" in said(hero, card)["it"]


# -- hidden information -----------------------------------------------------------------


def test_her_lookup_says_her_complexity_is_not_recorded() -> None:
    sheet = ENGINE.lookup(start("druid", "barbarian"), None, "druid")
    assert sheet is not None
    assert sheet.data["entry"]["subtitle"]["key"] == "dicethrone.entry.complexity_unknown"
    ninja = ENGINE.lookup(start("ninja", "barbarian"), None, "ninja")
    assert ninja is not None and ninja.data["entry"]["subtitle"]["params"] == {"value": 3}


def test_the_public_board_does_not_depend_on_her_hidden_cards() -> None:
    base = start("barbarian", "druid")
    one = with_player(base, 1, hand=("hibernate", "fey_lure", "shrug_off"), deck=("maul_2",) * 5)
    two = with_player(base, 1, hand=("quick_morph",) * 3, deck=("natures_cycle",) * 5)
    for seat in (None, 0):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))


# -- whole matches ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seed"),
    [(["barbarian"], 21), (["pyromancer", "ninja"], 22), (["paladin", "gunslinger", "ninja"], 23)],
    ids=["1v1", "king", "2v2"],
)
def test_a_seeded_match_with_the_druid_ends(others: list[str], seed: int) -> None:
    state, used = _play_to_end(["druid", *others], seed)
    assert ENGINE.result(state) is not None
    assert used["activated"] and used["Druid Form"], used.most_common(15)
