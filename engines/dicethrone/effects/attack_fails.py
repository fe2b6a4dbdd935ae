"""An Attack that fails as a whole (issue 22, the Moon Elf's Blinded): a status's
``before_attack`` script runs when its holder activates an Attack, before any of the
ability's effects resolve, and its ``fail_attack`` step ends the Attack there — no
damage, no tokens, no other effect of the ability; the roll phase goes to its last
window as after an ability that is not an Attack.

An Attack is "uma Habilidade Ofensiva que lida com pelo menos 1 de dano e tem como alvo
um oponente" (glossary "Ataque"): an ability whose script damages an opponent (not
collateral damage). An Ultimate Ability "ignora quaisquer Efeitos de Status em jogo que
reduziram a eficácia da habilidade" (glossary "Habilidade Suprema"): no ``before_attack``
script runs for it. ``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone.content import DamageKind, Script, Step
from engines.dicethrone.effects.context import Ctx, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun, Effects
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()


@dataclass(frozen=True)
class FailAttack:
    """ "The Attack fails": the owner's Attack being activated resolves none of its
    effects."""


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "fail_attack": lambda s: FailAttack(),
}


def _walk(script: Script) -> Iterator[Step]:
    for step in script:
        yield step
        yield from _walk(step.steps)
        yield from _walk(step.otherwise)


def is_attack(script: Script) -> bool:
    """Whether an Offensive Ability's script makes an Attack (glossary "Ataque"): some
    step of it damages an opponent with damage that is not collateral."""
    return any(
        step.op == "damage" and step.target != "self" and step.kind is not DamageKind.COLLATERAL
        for step in _walk(script)
    )


def before_attack(interp: Effects, state: State, script: Script, ultimate: bool) -> State:
    """The active player activated an ability: when it is an Attack (and not an
    Ultimate), the ``before_attack`` script of each status she holds runs once per
    token, before the ability's effects. It cannot stop for a player."""
    seat = state.active
    if ultimate or not is_attack(script):
        return state
    player = state.players[seat]
    steps: list[Step] = []
    for status, count in sorted(player.statuses.items()):
        steps += list(interp.content.status(status).before_attack) * count
    if not steps:
        return state
    hero = interp.content.heroes[player.hero].on_side(player.flipped)
    return interp.run(state, tuple(steps), Ctx(seat, hero))


@HANDLERS.on(FailAttack)
def fail_attack(run: DTRun, state: State, step: FailAttack) -> State:
    """Mark the owner's activated Attack as failed (said once); a step run for anybody
    else, or outside an activation, changes nothing."""
    owner = run.ctx.owner
    if owner != state.active or not state.roll.activated or state.roll.failed:
        return state
    run.env.emit("attack_failed", "Efeitos de Status", player=seat_name(state, owner))
    return replace(state, roll=replace(state.roll, failed=True))
