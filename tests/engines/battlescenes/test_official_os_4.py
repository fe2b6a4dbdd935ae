"""Cards of the official deck Ofensiva Surpresa ((2015) BSOS DECK; issue 23), fourth part:
Invasão Secreta V1 played as printed with the built-in cards (``starter()``), its FAQ
included: what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import PlayCard
from engines.battlescenes.content.wording import describe_text, told
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError, Selection
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, starter, zone_id

FILL = ["excentricidade"] * 6
MISS = "miss_america_v1"
SECRET = "invasao_secreta_v1"


def _hand_card(state: State, seat: int, key: str) -> int:
    return next(c for c in state.players[seat].hand if state.cards[c].key == key)


def _both_have_miss(
    hand: list[str],
    resources: list[str],
    scenario: str | None = SECRET,
) -> State:
    """Each player controls a Miss América (America Chavez); Ana holds ``hand``."""
    return build(
        Side(hand=hand, resources=resources, scene=[Placed(MISS, FILL[:5])]),
        Side(scene=[Placed(MISS, FILL[:5])]),
        phase=Phase.PREPARATION,
        scenario=scenario,
        content=starter(),
    )


def test_invasao_secreta_in_the_scene_lets_a_third_copy_in_and_goes_to_resources() -> None:
    # the FAQ: both players have one; the scenario's player may put a third one in
    state = _both_have_miss([MISS], FILL[:5])
    card, secret = _hand_card(state, 0, MISS), state.scenario
    assert secret is not None
    with pytest.raises(IllegalActionError):  # without it: 4.4.2.1 A.4
        act(state, 0, PlayCard(card))
    state, _ = act(state, 0, PlayCard(card, via=secret))
    assert len(zones.characters(state, 0)) == 2
    assert len(zones.in_scene(state, card).loaded) == 5
    assert state.scenario is None and secret in state.players[0].resources
    assert secret not in zones.in_scene(state, card).loaded  # it left after the loading


def test_invasao_secreta_in_the_resources_goes_to_the_deck_bottom() -> None:
    state = _both_have_miss([MISS], [SECRET, *FILL[:5]], scenario=None)
    card, secret = _hand_card(state, 0, MISS), zone_id(state, 0, "resources", SECRET)
    state, _ = act(state, 0, PlayCard(card, via=secret))
    assert len(zones.in_scene(state, card).loaded) == 5
    assert secret not in zones.in_scene(state, card).loaded
    assert state.players[0].deck[-1] == secret and not state.players[0].resources


def test_invasao_secreta_from_the_resources_counts_itself_then_leaves_too_few() -> None:
    # the FAQ: five resources with it meet Energia Inicial 5; it leaves before the loading,
    # so Miss América enters carrying the four left
    state = _both_have_miss([MISS], [SECRET, *FILL[:4]], scenario=None)
    card, secret = _hand_card(state, 0, MISS), zone_id(state, 0, "resources", SECRET)
    state, _ = act(state, 0, PlayCard(card, via=secret))
    assert len(zones.in_scene(state, card).loaded) == 4
    assert state.players[0].deck[-1] == secret and not state.players[0].resources
    fewer = _both_have_miss([MISS], [SECRET, *FILL[:3]], scenario=None)
    with pytest.raises(IllegalActionError):  # four with it: not enough
        secret = zone_id(fewer, 0, "resources", SECRET)
        act(fewer, 0, PlayCard(_hand_card(fewer, 0, MISS), via=secret))


def test_invasao_secreta_matches_an_alter_ego_with_another_name() -> None:
    state = _both_have_miss(["hulkling_v1"], FILL[:5])
    hulk = state.defs["hulkling_v1"]
    copy = replace(hulk, alter_ego="America Chavez")  # another name, the same alter ego
    state = replace(state, defs={**state.defs, "hulkling_v1": copy})
    card = _hand_card(state, 0, "hulkling_v1")
    assert state.scenario is not None
    state, _ = act(state, 0, PlayCard(card, via=state.scenario))
    assert zones.find(state, card) is not None


def test_invasao_secreta_refuses_without_a_matching_opponent_character() -> None:
    state = build(
        Side(hand=[MISS], resources=FILL[:5], scene=[Placed(MISS, FILL[:5])]),
        Side(scene=[Placed("hulkling_v1", FILL[:5])]),
        phase=Phase.PREPARATION,
        scenario=SECRET,
        content=starter(),
    )
    card = _hand_card(state, 0, MISS)
    assert state.scenario is not None
    with pytest.raises(IllegalActionError):
        act(state, 0, PlayCard(card, via=state.scenario))
    assert not _via_menus(state)  # nothing offered either
    # only through a card that allows it: a scenario in the scene or a card of the resources
    plain = _both_have_miss([MISS, "excentricidade"], FILL[:5], scenario=None)
    with pytest.raises(IllegalActionError):
        loose = _hand_card(plain, 0, "excentricidade")
        act(plain, 0, PlayCard(_hand_card(plain, 0, MISS), via=loose))


def _via_menus(state: State) -> list[Selection]:
    decision = ENGINE.pending(state)[0]
    return [s for s in decision.selections if s.kind == "play" and "via" in s.params]


def test_the_preparation_menus_offer_the_entry_privately() -> None:
    state = _both_have_miss([MISS, "hulkling_v1"], [SECRET, *FILL[:5]], scenario=None)
    card, secret = _hand_card(state, 0, MISS), zone_id(state, 0, "resources", SECRET)
    found = _via_menus(state)
    assert len(found) == 1 and not found[0].public
    assert [o.value for o in found[0].options] == [card]  # not Hulkling: no match
    assert found[0].params["via"] == secret
    plain = [s for s in ENGINE.pending(state)[0].selections if s.kind == "play"]
    assert all(card not in [o.value for o in s.options] for s in plain if s not in found)
    state, _ = act(state, 0, ENGINE.parse_action(found[0].action([card])))
    assert zones.find(state, card) is not None and state.players[0].deck[-1] == secret
    assert not _via_menus(state)


def test_invasao_secreta_is_told_from_its_fields() -> None:
    d = starter().cards[SECRET]
    catalog = ENGINE.catalog()
    scene, resources = (told(catalog.translate, "en-US", describe_text(t, d)) for t in d.texts)
    assert "scenario in the scene" in scene and "its owner's resources" in scene
    assert "in your resources" in resources and "bottom of its owner's deck" in resources
    dito = told(catalog.translate, "pt-BR", describe_text(d.texts[1], d))
    assert "fundo do deck" in dito
