"""Helpers shared by the procedures of the effect language (see effects.py)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Op, Step
from engines.battlescenes.rules.state import Choice, Continuous, Pending, State
from engines.battlescenes.table import zones
from engines.core import Dice
from engines.core.model import replace

SKIP = "skip"
#: The answer that ends a pick of any number of cards, one at a time.
DONE = "done"

CHOSEN = (
    "chosen_character",
    "chosen_opponent_character",
    "chosen_own_character",
    "chosen_card",
    "chosen_target_side",  # another character of the player who controls the target
    "chosen_base",  # "um personagem ou suporte" (any controller; filters narrow it)
    "chosen_opponent_base",  # a character or support an opponent controls
    "chosen_own_base",  # a character or support its controller controls
    "chosen_target",  # one of the action's targets (Venom V1)
    "chosen_player_base",  # a character or support of the player the event named (Heimdall)
)

#: Procedures whose own choice already offers "skip" when optional.
ASKS_ITSELF = (
    Op.RESOURCES_TO_DECK_BOTTOM,
    Op.PUT_FROM_HAND,
    Op.LOAD_FOUND,
    Op.TAKE_FOUND,
    Op.LOAD_FROM_RESOURCES,
    Op.TAKE_FROM_DECK,
    Op.MANUAL,
    Op.DISCARD_FROM_HAND,
    Op.TAKE_FROM_RESOURCES,
    Op.LOOK_OPPONENT_HAND,
    Op.FETCH_INTO_SCENE,
    Op.CARRIED_TO_DECK_BOTTOM,
)


#: The prefix of an amount chosen by a step's controller (``choose_amount``: "amount:2").
AMOUNT = "amount:"


def ask(
    state: State, effect: Pending, seat: int, prompt: str, options: list[str], optional: bool
) -> State:
    """Open a :class:`Choice` for ``seat`` inside ``effect`` (with "skip" when optional)."""
    if optional:
        options = [*options, SKIP]
    return replace(state, choice=Choice(seat, effect.uid, prompt, tuple(options), optional))


def targets_of(state: State, effect: Pending, step: Step) -> list[int]:
    """The cards a procedure applies to: the targets, this card, or the chosen card."""
    if step.to == "target":
        found = [t for t in dict.fromkeys(effect.targets) if zones.find(state, t) is not None]
        if step.if_damaged:  # only if that character has taken damage this turn
            found = [t for t in found if zones.in_scene(state, t).damaged_this_turn]
        return found
    if step.to == "this":
        return [effect.this] if zones.find(state, effect.this) is not None else []
    if step.to in CHOSEN:
        return [int(effect.answers[0])] if effect.answers and effect.answers[0] != SKIP else []
    if step.to == "distributed":  # each destination once (4.8.4.1), in the order picked
        return [int(a) for a in dict.fromkeys(points(state, effect, step))]
    if step.to == "marked":  # "o personagem escolhido" by this text's mark step
        return [
            c.target
            for c in state.continuous
            if c.kind == "mark"
            and c.source == effect.source
            and zones.find(state, c.target) is not None
        ]
    if step.to == "all_others":  # "todos os outros personagens e suportes" (Hulk V3)
        return [s.card for s in state.scene if s.card != effect.this]
    if step.to == "each_own_character":  # "cada personagem com a afiliação A que você controla"
        mine = zones.characters(state, effect.controller)
        return [s.card for s in mine if matches(state, s.card, step)]
    if step.to in ("each_opponent_character", "each_opponent_support"):
        kind = CardType.CHARACTER if step.to == "each_opponent_character" else CardType.SUPPORT
        return [
            s.card
            for s in state.scene
            if s.controller != effect.controller and zones.defn(state, s.card).type is kind
        ]
    if step.to == "this_card":  # the card base carrying the effect's own card
        return [s.card for s in state.scene if effect.source in s.loaded]
    if step.to == "that_chosen":  # what an earlier chosen_… step chose, still in the scene
        return [effect.chosen] if zones.find(state, effect.chosen) is not None else []
    return []


def points(state: State, effect: Pending, step: Step) -> list[str]:
    """4.8.4.2 in an effect ("N pontos de dano distribuídos entre até M personagens e/ou
    suportes"): the destinations picked so far, one answer per point."""
    return list(effect.answers[: step.amount + plus(state, effect, step)])


def distribute_pool(state: State, effect: Pending, step: Step) -> list[int]:
    """Where the next point of a distributed damage may go: any card base that passes the
    filters — only those already picked once ``up_to`` different ones are."""
    picked = list(dict.fromkeys(int(a) for a in points(state, effect, step)))
    if len(picked) >= (step.up_to or step.amount + plus(state, effect, step)):
        return [c for c in picked if zones.find(state, c) is not None]
    return chosen_pool(state, effect, step)


def unmet(state: State, effect: Pending, step: Step) -> bool:
    """A procedure that is not done: its condition fails ("se cada personagem que você
    controlar tiver …", checked as it is reached) or it has nothing to do (0 cards to put)."""
    if step.if_x_at_least and effect.x < step.if_x_at_least:  # Venom V1's X-1, with X ≤ 2
        return True
    if step.if_replaced_name and not (  # the scenario it replaced
        state.scenario_before >= 0
        and zones.defn(state, state.scenario_before).name == step.if_replaced_name
    ):
        return True
    if step.if_all_affiliation:
        wanted = set(step.if_all_affiliation.split("|"))
        mine = zones.characters(state, effect.controller)
        if not all(wanted & set(zones.affiliations(state, c)) for c in mine):
            return True
    if step.if_other_affiliation:  # you control another character of affiliation A
        others = [c for c in zones.characters(state, effect.controller) if c.card != effect.this]
        if not any(step.if_other_affiliation in zones.affiliations(state, c) for c in others):
            return True
    if step.if_other_shares_affiliation and not _sharing_others(state, effect):  # Fanático V2
        return True
    if step.if_x >= 0 and effect.x != step.if_x:  # only with that X
        return True
    if step.if_controls_power and not any(  # a character with that power
        step.if_controls_power in zones.powers(state, c)
        for c in zones.characters(state, effect.controller)
    ):
        return True
    if step.if_opponent_no_character and zones.characters(state, 1 - effect.controller):
        return True  # only if an opponent controls no character (two players)
    if _target_differs(state, effect, step):
        return True
    # a mill of nothing is not done — unless its count hangs on a card it has yet to choose
    counted = step.op == Op.MILL and step.to not in CHOSEN
    return counted and step.amount + plus(state, effect, step) <= 0


def _target_differs(state: State, effect: Pending, step: Step) -> bool:
    """A condition on the effect's (first) target fails: "se o alvo for um suporte"
    (``if_target_type``, its type wherever it is now), "se ele for um personagem com ◆"
    (``if_target_power``, its powers in the scene now)."""
    first = effect.targets[0] if effect.targets else -1
    d = zones.defn(state, first) if first >= 0 else None
    if step.if_target_affiliation and not target_has_affiliation(
        state, effect, step.if_target_affiliation
    ):
        return True
    if step.if_target_type and (d is None or d.type.value != step.if_target_type):
        return True
    if not step.if_target_power:
        return False
    index = zones.find(state, first) if first >= 0 else None
    return index is None or step.if_target_power not in zones.powers(state, state.scene[index])


def target_has_affiliation(state: State, effect: Pending, names: str) -> bool:
    """The effect's (first) target is a character in the scene with one of the affiliations
    ("A|B") now (8.B.2: gained and lost ones counted)."""
    index = zones.find(state, effect.targets[0]) if effect.targets else None
    if index is None or zones.defn(state, effect.targets[0]).type is not CardType.CHARACTER:
        return False
    return bool(set(names.split("|")) & set(zones.affiliations(state, state.scene[index])))


def chosen_pool(state: State, effect: Pending, step: Step) -> list[int]:
    """What a ``chosen_…`` procedure may choose among (filters narrow it)."""
    seat = effect.controller
    if step.to == "chosen_card":  # any card base in the scene, or the scenario
        cards = [s.card for s in state.scene if s.card != effect.source]
        return cards + ([state.scenario] if state.scenario is not None else [])
    if step.to == "chosen_target":  # one of the action's targets still in the scene
        return [t for t in dict.fromkeys(effect.targets) if zones.find(state, t) is not None]
    if step.to == "chosen_target_side":  # another character of the target's controller
        if not effect.targets or zones.find(state, effect.targets[0]) is None:
            return []
        target = zones.in_scene(state, effect.targets[0])
        return [
            s.card
            for s in zones.characters(state, target.controller)
            if s.card != target.card and matches(state, s.card, step)
        ]
    if step.to == "chosen_player_base":  # "controlado por aquele jogador" (Heimdall V1)
        return [s.card for s in state.scene if s.controller == effect.player]
    if step.to in ("chosen_base", "distributed", "chosen_opponent_base", "chosen_own_base"):
        # a character or a support, anyone's (or only an opponent's, or only one's own)
        return [
            s.card
            for s in state.scene
            if not (step.other and s.card in (effect.this, _other_source(state, effect)))
            and not (step.to == "chosen_opponent_base" and s.controller == seat)
            and not (step.to == "chosen_own_base" and s.controller != seat)
            and not (step.filter_since_start_of_turn and s.entered_turn >= state.turn)
            and matches(state, s.card, step)
        ]
    whose = {"chosen_opponent_character": 1 - seat, "chosen_own_character": seat}.get(step.to)
    pool = _character_pool(state, effect, step, whose)
    if step.other_than_target:  # "um outro personagem" than the one that used the action
        pool = [c for c in pool if c not in effect.targets]
    if step.other_than_chosen:  # up to two characters: the second is another one
        return [c for c in pool if c != effect.chosen]
    return pool


def _alignment_passes(state: State, card: int, wanted: str) -> bool:
    """``filter_alignment``: the card has it now — or, ``none``, is neither hero nor villain
    (a character that is no hero and no villain: Nano-Sentinelas V1), or, ``not_<a>``,
    lacks that one."""
    if wanted == "none":
        return not zones.alignments(state, card)
    if wanted.startswith("not_"):  # "que não seja herói" (Suborno V1)
        return not zones.has_alignment(state, card, wanted[4:])
    return not wanted or zones.has_alignment(state, card, wanted)


def _character_pool(state: State, effect: Pending, step: Step, whose: int | None) -> list[int]:
    """The characters (of ``whose``, or anyone's) a ``chosen_…character`` step may choose."""
    # Filters narrow the pool (e.g. Liderar/Atrasar "N – característica", 7.2).
    return [
        s.card
        for s in zones.characters(state, whose)
        # 7.2 Potencializar: "outro personagem … que ainda não tenha sido potencializado"
        if not (step.op == Op.EMPOWER and (s.card == effect.this or s.empowered))
        and not (step.other and s.card in (effect.this, _other_source(state, effect)))
        and matches(state, s.card, step)
        and _alignment_passes(state, s.card, step.filter_alignment)
        and (  # permute: only a character carrying a card with that name
            not step.swap_with_name
            or any(zones.defn(state, c).name == step.swap_with_name for c in s.loaded)
        )
    ]


def _has_alter_ego(state: State, card: int, wanted: str) -> bool:
    """Printed with that alter ego, or a ``deck_alter_ego`` text giving it while the card is
    in its owner's deck (Alkhema V1)."""
    d = zones.defn(state, card)
    if d.alter_ego == wanted:
        return True
    in_deck = card in state.players[zones.owner(state, card)].deck
    return in_deck and any(t.deck_alter_ego == wanted for t in d.texts)


def matches(state: State, card: int, step: Step, powers: tuple[str, ...] = ()) -> bool:
    """Whether a card passes a procedure's filters (type, power, affiliation, powers)."""
    d = zones.defn(state, card)
    # "A|B": a card of either type ("um card de personagem ou suporte")
    if step.filter_type and d.type.value not in step.filter_type.split("|"):
        return False
    if step.filter_not_type and d.type.value == step.filter_not_type:
        return False
    if step.filter_power and step.filter_power not in _powers_now(state, card):
        return False
    if step.filter_affiliation and step.filter_affiliation not in _affiliations_now(state, card):
        return False
    if step.filter_lacks_affiliation and step.filter_lacks_affiliation in _affiliations_now(
        state, card
    ):
        return False
    if step.filter_alter_ego and not _has_alter_ego(state, card, step.filter_alter_ego):
        return False
    if step.filter_name_contains and step.filter_name_contains not in d.name:
        return False
    if step.filter_not_name and d.name == step.filter_not_name:
        return False
    # "A|B": any of those names (Homem de Ferro and/or Máquina de Combate: Tony Stark V1)
    if step.filter_name and not set(step.filter_name.split("|")) & _names_outside(state, card):
        return False
    if step.filter_keyword and step.filter_keyword not in d.keywords:
        return False
    if step.filter_loaded_at_least and not _loaded_at_least(state, card, step):
        return False
    if step.filter_loaded_exactly_since_turn_start >= 0 and not carried_unchanged(
        state, card, step.filter_loaded_exactly_since_turn_start
    ):
        return False
    if step.filter_lacks_power and d.type is CardType.CHARACTER:  # "que não tenha ◆"
        index = zones.find(state, card)
        have = zones.powers(state, state.scene[index]) if index is not None else d.powers
        if step.filter_lacks_power in have:
            return False
    return not powers or bool(set(powers) & set(d.powers))


def _loaded_at_least(state: State, card: int, step: Step) -> bool:
    """Whether ``card`` is a card base in the scene carrying at least the step's number."""
    index = zones.find(state, card)
    return index is not None and len(state.scene[index].loaded) >= step.filter_loaded_at_least


def carried_unchanged(state: State, card: int, count: int) -> bool:
    """Whether ``card`` is a card base that has carried exactly ``count`` cards since the start
    of the turn: in the scene before this turn, nothing loaded onto or unloaded from it since."""
    index = zones.find(state, card)
    if index is None:
        return False
    item = state.scene[index]
    return (
        item.entered_turn < state.turn
        and item.loaded_changed_turn < state.turn
        and len(item.loaded) == count
    )


def _names_outside(state: State, card: int) -> set[str]:
    """A card's names where a search looks: printed, and in its owner's deck or resources
    the name a ``counts_as_name`` text gives it (Maria Hill V1)."""
    d = zones.defn(state, card)
    player = state.players[zones.owner(state, card)]
    names = {d.name}
    if card in player.deck or card in player.resources:
        names |= {t.counts_as_name for t in d.texts if t.counts_as_name}
    return names


def _affiliations_now(state: State, card: int) -> tuple[str, ...]:
    """A card's affiliations: a card base in the scene has those it gained and not those it
    lost (8.B.2: Convocar Mercenários V1's H.I.D.R.A.); any other card its printed ones."""
    index = zones.find(state, card)
    if index is None:
        return zones.defn(state, card).affiliations
    return zones.affiliations(state, state.scene[index])


def _powers_now(state: State, card: int) -> tuple[str, ...]:
    """A card's powers: a character in the scene has those it gained and not those it lost
    (8.B.2); any other card its printed ones."""
    d = zones.defn(state, card)
    if d.type is CardType.ABILITY:  # "um card de habilidade de ◆": its power is its action's
        return d.powers or tuple(a.power for a in d.actions if a.power)
    index = zones.find(state, card)
    if index is None or d.type is not CardType.CHARACTER:
        return d.powers
    return zones.powers(state, state.scene[index])


def shuffle(state: State, seat: int, dice: Dice) -> State:
    """Shuffle a player's deck with the injected dice."""
    player = state.players[seat]
    deck = tuple(dice.shuffle(player.deck, f"shuffle deck {seat}"))
    return zones.set_player(state, seat, replace(player, deck=deck))


def plus(state: State, effect: Pending, step: Step) -> int:
    """The X a step adds to its amount (e.g. Sussurro Aniquilador's 3+X, 5.7 A.1)."""
    if step.plus in ("x", "searched"):  # searched: the cards a search was for (Heimdall V1)
        return effect.x
    if step.plus == "-x":  # "Escudo -X" (Prensa Pênsil V1)
        return -effect.x
    if step.plus.startswith("x*"):  # "duas vezes X" (Ataque de Fúria V1)
        return effect.x * int(step.plus[2:])
    if step.plus.startswith("controls_name:"):  # "+1 se você controlar um personagem
        # chamado N" (Réplica de Loki V1: 2 instead of 1 with Loki)
        name = step.plus.split(":", 1)[1]
        mine = zones.characters(state, effect.controller)
        return 1 if any(name in zones.names(state, c.card) for c in mine) else 0
    if step.plus == "countdown":  # how many cards that opponent put (6.2 A)
        return state.countdown_count
    if step.plus == "loaded":
        found = zones.find(state, effect.this)
        return len(state.scene[found].loaded) if found is not None else 0
    if step.plus == "damage_taken":  # the damage this character took this turn
        # (Miss Marvel V1), the shield's part included (its FAQ)
        found = zones.find(state, effect.this)
        return state.scene[found].damage_this_turn if found is not None else 0
    if step.plus == "user_energy":  # the user's Energia Inicial (Escavar V1)
        in_scene = zones.find(state, effect.this) is not None
        return zones.defn(state, effect.this).energy if in_scene else 0
    if step.plus == "user_damaged":  # 1 once this character took damage this turn, the
        # shield's part included (Speedball V1 and its FAQ)
        found = zones.find(state, effect.this)
        return 1 if found is not None and state.scene[found].damage_this_turn > 0 else 0
    if step.plus == "moved":  # "that same number" (Super Computador)
        return effect.moved
    if step.plus == "target_loaded":  # the cards the target carries (Pôr Abaixo)
        found = zones.find(state, effect.targets[0]) if effect.targets else None
        return len(state.scene[found].loaded) if found is not None else 0
    if step.plus.startswith("opponent_prizes:"):
        # "<affiliation>*<n>": n times that number ("duas vezes": Colossus V2)
        affiliation, _star, times = step.plus.split(":", 1)[1].partition("*")
        prizes = state.players[1 - effect.controller].prizes
        return int(times or 1) * sum(
            1
            for c in prizes
            if zones.defn(state, c).type is CardType.CHARACTER
            and affiliation in zones.defn(state, c).affiliations
        )
    if step.plus.startswith("first_action:"):  # +N when it is the first action used this
        # turn (Impossível de se Ver): the action being resolved is the turn's only one yet
        first = effect.is_action and sum(p.actions_this_turn for p in state.players) == 1
        return int(step.plus.split(":", 1)[1]) if first else 0
    if step.plus.startswith("own_characters:"):  # "personagens com a afiliação A que você
        # controla" (Triton V1's Selvageria Marinha: X+3)
        affiliation = step.plus.split(":", 1)[1]
        mine = zones.characters(state, effect.controller)
        return sum(1 for c in mine if affiliation in zones.affiliations(state, c))
    return _counted(state, effect, step.plus)


def _sharing_others(state: State, effect: Pending) -> int:
    """The other characters the effect's controller controls that share an affiliation with
    the effect's card base (Técnica Tribal V1, Fanático V2)."""
    index = zones.find(state, effect.this)
    if index is None:
        return 0
    shared = set(zones.affiliations(state, state.scene[index]))
    others = [c for c in zones.characters(state, effect.controller) if c.card != effect.this]
    return sum(1 for c in others if shared & set(zones.affiliations(state, c)))


def _target_has_chosen_power(state: State, effect: Pending) -> bool:
    """Whether the effect's (first) target is a character in the scene with the power its
    card named (``choose_power``: Ronan V1)."""
    found = [t for t in effect.targets if zones.find(state, t) is not None]
    if not found or zones.defn(state, found[0]).type is not CardType.CHARACTER:
        return False
    named = {
        c.kind.split(":", 1)[1]
        for c in state.continuous
        if c.source == effect.source and c.kind.startswith("chosen_power:")
    }
    return bool(named & set(zones.powers(state, zones.in_scene(state, found[0]))))


def _counted(state: State, effect: Pending, spec: str) -> int:
    """The X of the printed cards of the official decks (5.7 A.1): ``own_power:<p>`` — the
    characters with that power its controller controls (Bombardeio Elástico V1);
    ``others_power:<p>`` — the other characters in the scene with it (Hércules V1);
    ``-target_stage`` — minus the target's stage of capacitation ("3-X", Arremetida Veloz
    V1); ``-used_before`` — minus the times the action's user used an action with its name
    earlier this turn (Chuva de Raios V1); ``carried_abilities:<p>[/<n>]`` — the ability cards
    of that power carried by every character in the scene, divided by n rounded up (Dreno de
    Força V1)."""
    kind, _sep, value = spec.partition(":")
    if kind == "target_chosen_power":  # +N when the target is a character with the chosen
        # power (Ronan V1's Arma Universal: 3, or 5)
        return int(value) if _target_has_chosen_power(state, effect) else 0
    if kind == "own_turn":  # +N when used in its controller's own turn (Golpe Treinado)
        return int(value) if state.active == effect.controller else 0
    if kind == "target_hit_by":  # … or 4 when another ◆ action already damaged it this
        # turn (Surrar V1): another action's effect, not this one
        wanted, _star, times = value.partition("*")
        first = effect.targets[0] if effect.targets else -1
        hits = [(c, p, uid) for c, p, uid in state.power_hits if c == first and p == wanted]
        return int(times or 1) if any(uid != effect.uid for _c, _p, uid in hits) else 0
    if kind == "target_hit_by_affiliation":  # n when an action of another character with
        # that affiliation already damaged the target this turn (Homem Gorila V1)
        wanted, _star, times = value.partition("*")
        first = effect.targets[0] if effect.targets else -1
        users = {
            user
            for card, user, uid in state.user_hits
            if card == first and uid != effect.uid and user != effect.this
        }
        hit = any(wanted in _affiliations_now(state, user) for user in users)
        return int(times or 1) if hit else 0
    if kind == "target_affiliation":  # … or 2 when the target is a character of
        # affiliation A or B (Sentinela Mk II V1); "*n": n for such a target (Prodígio V1:
        # 1, or 3)
        wanted, _star, times = value.partition("*")
        return int(times or 1) if target_has_affiliation(state, effect, wanted) else 0
    if kind == "user_alignment":  # "… ou 2 se o personagem que usou for vilão" (Porrete V1)
        return 1 if value in zones.alignments(state, effect.this) else 0
    if kind == "used_before":  # +n when this character already used an action named N
        # this turn (Impulso Hábil V1): the use resolving is already counted (C.4)
        index = zones.find(state, effect.this)
        used = state.scene[index].used_names.count(effect.label) if index is not None else 0
        return int(value) if used > 1 else 0
    if kind == "own_sharing_affiliation":  # its controller's other characters sharing an
        # affiliation with this one (Técnica Tribal V1)
        return _sharing_others(state, effect)
    if kind == "own_power":
        mine = zones.characters(state, effect.controller)
        return sum(1 for c in mine if value in zones.powers(state, c))
    if kind == "controls_power":  # "… ou 2 se você controlar um personagem com ◆"
        # (Incursão Estonteante V1)
        mine = zones.characters(state, effect.controller)
        return 1 if any(value in zones.powers(state, c) for c in mine) else 0
    if kind == "other_used_power":  # when another character of affiliation A already used
        # a ◆ action this turn (Flama V1): anyone's
        affiliation, _slash, wanted = value.partition("/")
        return 1 if _other_used_power(state, effect, affiliation, wanted) else 0
    if kind == "others_power":  # "outros personagens com ◆ em cena" (Hércules V1): anyone's
        others = [c for c in zones.characters(state, None) if c.card != effect.this]
        return sum(1 for c in others if value in zones.powers(state, c))
    if kind == "-used_before":  # "3-X", X the times this character used this action
        # earlier this turn (Chuva de Raios V1): its own use is already counted (C.4)
        where = zones.find(state, effect.this)
        used = state.scene[where].used_names.count(effect.label) if where is not None else 0
        return -max(0, used - 1)
    if kind == "-target_stage":
        found = [t for t in effect.targets if zones.find(state, t) is not None]
        return -zones.in_scene(state, found[0]).stage if found else 0
    if kind == "carried_abilities":
        wanted, _slash, divisor = value.partition("/")
        count = sum(
            1
            for item in zones.characters(state, None)
            for card in item.loaded
            if ability_of(state, card, wanted)
        )
        return -(-count // int(divisor)) if divisor else count  # rounded up
    if kind == "shares_chosen":  # Lavagem de Dinheiro V1: the chosen one counts itself
        return _sharing(state, effect, step_chosen(state, effect), value)
    return _counted_named(state, effect, kind, value)


def _counted_named(state: State, effect: Pending, kind: str, value: str) -> int:
    """More X of the official decks' cards (Ofensiva Surpresa): ``user_stage`` — the stage
    of this card base (Jaqueta Amarela V1); ``prizes_characters`` — the
    character cards in every player's prizes (Capitão Britânia V1); ``-loaded`` — minus the
    cards this card base carries ("8-X": Hulk Vermelho V1); ``own_named_others:<name>`` — the
    other characters with that name its controller controls (Invasor Badoon V1);
    ``user_carries_named:<name>[*n]`` — the ability cards with that name this card base
    carries, times n (Pancada Avassaladora V1); ``carried_named:<name>@<power>`` — the ability
    cards with that name carried by the characters with that power, anyone's (Ofensiva Aérea
    V1); ``user_powers`` — the powers this card base has now (Energias Ocultas V1)."""
    if kind == "prizes_characters":
        return sum(
            1
            for player in state.players
            for card in player.prizes
            if zones.defn(state, card).type is CardType.CHARACTER
        )
    if kind == "controls_alignment":  # 1 with a villain of yours (Minério Clandestino V1)
        mine = zones.characters(state, effect.controller)
        return 1 if any(zones.has_alignment(state, c.card, value) for c in mine) else 0
    index = zones.find(state, effect.this)
    if kind == "user_stage":  # the user's current stage of capacitation (Jaqueta Amarela)
        return state.scene[index].stage if index is not None else 0
    if kind == "user_powers":  # the powers the user has now (Energias Ocultas V1)
        return len(zones.powers(state, state.scene[index])) if index is not None else 0
    if kind == "-loaded":
        return -len(state.scene[index].loaded) if index is not None else 0
    if kind == "own_named_others":
        mine = zones.characters(state, effect.controller)
        return sum(1 for c in mine if c.card != effect.this and value in zones.names(state, c.card))
    if kind == "user_carries_support":  # 1 while it carries a support card (Deathlocket V1)
        carried = state.scene[index].loaded if index is not None else ()
        return 1 if any(zones.defn(state, c).type is CardType.SUPPORT for c in carried) else 0
    if kind == "user_carries_named":
        name, _star, times = value.partition("*")
        carried = state.scene[index].loaded if index is not None else ()
        return int(times or 1) * sum(1 for c in carried if _ability_named(state, c, name))
    if kind == "carried_named":
        name, _at, wanted = value.partition("@")
        return sum(
            1
            for item in zones.characters(state, None)
            if wanted in zones.powers(state, item)
            for card in item.loaded
            if _ability_named(state, card, name)
        )
    return 0


def _ability_named(state: State, card: int, name: str) -> bool:
    """Whether ``card`` is an ability card with that name."""
    d = zones.defn(state, card)
    return d.type is CardType.ABILITY and d.name == name


def _other_used_power(state: State, effect: Pending, affiliation: str, wanted: str) -> bool:
    """Whether another character with ``affiliation`` used an action of ``wanted`` this
    turn (``InScene.used_powers``)."""
    return any(
        wanted in c.used_powers and affiliation in zones.affiliations(state, c)
        for c in zones.characters(state, None)
        if c.card != effect.this
    )


def step_chosen(state: State, effect: Pending) -> int:
    """The card the procedure being resolved chose (its ``chosen_…`` answer), else the one
    an earlier step of the effect chose; -1 for none."""
    picked = effect.answers[0] if effect.answers else ""
    return int(picked) if picked.isdigit() else effect.chosen


def _sharing(state: State, effect: Pending, chosen: int, alignment: str) -> int:
    """The characters of ``alignment`` its controller controls that share an affiliation with
    ``chosen`` (sharing at least one affiliation with the chosen character)."""
    index = zones.find(state, chosen) if chosen >= 0 else None
    if index is None:
        return 0
    wanted = set(zones.affiliations(state, state.scene[index]))
    return sum(
        1
        for c in zones.characters(state, effect.controller)
        if zones.has_alignment(state, c.card, alignment)
        and wanted & set(zones.affiliations(state, c))
    )


def ability_of(state: State, card: int, power: str) -> bool:
    """An ability card "de ◆": printed with that power (its icon) or its action's."""
    d = zones.defn(state, card)
    return d.type is CardType.ABILITY and (
        power in d.powers or any(a.power == power for a in d.actions)
    )


def step_player(state: State, effect: Pending, step: Step) -> int:
    """Who acts for a step (draws; decides its optional part): the effect's controller, or
    the controller of the card an earlier step chose (``to: chosen_controller``; its owner
    once it left the scene)."""
    if step.to != "chosen_controller" or effect.chosen < 0:
        return effect.controller
    found = zones.find(state, effect.chosen)
    return state.scene[found].controller if found is not None else zones.owner(state, effect.chosen)


def damage_source(state: State, effect: Pending, step: Step) -> int:
    """4.8.5: who causes a damage procedure's damage — the character using the action (an
    action's damage), the effect's card, or another character the text names ("AQUELE
    PERSONAGEM CAUSA": ``source: target``, the effect's target; ``chosen``, the character an
    earlier step of the effect chose; ``marked``, the card this card marked)."""
    if step.source == "target":
        return effect.targets[0] if effect.targets else -1
    if step.source == "chosen":
        return effect.chosen
    if step.source == "marked":
        return next((c.target for c in state.continuous if _marks(c, effect)), -1)
    if step.source == "this":  # "este personagem causa", from a carried card's text
        return effect.this
    return effect.this if effect.is_action else effect.source


def _marks(mark: Continuous, effect: Pending) -> bool:
    """A mark this effect's card made ("o personagem escolhido")."""
    return mark.kind == "mark" and mark.source == effect.source


def _other_source(state: State, effect: Pending) -> int:
    """The character named as the source of this effect's damage, if a step names one
    (the chosen character deals 2 damage to another character: Cassandra Nova)."""
    named = [s for s in effect.steps if s.op == Op.DAMAGE and s.source in ("chosen", "marked")]
    return damage_source(state, effect, named[0]) if named else -1
