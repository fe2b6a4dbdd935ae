"""Select menus (``Decision.selections``, menus.py): every option builds an action that
``ENGINE.apply`` accepts and that makes the move; hidden information never reaches a
public menu."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.core import Decision, Message, RiggedDice, SeededDice, Selection
from engines.core.i18n import LOCALES
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, new_match
from tests.engines.krosmaster.helpers_multi import new4
from tests.engines.krosmaster.test_menus_helpers import shop, vigg_pending
from tests.engines.krosmaster.test_multiplayer_rules import board, doubles_for_bruno, gg, strike

CATALOG = ENGINE.catalog()


def text(message: Message, locale: str = "en-US") -> str:
    return CATALOG.translate(message.key, locale, **dict(message.params))


def owed(state: State) -> Decision:
    return next(d for d in ENGINE.pending(state) if not d.optional)


def menu(state: State, kind: str) -> Selection:
    return next(s for s in owed(state).selections if s.kind == kind)


def choose(state: State, selection: Selection, value: Any, dice: Any = None) -> State:
    """What the bot does with a menu choice: the action of the chosen value, applied."""
    action = ENGINE.parse_action(selection.action([value]))
    seat = owed(state).seat
    return ENGINE.apply(state, seat, action, dice or RiggedDice([])).state


def every_option_applies(state: State, dice: Any = None) -> None:
    """Each option of each menu of each owed decision is accepted by the engine, and its
    label and placeholder read in every locale."""
    for decision in ENGINE.pending(state):
        assert decision.optional or decision.selections, decision.kinds
        for selection in decision.selections:
            assert 0 < len(selection.options) <= 25
            for option in selection.options:
                action = ENGINE.parse_action(selection.action([option.value]))
                ENGINE.apply(state, decision.seat, action, dice or SeededDice(b"m", 1))
                for locale in LOCALES:
                    label = text(option.label, locale)
                    assert label and "{" not in label and len(label) <= 100
                    assert "{" not in text(selection.placeholder, locale)


def test_side_menu_chooses_the_arena_side() -> None:
    state = new_match(sides="choose")
    selection = menu(state, "side")
    assert [o.value for o in selection.options] == ["1", "2"] and selection.public
    every_option_applies(state)
    chosen = choose(state, selection, "1")
    assert chosen.phase is Phase.DEPLOY
    assert chosen.arena.starts[owed(state).seat] == state.arena.starts[0]


def test_deploy_menu_offers_the_free_starting_squares_of_the_next_figure() -> None:
    state = new_match()
    seat = owed(state).seat
    selection = menu(state, "deploy")
    figure = selection.params["figure"]
    assert state.unit(figure).owner == seat and selection.public
    assert len(selection.options) == len(state.arena.starts[seat])
    every_option_applies(state)
    last = selection.options[-1].value
    after = choose(state, selection, last)
    assert after.unit(figure).pos is not None
    assert last not in [o.value for o in menu(after, "deploy").options]  # taken now


def rolled(faces: list[str]) -> State:
    """A second-turn tension test with these faces rolled."""
    state = new_match()
    while state.phase is not Phase.TENSION:
        decision = owed(state)
        assert decision.default is not None
        state = ENGINE.apply(state, decision.seat, decision.default, RiggedDice([])).state
    return act(state, A.Tension(), faces)


def test_keep_menu_offers_every_way_the_flexible_faces_turn() -> None:
    state = rolled(["CritDodge", "Dofus"])
    selection = menu(state, "keep")
    values = [o.value for o in selection.options]
    assert len(values) == 8 and "dodge lock" in values and selection.public
    assert [o.value for o in selection.options if o.chosen] == ["crit armour"]  # the default
    every_option_applies(state)
    kept = choose(state, selection, "dodge lock")
    assert kept.tension == (Face.DODGE, Face.LOCK) and kept.phase is Phase.INSPIRATION
    doubles = next(o for o in selection.options if o.value == "crit crit")
    assert "doubles" in text(doubles.label)
    assert "Crítico + Crítico" in text(doubles.label, "pt-BR")


def test_inspire_menu_puts_each_die_in_turn_on_a_chosen_krosmaster() -> None:
    state = act(rolled(["Crit", "Lock"]), A.Keep())
    (first,) = owed(state).selections
    assert first.kind == "inspire" and first.params == {"die": 1}
    assert "Crit" in text(first.placeholder)
    every_option_applies(state)
    target = first.options[0].value
    after = choose(state, first, target)
    assert after.unit(str(target)).inspiration == (Face.CRIT,)
    (second,) = owed(after).selections  # the Lock die is die 1 now
    assert "Lock" in text(second.placeholder) and "Bloqueio" in text(second.placeholder, "pt-BR")
    last = choose(after, second, second.options[-1].value)
    assert last.unit(str(second.options[-1].value)).inspiration[-1] is Face.LOCK
    assert owed(last).selections == ()  # no die left: only "done inspiring"


def test_a_post_never_holds_two_menus_of_one_kind_and_field() -> None:
    """The bot's menu id is ``ts:<match>:<kind>:<field>``: duplicates are refused."""
    for state in (act(rolled(["Crit", "Lock"]), A.Keep()), new_match(), board()):
        menus = [(s.kind, s.field_name) for d in ENGINE.pending(state) for s in d.selections]
        assert len(menus) == len(set(menus))


def test_give_menu_names_the_opponents_with_their_gg() -> None:
    place = {"2.gui-yermetel": {"square": "C4", "wounds": 5}}
    state = board(place=place, players=[{"gg": 3}, {"gg": 1}, {"gg": 3}, {"gg": 2}])
    state, _ = strike(state)
    selection = menu(state, "give")
    assert [o.value for o in selection.options] == ["4", "1", "2"]  # Davi, Alice, Bruno
    assert text(selection.options[0].label, "pt-BR") == "J4 Davi (2 GG)"
    every_option_applies(state)
    assert gg(choose(state, selection, "1")) == [5, 1, 1, 2]  # Gui is level 2


def test_doubles_menus_follow_the_chain() -> None:
    state = act(doubles_for_bruno(), A.Keep())
    first = menu(state, "doubles")
    assert [o.value for o in first.options] == ["3", "4", "1"]  # opponents after Bruno
    every_option_applies(state)
    state = choose(state, first, "4")
    second = menu(state, "doubles")
    assert owed(state).seat == 3 and "2" in [o.value for o in second.options]
    assert gg(choose(state, second, "2")) == [3, 2, 3, 2]


def test_buy_gg_menu_only_when_a_purchase_steals_from_a_chosen_opponent() -> None:
    state = board(wild_gg=0, players=[{}, {}, {"kamas": 24}, {"gg": 4}])
    assert not any(s.kind == "buy_gg" for s in owed(state).selections)  # not on a demonic
    square = state.unit("2.tristepan").pos
    assert square is not None
    state = replace(state, arena=replace(state.arena, demonic=(square,)))
    selection = menu(state, "buy_gg")
    assert [o.value for o in selection.options] == ["4", "1", "2"]
    after = choose(state, selection, "4")
    assert gg(after) == [3, 3, 4, 3]
    assert not any(s.kind == "buy_gg" for s in owed(after).selections)  # once per turn
    wild = replace(state, wild_gg=1)
    assert not any(s.kind == "buy_gg" for s in owed(wild).selections)  # the wild GG first


def test_resolve_menu_lists_the_pending_effects_in_queue_order() -> None:
    state = vigg_pending()
    selection = menu(state, "resolve")
    labels = [text(o.label) for o in selection.options]
    assert labels == [
        "1. Counter-attack: Gasper Feyto → Vigg Arysta",
        "2. Lifesteal: Vigg Arysta → Vigg Arysta",
    ]
    every_option_applies(state)
    assert choose(state, selection, 2).unit("0.vigg-arysta").wounds == 8


def test_assign_menu_is_private_for_a_reward_bought_face_down() -> None:
    state = act(shop(), A.BuyReward("granite-1", "down"))
    selection = menu(state, "assign")
    assert not selection.public  # the placeholder names the hidden token
    assert "Energy Boost" in text(selection.placeholder)
    every_option_applies(state)
    after = choose(state, selection, "0.koa-gullar")
    assert after.unit("0.koa-gullar").rewards and after.phase is Phase.ACTIVATION


def test_assign_menu_is_public_for_a_reward_bought_face_up() -> None:
    state = shop()
    state = replace(
        state, shown=("energy-boost", "", "", "", "", ""), piles=(("shell-buff",), *state.piles[1:])
    )
    state = act(state, A.BuyReward("granite-1", "up"))
    assert menu(state, "assign").public
    every_option_applies(state)


def test_no_public_menu_shows_hidden_information() -> None:
    """While a face-down token waits to be assigned, no public menu names it (the
    buyer's private menu does)."""
    state = act(shop(), A.BuyReward("granite-1", "down"))
    menus = [s for d in ENGINE.pending(state) for s in d.selections]
    public = [s for s in menus if s.public]
    shown = [text(s.placeholder, loc) for s in public for loc in LOCALES]
    shown += [text(o.label, loc) for s in public for o in s.options for loc in LOCALES]
    assert not any("Energy" in t for t in shown)
    assert any("Energy" in text(s.placeholder) for s in menus if not s.public)


def test_optional_decisions_carry_no_menu_and_activation_has_none_by_default() -> None:
    state = board()
    decisions = ENGINE.pending(state)
    assert all(not d.selections for d in decisions if d.optional)
    assert owed(state).selections == ()  # nothing to buy: move/cast use autocomplete
    assert new4().phase is Phase.DEPLOY and menu(new4(), "deploy").public
