"""Playing cards and spending status effects ("Cartas de Herói", "Efeitos de Status").

Who may play what and when:

* Hero Upgrades and Main-Phase actions: the active player's Main (1)/(2);
  an upgrade over an upgraded slot (II -> III) costs only the difference.
* Roll-Phase actions: during the offensive/defensive roll, any player.
* Instant actions and spendable status effects: whenever the player has a
  decision (this slice opens reaction windows in the roll phases).
* Attack Modifiers only change an Attack; nobody may act against an Ultimate
  Ability once it is activated ("Habilidade Suprema").
"""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import CardDef, Side, Timing
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.effects.context import Ctx, chosen_player, paused, put
from engines.dicethrone.effects.holding import spend_script
from engines.dicethrone.effects.reactions import spend_allowed
from engines.dicethrone.effects.upgrades_played import upgrade_played
from engines.dicethrone.rules.dice_cards import (
    current_dice,
    dice_in_play,
    dice_step,
    own_dice,
    parse,
)
from engines.dicethrone.rules.ledger import resolve_ledger
from engines.dicethrone.rules.state import Phase, Resume, State, Step
from engines.dicethrone.rules.statuses import parse_pick, tokens_in_play
from engines.dicethrone.rules.turn import Flow, illegal

ROLL_PHASES = (Phase.OFFENSIVE, Phase.DEFENSIVE)


def locked(state: State, seat: int) -> bool:
    """Whether the seat is an opponent of an activated Ultimate Ability."""
    return (
        state.phase in ROLL_PHASES
        and state.roll.activated
        and state.roll.ultimate
        and state.team(seat) != state.team(state.active)
    )


def _side_ok(state: State, seat: int, side: Side) -> bool:
    if side is Side.ATTACKING:
        return any(inc.attack and inc.source == seat for inc in state.ledger)
    if side is Side.DEFENDING:
        return any(inc.attack and inc.target == seat for inc in state.ledger)
    return True


def upgrades_in_roll_phase(flow: Flow, state: State, seat: int) -> bool:
    """Whether the seat may play an Ability Upgrade now because it is a Roll Phase
    and one of her passives allows it (Black Widow's Red Room Training)."""
    if state.phase not in ROLL_PHASES:
        return False
    return any(p.upgrades_in_roll_phase for p in flow.hero(state, seat).passives)


def card_cost(flow: Flow, state: State, seat: int, card: CardDef) -> int:
    """What the card costs now (an upgrade over an upgrade pays the difference)."""
    if card.upgrade is None:
        return card.cost
    current = state.players[seat].upgrades.get(card.upgrade.slot)
    previous = flow.hero(state, seat).card(current) if current else None
    return max(0, card.cost - (previous.cost if previous else 0))


def picks(card: CardDef) -> bool:
    """Whether the card picks a token when played (``remove_chosen``; ``transfer_chosen``:
    Transference!)."""
    return any(step.op in ("remove_chosen", "transfer_chosen") for step in card.effect)


def picks_player(card: CardDef) -> bool:
    """Whether the card names a player when played (a step with ``target: chosen``)."""
    return _chosen(card.effect)


# The recursive helpers are module-level: a nested function calling itself is a
# reference cycle (function ↔ its closure cell) left for the garbage collector's
# passes on every call, thousands per minute in a busy bot (docs/performance.md).
def _chosen(steps: tuple[ScriptStep, ...]) -> bool:
    return any(st.target == "chosen" or _chosen(st.steps) or _chosen(st.otherwise) for st in steps)


def _aims(steps: tuple[ScriptStep, ...]) -> bool:
    return any(
        (st.op in _AIMED and st.target == "opponent")
        or st.op in _STEALS
        or _aims(st.steps)
        or _aims(st.otherwise)
        for st in steps
    )


#: Steps whose "opponent" matters (prevention and modifiers follow the ledger instead).
_AIMED = frozenset(
    {"damage", "inflict", "gain", "remove", "remove_all", "steal_cp", "steal_health", "move"}
    | {"heal", "gain_cp", "draw"}
)
#: Steps that always take from (or roll against) an opponent.
_STEALS = frozenset({"steal_cp", "steal_health", "opposed"})


def names_foe(state: State, seat: int, card: CardDef) -> bool:
    """Whether the card must name which opponent it aims at: with several opponents
    and no Defender of the seat's own Attack to aim at (3–4 players)."""
    if len(state.opponents(seat)) < 2:
        return False
    if state.target is not None and state.team(seat) == state.team(state.active):
        return False
    if dice_step(card) is not None or picks(card):
        return False  # the card's target names dice or a token
    return _aims(card.effect)


def check_card(
    flow: Flow, state: State, seat: int, card_id: str, target: str | None = None
) -> CardDef:
    """The card's definition if the seat may play it now; raise otherwise.

    ``target`` is the token a picking card names; ``None`` asks whether any
    token could be picked (for listing playable cards).
    """
    player = state.players[seat]
    card = flow.hero(state, seat).card(card_id)
    if card_id not in player.hand or card is None:
        raise illegal(
            f"You have no {card_id!r} in your hand.",
            "no_card",
            "Cartas de Herói",
            card=dict(card.name) if card else card_id,  # its name in the reader's language
        )
    if locked(state, seat):
        raise illegal(
            "Nothing can answer an Ultimate Ability.", "ultimate_lock", "Habilidade Suprema"
        )
    if state.queued is not None and card.timing is not Timing.INSTANT:
        # Only Instant Actions answer an instant action ("Conflitos de Timing").
        raise illegal(
            "Only an Instant Action card can answer now.", "timing_instant", "Conflitos de Timing"
        )
    own_main = seat == state.active and state.phase in (Phase.MAIN1, Phase.MAIN2)
    if state.choice is not None and state.choice.pause:
        own_main = False  # "Então" lets instant and roll-phase cards in, not Main ones
    if card.timing is Timing.UPGRADE and upgrades_in_roll_phase(flow, state, seat):
        own_main = True  # Red Room Training: also in any Roll Phase
    if card.timing in (Timing.MAIN, Timing.UPGRADE) and not own_main:
        raise illegal(
            "Play this card in your own Main phase.",
            "timing_main",
            "Cartas de Ação da Fase Principal",
        )
    if state.phase is Phase.SETUP and dice_step(card) is None:
        raise illegal(
            "Before the match starts only cards that change dice may be played.",
            "timing_setup",
            "Preparação 7",
        )
    if card.timing is Timing.ROLL and state.phase not in (*ROLL_PHASES, Phase.SETUP):
        raise illegal(
            "Play this card during a roll phase.",
            "timing_roll",
            "Cartas de Ação da Fase de Rolagem",
        )
    if card.upgrade is not None:
        current = state.players[seat].upgrades.get(card.upgrade.slot)
        previous = flow.hero(state, seat).card(current) if current else None
        if previous and previous.upgrade and previous.upgrade.level >= card.upgrade.level:
            raise illegal(
                "That ability is already at this level or higher.",
                "upgrade_level",
                "Aprimoramentos",
            )
    if not _side_ok(state, seat, card.side) or (
        card.attack_modifier and not _side_ok(state, seat, Side.ATTACKING)
    ):
        key = (
            "needs_attack"
            if card.attack_modifier or card.side is Side.ATTACKING
            else "needs_defending"
        )
        raise illegal("This card needs an Attack to change.", key, "Modificadores de Ataque")
    for step in card.effect:
        # "Tchau-Tchau" cannot be played to remove a token that is not there.
        if step.op == "remove" and step.status:
            holder = seat if step.target == "self" else state.opponent(seat)
            if not state.players[holder].statuses.get(step.status):
                raise illegal(
                    "There is no such token to remove.",
                    "nothing_to_remove",
                    "Conflitos de Timing",
                    status=flow.content.status_label(step.status),
                )
    changer = dice_step(card)
    if changer is not None:
        # Dice cards need the offensive dice in play, and (when played) which to change.
        fits = dice_in_play(state, changer.dice_of) and (
            target is None or parse(changer, current_dice(state), target) is not None
        )
        if not fits:
            raise illegal(
                "Name dice of the offensive roll to change, e.g. 3=6.",
                "pick_dice",
                "4.3",
                target=target or "-",
            )
    named = chosen_player(state, target) if target is not None else None
    if names_foe(state, seat, card) and target is not None and named not in state.opponents(seat):
        raise illegal(
            "Name the opponent this card aims at by seat number, e.g. 2.",
            "pick_foe",
            "Fase de Rolagem de Alvo",
            target=target or "-",
        )
    if picks_player(card) and target is not None and chosen_player(state, target) is None:
        raise illegal(
            "Name a player by seat number, e.g. 2.",
            "pick_player",
            "Um jogador escolhido",
            target=target or "-",
        )
    if picks(card):
        by = flow.hero(state, seat).id
        ok = (
            bool(tokens_in_play(flow.content, state, by))
            if target is None
            else parse_pick(flow.content, state, target, by)
        )
        if not ok:
            raise illegal(
                "Name a status effect token in play, e.g. 2:evasive.",
                "pick_token",
                "Conflitos de Timing",
                target=target or "-",
            )
    cost = card_cost(flow, state, seat, card)
    if player.cp < cost:
        raise illegal(
            f"This card costs {cost} CP; you have {player.cp}.",
            "no_cp",
            "Pontos de Combate",
            cost=cost,
            cp=player.cp,
        )
    return card


def play_card(flow: Flow, state: State, seat: int, card_id: str, target: str = "") -> State:
    """Pay for and play a card, resolving its effect."""
    card = check_card(flow, state, seat, card_id, target)
    player = state.players[seat]
    cost = card_cost(flow, state, seat, card)
    hand = list(player.hand)
    hand.remove(card_id)
    name = dict(card.name)
    if card.upgrade is not None:
        upgrades = {**player.upgrades, card.upgrade.slot: card.id}
        state = put(
            state,
            seat,
            hand=tuple(hand),
            cp=player.cp - cost,
            board=(*player.board, card.id),
            upgrades=upgrades,
        )
        flow.emit(
            "upgraded",
            "Aprimoramentos",
            player=flow.name(state, seat),
            card=name,
            level=card.upgrade.level,
            cost=cost,
        )
        state = upgrade_played(flow.interp, state, seat, card)
        if not card.effect:
            return state
        # "When this card is played" (Baton Strike II, issue 22): the upgrade's own
        # effect resolves once, as it goes onto the board.
        ctx = Ctx(seat, flow.hero(state, seat), resume=Resume.CARD, pick=target)
        after = flow.interp.run(state, card.effect, ctx)
        return after if paused(state, after) else after_action(after, flow, seat)
    state = put(
        state, seat, hand=tuple(hand), cp=player.cp - cost, discard=(*player.discard, card.id)
    )
    flow.emit("played", "Cartas de Ação", player=flow.name(state, seat), card=name, cost=cost)
    dice = state.roll.dice if seat == state.active else state.roll.defense_dice
    foe = chosen_player(state, target) if names_foe(state, seat, card) else None
    ctx = Ctx(seat, flow.hero(state, seat), dice, resume=Resume.CARD, pick=target, foe=foe)
    after = flow.interp.run(state, card.effect, ctx)
    return after if paused(state, after) else after_action(after, flow, seat)


def spendable(flow: Flow, state: State, seat: int) -> list[str]:
    """The status effects the seat may spend now."""
    if locked(state, seat):
        return []
    out = []
    for status, count in sorted(state.players[seat].statuses.items()):
        definition = flow.content.status(status)
        # A token bought off with CP (Knockdown) needs that much CP.
        affordable = state.players[seat].cp >= definition.spend_cost
        # A token spent in its holder's Main phase only (the Sun Elf's Charged Gem).
        main = state.active == seat and state.phase in (Phase.MAIN1, Phase.MAIN2)
        if (
            count >= definition.spend_count  # Electrokinesis: 4 at once
            and definition.spendable
            and affordable
            and _side_ok(state, seat, definition.spend_side)
            and spend_allowed(state, seat, definition)
            and (main or not definition.spend_in_main)
            and (own_dice(state, seat) or not definition.spend_with_own_dice)
            and not (definition.once_per_turn and spent_key(seat, status) in state.turn_used)
        ):
            out.append(status)
    return out


def spent_key(seat: int, status: str) -> str:
    """The mark of a token spent this turn by ``seat`` (``once_per_turn``)."""
    return f"spent:{seat}:{status}"


def spend(flow: Flow, state: State, seat: int, status: str) -> State:
    """Spend one token for its effect ("Efeitos de Status Gastáveis")."""
    if status not in spendable(flow, state, seat):
        raise illegal(
            "You cannot spend that status effect now.",
            "cannot_spend",
            "Efeitos de Status Gastáveis",
            status=flow.content.status_label(status),
        )
    player = state.players[seat]
    before = state
    definition = flow.content.status(status)
    remaining = player.statuses[status] - definition.spend_count
    statuses = {k: v for k, v in player.statuses.items() if k != status}
    if remaining:
        statuses[status] = remaining
    state = put(state, seat, statuses=statuses, cp=player.cp - definition.spend_cost)
    if definition.once_per_turn:
        state = replace(state, turn_used=(*state.turn_used, spent_key(seat, status)))
    flow.emit(
        "spent",
        "Efeitos de Status Gastáveis",
        player=flow.name(state, seat),
        status=dict(definition.name),
    )
    ctx = Ctx(seat, flow.hero(state, seat), resume=Resume.CARD, spent=status)
    # Read before the token goes: a token whose options each work once per turn
    # offers only those usable now (Grim Pursuit).
    after = flow.interp.run(state, spend_script(before, seat, definition), ctx)
    return after if paused(state, after) else after_action(after, flow, seat)


def after_action(state: State, flow: Flow, seat: int) -> State:
    """What follows a card or a spent token.

    Outside a roll phase damage and healing apply at once; in a window, all may answer.
    """
    if state.choice is not None and state.choice.pause:
        # Back in a "Then" pause: everyone may answer again.
        return replace(state, passed=(), priority=seat)
    if state.step is Step.FIRST_ROLLED:
        # "Preparação" 7: the changed dice are answered again before they count.
        return replace(state, passed=(), priority=seat)
    if state.step is Step.UPKEEP_END:
        # The Upkeep's damage waits for the end of the phase (1.3); everyone may answer.
        return replace(state, passed=(), priority=seat)
    if state.phase not in ROLL_PHASES:
        state = resolve_ledger(state, flow.events, flow.content.savers())
        if state.phase is not Phase.OVER and not state.alive(state.active):
            return flow.next_turn(state)  # King of the Hill: the turn of a defeated player ends
        if state.step is Step.INCOME_END and state.phase is not Phase.OVER:
            # The Income window (an option) stays open: everyone may answer again.
            return replace(state, passed=(), priority=seat)
        return state
    if state.step in (Step.RESPONSE, Step.TARGET_ROLLED, Step.DEFENSE_ROLLED, Step.FINAL):
        # Everyone may answer again; the player who acted keeps priority.
        return replace(state, passed=(), priority=seat)
    return state
