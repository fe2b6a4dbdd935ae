"""Hero boards (public) and the hand (private) as PNG, drawn from a View only."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import banner, canvas, draw_text, font, text_width, to_png
from engines.dicethrone.chips import rows as chip_rows
from engines.dicethrone.content import text_for

#: A full panel with one row of status chips; every further row adds CHIP_ROW.
PANEL_H = 250
#: A hero not involved in the current attack (3–4 heroes): name, health · CP, marks
#: and card counts; then its applied upgrades (one UPGRADE_ROW per wrapped line,
#: none without upgrades) and its status chips (if any), one CHIP_ROW per row.
COMPACT_H = 112
UPGRADE_ROW = 44
CHIP_ROW = 62
#: Status chips wrap onto at most this many rows; a "+N" chip counts the rest.
CHIP_ROWS = 3
#: Left indent of a panel's text and chips (after the seat colour bar), right margin.
INDENT, RIGHT = 36, 24
DIE = 150
SMALL = theme.MIN_TEXT_PX
GOOD: theme.RGB = (0, 158, 115)  # Okabe-Ito bluish green: positive status effects
BAD: theme.RGB = (213, 94, 0)  # vermillion: negative status effects
COMPANION: theme.RGB = (0, 114, 178)  # Okabe-Ito blue: companions (not status effects)
MORE: theme.RGB = (96, 100, 110)  # neutral grey: the "+N" chip for chips that did not fit


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the hero boards (any view) or the seat's hand (seat views only)."""
    if kind == "hand":
        return _hand(view, catalog, locale)
    return _board(view, catalog, locale)


def _name(text: Any, locale: str) -> str:
    """A content name in ``locale`` (en-US, then any given locale); a plain string as is."""
    if isinstance(text, dict):
        return text_for(text, locale)
    return str(text or "")


def _board(view: View, catalog: Catalog, locale: str) -> bytes:
    data: dict[str, Any] = dict(view.data)
    t = catalog.translate
    players = data["players"]
    roll = data["roll"]
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    # Long lines (a damage breakdown in pt-BR) wrap instead of being cut off.
    lines = [part for text in _info_lines(data, t, locale) for part in _wrap_line(text, width)]
    keys = ("dice", "effect_dice", "defense_dice", "first_dice")
    dice_rows = sum(1 for key in keys if roll.get(key))
    involved = _involved(data)
    full = [p["seat"] in involved for p in players]
    heights = [
        _panel_height(p, is_full, width, t, locale)
        for p, is_full in zip(players, full, strict=True)
    ]
    # Banner, hero panels, each dice row (label + dice + kept mark), the text lines.
    height = 104 + sum(h + 16 for h in heights) + 8 + dice_rows * (44 + DIE + 60)
    height += len(lines) * 44 + 32
    image, draw = canvas(height)
    active = players[data["active"]]
    if data["winner"] is not None:
        title = t("dicethrone.render.winner", locale, player=players[data["winner"]]["name"])
        colour = theme.seat_colour(data["winner"])
    elif data["draw"]:
        title, colour = t("dicethrone.render.draw", locale), theme.PANEL_ACTIVE
    elif data["phase"] == "setup":
        # "Preparação" 7: nobody's turn yet, the dice decide who starts.
        title, colour = t("dicethrone.render.phase.setup", locale), theme.PANEL_ACTIVE
    else:
        phase = t(f"dicethrone.render.phase.{data['phase']}", locale)
        title = t("dicethrone.render.turn", locale, turn=data["turn"], player=active["name"])
        title = f"{title} · {phase}"
        colour = theme.seat_colour(data["active"])
    y = banner(draw, title, colour) + 24
    for p, h, is_full in zip(players, heights, full, strict=True):
        if is_full:
            _panel(draw, p, data, y, h, width, t, locale)
        else:
            _compact(draw, p, data, y, h, width, t, locale)
        y += h + 16
    y += 8
    if roll.get("first_dice"):
        # "Preparação" 7: each die under the name of the seat that rolled it.
        label = t("dicethrone.render.first_roll", locale)
        draw_text(draw, (theme.MARGIN, y), label, max_width=width, bold=True)
        rolled = [(s, v) for s, v in enumerate(roll["first_dice"]) if v]
        names = [f"{s + 1}. {players[s]['name']}" for s, _ in rolled]
        y = _dice(draw, y + 44, [v for _, v in rolled], names, [], t, locale)
    if roll["dice"]:
        of = roll.get("max_attempts", 3)
        label = t("dicethrone.render.attempt", locale, attempt=roll["attempts"], of=of)
        draw_text(
            draw, (theme.MARGIN, y), f"{active['name']} · {label}", max_width=width, bold=True
        )
        y = _dice(draw, y + 44, roll["dice"], roll["symbols"], roll["kept"], t, locale)
    if roll["effect_dice"]:
        owner = players[roll["effect_owner"]]["name"]
        label = t("dicethrone.render.effect_roll", locale)
        if roll.get("effect_foe") is not None:  # die 1 the owner's, die 2 the opponent's
            foe = players[roll["effect_foe"]]["name"]
            label = t("dicethrone.render.opposed_roll", locale, opponent=foe)
        draw_text(draw, (theme.MARGIN, y), f"{owner} · {label}", max_width=width, bold=True)
        y = _dice(draw, y + 44, roll["effect_dice"], roll["effect_symbols"], [], t, locale)
    if roll["defense_dice"]:
        defender = players[data["defender"]]["name"]
        label = t("dicethrone.render.defense", locale)
        draw_text(draw, (theme.MARGIN, y), f"{defender} · {label}", max_width=width, bold=True)
        y = _dice(draw, y + 44, roll["defense_dice"], roll["defense_symbols"], [], t, locale)
    for text in lines:
        draw_text(draw, (theme.MARGIN, y), text, max_width=width, size=SMALL, fill=theme.TEXT)
        y += 44
    return to_png(image)


def _info_lines(data: dict[str, Any], t: Any, locale: str) -> list[str]:
    """Announced ability, incoming damage, the last breakdown and who is awaited."""
    roll, players = data["roll"], data["players"]
    out = []
    if roll["announced"]:
        key = "activated" if roll["activated"] else "announced"
        name = _name(roll["announced"], locale)
        out.append(t(f"dicethrone.render.{key}", locale, ability=name))
    elif data["abilities_met"] and data["step"] == "rolling":
        names = ", ".join(_name(n, locale) for n in data["abilities_met"])
        out.append(t("dicethrone.render.met", locale, abilities=names))
    for inc in data["incoming"]:
        player = players[inc["target"]]["name"]
        out.append(
            t(
                "dicethrone.render.incoming",
                locale,
                amount=inc["amount"],
                kind=t(f"dicethrone.render.kind.{inc['kind']}", locale),
                player=player,
                prevented=inc["prevented"],
                halves=inc["halves"],
                reflects=inc["reflects"],
            )
        )
    for rep in data["reports"]:
        player = players[rep["target"]]["name"]
        out.append(
            t(
                "dicethrone.render.report",
                locale,
                player=player,
                incoming=rep["incoming"],
                subtotal=rep["subtotal"],
                total=rep["total"],
            )
        )
    if data["target_die"]:
        out.append(t("dicethrone.render.target_die", locale, value=data["target_die"]))
    if data["target_chooser"] is not None:
        player = players[data["target_chooser"]]["name"]
        out.append(t("dicethrone.render.chooses_target", locale, player=player))
    if data["queued"] is not None:
        player = players[data["queued"]]["name"]
        out.append(t("dicethrone.render.queued", locale, player=player))
    if data.get("aiming"):
        player = players[data["aiming"]["seat"]]["name"]
        card = _name(data["aiming"]["card"], locale)
        out.append(t("dicethrone.render.aiming", locale, player=player, card=card))
    if data["pause"]:
        out.append(t("dicethrone.render.pause", locale))
    if data["manual"]:
        out.append(t("dicethrone.render.manual", locale, text=_name(data["manual"], locale)))
    if data["choice"] is not None:
        player = players[data["choice"]["seat"]]["name"]
        out.append(t("dicethrone.render.choice", locale, player=player))
        # One line per option, so long option texts stay readable on a phone.
        for i, label in enumerate(data["choice"]["options"], 1):
            out.append(f"  {i}) {_name(label, locale)}")
    for seat in data["waiting"]:
        out.append(t("dicethrone.render.waiting", locale, player=players[seat]["name"]))
    return out


def _involved(data: dict[str, Any]) -> set[int]:
    """Seats drawn in full: every seat in a duel; with 3–4 heroes the active
    player, the target/defender and anyone about to take damage, so the board
    fits a phone screen with less scrolling."""
    players = data["players"]
    if len(players) <= 2 or data["phase"] == "over":
        return {p["seat"] for p in players}
    seats = {data["active"]}
    if data["target"] is not None:
        seats.add(data["target"])
    if data["phase"] == "defensive":
        seats.add(data["defender"])
    seats.update(inc["target"] for inc in data["incoming"])
    seats.update(rep["target"] for rep in data["reports"])
    return seats


def _compact(
    draw: ImageDraw.ImageDraw,
    p: dict[str, Any],
    data: dict[str, Any],
    y: int,
    height: int,
    width: int,
    t: Any,
    locale: str,
) -> None:
    """A condensed panel: name and hero, health · CP, marks and card counts, the
    applied upgrades ("Aprimoramentos", wrapped), then every status chip (wrapped
    onto rows, so each one is named)."""
    x0, x1 = theme.MARGIN, theme.MARGIN + width
    draw.rounded_rectangle((x0, y, x1, y + height), 14, fill=theme.PANEL)
    draw.rounded_rectangle((x0, y, x0 + 16, y + height), 6, fill=theme.seat_colour(p["seat"]))
    hero = _name(p["hero_name"], locale)
    draw_text(
        draw,
        (x0 + INDENT, y + 12),
        f"{p['seat'] + 1}. {p['name']} — {hero}",
        max_width=width * 0.56,
        bold=True,
    )
    health = t("dicethrone.render.health", locale, health=p["health"])
    cp = t("dicethrone.render.cp", locale, cp=p["cp"])
    draw_text(
        draw,
        (x1 - RIGHT, y + 14),
        f"{health} · {cp}",
        max_width=width * 0.4,
        bold=True,
        anchor="ra",
    )
    x = x0 + INDENT
    tags = " · ".join(_tags(p["seat"], data, t, locale))
    if tags:
        fnt = font(SMALL, bold=True)
        tags_w = min(text_width(tags, fnt), width * 0.5)
        draw_text(draw, (x, y + 62), tags, max_width=tags_w, size=SMALL, bold=True)
        x += int(tags_w) + 20
    draw_text(
        draw,
        (x, y + 62),
        _cards(p, t, locale),
        max_width=x1 - RIGHT - x,
        size=SMALL,
        fill=theme.TEXT_MUTED,
    )
    upgrades = _upgrade_lines(p, width, t, locale)
    for i, line in enumerate(upgrades):
        draw_text(
            draw,
            (x0 + INDENT, y + 100 + i * UPGRADE_ROW),
            line,
            max_width=width - INDENT - RIGHT,
            size=SMALL,
        )
    chips = _chips(p)
    if chips:
        top = y + COMPACT_H + UPGRADE_ROW * len(upgrades)
        _statuses(draw, chips, x0 + INDENT, top, x1 - RIGHT, t, locale)


def _upgrade_lines(p: dict[str, Any], width: int, t: Any, locale: str) -> list[str]:
    """A condensed panel's applied upgrades, wrapped to its width (none: no line)."""
    names = [_name(u["name"], locale) for u in p["upgrades"]]
    if not names:
        return []
    text = t("dicethrone.render.upgrades", locale, cards=" · ".join(names))
    return _wrap(text, width - INDENT - RIGHT, SMALL)


def _chips(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A panel's chips: status effects, then companions (not status effects)."""
    return [*p["statuses"], *({**c, "companion": True} for c in p.get("companions", []))]


def _cards(p: dict[str, Any], t: Any, locale: str) -> str:
    return str(
        t(
            "dicethrone.render.cards",
            locale,
            hand=p["hand_size"],
            deck=p["deck_size"],
            discard=p["discard_size"],
        )
    )


def _panel_height(p: dict[str, Any], full: bool, width: int, t: Any, locale: str) -> int:
    """A panel's height: one more CHIP_ROW for each further row of status chips
    (a condensed one also grows by its lines of upgrades)."""
    chips = _chips(p)
    counts, _ = _chip_layout(chips, width - INDENT - RIGHT, locale)
    if full:
        return PANEL_H + CHIP_ROW * max(0, len(counts) - 1)
    upgrades = UPGRADE_ROW * len(_upgrade_lines(p, width, t, locale))
    return COMPACT_H + upgrades + (CHIP_ROW * len(counts) if chips else -8)


def _panel(
    draw: ImageDraw.ImageDraw,
    p: dict[str, Any],
    data: dict[str, Any],
    y: int,
    height: int,
    width: int,
    t: Any,
    locale: str,
) -> None:
    is_active = p["seat"] == data["active"] and data["phase"] not in ("over", "setup")
    x0, x1 = theme.MARGIN, theme.MARGIN + width
    fill = theme.PANEL_ACTIVE if is_active else theme.PANEL
    draw.rounded_rectangle((x0, y, x1, y + height), 14, fill=fill)
    draw.rounded_rectangle((x0, y, x0 + 16, y + height), 6, fill=theme.seat_colour(p["seat"]))
    marker = "▶ " if is_active else ""
    hero = _name(p["hero_name"], locale)
    draw_text(
        draw,
        (x0 + 36, y + 14),
        f"{marker}{p['seat'] + 1}. {p['name']} — {hero}",
        max_width=width * 0.62,
        bold=True,
    )
    health = t("dicethrone.render.health", locale, health=p["health"])
    draw_text(
        draw, (x1 - 24, y + 10), health, max_width=width * 0.34, size=40, bold=True, anchor="ra"
    )
    cp = t("dicethrone.render.cp", locale, cp=p["cp"])
    draw_text(
        draw,
        (x1 - 24, y + 64),
        cp,
        max_width=width * 0.34,
        bold=True,
        anchor="ra",
        fill=theme.HIGHLIGHT,
    )
    cards = _cards(p, t, locale)
    draw_text(
        draw, (x0 + 36, y + 66), cards, max_width=width * 0.6, size=SMALL, fill=theme.TEXT_MUTED
    )
    upgrades = [
        *_tags(p["seat"], data, t, locale),
        *(_name(u["name"], locale) for u in p["upgrades"]),
    ]
    if upgrades:
        draw_text(draw, (x0 + 36, y + 112), " · ".join(upgrades), max_width=width - 60, size=SMALL)
    _statuses(draw, _chips(p), x0 + INDENT, y + 170, x1 - RIGHT, t, locale)


def _tags(seat: int, data: dict[str, Any], t: Any, locale: str) -> list[str]:
    """The side of a flipped board, then Team, Leader, Defender and defeat marks of
    a panel (3–4 player matches)."""
    out = []
    side = data["players"][seat].get("side")
    if side:
        out.append("☠ " + t("dicethrone.render.side", locale, side=_name(side, locale)))
    if data["mode"] == "teams":
        out.append(t("dicethrone.render.team", locale, team="AB"[data["teams"][seat]]))
    if seat in data["out"]:
        out.append(t("dicethrone.render.out", locale))
    elif seat in data["leaders"]:
        out.append("♛ " + t("dicethrone.render.leader", locale))
    if data["target"] == seat and data["phase"] in ("offensive", "defensive"):
        out.append("◎ " + t("dicethrone.render.target", locale))
    return out


def _chip_layout(statuses: list[dict[str, Any]], space: int, locale: str) -> tuple[list[int], int]:
    """Chips per row and how many a "+N" chip counts (see :func:`chips.rows`)."""
    fnt = font(SMALL, bold=True)
    widths = [text_width(_chip_label(s, locale), fnt) + 32 for s in statuses]
    return chip_rows(widths, space, 12, CHIP_ROWS, lambda n: text_width(f"+{n}", fnt) + 32)


def _chip_label(s: dict[str, Any], locale: str) -> str:
    return f"{_name(s['name'], locale)} {s['count']}/{s['limit']}"


def _statuses(
    draw: ImageDraw.ImageDraw,
    statuses: list[dict[str, Any]],
    x: int,
    y: int,
    right: int,
    t: Any,
    locale: str,
) -> None:
    """Status chips from (x, y), wrapped onto rows of CHIP_ROW px (statuses are
    public: each is named; only beyond CHIP_ROWS rows a "+N" chip counts the rest)."""
    if not statuses:
        draw_text(
            draw,
            (x, y),
            t("dicethrone.render.no_status", locale),
            max_width=right - x,
            size=SMALL,
            fill=theme.TEXT_MUTED,
        )
        return
    fnt = font(SMALL, bold=True)
    counts, hidden = _chip_layout(statuses, right - x, locale)
    queue = list(statuses)
    cx = x
    for row, count in enumerate(counts):
        cx = x
        for s in queue[:count]:
            label = _chip_label(s, locale)
            w = text_width(label, fnt) + 32
            # Companions (not status effects) get their own colour.
            colour = COMPANION if s.get("companion") else GOOD if s["positive"] else BAD
            _chip(draw, cx, y + row * CHIP_ROW, w, label, colour, fnt)
            cx += int(w) + 12
        queue = queue[count:]
    if hidden:
        # Beyond the last row: say how many rather than drop them silently.
        more = f"+{hidden}"
        last = y + (len(counts) - 1) * CHIP_ROW
        _chip(draw, cx, last, text_width(more, fnt) + 32, more, MORE, fnt)


def _chip(
    draw: ImageDraw.ImageDraw, x: int, y: int, w: float, label: str, colour: theme.RGB, fnt: Any
) -> None:
    draw.rounded_rectangle((x, y - 4, x + w, y + 50), 24, fill=colour)
    draw.text((x + 16, y + 23), label, font=fnt, fill=(255, 255, 255), anchor="lm")


def _dice(
    draw: ImageDraw.ImageDraw,
    y: int,
    values: list[int],
    symbols: list[Any],
    kept: list[bool],
    t: Any,
    locale: str,
) -> int:
    x = theme.MARGIN
    for i, (value, symbol) in enumerate(zip(values, symbols, strict=True)):
        is_kept = bool(kept and kept[i])
        outline = theme.HIGHLIGHT if is_kept else (120, 124, 134)
        draw.rounded_rectangle(
            (x, y, x + DIE, y + DIE),
            18,
            fill=(250, 250, 250),
            outline=outline,
            width=8 if is_kept else 3,
        )
        draw.text(
            (x + DIE / 2, y + 52),
            str(value),
            font=font(56, bold=True),
            fill=(20, 20, 20),
            anchor="mm",
        )
        draw_text(
            draw,
            (x + DIE / 2, y + 112),
            _name(symbol, locale),
            max_width=DIE - 12,
            size=SMALL,
            fill=(20, 20, 20),
            anchor="mm",
        )
        if is_kept:
            draw.text(
                (x + DIE / 2, y + DIE + 22),
                t("dicethrone.render.kept", locale),
                font=font(SMALL, bold=True),
                fill=theme.HIGHLIGHT,
                anchor="mm",
            )
        x += DIE + 20
    return y + DIE + 60


def _wrap_line(text: str, max_width: float) -> list[str]:
    """An info line wrapped to the board, keeping its indent (choice options)."""
    indent = text[: len(text) - len(text.lstrip())]
    parts = _wrap(text, max_width - text_width(indent, font(SMALL)), SMALL)
    return [indent + part for part in parts] or [""]


def _wrap(text: str, max_width: float, size: int) -> list[str]:
    fnt = font(size)
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, fnt) <= max_width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _hand(view: View, catalog: Catalog, locale: str) -> bytes:
    if view.seat is None:
        raise ValueError("the public view has no hand")
    t = catalog.translate
    hand = list(view.data.get("hand", []))
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    blocks = []
    for card in hand:
        lines = _wrap(_name(card["text"], locale), width - 48, SMALL)
        if not card["verified"]:
            # A reconstruction is never mistaken for a printed card.
            lines.append(f"✱ {t('dicethrone.render.unverified', locale)}")
        blocks.append((card, lines))
    mates = []
    for mate in view.data.get("team_hands", []):
        # 2 v 2: the teammate's hand, by card name ("ver as mãos uns dos outros").
        names = ", ".join(_name(n, locale) for n in mate["cards"]) or "—"
        who = view.data["players"][mate["seat"]]["name"]
        text = t("dicethrone.render.team_hand", locale, player=who, cards=names)
        mates.extend(_wrap(text, width, SMALL))
    height = (
        96
        + 24
        + sum(70 + 40 * len(lines) + 30 for _, lines in blocks)
        + (80 if not hand else 24)
        + 40 * len(mates)
    )
    image, draw = canvas(height)
    player = view.data["players"][view.seat]
    y = (
        banner(
            draw,
            t("dicethrone.render.your_hand", locale, player=player["name"]),
            theme.seat_colour(view.seat),
        )
        + 24
    )
    if not hand:
        draw_text(draw, (theme.MARGIN, y), t("dicethrone.render.empty", locale), max_width=width)
    for card, lines in blocks:
        h = 70 + 40 * len(lines) + 14
        draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + width, y + h), 14, fill=theme.PANEL)
        timing = t(f"dicethrone.render.timing.{card['timing']}", locale)
        cost = t("dicethrone.render.cost", locale, cost=card["cost"])
        draw_text(
            draw,
            (theme.MARGIN + 24, y + 12),
            _name(card["name"], locale),
            max_width=width * 0.55,
            bold=True,
        )
        tail = f"{timing} · {cost}"
        draw_text(
            draw,
            (theme.MARGIN + width - 24, y + 16),
            tail,
            max_width=width * 0.42,
            size=SMALL,
            anchor="ra",
            fill=theme.HIGHLIGHT,
        )
        ty = y + 62
        for line in lines:
            draw.text((theme.MARGIN + 24, ty), line, font=font(SMALL), fill=theme.TEXT_MUTED)
            ty += 40
        y += h + 16
    if not hand:
        y += 56
    for line in mates:
        draw.text((theme.MARGIN, y), line, font=font(SMALL), fill=theme.TEXT)
        y += 40
    return to_png(image)
