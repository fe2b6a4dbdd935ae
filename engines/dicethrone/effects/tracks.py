"""Handlers of a hero's track (:mod:`.track_steps`) and the bonus of where its marker
stands when an Attack ends (the Duelist's Footwork, issue 22).

Generic (no hero named here): the hero YAML's ``tracks:`` says the positions, their
names and bonuses; its scripts say who takes steps and when.
"""

from __future__ import annotations

from engines.dicethrone.content import DamageKind, Hero, Step, TrackDef, text_for
from engines.dicethrone.effects.context import Ctx, may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun, Effects, here
from engines.dicethrone.effects.steps import Amount
from engines.dicethrone.effects.track_steps import MoveTrack, OnTrack, TakeSteps
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()

#: Labels of the choice "where does the marker end", per locale.
LABELS = {
    "en-US": {"stay": "Stay: {place}", "move": "{steps} {way}: {place}"},
    "pt-BR": {"stay": "Ficar: {place}", "move": "{steps} {way}: {place}"},
    "it": {"stay": "Resta: {place}", "move": "{steps} {way}: {place}"},
}
#: "N steps forward/backward", per locale.
WAYS = {
    "en-US": {True: "forward", False: "backward", "step": "step", "steps": "steps"},
    "pt-BR": {True: "para a frente", False: "para trás", "step": "passo", "steps": "passos"},
    "it": {True: "avanti", False: "indietro", "step": "passo", "steps": "passi"},
}


def position(state: State, seat: int, track: TrackDef) -> int:
    """Where the marker of ``track`` stands for ``seat`` (its start until it moves)."""
    return state.players[seat].tracks.get(track.id, track.start)


def _move(run: DTRun, state: State, track: TrackDef, to: int) -> State:
    owner = run.ctx.owner
    player = state.players[owner]
    before = position(state, owner, track)
    to = max(track.low, min(track.high, to))
    if to == before:
        return state
    run.env.emit(
        "track_moved",
        player=seat_name(state, owner),
        track=dict(track.name),
        place=dict(track.labels[to]),
    )
    return put(state, owner, tracks={**player.tracks, track.id: to})


@HANDLERS.on(MoveTrack)
def move_track(run: DTRun, state: State, step: MoveTrack) -> State:
    """Steps that must be taken: the marker moves, those beyond an end are lost."""
    ctx = here(run)
    track = ctx.hero.track(step.track)
    if track is None:  # another hero's track: only its own rules move it
        return state
    count = Amount(step.count, step.per).of(ctx.hero, ctx.dice)
    sign = 1 if step.forward else -1
    return _move(run, state, track, position(state, ctx.owner, track) + sign * count)


def _steps_label(locale: str, steps: int, forward: bool, place: str) -> str:
    ways = WAYS[locale]
    word = ways["step"] if steps == 1 else ways["steps"]
    return LABELS[locale]["move"].format(steps=f"{steps} {word}", way=ways[forward], place=place)


@HANDLERS.on(TakeSteps)
def take_steps(run: DTRun, state: State, step: TakeSteps) -> State:
    """Steps the owner may take: she picks where the marker ends (or leaves it)."""
    ctx = run.ctx
    track = ctx.hero.track(step.track)
    if track is None or not may_wait(ctx):
        return state
    here_at = position(state, ctx.owner, track)
    low = here_at if step.direction == "forward" else max(track.low, here_at - step.count)
    high = here_at if step.direction == "backward" else min(track.high, here_at + step.count)
    places = [p for p in range(high, low - 1, -1) if p != here_at]
    if not places:
        return state
    labels = track.labels
    options = [
        Step(
            op="option",
            text={
                loc: words["stay"].format(place=text_for(labels[here_at], loc))
                for loc, words in LABELS.items()
            },
        )
    ]
    for to in places:
        forward, count = to > here_at, abs(to - here_at)
        move = Step(
            op="move_track",
            track=track.id,
            amount=count,
            topic="forward" if forward else "backward",
        )
        text = {loc: _steps_label(loc, count, forward, text_for(labels[to], loc)) for loc in LABELS}
        options.append(Step(op="option", steps=(move,), text=text))
    run.push((Step(op="or", steps=tuple(options), topic="track"),))
    return state


@HANDLERS.on(OnTrack)
def on_track(run: DTRun, state: State, step: OnTrack) -> State:
    """The steps, when the owner's marker stands on one of the positions."""
    track = run.ctx.hero.track(step.track)
    if track is not None and position(state, run.ctx.owner, track) in step.positions:
        run.push(step.steps)
    return state


def track_bonuses(interp: Effects, state: State, heroes: dict[int, Hero]) -> State:
    """The Attack's roll phase ends (before its damage is dealt): the Attacker's
    tracks give the ``attacking`` bonus of where their markers stand; the Attacked
    player's, attacked with normal damage, the ``attacked`` bonus."""
    attacker = state.active
    attacks = [i for i in state.ledger if i.attack and i.source == attacker]
    if not attacks:
        return state
    defender = attacks[0].target
    normal = any(i.kind is DamageKind.NORMAL for i in attacks)
    sides = [(attacker, True, defender)] + ([(defender, False, attacker)] if normal else [])
    for seat, attacking, foe in sides:
        hero = heroes[seat]
        for track in hero.tracks:
            at = position(state, seat, track)
            script = (track.attacking if attacking else track.attacked).get(at, ())
            if not script:
                continue
            interp.emit(
                "track_bonus",
                player=seat_name(state, seat),
                track=dict(track.name),
                place=dict(track.labels[at]),
            )
            state = interp.run(state, script, Ctx(seat, hero, attack=attacking, foe=foe))
    return state
