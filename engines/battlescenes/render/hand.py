"""A seat's private views as PNG. ``hand``: what it owes now and how ("Your options now"),
its hand one card a line with each cost, set-aside cards, the loading order and a legend
of every symbol. ``cards``: each card of the hand with its cost and printed texts, enough
to play from without a lookup (images of their own, so none grows past about 1,100 px:
a hand too long for one is told on pages, ``cards``, ``cards-2``…).

What each card does is in our own words, in the reader's language (``content/wording.py``),
and always whole: every card is whole on a page of the cards image. Only a hand longer
than ``MAX_CARD_PAGES`` pages names its last cards in a line each (then in running
text), each a ``/match lookup`` away — never a text cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engines.battlescenes.commands import command_specs
from engines.battlescenes.render.card_bases import star
from engines.battlescenes.render.style import (
    ENERGY_PIP,
    LINE,
    NEUTRAL,
    POWER_COLOURS,
    SHIELD_PIP,
    SMALL,
    WIDTH,
    banner2,
    pip,
    power_colour,
    wrap,
)
from engines.battlescenes.render.words import (
    Translate,
    label,
    owes_text,
    said,
    short_powers,
    translated,
)
from engines.battlescenes.view import HandCard, SeatView, parse
from engines.core import CommandSpec, View, theme
from engines.core.i18n import Catalog
from engines.core.render import canvas, draw_text, font, text_width, to_png

MAX_HEIGHT = 1100
#: The most pages of the cards image a private view carries: Discord takes ten files a
#: message, and the board and the hand come first.
MAX_CARD_PAGES = 8
#: A card's glyph beside its lines (two lines tall, so a short card takes no more room).
GLYPH_H = 76
GLYPH_W = 86
TEXT_X = theme.MARGIN + GLYPH_W + 20
TEXT_W = theme.CANVAS_WIDTH - TEXT_X - theme.MARGIN


def _commands() -> dict[str, CommandSpec]:
    """Action kind → the command that makes it."""
    return {spec.action: spec for spec in command_specs()}


def options_now(data: SeatView, seat: int, t: Translate, locale: str) -> list[str]:
    """What ``seat`` can do now, one line per command as the player types it (the bot's
    ``/<game>``, ``/<game>-setup`` and ``/<game>-manual`` in the reader's language), and
    its open choice's answers."""
    lines: list[str] = []
    commands = _commands()
    for owed in data.owed:
        if owed.seat != seat:
            continue
        for kind in owed.kinds:
            spec = commands.get(kind)
            if spec is None:
                continue
            path = t(f"battlescenes.render.command.{spec.section.value}", locale, name=spec.name)
            what = t(spec.description.key, locale, **spec.description.params)
            lines.append(t("battlescenes.render.option", locale, command=path, what=what))
    if data.choice is not None:
        lines.append(t(data.choice.prompt, locale))
        for option in data.choice.options:
            text = label(t, locale, option.label)
            lines.append(t("battlescenes.render.answer", locale, value=option.value, label=text))
    return lines


def card_rows(card: HandCard, t: Translate, locale: str) -> tuple[list[str], list[str]]:
    """A hand card's facts and what it does (keywords, texts, actions), in ``locale``."""
    kind = t(f"battlescenes.render.type.{card.type}", locale)
    facts = [kind]
    if card.type in ("character", "support"):
        facts.append(
            t("battlescenes.render.hand_cost", locale, energy=card.energy, shield=card.shield)
        )
    if card.powers:
        facts.append(short_powers(t, locale, card.powers))
    if card.alignments:
        facts.append(" / ".join(translated(t, locale, "alignment", a) for a in card.alignments))
    facts.extend(card.affiliations)
    if card.ev_requirement:
        facts.append(
            t("battlescenes.lookup.ev", locale, req=card.ev_requirement, acc=card.accretion)
        )
    head = [" · ".join(facts)]
    texts = [said(t, locale, text) for text in card.texts]  # its keywords come first
    for action in card.actions:
        parts = [action.name, *([short_powers(t, locale, (action.power,))] if action.power else [])]
        parts.append(t(f"battlescenes.lookup.kind.{action.kind}", locale))
        if action.cost:
            parts.append(t("battlescenes.lookup.cost", locale, cost=action.cost))
        text = said(t, locale, action.text)
        texts.append(
            t("battlescenes.render.action_text", locale, action=" · ".join(parts), text=text)
        )
    return head, texts


Lines = tuple[HandCard, list[tuple[str, bool, bool]]]


def _layout(hand: tuple[HandCard, ...], t: Translate, locale: str, whole: bool) -> list[Lines]:
    """Each card's lines (text, bold, muted): ``whole``, its facts and every text in full;
    else one line (title and the facts that fit)."""
    out = []
    for card in hand:
        head, texts = card_rows(card, t, locale)
        title = f"#{card.id} {card.title}"
        if not whole:  # the title, then as many facts as fit the line (never cut)
            facts = head[0].split(" · ")
            line = f"{title} — {facts[0]}"
            for fact in facts[1:]:
                if text_width(f"{line} · {fact}", font(SMALL)) > TEXT_W:
                    break
                line = f"{line} · {fact}"
            out.append((card, [(line, False, False)]))
            continue
        lines: list[tuple[str, bool, bool]] = [(title, True, False)]
        for text in head:
            lines.extend((part, False, True) for part in wrap(text, SMALL, TEXT_W))
        for text in texts:
            lines.extend((part, False, False) for part in wrap(text, SMALL, TEXT_W))
        out.append((card, lines))
    return out


def _ellipsis(line: str, width: float = TEXT_W) -> str:
    """``line`` ending in "…" to say the text goes on, still within ``width``."""
    words = line.split()
    while len(words) > 1 and text_width(" ".join(words) + " …", font(SMALL)) > width:
        words.pop()
    return " ".join(words) + " …"


def _block(lines: list[tuple[str, bool, bool]]) -> int:
    """Height of a card's block and the gap after it: its lines, at least the card glyph
    (one-line cards: a chip)."""
    return LINE + 6 if len(lines) == 1 else max(len(lines) * LINE, GLYPH_H) + 8


def _glyph(draw: ImageDraw.ImageDraw, x: float, y: float, card: HandCard, height: int) -> None:
    """A small card in its power's colour with its cost (energy, or the action's cost)."""
    powers = card.powers or tuple(a.power for a in card.actions)  # abilities: their action's
    colour = power_colour(powers) if powers else NEUTRAL
    draw.rounded_rectangle(
        (x, y, x + GLYPH_W - 14, y + height), 8, fill=(58, 62, 74), outline=colour, width=5
    )
    if height > 60:
        draw.rectangle((x + 6, y + 6, x + GLYPH_W - 20, y + 20), fill=colour)
    cost = ""
    if card.type in ("character", "support"):
        cost = str(card.energy)
    elif card.actions and card.actions[0].cost:
        cost = card.actions[0].cost
    if cost:
        cy = y + height / 2 + (6 if height > 60 else 0)
        r = min(24, height / 2 - 4)
        draw.ellipse((x + 36 - r, cy - r, x + 36 + r, cy + r), fill=ENERGY_PIP)
        size = 30 if r >= 20 else SMALL
        draw.text((x + 36, cy), cost, font=font(size, True), fill=(30, 30, 30), anchor="mm")


def legend(t: Translate, locale: str, powers: set[str]) -> list[tuple[str, str, theme.RGB]]:
    """Every symbol of the renders, in words: (shape, text, colour); the power colours
    of the powers shown."""
    rows: list[tuple[str, str, theme.RGB]] = [
        ("cost", t("battlescenes.render.legend.cost", locale), ENERGY_PIP),
        ("dot", t("battlescenes.render.legend.energy", locale), ENERGY_PIP),
        ("shield", t("battlescenes.render.legend.shield", locale), SHIELD_PIP),
        ("last", t("battlescenes.render.legend.last", locale), theme.HIGHLIGHT),
        ("up", t("battlescenes.render.legend.up", locale), NEUTRAL),
        ("left", t("battlescenes.render.legend.left", locale), NEUTRAL),
        ("right", t("battlescenes.render.legend.right", locale), NEUTRAL),
        ("new", t("battlescenes.render.legend.new", locale), theme.HIGHLIGHT),
    ]
    for power in sorted(powers):
        if power in POWER_COLOURS:
            words = f"{short_powers(t, locale, (power,))} {translated(t, locale, 'power', power)}"
            rows.append(("swatch", words, POWER_COLOURS[power]))
    return rows


Key = tuple[str, str, theme.RGB]


def _flow(keys: list[Key]) -> list[list[tuple[float, Key]]]:
    """The legend's entries (symbol and words) laid out as running text: left to right,
    a new line when the next would not fit, each entry at its x."""
    rows: list[list[tuple[float, Key]]] = [[]]
    x = float(theme.MARGIN)
    for key in keys:
        width = 52 + text_width(key[1], font(SMALL))
        if rows[-1] and x + width > theme.MARGIN + WIDTH:
            rows.append([])
            x = theme.MARGIN
        rows[-1].append((x, key))
        x += width + 30
    return rows


def _symbol(draw: ImageDraw.ImageDraw, x: float, y: float, shape: str, colour: theme.RGB) -> None:
    """A legend's symbol in a 44 × 30 box at (x, y)."""
    mid = y + 17
    if shape in ("dot", "shield"):
        pip(draw, x + 10, mid, colour, shape, True)
    elif shape == "cost":
        draw.ellipse((x + 4, mid - 17, x + 38, mid + 17), fill=colour)
        draw.text((x + 21, mid), "2", font=font(SMALL, True), fill=(30, 30, 30), anchor="mm")
    elif shape == "new":
        star(draw, x + 20, mid)
    elif shape == "last":
        draw.rounded_rectangle((x + 2, y + 2, x + 40, y + 32), 5, outline=colour, width=4)
    elif shape in ("up", "left", "right"):
        box = (x + 10, y, x + 32, y + 32) if shape == "up" else (x + 2, y + 6, x + 40, y + 28)
        draw.rectangle(box, fill=(58, 62, 74), outline=colour, width=2)
        if shape == "up":
            draw.rectangle((box[0], box[1], box[2], box[1] + 6), fill=(240, 240, 240))
        elif shape == "left":
            draw.rectangle((box[0], box[1], box[0] + 6, box[3]), fill=(240, 240, 240))
        else:
            draw.rectangle((box[2] - 6, box[1], box[2], box[3]), fill=(240, 240, 240))
    else:
        draw.rounded_rectangle((x + 2, y + 4, x + 40, y + 30), 6, fill=colour)


def _measure(
    hand: tuple[HandCard, ...],
    t: Translate,
    locale: str,
    fixed: int,
    eligible: set[int] | None = None,
) -> tuple[list[Lines], list[str]]:
    """``hand`` laid out to fit ``MAX_HEIGHT`` with ``fixed`` px besides it: every card
    (of those at ``eligible`` places; default all) whole when they fit, else in hand order
    each whole while the rest still fit a line each, and past that named in running text
    (:func:`_fit`); a text is never cut."""

    def height(cards: list[Lines]) -> int:
        return fixed + sum(_block(lines) for _c, lines in cards)

    whole = _layout(hand, t, locale, True)
    places = set(range(len(whole))) if eligible is None else eligible
    if len(places) == len(whole) and height(whole) <= MAX_HEIGHT:
        return whole, []
    cards = _layout(hand, t, locale, False)
    for i, card in enumerate(whole):
        trial = [*cards[:i], card, *cards[i + 1 :]]
        if i in places and height(trial) <= MAX_HEIGHT:
            cards = trial
    return _fit(cards, fixed)


def _cards_fixed(t: Translate, locale: str) -> tuple[int, list[str]]:
    """Room a cards page takes besides its cards (banner, its note), and the note."""
    note = wrap(t("battlescenes.render.abridged", locale), SMALL, WIDTH)
    return 118 + 20 + LINE * len(note), note


def card_pages(hand: tuple[HandCard, ...], t: Translate, locale: str) -> list[list[int]]:
    """The places in ``hand`` of the cards on each page of the cards image: in hand order,
    each card whole, a new page when the next card would take one past ``MAX_HEIGHT`` (at
    most ``MAX_CARD_PAGES``: the last then shows what does not fit a line a card)."""
    fixed = 118 + 20
    pages: list[list[int]] = [[]]
    height = fixed
    for i, (_card, lines) in enumerate(_layout(hand, t, locale, True)):
        block = _block(lines)
        if pages[-1] and height + block > MAX_HEIGHT and len(pages) < MAX_CARD_PAGES:
            pages.append([])
            height = fixed
        pages[-1].append(i)
        height += block
    return pages


def page_cards(data: SeatView, t: Translate, locale: str, page: int) -> tuple[HandCard, ...]:
    """The hand's cards on ``page`` (from 1) of the cards image; none past the last."""
    pages = card_pages(data.hand, t, locale)
    places = pages[page - 1] if 1 <= page <= len(pages) else []
    return tuple(data.hand[i] for i in places)


def whole_on_cards(data: SeatView, t: Translate, locale: str) -> set[int]:
    """Places in the hand of the cards the cards image's pages show whole (the hand image
    shows the others whole where it has room: only a hand past ``MAX_CARD_PAGES`` has
    any)."""
    shown: set[int] = set()
    for places in card_pages(data.hand, t, locale):
        cards = tuple(data.hand[i] for i in places)
        laid, _rest = _measure(cards, t, locale, _cards_fixed(t, locale)[0])
        full = _layout(cards, t, locale, True)
        shown |= {
            places[i]
            for i, ((_c, lines), (_d, whole)) in enumerate(zip(laid, full, strict=False))
            if lines == whole
        }
    return shown


def _rest(cards: Sequence[HandCard]) -> list[str]:
    """Cards named in running text ("#12 Odin V1 · #13 Proteção …"), a line breaking
    between two cards (within one only if its name alone is too long)."""
    lines: list[str] = []
    for card in cards:
        name = f"#{card.id} {card.title}"
        trial = f"{lines[-1]} · {name}" if lines else name
        if lines and text_width(trial, font(SMALL)) <= WIDTH:
            lines[-1] = trial
        else:
            lines.extend(wrap(name, SMALL, WIDTH))
    return lines


def _fit(cards: list[Lines], fixed: int) -> tuple[list[Lines], list[str]]:
    """As many of ``cards`` as fit ``MAX_HEIGHT`` with ``fixed`` px besides them, and the
    rest named in running text (a hand too long for a line a card)."""
    keep = len(cards)

    def height(keep: int) -> int:
        rest = _rest([c for c, _l in cards[keep:]])
        return fixed + sum(_block(lines) for _c, lines in cards[:keep]) + LINE * len(rest)

    while keep > 0 and height(keep) > MAX_HEIGHT:
        keep -= 1
    return cards[:keep], _rest([c for c, _l in cards[keep:]])


def _draw_cards(
    draw: ImageDraw.ImageDraw, y: float, cards: list[Lines], rest: Sequence[str] = ()
) -> float:
    """Draw the cards' blocks from ``y``, then the ``rest`` named in running text."""
    for card, lines in cards:
        block = _block(lines) - (4 if len(lines) == 1 else 8)
        pad = 2 if len(lines) == 1 else 4
        box = (theme.MARGIN - 8, y - pad, theme.MARGIN + WIDTH + 8, y + block + pad)
        draw.rounded_rectangle(box, 10, fill=theme.PANEL)
        _glyph(draw, theme.MARGIN, y, card, block if len(lines) == 1 else GLYPH_H - 4)
        for i, (text, bold, muted) in enumerate(lines):
            fill = theme.TEXT_MUTED if muted else theme.TEXT
            top = y + i * LINE + (1 if len(lines) == 1 else 0)
            draw_text(draw, (TEXT_X, top), text, max_width=TEXT_W, size=SMALL, bold=bold, fill=fill)
        y += _block(lines)
    for line in rest:
        draw_text(draw, (theme.MARGIN, y), line, max_width=WIDTH, size=SMALL)
        y += LINE
    return y


def _seat_view(view: View) -> SeatView:
    if view.seat is None:
        raise ValueError("the public view has no hand")
    data = parse(view)
    assert isinstance(data, SeatView)
    return data


def render_cards(view: View, catalog: Catalog, locale: str, page: int = 1) -> bytes:
    """Page ``page`` of the hand's cards with their costs and printed texts, enough to play
    from (seat views only); beside :func:`render_hand`, so no image grows too tall (the
    pages: :func:`card_pages`)."""
    data = _seat_view(view)
    t = catalog.translate
    assert view.seat is not None
    player = data.players[view.seat]
    fixed, note = _cards_fixed(t, locale)
    shown = page_cards(data, t, locale, page)
    cards, rest = _measure(shown, t, locale, fixed)
    full = _layout(shown, t, locale, True)[: len(cards)]
    abridged = bool(rest) or any(
        len(lines) < len(whole) for (_c, lines), (_d, whole) in zip(cards, full, strict=True)
    )
    body = sum(_block(lines) for _c, lines in cards) + LINE * len(rest)
    if not abridged:
        fixed, note = fixed - LINE * len(note), []
    image, draw = canvas(int(fixed + max(body, LINE)))
    head = t("battlescenes.render.your_cards", locale, player=player.name, count=len(data.hand))
    pages = len(card_pages(data.hand, t, locale))
    sub = (
        t("battlescenes.render.cards_page", locale, page=page, pages=pages)
        if pages > 1
        else t("battlescenes.render.cards_sub", locale)
    )
    y: float = banner2(draw, head, sub, [theme.seat_colour(view.seat)]) + 20
    if not data.hand:
        empty = t("battlescenes.render.empty", locale)
        draw_text(draw, (theme.MARGIN, y), empty, max_width=WIDTH, size=SMALL)
    y = _draw_cards(draw, y, cards, rest)
    for i, line in enumerate(note):
        top = y + i * LINE
        draw_text(
            draw, (theme.MARGIN, top), line, max_width=WIDTH, size=SMALL, fill=theme.TEXT_MUTED
        )
    return to_png(image)


def _whole_count(cards: list[Lines]) -> int:
    """How many cards a layout shows whole (more than their one line)."""
    return sum(1 for _c, lines in cards if len(lines) > 1)


HandPlan = tuple[list[list[tuple[float, Key]]], list[str], list[Lines], list[str], int]


def _plan_hand(
    data: SeatView,
    t: Translate,
    locale: str,
    options: list[str],
    keys: list[list[tuple[float, Key]]],
    elsewhere: set[int],
) -> HandPlan:
    """The hand image's layout with the legend ``keys``: (keys, options as shown, cards,
    the rest named in running text, height)."""
    height = 118 + 20 + LINE + 16 + (LINE * (len(data.set_aside) + 1) if data.set_aside else 0)
    height += LINE * (len(keys) + 1) + 24 if keys else 0
    shown = len(options)
    while True:
        told = options if shown == len(options) else [*options[: shown - 1], "…"]
        above = height + (LINE * (len(told) + 1) + 24 if told else 0)
        cards, rest = _measure(data.hand, t, locale, above, elsewhere)
        below = sum(_block(lines) for _c, lines in cards) + LINE * len(rest)
        if above + (below if data.hand else LINE) <= MAX_HEIGHT or shown <= 3:
            break
        shown -= 1
    if shown < len(options):
        told = [*told[:-1], _ellipsis(options[shown - 1], WIDTH - 16)]
    return keys, told, cards, rest, above + (below if data.hand else LINE)


def render_hand(view: View, catalog: Catalog, locale: str) -> bytes:
    """What the seat may do now ("Your options now"), its hand one card a line with each
    cost, the cards it set aside, its loading order and the legend (seat views only)."""
    data = _seat_view(view)
    t = catalog.translate
    seat = view.seat
    assert seat is not None
    player = data.players[seat]
    options = [
        line
        for text in options_now(data, seat, t, locale)
        for line in wrap(text, SMALL, WIDTH - 16)
    ]
    owed = any(o.seat == seat for o in data.owed)
    powers = {p for c in data.hand for p in c.powers} | {p for c in data.scene for p in c.powers}
    order = t(f"battlescenes.load_order.{player.load_order}", locale)
    # The cards the cards pages could not show whole (only in a hand past their number)
    # are whole here where there is room (the legend gives way when that lets more of
    # them be whole: a card's text matters more than the symbols' key, which the board
    # repeats); a long hand names its last cards in running text; a long list of answers
    # is cut (each answer is in the post's menu too) until the hand has room.
    elsewhere = set(range(len(data.hand))) - whole_on_cards(data, t, locale)
    full_keys = _flow(legend(t, locale, powers))
    planned = _plan_hand(data, t, locale, options, full_keys, elsewhere)
    bare = _plan_hand(data, t, locale, options, [], elsewhere)
    if _whole_count(bare[2]) > _whole_count(planned[2]):
        planned = bare
    keys, options, cards, rest, height = planned
    image, draw = canvas(int(height))
    head = t("battlescenes.render.your_hand", locale, player=player.name, count=len(data.hand))
    sub = (
        owes_text(data, t, locale)
        if data.owed
        else t(f"battlescenes.render.phase.{data.phase}", locale)
    )
    if data.standing is not None:  # ended or paused outside the rules
        sub = t(data.standing.text.key, locale, **dict(data.standing.text.params))
    y: float = banner2(draw, head, sub, [theme.seat_colour(seat)]) + 20
    if options:
        title = t("battlescenes.render.options_now", locale)
        bottom = y + LINE * (len(options) + 1) + 8
        draw.rounded_rectangle(
            (theme.MARGIN - 8, y - 6, theme.MARGIN + WIDTH + 8, bottom),
            10,
            fill=theme.PANEL_ACTIVE,
            outline=theme.HIGHLIGHT if owed else None,
            width=3,
        )
        draw_text(draw, (theme.MARGIN, y), title, max_width=WIDTH, size=SMALL, bold=True)
        for i, line in enumerate(options):
            top = y + LINE * (i + 1)
            draw_text(draw, (theme.MARGIN + 16, top), line, max_width=WIDTH - 16, size=SMALL)
        y += LINE * (len(options) + 1) + 24
    if not data.hand:
        empty = t("battlescenes.render.empty", locale)
        draw_text(draw, (theme.MARGIN, y), empty, max_width=WIDTH, size=SMALL)
        y += LINE
    y = _draw_cards(draw, y, cards, rest)
    if data.set_aside:
        aside = t("battlescenes.render.set_aside", locale)
        draw_text(draw, (theme.MARGIN, y), aside, max_width=WIDTH, size=SMALL, bold=True)
        for i, card in enumerate(data.set_aside):
            top = y + LINE * (i + 1)
            name = f"#{card.id} {card.title}"
            draw_text(draw, (theme.MARGIN + 16, top), name, max_width=WIDTH - 16, size=SMALL)
        y += LINE * (len(data.set_aside) + 1)
    line = t("battlescenes.render.load_order", locale, order=order)
    draw_text(draw, (theme.MARGIN, y + 4), line, max_width=WIDTH, size=SMALL, fill=theme.TEXT_MUTED)
    y += LINE + 16
    title = t("battlescenes.render.legend.title", locale)
    if keys:
        draw_text(draw, (theme.MARGIN, y), title, max_width=WIDTH, size=SMALL, bold=True)
    for row, items in enumerate(keys):
        top = y + LINE * (row + 1)
        for x, (shape, text, colour) in items:
            _symbol(draw, x, top, shape, colour)
            draw_text(draw, (x + 52, top), text, max_width=WIDTH, size=SMALL)
    return to_png(image)
