"""The Upkeep ("Fase de Manutenção") and Income ("Fase de Recursos") phases.

Functions of a :class:`~engines.dicethrone.rules.turn.Flow` (its content, dice and
events); the Flow's ``start_turn`` and ``after_upkeep`` delegate here.
"""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.effects.context import Ctx, draw_card, paused, put, remove_status
from engines.dicethrone.effects.dials import dial_upkeep
from engines.dicethrone.effects.foes import FOE_RESET
from engines.dicethrone.effects.piece_holders import held_pieces, run_held_upkeep
from engines.dicethrone.rules.flow import TurnFlow
from engines.dicethrone.rules.ledger import resolve_ledger
from engines.dicethrone.rules.state import CP_CAP, Phase, Resume, State, Step, goto


def start_turn(flow: TurnFlow, state: State) -> State:
    """Upkeep then Income, which need no decision, then Main (1)."""
    seat = state.active
    flow.emit("turn", "Fases do Turno", player=flow.name(state, seat), turn=state.turn)
    return run_upkeep(flow, state)


def run_upkeep(flow: TurnFlow, state: State) -> State:
    """The Upkeep's effects: first another hero's piece held by the active player
    (Raveness's Nevermore, issue 22), each in its owner's context and each a script
    that may pause (it comes back here), then the active player's own."""
    seat = state.active
    heroes = {s: flow.hero(state, s) for s in range(len(state.players))}
    for owner, piece in held_pieces(heroes, state, seat):
        after = run_held_upkeep(flow.interp.run, heroes, state, owner, piece)
        if paused(state, after):
            return after
        state = after
    hero = heroes[seat]
    # "Fase de Manutenção" 1: status effects and passives act, once per token;
    # one script, so a choice ("Or") inside it can pause and resume it.
    sources: list[tuple[dict[str, str], tuple[ScriptStep, ...]]] = []
    for status, count in sorted(state.players[seat].statuses.items()):
        definition = flow.content.status(status)
        if definition.upkeep_others_only and definition.hero == hero.id:
            continue  # e.g. the Cursed Doubloon does not hurt the Pirate herself
        if definition.upkeep:
            # Each token's effect asks anew which opponent it aims at (3–4 players).
            times = 1 if definition.upkeep_once else count  # Fire Mastery: once
            script = (FOE_RESET, *definition.upkeep) * times
            script = (FOE_RESET, *definition.upkeep) * (1 if definition.upkeep_once else count)
            sources.append((dict(definition.name), script))
    # A dial's script of the side it shows (the Sun Elf's Sun Dial, issue 22).
    sources += [(name, (FOE_RESET, *script)) for name, script in dial_upkeep(hero, state, seat)]
    for passive in hero.passives:
        if passive.upkeep:
            sources.append((dict(passive.name), (FOE_RESET, *passive.upkeep)))
    steps = upkeep_order(sources)
    after = flow.interp.run(state, steps, Ctx(seat, hero, resume=Resume.UPKEEP))
    return after if paused(state, after) else after_upkeep(flow, after)


def after_upkeep(flow: TurnFlow, state: State) -> State:
    """1.3: damage and healing applied together; then Income and Main (1).

    When there is damage or healing to apply (or always, with the ``upkeep_window``
    option), a window first lets every player (the active one first) use Instant
    Actions ("a qualquer momento").
    """
    wanted = state.ledger or state.heals or state.upkeep_window
    if wanted and state.step is not Step.UPKEEP_END:
        return replace(state, step=Step.UPKEEP_END, passed=(), priority=None)
    return close_upkeep(flow, replace(state, step=None, passed=(), priority=None))


def close_upkeep(flow: TurnFlow, state: State) -> State:
    """Apply the Upkeep's damage and healing; then Income and Main (1)."""
    state = resolve_ledger(state, flow.events, flow.content.savers())
    if state.phase is Phase.OVER:
        return state
    if not state.alive(state.active):
        return flow.next_turn(state)
    state = goto(state, Phase.INCOME)
    after = income(flow, state)
    return after if paused(state, after) else after_income(flow, after)


def income(flow: TurnFlow, state: State) -> State:
    """ "Fase de Recursos": +1 CP (to 15) and draw 1; the first player skips turn 1."""
    seat = state.active
    if state.turn == 1:
        flow.emit("income_skipped_first", "Fase de Recursos", player=flow.name(state, seat))
        return state
    for status in sorted(state.players[seat].statuses):
        if flow.content.status(status).skip_income:
            flow.emit("income_skipped_status", "Fase de Recursos", player=flow.name(state, seat))
            return remove_status(state, seat, status, 1, flow.content, flow.events)
    player = state.players[seat]
    state = put(state, seat, cp=min(CP_CAP, player.cp + 1))
    flow.emit(
        "income", "Fase de Recursos", player=flow.name(state, seat), cp=state.players[seat].cp
    )
    state = draw_card(state, seat, flow.dice, flow.events, flow.content)
    hero = flow.hero(state, seat)
    # A passive aimed at "the opponent" asks which one (3–4 players), as in Upkeep:
    # nothing in the rules names one, so its owner chooses. Without the
    # ``income_window`` option that question is the only pause ("income_quiet").
    resume = Resume.INCOME if state.income_window else Resume.INCOME_QUIET
    script = tuple(s for p in hero.passives if p.income for s in (FOE_RESET, *p.income))
    return flow.interp.run(state, script, Ctx(seat, hero, resume=resume)) if script else state


def after_income(flow: TurnFlow, state: State) -> State:
    """Main (1); with the ``income_window`` option a window (active player first)
    first lets everyone use Instant Actions ("a qualquer momento"). The first
    player's skipped first Income ("Fase de Recursos") opens none."""
    if state.income_window and state.turn > 1:
        return replace(state, step=Step.INCOME_END, passed=(), priority=None)
    return goto(state, Phase.MAIN1)


#: Up to this many Upkeep sources the active player orders them (4! = 24 paths).
MAX_ORDERED = 4


def upkeep_order(
    sources: list[tuple[dict[str, str], tuple[ScriptStep, ...]]],
) -> tuple[ScriptStep, ...]:
    """The Upkeep script: with several sources, the active player picks which resolves
    next ("Fase de Manutenção" 1.2: "o Jogador Ativo pode escolher a ordem"), as nested
    "Or"s; beyond :data:`MAX_ORDERED` sources they resolve in the listed order."""
    if len(sources) < 2 or len(sources) > MAX_ORDERED:
        return tuple(step for _, script in sources for step in script)
    options = []
    for i, (name, script) in enumerate(sources):
        rest = upkeep_order(sources[:i] + sources[i + 1 :])
        options.append(ScriptStep(op="option", steps=script + rest, text=name))
    return (ScriptStep(op="or", steps=tuple(options), topic="upkeep_order"),)
