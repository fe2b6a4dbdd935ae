"""The dispatch tables (effect steps, actions, adjustments, autocomplete) are complete
(imports at the top and without cycles: tests/engines/test_packages.py)."""

from __future__ import annotations

from engines.krosmaster.actions import ALL_ACTIONS
from engines.krosmaster.commands import COMPLETERS, command_specs
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.effects.handlers import HANDLERS
from engines.krosmaster.effects.steps import (
    GATES,
    LATER,
    STEP_OF,
    CardText,
    Gate,
    Step,
    Tokens,
    script,
)
from engines.krosmaster.rules.adjust import ADJUSTERS, WHAT
from engines.krosmaster.rules.handlers import handled


def test_every_step_type_has_a_handler() -> None:
    assert HANDLERS.types() == set(Step.__subclasses__())


def test_every_printed_effect_kind_makes_a_step_or_belongs_to_another_step() -> None:
    assert set(STEP_OF) | LATER | GATES | {EffectKind.MANUAL} == set(EffectKind)


def test_a_gate_holds_the_rest_of_the_script_and_card_text_says_where_to_go_on() -> None:
    effects = (
        Effect(EffectKind.MP, 1),
        Effect(EffectKind.LIFESTEAL),
        Effect(EffectKind.RETRIBUTION, 2),
        Effect(EffectKind.MANUAL, text="Draw a card"),
        Effect(EffectKind.AP, -1),
    )
    rest = (CardText("Draw a card", 4), Tokens("ap", -1))
    assert script(effects) == (Tokens("mp", 1), Gate(EffectKind.RETRIBUTION, 2, rest))
    assert script(effects, 4) == (Tokens("ap", -1),)


def test_every_action_has_a_handler() -> None:
    assert handled() == set(ALL_ACTIONS)


def test_every_adjustable_quantity_has_an_adjuster() -> None:
    assert tuple(ADJUSTERS) == WHAT


def test_every_option_with_suggestions_has_a_completer() -> None:
    auto = {(c.name, o.name) for c in command_specs() for o in c.options if o.autocomplete}
    assert auto <= set(COMPLETERS)
