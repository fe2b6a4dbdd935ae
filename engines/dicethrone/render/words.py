"""The board in words: the banner's parts, the turn line, the damage waiting and
dealt, the last move, what the table waits on, an ability's dice and effect."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core import theme
from engines.dicethrone.content import Step
from engines.dicethrone.render.effect_words import Words, need_text
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.style import Translate
from engines.dicethrone.view import BoardView, Requirement

#: A part of the banner: its text, its colour, and whether it is a seat's name
#: (drawn on a pill of the seat's colour).
Part = tuple[str, theme.RGB, bool]


def owes_parts(data: BoardView, t: Translate, locale: str) -> list[Part]:
    """The banner as coloured parts: "Bruno: defend" (several owers all named), or
    the end of the match, or where it stands outside the rules (resigned, paused)."""
    players = data.players
    white = (255, 255, 255)
    if data.standing is not None:  # ended or paused outside the rules: nobody owes
        said = data.standing.text
        return [(t(said.key, locale, **dict(said.params)), white, False)]
    if data.winner is not None:
        won = _winners(data)
        text = t("dicethrone.render.winner", locale, player=" & ".join(won), count=len(won))
        return [(text, white, False)]
    if data.draw:
        return [(t("dicethrone.render.draw", locale), white, False)]
    parts: list[Part] = []
    for i, owed in enumerate(data.owed):
        if i:
            parts.append(("  ·  ", theme.TEXT_MUTED, False))
        what = _owed_text(owed.prompt, t, locale)
        parts.append((players[owed.seat].name, theme.seat_colour(owed.seat), True))
        parts.append((f": {what}", theme.TEXT, False))
    if not parts:
        parts.append((t(f"dicethrone.render.phase.{data.phase}", locale), theme.TEXT, False))
    return parts


def _owed_text(prompt_key: str, t: Translate, locale: str) -> str:
    """A decision in a few words ("defend", "respond or pass")."""
    short = prompt_key.rsplit(".", 1)[-1]
    key = f"dicethrone.render.owes.{short}"
    text = t(key, locale)
    return text if text != key else t("dicethrone.render.owes.decide", locale)


def _winners(data: BoardView) -> list[str]:
    """The names of the winner and its teammates."""
    winner = data.winner
    if winner is None:
        return []
    return [p.name for p in data.players if data.teams[p.seat] == data.teams[winner]]


def status_line(data: BoardView, t: Translate, locale: str, named: bool = True) -> str:
    """Under the banner: the turn and phase, or how the match ended and the final health;
    ``named``: the player on turn named and the final health said (else the turn's
    number only, the ▶ on their board saying whose it is, and how the match ended)."""
    health = " · ".join(f"{p.name} {p.health}" for p in data.players)
    if data.winner is not None:
        losers = [p.name for p in data.players if data.teams[p.seat] != data.teams[data.winner]]
        how = t("dicethrone.render.won_by_ko", locale, players=", ".join(losers))
        if not named:
            return how  # each board and panel says its hero's health
        return f"{how} · {t('dicethrone.render.final_health', locale, health=health)}"
    if data.draw or (data.standing is not None and data.standing.over):
        return t("dicethrone.render.final_health", locale, health=health)
    active = data.players[data.active]
    if data.phase == "setup":
        return t("dicethrone.render.phase.setup", locale)
    phase = t(f"dicethrone.render.phase.{data.phase}", locale)
    if not named:
        return f"{t('dicethrone.render.turn_number', locale, turn=data.turn)} · {phase}"
    return f"{t('dicethrone.render.turn', locale, turn=data.turn, player=active.name)} · {phase}"


def damage_lines(data: BoardView, t: Translate, locale: str) -> list[str]:
    """Damage waiting and damage dealt, as a player says it: "4 damage to Bruno;
    2 prevented; Bruno takes 2"."""
    players = data.players
    out = []
    for inc in data.incoming:
        who = players[inc.target].name
        kind = t(f"dicethrone.render.kind.{inc.kind}", locale)
        parts = [t("dicethrone.render.dmg.to", locale, amount=inc.amount, kind=kind, player=who)]
        if inc.added:
            parts.append(t("dicethrone.render.dmg.added", locale, amount=inc.added))
        if inc.prevent_all:
            parts.append(t("dicethrone.render.dmg.prevent_all", locale))
        elif inc.prevented:
            parts.append(t("dicethrone.render.dmg.prevents", locale, amount=inc.prevented))
        if inc.halves:
            parts.append(t("dicethrone.render.dmg.halved", locale, count=inc.halves))
        if inc.reflects and inc.source is not None:
            back = players[inc.source].name
            parts.append(t("dicethrone.render.dmg.reflects", locale, player=back))
        out.append(t("dicethrone.render.dmg.pending", locale, text="; ".join(parts)))
    for rep in data.reports:
        who = players[rep.target].name
        kind = t(f"dicethrone.render.kind.{rep.kind}", locale)
        parts = [t("dicethrone.render.dmg.to", locale, amount=rep.incoming, kind=kind, player=who)]
        if rep.incoming > rep.total:
            parts.append(
                t("dicethrone.render.dmg.prevented", locale, amount=rep.incoming - rep.total)
            )
        parts.append(t("dicethrone.render.dmg.takes", locale, player=who, amount=rep.total))
        out.append("; ".join(parts))
    return out


def last_lines(
    data: BoardView, t: Translate, locale: str, skip: frozenset[str] = frozenset()
) -> list[str]:
    """The last move in words (its public events, but those in ``skip``)."""
    # Damage waiting is said once, in plain words, by the "Waiting:" line.
    said = _SAID_ELSEWHERE | skip
    return [t(e.key, locale, **dict(e.params)) for e in data.last if e.key not in said]


#: Events of the last move the board says in its own words.
_SAID_ELSEWHERE = frozenset({"dicethrone.event.damage_pending"})
#: Events a tight board leaves to its dice: the roll and the dice kept, which the
#: dice on the table show (values, symbols, attempt, kept marks).
SAID_BY_DICE = frozenset({"dicethrone.event.rolled", "dicethrone.event.kept"})


def info_lines(
    data: BoardView,
    t: Translate,
    locale: str,
    tight: bool = False,
    terse: bool = False,
    lean: bool = False,
) -> list[str]:
    """What the table waits on besides the owed decision: the announced ability, the
    targeting die, a waiting instant action, a card's target, a pause, an "Or".
    ``tight``: the ability the dice made is left to the dice's label ("✔ Slap");
    ``terse``: a choice's options without their heading (the banner names who chooses);
    ``lean``: no targeting die once its target is chosen (the boards mark it: a
    packed board)."""
    roll, players = data.roll, data.players
    out = []
    said = any(e.key.endswith(("announced", "activated")) for e in data.last)
    if roll.announced and not said and not (tight and any(roll.used)):
        key = "activated" if roll.activated else "announced"
        player = players[data.active].name
        out.append(
            t(
                f"dicethrone.render.{key}",
                locale,
                player=player,
                ability=_name(roll.announced, locale),
            )
        )
    marked = data.target is not None and data.phase in ("offensive", "defensive")
    if data.target_die and not (lean and marked):
        out.append(t("dicethrone.render.target_die", locale, value=data.target_die))
    if data.target_chooser is not None:
        out.append(
            t("dicethrone.render.chooses_target", locale, player=players[data.target_chooser].name)
        )
    if data.queued is not None:
        out.append(t("dicethrone.render.queued", locale, player=players[data.queued].name))
    if data.aiming is not None:
        card = _name(data.aiming.card, locale)
        out.append(
            t("dicethrone.render.aiming", locale, player=players[data.aiming.seat].name, card=card)
        )
    if data.pause:
        out.append(t("dicethrone.render.pause", locale))
    if data.manual:
        out.append(t("dicethrone.render.manual", locale, text=_name(data.manual, locale)))
    if data.choice is not None:
        if not terse:
            who = players[data.choice.seat].name
            out.append(t("dicethrone.render.choice", locale, player=who))
        # One line per option, so long option texts stay readable on a phone
        # (indented under their heading).
        indent = "" if terse else "  "
        for i, label in enumerate(data.choice.options, 1):
            out.append(f"{indent}{i}) {_name(label, locale)}")
    return out


def requirement_text(
    req: Requirement, faces: Mapping[str, Mapping[str, str]], t: Translate, locale: str
) -> str:
    """A dice combination: "3⚔", "2⚔ 2⚡", "Small Straight", "4 of a kind"."""
    return need_text(req.symbols, faces, t, locale, req.straight, req.of_a_kind)


def effect_text(
    steps: Sequence[Step],
    statuses: Mapping[str, Mapping[str, str]],
    faces: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    companions: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """An ability's effect in plain words ("4 damage", "heal 4, gain Protect"), every
    step said (:mod:`engines.dicethrone.render.effect_words`); ``statuses`` may hold the
    companions' names too (:func:`status_names`)."""
    return Words(statuses, faces, t, locale, companions or statuses).script(steps)
