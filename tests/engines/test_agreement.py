"""Every message template of every locale (the core's, the bot's, each game's), rendered
with counts 0, 1 and 2 (issue 27): no placeholder left unfilled, no number disagreeing
with its noun ("1 carried cards are unloaded", "2 card"), no event saying a number of
nothing ("moved 0 squares", "recebe 0 fichas": a ``no_<param>`` form says it instead),
and in Portuguese and Italian no participle agreeing with a player's or a figure's name
that may be of either gender ("Regina dei Tofu si è mosso"): a name is never followed
by a gendered past participle."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.core.i18n import LOCALES, Catalog

ROOT = Path(__file__).resolve().parents[2]
#: Every catalogue players read: the core's, the bot's and each game's.
CATALOG_DIRS = sorted(
    {p.parent for top in ("engines", "bot") for p in (ROOT / top).rglob("locales/en-US.yaml")}
)
#: Counted nouns: singular → plural, as a number precedes them.
NOUNS = {
    "en-US": {
        "card": "cards",
        "square": "squares",
        "token": "tokens",
        "die": "dice",
        "player": "players",
        "point": "points",
        "kama": "kamas",
        "draw": "draws",
        "event": "events",
        "figure": "figures",
        "turn": "turns",
        "hour": "hours",
        "day": "days",
        "ability": "abilities",
        "option": "options",
        "reward": "rewards",
        "attempt": "attempts",
        "match": "matches",
        "wound": "wounds",
        "problem": "problems",
    },
    "pt-BR": {
        "carta": "cartas",
        "card": "cards",
        "casa": "casas",
        "ficha": "fichas",
        "dado": "dados",
        "jogador": "jogadores",
        "ponto": "pontos",
        "turno": "turnos",
        "hora": "horas",
        "dia": "dias",
        "habilidade": "habilidades",
        "evento": "eventos",
        "sorteio": "sorteios",
        "figura": "figuras",
        "recompensa": "recompensas",
        "opção": "opções",
        "partida": "partidas",
        "ferimento": "ferimentos",
    },
    "it": {
        "carta": "carte",
        "casella": "caselle",
        "segnalino": "segnalini",
        "dado": "dadi",
        "giocatore": "giocatori",
        "punto": "punti",
        "turno": "turni",
        "ora": "ore",
        "giorno": "giorni",
        "evento": "eventi",
        "estrazione": "estrazioni",
        "figura": "figure",
        "ricompensa": "ricompense",
        "opzione": "opzioni",
        "partita": "partite",
        "ferita": "ferite",
    },
}
#: Words that may stand between a number and its noun ("1 carried card").
BETWEEN = {"en-US": r"(?:carried |more |other |unused |new )?", "pt-BR": "", "it": ""}
#: Placeholders that hold a name of someone or something of either gender, unless a
#: noun before it carries the agreement ("o card {card} foi…", "la carta {card} è…",
#: "la carta X di {player} è messa KO").
NAMED = (
    r"(?<!card )(?<!carta )(?<!figura )(?<!di )(?<!de )(?<!incantesimo )(?<!Feitiço )"
    r"\{(?:player|players|user|unit|card|figure|summon|winners|opponent|base|target|reward|rewards|spell|status|token|hero|companion|ability|scenario)\}"
)
#: A gendered past participle after such a name: "si è mosso", "è sconfitto", "viene
#: scoperta", "foi derrotado", "já foi lançado", "está ferida" (an adjective agreeing the
#: same way).
PARTICIPLE = {
    "pt-BR": re.compile(
        NAMED
        + r" (?:já |não )?(?:foi|é|está|ficou|fica|foram|são|estão) (?:\w+ )?"
        + r"\w+(?:ad|id|ert|ost|eit)[oa]s?\b"
    ),
    "it": re.compile(
        NAMED
        + r" (?:non |già )?(?:(?:si )?è|viene|sono|vengono|è stat[oa]) (?:\w+ )?"
        + r"\w+(?:at|it|ut|ss|ost|ort|ers|ess|ert)[oaie]\b"
    ),
}


#: Messages whose number cannot be what reads wrong, by the rules or because the engine
#: says them only for some numbers (checked where each is emitted); the reason each.
CANNOT = {
    ("battlescenes.event.drew", 0): "said only when a card was drawn (table/drawing.py)",
    ("battlescenes.event.drew.hidden", 0): "said only when a card was drawn (table/drawing.py)",
    ("battlescenes.event.won_points", 0): "a win on points needs 15 (1.4)",
    ("dicethrone.event.choose", 0): "a choice (“Ou”) has two options or more",
    ("dicethrone.event.choose", 1): "a choice (“Ou”) has two options or more",
    ("dicethrone.prompt.choose", 1): "a choice (“Ou”) has two options or more",
    ("dicethrone.prompt.choose_foe", 1): "asked only with two opponents or more",
    ("dicethrone.prompt.choose_reroll", 1): "keep, or one die or more (effects/extra.py)",
    ("dicethrone.prompt.choose_player", 1): "asked only with two candidates (effects/extra.py)",
    ("dicethrone.prompt.choose_discard", 1): "keep, or one card or more (effects/extra.py)",
    ("dicethrone.prompt.choose_spend_for", 1): "pay 0, or 1 or more (effects/token_counts.py)",
    ("dicethrone.prompt.choose_grow", 1): "asked only with two ways or more (token_counts.py)",
    ("krosmaster.entry.size", 1): "an arena is more than one square a side",
}


def _messages(directory: Path) -> Iterator[tuple[str, str, dict[str, str]]]:
    """Each message of ``directory``'s catalogue: its key, locale and forms (a plain
    message is the one form ``""``; a plural one has ``one``, ``other``, ``no_<p>``)."""
    catalog = Catalog()
    catalog.load_dir(directory)
    for locale in LOCALES:
        messages = catalog.messages[locale]
        plural = {key[: -len(".other")] for key in messages if key.endswith(".other")}
        grouped: dict[str, dict[str, str]] = {}
        for key, text in messages.items():
            base, _, last = key.rpartition(".")
            if base in plural and (last in ("one", "other") or last.startswith("no_")):
                grouped.setdefault(base, {})[last] = text
            else:
                grouped.setdefault(key, {})[""] = text
        for key, forms in grouped.items():
            yield key, locale, forms


#: Placeholders that hold a name or a word, never a number (the rest get 0, 1 and 2).
WORDS = frozenset(
    {
        "player",
        "players",
        "user",
        "users",
        "actor",
        "unit",
        "units",
        "card",
        "cards",
        "status",
        "summon",
        "spell",
        "base",
        "target",
        "winners",
        "opponent",
        "opponents",
        "face",
        "rolled",
        "figure",
        "kind",
        "mode",
        "title",
        "game",
        "name",
        "hero",
        "ability",
        "arena",
        "team",
        "text",
        "what",
        "who",
        "source",
        "from",
        "to",
        "start",
        "square",
        "by",
        "on",
        "reason",
        "prompt",
        "effect",
        "rewards",
        "reward",
        "spells",
        "powers",
        "power",
        "keyword",
        "event",
        "events_text",
        "detail",
        "path",
        "dispute",
        "thread",
        "post",
        "role",
        "referee",
        "referees",
        "winner",
        "loser",
        "first",
        "second",
        "label",
        "option",
        "value",
        "list",
        "faces",
        "token",
        "companion",
        "deck",
        "scenario",
        "phase",
        "action",
        "command",
        "section",
        "seat",
        "seats",
    }
)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _problems(key: str, locale: str, forms: dict[str, str]) -> list[str]:
    """What reads wrong in one message rendered with every number 0, 1 and 2."""
    catalog = Catalog()
    catalog.messages[locale] = {(f"{key}.{f}" if f else key): t for f, t in forms.items()}
    nouns = NOUNS[locale]
    singular = "|".join(nouns)
    plural = "|".join(nouns.values())
    between = BETWEEN[locale]
    names = set().union(*(_placeholders(t) for t in forms.values()))
    found = []
    for n in (0, 1, 2):
        if (key, n) in CANNOT:
            continue
        params = {name: "Zé" if name in WORDS else n for name in names}
        text = catalog.translate(key, locale, **params)
        if re.search(r"\{[a-z_]+\}", text) or text == key:
            found.append(f"unfilled: {text}")
        if n == 1 and re.search(rf"(?<![\d.,/–+-])\b1 {between}(?:{plural})\b", text):
            found.append(f"1 with a plural: {text}")
        if n == 2 and re.search(rf"(?<![\d.,/–+-])\b2 {between}(?:{singular})\b", text):
            found.append(f"2 with a singular: {text}")
        if n == 0 and ".event." in key:
            said = re.search(rf"(?<![\d.,/–+-])\b0 {between}(?:{singular}|{plural})\b", text)
            if said:
                found.append(f"a number of nothing: {text}")
    pattern = PARTICIPLE.get(locale)
    for text in forms.values():
        if pattern is not None and pattern.search(text):
            found.append(f"gendered: {text}")
    return found


@pytest.mark.parametrize("directory", CATALOG_DIRS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_agrees_in_number_and_gender(directory: Path) -> None:
    problems = [
        f"{locale} {key}: {problem}"
        for key, locale, forms in _messages(directory)
        for problem in _problems(key, locale, forms)
    ]
    assert not problems, "\n".join(problems)
