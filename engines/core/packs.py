"""Community content packs: directories of YAML a server operator installs.

Each game ships its own content under ``assets/content/<game>/``. A bot
operator may add roots (the ``CONTENT_DIRS`` setting): a pack of game *g* named
*p* is the directory ``<root>/<g>/<p>/``, laid out as that game's built-in
content (its coverage page documents the format). Players pick a pack with
``/match new … pack:<p>``; only names found here are accepted, so a player can
never make the bot read an arbitrary path.
"""

from __future__ import annotations

import atexit
import hashlib
import io
import lzma
import re
import shutil
import stat
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import yaml

#: A pack name: a plain directory name, never a path.
PACK_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
#: The key of one version of a pack uploaded through Discord: ``@`` and the SHA-256 of
#: its files (:func:`upload_key`). No directory name of ``CONTENT_DIRS`` can be one, so
#: the two never shadow each other; the same key always means the same files.
UPLOAD_KEY = re.compile(r"^@[0-9a-f]{64}$")
#: A pack's optional manifest, at its top: ``extends: <built-in pack>`` (see below).
MANIFEST = "pack.yaml"

_ROOTS: list[Path] = []
_UPLOADS: list[Path] = []  # this process's copy of the uploaded packs it has read
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
    """The directory of ``game``'s community pack ``name`` (an uploaded pack's version
    if ``name`` is an upload key already installed here), or ``None``."""
    if not valid_pack_name(name):
        return None
    if UPLOAD_KEY.match(name):
        candidate = _UPLOADS[0] / game / name if _UPLOADS else None
        return candidate if candidate is not None and candidate.is_dir() else None
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
    """Whether ``name`` can name a pack: a plain directory name (or an upload key),
    never ``..``, an absolute path or a name with a separator."""
    return bool(PACK_NAME.match(name) or UPLOAD_KEY.match(name)) and ".." not in name


def pack_files(directory: Path, root: Path, *, recursive: bool = False) -> list[Path]:
    """The ``*.yaml`` files of the pack ``directory`` found under ``root`` (sorted; in
    sub-folders too if ``recursive``). Refuses with :class:`PackError` a pack, file or
    folder that is a link pointing out of the content directories (``root``, the
    built-in content and the community roots), a file over :data:`MAX_FILE_BYTES` and
    a pack over :data:`MAX_PACK_BYTES` or :data:`MAX_PACK_FILES` files."""
    allowed = [root.resolve(), BUILTIN_CONTENT, *_ROOTS, *_UPLOADS]

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
            elif entry.name == MANIFEST and folder == directory and is_manifest(entry):
                continue  # the manifest is read by read_manifest, not as content
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


#: libyaml's loader when PyYAML was built with it (the wheels are): the same nodes and
#: line marks as the pure-Python one, several times faster on a large pack.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
        return yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 0
        if "nesting depth" in str(exc.problem):
            # libyaml's scanner reads a flow collection ahead and meets its own depth
            # limit (far above ours) before our event walk can count the levels.
            raise PackFileError(line, f"nested more than {MAX_DEPTH} levels deep") from None
        raise PackFileError(line, f"invalid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:  # e.g. a character YAML does not allow
        raise PackFileError(0, f"invalid YAML: {exc}") from None


def _check_events(text: str) -> None:
    """Walk the YAML events (an iterative parser, no recursion) before composing:
    the composer and every loader recurse once per level, and aliases could make a
    small file expand without bound."""
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, yaml.AliasEvent):
            raise PackFileError(line, "aliases (*name) are not allowed in a pack")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise PackFileError(line, f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


# -- the manifest: a pack that extends a built-in one ------------------------------


@dataclass(frozen=True)
class Manifest:
    """A pack's ``pack.yaml``. ``extends`` names a built-in pack of the same game
    (Krosmaster ``default``, Dice Throne ``base``, Battle Scenes ``starter``): the pack
    then holds only what it adds, and an entry with the id of a built-in one replaces
    it (a corrected figure, hero or card, e.g. marked ``verified: true``)."""

    extends: str | None = None


def is_manifest(path: Path) -> bool:
    """Whether ``path`` (a pack's top ``pack.yaml``) is a manifest: a mapping that says
    ``extends``. Packs written before manifests existed may keep content in a file of
    that name (figures, cards…): without ``extends`` it is read as content."""
    try:
        node = read_yaml(path)
    except PackFileError:
        return True  # unreadable: let read_manifest name the problem
    return isinstance(node, yaml.MappingNode) and any(
        isinstance(key, yaml.ScalarNode) and key.value == "extends" for key, _ in node.value
    )


def read_manifest(directory: Path) -> Manifest:
    """The manifest of the pack ``directory`` (an empty one if it has none); raises
    :class:`PackFileError` for a manifest that is not a mapping of known keys."""
    path = directory / MANIFEST
    if not path.is_file() or not is_manifest(path):
        return Manifest()
    node = read_yaml(path)
    if node is None:
        return Manifest()
    if not isinstance(node, yaml.MappingNode):
        raise PackFileError(node.start_mark.line + 1, "the manifest is a mapping (extends: …)")
    extends: str | None = None
    for key, value in node.value:
        line = key.start_mark.line + 1
        if not isinstance(key, yaml.ScalarNode) or key.value != "extends":
            raise PackFileError(line, f"unknown manifest field {getattr(key, 'value', '?')!r}")
        if not isinstance(value, yaml.ScalarNode) or not PACK_NAME.match(str(value.value)):
            raise PackFileError(line, "extends: the name of a built-in pack")
        extends = str(value.value)
    return Manifest(extends)


def unknown_base(extends: str, known: Iterable[str]) -> PackFileError:
    """The error of a manifest naming a pack that is not a built-in one."""
    names = ", ".join(known)
    return PackFileError(1, f"extends: {extends!r} is not a built-in pack ({names})")


# -- packs uploaded through Discord --------------------------------------------------
# The bot keeps each uploaded version in its database as {relative path: bytes}; before
# an engine reads one, the bot copies it (once per process) under a private directory
# as ``<game>/<key>/`` and the loaders read it like any pack, with every check above.


class UploadError(ValueError):
    """An upload that is not a pack: ``problem`` says why (in English, as
    ``content check`` words it), ``path`` names the archive entry at fault (empty when
    it is the whole file); ``key`` and ``params`` say it as the message
    ``core.upload.<key>`` of the catalogs, in the uploader's language."""

    def __init__(self, problem: str, path: str = "", key: str = "", **params: object) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.problem = problem
        self.path = path
        self.key = key
        self.params = params


#: The most entries a zip may list (folders and other files included): a zip of
#: millions of empty entries must not cost more than reading its directory.
MAX_ZIP_ENTRIES = 4 * MAX_PACK_FILES
#: The longest file or folder name and the longest path of a pack's file, in UTF-8
#: bytes: well under what any file system takes (255 and 4,096), so a copy on disk
#: never fails for its name.
MAX_NAME_BYTES, MAX_PATH_BYTES = 100, 400
#: What reading a hostile zip entry may raise besides ``BadZipFile``: a corrupt stream
#: (zlib, lzma, a short read), a compression zipfile cannot read, a password.
_UNREADABLE = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    OSError,
    ValueError,
    NotImplementedError,
    RuntimeError,
    EOFError,
    zlib.error,
    lzma.LZMAError,
)


def safe_member(name: str) -> str | None:
    """The relative path of a zip entry, or ``None`` if it is not a plain relative path
    (absolute, a drive, ``..``, backslashes, empty parts): no paths anywhere."""
    if not name or "\\" in name or name.startswith("/") or ":" in name or "\0" in name:
        return None
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return None
    return name


def upload_files(
    filename: str, data: bytes, *, single_folder: str = "", folders: Iterable[str] = ()
) -> dict[str, bytes]:
    """The files of an uploaded pack: a zip of the pack's directory (its ``*.yaml`` files
    and optional ``pack.yaml``; one enclosing folder is dropped unless it is one of the
    game's ``folders``), or a single YAML file, stored as ``<single_folder>/<file>`` with
    a manifest extending the game's built-in pack (``extends`` is then implied).

    Refuses with :class:`UploadError` anything over the caps of a pack on disk, zip
    entries that are links or not plain relative paths, and an upload holding no YAML.
    """
    if len(data) > MAX_PACK_BYTES:
        raise UploadError(
            f"larger than {MAX_PACK_BYTES >> 20} MiB", "", "upload_size", mib=MAX_PACK_BYTES >> 20
        )
    lower = filename.lower()
    if lower.endswith(".yaml") or lower.endswith(".yml"):
        if len(data) > MAX_FILE_BYTES:
            raise UploadError(
                f"larger than {MAX_FILE_BYTES >> 10} KiB",
                filename,
                "file_size",
                kib=MAX_FILE_BYTES >> 10,
            )
        _safe_yaml(filename, data)
        stem = PurePosixPath(filename).stem
        name = f"{stem if PACK_NAME.match(stem) else 'entries'}.yaml"
        return {f"{single_folder}/{name}" if single_folder else name: data}
    if not lower.endswith(".zip"):
        raise UploadError("a pack is a .yaml file or a .zip of its folder", "", "kind")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except _UNREADABLE as exc:
        detail = str(exc)[:200]
        raise UploadError(f"not a readable zip ({detail})", "", "bad_zip", detail=detail) from None
    if len(infos) > MAX_ZIP_ENTRIES:
        raise UploadError(
            f"the zip lists more than {MAX_ZIP_ENTRIES} entries",
            "",
            "entries",
            count=MAX_ZIP_ENTRIES,
        )
    files: dict[str, bytes] = {}
    total = 0
    for info in infos:
        path = safe_member(info.filename.rstrip("/") if info.is_dir() else info.filename)
        if path is None:
            raise UploadError("not a plain relative path", info.filename[:200], "path")
        if stat.S_ISLNK(info.external_attr >> 16):
            raise UploadError("a link", path, "link")
        if info.is_dir() or not path.endswith(".yaml") or "__MACOSX" in path.split("/"):
            continue  # folders, notes and pictures: a pack is read from its YAML only
        _check_name(path)
        if info.flag_bits & 0x1:  # a password: nothing an upload could give it
            raise UploadError("encrypted", path, "encrypted")
        if info.file_size > MAX_FILE_BYTES:
            raise UploadError(
                f"larger than {MAX_FILE_BYTES >> 10} KiB",
                path,
                "file_size",
                kib=MAX_FILE_BYTES >> 10,
            )
        try:
            with archive.open(info) as member:  # the header's size may lie: read capped
                content = member.read(MAX_FILE_BYTES + 1)
        except _UNREADABLE as exc:
            detail = str(exc)[:200]
            raise UploadError(
                f"cannot be read ({detail})", path, "unreadable", detail=detail
            ) from None
        if len(content) > MAX_FILE_BYTES:
            raise UploadError(
                f"larger than {MAX_FILE_BYTES >> 10} KiB",
                path,
                "file_size",
                kib=MAX_FILE_BYTES >> 10,
            )
        _safe_yaml(path, content)
        total += len(content)
        if total > MAX_PACK_BYTES or len(files) >= MAX_PACK_FILES:
            limit = f"{MAX_PACK_BYTES >> 20} MiB or {MAX_PACK_FILES} files"
            raise UploadError(
                f"the pack holds more than {limit}",
                path,
                "pack_size",
                mib=MAX_PACK_BYTES >> 20,
                files=MAX_PACK_FILES,
            )
        files[path] = content
    if not files:
        raise UploadError("the zip holds no .yaml file", "", "no_yaml")
    _check_folders(files)
    tops = {p.split("/", 1)[0] for p in files}
    if len(tops) == 1 and all("/" in p for p in files) and next(iter(tops)) not in folders:
        files = {p.split("/", 1)[1]: c for p, c in files.items()}
    return files


def _check_name(path: str) -> None:
    """Refuse a path too long to be copied to disk as it is (or to read back)."""
    parts = path.split("/")
    if len(path.encode()) > MAX_PATH_BYTES or any(len(p.encode()) > MAX_NAME_BYTES for p in parts):
        raise UploadError(
            "a name or path too long",
            _shown(path),
            "long_name",
            name=MAX_NAME_BYTES,
            longest=MAX_PATH_BYTES,
        )


def _shown(path: str) -> str:
    """A path short enough to quote in a reply."""
    return path if len(path) <= 120 else path[:119] + "…"


def _check_folders(files: Mapping[str, bytes]) -> None:
    """Refuse a file whose folder is also a file (``x.yaml`` and ``x.yaml/y.yaml``):
    no directory can hold both."""
    for path in sorted(files):
        parts = path.split("/")
        for end in range(1, len(parts)):
            folder = "/".join(parts[:end])
            if folder in files:
                raise UploadError(
                    f"its folder {folder} is also a file", path, "clash", folder=folder
                )


def _safe_yaml(path: str, content: bytes) -> None:
    """Refuse a file that is not UTF-8 safe YAML (even one its game would not read):
    everything stored is text a pack author can read back."""
    try:
        compose_yaml(content)
    except PackFileError as exc:
        raise UploadError(
            f"line {exc.line}: {exc.problem}", path, "yaml", line=exc.line, detail=exc.problem
        ) from None


def single_file_manifest(files: Mapping[str, bytes], extends: str) -> dict[str, bytes]:
    """``files`` with a manifest extending ``extends`` added (a single uploaded file)."""
    return {**files, MANIFEST: f"extends: {extends}\n".encode()}


def upload_key(game: str, files: Mapping[str, bytes]) -> str:
    """The key of an uploaded version: ``@`` + SHA-256 over the game and every file's
    path and bytes (length-prefixed, in path order), so equal files get equal keys."""
    digest = hashlib.sha256(game.encode() + b"\0")
    for path in sorted(files):
        raw = path.encode()
        digest.update(len(raw).to_bytes(4, "big") + raw)
        digest.update(len(files[path]).to_bytes(8, "big") + files[path])
    return "@" + digest.hexdigest()


def install_upload(game: str, key: str, files: Mapping[str, bytes]) -> None:
    """Copy an uploaded version's files where the loaders find it by ``key`` (once: a
    key is the digest of its files, so an installed copy never goes stale)."""
    if not UPLOAD_KEY.match(key) or PACK_NAME.match(game) is None:
        raise ValueError(f"not an upload key: {key!r}")
    if not _UPLOADS:
        _UPLOADS.append(Path(tempfile.mkdtemp(prefix="tabletop-packs-")).resolve())
        # The copies are this process's: the database keeps the uploads.
        atexit.register(shutil.rmtree, _UPLOADS[0], True)
    target = _UPLOADS[0] / game / key
    if target.is_dir():
        return
    staging = Path(tempfile.mkdtemp(dir=_UPLOADS[0]))
    try:
        for path, content in files.items():
            relative = safe_member(path)
            if relative is None:
                raise ValueError(f"not a plain relative path: {path!r}")
            out = staging / relative
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(content)
        target.parent.mkdir(parents=True, exist_ok=True)
    except BaseException:
        # Whatever stopped the copy (a disk full, a name the file system refuses), no
        # half-written staging folder stays behind.
        shutil.rmtree(staging, ignore_errors=True)
        raise
    try:
        staging.rename(target)
    except OSError:  # installed meanwhile by another thread: the same files
        shutil.rmtree(staging, ignore_errors=True)


def uploads_directory() -> Path | None:
    """Where this process copies the uploads it reads (``None`` before the first)."""
    return _UPLOADS[0] if _UPLOADS else None


def uninstall_upload(game: str, key: str) -> None:
    """Drop this process's copy of an upload (a refused one leaves nothing behind)."""
    if _UPLOADS and UPLOAD_KEY.match(key):
        shutil.rmtree(_UPLOADS[0] / game / key, ignore_errors=True)


def is_installed_upload(game: str, key: str) -> bool:
    """Whether the upload ``key`` of ``game`` is readable in this process."""
    return bool(UPLOAD_KEY.match(key)) and community_pack(game, key) is not None
