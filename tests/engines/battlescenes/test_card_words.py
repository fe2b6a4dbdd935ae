"""What a card does, in our own words (``content/wording.py``): every built-in card's
texts, actions and keywords described from its typed fields in en-US, pt-BR and it —
no catalog key missing in any locale, none falling back to another language, no field
left untold — and the rulebook's Portuguese never shown as a card's text."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import ActionDef, ActionKind
from engines.battlescenes.content.wording import (
    card_texts,
    describe_action,
    describe_text,
    told,
)
from engines.core import ContentError
from engines.core.model import Message
from tests.engines.battlescenes.helpers import Placed, Side, act, build, pack, sid, starter

LOCALES = ("en-US", "pt-BR", "it")


def _keys(value: Any) -> Iterator[str]:
    """Every catalog key a described text uses (its nested parameters too)."""
    if isinstance(value, Message):
        yield value.key
        for param in value.params.values():
            yield from _keys(param)


def _described() -> Iterator[tuple[str, Message]]:
    # The built-in cards as printed, and the test stand-ins the mechanics tests play.
    cards = {**{f"stand-in {k}": c for k, c in pack().cards.items()}, **starter().cards}
    for card in cards.values():
        for said in card_texts(card):
            yield card.key, said
        for action in card.actions:
            yield f"{card.key}/{action.name}", describe_action(action, card)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_built_in_card_is_described_in_every_locale(locale: str) -> None:
    catalog = ENGINE.catalog()
    for where, said in _described():
        for key in _keys(said):
            # in this locale's own file: no fallback to en-US words
            assert catalog.has(key, locale), (where, key, locale)
        text = told(catalog.translate, locale, said)
        assert "battlescenes." not in text and "{" not in text, (where, text)
        assert "[" not in text, (where, text)  # battlescenes.say.untold: a field not told
        assert text[:1].isupper() or text[:1].isdigit(), (where, text)


def test_the_locales_do_not_share_a_text() -> None:
    """Each reader gets their language: no described text is the same in two locales
    (a missing key would fall back to en-US)."""
    catalog = ENGINE.catalog()
    for where, said in _described():
        if said.key == "battlescenes.say.written":  # a pack's own words, as written
            continue
        texts = {loc: told(catalog.translate, loc, said) for loc in LOCALES}
        assert len(set(texts.values())) == 3, (where, texts)


def test_no_built_in_card_carries_printed_text() -> None:
    for card in pack().cards.values():
        assert all(not t.text for t in card.texts), card.key
        assert all(not a.text for a in card.actions), card.key
        for text in card.texts:  # a manual text is ours, in every locale
            assert not text.manual or dict(text.words).keys() == set(LOCALES), card.key


def test_numbers_agree_with_their_nouns() -> None:
    catalog = ENGINE.catalog()
    cards = pack().cards

    def action(key: str, locale: str) -> str:
        card = cards[key]
        return told(catalog.translate, locale, describe_action(card.actions[0], card))

    assert action("medusa_v2", "it") == "Infliggi 1 danno al bersaglio."
    assert action("cristalys_v1", "it") == "Infliggi 2 danni al bersaglio."
    assert action("hela_v1", "it") == "Infliggi 2 danni penetranti al bersaglio."
    assert action("medusa_v2", "pt-BR") == "Cause 1 ponto de dano no alvo."
    assert action("hela_v1", "pt-BR") == "Cause 2 pontos de dano penetrante no alvo."
    fantasma = cards["fantasma_do_espaco_v1"]
    said = describe_text(fantasma.texts[0], fantasma)
    assert told(catalog.translate, "en-US", said) == (
        "When this character enters the scene: draw 2 cards."
    )
    scenario = cards["cidade_fantasma"]
    one = told(catalog.translate, "it", describe_text(scenario.texts[0], scenario))
    assert one == "Quando questo scenario entra in scena: pesca 1 carta."


def test_a_step_says_whose_card_it_is() -> None:
    """ "This character" on a character, "this support" on a support, "the character
    carrying this card" on an ability, "that character" when the trigger names one."""
    catalog = ENGINE.catalog()
    cards = pack().cards

    def text(key: str, index: int = 0) -> str:
        card = cards[key]
        return told(catalog.translate, "en-US", describe_text(card.texts[index], card))

    assert text("protecao") == "The character carrying this card gets Shield +2."
    assert text("garota_aranha_v1").startswith("This character cannot be the target")
    assert text("veiculo_shield_v3", 1) == (
        "You may redirect damage dealt to the chosen character to this support."
    )
    assert text("cristalys_v1").endswith("you may capacitate that character by 1.")
    assert "put this scenario into its owner's resources" in text("atacar_ate_derrubar")


def test_a_generated_effect_is_told_by_the_action_that_makes_it() -> None:
    catalog = ENGINE.catalog()
    gamora = pack().cards["gamora_v1"]
    said = told(catalog.translate, "en-US", describe_action(gamora.actions[0], gamora))
    assert said == (
        "Deal 2 damage to the target character; until the end of the turn, each time the "
        "target uses an action, deal 2 damage to the target."
    )
    # not again as a permanent text of the card
    assert all(
        "each time the target" not in told(catalog.translate, "en-US", t)
        for t in card_texts(gamora)
    )


def test_keywords_are_named_by_their_official_term_with_their_number() -> None:
    catalog = ENGINE.catalog()
    capuz = pack().cards["capuz_v2"]
    said = told(catalog.translate, "pt-BR", describe_action(capuz.actions[0], capuz))
    assert said.startswith("Clarividência 1 — separe o card do topo do seu deck")
    capanga = pack().cards["capanga_do_rei_v2"]
    squad = told(catalog.translate, "it", card_texts(capanga)[0])
    assert squad.startswith("Plotone (Pelotão): in scena può esserci qualsiasi numero")


CARD = """
cards:
  - key: guarda
    type: character
    name: Guarda
    energy: 3
    shield: 1
    powers: [agilidade]
    source: "a test card"
    verified: false
    texts:
      - {text: "Our own rule, as the pack writes it.", manual: true}
    actions:
      - {name: Soco, power: agilidade, kind: normal, cost: 1, targets: 1,
         steps: [{op: damage, amount: 2}]}
"""


def test_a_pack_may_give_its_own_text_shown_as_written_and_needs_no_text_otherwise() -> None:
    card = load_text(CARD).cards["guarda"]
    catalog = ENGINE.catalog()
    own = told(catalog.translate, "it", describe_text(card.texts[0], card))
    assert own == "Our own rule, as the pack writes it."
    soco = told(catalog.translate, "it", describe_action(card.actions[0], card))
    assert soco == "Infliggi 2 danni al bersaglio."


def test_a_manual_text_must_say_what_it_does() -> None:
    bare = CARD.replace(
        '{text: "Our own rule, as the pack writes it.", manual: true}', "{manual: true}"
    )
    with pytest.raises(ContentError, match="words"):
        load_text(bare)
    words = CARD.replace(
        '{text: "Our own rule, as the pack writes it.", manual: true}',
        '{manual: true, words: {en-US: "Ours.", pt-BR: "Nosso.", it: "Nostro."}}',
    )
    card = load_text(words).cards["guarda"]
    catalog = ENGINE.catalog()
    assert told(catalog.translate, "pt-BR", describe_text(card.texts[0], card)) == "Nosso."
    partial = words.replace(', it: "Nostro."', "")
    with pytest.raises(ContentError, match="each of"):
        load_text(partial)


def test_a_manual_action_asks_for_our_words_in_the_readers_language() -> None:
    """A manual action (no text of its pack) is applied by hand as our ``words`` say,
    each player reading them in their language."""
    words = (("en-US", "Swap two cards."), ("pt-BR", "Troque dois cards."), ("it", "Scambia."))
    manual = ActionDef(
        "Troca", "super_forca", ActionKind.NORMAL, 0, targets=1, manual=True, words=words
    )
    state = build(Side(scene=[Placed("hulk_v3")]), Side(scene=[Placed("triton_v1")]))
    hulk = state.cards[sid(state, "hulk_v3")].key
    defs = dict(state.defs)
    defs[hulk] = replace(defs[hulk], actions=(manual,))
    state = replace(state, defs=defs)
    _state, events = act(
        state, 0, UseAction(sid(state, "hulk_v3"), "Troca", str(sid(state, "triton_v1")))
    )
    asked = next(e for e in events if e.key == "battlescenes.event.manual")
    catalog = ENGINE.catalog()
    assert "Troque dois cards." in catalog.translate(asked.key, "pt-BR", **dict(asked.params))
    assert "Scambia." in catalog.translate(asked.key, "it", **dict(asked.params))


def test_a_printed_card_stored_with_its_quoted_text_is_still_told_in_our_words() -> None:
    """A match begun before the built-in cards lost their quoted rulebook text keeps
    that text in its state: a printed card (with a collection code) is told from its
    fields all the same."""
    fantasma = starter().cards["fantasma_do_espaco_v1"]  # printed: it has its code
    quoted = replace(fantasma.texts[0], text="On entering the scene, draw… (old stored wording)")
    old = replace(fantasma, texts=(quoted,))
    catalog = ENGINE.catalog()
    said = told(catalog.translate, "en-US", describe_text(old.texts[0], old))
    assert said == "When this character enters the scene: draw 2 cards."


def test_a_character_chosen_once_is_not_chosen_again() -> None:
    """Câmara Neutralizadora marks a character, then that character's texts stop
    working: the second clause names the chosen character without choosing anew."""
    camara = starter().cards["camara_neutralizadora"]
    said = told(ENGINE.catalog().translate, "en-US", card_texts(camara)[0])
    assert said.count("choose") == 1
    assert "the permanent texts of the chosen character have no effect" in said
