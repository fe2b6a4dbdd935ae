"""Steps added for the heroes of issue 22 (the Ninja): re-rolling an effect's own dice,
a chosen player, and a card discarded as a cost (an Attack turned undefendable is the
kernel's ``undefendable`` step, ``tokens.py``).

Each is generic (no hero is named here): the hero YAML says which ability uses it.
"""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import dice_message, may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun, here
from engines.dicethrone.effects.steps import (
    ChoosePlayer,
    DiscardAt,
    DiscardFor,
    RerollDie,
    RerollOffer,
)
from engines.dicethrone.rules.state import Resume, State

HANDLERS: DTHandlers = DTHandlers()

#: Labels of the choices these steps offer, per locale.
LABELS = {
    "en-US": {
        "keep": "Keep the dice",
        "reroll": "Re-roll die {n} (shows {value})",
        "no_discard": "Discard nothing (no effect)",
        "discard": "Discard card {n} of your hand",
        "nobody": "No one",
        "nobody_more": "No one else",
    },
    "pt-BR": {
        "keep": "Manter os dados",
        "reroll": "Re-rolar o dado {n} (mostra {value})",
        "no_discard": "Não descartar (sem efeito)",
        "discard": "Descartar a carta {n} da sua mão",
        "nobody": "Ninguém",
        "nobody_more": "Mais ninguém",
    },
    "it": {
        "keep": "Tieni i dadi",
        "reroll": "Ritira il dado {n} (mostra {value})",
        "no_discard": "Non scartare (nessun effetto)",
        "discard": "Scarta la carta {n} della tua mano",
        "nobody": "Nessuno",
        "nobody_more": "Nessun altro",
    },
}


def _label(key: str, **params: object) -> dict[str, str]:
    return {loc: words[key].format(**params) for loc, words in LABELS.items()}


@HANDLERS.on(RerollOffer)
def reroll_offer(run: DTRun, state: State, step: RerollOffer) -> State:
    """The owner may roll one of these dice again (up to ``left`` times), or keep them;
    a script that cannot wait (set-up, triggers) keeps them."""
    dice = run.data
    free = [i for i in range(len(dice)) if i not in step.done]
    if step.left <= 0 or not free or not may_wait(run.ctx):
        run.push(step.steps)
        return state
    keep = Step(op="option", steps=step.steps, text=_label("keep"))
    options = [keep]
    for i in free:
        again = Step(
            op="reroll_die", dice=i, amount=step.left - 1, steps=step.steps, numbers=step.done
        )
        label = _label("reroll", n=i + 1, value=dice[i])
        options.append(Step(op="option", steps=(again,), text=label))
    run.push((Step(op="or", steps=tuple(options), topic="reroll"),))
    return state


@HANDLERS.on(RerollDie)
def reroll_die(run: DTRun, state: State, step: RerollDie) -> State:
    """One die rolled again; the dice the board shows follow (defensive or effect dice)."""
    ctx = here(run)
    old = run.data
    values = list(old)
    values[step.index] = run.env.dice.roll(6, f"re-roll die {step.index + 1}")
    new = tuple(values)
    run.env.emit(
        "die_rerolled",
        player=seat_name(state, ctx.owner),
        die=step.index + 1,
        dice=dice_message(ctx.hero, new),
    )
    roll = state.roll
    if ctx.resume is Resume.DEFEND and roll.defense_dice == old:
        state = replace(state, roll=replace(roll, defense_dice=new))
    elif roll.effect_dice == old:
        state = replace(state, roll=replace(roll, effect_dice=new))
    done = (*step.done, step.index)
    run.push((Step(op="reroll", amount=step.left, steps=step.steps, numbers=done),), new)
    return state


@HANDLERS.on(ChoosePlayer)
def choose_player(run: DTRun, state: State, step: ChoosePlayer) -> State:
    """ "A chosen player": with one candidate no question; else the owner picks (the
    first listed by default: herself among everyone — then the opponents, then her
    living teammates —, else the Defender or the opponent on her left). The pick
    holds for the nested steps only. Among ``teammates`` (her living teammates, 2 v 2)
    there may be nobody: then nothing happens."""
    ctx = run.ctx
    if step.among == "teammates":
        mates = tuple(s for s in state.teammates(ctx.owner) if s != ctx.owner and state.alive(s))
        ordered: tuple[int, ...] = mates
    else:
        opponents = state.opponents(ctx.owner)
        default = ctx.foe if ctx.foe is not None else state.opponent(ctx.owner)
        ordered = (default, *(s for s in opponents if s != default))
        if step.among == "everyone":
            living = (s for s in state.teammates(ctx.owner) if s != ctx.owner and state.alive(s))
            ordered = (ctx.owner, *ordered, *living)
    ordered = tuple(s for s in ordered if s not in step.chosen)
    if not ordered:
        return state
    if step.up_to > 1 or step.chosen:
        return choose_several(run, state, step, ordered)
    return _chosen_among(run, state, step, ordered)


def _chosen_among(run: DTRun, state: State, step: ChoosePlayer, seats: tuple[int, ...]) -> State:
    """The nested steps aimed at one of ``seats`` (the first by default), asked when
    there are several and the script may wait."""
    ctx = run.ctx
    back = Step(op="foe", amount=ctx.foe if ctx.foe is not None else -1)
    if len(seats) == 1 or not may_wait(ctx):
        run.push((Step(op="foe", amount=seats[0]), *step.steps, back))
        return state
    options = tuple(
        Step(
            op="option",
            steps=(Step(op="foe", amount=seat), *step.steps, back),
            text={"en-US": f"{seat + 1}. {state.seats[seat].name}"},
        )
        for seat in seats
    )
    run.push((Step(op="or", steps=options, topic="player"),))
    return state


def choose_several(run: DTRun, state: State, step: ChoosePlayer, seats: tuple[int, ...]) -> State:
    """ "Up to N chosen players": the owner picks one of ``seats`` (the first by default)
    or nobody (more); after a pick the steps aim at that player, then she may pick
    another one, never the same player twice. A script that cannot wait picks the
    first only."""
    ctx = run.ctx
    back = Step(op="foe", amount=ctx.foe if ctx.foe is not None else -1)
    if not may_wait(ctx):
        run.push((Step(op="foe", amount=seats[0]), *step.steps, back))
        return state
    options = []
    for seat in seats:
        again = Step(
            op="choose_player",
            topic=step.among,
            steps=step.steps,
            amount=step.up_to - 1,
            numbers=(*step.chosen, seat),
        )
        after = (again,) if step.up_to > 1 else ()
        aimed = (Step(op="foe", amount=seat), *step.steps, back, *after)
        text = {"en-US": f"{seat + 1}. {state.seats[seat].name}"}
        options.append(Step(op="option", steps=aimed, text=text))
    options.append(Step(op="option", text=_label("nobody_more" if step.chosen else "nobody")))
    run.push((Step(op="or", steps=tuple(options), topic="player"),))
    return state


@HANDLERS.on(DiscardFor)
def discard_for(run: DTRun, state: State, step: DiscardFor) -> State:
    """ "If you discard 1 card": the owner may discard one (named by its place in her
    hand, so the choice shows no card) for the effect, or keep her cards."""
    hand = state.players[run.ctx.owner].hand
    if not hand or not may_wait(run.ctx):
        return state
    options = [Step(op="option", text=_label("no_discard"))]
    for i in range(len(hand)):
        discard = Step(op="discard_at", amount=i, steps=step.steps)
        options.append(Step(op="option", steps=(discard,), text=_label("discard", n=i + 1)))
    run.push((Step(op="or", steps=tuple(options), topic="discard"),))
    return state


@HANDLERS.on(DiscardAt)
def discard_at(run: DTRun, state: State, step: DiscardAt) -> State:
    """The card is discarded face up (revealed now), then the effect resolves."""
    owner = run.ctx.owner
    player = state.players[owner]
    if not 0 <= step.index < len(player.hand):
        return state  # the hand changed meanwhile: nothing was discarded
    card = player.hand[step.index]
    hand = player.hand[: step.index] + player.hand[step.index + 1 :]
    state = put(state, owner, hand=hand, discard=(*player.discard, card))
    definition = run.ctx.hero.card(card)
    name = dict(definition.name) if definition else card
    run.env.emit("discarded", player=seat_name(state, owner), card=name)
    run.push(step.steps)
    return state
