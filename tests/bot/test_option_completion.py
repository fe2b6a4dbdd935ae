"""Completing ``/match new``'s options text (``bot/match/option_completion.py``): what is
offered reads back, through ``parse_option_text``, as the options a player meant."""

from __future__ import annotations

from bot.match.option_completion import MAX_CHOICE, complete_options
from bot.match.service import parse_option_text

NAMES = [("deck_a", "Deck of seat 1"), ("deck_b", "Deck of seat 2"), ("deck_size", "Size")]
DECKS = [("herois", "Inumanos e Asgardianos"), ("Evolução Tática", "Evolução Tática (BSET DECK)")]


def _values(name: str) -> list[tuple[str, str]]:
    return DECKS if name in ("deck_a", "deck_b") else []


def test_a_name_with_spaces_is_quoted_and_reads_back_whole() -> None:
    for typed in ("deck_a=evol", 'deck_a="Evol', "deck_a='Evol", "DECK_A=tática"):
        [(label, whole)] = complete_options(typed, NAMES, _values)
        assert label == "deck_a=Evolução Tática (BSET DECK)"
        assert parse_option_text(whole) == {"deck_a": "Evolução Tática"}, typed


def test_words_already_typed_are_kept_and_their_options_not_offered_again() -> None:
    typed = 'deck_a="Evolução Tática" deck_'
    offered = complete_options(typed, NAMES, _values)
    assert [whole for _label, whole in offered] == [
        'deck_a="Evolução Tática" deck_b=',
        'deck_a="Evolução Tática" deck_size=',
    ]
    assert offered[0][0] == "deck_b= · Deck of seat 2"
    [(_label, whole)] = complete_options(typed + "b=inu", NAMES, _values)
    assert parse_option_text(whole) == {"deck_a": "Evolução Tática", "deck_b": "herois"}


def test_nothing_is_offered_for_an_unknown_option_or_past_discords_limit() -> None:
    assert complete_options("arena=", NAMES, _values) == []
    assert complete_options("deck_size=4", NAMES, _values) == []
    long = "x" * (MAX_CHOICE - 5)
    assert complete_options(f"deck_a={long} deck_b=", NAMES, _values) == []
