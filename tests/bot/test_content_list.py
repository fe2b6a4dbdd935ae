"""``python -m bot content list GAME [--json]``: the built-in catalogue of a game."""

from __future__ import annotations

import json

import pytest

from bot.__main__ import main
from engines.core.registry import get, load_games

GAMES = ("krosmaster", "dicethrone", "battlescenes")


@pytest.mark.parametrize("game", GAMES)
def test_the_json_catalogue_names_every_built_in_entry(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    load_games([])
    engine = get(game)
    assert main(["content", "list", game, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["id"] for entry in listed] == engine.entry_ids(engine.load_content(None))


def test_an_unknown_game_is_refused_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "list", "chess"]) == 2
    assert "chess" in capsys.readouterr().err


def test_a_krosmaster_template_is_printed_with_the_figures_printed_stats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load_games([])
    assert main(["content", "template", "krosmaster", "Luk Ylook"]) == 0
    text = capsys.readouterr().out
    assert "id: luk-ylook" in text and "initiative: 6" in text and "playable: false" in text
    assert main(["content", "template", "krosmaster", "Nobody", "--locale", "pt-BR"]) == 1
    assert "Nobody" in capsys.readouterr().err
