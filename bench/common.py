"""What the performance benchmarks share: percentiles, resident memory, event-loop lag,
and the reference workload every run measures beside its own numbers.

The reference workload is plain Pillow — a 960 × 1,100 image with a band, 24 boxes and
45 lines of text in the shipped font, encoded as PNG at zlib level 6 — and never
goes through the project's code, so a change to the renderers cannot move it.
Dividing a result by it gives a ratio that can be compared between machines (and
between runs on a busy machine) far better than milliseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import os
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from engines.core import theme


def percentile(samples: list[float], share: float) -> float:
    """The ``share`` (0–1) percentile by nearest rank; 0 for no samples."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


def median(samples: list[float]) -> float:
    """The median; 0 for no samples."""
    return statistics.median(samples) if samples else 0.0


def rss_mb() -> tuple[float, float]:
    """This process's resident memory now and at its peak, in MiB (Linux ``/proc``)."""
    now = peak = 0.0
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    now = int(line.split()[1]) / 1024
                elif line.startswith("VmHWM:"):
                    peak = int(line.split()[1]) / 1024
    except OSError:
        pass
    return now, peak


def cpu_seconds(pids: Iterable[int]) -> dict[int, float]:
    """User plus system CPU time of each process so far, in seconds (Linux ``/proc``);
    a process that cannot be read (gone, another machine's) is left out."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
                # Fields after the command name (which may hold spaces and brackets):
                # state is the 3rd field of the line, utime the 14th, stime the 15th.
                after = fh.read().rsplit(")", 1)[1].split()
            found[pid] = (int(after[11]) + int(after[12])) / tick
        except (OSError, ValueError, IndexError):
            continue
    return found


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the processes used between two :func:`cpu_seconds` readings (a
    process that started in between counts from zero)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def reference_image() -> bytes:
    """One reference drawing: bands, boxes and text like a board, as PNG."""
    image = Image.new("RGB", (960, 1100), (250, 248, 244))
    draw = ImageDraw.Draw(image)
    body = ImageFont.truetype(str(theme.FONT_REGULAR), 28)
    bold = ImageFont.truetype(str(theme.FONT_BOLD), 36)
    draw.rectangle((0, 0, 960, 72), fill=(0, 114, 178))
    white, ink = (255, 255, 255), (20, 20, 20)
    draw.text((24, 36), "Reference workload — turn 12", font=bold, fill=white, anchor="lm")
    for row in range(6):
        for col in range(4):
            x, y = 24 + col * 232, 96 + row * 80
            draw.rounded_rectangle((x, y, x + 216, y + 68), 10, outline=(60, 60, 60), width=3)
            label = f"Card {row * 4 + col}"
            draw.text((x + 12, y + 34), label, font=body, fill=ink, anchor="lm")
    for line in range(20):
        y = 600 + line * 24
        text = f"• Event {line}: a player rolled {line % 6 + 1} and drew a card"
        draw.text((24, y), text, font=body, fill=ink)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def reference_ms(repeat: int = 15) -> list[float]:
    """Times of ``repeat`` reference drawings (after one warm-up), in milliseconds."""
    reference_image()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        reference_image()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


@dataclass
class LagMonitor:
    """A task that asks to sleep ``interval`` seconds again and again and records by
    how much each sleep overran: how long the event loop was kept from running."""

    interval: float = 0.01
    lags_ms: list[float] = field(default_factory=list)
    _task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(self.interval)
            self.lags_ms.append(max(0.0, (loop.time() - start - self.interval) * 1000))

    def start(self) -> None:
        """Start ticking on the running loop."""
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        """Stop ticking."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


@dataclass
class StepTimer:
    """Times every callback the event loop runs (a task's step from one ``await`` to
    the next, a timer, an I/O callback) while it is on.

    The loop can run nothing else during a step, so the longest step is the longest
    stall any one piece of work caused. :class:`LagMonitor`'s lag is more: a ticker
    that wakes behind other ready steps also waits for them, which is queueing when a
    benchmark keeps the process saturated, not a stall. The time the garbage
    collector spent inside each step is noted too (its full passes were the longest
    stalls: docs/performance.md).
    """

    #: Every step over 1 ms, as (milliseconds, of which garbage collection).
    steps: list[tuple[float, float]] = field(default_factory=list)
    #: Full (generation 2) collections: how long each took, in milliseconds.
    full_collections_ms: list[float] = field(default_factory=list)
    _gc_ms: float = 0.0
    _gc_start: float = 0.0
    _original: Callable[[asyncio.Handle], None] | None = None

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        took = (time.perf_counter() - self._gc_start) * 1000
        self._gc_ms += took
        if info["generation"] == 2:
            self.full_collections_ms.append(took)

    def start(self) -> None:
        """Time every step from now on (this process, every loop)."""
        original = asyncio.Handle._run
        timer = self

        def timed(handle: asyncio.Handle) -> None:
            gc_before = timer._gc_ms
            begin = time.perf_counter()
            original(handle)
            took = (time.perf_counter() - begin) * 1000
            if took > 1.0:
                timer.steps.append((took, timer._gc_ms - gc_before))

        self._original = original
        asyncio.Handle._run = timed  # type: ignore[method-assign,assignment]
        gc.callbacks.append(self._on_gc)

    def stop(self) -> None:
        """Stop timing."""
        if self._original is not None:
            asyncio.Handle._run = self._original  # type: ignore[method-assign,assignment]
            self._original = None
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)

    @staticmethod
    def summary(steps: list[tuple[float, float]]) -> str:
        """ "38 ms (GC 14 ms)": the longest step, and the collector's share of it."""
        if not steps:
            return "≤ 1 ms"
        took, in_gc = max(steps)
        return f"{took:.0f} ms (GC {in_gc:.0f} ms)"
