"""``/content upload`` under hostile zips: a clear refusal naming the entry, in the
uploader's language, with nothing stored and nothing left on disk (issue 25).

Each known way a zip broke the upload has its case (a password, a name or a path too
long for a file system, a file that is also a folder); then random zip structures are
thrown at it, and only declared refusals may come back.
"""

from __future__ import annotations

import io
import warnings
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import UserError
from bot.i18n import Texts, build_catalog
from bot.match.service import MatchService
from engines.core import GameEngine
from engines.core.errors import LocalisedError
from engines.core.packs import is_installed_upload, upload_key, uploads_directory
from engines.core.registry import get, load_games

GAMES = load_games()
TEXTS = Texts(build_catalog(GAMES))
GUILD, USER = 1, 11


def zipped(*entries: tuple[str, bytes, int]) -> bytes:
    """A zip of ``(name, content, flag bits)`` entries; the flag bits are set in the
    local and central headers as given (zipfile would write its own: 0x1 says the
    entry is encrypted, as a zip made with a password says)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a name given twice is one of the structures
        for name, content, _ in entries:
            archive.writestr(name, content)
    data = bytearray(buffer.getvalue())
    flags = [f for _, _, f in entries]
    for signature, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        for flag in flags:
            start = data.index(signature, start)
            data[start + at] |= flag
            start += 4
    return bytes(data)


def leftovers() -> list[str]:
    """Staging folders left in the process's upload directory."""
    found = uploads_directory()
    return [] if found is None else [p.name for p in found.iterdir() if p.name.startswith("tmp")]


async def upload(service: MatchService, engine: GameEngine[object], data: bytes) -> None:
    await service.packs.upload(
        guild_id=GUILD,
        user_id=USER,
        engine=engine,
        name="club",
        filename="club.zip",
        data=data,
    )


LONG_NAME = "a" * 296 + ".yaml"
LONG_PATH = "folder/" * 570 + "x.yaml"  # 4,000 characters
CASES = [
    # (zip entries, the entry the refusal names, its words in en-US, pt-BR, it)
    (
        [("club/a.yaml", b"id: a\n", 0x1)],
        "club/a.yaml",
        ("encrypted", "criptografado", "cifrato"),
    ),
    ([(LONG_NAME, b"id: a\n", 0)], LONG_NAME[:100], ("over 100 bytes", "100 bytes", "100 byte")),
    ([(LONG_PATH, b"id: a\n", 0)], LONG_PATH[:100], ("over 400 bytes", "400 bytes", "400 byte")),
    (
        [("x.yaml", b"id: a\n", 0), ("x.yaml/y.yaml", b"id: b\n", 0)],
        "x.yaml/y.yaml",
        ("is also a file", "também é um arquivo", "è anche un file"),
    ),
]


@pytest.mark.parametrize("game", ["krosmaster", "dicethrone", "battlescenes"])
@pytest.mark.parametrize(
    ("entries", "named", "words"), CASES, ids=["password", "name", "path", "clash"]
)
async def test_a_hostile_zip_is_refused_by_name_leaving_nothing(
    service: MatchService,
    game: str,
    entries: list[tuple[str, bytes, int]],
    named: str,
    words: tuple[str, str, str],
) -> None:
    engine = get(game)
    with pytest.raises(UserError) as refused:
        await upload(service, engine, zipped(*entries))
    assert refused.value.key == "bot.content.bad_upload"
    for locale, word in zip(("en-US", "pt-BR", "it"), words, strict=True):
        text = TEXTS.error(refused.value, locale)
        assert named in text and word in text, text
        assert len(text) < 2000  # one Discord message, whatever the entry's name
    assert leftovers() == []
    assert await service.packs.listed(GUILD) == []
    files = {name: content for name, content, _ in entries}
    assert not is_installed_upload(game, upload_key(game, files))


#: Names built from a few characters a file system or zipfile treats specially.
_PART = st.one_of(
    st.text(alphabet="ab.yaml-_ é", min_size=0, max_size=12),
    st.just("x.yaml"),
    st.just(".."),
    st.text(alphabet="ab", min_size=90, max_size=300),
)
_NAME = st.builds(
    lambda parts, ending: "/".join(parts) + ending,
    st.lists(_PART, min_size=1, max_size=6),
    st.sampled_from(["", ".yaml", "/", ".yml", ".yaml/"]),
)
_CONTENT = st.one_of(
    st.sampled_from([b"", b"{}\n", b"id: a\n", b"extends: base\n", b"- [", b"\xff\xfe"]),
    st.binary(max_size=40),
)
_ENTRY = st.tuples(_NAME.filter(bool), _CONTENT, st.sampled_from([0, 0, 0, 0x1, 0x8]))


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(["krosmaster", "dicethrone", "battlescenes"]),
    entries=st.lists(_ENTRY, min_size=1, max_size=6),
    cut=st.one_of(st.none(), st.integers(min_value=0, max_value=400)),
    flip=st.one_of(st.none(), st.integers(min_value=0, max_value=400)),
)
async def test_random_zips_get_only_declared_refusals_and_leave_nothing(
    service: MatchService,
    game: str,
    entries: list[tuple[str, bytes, int]],
    cut: int | None,
    flip: int | None,
) -> None:
    data = bytearray(zipped(*entries))
    if flip is not None and flip < len(data):  # a damaged byte: headers, sizes, streams
        data[flip] ^= 0x5A
    if cut is not None:
        del data[len(data) - cut :]  # a truncated upload
    before = await service.packs.listed(GUILD)
    try:
        await upload(service, get(game), bytes(data))
    except LocalisedError as refused:
        for locale in ("en-US", "pt-BR", "it"):
            assert TEXTS.error(refused, locale)
        assert await service.packs.listed(GUILD) == before
    assert leftovers() == []
