"""Decision menus as the presenter builds them: hidden ones never public, Discord's limits kept."""

from __future__ import annotations

from bot.discord.controls import ButtonSpec, ControlBuilder, SelectSpec
from bot.i18n import Texts, build_catalog
from engines.core import Decision, Message, Selection, SelectOption
from tests.testgame import ENGINE as TESTGAME

BUILDER = ControlBuilder(Texts(build_catalog([TESTGAME])))


def _menus(match_id: int, decision: Decision, locale: str, *, public: bool) -> list[SelectSpec]:
    """The menus of ``decision`` at version 4: the public post's, or the seat's own view's."""
    found = BUILDER.controls(TESTGAME, match_id, 4, decision, locale)
    return found.public if public else [*found.private, *found.public]


def _options(count: int) -> tuple[SelectOption, ...]:
    return tuple(
        SelectOption(n, Message("testgame.choice.card", {"card": n}), chosen=n == 2)
        for n in range(1, count + 1)
    )


def _decision(*selections: Selection) -> Decision:
    return Decision(0, ("play",), Message("testgame.prompt.play"), selections=selections)


def test_a_hidden_menu_is_left_out_of_public_posts_only() -> None:
    hand = Selection("play", "card", _options(3), Message("testgame.prompt.play"))
    dice = Selection(
        "keep",
        "dice",
        _options(5),
        Message("testgame.prompt.roll"),
        many=True,
        max_values=5,
        min_values=0,
        public=True,
    )
    decision = _decision(hand, dice)
    public = _menus(7, decision, "pt-BR", public=True)
    private = _menus(7, decision, "pt-BR", public=False)
    assert [s.custom_id for s in public] == ["ts:7:4:keep:dice"]
    assert [s.custom_id for s in private] == ["ts:7:4:play:card", "ts:7:4:keep:dice"]
    keep = public[0]
    assert (keep.min_values, keep.max_values) == (0, 5)
    assert keep.options[1] == ("Carta 2", "2", True)  # translated, value as text, pre-chosen
    assert keep.placeholder == "Role o dado"


def test_menus_respect_discords_limits() -> None:
    too_many = Selection("play", "card", _options(26), Message("testgame.prompt.play"))
    none = Selection("play", "card", (), Message("testgame.prompt.play"))
    # More values allowed than options exist: capped to the options.
    wide = Selection(
        "keep", "dice", _options(3), Message("testgame.prompt.roll"), many=True, max_values=9
    )
    (only,) = _menus(1, _decision(too_many, none, wide), "en-US", public=False)
    assert only.custom_id == "ts:1:4:keep:dice" and only.max_values == 3
    assert Selection("keep", "dice", (), Message("x"), many=True).action([1, 3]) == {
        "kind": "keep",
        "dice": [1, 3],
    }
    text = Selection("keep", "dice", (), Message("x"), many=True, joined=" ", params={"n": 1})
    assert text.action([1, 3]) == {"n": 1, "kind": "keep", "dice": "1 3"}
    assert text.action([]) == {"n": 1, "kind": "keep", "dice": ""}


def test_a_message_never_repeats_a_custom_id() -> None:
    from bot.discord.views import build_view

    button = ButtonSpec("Pass", "tt:act:1:4:pass")
    menu = SelectSpec("ts:1:4:play:card", "Play", [("Card 1", "1", False)])
    view = build_view([button, button, ButtonSpec("Mine", "tt:mine:1")], [menu, menu])
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert sorted(ids) == ["ts:1:4:play:card", "tt:act:1:4:pass", "tt:mine:1"]


def test_a_menu_never_repeats_a_value() -> None:
    twice = (*_options(3), SelectOption(2, Message("testgame.choice.card", {"card": 2})))
    pick = Selection("play", "card", twice, Message("testgame.prompt.play"))
    (menu,) = _menus(1, _decision(pick), "en-US", public=False)
    assert [value for _, value, _ in menu.options] == ["1", "2", "3"]


def test_five_menus_fit_a_message_without_buttons_and_four_beside_them() -> None:
    from bot.discord.views import build_view

    menus = [SelectSpec(f"ts:1:4:k{i}:f", "x", [("a", "1", False)]) for i in range(7)]
    assert len(build_view([], menus).children) == 5
    with_button = build_view([ButtonSpec("Mine", "tt:mine:1")], menus)
    assert len(with_button.children) == 5  # four menus and the button
