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

import yaml

#: A pack name: a plain directory name, never a path.
PACK_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")

_ROOTS: list[Path] = []
#: Where each game's built-in content lives (``<game>/`` below it).
BUILTIN_CONTENT = Path(__file__).resolve().parents[2] / "assets" / "content"


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
    if not valid_pack_name(name):
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


# -- reading a pack's files safely ---------------------------------------------
# A pack is data an operator copied from someone else: nothing in it may make the
# bot read outside the content directories, or spend unbounded memory or recursion.

#: The largest YAML file a pack may hold (1 MiB: the biggest built-in file is ~60 KiB).
MAX_FILE_BYTES = 1 << 20
#: The most a pack may hold in all (10 MiB, 2,000 YAML files).
MAX_PACK_BYTES = 10 << 20
MAX_PACK_FILES = 2000
#: The deepest YAML nesting accepted (the built-in content needs fewer than 10 levels).
MAX_DEPTH = 40


class PackFileError(ValueError):
    """A pack file that cannot be read: the 1-based ``line`` (0 when the problem is
    the whole file) and the ``problem``; each game's loader turns it into its
    ContentError naming the file, like invalid YAML."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem


class PackError(ValueError):
    """A pack that cannot be read as a whole: ``path`` is the file or folder at fault
    (relative to the pack) and ``problem`` says why."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def valid_pack_name(name: str) -> bool:
    """Whether ``name`` can name a pack: a plain directory name, never ``..``, an
    absolute path or a name with a separator."""
    return bool(PACK_NAME.match(name)) and ".." not in name


def pack_files(directory: Path, root: Path, *, recursive: bool = False) -> list[Path]:
    """The ``*.yaml`` files of the pack ``directory`` found under ``root`` (sorted; in
    sub-folders too if ``recursive``). Refuses with :class:`PackError` a pack, file or
    folder that is a link pointing out of the content directories (``root``, the
    built-in content and the community roots), a file over :data:`MAX_FILE_BYTES` and
    a pack over :data:`MAX_PACK_BYTES` or :data:`MAX_PACK_FILES` files."""
    allowed = [root.resolve(), BUILTIN_CONTENT, *_ROOTS]

    def check(path: Path) -> None:
        real = path.resolve()
        if not any(real.is_relative_to(place) for place in allowed):
            shown = path.name if path == directory else str(path.relative_to(directory))
            raise PackError(shown, "a link pointing out of the content directories")

    check(directory)
    files: list[Path] = []
    total = 0
    folders, seen = [directory], set()
    while folders:
        folder = folders.pop()
        if folder.resolve() in seen:  # a link back to a folder already read
            continue
        seen.add(folder.resolve())
        for entry in sorted(folder.iterdir()):
            if entry.is_symlink():
                check(entry)
            if entry.is_dir():
                if recursive:
                    folders.append(entry)
            elif entry.suffix == ".yaml" and entry.is_file():
                shown = str(entry.relative_to(directory))
                size = entry.stat().st_size
                if size > MAX_FILE_BYTES:
                    raise PackError(shown, f"larger than {MAX_FILE_BYTES >> 10} KiB")
                total += size
                files.append(entry)
                if total > MAX_PACK_BYTES or len(files) > MAX_PACK_FILES:
                    limit = f"{MAX_PACK_BYTES >> 20} MiB or {MAX_PACK_FILES} files"
                    raise PackError(shown, f"the pack holds more than {limit}")
    return sorted(files)


def read_yaml(path: Path) -> yaml.Node | None:
    """Compose one pack file (``None`` if empty), refusing with :class:`PackFileError`
    a file over :data:`MAX_FILE_BYTES`, invalid UTF-8, invalid YAML, aliases and
    nesting deeper than :data:`MAX_DEPTH`, each with its line."""
    with path.open("rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise PackFileError(0, f"larger than {MAX_FILE_BYTES >> 10} KiB")
    return compose_yaml(raw)


def compose_yaml(raw: bytes | str) -> yaml.Node | None:
    """Compose YAML text or UTF-8 bytes with the checks of :func:`read_yaml`."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise PackFileError(line, f"not valid UTF-8 ({exc.reason})") from None
    else:
        text = raw
    try:
        _check_events(text)
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 0
        raise PackFileError(line, f"invalid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:  # e.g. a character YAML does not allow
        raise PackFileError(0, f"invalid YAML: {exc}") from None


def _check_events(text: str) -> None:
    """Walk the YAML events (an iterative parser, no recursion) before composing:
    the composer and every loader recurse once per level, and aliases could make a
    small file expand without bound."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, yaml.AliasEvent):
            raise PackFileError(line, "aliases (*name) are not allowed in a pack")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise PackFileError(line, f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
