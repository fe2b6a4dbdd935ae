"""Content names in the players' languages.

A name in a hero file is plain (``name: Slap``, every reader sees it as is, as
community packs write it) or given per locale (``name: {en-US: Suppress,
pt-BR: Subjugar}``); a locale left out falls back to en-US, then to any given
one. Events, menus, autocomplete and renders carry the per-locale name, so each
reader sees their own language from the same content and the same stored event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engines.core import ContentError, Event, Message, RiggedDice
from engines.core import render as core_render
from engines.core.serde import to_json
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content.loader import load_hero
from engines.dicethrone.render import effect_words as dt_effect_words
from engines.dicethrone.render import letters as dt_letters
from engines.dicethrone.rules.state import State
from tests.engines.dicethrone.helpers import GOOD, MINI, SEATS, act, start, write_hero_file

CATALOG = ENGINE.catalog()


def _stored(event: Event, locale: str) -> str:
    """The event as a reader in ``locale`` sees it, read back from the event log's JSON."""
    params = json.loads(json.dumps(to_json(event.params)))
    return CATALOG.translate(event.key, locale, **params)


def _rolled_for_suppress() -> State:
    """The Barbarian's dice meet Overpower ("Subjugar" in the rulebook's "Exemplo de
    Bárbaro vs Paladino"): three swords, two strengths."""
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    return state


def _label(label: Message, locale: str) -> str:
    return CATALOG.translate(label.key, locale, **dict(label.params))


def test_the_same_announcement_reads_subjugar_in_pt_br_and_suppress_in_en_us() -> None:
    _, events = act(_rolled_for_suppress(), 0, a.Announce("suppress"))
    event = next(e for e in events if e.key == "dicethrone.event.announced")
    assert "Overpower" in _stored(event, "en-US") and "Subjugar" not in _stored(event, "en-US")
    assert "Subjugar" in _stored(event, "pt-BR") and "Overpower" not in _stored(event, "pt-BR")
    # No Italian source names Dice Throne content: Italian falls back to English.
    assert "Overpower" in _stored(event, "it")
    assert "suppress" not in _stored(event, "pt-BR")  # never the raw id


def test_the_announce_menu_and_autocomplete_name_abilities_in_the_readers_language() -> None:
    state = _rolled_for_suppress()
    decision = next(d for d in ENGINE.pending(state) if d.seat == 0)
    menu = next(s for s in decision.selections if s.kind == "announce")
    labels = {o.value: o.label for o in menu.options}
    assert _label(labels["suppress"], "pt-BR") == "Subjugar"
    assert _label(labels["suppress"], "en-US") == "Overpower"
    choices = {
        c.value: c.label for c in ENGINE.autocomplete(state, 0, "announce", "ability", "", {})
    }
    assert _label(choices["suppress"], "pt-BR") == "Subjugar"
    assert _label(choices["suppress"], "en-US") == "Overpower"
    # A player may type the name in their own language.
    typed = ENGINE.autocomplete(state, 0, "announce", "ability", "subju", {})
    assert [c.value for c in typed] == ["suppress"]


def test_a_stored_event_with_a_plain_name_still_reads_as_it_was() -> None:
    """Events logged before names were given per locale keep their plain string."""
    old = {"player": "Alice", "ability": "Suppress"}
    for locale in ("en-US", "pt-BR", "it"):
        assert "Suppress" in CATALOG.translate("dicethrone.event.announced", locale, **old)


def _board_texts(state: State, locale: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        drawn.append(text)
        return core_render.draw_text(draw, xy, text, **kw)

    monkeypatch.setattr(dt_letters, "draw_text", spy)
    png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    assert png.startswith(b"\x89PNG")
    return drawn


def test_the_board_names_heroes_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    state = start("barbarian", "gunslinger")
    pt = " | ".join(_board_texts(state, "pt-BR", monkeypatch))
    en = " | ".join(_board_texts(state, "en-US", monkeypatch))
    assert "Bárbaro" in pt and "Pistoleira" in pt and "Gunslinger" not in pt
    assert "Barbarian" in en and "Gunslinger" in en and "Pistoleira" not in en


def test_a_pack_with_plain_names_loads_and_shows_them_to_every_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The test pack writes its names as plain strings, as community packs do."""
    assert MINI.heroes["duelist"].name == {"en-US": "Duelist"}
    state = ENGINE.new_match(
        {"hero1": "duelist", "hero2": "duelist"}, SEATS, MINI, RiggedDice([6, 1])
    )
    for locale in ("en-US", "pt-BR", "it"):
        assert any("Duelist" in t for t in _board_texts(state, locale, monkeypatch))


def _hero(tmp_path: Path, text: str) -> Any:
    return load_hero(write_hero_file(tmp_path, text))


def test_a_name_given_in_some_locales_falls_back_to_en_us_then_any(tmp_path: Path) -> None:
    hero = _hero(tmp_path, GOOD.replace("name: Hit", "name: {en-US: Hit, pt-BR: Golpe}"))
    name = dict(hero.ability("hit").name)
    assert CATALOG.translate("dicethrone.choice.named", "pt-BR", name=name) == "Golpe"
    assert CATALOG.translate("dicethrone.choice.named", "it", name=name) == "Hit"
    # A pack written only in Portuguese: every reader gets the Portuguese name.
    hero = _hero(tmp_path, GOOD.replace("name: Hit", "name: {pt-BR: Golpe}"))
    name = dict(hero.ability("hit").name)
    assert CATALOG.translate("dicethrone.choice.named", "en-US", name=name) == "Golpe"
    assert dt_effect_words.name_in(name, "it") == "Golpe"


@pytest.mark.parametrize(
    ("name", "line", "field", "detail"),
    [
        ("{en-US: Hit, fr: Coup}", 9, "abilities[0].name.fr", "unknown locale 'fr'"),
        ("{en-US: Hit, pt-BR: ''}", 9, "abilities[0].name.pt-BR", "expected text"),
        ("{en-US: [Hit]}", 9, "abilities[0].name.en-US", "expected a single value"),
        ("{}", 9, "abilities[0].name", "mapping of locales"),
        ("{en-US: Hit, en-US: Blow}", 9, "abilities[0].name", "duplicate key 'en-US'"),
    ],
)
def test_a_bad_name_mapping_is_refused_naming_file_line_and_field(
    tmp_path: Path, name: str, line: int, field: str, detail: str
) -> None:
    with pytest.raises(ContentError) as info:
        _hero(tmp_path, GOOD.replace("name: Hit", f"name: {name}"))
    err = info.value
    assert err.key == "dicethrone.error.content"
    assert (err.params["file"], err.params["line"], err.params["field"]) == (
        "tiny.yaml",
        line,
        field,
    )
    assert detail in str(err.params["detail"])


def test_no_two_shipped_names_of_one_hero_read_alike_in_any_locale() -> None:
    """A pt-BR player must tell the Paladin's Retaliate ability from her Retribution
    token (the rulebook's "Vingança"), so no two names of one hero coincide."""
    for hero in ENGINE.load_content(None).heroes.values():
        named = [*hero.abilities, *hero.defenses, *hero.statuses, *hero.cards]
        for locale in ("en-US", "pt-BR", "it"):
            shown = [dt_effect_words.name_in(dict(e.name), locale) for e in named]
            assert len(shown) == len(set(shown)), (hero.id, locale, shown)
