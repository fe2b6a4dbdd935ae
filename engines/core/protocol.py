"""The engine contract every game implements (see docs/architecture.md).

A game subclasses :class:`GameEngine` and fills in the rules; the base class
supplies the parts that are the same for every game: turn authorisation
against :meth:`pending`, JSON conversion of states and actions, scenario
set-up overrides, and option validation.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from engines.core.dice import Dice
from engines.core.entry import describe as describe_entry_data
from engines.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    MatchOverError,
    NotYourTurnError,
    SetupError,
)
from engines.core.i18n import Catalog
from engines.core.model import (
    Action,
    ActionCodec,
    Choice,
    CommandSpec,
    Decision,
    MatchResult,
    Message,
    OptionType,
    Outcome,
    Preference,
    ResultKind,
    Seat,
    View,
)
from engines.core.serde import JSON, SerdeError, from_json, to_json

S = TypeVar("S")


@dataclasses.dataclass(frozen=True)
class MatchOption:
    """A match option chosen at ``/match new`` (``name=value``), with its default."""

    name: str
    type: OptionType
    default: str | int | bool
    description: Message
    choices: tuple[str | int, ...] = ()
    min_value: int | None = None
    max_value: int | None = None


class GameEngine(ABC, Generic[S]):
    """Base class of a game engine: a pure, deterministic state machine."""

    #: Registry id, lowercase ASCII; also the slash-command group name.
    name: ClassVar[str]
    #: Catalog key of the game's display name.
    title_key: ClassVar[str]
    state_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    options: ClassVar[tuple[MatchOption, ...]] = ()
    #: What :meth:`render` can draw; the first is the public board.
    render_kinds: ClassVar[tuple[str, ...]] = ("board",)
    #: The render kind of :meth:`lookup` views (e.g. one card).
    lookup_kind: ClassVar[str] = "card"
    #: Standing preferences players may turn on (see ``Decision.preference``).
    preferences: ClassVar[tuple[Preference, ...]] = ()
    #: The game's built-in content packs (``/match new … pack:``); the first is the one
    #: a pack uploaded as a single YAML file extends (``engines.core.packs``).
    builtin_packs: ClassVar[tuple[str, ...]] = ()
    #: The folders of a pack's layout (a zip holding just one of them is not unwrapped).
    pack_folders: ClassVar[tuple[str, ...]] = ()
    #: Where a single uploaded YAML file goes in the pack's layout ("" for its top).
    single_file_folder: ClassVar[str] = ""
    #: Kinds a referee may apply whatever the match waits for (manual adjustments);
    #: any other kind must be one some seat may make now (see :meth:`referee_apply`).
    referee_kinds: ClassVar[tuple[str, ...]] = ()
    #: The game's own examples of the referee tools, shown by ``/match help``: a
    #: ``/ref adjust`` change (a JSON object of state path: value) and a ``/ref act``
    #: action (JSON), both valid in a new match of the game; empty: none shown.
    referee_examples: ClassVar[tuple[str, str]] = ("", "")

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)

    # -- rules: every game implements these ---------------------------------

    @abstractmethod
    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> S:
        """Set up a match per the rulebook; invalid set-ups raise SetupError."""

    @abstractmethod
    def pending(self, state: S) -> list[Decision]:
        """Who must decide what now (empty once the match is over)."""

    @abstractmethod
    def rules_apply(self, state: S, seat: int, action: Action, dice: Dice) -> Outcome[S]:
        """Apply an action already known to be the seat's to make; enforce the rules."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see; ``None`` is the public view posted in the channel."""

    @abstractmethod
    def result(self, state: S) -> MatchResult | None:
        """How the match ended, or ``None`` while it goes on."""

    @abstractmethod
    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        """PNG bytes of a view, labelled in ``locale``; only render modules import PIL."""

    def private_kinds(self, view: View, locale: str = "en-US") -> tuple[str, ...]:
        """The render kinds of a seat's own view (``view``), in the order posted: by
        default :attr:`render_kinds`; a game whose private images run to several pages
        names each page. At most ten (Discord's files in one message); it may measure
        text, so the bot asks off the event loop, where it renders."""
        return self.render_kinds

    def describe(self, view: View, kind: str = "board", locale: str = "en-US") -> str:
        """Alt text for ``render(view, kind, locale)``: what a screen reader says about
        the image (who owes what, the score, the last action), in ``locale``, at most
        1,000 characters. The default is empty; the bot then uses the match title."""
        return ""

    @abstractmethod
    def commands(self) -> list[CommandSpec]:
        """The game's slash sub-commands, each building one action kind."""

    # -- shared behaviour ---------------------------------------------------

    def apply(self, state: S, seat: int, action: Action, dice: Dice) -> Outcome[S]:
        """Validate that ``seat`` may act now, then apply ``action`` by the rules."""
        if self.result(state) is not None:
            raise MatchOverError("The match is over.")
        if type(action) not in self.action_types:
            raise InvalidActionError(
                f"Unknown action {action.kind!r}.",
                key="core.error.unknown_action",
                params={"kind": action.kind},
            )
        decisions = [d for d in self.pending(state) if d.seat == seat]
        if not any(action.kind in d.kinds for d in decisions):
            owed = [d for d in decisions if not d.optional]
            if not owed:  # optional things a waiting seat may do do not make it their turn
                raise NotYourTurnError("It is not your turn to decide.")
            decisions = owed
            allowed = sorted({k for d in decisions for k in d.kinds})
            raise NotYourTurnError(
                f"You cannot do {action.kind!r} now; you may: {', '.join(allowed)}.",
                key="core.error.not_now",
                # The decision's own prompt tells the player, in their words, what is owed.
                params={
                    "kind": action.kind,
                    "allowed": ", ".join(allowed),
                    "prompt": decisions[0].prompt,
                },
            )
        return self.rules_apply(state, seat, action, dice)

    def concede(self, state: S, seat: int, seats: Sequence[int]) -> MatchResult:
        """The result when ``seat`` (of ``seats``) resigns or forfeits: by default
        every other seat wins; team games override it so a teammate shares the loss."""
        return MatchResult(ResultKind.WIN, tuple(s for s in seats if s != seat))

    def preview(self, state: S, seat: int, action: Action) -> View | None:
        """What ``action`` would do for ``seat``, without doing it: a view for
        ``seat``'s eyes, rendered with the ``"preview"`` render kind if the game
        has one (else its first). E.g. a move's path and the squares where lock
        tests happen, a spell's zone and line of sight. Raises what ``apply``
        would raise for an illegal action; ``None`` if there is nothing to show.
        Commands offer it when their ``CommandSpec.previewable`` is set.
        """
        return None

    def withdrawal(self, state: S, seat: int) -> Action | None:
        """The action by which ``seat`` leaves a match that goes on without them.

        ``None`` (the default) means leaving ends the match as :meth:`concede`
        says. A game where the others play on (a free-for-all with three or more
        players still in) returns an action; the bot applies it on the player's
        authority, whoever's turn it is, when they resign or forfeit.
        """
        return None

    def winning_side(self, state: S, seat: int, seats: Sequence[int]) -> tuple[int, ...]:
        """The seats that win when a referee declares ``seat`` the winner.

        ``seat``'s side is every seat that would *not* win if ``seat`` conceded,
        so a game whose ``concede`` knows its teams needs nothing more.
        """
        opponents = set(self.concede(state, seat, seats).winners)
        return tuple(s for s in seats if s not in opponents)

    def referee_apply(self, state: S, seat: int, action: Action, dice: Dice) -> Outcome[S]:
        """Apply an action for ``seat`` on a referee's authority, whoever's turn it is.

        The rules still judge the action itself (``rules_apply``); only the turn
        check is skipped, so a referee can apply a game's manual adjustments or
        make a move a player cannot make in time. The moment still counts: the
        kind must be one some seat may make now, or one of :attr:`referee_kinds`,
        so no rule ever sees an action of another phase.
        """
        if self.result(state) is not None:
            raise MatchOverError("The match is over.")
        if type(action) not in self.action_types:
            raise InvalidActionError(
                f"Unknown action {action.kind!r}.",
                key="core.error.unknown_action",
                params={"kind": action.kind},
            )
        allowed = {k for d in self.pending(state) for k in d.kinds}
        if action.kind not in allowed and action.kind not in self.referee_kinds:
            waited = ", ".join(sorted(allowed | set(self.referee_kinds))) or "-"
            raise IllegalActionError(
                f"Nobody can do {action.kind!r} now; the match waits for: {waited}.",
                key="core.error.not_now_anyone",
                params={"kind": action.kind, "allowed": waited},
            )
        return self.rules_apply(state, seat, action, dice)

    def autocomplete(
        self,
        state: S | None,
        seat: int | None,
        command: str,
        option: str,
        current: str,
        values: Mapping[str, Any],
    ) -> list[Choice]:
        """Suggestions for an autocompleted option of a game command.

        ``values`` are the command's other options the player has already
        filled in (e.g. the spell, when suggesting its targets).
        """
        return []

    def lookup(self, state: S, seat: int | None, query: str) -> View | None:
        """One thing ``seat`` may see (a card, a figure) found by ``query``, as a view
        rendered with ``render(view, lookup_kind)``; ``None`` when nothing matches.
        Never finds hidden things (an opponent's hand, a deck)."""
        return None

    def lookup_choices(self, state: S, seat: int | None, current: str) -> list[Choice]:
        """Autocomplete for :meth:`lookup`: only what ``seat`` may see."""
        return []

    # -- content previews (engines.core.entry) -----------------------------------

    def option_values(self, name: str, content: Any) -> list[tuple[str, str]]:
        """The values ``/match new`` offers for option ``name`` as ``(value, label)``
        pairs, with ``content`` (``load_content``'s result) the match's pack; by default
        the option's fixed ``choices``. A game whose values depend on the pack (decks,
        heroes) lists them here."""
        option = next((o for o in self.options if o.name == name), None)
        return [] if option is None else [(str(c), str(c)) for c in option.choices]

    def entry_ids(self, content: Any) -> list[str]:
        """The ids of every entry of a loaded pack (``load_content``'s result) that
        :meth:`entry_view` previews: figures, hero boards, cards. None by default."""
        return []

    def catalogue(self, content: Any) -> list[dict[str, JSON]]:
        """The facts of every entry of a loaded pack, one JSON object per entry, for
        ``python -m bot content list GAME --json`` (each game's shape is documented in
        ``docs/content.md``). By default only the ids :meth:`entry_ids` lists."""
        return [{"id": entry_id} for entry_id in self.entry_ids(content)]

    def content_template(self, content: Any, entry: str) -> str | None:
        """A ready pack file completing one entry of a loaded pack from one's own printed
        component (``python -m bot content template GAME ENTRY``): its known facts filled
        in, the rest for the owner to write. ``None`` when the game has none for it."""
        return None

    def template_ids(self, content: Any) -> list[str]:
        """The ids of the entries of a loaded pack that :meth:`content_template` is
        offered for (``/content template``): those a server must complete before
        they can be played. None by default."""
        return []

    def entry_view(self, content: Any, entry_id: str) -> View | None:
        """A preview of one entry of a loaded pack, drawn by :meth:`render_entry`
        (its data is an ``engines.core.entry`` sheet); ``None`` for an unknown id.
        Content only: no match, so nothing hidden can be in it."""
        return None

    def render_entry(self, view: View, locale: str = "en-US") -> bytes:
        """PNG of an :meth:`entry_view`, labelled in ``locale``."""
        from engines.core.render_entry import render_entry  # only rendering needs PIL

        return render_entry(view.data, self._entry_catalog(), locale)

    def describe_entry(self, view: View, locale: str = "en-US") -> str:
        """Alt text of :meth:`render_entry`'s image, in ``locale``."""
        return describe_entry_data(view.data, self._entry_catalog(), locale)

    def _entry_catalog(self) -> Catalog:
        # Read once per engine: a pack's previews are drawn many at a time.
        cached = self.__dict__.get("_previews_catalog")
        if cached is None:
            cached = self.__dict__["_previews_catalog"] = self.catalog()
        return cached

    def secret_fields(
        self, before: S, seat: int, action: Action, outcome: Outcome[S]
    ) -> tuple[str, ...]:
        """The fields of ``action`` (made by ``seat`` in state ``before``, giving
        ``outcome``) that are hidden information: a team submitted while the others
        still choose, a card named from a hand that stays hidden. The bot stores the
        answer with the move and blanks those fields (``redact_action``) in exports
        until the match has ended; ``seat`` sees its own secrets in its private view.

        The default hides every field the action type declares in ``Action.secret``
        (nothing, for most); a game narrows that to the cases that hide something
        (e.g. only a card that waits unnamed). Never more than ``Action.secret``:
        rows stored before this answer existed are redacted by that declaration.
        """
        return type(action).secret

    def undoable(self, action: Action) -> bool:
        """Whether a player may ask to undo this action (never past hidden info or dice)."""
        return False

    def check_state(self, state: S) -> list[Message]:
        """Every invariant ``state`` breaks (ranges, caps, zones, counts), each as a
        message naming it; empty when the state is one the rules can reach. Checked on
        every referee adjustment (:meth:`adjusted`); the default declares none."""
        return []

    def consequences(self, state: S) -> S:
        """``state`` with the consequences the rules give it, after a hand change: a
        figure at 0 HP knocked out, a player at 0 health defeated, a match won. The
        default has none."""
        return state

    def adjusted(self, state: S) -> S:
        """A referee's hand-changed ``state``, checked and settled: refused with
        :class:`InvalidStateError` naming the first invariant it breaks, else the state
        after :meth:`consequences` (which must itself keep every invariant)."""
        self._refuse_broken(state)
        settled = self.consequences(state)
        self._refuse_broken(settled)
        return settled

    def _refuse_broken(self, state: S) -> None:
        problems = self.check_state(state)
        if problems:
            raise InvalidStateError(
                f"The change breaks an invariant: {problems[0].key}",
                params={"invariant": problems[0]},
            )

    def load_content(self, pack: str | None) -> Any:
        """The content (figures, heroes, cards) a match uses; ``None`` if the game has none."""
        return None

    def parse_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``/match new`` options against :attr:`options`, filling defaults."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise SetupError(
                f"Unknown option(s): {', '.join(unknown)}.",
                key="core.error.unknown_option",
                params={"names": ", ".join(unknown), "known": ", ".join(known) or "-"},
            )
        parsed: dict[str, Any] = {}
        for opt in self.options:
            parsed[opt.name] = (
                _coerce_option(opt, raw[opt.name]) if opt.name in raw else opt.default
            )
        return parsed

    def check_seats(self, count: int) -> None:
        """Raise SetupError unless ``count`` players may play this game."""
        if not self.min_seats <= count <= self.max_seats:
            # "2–4 players", or "2 players" where only one number may play.
            seats = f"{self.min_seats}–{self.max_seats}"
            if self.min_seats == self.max_seats:
                seats = str(self.min_seats)
            raise SetupError(
                f"This game needs {seats} players, not {count}.",
                key="core.error.seat_count",
                params={"seats": seats, "count": count},
            )

    def state_to_json(self, state: S) -> JSON:
        """Lossless JSON of a state (used for snapshots)."""
        return to_json(state)

    def state_from_json(self, data: JSON) -> S:
        """Rebuild a state from :meth:`state_to_json` output."""
        state: S = from_json(self.state_type, data)
        return state

    def action_to_json(self, action: Action) -> dict[str, JSON]:
        """JSON of an action for the event log."""
        return self.codec.to_json(action)

    def parse_action(self, data: Mapping[str, JSON]) -> Action:
        """Parse an action from JSON; malformed input raises InvalidActionError."""
        return self.codec.from_json(data)

    def parse_action_text(self, text: str) -> Action:
        """Parse an action typed as JSON text (``/ref act``); invalid JSON, too deep
        nesting and malformed actions raise InvalidActionError."""
        return self.codec.from_text(text)

    def apply_setup(self, state: S, overrides: Mapping[str, JSON]) -> S:
        """Scenario set-up: place anything the state can hold.

        The default deep-merges ``overrides`` into the state's JSON and parses
        the result, so any field of the state can be set; a game may override
        this with a friendlier schema (documented in docs/scenarios.md).
        """
        merged = _deep_merge(self.state_to_json(state), overrides)
        try:
            return self.state_from_json(merged)
        except SerdeError as exc:
            raise SetupError(
                f"Invalid scenario setup: {exc}",
                key="core.error.setup_override",
                params={"detail": str(exc)},
            ) from None

    def catalog(self) -> Catalog:
        """The core messages plus this game's, for labels drawn in renders.

        Read once per process and shared: parsing the YAML on every render was most
        of a render's time. The catalog holds every locale side by side and nobody
        changes it after loading, so sharing it cannot mix languages.
        """
        directory = self.locale_dir()
        return _shared_catalog(directory)

    def locale_dir(self) -> Path | None:
        """Directory of the game's message catalogs (``<locale>.yaml``)."""
        module = importlib.import_module(type(self).__module__)
        path = Path(module.__file__ or "").parent / "locales"
        return path if path.is_dir() else None


@functools.cache
def _shared_catalog(directory: Path | None) -> Catalog:
    """The catalog of the core plus ``directory``, loaded on first use."""
    return Catalog.from_dirs([directory] if directory else [])


def _coerce_option(opt: MatchOption, value: Any) -> str | int | bool:
    def bad() -> SetupError:
        return SetupError(
            f"Option {opt.name}: {value!r} is not valid.",
            key="core.error.bad_option",
            params={"name": opt.name, "value": str(value)},
        )

    result: str | int | bool
    if opt.type is OptionType.INTEGER:
        try:
            result = int(value)
        except (TypeError, ValueError):
            raise bad() from None
        if (opt.min_value is not None and result < opt.min_value) or (
            opt.max_value is not None and result > opt.max_value
        ):
            raise bad()
    elif opt.type is OptionType.BOOLEAN:
        text = str(value).strip().lower()
        if text not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
            raise bad()
        result = text in ("true", "yes", "1", "on")
    else:
        result = str(value)
    if opt.choices and result not in opt.choices:
        raise bad()
    return result


def _deep_merge(base: JSON, overrides: JSON) -> JSON:
    if isinstance(base, dict) and isinstance(overrides, Mapping):
        merged = dict(base)
        for key, value in overrides.items():
            merged[str(key)] = _deep_merge(base.get(str(key)), value) if str(key) in base else value
        return merged
    return overrides
