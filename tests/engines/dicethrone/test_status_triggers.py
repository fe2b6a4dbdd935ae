"""Status effects with triggers and per-holder limits (the Cursed Pirate's, as the
rulebook prints them), stealing health, and Buh, Bye! picking any token."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError, RiggedDice
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.effects.context import Ctx
from engines.dicethrone.rules.state import Phase, Resume, State, Step
from tests.engines.dicethrone.helpers import (
    MINI,
    SEATS,
    act,
    close_upkeep,
    defend,
    keys,
    start,
    with_player,
)


def _match(hero1: str = "corsair", hero2: str = "corsair") -> State:
    return ENGINE.new_match({"hero1": hero1, "hero2": hero2}, SEATS, MINI, RiggedDice([6, 1]))


def _attack(state: State, dice: tuple[int, ...], ability: str) -> State:
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    state, _ = act(state, 1, a.Pass())
    return state


def _finish(state: State, *defence: int) -> State:
    if state.step is Step.DEFENSE:
        state, _ = defend(state, 1, *defence)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    return state


def test_cursed_doubloons_stack_to_five_on_the_pirate_and_three_on_others() -> None:
    state = _match("corsair", "duelist")
    interp = ENGINE.flow(state, RiggedDice([])).interp
    state = interp.add_status(state, 0, "cursed_doubloon", 9)
    state = interp.add_status(state, 1, "cursed_doubloon", 9)
    assert state.players[0].statuses["cursed_doubloon"] == 5
    assert state.players[1].statuses["cursed_doubloon"] == 3


def test_cursed_doubloons_hurt_everyone_but_the_pirate_in_upkeep() -> None:
    state = _match("corsair", "duelist")
    state = with_player(state, 0, statuses={"cursed_doubloon": 2})
    state = with_player(state, 1, statuses={"cursed_doubloon": 2})
    flow = ENGINE.flow(state, RiggedDice([]))
    pirate = flow.start_turn(replace_phase(state, active=0))
    assert pirate.players[0].health == 50
    other = flow.start_turn(replace_phase(state, active=1))
    assert other.players[1].health == 50  # applied at the end of the phase (1.3)
    other, _ = close_upkeep(other)
    assert other.players[1].health == 48


def replace_phase(state: State, active: int) -> State:
    """The state at the start of ``active``'s turn (Upkeep)."""
    return replace(state, active=active, phase=Phase.UPKEEP, turn=2)


def _accept(state: State) -> State:
    """The Attacked Pirate takes the Doubloon Plunder inflicts (she may refuse it)."""
    assert ENGINE.pending(state)[0].seat == 1 and state.choice is not None
    state, _ = act(state, 1, a.Choose(1))
    return state


def test_negotiate_cancels_the_attacks_damage_but_not_its_other_effects() -> None:
    state = with_player(_match(), 0, statuses={"negotiate": 1})
    state = _accept(_attack(state, (1, 2, 3, 4, 5), "plunder"))
    assert state.ledger[0].prevent_all
    state = _finish(state, 3)
    assert state.players[1].health == 50
    assert state.players[1].statuses == {"fade": 1, "negotiate": 1, "cursed_doubloon": 1}
    # "Na conclusão da Fase de Rolagem, remova esta ficha" (the holder's own).
    assert "negotiate" not in state.players[0].statuses
    assert state.phase is Phase.MAIN2


def test_fade_lessens_the_attackers_damage_per_token_and_stays() -> None:
    state = with_player(_match(), 0, statuses={"fade": 2})
    state = _accept(_attack(state, (1, 2, 3, 4, 5), "plunder"))
    assert state.ledger[0].prevented == 2  # before the defence: 3 - 2
    state = _finish(state, 3)  # Parry prevents 1 more
    assert state.players[1].health == 50 and state.players[0].statuses["fade"] == 2


def test_powder_keg_explodes_on_one_or_two_in_upkeep() -> None:
    state = with_player(_match(), 1, statuses={"powder_keg": 1})
    after = ENGINE.flow(state, RiggedDice([2])).start_turn(replace_phase(state, 1))
    assert after.players[1].health == 47 and "powder_keg" not in after.players[1].statuses


def test_powder_keg_may_be_passed_on_with_a_six() -> None:
    state = with_player(_match(), 1, statuses={"powder_keg": 1})
    state = ENGINE.flow(state, RiggedDice([6])).start_turn(replace_phase(state, 1))
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.kinds == ("choose",)
    state, _ = act(state, 1, a.Choose(1))
    assert state.players[0].statuses == {"powder_keg": 1}
    assert "powder_keg" not in state.players[1].statuses and state.phase is Phase.MAIN1


def test_a_second_powder_keg_makes_the_first_explode() -> None:
    state = with_player(_match(), 1, statuses={"powder_keg": 1})
    state = _attack(state, (6, 6, 1, 2, 4), "keg_toss")
    assert state.players[1].statuses["powder_keg"] == 1  # the new one
    # FAQ R2: the explosion is an isolated instance, taken at once.
    assert state.players[1].health == 47
    state = _finish(state, 3)
    # 2 (Keg Toss) - 1 (Parry) + 3 undefendable from the explosion.
    assert state.players[1].health == 46


def test_an_explosion_at_zero_defeats_only_when_the_phase_concludes() -> None:
    state = with_player(_match(), 1, statuses={"powder_keg": 1}, health=3)
    state = _attack(state, (6, 6, 1, 2, 4), "keg_toss")
    assert state.players[1].health == 0 and ENGINE.result(state) is None
    state = _finish(state, 3)
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,)


def test_stealing_health_moves_it_between_heroes() -> None:
    state = with_player(_match(), 0, health=40)
    state = with_player(state, 1, health=2)
    state, events = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 5, 1, 1, 6)
    state, _ = act(state, 0, a.Announce("swindle"))
    state, events = act(state, 1, a.Pass())
    assert "health_stolen" in keys(events)
    # "Se seu oponente não tiver a quantidade indicada, Roube o máximo que ele tiver."
    assert (state.players[0].health, state.players[1].health) == (42, 0)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.result(state) is not None and state.winner == 0


def test_bye_bye_removes_a_token_of_the_players_choice() -> None:
    state = start("gunslinger", "paladin")
    state = with_player(state, 0, hand=("bye_bye",), cp=3, statuses={"reload": 1})
    state = with_player(state, 1, statuses={"protect": 2, "retribution": 1})
    labels = ENGINE.autocomplete(state, 0, "play", "target", "", {})
    assert [c.value for c in labels] == ["1:reload", "2:protect", "2:retribution"]
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.PlayCard("bye_bye", "2:evasive"))
    assert info.value.key == "dicethrone.error.pick_token"
    state, _ = act(state, 0, a.PlayCard("bye_bye", "2:protect"))
    assert state.players[1].statuses == {"protect": 1, "retribution": 1}


def test_bye_bye_on_the_attackers_reload_fizzles_when_it_is_spent_first() -> None:
    # "Conflitos de Timing": the Attacker spends Reload first (their turn); Buh, Bye!
    # can then no longer be played and stays in hand.
    state = start("gunslinger", "gunslinger")
    state = with_player(state, 0, statuses={"reload": 1})
    state = with_player(state, 1, hand=("bye_bye",), cp=3)
    state = _attack(state, (4, 5, 4, 1, 2), "cover")
    state, _ = defend(state, 1, 1, 2)  # Duel: Bruno's 1 loses to 2
    if state.choice is not None:
        state, _ = act(state, 1, a.Choose(2))
    assert state.step is Step.FINAL
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.PlayCard("bye_bye", "1:reload"))
    assert "queued" in keys(events)
    state, _ = act(state, 0, a.Spend("reload"), 3)  # its die: 3, +2 damage
    state, events = act(state, 0, a.Pass())
    assert "fizzled" in keys(events) and state.players[1].hand == ("bye_bye",)


def test_bounty_boosts_the_attack_and_pays_the_attacker() -> None:
    state = start("gunslinger", "paladin")
    state = with_player(state, 1, statuses={"bounty": 1})
    cp = state.players[0].cp
    state = _attack(state, (4, 5, 4, 1, 2), "cover")
    incoming = state.ledger[0]
    assert (incoming.amount, incoming.added) == (5, 1)
    assert state.players[0].cp == cp + 1 and state.players[0].statuses["evasive"] == 1


def test_the_active_player_orders_several_upkeep_effects() -> None:
    # "Fase de Manutenção" 1.2: with several effects the active player picks the order.
    state = _match("duelist", "duelist")
    state = with_player(state, 1, statuses={"bleed": 1, "focus": 1})
    state = ENGINE.flow(state, RiggedDice([])).start_turn(replace_phase(state, 1))
    labels = ENGINE.autocomplete(state, 1, "choose", "option", "", {})
    assert [c.label.params["text"]["en-US"] for c in labels] == ["Bleed", "Focus"]
    assert ENGINE.pending(state)[0].prompt.key == "dicethrone.prompt.choose_upkeep_order"
    state, _ = act(state, 1, a.Choose(2))  # Focus first: its own "Or" comes next
    assert state.choice is not None and len(state.choice.options) == 2
    state, _ = act(state, 1, a.Choose(1))  # +1 CP; then Bleed resolves by itself
    state, _ = close_upkeep(state)
    assert state.phase is Phase.MAIN1
    assert state.players[1].health == 48 and state.players[1].cp == 2 + 1 + 1


def test_cursed_doubloons_can_only_be_removed_by_the_pirate() -> None:
    # "Estas fichas Persistentes não podem ser movidas ou removidas de qualquer
    # jogador, exceto como resultado das habilidades no Tabuleiro de Jogo da Pirata."
    assert not MINI.status("cursed_doubloon").removable_by("duelist")
    assert MINI.status("cursed_doubloon").removable_by("corsair")
    state = _match("duelist", "corsair")
    state = with_player(state, 1, statuses={"cursed_doubloon": 2, "fade": 1})
    # A picking card offers only the tokens its hero may remove.
    assert [c.value for c in ENGINE.autocomplete(state, 0, "play", "target", "", {})] == ["2:fade"]
    interp = ENGINE.flow(state, RiggedDice([])).interp
    removal = (ScriptStep(op="remove_all", status="cursed_doubloon", target="opponent"),)
    after = interp.run(state, removal, Ctx(0, MINI.heroes["duelist"]))
    assert after.players[1].statuses["cursed_doubloon"] == 2
    after = interp.run(state, removal, Ctx(0, MINI.heroes["corsair"]))
    assert "cursed_doubloon" not in after.players[1].statuses


def test_a_picked_token_survives_a_then_pause_in_the_card() -> None:
    state = start("gunslinger", "paladin")
    state = with_player(state, 1, statuses={"protect": 2})
    interp = ENGINE.flow(state, RiggedDice([])).interp
    hero = ENGINE.load_content(None).heroes["gunslinger"]
    script = (ScriptStep(op="then"), ScriptStep(op="remove_chosen"))
    paused = interp.run(state, script, Ctx(0, hero, resume=Resume.CARD, pick="2:protect"))
    assert paused.choice is not None and paused.choice.pick == "2:protect"
    after = interp.resume(paused, 0, hero)
    assert after.players[1].statuses == {"protect": 1}


def test_the_pirate_may_refuse_a_cursed_doubloon() -> None:
    # "Sempre que a Pirata for ganhar um Dobrão Amaldiçoado, ela pode escolher não ganhar."
    state = _match("corsair", "corsair")
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 5, 4, 1, 6)
    state, _ = act(state, 0, a.Announce("hoard"))
    state, _ = act(state, 1, a.Pass())
    labels = ENGINE.autocomplete(state, 0, "choose", "option", "", {})
    assert [c.label.params["text"]["pt-BR"] for c in labels] == ["Dobrão Amaldiçoado", "Não ganhar"]
    state, _ = act(state, 0, a.Choose(2))
    assert "cursed_doubloon" not in state.players[0].statuses and state.players[0].cp == 3


def test_stack_limit_example_powder_keg_and_two_fades() -> None:
    # "Limites de Empilhamento", example: the Cursed Pirate inflicted a Powder Keg
    # and two Fades; Fade's limit 2 allows exactly two, and it is Persistent.
    state = _match("corsair", "duelist")
    interp = ENGINE.flow(state, RiggedDice([])).interp
    for _ in range(3):
        state = interp.add_status(state, 1, "fade", 1)
    state = interp.add_status(state, 1, "powder_keg", 1)
    assert state.players[1].statuses == {"fade": 2, "powder_keg": 1}
    assert MINI.status("fade").persistent


def test_a_pirate_may_refuse_a_doubloon_another_pirate_inflicts() -> None:
    # "Sempre que a Pirata for ganhar um Dobrão Amaldiçoado, ela pode escolher não
    # ganhar": in a mirror match the Attacked Pirate is asked, not the Attacker.
    state = _attack(_match(), (1, 2, 3, 4, 5), "plunder")
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.kinds == ("choose",)
    assert ENGINE.view(state, None).data["choice"]["seat"] == 1
    with pytest.raises(NotYourTurnError):
        act(state, 0, a.Choose(2))
    state, _ = act(state, 1, a.Choose(2))  # "Não ganhar"
    assert "cursed_doubloon" not in state.players[1].statuses
    # The rest of Plunder is still its Attacker's: 3 damage waits for the defence.
    assert state.step is Step.DEFENSE and state.ledger[0].source == 0


def test_another_hero_cannot_refuse_a_doubloon() -> None:
    state = _attack(_match("corsair", "duelist"), (1, 2, 3, 4, 5), "plunder")
    assert state.choice is None and state.players[1].statuses["cursed_doubloon"] == 1
