"""Players read their own language: renders and posts in one locale carry no text that
the catalogues give only in another (issue 13).

Each game is played a few moves from set-up (engine defaults, seeded dice); at every
step the public and private renders (their drawn text, recorded by
``engines.core.render.recorded_text``), the alt text, the event lines, the status
lines and the log lines are gathered in each locale. A *foreign phrase* is a piece of
a catalogue value of another locale that differs from the reader's value for the same
key and appears nowhere in the reader's catalogue: a proper name (the same in every
locale) is never one. None may appear in what the reader sees, apart from card texts
and names quoted as the content prints them (Battle Scenes' cards exist in Portuguese
only; a text given per language must be the reader's).
"""

from __future__ import annotations

import ast
import bisect
import random
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.discord.presenter import Post, Presenter
from bot.i18n import Texts, build_catalog
from bot.match.types import MatchSnapshot
from bot.store.models import Match, MatchEvent, MatchSeat, MatchStatus
from engines.core import Decision, EngineError, Event, GameEngine, Seat, SeededDice
from engines.core.errors import IllegalActionError
from engines.core.i18n import LOCALES, Catalog, rule_slug
from engines.core.registry import get, load_games
from engines.core.render import recorded_text
from engines.core.serde import to_json
from tests.engines.malformed import templates

ROOT = Path(__file__).resolve().parents[2]
GAMES = load_games()
CATALOG = build_catalog(GAMES)
TEXTS = Texts(CATALOG)
PRESENTER = Presenter(TEXTS)
SEED = bytes(range(32))
#: Punctuation and symbols trimmed off a phrase before it is looked for.
TRIM = " \t\n.,:;!?()[]{}«»“”\"'·•-—–→←↑↓×/+=*#%…|<>_0123456789½"
#: At least this many letters, so articles and prepositions shared by languages
#: ("de", "di", "a") are never taken for a foreign phrase.
MIN_LETTERS = 4
#: Words that are at home in more than one of the languages although a catalogue uses
#: them in one only (Italian card text says "cura 3", Portuguese events "cura 2").
SHARED_WORDS = {"cura"}


def _fragments(template: str) -> Iterator[str]:
    """The literal pieces of a catalogue template, between its placeholders."""
    for literal, _, _, _ in string.Formatter().parse(template):
        for piece in re.split(r"[\n(){}\[\]:;·•→|]", literal):
            phrase = piece.strip(TRIM)
            if sum(ch.isalpha() for ch in phrase) >= MIN_LETTERS:
                yield phrase


@cache
def game_catalog(game: str) -> Catalog:
    """The messages a post or render of ``game`` may use: core, bot and the game's."""
    return build_catalog([get(game)])


@cache
def foreign_phrases(reader: str, game: str) -> dict[str, str]:
    """Phrase → ``"<locale> <key>"`` for every phrase of ``game``'s catalogues that is
    foreign to ``reader`` (another game's words cannot turn up in this one's posts)."""
    catalog = game_catalog(game)
    mine = catalog.messages[reader]
    own_text = "\n".join(mine.values()).lower()
    found: dict[str, str] = {}
    for other in LOCALES:
        if other == reader:
            continue
        for key, value in catalog.messages[other].items():
            if mine.get(key, value) == value:
                continue  # the same words in both: a proper name, a symbol, a unit
            for phrase in _fragments(value):
                if phrase.lower() not in own_text and phrase.lower() not in SHARED_WORDS:
                    found.setdefault(phrase, f"{other} {key}")
    return found


@cache
def _pattern(reader: str, game: str) -> re.Pattern[str]:
    phrases = sorted(foreign_phrases(reader, game), key=len, reverse=True)
    # Any case: a content id drawn as is ("agilidade") is the catalogue's "Agilidade".
    alternatives = "|".join(map(re.escape, phrases))
    return re.compile(r"(?<!\w)(?:" + alternatives + r")(?!\w)", re.IGNORECASE)


@cache
def _where(reader: str, game: str) -> dict[str, str]:
    """:func:`foreign_phrases` by the phrase in lower case (built once, not per line)."""
    return {phrase.lower(): where for phrase, where in foreign_phrases(reader, game).items()}


def foreign_in(text: str, reader: str, game: str) -> list[str]:
    """The foreign phrases of ``game`` (with where they come from) found in ``text``."""
    table = _where(reader, game)
    found = _pattern(reader, game).finditer(text)
    return [f"{m.group(0)!r} ({table[m.group(0).lower()]})" for m in found]


def _printed(value: Any, reader: str, found: set[str], depth: int = 0) -> set[str]:
    """The texts of a content pack as its cards print them, read in ``reader``'s
    language where the pack gives one per language (a name ``{"pt-BR": …, "it": …}``
    or ``(("pt-BR", …), …)`` pairs): Battle Scenes' cards exist in Portuguese only."""
    if depth > 12 or value is None or isinstance(value, bool | int | float):
        return found
    if isinstance(value, str):
        found.add(value.strip())
    elif isinstance(value, dict):
        if value and set(value) <= set(LOCALES):
            _printed(
                value.get(reader) or value.get("en-US") or next(iter(value.values())),
                reader,
                found,
                depth + 1,
            )
        else:
            for item in value.values():
                _printed(item, reader, found, depth + 1)
    elif isinstance(value, tuple | list | set | frozenset):
        items = list(value)
        pairs = [i for i in items if isinstance(i, tuple) and len(i) == 2]
        if items and len(pairs) == len(items) and all(p[0] in LOCALES for p in pairs):
            _printed(dict(pairs), reader, found, depth + 1)
        else:
            for item in items:
                _printed(item, reader, found, depth + 1)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _printed(getattr(value, name), reader, found, depth + 1)
    return found


@cache
def printed_texts(game: str, reader: str) -> tuple[str, ...]:
    """``game``'s content texts as printed (see :func:`_printed`), sorted."""
    engine = get(game)
    return tuple(sorted(t for t in _printed(engine.load_content(None), reader, set()) if t))


def _quoted(piece: str, texts: tuple[str, ...]) -> bool:
    """Whether ``piece`` is, or begins, a printed text; or, cut short with "…" or a
    line of a quoted text a render wrapped (several words), is part of one."""
    cut = piece.rstrip().endswith("…") or (piece.count(" ") >= 4 and len(piece) >= 24)
    piece = piece.strip().rstrip("…").strip()
    if not piece:
        return True
    at = bisect.bisect_left(texts, piece)
    if at < len(texts) and texts[at].startswith(piece):
        return True
    return cut and any(piece in text for text in texts)


def without_printed_text(line: str, game: str, reader: str) -> str:
    """``line`` without the card texts and names it quotes as printed: a language check
    is about the words around them."""
    texts = printed_texts(game, reader)
    # A render's line that is a run of words of one quoted text (a long text wrapped).
    whole = line.strip()
    if " " in whole and any(whole in text for text in texts):
        return ""
    # Whole quoted texts first, the longest first (a name inside a text stays whole).
    for text in sorted(texts, key=len, reverse=True):
        if " " in text and len(text) >= 12 and text in line:
            line = line.replace(text, " | ")
    pieces = re.split(r"\| |: |; | · |\n|\((?=[^)]*\))|\)", line)
    return " | ".join(p for p in pieces if not _quoted(p, texts))


@dataclass
class Seen:
    """What a reader saw, by where it was seen."""

    locale: str
    texts: dict[str, list[str]] = field(default_factory=dict)

    def add(self, where: str, *lines: str) -> None:
        self.texts.setdefault(where, []).extend(line for line in lines if line)

    def problems(self, reader: str, game: str, renders: bool) -> dict[str, list[str]]:
        """Where the reader met foreign phrases, and which: in the renders, or in the
        posts (events, status lines, buttons, logs, errors)."""
        out: dict[str, list[str]] = {}
        for where, lines in self.texts.items():
            if (where in RENDERS) != renders:
                continue
            shown = {without_printed_text(line, game, reader) for line in set(lines)}
            bad = sorted({hit for line in shown for hit in foreign_in(line, reader, game)})
            if bad:
                out[where] = bad
        return out


def _snapshot(engine: GameEngine[Any], state: Any, version: int, seats: int) -> MatchSnapshot:
    finished = engine.result(state) is not None
    result = to_json(engine.result(state)) if finished else None
    match = Match(
        id=1,
        version=version,
        status=MatchStatus.FINISHED if finished else MatchStatus.ACTIVE,
        deadline_at=None,
        seed=SEED.hex(),
        result=result,
    )
    rows = [MatchSeat(seat=s, user_id=100 + s, display_name=f"P{s}") for s in range(seats)]
    return MatchSnapshot(engine, match, rows, state)


def _candidates(engine: GameEngine[Any], decision: Decision, rng: random.Random) -> list[Any]:
    out: list[Any] = []
    for selection in decision.selections:
        values = [o.value for o in selection.options]
        if not values:
            continue
        for _ in range(3):
            most = min(selection.max_values, len(values))
            count = rng.randint(max(selection.min_values, 1), most)
            out.append(engine.parse_action(selection.action(rng.sample(values, count))))
    rng.shuffle(out)
    if decision.default is not None:
        # The default half of the time first: menus alone can keep a game in one phase
        # (dice kept again and again), defaults move it on.
        out.insert(0 if rng.random() < 0.5 else len(out), decision.default)
    return out


def _refusals(engine: GameEngine[Any], state: Any, version: int, locale: str) -> list[str]:
    """The replies to moves the rules refuse now (a choice made by the wrong seat or
    out of turn), in ``locale``. Actions that do not even parse are left out: their
    replies quote the JSON's own kinds and field names, which are typed as they are."""
    replies = []
    seats = len(engine.view(state, None).data.get("players") or ()) or 2
    for seat, given in templates(engine, state)[:8]:
        try:
            action = engine.parse_action(given)
        except EngineError:
            continue
        for who in (seat, (seat + 1) % seats):
            try:
                engine.apply(state, who, action, SeededDice(SEED, version))
            except EngineError as exc:
                replies.append(TEXTS.error(exc, locale))
    return replies


def _render_text(engine: GameEngine[Any], view: Any, kind: str, locale: str) -> list[str]:
    with recorded_text() as drawn:
        engine.render(view, kind, locale)
    return [*drawn, engine.describe(view, kind, locale)]


#: Each game's catalogue as its renders read it (once: they read it on every call).
READ = {engine.name: engine.catalog() for engine in GAMES}


@pytest.fixture(autouse=True)
def _catalogs_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The renders get their catalogue as read once; the test draws dozens of boards."""
    for engine in GAMES:
        monkeypatch.setattr(engine, "catalog", lambda read=READ[engine.name]: read)


#: Where render text is gathered (the rest is posts).
RENDERS = ("board", "private board")


@cache
def play(
    game: str, seats: int, steps: int, seed: int, locales: tuple[str, ...], renders: int = 3
) -> dict[str, Seen]:
    """Play ``game`` ``steps`` moves, gathering what each reader of ``locales`` sees
    (the posts at every step, the renders at ``renders`` steps spread over the game)."""
    engine = get(game)
    drawn_at = {1 + i * (steps - 1) // max(renders - 1, 1) for i in range(renders)}
    rng = random.Random(seed)
    players = [Seat(s, f"P{s}") for s in range(seats)]
    state = engine.new_match({}, players, engine.load_content(None), SeededDice(SEED, 0))
    seen = {locale: Seen(locale) for locale in locales}
    events: list[Event] = []
    rows: list[MatchEvent] = []
    for version in range(1, steps + 1):
        snap = _snapshot(engine, state, version, seats)
        snap.events = events
        for locale, found in seen.items():
            post = Post()
            found.add("event", *PRESENTER.events_text(events, None, locale))
            found.add("status", *PRESENTER.status_lines(snap, locale, post))
            found.add("buttons", *(b.label for b in post.buttons))
            for seat in range(seats):
                found.add("private event", *PRESENTER.events_text(events, seat, locale))
            last = engine.result(state) is not None or not snap.pending()
            if not renders or (version not in drawn_at and not last):
                continue
            public = engine.view(state, None)
            found.add("board", *_render_text(engine, public, engine.render_kinds[0], locale))
            for seat in range(seats):
                view = engine.view(state, seat)
                for kind in engine.render_kinds:
                    found.add("private board", *_render_text(engine, view, kind, locale))
        decisions = [d for d in engine.pending(state) if not d.optional]
        if not decisions or engine.result(state) is not None:
            break
        for found in seen.values():
            found.add("error", *_refusals(engine, state, version, found.locale))
        decision = decisions[0]
        for action in _candidates(engine, decision, rng):
            try:
                outcome = engine.apply(state, decision.seat, action, SeededDice(SEED, version))
            except EngineError as exc:
                # A refusal is a reply its player reads: in their language too.
                for locale, found in seen.items():
                    found.add("error", TEXTS.error(exc, locale))
                continue
            break
        else:
            break
        state = outcome.state
        events = list(outcome.events)
        rows.append(
            MatchEvent(
                seq=version,
                kind="action",
                actor_id=100 + decision.seat,
                seat=decision.seat,
                action=engine.action_to_json(action),
                events=[to_json(e) for e in events],
                reason=None,
            )
        )
    for locale, found in seen.items():
        log = PRESENTER.log_line
        found.add("log", *(log(row, None, locale, snap) for row in rows))
        for seat in range(seats):
            found.add("private log", *(log(row, seat, locale, snap) for row in rows))
    return seen


CASES = [("krosmaster", 2), ("dicethrone", 2), ("battlescenes", 2)]


#: Team and free-for-all modes have events of their own (posts only: their boards are
#: the same drawing code).
MORE_SEATS = [("krosmaster", 4), ("dicethrone", 3), ("dicethrone", 4)]


@pytest.mark.parametrize(
    ("game", "seats"), CASES + MORE_SEATS, ids=[f"{g}-{n}" for g, n in CASES + MORE_SEATS]
)
def test_no_other_languages_text_in_posts(game: str, seats: int) -> None:
    renders = 3 if (game, seats) in CASES else 0
    # The walk the renders test draws, and a longer one into the game (posts only).
    for seen in (play(game, seats, 30, 0, LOCALES, renders), play(game, seats, 120, 1, LOCALES, 0)):
        found = {locale: s.problems(locale, game, renders=False) for locale, s in seen.items()}
        assert found == {locale: {} for locale in LOCALES}


@pytest.mark.parametrize(("game", "seats"), CASES, ids=[c[0] for c in CASES])
def test_no_other_languages_text_in_renders(game: str, seats: int) -> None:
    seen = play(game, seats, 30, 0, LOCALES, 3)
    problems = {locale: s.problems(locale, game, renders=True) for locale, s in seen.items()}
    assert problems == {locale: {} for locale in LOCALES}


def test_a_foreign_phrase_is_caught_and_a_proper_name_is_not() -> None:
    assert foreign_in("P0 takes 3 damage (rule Dano Final Total)", "en-US", "dicethrone")
    assert foreign_in("P0 subisce 3 danni (regola Final Damage Total)", "it", "dicethrone")
    assert not foreign_in("Dice Throne", "pt-BR", "dicethrone")
    assert not foreign_in("P0 takes 3 damage (rule Final Damage Total)", "en-US", "dicethrone")


def _rule_references(game: str) -> dict[str, str]:
    """Every rule reference in words that ``game``'s code gives an event or an error:
    ``rule="Dano Final Total"``, or the ``rule`` argument of one of its own helpers
    (``illegal(message, key, rule)``, ``emit(key, rule)``) given by position; with where."""
    trees = {
        path.name: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "engines" / game).glob("*.py"))
    }
    # The position of a ``rule`` parameter in each of the game's functions and methods.
    position: dict[str, int] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args if a.arg != "self"]
                if "rule" in names:
                    position[node.name] = names.index("rule")
    found: dict[str, str] = {}
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            given = [k.value for k in node.keywords if k.arg == "rule"]
            called = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if called in position and len(node.args) > position[called]:
                given.append(node.args[position[called]])
            for expr in given:
                for sub in ast.walk(expr):
                    value = getattr(sub, "value", None)
                    worded = isinstance(value, str) and value[:1].isalpha()
                    if isinstance(sub, ast.Constant) and worded:
                        found.setdefault(str(value), f"{name}:{node.lineno}")
    return found


@pytest.mark.parametrize("game", [c[0] for c in CASES])
def test_every_rule_named_in_words_has_its_title_in_every_language(game: str) -> None:
    """ "(rule Dano Final Total)" in an English post: a rulebook section named in words
    is shown by its title in the reader's language."""
    catalog = game_catalog(game)
    missing = {
        (rule, where, locale)
        for rule, where in _rule_references(game).items()
        for locale in LOCALES
        if not catalog.has(f"{game}.rule_name.{rule_slug(rule)}", locale)
    }
    assert missing == set()


def test_rule_references_are_translated_in_errors_and_events() -> None:
    params = {"cost": 2, "cp": 1}
    error = IllegalActionError(
        "x", key="dicethrone.error.no_cp", params=params, rule="Dano Final Total"
    )
    assert TEXTS.error(error, "en-US") == (
        "This card costs 2 CP; you have 1 CP. (rule Final Damage Total)"
    )
    assert TEXTS.error(error, "it").endswith("(regola Danno finale totale)")
    assert TEXTS.error(error, "pt-BR").endswith("(regra Dano Final Total)")
    event = Event("dicethrone.event.draw", {}, rule="Vitalidade")
    assert TEXTS.event(event, "en-US").endswith("(rule Health)")
    # A numbered rule stays a number.
    numbered = Event("krosmaster.event.first_player", {"player": "P0"}, rule="1.5.1")
    assert TEXTS.event(numbered, "it").endswith("(regola 1.5.1)")
