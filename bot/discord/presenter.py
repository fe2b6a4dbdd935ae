"""Turns match snapshots into posts: localised text, renders, mentions, buttons.

Rendering runs in worker processes (``bot.render_pool``) so a slow image never
blocks the gateway.
Public posts only ever use the public view (``seat=None``) and the events as
the public may see them; seat views go to ephemeral replies only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot import render_pool
from bot.discord.controls import (
    ButtonSpec,
    ControlBuilder,
    Controls,
    SelectSpec,
    invite_id,
    seat_view_id,
)
from bot.i18n import Texts
from bot.match.export import final_digest
from bot.match.types import MatchSnapshot
from bot.match.verify import StateChange
from bot.store.models import MatchEvent, MatchStatus
from engines.core import Decision, Event, GameEngine, Message, ResultKind, Standing, View
from engines.core.serde import from_json

MAX_CONTENT = 1900
#: How many taken-back events an undo or rollback post lists.
REVERT_LINES = 8
#: Discord refuses attachment descriptions longer than 1,024 characters.
MAX_ALT_TEXT = 1024
#: Files one Discord message may carry.
MAX_FILES = 10


@dataclass(frozen=True)
class Picture:
    """One attached image and its alt text (Discord's attachment description)."""

    name: str
    data: bytes
    alt: str = ""


async def picture(
    engine: GameEngine[Any], view: Any, kind: str, locale: str, name: str, fallback: str
) -> Picture:
    """Render ``view`` off the event loop (in a worker process), with the engine's alt
    text (``fallback``, e.g. the match title, when the engine gives none)."""
    png, described = await render_pool.picture(engine, view, kind, locale)
    alt = described.strip() or fallback
    if len(alt) > MAX_ALT_TEXT:
        alt = alt[: MAX_ALT_TEXT - 1] + "…"
    return Picture(name, png, alt)


@dataclass
class Post:
    """A message to send, independent of discord.py."""

    lines: list[str] = field(default_factory=list)
    images: list[Picture] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    #: Roles pinged (the referee role when a match needs a referee).
    roles: list[int] = field(default_factory=list)
    buttons: list[ButtonSpec] = field(default_factory=list)
    selects: list[SelectSpec] = field(default_factory=list)
    ephemeral: bool = False
    #: The message this post updates in place instead of being a new one: the post of
    #: an exchange (a Dice Throne attack) still open, whose players were pinged once.
    replaces: int | None = None
    #: The match version before the first event this post tells (its event lines are
    #: those of the log after it); ``None``: not a move's post, never edited to go on.
    since: int | None = None

    def notify(self, users: list[int]) -> None:
        """Ping ``users`` too (a line of mentions, allowed for exactly them), when no
        decision of theirs would: a pause, a resignation that ends the match."""
        fresh = [user for user in users if user not in self.mentions]
        if fresh:
            self.lines.append(" ".join(f"<@{user}>" for user in fresh))
            self.mentions.extend(fresh)

    @property
    def content(self) -> str:
        """The text, cut to fit one Discord message."""
        text = "\n".join(line for line in self.lines if line)
        return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


def _exchange(decisions: list[Decision]) -> tuple[str, tuple[int, ...]] | None:
    """The exchange every owed decision belongs to (its key and seats), if they share one."""
    keys = {d.exchange for d in decisions}
    if len(keys) != 1 or None in keys:
        return None
    first = decisions[0]
    assert first.exchange is not None
    return first.exchange, first.exchange_seats


def _continues(snap: MatchSnapshot, key: str) -> bool:
    """Whether this move went on with exchange ``key`` that was open before it, and the
    match's state post is still the one made for the state before the move (and says
    which events it tells, so the edit tells them again: ``MatchSnapshot.told``)."""
    if snap.before is None or snap.before_version is None:
        return False
    if snap.match.state_post_since is None:
        return False
    if snap.match.state_post_id is None or snap.match.state_post_version != snap.before_version:
        return False
    before = [d for d in snap.engine.pending(snap.before) if not d.optional]
    found = _exchange(before)
    return found is not None and found[0] == key


def discord_time(when: datetime | None, style: str = "R") -> str:
    """A Discord timestamp, shown in each reader's own time zone and language."""
    if when is None:
        return "—"
    return f"<t:{int(when.timestamp())}:{style}>"


class Presenter:
    """Builds the posts of a match in a given locale."""

    def __init__(self, texts: Texts) -> None:
        self.t = texts
        self.builder = ControlBuilder(texts)

    def title(self, snap: MatchSnapshot, locale: str) -> str:
        """ "High Card Dice #12: Alice vs Bruno"."""
        names = " vs ".join(s.display_name for s in sorted(snap.seats, key=lambda s: s.seat))
        game = self.t(snap.engine.title_key, locale)
        return self.t("bot.match.title", locale, game=game, id=snap.match.id, players=names)

    async def public(
        self, snap: MatchSnapshot, locale: str, header: list[str] | None = None
    ) -> Post:
        """The post after a state change: events, public render, who owes what. The post
        of an exchange going on (``replaces``) tells the exchange's earlier events too
        (``MatchSnapshot.told``, from the log), the oldest left out if they do not fit."""
        post = Post(lines=list(header or []))
        status = self.status_lines(snap, locale, post)
        told = snap.told if post.replaces is not None else []
        post.since = (
            snap.match.state_post_since if post.replaces is not None else snap.before_version
        )
        earlier = [self._event_line(e, locale) for e in told]
        own = [self._event_line(e, locale) for e in snap.events]
        while earlier and len("\n".join([*post.lines, *earlier, *own, *status])) > MAX_CONTENT:
            earlier.pop(0)  # the newest lines win when the exchange outgrows one message
        post.lines.extend([*earlier, *own, *status])
        view = self.view(snap, None)
        kind = snap.engine.render_kinds[0]
        name = f"match-{snap.match.id}-{snap.match.version}.png"
        post.images.append(
            await picture(snap.engine, view, kind, locale, name, self.title(snap, locale))
        )
        return post

    def _event_line(self, event: Event, locale: str) -> str:
        """One event as the public reads it, a line of a post."""
        return f"• {self.t.event(event.for_seat(None), locale)}"

    async def board_only(
        self, snap: MatchSnapshot, locale: str, header: list[str], current: bool = False
    ) -> Post:
        """The public render with a header and nothing owed (replays, previews);
        ``current``: the match as it is now (a dispute), so a pause or an end outside
        the rules is drawn too, which a replay of an earlier event must not show."""
        view = self.view(snap, None) if current else snap.engine.view(snap.state, None)
        kind = snap.engine.render_kinds[0]
        name = f"match-{snap.match.id}-replay.png"
        image = await picture(snap.engine, view, kind, locale, name, self.title(snap, locale))
        return Post(lines=list(header), images=[image])

    async def private(self, snap: MatchSnapshot, seat: int, locale: str) -> Post:
        """A seat's own view (hand, hidden cards): for ephemeral replies only."""
        view = self.view(snap, seat)
        post = Post(
            ephemeral=True,
            lines=[self.t("bot.match.your_view", locale, title=self.title(snap, locale))],
        )
        for kind in (await render_pool.private_kinds(snap.engine, view, locale))[:MAX_FILES]:
            name = f"match-{snap.match.id}-{kind}.png"
            post.images.append(
                await picture(snap.engine, view, kind, locale, name, self.title(snap, locale))
            )
        for decision in snap.pending(optional=True):
            if decision.seat == seat:
                found = self.controls(snap, decision, locale)
                post.selects.extend([*found.private, *found.public])
                # What a seat may do without anyone waiting gets its menus only: no
                # one-click button for it (Krosmaster's "leave the match").
                buttons = [] if decision.optional else found.buttons
                post.buttons.extend([*buttons, *found.private_buttons])
        # Only so many menus fit a message: those nobody else sees come first.
        post.selects.sort(key=lambda spec: spec.public)
        return post

    def view(self, snap: MatchSnapshot, seat: int | None) -> View:
        """What ``seat`` (``None``: the public) sees of the match as it is now, with
        where it stands outside the rules (:meth:`standing`) for the render to say."""
        return replace(snap.engine.view(snap.state, seat), standing=self.standing(snap))

    @staticmethod
    def standing(snap: MatchSnapshot) -> Standing | None:
        """Where the match stands that its state cannot say: paused; cancelled; ended
        by a resignation, missed deadlines or a referee while the state still has a turn
        going on (an end the rules reached is drawn by the game itself)."""
        match = snap.match
        if match.status == MatchStatus.PAUSED:
            return Standing(Message("core.standing.paused"), over=False)
        if match.status == MatchStatus.CANCELLED:
            return Standing(Message("core.standing.cancelled"), over=True)
        if match.status != MatchStatus.FINISHED or snap.engine.result(snap.state) is not None:
            return None
        result: dict[str, Any] = match.result or {}
        if result.get("kind") == ResultKind.DRAW.value:
            return Standing(Message("core.standing.referee_draw"), over=True)
        winners = [s.display_name for s in snap.seats if s.seat in (result.get("winners") or [])]
        reason = result.get("reason")
        how = reason if reason in ("resign", "forfeit") else "referee"
        params = {"winners": " & ".join(winners), "count": len(winners)}
        return Standing(Message(f"core.standing.{how}", params), over=True)

    def controls(self, snap: MatchSnapshot, decision: Decision, locale: str) -> Controls:
        """The buttons and menus answering ``decision`` in the match as it is now."""
        return self.builder.controls(
            snap.engine, snap.match.id, snap.match.version, decision, locale
        )

    def events_text(self, events: list[Event], seat: int | None, locale: str) -> list[str]:
        """Event lines as ``seat`` may see them."""
        return [self.t.event(e.for_seat(seat), locale) for e in events]

    def action_label(self, engine: GameEngine[Any], kind: str, locale: str) -> str:
        """What an action kind does, in words: its command's description ("End the
        main phase"), or the kind itself for an action no command submits."""
        spec = next((c for c in engine.commands() if c.action == kind), None)
        return self.t.message(spec.description, locale) if spec is not None else kind

    def action_line(self, engine: GameEngine[Any], kind: str, player: str, locale: str) -> str:
        """A move in words for the log when it left no event of its own: the game's
        ``<game>.log.<kind>`` ("Bruno passes."), else who did what by its command."""
        key = f"{engine.name}.log.{kind}"
        if self.t.catalog.has(key) or self.t.catalog.has(key, locale):
            return self.t(key, locale, player=player)
        label = self.action_label(engine, kind, locale)
        return self.t("bot.log.action", locale, player=player, action=label)

    def log_line(self, row: MatchEvent, seat: int | None, locale: str, snap: MatchSnapshot) -> str:
        """One event of the log, as ``seat`` may see it (players by name, not mention)."""
        names = {s.seat: s.display_name for s in snap.seats}
        by_user = {s.user_id: s.display_name for s in snap.seats}
        actor = by_user.get(row.actor_id, f"<@{row.actor_id}>") if row.actor_id else "—"
        if row.kind == "revert":
            text = self.t(
                "bot.log.revert",
                locale,
                actor=actor,
                seq=row.action.get("to_seq"),
                reason=row.reason or "—",
            )
        elif row.kind == "resign":
            text = self.t("bot.log.resign", locale, player=names.get(row.seat or 0, actor))
        elif row.kind == "withdraw":
            events = [from_json(Event, e) for e in row.events or []]
            text = self.t(
                "bot.log.withdraw",
                locale,
                player=names.get(row.seat or 0, actor),
                events="; ".join(self.events_text(events, seat, locale)) or "—",
            )
        elif row.kind == "start":
            text = self.t("bot.log.start", locale)
        elif row.kind == "referee_action":
            events = [from_json(Event, e) for e in row.events or []]
            text = self.t(
                "bot.log.referee_action",
                locale,
                actor=actor,
                player=names.get(row.seat or 0, "—"),
                events="; ".join(self.events_text(events, seat, locale)) or "—",
                reason=row.reason or "—",
            )
        elif row.kind == "adjust":
            text = self.t("bot.log.adjusted", locale, actor=actor, reason=row.reason or "—")
        elif row.kind in ("referee", "deadline"):
            text = self._meta_line(row, actor, names.get(row.seat or 0, "—"), locale)
        else:
            events = [from_json(Event, e) for e in row.events or []]
            kind = str((row.action or {}).get("kind"))
            player = names.get(row.seat or 0, actor) if row.seat is not None else actor
            text = "; ".join(self.events_text(events, seat, locale)) or self.action_line(
                snap.engine, kind, player, locale
            )
            if row.reason == "deadline":
                text = self.t(
                    "bot.log.by_deadline",
                    locale,
                    player=names.get(row.seat or 0, "—"),
                    default=self.action_label(snap.engine, str(row.action.get("kind")), locale),
                    events=text,
                )
            elif row.reason == "preference":
                text += " " + self.t("bot.log.by_preference", locale)
        return f"`#{row.seq}` {text}"

    def revert_lines(
        self, snap: MatchSnapshot, undone: Sequence[MatchEvent], locale: str
    ) -> list[str]:
        """The events an undo or a rollback took back, in words as the public may see
        them (the last few; the log has the rest)."""
        shown = list(undone)[-REVERT_LINES:]
        lines = [
            self.t("bot.ref.taken_back", locale, event=self.log_line(row, None, locale, snap))
            for row in shown
        ]
        if len(undone) > len(shown):
            more = len(undone) - len(shown)
            lines.insert(0, self.t("bot.ref.taken_back_more", locale, count=more))
        return lines

    def change_lines(self, changes: Sequence[StateChange], locale: str) -> list[str]:
        """A hand adjustment, value by value: ``before → after`` where the public may
        see it, else only what was changed (a hand, a deck, a face-down reward)."""
        lines = []
        for change in changes:
            if change.shown:
                lines.append(
                    self.t(
                        "bot.ref.change_shown",
                        locale,
                        path=change.path,
                        before=_plain_json(change.before),
                        after=_plain_json(change.after),
                    )
                )
            else:
                lines.append(self.t("bot.ref.change_hidden", locale, path=change.path))
        return lines

    def _meta_line(self, row: MatchEvent, actor: str, player: str, locale: str) -> str:
        """A referee act or a missed deadline, in words."""
        action = row.action or {}
        reason = row.reason or "—"
        if row.kind == "deadline":
            what = "forfeit" if action.get("forfeit") else "paused"
            return self.t(f"bot.log.deadline_{what}", locale, player=player)
        for field_name, what in (
            ("ruling", "ruled"),
            ("extend_hours", "extended"),
            ("set_result", "result"),
            ("cancel", "cancelled"),
        ):
            if field_name in action:
                return self.t(
                    f"bot.log.{what}",
                    locale,
                    actor=actor,
                    reason=reason,
                    hours=action.get("extend_hours"),
                )
        what = "paused" if action.get("pause") else "resumed"
        return self.t(f"bot.log.{what}", locale, actor=actor, reason=reason)

    def status_lines(self, snap: MatchSnapshot, locale: str, post: Post) -> list[str]:
        """Where the match stands: the result, or who owes what; adds to ``post`` the
        mentions and the controls answering each owed decision."""
        match = snap.match
        if match.status == "finished":
            return [self._result_line(snap, locale)]
        if match.status == "paused":
            return [self.t("bot.match.paused", locale)]
        lines = []
        owed = snap.pending()
        exchange = _exchange(owed)
        continuing = exchange is not None and _continues(snap, exchange[0])
        if continuing:
            # The attack's post is updated in place: nobody is pinged again.
            post.replaces = match.state_post_id
        for decision in owed:
            user = snap.user_of(decision.seat)
            if not continuing:
                post.mentions.append(user)
            prompt = self.t.message(decision.prompt, locale)
            if match.deadline_at is not None:
                lines.append(
                    self.t(
                        "bot.match.owes_by",
                        locale,
                        user=f"<@{user}>",
                        prompt=prompt,
                        deadline=discord_time(match.deadline_at),
                    )
                )
            else:
                lines.append(self.t("bot.match.owes", locale, user=f"<@{user}>", prompt=prompt))
            lines.extend(self._add_decision_controls(post, snap, decision, locale))
        if exchange is not None and not continuing:
            # The exchange opens: everyone it may ask is pinged now, once, and told the
            # post is where it goes on (whatever they hold: nothing here reads a hand).
            users = [snap.user_of(seat) for seat in exchange[1]]
            post.mentions.extend(u for u in users if u not in post.mentions)
            names = ", ".join(f"<@{u}>" for u in users)
            lines.append(self.t("bot.match.exchange", locale, players=names))
        if owed:
            post.buttons.append(self.view_button(snap, locale))
        return lines

    def add_controls(
        self, post: Post, snap: MatchSnapshot, decision: Decision, locale: str
    ) -> None:
        """Give ``post`` (a reminder) the controls answering ``decision`` and the
        "my view" button."""
        post.lines.extend(self._add_decision_controls(post, snap, decision, locale))
        post.buttons.append(self.view_button(snap, locale))

    def _add_decision_controls(
        self, post: Post, snap: MatchSnapshot, decision: Decision, locale: str
    ) -> list[str]:
        found = self.controls(snap, decision, locale)
        post.selects.extend(found.public)
        post.buttons.extend(found.buttons)
        return self._where_to_answer(decision, found, locale)

    def view_button(self, snap: MatchSnapshot, locale: str) -> ButtonSpec:
        """The "my view" button (hand and hidden information), valid at any time."""
        return ButtonSpec(
            self.t("bot.button.my_view", locale), seat_view_id(snap.match.id), "secondary"
        )

    def _where_to_answer(self, decision: Decision, found: Controls, locale: str) -> list[str]:
        """A line under a decision whose choices are not (all) in the post itself:
        in the player's own view (hidden cards), or only in the game's commands.

        The view is named whenever the decision may be answered with hidden cards in
        principle (``Decision.hidden_options``, from public information), not only when
        the hand holds one now: the public post must not tell which (issue 25)."""
        view = self.t("bot.button.my_view", locale)
        if decision.hidden_options or found.private or found.private_buttons:
            key = "bot.match.more_in_view" if found.in_post else "bot.match.answer_in_view"
            return [self.t(key, locale, button=view)]
        if not found.in_post:
            return [self.t("bot.match.answer_by_command", locale)]
        return []

    def result_lines(self, snap: MatchSnapshot, locale: str) -> list[str]:
        """How the match ended, in words: who won and how (the game's reason, or a
        resignation, missed deadlines, a referee's decision), then the final score."""
        result: dict[str, Any] = snap.match.result or {}
        reason = result.get("reason")
        # An engine's reason is a message (stored as JSON); the bot's own are words.
        said = isinstance(reason, dict) and "key" in reason
        if result.get("kind") == ResultKind.DRAW.value:
            line = self.t("bot.match.draw_how", locale, how=reason) if said else None
            lines = [line or self.t("core.result.draw", locale)]
        else:
            won = [s.display_name for s in snap.seats if s.seat in (result.get("winners") or [])]
            names, count = ", ".join(won), len(won)  # a team's win reads in the plural
            if said:
                line = self.t("bot.match.won_how", locale, winners=names, how=reason, count=count)
            else:
                line = self.t("core.result.win", locale, winners=names, count=count)
                if reason in ("resign", "forfeit", "referee"):
                    line += " " + self.t(f"bot.match.by_{reason}", locale)
            lines = [line]
        score = [s for s in result.get("score") or () if isinstance(s, dict) and "key" in s]
        if score:
            each = [self.t(str(s["key"]), locale, **dict(s.get("params") or {})) for s in score]
            lines.append(self.t("bot.match.final_score", locale, score=" · ".join(each)))
        return lines

    def _result_line(self, snap: MatchSnapshot, locale: str) -> str:
        return "\n".join([*self.result_lines(snap, locale), self.seed_line(snap, locale)])

    def seed_line(self, snap: MatchSnapshot, locale: str) -> str:
        """The secret seed, revealed once the match has ended, and how to check it; with
        the SHA-256 of the final state and result, so an export cut short or given
        another ending is caught by comparison."""
        digest = final_digest(snap.engine, snap.state, snap.match.result)
        return self.t("bot.match.seed_revealed", locale, seed=snap.match.seed, digest=digest)

    def invitation(self, snap_title: str, match_id: int, invited: list[int], locale: str) -> Post:
        """The public invitation with accept/decline buttons."""
        mentions = " ".join(f"<@{u}>" for u in invited)
        return Post(
            lines=[
                self.t(
                    "bot.match.invitation",
                    locale,
                    title=snap_title,
                    players=mentions,
                    count=len(invited),  # one person is addressed as one
                )
            ],
            mentions=list(invited),
            buttons=[
                ButtonSpec(
                    self.t("bot.button.accept", locale), invite_id(match_id, True), "success"
                ),
                ButtonSpec(
                    self.t("bot.button.decline", locale), invite_id(match_id, False), "danger"
                ),
            ],
        )


def _plain_json(value: Any) -> str:
    """A plain value as a player reads it: ``12``, ``yes``/``no`` as JSON, a word."""
    return value if isinstance(value, str) else json.dumps(value)
