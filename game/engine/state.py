"""The game state: plain data that fits in JSON, changed only by the engine.

Everything here is deliberately dumb: dataclasses with lists and dicts of primitives, so that the
whole state can be compared byte for byte (`to_json`), copied, shown to a player and saved.
"""

from __future__ import annotations

import copy
import functools
import json
import math
from dataclasses import dataclass, field, fields
from typing import Any

from game.battlefield.model import Point, UnitPosition
from game.engine.protocol import ContractorStatus, FigureStatus, UnitStatus
from game.rules.dice import Die
from game.rules.units import Weapon

REGULAR = "regular"
INSURGENT = "insurgent"
SIDES = (REGULAR, INSURGENT)

KIND_WEAPONS: dict[str, Weapon] = {
    "saw": Weapon.LIGHT_SUPPORT,
    "rgl": Weapon.LIGHT_SUPPORT,
    "l_support": Weapon.LIGHT_SUPPORT,
    "mg": Weapon.MEDIUM_SUPPORT,
    "hmg": Weapon.MEDIUM_SUPPORT,
    "rpg": Weapon.RPG,
    "at_rpg": Weapon.AT_RPG,
    "sniper": Weapon.SNIPER_RIFLE,
    "smaw": Weapon.AT_RPG,  # support assets (issue 19): the SMAW card, anti-tank (R194, R348)
    "dshk": Weapon.MEDIUM_SUPPORT,  # --- cards (issue 19): Dishkuh!'s emplaced DShK (R285) ---
}
"""The weapon a figure kind carries, as the rules room sees it (the log's name for it is
`narration.SUPPORT_WEAPONS`); any other kind (leader, rifle, small arms, medic) carries a
standard weapon."""

EMPLACED_ARMS = frozenset({"dshk"})
"""--- cards (issue 19): weapons that come emplaced (always in Optimum Range; R285)."""

SUPPORT_DICE = {
    kind: weapon.support_dice for kind, weapon in KIND_WEAPONS.items() if weapon.is_support
}
"""Extra Firepower dice per support weapon figure kind, read from the rules room's weapons
(Rulebook: Support Weapon Dice; RPGs of either kind are Medium against infantry, R36)."""

DIE_ORDER = (6, 8, 10, 12)

FIGURE_OK = FigureStatus.OK
"""`FigureStatus.OK` bound once for the loops over every figure that run at nearly every rules or
AI question (a member read from its enum class costs several times a plain name)."""


_ATOMS = frozenset({str, int, float, bool, type(None)})


def plain_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples of plain values), as
    `copy.deepcopy` would make it but without its memo bookkeeping; anything else goes to
    `copy.deepcopy`."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is tuple:
        return tuple(plain_copy(v) for v in value)
    if isinstance(value, str):  # the protocol's StrEnum members (statuses, rates) are immutable
        return value
    return copy.deepcopy(value)


def side_name(side: str) -> str:
    return "Regulars" if side == REGULAR else "Insurgents"


@dataclass
class FigureState:
    id: str
    kind: str  # leader, rifle, small_arms, saw, rgl, l_support, rpg, at_rpg, mg, hmg, medic
    x: float
    y: float
    quality: int = 8
    morale: int = 10
    status: str = FigureStatus.OK  # ok | hit (awaiting First Aid) | returning (back next turn)
    # a support weapon taken up by a figure of another kind: an Insurgent leader, when no
    # rifleman was left to carry a fallen gunner's weapon (R41)
    weapon: str = ""

    @property
    def arms(self) -> str:
        """What the figure fights with: the weapon it took up, else its own kind's."""
        return self.weapon or self.kind

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def effective(self) -> bool:
        return self.status == FIGURE_OK


@dataclass
class UnitState:
    id: str
    name: str
    side: str
    figures: list[FigureState]
    elevation: int = 0
    armour: bool = False
    morale_bonus: int = 0  # a squad leader above fireteam level: +1 to Morale rolls
    morale_shift: int = 0  # Shaken steps taken so far
    status: str = UnitStatus.ACTIVE  # active | removed | broken | exited | captured | merged
    activated_turn: int = 0
    interrupted_turn: int = 0
    overwatch: bool = False
    overwatch_shots: int = 0
    pinned_turn: int = 0
    pins_this_turn: int = 0
    regroup_turn: int = 0
    shaken_turn: int = 0  # the last turn it was Shaken in
    recovering_from: int = 0  # the first turn of the Shaken recovery under way (`recovering`)
    last_moved_turn: int = 0
    move_rate_turn: int = 0
    move_rate: str = ""  # cautious | rapid | out_of_contact (for move_rate_turn)
    fired_turn: int = 0
    charging: bool = False  # declared a Close Assault, not yet in contact: −1 Defense (R42)
    ever_casualties: bool = False
    dependants: list[str] = field(default_factory=list)  # contractor, casualty, pow
    seen: bool = False
    placed_turn: int = 0
    in_cover_turn: int = 0
    neutralizing: int = 0  # hot spot number being neutralized, 0 for none
    neutralize_turn: int = 0
    last_attacker: str = ""
    last_x: float = 0.0  # where the unit's last figure stood, once it has none left
    last_y: float = 0.0
    acted_turn: int = 0  # an Insurgent unit acted in the Insurgent phase of this turn
    joined_turn: int = 0  # a leader joined this unit this turn: it may fire, not move
    finished_turn: int = 0  # the unit may do nothing more this turn (a leader joined it late)
    merge_with: str = ""  # the friendly unit it chose to merge with at the next turn's start
    merged_into: str = ""  # status "merged": the unit whose figures it became part of
    # --- house clearing (issue 21) ---
    stacked_on: int = -1  # the building id it stacked against (Stacking; R240), -1 for none
    stacked_turn: int = 0  # the turn it stacked (or last failed to clear) in
    lost_turn: int = 0  # a turn the unit loses after a thorough clearance (R243)
    clearing_hits: list[str] = field(default_factory=list)  # hit clearing, awaiting First Aid
    trapped: int = 0  # its casualties left inside `trapped_in` on a failed Quality Test (R247)
    trapped_in: int = -1  # the building of its failed clearance
    # --- support assets (issue 19) ---
    designation: str = ""  # "special_weapon_team" | "sniper_team" (Special Weapon Teams; R196)
    # --- night (issue 19) ---
    night_vision: bool | None = None  # None: the book's default (Regulars yes, Insurgents no)
    # --- polish round 7 (R358): how many of its carried casualties are dead (First Aid's KIA);
    # kept no higher than the casualties it carries (`casualties.carried_wounded`) ---
    carried_dead: int = 0

    def shake(self, turn: int) -> None:
        """Shaken in `turn` (Rulebook: Shaken): the unit spends the next turn recovering, even
        when it is Shaken again during a recovery turn (then it recovers through the turn after
        as well, R102)."""
        if not self.recovering(turn):
            self.recovering_from = turn + 1
        self.shaken_turn = turn

    def recovering(self, turn: int) -> bool:
        """Whether `turn` is one the unit spends recovering from being Shaken: it may only move
        away from the enemy and takes no aggressive action (Rulebook: Shaken; R102). The one
        answer to that question for the engine, the AIs and the client."""
        return 0 < self.recovering_from <= turn <= self.shaken_turn + 1

    def merge_shaken(self, other: UnitState, turn: int) -> None:
        """A merge at the start of `turn` keeps the worse of both units' Shaken states: the
        later Shaken turn, and a recovery this turn if either was recovering (R81, R102)."""
        recovering = [u.recovering_from for u in (self, other) if u.recovering(turn)]
        later = max((self, other), key=lambda u: u.shaken_turn)
        self.shaken_turn = later.shaken_turn
        self.recovering_from = min(recovering) if recovering else later.recovering_from

    @property
    def lone_leader(self) -> bool:
        """A unit of leader figures only (Rulebook: Leaders Joining a Unit)."""
        live = self.effective_figures
        return bool(live) and all(f.kind == "leader" for f in live)

    @property
    def on_table(self) -> bool:
        return self.status == UnitStatus.ACTIVE

    # These run for every figure at nearly every rules or AI question, so `FigureState.effective`
    # and `.pos` are spelled out inline (`status == FIGURE_OK`, `(x, y)`).
    @property
    def effective_figures(self) -> list[FigureState]:
        return [f for f in self.figures if f.status == FIGURE_OK]

    @property
    def has_leader(self) -> bool:
        return any(f.kind == "leader" and f.status == FIGURE_OK for f in self.figures)

    @property
    def leader_point(self) -> Point:
        for f in self.figures:
            if f.kind == "leader" and f.status == FIGURE_OK:
                return (f.x, f.y)
        return self._most_central(self.effective_figures or self.figures)

    def _most_central(self, live: list[FigureState]) -> Point:
        """Where a unit without an effective leader is measured from: the figure nearest the
        middle of `live` (the last figure's spot when none is left)."""
        if not live:
            return (self.last_x, self.last_y)
        cx = sum(f.x for f in live) / len(live)
        cy = sum(f.y for f in live) / len(live)
        best, best_d = live[0], math.inf
        for f in live:  # the first of the nearest, as `min` picks
            d = (f.x - cx) ** 2 + (f.y - cy) ** 2
            if d < best_d:
                best, best_d = f, d
        return (best.x, best.y)

    @property
    def centre(self) -> Point:
        live = self.effective_figures or self.figures
        if not live:
            return (self.last_x, self.last_y)
        return (sum(f.x for f in live) / len(live), sum(f.y for f in live) / len(live))

    def position(self) -> UnitPosition:
        """What geometry needs: the combat-effective figures (R3)."""
        live = [f for f in self.figures if f.status == FIGURE_OK]
        leader: Point | None = None
        if live:
            # the same point as `leader_point`: its first live leader, else the most central
            leader = next(((f.x, f.y) for f in live if f.kind == "leader"), None)
            if leader is None:
                leader = self._most_central(live)
        return UnitPosition(
            id=self.id,
            figures=tuple((f.x, f.y) for f in live),
            elevation=self.elevation,
            leader=leader,
        )

    def quality_die(self) -> Die:
        """Mixed units: the majority's quality, the lowest on a tie (Rulebook: Mixed Units)."""
        return _majority_die(tuple([f.quality for f in self.effective_figures or self.figures]))

    def base_morale(self) -> int:
        """Mixed Unit Morale: the best leader's, else the majority's, else the lowest."""
        live = self.effective_figures or self.figures
        leaders = [f.morale for f in live if f.kind == "leader"]
        if leaders and self.side == INSURGENT:
            return max(leaders)
        return _majority([f.morale for f in live])

    def morale_die(self) -> Die | None:
        """The current Morale die after Shaken shifts; None means broken (R11)."""
        return Die(self.base_morale()).shifted(-self.morale_shift)

    def support_weapons(self) -> list[str]:
        return [f.arms for f in self.effective_figures if f.arms in SUPPORT_DICE]


@functools.lru_cache(maxsize=4096)
def _majority_die(values: tuple[int, ...]) -> Die:
    """`Die(_majority(values))`, remembered: a unit's quality is asked at every shot weighed."""
    return Die(_majority(list(values)))


def _majority(values: list[int]) -> int:
    if not values:
        return 6
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    best = max(counts.values())
    return min(v for v, c in counts.items() if c == best)


@dataclass
class HotSpotState:
    number: int
    x: float
    y: float
    neutralized: bool = False


@dataclass
class ContractorState:
    id: str
    x: float
    y: float
    holder: str = ""  # unit id holding the contractor as a Dependant
    status: str = ContractorStatus.WAITING  # waiting | escorted | held | captive
    # --- civilians (issue 21): "poi" for Hornet's Nest's Person of Interest (R237) ---
    kind: str = "contractor"  # the Dependant entry its holder carries: contractor | poi


# --- civilians (issue 21) ---
@dataclass
class MobState:
    """A civilian mob: one stand (Rulebook: Civilians on the Battlefield; R232)."""

    id: str
    x: float
    y: float
    status: str = "calm"  # calm | dispersed | armed (became an Insurgent unit)
    killed: int = 0  # civilians of this mob killed so far

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def on_table(self) -> bool:
        return self.status == "calm"


@dataclass
class Activation:
    """The unit being activated and what it has done so far (Rulebook: Interruptions)."""

    unit: str
    moved: float = 0.0
    fired: bool = False
    acted: bool = False
    interruptions: int = 0
    window_done: bool = False
    tending: bool = False  # the unit began this activation with wounded to tend (R27)
    rate: str = ""
    path: list[Point] = field(default_factory=list)
    travelled: float = 0.0
    sighted: list[str] = field(default_factory=list)
    action: str = ""  # what the unit is doing now: "move", "fire" or "close_assault"
    targets: list[str] = field(default_factory=list)  # the units it fires at or assaults
    # --- support assets (issue 19) ---
    called: str = ""  # the asset it called: mortars and aircraft keep the caller still (R191)

    @classmethod
    def begin(cls, unit: UnitState) -> Activation:
        """The activation `unit` starts now: it tends wounded it already carries (R27); figures
        hit later in it wait for the next one (Interruption Aftermath, R97)."""
        return cls(unit.id, tending=any(f.status == FigureStatus.HIT for f in unit.figures))

    @property
    def penalty(self) -> int:
        """−1" per interruption after the first (R24), and −1 Firepower die for each one after
        the first when the unit fires back at an interruption (R16, R37)."""
        return max(0, self.interruptions - 1)

    @property
    def own_fire_penalty(self) -> int:
        """The Firepower dice the unit's own fire loses: one per interruption before it (R37,
        Examples of Firepower, example 2: interrupted twice, then it fires, two dice fewer)."""
        return self.interruptions


@dataclass
class GameState:
    scenario_id: str
    title: str
    map_path: str
    seed: int
    turn_limit: int = 10
    insurgency_level: str = "4"
    difficulty: str = "book"  # book, hard or brutal (game/engine/difficulty.py; R132-R134)
    fog_of_war: bool = False
    entry_edges: list[str] = field(default_factory=list)
    exit_edges: list[str] = field(default_factory=list)
    aid_stations: list[list[float]] = field(default_factory=list)  # CASEVAC assets (R128)
    objectives: dict[str, Any] = field(default_factory=dict)  # the scenario's `Objectives`
    turn: int = 0
    phase: str = "setup"
    units: dict[str, UnitState] = field(default_factory=dict)
    hot_spots: dict[str, HotSpotState] = field(default_factory=dict)
    contractors: list[ContractorState] = field(default_factory=list)
    tally: dict[str, int] = field(default_factory=dict)
    next_unit_number: int = 1
    decisions_asked: int = 0
    activation: Activation | None = None  # the Regular activation under way, if any
    pending: dict[str, Any] | None = None
    dice: dict[str, int] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    # --- vehicles (issue 20): crew unit id -> `engine.vehicles.VehicleRecord` as plain data ---
    vehicles: dict[str, dict[str, Any]] = field(default_factory=dict)
    # --- civilians (issue 21) ---
    mobs: list[MobState] = field(default_factory=list)
    civilian_combats: list[list[float]] = field(default_factory=list)  # this turn's fire (x, y)
    insurgency_raised_turn: int = 0  # the turn a civilian casualty last raised the level (R76)
    insurgency_lowered_turn: int = 0
    # --- fallen figures (issue 22 item 5) ---
    fallen: list[list[Any]] = field(default_factory=list)  # [x, y, side, kind]: bodies left
    # --- house clearing (issue 21) ---
    optional_rules: list[str] = field(default_factory=list)  # set-up toggles (R246)
    cleared_buildings: list[int] = field(default_factory=list)  # ids, in clearing order (R244)
    pows_in_buildings: dict[str, int] = field(default_factory=dict)  # building id: POWs (R248)
    # --- support assets (issue 19) ---
    assets: dict[str, list[str]] = field(default_factory=dict)  # side -> asset ids held
    assets_called: list[str] = field(default_factory=list)  # asset ids called this turn
    assets_called_turn: int = 0  # the turn `assets_called` belongs to
    # --- cards (issue 19) --- the decks, hands and lasting card effects (game/engine/cards.py);
    # the Optional Fog of War rule (R184) is one of `optional_rules`
    cards: dict[str, Any] = field(default_factory=dict)
    # --- Commander Insurgent AI (issue 17 §2) ---
    insurgent_ai: str = ""  # which Insurgent controller the game was started with ("" unknown)
    # --- night (issue 19) ---
    night: bool = False  # Night Fighting: the game is fought at night (R200-R209)
    night_vision: dict[str, bool] = field(default_factory=dict)  # side -> scenario's override

    def units_of(self, side: str) -> list[UnitState]:
        return [u for u in self.units.values() if u.side == side and u.on_table]

    def count(self, key: str, amount: int = 1) -> None:
        self.tally[key] = self.tally.get(key, 0) + amount

    def to_dict(self, *, events: bool = True) -> dict[str, Any]:
        """The state as plain JSON data (without the event log when `events` is False)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "events" and not events:
                continue
            value = getattr(self, f.name)
            # Built from the dataclasses' own dicts: `dataclasses.asdict` recursion (and later
            # `copy.deepcopy`) cost more than the AIs' thinking (a view is taken at every
            # decision). Units, figures, hot spots and contractors hold plain values and lists
            # of them; a test pins this to `asdict`.
            if f.name == "units":
                data[f.name] = {
                    k: {
                        **{n: plain_copy(v) for n, v in u.__dict__.items() if n != "figures"},
                        "figures": [dict(fig.__dict__) for fig in u.figures],
                    }
                    for k, u in value.items()
                }
            elif f.name == "hot_spots":
                data[f.name] = {k: dict(h.__dict__) for k, h in value.items()}
            elif f.name in ("contractors", "mobs"):
                data[f.name] = [dict(c.__dict__) for c in value]
            elif f.name == "activation":
                data[f.name] = None if value is None else plain_copy(value.__dict__)
            else:
                data[f.name] = plain_copy(value)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        raw = dict(data)
        raw["units"] = {
            k: UnitState(**{**u, "figures": [FigureState(**f) for f in u["figures"]]})
            for k, u in data["units"].items()
        }
        raw["hot_spots"] = {k: HotSpotState(**h) for k, h in data["hot_spots"].items()}
        raw["contractors"] = [ContractorState(**c) for c in data["contractors"]]
        raw["mobs"] = [MobState(**m) for m in data.get("mobs", [])]  # civilians (issue 21)
        act = data.get("activation")
        raw["activation"] = Activation(**act) if act else None
        return cls(**raw)
