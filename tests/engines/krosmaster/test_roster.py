"""The printed roster in team building: real levels, name colours and bosses (1.1.1), the
refusal of a figure known only by its stat line (with how to complete it), the default
presets, the catalogue and the completion template."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError, EngineError, RiggedDice, SetupError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import builtin_pack, load_dir
from engines.krosmaster.content.roster import load_roster
from engines.krosmaster.rules.setup import CONSTRUCTED, LIMITED, resolve_team, validate_team
from engines.krosmaster.rules.state import Phase
from tests.engines.krosmaster.helpers import SEATS

PACK = builtin_pack()


def check(team: str, fmt: str = CONSTRUCTED) -> str:
    """The refusal's key (``ok`` when the team is playable and legal)."""
    try:
        validate_team(resolve_team(PACK, team), fmt)
    except SetupError as exc:
        return exc.key.removeprefix("krosmaster.error.")
    return "ok"


@pytest.mark.parametrize(
    ("team", "refusal"),
    [
        # Level 12 of white names, each twice (1.1.1.e): legal, but not playable yet.
        ("Bill Tell, Bill Tell, Anna Tommy, Anna Tommy", "not_playable"),
        (
            "Bill Tell, Bill Tell, Bill Tell, Quentin Flush, Quentin Flush, Quentin Flush",
            "team_copies",
        ),
        # Gold names are unique (1.1.1.c), versions of one Krosmaster count as one (2.1.2).
        ("Percedal, Percedal, Merkator", "team_copies"),
        ("Percedal, Percedal - Percylax, Fraktor", "team_copies"),
        ("Tristepan, Tristepan - Tristemônio, Ratweyra", "team_copies"),  # the same, in pt-BR
        # Black names up to three times (1.1.1.f).
        (
            "Brakmar Riktus, Brakmar Riktus, Brakmar Riktus, Fraktor, Quentin Flush, Coa Gulary",
            "not_playable",
        ),
        ("Brakmar Riktus, Brakmar Riktus, Brakmar Riktus, Brakmar Riktus, Fraktor", "team_copies"),
        # One Boss (1.1.1.g): Merkator and Captain Amakna are both Bosses, level 12.
        ("Merkator, Captain Amakna", "team_size"),
        ("Merkator, Royal Tofu, Luk Ylook, Coa Gulary", "team_boss"),
        # The level is the printed one (1.1.1.b): 3 + 3 + 6 = 12 with Goultard the Barbarian.
        ("Percedal, Evangelyne, Goultard the Barbarian", "not_playable"),
        ("Percedal, Evangelyne, Merkator, Quentin Flush", "team_level"),
    ],
)
def test_team_rules_with_the_printed_levels_colours_and_bosses(team: str, refusal: str) -> None:
    assert check(team) == refusal


def test_a_team_is_named_in_portuguese_too() -> None:
    names = [f.id for f in resolve_team(PACK, "Tristepan, Gui Yermetel, Cavaleiro Tênebra")]
    assert names == ["tristepan", "gui-yermetel", "darkness-knight"]


def test_limited_allows_copies_of_a_gold_name_and_the_preset_is_limited() -> None:
    assert check("osamodas-court", LIMITED) == "ok"  # 1.1.2.c
    assert check("osamodas-court", CONSTRUCTED) == "team_copies"  # 1.1.1.c


def test_a_figure_known_only_by_its_stats_is_refused_with_how_to_complete_it() -> None:
    state = ENGINE.new_match({"teams": "submit"}, SEATS, PACK, RiggedDice())
    team = A.Team("Tristepan, Gui Yermetel, Evangelyne, Cavaleiro Nuvem")  # level 12
    with pytest.raises(EngineError) as err:
        ENGINE.apply(state, 0, team, RiggedDice())
    assert err.value.key == "krosmaster.error.not_playable"
    assert err.value.params["figure"] == "tristepan"
    # The Discord commands as each language's client shows them (bot/locales), then the CLI.
    for locale, template, upload in (
        ("en-US", "/content template game:krosmaster entry:tristepan", "/content upload"),
        ("pt-BR", "/conteudo modelo jogo:krosmaster entrada:tristepan", "/conteudo enviar"),
        ("it", "/contenuti modello gioco:krosmaster voce:tristepan", "/contenuti carica"),
    ):
        text = ENGINE.catalog().translate(err.value.key, locale, **err.value.params)
        assert template in text and upload in text, text
        assert "content template krosmaster tristepan" in text
        assert len(text) < 2000  # one Discord message
    pt = ENGINE.catalog().translate(err.value.key, "pt-BR", **err.value.params)
    assert "Tristepan" in pt and "Ainda não jogável" in pt
    assert state.submitted == ((), ())  # nothing changed


def test_a_not_playable_figure_in_the_options_refuses_the_match() -> None:
    team = "merkator, luk-ylook, koa-gullar, quentin-flush, fern-sockem, di-curey"
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({"team1": team}, SEATS, PACK, RiggedDice([True]))
    assert err.value.key == "krosmaster.error.not_playable"


def test_the_default_duel_plays_the_limited_preset() -> None:
    state = ENGINE.new_match({}, SEATS, PACK, RiggedDice([True]))
    assert state.fmt == LIMITED and state.phase is Phase.DEPLOY
    assert sorted(u.figure for u in state.units if u.owner == 0) == sorted(
        ["rainha-dos-tofus", "king-of-the-gobballs"] * 2
    )
    assert [p.gg for p in state.players] == [6, 6]  # 1.3.5.b: 24 levels, no difference


def test_the_catalogue_gives_each_figures_printed_facts() -> None:
    listed = ENGINE.catalogue(PACK)
    assert [e["id"] for e in listed] == ENGINE.entry_ids(PACK)
    merkator = next(e for e in listed if e["id"] == "merkator")
    assert next(iter(merkator)) == "id"
    assert {
        k: merkator[k] for k in ("name", "name_pt", "level", "initiative", "hp", "ap", "mp")
    } == {
        "name": "Merkator",
        "name_pt": "Merkator",
        "level": 6,
        "initiative": 2,
        "hp": 17,
        "ap": 8,
        "mp": 3,
    }
    assert (merkator["colour"], merkator["boss"], merkator["playable"]) == ("gold", True, False)
    assert "K1" in str(merkator["source"]) and "Eternal" in str(merkator["source"])
    vigg = next(e for e in listed if e["id"] == "vigg-arysta")
    assert (vigg["hp"], vigg["ap"], vigg["mp"]) == (10, None, None)  # no record gives them
    queen = next(e for e in listed if e["id"] == "rainha-dos-tofus")
    assert (queen["name"], queen["name_pt"], queen["playable"]) == (
        "Queen of the Tofus",
        "Rainha dos Tofus",
        True,
    )


def test_the_template_completes_a_figure_from_ones_own_card(tmp_path: Path) -> None:
    text = ENGINE.content_template(PACK, "Luk Ylook")
    assert text is not None and "level: 2" in text and "initiative: 6" in text
    pack = tmp_path / "club"
    pack.mkdir()
    (pack / "pack.yaml").write_text("extends: default\n", encoding="utf-8")
    # As uploaded unchanged: it loads, and the figure is still not playable.
    (pack / "luk.yaml").write_text(text, encoding="utf-8")
    assert not load_dir(pack).figures["luk-ylook"].playable
    # Filled in from the card (a made-up spell here): playable, and a team may hold it.
    spell = "  spells:\n    - {id: s, name: S, kind: attack, element: air, "
    spell += "range: {kind: ranged, min: 1, max: 4}, cost: {ap: 3}, amount: 1}\n"
    filled = text.replace("  playable: false\n", "") + spell
    (pack / "luk.yaml").write_text(filled, encoding="utf-8")
    club = load_dir(pack)
    assert club.figures["luk-ylook"].playable and club.figures["luk-ylook"].spells
    team = resolve_team(club, "luk-ylook, rainha-dos-tofus, king-of-the-gobballs, rainha-dos-tofus")
    validate_team(team, LIMITED)  # level 11: the highest a team of them reaches (1.1.2.b)


def test_a_template_is_refused_for_an_unknown_figure() -> None:
    assert ENGINE.content_template(PACK, "Nobody") is None


def test_a_bad_roster_line_names_its_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    head = "id,name,name_pt,version,colour,level,initiative,mp,hp,ap,boss,source\n"
    path.write_text(head + "x,X,,,silver,1,1,3,5,6,,K1\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_roster(path)
    assert (err.value.params["line"], err.value.params["field"]) == (2, "colour")
    path.write_text(head + "x,X,,,gold,1,one,3,5,6,,K1\n", encoding="utf-8")
    with pytest.raises(ContentError, match="initiative"):
        load_roster(path)
