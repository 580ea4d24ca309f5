"""How the AIs play a card's choice (Rulebook: Fog of War & Asset Cards), for both sides, with
the reason logged: simple rules that pick where the card's effect counts most.

- An Excellent Position (`choosing` "unit"): the unit nearest the enemy, which is the one most
  likely to be shot at; ties by more figures, then id.
- Player's Choice! (`choosing` "asset"): the asset highest in `ASSET_PREFERENCE` (firepower the
  Regulars can call on at once before transport and teams).
- Anything else: the first legal answer, said so.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.card_choices import choose_round_two
from game.ai.hostage_choice import CARD as HOSTAGE_CARD
from game.ai.hostage_choice import choose_hostage
from game.battlefield.model import Battlefield
from game.engine.commands import Answer, Command
from game.engine.view import PlayerView

ASSET_PREFERENCE = (
    "armed-predator",
    "available-air-support",
    "off-board-heavy-mortar",
    "off-board-light-mortar",
    "attached-medic",
    "uav",
    "attached-mg-team",
    "attached-lmg-team",
    "attached-sniper-team",
    "off-board-sniper-team",
    "smaw",
)


def _centre(unit: dict[str, Any]) -> tuple[float, float] | None:
    live = [f for f in unit["figures"] if f["status"] == "ok"]
    if not live:
        return None
    return (sum(f["x"] for f in live) / len(live), sum(f["y"] for f in live) / len(live))


def _nearest_enemy(view: PlayerView, unit: dict[str, Any]) -> float:
    here = _centre(unit)
    if here is None:
        return math.inf
    best = math.inf
    for other in view.state["units"].values():
        if other["side"] == unit["side"] or other["status"] != "active":
            continue
        there = _centre(other)
        if there is not None:
            best = min(best, math.dist(here, there))
    return best


def choose_card(view: PlayerView, battlefield: Battlefield | None = None) -> tuple[Command, str]:
    """The answer to a `card_choice` decision and the reason, for the controller's log."""
    assert view.decision is not None
    context = view.decision.get("context", {})
    title = str(context.get("title", "the card"))
    answers = [c for c in view.legal if isinstance(c, Answer)]
    if not answers:
        return view.legal[0], f"{title}: the only answer"
    choosing = context.get("choosing")
    units = view.state["units"]
    if context.get("card") == HOSTAGE_CARD and battlefield is not None:  # cards round 3 (R319)
        return choose_hostage(view, battlefield, title, answers)
    if choosing == "road_block":  # --- vehicles entering play: Road Block! (R304) ---
        # before the round-two cards: their "who fires at the runners" list answer would
        # otherwise take the street's [x, y] for a list of shooters (qa, Sweep & Clear seed 24)
        x, y = answers[0].choice
        return answers[0], f"{title}: the narrowest street offered, at ({x:.1f}, {y:.1f}) (R304)"
    picked = choose_round_two(view, battlefield, str(context.get("card", "")), title, answers)
    if picked is not None:  # --- cards, round 2 (R288) ---
        return picked
    if choosing == "unit":

        def threat(a: Answer) -> tuple[float, int, str]:
            unit = units[str(a.choice)]
            live = sum(1 for f in unit["figures"] if f["status"] == "ok")
            return (_nearest_enemy(view, unit), -live, str(a.choice))

        pick = min(answers, key=threat)
        gap = threat(pick)[0]
        name = units[str(pick.choice)]["name"]
        where = f'{gap:.1f}" from the nearest enemy' if gap < math.inf else "no enemy in play"
        return pick, f"{title}: {name}, the unit nearest the enemy ({where}), takes the position"
    if choosing == "asset":
        ranked = sorted(
            answers,
            key=lambda a: (
                ASSET_PREFERENCE.index(str(a.choice))
                if str(a.choice) in ASSET_PREFERENCE
                else len(ASSET_PREFERENCE),
                str(a.choice),
            ),
        )
        return ranked[0], f"{title}: takes {ranked[0].choice}, the most useful asset left"
    if choosing == "identify":  # --- vehicles entering play: Cross-Town Traffic (R308) ---
        from game.ai.vehicle_support import identify_choice

        return identify_choice(view, title, answers)
    return answers[0], f"{title}: no rule for choosing a {choosing}: the first answer"
