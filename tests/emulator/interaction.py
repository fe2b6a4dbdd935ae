"""Handle on one injected interaction: what the bot answered and sent afterwards."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .models import InteractionResponse, StoredMessage

if TYPE_CHECKING:
    from .inject import UserActions

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Interaction callback types allowed per interaction type.
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9, 10, 12},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9, 10, 12},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7, 10, 12},
}


class EmulatedInteraction:
    """An interaction the emulator dispatched (``INTERACTION_CREATE``)."""

    def __init__(
        self,
        emu: UserActions,
        payload: dict[str, Any],
        *,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        message_id: int | None = None,
    ) -> None:
        self.emu = emu
        self.payload = payload
        self.id = int(payload["id"])
        self.token: str = payload["token"]
        self.type: int = payload["type"]
        self.user_id = user_id
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.message_id = message_id  # the message a component/modal interaction came from
        self.created = time.monotonic()
        self.response: InteractionResponse | None = None
        self.followups: list[StoredMessage] = []
        self.original_message_id: int | None = None

    @property
    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = self.payload.get("data", {})
        return data

    @property
    def acknowledged(self) -> bool:
        return self.response is not None

    @property
    def original(self) -> StoredMessage | None:
        """The current state of the original response message (or the component's message)."""
        if self.original_message_id is None:
            return None
        return self.emu.messages.get(self.original_message_id)

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` of messages created in answer to this interaction."""
        meta: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.emu.users[self.user_id].payload(),
            "authorizing_integration_owners": self.payload["authorizing_integration_owners"],
        }
        if self.type == APPLICATION_COMMAND:
            meta["name"] = self.command_name
            meta["command_type"] = self.data.get("type", 1)
        if self.message_id is not None and self.type == MESSAGE_COMPONENT:
            meta["interacted_message_id"] = str(self.message_id)
        if self.original_message_id is not None:
            meta["original_response_message_id"] = str(self.original_message_id)
        return meta

    @property
    def command_name(self) -> str:
        parts = [self.data.get("name", "")]
        options = self.data.get("options", [])
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options", [])
        return " ".join(parts)

    async def wait_response(self, timeout: float = 5.0) -> InteractionResponse:
        """Wait for the initial callback (type 4/5/6/7/8/9)."""
        await self.emu.wait_for(
            lambda: self.response is not None, timeout, what=f"a response to {self!r}"
        )
        assert self.response is not None
        return self.response

    async def wait_followups(self, n: int = 1, timeout: float = 5.0) -> list[StoredMessage]:
        """Wait until at least ``n`` follow-ups were sent; returns the first ``n``."""
        await self.emu.wait_for(
            lambda: len(self.followups) >= n, timeout, what=f"{n} follow-up(s) to {self!r}"
        )
        return self.followups[:n]

    async def wait_original(
        self,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> StoredMessage:
        """Wait until the original response exists, is not loading and matches ``predicate``."""

        def check() -> bool:
            msg = self.original
            if msg is None or msg.loading:
                return False
            return predicate is None or predicate(msg)

        await self.emu.wait_for(check, timeout, what=f"the original response of {self!r}")
        assert self.original is not None
        return self.original

    def __repr__(self) -> str:
        label = {
            APPLICATION_COMMAND: f"/{self.command_name}",
            MESSAGE_COMPONENT: f"component {self.data.get('custom_id')!r}",
            AUTOCOMPLETE: f"autocomplete /{self.command_name}",
            MODAL_SUBMIT: f"modal {self.data.get('custom_id')!r}",
        }.get(self.type, str(self.type))
        return f"<EmulatedInteraction {self.id} {label} by {self.user_id}>"
