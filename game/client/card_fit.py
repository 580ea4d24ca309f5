"""The unit card fits its box: a card too long for the space above the order buttons (a
vehicle's card on a 1280x800 French screen ran its last line, the Firepower at the target,
out of sight) is set again in a smaller font before it would need scrolling (polish)."""

from __future__ import annotations

from pygame_gui.elements import UITextBox

SMALLER = 3.5
"""pygame_gui's HTML font size for a card that does not fit: 13 px against the card's 15."""
SMALLEST = 3
"""A step further, 12 px, for the longest cards (polish round 7: a French fireteam escorting the
Person of Interest, its Dependants line three rows long, still scrolled at 13 px and hid its
odds at the target)."""


def fit_card_text(box: UITextBox, markup: str) -> bool:
    """Show `markup` in the card's box, in a smaller font when it would not fit; whether it
    fits now."""
    box.set_text(markup)
    for size in (SMALLER, SMALLEST):
        if box.scroll_bar is None:
            return True
        box.set_text(f"<font size={size}>{markup}</font>")
    return box.scroll_bar is None
