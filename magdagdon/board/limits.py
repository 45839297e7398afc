"""Rate limits: a token bucket per address and per installation, kept in the node's memory.

A bucket holds ``burst`` requests and refills at ``per_minute``; a request finding it empty
is answered 429 with the seconds until a token is back (Retry-After). The buckets of the
quietest keys are forgotten past ``MAX_KEYS`` (a forgotten bucket is a full one again), so a
flood of addresses cannot fill the memory. Behind a load balancer each node counts alone
(docs/BOARD.md)."""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

MAX_KEYS = 100_000


@dataclass(frozen=True)
class Rule:
    per_minute: float
    burst: int

    @classmethod
    def parse(cls, text: str) -> "Rule":
        """``"30/10"``: 30 a minute, 10 at once."""
        rate, _, burst = text.partition("/")
        rule = cls(float(rate), int(burst or max(1, float(rate))))
        if rule.per_minute <= 0 or rule.burst < 1:
            raise ValueError(f"a limit is a positive rate a minute and a burst of at least 1, not {text!r}")
        return rule


@dataclass(frozen=True)
class Limits:
    reads_per_address: Rule = Rule(600, 120)  # pages and answers read: a busy page, reloaded
    games_per_address: Rule = Rule(30, 20)  # a party's table sends its guests' games from one address
    games_per_installation: Rule = Rule(6, 8)  # a game takes minutes; a queue sent after a day offline


class Buckets:
    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def take(self, key: str, now: float) -> float | None:
        """None when ``key`` may go on (a token taken); else the seconds until it may."""
        rule = self.rule
        tokens, when = self._levels.pop(key, (float(rule.burst), now))
        tokens = min(float(rule.burst), tokens + max(0.0, now - when) * rule.per_minute / 60)
        wait = None
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) * 60 / rule.per_minute
        self._levels[key] = (tokens, now)
        while len(self._levels) > MAX_KEYS:
            self._levels.popitem(last=False)
        return wait


def retry_after(seconds: float) -> int:
    """Whole seconds to wait, never 0."""
    return max(1, math.ceil(seconds))
