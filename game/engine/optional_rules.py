"""Optional rules: the rulebook's rules a scenario offers as options, switched on at set-up
(R246). A game keeps the ones in force in its state (`GameState.optional_rules`) and its save.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.cards import OPTIONAL_FOG_OF_WAR  # --- cards (issue 19)
from game.rules.house_clearing import BUILDING_CLEARING

OPTIONAL_RULES: dict[str, str] = {
    BUILDING_CLEARING: "Building Clearing (Rulebook: House Clearing)",
    OPTIONAL_FOG_OF_WAR: "Optional Fog of War (Rulebook: Optional Fog of War)",  # cards, R184
}
"""Every optional rule the engine plays, by its name in files and on the command line."""


def check_rules(names: Iterable[str]) -> list[str]:
    """The names, checked and in a stable order; ValueError (one line) for an unknown one."""
    out: list[str] = []
    for name in names:
        if name not in OPTIONAL_RULES:
            known = ", ".join(OPTIONAL_RULES)
            raise ValueError(f"unknown optional rule {name!r} (known: {known})")
        if name not in out:
            out.append(name)
    return sorted(out)


def parse_switch(text: str) -> tuple[str, bool]:
    """`building-clearing=on` (or `=off`) as (name, on); ValueError naming the problem."""
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip().lower()
    if not sep or value not in ("on", "off"):
        raise ValueError(f"--rule {text!r}: write NAME=on or NAME=off")
    check_rules([name])
    return name, value == "on"


def apply_switches(offered: Iterable[str], switches: Iterable[str]) -> list[str]:
    """The rules in force: none of the scenario's offered rules by default (they are options),
    then each `NAME=on|off` switch in order (R246)."""
    check_rules(offered)
    on: set[str] = set()
    for text in switches:
        name, value = parse_switch(text)
        if value:
            on.add(name)
        else:
            on.discard(name)
    return sorted(on)
