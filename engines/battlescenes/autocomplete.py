"""Autocomplete for the slash commands: legal values only, following the options already
typed (``values``) — a ``use``'s actions follow the chosen character, its options (4.6.2 B)
and targets (F) follow the chosen action, the cards to unload follow the targets (4.8.1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from engines.battlescenes.actions import card_list
from engines.battlescenes.content.schema import ActionDef, CardType
from engines.battlescenes.menus import adjust_pool
from engines.battlescenes.rules import activated, manual, play, use
from engines.battlescenes.rules.state import InScene, State
from engines.battlescenes.rules.turn import capacitate_discards
from engines.battlescenes.table import entry as entering
from engines.battlescenes.table import zones
from engines.battlescenes.view import option_label
from engines.core import Choice, InvalidActionError, Message

LIMIT = 25  # Discord shows at most 25 suggestions


def _int(values: Mapping[str, Any], key: str) -> int | None:
    raw = values.get(key)
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and raw.strip().lstrip("#").isdigit():
        return int(raw.strip().lstrip("#"))
    return None


def _cards(values: Mapping[str, Any], key: str) -> tuple[int, ...]:
    raw = values.get(key)
    if not isinstance(raw, str):
        return ()
    try:
        return card_list(raw)
    except InvalidActionError:
        return ()


def _card_choice(state: State, card: int) -> Choice:
    return Choice(
        Message("battlescenes.choice.card", {"card": zones.title(state, card), "id": card}), card
    )


def _label(state: State, cards: tuple[int, ...]) -> str:
    return ", ".join(f"{zones.title(state, c)} (#{c})" for c in cards)


def _own(state: State, seat: int, values: Mapping[str, Any]) -> InScene | None:
    """The character the player already chose (``character``), if it is theirs."""
    card = _int(values, "character")
    index = None if card is None else zones.find(state, card)
    if index is None or state.scene[index].controller != seat:
        return None
    return state.scene[index]


def chosen_action(state: State, seat: int, values: Mapping[str, Any]) -> ActionDef | None:
    """The action named in ``values`` on the chosen character (4.6.2 A, C.3)."""
    item = _own(state, seat, values)
    name = str(values.get("action") or "").strip().lower()
    if item is None or not name:
        return None
    found = [a for _c, a in use.available(state, item) if a.name.lower() == name]
    return found[0] if found else None


def _target_count(action: ActionDef, values: Mapping[str, Any]) -> int:
    if not action.modes:
        return action.targets
    mode = str(values.get("mode") or "").strip().lower()
    picked = [m for m in action.modes if m.name.lower() == mode]
    if picked:
        return picked[0].targets
    return max(m.targets for m in action.modes)


def _list_choices(
    state: State, current: str, candidates: list[int], limit: int, repeat: bool
) -> list[Choice]:
    """Suggestions for a card-list option: what is typed, plus one more legal card."""
    text = current.replace(",", " ")
    tokens = text.split()
    partial = "" if not tokens or text.endswith(" ") else tokens.pop()
    done = tuple(int(t.lstrip("#")) for t in tokens if t.lstrip("#").isdigit())
    if len(done) >= limit:
        return [
            Choice(
                Message("battlescenes.choice.option", {"label": _label(state, done)}), _text(done)
            )
        ]
    needle = partial.lstrip("#").lower()
    found = []
    for card in candidates:
        if (card in done and not repeat) or (
            needle
            and not (str(card).startswith(needle) or needle in zones.title(state, card).lower())
        ):
            continue
        chosen = (*done, card)
        found.append(
            Choice(
                Message("battlescenes.choice.option", {"label": _label(state, chosen)}),
                _text(chosen),
            )
        )
    return found[:LIMIT]


def _text(cards: tuple[int, ...]) -> str:
    return ", ".join(str(c) for c in cards)


def _use_character(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    users = dict.fromkeys(item.card for item, _a in use.usable(state, seat))
    return [_card_choice(state, c) for c in users]


def _use_action(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    item = _own(state, seat, values)
    pairs = {
        (user.card, a.name): user
        for user, a in use.usable(state, seat)
        if item is None or user.card == item.card
    }
    return [
        Choice(
            Message(
                "battlescenes.choice.action",
                {"card": zones.title(state, card), "action": name},
            ),
            name,
        )
        for card, name in pairs
    ]


def _use_mode(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """B: one option, or up to max_modes together (printed order)."""
    action = chosen_action(state, seat, values)
    names = [m.name for m in action.modes] if action is not None else []
    most = use.modes_allowed(state, seat, action) if action is not None else 1
    picks = [", ".join(c) for n in range(1, most + 1) for c in combinations(names, n)]
    return [Choice(Message("battlescenes.choice.option", {"label": p}), p) for p in picks]


def _use_targets(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    action = chosen_action(state, seat, values)
    if action is None:
        return _list_choices(state, current, [s.card for s in state.scene], LIMIT, False)
    aimed = use.aimed_at(action, str(values.get("mode") or ""))  # F.1.1: the option's targets
    own = _own(state, seat, values)
    user = own.card if own is not None else -1
    legal = [
        s.card for s in state.scene if use.target_problem(state, seat, aimed, s.card, user) is None
    ]
    repeat = action.distribute or action.targets_x  # a target may be listed twice
    return _list_choices(state, current, legal, _target_count(action, values), repeat)


def _use_pay(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """E.2: hand cards to discard, the user's cards to unload, resources for Energia
    Cósmica (E.2.1)."""
    action = chosen_action(state, seat, values)
    item = _own(state, seat, values)
    hand = state.players[seat].hand
    loaded = item.loaded if item is not None else ()
    resources: tuple[int, ...] = ()
    if action is not None:  # only what can pay: hand cards for a discard, the user's for unloads
        hand = use.payable_hand(state, seat, action) if action.discard_cost else ()
        loaded = use.unloadable(state, action, loaded) if action.unload_cost else ()
        if item is not None and use.unload_count(action):  # E.2 paid by another card base
            payers = use.unload_payers(state, seat, item)
            loaded = (*loaded, *(c for b in payers for c in zones.in_scene(state, b).loaded))
        resources = state.players[seat].resources if action.cosmic else ()  # E.2.1
        resources = (*resources, *use.load_choices(state, seat, action))  # Batedor Alado V1
    pool = [*hand, *loaded, *resources]
    limit = (
        LIMIT
        if action is None
        else action.discard_cost
        + use.unload_count(action)
        + action.cosmic
        + (action.load_cost if action.load_cost_from else 0)
    )
    return _list_choices(state, current, pool, limit, False) if limit else []


def _use_unload(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """4.8.1: the source's controller picks what the damage unloads."""
    targets = _cards(values, "targets")
    loaded = [
        c
        for t in dict.fromkeys(targets)
        if zones.find(state, t) is not None
        for c in zones.in_scene(state, t).loaded
    ]
    return _list_choices(state, current, loaded, LIMIT, False)


def _resources(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """6.1 (6): any hand cards."""
    hand = list(state.players[seat].hand)
    return _list_choices(state, current, hand, len(hand), False)


def _adjust(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """6.2 D: the loaded cards over the energy, the hand over seven."""
    pool, owed = adjust_pool(state, seat)
    return _list_choices(state, current, pool, owed, False)


def _activate(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    cards = dict.fromkeys(c for c, _i, _t in activated.activatable(state, seat))
    return [_card_choice(state, c) for c in cards]


def _keyword_unload(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """7.2: a card the character carries."""
    item = _own(state, seat, values)
    return [_card_choice(state, c) for c in (item.loaded if item is not None else ())]


def _capacitate_discard(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """C.1 any card (once per character per turn); C.2 a character with its alter ego."""
    item = _own(state, seat, values)
    hand = state.players[seat].hand
    if item is None:
        return [_card_choice(state, c) for c in hand]
    # 8.B.2: the character's current alter egos (names); a hand card has its printed ones
    return [_card_choice(state, c) for c in capacitate_discards(state, seat, item.card)]


def _evolve(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """A.2: the card bases an EV card of the hand may evolve (characters; a support for
    "Evolução: Suporte")."""
    card = _int(values, "card")
    own = [s.card for s in zones.characters(state, seat)]
    if card is None or card not in state.players[seat].hand:
        return [_card_choice(state, c) for c in own]
    d = zones.defn(state, card)
    bases = [s.card for s in state.scene if s.controller == seat]
    return [_card_choice(state, c) for c in bases if d.is_ev and play.ev_base_ok(state, seat, d, c)]


def _via(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """The cards letting a character sharing the name or alter ego of an opponent's enter
    despite 4.4.2.1 A.4 now (``copy_entry``: Invasão Secreta V1)."""
    return [_card_choice(state, c) for c in entering.copy_sources(state, seat)]


def _keyword(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """7.2: Item Mágico / Aprimoramento load from the resources; Metamorfo from the hand."""
    keyword = str(values.get("keyword") or "")
    player = state.players[seat]
    if option == "card":
        if keyword == "metamorfo":
            return [_card_choice(state, c) for c in player.hand]
        pool = player.resources
        if keyword == "item_magico":
            pool = tuple(c for c in pool if "item_magico" in zones.defn(state, c).keywords)
        elif keyword == "aprimoramento":
            pool = tuple(c for c in pool if zones.defn(state, c).type is CardType.CHARACTER)
        return [_card_choice(state, c) for c in pool]
    own = zones.characters(state, seat)
    if keyword in ("aprimoramento", "metamorfo"):
        own = [s for s in own if keyword in zones.keywords(state, s.card)]
    card = _int(values, "card")
    if keyword == "aprimoramento" and card is not None and card in player.resources:
        ego = zones.defn(state, card).identity
        own = [s for s in own if ego in zones.identities(state, s.card)]  # 8.B.2
    return [_card_choice(state, s.card) for s in own]


def autocomplete(
    state: State, seat: int, command: str, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """Only legal values: cards in hand, own characters, usable actions, open options."""
    entry = COMPLETERS.get((command, option))
    if entry is None:
        found = _generic(state, seat, option)
    else:
        completer, final = entry
        found = completer(state, seat, option, current, values)
        if final:
            return found  # list options filter by the last number typed
    needle = current.strip().lower()
    return [c for c in found if needle in f"{c.label.params} {c.value}".lower()][:LIMIT]


def _manual(
    state: State, seat: int, option: str, current: str, values: Mapping[str, Any]
) -> list[Choice]:
    """Cards a manual adjustment (manual.py) may name, with where each is: the card bases
    for ``onto`` and the base adjustments; else every card this seat can see (its own hand,
    set-aside cards and — sorted by name, so the order stays secret — its deck)."""
    what = str(values.get("what") or "")
    bases = [s.card for s in state.scene]
    if option == "onto" or what in ("shield", "damage"):
        cards = bases
    elif what in ("capacitate", "incapacitate"):
        cards = [s.card for s in zones.characters(state)]
    else:
        me = state.players[seat]
        deck = sorted(me.deck, key=lambda c: (zones.title(state, c), c))
        cards = [*bases, *(c for s in state.scene for c in s.loaded)]
        cards += [state.scenario] if state.scenario is not None else []
        for p in state.players:
            cards += [*p.resources, *p.prizes]
        cards += [*me.hand, *me.set_aside, *(deck if what == "move" else ())]
    return [
        Choice(
            Message(
                "battlescenes.choice.manual_card",
                {
                    "card": zones.title(state, c),
                    "id": c,
                    "zone": Message(f"battlescenes.zone.{manual.where(state, c)[0]}"),
                },
            ),
            c,
        )
        for c in cards
    ]


def _generic(state: State, seat: int, option: str) -> list[Choice]:
    player = state.players[seat]
    if option in ("card", "discard"):
        return [_card_choice(state, c) for c in player.hand]
    if option == "character":
        return [_card_choice(state, s.card) for s in zones.characters(state, seat)]
    if option == "option" and state.choice is not None and state.choice.seat == seat:
        return [Choice(option_label(state, o, seat), o) for o in state.choice.options]
    return []


#: A completer: the legal values of one option, given the options already typed.
Completer = Callable[[State, int, str, str, Mapping[str, Any]], list[Choice]]

#: ``(command, option)`` → its completer, and whether its list is final (a list option's
#: values already follow the numbers typed) rather than filtered by the text typed. Any
#: other option gets the generic values of its name (hand cards, own characters, options).
COMPLETERS: dict[tuple[str, str], tuple[Completer, bool]] = {
    ("use", "character"): (_use_character, False),
    ("use", "action"): (_use_action, False),
    ("use", "mode"): (_use_mode, False),
    ("use", "targets"): (_use_targets, True),
    ("use", "pay"): (_use_pay, True),
    ("use", "unload"): (_use_unload, True),
    ("resources", "cards"): (_resources, True),
    ("adjust", "cards"): (_adjust, True),
    ("activate", "card"): (_activate, False),
    ("keyword", "unload"): (_keyword_unload, False),
    ("keyword", "card"): (_keyword, False),
    ("keyword", "character"): (_keyword, False),
    ("capacitate", "discard"): (_capacitate_discard, False),
    ("play", "evolve"): (_evolve, False),
    ("play", "via"): (_via, False),
    ("apply", "card"): (_manual, False),
    ("apply", "onto"): (_manual, False),
}
