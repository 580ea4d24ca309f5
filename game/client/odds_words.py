"""The exact odds in words, as the order previews show them (split from
`game/client/orders.py`): each casualty count's chance and the expected hits."""

from __future__ import annotations

from fractions import Fraction

from game.i18n import _, number
from game.i18n import percent as in_percent
from game.rules.odds import CasualtyOdds


def percent(p: Fraction) -> str:
    """A chance in per cent, in the language in use; under a half per cent is "<1%"."""
    if 0 < float(p) * 100 < 0.5:
        return "<" + in_percent(0.01)
    return in_percent(float(p))


def odds_text(odds: CasualtyOdds, hits: str = "casualties") -> str:
    """`3d8 vs 2d10: P(0) 41% · P(1) 38% · P(2) 17% · P(3) 4% · expected 0.84 casualties`
    (against a vehicle: penetrating hits, each a damage check)."""
    parts = [f"P({k}) {percent(p)}" for k, p in enumerate(odds.exact)]
    return (
        _("{attack} vs {defense}: ").format(attack=odds.attack_label, defense=odds.defense_label)
        + " · ".join(parts)
        + " · "
        + (
            _("expected {n} casualties").format(n=number(odds.expected, 2))
            if hits == "casualties"
            else _("expected {n} {hits}").format(n=number(odds.expected, 2), hits=hits)
        )
    )
