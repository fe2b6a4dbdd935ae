"""Typed data every engine exchanges with the bot: actions, events, decisions."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from engines.core.errors import InvalidActionError
from engines.core.serde import JSON, SerdeError, field_name, from_json, loads, to_json

S = TypeVar("S")


@dataclass(frozen=True)
class Seat:
    """A place at the table. Engines know seats by index; the bot maps them to users."""

    index: int
    name: str


@dataclass(frozen=True)
class Message:
    """A localisable text: a catalog key plus the parameters it interpolates."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    """Something that happened, in words a player can read once localised.

    ``redact`` marks hidden content (a drawn card, a face-down reward): only the
    seats in ``audience`` see it as is; everyone else sees the ``<key>.hidden``
    message with just the ``public_params``.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None
    redact: bool = False
    audience: tuple[int, ...] = ()
    public_params: tuple[str, ...] = ()

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (``None`` is the public channel)."""
        if not self.redact or (seat is not None and seat in self.audience):
            return self
        return Event(
            key=f"{self.key}.hidden",
            params={k: v for k, v in self.params.items() if k in self.public_params},
            rule=self.rule,
        )


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a ``kind``."""

    kind: ClassVar[str] = ""
    #: Fields that may carry hidden information (a team being submitted, a card named
    #: from a hand): the most :meth:`GameEngine.secret_fields` may hide. ``"kind"``
    #: hides the whole action, even which kind it was.
    secret: ClassVar[tuple[str, ...]] = ()


def redact_action(data: Mapping[str, JSON], fields: Iterable[str]) -> dict[str, JSON]:
    """An action's JSON with its ``fields`` blanked (``None``), as someone who may not
    see them is shown it; with ``"kind"`` among them every field is blanked."""
    hidden = set(fields)
    if "kind" in hidden:
        return {"kind": None}
    return {k: (None if k in hidden else v) for k, v in data.items()}


A = TypeVar("A", bound=Action)


class ActionCodec:
    """Converts a game's actions to and from the JSON stored in the event log."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        for tp in action_types:
            if not tp.kind or tp.kind in self._types:
                raise ValueError(f"action kind {tp.kind!r} is empty or registered twice")
            self._types[tp.kind] = tp

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every action kind this codec knows."""
        return tuple(self._types)

    def to_json(self, action: Action) -> dict[str, JSON]:
        """JSON of an action, ``kind`` first."""
        if self._types.get(action.kind) is not type(action):
            raise InvalidActionError(
                f"Unknown action {action.kind!r}.", params={"kind": action.kind}
            )
        body = to_json(action)
        assert isinstance(body, dict)
        return {"kind": action.kind, **body}

    def from_text(self, text: str) -> Action:
        """Parse an action typed as JSON text (``/ref act``); bad JSON, JSON that is
        not an object and malformed actions all raise :class:`InvalidActionError`."""
        try:
            data = loads(text)
        except SerdeError as exc:
            raise InvalidActionError(
                f"The action is not valid JSON: {exc}",
                key="core.error.bad_action_json",
            ) from None
        return self.from_json(data)

    def from_json(self, data: JSON) -> Action:
        """Parse an action; a malformed one raises :class:`InvalidActionError`."""
        if not isinstance(data, Mapping):
            raise InvalidActionError(
                "An action is a JSON object with a kind.", key="core.error.action_not_object"
            )
        kind = data.get("kind")
        tp = self._types.get(kind) if isinstance(kind, str) else None
        if tp is None:
            raise InvalidActionError(
                f"Unknown action {kind!r}.",
                key="core.error.unknown_action",
                params={"kind": str(kind)},
            )
        body = {k: v for k, v in data.items() if k != "kind"}
        try:
            action = from_json(tp, body)
        except SerdeError as exc:
            raise InvalidActionError(
                f"Invalid {kind} action: {exc}",
                key="core.error.bad_action_field",
                params={"kind": kind, "field": field_name(exc.path) or kind},
            ) from None
        assert isinstance(action, Action)
        return action


@dataclass(frozen=True)
class SelectOption:
    """One entry of a :class:`Selection`: the value put in the action and its label."""

    value: str | int
    label: Message
    #: Pre-selected when the menu is shown (e.g. the dice a player already keeps).
    chosen: bool = False


@dataclass(frozen=True)
class Selection:
    """A menu answering a decision: the chosen values fill one field of an action.

    With ``many`` the field receives the list of chosen values (between
    ``min_values`` and ``max_values`` of them: "keep these dice"); otherwise
    exactly one value ("play this card"); ``joined`` makes the list one text.
    ``params`` are the action's other fields, fixed. A selection whose options
    are hidden information (a hand) must leave ``public`` false: the bot then
    offers it only in the seat's own private view, never in a public post.
    """

    kind: str
    field_name: str
    options: tuple[SelectOption, ...]
    placeholder: Message
    many: bool = False
    min_values: int = 1
    max_values: int = 1
    public: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)
    #: With ``many``: the values joined into one text by this separator, for an
    #: action whose field is text ("1 3 5") rather than a list.
    joined: str | None = None
    #: With ``many`` and ``min_values`` 0: the label of a button choosing no value at
    #: all ("put no card into your resources"). A menu cannot send an empty choice
    #: unless something was pre-selected, so choosing nothing needs its own button.
    none: Message | None = None

    def action(self, values: Sequence[str | int]) -> dict[str, Any]:
        """The action (as JSON) for these chosen values."""
        chosen: Any = list(values) if self.many else values[0]
        if self.many and self.joined is not None:
            chosen = self.joined.join(str(v) for v in values)
        return {**self.params, "kind": self.kind, self.field_name: chosen}


@dataclass(frozen=True)
class Decision:
    """Who must decide what now.

    ``kinds`` are the action kinds the seat may submit; ``default`` is what
    happens if the deadline passes, and ``auto_default`` says whether that
    default may be applied without a referee. ``preference`` names a standing
    preference (declared in the engine's ``preferences``): a player who turned
    it on has ``default`` applied at once instead of being asked. An
    ``optional`` decision is something a seat *may* do now (an instant card
    in Dice Throne, playable at any time) without anyone waiting for it: it is
    never pinged, has no deadline and is never applied automatically.
    """

    seat: int
    kinds: tuple[str, ...]
    prompt: Message
    default: Action | None = None
    auto_default: bool = False
    preference: str | None = None
    optional: bool = False
    #: Menus that answer this decision (Discord select menus); slash commands stay.
    selections: tuple[Selection, ...] = ()
    #: The exchange this decision belongs to (a Dice Throne attack and its response
    #: windows), if any: decisions one after another with the same key are gathered by
    #: the bot into one post that pings each of ``exchange_seats`` once. It must depend
    #: only on public information (never on a hand), like everything in a decision.
    exchange: str | None = None
    #: The seats the exchange may ask (pinged once, when it opens).
    exchange_seats: tuple[int, ...] = ()
    #: Whether the seat may, in principle, answer with hidden information now (play a
    #: card from its hand): the public post then points to the seat's own view, whether
    #: or not the hand holds such a card at the moment. Read from the rules and public
    #: information only: a post that pointed there only when a card is playable would
    #: tell everyone what the hand holds.
    hidden_options: bool = False


@dataclass(frozen=True)
class Preference:
    """A standing preference a player may turn on, e.g. "pass when I can do nothing"."""

    key: str
    description: Message


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """What ``apply`` returns: the new state and the events, in order."""

    state: S
    events: tuple[Event, ...] = ()


class ResultKind(enum.Enum):
    """How a match ended."""

    WIN = "win"
    DRAW = "draw"


@dataclass(frozen=True)
class MatchResult:
    """The end of a match: the winning seats (several in team modes) or a draw;
    ``reason`` says how it was won in words ("every opposing Krosmaster was knocked
    out"), ``score`` the final score, one message per seat ("Alice: 15 prize points")."""

    kind: ResultKind
    winners: tuple[int, ...] = ()
    reason: Message | None = None
    score: tuple[Message, ...] = ()


@dataclass(frozen=True)
class Standing:
    """Where a match stands outside its rules, which the engine's state cannot know: a
    resignation, a forfeit, a referee's result or cancellation (``over``), or a pause.
    A render says ``text`` where it would say who owes what ("Bruno won: the other side
    resigned", "Paused by a referee"), and, once ``over``, shows no turn going on."""

    text: Message
    over: bool


@dataclass(frozen=True)
class View:
    """What one seat (or the public, ``seat=None``) may see, as JSON-able data.

    Renderers draw from a View only, so anything absent from a public view can
    never leak into a public image. ``standing`` is set by the bot, not the engine,
    for a match that ended or is paused outside the rules (:class:`Standing`).
    """

    game: str
    seat: int | None
    data: Mapping[str, JSON]
    standing: Standing | None = None


class OptionType(enum.Enum):
    """Types of slash-command options a game command may declare."""

    STRING = "string"
    INTEGER = "integer"
    BOOLEAN = "boolean"


@dataclass(frozen=True)
class Choice:
    """An autocomplete or fixed choice: what the player sees and the value sent."""

    label: Message
    value: str | int


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game command. Names are lowercase ASCII (Discord rules)."""

    name: str
    type: OptionType
    description: Message
    required: bool = True
    choices: tuple[Choice, ...] = ()
    autocomplete: bool = False
    min_value: int | None = None
    max_value: int | None = None


class Section(enum.Enum):
    """Which of a game's top-level slash commands a command belongs to.

    Discord caps the size of one top-level command, and a phone shows a long list
    badly, so a game's commands are split by when a player types them. The engine
    only declares the section; the bot names the commands (``/<game>``,
    ``/<game>-setup``, ``/<game>-manual``, translated) and omits empty ones.
    """

    #: Only before the first turn (teams, sides, deployment, mulligans): ``/<game>-setup …``.
    SETUP = "setup"
    #: What a player types during the match, turn after turn: ``/<game> …``.
    PLAY = "play"
    #: Card text applied by hand, and saying it is applied: ``/<game>-manual …``.
    MANUAL = "manual"


@dataclass(frozen=True)
class CommandSpec:
    """A game sub-command: ``/<game> <name> ...`` builds the action ``action``.

    The command's option values become the action's fields of the same name.
    """

    name: str
    description: Message
    action: str
    options: tuple[OptionSpec, ...] = ()
    #: The bot adds a ``preview`` option: the action is shown (``GameEngine.preview``)
    #: to the player alone, without being made.
    previewable: bool = False
    #: The top-level command it is listed under (see :class:`Section`).
    section: Section = Section.PLAY


def replace(obj: S, **changes: Any) -> S:
    """``dataclasses.replace`` with a type checkers understand."""
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


def seat_names(seats: Sequence[Seat]) -> dict[int, str]:
    """Map seat index to display name."""
    return {s.index: s.name for s in seats}
