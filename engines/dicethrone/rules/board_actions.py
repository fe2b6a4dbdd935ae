"""Actions printed on a hero's board ("at any time", not a card, not a token): the
Paladin's Tithe, Thor's Mjölnir (docs/dicethrone.md, "Board actions").

Its owner may take one whenever she may spend a status effect token (an Instant
Action: her own phases, a window, a "Then" pause; a non-active player's waits for
the active player's answer, "Conflitos de Timing"). It is offered only when she can
pay its cost and it can do something now (a re-roll needs her own dice in play).
The CP is paid at once; a card to discard is named when the script runs ("discard
nothing" takes the action back, at no cost).
"""

from __future__ import annotations

from engines.core import IllegalActionError, Message
from engines.core.model import replace
from engines.dicethrone.content import BoardAction, Step
from engines.dicethrone.effects.context import Ctx, paused, put
from engines.dicethrone.rules.cards import after_action, locked
from engines.dicethrone.rules.dice_cards import own_dice
from engines.dicethrone.rules.state import Resume, State
from engines.dicethrone.rules.turn import Flow, illegal

#: Steps that act on the owner's own dice in play: the action waits for them.
_ON_OWN_DICE = frozenset({"reroll_own_die"})


def level_of(flow: Flow, state: State, seat: int, holder: str) -> int:
    """The level of the passive ``holder`` (its upgrade card's, else 1)."""
    card_id = state.players[seat].upgrades.get(holder)
    card = flow.hero(state, seat).card(card_id) if card_id else None
    return card.upgrade.level if card and card.upgrade else 1


def offered(flow: Flow, state: State, seat: int) -> list[BoardAction]:
    """The board actions of the seat's hero at the board's current levels."""
    return [
        x
        for x in flow.hero(state, seat).board_actions
        if not x.levels or level_of(flow, state, seat, x.holder) in x.levels
    ]


def usable(flow: Flow, state: State, seat: int) -> list[BoardAction]:
    """The board actions the seat may take now (the menu's and autocomplete's)."""
    out = []
    for x in offered(flow, state, seat):
        try:
            check_use(flow, state, seat, x.id)
        except IllegalActionError:
            continue
        out.append(x)
    return out


def label(x: BoardAction) -> Message:
    """The action's name with its cost (CP, or a card to discard), for menus."""
    if x.discard:
        return Message("dicethrone.choice.board_action_discard", {"name": dict(x.name)})
    return Message("dicethrone.choice.board_action_cp", {"name": dict(x.name), "cost": x.cp})


def _used_key(x: BoardAction) -> str:
    return f"action:{x.id}"


def _walk(steps: tuple[Step, ...]) -> list[Step]:
    out: list[Step] = []
    for step in steps:
        out += [step, *_walk(step.steps), *_walk(step.otherwise)]
    return out


def check_use(flow: Flow, state: State, seat: int, action_id: str) -> BoardAction:
    """The action if the seat may take it now; raise a localised reason otherwise."""
    found = next((x for x in offered(flow, state, seat) if x.id == action_id), None)
    if found is None:
        raise illegal(
            f"Your hero board has no action {action_id!r}.",
            "no_board_action",
            "Habilidades Passivas",
            action=action_id,
        )
    name = dict(found.name)
    if locked(state, seat):
        raise illegal(
            "Nothing can answer an Ultimate Ability.", "ultimate_lock", "Habilidade Suprema"
        )
    player = state.players[seat]
    if found.once_per_turn and _used_key(found) in state.turn_used:
        raise illegal(
            "You have used this action this turn.",
            "action_used",
            "Habilidades Passivas",
            action=name,
        )
    if player.cp < found.cp:
        raise illegal(
            f"This action costs {found.cp} CP; you have {player.cp}.",
            "action_cp",
            "Pontos de Combate",
            action=name,
            cost=found.cp,
            cp=player.cp,
        )
    if len(player.hand) < found.discard:
        raise illegal(
            "You have no card to discard for this action.",
            "action_discard",
            "Cartas de Herói",
            action=name,
        )
    ops = {step.op for step in _walk(found.effect)}
    if ops & _ON_OWN_DICE and not own_dice(state, seat):
        raise illegal(
            "This action changes your dice: use it while your own dice are in play.",
            "action_no_dice",
            "4.3",
            action=name,
        )
    return found


def use(flow: Flow, state: State, seat: int, action_id: str) -> State:
    """Pay for the board action and run its script."""
    found = check_use(flow, state, seat, action_id)
    player = state.players[seat]
    state = put(state, seat, cp=player.cp - found.cp)
    if found.once_per_turn:
        state = replace(state, turn_used=(*state.turn_used, _used_key(found)))
    flow.emit(
        "board_action" if found.cp else "board_action_free",
        "Habilidades Passivas",
        player=flow.name(state, seat),
        action=dict(found.name),
        cost=found.cp,
    )
    script = found.effect
    if found.discard:
        # The owner names the card when the script runs (its place in her hand).
        script = (Step(op="discard_for", steps=script),)
    ctx = Ctx(seat, flow.hero(state, seat), resume=Resume.CARD)
    after = flow.interp.run(state, script, ctx)
    return after if paused(state, after) else after_action(after, flow, seat)
