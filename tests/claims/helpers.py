"""Checking claims in tests: a false one fails loudly with the position and the sentence."""

from __future__ import annotations

import json
from collections.abc import Iterable

from solver.claims import Claim, Context, false_claims


def assert_all_true(claims: Iterable[Claim], ctx: Context, where: str = "") -> int:
    """Every claim is true of ``ctx``; returns how many were checked."""
    claims = list(claims)
    wrong = false_claims(claims, ctx)
    if wrong:
        lines = [f"{len(wrong)} false claim(s) {where}",
                 "position: " + json.dumps(ctx.position.to_dict(), ensure_ascii=False)]
        lines += [f"  [{c.kind}] {c.render()!r}: {reason}" for c, reason in wrong]
        raise AssertionError("\n".join(lines))
    return len(claims)
