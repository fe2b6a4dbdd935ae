"""Content packs uploaded through Discord (``/content``), free of Discord.

An upload is turned into a pack's files (``engines.core.packs.upload_files``: caps,
safe YAML, no paths), installed under its key and loaded by the game's own loader —
the very check ``python -m bot content check`` runs — before anything is stored, so
a broken pack is refused with its file, line and field and leaves nothing behind.
Packs belong to the server that uploaded them: every look-up takes its guild id.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.match.access import MatchAccess
from bot.store import packs as store
from bot.store.packs import PackInfo
from engines.core import GameEngine, Message
from engines.core.entry import text
from engines.core.i18n import LOCALES, fold
from engines.core.packs import (
    MANIFEST,
    PACK_NAME,
    UPLOAD_KEY,
    UploadError,
    community_pack,
    community_packs,
    install_upload,
    read_manifest,
    single_file_manifest,
    uninstall_upload,
    upload_files,
    upload_key,
)

#: How many loaded packs (built-in or uploaded) a process keeps for previews.
LOADED_KEPT = 16


@dataclass(frozen=True)
class PackChoice:
    """A pack ``/match new`` may use: what it is called and what the match stores."""

    name: str
    #: ``builtin``, ``community`` (``CONTENT_DIRS``) or ``server`` (uploaded here).
    origin: str
    version: int = 0


class Packs:
    """Upload, list, show and remove a server's packs; resolve ``/match new … pack:``."""

    def __init__(self, access: MatchAccess) -> None:
        self.access = access
        self._loaded: dict[tuple[str, str], Any] = {}
        self._loading: dict[tuple[str, str], asyncio.Task[Any]] = {}
        self._labels: dict[tuple[str, str, str], list[tuple[str, str]]] = {}

    async def upload(
        self,
        *,
        guild_id: int,
        user_id: int,
        engine: GameEngine[Any],
        name: str,
        filename: str,
        data: bytes,
    ) -> PackInfo:
        """Validate an upload and store it as the next version of the server's pack
        ``name``; refuses (storing nothing) a bad name, a file that is not a pack and
        a pack its game's loader refuses (with file, line and field)."""
        if not PACK_NAME.match(name) or name != name.lower():
            raise UserError("bot.content.bad_name", pack=name[:80])
        if name in engine.builtin_packs or name in community_packs(engine.name):
            raise UserError("bot.content.name_taken", pack=name, game=Message(engine.title_key))
        # Reading a zip of up to 10 MiB and copying it to disk: in a thread, off the loop.
        try:
            files, extends = await asyncio.to_thread(upload_files_for, engine, filename, data)
        except UploadError as exc:
            problem = Message(f"core.upload.{exc.key}", dict(exc.params))
            raise UserError(
                "bot.content.bad_upload", file=exc.path or filename[:100], problem=problem
            ) from None
        key = upload_key(engine.name, files)
        try:
            await asyncio.to_thread(install_upload, engine.name, key, files)
        except OSError as exc:  # a disk full or a name refused: nothing was kept
            problem = Message("core.upload.unwritable", {"detail": exc.strerror or ""})
            file = filename[:100]
            raise UserError("bot.content.bad_upload", file=file, problem=problem) from None
        loaded = False
        try:
            await self._load(engine, key)
            loaded = True
        finally:
            if not loaded:  # refused by its game (or anything else): no copy stays
                uninstall_upload(engine.name, key)
        async with self.access.sessions.begin() as session:
            return await store.add_version(
                session,
                guild_id=guild_id,
                game=engine.name,
                name=name,
                key=key,
                files=files,
                extends=extends or _extends(engine, key),
                user_id=user_id,
            )

    async def listed(self, guild_id: int, game: str | None = None) -> list[PackInfo]:
        """The server's packs (current versions), of one game or all."""
        async with self.access.sessions.begin() as session:
            return await store.list_packs(session, guild_id, game)

    async def remove(self, guild_id: int, engine: GameEngine[Any], name: str) -> PackInfo:
        """Hide the server's pack from new matches (started ones keep their version)."""
        async with self.access.sessions.begin() as session:
            removed = await store.remove(session, guild_id, engine.name, name)
        if removed is None:
            raise UserError("bot.error.unknown_pack", pack=name, game=Message(engine.title_key))
        return removed

    async def choices(self, guild_id: int | None, engine: GameEngine[Any]) -> list[PackChoice]:
        """Every pack a match of ``engine`` may use in this server: built-in, installed
        by the operator, and uploaded here (no other server's)."""
        found = [PackChoice(n, "builtin") for n in engine.builtin_packs]
        found += [PackChoice(n, "community") for n in community_packs(engine.name)]
        if guild_id is not None:
            found += [
                PackChoice(p.name, "server", p.version)
                for p in await self.listed(guild_id, engine.name)
            ]
        return found

    async def for_match(self, guild_id: int, engine: GameEngine[Any], name: str) -> str:
        """What a match of ``engine`` proposed in this server stores for ``pack:name``
        (the upload's key for a server pack: its current version, kept for ever), once
        it loads; else refuses an unknown pack."""
        stored = await self._resolve(guild_id, engine, name)
        await self._load(engine, stored)
        return stored

    async def loaded(self, engine: GameEngine[Any], stored: str | None) -> Any:
        """The content a match of ``engine`` plays with: the pack it stores (as
        :meth:`for_match` returned it), or the game's own with ``None``; loaded off the
        event loop."""
        if stored is None:
            return await asyncio.to_thread(engine.load_content, None)
        return await self._load(engine, stored)

    async def shown(self, guild_id: int, stored: str) -> str:
        """How a match's pack reads in its server: ``club v2`` for an upload (the
        version the match keeps), else the pack's name."""
        if not UPLOAD_KEY.match(stored):
            return stored
        async with self.access.sessions.begin() as session:
            found = await store.name_of(session, guild_id, stored)
        return f"{found[0]} v{found[1]}" if found else stored[:13]

    async def content(self, guild_id: int, engine: GameEngine[Any], name: str) -> Any:
        """The loaded content of a pack this server may use (for previews)."""
        return await self._load(engine, await self._resolve(guild_id, engine, name))

    async def content_now(self, guild_id: int, engine: GameEngine[Any], name: str) -> Any:
        """The loaded content of a pack if it is at hand; else ``None``, and it is
        loaded in the background. Autocomplete must answer within Discord's 3 seconds,
        which a first load of a big pack may exceed: the next keystroke gets it."""
        stored = await self._resolve(guild_id, engine, name)
        cached = self._loaded.get((engine.name, stored))
        if cached is None and (engine.name, stored) not in self._loading:
            task = asyncio.create_task(self._load(engine, stored))
            self._loading[(engine.name, stored)] = task
            task.add_done_callback(self._loaded_in_background)
        return cached

    async def entry_labels_now(
        self, guild_id: int, engine: GameEngine[Any], name: str, locale: str
    ) -> list[tuple[str, str]] | None:
        """The entries of a pack as ``(id, "title (id)")`` in ``locale`` for the
        ``entry`` autocomplete, or ``None`` while the pack is being loaded
        (:meth:`content_now`). Kept per pack version and locale."""
        content = await self.content_now(guild_id, engine, name)
        if content is None:
            return None
        stored = await self._resolve(guild_id, engine, name)
        where = (engine.name, stored, locale)
        labels = self._labels.get(where)
        if labels is None:
            catalog = engine.catalog()
            labels = []
            for entry_id in engine.entry_ids(content):
                view = engine.entry_view(content, entry_id)
                title = text(view.data["entry"]["title"], catalog, locale) if view else ""
                labels.append((entry_id, f"{title} ({entry_id})" if title else entry_id))
            if stored in engine.builtin_packs or UPLOAD_KEY.match(stored):
                self._labels[where] = labels
                while len(self._labels) > LOADED_KEPT * 3:
                    self._labels.pop(next(iter(self._labels)))
        return labels

    async def option_values_now(
        self, guild_id: int, engine: GameEngine[Any], name: str | None
    ) -> dict[str, list[tuple[str, str]]] | None:
        """The values ``/match new`` offers for each option of ``engine`` with the pack
        ``name`` (default: the built-in one), as ``(value, label)``; ``None`` while the
        pack is being loaded (:meth:`content_now`). Worked out off the event loop."""
        stored = name or (engine.builtin_packs[0] if engine.builtin_packs else None)
        content = None
        if stored is not None:
            content = await self.content_now(guild_id, engine, stored)
            if content is None:
                return None
        return await asyncio.to_thread(_option_values, engine, content)

    async def template_labels_now(
        self, engine: GameEngine[Any], locale: str
    ) -> list[tuple[str, str]] | None:
        """The entries of the game's built-in pack a server completes from its own
        component (``engine.template_ids``) as ``(id, "title (id)")`` for the
        ``/content template`` autocomplete; ``None`` while the pack is being loaded."""
        if not engine.builtin_packs:
            return []
        pack = engine.builtin_packs[0]
        labels = await self.entry_labels_now(0, engine, pack, locale)
        content = self._loaded.get((engine.name, pack))
        if labels is None or content is None:
            return None
        wanted = set(engine.template_ids(content))
        return [(entry_id, label) for entry_id, label in labels if entry_id in wanted]

    async def template(self, engine: GameEngine[Any], query: str, locale: str) -> tuple[str, str]:
        """``(entry id, pack file text)``: the ready template of the built-in entry
        ``query`` names (its id, a name in any language, or a part of its title in
        ``locale`` matching one entry only); else a refusal saying why."""
        if not engine.builtin_packs:
            raise UserError("bot.content.no_template", entry=query[:80])
        content = await self.content(0, engine, engine.builtin_packs[0])
        labels = await self.template_labels_now(engine, locale) or []
        wanted = fold(query.strip())
        exact: list[str] = []
        for other in (locale, *(loc for loc in LOCALES if loc != locale)):
            named = await self.template_labels_now(engine, other) or []
            exact = [i for i, label in named if wanted in (fold(i), fold(label.rsplit(" (", 1)[0]))]
            if exact:
                break
        found = exact or [i for i, label in labels if wanted and wanted in fold(label)]
        if len(found) > 1:
            names = ", ".join(label for i, label in labels if i in found[:5])
            raise UserError("bot.content.many_templates", entry=query[:80], names=names)
        entry_id = found[0] if found else query.strip()
        made = engine.content_template(content, entry_id)
        if made is None:
            raise UserError("bot.content.no_template", entry=query[:80])
        return entry_id, made

    def _loaded_in_background(self, task: asyncio.Task[Any]) -> None:
        """Forget a finished background load; a pack that fails to load is refused
        with its error when it is used, not here."""
        for where, running in list(self._loading.items()):
            if running is task:
                del self._loading[where]
        if not task.cancelled():
            task.exception()  # retrieved: nothing to log twice

    async def _resolve(self, guild_id: int, engine: GameEngine[Any], name: str) -> str:
        if name in engine.builtin_packs or name in community_packs(engine.name):
            return name
        async with self.access.sessions.begin() as session:
            info = await store.current(session, guild_id, engine.name, name)
            if info is None:
                raise UserError("bot.error.unknown_pack", pack=name, game=Message(engine.title_key))
            await store.provide(session, engine.name, info.key)
        return info.key

    async def _load(self, engine: GameEngine[Any], stored: str) -> Any:
        """Load a pack off the event loop (a big one takes a second or more). Built-in
        packs and uploads never change, so they are kept (the latest few); the
        operator's directories are read again each time, as they may be edited."""
        cached = self._loaded.get((engine.name, stored))
        if cached is not None:
            return cached
        content = await asyncio.to_thread(engine.load_content, stored)
        if stored in engine.builtin_packs or UPLOAD_KEY.match(stored):
            self._loaded[(engine.name, stored)] = content
            while len(self._loaded) > LOADED_KEPT:
                self._loaded.pop(next(iter(self._loaded)))
        return content


def upload_files_for(
    engine: GameEngine[Any], filename: str, data: bytes
) -> tuple[dict[str, bytes], str | None]:
    """The files an upload of ``engine``'s pack stores (``engines.core.packs.upload_files``;
    a single YAML file extends the game's first built-in pack) and the pack it extends
    that way (``None`` for a zip: its own manifest says). Raises ``UploadError``."""
    files = upload_files(
        filename, data, single_folder=engine.single_file_folder, folders=engine.pack_folders
    )
    single = MANIFEST not in files and not filename.lower().endswith(".zip")
    extends = engine.builtin_packs[0] if single and engine.builtin_packs else None
    if extends is not None:
        files = single_file_manifest(files, extends)
    return files, extends


def _extends(engine: GameEngine[Any], key: str) -> str | None:
    """The ``extends`` of an installed upload's manifest (it loaded, so it is valid)."""
    directory = community_pack(engine.name, key)
    return read_manifest(directory).extends if directory is not None else None


def _option_values(engine: GameEngine[Any], content: Any) -> dict[str, list[tuple[str, str]]]:
    return {option.name: engine.option_values(option.name, content) for option in engine.options}
