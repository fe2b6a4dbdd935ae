"""A Battle Scenes text activated at any moment (5.1, Mística V2 in a hand): in the
opponent's turn its owner finds it in their own view's menus, nobody is pinged or made to
wait for it, and the public post is the same as with any other card in that hand."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.rules.state import Phase
from tests.bot.test_decision_controls import PRESENTER, _snapshot
from tests.bot.test_public_posts import _said
from tests.engines.battlescenes.helpers import zone_id
from tests.engines.battlescenes.test_activated_any_moment import _table


def test_her_owner_finds_her_in_their_own_view_in_the_opponents_turn() -> None:
    state = _table(Phase.ATTACK, 1)
    snap = _snapshot(ENGINE, state, 5, 2)
    [offer] = [d for d in snap.pending(optional=True) if d.seat == 0 and "activate" in d.kinds]
    assert offer.optional
    found = PRESENTER.controls(snap, offer, "pt-BR")
    assert not found.public and not found.buttons  # nothing of a hand in the public post
    [menu] = found.private
    mistica = zone_id(state, 0, "hand", "mistica_v2")
    assert [value for _label, value, _default in menu.options] == [str(mistica)]
    assert "Mística" in menu.options[0][0]
    assert menu.custom_id == "ts:1:5:activate:card"  # the match, its version, the kind


def test_the_public_post_is_the_same_whatever_her_owners_hand_holds() -> None:
    offered = _snapshot(ENGINE, _table(Phase.ATTACK, 1), 5, 2)
    plain = _snapshot(ENGINE, _table(Phase.ATTACK, 1, hand="excentricidade"), 5, 2)
    assert [d.seat for d in offered.pending()] == [d.seat for d in plain.pending()] == [1]
    assert _said(offered) == _said(plain)
