"""Views hide what must stay hidden; renders are readable PNGs; the state round-trips JSON."""

from __future__ import annotations

import io
import json

from PIL import Image

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import Phase
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid
from tests.engines.battlescenes.test_tree import walkthrough_table


def scene_state():  # type: ignore[no-untyped-def]
    return build(
        Side(
            hand=["umar_v1", "protecao"],
            scene=[
                Placed("hulk_v3", ["excentricidade"] * 8, stage=2),
                Placed("medusa_v2", ["protecao"] * 3, stage=0),
                Placed("triton_v1", ["excentricidade"] * 2),
            ],
        ),
        Side(
            hand=["capuz_v2"],
            scene=[Placed("capuz_v2", ["excentricidade"] * 5)],
            prizes=["umar_v1"],
        ),
        scenario="a_essencia_do_medo",
        phase=Phase.ATTACK,
    )


def test_public_view_has_no_hand_and_no_private_choice() -> None:
    state = walkthrough_table()
    state, _ = act(state, 0, UseAction(sid(state, "capuz_v2"), "Poderes Obscuros"))
    public = ENGINE.view(state, None).data
    assert "hand" not in public and "choice" not in public and "set_aside" not in public
    assert public["players"][0]["hand"] == 0
    mine = ENGINE.view(state, 0).data
    assert "choice" in mine and "set_aside" in mine
    assert ENGINE.view(state, 1).data["choice"] is None


def test_state_round_trips_through_json() -> None:
    state = scene_state()
    data = json.loads(json.dumps(ENGINE.state_to_json(state)))
    assert ENGINE.state_from_json(data) == state


def test_renders_are_phone_sized_pngs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    state = scene_state()
    for seat in (None, 0):
        png = ENGINE.render(ENGINE.view(state, seat), "board", "pt-BR")
        image = Image.open(io.BytesIO(png))
        assert image.width == 960 and image.height > 600
        (tmp_path / f"board_{seat}.png").write_bytes(png)
    hand = ENGINE.render(ENGINE.view(state, 0), "hand", "en-US")
    assert Image.open(io.BytesIO(hand)).width == 960


def test_tree_render_during_walkthrough() -> None:
    state = walkthrough_table()
    state, _ = act(state, 0, UseAction(sid(state, "capuz_v2"), "Poderes Obscuros"))
    png = ENGINE.render(ENGINE.view(state, None), "board", "it")
    assert png.startswith(b"\x89PNG")
