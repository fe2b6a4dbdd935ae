"""State of a Battle Scenes match: zones (3), the scene, the effect tree (9.1.2).

Every physical card is an *instance* numbered by its index in
:attr:`State.cards`; zones hold instance numbers, so a card is always in
exactly one place and always its owner's (8.D). Card definitions used by the
match are copied into the state (``defs``), so a running match never depends
on a content pack changing under it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engines.battlescenes.content.schema import ActionRule, CardDef, Characteristic, Step
from engines.core import Event, Seat, serde


class Phase(enum.Enum):
    """Where the match is; :data:`TRANSITIONS` lists the legal moves (6.1, 6.2)."""

    CHOOSE_FIRST = "choose_first"  # 6.1 (1): the draw winner picks who starts
    MULLIGAN = "mulligan"  # 6.1 (4)-(5)
    INITIAL_RESOURCES = "initial_resources"  # 6.1 (6)
    START = "start"  # 6.2 Início do Turno
    COUNTDOWN = "countdown"  # 6.2 A
    DRAW = "draw"  # 6.2 B
    PREPARATION = "preparation"  # 6.2 C
    ADJUSTMENT = "adjustment"  # 6.2 D
    ANTICIPATION = "anticipation"  # 6.2 E.1
    ATTACK = "attack"  # 6.2 E.2
    END = "end"  # 6.2 Final do Turno
    OVER = "over"


_TURN = (
    Phase.START,
    Phase.COUNTDOWN,
    Phase.DRAW,
    Phase.PREPARATION,
    Phase.ADJUSTMENT,
    Phase.ANTICIPATION,
    Phase.ATTACK,
    Phase.END,
)
TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.CHOOSE_FIRST: frozenset({Phase.MULLIGAN}),
    Phase.MULLIGAN: frozenset({Phase.MULLIGAN, Phase.INITIAL_RESOURCES}),
    Phase.INITIAL_RESOURCES: frozenset({Phase.INITIAL_RESOURCES, Phase.START}),
    **{
        phase: frozenset({phase, _TURN[(i + 1) % len(_TURN)], Phase.OVER})
        for i, phase in enumerate(_TURN)
    },
    Phase.OVER: frozenset(),
}


@serde.interned  # thousands in every state read back: one object per card
@dataclass(frozen=True)
class CardRef:
    """A physical card: whose it is and which definition it shows."""

    owner: int
    key: str


@dataclass(frozen=True)
class ShieldEntry:
    """A timed shield effect or penalty (4.8.6): ``set`` to a value, ``bonus`` or ``penalty``
    (absorbed damage and reductions), from clock ``start`` until ``end`` (-1: working);
    ``stopped``: the static bonus text ``key`` stopped working at ``start``."""

    kind: str
    value: int
    start: int
    end: int = -1
    key: str = ""


@dataclass(frozen=True)
class StaticShield:
    """A static shield text working on a card base since clock ``since`` (4.8.6)."""

    key: str
    kind: str  # set | bonus
    value: int
    since: int
    void: bool = False  # a returning bonus that does not apply (4.8.6 ATENÇÃO 1–2)


@dataclass(frozen=True)
class ExtraAction:
    """One more action this card base may use this turn (beyond C.4's one): of that name
    and/or power (empty: any), maybe with no incapacitation cost (``free``), maybe its last
    action this turn (``last``: Super Soco V2)."""

    name: str = ""
    power: str = ""
    free: bool = False
    last: bool = False
    # only targeting characters no action with this name targeted this turn (Alvejar
    # Comparsas V1: ``State.turn_targets``)
    fresh_target: bool = False
    # only an action whose name the card base has not used this turn (Extrapolar os Limites)
    new_name: bool = False
    # only an action that deals damage (its own steps, any option: Incursão Surpreendente V1)
    damage: bool = False


@dataclass(frozen=True)
class InScene:
    """A character or support in the scene (a *card base*, 7.3) and what it carries."""

    card: int
    controller: int
    loaded: tuple[int, ...] = ()  # energy (4.3), oldest first
    stage: int = 1  # capacitation stage 0/1/2 (4.5); enters upright = 1
    shield_log: tuple[ShieldEntry, ...] = ()  # this turn's timed shield effects (4.8.6)
    statics: tuple[StaticShield, ...] = ()  # static shield texts and since when they work
    entered_turn: int = 0
    actions_used: int = 0  # C.4: one action per turn
    used_names: tuple[str, ...] = ()  # Ação Única (7.1)
    used_powers: tuple[str, ...] = ()  # the powers of the actions it used this turn (Flama V1)
    basic_capacitated: bool = False  # 6.2 C.1: once per turn
    damaged_this_turn: bool = False
    # the damage points it received this turn, its shield's part included (Miss Marvel V1)
    damage_this_turn: int = 0
    keywords_used: tuple[str, ...] = ()  # once-per-turn keywords used (Aprimoramento, 7.2)
    ready: bool = False  # Prontidão for every action (EV evolution, 4.4.2.2 A.5)
    empower: int = 0  # 7.2 Potencializar: +N to its next damaging action this turn
    empowered: bool = False  # chosen for a Potencializar effect this turn
    extra_actions: tuple[ExtraAction, ...] = ()  # more actions this turn than C.4's one
    no_more_actions: bool = False  # no more actions this turn (Super Soco V2)
    # Prontidão for the actions of these carried cards this turn (Treinador V1's permute)
    ready_cards: tuple[int, ...] = ()
    # the turn its loaded cards last changed (a card loaded or unloaded): "carrying exactly N
    # cards since the start of the turn" is true only if that turn is an earlier one
    loaded_changed_turn: int = 0


@dataclass(frozen=True)
class Continuous:
    """A continuous effect of indefinite duration (5.7 A.2.2): works while ``source`` is in
    the scene. ``kind`` ``lose_texts``: ``target`` has no permanent texts (5.8)."""

    source: int
    target: int
    kind: str


@dataclass(frozen=True)
class TurnRule:
    """An action rule an effect validated for the rest of the turn (5.7 A.2.1): it keeps
    working even if ``source`` leaves the scene or loses its texts (5.8 example 4)."""

    rule: ActionRule
    source: int
    controller: int
    user: int = -1  # only about this card base's actions (-1: as ``rule.whose`` says)


@dataclass(frozen=True)
class Generated:
    """5.7 B: an effect an action generated, working until the end of the turn (A.2.1):
    the text of ``source`` named ``name``, about the action's ``target``."""

    source: int  # the card the action is printed on
    name: str  # Text.generated
    controller: int
    target: int  # "o alvo desta ação" (-1: none)
    this: int  # the character that used the action
    action_kind: str  # the action's type: the damage it makes is an action's (4.8.5)
    affiliation: str = ""  # "escolha uma afiliação" before generating it (União Inabalável V1)
    # where the turn stood when it was generated (a step or phase name): a ``step_end``
    # text waits for the end of that step or phase
    at: str = ""


@dataclass(frozen=True)
class TurnTrait:
    """A characteristic ``target`` gains or loses until the end of the turn (8.B.1/B.2)."""

    target: int
    change: Characteristic


@dataclass(frozen=True)
class PlayerState:
    """One player's individual zones (3): deck (top first), hand, resources, prizes."""

    name: str
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    resources: tuple[int, ...] = ()  # face-up discard pile, oldest first
    prizes: tuple[int, ...] = ()  # Prêmios do Oponente: this player's knocked-out cards
    set_aside: tuple[int, ...] = ()  # Clarividência: cards set aside from the top (7.1)
    reveal_mulligan_used: bool = False
    mulligan_done: bool = False
    resources_done: bool = False
    scenario_played: bool = False  # 6.2 C.3: one scenario per turn
    singularity_used: bool = False  # 7.1 Singularidade
    targeted_actions: int = 0  # actions with targets used this turn (F.2, Garota-Aranha V1)
    actions_this_turn: int = 0  # actions used this turn ("a primeira ação usada neste turno")
    # the uid of the effect of the first action with targets dealing damage it used this turn
    # (-1: none yet): Investida Tática V1
    first_damage_action: int = -1
    # the affiliations of the characters that used its actions this turn (Abutre V1)
    affiliations_acted: tuple[str, ...] = ()
    load_order: str = "newest"  # the standing loading order (loading.LOAD_ORDERS, 4.4.2.2 A.3)


@dataclass(frozen=True)
class DamageProgress:
    """Where a damage procedure stands across redirect choices (4.8.3.1 E–F)."""

    targets: tuple[int, ...]
    index: int = 0
    destination: int = -1
    amount: int = 0
    applied: tuple[str, ...] = ()  # modifiers already applied in this procedure
    redirects_used: tuple[str, ...] = ()  # each redirect fires once per procedure
    offered: str = ""  # the redirect whose controller is being asked (or 5.5's choice)
    replaced: str = ""  # 5.5: the damage replacement the active player chose
    answers_used: int = 0
    # "quando um personagem fosse receber dano …" (``damage_incoming``) was offered for the
    # current destination (União Inabalável V1)
    incoming: bool = False


@dataclass(frozen=True)
class Pending:
    """An effect in the Effect Tree (9.1.2): pending at a level, maybe paused.

    The root effect of an action sits at level 0; effects triggered while the
    tree is empty go to level 1, and an effect triggered while resolving a
    level-N effect goes to N+1. ``next_step`` is where a paused effect resumes.
    """

    uid: int
    level: int
    controller: int
    source: int  # card instance whose text/action this is
    label: str
    steps: tuple[Step, ...]
    next_step: int = 0
    paused: bool = False
    targets: tuple[int, ...] = ()
    this: int = -1  # "este personagem": the character using the action / holding the card
    is_action: bool = False
    action_kind: str = ""
    action_power: str = ""  # the power of the action whose effect this is (drew_by_action)
    answers: tuple[str, ...] = ()  # choices already made for the current step
    chosen: int = -1  # the card the last ``chosen_…`` step of this effect chose (4.8.5)
    affiliation: str = ""  # the affiliation a ``choose_affiliation`` step chose
    x: int = 0  # the value chosen for X when the action was used
    bonus: int = 0  # 7.2 Potencializar: +N damage on each of the action's targets
    damage: DamageProgress | None = None
    search_replaced: bool = False  # 5.5: its search became a draw; nothing to take
    predator_fired: bool = False  # 7.2 Predador fires once per action
    declined: bool = False  # an optional step was declined: "se o fizer" steps are skipped
    stopped: bool = False  # 5.2.1: its card was not revealed; nothing more happens
    preference: tuple[int, ...] = ()  # cards its damage unloads first (4.8.1: source's choice)
    moved: int = 0  # how many cards its last counting step moved (Super Computador)
    # the cards the card base its last return_to_hand step sent back was carrying (loaded
    # again by a ``put_from_hand`` with ``load_carried``: Águia Estelar V1)
    carried: tuple[int, ...] = ()
    # an action's effect: the affiliations of its user that no earlier action of its
    # controller's characters had this turn (the first action each turn used by one of
    # your characters of affiliation A: Abutre V1)
    first_affiliations: tuple[str, ...] = ()
    # the player the triggering event named: whose search triggered it (Heimdall V1)
    player: int = -1


@dataclass(frozen=True)
class Choice:
    """A decision inside the resolution of an effect (which card, which character, may)."""

    seat: int
    pending: int  # uid of the effect that asks
    prompt: str  # message key
    options: tuple[str, ...]
    optional: bool = False


@dataclass(frozen=True)
class State:
    """The whole match."""

    seats: tuple[Seat, ...]
    defs: dict[str, CardDef]
    cards: tuple[CardRef, ...]
    players: tuple[PlayerState, ...]
    phase: Phase
    active: int = 0  # whose turn it is
    step: str = ""  # the point of the turn sequence (turn.SEQUENCE); "" = the phase's decision
    first: int = 0  # who started (skips the first Draw, 6.2 B)
    draw_winner: int = 0
    turn: int = 0
    scene: tuple[InScene, ...] = ()
    scenario: int | None = None
    # (scenario, seat): an effect put that scenario into the scene under a player who does not
    # own it, who controls it while it stays (Sugestão Coletiva's FAQ); () — its owner does.
    scenario_by: tuple[int, ...] = ()
    # (card base, uid of the action's effect): the first action whose damage reached each card
    # base this turn (Blob V1)
    action_hits: tuple[tuple[int, int], ...] = ()
    # (card base, action power, uid of the action's effect): every action of a power whose
    # damage reached each card base this turn (Surrar V1: "dano de outra ação de ◆")
    power_hits: tuple[tuple[int, str, int], ...] = ()
    # (card base, the action's user, uid of the action's effect): every action whose damage
    # reached each card base this turn (Homem Gorila V1)
    user_hits: tuple[tuple[int, int, int], ...] = ()
    # (action name in lower case, target) of every action used this turn, for an extra action
    # that must target a card no action of its name targeted (``ExtraAction.fresh_target``)
    turn_targets: tuple[tuple[str, int], ...] = ()
    # the scenario the one now in the scene replaced when it entered (-1: none): Plano
    # Magistral - Objetivo
    scenario_before: int = -1
    # (card base, card) unloaded since the card base's last "unloaded" trigger point (5.2: what
    # ``this_unloaded`` texts answer — the unloaded card's own: Atacar e Espionar)
    unloaded_cards: tuple[tuple[int, int], ...] = ()
    tree: tuple[Pending, ...] = ()
    choice: Choice | None = None
    next_uid: int = 1
    clock: int = 0  # ticks at every action and procedure: when shield effects started (4.8.6)
    after_level: int | None = None  # level of the effect that just left the tree
    pick: int = 0  # uid the active player chose to resolve next (9.1.2.1)
    pack: str = "starter"  # content pack the decks came from (scenario set-ups)
    deck_size: int = 60
    min_characters: int = 15
    continuous: tuple[Continuous, ...] = ()
    turn_rules: tuple[TurnRule, ...] = ()  # "até o final do turno" action rules (5.8 ex. 4)
    turn_generated: tuple[Generated, ...] = ()  # 5.7 B effects generated this turn
    turn_traits: tuple[TurnTrait, ...] = ()  # characteristics gained/lost this turn (8.B.2)
    # (card base, card) — the card base may use the card's actions until the end of the turn
    turn_lent: tuple[tuple[int, int], ...] = ()
    no_search_this_turn: bool = False  # "não podem procurar … até o final do turno" (5.7)
    activated_used: tuple[str, ...] = ()  # "uma vez por turno" activated texts used (5.1)
    # "uma vez por turno" triggered texts this turn: "card:text index:uid of the effect whose
    # loading triggered it" (Carnificina V2: every card that one effect loaded counts)
    once_triggered: tuple[str, ...] = ()
    capacitating: int = -1  # 6.2 C.1/C.2 chosen from a menu; the discard is picked next
    # 4.6.2 from the menus (use_menus.py): the character, and the answers so far
    using: int = -1
    using_action: str = ""
    using_mode: str = ""
    using_targets: str = ""
    using_x: int = 0
    using_next: str = ""  # the field the next menu asks
    countdown_count: int = 0  # cards this turn's Countdown put into the resources (6.2 A)
    # cards with an ``arrives_in_resources`` text that just arrived in the resources, and
    # from where (hand, deck, unloaded): their effects become pending at the next procedure
    arrivals: tuple[tuple[int, str], ...] = ()
    # whose deck a card was just put on the bottom of, once per card (effects, costs,
    # replacements — not by hand): what ``to_deck_bottom_any`` texts wait for
    bottomed: tuple[int, ...] = ()
    winner: int | None = None
    draw: bool = False
    last_action: str = ""
    last_cards: tuple[int, ...] = ()  # cards the last action involved (highlighted in renders)
    last_seat: int = -1  # who made the last move (-1: none yet)
    # what the last move did (its events, parameters as JSON), captioned under the scene;
    # hidden ones are redacted per viewer by the views (Event.for_seat)
    last_events: tuple[Event, ...] = ()
    log_manual: tuple[str, ...] = field(default_factory=tuple)
