"""The exact odds in words, as the order previews show them (split from
`game/client/orders.py`): each casualty count's chance and the expected hits."""

from __future__ import annotations

from fractions import Fraction

from game.i18n import _
from game.rules.odds import CasualtyOdds


def percent(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 0.5:
        return "<1%"
    return f"{value:.0f}%"


def odds_text(odds: CasualtyOdds, hits: str = "casualties") -> str:
    """`3d8 vs 2d10: P(0) 41% · P(1) 38% · P(2) 17% · P(3) 4% · expected 0.84 casualties`
    (against a vehicle: penetrating hits, each a damage check)."""
    parts = [f"P({k}) {percent(p)}" for k, p in enumerate(odds.exact)]
    return (
        _("{attack} vs {defense}: ").format(attack=odds.attack_label, defense=odds.defense_label)
        + " · ".join(parts)
        + " · "
        + (
            _("expected {n} casualties").format(n=f"{odds.expected:.2f}")
            if hits == "casualties"
            else _("expected {n} {hits}").format(n=f"{odds.expected:.2f}", hits=hits)
        )
    )
