"""Matches stored before the thirteen powers (one power per character, one alignment, the
power ids ``forca``, ``tecnologia``, ``psiquico``…) still load, show and play: their card
definitions are embedded in the state, read by the compatibility path of ``CardDef``."""

from __future__ import annotations

import json
from typing import Any

from engines.battlescenes import ENGINE
from engines.battlescenes import actions as act
from engines.battlescenes.content.schema import CardDef
from engines.core import RiggedDice
from tests.engines.battlescenes import reference
from tests.engines.battlescenes.drawn import drawn

#: The power ids of the model before, by the id that replaced them.
OLD = {"super_forca": "forca", "genialidade": "tecnologia", "telepatia": "psiquico"}


def _old_shape(data: Any) -> Any:
    """A state's JSON as the model before wrote it: ``alignment`` text, old power ids."""
    if isinstance(data, list):
        return [_old_shape(v) for v in data]
    if not isinstance(data, dict):
        return data
    out = {k: _old_shape(v) for k, v in data.items() if k not in ("codes", "keyword_numbers")}
    if "alignments" in out:  # a card definition
        aligned = out.pop("alignments")
        out["alignment"] = aligned[0] if aligned else ""
    if isinstance(out.get("powers"), list):
        out["powers"] = [OLD.get(p, p) for p in out["powers"]]
    if isinstance(out.get("power"), str):
        out["power"] = OLD.get(out["power"], out["power"])
    return out


def test_a_state_stored_in_the_old_shape_loads_shows_and_plays() -> None:
    state = reference.busy()
    stored = _old_shape(ENGINE.state_to_json(state))
    assert "alignment" in stored["defs"]["hulk_v3"] and "codes" not in stored["defs"]["hulk_v3"]
    assert stored["defs"]["hulk_v3"]["powers"] == ["forca"]
    old = ENGINE.state_from_json(stored)
    hulk: CardDef = old.defs["hulk_v3"]
    assert hulk.alignments == ("heroi",) and hulk.powers == ("forca",)
    # Shown in words in every locale (legacy power names are still in the catalogues).
    for locale, word in (("en-US", "Strength"), ("pt-BR", "Força"), ("it", "Forza")):
        alt = ENGINE.describe(ENGINE.view(old, None), "board", locale)
        assert f"Hulk V3: {word}, energy" in alt or f"Hulk V3: {word}," in alt
        with drawn() as seen:
            ENGINE.render(ENGINE.view(old, None), "board", locale)
        assert seen.texts
    # And it plays on: the active player passes the Attack step, as before.
    outcome = ENGINE.apply(old, old.active, act.Pass(), RiggedDice())
    again = ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(outcome.state))))
    assert again.defs["hulk_v3"].alignments == ("heroi",)
    assert again.defs["hulk_v3"].alignment == ""  # written back in the new shape
