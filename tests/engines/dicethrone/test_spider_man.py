"""Spider-Man with rigged dice: every ability of his board and of his upgrade cards (the
alternate abilities they add), both defences (Spider-Sense with its Invisibility re-roll,
Counterpunch), his three tokens (Combo's additional Offensive Roll Phase, Webbed, Invisibility)
and his 14 cards; then whole seeded matches in 1 v 1, King of the Hill and 2 v 2."""

from __future__ import annotations

import pytest

from engines.core import EngineError, RiggedDice, Seat
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind, text_for
from engines.dicethrone.lookup import lookup
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, keys, start, with_player
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows
from tests.engines.dicethrone.test_new_heroes import ended_matches

CONTENT = ENGINE.load_content(None)
HERO = CONTENT.heroes["spider_man"]


def _spidey(foe: str = "barbarian", **changes: object) -> State:
    state = start("spider_man", foe)
    return with_player(state, 0, **changes) if changes else state


def _upgraded(*cards: str) -> dict[str, object]:
    upgrades = {CONTENT.heroes["spider_man"].card(c).upgrade.slot: c for c in cards}  # type: ignore[union-attr]
    return {"upgrades": upgrades, "board": cards}


def _attack(state: State) -> tuple[int, DamageKind]:
    (inc,) = [i for i in state.ledger if i.attack]
    return inc.amount, inc.kind


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "damage"), [((1, 1, 2, 4, 6), 4), ((1, 2, 3, 1, 6), 5), ((1, 2, 3, 1, 2), 6)]
)
def test_punch_deals_4_5_6_by_thwip(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_spidey(), dice, "punch")
    assert _attack(state) == (damage, DamageKind.NORMAL) and state.step is Step.DEFENSE


def test_punch_ii_deals_5_6_7_and_gains_combo_on_four_of_a_kind() -> None:
    state = _announce(_spidey(**_upgraded("punch_2")), (2, 2, 2, 2, 6), "punch")
    assert _attack(state)[0] == 6 and state.players[0].statuses == {"combo": 1}
    mixed = _announce(_spidey(**_upgraded("punch_2")), (1, 2, 3, 4, 6), "punch")
    assert _attack(mixed)[0] == 5 and mixed.players[0].statuses == {}
    five = _announce(_spidey(**_upgraded("punch_2")), (1, 2, 3, 1, 2), "punch")
    assert _attack(five)[0] == 7


def test_c_c_c_combo_deals_5_and_gains_combo_then_6_with_its_upgrade() -> None:
    state = _announce(_spidey(), (1, 2, 6, 6, 4), "ccc_combo")
    assert _attack(state)[0] == 5 and state.players[0].statuses == {"combo": 1}
    two = _announce(_spidey(**_upgraded("ccc_combo_2")), (1, 2, 6, 6, 4), "ccc_combo")
    assert _attack(two)[0] == 6 and two.players[0].statuses == {"combo": 1}


@pytest.mark.parametrize(("die1", "die2", "combo"), [(2, 3, True), (4, 6, False)])
def test_spider_reflexes_deals_two_dice_and_gains_combo_at_5_or_less(
    die1: int, die2: int, combo: bool
) -> None:
    state = _announce(_spidey(), (1, 4, 5, 6, 2), "spider_reflexes", die1, die2)
    assert _attack(state)[0] == die1 + die2
    assert ("combo" in state.players[0].statuses) is combo


def test_wall_crawler_gains_invisibility_and_deals_7() -> None:
    state = _announce(_spidey(), (1, 2, 4, 5, 4), "wall_crawler")
    assert _attack(state)[0] == 7 and state.players[0].statuses == {"invisibility": 1}


def test_ensnare_deals_then_webs_and_the_web_spares_this_attack() -> None:
    state = _announce(_spidey(), (1, 2, 3, 4, 6), "ensnare")
    # Webbed: 2 undefendable damage at once; the Ensnare itself is still defendable.
    assert _attack(state) == (5, DamageKind.NORMAL) and state.step is Step.DEFENSE
    assert state.players[1].health == 48 and state.players[1].statuses == {"webbed": 1}
    hand = len(state.players[0].hand)
    large = _announce(_spidey(), (1, 2, 3, 4, 5), "ensnare")
    assert _attack(large)[0] == 8 and len(large.players[0].hand) == hand + 1


def test_ensnare_ii_deals_6_and_9() -> None:
    small = _announce(_spidey(**_upgraded("ensnare_2")), (1, 2, 3, 4, 6), "ensnare")
    large = _announce(_spidey(**_upgraded("ensnare_2")), (2, 3, 4, 5, 6), "ensnare")
    assert _attack(small)[0] == 6 and _attack(large)[0] == 9


def test_venom_punch_is_undefendable_7_then_8() -> None:
    state = _announce(_spidey(), (6, 6, 6, 6, 1), "venom_punch")
    assert _attack(state) == (7, DamageKind.UNDEFENDABLE) and state.step is Step.FINAL
    assert state.players[0].statuses == {"invisibility": 1}
    two = _announce(_spidey(**_upgraded("venom_punch_2")), (6, 6, 6, 6, 1), "venom_punch")
    assert _attack(two) == (8, DamageKind.UNDEFENDABLE)


def test_venom_shockwave_is_his_ultimate() -> None:
    state = _announce(_spidey(), (6, 6, 6, 6, 6), "venom_shockwave")
    assert _attack(state) == (13, DamageKind.ULTIMATE) and state.roll.ultimate
    assert state.players[0].statuses == {"invisibility": 1}
    assert state.players[1].statuses == {"webbed": 1} and state.players[1].health == 48
    state = _pass_windows(state)
    assert state.players[1].health == 35


@pytest.mark.parametrize(
    ("ability", "card"), [("web_shot", "ccc_combo_2"), ("combo_up", "venom_punch_2")]
)
def test_an_alternate_ability_needs_its_upgrade_card(ability: str, card: str) -> None:
    dice = (4, 5, 6, 1, 1) if ability == "web_shot" else (6, 6, 6, 1, 4)
    state, _ = act(_spidey(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    with pytest.raises(EngineError):
        act(state, 0, a.Announce(ability))
    assert _announce(_spidey(**_upgraded(card)), dice, ability).roll.activated


def test_web_shot_gives_invisibility_and_webs_without_an_attack() -> None:
    state = _announce(_spidey(**_upgraded("ccc_combo_2")), (4, 5, 6, 1, 1), "web_shot")
    assert not [i for i in state.ledger if i.attack] and state.step is Step.FINAL
    assert state.players[0].statuses == {"invisibility": 1}
    assert state.players[1].statuses == {"webbed": 1} and state.players[1].health == 48


def test_combo_up_gains_combo_then_deals_2_undefendable() -> None:
    state = _announce(_spidey(**_upgraded("venom_punch_2")), (6, 6, 6, 1, 4), "combo_up")
    assert _attack(state) == (2, DamageKind.UNDEFENDABLE)
    assert state.players[0].statuses == {"combo": 1}


# -- defences: the Barbarian (seat 0) attacks Spider-Man (seat 1) with Smack ---------------


def _attacked(**spidey: object) -> State:
    """The Barbarian attacks Spider-Man with Smack (3 swords, 4 damage)."""
    state = start("barbarian", "spider_man")
    if spidey:
        state = with_player(state, 1, **spidey)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    return state


def _rolled(state: State, defense: str, *dice: int) -> State:
    """Spider-Man rolls a defence; the dice stay open for cards (6.3–6.4)."""
    state, _ = act(state, 1, a.Defend(defense), *dice)
    assert state.step is Step.DEFENSE_ROLLED
    return state


def _resolve(state: State, *dice: int) -> State:
    """Everyone lets the defensive dice stand; the defence resolves."""
    forced = RiggedDice(list(dice))
    while state.step is Step.DEFENSE_ROLLED:
        decision = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, decision.seat, a.Pass(), forced).state
    return state


def test_he_chooses_between_his_two_defences() -> None:
    state = _attacked()
    assert state.step is Step.DEFENSE
    with pytest.raises(EngineError):
        act(state, 1, a.Defend())


@pytest.mark.parametrize(("dice", "halved"), [((6, 1), 1), ((6, 6), 1), ((1, 4), 0)])
def test_spider_sense_prevents_half_once_on_a_spider(dice: tuple[int, int], halved: int) -> None:
    state = _resolve(_rolled(_attacked(), "spider_sense", *dice))
    assert state.choice is None  # no Invisibility: nothing to offer
    assert state.ledger[0].halves == halved and state.step is Step.FINAL


def test_spider_sense_may_discard_invisibility_to_roll_again() -> None:
    state = _resolve(_rolled(_attacked(statuses={"invisibility": 1}), "spider_sense", 1, 4))
    labels = [o.text["en-US"] for o in state.choice.options]  # type: ignore[union-attr]
    assert labels == ["Keep the Invisibility token", "Discard Invisibility for the effect"]
    kept, _ = act(state, 1, a.Choose(1))
    assert kept.ledger[0].halves == 0 and kept.players[1].statuses == {"invisibility": 1}
    state, _ = act(state, 1, a.Choose(2))
    assert "invisibility" not in state.players[1].statuses
    state, _ = act(state, 1, a.Choose(2), 6)  # die 1 again: a spider
    state, _ = act(state, 1, a.Choose(1))  # keep die 2
    assert state.roll.defense_dice == (6, 4) and state.ledger[0].halves == 1


def test_counterpunch_deals_1_per_thwip() -> None:
    state = _resolve(_rolled(_attacked(), "counterpunch", 1, 2, 4))
    assert [i.amount for i in state.ledger if i.target == 0] == [2]


def test_swing_escape_makes_spider_sense_count_webs_instead_of_spiders() -> None:
    state = _rolled(_attacked(hand=("swing_escape",), cp=3), "spider_sense", 4, 1)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.PlayCard("swing_escape"))
    state = _resolve(state)
    assert state.ledger[0].halves == 1 and state.players[1].cp == 2
    spider = _rolled(_attacked(hand=("swing_escape",), cp=3), "spider_sense", 6, 1)
    spider, _ = act(spider, 0, a.Pass())
    spider, _ = act(spider, 1, a.PlayCard("swing_escape"))
    assert _resolve(spider).ledger[0].halves == 0  # a spider no longer counts


@pytest.mark.parametrize(("dice", "back"), [((6, 1), 3), ((1, 4), 0)])
def test_invisible_punch_hits_back_only_after_spider_sense_prevented(
    dice: tuple[int, int], back: int
) -> None:
    state = _resolve(_rolled(_attacked(hand=("invisible_punch",), cp=3), *("spider_sense",), *dice))
    assert state.step is Step.FINAL
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.PlayCard("invisible_punch"))
    assert sum(i.amount for i in state.ledger if i.target == 0) == back


def test_nice_try_discards_invisibility_to_prevent_3() -> None:
    state = _attacked(hand=("nice_try",))
    with pytest.raises(EngineError):
        act(state, 1, a.PlayCard("nice_try"))
    state = _attacked(hand=("nice_try",), statuses={"invisibility": 1})
    state, _ = act(state, 1, a.PlayCard("nice_try"))
    assert state.ledger[0].prevented == 3 and not state.players[1].statuses


# -- tokens -----------------------------------------------------------------------------


def test_webbed_turns_the_next_normal_attack_undefendable_and_goes() -> None:
    state = _announce(_spidey(foe="barbarian"), (1, 1, 2, 4, 6), "punch")
    assert state.step is Step.DEFENSE  # nobody webbed: a normal defence
    webbed = with_player(_spidey(), 1, statuses={"webbed": 1})
    state = _announce(webbed, (1, 1, 2, 4, 6), "punch")
    assert _attack(state) == (4, DamageKind.UNDEFENDABLE) and state.step is Step.FINAL
    assert "webbed" not in state.players[1].statuses


def test_webbed_waits_through_an_attack_without_normal_damage() -> None:
    webbed = with_player(_spidey(), 1, statuses={"webbed": 1})
    state = _announce(webbed, (6, 6, 6, 6, 1), "venom_punch")
    assert state.players[1].statuses == {"webbed": 1}


def test_invisibility_lets_him_defend_an_undefendable_attack() -> None:
    # Spider-Man is webbed: the Barbarian's Smack turns undefendable...
    state = _attacked(statuses={"webbed": 1, "invisibility": 1})
    assert state.step is Step.FINAL and _attack(state) == (4, DamageKind.UNDEFENDABLE)
    state, _ = act(state, 0, a.Pass())
    # ...but he spends Invisibility and rolls Spider-Sense after all.
    state, _ = act(state, 1, a.Spend("invisibility"))  # waits for the Barbarian's answer
    state, events = act(state, 0, a.Pass())
    assert "defense_allowed" in keys(events) and state.step is Step.DEFENSE
    state = _resolve(_rolled(state, "spider_sense", 6, 2))
    assert state.ledger[0].halves == 1 and not state.players[1].statuses


def test_invisibility_is_not_spent_for_nothing() -> None:
    state = _attacked(statuses={"invisibility": 1})
    assert state.step is Step.DEFENSE  # a defendable Attack: no need
    assert "spend" not in {k for d in ENGINE.pending(state) if d.seat == 1 for k in d.kinds}
    with pytest.raises(EngineError):
        act(state, 1, a.Spend("invisibility"))


def test_combo_gives_one_more_offensive_roll_phase_once_per_turn() -> None:
    state = _spidey(statuses={"combo": 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 2, 4, 5)
    with pytest.raises(EngineError):  # no Attack yet
        act(state, 0, a.Spend("combo"))
    state, _ = act(state, 0, a.Announce("punch"))
    state, _ = act(state, 1, a.Pass())
    state = _resolve(_rolled_barbarian(state))
    state, events = act(state, 0, a.Spend("combo"))
    assert "extra_roll_granted" in keys(events) and state.extra_roll == 1
    state, events = act(state, 0, a.Pass())
    state, events = act(state, 1, a.Pass())
    # The damage applied, then a fresh Offensive Roll Phase against the same opponent.
    assert "combo_roll_phase" in keys(events) and state.players[1].health == 46
    assert state.phase is Phase.OFFENSIVE and state.roll.attempts == 0
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    state, _ = act(state, 0, a.Announce("ccc_combo"))  # gains Combo again
    state, _ = act(state, 1, a.Pass())
    state = _resolve(_rolled_barbarian(state))
    assert state.players[0].statuses == {"combo": 1}
    with pytest.raises(EngineError):  # once per turn
        act(state, 0, a.Spend("combo"))
    state = _pass_windows(state)
    assert state.phase is Phase.MAIN2 and state.players[1].health == 41


def _rolled_barbarian(state: State) -> State:
    state, _ = act(state, 1, a.Defend(), 1, 1, 1)  # Thick Skin: no heart, no healing
    return state


# -- cards ------------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: object) -> State:
    return _spidey(hand=hand, cp=cp, **changes)


def test_yikes_and_radioactive_blood_give_his_tokens() -> None:
    state, _ = act(_main(("yikes", "radioactive_blood")), 0, a.PlayCard("yikes"))
    assert state.players[0].statuses == {"invisibility": 1} and state.players[0].cp == 4
    state, _ = act(state, 0, a.PlayCard("radioactive_blood"))
    assert state.players[0].statuses == {"invisibility": 1, "combo": 1}
    assert state.players[0].cp == 1


def test_ambush_discards_invisibility_for_3_damage() -> None:
    state = _announce(_spidey(hand=("ambush",)), (1, 1, 2, 4, 6), "punch")
    with pytest.raises(EngineError):
        act(state, 0, a.PlayCard("ambush"))
    state = _announce(
        _spidey(hand=("ambush",), statuses={"invisibility": 1}), (1, 1, 2, 4, 6), "punch"
    )
    state, _ = act(state, 0, a.PlayCard("ambush"))
    assert state.ledger[0].added == 3 and not state.players[0].statuses


def test_web_shooters_webs_a_chosen_player() -> None:
    state, _ = act(_main(("web_shooters",)), 0, a.PlayCard("web_shooters", "2"))
    assert state.players[1].statuses == {"webbed": 1} and state.players[1].health == 48
    assert state.players[0].cp == 4


@pytest.mark.parametrize(
    ("die", "mine", "theirs"),
    [(2, {"invisibility": 1}, {}), (5, {}, {"webbed": 1}), (6, {"combo": 1}, {})],
)
def test_booyah_gives_a_token_by_its_die(
    die: int, mine: dict[str, int], theirs: dict[str, int]
) -> None:
    state, _ = act(_main(("booyah",)), 0, a.PlayCard("booyah"), die)
    assert dict(state.players[0].statuses) == mine and dict(state.players[1].statuses) == theirs


def test_milkshake_me_heals_3_and_cha_ching_gives_2_cp() -> None:
    state, _ = act(_main(("milkshake_me", "cha_ching"), health=40), 0, a.PlayCard("milkshake_me"))
    assert state.players[0].health == 43 and state.players[0].cp == 4
    state, _ = act(state, 0, a.PlayCard("cha_ching"))
    assert state.players[0].cp == 6


def test_his_cards_read_as_their_steps_in_three_locales() -> None:
    card = HERO.card("swing_escape")
    assert card is not None
    words = {loc: card.text[loc] for loc in ("en-US", "pt-BR", "it")}
    assert words["en-US"] == "Spider-Sense counts ❋ instead of ✳"
    assert "Spider-Sense" in words["pt-BR"] and "em vez de" in words["pt-BR"]
    assert "Spider-Sense" in words["it"] and "invece di" in words["it"]
    punch = HERO.card("invisible_punch")
    assert punch is not None and "Spider-Sense" in text_for(punch.text, "it")


# -- whole matches ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["spider_man"], range(2, 3)),  # a mirror match
        (["ninja", "gunslinger"], range(3, 5)),  # King of the Hill
        (["paladin", "ninja", "barbarian"], range(5, 7)),  # 2 v 2
    ],
)
def test_seeded_matches_with_spider_man_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["spider_man", *others], seeds)
    assert used["activated"] and used["status_gained"]
    names = {text_for(s.name, "en-US") for s in HERO.statuses}
    assert any(used[name] for name in names), used.most_common(20)


def test_in_king_of_the_hill_the_combo_phase_attacks_the_same_defender_unasked() -> None:
    seats = [Seat(i, name) for i, name in enumerate(("Alice", "Bruno", "Carla"))]
    options = {"hero1": "spider_man", "hero2": "barbarian", "hero3": "ninja"}
    state = ENGINE.new_match(options, seats, CONTENT, RiggedDice([6, 1, 1]))
    state = with_player(state, 0, statuses={"combo": 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 2, 4, 5)
    state, _ = act(state, 0, a.Announce("punch"))
    while state.step is not Step.TARGET:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    state, _ = act(state, 0, a.Target(3))  # Carla's Ninja
    while state.step is not Step.DEFENSE:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    state, _ = act(state, 2, a.Defend(), 1, 4, 4)  # Shade Shift
    while state.step is not Step.FINAL:
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Choose(1) if state.choice else a.Pass())
    state, _ = act(state, 0, a.Spend("combo"))
    while state.phase is not Phase.OFFENSIVE:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    assert state.target == 2 and state.roll.attempts == 0
    state, _ = act(state, 0, a.RollDice(), 1, 1, 2, 4, 5)
    state, _ = act(state, 0, a.Announce("punch"))
    while state.step is Step.RESPONSE:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    # No new targeting: the same Defender answers the second Attack.
    assert state.step is Step.DEFENSE and ENGINE.pending(state)[0].seat == 2


def test_the_new_state_fields_survive_a_save() -> None:
    state = _resolve(_rolled(_attacked(hand=("swing_escape",), cp=3), "spider_sense", 4, 1))
    state = replace(state, extra_roll=1, roll=replace(state.roll, swapped=("a", "b", "c")))
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_lookup_names_his_printed_pieces() -> None:
    state = _spidey(hand=("swing_escape",))
    card = lookup(CONTENT, state, 0, "Swing Escape!")
    assert card is not None and "Swing Escape!" in str(card)
    board = lookup(CONTENT, state, None, "Spider-Man")
    assert board is not None
    for name in ("Venom Shockwave!", "Spider-Sense", "Counterpunch", "Webbed"):
        assert name in str(board), name
