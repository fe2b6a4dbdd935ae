"""The scenario files next to these tests run through the scenario runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_meets_its_expectations(path: Path) -> None:
    result = scenario.run(scenario.load(path))
    assert scenario.check(result, scenario.load(path).expect) == []
