"""Card definitions (the content model) of Marvel Battle Scenes.

These are the data a content pack (YAML under ``assets/content/battlescenes``)
describes; ``content.py`` validates and builds them. Effects are data: a card
text is either a list of :class:`Step` procedures (9.1.1) the interpreter in
``effects.py`` executes, or ``manual`` — its text is resolved by the players or
a referee, and the engine logs that it stopped there.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engines.battlescenes.content.powers import LEGACY_POWERS, POWERS


class CardType(enum.Enum):
    """The four card types of chapter 2."""

    CHARACTER = "character"
    SUPPORT = "support"
    SCENARIO = "scenario"
    ABILITY = "ability"


class ActionKind(enum.Enum):
    """Action types of 4.6.2 C.5: normal, Antecipar ▲, Imprevista ☒, or both."""

    NORMAL = "normal"
    ANTICIPATE = "anticipate"
    UNFORESEEN = "unforeseen"
    UNFORESEEN_ANTICIPATE = "unforeseen_anticipate"


class Trigger(enum.Enum):
    """Triggers the interpreter recognises (5.2)."""

    ENTERS_SCENE = "enters_scene"  # this card enters the scene (4.4.2.2 A.2)
    LEAVES_SCENE = "leaves_scene"  # this card base or scenario leaves the scene (5.2)
    LOADED_FROM_RESOURCES = "loaded_from_resources"  # this card is loaded from resources
    OPPONENT_SEARCHES_DECK = "opponent_searches_deck"  # an opponent searches their deck
    # any player (this text's controller too) searches their own deck: the effect knows that
    # player (``to: chosen_player_base``) and how many cards the search is for (``plus:
    # searched``): Heimdall V1
    PLAYER_SEARCHES_DECK = "player_searches_deck"
    LOADED_ONTO_THIS = "loaded_onto_this"  # a card is loaded on this card base (once per card)
    # this card is loaded from its owner's hand onto a character (7.2 surprise keywords, an
    # effect loading it from the hand); ``if_power``: only onto a character with that power
    # (Surpresa Dolorosa V1)
    LOADED_FROM_HAND = "loaded_from_hand"
    # an effect loaded a card from its controller's resources onto this card base (once per
    # card); ``once_per_turn``: only the cards the first such effect of the turn loaded
    # (Carnificina V2). Fired with ``loaded_from_resources`` by the effects' procedures.
    RESOURCES_LOADED_ONTO_THIS = "resources_loaded_onto_this"
    # a character is about to receive damage not from an action (before it is calculated;
    # a text working from the hand: União Inabalável V1). The damage procedure pauses until
    # such effects resolved (9.1.2.1).
    DAMAGE_INCOMING = "damage_incoming"
    # 6.2 D: cards were unloaded from this card base by the Energy Adjustment (D.1) / its
    # controller discarded cards in the Hand Adjustment (D.2).
    UNLOADED_IN_ADJUSTMENT = "unloaded_in_adjustment"
    # Cards were unloaded from this card base: unload steps, unload costs (6.2 E.2),
    # Aprimoramento and Surpresa (7.2), the Energy Adjustment (D.1), damage (4.8).
    UNLOADED = "unloaded"
    # A character was incapacitated by an effect (4.5.1; Cristalys V1): see Text.trigger_for,
    # trigger_if_affiliation and trigger_by.
    INCAPACITATED = "incapacitated"
    # Damage was caused to this card base (4.8; absorbed by the shield or not; not when a
    # replacement, 5.5, took its place). Its effect's target is the damage's source when that
    # is a card base in the scene ("o personagem que causou aquele dano").
    DAMAGED = "damaged"
    # A character caused damage to a character or support (4.8.3 D: more than 0; not when a
    # replacement, 5.5, took its place): "quando um personagem … que você controla causar
    # dano em …" (Atacar até Derrubar). See Text.trigger_for (this character | own
    # characters), trigger_if_affiliation (the dealer's) and victim_without_affiliation. Its
    # effect's target is the damaged card ("naquele personagem ou suporte").
    DEALT_DAMAGE = "dealt_damage"
    DISCARDED_IN_ADJUSTMENT = "discarded_in_adjustment"
    # Its controller discarded cards from the hand, for any reason (6.2 C.1/C.2/C.4, D.2,
    # costs E.2, effects); not when a replacement (5.5) sent them elsewhere instead.
    DISCARDED = "discarded"
    # Start and end of the turn, its phases and steps (6.2); see Text.whose_turn.
    TURN_START = "turn_start"
    COUNTDOWN_START = "countdown_start"
    COUNTDOWN_END = "countdown_end"
    DRAW_START = "draw_start"
    DRAW_END = "draw_end"
    ADJUSTMENT_START = "adjustment_start"
    ADJUSTMENT_END = "adjustment_end"
    COMBAT_START = "combat_start"
    ANTICIPATION_START = "anticipation_start"
    ANTICIPATION_END = "anticipation_end"
    ATTACK_START = "attack_start"
    ATTACK_END = "attack_end"
    COMBAT_END = "combat_end"
    TURN_END = "turn_end"
    # 4.6.2 H: an action is used (``whose_turn`` then says whose character used it).
    ACTION_USED = "action_used"
    # 5.2 "quando um personagem com ◆ entrar em cena sob seu controle" (Quebrar com Tudo): a
    # character enters under this text's controller (``if_power``: only one with that power).
    # Its effect's target is the character that entered ("aquele personagem").
    CHARACTER_ENTERS = "character_enters"
    # 5.2 each time the effect of a ☺ action of one of your characters makes you draw one
    # or more cards (Experimentos Sabotados): a draw procedure of an
    # action's effect drew cards for this text's controller (``action_power``: only an
    # action of that power; ``if_power``: while the holder has it; ``if_combat``).
    DREW_BY_ACTION = "drew_by_action"
    # This card was unloaded from a card base its controller controls (any unload: steps,
    # costs, damage, leaving, the Adjustment): Atacar e Espionar; ``if_power``: the base's
    # power.
    THIS_UNLOADED = "this_unloaded"
    # A character its controller controls is a target of an action (4.6.2 F, after H):
    # Proteger os Inocentes (``trigger_if_no_alignment``). Its effect's target is that
    # character.
    TARGETED = "targeted"
    # the card this card's text marked ("o personagem escolhido") leaves the scene, any way
    # (Esconderijo Secreto V1)
    MARKED_LEAVES = "marked_leaves"
    # 5.2 while its controller has no card in hand (Convocar Reforços V1): a state of
    # its controller's hand, checked each time effects are about to resolve
    HAND_EMPTY = "hand_empty"
    # 5.2.1 when you put this card into your resources from your hand or deck, or by
    # unloading it from a character (Resgate Enroscado V1): this card, a text working
    # from the resources, just arrived there — ``Text.arrived_from`` says from where
    ARRIVES_IN_RESOURCES = "arrives_in_resources"
    # each time a player uses a ◆ action, once that action's effect is done (Invasão
    # Cósmica V1): an action's effect is done (not cancelled nor interrupted); ``action_power``
    # filters its power, ``whose_turn`` whose character used it; the effect is carried out by
    # the player who used the action
    ACTION_RESOLVED = "action_resolved"
    # each time a card goes to the bottom of a player's deck, that player does something
    # (Deflagrar o Caos V1): once per card the engine put there (not by hand); the effect is
    # carried out by that player
    CARD_TO_DECK_BOTTOM = "card_to_deck_bottom"
    # a generated effect (5.7 B) waiting for the end of the current step or phase: the end
    # point of the step or phase it was generated in (Nave dos Guardiões V1)
    STEP_END = "step_end"


#: Powers the catalogs name in every language (``battlescenes.power.<power>``): the
#: thirteen printed ones (rule 2.4) and the ids of the model before them, which matches
#: stored then still hold (``powers.LEGACY_POWERS``).
KNOWN_POWERS = frozenset(POWERS) | LEGACY_POWERS

#: Keywords of 7.1/7.2 a card may list; ``KEYWORDS_ENFORCED`` are applied by the engine.
#: A keyword printed with a number (Liderar 1, Clarividência 3, Energia Cósmica 2,
#: Potencializar 1) records it in ``CardDef.keyword_numbers``.
KEYWORDS = frozenset(
    {
        "acao_unica",
        "clarividencia",
        "energia_cosmica",
        "singularidade",
        "antecipacao_surpresa",
        "aprimoramento",
        "ataque_surpresa",
        "atrasar",
        "clone",
        "espionar",
        "interligar",
        "item_magico",
        "item_unico",
        "liderar",
        "materializar",
        "metamorfo",
        "pelotao",
        "potencializar",
        "predador",
        "prontidao",
        "reviver",
    }
)
KEYWORDS_ENFORCED = frozenset(
    {
        "item_unico",
        "pelotao",
        "clone",
        "prontidao",
        "acao_unica",
        "singularidade",
        "energia_cosmica",
        "clarividencia",
        "item_magico",
        "aprimoramento",
        "reviver",
        "espionar",
        "predador",
        "interligar",
        "materializar",
    }
)


class Op(enum.Enum):
    """The procedures (9.1.1) of the effect language: what a step does (docs/battlescenes.md).
    The value is what a pack writes under ``op`` and what states and logs store, so it never
    changes."""

    DAMAGE = "damage"
    DRAW = "draw"
    INCAPACITATE = "incapacitate"
    CAPACITATE = "capacitate"
    SHIELD = "shield"
    UNLOAD = "unload"
    SHIELD_SET = "shield_set"
    LOAD_RESOURCES = "load_resources"
    SET_ASIDE_TOP = "set_aside_top"
    RETURN_SET_ASIDE = "return_set_aside"
    LOAD_FROM_RESOURCES = "load_from_resources"
    SEARCH_DECK = "search_deck"
    TAKE_FROM_DECK = "take_from_deck"
    LOSE_TEXTS = "lose_texts"
    MARK = "mark"
    PUT_INTO_SCENE = "put_into_scene"
    CANCEL_ACTION = "cancel_action"
    FORBID_ACTION_THIS_TURN = "forbid_action_this_turn"
    FORBID_SEARCH_THIS_TURN = "forbid_search_this_turn"
    GAIN_TRAIT = "gain_trait"
    LOSE_TRAIT = "lose_trait"
    EMPOWER = "empower"
    DISCARD_FROM_HAND = "discard_from_hand"
    KEEP_SET_ASIDE = "keep_set_aside"
    RETURN_IN_ORDER = "return_in_order"
    REVEAL_SET_ASIDE = "reveal_set_aside"
    HAND_TO_DECK_TOP = "hand_to_deck_top"
    PERMUTE = "permute"
    UNLOAD_CHOSEN = "unload_chosen"
    GENERATE = "generate"
    RETURN_TO_HAND = "return_to_hand"
    CHOOSE_AFFILIATION = "choose_affiliation"
    TO_RESOURCES = "to_resources"
    MILL = "mill"
    REVEAL = "reveal"
    SURPRISE_REVEAL = "surprise_reveal"
    SURPRISE_LOAD = "surprise_load"
    TAKE_FROM_RESOURCES = "take_from_resources"
    MANUAL = "manual"
    # the targets may use one more action this turn (``text``: its name, ``filter_power``;
    # ``free``: without its incapacitation cost; ``last``: then no more actions this turn)
    EXTRA_ACTION = "extra_action"
    ONLY_ACTION_THIS_TURN = "only_action_this_turn"
    # the targets cannot use actions until the end of the turn (``action_kind``: only actions
    # of that type — anticipate also counts unforeseen_anticipate): a turn rule (Enclausurar V1)
    NO_ACTIONS_THIS_TURN = "no_actions_this_turn"
    # its controller picks any number of its characters passing the filters, one at a time,
    # each incapacitated by 1; then each one deals ``amount`` damage (``penetrating``) to a
    # character or support its controller chooses, as that character's damage (A Era de
    # Ultron V1)
    EACH_CHOSEN_DEALS = "each_chosen_deals"
    LOOK_OPPONENT_HAND = "look_opponent_hand"
    FETCH_INTO_SCENE = "fetch_into_scene"
    LEND_ACTIONS = "lend_actions"
    # an opponent picks a card of your resources; it goes to your prizes (Hulk V2)
    RESOURCES_TO_PRIZES = "resources_to_prizes"
    # a scenario card of the resources (yours, or any player's: to everyone) into the scene
    SCENARIO_FROM_RESOURCES = "scenario_from_resources"
    # the target (a scenario or card base still in the scene) to its owner's deck bottom
    TO_DECK_BOTTOM = "to_deck_bottom"
    # the targets (card bases still in the scene) leave, unloaded (4.7), onto the top of
    # their owners' decks (Entrave Temporal V1)
    TO_DECK_TOP = "to_deck_top"
    # N cards of the hand discarded / of the resources to the deck bottom, picked one by one;
    # the effect remembers how many (``plus: moved``: "that same number")
    DISCARD_CARDS = "discard_cards"
    RESOURCES_TO_DECK_BOTTOM = "resources_to_deck_bottom"
    # the action being used gets the chosen card as its target instead of this effect's target
    RETARGET = "retarget"
    # a power is chosen and the target cannot use actions of that power this turn (Fazer
    # Esquecer V1): its controller names a power, then a turn rule (5.7 A.2.1)
    FORBID_POWER_THIS_TURN = "forbid_power_this_turn"
    # "escolha um poder" remembered while this card stays in the scene (Ronan V1): read by
    # ``plus: target_chosen_power:<n>``
    CHOOSE_POWER = "choose_power"
    # a carried card passing the filters to the bottom of its owner's deck, not an unload
    # (Colecionador V1)
    CARRIED_TO_DECK_BOTTOM = "carried_to_deck_bottom"
    # a character of the hand put into the scene (Transporte Aéreo V1): a card of the hand
    # passing the filters enters the scene as if played (4.4.2: its Energia Inicial loaded)
    PUT_FROM_HAND = "put_from_hand"
    # search the hand, deck, resources or own cards in the scene for a card, reveal it and
    # load it onto this character (Thor V1's Recuperar Martelo)
    LOAD_FOUND = "load_found"
    # the same search, the card into the hand (search deck or resources, reveal the card
    # found, take it into the hand: Caveira Vermelha V1)
    TAKE_FOUND = "take_found"
    # this card loaded onto a support of its controller (Reparos Provisórios V1): the
    # effect's own card, from its owner's resources, loaded on the card base chosen
    LOAD_THIS = "load_this"
    # the targets' next action of ``filter_power`` this turn costs ``amount`` more (less when
    # negative): a turn rule (Potência Incomparável V1)
    COST_THIS_TURN = "cost_this_turn"
    # the targets leave the scene, unloaded (4.7 ATENÇÃO), shuffled into their owners' decks
    SHUFFLE_INTO_DECK = "shuffle_into_deck"
    # cards of the target's owner's resources its controller picks (``amount`` 0: any
    # number), loaded onto the target; remembered for ``plus: moved`` (Emma Frost V1)
    LOAD_CHOSEN_RESOURCES = "load_chosen_resources"
    CHOOSE_REPLACEMENT = "choose_replacement"  # 5.5: made by the engine, never by a pack


#: The procedures a pack may write (the others are steps the engine makes itself).
PACK_OPS = frozenset(o.value for o in Op) - {Op.CHOOSE_REPLACEMENT.value}
#: Who a procedure applies to.
STEP_TO = frozenset(
    {
        "target",
        "this",
        # load_from_resources: another character you control sharing an affiliation with
        # this one, then "that_chosen" (Investida Estratégica V1)
        "other_sharing",
        "chosen_character",
        "chosen_opponent_character",
        "chosen_own_character",
        "chosen_card",
        "chosen_target_side",
        "chosen_base",
        "distributed",
        "self",
        "chosen_opponent_base",  # a character or support an opponent controls
        "chosen_own_base",  # a character or support its controller controls
        "marked",  # the card an earlier step of this text chose (mark): Câmara Neutralizadora
        "everyone",  # forbid_action_this_turn: no player may use it (Homem-Formiga V1)
        "scenario",  # to_resources: the scenario in the scene (Umar V1)
        "all_others",  # every card base in the scene but this one
        # every character / support an opponent controls ("a cada um dos personagens
        # controlados por outro jogador": Máquina de Combate V1)
        "each_opponent_character",
        "each_opponent_support",
        # every character its controller controls passing the step's filters (Astronave Kree)
        "each_own_character",
        # draw: each player draws, its amount counted for that player (Reunião de Intelectos)
        "each_player",
        "opponent",  # mill: the opponent's deck ("do jogador alvo", the other player)
        "this_card",  # unload: the effect's own card from whatever carries it (Pôr Abaixo)
        "chosen_target",  # one of the action's targets, its controller's pick
        # draw: the controller of the card an earlier chosen_… step of the effect chose
        # (that card's controller may draw: Explosão Certeira V1)
        "chosen_controller",
        # the card an earlier chosen_… step of the effect chose ("aquele personagem":
        # Potência Incomparável V1)
        "that_chosen",
        # mill: a player its controller picks (Minério Clandestino V1)
        "chosen_player",
        # forbid_action_this_turn: the character using the action being used (Combate às
        # Cegas V1: that action gains Ação Única for it)
        "action_user",
        # a character or support of the player whose search triggered the effect (Heimdall V1)
        "chosen_player_base",
        # lose_texts: every card of ``filter_type`` with the name its controller names among
        # the match's cards of that type ("nomeie um card de suporte": Gerador de P.E.M. V1)
        "named",
        # load_found: onto a character its controller controls, picked with the card (that
        # character is "aquele personagem" for later steps: Planos de Infiltração V1)
        "own_character",
    }
)


@dataclass(frozen=True)
class Step:
    """One procedure of an effect (9.1.1), e.g. ``damage 2 to target``.

    ``amount`` is the base value; ``per`` optionally adds one per counted thing
    (e.g. ``loaded_cards``). ``filter_*`` narrow what a search or load may pick.
    ``optional`` steps ask their controller first ("você pode").
    """

    op: Op
    amount: int = 0
    to: str = "target"
    penetrating: bool = False
    optional: bool = False
    if_done: bool = False  # "Se o fizer": skipped when an earlier optional step was declined
    filter_type: str = ""
    filter_power: str = ""
    filter_alignment: str = ""
    filter_affiliation: str = ""
    from_power_of: str = ""
    plus: str = ""  # adds X to ``amount``: "x" (the action's X), "loaded", "opponent_prizes:<aff>"
    text: str = ""
    trait: str = ""  # gain_trait / lose_trait: "power:<p>", "affiliation:<a>", "action_kind:<k>"
    if_damaged: bool = False  # only on targets that suffered damage this turn (Adaga Psíquica)
    other: bool = False  # chosen_…: "outro personagem" — not the card base of the effect (nor
    # the damage's source when ``source`` names another character)
    source: str = ""  # damage: "" (the action / the text's card) | target ("aquele personagem
    # causa …", 4.8.5: the action's target is the source; not an action's damage) | chosen (the
    # character an earlier step of this effect chose: Garras Imoladoras' "aquele personagem")
    # | marked (the card this card marked: Cassandra Nova's "o personagem escolhido")
    # | this (the card base carrying the text: Surpresa Dolorosa V1's "este personagem cause")
    up_to: int = 0  # to: distributed — at most this many destinations (0: ``amount``)
    filter_lacks_power: str = ""  # chosen_…: characters with this power are not offered
    # only card bases without this affiliation now ("que não seja da afiliação A": Avalanche)
    filter_lacks_affiliation: str = ""
    # unload_chosen: ``amount`` cards from each card base passing the filters ("descarregue
    # um card de cada personagem …"), the controller picking which (Avalanche V1)
    each_base: bool = False
    # only if every character you control has affiliation A [and/or B] ("A|B"): checked
    # when the procedure is reached; unmet, it is not done ("Se o fizer" steps are skipped)
    if_all_affiliation: str = ""
    # only if you control another character of affiliation A (Odin V1's Ira do Patriarca):
    # checked when the procedure is reached, like ``if_all_affiliation``
    if_other_affiliation: str = ""
    # unload_chosen: exactly ``amount`` cards ("Descarregue um card …"), not "até N"
    exactly: bool = False
    # chosen_…: only a card base its controller has controlled since the start of the turn
    filter_since_start_of_turn: bool = False
    # unload: every carried card passing the filters ("todos os cards de personagens": Hela)
    every: bool = False
    filter_alter_ego: str = ""  # only cards printed with this alter ego (Ultron-6 V1)
    # "se o alvo for um suporte": done only when the effect's (first) target is a card of
    # this type (checked when reached, like ``if_all_affiliation``: Arrancar Pedaço V1)
    if_target_type: str = ""
    # only if the target is a character of affiliation A or B ("A|B"): done only when the
    # effect's (first) target has one of them now (checked when reached: Sentinela Mk IV V1)
    if_target_affiliation: str = ""
    # only if you control some other character sharing an affiliation with this one:
    # checked when reached (Fanático V2)
    if_other_shares_affiliation: bool = False
    # "se ele for um personagem com ◆": done only when the effect's (first) target has this
    # power now (checked when reached, like ``if_target_type``: Magneto V1)
    if_target_power: str = ""
    filter_name_contains: str = ""  # only cards whose name holds this ("Plano Magistral")
    filter_name: str = ""  # only cards named this (a card's ``counts_as_name`` too, 7.x)
    # take_from_deck: "procure em seu deck ou recursos" — the resources' cards are offered too
    also_resources: bool = False
    # permute: the other base's card must be an ability card of one of these powers ("A|B")
    filter_card_power: str = ""
    # permute: this card base gains Prontidão for the actions of the card it receives
    ready_swapped: bool = False
    if_x_at_least: int = 0  # only when the action's X is at least this (checked when reached)
    free: bool = False  # extra_action: used without paying its incapacitation cost
    last: bool = False  # extra_action: once used, the character uses no more actions this turn
    filter_not_name: str = ""  # only cards printed with another name (Cura Rápida)
    swap_this_card: bool = False  # permute: the card swapped on this side is the effect's own
    swap_with_name: str = ""  # permute: the card swapped on the other side has this name
    # permute: any two cards carried by two different card bases its controller controls
    # that pass the filters, this base's or not (Sala de Perigo V1)
    any_pair: bool = False
    # capacitate / incapacitate: its controller picks the amount, 1 to ``amount`` ("em {1}
    # ou {2}": Homem de Gelo V1)
    choose_amount: bool = False
    # damage: penetrating on a destination with one of these affiliations ("A|B") when dealt
    # (a destination that is X-Men or Irmandade de Mutantes: Nano-Sentinelas V1)
    penetrating_if_affiliation: str = ""
    # only when the scenario this one replaced had this name (checked when reached)
    if_replaced_name: str = ""
    # chosen_…: not the card an earlier chosen_… step of this effect chose ("escolha até dois
    # personagens": the second one another, Revigoramento Incrível V1)
    other_than_chosen: bool = False
    # put_from_hand: the card entering gains Prontidão — it may use actions this turn
    ready: bool = False
    filter_not_type: str = ""  # not cards of this type (Resgate Enroscado V1: no ability card)
    # only while its controller controls a character with this power: checked when the
    # procedure is reached
    if_controls_power: str = ""
    if_x: int = -1  # only when the action's X is N (Trespassar V1)
    # load_found / take_found: where to look ("hand|deck|resources|carried"; "": all four)
    in_zones: str = ""
    # return_in_order: to the bottom of the deck instead of the top (with ``amount``: only
    # that many of the set-aside cards, picked one at a time: Investigação Silenciosa V1)
    at_bottom: bool = False
    # mark: remember the chosen character by its name and alter ego — not ended when it
    # leaves the scene (Korath V1's FAQ); modifiers ``applies_to: marked_identity``
    identity: bool = False
    # extra_action: the extra use must target characters no action with that name targeted
    # this turn (Alvejar Comparsas V1)
    fresh_target: bool = False
    # put_from_hand: the card enters carrying the cards the card base an earlier return_to_hand
    # step of the effect sent back was carrying (from the resources), not its Energia Inicial
    load_carried: bool = False
    # only card bases carrying at least this many cards ("que esteja carregando dois ou mais
    # cards": Cosmo V1)
    filter_loaded_at_least: int = 0
    # only card bases in the scene since before this turn carrying exactly this many cards,
    # none loaded or unloaded since the start of the turn (-1: no such filter)
    filter_loaded_exactly_since_turn_start: int = -1
    # permute with filter_card_power: the card of those powers may be either swapped card
    # ("permutar um card de habilidade de ◆ entre este personagem e outro": Rocket Raccoon V2)
    either_card: bool = False
    # only cards printed with this keyword (e.g. an ability card with Item Único)
    filter_keyword: str = ""
    # done only when an opponent controls no character (Invasão Kree V1)
    if_opponent_no_character: bool = False
    # take_from_deck: only cards with the alter ego of the character an earlier chosen_…
    # step chose (none without one: Múltiplas Identidades V1's FAQ)
    alter_ego_of_chosen: bool = False
    # choose_power: the targets gain the named power while the effect's card stays in the
    # scene (Mandarim V1; with ``in_zones: scene`` only powers of characters in the scene)
    gains: bool = False
    # the opposite of ``if_done``: done only when an earlier optional step was declined or
    # not done ("… a não ser que você …": Gerador de Raios Gama V1)
    if_not_done: bool = False
    # extra_action: only an action with a name the character has not used this turn
    new_name: bool = False
    # extra_action: only an action that deals damage (Incursão Surpreendente V1)
    only_damage: bool = False
    # carried_to_deck_bottom: only among the cards carried by card bases of this type ("que
    # um personagem estiver carregando": Gata Negra V2)
    carrier_type: str = ""
    # no_actions_this_turn: only actions of this type (an ActionKind value; anticipate
    # also counts unforeseen_anticipate): "ações de antecipar" (Expandir Infinito V1)
    action_kind: str = ""
    # damage: penetrating when the action is used in its controller's own Attack step (Alkhema
    # V1's Raio de Calor)
    penetrating_in_own_attack: bool = False
    # a chosen_… step may not choose the effect's targets ("um outro personagem": the one
    # that used the action, Torre Stark V1)
    other_than_target: bool = False
    # unload_chosen: an unloaded card of one of these kinds ("support", a card type, or
    # "alter_ego:<ego>", a character card with it; "|" between them) goes to its owner's
    # hand instead of the resources (Ultron-1 V1)
    to_hand_if: str = ""
    # load_from_resources: only a card sharing the alter ego (or the name, without one) of
    # the character it is loaded onto (Movimentos Característicos V1)
    same_identity: bool = False
    # no_actions_this_turn: only actions whose cost equals the stage this card base is
    # in then (cost equal to the character's current capacitation stage: Rocha Lunar
    # V1)
    cost_is_stage: bool = False
    # unload_chosen: an opponent picks the cards (Microdepósito V1)
    by_opponent: bool = False
    # to_resources: the cards this card base carries go to its owner's hand first, instead of
    # the resources (Microdepósito V1)
    carried_to_hand: bool = False

    def __post_init__(self) -> None:
        # A step built from the stored text (``Step(op="draw")``) holds its member.
        if not isinstance(self.op, Op):
            object.__setattr__(self, "op", Op(self.op))


@dataclass(frozen=True)
class Modifier:
    """A damage-modifying effect (5.3) applied in the calculation of 4.8.3.

    ``stage`` is B (``add``), C (``mul``/``div``) or D (``fixed``);
    conditions are all optional and must all hold.
    """

    op: str
    value: int
    applies_to: str = "this"  # this | dealt | friendly | marked | target | any |
    # chosen_affiliation (a generated effect's: to characters with the affiliation chosen)
    if_source_lacks_affiliation: str = ""
    if_source_alignment: str = ""
    if_action_kind: str = ""
    if_opponent_preparation: bool = False
    if_target_affiliation: str = ""  # "A|B": either (Guerra Civil V2)
    if_target_alter_ego: str = ""
    if_target_alignment: str = ""  # only damage to a card of this alignment (Combate ao Crime)
    if_source_affiliation: str = ""
    # only damage whose source has this alter ego now (Ultron-61112 V1: "personagens com
    # alter ego Ultron")
    if_source_alter_ego: str = ""
    if_action: bool = False  # only damage caused by actions
    if_own_source: bool = False  # only damage whose source its holder's controller controls
    if_not_action: bool = False  # only damage not caused by actions ("que não seja de ações")
    # Conditions on the card base holding the text (printed cards of the starter pack):
    if_holder_power: str = ""  # "se ele tiver ◆" (Rir do Perigo's carrier)
    if_holder_energy_at_least: int = -1  # "Energia Inicial maior ou igual a N" (printed)
    if_other_affiliation: str = ""  # you control another character of affiliation A
    if_source_is_holder: bool = False  # "uma ação deste personagem" (Kraven V1)
    # the target is the holder or a character sharing an affiliation with it (Barreira
    # Telecinética: "este personagem e/ou outros … que tenham uma afiliação em comum")
    if_shares_affiliation: bool = False
    if_penetrating: bool = False  # only penetrating damage (Visão V1's Intangibilidade)
    # only the damage of an action that has the damaged card among its targets ("por ações
    # que tenham ele como alvo")
    if_targeted: bool = False
    # only damage of an action of this power (Thor V2: Ataque Energético)
    if_action_power: str = ""
    # only the first action each turn whose damage reaches the card (Blob V1; every
    # procedure of that action)
    if_first_action_hit: bool = False
    # only damage to its targets of the first action with targets dealing damage that its
    # user's controller used this turn (Investida Tática V1; its FAQ: not necessarily the
    # first action used)
    if_first_damage_action: bool = False
    # only while the card base holding the text carries a card of this type (while it
    # carries a support card: Homem-Máquina V1)
    if_holder_carries_type: str = ""
    # only damage a character deals ("um personagem … causar dano": Guerra Civil V2)
    if_source_character: bool = False
    # only damage to a character, not a support ("em um personagem com a afiliação …":
    # Guerra Civil V2, with Torre Stark V1 a support of such an affiliation)
    if_target_character: bool = False
    # only damage from a source without this power ("um personagem sem ◆": Falcão V1)
    if_source_lacks_power: str = ""
    # only while the holder's controller controls a character with this name (Falcão V1:
    # Asa Vermelha)
    if_controls_name: str = ""
    # only damage whose source another player controls than the damaged card's ("controlado
    # por um jogador … controlado por outro jogador": Guerra Civil V1)
    if_other_controller: bool = False


#: What an :class:`ActionRule` does (4.6.2 D, E.1, F.2).
ACTION_RULE_EFFECTS = frozenset(
    {
        "forbid",
        "cost",
        "free",
        "must_target",
        "only_targeting",
        "forbid_untargeted",
        "unique",
        "untargetable",
    }
)
#: Whose actions an :class:`ActionRule` concerns, relative to the card holding the text.
ACTION_RULE_WHOSE = frozenset({"own", "opponent", "any", "this", "marked"})


@dataclass(frozen=True)
class ActionRule:
    """A static text about using actions (4.6.2): ``forbid`` (D), ``cost`` — the
    incapacitation cost becomes ``value`` (``cost_op: set``) or printed + ``value``
    (``add``), the highest of several wins (E.1 ATENÇÃO) — ``free`` (E.1: the cost is not
    paid), ``must_target`` (F.2.1: the holder must be a target when it can be),
    ``only_targeting`` (F.2.3: no action may be used without the holder as a target) and
    ``forbid_untargeted`` (F.2.4). The ``if_*`` filters must all hold."""

    effect: str
    whose: str = "opponent"  # own | opponent | any | this (the holder) | marked (by its text)
    value: int = 0
    cost_op: str = "set"  # set | add
    if_power: str = ""
    if_kind: str = ""  # an ActionKind value
    if_damage: bool = False  # only actions (in the chosen option) that deal damage
    if_name: str = ""
    if_stage_at_most: int = -1  # the user's stage of capacitation is at most this
    if_stage_at_least: int = -1  # … at least this ("a não ser que esteja no estágio 0")
    if_user_alignment: str = ""  # only actions used by a character of this alignment
    unless_name: str = ""  # every action but the one with this name (Mesmero V1's Hipnose)
    if_user_lacks_name: str = ""  # only users not named this (Mjölnir: not Thor)
    if_unused_this_turn: bool = False  # only while the user has not used it yet this turn
    # cost ``add``: ``value`` once per action the opponent of the user's controller used this
    # turn ({1} cheaper per action the opponent has used: Acumular Poder V1)
    per_opponent_action: bool = False
    # only while the user has used no action of ``if_power`` this turn ("a próxima ação de ◆
    # que aquele personagem usar neste turno": Potência Incomparável V1)
    if_no_power_used: bool = False
    # only actions whose printed cost (X as chosen) equals the stage of capacitation the
    # rule's source is in now (Rocha Lunar V1; made by ``no_actions_this_turn`` with
    # ``cost_is_stage``)
    if_cost_is_source_stage: bool = False
    # must_target only while another character with this affiliation the rule's controller
    # controls is already among the targets chosen (Blob V2's Escudo Corporal)
    if_other_target_affiliation: str = ""
    # ``untargetable``: the holder — or, from a scenario, each character with
    # ``if_target_power`` — cannot be the target of the actions the rule concerns (Fogo
    # Cruzado V1: Antecipar ones), while the holder's stage is at most / at least these
    # (Golias V1); ``if_penetrating``: only actions dealing penetrating damage
    # (Vespa V1). There ``if_kind`` matches by type: an Imprevista-Antecipar action is both.
    if_holder_stage_at_most: int = -1
    if_holder_stage_at_least: int = -1
    if_target_power: str = ""
    if_penetrating: bool = False
    # only while an opponent of the user's controller controls a character that has no power
    # in common with the user (Arma Com Silenciador V1)
    if_opponent_unlike: bool = False


#: 8.B.1 / 8.B.2: what a characteristic change may concern, and which cards it reaches.
CHARACTERISTIC_KINDS = frozenset(
    # keyword: a keyword gained or lost (Da Prática à Perfeição V1: Aprimoramento)
    {"power", "affiliation", "alignment", "name", "alter_ego", "action_kind", "keyword"}
)
CHARACTERISTIC_TO = frozenset(
    # marked: the card this card's text chose with a ``mark`` step (Veículo S.H.I.E.L.D. V3)
    {"this", "own_characters", "opponent_characters", "all_characters", "marked"}
)


@dataclass(frozen=True)
class Characteristic:
    """A static text making card bases gain or lose a characteristic (8.B.1/B.2: when one
    effect gives and another takes away the same thing, losing wins). ``kind`` ``power`` or
    ``affiliation``, ``alignment``, ``name`` or ``alter_ego`` with ``value`` (``*`` when
    losing: all of them), or
    ``action_kind`` with
    ``value`` ``anticipate`` / ``unforeseen`` — optionally only for the action ``if_name``.
    ``to``: the holder (``this``) or the characters of its controller, of the opponents, or
    all."""

    change: str  # gain | lose
    kind: str
    value: str
    to: str = "this"
    if_name: str = ""
    # only characters with this affiliation (your Vingadores characters gain ☺: Mansão dos
    # Vingadores V1); not for affiliation changes
    if_affiliation: str = ""
    # only characters with this alignment (your villains gain the H.I.D.R.A. affiliation:
    # Convocar Mercenários V1); not for alignment changes
    if_alignment: str = ""
    # only characters with this name (your characters named Homem de Ferro: Pepper Potts
    # V1)
    if_character_name: str = ""
    # action_kind: only actions of this power ("ações de ☺ como se fossem de antecipar")
    if_action_power: str = ""
    # only while its controller controls no character with this alter ego (none with alter
    # ego Steve Rogers: Homem de Ferro V3)
    unless_controls_alter_ego: str = ""
    # only while its controller controls a character with this name (Falcão: Asa Vermelha
    # V2); never a name change
    if_controls_name: str = ""


@dataclass(frozen=True)
class Text:
    """A permanent text: a trigger with procedures, a static bonus, or manual.

    ``text`` is a pack's own wording, shown as written (a built-in card has none: what a
    player reads is made from its typed fields, ``content/wording.py``); ``words`` is our
    own short description per locale of a ``manual`` text the fields cannot express."""

    text: str = ""
    trigger: Trigger | None = None
    steps: tuple[Step, ...] = ()
    shield_bonus: int = 0
    shield_per_loaded: bool = False
    # Escudo +1 for each card type among the cards it carries (Homem-Absorvente V2)
    shield_per_loaded_type: bool = False
    shield_set: int = -1  # 4.8.6 A: the shield *is* this value (-1: not a setting text)
    if_loaded_at_most: int = -1  # the shield text works only with at most / at least
    if_loaded_at_least: int = -1  # this many cards loaded (e.g. Hulk V1)
    # characteristics: only while the card base carries a card with this alter ego (Hulk
    # Vermelho V1)
    if_carrying_alter_ego: str = ""
    # characteristics and shield texts: only while the card base's stage of capacitation is at
    # least / at most this (Vespa V1)
    if_stage_at_least: int = -1
    if_stage_at_most: int = -1
    # action_used: only when the action's user entered the scene this turn (Jaqueta Amarela
    # V1)
    if_user_entered_this_turn: bool = False
    # start/end points: the effect is carried out by the turn's player, only when that player
    # controls at least one character and fewer than every other player (Ruínas Suspeitas V1)
    by_turn_player: bool = False
    if_fewest_characters: bool = False
    # a generated (5.7 B) ``action_resolved`` text about the action's user: after the effect of
    # an opponent's action that had that character among its targets, its controller acting
    # (Fúria Descontrolada V1)
    if_this_targeted: bool = False
    # action_used: only when the text's card base is among the action's targets (Partículas
    # Pym V1)
    if_targets_this: bool = False
    # the holder (with ``if_power``) about to receive damage in an opponent's Preparation
    # phase: its controller may incapacitate it by N, and then no damage reaches it for the
    # rest of that phase (Ziguezague V1); asked inside the damage procedure
    dodge_preparation: int = 0
    # a printed text allowing characters sharing the alter ego (or name) of characters in the
    # scene, as long as their player controls none with it (Universo Paralelo V1): since the
    # rules 2.0 (4.4.2.1 A.4b only looks at the player's own characters) that is the rule
    # itself, so it is told and the engine has nothing more to do
    same_identity_as_rules: bool = False
    # "scene" (while it is its controller's scenario in the scene) or "resources" (while it
    # is in its owner's resources): in that player's Preparation phase, a character of the
    # hand sharing the name or alter ego of a character an opponent controls may enter
    # (4.4.2) despite 4.4.2.1 A.4 (``PlayCard.via``); this card then goes to its owner's
    # resources (scene) or the bottom of its owner's deck (resources), after the count of
    # A.1 and before the loading (Invasão Secreta V1 and its FAQ)
    copy_entry: str = ""
    if_power: str = ""  # shield texts: while the holder has this power; loaded_from_resources:
    # only onto a character with it (Adaga Psíquica)
    shield_to: str = ""  # "" the holder; own_characters: each character its controller has
    shield_if_affiliation: str = ""  # shield_to: only characters with this affiliation
    # shield_to: only characters with this alignment ("cada vilão": Super Plano de Dominação)
    shield_if_alignment: str = ""
    if_combat: bool = False  # a trigger that works only during the Combat phase
    modifiers: tuple[Modifier, ...] = ()
    redirect: bool = False  # 4.8.3.1: may give damage to this a new destination you control
    redirect_marked: bool = False  # 4.8.3.1: may take on this the damage of the marked card
    # ``redirect`` only to another character with this affiliation ("para outro personagem
    # com a afiliação A que você controla": Maximus V1, Capuz V2)
    redirect_affiliation: str = ""
    redirect_name: str = ""  # ``redirect`` only to a character with this name (Loki V1)
    redirect_if_action: bool = False  # ``redirect`` only damage of actions (Loki V1)
    # "redirecione aquele dano": the redirect is not optional (its controller cannot decline;
    # when several could apply, the active player picks one, 4.8.3.1 — the FAQ of Mulher-Hulk
    # V2 and Veículo de Combate S.H.I.E.L.D. V3)
    redirect_mandatory: bool = False
    # the holder takes the damage of its controller's other characters sharing an affiliation
    # with it (Mulher-Hulk V2)
    redirect_sharing: bool = False
    # the character this card marked may use this card's actions (Veículo de Combate
    # S.H.I.E.L.D. V3: the chosen character may use the card's action)
    lends_to_marked: bool = False
    # a generated effect that works only once (on the next character to use an action this
    # turn: Heimdall V1), then ends
    next_only: bool = False
    # action_used: only an action whose cost is this ("ação de custo 2", X chosen as 2 too)
    if_action_cost: int = -1
    # a start/end point's text: only if this character used no action this turn (Hulk V3)
    if_no_action: bool = False
    # action_used: only an action of this type (``unforeseen``: "uma ação Imprevista", an
    # action of both types included — Homem-Formiga V1)
    if_action_kind: str = ""
    # action_used: only when this card base itself uses the action with this name ("toda vez
    # que este personagem usar a ação N": Groot V1)
    if_action_name: str = ""
    # action_resolved: only the first action this turn that a character with this
    # affiliation its controller controls used (Abutre V1)
    if_first_of_affiliation: str = ""
    # action_used / action_resolved: only an action used during the Preparation phase of
    # its user's controller's turn (Boneco Vodu V1)
    if_preparation: bool = False
    # a shield bonus of +1 per character of this alignment its controller controls
    # (Escudo +1 per hero its controller controls: J. J. Jameson V1)
    shield_per_alignment: str = ""
    # every character in the scene has Escudo 0, and every effect changing it is
    # worth +0, while this text works (Portal para o Microverso V1)
    shields_zero: bool = False
    # a character carrying an ability card named N cannot be the target of actions
    # (Invocar o Relâmpago V1): the name N
    untargetable_carrying: str = ""
    untargetable_by_power: str = ""  # the holder is no target of actions of this power
    # the holder is no target of actions; generated (5.7 B), the action's user until the end
    # of the turn (no target of actions for the rest of the turn: Kitty Pryde V1)
    untargetable: bool = False
    # while in its owner's deck or resources, this card also counts as a character card
    # named N (Maria Hill V1): the name N, for ``filter_name``
    counts_as_name: str = ""
    # while in its owner's deck, this card also counts as a character card with alter ego
    # N (Alkhema V1): N, for ``filter_alter_ego``
    deck_alter_ego: str = ""
    # the card base has the powers of the ability cards it carries (their actions' powers):
    # Cubo Cósmico V1, Homem-Absorvente V1
    powers_of_carried: bool = False
    # the card this card's text marked is no target of actions (Esconderijo Secreto V1)
    untargetable_marked: bool = False
    # ◆ actions whose effects would lower Escudo deal that much damage instead (Flores e
    # Espinhos V1): the power
    shield_cut_to_damage: str = ""
    # an activated text of a scenario each player may activate in their own Preparation
    # phase, for themselves (in each player's Preparation phase, that player may use it:
    # Movimentos Característicos V1)
    activated_by_any: bool = False
    # with if_since_start_of_turn: either that or controlling a character with this
    # affiliation (Microdepósito V1)
    or_if_controls_affiliation: str = ""
    # may enter the scene carrying fewer cards than its Energia Inicial (Homem-Hídrico V1):
    # at least one (``PlayCard.count``)
    enters_with_fewer: bool = False
    # no character in the scene sharing its alter ego (or, without one, its name) with
    # another character in the scene can use actions (Singularidade Temporal V1)
    forbid_shared_identity: bool = False
    # characters with this power are no targets of actions of characters without it, and
    # those without it none of those with it (Batalha nos Céus V1)
    targets_same_power: str = ""
    # "pode usar até duas ações de ◆ de nomes diferentes em cada turno" (Espiral V1): C.4
    # allows a second action in the turn when both are of this power, with different names
    two_actions_power: str = ""
    # 7.1: actions with Clarividência its card base uses look at this many more cards
    # ("ganham Clarividência +1": Manto de Levitação V1)
    clarividencia_bonus: int = 0
    # A.4 lifted: while its controller controls this card, any number of characters with this
    # name and this card's alter ego may be in the scene under their control (Tony Stark V1)
    any_number_named: str = ""
    # A.4c: any number of supports with this card's name may be in the scene
    any_number: bool = False
    activated: bool = False  # 5.1: a player activates it in their Preparation phase
    # or "attack" (7.2 Potencializar: the Attack step), or "any": no moment named (5.1)
    activated_in: str = "preparation"
    ready_for: str = ""  # 7.2 "Prontidão – característica": all | power:X | kind:K | action:Name
    once_per_turn: bool = False
    # with once_per_turn: once per turn for the card base holding the text, whichever copy of
    # this card it carries (Falcão V1's FAQ: a new copy loaded does not use it again)
    once_per_character: bool = False
    if_all_affiliation: str = ""  # every character you control has affiliation X
    if_controls_character: bool = False  # "se você controlar um personagem"
    # each player draws N more cards in their own Draw phase (Sucessão de Eventos V1): the
    # turn's player, in the Draw phase (with ``if_controls_character``: only while controlling
    # a character; ``extra_draw_optional``: only if that player wants, asked)
    extra_draw: int = 0
    extra_draw_optional: bool = False
    # if you control a character that has carried exactly this many cards since the start
    # of the turn (Mística V2); -1: no such condition
    if_controls_carrying_exactly: int = -1
    if_since_start_of_turn: bool = False  # you have controlled it since the turn began
    replace_search_with_draw: bool = False  # 5.5 (Cidade Fantasma)
    forbid_search: bool = False  # no player may search the decks (8.B)
    replace_leave_with_prizes: bool = False  # 5.5 (Hela V1): own effect → opponents' prizes
    replace_knock_out: str = ""  # 5.5: knocked out → resources | hand | deck_bottom instead
    replace_for: str = "this"  # whose knock-out/damage/loading: this | own_characters | opponent_…
    replace_damage: str = ""  # 5.5: final damage received → prevent | mill instead
    replace_load: str = ""  # 5.5: a card an effect loads → hand | deck_bottom | resources instead
    replace_draw: str = ""  # 5.5: a draw → resources (as many from the deck top) | nothing
    replace_discard: str = ""  # 5.5: a discard from the hand → deck_bottom instead
    replace_player: str = "self"  # whose draws/discards: self (its controller) | opponent | all
    replace_if_name: str = ""  # a replacement only for a card base with this name
    # a replacement (or a shield text) only while its controller controls a character with
    # this name
    if_controls_name: str = ""
    # a shield text only while its holder carries an ability card of this power (Nova V1)
    if_carrying_power: str = ""
    # a scenario's characteristics text that works in its owner's resources too, for that
    # player's characters (Missão S.H.I.E.L.D. V1)
    also_in_resources: bool = False
    # a shield text only while its holder carries a support card (Deathlocket V1)
    if_carrying_support: bool = False
    # action_used: only an action printed on a character card its user carries (Extrapolar
    # os Limites V1)
    if_from_carried_character: bool = False
    # leaves_scene: only when this card base is knocked out — a support destroyed — (4.7)
    if_destroyed: bool = False
    # once its knock-out replacement happened, this card goes to its owner's resources
    # (Imagem Falsa)
    replace_then_to_resources: bool = False
    # a support its controller destroys may go to its owner's prizes, worth its Energia
    # Inicial like a character (Busca e Apreensão; the controller chooses)
    destroyed_to_prizes: bool = False
    untargetable_first: bool = False  # F.2.2: not a target of an opponent's first targeted action
    # shield texts: only while the card base is (not) named this (Escudo do Capitão América)
    if_holder_name: str = ""
    if_holder_lacks_name: str = ""
    # action_used: only in its controller's own Attack step (Torre Stark V1)
    if_own_attack_step: bool = False
    # loaded_from_resources: only onto a character of this alignment (Suborno V1)
    if_holder_alignment: str = ""
    # character_enters: only while the card base holding the text has this power and entered
    # the scene this turn ("se este personagem tiver ◆ … no mesmo turno em que este
    # personagem entrou em cena": Incursão Estonteante V1)
    if_holder_power: str = ""
    if_holder_entered_this_turn: bool = False
    # character_enters: only when the entering character is not the card base holding the
    # text, its own entry excluded (Homem-Aranha V1)
    if_other_entering: bool = False
    # for using actions (4.6.2) this card base also counts as named N (Soldado Invernal V1);
    # nothing else changes
    acts_as_name: str = ""
    # E.2: when an action of a character of this affiliation its controller controls asks to
    # unload the user's cards, as many of this card base's cards may be unloaded instead
    # (Arsenal H.I.D.R.A. V1)
    pays_unload_cost: str = ""
    # this card is unloaded whenever a support or a character without this name carries it
    # (Mjölnir: anyone but Thor)
    unload_unless_name: str = ""
    action_rules: tuple[ActionRule, ...] = ()  # 4.6.2 D, E.1, F.2.1/F.2.3/F.2.4
    characteristics: tuple[Characteristic, ...] = ()  # 8.B.1 / 8.B.2
    trigger_for: str = "this"  # incapacitated: this character | own_characters
    trigger_if_affiliation: str = ""  # incapacitated: only characters with this affiliation
    # action_used: only a user without this affiliation (Homem Radioativo V1)
    trigger_if_lacks_affiliation: str = ""
    trigger_by: str = "any"  # incapacitated: by any effect | an effect an opponent controls
    victim_without_affiliation: str = ""  # dealt_damage: only to cards without this affiliation
    trigger_if_no_alignment: bool = False  # targeted: only a character neither hero nor villain
    whose_turn: str = "own"  # turn/phase triggers: in its controller's turn, the opponent's, any
    # — or "marked": the turn of the controller of the card this card marked (Cassandra Nova)
    action_power: str = ""  # drew_by_action: only the effect of an action with this power
    from_zone: str = ""  # 5.2.1: the trigger works from the hand, resources or prizes instead
    # 5.7 B "[Efeito Gerado]": not a permanent text; a ``generate`` step of the same card names
    # it and makes it work until the end of the turn, about the target of that action.
    generated: str = ""
    # leaves_scene of a scenario: only when a new scenario replaced it (4.4.1 C); the player
    # who put the new one into the scene decides this effect (its controller: À Espreita V1)
    if_replaced: bool = False
    # leaves_scene: only when knocked out (to the prizes) by an action's damage (Bruce Banner)
    if_knocked_out_by_action: bool = False
    # 4.4.2.3 A.2a: an ability card's text that works while a *support* carries it ("o suporte
    # que estiver carregando este card …": Reparos Provisórios V1) — and not on a character
    on_support: bool = False
    # arrives_in_resources: from where ("hand|deck|unloaded" — unloaded from a character)
    arrived_from: str = ""
    # character_enters: any player's character, not only one entering under this text's
    # controller (any character entering: Mina Explosiva V1)
    any_controller: bool = False
    # character_enters with any_controller: the effect is the entering character's
    # controller's, who decides and acts ("aquele jogador pode": Entrega Especial V1)
    by_entering_player: bool = False
    manual: bool = False
    words: tuple[tuple[str, str], ...] = ()  # (locale, our description) of a manual text


@dataclass(frozen=True)
class Mode:
    """One option of an action with options (4.6.2 B): its targets and procedures."""

    name: str
    steps: tuple[Step, ...]
    targets: int = 0
    # F.1.1 for this option only: "personagem alvo" / "suporte alvo" (Wolverine V2: 1 to a
    # target character or 3 to a target support); "" keeps the action's ``target_type``
    target_type: str = ""


@dataclass(frozen=True)
class ActionDef:
    """An action box (4.6.1): power, type, incapacitation cost, targets, procedures."""

    name: str
    power: str
    kind: ActionKind
    cost: int | None  # None: no incapacitation cost; -1: X (0..2 chosen)
    text: str = ""  # a pack's own wording (shown as written); built-in cards have none
    targets: int = 0
    # 4.6.2 F.1: "alvo" alone is a character or a support, anyone's (F.1.2, glossary
    # "Alvo"); "personagem alvo" / "suporte alvo" (``character`` / ``support``) and "alvo
    # controlado por um oponente" / "que você controla" (``opponent`` / ``self``) narrow it
    # (F.1.1).
    target_type: str = "any"  # character | support | any
    target_controller: str = "any"  # opponent | self | any
    steps: tuple[Step, ...] = ()
    # Energia Cósmica N (E.2.1); without the keyword, the same cost printed in words (put a
    # card of your resources on the bottom of your deck: Explorar Possibilidades V1)
    cosmic: int = 0
    keywords: tuple[str, ...] = ()
    distribute: bool = False  # 4.8.4.2: ``targets`` points split among targets (repeats)
    # as many targets as the X chosen (``targets``: at most), one may
    # be listed twice — its damage twice, in one procedure (Venom V1's FAQ)
    targets_x: bool = False
    # with ``targets_x``: the X targets are all different ("cada um de X personagens alvo
    # diferentes": Sufocamento V1)
    distinct_targets: bool = False
    modes: tuple[Mode, ...] = ()  # 4.6.2 B: "… OU …": the player picks one
    max_modes: int = 1  # B: "some actions let you choose more than one option"
    # every option together while its user's controller controls a character with this power
    # ("você pode usar todos os efeitos … ao invés de apenas um": Tentáculos Alados V1)
    all_modes_if_controls_power: str = ""
    discard_cost: int = 0  # E.2: additional cost, discard this many cards of the hand
    unload_cost: int = 0  # E.2: additional cost, unload this many cards of the user
    # E.2 cost of unloading a card that is not an ability card: the unloaded cards are not of
    # this type (Mulher-Hulk V2)
    unload_not_type: str = ""
    # E.2 cost of discarding a character card of affiliation A: what the discarded cards must be
    discard_type: str = ""
    discard_affiliation: str = ""
    # E.2 "Descarregue <este card>: …": unloading the card the action is printed on (an
    # ability card the user carries) is an additional cost (Granada de Mão V1)
    unload_self: bool = False
    # F: "até N alvos diferentes" — ``targets`` is the most, at least one (Disparo Sequencial)
    up_to_targets: bool = False
    # E.2 cost of putting this card on the bottom of its owner's deck (Rompante de Precisão V1)
    bottom_self: bool = False
    # 4.8.4.2 with ``distribute``: as many points as the cards its user carries (X damage
    # split among targets, X being the number of cards it carries: Gambit)
    points_loaded: bool = False
    # E.2 "Carregue um card neste personagem": load this many cards of the resources onto
    # the user (in its controller's loading order) as an additional cost (Lacerar V1)
    load_cost: int = 0
    # with ``load_cost``: only cards of that power may be loaded ("Carregue um card de ◆
    # neste personagem": Deadpool V2) — the first such in the loading order
    load_cost_power: str = ""
    # with ``load_cost``: the cards are the player's pick (UseAction.pay) among these zones,
    # "hand|resources" (Batedor Alado V1), not the resources in the loading order
    load_cost_from: str = ""
    # E.2, this card back to its owner's hand as a cost: the ability card the action is
    # printed on, carried by the user, goes to its owner's hand (not an unload)
    hand_self: bool = False
    # F.1.1 another target character sharing an affiliation with this character:
    # each target another character than the user, sharing an affiliation with it now
    target_shares_affiliation: bool = False
    # E.2: the user unloaded and shuffled into its owner's deck (Agente
    # S.H.I.E.L.D. V2): the user leaves the scene, unloaded, shuffled into its owner's deck
    shuffle_user_cost: bool = False
    # E.2 cost of unloading this character and putting it in the opponents' prizes: the user
    # leaves the scene, unloaded, for its owner's prizes — points for the opponent (Mística)
    prizes_user_cost: bool = False
    manual: bool = False
    words: tuple[tuple[str, str], ...] = ()  # (locale, our description) of a manual action


@dataclass(frozen=True)
class CardDef:
    """One card as printed; ``key`` is unique in a pack (e.g. ``hulk_v3``). ``codes`` are
    its printed collection codes (``BSET 1/100``, the first one its own): a printed card
    is told apart by its code, never by name and version (several name + version pairs
    belong to different cards). ``alignments``: herói, vilão, both or none (N/A).

    ``alignment`` is the one-alignment field of the model before: a definition stored
    with it (a match begun then) reads it into ``alignments``."""

    key: str
    type: CardType
    name: str
    version: str = ""
    alter_ego: str = ""
    alignment: str = ""  # legacy (read only): see ``alignments``
    alignments: tuple[str, ...] = ()
    affiliations: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    energy: int = 0
    shield: int = 0
    ev_requirement: str = ""  # EV panel: affiliation/name the evolved card must have
    accretion: int = 0  # Valor de Acréscimo (+N) of an EV character
    keywords: tuple[str, ...] = ()
    texts: tuple[Text, ...] = ()
    actions: tuple[ActionDef, ...] = ()
    source: str = ""
    verified: bool = False
    codes: tuple[str, ...] = ()
    keyword_numbers: tuple[tuple[str, int], ...] = ()  # (keyword, its printed number)
    # What the printed card does that the engine does not do yet (our words); a card
    # with it is not automated, so a deck holding it is refused at set-up.
    incomplete: str = ""

    def __post_init__(self) -> None:
        # The compatibility read of the one-alignment shape (matches stored before).
        if self.alignment:
            if not self.alignments:
                object.__setattr__(self, "alignments", (self.alignment,))
            object.__setattr__(self, "alignment", "")

    @property
    def code(self) -> str:
        """Its own collection code (the first printed), or "" for a pack's own card."""
        return self.codes[0] if self.codes else ""

    def keyword_number(self, keyword: str) -> int | None:
        """The number printed with ``keyword`` (Liderar 1 -> 1), or ``None``."""
        return next((n for k, n in self.keyword_numbers if k == keyword), None)

    @property
    def is_ev(self) -> bool:
        """Whether this is a Personagem-EV (2.1.1)."""
        return bool(self.ev_requirement)

    @property
    def identity(self) -> str:
        """Alter ego, or name when there is none (4.4.2.1 A.4)."""
        return self.alter_ego or self.name

    @property
    def title(self) -> str:
        """``Name V2`` as printed."""
        return f"{self.name} {self.version}".strip()


@dataclass(frozen=True)
class DeckList:
    """A named deck of a pack: card keys with counts."""

    key: str
    name: str
    cards: tuple[tuple[str, int], ...]
    source: str = ""
    verified: bool = False


@dataclass(frozen=True)
class Pack:
    """A content pack: its cards and decks."""

    name: str
    cards: dict[str, CardDef]
    decks: dict[str, DeckList]
