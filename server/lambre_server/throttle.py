"""When a long first check publishes what it has so far.

Every publish re-sends all the diagnostics found so far (LSP replaces a document's diagnostics
whole), so publishing after every batch costs bytes quadratic in the document's size. A partial
publish is made only when the checked part has grown by ``growth`` times since the last one and at
least ``min_interval`` seconds have passed: the partial publishes then add up to less than
``growth / (growth - 1)`` times the final one (linear in size), and at most a few a second.
The visible part of the document is published as soon as it is done."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class PublishThrottle:
    """Decides, after each batch of a progressive check, whether to publish now."""

    min_interval: float = 0.3
    growth: float = 2.0
    clock: Callable[[], float] = time.monotonic
    _last_at: float | None = field(default=None, init=False)
    _last_done: int = field(default=0, init=False)
    _visible_sent: bool = field(default=False, init=False)

    def should_publish(self, done: int, visible_done: bool = False) -> bool:
        """True when ``done`` checked sentences are worth a partial publish (and record it);
        ``visible_done``: every sentence the client shows is among them."""
        now = self.clock()
        first_visible = visible_done and not self._visible_sent
        grown = self._last_at is None or done >= self.growth * self._last_done
        waited = self._last_at is None or now - self._last_at >= self.min_interval
        if first_visible or (grown and waited):
            self._last_at = now
            self._last_done = done
            self._visible_sent = self._visible_sent or visible_done
            return True
        return False
