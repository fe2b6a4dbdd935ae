"""Nothing may follow the end of a match, and the final hash covers the result (issue 25).

A resignation changes no engine state: a copy of it appended after the end, or a
resignation by the other seat with the winners flipped to match, used to replay
cleanly. Both are refused, in every game, by ``verify_export``, the offline command
and (end to end) ``/match verify``; and the hash the final post shows covers the
result as well as the state, so a result rewritten in place is caught by comparison.
"""

from __future__ import annotations

import copy
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.clock import FrozenClock
from bot.match.service import MatchService
from bot.match.types import Player
from bot.match.verify import verify_export
from bot.store import db
from bot.store import repository as repo
from engines.core.registry import get, load_games
from tests.conftest import fresh_sqlite_database

ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")
GAMES = ["krosmaster", "dicethrone", "battlescenes"]
Export = dict[str, Any]


@pytest.fixture
async def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[MatchService]:
    monkeypatch.setattr(repo, "new_seed", lambda: bytes([7]) * 32)
    load_games()
    url = await fresh_sqlite_database(tmp_path / "bot.sqlite3")
    engine = db.make_engine(url)
    yield MatchService(db.make_sessionmaker(engine), FrozenClock())
    await engine.dispose()


async def resigned(service: MatchService, game: str) -> int:
    """A match of ``game`` in which Bruno resigns after the start."""
    match, _ = await service.create(
        guild_id=1, channel_id=2, game=game, creator=ALICE, opponents=[BRUNO], options_text=None
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    await service.resign(match.id, BRUNO.user_id)
    return match.id


def copied_resignation(export: Export) -> Export:
    """The last event (a resignation) copied once more after the end."""
    forged = copy.deepcopy(export)
    again = copy.deepcopy(forged["events"][-1])
    again["seq"] += 1
    forged["events"].append(again)
    forged["final"]["version"] += 1
    return forged


def flipped_resignation(export: Export) -> Export:
    """A resignation by the other seat after the end, the winners flipped to match."""
    forged = copy.deepcopy(export)
    last = forged["events"][-1]
    other = copy.deepcopy(last)
    other["seq"] += 1
    other["seat"] = 1 - last["seat"]
    other["action"]["result"]["winners"] = [last["seat"]]
    forged["events"].append(other)
    forged["match"]["result"] = other["action"]["result"]
    forged["final"]["version"] += 1
    return forged


def keys(export: Export, game: str) -> list[str]:
    return [p.key for p in verify_export(export, get(game)).problems]


@pytest.mark.parametrize("game", GAMES)
async def test_an_event_after_the_end_is_refused_in_every_game(
    service: MatchService, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = await service.export(await resigned(service, game))
    assert verify_export(export, get(game)).ok
    for forge in (copied_resignation, flipped_resignation):
        forged = forge(export)
        assert keys(forged, game) == ["bot.verify.after_end"], forge.__name__
        # The offline command says the same, in the reader's language, and exits 1.
        path = tmp_path / f"{forge.__name__}.json"
        path.write_text(json.dumps(forged), encoding="utf-8")
        capsys.readouterr()
        assert main(["verify", str(path), "--locale", "it"]) == 1
        end = export["final"]["version"]
        said = capsys.readouterr().out
        assert f"L'evento n. {end + 1} viene dopo la fine della partita" in said, said


@pytest.mark.parametrize("game", GAMES)
async def test_the_final_posts_hash_covers_the_result(service: MatchService, game: str) -> None:
    match_id = await resigned(service, game)
    snap = await service.load(match_id)
    line = Presenter(Texts(build_catalog(load_games()))).seed_line(snap, "en-US")
    export = await service.export(match_id)
    report = verify_export(export, get(game))
    assert report.ok and report.covers_result
    assert export["final"]["match_sha256"] == report.final_digest
    assert report.final_digest in line and export["final"]["state_sha256"] not in line
    # The resignation rewritten in place (the other seat resigns, the other side wins),
    # its hash recomputed: the replay agrees with the file, but not with the final post.
    forged = copy.deepcopy(export)
    last = forged["events"][-1]
    last["seat"] = 1 - last["seat"]
    last["action"]["result"]["winners"] = [1 - w for w in last["action"]["result"]["winners"]]
    forged["match"]["result"] = last["action"]["result"]
    lied = verify_export(forged, get(game))
    assert lied.problems and lied.problems[0].key == "bot.verify.final_match"
    forged["final"]["match_sha256"] = lied.final_digest
    relied = verify_export(forged, get(game))
    assert relied.ok and relied.final_digest not in line


async def test_an_export_made_before_the_hash_covered_the_result_still_verifies(
    service: MatchService,
) -> None:
    export = await service.export(await resigned(service, "dicethrone"))
    del export["final"]["match_sha256"]
    report = verify_export(export, get("dicethrone"))
    assert report.ok and not report.covers_result
    # Its final post showed the state's hash: that is the one the check names.
    assert report.final_digest == export["final"]["state_sha256"]
    said = Texts(build_catalog(load_games())).message(report.summary(), "en-US")
    assert export["final"]["state_sha256"] in said and "before the hash covered" in said


async def test_a_referees_ruling_after_the_end_is_still_a_valid_log(
    service: MatchService,
) -> None:
    match_id = await resigned(service, "dicethrone")
    await service.referee.rule(match_id, 99, "The resignation stands.")
    export = await service.export(match_id)
    assert export["events"][-1]["kind"] == "referee"
    assert verify_export(export, get("dicethrone")).ok
