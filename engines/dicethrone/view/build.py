"""Building a Dice Throne view from a state: the public board, or a seat's own view
with its hand (``build_view``); each part by its own small builder."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from engines.core import Decision
from engines.core.model import replace
from engines.dicethrone.content import (
    Ability,
    CardDef,
    DialDef,
    PieceDef,
    Step,
    Text,
    TrackDef,
    text_for,
)
from engines.dicethrone.effects.deck import SECRET
from engines.dicethrone.effects.dials import reading
from engines.dicethrone.effects.pieces import holder
from engines.dicethrone.rules.cards import card_cost
from engines.dicethrone.rules.combos import best_variant, reachable, usable_level, used_dice
from engines.dicethrone.rules.damage import Incoming
from engines.dicethrone.rules.modes import leaders, start_health
from engines.dicethrone.rules.state import CP_CAP, HAND_LIMIT, KING, Phase, Player, Roll, State
from engines.dicethrone.rules.state import Step as TurnStep
from engines.dicethrone.rules.statuses import blank_faces, readable
from engines.dicethrone.rules.turn import Flow
from engines.dicethrone.view.schema import (
    AbilityRow,
    AbilityView,
    AimingView,
    BoardView,
    CardView,
    ChoiceView,
    DefenseView,
    Face,
    IncomingView,
    Owed,
    PlayerView,
    ReportView,
    Requirement,
    RollView,
    SeatView,
    TeamHand,
    Token,
    UpgradeView,
)


def _text(text: Text) -> dict[str, str]:
    return dict(text)


def dial_chip(dial: DialDef, value: int, side: int) -> Token:
    """A dial as a chip (with the companions): its name, value and side's name."""
    locales = set(dial.name) | set(dial.sides[side]) | {"en-US"}
    label = {
        loc: f"{text_for(dial.name, loc)}: {value} · {text_for(dial.sides[side], loc)}"
        for loc in locales
    }
    if dial.sides[0] == dial.sides[1]:  # a one-sided dial: no side to name
        label = {loc: f"{text_for(dial.name, loc)}: {value}" for loc in locales}
    return Token(dial.id, _text(dial.name), value, dial.high, companion=True, label=label)


def track_chip(track: TrackDef, at: int) -> Token:
    """A track's marker as a chip (shown with the companions: not a status effect):
    the track's name and the name of the position it stands on, in every locale."""
    locales = set(track.name) | set(track.labels[at]) | {"en-US"}
    label = {
        loc: f"{text_for(track.name, loc)}: {text_for(track.labels[at], loc)}" for loc in locales
    }
    span = track.high - track.low
    return Token(track.id, _text(track.name), at - track.low, span, companion=True, label=label)


#: Whose piece a player holds (Thor's Mjölnir), per locale.
PIECE_OF = {"en-US": "{piece}: {seat}'s", "pt-BR": "{piece}: de {seat}", "it": "{piece}: di {seat}"}


def piece_chips(
    state: State, seat: int, pieces: Mapping[int, tuple[PieceDef, ...]]
) -> tuple[Token, ...]:
    """The other players' pieces the seat holds, as chips with the companions
    ("Mjölnir: 1. Ann's"). A piece on its owner's board has no chip: it is where it
    starts, and a tall board (Thor's) has no row to spare for it."""
    chips = []
    for owner, owned in pieces.items():
        for piece in owned:
            if owner == seat or holder(state, owner, piece.id) != seat:
                continue
            name = f"{owner + 1}. {state.seats[owner].name}"
            label = {
                loc: words.format(piece=text_for(piece.name, loc), seat=name)
                for loc, words in PIECE_OF.items()
            }
            chips.append(Token(piece.id, _text(piece.name), 1, 1, companion=True, label=label))
    return tuple(chips)


def _card(flow: Flow, state: State, seat: int, card: CardDef) -> CardView:
    return CardView(
        card.id,
        _text(card.name),
        _text(card.text),
        card_cost(flow, state, seat, card),
        card.timing.value,
    )


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


def _abilities(flow: Flow, state: State, seat: int) -> tuple[AbilityView, ...]:
    """The hero's abilities at their current level; for the active player's dice, the
    row each meets now and the rows re-rolling the dice not kept could still meet."""
    hero = flow.hero(state, seat)
    roll = state.roll
    rolling = seat == state.active and state.step is TurnStep.ROLLING and roll.attempts > 0
    more = rolling and roll.attempts < flow.max_attempts(state, seat)
    dice = readable(flow.content, state, seat, roll.dice)  # Hex's blank 6s
    blanks = blank_faces(flow.content, state, seat)
    kept = [v for v, k in zip(dice, roll.kept, strict=False) if k]
    out = []
    for ab in hero.abilities:
        level = usable_level(ab, flow._level(state, seat, ab.id))
        best = best_variant(hero, ab, level, dice) if rolling else None
        rows = tuple(
            AbilityRow(
                Requirement(
                    dict(v.requirement.symbols), v.requirement.straight, v.requirement.of_a_kind
                ),
                v.effect,
                met=v is best,
                reachable=more
                and reachable(hero, kept, len(roll.dice) - len(kept), v.requirement, blanks),
            )
            for v in ab.levels[level]
        )
        if rows:  # an alternate ability appears once its upgrade is played
            # An alternate ability has one printed level: it is not "II".
            shown = 1 if ab.unlocked_by else level
            out.append(AbilityView(ab.id, _text(ab.name), shown, ab.ultimate, rows))
    return tuple(out)


def _player(flow: Flow, state: State, i: int) -> PlayerView:
    p = state.players[i]
    hero = flow.hero(state, i)
    statuses = []
    for status, count in sorted(p.statuses.items()):
        d = flow.content.status(status)
        # 0: no public record gives the printed limit (the chip shows none).
        limit = 0 if d.stack_limit is None else d.limit(p.hero) + p.stack_bonus.get(status, 0)
        statuses.append(Token(status, _text(d.name), count, limit, d.positive, marker=d.marker))
    # Companions are shown apart from status effects ("Companheiros").
    companions = tuple(
        Token(c.id, _text(c.name), n, c.limit, companion=True)
        for c in hero.companions
        if (n := p.companions.get(c.id, 0))
    ) + tuple(track_chip(t, p.tracks.get(t.id, t.start)) for t in hero.tracks)
    companions += tuple(dial_chip(d, *reading(state, i, d)) for d in hero.dials)
    pieces = {o: flow.hero(state, o).pieces for o in range(len(state.players))}
    companions += piece_chips(state, i, {o: ps for o, ps in pieces.items() if ps})
    levels = {ab.id: usable_level(ab, flow._level(state, i, ab.id)) for ab in hero.abilities}
    levels.update({d.id: flow._level(state, i, d.id) for d in hero.defenses})
    defenses = tuple(
        DefenseView(d.id, _text(d.name), lv, d.dice_now(lv, p.statuses), d.levels[lv])
        for d in hero.defenses
        # The printed level at or below the upgrade's (a defence may skip one).
        for lv in [max(x for x in d.levels if x <= max(levels[d.id], 1))]
    )
    return PlayerView(
        seat=i,
        name=state.seats[i].name,
        hero=hero.id,
        hero_name=_text(hero.name),
        side=_side_name(flow, p),
        health=p.health,
        max_health=start_health(state),
        cp=p.cp,
        cp_cap=CP_CAP,
        statuses=tuple(statuses),
        companions=companions,
        levels=levels,
        hand_size=len(p.hand),
        deck_size=len(p.deck),
        discard_size=len(p.discard),
        discard_top=p.discard[-1] if p.discard else None,
        upgrades=tuple(
            UpgradeView(_text(c.name), c.upgrade.level)
            for cid in p.upgrades.values()
            if (c := hero.card(cid)) is not None and c.upgrade is not None
        ),
        abilities=_abilities(flow, state, i),
        defenses=defenses,
        faces=tuple(Face(v, hero.symbol(v), _text(hero.symbol_text(v))) for v in range(1, 7)),
    )


def build_view(flow: Flow, state: State, seat: int | None, pending: list[Decision]) -> BoardView:
    """The view; ``seat`` adds that seat's own hand (a :class:`SeatView`)."""
    state = replace(state, roll=shown_roll(state))
    board = _board(flow, state, pending)
    if seat is None:
        return board
    return SeatView(
        **{f.name: getattr(board, f.name) for f in fields(BoardView)},
        viewer=seat,
        hand=_hand(flow, state, seat),
        team_hands=_team_hands(flow, state, seat),
    )


def _board(flow: Flow, state: State, pending: list[Decision]) -> BoardView:
    """The public board: phase, players, dice, damage under way, who is owed what."""
    owed = tuple(Owed(d.seat, d.prompt.key) for d in pending if not d.optional)
    seats = range(len(state.players))
    choice = state.choice
    return BoardView(
        phase=state.phase.value,
        step=state.step.value if state.step else None,
        turn=state.turn,
        active=state.active,
        first=state.first,
        winner=state.winner,
        draw=state.draw,
        hand_limit=HAND_LIMIT,
        players=tuple(_player(flow, state, i) for i in seats),
        roll=_roll(flow, state),
        abilities_met=_abilities_met(flow, state),
        incoming=tuple(_incoming(inc) for inc in state.ledger),
        reports=tuple(
            ReportView(x.target, x.incoming, x.subtotal, x.total, x.kind) for x in state.reports
        ),
        waiting=tuple(o.seat for o in owed),
        owed=owed,
        mode=state.mode,
        teams=tuple(state.team(i) for i in seats),
        out=tuple(state.out),
        leaders=tuple(leaders(state)) if state.mode == KING else (),
        target=state.target,
        defender=state.opponent(state.active),
        target_die=state.roll.target_die,
        target_chooser=state.roll.target_chooser,
        pause=bool(choice and choice.pause),
        queued=None if state.queued is None else state.queued.seat,
        aiming=_aiming(flow, state),
        manual=_text(choice.manual) if choice and choice.manual else None,
        choice=_choice(state),
        # Already the public forms (rules_apply keeps no hidden event here).
        last=state.last,
        status_names={d.id: _text(d.name) for i in seats for d in flow.hero(state, i).statuses},
        companion_names={c.id: _text(c.name) for i in seats for c in flow.hero(state, i).companions}
        | {p.id: _text(p.name) for i in seats for p in flow.hero(state, i).pieces},
    )


def _roll(flow: Flow, state: State) -> RollView:
    """The roll phase's dice: the active player's, the Defender's, an effect's."""
    r = state.roll
    active_hero = flow.hero(state, state.active)
    defender_hero = flow.hero(state, state.opponent(state.active))
    announced = active_hero.ability(r.announced or "")
    defense = defender_hero.defense(r.defense or "")
    return RollView(
        dice=r.dice,
        symbols=tuple(_text(active_hero.symbol_text(v)) for v in r.dice),
        faces=tuple(active_hero.symbol(v) for v in r.dice),
        kept=r.kept,
        attempts=r.attempts,
        max_attempts=flow.max_attempts(state, state.active),
        announced=_text(announced.name) if announced else None,
        activated=r.activated,
        ultimate=r.ultimate,
        defense_dice=r.defense_dice,
        defense_faces=tuple(defender_hero.symbol(v) for v in r.defense_dice),
        effect_dice=r.effect_dice,
        effect_faces=_effect_faces(flow, state),
        first_dice=r.first_dice,
        effect_owner=r.effect_owner,
        effect_foe=r.effect_foe,
        effect_symbols=_effect_symbols(flow, state),
        defense_symbols=tuple(_text(defender_hero.symbol_text(v)) for v in r.defense_dice),
        defense=_text(defense.name) if defense is not None and r.defense_dice else None,
        announced_id=announced.id if announced else None,
        used=_used(flow, state, announced) if announced and r.activated else (),
    )


def _abilities_met(flow: Flow, state: State) -> tuple[dict[str, str], ...]:
    """The abilities the active player's dice meet now (none before the first roll)."""
    if not state.roll.attempts:
        return ()
    hero = flow.hero(state, state.active)
    return tuple(_text(ab.name) for ab in hero.abilities if flow.met(state, state.active, ab))


def _incoming(inc: Incoming) -> IncomingView:
    """Damage under way; only enhanceable damage shows what Attack Modifiers added."""
    return IncomingView(
        inc.target,
        inc.source,
        inc.amount,
        inc.added if inc.kind.enhanceable else 0,
        inc.kind.value,
        inc.prevented,
        inc.halves,
        inc.reflects,
        inc.prevent_all,
    )


def _aiming(flow: Flow, state: State) -> AimingView | None:
    """A card announced without its target: who plays it and its name."""
    if state.aiming is None:
        return None
    return AimingView(state.aiming.seat, _card_name(flow, state, state.aiming.seat))


def _choice(state: State) -> ChoiceView | None:
    """An open "Or": who picks, and the options' labels (not a pause or manual text)."""
    choice = state.choice
    if choice is None or choice.pause or choice.manual:
        return None
    if choice.topic == SECRET:
        # Options naming hidden cards (a deck searched): only their number is public;
        # the picker reads their names in her own menus.
        return ChoiceView(
            choice.picker, tuple({"en-US": str(n)} for n, _ in enumerate(choice.options, 1))
        )
    return ChoiceView(choice.picker, tuple(option_label(o) for o in choice.options))


def _hand(flow: Flow, state: State, seat: int) -> tuple[CardView, ...]:
    """The seat's own hand: only in its own view."""
    hero = flow.hero(state, seat)
    cards = (hero.card(cid) for cid in state.players[seat].hand)
    return tuple(_card(flow, state, seat, c) for c in cards if c is not None)


def _team_hands(flow: Flow, state: State, seat: int) -> tuple[TeamHand, ...]:
    """2 v 2: teammates are encouraged to see each other's hands ("ver as mãos")."""
    out = []
    for mate in state.teammates(seat):
        if mate == seat:
            continue
        hero = flow.hero(state, mate)
        cards = (hero.card(cid) for cid in state.players[mate].hand)
        out.append(TeamHand(mate, tuple(_text(c.name) for c in cards if c is not None)))
    return tuple(out)


def _used(flow: Flow, state: State, ability: Ability) -> tuple[bool, ...]:
    """The dice behind the activated ability: those making its strongest met row."""
    seat = state.active
    hero = flow.hero(state, seat)
    level = usable_level(ability, flow._level(state, seat, ability.id))
    dice = readable(flow.content, state, seat, state.roll.dice)
    variant = best_variant(hero, ability, level, dice)
    return () if variant is None else used_dice(hero, dice, variant.requirement)


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


def _effect_symbols(flow: Flow, state: State) -> tuple[Mapping[str, str], ...]:
    """The effect dice's symbols; an opposed roll's second die is the opponent's."""
    owner, foe = state.roll.effect_owner, state.roll.effect_foe
    if owner is None:
        return ()
    return tuple(
        _text(flow.hero(state, foe if i == 1 and foe is not None else owner).symbol_text(v))
        for i, v in enumerate(state.roll.effect_dice)
    )


def _effect_faces(flow: Flow, state: State) -> tuple[str, ...]:
    """The effect dice's symbol ids (the pictures), as :func:`_effect_symbols`."""
    owner, foe = state.roll.effect_owner, state.roll.effect_foe
    if owner is None:
        return ()
    return tuple(
        flow.hero(state, foe if i == 1 and foe is not None else owner).symbol(v)
        for i, v in enumerate(state.roll.effect_dice)
    )


def option_label(option: Step) -> dict[str, str]:
    """An "Or" option's text in every locale it has (a description otherwise)."""
    return dict(option.text) if option.text else {"en-US": describe(option.steps)}
