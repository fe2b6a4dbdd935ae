"""Scenario runner: play a scripted match from YAML and print the resulting view.

    python -m engines.scenario run FILE.yaml [--seat N] [--events]

A scenario names the game, options, seats, its content (a pack by name, a pack
folder next to the file, entries written inline: ``engines.scenario_content``),
engine-specific ``setup`` overrides or a whole exported ``state``, a queue of forced
``dice`` results, ``steps`` of ``{seat, action}`` and optional expectations on the
state, on what players see, on the events that did or did not happen, or on the
set-up's refusal (paths and matchers: ``engines.scenario_match``). The exit code is
1 when a step or the set-up is refused (the engine's message and key are printed),
2 when an expectation is not met, 3 when the file itself is invalid. The format is
documented in docs/scenarios.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import typing
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engines.core import EngineError, GameEngine, RiggedDice, Seat
from engines.core.errors import LocalisedError, SetupError
from engines.core.i18n import Catalog
from engines.core.packs import content_roots, set_content_roots
from engines.core.registry import UnknownGameError, get, load_games
from engines.core.serde import SerdeError, to_json
from engines.scenario_content import ContentSpecError, prepare
from engines.scenario_match import PathError, index_of, lookup, mismatch, tokens

EXIT_ILLEGAL = 1
EXIT_EXPECTATION = 2
EXIT_INVALID = 3


class ScenarioError(Exception):
    """The scenario file itself is malformed."""


class ExpectationError(Exception):
    """The match did not end up as the scenario expected."""


@dataclass
class Step:
    """One scripted action; ``error`` expects the engine to refuse it with that key."""

    seat: int
    action: dict[str, Any]
    error: str | None = None
    dice: list[Any] = field(default_factory=list)


@dataclass
class Scenario:
    """A parsed scenario file."""

    game: str
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    #: A pack name, or a mapping of ``pack``/``path`` and inline ``files``.
    content: str | dict[str, Any] | None = None
    setup: dict[str, Any] = field(default_factory=dict)
    dice: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)
    #: A whole position (the state's JSON, as ``/ref position`` exports it): the match
    #: starts from it instead of a new set-up (``setup`` still applies on top).
    state: dict[str, Any] | None = None
    #: The folder of the scenario file: ``content.path`` is relative to it.
    base_dir: Path | None = field(default=None, compare=False)


#: An action field written ``{ref: PATH}`` takes the value at PATH in the state;
#: ``{index: PATH}`` the list index of the element PATH picks.
REF_KEYS = frozenset({"ref", "index"})

#: The keys an ``expect`` mapping may hold.
EXPECT_KEYS = frozenset(
    {"result", "state", "view", "seat_view", "pending", "events", "no_events", "setup_error"}
)


@dataclass
class RunResult:
    """The state a scenario ended in, and every event it produced. ``state`` is
    ``None`` when the set-up was refused as the scenario expected
    (``setup_error``, the refusal's key)."""

    engine: GameEngine[Any]
    state: Any
    events: list[Any]
    setup_error: str | None = None


def parse(data: Any, source: str = "<scenario>") -> Scenario:
    """Validate the YAML data of a scenario."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{source}: a scenario is a mapping with at least 'game' and 'seats'")
    known = set(Scenario.__dataclass_fields__) - {"base_dir"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScenarioError(f"{source}: unknown key(s) {', '.join(unknown)}")
    for key in ("game", "seats"):
        if key not in data:
            raise ScenarioError(f"{source}: missing '{key}'")
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ScenarioError(f"{source}: 'seats' is a list of player names")
    steps = []
    for i, raw in enumerate(data.get("steps") or []):
        if not isinstance(raw, Mapping) or "seat" not in raw or "action" not in raw:
            raise ScenarioError(f"{source}: step {i + 1} needs 'seat' and 'action'")
        action = raw["action"]
        if isinstance(action, str):
            action = {"kind": action}
        if not isinstance(action, Mapping) or "kind" not in action:
            raise ScenarioError(f"{source}: step {i + 1}: 'action' needs a 'kind'")
        extra = sorted(set(raw) - {"seat", "action", "error", "dice"})
        if extra:
            raise ScenarioError(f"{source}: step {i + 1}: unknown key(s) {', '.join(extra)}")
        steps.append(
            Step(int(raw["seat"]), dict(action), raw.get("error"), list(raw.get("dice") or []))
        )
    position = data.get("state")
    if position is not None and not isinstance(position, Mapping):
        raise ScenarioError(f"{source}: 'state' is a whole state, as /ref position exports it")
    content = data.get("content")
    if content is not None and not isinstance(content, str | Mapping):
        raise ScenarioError(f"{source}: 'content' is a pack name or a mapping")
    expect = data.get("expect") or {}
    if not isinstance(expect, Mapping):
        raise ScenarioError(f"{source}: 'expect' is a mapping")
    extra = sorted(set(expect) - EXPECT_KEYS)
    if extra:
        raise ScenarioError(f"{source}: expect: unknown key(s) {', '.join(map(str, extra))}")
    _check_paths(expect, source)
    return Scenario(
        game=str(data["game"]),
        seats=list(seats),
        options=dict(data.get("options") or {}),
        content=dict(content) if isinstance(content, Mapping) else content,
        setup=dict(data.get("setup") or {}),
        dice=list(data.get("dice") or []),
        steps=steps,
        expect=dict(expect),
        modules=list(data.get("modules") or []),
        state=dict(position) if position is not None else None,
    )


def _check_paths(expect: Mapping[str, Any], source: str) -> None:
    """Refuse unreadable paths at once, rather than as a silent ``None``."""
    tables: list[tuple[str, Any]] = [("state", expect.get("state")), ("view", expect.get("view"))]
    seat_views = expect.get("seat_view") or {}
    if not isinstance(seat_views, Mapping):
        raise ScenarioError(f"{source}: expect.seat_view maps a seat number to paths")
    tables += [(f"seat_view.{seat}", paths) for seat, paths in seat_views.items()]
    for name, table in tables:
        if table is None:
            continue
        if not isinstance(table, Mapping):
            raise ScenarioError(f"{source}: expect.{name} maps paths to expected values")
        for path in table:
            try:
                tokens(str(path))
            except PathError as exc:
                raise ScenarioError(f"{source}: expect.{name}: {exc}") from None
    for name in ("events", "no_events"):
        keys = expect.get(name)
        if keys is not None and not (
            isinstance(keys, list) and all(isinstance(k, str) for k in keys)
        ):
            raise ScenarioError(f"{source}: expect.{name} is a list of event keys")


def load(path: Path) -> Scenario:
    """Read and validate a scenario file."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    scenario = parse(data, str(path))
    scenario.base_dir = path.resolve().parent
    return scenario


@contextmanager
def _scenario_content(scenario: Scenario) -> Iterator[str | None]:
    """The pack name to load, with the scenario's own pack (if any) readable while
    the scenario runs: its scratch folder is a content root until the run ends."""
    with tempfile.TemporaryDirectory(prefix="scenario-") as scratch:
        try:
            name = prepare(scenario.game, scenario.content, scenario.base_dir, Path(scratch))
        except (ContentSpecError, OSError) as exc:
            raise ScenarioError(str(exc)) from None
        if name is None or not name.startswith("scenario-"):
            yield name
            return
        before = content_roots()
        set_content_roots([*before, scratch])
        try:
            yield name
        finally:
            set_content_roots(before)


def run(scenario: Scenario) -> RunResult:
    """Play a scenario; an illegal step raises the engine's error."""
    load_games((*_env_modules(), *scenario.modules))
    try:
        engine = get(scenario.game)
    except UnknownGameError:
        raise ScenarioError(f"unknown game {scenario.game!r}") from None
    with _scenario_content(scenario) as pack:
        return _play(engine, scenario, pack)


def _play(engine: GameEngine[Any], scenario: Scenario, pack: str | None) -> RunResult:
    dice = RiggedDice(scenario.dice)
    seats = [Seat(i, name) for i, name in enumerate(scenario.seats)]
    refusal = scenario.expect.get("setup_error")
    try:
        content = engine.load_content(pack)
        if scenario.state is not None:
            state = _position(engine, scenario.state)
        else:
            state = engine.new_match(scenario.options, seats, content, dice)
        if scenario.setup:
            state = engine.apply_setup(state, scenario.setup)
    except LocalisedError as exc:
        if refusal is not None and refusal in (exc.key, type(exc).__name__):
            return RunResult(engine, None, [], setup_error=exc.key)
        exc.params.setdefault("step", "set-up")
        raise
    if refusal is not None:
        raise ExpectationError(f"set-up: expected error {refusal}, but it was accepted")
    events: list[Any] = []
    for number, step in enumerate(scenario.steps, start=1):
        dice.push(*step.dice)
        try:
            action = _resolve_refs(engine, step.action, engine.state_to_json(state), number)
            outcome = engine.apply(state, step.seat, engine.parse_action(action), dice)
        except EngineError as exc:
            if step.error is not None and step.error in (exc.key, type(exc).__name__):
                continue
            exc.params.setdefault("step", number)
            raise
        if step.error is not None:
            raise ExpectationError(
                f"step {number}: expected error {step.error}, but it was applied"
            )
        state = outcome.state
        events.extend(outcome.events)
    return RunResult(engine, state, events)


def _position(engine: GameEngine[Any], data: Mapping[str, Any]) -> Any:
    """The state a scenario's ``state`` holds, refused like a bad set-up override."""
    try:
        return engine.state_from_json(dict(data))
    except SerdeError as exc:
        raise SetupError(
            f"Invalid scenario state: {exc}",
            key="core.error.setup_override",
            params={"detail": str(exc)},
        ) from None


def _resolve_refs(
    engine: GameEngine[Any], action: Mapping[str, Any], state_json: Any, number: int
) -> dict[str, Any]:
    """The action with each ``{ref: PATH}`` field replaced by the value at PATH in
    the state before the step, and each ``{index: PATH}`` by the list index of the
    element PATH picks (a card's number found by its key), written as text when the
    field is text."""
    resolved = dict(action)
    hints: dict[str, Any] = {}
    for cls in engine.action_types:
        if getattr(cls, "kind", None) == action.get("kind"):
            hints = typing.get_type_hints(cls)
    for name, value in action.items():
        if not (isinstance(value, Mapping) and len(value) == 1 and set(value) <= REF_KEYS):
            continue
        how, path = next(iter(value.items()))
        try:
            found = (lookup if how == "ref" else index_of)(state_json, str(path))
        except PathError as exc:
            raise ScenarioError(f"step {number}: {name}: {exc}") from None
        if found is None:
            raise ScenarioError(f"step {number}: {name}: nothing at {path!r}")
        resolved[name] = str(found) if hints.get(name) is str else found
    return resolved


def check(result: RunResult, expect: Mapping[str, Any]) -> list[str]:
    """Every unmet expectation, in words."""
    if result.state is None:  # the set-up was refused, as expected: nothing else exists
        return []
    engine, state = result.engine, result.state
    problems: list[str] = []
    state_json = engine.state_to_json(state)
    problems += _compare("state", state_json, expect.get("state") or {})
    if "view" in expect:
        problems += _compare("view", view_json(engine, state, None), expect["view"] or {})
    for seat, paths in (expect.get("seat_view") or {}).items():
        data = view_json(engine, state, int(seat))
        problems += _compare(f"seat_view.{seat}", data, paths or {})
    if "pending" in expect:
        actual_pending = [
            {"seat": d.seat, "kinds": list(d.kinds)}
            for d in engine.pending(state)
            if not d.optional
        ]
        if actual_pending != expect["pending"]:
            problems.append(f"pending: expected {expect['pending']!r}, got {actual_pending!r}")
    if "result" in expect:
        res = engine.result(state)
        actual_result = (
            None if res is None else {"kind": res.kind.value, "winners": list(res.winners)}
        )
        if actual_result != expect["result"]:
            problems.append(f"result: expected {expect['result']!r}, got {actual_result!r}")
    keys = [e.key for e in result.events]
    if "events" in expect:
        missing = [k for k in expect["events"] if k not in keys]
        if missing:
            problems.append(f"events: missing {missing!r} (got {keys!r})")
    unwanted = [k for k in expect.get("no_events") or [] if k in keys]
    if unwanted:
        problems.append(f"no_events: {unwanted!r} happened")
    # An event that must not happen, misspelt, would never happen: say so.
    catalog = engine.catalog()
    unknown = [k for k in expect.get("no_events") or [] if not catalog.has(k)]
    if unknown:
        problems.append(f"no_events: {unknown!r} are not event keys of {engine.name}")
    return problems


def view_json(engine: GameEngine[Any], state: Any, seat: int | None) -> Any:
    """What ``seat`` (or the public) sees, as JSON data: a view's data whether a
    game gives it as a mapping or as a dataclass."""
    return to_json(engine.view(state, seat).data)


def _compare(name: str, data: Any, wanted: Mapping[str, Any]) -> list[str]:
    problems = []
    for path, value in wanted.items():
        problem = mismatch(lookup(data, str(path)), value)
        if problem:
            problems.append(f"{name}.{path}: {problem}")
    return problems


def _env_modules() -> list[str]:
    return [m.strip() for m in os.environ.get("GAMES", "").split(",") if m.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m engines.scenario")
    sub = parser.add_subparsers(dest="command", required=True)
    run_p = sub.add_parser("run", help="play a scenario and print the resulting view as JSON")
    run_p.add_argument("file", type=Path)
    run_p.add_argument("--seat", type=int, default=None, help="print this seat's private view")
    run_p.add_argument("--events", action="store_true", help="also print the events")
    run_p.add_argument("--locale", default="en-US", help="language of error messages")
    args = parser.parse_args(argv)
    # Community packs, as the bot finds them (comma-separated directories).
    set_content_roots(d.strip() for d in os.environ.get("CONTENT_DIRS", "").split(",") if d.strip())
    try:
        scenario = load(args.file)
        result = run(scenario)
        problems = check(result, scenario.expect)
    except ScenarioError as exc:
        print(f"invalid scenario: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except ExpectationError as exc:
        print(f"expectation not met: {exc}", file=sys.stderr)
        return EXIT_EXPECTATION
    except LocalisedError as exc:
        engine_dir = _engine_locale_dir(scenario.game)
        catalog = Catalog.from_dirs([engine_dir] if engine_dir else [])
        text = catalog.translate(exc.key, args.locale, **exc.params)
        rule = (
            f" ({catalog.translate('core.rule', args.locale, rule=exc.rule)})" if exc.rule else ""
        )
        where = exc.params.get("step", "?")
        what = "set-up refused" if where == "set-up" else f"illegal step {where}"
        # The key too: what a step's ``error`` (or ``setup_error``) names to expect it.
        print(f"{what}: {text}{rule} [{exc.key}]", file=sys.stderr)
        return EXIT_ILLEGAL
    if result.state is None:
        print(json.dumps({"setup_error": result.setup_error}, indent=2))
        return 0
    output: dict[str, Any] = {"view": view_json(result.engine, result.state, args.seat)}
    if args.events:
        output["events"] = [to_json(e.for_seat(args.seat)) for e in result.events]
    print(json.dumps(output, indent=2, ensure_ascii=False, sort_keys=True))
    if problems:
        for problem in problems:
            print(f"expectation not met: {problem}", file=sys.stderr)
        return EXIT_EXPECTATION
    return 0


def _engine_locale_dir(game: str) -> Path | None:
    try:
        return get(game).locale_dir()
    except UnknownGameError:
        return None


if __name__ == "__main__":
    sys.exit(main())
