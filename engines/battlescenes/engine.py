"""Marvel Battle Scenes as a :class:`GameEngine`: decisions, dispatch, views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.battlescenes import actions as act
from engines.battlescenes import lookup, use_menus
from engines.battlescenes.autocomplete import autocomplete
from engines.battlescenes.commands import command_specs
from engines.battlescenes.content import catalogue, positions, preview
from engines.battlescenes.content.database import (
    OfficialDeck,
    automated_codes,
    database,
    official_deck_list,
)
from engines.battlescenes.content.loader import BUILTIN_PACKS, CONTENT_ROOT, builtin_pack, load_pack
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.menus import with_menus
from engines.battlescenes.render.describe import describe as describe_view
from engines.battlescenes.render.kinds import cards_page
from engines.battlescenes.rules import (
    activated,
    invariants,
    load_order,
    manual,
    secrets,
    setup,
    turn,
)
from engines.battlescenes.rules.handlers import HANDLERS
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.battlescenes.table.zones import VICTORY_POINTS, prize_points
from engines.battlescenes.view import build_view
from engines.core import (
    Action,
    Choice,
    CommandSpec,
    Decision,
    Dice,
    Event,
    GameEngine,
    IllegalActionError,
    MatchOption,
    MatchOverError,
    MatchResult,
    Message,
    OptionType,
    Outcome,
    Preference,
    Seat,
    SetupError,
    View,
    serde,
)
from engines.core.model import replace
from engines.core.packs import pack_root
from engines.core.results import ended, score_lines

TURN_PHASES = frozenset(
    {
        Phase.START,
        Phase.COUNTDOWN,
        Phase.DRAW,
        Phase.PREPARATION,
        Phase.ADJUSTMENT,
        Phase.ANTICIPATION,
        Phase.ATTACK,
        Phase.END,
    }
)
#: Standing preferences: pass the opponent's Anticipation step; decline "você pode" effects.
PASS_ANTICIPATION = "battlescenes.pass_anticipation"
SKIP_OPTIONAL = "battlescenes.skip_optional"
#: What a player may do in the Preparation phase (the menus offer these kinds).
PREP_KINDS = ("capacitate", "play", "discard", "yield", "use", "keyword", "activate", "pass")


def _official(pack: Pack, official: OfficialDeck) -> setup.Dealt:
    """An official preconstructed deck, dealt as the product holds it (its own size, one
    copy of each card; the format's size and character count are the players' own decks'
    rule, not the product's), once the bot plays each of its cards as printed."""
    played = automated_codes(pack)
    missing = next((c for c in official.cards if c not in played), None)
    if missing is not None:
        card = database().cards[missing]
        raise setup.not_automated(official.name, card.title, missing)
    return setup.Dealt(official_deck_list(pack, official), len(official.cards), 0)


class BattleScenes(GameEngine[State]):
    """Engine of Marvel Battle Scenes (comprehensive rules 2.0)."""

    name = "battlescenes"
    title_key = "battlescenes.title"
    state_type = State
    action_types = act.ALL
    options = (
        MatchOption("deck_a", OptionType.STRING, "herois", Message("battlescenes.option.deck_a")),
        MatchOption("deck_b", OptionType.STRING, "viloes", Message("battlescenes.option.deck_b")),
        MatchOption(
            "deck_size",
            OptionType.INTEGER,
            60,
            Message("battlescenes.option.deck_size"),
            min_value=10,
            max_value=200,
        ),
        MatchOption(
            "min_characters",
            OptionType.INTEGER,
            15,
            Message("battlescenes.option.min_characters"),
            min_value=0,
            max_value=200,
        ),
    )
    render_kinds = ("board", "hand", "cards")
    builtin_packs = BUILTIN_PACKS
    #: A referee adjusts by hand (``manual``, 8.A) at any time.
    referee_kinds = ("manual",)
    referee_examples = ('{"first": 1}', '{"kind": "play", "card": 3}')
    preferences = (
        Preference(PASS_ANTICIPATION, Message("battlescenes.preference.pass_anticipation")),
        Preference(SKIP_OPTIONAL, Message("battlescenes.preference.skip_optional")),
    )

    def entry_ids(self, content: Any) -> list[str]:
        """Every card, then every deck (``engines.battlescenes.content.preview``)."""
        return preview.entry_ids(content) if isinstance(content, Pack) else []

    def catalogue(self, content: Any) -> list[dict[str, serde.JSON]]:
        """Every printed card's facts (code, powers, action, ``automated``, source) and
        every deck's codes, playable or not (``content.catalogue``; docs/content.md)."""
        return catalogue.catalogue(content) if isinstance(content, Pack) else []

    def entry_view(self, content: Any, entry_id: str) -> View | None:
        """A card's (or a deck's) preview sheet."""
        if not isinstance(content, Pack):
            return None
        data = preview.entry_data(content, entry_id, self._entry_catalog())
        return None if data is None else View(self.name, None, data)

    def load_content(self, pack: str | None) -> Pack:
        """The card pack (``starter`` by default): built-in, else a community pack
        (``engines.core.packs``; built-in names cannot be shadowed)."""
        name = pack or BUILTIN_PACKS[0]
        if name in BUILTIN_PACKS:
            return builtin_pack(name)
        return load_pack(name, pack_root(self.name, name, CONTENT_ROOT))

    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> State:
        self.check_seats(len(seats))
        opts = self.parse_options(options)
        pack = content if isinstance(content, Pack) else self.load_content(None)
        size, min_chars = int(opts["deck_size"]), int(opts["min_characters"])
        decks: list[setup.Dealt] = []
        for name in (opts["deck_a"], opts["deck_b"]):
            official = database().deck(name) if name not in pack.decks else None
            if official is not None:  # an official deck: playable once every card is
                decks.append(_official(pack, official))
                continue
            if name not in pack.decks:
                raise SetupError(
                    f"No deck {name!r}.",
                    key="battlescenes.error.no_deck",
                    params={"deck": name, "known": ", ".join(pack.decks)},
                )
            decks.append(setup.Dealt(pack.decks[name], size, min_chars))
        return setup.new_state(pack, decks, seats, size, min_chars, dice)

    def option_values(self, name: str, content: Any) -> list[tuple[str, str]]:
        """``deck_a`` / ``deck_b``: the pack's decks, then the official decks the bot plays
        (every card automated), each by its printed name."""
        if name not in ("deck_a", "deck_b"):
            return super().option_values(name, content)
        pack = content if isinstance(content, Pack) else self.load_content(None)
        offered = [(key, deck.name) for key, deck in pack.decks.items()]
        played = automated_codes(pack)
        for official in database().decks:
            if all(code in played for code in official.cards):
                offered.append((official.name, f"{official.name} ({official.id})"))
        return offered

    def apply_setup(self, state: State, overrides: Mapping[str, Any]) -> State:
        """Scenario set-up by card keys (see positions.py and docs/battlescenes.md)."""
        return positions.build(state, overrides, self.load_content(state.pack).cards)

    def pending(self, state: State) -> list[Decision]:
        owed = [with_menus(state, d) for d in self._decisions(state)]
        # Issue #5: any seat may set its standing loading order at any time (4.4.2.2 A.3);
        # nobody waits for it.
        prompt = Message("battlescenes.prompt.load_order")
        optional = [
            Decision(s, ("load_order",), prompt, optional=True)
            for s in range(len(state.players))
            if owed
        ]
        return owed + optional + self._activations(state, owed)

    @staticmethod
    def _activations(state: State, owed: list[Decision]) -> list[Decision]:
        """5.1: a text that names no moment (Mística V2) may be activated whenever the Effect
        Tree is empty, in either player's turn. A seat whose owed decision does not already
        offer "activate" may then activate it without anyone waiting for it; only its own
        (private) post shows the menu, so the public sees nothing of a card in a hand."""
        prompt = Message("battlescenes.prompt.activate_any")
        return [
            with_menus(state, Decision(seat, ("activate",), prompt, optional=True))
            for seat in range(len(state.players))
            if owed
            and not any(d.seat == seat and "activate" in d.kinds for d in owed)
            and activated.activatable_now(state, seat)
        ]

    def _decisions(self, state: State) -> list[Decision]:
        if state.phase is Phase.OVER:
            return []
        if state.choice is not None:
            c = state.choice
            default = act.Choose("skip") if "skip" in c.options else None
            if c.pending == 0 or c.prompt == "battlescenes.choice.replacement":
                default = act.Choose(c.options[0])  # 5.5: the first replacement found
            skip = SKIP_OPTIONAL if c.pending and "skip" in c.options else None
            # A text applied by hand: its player adjusts (``manual``), then confirms (8.A).
            kinds: tuple[str, ...] = (
                ("choose", "manual") if c.prompt == manual.PROMPT else ("choose",)
            )
            return [Decision(c.seat, kinds, Message(c.prompt), default, default is not None, skip)]
        match state.phase:
            case Phase.CHOOSE_FIRST:
                return [
                    Decision(
                        state.draw_winner,
                        ("choose_first",),
                        Message("battlescenes.prompt.choose_first"),
                        act.ChooseFirst(state.draw_winner + 1),
                        True,
                    )
                ]
            case Phase.MULLIGAN:
                return [
                    Decision(
                        setup.mulligan_seat(state),
                        ("mulligan", "keep"),
                        Message("battlescenes.prompt.mulligan"),
                        act.KeepHand(),
                        True,
                    )
                ]
            case Phase.INITIAL_RESOURCES:
                return [
                    Decision(
                        setup.resources_seat(state),
                        ("initial_resources",),
                        Message("battlescenes.prompt.initial_resources"),
                        act.InitialResources(),
                        True,
                    )
                ]
            case Phase.PREPARATION:
                prompt = Message("battlescenes.prompt.preparation")
                if state.capacitating != -1:
                    card = zones.title(state, state.capacitating)
                    prompt = Message("battlescenes.prompt.capacitating", {"card": card})
                prompt = _using(state) or prompt
                return [Decision(state.active, PREP_KINDS, prompt, act.Pass(), False)]
            case Phase.ADJUSTMENT:
                return [
                    Decision(
                        state.active,
                        ("adjust",),
                        Message("battlescenes.prompt.adjust"),
                        act.Adjust(),
                        True,
                    )
                ]
            case Phase.ANTICIPATION:
                return [
                    Decision(
                        1 - state.active,
                        ("use", "pass"),
                        _using(state) or Message("battlescenes.prompt.anticipation"),
                        act.Pass(),
                        True,
                        PASS_ANTICIPATION,
                    )
                ]
            case Phase.ATTACK:
                prompt = _using(state) or Message("battlescenes.prompt.attack")
                kinds = ("use", "activate", "pass")  # 7.2 Potencializar is activated here
                return [Decision(state.active, kinds, prompt, act.Pass(), False)]
            case _:
                return []  # automatic steps never wait without a choice (turn.proceed)

    def apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        # A player adjusts by hand only while a manual text of theirs is open (8.A).
        over = state.phase is Phase.OVER
        if isinstance(action, act.Manual) and not over and not manual.open_for(state, seat):
            raise manual.closed()
        return super().apply(state, seat, action, dice)

    def referee_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        if isinstance(action, act.Manual):  # on a referee's authority, at any time
            return self._manual(state, seat, action, dice, True)
        return super().referee_apply(state, seat, action, dice)

    def _manual(
        self, state: State, seat: int, action: act.Manual, dice: Dice, referee: bool
    ) -> Outcome[State]:
        """A text applied by hand (manual.py): only the adjustment, logged; the open
        choice (or decision) stays as it was."""
        if state.phase is Phase.OVER:
            raise MatchOverError("The match is over.")
        state = replace(shields.refresh_shields(state), clock=state.clock + 1)
        new, events = manual.apply(state, seat, action, dice, referee)
        new = shields.refresh_shields(new)  # loads and unloads change static shield texts
        # highlighted in the render: only cards in the scene (never a hidden card's number)
        cards = tuple(c for c in (action.card, action.onto) if zones.find(new, c) is not None)
        new = _remember(new, seat, action, cards, events)
        return Outcome(new, tuple(events))

    def rules_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        for card in act.named_cards(action):  # a typed number may name no card at all
            if not 0 <= card < len(state.cards):
                raise IllegalActionError(
                    f"There is no card #{card}.",
                    key="battlescenes.error.manual_card",
                    params={"card": card},
                )
        if isinstance(action, act.Manual):
            return self._manual(state, seat, action, dice, False)
        if isinstance(action, act.LoadOrder):  # a standing preference: the game does not move
            new, events = load_order.set_order(state, seat, action.order)
            return Outcome(new, tuple(events))
        state = replace(shields.refresh_shields(state), clock=state.clock + 1)
        new, events = HANDLERS.handler(action)(state, seat, action, dice)
        if not (isinstance(action, act.Capacitate) and action.discard == -1):
            new = replace(new, capacitating=-1)  # the menus' chosen character: done or dropped
        if isinstance(action, act.UseAction) and action.step and new.using != -1:
            return Outcome(new, tuple(events))  # a use being chosen field by field: no move yet
        new = use_menus.clear(new)  # done, or dropped by another action
        if new.phase is Phase.INITIAL_RESOURCES and all(p.resources_done for p in new.players):
            # 6.1: the game starts with the first player's turn.
            new = turn.goto(replace(new, active=new.first, step="begin"), Phase.START)
        if new.phase in TURN_PHASES:
            new, more = turn.proceed(new, dice)
            events.extend(more)
        new = shields.refresh_shields(new)  # static shield texts that started or stopped (4.8.6)
        new = _remember(new, seat, action, _involved(action), events)
        return Outcome(new, tuple(events))

    def secret_fields(
        self, before: State, seat: int, action: Action, outcome: Outcome[State]
    ) -> tuple[str, ...]:
        """An answer or manual move naming a card that stays hidden (secrets.py)."""
        return secrets.secret_fields(before, outcome.state, action)

    def result(self, state: State) -> MatchResult | None:
        # The final score is each player's prize points (4.9.1).
        points = [prize_points(state, seat) for seat in range(len(state.players))]
        score = score_lines(
            "battlescenes.result.score", zip((p.name for p in state.players), points, strict=True)
        )
        if state.winner is None:
            return ended((), state.draw, score)
        # 4.9.1: 15 prize points; else 4.9.2: the loser had to draw from an empty deck.
        loser = state.players[1 - state.winner].name
        how = (
            Message("battlescenes.result.points", {"count": points[state.winner]})
            if points[state.winner] >= VICTORY_POINTS
            else Message("battlescenes.result.deck_out", {"player": loser})
        )
        return ended((state.winner,), state.draw, score, how)

    def check_state(self, state: State) -> list[Message]:
        return invariants.check_state(state)

    def consequences(self, state: State) -> State:
        return invariants.consequences(state)

    def view(self, state: State, seat: int | None) -> View:
        return View(self.name, seat, build_view(state, seat, self.pending(state)))

    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        # Imported here so that only rendering pulls in Pillow.
        from engines.battlescenes.render.png import render as draw_png

        return draw_png(view, kind, self.catalog(), locale)

    def private_kinds(self, view: View, locale: str = "en-US") -> tuple[str, ...]:
        """The board, the hand, and each page of the hand's cards (``cards``,
        ``cards-2``…: every card whole on one, render/hand.py)."""
        # Imported here so that only rendering pulls in Pillow (pages are measured text).
        from engines.battlescenes.render.png import private_kinds

        return private_kinds(view, self.catalog(), locale)

    def describe(self, view: View, kind: str = "board", locale: str = "en-US") -> str:
        """Alt text of a render: who owes what, prize points, each card base's energy,
        shield and stage, the last move (describe.py); a hand only in its seat's view,
        a page of its cards with the cards on that page."""
        page = cards_page(kind)
        if page is not None and view.seat is not None:
            # Imported here so that only rendering pulls in Pillow (a page's cards are
            # a layout question).
            from engines.battlescenes.render.png import describe_cards

            return describe_cards(view, page, self.catalog(), locale)
        return describe_view(view, kind, self.catalog().translate, locale)

    def lookup(self, state: State, seat: int | None, query: str) -> View | None:
        """One visible card's printed data (number or part of its title), rendered with
        ``render(view, "card")`` — for an ephemeral reply; ``None`` when nothing matches."""
        found = lookup.lookup(state, seat, query)
        return None if found is None else View(self.name, seat, serde.to_json(found))

    def lookup_choices(self, state: State, seat: int | None, current: str) -> list[Choice]:
        """Autocomplete for :meth:`lookup`: visible cards only."""
        return lookup.choices(state, seat, current)

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


def _using(state: State) -> Message | None:
    """The prompt while a use is chosen from the menus, field by field (4.6.2)."""
    if state.using == -1:
        return None
    card = zones.title(state, state.using)
    return Message("battlescenes.prompt.using", {"card": card})


def _remember(
    state: State, seat: int, action: Action, cards: tuple[int, ...], events: list[Event]
) -> State:
    """The last move, for the renders' caption and highlight: its kind, who made it, the
    cards in the scene it named and its events (parameters as JSON, so the state
    round-trips)."""
    kept = tuple(
        Event(e.key, serde.to_json(dict(e.params)), e.rule, e.redact, e.audience, e.public_params)
        for e in events
    )
    return replace(
        state, last_action=action.kind, last_cards=cards, last_seat=seat, last_events=kept
    )


def _involved(action: Action) -> tuple[int, ...]:
    """The cards an action names, so the render can highlight them."""
    if isinstance(action, act.UseAction):
        return (action.character, *act.card_list(action.targets))
    if isinstance(action, act.PlayCard):
        return (action.card,)
    if isinstance(action, act.Capacitate | act.Keyword | act.Yield):
        return (action.character,)
    return ()
