"""Exports and dice verification: honest logs pass, any tampering is caught."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.service import MatchService, Player
from bot.verify import verify_export
from tests.testgame import ENGINE as TESTGAME

ROOT = Path(__file__).resolve().parents[2]
ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")


async def play_to_the_end(service: MatchService, target: int = 20) -> int:
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="testgame",
        creator=ALICE,
        opponents=[BRUNO],
        options_text=f"target={target}",
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    snap = await service.start(match.id, thread_id=3)
    while pending := snap.pending():
        decision = pending[0]
        assert decision.default is not None
        action = TESTGAME.action_to_json(decision.default)
        snap = await service.act(match.id, snap.user_of(decision.seat), action)
    return match.id


async def test_an_honest_finished_match_verifies(service: MatchService) -> None:
    match_id = await play_to_the_end(service)
    export = await service.export(match_id)
    assert export["match"]["status"] == "finished" and export["match"]["seed"]
    report = verify_export(export, TESTGAME)
    assert report.ok, report.problems
    assert report.checked_events == len(export["events"]) and report.checked_draws > 3


async def test_tampering_with_a_roll_the_seed_or_a_move_is_caught(service: MatchService) -> None:
    export = await service.export(await play_to_the_end(service))
    rolls = [e for e in export["events"] if e["action"].get("kind") == "roll"]

    tampered = copy.deepcopy(export)
    roll = next(e for e in tampered["events"] if e["seq"] == rolls[0]["seq"])
    roll["dice"][0]["value"] = roll["dice"][0]["value"] % 6 + 1  # a friendlier die
    (problem,) = verify_export(tampered, TESTGAME).problems
    assert (problem.key, problem.params["seq"]) == ("bot.verify.mismatch", rolls[0]["seq"])

    other_seed = copy.deepcopy(export)
    other_seed["match"]["seed"] = "00" * 32
    keys = [p.key for p in verify_export(other_seed, TESTGAME).problems]
    assert keys[0] == "bot.verify.wrong_commitment" and "bot.verify.mismatch" in keys

    played = copy.deepcopy(export)
    play = next(e for e in played["events"] if e["action"].get("kind") == "play")
    play["action"]["card"] = 99
    problems = verify_export(played, TESTGAME).problems
    assert problems[-1].key == "bot.verify.no_replay"


async def test_an_export_during_the_match_hides_the_seed_and_hidden_details(
    service: MatchService,
) -> None:
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="testgame",
        creator=ALICE,
        opponents=[BRUNO],
        options_text="target=200",
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    snap = await service.start(match.id, thread_id=3)
    for _ in range(2):  # roll, then play a card (which draws one, hidden)
        decision = snap.pending()[0]
        assert decision.default is not None
        snap = await service.act(
            match.id, snap.user_of(decision.seat), TESTGAME.action_to_json(decision.default)
        )
    export = await service.export(match.id)
    assert export["match"]["seed"] is None
    shuffle = export["events"][0]["dice"][0]
    assert shuffle["kind"] == "shuffle" and shuffle["value"] is None
    drew = [e for ev in export["events"] for e in ev["events"] if "drew" in e["key"]]
    assert drew and all(e["key"].endswith(".hidden") and "card" not in e["params"] for e in drew)
    assert [p.key for p in verify_export(export, TESTGAME).problems] == ["bot.verify.no_seed"]


def run_verify(path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GAMES": "tests.testgame"}
    return subprocess.run(
        [sys.executable, "-m", "bot", "verify", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


async def test_the_offline_command_verifies_an_export_file(
    service: MatchService, tmp_path: Path
) -> None:
    export: dict[str, Any] = await service.export(await play_to_the_end(service))
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(export), encoding="utf-8")
    done = run_verify(honest)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "match the seed" in done.stdout

    export["events"][1]["dice"][0]["value"] = export["events"][1]["dice"][0]["value"] % 6 + 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(export), encoding="utf-8")
    done = run_verify(tampered)
    assert done.returncode == 1
    assert "Event #1: the log says" in done.stdout

    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert run_verify(garbage).returncode == 2
