"""Command line: ``python -m bot run``, ``db upgrade``, ``verify``, ``content check``,
``content render`` and ``content list``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.config import Settings

NO_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. Put it in a file named .env at the top of the repository:
         DISCORD_TOKEN=your-token-here
     (see .env.example for every setting), or export DISCORD_TOKEN.
  3. Invite the bot with the "bot" and "applications.commands" scopes.
  4. Run `make run` again.

The database was prepared at: {url}
"""


BAD_TOKEN = """\
Discord refused DISCORD_TOKEN: it is not a valid bot token (it may have been reset).
Get a new one at https://discord.com/developers/applications → your app → Bot →
"Reset Token", and put it in .env as DISCORD_TOKEN=…
"""


def configure_logging(level: str) -> None:
    """Log to stderr at ``level``; discord.py's own logs included."""
    logging.basicConfig(
        level=level.upper(),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    if logging.getLogger().level > logging.DEBUG:
        # Alembic announces each of its plugins at INFO; only the migrations matter.
        logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)


def point_at(settings: Settings) -> None:
    """Use other Discord REST/gateway URLs (e.g. the local emulator) when configured."""
    import discord
    import yarl

    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def _run(settings: Settings) -> int:
    from bot.discord.client import TabletopBot
    from bot.store import db

    token = settings.token
    if token is None:
        # Prepare the database anyway, so the next run only needs the token.
        await db.upgrade(settings.database_url)
        print(NO_TOKEN.format(url=settings.database_url), file=sys.stderr)
        return 2
    point_at(settings)  # the bot's setup_hook applies the migrations
    import discord

    from bot.discord.command_payload import InvalidCommandTree

    async with TabletopBot(settings) as bot:
        bot.freeze_heap = True
        try:
            await bot.start(token)
        except discord.LoginFailure:
            print(BAD_TOKEN, file=sys.stderr)
            return 2
        except InvalidCommandTree:
            return 2  # setup_hook logged every violation
    return 0


def verify_file(path: Path, locale: str, pack: Path | None = None) -> int:
    """``python -m bot verify EXPORT.json``: 0 if the whole match checks out, 1 if
    something is wrong, 2 if the file cannot be read, 3 if the match was still running
    (only the log's numbering could be checked). Community packs are looked up in
    ``CONTENT_DIRS``, as the bot does; a pack uploaded to the match's server is the
    ``pack`` file given (``--pack``: the .yaml or .zip uploaded), which must be that
    very version."""
    import json
    import os

    from bot.i18n import Texts, build_catalog
    from bot.match.verify import verify_export
    from engines.core.packs import set_content_roots
    from engines.core.registry import UnknownGameError, get, load_games

    games = [m.strip() for m in os.environ.get("GAMES", "").split(",") if m.strip()]
    texts = Texts(build_catalog(load_games(games)))
    dirs = os.environ.get("CONTENT_DIRS", "")
    set_content_roots(d.strip() for d in dirs.split(",") if d.strip())
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        engine = get(str(data["match"]["game"]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(texts("bot.verify.unreadable", locale, detail=str(exc)), file=sys.stderr)
        return 2
    except UnknownGameError as exc:
        print(texts("bot.error.unknown_game", locale, game=str(exc)), file=sys.stderr)
        return 2
    if pack is not None:
        from bot.match.packs import upload_files_for
        from engines.core.packs import UploadError, install_upload, upload_key

        try:
            files, _ = upload_files_for(engine, pack.name, pack.read_bytes())
        except (OSError, UploadError) as exc:
            print(texts("bot.verify.unreadable", locale, detail=str(exc)), file=sys.stderr)
            return 2
        key = upload_key(engine.name, files)
        if key != data["match"].get("content_pack"):
            print(texts("bot.verify.other_pack", locale, file=pack.name), file=sys.stderr)
            return 2
        install_upload(engine.name, key, files)
    report = verify_export(data, engine)
    for problem in report.problems:
        print(texts.message(problem, locale))
    if report.ok and not report.complete:
        print(texts("bot.verify.partial", locale, events=report.checked_events))
        return 3
    if report.ok:
        print(texts.message(report.summary(), locale))
        return 0
    return 1


def _open_pack(path: Path, locale: str) -> tuple[Any, Any, str, Any] | int:
    """The engine, the loaded pack, its name and the bot's texts for a pack directory
    ``DIR/<game>/<pack>`` (or the built-in content, ``assets/content/<game>[/<pack>]``),
    or the exit code after saying why it cannot be read: 1 for a content error,
    2 for a path that is no pack."""
    import os

    from bot.i18n import Texts, build_catalog
    from engines.core.errors import LocalisedError
    from engines.core.packs import BUILTIN_CONTENT, set_content_roots
    from engines.core.registry import UnknownGameError, get, load_games

    games = [m.strip() for m in os.environ.get("GAMES", "").split(",") if m.strip()]
    texts = Texts(build_catalog(load_games(games)))
    path = path.resolve()
    if not path.is_dir():
        print(texts("bot.content.not_a_pack", locale, path=str(path)), file=sys.stderr)
        return 2
    name: str | None
    if path.parent == BUILTIN_CONTENT:  # a game whose built-in content is its folder
        game, name = path.name, None
    else:
        game, name = path.parent.name, path.name
    try:
        engine = get(game)
    except UnknownGameError:
        print(texts("bot.error.unknown_game", locale, game=game), file=sys.stderr)
        return 2
    if path.parent.parent != BUILTIN_CONTENT and name is not None:
        set_content_roots([path.parent.parent])
    try:
        content = engine.load_content(name)
    except LocalisedError as exc:
        print(texts.error(exc, locale))
        return 1
    return engine, content, name or game, texts


def check_pack(path: Path, locale: str) -> int:
    """``python -m bot content check DIR/<game>/<pack>``: 0 if the pack loads, 1 if not."""
    opened = _open_pack(path, locale)
    if isinstance(opened, int):
        return opened
    engine, _content, name, texts = opened
    print(texts("bot.content.ok", locale, pack=name, game=texts(engine.title_key, locale)))
    return 0


def render_pack(path: Path, out: Path, locale: str) -> int:
    """``python -m bot content render DIR/<game>/<pack> OUT/``: a PNG preview of every
    entry of the pack (a figure, a hero board, a card) in OUT, named by the entry's id,
    in ``locale``. 0 when every preview was drawn, 1 if the pack (or a preview) fails,
    2 for a path that is no pack."""
    import re

    opened = _open_pack(path, locale)
    if isinstance(opened, int):
        return opened
    engine, content, name, texts = opened
    game = texts(engine.title_key, locale)
    ids = engine.entry_ids(content)
    if not ids:
        print(texts("bot.pack_preview.none", locale, pack=name, game=game))
        return 1
    out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for entry_id in ids:
        try:
            view = engine.entry_view(content, entry_id)
            png = engine.render_entry(view, locale)
        except Exception as exc:  # noqa: BLE001 — one broken preview must not hide the rest
            print(texts("bot.pack_preview.failed", locale, entry=entry_id, detail=repr(exc)))
            failed += 1
            continue
        # An id is a pack's own text: only a plain file name is ever written.
        (out / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', entry_id)}.png").write_bytes(png)
    written = len(ids) - failed
    print(
        texts("bot.pack_preview.written", locale, count=written, pack=name, game=game, out=str(out))
    )
    return 1 if failed else 0


def _game_and_texts(game: str, locale: str) -> tuple[Any, Any] | int:
    """The installed engine called ``game`` and the bot's texts, or exit code 2 after
    saying there is no such game."""
    import os

    from bot.i18n import Texts, build_catalog
    from engines.core.registry import UnknownGameError, get, load_games

    games = [m.strip() for m in os.environ.get("GAMES", "").split(",") if m.strip()]
    texts = Texts(build_catalog(load_games(games)))
    try:
        return get(game), texts
    except UnknownGameError:
        print(texts("bot.error.unknown_game", locale, game=game), file=sys.stderr)
        return 2


def list_content(game: str, pack: str | None, as_json: bool, locale: str) -> int:
    """``python -m bot content list GAME [--pack NAME] [--json]``: the facts of every
    built-in entry of a game (its default pack unless ``--pack`` names another), as a
    JSON array or one line per entry. 0 on success, 1 for a content error, 2 for an
    unknown game."""
    import json

    from engines.core.errors import LocalisedError

    found = _game_and_texts(game, locale)
    if isinstance(found, int):
        return found
    engine, texts = found
    try:
        entries = engine.catalogue(engine.load_content(pack))
    except LocalisedError as exc:
        print(texts.error(exc, locale), file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(entries, ensure_ascii=False, indent=2))
        return 0
    for entry in entries:
        print(
            " · ".join(
                f"{key}={value}"
                for key, value in entry.items()
                if not isinstance(value, (list, dict))
            )
        )
    return 0


def template_content(game: str, entry: str, pack: str | None, locale: str) -> int:
    """``python -m bot content template GAME ENTRY``: print a ready pack file completing
    one entry from one's own printed component (Krosmaster: a figure known only by its
    printed stats). 0 on success, 1 for no such entry, 2 for an unknown game."""
    from engines.core.errors import LocalisedError

    found = _game_and_texts(game, locale)
    if isinstance(found, int):
        return found
    engine, texts = found
    try:
        text = engine.content_template(engine.load_content(pack), entry)
    except LocalisedError as exc:
        print(texts.error(exc, locale), file=sys.stderr)
        return 1
    if text is None:
        shown = pack or "default"
        print(texts("bot.content.no_entry", locale, entry=entry, pack=shown), file=sys.stderr)
        return 1
    print(text, end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bot")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="apply migrations and start the bot")
    db_parser = sub.add_parser("db", help="database maintenance")
    db_parser.add_argument("action", choices=["upgrade"])
    verify_parser = sub.add_parser("verify", help="re-derive every roll of a match export")
    verify_parser.add_argument("export", type=Path, help="the JSON file from /match export")
    verify_parser.add_argument("--locale", default="en-US")
    verify_parser.add_argument(
        "--pack", type=Path, help="the pack file uploaded to the match's server (/content upload)"
    )
    content_parser = sub.add_parser("content", help="community content packs")
    content_parser.add_argument("action", choices=["check", "render", "list", "template"])
    content_parser.add_argument(
        "pack", type=Path, help="the pack directory: DIR/<game>/<pack>; list, template: the game"
    )
    content_parser.add_argument(
        "out",
        type=Path,
        nargs="?",
        help="render: the folder the PNG previews are written to; template: the entry",
    )
    content_parser.add_argument("--locale", default="en-US")
    content_parser.add_argument("--json", action="store_true", help="list: a JSON array")
    content_parser.add_argument(
        "--name", help="list, template: a built-in pack other than the default"
    )
    args = parser.parse_args(argv)
    if args.command == "verify":
        return verify_file(args.export, args.locale, args.pack)
    if args.command == "content" and args.action == "list":
        return list_content(str(args.pack), args.name, args.json, args.locale)
    if args.command == "content" and args.action == "template":
        if args.out is None:
            parser.error("content template needs the entry: content template GAME ENTRY")
        return template_content(str(args.pack), str(args.out), args.name, args.locale)
    if args.command == "content" and args.action == "render":
        if args.out is None:
            parser.error("content render needs the output folder: content render DIR OUT/")
        return render_pack(args.pack, args.out, args.locale)
    if args.command == "content":
        return check_pack(args.pack, args.locale)
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "\n".join(
            f"  {'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}" for e in exc.errors()
        )
        print(f"Invalid settings (environment or .env):\n{problems}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    if args.command == "db":
        from bot.store import db

        asyncio.run(db.upgrade(settings.database_url))
        print(f"database upgraded: {settings.database_url}")
        return 0
    try:
        return asyncio.run(_run(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
