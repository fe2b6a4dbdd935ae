"""Select menus answering a decision (Discord select menus; the slash commands stay).

Each menu offers exactly what the matching command would accept now, so a
choice made in it applies like the typed command:

* keep dice between roll attempts (4.1): the five dice, the kept ones chosen;
* announce an ability (4.2, 4.3): only the abilities the dice meet;
* choose a Defensive Ability (6.2), only when the hero has several;
* spend a status effect ("Efeitos de Status Gastáveis"): the spendable tokens;
* take an action of the hero board (the Paladin's Tithe): those usable now, with
  their cost;
* pick an option of an "Or", and the Defender in the targeting phase (5);
* play a card: the cards playable now (one that names dice, a token or a
  player is then announced and asks for its target, ``aiming``); sell a card:
  the whole hand. Both are hidden information, so private;
* the target of an announced card: the legal targets (public).

Dice, abilities, tokens, options and seats are public: their menus are shown
in the public post of the decision that owes them. An optional ("at any
time") decision gets only private menus: several seats may hold one at once,
and a post never shows the same menu twice.
"""

from __future__ import annotations

from engines.core import Decision, IllegalActionError, Message, Selection, SelectOption
from engines.core.menus import Menus
from engines.dicethrone.effects.deck import SECRET
from engines.dicethrone.rules import board_actions
from engines.dicethrone.rules.aiming import needs_target, target_options
from engines.dicethrone.rules.cards import card_cost, check_card, spendable
from engines.dicethrone.rules.decisions import out_of_turn
from engines.dicethrone.rules.state import DICE, State, Step
from engines.dicethrone.rules.turn import Flow
from engines.dicethrone.view import option_label


def with_menus(flow: Flow, state: State, decision: Decision) -> Decision:
    """The decision with the menus that answer it."""
    return MENUS.attach((flow, state), decision)


def _m(key: str) -> Message:
    return Message(f"dicethrone.menu.{key}")


def keep_menu(flow: Flow, state: State) -> Selection:
    """The dice to keep (4.1): die N with its value and symbol; the kept ones chosen.

    Any number may be chosen (none re-rolls all five); the action's ``dice`` is
    the numbers joined by spaces, as typed in ``/dicethrone keep dice:"1 3 5"``.
    """
    hero = flow.hero(state, state.active)
    kept = state.roll.kept or (False,) * DICE
    options = tuple(
        SelectOption(
            n,
            Message(
                "dicethrone.choice.die",
                {"n": n, "value": value, "symbol": dict(hero.symbol_text(value))},
            ),
            chosen=kept[n - 1],
        )
        for n, value in enumerate(state.roll.dice, start=1)
    )
    return Selection(
        "keep",
        "dice",
        options,
        _m("keep"),
        many=True,
        min_values=0,
        max_values=DICE,
        public=True,
        joined=" ",
    )


def _named(value: str | int, name: object) -> SelectOption:
    return SelectOption(value, Message("dicethrone.choice.named", {"name": name}))


def _announce(flow: Flow, state: State, seat: int) -> Selection:
    """4.2 (and 4.3 after changed dice): the abilities the final dice meet."""
    hero = flow.hero(state, seat)
    options = tuple(
        _named(ab.id, dict(ab.name))
        for ab in hero.abilities
        if state.roll.attempts and flow.met(state, seat, ab)
    )
    return Selection("announce", "ability", options, _m("announce"), public=True)


def _choose(state: State, public: bool) -> Selection:
    """An "Or" (or which opponent an effect aims at): its options, numbered from 1."""
    ch = state.choice
    options: tuple[SelectOption, ...] = ()
    if ch is not None and not ch.manual and not ch.pause:
        options = tuple(
            SelectOption(
                n, Message("dicethrone.choice.option", {"n": n, "text": option_label(option)})
            )
            for n, option in enumerate(ch.options, start=1)
        )
    # A secret "Or" (a deck searched) names hidden cards: the picker's menus only.
    secret = ch is not None and ch.topic == SECRET
    return Selection("choose", "option", options, _m("choose"), public=public and not secret)


def _target(state: State, public: bool) -> Selection:
    """The targeting phase (5): the opponents the Defender may be chosen from."""
    options: tuple[SelectOption, ...] = ()
    if state.step is Step.TARGET:
        options = tuple(_named(i + 1, state.seats[i].name) for i in state.opponents(state.active))
    return Selection("target", "player", options, _m("target"), public=public)


def _aim(flow: Flow, state: State) -> Selection:
    """The targets an announced card accepts (tokens, seats, dice: all public)."""
    aiming = state.aiming
    options: tuple[SelectOption, ...] = ()
    if aiming is not None:
        found = target_options(flow, state, aiming.seat, aiming.card, aiming.partial)
        options = tuple(SelectOption(value, label) for value, label in found)
    return Selection("aim", "target", options, _m("aim"), public=True)


def _defend(flow: Flow, state: State, seat: int) -> list[Selection]:
    """6.2: which Defensive Ability to roll, when the hero has several."""
    defenses = flow.hero(state, seat).defenses
    if len(defenses) < 2:
        return []
    options = tuple(_named(d.id, dict(d.name)) for d in defenses)
    return [Selection("defend", "defense", options, _m("defend"), public=True)]


def _spend(flow: Flow, state: State, seat: int, public: bool) -> Selection:
    """The status effects the seat may spend now, with how many tokens it holds."""
    tokens = state.players[seat].statuses
    options = tuple(
        SelectOption(
            status,
            Message(
                "dicethrone.choice.status",
                {"name": dict(flow.content.status(status).name), "count": tokens[status]},
            ),
        )
        for status in spendable(flow, state, seat)
    )
    return Selection("spend", "status", options, _m("spend"), public=public)


def _use(flow: Flow, state: State, seat: int, public: bool) -> Selection:
    """The hero board's actions the seat may take now (its board is public)."""
    options = tuple(
        SelectOption(x.id, board_actions.label(x)) for x in board_actions.usable(flow, state, seat)
    )
    return Selection("use", "action", options, _m("use"), public=public)


def menu_playable(flow: Flow, state: State, seat: int) -> list[str]:
    """Cards the seat may play now (the menu's cards).

    A card that names dice, a token or a player is listed when some target is
    legal: chosen here, it is announced and asks for its target (``aim``); in an
    open window a seat not waited on may only answer with an Instant Action
    ("Conflitos de Timing").
    """
    out = []
    for card in dict.fromkeys(state.players[seat].hand):
        try:
            definition = check_card(flow, state, seat, card)
            out_of_turn(flow, state, seat, "play", card)
        except IllegalActionError:
            continue
        if needs_target(state, seat, definition) and not target_options(flow, state, seat, card):
            continue  # e.g. Samesies! when no die can be made to match another
        out.append(card)
    return out


def _play(flow: Flow, state: State, seat: int) -> Selection:
    """Cards playable now, with what they cost: private (the hand is hidden)."""
    hero = flow.hero(state, seat)
    options = tuple(
        SelectOption(
            cid,
            Message(
                "dicethrone.choice.card",
                {"name": dict(c.name), "cost": card_cost(flow, state, seat, c)},
            ),
        )
        for cid in menu_playable(flow, state, seat)
        if (c := hero.card(cid)) is not None
    )
    return Selection("play", "card", options, _m("play"))


def _sell(flow: Flow, state: State, seat: int) -> Selection:
    """Any card of the hand, for 1 CP ("Vender"): private."""
    hero = flow.hero(state, seat)
    options = tuple(
        _named(cid, dict(c.name))
        for cid in dict.fromkeys(state.players[seat].hand)
        if (c := hero.card(cid)) is not None
    )
    return Selection("sell", "card", options, _m("sell"))


#: What menus builders read: the rules (content, dice) and the state.
Game = tuple[Flow, State]


def _public(decision: Decision) -> bool:
    # An optional ("at any time") decision gets only private menus: several seats may
    # hold one at once, and a post never shows the same menu twice.
    return not decision.optional


#: The menus answering each action kind, in the order they are shown.
MENUS: Menus[Game] = Menus(
    {
        "keep": lambda g, d: [keep_menu(*g)],
        "announce": lambda g, d: [_announce(*g, d.seat)],
        "choose": lambda g, d: [_choose(g[1], _public(d))],
        "target": lambda g, d: [_target(g[1], _public(d))],
        "defend": lambda g, d: _defend(*g, d.seat),
        "spend": lambda g, d: [_spend(*g, d.seat, _public(d))],
        "use": lambda g, d: [_use(*g, d.seat, _public(d))],
        "aim": lambda g, d: [_aim(*g)],
        "play": lambda g, d: [_play(*g, d.seat)],
        "sell": lambda g, d: [_sell(*g, d.seat)],
    }
)
