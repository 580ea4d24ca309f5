"""Small helpers for the words of the game's log lines (rules and engine alike)."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`1 casualty`, `2 casualties`, `0 failures`: the count with its noun in the right number
    (`plural` when adding an "s" is not it)."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural if plural is not None else noun + 's'}"
