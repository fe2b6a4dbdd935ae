"""The board in words: the banner, the last action's caption, the figure chips, the end
screen's score, and the alt text (``Krosmaster.describe``).

Pure text from a :class:`~engines.krosmaster.view.KrosmasterView` whose names are already
picked for the reader's locale (:func:`localised`); the renderer draws these words, and
the alt text says the same for a screen reader. No PIL here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Standing
from engines.core.i18n import FALLBACK, Catalog
from engines.core.serde import JSON
from engines.krosmaster.names import Shown, localise, pick
from engines.krosmaster.rules.faces import Face, face_message, faces_message
from engines.krosmaster.view import KrosmasterView, UnitView, read_view

#: Discord allows 1,024 characters of attachment description; keep a margin.
MAX_ALT = 1000


def localised(data: Mapping[str, JSON], locale: str) -> KrosmasterView:
    """``View.data`` typed, every per-locale name picked for ``locale``."""
    return read_view(localise(dict(data), locale))


def name(value: Shown | None) -> str:
    """A name already picked for the reader (a stray mapping falls back to en-US)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else str(pick(value, FALLBACK))


def owers(v: KrosmasterView) -> list[int]:
    """The seats that owe a decision now, in seat order, each once."""
    return sorted({o.seat for o in v.owing})


def banner(
    v: KrosmasterView, catalog: Catalog, locale: str, standing: Standing | None = None
) -> tuple[list[int], str]:
    """Who the banner names (seats, drawn in their colours) and the words after them:
    "Alice: play Vigg Arysta's turn", or the result once the match is over, or where it
    stands outside the rules (``standing``: a resignation, a referee's pause)."""
    t = catalog.translate
    players = v.players
    if standing is not None:
        return [], t(standing.text.key, locale, **dict(standing.text.params))
    if v.winner is not None:
        won = list(v.winners) or [v.winner]
        how = v.won_by or "knockouts"
        key = f"krosmaster.render.won_{how}"
        return won, t(key, locale, count=len(won))
    if v.draw:
        return [], t("krosmaster.render.draw", locale)
    if not v.owing:
        return [], t(f"krosmaster.render.phase.{v.phase}", locale)
    whats: list[str] = []
    for o in v.owing:
        params: dict[str, Any] = {k: name(x) for k, x in o.params.items()}
        text = t(f"krosmaster.render.owe.{o.what}", locale, **params)
        if text not in whats:
            whats.append(text)
    seats = owers(v)
    if len(whats) > 1:  # different decisions: each player with theirs
        parts = [
            f"{players[o.seat].name}: {t(f'krosmaster.render.owe.{o.what}', locale)}"
            for o in v.owing
        ]
        return [], " · ".join(parts)
    return seats, whats[0]


def banner_line(
    v: KrosmasterView, catalog: Catalog, locale: str, standing: Standing | None = None
) -> str:
    """The banner as one line of text (alt text, tests): "Alice: play Vigg Arysta's turn"."""
    seats, what = banner(v, catalog, locale, standing)
    if not seats:
        return what
    names = ", ".join(v.players[s].name for s in seats)
    return f"{names}: {what}"


def caption(v: KrosmasterView, catalog: Catalog, locale: str) -> str:
    """The last move or cast in plain words ("Vigg Arysta cast Engano D5 → G4: 1 critical;
    Gultar 2 wounds"), or "" before any."""
    t = catalog.translate
    last = v.last
    who = name(last.name)
    if not who:
        return ""
    if not last.spell and len(last.path) > 1:
        return t(
            "krosmaster.render.last_move",
            locale,
            unit=who,
            start=last.path[0],
            to=last.path[-1],
            count=len(last.path) - 1,
        )
    if not last.spell or last.target is None:
        return ""
    if last.origin and last.origin != last.target:
        head = t(
            "krosmaster.render.last_cast",
            locale,
            unit=who,
            spell=name(last.spell),
            start=last.origin,
            target=last.target,
        )
    else:
        head = t(
            "krosmaster.render.last_cast_at",
            locale,
            unit=who,
            spell=name(last.spell),
            target=last.target,
        )
    results: list[str] = []
    if last.crits:
        results.append(t("krosmaster.render.crits", locale, count=last.crits))
    for h in last.hits:
        if h.healed:
            text = t("krosmaster.render.hit_healed", locale, unit=name(h.name), count=h.healed)
        else:
            text = t("krosmaster.render.hit_wounds", locale, unit=name(h.name), count=h.wounds)
            if h.armour:
                text += " " + t("krosmaster.render.hit_armour", locale, count=h.armour)
        if h.ko:
            text += " " + t("krosmaster.render.hit_ko", locale)
        results.append(text)
    if not results:
        return head
    return t("krosmaster.render.last_results", locale, head=head, results="; ".join(results))


def score(v: KrosmasterView, catalog: Catalog, locale: str) -> str:
    """The final score: each player's GG and Krosmasters still standing."""
    t = catalog.translate
    parts = []
    for seat, p in enumerate(v.players):
        standing = sum(
            1 for u in v.units if u.owner == seat and u.square and not u.ko and not u.summon
        )
        parts.append(
            t("krosmaster.render.score_player", locale, player=p.name, gg=p.gg, count=standing)
        )
    return t("krosmaster.render.score", locale, scores=" · ".join(parts))


def _signed(count: int) -> str:
    return f"{count:+d}".replace("-", "−")


def chip(u: UnitView, active: bool, catalog: Catalog, locale: str) -> tuple[str, str, list[str]]:
    """A figure's chip beside the board: HP (or knocked out), its AP and MP (what is left
    of this turn's gauges for the active figure, else the characteristics), and the
    extras: ±AP/±MP/±range tokens, inspiration dice, rewards held, markers."""
    t = catalog.translate
    if u.ko:
        return t("krosmaster.render.chip_ko", locale), "", []
    hp = t("krosmaster.render.hp", locale, left=u.hp - u.wounds, hp=u.hp) if u.hp else ""
    gauges = ""
    if active:
        ap = f"{u.ap}/{u.max_ap}" if u.max_ap is not None else "–"
        mp = f"{u.mp}/{u.max_mp}" if u.max_mp is not None else "–"
        gauges = t("krosmaster.render.gauges", locale, ap=ap, mp=mp)
    elif u.max_ap is not None or u.max_mp is not None:
        ap = str(u.max_ap) if u.max_ap is not None else "–"
        mp = str(u.max_mp) if u.max_mp is not None else "–"
        gauges = t("krosmaster.render.gauges", locale, ap=ap, mp=mp)
    extras = []
    for count, key in ((u.ap_tokens, "ap"), (u.mp_tokens, "mp"), (u.range_tokens, "range")):
        if count:
            extras.append(t(f"krosmaster.render.token_{key}", locale, amount=_signed(count)))
    for face in u.inspiration:  # 5.3: tension dice on it
        die = face_message(Face(face))
        extras.append("✦" + t(die.key, locale, **dict(die.params)))
    if u.rewards:
        extras.append(f"◆{len(u.rewards)}")
    if u.markers:
        extras.append("◉" + ", ".join(u.markers))
    return hp, gauges, extras


def held(v: KrosmasterView, catalog: Catalog, locale: str) -> list[str]:
    """Who holds which reward: named ones by name, face-down ones the viewer may not
    know counted (4.7.8.b)."""
    t = catalog.translate
    out = []
    for u in v.units:
        if not u.rewards or u.ko:
            continue
        named = [
            name(h.name) + ("" if h.revealed else " " + t("krosmaster.render.face_down", locale))
            for h in u.rewards
            if h.name is not None
        ]
        hidden = sum(1 for h in u.rewards if h.name is None)
        if hidden:
            named.append(t("krosmaster.render.hidden_rewards", locale, count=hidden))
        out.append(t("krosmaster.render.held", locale, unit=name(u.name), rewards=", ".join(named)))
    return out


def tension_dice(v: KrosmasterView) -> tuple[str, tuple[str, ...]] | None:
    """The tension dice the board draws over the arena, and how they stand: "rolled"
    while the player keeps or re-rolls them (5.2.2), "rerolled" once the single die
    replaced them, "kept" as turned (1.6.2) until Inspiration gives or sells them (5.3);
    ``None`` when there are none."""
    if v.phase == "tension_rolled" and v.tension_rolled:
        return ("rerolled" if len(v.tension_rolled) == 1 else "rolled"), v.tension_rolled
    if v.tension:
        return "kept", v.tension
    return None


def tension_label(v: KrosmasterView, catalog: Catalog, locale: str) -> str:
    """What the drawn tension dice are ("Tension dice rolled:", "Tension die kept:"),
    or "" when none are drawn (the banner says whose they are and what is owed)."""
    found = tension_dice(v)
    if found is None:
        return ""
    how, faces = found
    return catalog.translate(f"krosmaster.render.tension_{how}", locale, count=len(faces))


def face_names(faces: tuple[str, ...], catalog: Catalog, locale: str) -> list[str]:
    """Each face in the reader's language ("Crit", "Crit/Dodge")."""
    return [catalog.translate(f"krosmaster.face.{Face(f).value}", locale) for f in faces]


def tension_line(v: KrosmasterView, catalog: Catalog, locale: str) -> str:
    """The drawn tension dice in one line (alt text): "Tension dice rolled: Crit,
    Dodge"; "" when there are none."""
    found = tension_dice(v)
    if found is None:
        return ""
    return f"{tension_label(v, catalog, locale)} {', '.join(face_names(found[1], catalog, locale))}"


def tension(v: KrosmasterView, catalog: Catalog, locale: str) -> str:
    """The wild GG, the reserve and the tension dice (as rolled while the player keeps
    or re-rolls them, then as kept), faces in the reader's language."""
    return catalog.translate(
        "krosmaster.render.footer",
        locale,
        wild=v.wild_gg,
        reserve=v.reserve,
        tension=faces_message([Face(f) for f in (tension_dice(v) or ("", v.tension))[1]]),
    )


def kamas(v: KrosmasterView, catalog: Catalog, locale: str) -> str:
    """Each player's kamas (4.5.1)."""
    each = " · ".join(f"{p.name} {p.kamas}" for p in v.players)
    return catalog.translate("krosmaster.render.kamas", locale, players=each)


def _plan(plan: Mapping[str, Any], catalog: Catalog, locale: str) -> str:
    """A preview's plan in words (the same sentences as the render's legend)."""
    t = catalog.translate
    if plan["kind"] == "move":
        to = plan["path"][-1] if plan["path"] else plan["from"]
        args = {"unit": plan["unit"], "start": plan["from"], "to": to}
        return t("krosmaster.plan.move", locale, steps=plan["steps"], mp=plan["mp"], **args)
    text = t(
        "krosmaster.plan.cast",
        locale,
        unit=plan["unit"],
        spell=plan["spell"],
        start=plan["from"],
        target=plan["target"],
    )
    hits = ", ".join(str(name) for name in plan["hit"])
    more = t("krosmaster.plan.hits", locale, units=hits) if hits else ""
    return f"{text} {more}".strip()


def describe(
    data: Mapping[str, JSON],
    kind: str,
    catalog: Catalog,
    locale: str,
    standing: Standing | None = None,
) -> str:
    """Alt text: whose decision it is (or where the match stands outside the rules),
    the last action, each player's GG and figures."""
    v = localised(data, locale)
    t = catalog.translate
    parts = [t("krosmaster.describe.intro", locale, turn=v.turn, arena=name(v.arena.name))]
    if kind == "preview":
        parts.append(t("krosmaster.describe.preview", locale))
        if v.plan:
            parts.append(_plan(v.plan, catalog, locale))
    line = banner_line(v, catalog, locale, standing)
    parts.append(line if line.endswith((".", "!", "?")) else line + ".")
    if v.winner is not None or v.draw:
        parts.append(score(v, catalog, locale) + ".")
    last = caption(v, catalog, locale)
    if last:
        parts.append(last.rstrip(".") + ".")
    dice = tension_line(v, catalog, locale)
    if dice:
        parts.append(dice + ".")
    players = []
    for seat, p in enumerate(v.players):
        units = []
        for uid in p.timeline:
            u = next((x for x in v.units if x.id == uid), None)
            if u is None:
                continue
            if u.ko:
                units.append(t("krosmaster.describe.unit_ko", locale, unit=name(u.name)))
            elif u.square is None:
                units.append(t("krosmaster.describe.unit_off", locale, unit=name(u.name)))
            else:
                units.append(
                    t(
                        "krosmaster.describe.unit",
                        locale,
                        unit=name(u.name),
                        square=u.square,
                        left=u.hp - u.wounds,
                        hp=u.hp,
                    )
                )
        players.append(
            t(
                "krosmaster.describe.player" if units else "krosmaster.describe.player_alone",
                locale,
                player=p.name,
                number=seat + 1,
                gg=p.gg,
                kamas=p.kamas,
                units="; ".join(units),
            )
        )
    text = " ".join(parts + players)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"
