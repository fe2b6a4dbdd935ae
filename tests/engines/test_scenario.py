"""The scenario runner: YAML in, a view out, exit codes for failures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

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
