"""Scenario runner: play a scripted match from YAML and print the resulting view.

    python -m engines.scenario run FILE.yaml [--seat N] [--events]

A scenario names the game, options, seats, engine-specific ``setup``
overrides, a queue of forced ``dice`` results, ``steps`` of ``{seat, action}``
and optional expectations. The exit code is 1 when a step is illegal (the
engine's message is printed), 2 when an expectation is not met, 3 when the file
itself is invalid. The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engines.core import EngineError, GameEngine, RiggedDice, Seat
from engines.core.i18n import Catalog
from engines.core.packs import set_content_roots
from engines.core.registry import UnknownGameError, get, load_games
from engines.core.serde import to_json

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
    content: str | None = None
    setup: dict[str, Any] = field(default_factory=dict)
    dice: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)


@dataclass
class RunResult:
    """The state a scenario ended in, and every event it produced."""

    engine: GameEngine[Any]
    state: Any
    events: list[Any]


def parse(data: Any, source: str = "<scenario>") -> Scenario:
    """Validate the YAML data of a scenario."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{source}: a scenario is a mapping with at least 'game' and 'seats'")
    known = set(Scenario.__dataclass_fields__)
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
    return Scenario(
        game=str(data["game"]),
        seats=list(seats),
        options=dict(data.get("options") or {}),
        content=data.get("content"),
        setup=dict(data.get("setup") or {}),
        dice=list(data.get("dice") or []),
        steps=steps,
        expect=dict(data.get("expect") or {}),
        modules=list(data.get("modules") or []),
    )


def load(path: Path) -> Scenario:
    """Read and validate a scenario file."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    return parse(data, str(path))


def run(scenario: Scenario) -> RunResult:
    """Play a scenario; an illegal step raises the engine's error."""
    load_games((*_env_modules(), *scenario.modules))
    try:
        engine = get(scenario.game)
    except UnknownGameError:
        raise ScenarioError(f"unknown game {scenario.game!r}") from None
    dice = RiggedDice(scenario.dice)
    seats = [Seat(i, name) for i, name in enumerate(scenario.seats)]
    state = engine.new_match(scenario.options, seats, engine.load_content(scenario.content), dice)
    if scenario.setup:
        state = engine.apply_setup(state, scenario.setup)
    events: list[Any] = []
    for number, step in enumerate(scenario.steps, start=1):
        dice.push(*step.dice)
        try:
            outcome = engine.apply(state, step.seat, engine.parse_action(step.action), dice)
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


def check(result: RunResult, expect: Mapping[str, Any]) -> list[str]:
    """Every unmet expectation, in words."""
    engine, state = result.engine, result.state
    problems: list[str] = []
    state_json = engine.state_to_json(state)
    for path, wanted in (expect.get("state") or {}).items():
        actual = _lookup(state_json, str(path))
        if actual != wanted:
            problems.append(f"state.{path}: expected {wanted!r}, got {actual!r}")
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
    if "events" in expect:
        keys = [e.key for e in result.events]
        missing = [k for k in expect["events"] if k not in keys]
        if missing:
            problems.append(f"events: missing {missing!r} (got {keys!r})")
    return problems


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(data, list) and part.lstrip("-").isdigit():
            index = int(part)
            data = data[index] if -len(data) <= index < len(data) else None
        elif isinstance(data, Mapping):
            data = data.get(part)
        else:
            return None
    return data


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
    except EngineError as exc:
        engine_dir = _engine_locale_dir(scenario.game)
        catalog = Catalog.from_dirs([engine_dir] if engine_dir else [])
        text = catalog.translate(exc.key, args.locale, **exc.params)
        rule = (
            f" ({catalog.translate('core.rule', args.locale, rule=exc.rule)})" if exc.rule else ""
        )
        print(f"illegal step {exc.params.get('step', '?')}: {text}{rule}", file=sys.stderr)
        return EXIT_ILLEGAL
    output: dict[str, Any] = {"view": dict(result.engine.view(result.state, args.seat).data)}
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
