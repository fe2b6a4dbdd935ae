"""Exports and verification: honest logs pass, any tampering is caught and named."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.service import MatchService
from bot.match.types import Player
from bot.match.verify import verify_export
from bot.store import repository as repo
from engines.core.registry import load_games
from tests.testgame import ENGINE as TESTGAME

ROOT = Path(__file__).resolve().parents[2]
ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")
Export = dict[str, Any]


async def new_match(service: MatchService, target: int) -> int:
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="testgame",
        creator=ALICE,
        opponents=[BRUNO],
        options_text=f"target={target}",
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    return match.id


async def play_to_the_end(service: MatchService, target: int = 20) -> int:
    """A whole match of defaults, with one hand sorted by the waiting player on the way."""
    match_id = await new_match(service, target)
    snap = await service.load(match_id)
    sorted_once = False
    while pending := snap.pending():
        decision = pending[0]
        if not sorted_once and snap.state.phase.value == "play":
            waiting = 1 - decision.seat  # sorting reveals nothing and rolls nothing
            sort = {"kind": "sort", "descending": False}
            snap = await service.act(match_id, snap.user_of(waiting), sort)
            sorted_once = True
            continue
        assert decision.default is not None
        action = TESTGAME.action_to_json(decision.default)
        snap = await service.act(match_id, snap.user_of(decision.seat), action)
    return match_id


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same dice every run, so a tampering's effect does not depend on luck (with
    these, the hand sorted during the match is still in sorted order at its end)."""
    monkeypatch.setattr(repo, "new_seed", lambda: bytes([2]) * 32)


def problems(export: Export) -> list[tuple[str, dict[str, Any]]]:
    return [(p.key, dict(p.params)) for p in verify_export(export, TESTGAME).problems]


async def test_an_honest_finished_match_verifies(service: MatchService) -> None:
    match_id = await play_to_the_end(service)
    export = await service.export(match_id)
    assert export["match"]["status"] == "finished" and export["match"]["seed"]
    assert export["final"]["version"] == export["events"][-1]["seq"]
    assert export["final"]["state_sha256"]
    report = verify_export(export, TESTGAME)
    assert report.ok and report.complete, report.problems
    assert report.checked_events == len(export["events"]) and report.checked_draws > 3
    # A file read back (tuples become lists) verifies the same.
    assert verify_export(json.loads(json.dumps(export)), TESTGAME).ok


async def test_the_final_post_shows_the_final_state_hash_an_export_must_match(
    service: MatchService,
) -> None:
    match_id = await play_to_the_end(service)
    presenter = Presenter(Texts(build_catalog([TESTGAME])))
    line = presenter.seed_line(await service.load(match_id), "en-US")
    export = await service.export(match_id)
    assert export["match"]["seed"] in line and export["final"]["match_sha256"] in line


async def test_tampering_with_a_roll_the_seed_or_a_move_is_caught(service: MatchService) -> None:
    export = await service.export(await play_to_the_end(service))
    rolls = [e for e in export["events"] if e["action"].get("kind") == "roll"]

    tampered = copy.deepcopy(export)
    roll = next(e for e in tampered["events"] if e["seq"] == rolls[0]["seq"])
    roll["dice"][0]["value"] = roll["dice"][0]["value"] % 6 + 1  # a friendlier die
    keys = [k for k, _ in problems(tampered)]
    assert keys[0] == "bot.verify.mismatch" and problems(tampered)[0][1]["seq"] == rolls[0]["seq"]

    other_seed = copy.deepcopy(export)
    other_seed["match"]["seed"] = "00" * 32
    keys = [k for k, _ in problems(other_seed)]
    assert keys[0] == "bot.verify.wrong_commitment" and "bot.verify.mismatch" in keys

    played = copy.deepcopy(export)
    play = next(e for e in played["events"] if e["action"].get("kind") == "play")
    play["action"]["card"] = 99
    assert problems(played)[-1][0] == "bot.verify.no_replay"


def _events(export: Export) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = export["events"]
    return events


def _delete_middle(export: Export) -> None:
    del export["events"][3]


def _delete_last(export: Export) -> None:
    export["events"].pop()


def _delete_last_and_its_version(export: Export) -> None:
    export["events"].pop()
    export["final"]["version"] -= 1


def _duplicate(export: Export) -> None:
    export["events"].insert(4, copy.deepcopy(export["events"][4]))


def _swap(export: Export) -> None:
    events = _events(export)
    events[2], events[3] = events[3], events[2]


def _sort_the_other_way(export: Export) -> None:
    # Same dice, same events ("X sorted their hand"): only the final state differs.
    sort = next(e for e in _events(export) if e["action"]["kind"] == "sort")
    sort["action"]["descending"] = True


def _rewrite_what_happened(export: Export) -> None:
    roll = next(e for e in _events(export) if e["action"]["kind"] == "roll")
    roll["events"][0]["params"]["value"] = 7


def _other_winner(export: Export) -> None:
    export["match"]["result"]["winners"] = [1 - export["match"]["result"]["winners"][0]]


def _other_final_hash(export: Export) -> None:
    export["final"]["state_sha256"] = "0" * 64


def _other_match_hash(export: Export) -> None:
    export["final"]["match_sha256"] = "0" * 64


def _no_final(export: Export) -> None:
    del export["final"]


def _old_format(export: Export) -> None:
    export["version"] = 1


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (_delete_middle, {"bot.verify.missing"}),
        (_delete_last, {"bot.verify.truncated"}),
        (_delete_last_and_its_version, {"bot.verify.result", "bot.verify.final_state"}),
        (_duplicate, {"bot.verify.duplicate"}),
        (_swap, {"bot.verify.out_of_order"}),
        (_sort_the_other_way, {"bot.verify.final_state"}),
        (_rewrite_what_happened, {"bot.verify.events"}),
        (_other_winner, {"bot.verify.result"}),
        (_other_final_hash, {"bot.verify.final_state"}),
        (_other_match_hash, {"bot.verify.final_match"}),
        (_no_final, {"bot.verify.no_final"}),
        (_old_format, {"bot.verify.format"}),
    ],
)
async def test_every_kind_of_tampering_is_named(
    service: MatchService, tamper: Callable[[Export], None], expected: set[str]
) -> None:
    export = await service.export(await play_to_the_end(service))
    tampered = copy.deepcopy(export)
    tamper(tampered)
    assert {key for key, _ in problems(tampered)} == expected


async def test_the_problems_name_the_events(service: MatchService) -> None:
    export = await service.export(await play_to_the_end(service))
    last = export["events"][-1]["seq"]
    cut = copy.deepcopy(export)
    _delete_last(cut)
    assert problems(cut) == [("bot.verify.truncated", {"last": last - 1, "final": last})]
    gap = copy.deepcopy(export)
    _delete_middle(gap)
    assert problems(gap) == [("bot.verify.missing", {"seq": 3})]
    swapped = copy.deepcopy(export)
    _swap(swapped)
    assert problems(swapped) == [("bot.verify.out_of_order", {"seq": 3, "at": 2})]


@pytest.mark.parametrize("pack", ["../../../etc", "/etc", "starter/../x", "C:\\x", "not-installed"])
async def test_a_pack_name_from_an_export_never_names_a_path(
    service: MatchService, pack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    export = await service.export(await play_to_the_end(service))
    export["match"]["content_pack"] = pack
    read: list[Any] = []
    monkeypatch.setattr(TESTGAME, "load_content", read.append, raising=False)
    assert problems(export) == [("bot.verify.bad_pack", {"pack": pack})]
    assert read == []  # refused before any content is loaded


async def test_an_export_during_the_match_hides_the_seed_and_hidden_details(
    service: MatchService,
) -> None:
    match_id = await new_match(service, target=200)
    snap = await service.load(match_id)
    for _ in range(2):  # roll, then play a card (which draws one, hidden)
        decision = snap.pending()[0]
        assert decision.default is not None
        snap = await service.act(
            match_id, snap.user_of(decision.seat), TESTGAME.action_to_json(decision.default)
        )
    export = await service.export(match_id)
    assert export["match"]["seed"] is None and export["final"] == {
        "version": 2,
        "state_sha256": None,  # a hash of hidden cards would let anyone test guesses
        "match_sha256": None,
    }
    shuffle = export["events"][0]["dice"][0]
    assert shuffle["kind"] == "shuffle" and shuffle["value"] is None
    drew = [e for ev in export["events"] for e in ev["events"] if "drew" in e["key"]]
    assert drew and all(e["key"].endswith(".hidden") and "card" not in e["params"] for e in drew)
    # Only the log's numbering can be checked until the seed is revealed …
    report = verify_export(export, TESTGAME)
    assert report.ok and not report.complete and report.checked_events == 3
    # … and that still catches a missing or reordered event.
    gap = copy.deepcopy(export)
    gap["events"].pop()
    assert problems(gap) == [("bot.verify.truncated", {"last": 1, "final": 2})]


def run_verify(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GAMES": "tests.testgame"}
    return subprocess.run(
        [sys.executable, "-m", "bot", "verify", str(path), *args],
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
    assert export["final"]["match_sha256"] in done.stdout

    export["events"][1]["dice"][0]["value"] = export["events"][1]["dice"][0]["value"] % 6 + 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(export), encoding="utf-8")
    done = run_verify(tampered)
    assert done.returncode == 1
    assert "Event #1, draw 1 of " in done.stdout and ": the log says" in done.stdout

    del export["events"][2]
    tampered.write_text(json.dumps(export), encoding="utf-8")
    done = run_verify(tampered, "--locale", "pt-BR")
    assert done.returncode == 1
    assert done.stdout.strip() == "Falta o evento nº 2."

    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert run_verify(garbage).returncode == 2


async def test_the_offline_command_says_a_running_match_is_only_partly_checked(
    service: MatchService, tmp_path: Path
) -> None:
    match_id = await new_match(service, target=200)
    running = tmp_path / "running.json"
    running.write_text(json.dumps(await service.export(match_id)), encoding="utf-8")
    done = run_verify(running)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "still being played" in done.stdout


def _not_a_mapping(export: Export) -> Any:
    return [export]


def _events_not_a_list(export: Export) -> Any:
    return {**export, "events": {"0": export["events"][0]}}


def _an_event_not_a_mapping(export: Export) -> Any:
    return {**export, "events": [*export["events"][:-1], "event"]}


def _an_action_not_a_mapping(export: Export) -> Any:
    events = copy.deepcopy(export["events"])
    events[1]["action"] = ["roll"]
    return {**export, "events": events}


def _a_seat_without_a_name(export: Export) -> Any:
    return {**export, "seats": [{"seat": 0}]}


def _no_start(export: Export) -> Any:
    events = copy.deepcopy(export["events"])
    events[0] = {**events[1], "seq": 0}  # a move where the match should start
    return {**export, "events": events}


def _an_adjustment_past_the_end_of_a_list(export: Export) -> Any:
    events = copy.deepcopy(export["events"])
    events[1] = {**events[1], "kind": "adjust", "action": {"changes": {"players.9.score": 1}}}
    return {**export, "events": events}


@pytest.mark.parametrize(
    ("mangle", "expected"),
    [
        (_not_a_mapping, "bot.verify.format"),
        (_events_not_a_list, "bot.verify.format"),
        (_an_event_not_a_mapping, "bot.verify.format"),
        (_an_action_not_a_mapping, "bot.verify.no_replay"),
        (_a_seat_without_a_name, "bot.verify.no_replay"),
        (_no_start, "bot.verify.no_replay"),
        (_an_adjustment_past_the_end_of_a_list, "bot.verify.no_replay"),
    ],
)
async def test_a_malformed_export_is_refused_with_a_reason_not_a_crash(
    service: MatchService, mangle: Callable[[Export], Any], expected: str
) -> None:
    export = await service.export(await play_to_the_end(service))
    assert [key for key, _ in problems(mangle(export))] == [expected]


async def test_reverts_adjustments_and_a_resignation_replay_to_the_recorded_end(
    service: MatchService,
) -> None:
    match_id = await new_match(service, target=200)
    snap = await service.load(match_id)
    for _ in range(3):
        decision = snap.pending()[0]
        assert decision.default is not None
        action = TESTGAME.action_to_json(decision.default)
        snap = await service.act(match_id, snap.user_of(decision.seat), action)
    await service.referee_undo(match_id, 99, "misclick")
    await service.referee.adjust(match_id, 99, {"players.0.score": 150}, "card text")
    await service.resign(match_id, BRUNO.user_id)
    export = await service.export(match_id)
    kinds = [e["kind"] for e in export["events"]]
    assert kinds[-3:] == ["revert", "adjust", "resign"]
    assert verify_export(export, TESTGAME).ok
    # The resignation gave the result: a different winner is caught.
    _other_winner(export)
    assert [key for key, _ in problems(export)] == ["bot.verify.result"]


async def test_a_report_lists_at_most_ten_problems(service: MatchService) -> None:
    export = await service.export(await play_to_the_end(service, target=60))
    for event in export["events"][1:]:  # every die now differs from the seed's
        for outcome in event["dice"]:
            outcome["value"] = outcome["value"] % 6 + 1
    listed = problems(export)
    assert len(listed) == 10 and listed[-1][0] == "bot.verify.more"
    far = copy.deepcopy(export)
    far["events"][-1]["seq"] = 10**12  # a huge number lists no trillion missing events
    keys = [key for key, _ in problems(far)]
    assert keys == ["bot.verify.missing", "bot.verify.truncated"]


async def test_a_changed_face_die_is_shown_by_its_numbers_and_faces(
    service: MatchService,
) -> None:
    """Issue 27: a Krosmaster die turned from one number to another (its face name left
    as it was) read "the log says Armour, but the seed gives Armour"."""
    load_games()
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="krosmaster",
        creator=ALICE,
        opponents=[BRUNO],
        options_text="",
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    snap = await service.load(match.id)
    engine = snap.engine
    while len((await service.export(match.id))["events"][-1]["dice"]) != 2:  # tension dice
        decision = snap.pending()[0]
        assert decision.default is not None
        action = engine.action_to_json(decision.default)
        snap = await service.act(match.id, snap.user_of(decision.seat), action)
    await service.resign(match.id, BRUNO.user_id)
    export = await service.export(match.id)
    roll = next(e for e in export["events"] if e["seq"] > 0 and e["dice"])
    die = roll["dice"][-1]
    logged = die["value"] % 6 + 1
    die["value"] = logged  # the number changed, the face's name left as it was
    found = verify_export(export, engine).problems
    assert [p.key for p in found] == ["bot.verify.mismatch"]
    texts = Texts(build_catalog([engine]))
    said = {loc: texts.message(found[0], loc) for loc in ("en-US", "pt-BR", "it")}
    draws = len(roll["dice"])
    assert said["en-US"] == (
        f"Event #{roll['seq']}, draw {draws} of {draws}: the log says {logged} "
        f"({die['face']}), but the seed gives {(logged - 2) % 6 + 1} ({die['face']})."
    )
    assert f"{logged} ({die['face']})" in said["pt-BR"] and "sorteio" in said["pt-BR"]
    assert f"{logged} ({die['face']})" in said["it"] and "estrazione" in said["it"]
