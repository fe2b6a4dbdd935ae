"""The board's parts tested alone (issue 26: ``_compose`` split): the plan measures
(``render/board_plan.py``) and each drawing step (``render/board_paint.py``) lands where
the plan said, so a change to one part shows in its own test."""

from __future__ import annotations

import io

from PIL import Image

from engines.core import theme
from engines.core.render import canvas
from engines.dicethrone import ENGINE
from engines.dicethrone.render.board_paint import paint, paint_said, paint_top
from engines.dicethrone.render.board_plan import BoardPlan
from engines.dicethrone.render.layout import involved
from engines.dicethrone.render.style import GAP, LINE, MAX_HEIGHT
from engines.dicethrone.rules.state import State
from engines.dicethrone.view import BoardView, typed
from tests.engines.dicethrone.board_scenes import scene, scene_n

T = ENGINE.catalog().translate


def _board(state: State) -> BoardView:
    return typed(ENGINE.view(state, None))


def _plan(data: BoardView, roomy: bool = False) -> BoardPlan:
    return BoardPlan(data, T, "en-US", involved(data), roomy)


def test_the_chosen_height_is_the_height_drawn() -> None:
    data = _board(scene("barbarian", "thor", "attack"))
    plan = _plan(data)
    chosen = plan.choose()
    assert chosen.height <= MAX_HEIGHT
    png = paint(plan, chosen)
    assert Image.open(io.BytesIO(png)).size == (theme.CANVAS_WIDTH, chosen.height)


def test_a_duel_draws_two_hero_boards_and_no_panel() -> None:
    chosen = _plan(_board(scene("treant", "raveness", "main"))).choose()
    assert len(chosen.plans) == 2 and chosen.panel_rows == []
    assert sum(chosen.widths) + GAP <= theme.CANVAS_WIDTH - 2 * theme.MARGIN


def test_the_heroes_outside_a_2v2_attack_are_condensed_side_by_side() -> None:
    data = _board(scene_n(("barbarian", "thor", "black_widow", "sun_elf"), "attack"))
    plan = _plan(data)
    chosen = plan.choose()
    assert len(plan.columns) == 2 and len(plan.condensed) == 2
    assert [len(row) for row in chosen.panel_rows] in ([2], [1, 1])
    rows, heights = plan.panels(side=True, minimal=0)
    assert rows == [[p] for p in plan.condensed] and len(heights) == 2


def test_the_attack_puts_its_dice_on_the_table_within_the_width() -> None:
    plan = _plan(_board(scene("headless_horseman", "black_widow", "attack")))
    assert plan.rows_of_trays  # the attacker's dice (and the defence's)
    for row, die in zip(plan.rows_of_trays, plan.dice_sizes(False), strict=True):
        dice = sum(len(tray[1]) for tray in row)
        assert dice * die <= plan.width


def test_the_top_part_ends_under_the_status_line() -> None:
    plan = _plan(_board(scene("paladin", "druid", "main")))
    _image, draw = canvas(600)
    assert paint_top(draw, plan) == plan.banner_h + 48 + LINE * (len(plan.status) - 1)


def test_nothing_said_takes_no_room() -> None:
    plan = _plan(_board(scene("ninja", "duelist", "main")))
    chosen = plan.choose()
    _image, draw = canvas(600)
    quiet = type(chosen)(**{**chosen.__dict__, "caption": [], "notes": []})
    assert paint_said(draw, plan, quiet, 200) == 200
    if chosen.caption or chosen.notes:
        assert paint_said(draw, plan, chosen, 200) > 200
