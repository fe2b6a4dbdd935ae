"""What a card does, in our own words: its texts, actions and keywords described from
their typed fields (steps, triggers, modifiers…) as catalog messages, so each reader gets
them in their language (``battlescenes.say.*`` in the locale files).

A card's printed text never carries over: a text or action a pack writes out itself
(``text``) is shown as written, a ``manual`` one by our ``words`` per locale, and every
other one is told from what the engine does with it. A field this module cannot tell
gives ``battlescenes.say.untold`` naming it (a test walks every built-in card in every
locale and fails on it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.battlescenes.content.schema import (
    ActionDef,
    ActionRule,
    CardDef,
    CardType,
    Characteristic,
    Mode,
    Modifier,
    Op,
    Step,
    Text,
    Trigger,
)
from engines.core.model import Message

P = "battlescenes.say."


def say(key: str, **params: Any) -> Message:
    """A ``battlescenes.say.<key>`` message."""
    return Message(P + key, params)


def untold(what: str) -> Message:
    """A field the describer cannot tell (a pack's own combination): named as written."""
    return say("untold", what=what)


def own_noun(card: CardDef) -> str:
    """The noun of the card itself ("this scenario")."""
    return {
        CardType.CHARACTER: "this_character",
        CardType.SUPPORT: "this_support",
        CardType.SCENARIO: "this_scenario",
    }.get(card.type, "this_card")


@dataclass(frozen=True)
class Scope:
    """Whose words a step is in: the card, and whether in an action, a generated effect
    or a text whose trigger names another card ("that character")."""

    card: CardDef
    action: bool = False
    text: Text | None = None
    each_target: bool = False  # an action with X targets (Venom V1)
    target_type: str = ""  # an action option's own kind of target (F.1.1)

    @property
    def this(self) -> str:
        """The noun of ``to: this`` (the effect's card base)."""
        text = self.text
        if self.action or (text is not None and text.generated):
            return "user"
        if text is not None and text.on_support:  # 4.4.2.3 A.2a
            return "support_carrier"
        if text is not None and (
            text.trigger_for == "own_characters"
            or (text.trigger is Trigger.CHARACTER_ENTERS and not text.any_controller)
        ):
            return "that"
        own = own_noun(self.card)
        return "carrier" if own == "this_card" else own

    @property
    def target(self) -> str:
        """The noun of ``to: target`` (an action's target, or what the trigger names)."""
        trigger = self.text.trigger if self.text is not None else None
        if trigger is Trigger.DAMAGED:
            return "damager"
        if trigger is Trigger.DEALT_DAMAGE:
            return "damaged"
        if trigger in (Trigger.CHARACTER_ENTERS, Trigger.TARGETED):
            return "that"
        if trigger is Trigger.ACTION_USED and self.text and not self.text.generated:  # its user
            return "that"
        if (
            trigger is Trigger.ACTION_USED
            and self.text
            and self.text.trigger_for == "any_character"
        ):
            return "that"  # the character that used the action (Heimdall V1)
        if self.target_type in ("character", "support"):  # "personagem alvo", "suporte alvo"
            return f"target_{self.target_type}"
        return "target"


def noun(name: str, form: str = "base", **params: Any) -> Message:
    """A noun phrase in a form: ``base``; ``to``, where damage goes ("to the target", "no
    alvo", "al bersaglio"); ``dat``, whom damage is dealt to ("ao alvo"); ``by``, who
    deals it ("pelo alvo", "dal bersaglio"); ``onto``, where a card is loaded ("onto this
    character", "neste personagem", "su questo personaggio")."""
    return say(f"noun.{name}.{form}", **params)


def either(names: str) -> Any:
    """ "A|B" (an affiliation condition): "A and/or B"."""
    parts = names.split("|")
    return parts[0] if len(parts) == 1 else say("either", a=parts[0], b=parts[1])


def affiliations_or(names: str) -> Any:
    """ "A|B" (a condition met by either): "A or B", each quoted."""
    parts = names.split("|")
    said: Any = say("affiliation_quoted", name=parts[0])
    for part in parts[1:]:
        said = say("affiliation_or", a=said, b=say("affiliation_quoted", name=part))
    return said


def power(name: str) -> Message:
    """A power's name in the reader's language."""
    return Message(f"battlescenes.power.{name}")


def _message(value: Any) -> Message:
    """``value`` as a message (a bare text wrapped as written)."""
    return value if isinstance(value, Message) else say("cat", a=value, b="")


def concat(parts: Sequence[Any]) -> Message:
    """Parts written one after the other (each carries its own spacing)."""
    out: Any = parts[0] if parts else ""
    for part in parts[1:]:
        out = say("cat", a=out, b=part)
    return _message(out)


def sentences(parts: Sequence[Any]) -> Message:
    """Sentences after one another, a space between."""
    out: Any = parts[0] if parts else ""
    for part in parts[1:]:
        out = say("then_sentence", a=out, b=part)
    return _message(out)


# --- who a step applies to -------------------------------------------------------------


def _who(step: Step, scope: Scope, form: str) -> Message:
    if step.to == "this":
        return noun(scope.this, form)
    if step.to == "target":
        return noun("each_target" if scope.each_target else scope.target, form)
    if step.to == "chosen_target":  # one of the action's targets
        return noun("one_of_targets", form)
    if step.to == "that_chosen":  # what an earlier step chose ("aquele personagem")
        return noun("that", form)
    if step.to == "chosen_character" and step.other and step.filter_alignment.startswith("not_"):
        # "outro personagem que não seja herói" (Suborno V1)
        alignment = Message(f"battlescenes.alignment.{step.filter_alignment[4:]}")
        return noun("another_character_not", form, alignment=alignment)
    if step.to == "chosen_character" and (step.other or step.other_than_chosen):
        return noun("another_character", form)
    if step.to == "chosen_character" and step.filter_alignment == "heroi":  # Passado Sombrio
        return noun("hero_character", form)
    if step.to == "chosen_own_character" and step.other_than_target and step.filter_affiliation:
        # "um outro personagem com a afiliação A que você controla" (Torre Stark V1)
        return noun("another_own_character_of", form, affiliation=step.filter_affiliation)
    if step.to == "chosen_character" and step.filter_lacks_affiliation:  # Caça aos Renegados
        return noun("character_lacking", form, affiliation=step.filter_lacks_affiliation)
    if step.to == "chosen_character" and step.filter_alignment == "none":  # neither
        return noun("character_no_alignment", form)
    if step.to == "chosen_own_base" and step.filter_type == "support":
        return noun("own_support", form)
    if step.to == "chosen_own_character" and (step.other_than_chosen or step.other):
        return noun("another_own_character", form)
    if step.to == "chosen_own_character" and step.filter_affiliation and step.filter_power:
        return noun(
            "own_character_of_power",
            form,
            affiliation=step.filter_affiliation,
            power=power(step.filter_power),
        )
    if step.to == "chosen_own_character" and step.filter_loaded_exactly_since_turn_start >= 0:
        count = step.filter_loaded_exactly_since_turn_start
        return noun("own_character_carrying_since_start", form, count=count)
    if step.to == "chosen_own_character" and step.filter_name:  # Águia Estelar V1's Aleta
        since = "_since_start" if step.filter_since_start_of_turn else ""
        return noun(f"own_character_named{since}", form, named=step.filter_name)
    if step.to == "chosen_own_character" and step.filter_affiliation:  # Liderar – afiliação
        return noun("own_character_of", form, affiliation=step.filter_affiliation)
    if step.to == "chosen_own_character" and step.filter_alignment:
        alignment = Message(f"battlescenes.alignment.{step.filter_alignment}")
        return noun("own_character_alignment", form, alignment=alignment)
    if step.to == "chosen_own_character" and step.filter_power:
        return noun("own_character_power", form, power=power(step.filter_power))
    if step.to == "each_own_character" and step.filter_affiliation:  # Astronave Kree V1
        return noun("each_own_character_of", form, affiliation=step.filter_affiliation)
    if step.to == "chosen_base" and step.filter_type == "support":  # "um suporte"
        return noun("support", form)
    if step.to == "chosen_base" and step.filter_lacks_power:
        return noun("base_lacking", form, power=power(step.filter_lacks_power))
    if step.to.startswith("chosen_"):
        return noun(step.to.removeprefix("chosen_"), form)
    return noun(step.to, form)


def _card_kind(step: Step, scope: Scope) -> Message:
    """The cards a search, discard or load may pick: "a character card with …"."""
    kinds = [say(f"card.{t}") for t in (step.filter_type or "any").split("|")]
    kind = kinds[0] if len(kinds) == 1 else say("card.either", a=kinds[0], b=kinds[1])
    if step.filter_not_type and not step.filter_type:  # any card but that type
        kind = say("card_not_type", kind=say(f"card.{step.filter_not_type}"))
    if step.filter_keyword:  # e.g. an ability card with Item Único
        keyword = Message(f"battlescenes.keyword.{step.filter_keyword}")
        kind = say("card.with_keyword", card=kind, keyword=keyword)
    if step.filter_affiliation:
        return say("card.with_affiliation", card=kind, affiliation=step.filter_affiliation)
    if step.filter_alter_ego and step.filter_name:  # Caça aos Renegados V1
        return say(
            "card.named_with_alter_ego",
            card=kind,
            name=step.filter_name,
            alter_ego=step.filter_alter_ego,
        )
    if step.filter_alter_ego:
        return say("card.with_alter_ego", card=kind, alter_ego=step.filter_alter_ego)
    if step.alter_ego_of_chosen:  # "com o mesmo alter ego que aquele personagem"
        return say("card.with_alter_ego_of_chosen", card=kind)
    if "|" in step.filter_name:  # "A|B": either name (Tony Stark V1)
        first, _bar, second = step.filter_name.partition("|")
        return say("card.named_either", card=kind, a=first, b=second)
    if step.filter_name:
        return say("card.named", card=kind, name=step.filter_name)
    if step.filter_name_contains:
        return say("card.with_name_part", card=kind, name=step.filter_name_contains)
    if step.filter_not_name:
        return say("card.without_name", card=kind, name=step.filter_not_name)
    if step.from_power_of:
        return say("card.with_power_of", card=kind, who=noun(scope.this))
    if step.filter_power:
        return say("card.with_power", card=kind, power=power(step.filter_power))
    if step.filter_name:
        return say("card_named", card=kind, name=step.filter_name)
    return kind


def _of_a_kind(step: Step) -> bool:
    """Whether a step narrows the cards it may pick (any ``filter_*`` of :func:`_card_kind`)."""
    return any(
        (
            step.filter_type,
            step.filter_not_type,
            step.filter_affiliation,
            step.filter_alter_ego,
            step.filter_name,
            step.filter_name_contains,
            step.filter_not_name,
            step.from_power_of,
            step.filter_power,
        )
    )


def _damage(step: Step) -> Message:
    if step.plus == "searched":  # "para cada card procurado desta forma" (Heimdall V1)
        key = "damage_penetrating_searched" if step.penetrating else "damage_searched"
        return say(key, count=max(1, step.amount))
    count: int | str = step.amount
    if step.plus.startswith("-"):  # "3-X" (Arremetida Veloz V1)
        count = f"{step.amount}-X"
    elif step.plus:
        x = f"{step.plus[2:]}X" if step.plus.startswith("x*") else "X"  # "2X": twice X
        count = f"{step.amount}+{x}" if step.amount else x
    return say("damage_penetrating" if step.penetrating else "damage", count=count)


def _source(step: Step, scope: Scope, form: str = "base") -> Message | None:
    """Who deals a step's damage when the text names another character."""
    if step.source == "target":
        return noun(scope.target, form)
    if step.source == "chosen":
        return noun("that", form)
    if step.source == "marked":
        return noun("marked", form)
    if step.source == "this":  # the card base carrying the text (Surpresa Dolorosa V1)
        return noun(scope.this, form)
    return None


def _damage_step(step: Step, scope: Scope) -> Message:
    source = _source(step, scope)
    by = "_by" if source is not None else ""
    mood = "may" if step.optional else "step"
    if step.to == "distributed":
        return say(f"step.damage_split{by}", damage=_damage(step), upto=step.up_to, source=source)
    clause = say(
        f"{mood}.damage{by}",
        damage=_damage(step),
        to=_who(step, scope, "to"),
        source=source,
    )
    if step.penetrating_in_own_attack:  # Alkhema V1
        return say("penetrating_in_own_attack", damage=clause)
    if step.penetrating_if_affiliation:  # Nano-Sentinelas V1: "A or B"
        names: Any = None
        for name in step.penetrating_if_affiliation.split("|"):
            names = name if names is None else say("or_names", a=names, b=name)
        return say("penetrating_if", damage=clause, affiliations=names)
    return clause


#: Procedures told by one message each: (op, what the message takes).
_SIMPLE = {
    Op.DRAW,
    Op.UNLOAD_CHOSEN,
    Op.SET_ASIDE_TOP,
    Op.KEEP_SET_ASIDE,
    Op.RETURN_IN_ORDER,
    Op.RETURN_SET_ASIDE,
    Op.REVEAL_SET_ASIDE,
    Op.HAND_TO_DECK_TOP,
    Op.SEARCH_DECK,
    Op.CANCEL_ACTION,
    Op.FORBID_ACTION_THIS_TURN,
    Op.FORBID_SEARCH_THIS_TURN,
    Op.CHOOSE_AFFILIATION,
    Op.PUT_INTO_SCENE,
}


def _step(step: Step, scope: Scope, card: CardDef) -> Message:
    """One procedure as a clause ("draw 2 cards", "you may deal 1 damage to …")."""
    mood = "may" if step.optional else "step"
    op = step.op
    who = _who(step, scope, "base")
    if op is Op.DAMAGE:
        return _damage_step(step, scope)
    if op is Op.DRAW and step.to == "opponent":  # "that player's opponent draws" (À Espreita)
        replaced = scope.text is not None and scope.text.if_replaced
        return say(f"{mood}.draw_{'replacer_' if replaced else ''}opponent", count=step.amount)
    if op is Op.DRAW and step.plus.startswith("user_alignment:") and not step.amount:
        # draw a card when this character is a villain (Suborno V1)
        alignment = Message(f"battlescenes.alignment.{step.plus.split(':', 1)[1]}")
        return say(f"{mood}.draw_if_user_alignment", alignment=alignment)
    if op is Op.DRAW and step.plus == "moved":  # as many as an earlier step moved
        return say(f"{mood}.draw_counted")
    if op is Op.DISCARD_CARDS:  # Super Computador: X+1
        count: int | str = (
            (f"X+{step.amount}" if step.amount else "X") if step.plus else step.amount
        )
        return say(f"{mood}.discard_cards", count=count)
    if op is Op.RESOURCES_TO_DECK_BOTTOM and step.plus == "moved":
        return say(f"{mood}.resources_to_deck_bottom_counted")
    if op is Op.DRAW and step.to == "each_player" and step.plus.startswith("own_power:"):
        # each player draws one card per ◆ character they control
        return say("draw_each_player_power", power=power(step.plus.split(":", 1)[1]))
    if op is Op.DRAW and step.to == "chosen_controller":  # "that card's controller draws"
        return say(f"controller_draw.{mood}", count=step.amount)
    if op is Op.UNLOAD_CHOSEN and step.by_opponent:  # Microdepósito V1
        return say(f"{mood}.unload_chosen_by_opponent", who=noun(scope.this, "base"))
    if op is Op.UNLOAD_CHOSEN and step.to == "this" and step.to_hand_if:  # Ultron-1 V1
        kinds: list[Message] = []
        for kind in (k for k in step.to_hand_if.split("|") if k):
            if kind.startswith("alter_ego:"):
                kinds.append(say("to_hand_kind.alter_ego", alter_ego=kind.split(":", 1)[1]))
            else:
                kinds.append(say(f"to_hand_kind.{kind}"))
        body: Any = kinds[0]
        for kind_said in kinds[1:]:
            body = say("or_names", a=body, b=kind_said)
        return say("unload_chosen_to_hand", who=noun(scope.this, "base"), kinds=body)
    if op is Op.UNLOAD_CHOSEN and step.to in ("this", "that_chosen"):  # "deste personagem"
        holder = noun(scope.this if step.to == "this" else "that", "base")  # Fera V2, Planos
        if step.other:  # "um outro card deste personagem" (Cubo Cósmico V1)
            by = noun(scope.this if step.to == "this" else "that", "by")
            return say(f"{mood}.unload_chosen_this_other", by=by, count=step.amount)
        return say(f"{mood}.unload_chosen_this", who=holder, count=step.amount)
    if op is Op.LOAD_CHOSEN_RESOURCES:  # Emma Frost V1: picked from the owner's resources
        onto = _who(step, scope, "onto")
        if step.amount:
            return say("load_chosen_resources.up_to", onto=onto, count=step.amount)
        return say("load_chosen_resources.any", onto=onto)
    if op is Op.UNLOAD_CHOSEN and step.to == "target" and step.plus == "moved":
        return say("unload_chosen_counted", who=_who(step, scope, "base"))
    if op is Op.UNLOAD_CHOSEN and step.each_base:  # Avalanche V1
        bases: Message = say(f"each_base.{step.filter_type or 'any'}")
        if step.filter_lacks_affiliation:
            bases = say("each_base.lacking", bases=bases, affiliation=step.filter_lacks_affiliation)
        return say("unload_each", count=step.amount, bases=bases)
    if op is Op.HAND_TO_DECK_TOP and step.at_bottom:  # Informações Privilegiadas V1
        return say(f"{mood}.hand_to_deck_bottom", count=max(1, step.amount))
    if op is Op.KEEP_SET_ASIDE and step.every:  # all that is left, no choice
        return say(f"{mood}.keep_set_aside_every")
    if op is Op.RETURN_IN_ORDER and step.at_bottom and step.choose_amount:  # any number
        return say(f"{mood}.set_aside_to_bottom_any")
    if op is Op.RETURN_IN_ORDER and (step.amount or step.at_bottom):  # some, or under the deck
        where = "bottom" if step.at_bottom else "top"
        if step.amount:
            return say(f"{mood}.set_aside_to_{where}", count=step.amount)
        return say(f"{mood}.set_aside_to_{where}_all")
    if op is Op.KEEP_SET_ASIDE and _of_a_kind(step):  # only cards of a kind
        return say(f"{mood}.keep_set_aside_kind", card=_card_kind(step, scope))
    if op is Op.UNLOAD_CHOSEN and step.filter_lacks_affiliation and step.to == "self":
        # a card of a character or support lacking affiliation A (Visão V2)
        return say(
            "unload_chosen_lacking", count=step.amount, affiliation=step.filter_lacks_affiliation
        )
    if op is Op.UNLOAD_CHOSEN and step.filter_loaded_at_least:  # Cosmo V1
        carrier = "character" if step.filter_type == "character" else "base"
        at_least = step.filter_loaded_at_least
        return say(f"unload_chosen_from_loaded.{carrier}", count=step.amount, least=at_least)
    if op is Op.FORBID_ACTION_THIS_TURN and step.to == "everyone":  # no player may
        return say(f"{mood}.forbid_action_this_turn_everyone")
    if op is Op.FORBID_ACTION_THIS_TURN and step.to == "action_user":  # Combate às Cegas V1
        return say("step.action_gains_unique")
    if op in _SIMPLE:
        return say(f"{mood}.{op.value}", count=step.amount)
    if op in (Op.INCAPACITATE, Op.CAPACITATE) and step.choose_amount and step.amount > 1:
        # "em {1} ou {2}" (at most 1: just "by 1", Homem-Aranha V1)
        return say(f"{mood}.{op.value}", who=who, count=say("amount_chosen", most=step.amount))
    if op in (Op.INCAPACITATE, Op.CAPACITATE, Op.SHIELD_SET, Op.RETURN_TO_HAND):
        return say(f"{mood}.{op.value}", who=who, count=step.amount)
    if op is Op.SHIELD and step.plus == "-x":  # "Escudo -X" (Prensa Pênsil V1)
        return say(f"{mood}.shield", who=who, amount=f"{step.amount:+d}-X" if step.amount else "-X")
    if op is Op.SHIELD:
        return say(f"{mood}.shield", who=who, amount=f"{step.amount:+d}")
    if op is Op.UNLOAD and step.to == "this_card":  # "descarregue este card"
        return say(f"{mood}.unload_self", card=noun(own_noun(card)))
    if op is Op.PERMUTE and step.filter_card_power and step.either_card:  # Rocket Raccoon V2
        powers = [power(p) for p in step.filter_card_power.split("|")]
        key = "permute_either_affiliation" if step.filter_affiliation else "permute_either"
        return say(
            f"{mood}.{key}",
            powers=_list(powers),
            this=noun(scope.this),
            affiliation=step.filter_affiliation,
        )
    if op is Op.PERMUTE and step.filter_card_power:  # Treinador V1
        powers = [power(p) for p in step.filter_card_power.split("|")]
        key = "permute_ready" if step.ready_swapped else "permute_powers"
        return say(f"{mood}.{key}", who=who, powers=_list(powers), this=noun(scope.this))
    if op is Op.LEND_ACTIONS:
        return say(f"{mood}.lend_actions", who=who, card=noun(own_noun(card)))
    if op is Op.FETCH_INTO_SCENE:
        return say(f"{mood}.fetch_into_scene", card=_card_kind(step, scope), count=step.amount)
    if op is Op.LOOK_OPPONENT_HAND:
        return say(f"{mood}.look_opponent_hand", card=_card_kind(step, scope))
    if op is Op.ONLY_ACTION_THIS_TURN:
        return say("step.only_action_this_turn", who=who)
    if op is Op.EACH_CHOSEN_DEALS:  # A Era de Ultron V1
        return say("each_chosen_deals", alter_ego=step.filter_alter_ego, damage=_damage(step))
    if op is Op.NO_ACTIONS_THIS_TURN:  # Enclausurar V1; "de antecipar": Expandir Infinito
        kind = f"_{step.action_kind}" if step.action_kind else ""
        if step.cost_is_stage:  # Rocha Lunar V1
            kind = "_cost_stage"
        chosen = "_chosen" if step.to.startswith("chosen_") else ""  # "escolha um personagem"
        prefix = mood if step.cost_is_stage else "step"  # only this one is optional
        return say(f"{prefix}.no_actions_this_turn{kind}{chosen}", who=who)
    if op is Op.UNLOAD and step.every:  # every card it carries (of a kind)
        if step.filter_type or step.filter_power or step.filter_affiliation:
            return say("unload_every.kind", who=who, card=_card_kind(step, scope))
        return say("unload_every.all", who=who)
    if op is Op.UNLOAD:
        return say(f"{mood}.unload", who=who, to=_who(step, scope, "to"), count=step.amount)
    if op is Op.LOAD_RESOURCES and step.filter_not_name:  # Cura Rápida: not its own name
        onto = _who(step, scope, "onto")
        card_kind = _card_kind(step, scope)
        return say(f"{mood}.load_resources_kind", onto=onto, count=step.amount, card=card_kind)
    if op is Op.LOAD_RESOURCES:
        return say(f"{mood}.load_resources", onto=_who(step, scope, "onto"), count=step.amount)
    if op is Op.DISCARD_FROM_HAND and step.to == "opponent":  # they pick which
        return say("step.opponent_discards", card=_card_kind(step, scope))
    if op is Op.TAKE_FROM_DECK and (step.also_resources or step.amount > 1):
        where = "deck_resources" if step.also_resources else "deck"
        key = f"step.take_many_{where}"
        return say(key, card=_card_kind(step, scope), count=max(1, step.amount))
    if op is Op.CARRIED_TO_DECK_BOTTOM and step.other:  # Blink V1: another base's card
        return say(f"{mood}.carried_to_deck_bottom_other", card=_card_kind(step, scope))
    if op is Op.CARRIED_TO_DECK_BOTTOM and step.to == "this_card":  # Multiplicação de DNA
        return say(f"{mood}.carried_to_deck_bottom_this", card=noun(own_noun(card)))
    if op is Op.CARRIED_TO_DECK_BOTTOM and step.carrier_type:  # "que um personagem …"
        return say(f"{mood}.carried_to_deck_bottom_character", card=_card_kind(step, scope))
    if op in (
        Op.TAKE_FROM_DECK,
        Op.DISCARD_FROM_HAND,
        Op.TAKE_FROM_RESOURCES,
        Op.CARRIED_TO_DECK_BOTTOM,
    ):
        return say(f"{mood}.{op.value}", card=_card_kind(step, scope))
    if op is Op.LOAD_FROM_RESOURCES and step.same_identity:  # Movimentos Característicos V1
        return say(f"load_same_identity.{mood}", card=_card_kind(step, scope))
    if op is Op.LOAD_FROM_RESOURCES and step.to == "this":  # onto this card base only
        return say(f"load_onto.{mood}", card=_card_kind(step, scope), onto=noun(scope.this, "onto"))
    if op is Op.LOAD_FROM_RESOURCES and step.to == "other_sharing":  # Investida Estratégica
        onto = noun("own_other_sharing", "onto", this=noun(scope.this))
        return say(f"load_onto.{mood}", card=_card_kind(step, scope), onto=onto)
    if op is Op.LOAD_FROM_RESOURCES:
        onto = noun("own_character")
        if step.filter_alignment:
            alignment = Message(f"battlescenes.alignment.{step.filter_alignment}")
            onto = noun("own_character_alignment", alignment=alignment)
        return say(f"{mood}.load_from_resources", card=_card_kind(step, scope), onto=onto)
    if op is Op.LOSE_TEXTS and step.to == "named":  # Gerador de P.E.M. V1
        return say(f"{mood}.lose_texts_named", holder=noun(own_noun(card)))
    if op in (Op.MARK, Op.LOSE_TEXTS):
        whose = "character" if step.to.endswith("character") else "card"
        that = say(f"whose_texts.{whose}")  # "daquele personagem", "di quella carta"
        # The character a "mark" step chose just before is not chosen again.
        key = f"{mood}.{op.value}_marked" if step.to == "marked" else f"{mood}.{op.value}"
        return say(key, who=who, holder=noun(own_noun(card)), that=that)
    if op is Op.TO_DECK_TOP:  # Entrave Temporal V1
        return say(f"{mood}.to_deck_top", who=who)
    if op is Op.TO_DECK_BOTTOM:  # only if still in the scene (Arcade V1)
        # a generated effect of an action with no target is about the card it put there
        generated = scope.text is not None and scope.text.generated
        who = noun("that_card") if generated and step.to == "target" else who
        return say(f"{mood}.to_deck_bottom", who=who)
    if op is Op.SHUFFLE_INTO_DECK:  # Blink V1: unloaded, shuffled into its owner's deck
        return say(f"{mood}.shuffle_into_deck", who=who)
    if op is Op.COST_THIS_TURN:  # Potência Incomparável V1
        change = "less" if step.amount < 0 else "more"
        wanted = power(step.filter_power)
        return say(f"cost_this_turn.{change}", who=who, power=wanted, count=abs(step.amount))
    if op in (Op.GAIN_TRAIT, Op.LOSE_TRAIT):  # until the end of the turn (5.7 A.2.1)
        trait_kind, _sep, values = step.trait.partition(":")
        traits: Any = None
        for value in values.split("|"):  # "the affiliations A and B"
            one = _trait(trait_kind, value)
            traits = one if traits is None else say("trait.and", a=traits, b=one)
        return say(f"{mood}.{op.value}", who=who, traits=traits)
    if op is Op.PERMUTE and step.any_pair:  # Sala de Perigo V1: two of your card bases
        if step.filter_affiliation:
            key = f"{mood}.permute_pair_affiliation"
            return say(key, affiliation=step.filter_affiliation)
        return say(f"{mood}.permute_pair")
    if op is Op.PERMUTE:  # 4.2: Bumerangue Teleguiado swaps itself
        key = "permute_this_card" if step.swap_this_card else "permute"
        if step.swap_with_name:  # Soldado Invernal V1
            key = "permute_named"
        if step.filter_not_name and not step.swap_this_card:  # Trabalho em Equipe
            by = _who(step, scope, "by")
            name = step.filter_not_name
            return say(f"{mood}.permute_not_name", by=by, holder=noun(scope.this), name=name)
        return say(f"{mood}.{key}", who=who, holder=noun(scope.this), name=step.swap_with_name)
    if op is Op.RETARGET:  # Proteger os Inocentes
        return say(f"{mood}.retarget", who=who, that=noun(scope.target))
    if op is Op.EXTRA_ACTION:  # Super Soco V2
        which = (
            say("extra.new_name")
            if step.new_name
            else say("extra.named", name=step.text)
            if step.text
            else say("extra.power", power=power(step.filter_power))
            if step.filter_power
            else say("extra.damage")
            if step.only_damage
            else say("extra.any")
        )
        free = say("extra.free") if step.free else ""
        if step.fresh_target:  # only characters its name did not target this turn
            free = concat([free, say("extra.fresh_target")])
        last = say("extra.last", who=who) if step.last else ""
        return say("step.extra_action", who=who, which=which, free=free, last=last)
    if op is Op.SCENARIO_FROM_RESOURCES and step.in_zones == "deck":  # Homem de Ferro V3
        return say("step.scenario_from_deck", card=_card_kind(step, scope))
    if op is Op.SCENARIO_FROM_RESOURCES:  # Arcade V1, Sugestão Coletiva
        whose = "any" if step.to == "everyone" else "own"
        return say(f"{mood}.scenario_from_resources.{whose}")
    if op is Op.RESOURCES_TO_PRIZES:  # Hulk V2: the opponent picks, you lose the points
        return say("step.resources_to_prizes", card=_card_kind(step, scope))
    if op is Op.TO_RESOURCES and step.to == "scenario":  # the scenario in the scene (Umar V1)
        return say(f"{mood}.to_resources_scenario")
    if op is Op.TO_RESOURCES and step.carried_to_hand:  # Microdepósito V1
        return say(f"{mood}.to_resources_carried_to_hand", who=noun(own_noun(card)))
    if op is Op.TO_RESOURCES:  # the text's own card goes (Atacar até Derrubar)
        return say(f"{mood}.to_resources", who=noun(own_noun(card)))
    if op is Op.MILL and step.to == "chosen_player":  # a player picked (Minério Clandestino)
        if step.plus.startswith("controls_alignment:"):
            alignment = Message(f"battlescenes.alignment.{step.plus.split(':', 1)[1]}")
            key = f"{mood}.mill_chosen_player_alignment"
            return say(key, count=step.amount, alignment=alignment)
        return say(f"{mood}.mill_chosen_player", count=step.amount)
    if op is Op.MILL and step.plus.startswith("shares_chosen:"):  # Lavagem de Dinheiro V1
        alignment = Message(f"battlescenes.alignment.{step.plus.split(':', 1)[1]}")
        return say(f"{mood}.mill_sharing", who=who, alignment=alignment)
    if op is Op.MILL and step.plus == "user_energy":  # Escavar V1
        return say(f"{mood}.mill_user_energy")
    if op is Op.MILL:
        mill = "mill_countdown" if step.plus == "countdown" else "mill"
        return say(f"{mood}.{mill}", count=step.amount)
    if op is Op.RESOURCES_TO_DECK_BOTTOM and step.to == "opponent":  # Toupeira Mecânica V1
        return say(f"opponent_resources_to_deck_bottom.{mood}", card=_card_kind(step, scope))
    if op is Op.RESOURCES_TO_DECK_BOTTOM:
        return say(f"to_deck_bottom.{mood}", card=_card_kind(step, scope))
    if op is Op.LOAD_THIS:  # "load this card onto a support you control"
        return say(f"load_this.{mood}", onto=_who(step, scope, "onto"))
    if op in (Op.LOAD_FOUND, Op.TAKE_FOUND):  # Thor V1: hand, deck, resources, card bases
        zones = [z for z in step.in_zones.split("|") if z] or ["all"]
        places: Any = say(f"found_in.{zones[0]}")
        for zone in zones[1:]:
            places = say("found_in.or", a=places, b=say(f"found_in.{zone}"))
        onto = noun("own_character" if step.to == "own_character" else scope.this, "onto")
        key = op.value if op is Op.LOAD_FOUND else f"take_found_{mood}"
        if op is Op.TAKE_FOUND and "deck" not in zones and "all" not in zones:  # no shuffle
            key = f"take_found_{mood}_no_deck"
        if op is Op.LOAD_FOUND and zones == ["hand"]:  # "você pode revelar … de sua mão"
            key = "load_found_hand"
        if op is Op.LOAD_FOUND and step.to == "target" and step.same_identity:
            # onto that character, a card sharing its alter ego (Experiência Acumulada V1)
            return say("load_found_same_identity", where=places, who=_who(step, scope, "base"))
        return say(key, card=_card_kind(step, scope), where=places, onto=onto)
    if op is Op.PUT_FROM_HAND:  # "put a character from your hand into the scene"
        clause = say(f"put_from_hand.{mood}", card=_card_kind(step, scope))
        if step.to == "this_card":  # the effect's own card (Águia Estelar V1)
            carried = "_carried" if step.load_carried else ""
            clause = say(f"put_this{carried}.{mood}", card=noun(own_noun(card)))
            if step.ready:
                keyword = Message("battlescenes.keyword.prontidao")
                return say("put_this_ready", then=clause, keyword=keyword)
        if step.ready:  # the card entering gains Prontidão
            keyword = Message("battlescenes.keyword.prontidao")
            return say("put_from_hand.ready", then=clause, keyword=keyword)
        return clause
    if op is Op.FORBID_POWER_THIS_TURN:
        return say("forbid_power", who=_who(step, scope, "base"))
    if op is Op.CHOOSE_POWER and step.gains:  # Mandarim V1: gained while this card stays
        where = "scene" if step.in_zones == "scene" else "any"
        return say(f"choose_power_gain.{where}", who=who, card=noun(own_noun(card)))
    if op is Op.CHOOSE_POWER:  # remembered while this card stays (Ronan V1)
        return say("choose_power")
    if op is Op.GENERATE:
        made = next((t for t in card.texts if t.generated == step.text), None)
        if made is None:
            return untold(f"generate {step.text}")
        if made.trigger in _TURNS or made.trigger is Trigger.STEP_END:  # it says when itself
            return _message(_generated(made, card))
        return say("step.generate", effect=_generated(made, card))
    return untold(op.value)


def steps_clause(steps: Sequence[Step], scope: Scope) -> Any:
    """Procedures in order, "; " between; "if you do" once before the steps that hang on
    an earlier optional one, and a condition checked as a step is reached."""
    clauses: list[Any] = []
    said_if_done = False
    for step in steps:
        clause: Any = _step(step, scope, scope.card)
        if step.if_damaged:
            clause = say("if.damaged", then=clause)
        if step.if_target_type:  # "se o alvo for um suporte"
            clause = say(f"if.target_type.{step.if_target_type}", then=clause)
        if step.if_other_shares_affiliation:  # Fanático V2
            clause = say("if.other_shares_affiliation", who=noun(scope.this), then=clause)
        if step.if_target_affiliation:  # "se o alvo for … X-Men ou Irmandade de Mutantes"
            names = affiliations_or(step.if_target_affiliation)
            clause = say("if.target_affiliation", affiliations=names, then=clause)
        if step.if_target_power:  # "se ele for um personagem com ◆"
            clause = say("if.target_power", power=power(step.if_target_power), then=clause)
        if step.if_x_at_least:
            clause = say("if.x_at_least", count=step.if_x_at_least, then=clause)
        if step.if_replaced_name:
            clause = say("if.replaced_name", name=step.if_replaced_name, then=clause)
        if step.if_x >= 0:
            clause = say("if_x", count=step.if_x, then=clause)
        if step.if_controls_power:
            clause = say("if_controls_power", power=power(step.if_controls_power), then=clause)
        if step.if_opponent_no_character:
            clause = say("if_opponent_no_character", then=clause)
        if step.if_all_affiliation:
            clause = say(
                "if.all_affiliation", affiliation=either(step.if_all_affiliation), then=clause
            )
        if step.if_other_affiliation:
            clause = say("if.other_affiliation", affiliation=step.if_other_affiliation, then=clause)
        if step.if_not_done:  # "unless you did": told as "if you don't"
            clause = say("if.not_done", then=clause)
        if step.if_done and not said_if_done:
            clause = say("if.done", then=clause)
            said_if_done = True
        clauses.append(clause)
    out = clauses[0] if clauses else ""
    for clause in clauses[1:]:
        out = say("then", a=out, b=clause)
    return out


def _x(steps: Iterable[Step]) -> list[Message]:
    """What an X in the amounts is ("X is the number of …")."""
    found: list[Message] = []
    for step in steps:
        if step.to == "each_player" and step.op is Op.DRAW:  # its clause says what it counts
            continue
        if step.op is Op.DRAW and step.plus.startswith("user_alignment:"):  # said in it
            continue
        if step.plus.startswith("opponent_prizes:"):
            affiliation, _star, times = step.plus.split(":", 1)[1].partition("*")
            if times:  # "duas vezes o número de …" (Colossus V2)
                found.append(
                    say("x.opponent_prizes_times", affiliation=affiliation, count=int(times))
                )
            else:
                found.append(say("x.opponent_prizes", affiliation=affiliation))
        elif step.plus == "loaded":
            found.append(say("x.loaded"))
        elif step.plus == "damage_taken":  # Miss Marvel V1
            found.append(say("x.damage_taken"))
        elif step.plus == "user_energy":  # Escavar V1
            found.append(say("x.user_energy"))
        elif step.plus == "user_damaged":  # Speedball V1
            found.append(say("x.user_damaged"))
        elif step.plus == "target_loaded":
            found.append(say("x.target_loaded"))
        elif step.plus in ("x", "-x") or step.plus.startswith("x*") or step.if_x >= 0:
            if say("x.chosen") not in found:
                found.append(say("x.chosen"))
        elif step.plus.startswith("controls_name:"):
            found.append(say("x.controls_name", name=step.plus.split(":", 1)[1]))
        else:
            found.extend(_x_counted(step.plus))
    return found


def _x_counted(spec: str) -> list[Message]:
    """What the X of ``operands._counted`` is (the official decks' cards)."""
    kind, _sep, value = spec.partition(":")
    if kind == "own_power":
        return [say("x.own_power", power=power(value))]
    if kind == "others_power":
        return [say("x.others_power", power=power(value))]
    if kind == "controls_power":  # Incursão Estonteante V1
        return [say("x.controls_power", power=power(value))]
    if kind == "other_used_power":  # Flama V1
        affiliation, _slash, wanted = value.partition("/")
        return [say("x.other_used_power", affiliation=affiliation, power=power(wanted))]
    if kind == "own_turn":
        return [say("x.own_turn", count=int(value))]
    if kind == "target_chosen_power":
        return [say("x.target_chosen_power", count=int(value))]
    if kind == "-target_stage":
        return [say("x.target_stage")]
    if kind == "own_sharing_affiliation":
        return [say("x.own_sharing_affiliation")]
    if kind == "used_before":
        return [say("x.used_before", count=int(value))]
    if kind == "target_hit_by":
        wanted, _star, times = value.partition("*")
        return [say("x.target_hit_by", power=power(wanted), count=int(times or 1))]
    if kind == "target_hit_by_affiliation":
        wanted, _star, times = value.partition("*")
        return [say("x.target_hit_by_affiliation", affiliation=wanted, count=int(times or 1))]
    if kind == "target_affiliation":
        wanted, _star, times = value.partition("*")
        return [
            say(
                "x.target_affiliation",
                affiliations=affiliations_or(wanted),
                count=int(times or 1),
            )
        ]
    if kind == "user_alignment":
        return [say("x.user_alignment", alignment=Message(f"battlescenes.alignment.{value}"))]
    if kind == "-used_before":
        return [say("x.minus_used_before")]
    if kind == "prizes_characters":
        return [say("x.prizes_characters")]
    if kind == "user_stage":
        return [say("x.user_stage")]
    if kind == "user_powers":  # Energias Ocultas V1
        return [say("x.user_powers")]
    if kind == "controls_alignment":  # told by the mill step itself (Minério Clandestino V1)
        return []
    if kind == "-loaded":
        return [say("x.minus_loaded")]
    if kind == "own_named_others":
        return [say("x.own_named_others", name=value)]
    if kind == "user_carries_support":
        return [say("x.user_carries_support")]
    if kind == "user_carries_named":
        name, _star, times = value.partition("*")
        return [say("x.user_carries_named", name=name, count=int(times or 1))]
    if kind == "carried_named":
        name, _at, wanted = value.partition("@")
        return [say("x.carried_named", name=name, power=power(wanted))]
    if kind == "carried_abilities":
        wanted, _slash, divisor = value.partition("/")
        if divisor:
            return [say("x.carried_abilities_div", power=power(wanted), count=int(divisor))]
        return [say("x.carried_abilities", power=power(wanted))]
    return []


# --- damage modifiers and other static effects -------------------------------------------


def _modifier(mod: Modifier, scope: Scope) -> Message:
    """A damage-modifying effect as a sentence ("Damage dealt to … is reduced by 1.")."""
    subject = {
        "this": say("mod.to", who=noun(scope.this, "dat")),
        "dealt": say("mod.by", who=noun(scope.this, "by")),
        "marked": say("mod.to", who=noun("marked", "dat")),
        "marked_identity": say("mod.to", who=noun("marked_identity", "dat")),
        "target": say("mod.to", who=noun("target", "dat")),
        "friendly": say("mod.to", who=noun("own_characters", "dat")),
        "any": say("mod.any"),
        "chosen_affiliation": say("mod.to", who=noun("chosen_affiliation_characters", "dat")),
    }.get(mod.applies_to, untold(f"applies_to {mod.applies_to}"))
    conditions: list[Message] = []
    sourced_by = mod.if_source_alignment or mod.if_source_affiliation or mod.if_source_lacks_power
    if mod.if_source_character and not sourced_by:
        conditions.append(say("mod.if.source_character"))  # Guerra Civil V2
    if mod.if_source_lacks_affiliation:
        conditions.append(say("mod.if.source_lacks", affiliation=mod.if_source_lacks_affiliation))
    if mod.if_source_lacks_power:  # Falcão V1
        lacking = Message(f"battlescenes.power.{mod.if_source_lacks_power}")
        conditions.append(say("mod.if.source_lacks_power", power=lacking))
    if mod.if_source_alignment:
        alignment = Message(f"battlescenes.alignment.{mod.if_source_alignment}")
        conditions.append(say("mod.if.source_alignment", alignment=alignment))
    if mod.if_source_affiliation:
        key = "source_own_affiliation" if mod.if_own_source else "source_affiliation"
        key += "_action" if mod.if_action else ""
        conditions.append(say(f"mod.if.{key}", affiliation=mod.if_source_affiliation))
    if mod.if_source_alter_ego:  # Ultron-61112 V1
        key = "source_own_alter_ego" if mod.if_own_source else "source_alter_ego"
        key += "_action" if mod.if_action and not mod.if_targeted else ""
        conditions.append(say(f"mod.if.{key}", alter_ego=mod.if_source_alter_ego))
    if mod.if_target_alter_ego:
        conditions.append(say("mod.if.target_alter_ego", alter_ego=mod.if_target_alter_ego))
    if mod.if_target_affiliation:
        names = mod.if_target_affiliation
        said = affiliations_or(names) if "|" in names else names  # "A|B": Guerra Civil V2
        conditions.append(say("mod.if.target_affiliation", affiliation=said))
    if mod.if_target_alignment:
        alignment = Message(f"battlescenes.alignment.{mod.if_target_alignment}")
        conditions.append(say("mod.if.target_alignment", alignment=alignment))
    if mod.if_other_controller:  # Guerra Civil V1
        conditions.append(say("mod.if.other_controller"))
    if mod.if_action_kind:
        kind = Message(f"battlescenes.lookup.kind.{mod.if_action_kind}")
        conditions.append(say("mod.if.action_kind", kind=kind))
    if mod.if_first_action_hit:
        conditions.append(say("mod.if.first_action_hit"))
    if mod.if_first_damage_action:
        conditions.append(say("mod.if.first_damage_action"))
    if mod.if_action_power:
        power = Message(f"battlescenes.power.{mod.if_action_power}")
        conditions.append(say("mod.if.action_power", power=power))
    sourced = mod.if_source_affiliation or mod.if_source_alter_ego  # said with its source
    if mod.if_action and mod.if_source_is_holder and not sourced:
        conditions.append(say("mod.if.holder_action", who=noun(scope.this, "by")))
    elif mod.if_action and not sourced:
        conditions.append(say("mod.if.action"))
    if mod.if_not_action:
        conditions.append(say("mod.if.not_action"))
    if mod.if_targeted:
        conditions.append(say("mod.if.targeted"))
    if mod.if_penetrating:
        conditions.append(say("mod.if.penetrating"))
    if mod.if_opponent_preparation:
        conditions.append(say("mod.if.opponent_preparation"))
    if mod.if_holder_power:  # while the text's card base has that power (Ignorar Fracotes V1)
        held = Message(f"battlescenes.power.{mod.if_holder_power}")
        conditions.append(say("mod.if.holder_power", power=held))
    if mod.if_holder_carries_type:  # while the text's card base carries a card of that type
        card = say(f"card.{mod.if_holder_carries_type}")
        conditions.append(say("mod.if.holder_carries", card=card))
    change = {
        "add": say("mod.add" if mod.value >= 0 else "mod.reduce", count=abs(mod.value)),
        "div": say("mod.div", count=mod.value),
        "mul": say("mod.mul", count=mod.value),
        "fixed": say("mod.fixed", count=mod.value),
    }.get(mod.op, untold(f"modifier {mod.op}"))
    said = say("mod.sentence", subject=subject, conditions=concat(conditions), change=change)
    if mod.if_controls_name:  # Falcão V1: while you control Asa Vermelha
        return say("while_controls_name", name=mod.if_controls_name, text=said)
    return said


def _rule(rule: ActionRule, scope: Scope) -> Message:
    """A static text about using actions (4.6.2)."""
    if (
        rule.effect == "cost"
        and rule.whose == "this"
        and rule.if_name
        and rule.cost_op == "set"
        and not (rule.if_power or rule.if_kind or rule.if_damage or rule.if_user_lacks_name)
        and rule.if_stage_at_most < 0
        and rule.if_stage_at_least < 0
    ):  # its first use each turn costs 0 (Ossos Cruzados V1)
        key = "rule.cost_named_first" if rule.if_unused_this_turn else "rule.cost_named"
        return say(key, who=noun(scope.this), action=rule.if_name, count=rule.value)
    if rule.effect == "cost" and rule.per_opponent_action and rule.if_name and rule.value < 0:
        # {1} cheaper per action the opponent has used this turn
        key = "rule.cost_named_less_per_opponent_action"
        return say(key, action=rule.if_name, count=-rule.value)
    if (
        rule.effect == "forbid"
        and rule.whose == "any"
        and rule.if_name
        and rule.if_user_lacks_name
        and not (rule.if_power or rule.if_kind or rule.if_damage)
        and rule.if_stage_at_most < 0
        and rule.if_stage_at_least < 0
    ):  # "characters not named Thor cannot use Arremesso de Martelo" (Mjölnir)
        return say(
            "rule.forbid_named_unless_name", action=rule.if_name, name=rule.if_user_lacks_name
        )
    if rule.effect == "forbid" and rule.whose == "this" and rule.unless_name:  # Partículas Pym
        return say("rule.forbid_unless_name", who=noun(scope.this), name=rule.unless_name)
    if rule.effect == "forbid" and not any(
        (rule.if_power, rule.if_kind, rule.if_damage, rule.if_name, rule.if_stage_at_most >= 0)
    ):
        return say(f"rule.forbid.{rule.whose}", who=noun(scope.this))
    if (
        rule.effect == "forbid"
        and rule.whose == "this"
        and rule.if_name
        and rule.if_stage_at_least >= 0
        and not (rule.if_power or rule.if_kind or rule.if_damage or rule.if_stage_at_most >= 0)
    ):
        # "cannot use <action> while at stage N or above" (Homem-Formiga V1).
        return say(
            "rule.forbid_named_from_stage",
            who=noun(scope.this),
            action=rule.if_name,
            stage=rule.if_stage_at_least,
        )
    if (
        rule.effect == "forbid"
        and rule.whose == "this"
        and rule.if_stage_at_most >= 0
        and not (rule.if_power or rule.if_kind or rule.if_damage or rule.if_name)
        and rule.if_stage_at_least < 0
    ):  # no actions at all while at that stage or lower (Golias V1)
        return say("rule.forbid_to_stage", who=noun(scope.this), stage=rule.if_stage_at_most)
    if rule.effect == "must_target" and rule.if_other_target_affiliation:  # Blob V2
        affiliation = rule.if_other_target_affiliation
        return say("rule.must_target_with_ally", who=noun(scope.this), affiliation=affiliation)
    if rule.effect == "must_target" and rule.whose == "opponent" and not _filtered(rule):
        # F.2.1: this character must be one of the targets (J. J. Jameson V1)
        if rule.if_user_alignment:
            alignment = Message(f"battlescenes.alignment.{rule.if_user_alignment}")
            return say("rule.must_target_alignment", who=noun(scope.this), alignment=alignment)
        return say("rule.must_target", who=noun(scope.this))
    if rule.effect == "must_target" and rule.whose == "opponent" and _only_damage(rule):
        # F.2.1 for the actions that deal damage only (Chamariz Holográfico V1)
        return say("rule.must_target_damage", who=noun(scope.this))
    if rule.effect == "only_targeting" and rule.whose == "marked" and not _filtered(rule):
        # F.2.3 for the chosen character: only actions with the holder as a target
        return say("rule.only_targeting_marked", who=noun(scope.this))
    if rule.effect == "unique" and rule.whose in ("marked", "this"):
        # Ação Única given: no action of the same name twice in a turn (7.1).
        return say("rule.unique", who=noun(scope.this if rule.whose == "this" else "marked"))
    if rule.effect == "untargetable":
        return _untargetable_rule(rule, scope)
    if rule.effect == "free" and rule.whose == "this" and rule.if_name and rule.if_opponent_unlike:
        # no incapacitation cost while an opponent has a character sharing no power with it
        return say("rule.free_named_opponent_unlike", who=noun(scope.this), action=rule.if_name)
    return untold(f"action_rules {rule.effect}")


def _untargetable_rule(rule: ActionRule, scope: Scope) -> Message:
    """ "… cannot be the target of … actions (while at stage …)" (Golias V1, Fogo Cruzado V1)."""
    if rule.if_penetrating:
        actions = say("rule.actions.penetrating")
    elif rule.if_kind:
        actions = say("rule.actions.kind", kind=Message(f"battlescenes.lookup.kind.{rule.if_kind}"))
    else:
        actions = say("rule.actions.any")
    stage: Message | str = ""
    if rule.if_holder_stage_at_most >= 0:
        stage = say("rule.stage.at_most", stage=rule.if_holder_stage_at_most)
    elif rule.if_holder_stage_at_least >= 0:
        stage = say("rule.stage.at_least", stage=rule.if_holder_stage_at_least)
    if rule.if_target_power:
        held = Message(f"battlescenes.power.{rule.if_target_power}")
        return say("rule.untargetable_power", power=held, actions=actions, stage=stage)
    return say("rule.untargetable", who=noun(scope.this), actions=actions, stage=stage)


def _filtered(rule: ActionRule) -> bool:
    """Whether a rule has filters on the action besides the user's alignment."""
    return bool(
        rule.if_power
        or rule.if_kind
        or rule.if_damage
        or rule.if_name
        or rule.unless_name
        or rule.if_stage_at_most >= 0
        or rule.if_stage_at_least >= 0
    )


def _only_damage(rule: ActionRule) -> bool:
    """Whether a rule's only filter is "an action that deals damage"."""
    return rule.if_damage and not _filtered(replace(rule, if_damage=False))


def _statics(text: Text, scope: Scope) -> list[Message]:
    """The static effects of a text, a sentence each."""
    this = noun(scope.this)
    out: list[Message] = []
    if text.same_identity_as_rules:  # Universo Paralelo V1: the rule 4.4.2.1 A.4b itself
        out.append(say("static.same_identity_as_rules"))
    if text.copy_entry:  # Invasão Secreta V1: a character despite 4.4.2.1 A.4
        out.append(say(f"static.copy_entry.{text.copy_entry}"))
    if text.dodge_preparation:  # Ziguezague V1
        held = power(text.if_power) if text.if_power else ""
        key = "static.dodge_preparation" + ("_power" if text.if_power else "")
        out.append(say(key, who=this, power=held, count=text.dodge_preparation))
    if text.extra_draw:  # Sucessão de Eventos V1, Confronto Anunciado V1
        key = "static.extra_draw" + ("_may" if text.extra_draw_optional else "")
        key += "_character" if text.if_controls_character else ""
        out.append(say(key, count=text.extra_draw))
    if text.shield_bonus and text.shield_to == "own_bases":  # characters and supports
        key = "static.shield_own_bases" + ("_affiliation" if text.shield_if_affiliation else "")
        out.append(say(key, count=text.shield_bonus, affiliation=text.shield_if_affiliation))
    elif text.shield_bonus and text.shield_to == "all_characters":  # every one, anyone's
        whose = text.shield_if_alignment or "any"
        out.append(say(f"static.shield_all.{whose}", count=text.shield_bonus))
    elif text.shield_bonus and text.shield_to == "own_characters":
        key = "static.shield_own_affiliation" if text.shield_if_affiliation else "static.shield_own"
        out.append(say(key, count=text.shield_bonus, affiliation=text.shield_if_affiliation))
    elif text.shield_bonus and (text.if_holder_name or text.if_holder_lacks_name):
        named = "named" if text.if_holder_name else "not_named"
        name = text.if_holder_name or text.if_holder_lacks_name
        amount = f"{text.shield_bonus:+d}"
        out.append(say(f"static.shield_bonus_{named}", who=this, amount=amount, name=name))
    elif text.shield_bonus:
        out.append(say("static.shield_bonus", who=this, amount=f"{text.shield_bonus:+d}"))
    if text.shield_per_loaded:
        out.append(say("static.shield_per_loaded", who=this))
    if text.shield_per_loaded_type:  # Homem-Absorvente V2
        out.append(say("static.shield_per_loaded_type", who=this))
    if text.untargetable_by_power:
        out.append(
            say("static.untargetable_by_power", who=this, power=power(text.untargetable_by_power))
        )
    if text.untargetable:
        out.append(say("static.untargetable", who=this))
    if text.shield_cut_to_damage:  # Flores e Espinhos V1
        out.append(say("static.shield_cut_to_damage", power=power(text.shield_cut_to_damage)))
    if text.enters_with_fewer:  # Homem-Hídrico V1
        out.append(say("static.enters_with_fewer", who=this))
    if text.untargetable_marked:  # Esconderijo Secreto V1
        out.append(say("static.untargetable", who=noun("marked")))
    if text.any_number_named:  # A.4 lifted (Tony Stark V1)
        ego = scope.card.alter_ego
        out.append(say("static.any_number_named", name=text.any_number_named, alter_ego=ego))
    if text.clarividencia_bonus:  # 7.1
        keyword = Message("battlescenes.keyword.clarividencia")
        count = text.clarividencia_bonus
        out.append(say("static.clarividencia_bonus", who=this, keyword=keyword, count=count))
    if text.two_actions_power:
        out.append(say("static.two_actions_power", who=this, power=power(text.two_actions_power)))
    if text.untargetable_carrying:
        out.append(say("static.untargetable_carrying", name=text.untargetable_carrying))
    if text.counts_as_name:
        out.append(say("static.counts_as_name", name=text.counts_as_name))
    if text.deck_alter_ego:  # Alkhema V1
        out.append(say("static.deck_alter_ego", alter_ego=text.deck_alter_ego))
    if text.forbid_shared_identity:  # Singularidade Temporal V1
        out.append(say("static.forbid_shared_identity"))
    if text.targets_same_power:  # Batalha nos Céus V1
        out.append(say("static.targets_same_power", power=power(text.targets_same_power)))
    if text.shields_zero:
        out.append(say("static.shields_zero"))
    if text.shield_per_alignment:
        alignment = Message(f"battlescenes.alignment.{text.shield_per_alignment}")
        out.append(say("static.shield_per_alignment", who=this, alignment=alignment))
    if text.shield_set >= 0:
        out.append(say("static.shield_set", who=this, count=text.shield_set))
    out.extend(_modifier(m, scope) for m in text.modifiers)
    if text.redirect and text.redirect_name:  # Loki V1: to a character with that name
        key = "static.redirect_named" + ("_action" if text.redirect_if_action else "")
        out.append(say(key, who=noun(scope.this, "dat"), name=text.redirect_name))
    elif text.redirect:
        out.append(say("static.redirect", who=noun(scope.this, "dat")))
    if text.redirect_marked:
        forced = "_mandatory" if text.redirect_mandatory else ""
        out.append(say(f"static.redirect_marked{forced}", who=this))
    if text.redirect_sharing:  # Mulher-Hulk V2 (always mandatory as printed)
        out.append(say("static.redirect_sharing", who=this))
    if text.powers_of_carried:  # Cubo Cósmico V1
        out.append(say("static.powers_of_carried", who=this))
    if text.lends_to_marked:  # Veículo de Combate S.H.I.E.L.D. V3
        for action in scope.card.actions:
            out.append(say("static.lends_to_marked", action=action.name))
    if text.any_number:  # A.4c does not apply
        out.append(say("any_number", name=scope.card.name))
    if text.untargetable_first:
        out.append(say("static.untargetable_first", who=this))
    if text.acts_as_name:  # Soldado Invernal V1
        out.append(say("static.acts_as_name", who=this, name=text.acts_as_name))
    if text.pays_unload_cost:  # Arsenal H.I.D.R.A. V1
        out.append(say("static.pays_unload_cost", who=this, affiliation=text.pays_unload_cost))
    if text.destroyed_to_prizes:  # Busca e Apreensão
        out.append(say("static.destroyed_to_prizes"))
    if text.unload_unless_name:  # Mjölnir
        out.append(say("static.unload_unless_name", name=text.unload_unless_name))
    if text.replace_leave_with_prizes:
        out.append(say("static.leave_to_prizes"))
    if text.replace_search_with_draw:
        out.append(say("static.search_draws"))
    if text.forbid_search:
        out.append(say("static.forbid_search"))
    out.extend(_rule(r, scope) for r in text.action_rules)
    if text.replace_knock_out and text.replace_if_name and text.replace_for.endswith("characters"):
        out.append(_knock_out_named(text, scope))  # Imagem Falsa
    for field in (
        *(() if text.replace_if_name else ("replace_knock_out",)),
        "replace_damage",
        "replace_load",
        "replace_draw",
        "replace_discard",
    ):
        if getattr(text, field):
            out.append(untold(f"{field} {getattr(text, field)}"))
    if text.ready_for:
        out.append(_ready_for(text.ready_for, this))
    changes = [_while_controls(c, _characteristic(c, scope)) for c in text.characteristics]
    if text.also_in_resources:  # in the scene or in its owner's resources (Missão S.H.I.E.L.D. V1)
        changes = [say("also_in_resources", text=c) for c in changes]
    out.extend(changes)
    return out


def _ready_for(spec: str, this: Message) -> Message:
    """7.2 Prontidão – característica: which actions the card base may use the turn it
    entered the scene (every one, those of a power, of a type or with a name)."""
    kind, _, value = spec.partition(":")
    if kind == "power":
        return say("static.ready_for.power", who=this, power=power(value))
    if kind == "kind":
        action_kind = Message(f"battlescenes.lookup.kind.{value}")
        return say("static.ready_for.kind", who=this, kind=action_kind)
    if kind == "action":
        return say("static.ready_for.action", who=this, action=value)
    return say("static.ready_for.all", who=this)


def _knock_out_named(text: Text, scope: Scope) -> Message:
    """A knock-out replacement for characters with a name ("a character named N you control
    that would be knocked out goes to … instead"), maybe while you control another name, maybe
    taking this card away too."""
    where = say(f"ko_instead.{text.replace_knock_out}")
    condition = (
        say("ko_instead.if_controls", name=text.if_controls_name) if text.if_controls_name else ""
    )
    then = (
        say("ko_instead.then_away", who=noun(scope.this)) if text.replace_then_to_resources else ""
    )
    whose = text.replace_for.removesuffix("_characters")  # own | opponent | all
    return say(
        f"ko_instead.named.{whose}",
        name=text.replace_if_name,
        where=where,
        condition=condition,
        then=then,
    )


def _while_controls(change: Characteristic, said: Message) -> Message:
    """A change working only while you control a character with a name (Asa Vermelha V2)."""
    if not change.if_controls_name:
        return said
    return say("while_controls_name", name=change.if_controls_name, text=said)


def _characteristic(change: Characteristic, scope: Scope) -> Message:
    """A characteristic gained or lost (8.B.1/B.2): "characters with the affiliation
    Vingadores you control have Genialidade"; what has no words yet says so."""
    what: Any = power(change.value) if change.kind == "power" else change.value
    if change.kind == "keyword":  # Da Prática à Perfeição V1
        what = Message(f"battlescenes.keyword.{change.value}")
    if change.value == "*":  # losing every power / affiliation… (8.B.2)
        what = say(f"every.{change.kind}")
    elif change.kind == "affiliation":
        what = say("affiliation_named", name=change.value)
    if change.kind == "action_kind" and change.if_action_power and change.if_character_name:
        # "your characters named N may use their ◆ actions as anticipate ones" (Pepper Potts)
        return say(
            f"static.kind_by_power_named.{change.value}",
            name=change.if_character_name,
            power=power(change.if_action_power),
        )
    if change.kind == "action_kind" and change.if_name and change.to == "this":
        # "actions named N of this character are anticipate actions" (Asa Vermelha V2)
        return say(f"static.kind_named.{change.value}", who=noun(scope.this), action=change.if_name)
    if change.to == "own_characters" and change.if_alignment:  # only characters of an alignment
        alignment = Message(f"battlescenes.alignment.{change.if_alignment}")
        return say(f"own_alignment_change.{change.change}", what=what, alignment=alignment)
    if change.to == "all_characters" and change.if_alignment:  # anyone's (Super Plano)
        alignment = Message(f"battlescenes.alignment.{change.if_alignment}")
        return say(f"all_alignment_change.{change.change}", what=what, alignment=alignment)
    if change.to == "this":
        return say(f"static.{change.change}_one", who=noun(scope.this), what=what)
    if change.to == "marked":  # the chosen character has ◆ (Veículo S.H.I.E.L.D. V3)
        return say(f"static.{change.change}_one", who=noun("marked"), what=what)
    if change.to == "own_characters" and change.if_affiliation:
        return say(
            f"static.{change.change}_own_affiliation", what=what, affiliation=change.if_affiliation
        )
    if change.to == "own_characters" and change.unless_controls_alter_ego:  # Homem de Ferro V3
        said = say(f"static.{change.change}_own", what=what)
        return say("static.unless_alter_ego", then=said, alter_ego=change.unless_controls_alter_ego)
    if change.to == "own_characters":
        return say(f"static.{change.change}_own", what=what)
    if change.to == "all_characters" and not (change.if_affiliation or change.if_character_name):
        return say(f"static.{change.change}_all", what=what)  # everyone's (Onda de Boatos)
    return untold(f"characteristics {change.to}")


# --- when a text works -------------------------------------------------------------------


def _when(text: Text, scope: Scope) -> Message:
    """The head of a triggered or activated text ("When this character enters the scene",
    "In your Preparation phase, once per turn, if …")."""
    conditions: list[Message] = []
    if text.activated:
        head = say(f"activated.{text.activated_in}")
        if text.activated_by_any:  # Movimentos Característicos V1
            head = say("activated_by_any")
        if text.once_per_turn:
            conditions.append(say("cond.once"))
    else:
        head = _trigger(text, scope)
    if text.if_preparation:  # only in the Preparation phase of that player's turn
        conditions.append(say("cond.preparation"))
    if text.if_since_start_of_turn:
        support = scope.card.type is CardType.SUPPORT  # Explosivo Escondido V1
        if text.or_if_controls_affiliation:  # Microdepósito V1
            other = text.or_if_controls_affiliation
            conditions.append(say("cond.since_start_or_affiliation", affiliation=other))
        else:
            conditions.append(say("cond.since_start_support" if support else "cond.since_start"))
    if text.if_all_affiliation:
        conditions.append(say("cond.all_affiliation", affiliation=either(text.if_all_affiliation)))
    if text.if_controls_character:
        conditions.append(say("cond.controls_character"))
    if text.if_controls_carrying_exactly >= 0:
        count = text.if_controls_carrying_exactly
        conditions.append(say("cond.controls_carrying_exactly", count=count))
    if text.if_combat:
        conditions.append(say("cond.combat"))
    if text.once_per_turn and text.trigger is Trigger.RESOURCES_LOADED_ONTO_THIS:
        conditions.append(say("cond.first_loading_effect"))  # Carnificina V2
    if text.if_own_attack_step:  # Torre Stark V1
        conditions.append(say("cond.own_attack_step"))
    if text.trigger is Trigger.CHARACTER_ENTERS and text.if_holder_power:  # Incursão
        conditions.append(say("cond.holder_power", power=power(text.if_holder_power)))
    if text.if_holder_entered_this_turn:  # in the turn this character entered the scene
        conditions.append(say("cond.holder_entered_this_turn"))
    if text.from_zone and text.trigger is not Trigger.ARRIVES_IN_RESOURCES:
        conditions.append(say(f"cond.from_{text.from_zone}"))
    if text.trigger is Trigger.DREW_BY_ACTION and text.if_power:
        conditions.append(say("cond.holder_power", power=power(text.if_power)))
    if text.trigger is Trigger.ACTION_USED and text.if_power:  # Boneco Vodu V1
        conditions.append(say("cond.holder_power", power=power(text.if_power)))
    if text.trigger is Trigger.ACTION_USED and not text.generated:  # whose action, its cost
        if text.trigger_if_affiliation:
            affiliation = text.trigger_if_affiliation
            conditions.append(say("cond.user_affiliation", affiliation=affiliation))
        if text.trigger_if_lacks_affiliation:  # Homem Radioativo V1
            lacking = text.trigger_if_lacks_affiliation
            conditions.append(say("cond.user_lacks_affiliation", affiliation=lacking))
        if text.if_action_cost >= 0:
            conditions.append(say("cond.action_cost", count=text.if_action_cost))
        if text.if_from_carried_character:
            conditions.append(say("cond.from_carried_character"))
        if text.if_user_entered_this_turn:
            conditions.append(say("cond.user_entered_this_turn"))
        if text.if_action_kind:  # of one type, or of either of two (Partículas Pym V1)
            kinds = [
                Message(f"battlescenes.lookup.kind.{k}") for k in text.if_action_kind.split("|")
            ]
            if len(kinds) == 2:
                conditions.append(say("cond.action_kind_either", a=kinds[0], b=kinds[1]))
            else:
                conditions.append(say("cond.action_kind", kind=kinds[0]))
        if text.if_targets_this:
            conditions.append(say("cond.targets_this", who=noun(scope.this)))
    if text.if_fewest_characters:  # Ruínas Suspeitas V1
        conditions.append(say("cond.fewest_characters"))
    if text.by_turn_player:  # the turn's player acts (Ruínas Suspeitas V1)
        conditions.append(say("cond.by_turn_player"))
    return concat([head, *conditions])


#: Triggers told with whose turn it is (``whose_turn``: own, opponent, any, marked).
_TURNS = {
    Trigger.TURN_START,
    Trigger.COUNTDOWN_START,
    Trigger.COUNTDOWN_END,
    Trigger.DRAW_START,
    Trigger.DRAW_END,
    Trigger.ADJUSTMENT_START,
    Trigger.ADJUSTMENT_END,
    Trigger.COMBAT_START,
    Trigger.ANTICIPATION_START,
    Trigger.ANTICIPATION_END,
    Trigger.ATTACK_START,
    Trigger.ATTACK_END,
    Trigger.COMBAT_END,
    Trigger.TURN_END,
}


def _trigger(text: Text, scope: Scope) -> Message:
    trigger = text.trigger
    if trigger is None:
        return untold("trigger")
    this = noun(scope.this)
    if trigger in _TURNS:
        return say(f"when.{trigger.value}", whose=say(f"whose.{text.whose_turn}"))
    if trigger is Trigger.ACTION_USED and text.if_action_name:  # this one uses that action
        return say("when.action_used_named", who=this, action=text.if_action_name)
    if trigger is Trigger.ACTION_USED:
        whose = "generated" if text.generated else text.whose_turn
        return say(f"when.action_used.{whose}")
    if trigger is Trigger.CARD_TO_DECK_BOTTOM:  # carried out by that deck's player
        return say("when.card_to_deck_bottom")
    if trigger is Trigger.ACTION_RESOLVED and text.if_first_of_affiliation:  # Abutre V1
        return say("when.action_resolved_first", affiliation=text.if_first_of_affiliation)
    if trigger is Trigger.ACTION_RESOLVED and text.from_zone:  # its owner acts (Boneco Vodu)
        return say(f"when.action_resolved_owner.{text.whose_turn}")
    if trigger is Trigger.ACTION_RESOLVED:  # after the action's effect; "that player" acts
        kind = "power" if text.action_power else "any"
        where = power(text.action_power) if text.action_power else ""
        return say(f"when.action_resolved.{text.whose_turn}.{kind}", power=where)
    if trigger is Trigger.INCAPACITATED:
        who = _subject(text, scope)
        by = say("when.by_opponent") if text.trigger_by == "opponent" else ""
        return say("when.incapacitated", who=who, by=by)
    if trigger is Trigger.DEALT_DAMAGE:
        victim = (
            say("when.victim_without", affiliation=text.victim_without_affiliation)
            if text.victim_without_affiliation
            else say("when.victim_any")
        )
        return say("when.dealt_damage", who=_subject(text, scope), victim=victim)
    if trigger is Trigger.CHARACTER_ENTERS and text.by_entering_player:  # Entrega Especial
        return say("when.any_character_enters_player")
    if trigger is Trigger.CHARACTER_ENTERS and text.any_controller and text.if_other_entering:
        return say("when_any_other_character_enters")  # Homem-Aranha V1
    if trigger is Trigger.CHARACTER_ENTERS and text.any_controller:  # anyone's character
        return say("when_any_character_enters")
    if trigger is Trigger.CHARACTER_ENTERS and text.trigger_if_affiliation:
        return say("when.character_enters_affiliation", affiliation=text.trigger_if_affiliation)
    if trigger in (
        Trigger.CHARACTER_ENTERS,
        Trigger.LOADED_FROM_RESOURCES,
        Trigger.LOADED_FROM_HAND,
        Trigger.THIS_UNLOADED,
    ):
        if trigger is Trigger.LOADED_FROM_RESOURCES and text.if_holder_alignment and text.if_power:
            # "em um personagem vilão com ◆ que você controla" (Suborno V1)
            alignment = Message(f"battlescenes.alignment.{text.if_holder_alignment}")
            return say(
                "when.loaded_from_resources_power_alignment",
                power=power(text.if_power),
                alignment=alignment,
            )
        key = f"when.{trigger.value}" + ("_power" if text.if_power else "")
        return say(key, power=power(text.if_power) if text.if_power else "")
    if trigger in (Trigger.TARGETED, Trigger.DAMAGED) and text.trigger_for == "marked":
        return say(f"when.{trigger.value}_marked")  # Passado Sombrio V1
    if trigger is Trigger.TARGETED:  # Proteger os Inocentes
        return say("when.targeted" + ("_no_alignment" if text.trigger_if_no_alignment else ""))
    if trigger is Trigger.HAND_EMPTY:
        return say("when_hand_empty")
    if trigger is Trigger.MARKED_LEAVES:  # Esconderijo Secreto V1
        return say("when.marked_leaves")
    if trigger is Trigger.ARRIVES_IN_RESOURCES:  # from the hand, the deck, unloaded
        origins = [say(f"arrived_from.{o}") for o in text.arrived_from.split("|") if o]
        return say("when_arrives", origins=_list(origins) if origins else say("arrived_from.any"))
    if trigger is Trigger.DREW_BY_ACTION:
        action_power = power(text.action_power) if text.action_power else ""
        return say("when.drew_by_action", power=action_power)
    if trigger is Trigger.LEAVES_SCENE and text.if_replaced:
        return say("when.replaced", who=this)
    if trigger is Trigger.LEAVES_SCENE and text.if_knocked_out_by_action:
        return say("when.knocked_out_by_action", who=this)
    if trigger is Trigger.LEAVES_SCENE and text.if_destroyed:  # knocked out (4.7)
        kind = "support" if scope.card.type is CardType.SUPPORT else "character"
        return say(f"when.destroyed.{kind}", who=this)
    return say(f"when.{trigger.value}", who=this, onto=noun(scope.this, "onto"))


def _subject(text: Text, scope: Scope) -> Message:
    """Whose incapacitation or damage a trigger waits for."""
    if text.trigger_for != "own_characters":
        return noun(scope.this)
    if text.trigger_if_affiliation:
        return noun("own_character_affiliation", affiliation=text.trigger_if_affiliation)
    return noun("own_character")


# --- whole texts, actions and keywords ---------------------------------------------------


def _written(
    card: CardDef, text: str, words: tuple[tuple[str, str], ...], manual: bool
) -> Message | None:
    """Our words per locale, or a pack's own wording (as written), if given. A printed
    card (one with a collection code) is told from its fields even when a text is stored
    with it — a match begun before the built-in cards lost their quoted rulebook text
    keeps it in its state — unless nothing else can tell it (manual)."""
    if words:
        return say("written", text=dict(words))
    if text and (manual or not card.codes):
        return say("written", text=text)
    return None


def describe_text(text: Text, card: CardDef) -> Message:
    """A permanent text in our words (or as its pack wrote it)."""
    written = _written(card, text.text, text.words, text.manual)
    if written is not None:
        return written
    scope = Scope(card, text=text)
    statics = _while_loaded(text, scope, _statics(text, scope))
    statics = _while_shield(text, scope, statics)
    if statics and (text.if_stage_at_least >= 0 or text.if_stage_at_most >= 0):  # Vespa V1
        least = text.if_stage_at_least >= 0
        stage = text.if_stage_at_least if least else text.if_stage_at_most
        key = "while_stage.least" if least else "while_stage.most"
        statics = [say(key, who=noun(scope.this), stage=stage, text=_list(statics))]
    if statics and text.if_carrying_alter_ego:  # Hulk Vermelho V1
        said = say(
            "while_carrying_alter_ego",
            who=noun(scope.this),
            alter_ego=text.if_carrying_alter_ego,
            text=_list(statics),
        )
        statics = [said]
    extra = _x(text.steps)
    statics = [say("sentence", text=s) for s in statics]
    if text.steps:
        clause = say("clause", head=_when(text, scope), body=steps_clause(text.steps, scope))
        return sentences([clause, *statics, *extra])
    if not statics:
        return untold("text")
    return sentences([*statics, *extra])


def _while_loaded(text: Text, scope: Scope, statics: list[Message]) -> list[Message]:
    """Static effects that work only while the card base carries at most / at least N cards
    (Hulk V1), told as one sentence under that condition."""
    if not statics or (text.if_loaded_at_most < 0 and text.if_loaded_at_least < 0):
        return statics
    most = text.if_loaded_at_most >= 0
    count = text.if_loaded_at_most if most else text.if_loaded_at_least
    kind = "most" if most else "least"
    return [say(f"while_loaded.{kind}", who=noun(scope.this), count=count, text=_list(statics))]


def _while_shield(text: Text, scope: Scope, statics: list[Message]) -> list[Message]:
    """A shield text working only while its holder carries an ability card of a power
    (Nova V1) or while you control a character with a name (Pepper Potts V1)."""
    if not statics or text.replace_damage or text.replace_knock_out:
        return statics
    if text.if_carrying_power:
        said = say(
            "while_carrying_power",
            who=noun(scope.this),
            power=power(text.if_carrying_power),
            text=_list(statics),
        )
        return [said]
    if text.if_carrying_support:  # Deathlocket V1
        return [say("while_carrying_support", who=noun(scope.this), text=_list(statics))]
    if text.if_controls_name and (text.shield_bonus or text.shield_set >= 0):
        return [say("while_controls_name", name=text.if_controls_name, text=_list(statics))]
    return statics


def _generated(text: Text, card: CardDef) -> Any:
    """A generated effect (5.7 B) as the clause of the step that makes it."""
    scope = Scope(card, text=text)
    if text.steps:
        if text.trigger in _TURNS or text.trigger is Trigger.STEP_END:  # Arcade V1's, or
            # "no final desta etapa ou fase" (Nave dos Guardiões V1)
            head = say(f"generated.{text.trigger.value}")
            return say("generated.trigger", head=head, body=steps_clause(text.steps, scope))
        if text.trigger is Trigger.ACTION_RESOLVED and text.if_this_targeted:
            head = say("generated.targeted_resolved", who=noun(scope.this))  # Fúria
            return say("generated.trigger", head=head, body=steps_clause(text.steps, scope))
        if text.trigger not in (Trigger.DAMAGED, Trigger.ACTION_USED):
            return untold(f"generated {text.trigger}")
        head = say(f"generated.{text.trigger.value}", who=noun(scope.this, "dat"))
        if text.trigger_for == "opponent_characters":  # Blob V2: every opposing action
            head = say("generated.action_used_opponents")
        if text.trigger_for == "any_character" and text.next_only:  # Heimdall V1
            head = say("generated.action_used_next")
        if text.trigger_for == "targeting_target":  # Manto Rubro V1: the next one, once
            head = say("generated.action_targeting_next", affiliation=text.trigger_if_affiliation)
        made = say("generated.trigger", head=head, body=steps_clause(text.steps, scope))
        if text.action_rules:  # the effect's rules about actions, for the same turn
            return _list([made, *(_rule(r, scope) for r in text.action_rules)])
        return made
    statics = _statics(text, scope)
    return _list(statics) if statics else untold("generated")


def keyword_label(card: CardDef, keyword: str, steps: Sequence[Step] = ()) -> Message:
    """A keyword's official name with its number ("Clairvoyance 2")."""
    number = card.keyword_number(keyword)
    if number is None and keyword == "clarividencia":  # the cards it looks at (7.2)
        number = next((s.amount for s in steps if s.op is Op.SET_ASIDE_TOP), None)
    name = Message(f"battlescenes.keyword.{keyword}")
    return say("keyword_number", keyword=name, count=number) if number else name


def _mode_clause(card: CardDef, mode: Mode) -> Message:
    """One option of a modal action (4.6.2 B); with several targets, "to each" of them
    (Hulkling V1's option dealing 2 to each of two different targets)."""
    several = mode.targets > 1
    scope = Scope(card, action=True, target_type=mode.target_type, each_target=several)
    clause = steps_clause(mode.steps, scope)
    return say("mode_targets", count=mode.targets, effect=clause) if several else clause


def describe_action(action: ActionDef, card: CardDef) -> Message:
    """An action's effect in our words (or as its pack wrote it)."""
    written = _written(card, action.text, action.words, action.manual)
    if written is not None:
        return written
    scope = Scope(card, action=True, each_target=action.targets_x)
    if action.modes:
        options = [_mode_clause(card, m) for m in action.modes]
        body: Any = options[0]
        joined = "and_or" if action.max_modes > 1 else "or"  # "e/ou" (Escavar V1)
        for option in options[1:]:
            body = say(joined, a=body, b=option)
        if action.all_modes_if_controls_power:  # Tentáculos Alados V1
            wanted = power(action.all_modes_if_controls_power)
            body = say("all_modes_if_controls_power", effect=body, power=wanted)
    elif action.distribute:
        step = action.steps[0]
        points: int | str = "X" if action.points_loaded else action.targets
        damage = say("damage_penetrating" if step.penetrating else "damage", count=points)
        body = say("step.damage_split_any", damage=damage)
    else:
        body = steps_clause(action.steps, replace(scope, target_type=action.target_type))
    unload = (
        "cost_unload_not_" + action.unload_not_type if action.unload_not_type else "cost_unload"
    )
    costs = [say(unload, count=action.unload_cost)] if action.unload_cost else []
    if action.shuffle_user_cost:
        costs.append(say("cost_shuffle_user"))
    if action.cosmic and "energia_cosmica" not in action.keywords:  # E.2 in words
        costs.append(say("cost_resources_bottom", count=action.cosmic))
    if action.prizes_user_cost:
        costs.append(say("cost_prizes_user"))
    if action.discard_cost:  # 4.6.2 E.2: additional costs, paid with the use
        kind = say(f"card.{action.discard_type or 'any'}")
        if action.discard_affiliation:
            kind = say("card.with_affiliation", card=kind, affiliation=action.discard_affiliation)
        costs.append(say("cost_discard", count=action.discard_cost, card=kind))
    if costs:
        body = say("additional_cost", cost=_list(costs), effect=body)
    keywords = [keyword_label(card, k, action.steps) for k in action.keywords]
    if keywords:
        body = say("keywords_then", keywords=_list(keywords), effect=body)
    if action.up_to_targets and not action.targets_x:  # F: "até N alvos diferentes"
        body = say("targets_up_to", count=action.targets, effect=body)
    if action.load_cost_from:  # E.2: a card of the hand or resources loaded (Batedor Alado)
        key = "cost.load_from_hand_self" if action.hand_self else "cost.load_from"
        where = say(f"load_from.{action.load_cost_from.replace('|', '_')}")
        body = say(
            key,
            count=action.load_cost,
            where=where,
            who=noun("user", "onto"),
            card=noun(own_noun(card)),
            effect=body,
        )
    elif action.hand_self:  # E.2: this card back to its owner's hand
        body = say("cost.hand_self", card=noun(own_noun(card)), effect=body)
    load_and_bottom = bool(
        action.load_cost
        and action.bottom_self
        and not (action.load_cost_power or action.unload_self or action.load_cost_from)
    )
    if load_and_bottom:  # E.2, both costs: a card of the resources loaded onto the user, and
        # this card to the bottom of its owner's deck (Saque Rápido V1)
        body = say(
            "cost.load_bottom_self",
            count=action.load_cost,
            who=noun("user", "onto"),
            card=noun(own_noun(card)),
            effect=body,
        )
    elif action.bottom_self:  # E.2 cost: this card onto the bottom of its owner's deck
        body = say("cost.bottom_self", card=noun(own_noun(card)), effect=body)
    if action.load_cost and action.unload_self and not action.load_cost_from:  # Lacerar V1
        body = say(
            "cost.load_unload_self",
            count=action.load_cost,
            who=noun("user", "onto"),
            card=noun(own_noun(card)),
            effect=body,
        )
    elif action.load_cost_power:  # E.2 "Carregue um card de ◆ neste personagem" (Deadpool V2)
        body = say(
            "cost.load_power",
            count=action.load_cost,
            power=power(action.load_cost_power),
            who=noun("user", "onto"),
            effect=body,
        )
    elif action.unload_self and not action.load_cost_from:  # E.2 "Descarregue <este card>:"
        body = say("cost.unload_self", card=noun(own_noun(card)), effect=body)
    elif action.load_cost:  # E.2 cost: load a card of the resources onto this character
        # (Voar Alto V1, Ultron-1 V1)
        body = say("cost.load", count=action.load_cost, who=noun("user", "onto"), effect=body)
    extra = [say("x.loaded")] if action.points_loaded else []
    if action.target_shares_affiliation:  # F.1.1 (Trabalho em Equipe)
        extra.append(say("targets.shares_affiliation"))
    if action.targets_x:
        up_to = "_up_to" if action.up_to_targets else ""
        distinct = "_distinct" if action.distinct_targets else ""  # Sufocamento V1
        extra.append(say(f"x.targets{up_to}{distinct}", count=action.targets))
    return sentences([say("action", effect=body), *_x(action.steps), *extra])


def _trait(kind: str, value: str) -> Message:
    """A characteristic a timed trait step gives or takes ("the affiliation X-Men")."""
    if value == "*" and kind in ("power", "affiliation"):
        return say(f"every.{kind}")
    if kind == "power":
        return say("trait.power", power=power(value))
    if kind == "alignment":
        return say("trait.alignment", alignment=Message(f"battlescenes.alignment.{value}"))
    if kind == "action_kind":
        return say("trait.action_kind", kind=Message(f"battlescenes.lookup.kind.{value}"))
    return say(f"trait.{kind}", value=value)


def _list(items: Sequence[Any]) -> Message:
    out: Any = items[0]
    for item in items[1:]:
        out = say("list", a=out, b=item)
    return _message(out)


def describe_keywords(card: CardDef) -> list[Message]:
    """The card's keywords, each with what it does ("Squad: any number of …")."""
    return [
        say("keyword", keyword=keyword_label(card, k), rule=say(f"keyword_rule.{k}"))
        for k in card.keywords
    ]


def as_json(message: Message) -> dict[str, Any]:
    """``message`` as plain JSON, its message parameters as ``{"key", "params"}`` (what
    the catalog and the preview sheets translate in place)."""
    params = {k: as_json(v) if isinstance(v, Message) else v for k, v in message.params.items()}
    return {"key": message.key, "params": params}


def capitalised(text: str) -> str:
    """``text`` with each sentence's first letter in capitals (the catalog's fragments
    start in lower case, as they may open a sentence or follow "if you do")."""
    out = []
    upper = True
    for i, char in enumerate(text):
        if upper and char.isalnum():  # "2 cards…" keeps its lower case
            out.append(char.upper())
            upper = False
            continue
        out.append(char)
        # an acronym's last dot ("H.I.D.R.A. you control") does not end a sentence
        acronym = i >= 2 and text[i - 1].isupper() and text[i - 2] == "."
        if char == "." and text[i + 1 : i + 2] == " " and not acronym:
            upper = True
    return "".join(out)


def told(translate: Callable[..., str], locale: str, message: Message) -> str:
    """A described text in ``locale``, each sentence opening with a capital."""
    return capitalised(translate(message.key, locale, **dict(message.params)))


def card_texts(card: CardDef) -> list[Message]:
    """Everything a card's texts say, in reading order: its keywords, then its permanent
    texts (a generated effect is told by the step that makes it)."""
    texts = [describe_text(t, card) for t in card.texts if not t.generated]
    return [*describe_keywords(card), *texts]
