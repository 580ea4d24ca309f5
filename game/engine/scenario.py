"""The scenario protocol: what a scenario tells the engine (set-up, special rules, objectives,
victory points and when the game ends). Defined here, by the engine; implemented in
game/scenarios/ (Rulebook: Scenarios). The engine never imports game.scenarios.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from game.battlefield.model import Battlefield, Edge
from game.engine.state import GameState, UnitState
from game.engine.terrain import Terrain

INSURGENT_OBJECTIVE_KINDS = ("hot_spots", "contractors", "exit_edges")
"""What the Insurgents can play for, the places their solo rows' "nearest objective" means:
`hot_spots` the active Hot Spots (to hold), `contractors` the contractors waiting or held by the
Regulars (not those escorted off or captive), `exit_edges` the Regulars' exit edges (to bar),
once leaving by them counts. Objective markers drawn on the map always count as well."""


@dataclass(frozen=True)
class Objectives:
    """What the sides play for, published in the game state and so in every PlayerView: the AIs
    read this, never the scenario's id.

    `contractors`: the Regulars reach the contractors and escort them off (Contracting Trouble!).
    `hot_spots`: the Regulars neutralize hot spots (Sweep & Clear, a patrol).
    `exit_after_hot_spots`: leaving by an exit edge counts only once this many hot spots are
    neutralized (0: at any time); the exit edges themselves are the state's `exit_edges`.
    `insurgent_objectives`: what the Insurgents play for (`INSURGENT_OBJECTIVE_KINDS`); None
    mirrors the Regulars' mission (the contractors, else the hot spots, and the exit edges when
    leaving counts).
    """

    contractors: bool = False
    hot_spots: bool = True
    exit_after_hot_spots: int = 0
    insurgent_objectives: tuple[str, ...] | None = None
    # --- Scenario 3 (issue 19) ---
    exit_from_turn: int = 0  # leaving by an exit edge is allowed from this turn on (R207)
    hold_objectives: bool = False  # the Regulars hold the buildings marked Objective (R203)
    # --- Turkey Shoot (issue 20): the snipers' fire mission in the Objective building ---
    fire_mission: bool = False

    def __post_init__(self) -> None:
        for kind in self.insurgent_objectives or ():
            if kind not in INSURGENT_OBJECTIVE_KINDS:
                known = ", ".join(INSURGENT_OBJECTIVE_KINDS)
                raise ValueError(f"unknown Insurgent objective {kind!r} (known: {known})")

    def insurgent_goals(self) -> tuple[str, ...]:
        """The Insurgents' objective kinds, the mirrored default filled in."""
        if self.insurgent_objectives is not None:
            return self.insurgent_objectives
        mirrored = ["contractors"] if self.contractors else []
        if self.hot_spots:
            mirrored.append("hot_spots")
        if self.exit_after_hot_spots:
            mirrored.append("exit_edges")
        return tuple(mirrored)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["insurgent_objectives"] = list(self.insurgent_goals())
        return data


class Scenario:
    """A scenario definition. Subclasses fill in set-up and victory (Rulebook: Scenarios)."""

    id = "patrol"
    title = "Patrol"
    brief = ""
    turn_limit = 10  # R31
    insurgency_level = "4"
    fog_of_war = False
    fog_of_war_initial = 0  # --- cards (issue 19): Fog of War cards drawn at set-up
    contractors = False  # the contractor special rules (Contracting Trouble!) apply
    objectives = Objectives()
    places_hot_spots = False
    fire_mission = False  # --- Turkey Shoot (issue 20): the fire mission is played (R226) ---
    asset_units: tuple[tuple[str, str], ...] = ()  # vehicles (issue 20): (unit id, card id), R295
    """A map without hot spots gets five placed at set-up, with the game's dice, where an
    Insurgent player would put them (Hot Spots in Solo Games; R45, R79)."""
    optional_rules: tuple[str, ...] = ()  # house clearing (issue 21): offered at set-up (R246)
    # --- night (issue 19) ---
    night = False  # Night Fighting (the `night` special rule; R200)
    night_vision: dict[str, bool] = {}  # noqa: RUF012 (side -> override; set per instance)
    reinforcement_edges = ""  # an edge table's name: reinforcements come on by table edges (R206)

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        raise NotImplementedError

    def insurgent_profile(self, kind: str) -> tuple[int, int]:
        """(quality, morale) die sizes for an arriving Insurgent figure of this kind."""
        return (6, 10)

    def skips_reinforcements(self, turn: int) -> bool:
        """Whether step 8 (Arrival of Insurgent Reinforcements) is left out at the start of this
        turn: only a game set up in the middle of play (a sandbox situation) does, for the turn
        it starts in; every scenario of the rulebook plays it from turn 2 on (R20)."""
        return False

    def exit_allowed(self, state: GameState, unit: UnitState) -> bool:
        """Whether a Regular unit at an exit edge may leave now (the scenario's objectives)."""
        needed = self.objectives.exit_after_hot_spots
        if state.turn < self.objectives.exit_from_turn:  # --- Scenario 3 (issue 19): R207
            return False
        if self.fire_mission and not state.tally.get("fire_mission_done"):  # Turkey Shoot (R227)
            return False
        return state.tally.get("hot_spots_neutralized", 0) >= needed

    def finished(self, state: GameState) -> str | None:
        """Why the game ends now (R31), or None."""
        return None

    def score(self, state: GameState) -> tuple[int, int, list[str]]:
        raise NotImplementedError

    def victory_conditions(self) -> list[str]:
        """The victory conditions in words, one per condition (set-up screen, headless RESULT)."""
        return []


@dataclass(frozen=True)
class SpecialRule:
    """A scenario special rule the engine plays, by the name a scenario file gives it."""

    title: str
    apply: Callable[[Scenario], None]


def _contractors(scenario: Scenario) -> None:
    scenario.contractors = True


# --- night (issue 19) ---
def _night(scenario: Scenario) -> None:
    scenario.night = True


# --- Turkey Shoot (issue 20) ---
def _fire_mission(scenario: Scenario) -> None:
    scenario.fire_mission = True
    scenario.objectives = replace(scenario.objectives, fire_mission=True)


SPECIAL_RULES: dict[str, SpecialRule] = {
    "contractors": SpecialRule("Moving the Contractors (Scenario 1)", _contractors),
    "fire_mission": SpecialRule("The snipers' fire mission (Scenario 2)", _fire_mission),
    # --- civilians (issue 21): mobs from the map's CivilianMob markers, the POI from its POI
    # marker, held by the Regular unit nearest it (R230, R237) ---
    "civilians": SpecialRule("Civilians on the Battlefield", lambda s: None),
    "poi_custody": SpecialRule(
        "the Person of Interest in custody (Dependants; Scenario 5)", lambda s: None
    ),
    "night": SpecialRule("Night Fighting", _night),
    # --- vehicles (issue 20): played wherever a unit is a vehicle; the name is accepted ---
    "vehicles": SpecialRule("Vehicle Rules", lambda s: None),
}
"""The special rules a scenario may name (docs/SCENARIOS.md). A new one is a new rule: its
procedure goes where its rulebook heading says, and its name here."""

NOT_YET_PLAYED: dict[str, str] = {
    "building_clearing": "Building Clearing",
}
"""Special rules of the rulebook's scenarios the engine does not play yet: a scenario file
naming one is refused with the rule's name, never played without it."""


def edge_distance(point: tuple[float, float], edge: str, width: float, height: float) -> float:
    x, y = point
    return {
        Edge.NORTH.value: y,
        Edge.SOUTH.value: height - y,
        Edge.WEST.value: x,
        Edge.EAST.value: width - x,
    }[edge]
