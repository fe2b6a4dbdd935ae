"""Rules of the test game, as a :class:`GameEngine`."""

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
    IllegalActionError,
    MatchOption,
    MatchResult,
    Message,
    OptionSpec,
    OptionType,
    Outcome,
    Preference,
    Seat,
    Selection,
    SelectOption,
    View,
)
from engines.core.effects import Continuations
from engines.core.menus import Menus
from engines.core.model import replace
from engines.core.results import ended
from tests.testgame.actions import Play, Roll, Sort
from tests.testgame.effects import INTERPRETER, Ctx, Then, play_script
from tests.testgame.state import TRANSITIONS, Phase, Player, State

DECK = tuple(range(1, 10)) * 2


class HighCardDice(GameEngine[State]):
    """Engine of the test game."""

    name = "testgame"
    title_key = "testgame.title"
    state_type = State
    action_types = (Roll, Play, Sort)
    options = (
        MatchOption(
            "target",
            OptionType.INTEGER,
            30,
            Message("testgame.option.target"),
            min_value=5,
            max_value=200,
        ),
        MatchOption(
            "hand", OptionType.INTEGER, 3, Message("testgame.option.hand"), min_value=1, max_value=6
        ),
    )
    render_kinds = ("board", "hand")
    preferences = (Preference("testgame.auto_roll", Message("testgame.preference.auto_roll")),)

    referee_examples = ('{"players.0.score": 12}', '{"kind": "play", "card": 3}')

    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> State:
        self.check_seats(len(seats))
        opts = self.parse_options(options)
        deck = tuple(dice.shuffle(DECK, "deck"))
        size = int(opts["hand"])
        players = tuple(
            Player(name=s.name, hand=deck[i * size : (i + 1) * size]) for i, s in enumerate(seats)
        )
        first = 0 if dice.coin("first player") else 1
        return State(
            seats=tuple(seats),
            players=players,
            deck=deck[len(seats) * size :],
            target=int(opts["target"]),
            active=first,
            phase=Phase.ROLL,
        )

    def pending(self, state: State) -> list[Decision]:
        if state.phase is Phase.OVER:
            return []
        # Whoever waits may sort their hand meanwhile: nobody waits for that.
        waiting = [
            Decision(seat, ("sort",), Message("testgame.prompt.sort"), optional=True)
            for seat in range(len(state.players))
            if seat != state.active and state.players[seat].hand
        ]
        if state.phase is Phase.ROLL:
            owed = Decision(
                state.active,
                ("roll",),
                Message("testgame.prompt.roll"),
                default=Roll(),
                auto_default=True,
                preference="testgame.auto_roll",
            )
            return [owed, *waiting]
        hand = state.players[state.active].hand
        owed = Decision(
            state.active,
            ("play", "sort"),
            Message("testgame.prompt.play"),
            default=Play(min(hand)),
            auto_default=True,
        )
        owed = MENUS.attach(state, owed)
        return [owed, *waiting]

    def rules_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        name = state.players[seat].name
        if isinstance(action, Roll):
            value = dice.roll(6, "turn die")
            new = _goto(state, Phase.PLAY, last_roll=value)
            return Outcome(new, (Event("testgame.event.rolled", {"player": name, "value": value}),))
        if isinstance(action, Sort):
            players = list(state.players)
            hand = tuple(sorted(players[seat].hand, reverse=action.descending))
            players[seat] = replace(players[seat], hand=hand)
            sorted_event = Event("testgame.event.sorted", {"player": name})
            return Outcome(replace(state, players=tuple(players)), (sorted_event,))
        assert isinstance(action, Play)
        return self._play(state, seat, action.card)

    def preview(self, state: State, seat: int, action: Action) -> View | None:
        """A card play shown before it is made: the card and the score it would give.
        (The card drawn after it stays hidden: it is the deck's next card.)"""
        if not isinstance(action, Play):
            return None
        if action.card not in state.players[seat].hand:
            raise IllegalActionError(
                f"You have no {action.card} in your hand.",
                key="testgame.error.no_such_card",
                params={"card": action.card},
            )
        seen = self.view(state, seat)
        score = state.players[seat].score + action.card + (state.last_roll or 0)
        return View(
            self.name, seat, {**seen.data, "preview": {"card": action.card, "score": score}}
        )

    def _play(self, state: State, seat: int, card: int) -> Outcome[State]:
        if card not in state.players[seat].hand:
            raise IllegalActionError(
                f"You have no {card} in your hand.",
                key="testgame.error.no_such_card",
                params={"card": card},
                rule="2",
            )
        new, run = INTERPRETER.run(state, play_script(card), Ctx(seat), None, None)
        return AFTER.after(Then.NEXT_TURN, (seat, list(run.ctx.events)), new)

    def check_state(self, state: State) -> list[Message]:
        """Scores are never negative."""
        return [
            Message("testgame.invariant.score", {"player": p.name, "value": p.score})
            for p in state.players
            if p.score < 0
        ]

    def consequences(self, state: State) -> State:
        """Rule 3: a score reaching the target wins (the highest, if several do)."""
        reached = [i for i, p in enumerate(state.players) if p.score >= state.target]
        if state.phase is Phase.OVER or not reached:
            return state
        best = max(reached, key=lambda i: state.players[i].score)
        return replace(state, phase=Phase.OVER, winner=best)

    def result(self, state: State) -> MatchResult | None:
        winners = () if state.winner is None else (state.winner,)
        return ended(winners, state.draw)

    def view(self, state: State, seat: int | None) -> View:
        data: dict[str, Any] = {
            "turn": state.turn,
            "phase": state.phase.value,
            "active": state.active,
            "target": state.target,
            "last_roll": state.last_roll,
            "deck_size": len(state.deck),
            "winner": state.winner,
            "draw": state.draw,
            "players": [
                {"seat": i, "name": p.name, "score": p.score, "hand_size": len(p.hand)}
                for i, p in enumerate(state.players)
            ],
        }
        if seat is not None:
            data["hand"] = list(state.players[seat].hand)
        return View(self.name, seat, data)

    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        from tests.testgame import render

        return render.render(view, kind, self.catalog(), locale)

    def commands(self) -> list[CommandSpec]:
        return [
            CommandSpec("roll", Message("testgame.command.roll"), "roll"),
            CommandSpec(
                "sort",
                Message("testgame.command.sort"),
                "sort",
                (
                    OptionSpec(
                        "descending",
                        OptionType.BOOLEAN,
                        Message("testgame.command.descending"),
                        required=False,
                    ),
                ),
            ),
            CommandSpec(
                "play",
                Message("testgame.command.play"),
                "play",
                previewable=True,
                options=(
                    OptionSpec(
                        "card",
                        OptionType.INTEGER,
                        Message("testgame.command.card"),
                        autocomplete=True,
                        min_value=1,
                        max_value=9,
                    ),
                ),
            ),
        ]

    def autocomplete(
        self,
        state: State | None,
        seat: int | None,
        command: str,
        option: str,
        current: str,
        values: Mapping[str, Any],
    ) -> list[Choice]:
        if state is None or seat is None or (command, option) != ("play", "card"):
            return []
        return [
            Choice(Message("testgame.choice.card", {"card": c}), c)
            for c in sorted(set(state.players[seat].hand))
            if str(c).startswith(current.strip())
        ]

    def undoable(self, action: Action) -> bool:
        # A play draws a hidden card and a roll is dice: neither may be undone by
        # players. Sorting one's own hand reveals nothing and rolls nothing.
        return isinstance(action, Sort)


def _next_turn(env: tuple[int, list[Event]], state: State) -> Outcome[State]:
    """Rule 3 after a play: the target reached wins, no cards left ends the match,
    else the next seat with cards rolls."""
    seat, events = env
    players = state.players
    if players[seat].score >= state.target:
        events.append(Event("testgame.event.won", {"player": players[seat].name}, rule="3"))
        return Outcome(_goto(state, Phase.OVER, winner=seat), tuple(events))
    if not any(p.hand for p in players):
        return _end_on_cards(state, events)
    nxt = (seat + 1) % len(players)
    if not players[nxt].hand:
        nxt = seat
    return Outcome(
        _goto(state, Phase.ROLL, active=nxt, last_roll=None, turn=state.turn + 1), tuple(events)
    )


def _end_on_cards(state: State, events: list[Event]) -> Outcome[State]:
    scores = [p.score for p in state.players]
    best = max(scores)
    if scores.count(best) > 1:
        events.append(Event("testgame.event.draw", {}, rule="3"))
        return Outcome(_goto(state, Phase.OVER, draw=True), tuple(events))
    winner = scores.index(best)
    events.append(Event("testgame.event.won", {"player": state.players[winner].name}, rule="3"))
    return Outcome(_goto(state, Phase.OVER, winner=winner), tuple(events))


#: The continuations of the test game's scripts (one, here), complete by construction.
AFTER: Continuations[Then, tuple[int, list[Event]], State, Outcome[State]] = Continuations(
    Then, {Then.NEXT_TURN: _next_turn}
)


def _play_menu(state: State, decision: Decision) -> list[Selection]:
    """The cards of the hand: hidden, so the menu is offered in the player's own view only."""
    hand = state.players[decision.seat].hand
    cards = tuple(
        SelectOption(card, Message("testgame.choice.card", {"card": card}))
        for card in sorted(set(hand))
    )
    return [Selection("play", "card", cards, Message("testgame.prompt.play"))]


#: The test game's menus, by the action kind they answer.
MENUS: Menus[State] = Menus({"play": _play_menu})


def _goto(state: State, phase: Phase, **changes: Any) -> State:
    if phase not in TRANSITIONS[state.phase]:
        raise AssertionError(f"no transition {state.phase} -> {phase}")
    return replace(state, phase=phase, **changes)
