"""Community content packs: directories of YAML a server operator installs.

Each game ships its own content under ``assets/content/<game>/``. A bot
operator may add roots (the ``CONTENT_DIRS`` setting): a pack of game *g* named
*p* is the directory ``<root>/<g>/<p>/``, laid out as that game's built-in
content (its coverage page documents the format). Players pick a pack with
``/match new … pack:<p>``; only names found here are accepted, so a player can
never make the bot read an arbitrary path.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

#: A pack name: a plain directory name, never a path.
PACK_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")

_ROOTS: list[Path] = []


def set_content_roots(roots: Iterable[str | Path]) -> None:
    """Replace the directories searched for community packs (in order)."""
    _ROOTS[:] = [Path(r).expanduser().resolve() for r in roots]


def content_roots() -> list[Path]:
    """The directories searched for community packs."""
    return list(_ROOTS)


def community_packs(game: str) -> list[str]:
    """Names of the installed community packs of ``game`` (first root wins a name)."""
    names: list[str] = []
    for root in _ROOTS:
        base = root / game
        if base.is_dir():
            for child in sorted(base.iterdir()):
                if child.is_dir() and PACK_NAME.match(child.name) and child.name not in names:
                    names.append(child.name)
    return names


def community_pack(game: str, name: str) -> Path | None:
    """The directory of ``game``'s community pack ``name``, or ``None``."""
    if not PACK_NAME.match(name) or ".." in name:
        return None
    for root in _ROOTS:
        candidate = root / game / name
        if candidate.is_dir():
            return candidate
    return None


def pack_root(game: str, name: str, builtin: Path) -> Path:
    """The directory holding pack ``name`` of ``game``: the built-in content root
    ``builtin`` if it has that pack (built-in names cannot be shadowed), else the
    community root that has it, else ``builtin`` (whose loader then reports the
    unknown pack)."""
    community = community_pack(game, name)
    if (builtin / name).is_dir() or community is None:
        return builtin
    return community.parent
