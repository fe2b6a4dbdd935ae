"""Nothing hidden leaks through exports, logs or replays while a match runs.

Each test plays the same match twice — same seed, same public moves — in two
databases, with one seat's hidden data different (the team submitted, the
instant card waiting unnamed, the hand card put back on the deck). Everything the
public and the other players can get — ``/match export``, their ``/match log``,
``/match replay`` of every event — must be identical; once the match has ended
the export shows the difference.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.clock import FrozenClock
from bot.match.service import MatchService
from bot.match.types import Player
from bot.store import db
from bot.store import repository as repo
from bot.store.models import MatchEvent
from engines.core.packs import content_roots, set_content_roots
from engines.core.registry import load_games
from tests.conftest import fresh_sqlite_database

ALICE, BRUNO, REFEREE = Player(11, "Alice"), Player(22, "Bruno"), 99
MINI = Path(__file__).resolve().parents[1] / "engines" / "dicethrone" / "packs" / "mini"
Services = Callable[[], Awaitable[MatchService]]


@pytest.fixture
async def services(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Services]:
    """Fresh services on their own databases, every match with the same seed."""
    monkeypatch.setattr(repo, "new_seed", lambda: bytes(32))
    load_games()
    engines = []

    async def make() -> MatchService:
        url = await fresh_sqlite_database(tmp_path / f"world{len(engines)}.sqlite3")
        engine = db.make_engine(url)
        engines.append(engine)
        return MatchService(db.make_sessionmaker(engine), FrozenClock())

    yield make
    for engine in engines:
        await engine.dispose()


async def start(service: MatchService, game: str, options: str, pack: str | None = None) -> int:
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game=game,
        creator=ALICE,
        opponents=[BRUNO],
        options_text=options,
        pack=pack,
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    return match.id


def _no_times(data: Any) -> Any:
    """An export without its wall-clock times (the two worlds run at different moments)."""
    if isinstance(data, dict):
        return {k: _no_times(v) for k, v in data.items() if k not in ("at", "created_at")}
    if isinstance(data, list):
        return [_no_times(v) for v in data]
    return data


async def seen_by(service: MatchService, match_id: int, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` (a seat; ``None``: the public) gets from export, log and replay."""
    snap = await service.load(match_id)
    presenter = Presenter(Texts(build_catalog([snap.engine])))
    rows, _, _ = await service.log(match_id, 1, 1000)
    replays = []
    for seq in range(snap.match.version + 1):
        post = await presenter.board_only(await service.state_after(match_id, seq), "en-US", [])
        replays.append([image.data for image in post.images])
    return {
        "export": _no_times(await service.export(match_id)),
        "log": [presenter.log_line(row, viewer, "en-US", snap) for row in rows],
        "replay": replays,
    }


async def assert_hidden(
    worlds: list[tuple[MatchService, int]], secret_seat: int, kind: str | None
) -> dict[str, Any]:
    """Both worlds look the same to everyone but ``secret_seat``; returns one export."""
    for viewer in (None, 1 - secret_seat):
        a, b = [await seen_by(service, match_id, viewer) for service, match_id in worlds]
        assert a["export"] == b["export"]
        assert a["log"] == b["log"]
        assert a["replay"] == b["replay"]
    export: dict[str, Any] = a["export"]
    secret = [e for e in export["events"] if e.get("redacted")]
    assert [e["action"]["kind"] for e in secret] == [kind]
    return export


async def assert_revealed_at_the_end(worlds: list[tuple[MatchService, int]]) -> None:
    """Once the match is over the export holds everything, so the worlds differ."""
    ended = []
    for service, match_id in worlds:
        await service.resign(match_id, BRUNO.user_id)
        ended.append(_no_times(await service.export(match_id)))
    assert not any(e.get("redacted") for e in ended[0]["events"])
    assert ended[0]["events"] != ended[1]["events"]


async def test_a_submitted_krosmaster_team_stays_hidden(services: Services) -> None:
    worlds = []
    # Limited teams (1.1.2) of the playable built-in figures: copies of a gold name allowed.
    court = "rainha-dos-tofus, king-of-the-gobballs, rainha-dos-tofus, king-of-the-gobballs"
    for team in (court, "king-of-the-gobballs, king-of-the-gobballs, rainha-dos-tofus"):
        service = await services()
        match_id = await start(service, "krosmaster", "teams=submit format=limited")
        await service.act(match_id, ALICE.user_id, {"kind": "team", "figures": team})
        worlds.append((service, match_id))
    export = await assert_hidden(worlds, 0, "team")
    (team,) = [e["action"] for e in export["events"] if e.get("redacted")]
    assert team == {"kind": "team", "figures": None}
    assert "Tofus" not in str(export) and "Gobballs" not in str(export)
    await assert_revealed_at_the_end(worlds)


async def test_a_waiting_dice_throne_instant_stays_unnamed(
    services: Services, tmp_path: Path
) -> None:
    shutil.copytree(MINI, tmp_path / "packs" / "dicethrone" / "mini")
    roots = content_roots()
    set_content_roots([tmp_path / "packs"])
    worlds = []
    try:
        for card in ("strip_dodge", "strip_aim"):
            service = await services()
            match_id = await start(service, "dicethrone", "hero1=duelist hero2=duelist", "mini")
            for status in ("dodge", "aim"):  # Bruno, the active player, gets both tokens
                adjust = {"kind": "adjust", "seat": 2, "status": status, "count": 1}
                await service.referee.act(match_id, REFEREE, 1, json.dumps(adjust), "test")
            # Alice's Instant Action waits for Bruno's answer, unnamed.
            await service.act(match_id, ALICE.user_id, {"kind": "play", "card": card})
            worlds.append((service, match_id))
        export = await assert_hidden(worlds, 0, None)
        (play,) = [e["action"] for e in export["events"] if e.get("redacted")]
        assert play == {"kind": None}  # not even whether it is a card or a token
        await assert_revealed_at_the_end(worlds)
    finally:
        set_content_roots(roots)


async def test_a_battle_scenes_card_put_back_face_down_stays_hidden(services: Services) -> None:
    worlds = []
    for pick in (0, 1):
        service = await services()
        match_id = await start(service, "battlescenes", "")
        snap = await service.load(match_id)
        (decision,) = snap.pending()  # who starts: the hands are drawn after it
        assert decision.default is not None
        choose = snap.engine.action_to_json(decision.default)
        snap = await service.act(match_id, snap.user_of(decision.seat), choose)
        hand = snap.state.players[0].hand
        titles = [snap.state.cards[c].key for c in hand]
        card = hand[next(i for i, t in enumerate(titles) if t != titles[0]) if pick else 0]
        move = {"kind": "manual", "what": "move", "card": card, "to": "deck_top"}
        text = json.dumps({**move, "reason": "8.A"})
        await service.referee.act(match_id, REFEREE, 0, text, "card text")
        worlds.append((service, match_id))
    export = await assert_hidden(worlds, 0, "manual")
    (manual,) = [e["action"] for e in export["events"] if e.get("redacted")]
    assert manual["card"] is None and manual["to"] == "deck_top"
    await assert_revealed_at_the_end(worlds)


async def test_a_move_stored_before_secrets_were_recorded_hides_all_it_may(
    services: Services,
) -> None:
    service = await services()
    match_id = await start(service, "krosmaster", "teams=submit format=limited")
    team = "king-of-the-gobballs, king-of-the-gobballs, rainha-dos-tofus"
    await service.act(match_id, ALICE.user_id, {"kind": "team", "figures": team})
    async with service.sessions.begin() as session:  # as migration 0003 leaves older rows
        await session.execute(update(MatchEvent).values(secret=None))
    export = await service.export(match_id)
    assert export["events"][1]["action"] == {"kind": "team", "figures": None}
    assert "gobballs" not in str(export).lower()
