"""The option names use the rulebook's terms (the shared rules — every option named in every
locale, Discord's limits, no clash with the bot's own options, nothing left over — are checked
for every game in ``tests/bot/test_option_names.py``)."""

from __future__ import annotations

from engines.krosmaster import ENGINE

CATALOG = ENGINE.catalog()


def _options() -> set[str]:
    return {o.name for spec in ENGINE.commands() for o in spec.options}


def test_the_names_use_the_rulebooks_terms() -> None:
    """Portuguese from the 2.7 rulebook (Feitiço, Alvo, Casa, Miniatura, Bloqueio,
    Recompensa), Italian from the supplement (incantesimo, bersaglio, casella, Fuga);
    English keeps the command's own option names."""
    pt = {o: CATALOG.translate(f"krosmaster.option_name.{o}", "pt-BR") for o in _options()}
    it = {o: CATALOG.translate(f"krosmaster.option_name.{o}", "it") for o in _options()}
    assert pt["spell"] == "feitiço" and pt["target"] == "alvo" and pt["square"] == "casa"
    assert pt["lock_order"] == "ordem_bloqueio" and pt["reward"] == "recompensa"
    assert it["spell"] == "incantesimo" and it["target"] == "bersaglio"
    assert it["square"] == "casella" and it["crit_dodge"] == "critico_fuga"
    for option in _options():
        assert CATALOG.translate(f"krosmaster.option_name.{option}", "en-US") == option
