"""The thirteen powers of Marvel Battle Scenes (rule 2.4: "treze diferentes poderes").

A power's id is its printed pt-BR name in lower case without accents or spaces
(``super_forca`` for Super Força); ``glyph`` is the two-letter code the public card
records use for its icon ({SF}). A character prints 0 to 4 of them; an action prints
one (or none: a neutral card, N/A). Each locale names every power in full
(``battlescenes.power.<id>``) and by a short label that fits a phone's card chip
(``battlescenes.power_short.<id>``).
"""

from __future__ import annotations

#: Power id -> (printed pt-BR name, glyph code of the public records).
POWERS: dict[str, tuple[str, str]] = {
    "agilidade": ("Agilidade", "AG"),
    "ataque_a_distancia": ("Ataque a Distância", "AD"),
    "ataque_energetico": ("Ataque Energético", "AE"),
    "elasticidade": ("Elasticidade", "EL"),
    "genialidade": ("Genialidade", "GE"),
    "laminas": ("Lâminas", "LA"),
    "magia": ("Magia", "MA"),
    "poder_cosmico": ("Poder Cósmico", "PC"),
    "regeneracao": ("Regeneração", "RE"),
    "super_forca": ("Super Força", "SF"),
    "telecinesia": ("Telecinesia", "TC"),
    "telepatia": ("Telepatia", "TE"),
    "voo": ("Voo", "VO"),
}

#: Power ids of the model before the thirteen (one power per character, four of them
#: not printed powers). Matches stored before the change still hold card definitions
#: with them: they stay readable and playable, and every locale still names them.
LEGACY_POWERS = frozenset(
    {"forca", "tecnologia", "psiquico", "energia", "armas", "metamorfose", "cosmico"}
)

#: Legacy ids a pack written before may still use, each the one printed power it named;
#: ``psiquico``, ``armas`` and ``metamorfose`` named two powers or none, so a pack must
#: say which of the thirteen it means.
PACK_ALIASES = {
    "forca": "super_forca",
    "energia": "ataque_energetico",
    "tecnologia": "genialidade",
    "cosmico": "poder_cosmico",
}

#: Most powers a printed character has (every printed record holds 0 to 4).
MAX_POWERS = 4

BY_NAME = {name: power for power, (name, _glyph) in POWERS.items()}
BY_GLYPH = {glyph: power for power, (_name, glyph) in POWERS.items()}


def printed_name(power: str) -> str:
    """A power's printed pt-BR name (a legacy or unknown id as it is)."""
    entry = POWERS.get(power)
    return entry[0] if entry else power
