"""The turn (6.2) as a sequence: triggers at every start and end, automatic steps, decisions.

:data:`SEQUENCE` lists the turn in order. :func:`proceed` walks it while nothing
is pending: at a trigger point the matching effects become pending and
resolve (stopping if someone must choose), automatic steps (Countdown, Draw,
end-of-turn clean-up) just happen, and at a decision point it waits for the
player. ``State.step`` remembers where the walk stopped.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engines.battlescenes.content.schema import CardType, Op, Step, Text, Trigger
from engines.battlescenes.effects import interpreter, other_zones, replacements, tree, triggers
from engines.battlescenes.effects.procedures import damage as damage_procedures
from engines.battlescenes.effects.procedures import surprise
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import TRANSITIONS, Pending, Phase, State
from engines.battlescenes.table import damage, drawing, leaving, zones
from engines.core import Dice, Event, IllegalActionError
from engines.core.model import replace

HAND_LIMIT = 7  # 6.2 D.2


class Point(enum.Enum):
    """What happens at a point of the turn sequence."""

    TRIGGER = "trigger"  # the effects of its start or end become pending and resolve
    AUTO = "auto"  # an automatic step (Countdown, Draw, the end-of-turn clean-up)
    DECISION = "decision"  # a player decides (skipped when there is nothing to decide)


#: The turn, in order: (name, kind, phase). Trigger points are named after their Trigger.
SEQUENCE: tuple[tuple[str, Point, Phase], ...] = (
    ("begin", Point.AUTO, Phase.START),
    ("turn_start", Point.TRIGGER, Phase.START),
    ("countdown_start", Point.TRIGGER, Phase.COUNTDOWN),
    ("countdown", Point.AUTO, Phase.COUNTDOWN),
    ("countdown_end", Point.TRIGGER, Phase.COUNTDOWN),
    ("draw_start", Point.TRIGGER, Phase.DRAW),
    ("draw", Point.AUTO, Phase.DRAW),
    ("draw_end", Point.TRIGGER, Phase.DRAW),
    ("preparation", Point.DECISION, Phase.PREPARATION),
    ("adjustment_start", Point.TRIGGER, Phase.ADJUSTMENT),
    ("adjustment", Point.DECISION, Phase.ADJUSTMENT),
    ("adjustment_end", Point.TRIGGER, Phase.ADJUSTMENT),
    ("combat_start", Point.TRIGGER, Phase.ANTICIPATION),
    ("anticipation_start", Point.TRIGGER, Phase.ANTICIPATION),
    ("anticipation", Point.DECISION, Phase.ANTICIPATION),
    ("anticipation_end", Point.TRIGGER, Phase.ANTICIPATION),
    ("attack_start", Point.TRIGGER, Phase.ATTACK),
    ("attack", Point.DECISION, Phase.ATTACK),
    ("attack_end", Point.TRIGGER, Phase.ATTACK),
    ("combat_end", Point.TRIGGER, Phase.ATTACK),
    ("turn_end", Point.TRIGGER, Phase.END),
    ("cleanup", Point.AUTO, Phase.END),
)
_NAMES = [name for name, _k, _p in SEQUENCE]


def goto(state: State, phase: Phase) -> State:
    """Move to ``phase`` along an allowed transition."""
    if phase not in TRANSITIONS[state.phase]:
        raise AssertionError(f"no transition {state.phase} -> {phase}")
    return replace(state, phase=phase)


def _refuse(message: str, key: str, rule: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, key=f"battlescenes.error.{key}", params=params, rule=rule)


def capacitate_discards(state: State, seat: int, character: int) -> list[int]:
    """The hand cards that may be discarded to capacitate ``character`` now: any card for
    the basic capacitation (C.1, once per turn), a character with one of its alter egos for
    an extra one (C.2); none at stage 2 (4.5.1) or for a card base that is not one's own
    character."""
    index = zones.find(state, character)
    if index is None or state.scene[index].controller != seat:
        return []
    item = state.scene[index]
    if zones.defn(state, character).type is not CardType.CHARACTER or item.stage >= 2:
        return []
    identities = zones.identities(state, character)
    return [
        c
        for c in state.players[seat].hand
        if not item.basic_capacitated
        or (
            zones.defn(state, c).type is CardType.CHARACTER
            and zones.defn(state, c).identity in identities
        )
    ]


def capacitate(state: State, seat: int, character: int, discard: int) -> tuple[State, list[Event]]:
    """6.2 C.1/C.2: discard a card to capacitate a character in 1. With ``discard`` -1 the
    character is only chosen (a menu's first step): the card to discard is picked next."""
    if discard == -1:
        if not capacitate_discards(state, seat, character):
            raise _refuse(
                "That character cannot be capacitated now.", "cannot_capacitate", "6.2 C.1"
            )
        params = {"player": state.players[seat].name, "card": zones.title(state, character)}
        event = Event("battlescenes.event.capacitating", params, rule="6.2 C.1")
        return replace(state, capacitating=character), [event]
    player = state.players[seat]
    index = zones.find(state, character)
    if index is None or state.scene[index].controller != seat:
        raise _refuse("Choose a character you control.", "not_your_character", "6.2 C.1")
    item = state.scene[index]
    if zones.defn(state, character).type is not CardType.CHARACTER:
        raise _refuse("Only characters are capacitated.", "not_your_character", "4.5")
    if discard not in player.hand:
        raise _refuse("That card is not in your hand.", "not_in_hand", "6.2 C.1")
    if item.stage >= 2:
        raise _refuse("A character at stage 2 cannot be capacitated.", "stage_two", "4.5.1")
    d = zones.defn(state, discard)
    extra = d.type is CardType.CHARACTER and d.identity in zones.identities(state, character)
    if not extra and item.basic_capacitated:
        raise _refuse(
            "That character already had its basic capacitation this turn.", "basic_once", "6.2 C.1"
        )
    state, instead = replacements.discard(state, seat, [discard])
    item = replace(
        item, stage=item.stage + 1, basic_capacitated=item.basic_capacitated or not extra
    )
    state = zones.set_in_scene(state, item)
    return state, [
        Event(
            "battlescenes.event.capacitated",
            {
                "player": player.name,
                "card": zones.title(state, character),
                "discarded": d.title,
                "stage": item.stage,
            },
            rule="6.2 C.2" if extra else "6.2 C.1",
        ),
        *instead,
    ]


def discard(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """6.2 C.4: discard a card of the hand into the resources."""
    player = state.players[seat]
    if card not in player.hand:
        raise _refuse("That card is not in your hand.", "not_in_hand", "6.2 C.4")
    state, instead = replacements.discard(state, seat, [card])
    return state, [
        Event(
            "battlescenes.event.discarded",
            {"player": player.name, "card": zones.title(state, card)},
            rule="6.2 C.4",
        ),
        *instead,
    ]


def yield_character(
    state: State, seat: int, character: int, dice: Dice
) -> tuple[State, list[Event]]:
    """6.2 C.5: knock out a character controlled since the start of the turn, then draw 1."""
    index = zones.find(state, character)
    if index is None or state.scene[index].controller != seat:
        raise _refuse("Choose a character you control.", "not_your_character", "6.2 C.5")
    item = state.scene[index]
    if (
        item.entered_turn >= state.turn
        or zones.defn(state, character).type is not CardType.CHARACTER
    ):
        raise _refuse(
            "Only a character you control since the start of the turn can be yielded.",
            "yield_new",
            "6.2 C.5",
        )
    state = zones.unload(state, character, item.loaded)
    if item.loaded:  # C.5 "descarregue os cards que ele estiver carregando": an unload (5.2)
        state = triggers.fire(state, Trigger.UNLOADED, 1, base=character)
    events = [
        Event(
            "battlescenes.event.yielded",
            {"player": state.players[seat].name, "card": zones.title(state, character)},
            rule="6.2 C.5",
        )
    ]
    state, more = leaving.knock_outs(state)
    events.extend(more)
    if state.phase is not Phase.OVER:
        state, drawn = drawing.draw(state, seat, 1)
        events.extend(drawn)
    if state.phase is not Phase.OVER:  # 7.2 Espionar: one more card for a yielded spy
        state = damage_procedures.fire_prizes(state, ((character, True),), 1)
        state, more = interpreter.run(state, dice)
        events.extend(more)
    return state, events


def adjustment_needed(state: State) -> bool:
    """Whether 6.2 D.1 or D.2 has anything to do for the active player."""
    seat = state.active
    over = any(
        len(s.loaded) > zones.defn(state, s.card).energy
        for s in state.scene
        if s.controller == seat
    )
    return over or len(state.players[seat].hand) > HAND_LIMIT


def adjust(state: State, seat: int, cards: Sequence[int]) -> tuple[State, list[Event]]:
    """6.2 D.1 energy down to the initial energy, then D.2 hand down to seven.

    ``cards`` are the player's picks (loaded cards to unload, hand cards to
    discard); the rest of what is owed is taken newest first. Effects these adjustments
    trigger (``unloaded_in_adjustment``, ``discarded_in_adjustment``) are left pending at
    level 1; once they resolved, the turn stays in the Adjustment while anything is owed
    again (6.2 D.1/D.2 ATENÇÃO: "este ajuste irá ocorrer novamente").
    """
    events: list[Event] = []
    for item in [s for s in state.scene if s.controller == seat]:
        excess = len(item.loaded) - zones.defn(state, item.card).energy
        if excess <= 0:
            continue
        picks = [c for c in cards if c in item.loaded][:excess]
        picks += [c for c in reversed(item.loaded) if c not in picks][: excess - len(picks)]
        state = zones.unload(state, item.card, picks)
        events.append(
            Event(
                "battlescenes.event.unloaded",
                {"card": zones.title(state, item.card), "count": len(picks)},
                rule="6.2 D.1",
            )
        )
        state = triggers.fire(state, Trigger.UNLOADED_IN_ADJUSTMENT, 1, base=item.card)
        state = triggers.fire(state, Trigger.UNLOADED, 1, base=item.card)  # any unload, 5.2
    player = state.players[seat]
    excess = len(player.hand) - HAND_LIMIT
    if excess > 0:
        picks = [c for c in cards if c in player.hand][:excess]
        picks += [c for c in reversed(player.hand) if c not in picks][: excess - len(picks)]
        state, instead = replacements.discard(state, seat, picks)
        events.append(
            Event(
                "battlescenes.event.hand_adjusted",
                {"player": player.name, "count": len(picks)},
                rule="6.2 D.2",
            )
        )
        events.extend(instead)
        if not instead:  # 5.5: a replaced discard triggers nothing
            state = triggers.fire(state, Trigger.DISCARDED_IN_ADJUSTMENT, 1, player=seat)
    return state, events


def position(state: State) -> int:
    """Index in :data:`SEQUENCE` of where the turn stands."""
    if state.step:
        return _NAMES.index(state.step.rstrip("!"))
    return _NAMES.index(state.phase.value)  # a decision point named after its phase


def _enter(state: State, index: int) -> State:
    name, _kind, phase = SEQUENCE[index % len(SEQUENCE)]
    if phase is not state.phase:
        state = goto(state, phase)
    return replace(state, step=name)


def _fire_phase(state: State, name: str) -> State:
    """Make the effects triggered by this start/end point pending at level 1 (9.1.2)."""
    trigger = Trigger(name)
    found: list[Pending] = []
    holders = [(s.controller, s.card, zones.texts(state, s)) for s in state.scene]
    if state.scenario is not None:
        holders.append(
            (
                zones.scenario_controller(state),
                state.scenario,
                [(state.scenario, t) for t in zones.scenario_texts(state)],
            )
        )
    holders.extend(other_zones.holders(state))  # 5.2.1: from the hand, resources, prizes
    for controller, base, texts in holders:
        own = controller == state.active
        for source, text in texts:
            if text.trigger is not trigger:
                continue
            if (text.whose_turn == "own" and not own) or (text.whose_turn == "opponent" and own):
                continue
            if text.whose_turn == "marked" and not _marked_turn(state, source):
                continue
            if not _holder_meets(state, base, text):
                continue
            if text.if_fewest_characters and not _fewest_characters(state):
                continue
            found.append(
                Pending(
                    uid=0,
                    level=1,
                    controller=state.active if text.by_turn_player else controller,
                    source=source,
                    label=zones.title(state, source),
                    steps=other_zones.steps_of(text),
                    this=base,
                )
            )
    found.extend(_generated_at(state, trigger))
    state = tree.add(state, found, 1) if found else state
    return surprise.surprise(state, name)


def _generated_at(state: State, trigger: Trigger) -> list[Pending]:
    """5.7 B: effects an action generated this turn that wait for this point (Arcade V1's end
    of the turn), about what the action
    chose (its target, or the card an earlier step put into play)."""
    return [
        Pending(
            uid=0,
            level=1,
            controller=made.controller,
            source=made.source,
            label=zones.title(state, made.source),
            steps=text.steps,
            targets=(made.target,) if made.target >= 0 else (),
            this=made.this,
        )
        for _n, made, text in zones.generated_texts(state)
        if text.trigger is trigger
        or (text.trigger is Trigger.STEP_END and made.at and _end_of(made.at) == trigger.value)
    ]


def _end_of(at: str) -> str:
    """The end of the current step or phase of the turn: the first end point of the step or phase
    ``at`` names after it; for a step or phase without one (the Preparation phase, the
    start of the turn), the next start/end point — the same moment, nothing happens in
    between (Nave dos Guardiões V1)."""
    if at not in _NAMES:
        return ""
    index = _NAMES.index(at)
    phase = SEQUENCE[index][2]
    later = [(n, p) for n, kind, p in SEQUENCE[index + 1 :] if kind is Point.TRIGGER]
    own = [n for n, p in later if p is phase and n.endswith("_end")]
    if own:
        return own[0]
    return later[0][0] if later else ""


def _fewest_characters(state: State) -> bool:
    """The turn's player controls at least one character and fewer characters than every
    other player — a tie is not fewer (Ruínas Suspeitas V1)."""
    mine = len(zones.characters(state, state.active))
    others = [
        len(zones.characters(state, seat))
        for seat in range(len(state.players))
        if seat != state.active
    ]
    return mine >= 1 and all(mine < n for n in others)


def _holder_meets(state: State, base: int, text: Text) -> bool:
    """A start/end point's text about its card base (Hulk V3): controlled since the start
    of the turn, having a power, and having used no action this turn."""
    if not (text.if_since_start_of_turn or text.if_power or text.if_no_action):
        return True
    index = zones.find(state, base)
    if index is None:
        return False
    item = state.scene[index]
    return (
        (not text.if_since_start_of_turn or item.entered_turn < state.turn)
        and (not text.if_power or text.if_power in zones.powers(state, item))
        and (not text.if_no_action or item.actions_used == 0)
    )


def _marked_turn(state: State, source: int) -> bool:
    """Cassandra Nova: at the start of the turn of the chosen character's controller — the
    turn of whoever controls the card ``source`` marked, while it is in the scene."""
    marked = [c.target for c in state.continuous if c.kind == "mark" and c.source == source]
    return any(
        zones.find(state, m) is not None and zones.in_scene(state, m).controller == state.active
        for m in marked
    )


def _countdown(state: State) -> tuple[State, list[Event]]:
    seat = state.active
    if zones.characters(state, seat):  # A: only without characters
        return state, []
    other = state.players[1 - seat]
    count = 1 + len(zones.characters(state, 1 - seat)) + len(other.prizes)
    put = min(count, len(state.players[seat].deck))  # as many as there are (8.C)
    state = replace(zones.mill(state, seat, count), countdown_count=put)
    name = state.players[seat].name
    return state, [
        Event("battlescenes.event.countdown", {"player": name, "count": count}, rule="6.2 A")
    ]


def _draw(state: State) -> tuple[State, list[Event]]:
    seat = state.active
    if state.turn == 1 and seat == state.first:  # B: the starting player skips the first draw
        return state, []
    extra = _extra_draws(state, seat)
    count = 2 if zones.characters(state, seat) else 1
    count += sum(t.extra_draw for _c, t in extra if not t.extra_draw_optional)
    state, events = drawing.draw(state, seat, count)
    offers = [
        Pending(
            uid=0,
            level=1,
            controller=seat,
            source=card,
            label=zones.title(state, card),
            steps=(Step(op=Op.DRAW, amount=t.extra_draw, to="self", optional=True),),
        )
        for card, t in extra
        if t.extra_draw_optional
    ]
    if offers:  # an optional extra card (Confronto Anunciado V1): its player is asked
        state = tree.add(state, offers, 1)
    return state, events


def _extra_draws(state: State, seat: int) -> list[tuple[int, Text]]:
    """The working texts giving the turn's player extra cards in its Draw phase (the
    scenario's, Sucessão de Eventos V1; the scene's), those for a player controlling a
    character only when ``seat`` does."""
    working = [(c, t) for s in state.scene for c, t in zones.texts(state, s)]
    if state.scenario is not None:
        working += [(state.scenario, t) for t in zones.scenario_texts(state)]
    has_character = bool(zones.characters(state, seat))
    return [
        (c, t)
        for c, t in working
        if t.extra_draw and (has_character or not t.if_controls_character)
    ]


def _cleanup(state: State) -> tuple[State, list[Event]]:
    """End of turn: shields restored, "this turn" effects end, counters reset (6.2)."""
    state = damage.restore_shields(state)
    scene = tuple(
        replace(
            s,
            actions_used=0,
            used_names=(),
            used_powers=(),
            basic_capacitated=False,
            damaged_this_turn=False,
            damage_this_turn=0,
            keywords_used=(),
            ready=False,
            empower=0,
            empowered=False,
            extra_actions=(),
            ready_cards=(),
            no_more_actions=False,
        )
        for s in state.scene
    )
    players = tuple(
        replace(
            p,
            scenario_played=False,
            singularity_used=False,
            targeted_actions=0,
            actions_this_turn=0,
            first_damage_action=-1,
            affiliations_acted=(),
        )
        for p in state.players
    )
    # Continuous effects whose source or target left play are over (5.7 A.2.2).
    live = tuple(
        c
        for c in state.continuous
        if zones.in_play(state, c.source)
        and (c.kind == "mark_identity" or zones.in_play(state, c.target))
    )
    state = replace(
        state,
        scene=scene,
        players=players,
        active=1 - state.active,
        activated_used=(),
        once_triggered=(),
        continuous=live,
        turn_rules=(),  # "até o final do turno" (5.7 A.2.1)
        turn_generated=(),  # 5.7 B: generated effects "neste turno"
        no_search_this_turn=False,
        turn_traits=(),
        turn_lent=(),
        action_hits=(),
        power_hits=(),
        user_hits=(),
        turn_targets=(),
        unloaded_cards=(),
    )
    return state, [Event("battlescenes.event.end_turn", {}, rule="6.2")]


def _begin(state: State) -> tuple[State, list[Event]]:
    state = replace(state, turn=state.turn + 1, countdown_count=0)
    name = state.players[state.active].name
    return state, [
        Event("battlescenes.event.turn", {"player": name, "turn": state.turn}, rule="6.2")
    ]


_AUTO = {"begin": _begin, "countdown": _countdown, "draw": _draw, "cleanup": _cleanup}


def _anticipation_needed(state: State) -> bool:
    """6.2 E.1: the Anticipation step waits only when the opponent has an action to use."""
    return bool(use.usable(state, 1 - state.active))


#: Decision points that are skipped when there is nothing to decide (the others always wait).
_SKIPPABLE = {"adjustment": adjustment_needed, "anticipation": _anticipation_needed}


def _waits(state: State, name: str) -> bool:
    """Whether a decision point has a decision to make (else it is skipped)."""
    needed = _SKIPPABLE.get(name)
    return needed is None or needed(state)


def proceed(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """Walk the turn sequence until a player must decide (or the match ends).

    Effects triggered at a start/end point resolve while the turn is still at
    that point (``step`` is marked ``name!`` meanwhile), then the walk goes on.
    """
    events: list[Event] = []
    start = state.phase
    while state.phase is not Phase.OVER and not state.tree and state.choice is None:
        index = position(state)
        name, kind, _phase = SEQUENCE[index]
        if state.step.endswith("!"):  # its triggered effects are resolved
            state = _enter(state, index + 1)
            continue
        match kind:
            case Point.DECISION if _waits(state, name):
                if state.phase is not start:  # say where the turn now waits
                    key = f"battlescenes.event.now.{state.phase.value}"
                    params = {"player": state.players[state.active].name}
                    events.append(Event(key, params, rule="6.2"))
                return state, events
            case Point.TRIGGER:
                state = _fire_phase(state, name)
                if state.tree:
                    state = replace(state, step=f"{name}!")
                    state, more = interpreter.run(state, dice)
                    events.extend(more)
                    continue
            case Point.AUTO:
                state, more = _AUTO[name](state)
                events.extend(more)
                if state.phase is Phase.OVER:
                    break
                if state.tree:  # e.g. the active player's choice between replacements (5.5)
                    state = replace(state, step=f"{name}!")
                    state, more = interpreter.run(state, dice)
                    events.extend(more)
                    continue
        state = _enter(state, index + 1)
    return state, events


def pass_step(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """The deciding player is done with the current phase or step: the turn moves on."""
    state = _enter(state, position(state) + 1)
    return proceed(state, dice)
