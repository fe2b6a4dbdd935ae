"""Status effects beyond spending and Upkeep ("Efeitos de Status").

* Stack limits per holder: "Limite de Empilhamento: 5/3" (the Cursed Doubloon)
  is 5 on the hero who brings the status and 3 on anyone else; raised limits
  ("Aumentando o limite de empilhamento") add to either.
* ``overflow``: gaining a token while at the limit first runs the status's
  script for the holder (the Powder Keg: "if a player is afflicted by a
  Powder Keg while already afflicted, the first one explodes at once").
* Triggers: ``when_attacking`` runs for an Attacker holding the status once
  per token when the Attack activates (the Fade: "-1 damage per token";
  Negotiate: "deal no damage when Attacking"), ``when_attacked`` for an
  Attacked holder; ``expires_after_roll`` tokens are removed when the roll
  phase of the holder's turn concludes (Negotiate).
* ``protected`` tokens are removed or moved only by the bringing hero's
  effects, and ``decline`` lets the bringing hero refuse to gain one, also one
  passed to her with ``move`` (both the Cursed Doubloon).
* Steps: ``move`` (pass a token to the opponent: the Powder Keg on a 6),
  ``steal_health`` ("Roube"), ``lessen_attack`` and ``cancel_attack`` (reduce
  or cancel the owner's own Attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.content import Content, Step
from engines.dicethrone.modes import health_cap, set_health
from engines.dicethrone.state import State

if TYPE_CHECKING:
    from engines.dicethrone.effects import Ctx, Interpreter

#: Marks a gain its hero chose to accept after a ``decline`` offer.
ACCEPTED = "accepted"

STATUS_STEPS = frozenset(
    {"move", "steal_health", "lessen_attack", "cancel_attack", "remove_chosen"}
)


def parse_pick(content: Content, state: State, pick: str, by: str) -> tuple[int, str] | None:
    """``"2:evasive"`` -> (seat index 1, "evasive") if hero ``by`` may pick that token."""
    seat_text, _, status = pick.partition(":")
    status = status.strip()
    if not seat_text.strip().isdigit():
        return None
    seat = int(seat_text) - 1
    if not 0 <= seat < len(state.players) or not state.players[seat].statuses.get(status):
        return None
    return (seat, status) if content.status(status).removable_by(by) else None


def tokens_in_play(content: Content, state: State, by: str) -> list[tuple[int, str]]:
    """Every (seat, status) with a token that hero ``by`` may remove (e.g. with Bye-Bye)."""
    return [
        (i, s)
        for i, p in enumerate(state.players)
        for s, n in sorted(p.statuses.items())
        if n and content.status(s).removable_by(by)
    ]


def limit(interp: Interpreter, state: State, seat: int, status: str) -> int:
    """The seat's stack limit for a status: per holder, plus any raised limit."""
    player = state.players[seat]
    definition = interp.content.status(status)
    return definition.limit(player.hero) + player.stack_bonus.get(status, 0)


def before_gain(
    interp: Interpreter, state: State, seat: int, status: str, giver: int | None = None
) -> State:
    """A holder at the limit runs the status's ``overflow`` script first.

    "The opponent" of that script is the player whose effect gives the token
    ("se um jogador for afetado … enquanto já estiver afetado": the one
    afflicting), when an opponent of the holder; otherwise (her own effect, a
    teammate's, a referee's adjustment) the default opponent. It runs inside
    another effect, so it cannot stop to ask.
    """
    definition = interp.content.status(status)
    have = state.players[seat].statuses.get(status, 0)
    if not definition.overflow or have < limit(interp, state, seat, status):
        return state
    from engines.dicethrone.effects import Ctx

    hero = interp.content.heroes[state.players[seat].hero]
    foe = giver if giver is not None and giver in state.opponents(seat) else None
    return interp.run(state, definition.overflow, Ctx(seat, hero, foe=foe))


def step(interp: Interpreter, state: State, st: Step, ctx: Ctx) -> State:
    """Resolve one of :data:`STATUS_STEPS`."""
    from engines.dicethrone.effects import remove_status

    owner, other = ctx.owner, interp.foe(state, ctx)
    if st.op == "remove_chosen":
        # "Tchau-Tchau": one token of the player's choice, from any player.
        picked = parse_pick(interp.content, state, ctx.pick, ctx.hero.id)
        if picked is None:
            return state
        return remove_status(state, picked[0], picked[1], 1, interp.content, interp.events)
    if st.op == "move":
        # Pass a token to the opponent (it counts as gaining it there).
        status = st.status or ""
        movable = interp.content.status(status).removable_by(ctx.hero.id)
        if not state.players[owner].statuses.get(status) or not movable:
            return state
        state = remove_status(state, owner, status, 1, interp.content, interp.events)
        return interp.add_status(state, other, status, 1, giver=owner)
    if st.op == "steal_health":
        # "Roube": take what the opponent has, up to the amount; the thief heals at
        # most 10 above the starting health ("Vitalidade").
        taken = min(st.amount, state.players[other].health)
        cap = health_cap(state)
        state = set_health(state, other, state.players[other].health - taken)
        state = set_health(state, owner, min(cap, state.players[owner].health + taken))
        interp.events.append(
            Event(
                "dicethrone.event.health_stolen",
                {"player": state.seats[owner].name, "amount": taken},
                rule="Roube",
            )
        )
        return state
    # lessen_attack / cancel_attack: the owner's own Attack deals less, or nothing.
    ledger = list(state.ledger)
    changed = False
    for i, inc in enumerate(ledger):
        if inc.attack and inc.source == owner:
            if st.op == "cancel_attack":
                ledger[i] = replace(inc, prevent_all=True)
            else:
                ledger[i] = replace(inc, prevented=inc.prevented + st.amount)
            changed = True
            break
    if changed:
        interp.events.append(
            Event(
                f"dicethrone.event.{st.op}",
                {"player": state.seats[owner].name, "amount": st.amount},
                rule="Efeitos de Status",
            )
        )
    return replace(state, ledger=tuple(ledger))


def attack_triggers(interp: Interpreter, state: State) -> State:
    """An Attack activated: the Attacker's ``when_attacking`` statuses, then the
    Attacked player's ``when_attacked`` ones, each once per token."""
    from engines.dicethrone.effects import Ctx

    attacker = state.active
    defender = state.opponent(attacker)
    # "The opponent" of these scripts is named by the rules: the Attacked player
    # ("o Defensor", chosen in the targeting phase 5) for the Attacker's, the
    # Attacker ("quando você é Atacado por um oponente") for the Defender's.
    pairs = ((attacker, "when_attacking", defender), (defender, "when_attacked", attacker))
    for seat, field, foe in pairs:
        player = state.players[seat]
        hero = interp.content.heroes[player.hero]
        steps: list[Step] = []
        for status, count in sorted(player.statuses.items()):
            steps += list(getattr(interp.content.status(status), field)) * count
        if steps:
            ctx = Ctx(seat, hero, attack=seat == attacker, foe=foe)
            state = interp.run(state, tuple(steps), ctx)
    return state


def expire_after_roll(interp: Interpreter, state: State) -> State:
    """Remove the active player's tokens that last until their roll phase concludes."""
    from engines.dicethrone.effects import remove_status

    seat = state.active
    for status, count in sorted(state.players[seat].statuses.items()):
        if interp.content.status(status).expires_after_roll:
            state = remove_status(state, seat, status, count, interp.content, interp.events)
    return state


def offer_decline(interp: Interpreter, state: State, step: Step, ctx: Ctx) -> Step:
    """A status its bringing hero may refuse ("Sempre que a Pirata for ganhar um
    Dobrão Amaldiçoado, ela pode escolher não ganhar") becomes an "Or".

    A token passed to her (``move``: another Pirate's board, a mirror match) is
    one she would gain too; refused, it stays with the player passing it (the
    move does not happen). A move that could not happen offers nothing.
    """
    from engines.dicethrone.effect_helpers import may_wait

    if step.op not in ("gain", "inflict", "move") or not may_wait(ctx) or not step.status:
        return step  # set-up and trigger scripts cannot wait for a choice
    if step.topic == ACCEPTED:
        return step  # she already chose to gain it: no second offer
    try:
        definition = interp.content.status(step.status)
    except KeyError:
        return step
    holder = ctx.owner if step.target == "self" else interp.foe(state, ctx)
    if not definition.decline or state.players[holder].hero != definition.hero:
        return step
    if step.op == "move" and (
        holder == ctx.owner
        or not state.players[ctx.owner].statuses.get(step.status)
        or not definition.removable_by(ctx.hero.id)
    ):
        return step  # nothing would be passed to her
    if holder != ctx.owner and ctx.ultimate:
        return step  # nothing answers an Ultimate Ability ("Habilidade Suprema")
    gain = Step(op="option", steps=(replace(step, topic=ACCEPTED),), text=definition.name)
    refuse = Step(op="option", text=definition.decline)
    # "Sempre que a Pirata for ganhar": she is asked even when another player's effect
    # (a mirror match's Pirate) gives it; the script stays its owner's.
    chooser = 0 if holder == ctx.owner else holder + 1
    return Step(op="or", steps=(gain, refuse), amount=chooser)
