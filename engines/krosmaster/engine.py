"""Krosmaster Arena (tournament rules 2.7) as a :class:`GameEngine`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from engines.core import (
    Action,
    Choice,
    CommandSpec,
    ContentError,
    Decision,
    Dice,
    DiceExhaustedError,
    GameEngine,
    MatchOption,
    MatchResult,
    Message,
    OptionType,
    Outcome,
    Preference,
    RiggedDice,
    Seat,
    View,
)
from engines.core.model import replace
from engines.core.packs import community_pack
from engines.core.results import conceded, ended, score_lines
from engines.core.serde import JSON
from engines.krosmaster import actions as A
from engines.krosmaster import entry, lookup
from engines.krosmaster.catalogue import catalogue
from engines.krosmaster.commands import autocomplete, command_specs
from engines.krosmaster.content.loader import BUILTIN_PACK, builtin_pack, load_dir
from engines.krosmaster.content.schema import ContentPack
from engines.krosmaster.errors import setup
from engines.krosmaster.menus import with_menus
from engines.krosmaster.preview import cast_plan, move_plan
from engines.krosmaster.render import board, words
from engines.krosmaster.rules import decisions, invariants, leaving, play, setup_overrides, teams
from engines.krosmaster.rules.board import is_krosmaster, on_board
from engines.krosmaster.rules.decisions import AUTO_TENSION
from engines.krosmaster.rules.handlers import play_action
from engines.krosmaster.rules.seats import DUEL, FFA, TEAMS, eliminated
from engines.krosmaster.rules.setup import CONSTRUCTED, LIMITED, resolve_team
from engines.krosmaster.rules.state import Phase, State
from engines.krosmaster.template import template
from engines.krosmaster.view import build_view


def default_pack() -> ContentPack:
    """The built-in content under assets/content/krosmaster/."""
    return builtin_pack()


#: Chapter 9 defaults when a multiplayer match names no team or arena of its own.
DUO_TEAMS = ("osamodas-duo",) * 4
FOUR_SIDED_ARENA = "four-winds"
#: What a duel plays when the match names no arena or teams ("auto").
DUEL_ARENA = "training-grounds"
DUEL_TEAMS = ("osamodas-court", "osamodas-court")
AUTO = "auto"


class Krosmaster(GameEngine[State]):
    """Engine of Krosmaster Arena: duel (1 v 1), free-for-all and 2 v 2 (chapter 9)."""

    name = "krosmaster"
    min_seats = 2
    max_seats = 4
    title_key = "krosmaster.title"
    state_type = State
    action_types = A.ALL_ACTIONS
    render_kinds = ("board", "preview")
    lookup_kind = "entry"
    builtin_packs = (BUILTIN_PACK,)
    pack_folders = ("figures", "arenas")
    #: A referee fixes the state (``adjust``) or withdraws a leaving player at any time.
    referee_kinds = ("adjust", "withdraw")
    referee_examples = ('{"players.0.kamas": 5}', '{"kind": "end_turn"}')
    preferences = (Preference(AUTO_TENSION, Message("krosmaster.preference.auto_tension")),)
    options = (
        MatchOption(
            "format",
            OptionType.STRING,
            AUTO,
            Message("krosmaster.option.format"),
            choices=(AUTO, CONSTRUCTED, LIMITED),
        ),
        MatchOption("arena", OptionType.STRING, AUTO, Message("krosmaster.option.arena")),
        MatchOption(
            "lock",
            OptionType.STRING,
            "2.7",
            Message("krosmaster.option.lock"),
            choices=("2.7", "classic"),
        ),
        MatchOption("team1", OptionType.STRING, AUTO, Message("krosmaster.option.team1")),
        MatchOption("team2", OptionType.STRING, AUTO, Message("krosmaster.option.team2")),
        MatchOption("team3", OptionType.STRING, AUTO, Message("krosmaster.option.team3")),
        MatchOption("team4", OptionType.STRING, AUTO, Message("krosmaster.option.team4")),
        MatchOption(
            "mode",
            OptionType.STRING,
            "auto",
            Message("krosmaster.option.mode"),
            choices=("auto", DUEL, FFA, TEAMS),
        ),
        MatchOption(
            "level",
            OptionType.INTEGER,
            0,
            Message("krosmaster.option.level"),
            min_value=0,
            max_value=24,
        ),
        MatchOption(
            "box",
            OptionType.STRING,
            "2.0",
            Message("krosmaster.option.box"),
            choices=("2.0", "original"),
        ),
        MatchOption(
            "teams",
            OptionType.STRING,
            teams.OPTIONS,
            Message("krosmaster.option.teams"),
            choices=(teams.OPTIONS, teams.SUBMIT),
        ),
        MatchOption(
            "sides",
            OptionType.STRING,
            "fixed",
            Message("krosmaster.option.sides"),
            choices=("fixed", "choose"),
        ),
    )

    def entry_ids(self, content: Any) -> list[str]:
        """Figures and summons, rewards, arenas (``engines.krosmaster.entry``)."""
        return entry.entry_ids(content) if isinstance(content, ContentPack) else []

    def content_template(self, content: Any, entry: str) -> str | None:
        """A single-file pack completing a Krosmaster (its printed stats filled in)."""
        return template(content, entry) if isinstance(content, ContentPack) else None

    def template_ids(self, content: Any) -> list[str]:
        """The Krosmasters known only by their printed stats (not playable yet)."""
        if not isinstance(content, ContentPack):
            return []
        return [f.id for f in content.figures.values() if not f.summon and not f.playable]

    def catalogue(self, content: Any) -> list[dict[str, JSON]]:
        """Each entry's facts: a figure's printed stats, colour, boss, playable, source."""
        return catalogue(content) if isinstance(content, ContentPack) else []

    def entry_view(self, content: Any, entry_id: str) -> View | None:
        """A figure's, reward's or arena's preview sheet."""
        data = entry.entry_data(content, entry_id) if isinstance(content, ContentPack) else None
        return None if data is None else View(self.name, None, data)

    def load_content(self, pack: str | None) -> Any:
        """The built-in pack (``None``/"default") or an installed community pack
        (``engines.core.packs``: a directory of YAML files laid out like the built-in one)."""
        if pack in (None, "", BUILTIN_PACK):
            return default_pack()
        directory = community_pack(self.name, pack)
        if directory is None:
            raise ContentError(
                f"No content pack {pack!r}.", key="core.error.content", params={"detail": pack}
            )
        return load_dir(directory, directory.parent)

    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> State:
        self.check_seats(len(seats))
        opts = self.parse_options(options)
        pack: ContentPack = content if isinstance(content, ContentPack) else default_pack()
        mode = _mode(str(opts["mode"]), len(seats))
        # "auto" (the default): the duel arena and teams, or chapter 9's for multiplayer.
        arena_name = str(opts["arena"])
        if arena_name == AUTO:
            arena_name = DUEL_ARENA if mode == DUEL else FOUR_SIDED_ARENA
        arena = pack.arenas.get(arena_name)
        if arena is None:
            raise setup(
                "unknown_arena",
                "Unknown arena.",
                "1.3.2",
                arena=arena_name,
                known=", ".join(sorted(pack.arenas)),
            )
        if mode != DUEL and len(arena.starts) < 4:
            raise setup(
                "arena_sides", "A four-player arena has four sides.", "9.2.4", arena=arena.id
            )
        summons = {k: f for k, f in pack.figures.items() if f.summon}
        settings = {
            "mode": mode,
            "max_level": int(opts["level"]),
            "box": str(opts["box"]),
            "lock": str(opts["lock"]),
            "choose_sides": opts["sides"] == "choose",
        }
        fmt = str(opts["format"])
        if opts["teams"] == teams.SUBMIT:  # each player submits a team (Phase.TEAMS)
            fmt = CONSTRUCTED if fmt == AUTO else fmt
            return teams.waiting(seats, arena, fmt, pack.figures, pack.rewards, **settings)
        names = []
        for i in range(len(seats)):
            key = f"team{i + 1}"
            name = str(opts[key])
            if name == AUTO:
                name = DUO_TEAMS[i] if mode != DUEL else DUEL_TEAMS[i]
            names.append(name)
        if fmt == AUTO:  # the presets' own format when all are built for it, else 1.1.1
            made_for = {pack.teams[n].format if n in pack.teams else "" for n in names}
            fmt = LIMITED if made_for == {LIMITED} else CONSTRUCTED
        chosen = [resolve_team(pack, name) for name in names]
        state, _ = teams.start(seats, chosen, arena, fmt, dice, summons, pack.rewards, **settings)
        return state

    def pending(self, state: State) -> list[Decision]:
        if state.phase is Phase.TEAMS:  # nothing else can be done before the teams are in
            return [with_menus(state, d) for d in decisions.owed(state)]
        owed = [with_menus(state, d) for d in decisions.owed(state)]
        # 1.6.2: a waiting player may set the faces their tension dice turn to at any time.
        waiting = {d.seat for d in owed}
        optional = [
            Decision(s, ("prefer",), Message("krosmaster.prompt.prefer"), optional=True)
            for s in range(len(state.players))
            if s not in waiting and owed and not eliminated(state, s)
        ]
        # A free-for-all goes on without a player who leaves (/krosmaster leave).
        optional += [
            Decision(s, ("withdraw",), Message("krosmaster.prompt.leave"), optional=True)
            for s in range(len(state.players))
            if owed and not eliminated(state, s) and leaving.can_leave(state, s)
        ]
        return owed + optional

    def rules_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        return play_action(state, seat, action, dice)

    def result(self, state: State) -> MatchResult | None:
        # The final score is each player's Gallons of Glory (1.4).
        score = score_lines("krosmaster.result.score", ((p.name, p.gg) for p in state.players))
        if state.winner is None:
            return ended((), state.draw, score)
        winners = state.winners or (state.winner,)
        # 1.4.3: the last side with Krosmasters on the board; else 1.4.1: the GG.
        standing = {u.owner for u in on_board(state) if is_krosmaster(state, u)}
        how = "knocked_out" if standing <= set(winners) else "gg"
        return ended(winners, False, score, Message(f"krosmaster.result.{how}"))

    def check_state(self, state: State) -> list[Message]:
        return invariants.check_state(state)

    def consequences(self, state: State) -> State:
        return invariants.consequences(state)

    def concede(self, state: State, seat: int, seats: Sequence[int]) -> MatchResult:
        """A resignation or forfeit: in 2 v 2 the whole team loses (9.3.2); in a
        free-for-all every player still in the match wins."""
        return conceded(
            seat,
            seats,
            allied=lambda s: state.allied(s, seat),
            still_in=lambda s: not eliminated(state, s),
        )

    def withdrawal(self, state: State, seat: int) -> Action | None:
        """A free-for-all with two more players still in goes on without ``seat``
        (``leaving.py``); a duel or 2 v 2 ends as ``concede`` says (9.3.2: a team's
        victory or defeat is shared, so one teammate leaving concedes for both)."""
        return A.Withdraw() if leaving.can_leave(state, seat) else None

    def winning_side(self, state: State, seat: int, seats: Sequence[int]) -> tuple[int, ...]:
        """A referee's winner: the seat and its teammate (9.3.2), never a player who is out."""
        return tuple(s for s in seats if state.allied(s, seat))

    def view(self, state: State, seat: int | None) -> View:
        return View(self.name, seat, build_view(state, seat, decisions.owed(state)))

    def preview(self, state: State, seat: int, action: Action) -> View | None:
        """A move's path and lock tests, or a cast's range, sight and zone, shown to
        ``seat`` before it is made. The action first goes through ``apply`` itself
        against dice that refuse to roll, so an illegal one raises exactly what ``apply``
        would, and nothing is rolled; the result is thrown away."""
        if not isinstance(action, A.Move | A.Cast):
            return None
        with suppress(DiceExhaustedError):  # every check passed: the preview stops at a die
            self.apply(state, seat, action, RiggedDice())
        if text := getattr(action, "lock_order", "") or getattr(action, "ko_order", ""):
            state = replace(state, order=play.parse_order(state, text))
        plan = move_plan(state, action) if isinstance(action, A.Move) else cast_plan(state, action)
        data = {**build_view(state, seat, decisions.owed(state)), "plan": plan}
        return View(self.name, seat, data)

    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        if kind == self.lookup_kind:  # a figure's or the arena's sheet (/match lookup)
            return self.render_entry(view, locale)
        return board.render(view, self.catalog(), locale, preview=kind == "preview")

    def lookup(self, state: State, seat: int | None, query: str) -> View | None:
        """The printed card of a figure in play (by name in any language, figure or
        unit id), or the arena; everything it finds is on the table for all to see."""
        data = lookup.lookup(state, query)
        return None if data is None else View(self.name, seat, data)

    def lookup_choices(self, state: State, seat: int | None, current: str) -> list[Choice]:
        """Autocomplete for :meth:`lookup`: the figures in play, then the arena."""
        return lookup.choices(state, current)

    def describe(self, view: View, kind: str = "board", locale: str = "en-US") -> str:
        """Alt text: who owes what, the last action, each player's GG and figures' HP."""
        if kind == self.lookup_kind:
            return self.describe_entry(view, locale)
        return words.describe(view.data, kind, self.catalog(), locale, view.standing)

    def commands(self) -> list[CommandSpec]:
        return command_specs()

    def autocomplete(
        self,
        state: State | None,
        seat: int | None,
        command: str,
        option: str,
        current: str,
        values: Mapping[str, Any],
    ) -> list[Choice]:
        if state is None or seat is None:
            return []
        return autocomplete(state, seat, command, option, current, values)

    def apply_setup(self, state: State, overrides: Mapping[str, Any]) -> State:
        """Krosmaster's scenario schema (docs/krosmaster.md), not the raw state JSON."""
        return setup_overrides.apply(state, overrides, default_pack())

    def undoable(self, action: Action) -> bool:
        # Only choices that roll no dice and reveal nothing may be taken back.
        return isinstance(action, A.Deploy | A.Inspire | A.Prefer)


def _mode(text: str, count: int) -> str:
    """The match's format from the ``mode`` option and the number of players (chapter 9:
    2 v 2 needs four; "auto" is a duel for two, a free-for-all for three or four)."""
    if text == "auto":
        return DUEL if count == 2 else FFA
    needed = {DUEL: (2,), FFA: (3, 4), TEAMS: (4,)}[text]
    if count not in needed:
        raise setup(
            "mode_seats", "Wrong number of players for this mode.", "9.1.1", mode=text, count=count
        )
    return text
