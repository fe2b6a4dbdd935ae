"""Views: what a seat (or the public) may see. Hands, decks and private choices stay hidden.

A view is typed: :class:`BoardView` is what everyone may see (the scene, zone counts,
public zones, who owes what, the last move as the public saw it), :class:`SeatView`
adds one seat's hidden cards (hand, set-aside cards, its open choice) and
:class:`LookupView` is one card a seat looked up. The engine hands
the bot their JSON (``serde.to_json``); renderers read them back with :func:`parse`, so
mypy checks every field a renderer draws, and a drawing of the public board, typed
:class:`BoardView`, cannot reach a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engines.battlescenes.content.schema import CardDef
from engines.battlescenes.content.wording import as_json, card_texts, describe_action
from engines.battlescenes.effects.other_zones import concealed
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import shields, zones
from engines.core import Decision, Event, Message, Standing, View, serde


@dataclass(frozen=True)
class Label:
    """A catalog key and its parameters (a :class:`Message` as view data)."""

    key: str
    params: dict[str, Any]


@dataclass(frozen=True)
class ActionFace:
    """An action printed on a card (4.6.1): name, power, type, incapacitation cost, and
    what it does (in our words, ``content/wording.py``: a catalog message)."""

    name: str
    power: str
    kind: str
    cost: str  # "" (none), "0", "1", "2" or "X"
    text: Label


@dataclass(frozen=True)
class ActionTag:
    """An action as a card in the scene shows it: name, power and incapacitation cost."""

    name: str
    power: str
    cost: str  # "" (none), "0", "1", "2" or "X"


@dataclass(frozen=True)
class CardFace:
    """A card seen face up: its printed data (resources, prizes, loaded cards, scenario)."""

    id: int
    owner: int
    title: str
    name: str
    version: str
    type: str
    energy: int
    shield: int
    powers: tuple[str, ...]
    affiliations: tuple[str, ...]
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class HandCard(CardFace):
    """A card in its owner's hand: everything needed to play it without a lookup."""

    alter_ego: str
    alignments: tuple[str, ...]
    ev_requirement: str
    accretion: int
    texts: tuple[Label, ...]  # its keywords and permanent texts, in our words
    actions: tuple[ActionFace, ...]


@dataclass(frozen=True)
class LookupCard(HandCard):
    """A card looked up with ``/match lookup``: its printed data, the zone it is in and
    whether its rules text was checked against the printed card."""

    zone: str  # scene, loaded, scenario, resources, prizes, hand (own) or set_aside (own)
    verified: bool
    code: str = ""  # its printed collection code (BSET 1/100), "" for a pack's own card


@dataclass(frozen=True)
class LookupView:
    """What ``/match lookup`` shows: one card the asking seat may see (never a card of
    a deck or of the opponent's hand: ``lookup.visible`` decides)."""

    card: LookupCard


@dataclass(frozen=True)
class SceneCard:
    """A character or support in the scene (a card base) as it stands now."""

    id: int
    controller: int
    title: str
    name: str
    version: str
    alter_ego: str
    type: str
    powers: tuple[str, ...]  # current powers (granted and lost ones counted, 8.B)
    affiliations: tuple[str, ...]
    stage: int  # 0, 1 or 2 (4.5)
    shield: int
    full_shield: int
    energy: int  # cards it carries (4.3)
    initial_energy: int
    loaded: tuple[CardFace, ...]
    new: bool  # entered this turn
    actions: tuple[ActionTag, ...] = ()  # its printed actions (name, power, cost)


@dataclass(frozen=True)
class PlayerView:
    """One player's zones as everyone sees them: counts of hidden ones, public ones whole."""

    seat: int
    name: str
    deck: int
    hand: int
    resources: tuple[CardFace, ...]
    prizes: tuple[CardFace, ...]
    points: int
    load_order: str  # a standing preference, not hidden (4.4.2.2 A.3)


@dataclass(frozen=True)
class Owed:
    """A decision someone owes now: who, what (the prompt) and the action kinds."""

    seat: int
    prompt: Label
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class TreeItem:
    """An effect in the Effect Tree (9.1.2)."""

    uid: int
    level: int
    label: str
    paused: bool


@dataclass(frozen=True)
class ChoiceOption:
    """One answer of an open choice: what ``/battlescenes choose`` takes, and its label."""

    value: str
    label: Label


@dataclass(frozen=True)
class ChoiceView:
    """The open choice of the seat viewing (9.1.2): its question and answers."""

    prompt: str
    options: tuple[ChoiceOption, ...]


@dataclass(frozen=True)
class BoardView:
    """What everyone may see."""

    phase: str
    turn: int
    active: int
    first: int
    deciding: tuple[int, ...]  # seats that owe a decision now (not optional ones)
    prompt: str  # the first owed decision's message key
    owed: tuple[Owed, ...]
    players: tuple[PlayerView, ...]
    scene: tuple[SceneCard, ...]
    scenario: CardFace | None
    tree: tuple[TreeItem, ...]
    winner: int | None
    draw: bool
    end: str  # how the match ended: "points", "deck_out" or "" (still going, or a draw)
    last_action: str  # the last move's kind ("" before the first)
    last_seat: int  # who made it (-1: none)
    last_cards: tuple[int, ...]  # cards in the scene it involved (highlighted)
    last_events: tuple[Label, ...]  # what it did, as this viewer may read it
    #: Where the match stands outside the rules (a resignation, a referee's pause…):
    #: the bot's, from ``View.standing`` (:func:`parse`); the engine never sets it.
    standing: Standing | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class SeatView(BoardView):
    """A seat's own view: the board plus its hidden cards and open choice."""

    hand: tuple[HandCard, ...]
    set_aside: tuple[CardFace, ...]
    choice: ChoiceView | None


def as_label(message: Message) -> Label:
    """A catalog message as view data, its message parameters as ``{"key", "params"}``
    (what the catalog translates in place) so the view stays plain JSON."""
    plain = as_json(message)
    return Label(plain["key"], plain["params"])


def parse(view: View) -> BoardView:
    """The typed view of ``view`` (a :class:`SeatView` for a seat's view)."""
    kind: type[BoardView] = BoardView if view.seat is None else SeatView
    parsed: BoardView = serde.from_json(kind, dict(view.data))
    if view.standing is None:
        return parsed
    # Ended or paused outside the rules: nobody owes anything, nor chooses.
    parsed = replace(parsed, standing=view.standing, owed=(), deciding=())
    return replace(parsed, choice=None) if isinstance(parsed, SeatView) else parsed


def parse_lookup(view: View) -> LookupView:
    """The typed lookup view of ``view`` (see :func:`lookup_card`)."""
    parsed: LookupView = serde.from_json(LookupView, dict(view.data))
    return parsed


def _face(state: State, card: int) -> CardFace:
    d = zones.defn(state, card)
    return CardFace(
        card,
        zones.owner(state, card),
        d.title,
        d.name,
        d.version,
        d.type.value,
        d.energy,
        d.shield,
        d.powers,
        d.affiliations,
        d.keywords,
    )


def _cost(cost: int | None) -> str:
    return "X" if cost == -1 else ("" if cost is None else str(cost))


def hand_card(state: State, card: int) -> HandCard:
    """A card's full printed data, for its owner's hand view."""
    d: CardDef = zones.defn(state, card)
    face = _face(state, card)
    actions = tuple(
        ActionFace(a.name, a.power, a.kind.value, _cost(a.cost), as_label(describe_action(a, d)))
        for a in d.actions
    )
    return HandCard(
        **{f: getattr(face, f) for f in face.__dataclass_fields__},
        alter_ego=d.alter_ego,
        alignments=d.alignments,
        ev_requirement=d.ev_requirement,
        accretion=d.accretion,
        texts=tuple(as_label(m) for m in card_texts(d)),
        actions=actions,
    )


def lookup_card(state: State, card: int, zone: str) -> LookupCard:
    """``card``'s printed data for ``/match lookup`` (the caller checks it is visible)."""
    held = hand_card(state, card)
    return LookupCard(
        **{f: getattr(held, f) for f in held.__dataclass_fields__},
        zone=zone,
        verified=zones.defn(state, card).verified,
        code=zones.defn(state, card).code,
    )


def effect_label(effect: Pending, seat: int | None) -> str:
    """A pending effect's name, hidden from others until its card is revealed (5.2.1)."""
    return "?" if concealed(effect) and seat != effect.controller else effect.label


#: Choice options that are words, not cards: each has a catalog key ``battlescenes.answer.<word>``.
WORDS = (
    "skip",
    "done",
    "yes",
    "resources",
    "nothing",
    "hand",
    "deck_bottom",
    "prizes",
    "deck",
    "prevent",
    "mill",
)


def option_label(state: State, option: str, seat: int | None = None) -> Message:
    """A localisable label for a choice option (words such as ``deck_bottom`` get catalog
    texts, card numbers become titles; when the choice is which pending effect resolves
    first, the options are effects)."""
    if option in WORDS:
        return Message(f"battlescenes.answer.{option}")
    if option.startswith("player:"):  # a player picked (Minério Clandestino V1): which
        name = state.players[int(option.removeprefix("player:"))].name
        return Message("battlescenes.answer.player", {"player": name})
    if option.startswith("amount:"):  # "em {1} ou {2}" (Homem de Gelo V1): how much
        return Message("battlescenes.answer_amount", {"count": int(option.removeprefix("amount:"))})
    if state.choice is not None and state.choice.prompt == "battlescenes.choose_power":
        return Message(f"battlescenes.power.{option}")  # Fazer Esquecer V1: a power named
    if state.choice is not None and state.choice.pending == 0 and option.isdigit():
        for effect in state.tree:
            if effect.uid == int(option):
                return Message("battlescenes.answer.text", {"text": effect_label(effect, seat)})
    if ">" in option:
        card, base = option.split(">")
        params = {"card": zones.title(state, int(card)), "base": zones.title(state, int(base))}
        return Message("battlescenes.answer.onto", params)
    if option.isdigit() and int(option) < len(state.cards):
        return Message(
            "battlescenes.answer.card", {"card": zones.title(state, int(option)), "id": option}
        )
    return Message("battlescenes.answer.text", {"text": option})


def options_message(state: State, seat: int | None = None) -> Message:
    """The open choice's options as one message, each ``value: label`` in the reader's
    language (joined right to left through ``battlescenes.error.options_more``, because a
    catalog translates :class:`Message` parameters recursively)."""
    assert state.choice is not None
    pairs = [
        Message("battlescenes.render.answer", {"value": o, "label": option_label(state, o, seat)})
        for o in state.choice.options
    ]
    if not pairs:
        return Message("battlescenes.answer.text", {"text": ""})
    joined = pairs[-1]
    for pair in reversed(pairs[:-1]):
        joined = Message("battlescenes.error.options_more", {"first": pair, "rest": joined})
    return joined


def label_json(label: Message) -> dict[str, Any]:
    """``label`` as JSON (``{"key", "params"}``), which catalogs translate as a parameter."""
    return {"key": label.key, "params": dict(label.params)}


def _label(message: Message | Event) -> Label:
    return Label(message.key, serde.to_json(dict(message.params)))


def _end(state: State) -> str:
    """How the match was won: 15 prize points (4.9.1) or the loser's empty deck (4.9.2)."""
    if state.winner is None:
        return ""
    return (
        "points" if zones.prize_points(state, state.winner) >= zones.VICTORY_POINTS else "deck_out"
    )


def board_view(state: State, seat: int | None, pending: list[Decision]) -> BoardView:
    """Everything about the match that ``seat`` may see except its own hidden cards
    (the whole public view when ``seat`` is ``None``)."""
    scene = []
    for item in state.scene:
        d = zones.defn(state, item.card)
        scene.append(
            SceneCard(
                item.card,
                item.controller,
                d.title,
                d.name,
                d.version,
                d.alter_ego,
                d.type.value,
                tuple(zones.powers(state, item)),
                tuple(zones.affiliations(state, item)),
                item.stage,
                shields.shield(state, item),
                shields.full_shield(state, item),
                len(item.loaded),
                d.energy,
                tuple(_face(state, c) for c in item.loaded),
                item.entered_turn == state.turn,
                tuple(ActionTag(a.name, a.power, _cost(a.cost)) for a in d.actions),
            )
        )
    players = tuple(
        PlayerView(
            i,
            p.name,
            len(p.deck),
            len(p.hand),
            tuple(_face(state, c) for c in p.resources),
            tuple(_face(state, c) for c in p.prizes),
            zones.prize_points(state, i),
            p.load_order,
        )
        for i, p in enumerate(state.players)
    )
    owed = tuple(Owed(d.seat, _label(d.prompt), d.kinds) for d in pending if not d.optional)
    return BoardView(
        phase=state.phase.value,
        turn=state.turn,
        active=state.active,
        first=state.first,
        deciding=tuple(o.seat for o in owed),
        prompt=pending[0].prompt.key if pending else "",
        owed=owed,
        players=players,
        scene=tuple(scene),
        scenario=_face(state, state.scenario) if state.scenario is not None else None,
        tree=tuple(TreeItem(p.uid, p.level, effect_label(p, seat), p.paused) for p in state.tree),
        winner=state.winner,
        draw=state.draw,
        end=_end(state),
        last_action=state.last_action,
        last_seat=state.last_seat,
        last_cards=state.last_cards,
        last_events=tuple(_label(e.for_seat(seat)) for e in state.last_events),
    )


def seat_view(state: State, seat: int, pending: list[Decision]) -> SeatView:
    """``seat``'s own view: the board, its hand and set-aside cards, its open choice."""
    board = board_view(state, seat, pending)
    choice = None
    if state.choice is not None and state.choice.seat == seat:
        choice = ChoiceView(
            state.choice.prompt,
            tuple(
                ChoiceOption(o, _label(option_label(state, o, seat))) for o in state.choice.options
            ),
        )
    player = state.players[seat]
    return SeatView(
        **{f: getattr(board, f) for f in board.__dataclass_fields__},
        hand=tuple(hand_card(state, c) for c in player.hand),
        set_aside=tuple(_face(state, c) for c in player.set_aside),
        choice=choice,
    )


def build_view(state: State, seat: int | None, pending: list[Decision]) -> dict[str, Any]:
    """JSON view data for ``seat`` (``None``: public): a :class:`BoardView` or, for a
    seat, a :class:`SeatView`, as JSON."""
    view = board_view(state, None, pending) if seat is None else seat_view(state, seat, pending)
    data: dict[str, Any] = serde.to_json(view)
    return data
