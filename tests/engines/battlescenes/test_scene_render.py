"""What players see: the card scene, the hand and its cards, and their alt text, in the
reader's language, phone-sized, with hidden cards kept out of the public ones."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Keyword
from engines.battlescenes.effects.procedures.durations import _trait_words
from engines.battlescenes.render import words as board_words
from engines.battlescenes.render.style import LAST
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.view import BoardView, Label, Owed, SeatView, parse
from engines.core import View
from tests.engines.battlescenes import reference
from tests.engines.battlescenes.drawn import drawn
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, zone_id


def texts(state: State, seat: int | None, kind: str, locale: str) -> str:
    """All the text of one render, joined."""
    with drawn() as seen:
        ENGINE.render(ENGINE.view(state, seat), kind, locale)
    return seen.joined()


def size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG."""
    width, height = Image.open(io.BytesIO(png)).size
    return width, height


def test_views_are_typed_and_the_public_one_holds_no_hidden_cards() -> None:
    state = reference.busy()
    public = parse(ENGINE.view(state, None))
    assert type(public) is BoardView
    raw = ENGINE.view(state, None).data
    assert not {"hand", "set_aside", "choice"} & set(raw)
    assert public.players[0].hand == 5  # a count, never the cards
    mine = parse(ENGINE.view(state, 0))
    assert isinstance(mine, SeatView)
    assert [c.title for c in mine.hand][:3] == ["Medusa V2", "Proteção", "Odin V1"]
    theirs = parse(ENGINE.view(state, 1))
    assert isinstance(theirs, SeatView) and theirs.choice is None
    assert {c.owner for c in theirs.hand} == {1}  # each seat sees its own hand only
    assert {c.id for c in theirs.hand}.isdisjoint(c.id for c in mine.hand)


def test_the_banner_names_who_owes_what_and_every_ower() -> None:
    board = texts(reference.busy(), None, "board", "en-US")
    assert "Ana: use an action or pass" in board
    data = parse(ENGINE.view(reference.start(), None))
    both = BoardView(
        **{
            **{f: getattr(data, f) for f in BoardView.__dataclass_fields__},
            "owed": (
                Owed(0, Label("battlescenes.prompt.mulligan", {}), ("mulligan",)),
                Owed(1, Label("battlescenes.prompt.mulligan", {}), ("mulligan",)),
            ),
        }
    )
    said = board_words.owes_text(both, ENGINE.catalog().translate, "pt-BR")
    assert said == "Ana: manter ou trocar a mão · Bruno: manter ou trocar a mão"


def test_the_last_move_is_captioned_in_words_and_highlighted() -> None:
    state = reference.busy()
    board = texts(state, None, "board", "en-US")
    assert "Last move — Ana: Raio Negro V2 uses Sussurro Aniquilador on Capuz V2." in board
    assert "5 damage to Capuz V2" in board
    italian = texts(state, None, "board", "it")
    assert "Ultima mossa — " in italian and "5 danni a Capuz V2" in italian

    def lit(state: State) -> int:
        image = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "board", "en-US")))
        colours = image.convert("RGB").getcolors(1 << 20) or []
        return sum(count for count, colour in colours if colour == LAST)

    before = reference._table(8, ["triton_v1", "cristalys_v1"])
    assert lit(state) > 2000 > lit(before)  # outlines and the arrow, none before any move


@pytest.mark.parametrize(
    ("locale", "words", "not_words"),
    [
        ("en-US", ["Agility", "Super Strength", "Prizes"], ["agilidade", "Agilidade", "Força"]),
        ("pt-BR", ["Agilidade", "Super Força", "Prêmios"], ["Agility", "Strength"]),
        ("it", ["Agilità", "Super Forza", "Premi"], ["agilidade", "Agilidade", "Força"]),
    ],
)
def test_powers_and_zones_are_in_the_readers_language(
    locale: str, words: list[str], not_words: list[str]
) -> None:
    board = texts(reference.busy(), None, "board", locale)
    alt = ENGINE.describe(ENGINE.view(reference.busy(), None), "board", locale)
    for word in words:
        assert word in board
    for word in words[:2]:  # the powers; the alt text leaves the zone counts out
        assert word in alt
    for word in not_words:
        assert word not in board and word not in alt


def test_no_portuguese_catalogue_text_in_english_or_italian_renders() -> None:
    catalog = ENGINE.catalog()
    ours = {k: v for k, v in catalog.messages["pt-BR"].items() if k.startswith("battlescenes.")}
    for locale in ("en-US", "it"):
        theirs = set(catalog.messages[locale].values())
        portuguese = {v for v in ours.values() if len(v) >= 6 and "{" not in v and v not in theirs}
        for state in (reference.start(), reference.busy(), reference.end()):
            shown = texts(state, None, "board", locale) + texts(state, 0, "hand", locale)
            shown += ENGINE.describe(ENGINE.view(state, None), "board", locale)
            # whole words only: pt "normal" is not a leak inside it "normale"
            leaked = [v for v in portuguese if re.search(rf"(?<!\w){re.escape(v)}(?!\w)", shown)]
            assert not leaked, (locale, leaked)


def test_the_end_screen_says_how_the_match_was_won_and_the_score() -> None:
    board = texts(reference.end(), None, "board", "en-US")
    assert "Ana wins with 18 prize points (15 to win)" in board
    assert "Final score: Ana 18 · Bruno 5 (prize points)" in board
    alt = ENGINE.describe(ENGINE.view(reference.end(), None), "board", "pt-BR")
    assert alt.startswith("Ana vence com 18 pontos de prêmio")


def test_the_hand_says_what_its_player_can_do_now_and_the_cards_how_to_play_them() -> None:
    state = reference.busy()
    hand = texts(state, 0, "hand", "en-US")
    assert "Your options now" in hand and "/battlescenes use — A character uses an action" in hand
    assert "Legend" in hand and "turned left: stage 2" in hand
    assert "Your options now" not in texts(state, 1, "hand", "en-US")  # Bruno waits
    cards = texts(state, 0, "cards", "pt-BR")
    # Powers as short labels (MA), keyed in the legend ("MA Magia").
    assert "personagem · Energia Inicial 5 · Escudo 0 · AG · Herói ·" in cards
    # Medusa V2's text and action in our words, whole, in the reader's language.
    assert "Este personagem ganha Escudo +1 para cada card que carrega." in cards
    assert "Cause 1 ponto de dano no alvo." in cards
    with pytest.raises(ValueError):
        ENGINE.render(ENGINE.view(state, None), "hand", "en-US")


def test_alt_text_summarises_the_board_and_keeps_hands_out_of_public() -> None:
    state = reference.busy()
    public = ENGINE.describe(ENGINE.view(state, None), "board", "en-US")
    assert len(public) <= 1000
    assert public.startswith("Ana: use an action or pass.")
    assert "Ana: 8 of 15 prize points; Bruno: 5 of 15 prize points." in public
    assert "Hulk V3: Super Strength, energy 6 of 8, shield 4 of 4, stage 2" in public
    assert "5 damage to Capuz V2" in public
    assert "Odin V1" not in public  # only in Ana's hand
    own = ENGINE.describe(ENGINE.view(state, 0), "hand", "it")
    assert "Odin V1 (personaggio, Energia Iniziale 7" in own
    assert "Odin V1" not in ENGINE.describe(ENGINE.view(state, 1), "hand", "it")


def test_a_lookup_card_has_alt_text() -> None:
    view = ENGINE.lookup(reference.busy(), 0, "Hulk")
    assert isinstance(view, View)
    assert ENGINE.describe(view, "card", "en-US").startswith(f"#{view.data['card']['id']} Hulk V3")


def test_keyword_and_trait_events_speak_the_readers_language() -> None:
    state = build(
        Side(
            resources=["boneco_vodu", "protecao"],
            scene=[Placed("umar_v1", ["excentricidade", "protecao"])],
        ),
        Side(),
        phase=Phase.PREPARATION,
    )
    umar = sid(state, "umar_v1")
    boneco = zone_id(state, 0, "resources", "boneco_vodu")
    _state, events = act(state, 0, Keyword("item_magico", boneco, umar))
    said = [ENGINE.catalog().translate(e.key, "en-US", **e.params) for e in events]
    assert any(line.startswith("Ana: Magic Item (Item Mágico) loads") for line in said)
    trait = _trait_words("power", "agilidade")
    assert "Agilità" in ENGINE.catalog().translate(
        "battlescenes.event.trait_gain", "it", card="X", trait=trait
    )
