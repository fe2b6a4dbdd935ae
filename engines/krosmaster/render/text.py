"""Wrapped text lines under the Krosmaster board: markers (4.13), gained powers, lasting
changes, choices owed between players, card text waiting."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engines.core import theme
from engines.core.i18n import Catalog
from engines.core.render import font
from engines.krosmaster.render import words
from engines.krosmaster.view import KrosmasterView, read_view


def notes(
    data: KrosmasterView | Mapping[str, Any], catalog: Catalog, locale: str, width: float
) -> list[str]:
    """Special markers (4.13), gained powers (1.3.10.a) and lasting changes (4.18.4),
    card text waiting (1.5.1), wrapped."""
    v = data if isinstance(data, KrosmasterView) else read_view(data)
    t = catalog.translate
    lines: list[str] = []
    for m in v.markers:
        lines += wrap(t("krosmaster.render.marker", locale, name=m.name, by=m.by, on=m.on), width)
    for u in v.units:  # 1.3.10.a: powers gained until the end of the fight
        if u.gained and u.square:
            powers = ", ".join(t(f"krosmaster.power.{p}", locale) for p in u.gained)
            lines += wrap(t("krosmaster.render.gained", locale, unit=u.name, powers=powers), width)
        for x in u.lasting if u.square else ():  # 4.18.4
            key = f"krosmaster.event.lasting_{x.until}_{x.stat}"
            if x.power:  # 4.18.4.g: one named power lost
                key = f"krosmaster.event.lasting_{x.until}_power"
            power = t(f"krosmaster.power.{x.power}", locale) if x.power else ""
            text = t(
                key,
                locale,
                unit=u.name,
                stat=x.stat,
                amount=x.amount,
                until=x.until,
                spell=x.spell,
                power=power,
            )
            lines += wrap("◷ " + text, width)
    for r in v.rule_changes:  # 4.18.4.c
        group = t(r.group, locale, player=r.player, of=r.of)
        key = f"krosmaster.event.lasting_{r.until}_{r.stat}"
        if r.stat == "powers":  # 4.18.4.g for a group
            key = f"krosmaster.event.group_{r.until}_power{'' if r.power else 's'}"
        power = t(f"krosmaster.power.{r.power}", locale) if r.power else ""
        text = t(key, locale, unit=group, amount=r.amount, spell=r.spell, power=power)
        lines += wrap("◷ " + text, width)
    for o in v.owed[:1]:  # 9.2.5 / 9.2.6: a player names another
        who = v.players[o.seat].name
        key = f"krosmaster.render.owed_{o.kind}"
        lines += wrap(t(key, locale, player=who, count=o.count), width)
    for n in v.manual[:1]:
        who = v.players[n.seat].name
        lines += wrap(
            t("krosmaster.render.manual", locale, player=who, unit=n.unit, text=n.text),
            width,
        )
    return lines


@lru_cache(maxsize=8192)
def length(text: str) -> float:
    """Width in px of ``text`` at the minimum legible size (28 px, regular). Cached: a
    board measures the same words again for each layout it tries, and from one post to
    the next."""
    return float(font(theme.MIN_TEXT_PX).getlength(text))


def wrap(text: str, width: float) -> list[str]:
    """Greedy word wrap at the minimum legible size."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and length(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def held_short(
    v: KrosmasterView, names: Mapping[str, str], catalog: Catalog, locale: str
) -> list[str]:
    """Who holds which reward, for the compact chips, in one paragraph (at most one
    item): each figure by its token (as in its chip and on the board), and only those
    holding a reward the reader may know by name; the chips already count every reward
    (◆2), face-down ones included (4.7.8.b)."""
    t = catalog.translate
    out = []
    for u in v.units:
        known = [h for h in u.rewards if h.name is not None]
        if not known or u.ko:
            continue
        down = " " + t("krosmaster.render.face_down", locale)
        named = [words.name(h.name) + ("" if h.revealed else down) for h in known]
        hidden = len(u.rewards) - len(known)
        if hidden:
            named.append(t("krosmaster.render.hidden_rewards", locale, count=hidden))
        out.append(t("krosmaster.render.held", locale, unit=names[u.id], rewards=", ".join(named)))
    # Each "◆ VIG:" kept together (a no-break space), so a line never ends on a bare ◆.
    return [" ".join(item.replace("◆ ", "◆\u00a0", 1) for item in out)] if out else []
