"""What each seat may see (the public view never holds a hand or a deck order)."""

from __future__ import annotations

from typing import Any

from engines.core import Choice, Decision, Message
from engines.core.model import replace
from engines.dicethrone.aiming import needs_target, target_options
from engines.dicethrone.cards import card_cost, spendable
from engines.dicethrone.combos import usable_level
from engines.dicethrone.content import CardDef, Step, Text
from engines.dicethrone.modes import leaders
from engines.dicethrone.state import HAND_LIMIT, KING, Phase, Player, Roll, State
from engines.dicethrone.statuses import tokens_in_play
from engines.dicethrone.targeting import choosers
from engines.dicethrone.turn import Flow


def _text(text: Text) -> dict[str, str]:
    return dict(text)


def _card(flow: Flow, state: State, seat: int, card: CardDef) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": _text(card.name),
        "text": _text(card.text),
        "cost": card_cost(flow, state, seat, card),
        "timing": card.timing.value,
        "verified": card.verified,
    }


def _side_name(flow: Flow, player: Player) -> dict[str, str] | None:
    side = flow.content.heroes[player.hero].flip_side
    return _text(side.name) if side is not None and player.flipped else None


#: The phases whose roll dice are current; elsewhere the last roll is history.
ROLL_PHASES = (Phase.OFFENSIVE, Phase.DEFENSIVE)


def shown_roll(state: State) -> Roll:
    """The dice the board shows: the offensive and defensive dice only in the roll
    phases (in Upkeep, Income and Main (1) they would be the previous player's),
    effect dice and the target die whenever rolled (the roll is reset each turn)."""
    if state.phase in ROLL_PHASES:
        return state.roll
    r = state.roll
    return Roll(
        first_dice=r.first_dice,
        effect_dice=r.effect_dice,
        effect_owner=r.effect_owner,
        effect_foe=r.effect_foe,
        target_die=r.target_die,
        target_chooser=r.target_chooser,
    )


def build_view(
    flow: Flow, state: State, seat: int | None, pending: list[Decision]
) -> dict[str, Any]:
    """The view's data; ``seat`` adds that seat's own hand."""
    state = replace(state, roll=shown_roll(state))
    players = []
    for i, p in enumerate(state.players):
        hero = flow.hero(state, i)
        statuses = []
        for status, count in sorted(p.statuses.items()):
            d = flow.content.status(status)
            limit = d.limit(p.hero) + p.stack_bonus.get(status, 0)
            statuses.append(
                {
                    "id": status,
                    "name": _text(d.name),
                    "count": count,
                    "limit": limit,
                    "positive": d.positive,
                }
            )
        # Companions are shown apart from status effects ("Companheiros").
        companions = [
            {"id": c.id, "name": _text(c.name), "count": n, "limit": c.limit}
            for c in hero.companions
            if (n := p.companions.get(c.id, 0))
        ]
        levels = {ab.id: usable_level(ab, flow._level(state, i, ab.id)) for ab in hero.abilities}
        levels.update({d.id: flow._level(state, i, d.id) for d in hero.defenses})
        players.append(
            {
                "seat": i,
                "name": state.seats[i].name,
                "hero": hero.id,
                "hero_name": _text(hero.name),
                # The other side of a double-sided board, once flipped (Cursed Pirate).
                "side": _side_name(flow, p),
                "health": p.health,
                "cp": p.cp,
                "statuses": statuses,
                "companions": companions,
                "levels": levels,
                "hand_size": len(p.hand),
                "deck_size": len(p.deck),
                "discard_size": len(p.discard),
                "discard_top": p.discard[-1] if p.discard else None,
                "upgrades": [
                    {"name": _text(c.name), "level": c.upgrade.level}
                    for cid in p.upgrades.values()
                    if (c := hero.card(cid)) is not None and c.upgrade is not None
                ],
            }
        )
    active_hero = flow.hero(state, state.active)
    defender_hero = flow.hero(state, state.opponent(state.active))
    announced = active_hero.ability(state.roll.announced or "")
    data: dict[str, Any] = {
        "phase": state.phase.value,
        "step": state.step.value if state.step else None,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "winner": state.winner,
        "draw": state.draw,
        "hand_limit": HAND_LIMIT,
        "players": players,
        "roll": {
            "dice": list(state.roll.dice),
            "symbols": [_text(active_hero.symbol_text(v)) for v in state.roll.dice],
            "kept": list(state.roll.kept),
            "attempts": state.roll.attempts,
            "max_attempts": flow.max_attempts(state, state.active),
            "announced": _text(announced.name) if announced else None,
            "activated": state.roll.activated,
            "ultimate": state.roll.ultimate,
            "defense_dice": list(state.roll.defense_dice),
            "effect_dice": list(state.roll.effect_dice),
            # "Preparação" 7 in its window: die N is seat N's (0: not re-rolling).
            "first_dice": list(state.roll.first_dice),
            "effect_owner": state.roll.effect_owner,
            "effect_foe": state.roll.effect_foe,
            "effect_symbols": _effect_symbols(flow, state),
            "defense_symbols": [
                _text(defender_hero.symbol_text(v)) for v in state.roll.defense_dice
            ],
        },
        "abilities_met": [
            _text(ab.name)
            for ab in active_hero.abilities
            if state.roll.attempts and flow.met(state, state.active, ab)
        ],
        "incoming": [
            {
                "target": inc.target,
                "amount": inc.amount + inc.added,
                "kind": inc.kind.value,
                "prevented": inc.prevented,
                "halves": inc.halves,
                "reflects": inc.reflects,
            }
            for inc in state.ledger
        ],
        "reports": [
            {
                "target": r.target,
                "incoming": r.incoming,
                "subtotal": r.subtotal,
                "total": r.total,
                "kind": r.kind,
            }
            for r in state.reports
        ],
        "waiting": [d.seat for d in pending if not d.optional],
        "mode": state.mode,
        "teams": [state.team(i) for i in range(len(state.players))],
        "out": list(state.out),
        "leaders": list(leaders(state)) if state.mode == KING else [],
        "target": state.target,
        "defender": state.opponent(state.active),
        "target_die": state.roll.target_die,
        "target_chooser": state.roll.target_chooser,
        "pause": bool(state.choice and state.choice.pause),
        # Which instant action waits is not said: a card in hand stays hidden until played.
        "queued": None if state.queued is None else state.queued.seat,
        # A card announced without its target (public: it was announced).
        "aiming": None
        if state.aiming is None
        else {"seat": state.aiming.seat, "card": _card_name(flow, state, state.aiming.seat)},
        "manual": _text(state.choice.manual) if state.choice and state.choice.manual else None,
        "choice": None
        if state.choice is None or state.choice.pause or state.choice.manual
        else {
            "seat": state.choice.picker,
            "options": [option_label(o) for o in state.choice.options],
        },
    }
    if seat is not None:
        hero = flow.hero(state, seat)
        data["hand"] = [
            _card(flow, state, seat, c)
            for c in (hero.card(cid) for cid in state.players[seat].hand)
            if c is not None
        ]
        # 2 v 2: teammates are encouraged to see each other's hands ("ver as mãos").
        data["team_hands"] = [
            {
                "seat": mate,
                "cards": [
                    _text(c.name)
                    for c in (flow.hero(state, mate).card(cid) for cid in state.players[mate].hand)
                    if c is not None
                ],
            }
            for mate in state.teammates(seat)
            if mate != seat
        ]
    return data


def _card_name(flow: Flow, state: State, seat: int) -> dict[str, str] | str:
    card_id = state.aiming.card if state.aiming else ""
    card = flow.hero(state, seat).card(card_id)
    return _text(card.name) if card is not None else card_id


def describe(steps: tuple[Step, ...]) -> str:
    """A compact description of a script, for options that carry no text."""
    parts = []
    for step in steps:
        if step.op in ("gain", "inflict", "remove", "remove_all"):
            parts.append(
                f"{step.op} {step.status}" + (f" ×{step.amount}" if step.amount > 1 else "")
            )
        elif step.steps:
            parts.append(f"{step.op} ({describe(step.steps)})")
        elif step.per:
            parts.append(f"{step.op} {step.amount}×{step.per}")
        elif step.op in ("prevent_half", "reflect_half", "prevent_all", "then"):
            parts.append(step.op)
        else:
            kind = (
                f" {step.kind.value}" if step.op == "damage" and step.kind.value != "normal" else ""
            )
            parts.append(f"{step.op} {step.amount}{kind}")
    return " · ".join(parts).replace("_", " ")


def _effect_symbols(flow: Flow, state: State) -> list[Any]:
    """The effect dice's symbols; an opposed roll's second die is the opponent's."""
    owner, foe = state.roll.effect_owner, state.roll.effect_foe
    if owner is None:
        return []
    return [
        _text(flow.hero(state, foe if i == 1 and foe is not None else owner).symbol_text(v))
        for i, v in enumerate(state.roll.effect_dice)
    ]


def _matching(found: list[tuple[str, Message]], typed: str) -> list[Choice]:
    """Targets whose value holds what the player typed (all when nothing is)."""
    return [Choice(label, value) for value, label in found if typed in value.lower()][:25]


def option_label(option: Step) -> dict[str, str]:
    """An "Or" option's text in every locale it has (a description otherwise)."""
    return dict(option.text) if option.text else {"en-US": describe(option.steps)}


def suggestions(
    flow: Flow,
    state: State,
    seat: int,
    command: str,
    option: str,
    current: str,
    playable: list[str],
    card: str = "",
) -> list[Choice]:
    """Autocomplete: only what the seat may choose now (``card``: the card being played)."""
    hero = flow.hero(state, seat)
    typed = current.strip().lower()
    pairs: list[tuple[str, Text]] = []
    if option == "card":
        pairs = [(cid, c.name) for cid in playable if (c := hero.card(cid)) is not None]
        if command == "sell":
            pairs += [
                (cid, c.name)
                for cid in dict.fromkeys(state.players[seat].hand)
                if cid not in playable and (c := hero.card(cid)) is not None
            ]
    elif option == "ability" and seat == state.active:
        pairs = [
            (ab.id, ab.name)
            for ab in hero.abilities
            if state.roll.attempts and flow.met(state, seat, ab)
        ]
    elif option == "defense":
        pairs = [(d.id, d.name) for d in hero.defenses]
    elif option == "target" and command == "aim":
        # The announced card's target (or next die): what the aim menu offers.
        aiming = state.aiming
        if aiming is None or aiming.seat != seat:
            return []
        found = target_options(flow, state, seat, aiming.card, aiming.partial)
        return _matching(found, typed)
    elif option == "target" and (c := hero.card(card)) is not None and needs_target(state, seat, c):
        # The targets the card accepts now: the opponent it aims at (3–4 players), a
        # player ("um jogador escolhido"), a token ("Tchau-Tchau") or a die change.
        return _matching(target_options(flow, state, seat, card), typed)
    elif option == "target":
        # Tokens in play for a card that picks one ("Tchau-Tchau"): "2:evasive".
        return [
            Choice(
                Message(
                    "dicethrone.choice.token",
                    {"player": state.seats[i].name, "status": dict(flow.content.status(s).name)},
                ),
                f"{i + 1}:{s}",
            )
            for i, s in tokens_in_play(flow.content, state, hero.id)
        ][:25]
    elif option == "status":
        pairs = [(s, flow.content.status(s).name) for s in spendable(flow, state, seat)]
    elif option == "player" and seat in choosers(state):
        # The targeting phase: the opponents the Defender may be chosen from (on a
        # 2 v 2 die of 5 either opponent may answer for the team).
        return [
            Choice(Message("dicethrone.choice.named", {"name": state.seats[i].name}), i + 1)
            for i in state.opponents(state.active)
        ]
    ch = state.choice
    if option == "option" and ch is not None and ch.picker == seat and ch.options and not ch.manual:
        return [
            Choice(Message("dicethrone.choice.option", {"n": i, "text": dict(label)}), i)
            for i, label in enumerate(map(option_label, ch.options), start=1)
        ]
    out = []
    for value, name in pairs:
        # What the player typed may match the id or the name in any locale.
        labels = " ".join(name.values()).lower()
        if typed and typed not in value and typed not in labels:
            continue
        out.append(Choice(Message("dicethrone.choice.named", {"name": dict(name)}), value))
    return out[:25]
