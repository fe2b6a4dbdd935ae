"""Import the FACTS of every printed Battle Scenes card into our own database file.

Usage (a maintainer's tool, never run by the bot)::

    python -m scripts.battlescenes_import DIR

where DIR holds the public record danielbdrpg/BattleScenesDeckBuilder
``assets/bases_json/*.json`` (commit 1ea3980e2cdaf900e142e8da97dcaea28ee8e562). It writes
``assets/content/battlescenes/database/cards.json`` and ``decks.json`` in OUR format:
facts only (name, version, alter ego, type, collection codes, energy, shield, powers,
alignments, affiliations, extra energy, EV requirement, keywords and their numbers, the
action's name, power, cost and types). No text of a card is read into it except to find
the keyword names and numbers printed at the head of a text; the printed texts
(``action_text``, ``permanent_text``, ``ev_text``, errata, FAQ) are never copied.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from engines.battlescenes.content.powers import BY_NAME

SOURCE = "danielbdrpg/BattleScenesDeckBuilder@1ea3980e assets/bases_json"
OUT = Path(__file__).resolve().parents[1] / "assets" / "content" / "battlescenes" / "database"

TYPES = {
    "Personagem": "character",
    "Personagem - EV": "character",
    "Suporte": "support",
    "Cenário": "scenario",
    "Habilidade": "ability",
}
ALIGNMENTS = {"Herói": "heroi", "Vilão": "vilao"}
KINDS = {"Ação de Antecipar": "anticipate", "Ação Imprevista": "unforeseen"}
#: Printed keyword name -> our id (7.2; the later sets' ones too).
KEYWORDS = {
    "Ação Única": "acao_unica",
    "Antecipação-Surpresa": "antecipacao_surpresa",
    "Aprimoramento": "aprimoramento",
    "Ataque-Surpresa": "ataque_surpresa",
    "Atrasar": "atrasar",
    "Camuflar": "camuflar",
    "Clarividência": "clarividencia",
    "Clone": "clone",
    "Compartilhar": "compartilhar",
    "Energia Cósmica": "energia_cosmica",
    "Esgotar": "esgotar",
    "Espionar": "espionar",
    "Frota": "frota",
    "Hospedeiro": "hospedeiro",
    "Interligar": "interligar",
    "Item Mágico": "item_magico",
    "Item Único": "item_unico",
    "Liderar": "liderar",
    "Materializar": "materializar",
    "Metamorfo": "metamorfo",
    "Municiar": "municiar",
    "Pelotão": "pelotao",
    "Potencializar": "potencializar",
    "Predador": "predador",
    "Prontidão": "prontidao",
    "Reviver": "reviver",
    "Singularidade": "singularidade",
    "Tática": "tatica",
}
_KEYWORD = re.compile(
    r"^\s*#&#(" + "|".join(sorted(map(re.escape, KEYWORDS), key=len, reverse=True)) + r")"
    r"(?:\s*\{?(\d+)\}?)?"
)
#: The EV requirement of the 12 EV characters, as our engine reads it (4.4.2.1 A.1a):
#: ``kind:value``. Read from each card's EV panel by a person, not copied.
EV = {
    "(2014) BSMI 1/100": "alter_ego:Jean Grey-Summers",
    "(2014) BSMI 2/100": "alignment:vilao",
    "(2017) BSCA 2/112": "alter_ego:Peter Parker",
    "(2015) BSIV 2/100": "not_alignment:vilao",
    "(2015) BSIV 1/100": "name:Homem de Ferro",
    "(2015) BSOS 1/100": "unaligned",
    "(2016) BSGC 1/100": "alter_ego:Robert Bruce Banner",
    "(2016) BSAQ 1/112": "support",
    "(2016) BSDS 1/112": "only_alignment:vilao",
    "(2017) BSFE 1/112": "alter_ego:Adam Warlock",
    "(2017) BSCA 1/112": "affiliation:Aliados do Homem-Aranha",
    "(2017) BSCA 3/112": "affiliation:Aliados do Homem-Aranha|Simbiontes",
}


def _int(text: str) -> int | None:
    digits = text.strip().lstrip("+")
    return int(digits) if digits.isdigit() else None


def _keywords(record: dict[str, Any]) -> tuple[list[str], dict[str, int]]:
    """Keywords a card HAS: those heading one of its permanent texts or its action."""
    heads = [*record["permanent_text"].split("<br>"), record["action_text"]]
    names: list[str] = []
    numbers: dict[str, int] = {}
    for head in heads:
        match = _KEYWORD.match(head)
        if match is None:
            continue
        keyword = KEYWORDS[match.group(1)]
        if keyword not in names:
            names.append(keyword)
        if match.group(2) is not None and keyword not in numbers:
            numbers[keyword] = int(match.group(2))
    return names, numbers


def card(record: dict[str, Any], file: str) -> dict[str, Any]:
    """Our facts of one public record."""
    main = record["main_card"]["code"]
    codes = [main, *(c["code"] for c in record["card_list"] if c["code"] != main)]
    keywords, numbers = _keywords(record)
    out: dict[str, Any] = {
        "codes": codes,
        "name": record["name"],
        "version": record["version"],
        "type": TYPES[record["type"]],
    }
    optional: dict[str, Any] = {
        "alter_ego": record["alter_ego"],
        "energy": _int(record["initial_energy"]),
        "shield": _int(record["shield"]),
        "powers": [BY_NAME[p["name"]] for p in record["powers"]],
        "alignments": [ALIGNMENTS[a] for a in record["alignments"]],
        "affiliations": [a for a in record["affiliation"].split("/") if a],
        "accretion": _int(record["extra_energy"]),
        "ev": EV.get(main, ""),
        "keywords": keywords,
        "keyword_numbers": numbers,
    }
    out.update({k: v for k, v in optional.items() if v not in ("", None, [], {})})
    if record["action"]:
        cost = record.get("action_cost", {}).get("cost")
        kinds = sorted(KINDS[t["name"]] for t in record["action_types"])
        kind = {(): "normal", ("anticipate",): "anticipate", ("unforeseen",): "unforeseen"}.get(
            tuple(kinds), "unforeseen_anticipate"
        )
        action: dict[str, Any] = {"name": record["action"], "kind": kind}
        if "action_power" in record:
            action["power"] = BY_NAME[record["action_power"]["name"]]
        if cost is not None:
            action["cost"] = cost if cost == "X" else int(cost)
        out["action"] = action
    out["record"] = f"{file} id {record['id']}"
    return out


def main(directory: Path) -> None:
    """Read every collection, deck and box file of ``directory``; write our two files."""
    cards: dict[str, dict[str, Any]] = {}
    decks: list[dict[str, Any]] = []
    for path in sorted(directory.glob("*.json")):
        records = json.loads(path.read_text(encoding="utf-8"))
        for record in records:
            entry = card(record, path.name)
            cards.setdefault(entry["codes"][0], entry)
        if path.name.endswith("_deck.json"):
            decks.append(_deck(path.name, records))
    OUT.mkdir(parents=True, exist_ok=True)
    ordered = sorted(cards.values(), key=lambda c: c["codes"][0])
    body = {"source": SOURCE, "cards": ordered}
    (OUT / "cards.json").write_text(_dump(body), encoding="utf-8")
    (OUT / "decks.json").write_text(_dump({"source": SOURCE, "decks": decks}), encoding="utf-8")
    print(f"{len(ordered)} cards, {len(decks)} decks")


#: The printed name of each collection's deck product, by its file's number.
DECK_NAMES = {
    "02": "Evolução Tática",
    "03": "Poderes Ocultos",
    "04": "Múltiplas Identidades",
    "05": "Invasão Cósmica",
    "06": "Iniciativa Vingadores",
    "07": "Ofensiva Surpresa",
    "08": "Guerra Civil",
    "09": "Ascensão e Queda",
    "10": "Despertar Sombrio",
    "11": "Forças Estelares",
    "12": "Confronto Aracnídeo",
}


def _deck(file: str, records: list[dict[str, Any]]) -> dict[str, Any]:
    """A deck product's cards: their own codes, in the deck's numbering (``… DECK n/N``)."""
    counts: dict[str, int] = {}
    for record in records:
        for prefix in {c["code"].rsplit(" ", 1)[0] for c in record["card_list"]}:
            counts[prefix] = counts.get(prefix, 0) + 1
    prefix = max((p for p in counts if " DECK" in p), key=lambda p: counts[p])
    numbered = []
    for record in records:
        own = [c["code"] for c in record["card_list"] if c["code"].rsplit(" ", 1)[0] == prefix]
        number = int(own[0].rsplit(" ", 1)[1].split("/")[0])
        numbered.append((number, record["main_card"]["code"]))
    cards = [main for _n, main in sorted(numbered)]
    return {"file": file, "name": DECK_NAMES[file[:2]], "collection": prefix, "cards": cards}


def _dump(value: Any) -> str:
    """One card per line: small to commit, easy to read in a diff."""
    return (
        json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace(
            '},{"codes"', '},\n{"codes"'
        )
        + "\n"
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
