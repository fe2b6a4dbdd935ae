"""What a player reads on the Dice Throne board and its alt text: who owes what, the
last move and its damage in plain words, hero boards, dice symbols, the end."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engines.core.render import recorded_text
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.render import letters as dt_letters
from engines.dicethrone.render import words as dt_words
from engines.dicethrone.rules.state import Phase, State, Step
from engines.dicethrone.view import BoardView, SeatView, typed
from tests.engines.dicethrone.helpers import act, start, with_player

LOCALES = ("en-US", "pt-BR", "it")


def _rolled() -> State:
    """Alice has rolled once (three swords, two strengths) and keeps two swords."""
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Keep("1 2"))
    return state


def _slapped(health: int = 50) -> dict[str, State]:
    """Alice's Smack (4 damage) against Bruno, who defends (1 prevented by a Helm):
    the states of the attack, by step."""
    state = with_player(start(), 1, health=health)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    out = {"response": state}
    while state.step is Step.RESPONSE:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    out["defense"] = state
    state, _ = act(state, 1, a.Defend(), 3, 6, 6)
    while ENGINE.pending(state) and "pass" in ENGINE.pending(state)[0].kinds:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    out["after"] = state
    return out


def _alt(state: State, locale: str, seat: int | None = None, kind: str = "board") -> str:
    return ENGINE.describe(ENGINE.view(state, seat), kind, locale)


@pytest.mark.parametrize(
    ("locale", "owes"),
    [("en-US", "Bruno: defend"), ("pt-BR", "Bruno: defenda"), ("it", "Bruno: difenditi")],
)
def test_the_board_says_who_owes_what_in_the_readers_language(locale: str, owes: str) -> None:
    alt = _alt(_slapped()["defense"], locale)
    assert alt.startswith(owes), alt


def test_the_banner_names_the_ower_in_their_seat_colour() -> None:
    data = typed(ENGINE.view(_slapped()["defense"], None))
    parts = dt_words.owes_parts(data, ENGINE.catalog().translate, "en-US")
    name = next(p for p in parts if p[2])
    assert name[0] == "Bruno" and name[1] == (213, 94, 0)  # seat 2's vermillion


def test_damage_is_said_in_plain_words_not_formulas() -> None:
    states = _slapped()
    waiting = _alt(states["defense"], "en-US")
    assert "Waiting: 4 damage to Bruno" in waiting, waiting
    done = _alt(states["after"], "en-US")
    after = states["after"].players[1].health
    taken = 50 - after
    assert f"4 damage to Bruno; {4 - taken} prevented; Bruno takes {taken}" in done, done
    for text in (waiting, done):
        assert "½×" not in text and "−0" not in text and "→" not in text
    pt = _alt(states["after"], "pt-BR")
    prevented = "prevenido" if 4 - taken == 1 else "prevenidos"  # agreeing with the amount
    assert f"4 de dano em Bruno; {4 - taken} {prevented}; Bruno sofre {taken}" in pt, pt


def test_the_last_move_is_captioned_in_words() -> None:
    alt = _alt(_slapped()["response"], "it")
    assert "Alice annuncia Smack" in alt, alt


def test_the_hero_board_highlights_what_the_dice_meet_and_can_still_reach() -> None:
    alice = typed(ENGINE.view(_rolled(), None)).players[0]
    rows = {ab.id: ab.rows for ab in alice.abilities}
    assert rows["slap"][0].met  # three swords: Smack's first row
    assert not rows["slap"][2].met and rows["slap"][2].reachable  # five swords: re-roll
    assert rows["steadfast"][0].reachable and not rows["steadfast"][0].met
    assert not rows["rage"][0].reachable  # five strengths, two swords kept


def test_upgrades_show_on_the_hero_board() -> None:
    state = with_player(start(), 0, upgrades={"slap": "slap_2"}, board=("slap_2",))
    slap = typed(ENGINE.view(state, None)).players[0].abilities[0]
    assert slap.level == 2
    texts = _board_texts(state, "en-US")
    assert any(t.startswith("Smack II") for t in texts), texts
    assert any("3/4/5⚔ → 5/7/9 damage" in t for t in texts), texts


def test_dice_show_their_face_symbols_and_numbers() -> None:
    roll = typed(ENGINE.view(_rolled(), None)).roll
    assert roll.dice == (1, 2, 3, 6, 6)
    assert roll.faces == ("sword", "sword", "sword", "strength", "strength")
    assert roll.kept == (True, True, False, False, False)
    texts = _board_texts(_rolled(), "pt-BR")
    assert "Espada" in texts and "Força" in texts


def test_the_end_says_how_the_match_was_won_and_the_final_health() -> None:
    end = _slapped(health=1)["after"]
    assert end.phase is Phase.OVER
    for locale, words in (
        ("en-US", "knocked out: Bruno · final health Alice 50 · Bruno 0"),
        ("pt-BR", "fora da partida: Bruno · Vitalidade final Alice 50 · Bruno 0"),
        ("it", "fuori gioco: Bruno · salute finale Alice 50 · Bruno 0"),
    ):
        assert words in _alt(end, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_alt_text_sums_up_each_hero_within_discords_limit(locale: str) -> None:
    for state in (start(), _rolled(), *_slapped().values()):
        alt = _alt(state, locale)
        assert 0 < len(alt) <= 1000
        assert alt.count("50/50") + alt.count("/50") >= 2  # each hero's health
    hand = _alt(start(), locale, seat=0, kind="hand")
    assert "Alice" in hand


@pytest.mark.parametrize("locale", LOCALES)
def test_a_duel_board_fits_a_phone(locale: str) -> None:
    for state in (start(), _rolled(), *_slapped().values(), _slapped(health=1)["after"]):
        image = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "board", locale)))
        assert image.width == 960 and image.height <= 1200, image.size


def test_no_developer_marks_on_the_hand() -> None:
    # Read through the render kit's record: the board stamps glyph masks it keeps
    # across renders, so spying on ImageDraw.text would miss text drawn before.
    with recorded_text() as drawn:
        for locale in LOCALES:
            ENGINE.render(ENGINE.view(start(), 1), "hand", locale)
    assert drawn and not any("✱" in t or "verif" in t.lower() for t in drawn), drawn


def test_only_a_seat_view_holds_a_hand() -> None:
    state = with_player(start(), 0, hand=("grab_someone",))
    public = typed(ENGINE.view(state, None))
    own = typed(ENGINE.view(state, 0))
    assert type(public) is BoardView and not hasattr(public, "hand")
    assert isinstance(own, SeatView) and [c.id for c in own.hand] == ["grab_someone"]


def _board_texts(state: State, locale: str) -> list[str]:
    drawn: list[str] = []
    real = dt_letters.draw_text

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        drawn.append(text)
        return real(draw, xy, text, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dt_letters, "draw_text", spy)
        ENGINE.render(ENGINE.view(state, None), "board", locale)
    return drawn
