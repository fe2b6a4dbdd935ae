"""Cards that change or re-roll dice (e.g. "Duas vezes Selvagem").

They work on the offensive dice while those are still in play: after a roll
attempt and before the announced ability activates (4.1–4.3). Any player may
change them, so an opponent can break the ability the active player
announced; the activation then re-checks the dice ("4.3": announce another
ability or go back to unused roll attempts). They also work on the defensive
dice once rolled and before the Defensive Ability resolves (6.3–6.4: a window
where every player, the active one first, may change them; in 2 v 2 a
teammate may help, "Os jogadores podem alterar os dados"), and — cards that
change any die (``of: any``, or ``of: roll_phase`` for the dice of a roll phase) — on
the 2 v 2 targeting die (5).

The player names the dice in the card's ``target``:

* ``set_dice: N`` — up to N dice to any face: ``"3=6"`` or ``"1=6 2=6"``;
* ``nudge_dice: N`` — up to N dice by one pip up or down: ``"3=4"``;
* ``reroll_dice: N`` — re-roll up to N dice: ``"1 4"``;
* ``set_dice: {times, to: [6]}`` only to those faces; ``{times, matching: true}`` only to
  the value another of those dice shows.
"""

from __future__ import annotations

from engines.dicethrone.content import CardDef, Content, Step
from engines.dicethrone.rules.state import Phase, State
from engines.dicethrone.rules.state import Step as TurnStep

#: The rule a dice change cites, by roll step (the offensive dice otherwise: 4.3).
RULES = {"defense_rolled": "6.3", "target_rolled": "5", "first_rolled": "Preparação 7"}

DICE_STEPS = frozenset({"set_dice", "nudge_dice", "reroll_dice"})
#: ``of: roll_phase``: "any die" of a roll phase (So Wild!): the offensive and the
#: defensive dice and the 2 v 2 targeting die, not an effect's own roll (which would
#: then pause in every match) nor the first-player dice (before any roll phase).
ROLL_PHASE = "roll_phase"


def dice_step(card: CardDef) -> Step | None:
    """The card's dice-changing step, if it has one."""
    return next((s for s in card.effect if s.op in DICE_STEPS), None)


def effect_dice_changeable(content: Content, state: State) -> bool:
    """Whether a hero at the table has a card that changes any dice (``of: any``),
    so effect rolls pause for it (public: a hero's deck list is public)."""
    for hero_id in dict.fromkeys(p.hero for p in state.players):
        for card in content.heroes[hero_id].cards:
            step = dice_step(card)
            if step is not None and step.dice_of == "any":
                return True
    return False


def effect_roll(state: State) -> bool:
    """Whether the dice in play are a paused effect roll's ("Role [#]")."""
    ch = state.stack[-1] if state.stack else None
    return ch is not None and ch.rolled


def dice_in_play(state: State, of: str = "any") -> bool:
    """Whether dice a card changes (``of``: offensive, defensive, any) may be changed
    now: the offensive dice (rolled, not yet activated) or the defensive dice
    (rolled, not yet resolved)."""
    if effect_roll(state):
        return of == "any"  # an effect's "Roll [#]", paused for this
    if state.step is TurnStep.DEFENSE_ROLLED:
        return of in ("defensive", "any", ROLL_PHASE)
    if state.step is TurnStep.TARGET_ROLLED:
        # "Este dado pode ser manipulado com cartas" (5): the 2 v 2 targeting die.
        return of in ("any", ROLL_PHASE)
    if state.step is TurnStep.FIRST_ROLLED:
        return of == "any"  # the first-player dice: no roll phase yet ("Preparação" 7)
    offensive = (
        state.phase is Phase.OFFENSIVE and state.roll.attempts > 0 and not state.roll.activated
    )
    return offensive and of in ("offensive", "any", ROLL_PHASE)


def current_dice(state: State) -> tuple[int, ...]:
    """The dice a dice-changing card acts on now."""
    if effect_roll(state):
        return state.stack[-1].dice
    if state.step is TurnStep.TARGET_ROLLED:
        return (state.roll.target_die,)
    if state.step is TurnStep.FIRST_ROLLED:
        return state.roll.first_dice
    return state.roll.defense_dice if state.step is TurnStep.DEFENSE_ROLLED else state.roll.dice


def parse(step: Step, dice: tuple[int, ...], target: str) -> dict[int, int] | None:
    """die index -> new face (0 = re-roll), or None if ``target`` does not fit the step."""
    changes: dict[int, int] = {}
    for part in target.replace(",", " ").split():
        die_text, eq, face_text = part.partition("=")
        if (
            not die_text.isdecimal()
            or not 1 <= int(die_text) <= len(dice)
            or int(die_text) - 1 in changes
        ):
            return None
        index = int(die_text) - 1
        if not dice[index]:
            return None  # a seat out of this first-player re-roll has no die
        if step.op == "reroll_dice":
            if eq:
                return None
            changes[index] = 0
            continue
        if not face_text.isdecimal() or not 1 <= int(face_text) <= 6:
            return None
        face = int(face_text)
        if step.op == "nudge_dice" and abs(face - dice[index]) != 1:
            return None
        if step.numbers and face not in step.numbers:
            return None  # Six-It!: only these faces
        if step.matching and face not in dice[:index] + dice[index + 1 :]:
            return None  # Samesies!: another of the same dice's value
        changes[index] = face
    if not changes or len(changes) > step.amount:
        return None
    return changes


def own_dice(state: State, seat: int) -> tuple[int, ...]:
    """The seat's own dice in play (none: ``()``): the active player's offensive dice
    before the activation, the Defender's defensive dice before they resolve."""
    if effect_roll(state):
        return ()
    if state.step is TurnStep.DEFENSE_ROLLED:
        return state.roll.defense_dice if seat != state.active else ()
    return state.roll.dice if seat == state.active and dice_in_play(state, "offensive") else ()
