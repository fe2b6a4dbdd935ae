"""Dice Throne (rules 2.2) as a :class:`GameEngine`: 1 v 1, 2 v 2 and King of the Hill."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import (
    Action,
    Choice,
    CommandSpec,
    Decision,
    Dice,
    Event,
    GameEngine,
    MatchOption,
    MatchResult,
    Message,
    OptionType,
    Outcome,
    Preference,
    Seat,
    SetupError,
    View,
)
from engines.core.model import replace
from engines.core.packs import pack_root
from engines.core.results import conceded, ended, score_lines
from engines.core.serde import from_json, to_json
from engines.dicethrone import actions as a
from engines.dicethrone import catalogue, entry, lookup
from engines.dicethrone.commands import COMMANDS
from engines.dicethrone.content import Content
from engines.dicethrone.content.loader import BUILTIN_PACKS, CONTENT_ROOT, load_pack
from engines.dicethrone.menus import with_menus
from engines.dicethrone.render import describe as alt_text
from engines.dicethrone.render import png
from engines.dicethrone.rules import first_roll, invariants
from engines.dicethrone.rules.decisions import AUTOPASS, pending, playable
from engines.dicethrone.rules.handlers import HANDLERS
from engines.dicethrone.rules.modes import MODE_BY_SEATS, SEATS
from engines.dicethrone.rules.state import (
    DUEL,
    HAND_START,
    KING,
    KING_HEALTH,
    START_HEALTH,
    TEAMS,
    Phase,
    Player,
    State,
)
from engines.dicethrone.rules.turn import Flow
from engines.dicethrone.view import build_view, suggestions

DEFAULT_PACK = BUILTIN_PACKS[0]


_INSTALLED: dict[str, Content] = {}


def install_pack(content: Content) -> None:
    """Make a pack loaded from elsewhere (a community directory, a test) playable."""
    _INSTALLED[content.pack] = content


def pack(name: str) -> Content:
    """A content pack by name: an installed one, else the built-in directory, else a
    community pack (``engines.core.packs``; built-in names cannot be shadowed)."""
    if name not in _INSTALLED:
        _INSTALLED[name] = load_pack(name, pack_root("dicethrone", name, CONTENT_ROOT))
    return _INSTALLED[name]


class DiceThrone(GameEngine[State]):
    """The Dice Throne engine."""

    name = "dicethrone"
    title_key = "dicethrone.title"
    state_type = State
    action_types = a.ACTION_TYPES
    min_seats = 2
    max_seats = 4
    options = (
        MatchOption("hero1", OptionType.STRING, "barbarian", Message("dicethrone.option.hero1")),
        MatchOption("hero2", OptionType.STRING, "paladin", Message("dicethrone.option.hero2")),
        MatchOption("hero3", OptionType.STRING, "gunslinger", Message("dicethrone.option.hero3")),
        MatchOption("hero4", OptionType.STRING, "barbarian", Message("dicethrone.option.hero4")),
        MatchOption(
            "mode",
            OptionType.STRING,
            "auto",
            Message("dicethrone.option.mode"),
            choices=("auto", DUEL, KING, TEAMS),
        ),
        # Off by default: a window after every Income lengthens play-by-post turns.
        MatchOption(
            "income_window",
            OptionType.BOOLEAN,
            False,
            Message("dicethrone.option.income_window"),
        ),
        # Off by default, likewise: Upkeeps with damage or healing to apply always wait.
        MatchOption(
            "upkeep_window",
            OptionType.BOOLEAN,
            False,
            Message("dicethrone.option.upkeep_window"),
        ),
    )
    render_kinds = ("board", "hand")
    lookup_kind = "entry"
    builtin_packs = BUILTIN_PACKS
    pack_folders = ("heroes",)
    single_file_folder = "heroes"
    #: A referee applies card text by hand (``adjust``) at any time.
    referee_kinds = ("adjust",)
    referee_examples = ('{"players.0.health": 25}', '{"kind": "keep", "dice": "1 3"}')
    preferences = (Preference(AUTOPASS, Message("dicethrone.preference.autopass")),)

    def catalogue(self, content: Any) -> list[dict[str, Any]]:
        """Every built-in hero's facts (``engines.dicethrone.catalogue``)."""
        return catalogue.catalogue(content) if isinstance(content, Content) else []

    def entry_ids(self, content: Any) -> list[str]:
        """Every hero of a pack (``engines.dicethrone.entry``)."""
        return entry.entry_ids(content) if isinstance(content, Content) else []

    def entry_view(self, content: Any, entry_id: str) -> View | None:
        """A hero's preview: dice, board, statuses and deck."""
        data = entry.entry_data(content, entry_id) if isinstance(content, Content) else None
        return None if data is None else View(self.name, None, data)

    def load_content(self, pack_name: str | None) -> Content:
        return pack(pack_name or DEFAULT_PACK)

    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> State:
        """ "Preparação": heroes, 50 health (35 in King of the Hill), 2 CP, shuffled
        decks, 4 cards, first player. The number of players picks the mode (3: King
        of the Hill, 4: 2 v 2 teams); the ``mode`` option may only confirm it."""
        self.check_seats(len(seats))
        opts = self.parse_options(options)
        mode = MODE_BY_SEATS[len(seats)]
        if opts["mode"] not in ("auto", mode):
            raise SetupError(
                f"Mode {opts['mode']} needs {SEATS[str(opts['mode'])]} players.",
                key="dicethrone.error.mode_seats",
                params={"mode": str(opts["mode"]), "count": SEATS[str(opts["mode"])]},
                rule="Partidas com 3/4 jogadores",
            )
        content = content if isinstance(content, Content) else self.load_content(None)
        health = KING_HEALTH if mode == KING else START_HEALTH
        players = []
        for key in (f"hero{i + 1}" for i in range(len(seats))):
            hero = content.heroes.get(str(opts[key]))
            if hero is None:
                raise SetupError(
                    f"Unknown hero {opts[key]!r}.",
                    key="dicethrone.error.unknown_hero",
                    params={"hero": str(opts[key]), "known": ", ".join(sorted(content.heroes))},
                    rule="Preparação",
                )
            if not hero.selectable:
                # A built-in hero too incomplete to play as printed says why (issue 22).
                raise SetupError(
                    f"{hero.id} cannot be chosen yet.",
                    key="dicethrone.error.unselectable_hero",
                    params={"hero": dict(hero.name), "reason": dict(hero.unselectable)},
                    rule="Preparação",
                )
            cards = tuple(c.id for c in hero.cards for _ in range(c.copies))
            deck = tuple(dice.shuffle(cards, f"{hero.id} deck"))
            players.append(
                Player(hero=hero.id, health=health, hand=deck[:HAND_START], deck=deck[HAND_START:])
            )
        state = State(
            seats=tuple(seats),
            pack=content.pack,
            players=tuple(players),
            active=0,
            first=0,
            phase=Phase.UPKEEP,
            mode=mode,
            income_window=bool(opts["income_window"]),
            upkeep_window=bool(opts["upkeep_window"]),
        )
        # "Preparação" 7 (first player, with a window when a card could change the
        # dice), then 8 (hero-specific set-up) and the first turn.
        return first_roll.begin(Flow(content, dice), state)

    def apply_setup(self, state: State, overrides: Mapping[str, Any]) -> State:
        """Scenario set-up; ``players`` may be a mapping by seat index that merges fields.

        ``{players: {1: {statuses: {protect: 1}, hand: [absolution]}}}`` changes
        only those fields of seat 1 (the default would replace the whole list).
        """
        rest = dict(overrides)
        players = rest.pop("players", None)
        if isinstance(players, Mapping):
            merged = list(self.state_to_json(state)["players"])
            for key, fields in players.items():
                merged[int(key)] = {**merged[int(key)], **dict(fields)}
            rest["players"] = merged
        elif players is not None:
            rest["players"] = players
        return super().apply_setup(state, rest)

    def state_from_json(self, data: Any) -> State:
        """Rebuild a state; snapshots from before the auto-pass preference carry an
        ``auto_pass`` field (now a player preference kept by the bot), dropped here."""
        if isinstance(data, Mapping) and "auto_pass" in data:
            data = {k: v for k, v in data.items() if k != "auto_pass"}
        return super().state_from_json(data)

    def flow(self, state: State, dice: Dice) -> Flow:
        """A Flow for this state's content pack."""
        return Flow(self.load_content(state.pack), dice)

    def pending(self, state: State) -> list[Decision]:
        flow = self.flow(state, _NoDice())
        return [with_menus(flow, state, d) for d in pending(flow, state)]

    def playable(self, flow: Flow, state: State, seat: int) -> list[str]:
        """Cards in the seat's hand it may play right now."""
        return playable(flow, state, seat)

    def rules_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        flow = self.flow(state, dice)
        state = HANDLERS.handler(action)(flow, state, seat, action)
        events = tuple(flow.events)
        # The board's caption: only the public form of each event (a drawn card unnamed).
        # Stored as their JSON reads back (a Message parameter becomes its mapping), so
        # a state equals itself after a round trip through the database.
        last = tuple(from_json(Event, to_json(e.for_seat(None))) for e in events)
        return Outcome(replace(state, last=last), events)

    def concede(self, state: State, seat: int, seats: Sequence[int]) -> MatchResult:
        """A resignation or forfeit: in 2 v 2 the whole team loses ("Partidas de Equipes")."""
        return conceded(seat, seats, allied=lambda s: state.team(s) == state.team(seat))

    def result(self, state: State) -> MatchResult | None:
        # The final score is each hero's health ("Vitalidade").
        score = score_lines(
            "dicethrone.result.score",
            (
                (seat.name, player.health)
                for seat, player in zip(state.seats, state.players, strict=True)
            ),
        )
        winners = () if state.winner is None else (state.winners or (state.winner,))
        return ended(
            winners,
            state.draw,
            score,
            Message("dicethrone.result.defeated"),
            Message("dicethrone.result.draw"),
        )

    def check_state(self, state: State) -> list[Message]:
        return invariants.check_state(state)

    def consequences(self, state: State) -> State:
        return invariants.consequences(state)

    def view(self, state: State, seat: int | None) -> View:
        flow = self.flow(state, _NoDice())
        typed = build_view(flow, state, seat, self.pending(state))
        data = to_json(typed)
        assert isinstance(data, dict)
        return View(self.name, seat, data)

    def lookup(self, state: State, seat: int | None, query: str) -> View | None:
        """A card ``seat`` may see (its own hand, any discard pile, an upgrade on a
        board) or a hero's board, by name in any language or id; never a hidden card."""
        data = lookup.lookup(self.load_content(state.pack), state, seat, query)
        return None if data is None else View(self.name, seat, data)

    def lookup_choices(self, state: State, seat: int | None, current: str) -> list[Choice]:
        """Autocomplete for :meth:`lookup`: visible cards, then the heroes at the table."""
        return lookup.choices(self.load_content(state.pack), state, seat, current)

    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        if kind == self.lookup_kind:  # a card's or a hero's sheet (/match lookup)
            return self.render_entry(view, locale)
        return png.render(view, kind, self.catalog(), locale)

    def describe(self, view: View, kind: str = "board", locale: str = "en-US") -> str:
        """Alt text: who owes what, each hero's health, CP and statuses, the last move."""
        if kind == self.lookup_kind:
            return self.describe_entry(view, locale)
        return alt_text.describe(view, kind, self.catalog(), locale)

    def commands(self) -> list[CommandSpec]:
        return list(COMMANDS)

    def secret_fields(
        self, before: State, seat: int, action: Action, outcome: Outcome[State]
    ) -> tuple[str, ...]:
        """A non-active player's Instant Action that waits for the active player's answer
        ("Conflitos de Timing") is not said, not even whether it is a card or a token:
        the whole action stays hidden. Anything played at once is public."""
        queued = outcome.state.queued
        instant = isinstance(action, a.PlayCard | a.Spend | a.UseBoardAction)
        if instant and queued is not None and queued.seat == seat:
            return type(action).secret
        return ()

    def undoable(self, action: Action) -> bool:
        # Choosing dice to keep reveals and rolls nothing; everything else rolls
        # dice, draws cards or gives the opponent a window.
        return isinstance(action, a.Keep)

    def autocomplete(
        self,
        state: State | None,
        seat: int | None,
        command: str,
        option: str,
        current: str,
        values: Mapping[str, Any],
    ) -> list[Choice]:
        if state is None or seat is None or state.phase is Phase.OVER:
            return []
        flow = self.flow(state, _NoDice())
        playable = self.playable(flow, state, seat)
        card = str(values.get("card") or "")
        return suggestions(flow, state, seat, command, option, current, playable, card)


class _NoDice(Dice):
    """Dice for read-only questions (pending, view): drawing from it is a bug."""

    def _die(self, sides: int, faces: Sequence[str] | None) -> int:
        raise AssertionError("no dice may be rolled here")

    def _permutation(self, n: int) -> tuple[int, ...]:
        raise AssertionError("no shuffle may happen here")
