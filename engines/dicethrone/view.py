"""What each seat may see (the public view never holds a hand or a deck order)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from engines.core import Choice, Decision, Event, Message, View
from engines.core.model import replace
from engines.core.serde import from_json
from engines.dicethrone.content import Ability, CardDef, Step, Text
from engines.dicethrone.rules.aiming import needs_target, target_options
from engines.dicethrone.rules.cards import card_cost, spendable
from engines.dicethrone.rules.combos import best_variant, reachable, usable_level, used_dice
from engines.dicethrone.rules.damage import Incoming
from engines.dicethrone.rules.modes import leaders, start_health
from engines.dicethrone.rules.state import CP_CAP, HAND_LIMIT, KING, Phase, Player, Roll, State
from engines.dicethrone.rules.state import Step as TurnStep
from engines.dicethrone.rules.statuses import tokens_in_play
from engines.dicethrone.rules.targeting import choosers
from engines.dicethrone.rules.turn import Flow


def _text(text: Text) -> dict[str, str]:
    return dict(text)


# -- the typed view ---------------------------------------------------------
#
# ``build_view`` returns a ``BoardView`` (the public view: never a hand or a deck
# order) or, for a seat, a ``SeatView`` (the board plus that seat's own hand).
# ``View.data`` holds its JSON; the renderer reads it back with :func:`typed`, so
# mypy checks every field the images use, and the hand exists only on SeatView.


@dataclass(frozen=True)
class Token:
    """A status effect token (or a companion) on a hero: stacks out of its limit."""

    id: str
    name: Mapping[str, str]
    count: int
    limit: int
    positive: bool = True
    companion: bool = False


@dataclass(frozen=True)
class Requirement:
    """What the dice must show for one row of an ability."""

    symbols: Mapping[str, int] = field(default_factory=dict)
    straight: int = 0
    of_a_kind: int = 0


@dataclass(frozen=True)
class AbilityRow:
    """One row of an ability at its current level: requirement and effect."""

    requirement: Requirement
    effect: tuple[Step, ...]
    #: The current dice meet it (the strongest met row of the ability).
    met: bool = False
    #: Re-rolling the dice not kept could still meet it (attempts left).
    reachable: bool = False


@dataclass(frozen=True)
class AbilityView:
    """An Offensive Ability as the board prints it, upgrades applied."""

    id: str
    name: Mapping[str, str]
    level: int
    ultimate: bool
    rows: tuple[AbilityRow, ...]


@dataclass(frozen=True)
class DefenseView:
    """A Defensive Ability: dice rolled and effect at its current level."""

    id: str
    name: Mapping[str, str]
    level: int
    dice: int
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class Face:
    """A die face: its number, its symbol id (the picture) and the symbol's name."""

    value: int
    symbol: str
    name: Mapping[str, str]


@dataclass(frozen=True)
class UpgradeView:
    """An upgrade card on the hero board."""

    name: Mapping[str, str]
    level: int


@dataclass(frozen=True)
class PlayerView:
    """One hero at the table, as everyone sees it."""

    seat: int
    name: str
    hero: str
    hero_name: Mapping[str, str]
    #: The other side of a double-sided board, once flipped (Cursed Pirate).
    side: Mapping[str, str] | None
    health: int
    #: The starting health: the bar's full length (healing may go 10 above it).
    max_health: int
    cp: int
    cp_cap: int
    statuses: tuple[Token, ...]
    companions: tuple[Token, ...]
    levels: Mapping[str, int]
    hand_size: int
    deck_size: int
    discard_size: int
    discard_top: str | None
    upgrades: tuple[UpgradeView, ...]
    abilities: tuple[AbilityView, ...]
    defenses: tuple[DefenseView, ...]
    #: The hero's die faces 1–6 (symbol ids and names), for the legend.
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class RollView:
    """The dice on the table (see :func:`shown_roll`)."""

    dice: tuple[int, ...]
    symbols: tuple[Mapping[str, str], ...]
    faces: tuple[str, ...]
    kept: tuple[bool, ...]
    attempts: int
    max_attempts: int
    announced: Mapping[str, str] | None
    activated: bool
    ultimate: bool
    defense_dice: tuple[int, ...]
    defense_faces: tuple[str, ...]
    effect_dice: tuple[int, ...]
    effect_faces: tuple[str, ...]
    #: "Preparação" 7 in its window: die N is seat N's (0: not re-rolling).
    first_dice: tuple[int, ...]
    effect_owner: int | None
    effect_foe: int | None
    effect_symbols: tuple[Mapping[str, str], ...]
    defense_symbols: tuple[Mapping[str, str], ...]
    #: The Defensive Ability rolled, if any.
    defense: Mapping[str, str] | None = None
    #: The id of the announced ability (its name is ``announced``).
    announced_id: str | None = None
    #: Once it is activated, the dice that make its combination (the last move's mark).
    used: tuple[bool, ...] = ()


@dataclass(frozen=True)
class IncomingView:
    """Damage waiting to be dealt when the phase concludes, with its modifiers."""

    target: int
    source: int | None
    amount: int
    added: int
    kind: str
    prevented: int
    halves: int
    reflects: int
    prevent_all: bool


@dataclass(frozen=True)
class ReportView:
    """How damage of the last roll phase resolved."""

    target: int
    incoming: int
    subtotal: int
    total: int
    kind: str


@dataclass(frozen=True)
class Owed:
    """A decision the match waits for: whose, and its prompt's key."""

    seat: int
    prompt: str


@dataclass(frozen=True)
class AimingView:
    """A card announced without its target (public: it was announced)."""

    seat: int
    card: Mapping[str, str] | str


@dataclass(frozen=True)
class ChoiceView:
    """An open "Or": who picks, and the options' texts."""

    seat: int
    options: tuple[Mapping[str, str], ...]


@dataclass(frozen=True)
class BoardView:
    """The public view: the table as everyone sees it (no hand, no deck order)."""

    phase: str
    step: str | None
    turn: int
    active: int
    first: int
    winner: int | None
    draw: bool
    hand_limit: int
    players: tuple[PlayerView, ...]
    roll: RollView
    abilities_met: tuple[Mapping[str, str], ...]
    incoming: tuple[IncomingView, ...]
    reports: tuple[ReportView, ...]
    waiting: tuple[int, ...]
    owed: tuple[Owed, ...]
    mode: str
    teams: tuple[int, ...]
    out: tuple[int, ...]
    leaders: tuple[int, ...]
    target: int | None
    defender: int
    target_die: int
    target_chooser: int | None
    pause: bool
    #: Which instant action waits is not said: a card in hand stays hidden until played.
    queued: int | None
    aiming: AimingView | None
    manual: Mapping[str, str] | None
    choice: ChoiceView | None
    #: The last move's events as the public may see them (its caption).
    last: tuple[Event, ...] = ()
    #: The names of the statuses the heroes at the table bring (public content).
    status_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: The names of the companions the heroes at the table may have (public content).
    companion_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class CardView:
    """A card in the seat's own hand, with its current cost."""

    id: str
    name: Mapping[str, str]
    text: Mapping[str, str]
    cost: int
    timing: str


@dataclass(frozen=True)
class TeamHand:
    """2 v 2: a teammate's hand, by card name ("ver as mãos uns dos outros")."""

    seat: int
    cards: tuple[Mapping[str, str], ...]


@dataclass(frozen=True)
class SeatView(BoardView):
    """A seat's own view: the board plus its hand (and a teammate's, 2 v 2)."""

    #: The seat whose view it is.
    viewer: int = 0
    hand: tuple[CardView, ...] = ()
    team_hands: tuple[TeamHand, ...] = ()


def typed(view: View) -> BoardView:
    """The typed view behind ``view.data`` (a SeatView for a seat's own view)."""
    data = from_json(SeatView if view.seat is not None else BoardView, view.data)
    assert isinstance(data, BoardView)
    return data


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
    kept = [v for v, k in zip(roll.dice, roll.kept, strict=False) if k]
    out = []
    for ab in hero.abilities:
        level = usable_level(ab, flow._level(state, seat, ab.id))
        best = best_variant(hero, ab, level, roll.dice) if rolling else None
        rows = tuple(
            AbilityRow(
                Requirement(
                    dict(v.requirement.symbols), v.requirement.straight, v.requirement.of_a_kind
                ),
                v.effect,
                met=v is best,
                reachable=more and reachable(hero, kept, len(roll.dice) - len(kept), v.requirement),
            )
            for v in ab.levels[level]
        )
        out.append(AbilityView(ab.id, _text(ab.name), level, ab.ultimate, rows))
    return tuple(out)


def _player(flow: Flow, state: State, i: int) -> PlayerView:
    p = state.players[i]
    hero = flow.hero(state, i)
    statuses = []
    for status, count in sorted(p.statuses.items()):
        d = flow.content.status(status)
        limit = d.limit(p.hero) + p.stack_bonus.get(status, 0)
        statuses.append(Token(status, _text(d.name), count, limit, d.positive))
    # Companions are shown apart from status effects ("Companheiros").
    companions = tuple(
        Token(c.id, _text(c.name), n, c.limit, companion=True)
        for c in hero.companions
        if (n := p.companions.get(c.id, 0))
    )
    levels = {ab.id: usable_level(ab, flow._level(state, i, ab.id)) for ab in hero.abilities}
    levels.update({d.id: flow._level(state, i, d.id) for d in hero.defenses})
    defenses = tuple(
        DefenseView(d.id, _text(d.name), lv, d.dice, d.levels[lv])
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
        companion_names={
            c.id: _text(c.name) for i in seats for c in flow.hero(state, i).companions
        },
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
    variant = best_variant(hero, ability, level, state.roll.dice)
    return () if variant is None else used_dice(hero, state.roll.dice, variant.requirement)


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
