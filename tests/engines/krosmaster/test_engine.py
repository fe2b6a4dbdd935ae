"""The engine contract: decisions, commands, autocomplete, views, renders, scenarios."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

from PIL import Image

from engines import scenario
from engines.core import Decision, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.state import Phase
from tests.engines.krosmaster.helpers import act, new_match, position

HERE = Path(__file__).parent / "scenarios"


def test_every_command_builds_an_action_from_its_options() -> None:
    kinds = {tp.kind: tp for tp in ENGINE.action_types}
    for command in ENGINE.commands():
        assert command.action in kinds, command.name
        fields = {f.name for f in dataclasses.fields(kinds[command.action])}
        assert {o.name for o in command.options} <= fields, command.name


def test_every_decision_has_a_default_that_may_be_applied() -> None:
    state = new_match()
    for _ in range(40):
        decisions: list[Decision] = [d for d in ENGINE.pending(state) if not d.optional]
        assert len(decisions) == 1 and decisions[0].default is not None
        state = ENGINE.apply(
            state, decisions[0].seat, decisions[0].default, RiggedDice(["Lock", "Crit"])
        ).state
    assert state.phase in (Phase.ACTIVATION, Phase.TENSION, Phase.TENSION_ROLLED, Phase.INSPIRATION)


def test_autocomplete_offers_only_legal_choices() -> None:
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3"},
                {"id": "1.gultar", "square": "C5"},
                {"id": "1.gasper-feyto", "square": "C4"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    spells = {c.value for c in ENGINE.autocomplete(state, 0, "cast", "spell", "", {})}
    assert spells == {"burla", "engano", "punch"}
    targets = {
        c.value: ENGINE.catalog().translate(c.label.key, "en-US", **c.label.params)
        for c in ENGINE.autocomplete(state, 0, "cast", "target", "", {})
    }
    assert "C5" not in targets  # Gasper blocks the line of sight
    assert "Burla" in targets["C4"] and "Punch" in targets["C4"]
    moves = {c.value for c in ENGINE.autocomplete(state, 0, "move", "to", "", {})}
    assert "C4" not in moves and "D3" in moves
    assert ENGINE.autocomplete(state, 1, "move", "to", "", {}) == []  # not Bruno's unit


def test_deploy_autocomplete_lists_undeployed_figures_and_free_start_squares() -> None:
    state = new_match()
    figures = {c.value for c in ENGINE.autocomplete(state, 0, "deploy", "figure", "", {})}
    assert "0.tristepan" in figures
    state = act(state, A.Deploy("0.tristepan", "B1"))
    squares = {c.value for c in ENGINE.autocomplete(state, 0, "deploy", "square", "", {})}
    assert "B1" not in squares and "D1" in squares


def test_the_public_view_never_shows_pile_contents() -> None:
    # Without face-down rewards on cards every seat sees the same; piles show counts only.
    state = new_match()
    assert ENGINE.view(state, None).data == ENGINE.view(state, 0).data
    public = ENGINE.view(state, None).data
    assert public["piles"][0] == {"pile": "granite-1", "count": 2, "shown": None}
    names = {r.name for r in state.rewards.values()}
    assert not any(name in json.dumps(public) for name in names)


def test_render_is_a_960_px_png_a_phone_can_show_in_every_locale() -> None:
    state = position(
        {
            "units": [{"id": "0.vigg-arysta", "square": "C3"}, {"id": "1.gultar", "square": "C5"}],
            "active": "0.vigg-arysta",
        }
    )
    state = act(state, A.Cast("engano", "C5"), ["Crit"])
    for locale in ("en-US", "pt-BR", "it"):
        image = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "board", locale)))
        # Panels beside the board: no taller than about 1,100 px (issue 13).
        assert image.width == 960 and 800 < image.height <= 1100


def test_the_rulebook_scenarios_pass() -> None:
    for path in sorted(HERE.glob("*.yaml")):
        result = scenario.run(scenario.load(path))
        problems = scenario.check(result, scenario.load(path).expect)
        assert problems == [], (path.name, problems)


def test_the_preview_lists_reach_targets_and_squares_without_sight() -> None:
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "E5"},
                {"id": "0.tristepan", "square": "F5"},
                {"id": "1.gultar", "square": "E7"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    preview = ENGINE.view(state, None).data["preview"]
    assert preview["reach"]["E4"] == 1 and "F5" not in preview["reach"]
    assert "Engano" in preview["targets"]["E7"]
    assert "G5" in preview["unseen"]  # Tristepan stands in the way (4.15.9.a)
    image = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "preview", "it")))
    assert image.width == 960
    assert ENGINE.view(new_match(), None).data["preview"] is None  # only while activating


def test_commands_fit_discords_limits_in_every_language() -> None:
    # The same checks the bot applies to installed games (tests/bot/test_game_commands.py).
    import re

    from bot.i18n import build_catalog
    from engines.core.i18n import LOCALES

    name = re.compile(r"^[-_\w]{1,32}$")
    catalog = build_catalog([ENGINE])
    specs = ENGINE.commands()
    assert 1 <= len(specs) <= 25 and len({s.name for s in specs}) == len(specs)
    for spec in specs:
        assert name.match(spec.name) and spec.action in ENGINE.codec.kinds
        assert len(spec.options) <= 24
        for locale in LOCALES:
            text = catalog.translate(spec.description.key, locale)
            assert text != spec.description.key and 1 <= len(text) <= 100, (spec.name, locale)
            for opt in spec.options:
                assert name.match(opt.name)
                desc = catalog.translate(opt.description.key, locale)
                assert desc != opt.description.key and 1 <= len(desc) <= 100, (opt.name, locale)
    for option in ENGINE.options:
        for locale in LOCALES:
            assert len(catalog.translate(option.description.key, locale)) <= 100


def test_tension_decisions_can_be_automated_by_a_standing_preference() -> None:
    assert [p.key for p in ENGINE.preferences] == ["krosmaster.auto_tension"]
    state = new_match()
    while state.phase is Phase.DEPLOY or state.player_turn == 1:
        state = ENGINE.apply(
            state, ENGINE.pending(state)[0].seat, ENGINE.pending(state)[0].default, RiggedDice()
        ).state
    assert state.phase is Phase.TENSION
    assert ENGINE.pending(state)[0].preference == "krosmaster.auto_tension"
    state = act(state, A.Tension(), ["Lock", "Crit"])
    assert ENGINE.pending(state)[0].preference == "krosmaster.auto_tension"
    state = act(state, A.Keep())
    assert ENGINE.pending(state)[0].preference is None  # inspiration is a real choice
