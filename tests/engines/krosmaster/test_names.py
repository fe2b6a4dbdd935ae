"""Content names in the players' languages: one content, each reader's own words."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from engines.core import ContentError, Event, RiggedDice, SetupError
from engines.core.serde import from_json, to_json
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import load_file
from engines.krosmaster.content.schema import ContentPack
from engines.krosmaster.names import local_name, localise
from engines.krosmaster.render.board import short_names
from engines.krosmaster.rules.setup import resolve_figures

from .helpers import new_match, position

CATALOG = ENGINE.catalog()


def _texts(events: list[Event], key: str, locale: str) -> list[str]:
    return [CATALOG.translate(e.key, locale, **e.params) for e in events if e.key == key]


def _punch_gultar() -> list[Event]:
    state = position(
        {
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "C4"}],
            "active": "0.tristepan",
        }
    )
    out = ENGINE.apply(state, 0, A.Cast("punch", "C4"), RiggedDice(["Crit", "Lock"]))
    return list(out.events)


def test_the_same_cast_reads_in_each_players_language() -> None:
    # 4.8.5: the Punch is "Golpe" in the Portuguese rulebook and "Pugno" in the Italian
    # supplement; Gultar o Bárbaro is "Gultard il Barbaro" there.
    events = _punch_gultar()
    assert _texts(events, "krosmaster.event.cast", "en-US") == ["Tristepan casts Punch at C4."]
    assert _texts(events, "krosmaster.event.cast", "pt-BR") == ["Tristepan lança Golpe em C4."]
    assert "Pugno" in _texts(events, "krosmaster.event.cast", "it")[0]
    damage = {loc: _texts(events, "krosmaster.event.damage", loc)[0] for loc in ("pt-BR", "it")}
    assert damage["pt-BR"].startswith("Gultar o Bárbaro:")
    assert damage["it"].startswith("Gultard il Barbaro:")
    # No English name is known for him: an English reader gets the first one given.
    assert _texts(events, "krosmaster.event.damage", "en-US")[0].startswith("Gultar o Bárbaro:")


def test_stored_events_keep_their_names_per_locale_and_old_plain_ones_stay() -> None:
    stored = json.loads(json.dumps(to_json(_punch_gultar())))
    events = from_json(list[Event], stored)
    assert _texts(events, "krosmaster.event.cast", "pt-BR") == ["Tristepan lança Golpe em C4."]
    # An event stored before names were given per locale still reads as it was written.
    old = Event("krosmaster.event.cast", {"unit": "Tristepan", "spell": "Punch", "square": "C4"})
    assert _texts([old], "krosmaster.event.cast", "pt-BR") == ["Tristepan lança Punch em C4."]


def test_a_spell_may_be_typed_in_any_language_and_autocomplete_shows_the_readers() -> None:
    state = position(
        {
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3"},
                {"id": "1.gultar", "square": "C4"},
            ],
            "active": "0.rainha-dos-tofus",
        },
        team1="tofu-court",
    )
    choices = ENGINE.autocomplete(state, 0, "cast", "spell", "to fu", {})
    assert [c.value for c in choices] == ["dan-to-fu"]  # typed as the Italian "To Fu Ti"
    label = choices[0].label
    assert CATALOG.translate(label.key, "it", **label.params).startswith("To Fu Ti (")
    assert CATALOG.translate(label.key, "pt-BR", **label.params).startswith("Dan To Fu (")
    typed = ENGINE.apply(state, 0, A.Cast("Pugno", "C4"), RiggedDice(["Lock", "Lock"]))
    assert "Pugno" in _texts(list(typed.events), "krosmaster.event.cast", "it")[0]


def test_the_inspiration_menu_names_figures_in_the_readers_language() -> None:
    state = position({"units": [{"id": "0.cavaleiro-nuvem", "square": "C3"}]}, team1="tofu-court")
    unit = next(u for u in state.units if u.id == "0.cavaleiro-nuvem")
    shown = local_name(state.fig(unit))
    assert shown == {"pt-BR": "Cavaleiro Nuvem", "it": "Cavaliere Nuvola"}
    assert CATALOG.translate("krosmaster.choice.plain", "it", text=shown) == "Cavaliere Nuvola"
    assert CATALOG.translate("krosmaster.choice.plain", "pt-BR", text=shown) == "Cavaleiro Nuvem"


def _load(tmp_path: Path, name: str) -> ContentPack:
    path = tmp_path / "pack.yaml"
    path.write_text(
        "figures:\n"
        "  - id: x\n"
        f"    name: {name}\n"
        "    colour: gold\n    level: 1\n    initiative: 1\n    mp: 3\n    hp: 5\n    ap: 6\n"
        "    source: test\n    verified: false\n",
        encoding="utf-8",
    )
    pack = ContentPack()
    load_file(path, pack)
    return pack


def test_a_plain_string_name_still_loads_and_shows_as_is(tmp_path: Path) -> None:
    fig = _load(tmp_path, "Bolinha").figures["x"]
    assert fig.name == "Bolinha" and fig.names == ()
    assert local_name(fig) == "Bolinha"


def test_a_name_per_locale_loads_with_en_us_as_the_matched_name(tmp_path: Path) -> None:
    fig = _load(tmp_path, "{pt-BR: Bolinha, en-US: Little Ball}").figures["x"]
    assert fig.name == "Little Ball"
    assert local_name(fig) == {"pt-BR": "Bolinha", "en-US": "Little Ball"}
    assert CATALOG.translate("krosmaster.choice.plain", "it", text=local_name(fig)) == "Little Ball"


@pytest.mark.parametrize(
    ("name", "field", "problem"),
    [
        ("{fr: Petite Balle}", "figures[0].name.fr", "unknown field"),
        ("{}", "figures[0].name", "one per locale"),
        ("{pt-BR: [Bolinha]}", "figures[0].name.pt-BR", "expected a single value"),
        ("{pt-BR: ''}", "figures[0].name.pt-BR", "non-empty text"),
    ],
)
def test_a_bad_name_mapping_is_refused_naming_file_line_and_field(
    tmp_path: Path, name: str, field: str, problem: str
) -> None:
    with pytest.raises(ContentError) as err:
        _load(tmp_path, name)
    assert err.value.params["file"] == "pack.yaml"
    assert err.value.params["line"] == 3
    assert err.value.params["field"] == field
    assert problem in str(err.value)


def test_the_board_render_uses_the_readers_names() -> None:
    state = position(
        {
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3"},
                {"id": "1.gultar", "square": "C5"},
            ],
            "active": "0.rainha-dos-tofus",
        },
        team1="tofu-court",
    )
    view = ENGINE.view(state, None)
    for locale in ("pt-BR", "it"):
        png = ENGINE.render(view, "board", locale)
        assert Image.open(io.BytesIO(png)).size[0] == 960
    # The view keeps every name; the render picks the reader's (tokens: RAI / REG).
    queen = next(u for u in view.data["units"] if u["id"] == "0.rainha-dos-tofus")
    assert queen["name"] == {"pt-BR": "Rainha dos Tofus", "it": "Regina dei Tofu"}
    tokens = {loc: short_names(localise(view.data, loc)["units"]) for loc in ("pt-BR", "it")}
    assert tokens["pt-BR"]["0.rainha-dos-tofus"] == "RAI"
    assert tokens["it"]["0.rainha-dos-tofus"] == "REG"


def test_a_team_may_name_its_figures_in_any_language() -> None:
    state = new_match(team1="Regina dei Tofu, Cavaliere Nuvola, Luk Ylook, Ana Tomya")
    assert {u.id for u in state.units if u.owner == 0} >= {"0.rainha-dos-tofus"}


def test_a_krosmaster_is_found_by_a_part_of_its_name_when_only_one_matches() -> None:
    pool = ENGINE.load_content(None).figures
    # A part of the name, as players say it; case and accents do not matter.
    for typed in ("gultar o barbaro", "BÁRBARO", "goultard the barb"):
        assert [f.id for f in resolve_figures(pool, [typed])] == ["gultar"], typed
    # A whole printed name is that figure, even where it is a part of another's:
    # "Gultar" is the Season 1 Goultard's pt-BR name (K2), not Gultar o Bárbaro.
    assert [f.id for f in resolve_figures(pool, ["Gultar"])] == ["goultard"]
    with pytest.raises(SetupError) as several:
        resolve_figures(pool, ["gul"])
    assert several.value.key == "krosmaster.error.ambiguous_figure"
    text = CATALOG.translate(several.value.key, "pt-BR", **several.value.params)
    assert "Gultar o Bárbaro" in text and "Koa Gullar" in text
    with pytest.raises(SetupError) as none:
        resolve_figures(pool, ["kamehameha"])
    assert none.value.key == "krosmaster.error.unknown_figure"
