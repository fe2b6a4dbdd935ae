"""Settings from the environment and ``.env`` (documented in ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = f"sqlite+aiosqlite:///{REPO_ROOT / 'data' / 'bot.sqlite3'}"


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=REPO_ROOT / ".env", env_file_encoding="utf-8", extra="ignore"
    )

    discord_token: SecretStr | None = None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_ids: Annotated[list[int], NoDecode] = Field(default_factory=list)
    log_level: str = "INFO"
    default_locale: str = "en-US"
    #: Discord REST base, e.g. ``http://127.0.0.1:8080/api/v10`` for the emulator.
    discord_api_base: str | None = None
    #: Discord gateway URL, e.g. ``ws://127.0.0.1:8080/gateway`` for the emulator.
    discord_gateway_url: str | None = None
    shard_count: int | None = None
    shard_ids: Annotated[list[int], NoDecode] = Field(default_factory=list)
    #: Extra game modules to install besides the built-in games.
    games: Annotated[list[str], NoDecode] = Field(default_factory=list)
    snapshot_every: int = 50
    #: Worker processes drawing the images (``None``: one per CPU; 0: in a thread).
    render_processes: int | None = None
    #: How often this process runs due reminders and deadline expiries (0: never;
    #: tests tick the scheduler by hand).
    scheduler_seconds: float = 30
    #: Vacation days each player may take per calendar year.
    vacation_days_per_year: int = 21
    #: Directories of community content packs: ``<dir>/<game>/<pack>/`` (engines.core.packs).
    content_dirs: Annotated[list[str], NoDecode] = Field(default_factory=list)

    @field_validator("dev_guild_ids", "shard_ids", mode="before")
    @classmethod
    def _int_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(v) for v in value.replace(" ", "").split(",") if v]
        return value

    @field_validator("games", "content_dirs", mode="before")
    @classmethod
    def _str_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [v.strip() for v in value.split(",") if v.strip()]
        return value

    @property
    def token(self) -> str | None:
        """The bot token, or ``None`` when it is not configured."""
        if self.discord_token is None or not self.discord_token.get_secret_value().strip():
            return None
        return self.discord_token.get_secret_value().strip()
