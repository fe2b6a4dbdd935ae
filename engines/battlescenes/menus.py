"""Select menus answering a decision (Discord select menus; the slash commands stay).

Each menu offers what the matching command accepts now, and the action it builds is
that command's:

* 6.1 (1) who starts — public (seat names);
* 6.1 (4)-(5) keep the hand or a mulligan — private: which mulligans are legal depends
  on the characters in the hand (reveal needs at most one);
* 6.1 (6) the initial resources — private, any number of hand cards (none keeps them all:
  a button of its own, since a menu cannot be sent empty);
* 6.2 D the Adjustment — the loaded cards over the initial energy (D.1) and, when the
  hand is over seven, the hand (D.2): any number up to what is owed, the rest is taken
  newest first (a button leaves it all to that order); private as soon as hand cards
  are in it;
* an open choice of the effect tree (9.1.2: which card, which redirect, "você pode", and
  which simultaneous effect resolves first) — public only when no option is hidden
  information (every card named is in the scene, a resources pile or a prizes area,
  and no effect is still concealed, 5.2.1); otherwise private.

* 6.2 C the Preparation phase — while a capacitation's character is chosen, the private
  menu of the hand cards it may discard comes first (C.1/C.2, the second step); then
  ``play`` (C.3, private: the hand cards that can enter now, loaded in the player's loading
  order — ``loading.py``; EV characters, Materializar and a chosen loading stay with the
  command), a second ``play`` through a card with ``copy_entry`` (Invasão Secreta V1,
  private: the hand's characters sharing the name or alter ego of an opponent's character),
  ``capacitate`` (the first step: the characters that can be capacitated now — public,
  unless one is listed only for a same-alter-ego character in the hand, C.2),
  ``discard`` (C.4, private: the hand), ``yield`` (C.5, public: characters controlled since
  the start of the turn) and ``activate`` (5.1, public: the cards in the scene or the
  scenario with a text that can be activated now; a card with two such texts is left to the
  command's ``text`` option), and ``use`` (below);
* 6.2 E the Attack step — ``use`` (below) and ``activate`` (7.2 Potencializar), as above;
* ``use`` (4.6.2: the unforeseen actions in the Preparation phase, C.5.2; the Attack step;
  the opponent's Anticipation step) field by field — ``use_menus.py``: the characters with
  an action usable now (public), then follow-up menus of a draft kept in the state: the
  action, its option(s), targets, X, and the cards paying additional costs (private: the
  hand). Any other action drops the draft.

A list longer than 25 options is left to the slash command and its autocomplete (an open
choice's options up to 75 are shown as pages of 25: ``engines.core.menus.paged``); the bot
shows at most four menus a post (``bot/views.py``), in this order — the public post holds the
public ones, the player's own view the first four. ``keyword`` (keyword → resource card →
character → unload, each keyword choosing different things) stays with the slash command,
whose autocomplete follows each option already typed.
"""

from __future__ import annotations

from collections import Counter

from engines.battlescenes import use_menus
from engines.battlescenes.content.schema import CardType
from engines.battlescenes.effects.other_zones import concealed
from engines.battlescenes.rules import activated
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.rules.turn import HAND_LIMIT, capacitate_discards
from engines.battlescenes.table import entry, zones
from engines.battlescenes.view import WORDS, option_label
from engines.core import Decision, Message, Selection, SelectOption
from engines.core.menus import Menus, paged


def with_menus(state: State, decision: Decision) -> Decision:
    """``decision`` with the menus that answer it (none empty or over 25 options)."""
    return MENUS.attach(state, decision)


def _choose_menus(state: State, decision: Decision) -> list[Selection]:
    # a choice among more than 25 (an affiliation of every card in the pack): pages
    return paged(_choose(state, decision.seat)) if state.choice is not None else []


def _first_menus(state: State, decision: Decision) -> list[Selection]:
    return [_first(state)]


def _mulligan_menus(state: State, decision: Decision) -> list[Selection]:
    return [_mulligan(state, decision.seat)]


def _resources_menus(state: State, decision: Decision) -> list[Selection]:
    return [_resources(state, decision.seat)]


def _adjust_menus(state: State, decision: Decision) -> list[Selection]:
    return [_adjust(state, decision.seat)] if state.phase is Phase.ADJUSTMENT else []


def _preparation_menus(state: State, decision: Decision) -> list[Selection]:
    return _preparation(state, decision.seat) if state.phase is Phase.PREPARATION else []


def _activate_menus(state: State, decision: Decision) -> list[Selection]:
    if state.phase is Phase.ATTACK and decision.seat == state.active:
        # 7.2 Potencializar is activated in the Attack step
        return [*use_menus.menus(state, decision.seat), _activate(state, decision.seat)]
    # 5.1: a text naming no moment, activated while another decision waits
    return [_activate(state, decision.seat)]


def _anticipation_menus(state: State, decision: Decision) -> list[Selection]:
    return use_menus.menus(state, decision.seat) if state.phase is Phase.ANTICIPATION else []


#: The menus of a decision: those of its first kind, in this order, that has any.
MENUS: Menus[State] = Menus(
    {
        "choose": _choose_menus,
        "choose_first": _first_menus,
        "mulligan": _mulligan_menus,
        "initial_resources": _resources_menus,
        "adjust": _adjust_menus,
        "play": _preparation_menus,
        "activate": _activate_menus,
        "use": _anticipation_menus,
    },
    first_only=True,
)


def _preparation(state: State, seat: int) -> list[Selection]:
    """6.2 C.1–C.6 (see the module's docstring)."""
    hand = state.players[seat].hand
    playable = tuple(_card(state, c) for c in hand if entry.can_enter(state, seat, c))
    mine = zones.characters(state, seat)
    ready = [s for s in mine if capacitate_discards(state, seat, s.card)]
    # A character already capacitated this turn is listed only because the hand holds a
    # character with its alter ego (C.2): hidden information, so the menu is then private.
    public = not any(s.basic_capacitated for s in ready)
    menus: list[Selection] = []
    drafted = use_menus.next_menu(state, seat)  # 4.6.2 C.5.2 unforeseen actions, field by field
    if drafted is not None:
        menus.append(drafted)
    if state.capacitating != -1:  # the second step first: it is what the player is doing
        character = state.capacitating
        options = tuple(_card(state, c) for c in capacitate_discards(state, seat, character))
        placeholder = Message(
            "battlescenes.menu.capacitate_discard", {"card": zones.title(state, character)}
        )
        menus.append(
            Selection(
                "capacitate", "discard", options, placeholder, params={"character": character}
            )
        )
    menus += [
        Selection("play", "card", playable, _m("play")),
        *_play_via(state, seat),
        Selection(
            "capacitate",
            "character",
            tuple(_card(state, s.card) for s in ready),
            _m("capacitate"),
            public=public,
            params={"discard": -1},
        ),
        # C.4: any card of the hand (private)
        Selection("discard", "card", tuple(_card(state, c) for c in hand), _m("discard")),
    ]
    veterans = tuple(_card(state, s.card) for s in mine if s.entered_turn < state.turn)
    menus.append(Selection("yield", "character", veterans, _m("yield"), public=True))
    menus.append(_activate(state, seat))
    menus.append(use_menus.first_menu(state, seat))
    return menus


def _play_via(state: State, seat: int) -> list[Selection]:
    """``copy_entry`` (Invasão Secreta V1): the hand's characters that can enter through the
    first card allowing it now (its scenario in the scene, then its resources; another one
    is left to the command's ``via``) — private: hand cards."""
    sources = entry.copy_sources(state, seat)
    if not sources:
        return []
    via = sources[0]
    hand = state.players[seat].hand
    options = tuple(_card(state, c) for c in hand if entry.can_enter_via(state, seat, c, via))
    placeholder = Message("battlescenes.menu.play_via", {"card": zones.title(state, via)})
    return [Selection("play", "card", options, placeholder, params={"via": via})]


def _activate(state: State, seat: int) -> Selection:
    """5.1 / 7.2 Potencializar: the cards with a text that can be activated now — public
    (they are in the scene or the scenario). A card with several such texts is left to the
    command (its ``text`` option); the menu's ``text`` -1 means "its one text"."""
    now = activated.activatable_now(state, seat)
    counts = Counter(c for c, _i, _t in now)
    cards = [c for c in dict.fromkeys(c for c, _i, _t in now) if counts[c] == 1]
    return Selection(
        "activate",
        "card",
        tuple(_card(state, c) for c in cards),
        _m("activate"),
        public=all(_public_card(state, c) for c in cards),
        params={"text": -1},
    )


def _m(key: str) -> Message:
    return Message(f"battlescenes.menu.{key}")


def _card(state: State, card: int) -> SelectOption:
    return SelectOption(
        card, Message("battlescenes.choice.card", {"card": zones.title(state, card), "id": card})
    )


def _first(state: State) -> Selection:
    """6.1 (1): the draw winner names the seat that starts."""
    options = tuple(
        SelectOption(i + 1, Message("battlescenes.menu.starter", {"player": p.name, "seat": i + 1}))
        for i, p in enumerate(state.players)
    )
    return Selection("choose_first", "starter", options, _m("first"), public=True)


def _mulligan(state: State, seat: int) -> Selection:
    """6.1 (4)-(5): keep, or the mulligans the hand allows now."""
    player = state.players[seat]
    characters = [c for c in player.hand if zones.defn(state, c).type is CardType.CHARACTER]
    modes = ["keep"]
    if not player.reveal_mulligan_used and len(characters) <= 1:
        modes.append("reveal")
    if player.hand:
        modes.append("smaller")
    labels = {"keep": "keep_hand", "reveal": "reveal", "smaller": "smaller"}
    options = tuple(SelectOption(m, Message(f"battlescenes.choice.{labels[m]}")) for m in modes)
    return Selection("mulligan", "mode", options, _m("mulligan"))


def _resources(state: State, seat: int) -> Selection:
    """6.1 (6): any cards of the hand (hidden: private)."""
    hand = state.players[seat].hand
    return Selection(
        "initial_resources",
        "cards",
        tuple(_card(state, c) for c in hand),
        _m("resources"),
        many=True,
        min_values=0,
        max_values=max(1, len(hand)),
        joined=", ",
        none=_m("resources_none"),
    )


def adjust_pool(state: State, seat: int) -> tuple[list[int], int]:
    """6.2 D: the cards the player may pick (loaded cards of characters over their
    initial energy, then the hand when over seven) and how many are owed in all."""
    pool: list[int] = []
    owed = 0
    for item in state.scene:
        excess = len(item.loaded) - zones.defn(state, item.card).energy
        if item.controller == seat and excess > 0:
            pool.extend(item.loaded)
            owed += excess
    hand = state.players[seat].hand
    if len(hand) > HAND_LIMIT:
        pool.extend(hand)
        owed += len(hand) - HAND_LIMIT
    return pool, owed


def _adjust(state: State, seat: int) -> Selection:
    pool, owed = adjust_pool(state, seat)
    hand = state.players[seat].hand
    options = []
    for card in pool:
        if card in hand:
            options.append(_card(state, card))
            continue
        base = next(s.card for s in state.scene if card in s.loaded)
        params = {"card": zones.title(state, card), "id": card, "base": zones.title(state, base)}
        options.append(SelectOption(card, Message("battlescenes.menu.loaded", params)))
    return Selection(
        "adjust",
        "cards",
        tuple(options),
        _m("adjust"),
        many=True,
        min_values=0,
        max_values=max(1, min(owed, len(options))),
        public=not any(c in hand for c in pool),
        joined=", ",
        none=_m("adjust_none"),
    )


def _choose(state: State, seat: int) -> Selection:
    """9.1.2: the open choice's options, labelled as ``view.option_label`` does."""
    assert state.choice is not None
    choice = state.choice
    options = tuple(SelectOption(o, option_label(state, o, seat)) for o in choice.options)
    placeholder = _m("order" if choice.pending == 0 else "choose")
    public = all(_public_option(state, o) for o in choice.options)
    return Selection("choose", "option", options, placeholder, public=public)


def _public_option(state: State, option: str) -> bool:
    """Whether an option (and its label) shows nothing hidden (3: hand, deck, set aside)."""
    if option in WORDS:
        return True
    assert state.choice is not None
    if state.choice.pending == 0 and option.isdigit():  # which effect first: its name
        found = [e for e in state.tree if e.uid == int(option)]
        return bool(found) and not concealed(found[0])
    parts = option.split(">")
    if all(p.isdigit() and int(p) < len(state.cards) for p in parts):
        return all(_public_card(state, int(p)) for p in parts)
    return not option.isdigit()  # a plain text (an affiliation, an option's name)


def _public_card(state: State, card: int) -> bool:
    """A card in the scene (a base, loaded, the scenario), a resources pile or prizes."""
    if zones.in_play(state, card) or any(card in s.loaded for s in state.scene):
        return True
    return any(card in p.resources or card in p.prizes for p in state.players)
