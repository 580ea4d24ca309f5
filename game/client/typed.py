"""Text typed, pasted or read from a file, made safe to draw.

Fonts draw invisible characters (zero-width spaces U+200B, direction marks such as U+202E, the
byte-order mark U+FEFF, control characters…) as nothing at all, and SDL refuses to draw a text
that is nothing but such characters ("Text has zero width"), or that holds a NUL. Everything the
player types or pastes, and every name read from a file, loses them here first.
"""

from __future__ import annotations

import unicodedata

INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})
"""Unicode categories with nothing to draw: controls, format marks, surrogates, unassigned
code points and line/paragraph separators."""


def visible(value: str) -> str:
    """`value` without the characters that draw as nothing (see INVISIBLE)."""
    if value.isascii() and value.isprintable():
        return value
    return "".join(c for c in value if unicodedata.category(c) not in INVISIBLE)
