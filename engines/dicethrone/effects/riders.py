"""Steps for the riders of the Season 1 heroes and the Treant (issue 22): an incoming
status effect prevented (Thick Skin II, the Treant's Dryad), one of the owner's own
status effects removed (Fortitude II), steps that wait for the Attack's damage after
the defence (Reckless, Head Bash!), a spent token's die re-rolled once where allowed
(the Gunslinger's Reload: Quick Draw II, Fill 'Em With Lead!, Wild West!), a picked
token transferred to another chosen player (Transference!).

"Prevent an incoming status effect": the Attack's effects resolve when it is
activated (4.4), so a negative status effect one of them gave an opponent is already
held when that player answers (her Defensive Ability, a token spent at the end of the
Offensive Roll Phase). Preventing it takes back the tokens that effect gave, while
she still holds them. ``DECODERS`` joins the vocabulary's table (``steps.py``); no
hero is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone.content import Content, Script, Step
from engines.dicethrone.effects.context import Ctx, may_wait, remove_status, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun, Effects
from engines.dicethrone.rules.damage import resolve
from engines.dicethrone.rules.state import Phase, State
from engines.dicethrone.rules.statuses import parse_pick

HANDLERS: DTHandlers = DTHandlers()

#: Labels of the choices these steps offer, per locale.
LABELS = {
    "en-US": {
        "prevent": "Prevent {status} (this Attack's)",
        "keep": "Prevent nothing",
        "remove": "Remove 1 {status}",
        "remove_none": "Remove nothing",
        "keep_die": "Keep the die ({value})",
        "reroll_die": "Re-roll the die ({value})",
    },
    "pt-BR": {
        "prevent": "Prevenir {status} (deste Ataque)",
        "keep": "Não prevenir nada",
        "remove": "Remover 1 {status}",
        "remove_none": "Não remover nada",
        "keep_die": "Manter o dado ({value})",
        "reroll_die": "Re-rolar o dado ({value})",
    },
    "it": {
        "prevent": "Previeni {status} (di questo Attacco)",
        "keep": "Non prevenire nulla",
        "remove": "Rimuovi 1 {status}",
        "remove_none": "Non rimuovere nulla",
        "keep_die": "Tieni il dado ({value})",
        "reroll_die": "Ritira il dado ({value})",
    },
}


@dataclass(frozen=True)
class PreventIncoming:
    """ "You may prevent 1 incoming status effect": the owner picks one of the negative
    status effects the current Attack's effects gave her (that she still holds), or
    none; its tokens go."""


@dataclass(frozen=True)
class RemoveOwnStatus:
    """ "You may remove 1 status effect from yourself": an "Or" of the kinds of token
    the owner holds that her own effects may remove (one token of the kind picked), or
    none (Fortitude II on 3 of a kind)."""


@dataclass(frozen=True)
class IfAttackDealt:
    """ "If your Attack dealt at least N damage (after the defence)": ``steps`` wait
    until the owner's Attack's roll phase concludes; then, if the damage the Attack
    deals its opponents after every prevention comes to ``at_least``, they resolve
    (with that phase's damage), else nothing (Reckless's damage back, Head Bash!)."""

    at_least: int
    steps: Script
    record: Step


@dataclass(frozen=True)
class AllowReroll:
    """ "This roll phase, when you spend [token], you may re-roll its die once" (for
    the active player only; ``rerolled``: "if you do", more steps: Wild West!'s +1)."""

    status: str
    rerolled: Script
    record: Step


@dataclass(frozen=True)
class RerollIfAllowed:
    """In a token's spend, inside its roll: when an ``allow_reroll`` of that token
    holds for the owner, she may re-roll the roll's die once (then every ``rerolled``
    of those allowances resolves too); ``steps`` read the final die."""

    status: str
    steps: Script


@dataclass(frozen=True)
class IfLevel:
    """The nested steps when the owner's ability or passive ``slot`` is at ``at_least``
    or above (its upgrade card's level; 1 without one): Quick Draw II."""

    slot: str
    at_least: int
    steps: Script


@dataclass(frozen=True)
class TransferChosen:
    """ "Transfer 1 status effect token from a chosen player to another chosen player":
    the token the card picked when played (``"<seat>:<status>"``, as Bye-Bye's) goes
    to another living player the owner picks (herself too)."""


@dataclass(frozen=True)
class TransferTo:
    """The interpreter's step: one token of ``status`` from ``holder`` to ``seat``."""

    holder: int
    status: str
    seat: int


@dataclass(frozen=True)
class DropIncoming:
    """The interpreter's step: the ``entry`` of :attr:`Roll.incoming` prevented."""

    entry: str


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "prevent_incoming_status": lambda s: PreventIncoming(),
    "drop_incoming": lambda s: DropIncoming(s.topic),
    "remove_own_status": lambda s: RemoveOwnStatus(),
    "if_attack_dealt": lambda s: IfAttackDealt(s.amount, s.steps, s),
    "allow_reroll": lambda s: AllowReroll(s.status or "", s.steps, s),
    "reroll_if_allowed": lambda s: RerollIfAllowed(s.status or "", s.steps),
    "if_level": lambda s: IfLevel(s.topic, s.amount, s.steps),
    "transfer_chosen": lambda s: TransferChosen(),
    "transfer_to": lambda s: TransferTo(s.dice, s.status or "", s.amount),
}


def note_incoming(content: Content, state: State, seat: int, status: str, tokens: int) -> State:
    """Record ``tokens`` of a negative ``status`` an Attack's effect gave ``seat``."""
    if tokens <= 0 or content.status(status).positive:
        return state
    entry = f"{seat}:{status}:{tokens}"
    return replace(state, roll=replace(state.roll, incoming=(*state.roll.incoming, entry)))


def incoming_for(state: State, seat: int) -> list[tuple[str, str, int]]:
    """The entries of incoming status effects on ``seat`` she still holds: (entry,
    status, tokens); none once the roll phase is over."""
    out: list[tuple[str, str, int]] = []
    if state.phase not in (Phase.OFFENSIVE, Phase.DEFENSIVE):
        return out
    for entry in state.roll.incoming:
        holder, status, tokens = entry.split(":")
        if int(holder) == seat and state.players[seat].statuses.get(status, 0):
            out.append((entry, status, int(tokens)))
    return out


@HANDLERS.on(PreventIncoming)
def prevent_incoming(run: DTRun, state: State, step: PreventIncoming) -> State:
    """An "Or" of the owner's incoming status effects (the first by default) and
    "Prevent nothing"; nothing to ask when there is none."""
    found = incoming_for(state, run.ctx.owner)
    if not found or not may_wait(run.ctx):
        return state
    options = []
    for entry, status, _tokens in found:
        name = dict(run.env.content.status(status).name)
        text = {
            loc: words["prevent"].format(status=name.get(loc) or name.get("en-US", status))
            for loc, words in LABELS.items()
        }
        options.append(Step(op="option", steps=(Step(op="drop_incoming", topic=entry),), text=text))
    keep = {loc: words["keep"] for loc, words in LABELS.items()}
    options.append(Step(op="option", text=keep))
    run.push((Step(op="or", steps=tuple(options), topic="prevent_incoming"),))
    return state


@HANDLERS.on(DropIncoming)
def drop_incoming(run: DTRun, state: State, step: DropIncoming) -> State:
    """The entry's tokens go (those still held); the entry is spent."""
    holder, status, tokens = step.entry.split(":")
    seat = int(holder)
    held = state.players[seat].statuses.get(status, 0)
    rest = list(state.roll.incoming)
    if step.entry in rest:
        rest.remove(step.entry)
    state = replace(state, roll=replace(state.roll, incoming=tuple(rest)))
    if not held:
        return state
    run.env.emit(
        "incoming_prevented",
        "Efeitos de Status",
        player=seat_name(state, seat),
        status=dict(run.env.content.status(status).name),
    )
    gone = min(held, int(tokens))
    return remove_status(state, seat, status, gone, run.env.content, run.env.events)


def _said(key: str, name: Mapping[str, str]) -> dict[str, str]:
    return {
        loc: words[key].format(status=name.get(loc) or name.get("en-US", ""))
        for loc, words in LABELS.items()
    }


@HANDLERS.on(RemoveOwnStatus)
def remove_own_status(run: DTRun, state: State, step: RemoveOwnStatus) -> State:
    """An "Or" of the kinds of token the owner holds and may remove (statuses her
    hero's effects may take: not another hero's protected ones, nor fixed tokens or
    markers), one token each, and "Remove nothing" last."""
    owner, content = run.ctx.owner, run.env.content
    held = sorted(s for s, n in state.players[owner].statuses.items() if n)
    kinds = [s for s in held if content.status(s).pickable(run.ctx.hero.id)]
    if not kinds or not may_wait(run.ctx):
        return state
    options = [
        Step(
            op="option",
            steps=(Step(op="remove", status=status, amount=1, target="self"),),
            text=_said("remove", dict(content.status(status).name)),
        )
        for status in kinds
    ]
    options.append(Step(op="option", text={loc: w["remove_none"] for loc, w in LABELS.items()}))
    run.push((Step(op="or", steps=tuple(options), topic="remove_own"),))
    return state


@HANDLERS.on(IfAttackDealt)
def if_attack_dealt(run: DTRun, state: State, step: IfAttackDealt) -> State:
    """Kept for the end of the owner's roll phase; nothing outside her own roll phase
    (no Attack of hers to read)."""
    owner = run.ctx.owner
    if owner != state.active or state.phase not in (Phase.OFFENSIVE, Phase.DEFENSIVE):
        return state
    roll = state.roll
    return replace(state, roll=replace(roll, when_dealt=(*roll.when_dealt, step.record)))


def attack_dealt(state: State) -> int:
    """The damage the active player's Attack deals her opponents after the defence and
    every prevention ("Dano Final Total"), as the ledger stands."""
    foes = set(state.opponents(state.active))
    return sum(
        resolve(inc).total
        for inc in state.ledger
        if inc.attack and inc.source == state.active and inc.target in foes
    )


def settle_attack_dealt(interp: Effects, state: State) -> State:
    """The roll phase concludes: each waiting ``if_attack_dealt`` resolves its steps
    when the Attack deals enough, else says nothing happens; none waits afterwards."""
    waiting = state.roll.when_dealt
    if not waiting:
        return state
    state = replace(state, roll=replace(state.roll, when_dealt=()))
    seat = state.active
    player = state.players[seat]
    hero = interp.content.heroes[player.hero].on_side(player.flipped)
    dealt = attack_dealt(state)
    for record in waiting:
        if dealt >= record.amount:
            state = interp.run(state, record.steps, Ctx(seat, hero))
        else:
            name = seat_name(state, seat)
            interp.emit("attack_dealt_below", "6.6", player=name, count=record.amount)
    return state


@HANDLERS.on(AllowReroll)
def allow_reroll(run: DTRun, state: State, step: AllowReroll) -> State:
    """Kept for the rest of the active player's roll phase (nothing for anyone else)."""
    if run.ctx.owner != state.active or state.phase not in (Phase.OFFENSIVE, Phase.DEFENSIVE):
        return state
    roll = state.roll
    return replace(state, roll=replace(roll, allowed=(*roll.allowed, step.record)))


@HANDLERS.on(RerollIfAllowed)
def reroll_if_allowed(run: DTRun, state: State, step: RerollIfAllowed) -> State:
    """Keep the die (the default) or roll it again once, with the allowances' extra
    steps; without an allowance (or nobody to ask) the steps read the die as rolled."""
    owner = run.ctx.owner
    found = [a for a in state.roll.allowed if a.status == step.status and owner == state.active]
    dice = run.data
    if not found or len(dice) != 1 or not may_wait(run.ctx):
        run.push(step.steps)
        return state
    bonus = tuple(s for allowance in found for s in allowance.steps)
    value = dice[0]
    again = Step(op="reroll_die", dice=0, amount=0, steps=(*step.steps, *bonus))
    options = (
        Step(op="option", steps=step.steps, text=_valued("keep_die", value)),
        Step(op="option", steps=(again,), text=_valued("reroll_die", value)),
    )
    run.push((Step(op="or", steps=options, topic="reroll"),))
    return state


def _valued(key: str, value: int) -> dict[str, str]:
    return {loc: words[key].format(value=value) for loc, words in LABELS.items()}


@HANDLERS.on(IfLevel)
def if_level(run: DTRun, state: State, step: IfLevel) -> State:
    """The steps when the slot's upgrade card is at that level or above."""
    owner = run.ctx.owner
    card_id = state.players[owner].upgrades.get(step.slot)
    card = run.ctx.hero.card(card_id) if card_id else None
    level = card.upgrade.level if card and card.upgrade else 1
    if level >= step.at_least:
        run.push(step.steps)
    return state


@HANDLERS.on(TransferChosen)
def transfer_chosen(run: DTRun, state: State, step: TransferChosen) -> State:
    """The picked token's new holder: asked among the other living players (the owner
    first, then in turn order from her); with one, no question."""
    ctx = run.ctx
    picked = parse_pick(run.env.content, state, ctx.pick, ctx.hero.id)
    if picked is None:
        return state
    holder, status = picked
    seats = tuple(s for s in state.order_from(ctx.owner) if s != holder and state.alive(s))
    seats = tuple(sorted(seats, key=lambda s: s != ctx.owner))
    if not seats:
        return state
    moves = [Step(op="transfer_to", dice=holder, status=status, amount=s) for s in seats]
    if len(seats) == 1 or not may_wait(ctx):
        run.push((moves[0],))
        return state
    options = tuple(
        Step(op="option", steps=(move,), text={"en-US": f"{s + 1}. {state.seats[s].name}"})
        for s, move in zip(seats, moves, strict=True)
    )
    run.push((Step(op="or", steps=options, topic="player"),))
    return state


@HANDLERS.on(TransferTo)
def transfer_to(run: DTRun, state: State, step: TransferTo) -> State:
    """One token leaves its holder and is gained by the new one (within her limit)."""
    if not state.players[step.holder].statuses.get(step.status):
        return state
    content = run.env.content
    run.env.emit(
        "token_transferred",
        "Efeitos de Status",
        status=dict(content.status(step.status).name),
        holder=seat_name(state, step.holder),
        player=seat_name(state, step.seat),
    )
    state = remove_status(state, step.holder, step.status, 1, content, run.env.events)
    return run.env.add_status(state, step.seat, step.status, 1, giver=run.ctx.owner)
