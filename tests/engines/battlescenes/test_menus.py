"""Select menus (``Decision.selections``): each builds an action ``ENGINE.apply`` accepts and
that makes the move; menus whose options are hidden cards are private."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import (
    Activate,
    Capacitate,
    ChooseFirst,
    KeepHand,
    Pass,
    UseAction,
)
from engines.battlescenes.content.schema import CardType, Step
from engines.battlescenes.effects import interpreter as fx
from engines.battlescenes.effects import tree
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import zones
from engines.core import RiggedDice, Seat, Selection
from engines.core.i18n import LOCALES
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, pack, sid, zone_id
from tests.engines.battlescenes.test_redirect import inumanos
from tests.engines.battlescenes.test_tree import walkthrough_table

SEATS = [Seat(0, "Ana"), Seat(1, "Bruno")]
CATALOG = ENGINE.catalog()


def menu(state: State, kind: str) -> Selection:
    """The one menu of the pending decision that builds ``kind`` actions (its placeholder
    and every label translated in every locale)."""
    decision = ENGINE.pending(state)[0]
    found = [s for s in decision.selections if s.kind == kind]
    assert len(found) == 1, decision.selections
    for locale in LOCALES:
        for label in (found[0].placeholder, *(o.label for o in found[0].options)):
            assert CATALOG.has(label.key, locale), (label.key, locale)
            text = CATALOG.translate(label.key, locale, **label.params)
            assert "{" not in text, text
    return found[0]


def pick(state: State, seat: int, selection: Selection, *values: str | int) -> State:
    """Submit the menu's action as the bot would: JSON, parsed, applied."""
    offered = {o.value for o in selection.options}
    assert set(values) <= offered, (values, offered)
    assert selection.min_values <= len(values) <= max(selection.max_values, 1)
    action = ENGINE.parse_action(selection.action(list(values)))
    state, _ = act(state, seat, action)
    return state


def started() -> State:
    return ENGINE.new_match({}, SEATS, pack(), RiggedDice([True]))


def test_the_draw_winner_picks_the_starter_in_a_public_menu() -> None:
    state = started()
    first = menu(state, "choose_first")
    assert first.public and [o.value for o in first.options] == [1, 2]
    assert first.options[1].label.params["player"] == "Bruno"
    state = pick(state, 0, first, 2)
    assert state.first == 1 and state.phase is Phase.MULLIGAN


def test_the_mulligan_menu_is_private_and_offers_only_legal_choices() -> None:
    state, _ = act(started(), 0, ChooseFirst(1))
    mulligan = menu(state, "mulligan")
    assert not mulligan.public
    hand = state.players[0].hand
    characters = [c for c in hand if zones.defn(state, c).type is CardType.CHARACTER]
    values = [o.value for o in mulligan.options]
    # 6.1 (4): reveal only with at most one character in the hand.
    assert values == (
        ["keep", "reveal", "smaller"] if len(characters) <= 1 else ["keep", "smaller"]
    )
    state = pick(state, 0, mulligan, "smaller")
    assert len(state.players[0].hand) == 8
    state = pick(state, 0, menu(state, "mulligan"), "keep")
    assert state.players[0].mulligan_done and ENGINE.pending(state)[0].seat == 1


def test_initial_resources_menu_moves_the_chosen_hand_cards() -> None:
    state, _ = act(started(), 0, ChooseFirst(1))
    state, _ = act(state, 0, KeepHand())
    state, _ = act(state, 1, KeepHand())
    assert state.phase is Phase.INITIAL_RESOURCES
    resources = menu(state, "initial_resources")
    hand = state.players[0].hand
    # Hidden cards: only in Ana's own view; any number, none keeping the whole hand.
    assert not resources.public and resources.many and resources.min_values == 0
    assert [o.value for o in resources.options] == list(hand)
    assert resources.max_values == len(hand) and resources.joined == ", "
    state = pick(state, 0, resources, hand[3], hand[7])
    assert state.players[0].resources == (hand[3], hand[7])
    assert len(state.players[0].hand) == 8
    # Bruno chooses none: his resources stay empty and the game starts.
    state = pick(state, 1, menu(state, "initial_resources"))
    assert state.players[1].resources == () and len(state.players[1].hand) == 10
    assert state.phase is Phase.PREPARATION and state.active == 0


def adjustment(hand: int, loaded: int) -> State:
    state = build(
        Side(hand=["protecao"] * hand, scene=[Placed("umar_v1", ["excentricidade"] * loaded)]),
        Side(scene=[Placed("medusa_v2", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    state, _ = act(state, 0, Pass())
    assert state.phase is Phase.ADJUSTMENT
    return state


def test_adjustment_menu_unloads_the_chosen_cards_and_is_public_without_the_hand() -> None:
    state = adjustment(hand=3, loaded=7)  # Umar V1: Energia Inicial 5, two over
    umar = sid(state, "umar_v1")
    loaded = zones.in_scene(state, umar).loaded
    adjust = menu(state, "adjust")
    assert adjust.public and adjust.max_values == 2
    assert [o.value for o in adjust.options] == list(loaded)
    assert adjust.options[0].label.params["base"] == zones.title(state, umar)
    state = pick(state, 0, adjust, loaded[0], loaded[1])  # the oldest two, not the newest
    assert zones.in_scene(state, umar).loaded == loaded[2:]
    assert state.phase is not Phase.ADJUSTMENT


def test_adjustment_menu_with_the_hand_is_private_and_discards_the_picks() -> None:
    state = adjustment(hand=9, loaded=5)
    hand = state.players[0].hand
    adjust = menu(state, "adjust")
    assert not adjust.public and adjust.max_values == 2
    assert [o.value for o in adjust.options] == list(hand)
    state = pick(state, 0, adjust, hand[0])  # one picked; the other is the newest
    assert state.players[0].hand == hand[1:-1]
    assert {hand[0], hand[-1]} <= set(state.players[0].resources)


def odin() -> State:
    return build(
        Side(
            deck=["protecao", "umar_v1", "karnak_v1", "triton_v1", "abutre_v1"],
            hand=["heimdall_v1", "umar_v1"],
            scene=[Placed("odin_v1", ["excentricidade"] * 7)],
        ),
        Side(),
        phase=Phase.PREPARATION,
    )


def test_a_choice_among_hidden_cards_is_private() -> None:
    state = odin()
    heimdall = zone_id(state, 0, "hand", "heimdall_v1")
    state, _ = act(state, 0, Activate(sid(state, "odin_v1")))
    choose = menu(state, "choose")
    assert not choose.public  # Heimdall in the hand: only in Ana's own view
    assert [o.value for o in choose.options] == [str(heimdall), "skip"]
    assert choose.options[0].label.params["card"] == "Heimdall V1"
    top = state.players[0].deck[:5]
    state = pick(state, 0, choose, str(heimdall))
    assert heimdall in state.players[0].resources
    assert state.players[0].set_aside == top
    looked = menu(state, "choose")  # the set-aside cards are hidden too
    assert not looked.public and str(top[0]) in [o.value for o in looked.options]


def test_a_redirect_choice_among_cards_in_the_scene_is_public() -> None:
    # 4.8.3.1 situation A: Maximus's damage may go to Triton (cards in the scene: public).
    state = inumanos(Phase.ATTACK)
    maximus, triton = sid(state, "maximus_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, UseAction(sid(state, "capanga_do_rei_v2"), "Pancadaria", str(maximus)))
    choose = menu(state, "choose")
    assert choose.public and ENGINE.pending(state)[0].seat == 1
    assert str(triton) in [o.value for o in choose.options]
    state = pick(state, 1, choose, str(triton))
    assert len(zones.in_scene(state, maximus).loaded) == 4 and state.tree == ()


def order_table(concealed: bool) -> State:
    state = replace(walkthrough_table(), phase=Phase.ATTACK, active=0)
    draw = (Step(op="draw", amount=1, to="self"),)
    hidden = (Step(op="reveal", text="hand"), *draw) if concealed else draw
    effects = [
        Pending(uid=0, level=1, controller=0, source=0, label="Alpha", steps=draw),
        Pending(uid=0, level=1, controller=0, source=0, label="Beta", steps=hidden),
    ]
    state, _ = fx.run(tree.add(state, effects, 1), RiggedDice())
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.order"
    return state


def test_ordering_simultaneous_effects_is_a_public_menu_of_their_names() -> None:
    state = order_table(concealed=False)
    order = menu(state, "choose")
    assert order.public and order.placeholder.key == "battlescenes.menu.order"
    labels = {o.label.params["text"]: o.value for o in order.options}
    assert set(labels) == {"Alpha", "Beta"}
    hand = len(state.players[0].hand)
    state = pick(state, 0, order, labels["Beta"])
    assert state.tree == () and len(state.players[0].hand) == hand + 2


def test_ordering_with_a_concealed_effect_stays_private() -> None:
    # 5.2.1: an effect from the hand not yet revealed shows "?" to others.
    assert not menu(order_table(concealed=True), "choose").public


def test_menus_never_exceed_25_options() -> None:
    state = build(
        Side(hand=["protecao"] * 30, scene=[Placed("umar_v1", ["excentricidade"] * 5)]),
        Side(scene=[Placed("medusa_v2", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    # Abilities cannot enter (no play menu); Umar entered this turn's past (turn 0 < 3):
    # capacitate and yield menus list it; 30 discards would be the command's job.
    kinds = {(s.kind, s.field_name) for s in ENGINE.pending(state)[0].selections}
    assert kinds == {("capacitate", "character"), ("yield", "character")}
    state, _ = act(state, 0, Capacitate(sid(state, "umar_v1")))
    kinds = {(s.kind, s.field_name) for s in ENGINE.pending(state)[0].selections}
    assert ("capacitate", "discard") not in kinds  # 30 hand cards: the command's job
    state, _ = act(state, 0, Pass())
    assert state.phase is Phase.ADJUSTMENT
    assert ENGINE.pending(state)[0].selections == ()  # 30 hand cards: the command's job
