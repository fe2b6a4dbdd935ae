"""Choice options are shown as localised labels, never as raw words such as ``deck_bottom``:
in autocomplete, in the view (and so the hand render) and in the event naming the answer."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, Pass
from engines.battlescenes.content.schema import Text
from engines.battlescenes.rules.state import State
from engines.battlescenes.view import WORDS, option_label
from engines.core import IllegalActionError, Message
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build

FILL = ["excentricidade"] * 5


def with_texts(state: State, key: str, *texts: Text) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts)})


def asked() -> State:
    """Bruno's Draw phase with two draw replacements: he is asked which (5.5)."""
    state = build(
        Side(scene=[Placed("gerador_pem", FILL)]),
        Side(deck=["protecao"] * 6, scene=[Placed("umar_v1", FILL)]),
    )
    nothing = Text(text="…", replace_draw="nothing", replace_player="opponent")
    state = with_texts(state, "gerador_pem", nothing)
    state = with_texts(state, "umar_v1", Text(text="…", replace_draw="resources"))
    state, _ = act(state, 0, Pass())
    assert state.choice is not None and state.choice.options == ("nothing", "resources")
    return state


def test_every_word_option_has_a_label_in_all_three_locales() -> None:
    catalog = ENGINE.catalog()
    for word in WORDS:
        for locale in ("en-US", "pt-BR", "it"):
            assert catalog.has(f"battlescenes.answer.{word}", locale), (word, locale)


def test_autocomplete_shows_the_replacement_options_in_the_readers_language() -> None:
    state = asked()
    found = ENGINE.autocomplete(state, 1, "choose", "option", "", {})
    assert [c.value for c in found] == ["nothing", "resources"]
    catalog = ENGINE.catalog()
    en = [catalog.translate(c.label.key, "en-US", **dict(c.label.params)) for c in found]
    pt = [catalog.translate(c.label.key, "pt-BR", **dict(c.label.params)) for c in found]
    assert en == ["Nothing (draw no card)", "Into the resources"]
    assert pt == ["Nada (não comprar cards)", "Para os recursos"]
    # typing the raw word still finds its option
    assert [c.value for c in ENGINE.autocomplete(state, 1, "choose", "option", "res", {})] == [
        "resources"
    ]


def test_the_view_carries_labels_and_the_event_names_the_answer_localised() -> None:
    state = asked()
    options = ENGINE.view(state, 1).data["choice"]["options"]
    catalog = ENGINE.catalog()
    assert catalog.translate("battlescenes.render.answer", "it", **options[1]) == (
        "resources: Nelle risorse"
    )
    state, events = act(state, 1, Choose("resources"))
    chosen = [e for e in events if e.key == "battlescenes.event.replacement_chosen"]
    assert len(chosen) == 1
    text = catalog.translate(chosen[0].key, "pt-BR", **dict(chosen[0].params))
    assert text.endswith("escolhe o efeito de substituição: Para os recursos.")
    assert "resources" not in text


def test_card_and_effect_options_become_messages() -> None:
    state = asked()
    label = option_label(state, "0")
    assert isinstance(label, Message) and label.key == "battlescenes.answer.card"
    assert option_label(state, "deck_bottom") == Message("battlescenes.answer.deck_bottom")


def test_the_hand_render_lists_the_open_choice(tmp_path: Path) -> None:
    state = asked()
    for locale in ("en-US", "pt-BR"):
        png = ENGINE.render(ENGINE.view(state, 1), "hand", locale)
        image = Image.open(io.BytesIO(png))
        assert image.width == 960
        (tmp_path / f"choice-{locale}.png").write_bytes(png)


def test_a_wrong_answer_lists_each_option_with_its_label_in_the_readers_language() -> None:
    state = asked()
    with pytest.raises(IllegalActionError) as refused:
        act(state, 1, Choose("deck"))
    assert refused.value.key == "battlescenes.error.bad_option"
    assert refused.value.rule == "9.1.2"
    catalog = ENGINE.catalog()
    params = dict(refused.value.params)
    en = catalog.translate(refused.value.key, "en-US", **params)
    pt = catalog.translate(refused.value.key, "pt-BR", **params)
    assert en == (
        "That is not one of the options: "
        "nothing: Nothing (draw no card); resources: Into the resources."
    )
    assert pt == (
        "Essa não é uma das opções: nothing: Nada (não comprar cards); resources: Para os recursos."
    )
