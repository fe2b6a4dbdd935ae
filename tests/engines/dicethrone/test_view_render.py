"""Views hide hands and decks; renders are readable PNGs; commands and autocomplete."""

from __future__ import annotations

import io
import json
import re
import typing
from typing import Any

from PIL import Image

from engines.core import OptionType, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from tests.engines.dicethrone.helpers import act, defend, start, with_player


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_public_view_holds_no_hand_or_deck() -> None:
    state = with_player(start(), 0, hand=("grab_someone", "slap_2"))
    public = json.dumps(ENGINE.view(state, None).data)
    assert "grab_someone" not in public and "slap_2" not in public
    assert "hand" not in ENGINE.view(state, None).data
    own = ENGINE.view(state, 0).data
    assert [c["id"] for c in own["hand"]] == ["grab_someone", "slap_2"]
    assert "hand" in own and own["players"][1]["hand_size"] == 4


def test_renders_in_every_locale() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Keep("1 2 3"))
    for locale in ("en-US", "pt-BR", "it"):
        board = _png(ENGINE.render(ENGINE.view(state, None), "board", locale))
        assert board.width == 960
        hand = _png(ENGINE.render(ENGINE.view(state, 1), "hand", locale))
        assert hand.width == 960


def test_hand_render_needs_a_seat_view() -> None:
    import pytest

    with pytest.raises(ValueError):
        ENGINE.render(ENGINE.view(start(), None), "hand")


def test_state_round_trips_through_json() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_commands_build_known_actions() -> None:
    kinds = {c.action for c in ENGINE.commands()}
    assert kinds == {t.kind for t in a.ACTION_TYPES}
    for command in ENGINE.commands():
        assert command.name.replace("-", "").isalnum() and command.name.islower()
        action = next(t for t in a.ACTION_TYPES if t.kind == command.action)
        hints = typing.get_type_hints(action)
        for option in command.options:
            # The bot turns option values into the action's fields of the same name.
            types = {int: OptionType.INTEGER, bool: OptionType.BOOLEAN, str: OptionType.STRING}
            expected = types[hints[option.name]]
            assert option.type is expected, (command.name, option.name)


def test_autocomplete_offers_only_playable_cards_and_met_abilities() -> None:
    state = with_player(start(), 0, hand=("concuss", "slap_2", "grab_someone"), cp=1)
    play = [c.value for c in ENGINE.autocomplete(state, 0, "play", "card", "", {})]
    assert play == ["concuss"]  # 1 CP: Concuss! only; Get Some! needs an Attack
    sell = [c.value for c in ENGINE.autocomplete(state, 0, "sell", "card", "", {})]
    assert sorted(sell) == ["concuss", "grab_someone", "slap_2"]
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    met = [c.value for c in ENGINE.autocomplete(state, 0, "announce", "ability", "", {})]
    assert met == ["slap", "powerful_strike"]  # Smack (3 swords), Mighty Blow (small straight)
    assert [c.value for c in ENGINE.autocomplete(state, 0, "announce", "ability", "mig", {})] == [
        "powerful_strike"
    ]


def test_defaults_keep_a_match_moving() -> None:
    state = start()
    for _ in range(60):
        decision = ENGINE.pending(state)[0]
        assert decision.default is not None
        dice = RiggedDice([3] * 8)
        state = ENGINE.apply(state, decision.seat, decision.default, dice).state
    assert state.turn > 3


def test_command_names_are_translated_into_valid_discord_names() -> None:
    catalog = ENGINE.catalog()
    for command in ENGINE.commands():
        for locale in ("en-US", "pt-BR", "it"):
            name = catalog.translate(f"dicethrone.command_name.{command.name}", locale)
            assert re.fullmatch(r"[a-z0-9_-]{1,32}", name), (locale, name)
        assert catalog.translate(f"dicethrone.command_name.{command.name}", "en-US") == (
            command.name
        )


def test_only_harmless_actions_are_undoable() -> None:
    assert ENGINE.undoable(a.Keep("1 2"))
    assert not ENGINE.undoable(a.RollDice()) and not ENGINE.undoable(a.EndPhase())


def test_board_shows_every_line_without_clipping() -> None:
    from PIL import ImageStat

    state = with_player(start(), 1, statuses={"protect": 1}, hand=("absolution",), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Announce("suppress"))
    state, _ = act(state, 1, a.Pass(), 6, 6, 6)
    state, _ = defend(state, 1, 3, 4, 6)
    image = _png(ENGINE.render(ENGINE.view(state, None), "board", "en-US")).convert("L")
    # The bottom margin is empty background: the last text line was not cut off.
    bottom = image.crop((0, image.height - 20, image.width, image.height))
    assert ImageStat.Stat(bottom).extrema[0][1] < 60


def test_text_drawn_from_kept_masks_looks_exactly_as_drawn_afresh() -> None:
    # The board keeps each line's rendered glyphs between renders (speed); the image
    # must be the one Pillow draws from scratch, pixel for pixel, and its words still
    # recorded (the language tests read them).
    from PIL import ImageChops, ImageDraw

    from engines.core.render import recorded_text
    from engines.dicethrone.render import letters as dt_letters

    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    view = ENGINE.view(state, None)

    def afresh(
        draw: ImageDraw.ImageDraw, xy: Any, text: str, fnt: Any, fill: Any, anchor: str
    ) -> None:
        ImageDraw.ImageDraw.text(draw, xy, text, font=fnt, fill=fill, anchor=anchor)

    import pytest

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dt_letters, "_stamp", afresh)
        expected = _png(ENGINE.render(view, "board", "it")).convert("RGB")
    for _ in range(2):  # the second render draws every line from kept masks
        with recorded_text() as texts:
            image = _png(ENGINE.render(view, "board", "it")).convert("RGB")
        assert ImageChops.difference(image, expected).getbbox() is None
        assert "Spada" in texts and "Tentativo 1/3" in " ".join(texts)
