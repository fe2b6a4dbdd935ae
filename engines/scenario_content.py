"""Content of a scenario: a pack by name, a pack directory next to the scenario
file, or entries written in the scenario itself (docs/scenarios.md, "Content").

A scenario's own pack is put together in a scratch directory laid out as a
community pack (``<root>/<game>/<name>/``) and read by the game's own loader,
so it is checked exactly like ``python -m bot content check`` checks a pack.
Its name is ``scenario-`` and a digest of its files: two scenarios with the same
content share it, two with different content never do (Dice Throne keeps the
packs it has read by name).
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from engines.core.packs import BUILTIN_CONTENT, community_pack

#: The keys a ``content:`` mapping may hold.
CONTENT_KEYS = frozenset({"pack", "path", "files"})


class ContentSpecError(ValueError):
    """A ``content:`` entry that names no readable pack or holds a bad file name."""


def prepare(game: str, spec: Any, base_dir: Path | None, scratch: Path) -> str | None:
    """The pack name a scenario's ``content`` stands for, writing its own pack under
    ``scratch/<game>/`` when it has one (``scratch`` is then a content root)."""
    if spec is None or isinstance(spec, str):
        return spec
    if not isinstance(spec, Mapping):
        raise ContentSpecError("'content' is a pack name or a mapping of pack, path and files")
    unknown = sorted(set(spec) - CONTENT_KEYS)
    if unknown:
        raise ContentSpecError(f"content: unknown key(s) {', '.join(map(str, unknown))}")
    files = spec.get("files") or {}
    if not isinstance(files, Mapping):
        raise ContentSpecError("content.files maps a file's path in the pack to its YAML")
    stage = scratch / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    # The named pack first, the pack directory's files over it, then the inline
    # files. Links are copied as links, so the loader still refuses one pointing out.
    for base in _bases(game, spec, base_dir):
        shutil.copytree(base, stage, symlinks=True, dirs_exist_ok=True)
    for name, body in files.items():
        target = stage / _relative(str(name))
        target.parent.mkdir(parents=True, exist_ok=True)
        text = body if isinstance(body, str) else yaml.safe_dump(body, allow_unicode=True)
        target.write_text(text, encoding="utf-8")
    name = f"scenario-{_digest(stage)}"
    final = scratch / game / name
    if final.exists():
        shutil.rmtree(stage)
    else:
        final.parent.mkdir(parents=True, exist_ok=True)
        stage.rename(final)
    return name


def _bases(game: str, spec: Mapping[str, Any], base_dir: Path | None) -> list[Path]:
    """The pack directories the scenario's own pack is made of, in order."""
    bases = []
    if "pack" in spec:
        name = str(spec["pack"])
        builtin = BUILTIN_CONTENT / game
        if name == "default" and any(builtin.glob("*.yaml")):
            # A game whose built-in content is the game's own folder (Krosmaster).
            bases.append(builtin)
        elif "/" not in name and ".." not in name and (builtin / name).is_dir():
            bases.append(builtin / name)
        else:
            found = community_pack(game, name)
            if found is None:
                raise ContentSpecError(f"content.pack: no {game} pack named {name!r}")
            bases.append(found)
    if "path" in spec:
        folder = (base_dir or Path.cwd()) / str(spec["path"])
        if not folder.is_dir():
            raise ContentSpecError(f"content.path: no pack directory at {folder}")
        bases.append(folder)
    return bases


def _relative(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or path.suffix != ".yaml" or not path.parts:
        raise ContentSpecError(
            f"content.files: {name!r} is not a .yaml file's path inside the pack"
        )
    return path


def _digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]
