"""The scenario runner: YAML in, a view out, exit codes for failures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engines import scenario

HERE = Path(__file__).parent / "scenarios"
ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = """\
game: testgame
modules: [tests.testgame]
seats: [Alice, Bruno]
options: {target: 12, hand: 2}
dice: [true]
setup:
  players:
    - {name: Alice, hand: [9, 8]}
    - {name: Bruno, hand: [1, 1]}
"""


def test_cli_prints_the_public_view_of_a_winning_scenario() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engines.scenario", "run", str(HERE / "testgame_win.yaml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)["view"]
    assert view["winner"] == 0
    assert view["players"][0]["score"] == 15
    assert "hand" not in view


def test_seat_view_shows_that_seats_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BASE)
    assert scenario.main(["run", str(path), "--seat", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["view"]["hand"] == [1, 1]


def test_an_illegal_step_exits_1_with_the_engine_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        BASE + "steps:\n  - {seat: 0, action: roll, dice: [3]}\n"
        "  - {seat: 0, action: {kind: play, card: 5}}\n",
    )
    assert scenario.main(["run", str(path), "--locale", "pt-BR"]) == scenario.EXIT_ILLEGAL
    err = capsys.readouterr().err
    assert "illegal step 2" in err
    assert "Você não tem 5 na mão." in err
    assert "regra 2" in err


def test_a_step_may_expect_a_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        BASE + "steps:\n  - {seat: 1, action: roll, error: core.error.not_your_turn}\n"
        "expect:\n  pending: [{seat: 0, kinds: [roll]}]\n",
    )
    assert scenario.main(["run", str(path)]) == 0


def test_an_unmet_expectation_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        BASE + "steps:\n  - {seat: 0, action: roll, dice: [3]}\n"
        "expect:\n  state: {last_roll: 4}\n  result: {kind: win, winners: [0]}\n",
    )
    assert scenario.main(["run", str(path)]) == scenario.EXIT_EXPECTATION
    err = capsys.readouterr().err
    assert "state.last_roll: expected 4, got 3" in err
    assert "result: expected" in err


@pytest.mark.parametrize(
    "text",
    [
        "seats: [A]\n",
        "game: testgame\nmodules: [tests.testgame]\nseats: [A, B]\nstepz: []\n",
        "game: chess\nseats: [A, B]\n",
        ": : :\n",
        BASE + "setup:\n  players: [{name: 1, hand: x}]\n",
    ],
)
def test_an_invalid_file_exits_3_or_1(tmp_path: Path, text: str) -> None:
    assert scenario.main(["run", str(write(tmp_path, text))]) in (
        scenario.EXIT_INVALID,
        scenario.EXIT_ILLEGAL,
    )


def test_running_out_of_forced_dice_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BASE + "steps:\n  - {seat: 0, action: roll}\n")
    assert scenario.main(["run", str(path)]) == scenario.EXIT_ILLEGAL
    assert "No forced dice result left" in capsys.readouterr().err


def test_a_scenario_can_play_a_community_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from engines.core.packs import set_content_roots

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "assets/content/dicethrone/base", tmp_path / "packs/dicethrone/club")
    path = tmp_path / "club.yaml"
    text = "game: dicethrone\nseats: [Ana, Bia]\ncontent: club\ndice: [6, 1]\n"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("CONTENT_DIRS", str(tmp_path / "packs"))
    try:
        assert scenario.main(["run", str(path)]) == 0
    finally:
        set_content_roots([])
    assert '"view"' in capsys.readouterr().out


# -- the pack author's test bench (issue 14) -------------------------------------

DOCS = ROOT / "docs" / "examples"


@pytest.mark.parametrize("path", sorted((DOCS / "scenarios").glob("*.yaml")), ids=lambda p: p.stem)
def test_the_worked_examples_scenarios_pass(path: Path) -> None:
    loaded = scenario.load(path)
    assert scenario.check(scenario.run(loaded), loaded.expect) == []


def test_expectations_on_the_view_by_name_with_matchers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE + (
        "steps:\n  - {seat: 0, action: roll, dice: [3]}\n"
        "expect:\n"
        "  view:\n"
        "    players[name=Alice].score: 0\n"
        "    players[Bruno].score: {$min: 0, $max: 0}\n"
        "    players: {$len: 2, $has: {name: Bruno}, $lacks: {name: Carla}}\n"
        "    last_roll: {$not: 4}\n"
        "  seat_view:\n"
        "    0: {hand: {$len: 2, $has: [9, 8], $lacks: 1}}\n"
        "  no_events: [testgame.event.won]\n"
    )
    assert scenario.main(["run", str(write(tmp_path, text))]) == 0, capsys.readouterr().err


def test_each_unmet_matcher_says_what_it_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE + (
        "steps:\n  - {seat: 0, action: roll, dice: [3]}\n"
        "expect:\n"
        "  view:\n"
        "    players: {$len: 3}\n"
        "    players[Carla].score: 0\n"
        "  seat_view:\n"
        "    1: {hand: {$has: 9}}\n"
        "  events: [testgame.event.rolled]\n"
        "  no_events: [testgame.event.rolled, testgame.event.nonsense]\n"
    )
    assert scenario.main(["run", str(write(tmp_path, text))]) == scenario.EXIT_EXPECTATION
    err = capsys.readouterr().err
    assert "view.players: expected 3 items, got 2" in err
    assert "view.players[Carla].score: expected 0, got None" in err
    assert "seat_view.1.hand: [9] not in [1, 1]" in err
    assert "no_events: ['testgame.event.rolled'] happened" in err
    assert "['testgame.event.nonsense'] are not event keys of testgame" in err


def test_paths_pick_list_elements_by_id_name_or_field() -> None:
    from engines.scenario_match import index_of, lookup

    data = {
        "units": [
            {"id": "0.tofu", "name": {"en-US": "Tofu", "pt-BR": "Tofu"}, "hp": 3},
            {"id": "1.merkator", "name": "Merkator", "owner": 1, "hp": 17},
        ]
    }
    assert lookup(data, "units[1.merkator].hp") == 17
    assert lookup(data, "units[merkator].hp") == 17  # text ignores case
    assert lookup(data, "units[Tofu].hp") == 3  # a name given per language
    assert lookup(data, "units[owner=1].id") == "1.merkator"
    assert lookup(data, "units.0.hp") == 3
    assert lookup(data, "units[nobody].hp") is None
    assert index_of(data, "units[Merkator]") == 1


@pytest.mark.parametrize(
    ("expect", "problem"),
    [
        ("  view: {'units[': 1}\n", "cannot read the path"),
        ("  view: {'units[].hp': 1}\n", "empty selector"),
        ("  veiw: {}\n", "unknown key(s) veiw"),
        ("  no_events: won\n", "expect.no_events is a list"),
    ],
)
def test_a_bad_expectation_is_an_invalid_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], expect: str, problem: str
) -> None:
    path = write(tmp_path, BASE + "expect:\n" + expect)
    assert scenario.main(["run", str(path)]) == scenario.EXIT_INVALID
    assert problem in capsys.readouterr().err


DT = """\
game: dicethrone
modules: [engines.dicethrone]
seats: [Ana, Bia]
dice: [6, 1]
"""


def test_an_expected_set_up_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect = "expect: {setup_error: dicethrone.error.unknown_hero}\n"
    refused = DT + "options: {hero1: nobody}\n" + expect
    assert scenario.main(["run", str(write(tmp_path, refused))]) == 0
    assert json.loads(capsys.readouterr().out) == {"setup_error": "dicethrone.error.unknown_hero"}
    accepted = DT + expect
    assert scenario.main(["run", str(write(tmp_path, accepted))]) == scenario.EXIT_EXPECTATION
    assert "expected error dicethrone.error.unknown_hero" in capsys.readouterr().err
    other = DT + "options: {hero1: nobody}\n"
    assert scenario.main(["run", str(write(tmp_path, other))]) == scenario.EXIT_ILLEGAL
    err = capsys.readouterr().err
    assert "set-up refused" in err and "[dicethrone.error.unknown_hero]" in err


def test_inline_content_is_checked_like_a_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = DT + (
        "content:\n  pack: base\n  files:\n    heroes/x.yaml: {id: x, name: X, complexity: 9}\n"
    )
    assert scenario.main(["run", str(write(tmp_path, broken))]) == scenario.EXIT_ILLEGAL
    err = capsys.readouterr().err
    assert "x.yaml" in err and "[dicethrone.error.content]" in err


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{path: nowhere}", "no pack directory"),
        ("{pack: nothing}", "no dicethrone pack named 'nothing'"),
        ("{pack: base, files: {../escape.yaml: {}}}", "not a .yaml file's path inside"),
        ("{pack: base, files: {heroes/x.txt: {}}}", "not a .yaml file's path inside"),
        ("{pack: base, extends: x}", "unknown key(s) extends"),
    ],
)
def test_a_bad_content_entry_is_an_invalid_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, problem: str
) -> None:
    path = write(tmp_path, DT + f"content: {content}\n")
    assert scenario.main(["run", str(path)]) == scenario.EXIT_INVALID
    assert problem in capsys.readouterr().err


def test_a_scenarios_own_pack_leaves_nothing_behind(tmp_path: Path) -> None:
    from engines.core.packs import content_roots

    before = content_roots()
    mini = ROOT / "tests/engines/dicethrone/packs/mini"
    text = DT + f"content: {{path: {mini}}}\noptions: {{hero1: duelist, hero2: warden}}\n"
    path = write(tmp_path, text)
    result = scenario.run(scenario.load(path))
    assert result.state.pack.startswith("scenario-")
    assert content_roots() == before


def test_a_scenario_may_start_from_a_whole_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = scenario.run(scenario.load(write(tmp_path, BASE)))
    position = first.engine.state_to_json(first.state)
    text = yaml.safe_dump(
        {
            "game": "testgame",
            "modules": ["tests.testgame"],
            "seats": ["Alice", "Bruno"],
            "state": position,
            "steps": [{"seat": 0, "action": "roll", "dice": [3]}],
            "expect": {"state": {"last_roll": 3}, "seat_view": {0: {"hand": [9, 8]}}},
        }
    )
    assert scenario.main(["run", str(write(tmp_path, text))]) == 0, capsys.readouterr().err
    broken = text.replace("last_roll", "last_roll_").replace("target:", "targt:")
    assert scenario.main(["run", str(write(tmp_path, broken))]) == scenario.EXIT_ILLEGAL
    assert "[core.error.setup_override]" in capsys.readouterr().err
