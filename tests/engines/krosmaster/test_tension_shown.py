"""The tension test as players see it (issue 27): while the player keeps or re-rolls,
the board draws the rolled dice (it said "tension dice: –"); once kept, the dice as
turned are drawn until Inspiration gives them away, and the post says which faces
were kept, in each locale."""

from __future__ import annotations

import pytest

from engines.core import RiggedDice
from engines.core.render import recorded_text
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act
from tests.engines.krosmaster.test_turns import second_turn

CATALOG = ENGINE.catalog()
#: Face names and the words before the dice, per locale.
WORDS = {
    "en-US": ("Crit/Dodge", "Armour", "Crit", "Tension dice rolled:", "Tension dice kept:"),
    "pt-BR": ("Crítico/Esquiva", "Armadura", "Crítico", "Dados de Tensão rolados:", "mantidos:"),
    "it": ("Critico/Fuga", "Armatura", "Critico", "Dadi di tensione lanciati:", "tenuti:"),
}


def drawn(state: State, locale: str) -> list[str]:
    with recorded_text() as found:
        ENGINE.render(ENGINE.view(state, None), "board", locale)
    return found


@pytest.mark.parametrize("locale", list(WORDS))
def test_the_rolled_dice_are_drawn_while_the_player_decides(locale: str) -> None:
    flexible, armour, crit, rolled, kept = WORDS[locale]
    state = act(second_turn(), A.Tension(), ["Armour", "CritDodge"])
    text = drawn(state, locale)
    assert rolled in text and armour in text and flexible in text
    assert not any(line.endswith(("–", ": -")) for line in text), text
    alt = ENGINE.describe(ENGINE.view(state, None), "board", locale)
    assert rolled in alt and flexible in alt

    state = act(state, A.Keep())
    text = drawn(state, locale)
    assert any(line.endswith(kept) for line in text) and armour in text and crit in text


def test_the_post_says_which_faces_were_kept() -> None:
    state = act(second_turn(), A.Tension(), ["Armour", "CritDodge"])
    out = ENGINE.apply(state, state.active_player, A.Keep(face2="dodge"), _no_dice())
    said = [CATALOG.translate(e.key, "en-US", **dict(e.params)) for e in out.events]
    assert said == ["Alice keeps the tension dice: Armour, Dodge."]
    it = [CATALOG.translate(e.key, "it", **dict(e.params)) for e in out.events]
    assert it == ["Alice tiene i dadi di tensione: Armatura, Fuga."]
    rerolled = act(state, A.Reroll(), ["Lock"])
    out = ENGINE.apply(rerolled, rerolled.active_player, A.Keep(), _no_dice())
    said = [CATALOG.translate(e.key, "pt-BR", **dict(e.params)) for e in out.events]
    assert said == ["Alice mantém o dado de Tensão: Bloqueio."]


def _no_dice() -> RiggedDice:
    return RiggedDice([])
