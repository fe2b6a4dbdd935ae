"""The option names use the rulebook's terms (the shared rules — every option named in every
locale, Discord's limits, no clash with the bot's own options, nothing left over — are checked
for every game in ``tests/bot/test_option_names.py``)."""

from __future__ import annotations

from engines.dicethrone import ENGINE

CATALOG = ENGINE.catalog()


def _options() -> set[str]:
    return {o.name for spec in ENGINE.commands() for o in spec.options}


def test_the_names_use_the_rulebooks_terms() -> None:
    """Portuguese from the rulebook ("Vitalidade", "Alvo", "Efeito de Status"),
    Italian equivalents; English keeps the command's own names."""
    pt = {o: CATALOG.translate(f"dicethrone.option_name.{o}", "pt-BR") for o in _options()}
    it = {o: CATALOG.translate(f"dicethrone.option_name.{o}", "it") for o in _options()}
    assert pt["health"] == "vitalidade" and pt["target"] == "alvo"
    assert pt["status"] == "efeito_de_status" and pt["cp"] == "pc"
    assert it["target"] == "bersaglio" and it["dice"] == "dadi"
    for option in _options():
        assert CATALOG.translate(f"dicethrone.option_name.{option}", "en-US") == option
