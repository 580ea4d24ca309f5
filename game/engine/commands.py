"""Commands: every change to a game enters the engine as one of these.

A command is plain data (JSON-able) so that a save is the list of commands and a replay is
applying them again. Answers to pending decisions are commands too (`Answer`, `DeclareInterrupts`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from game.engine.protocol import MoveRate


class IllegalCommand(Exception):
    """A command the rules do not allow now; the message is a sentence for the player."""


@dataclass(frozen=True)
class Command:
    kind: ClassVar[str] = "command"
    side: str

    def to_json(self) -> dict[str, Any]:
        data = {f.name: _plain(getattr(self, f.name)) for f in fields(self)}
        data["kind"] = self.kind
        return data


@dataclass(frozen=True)
class MoveUnit(Command):
    """Move a unit's leader toward `to` (Rulebook: Movement).

    `rate` is cautious, rapid or out_of_contact."""

    kind: ClassVar[str] = "move"
    unit: str = ""
    to: tuple[float, float] = (0.0, 0.0)
    rate: str = MoveRate.CAUTIOUS


@dataclass(frozen=True)
class Fire(Command):
    """Fire at one target unit (Rulebook: Fire Combat).

    `split` splits the fire (Rulebook: Splitting Fire, R19): (target, figure ids) portions, each
    figure in one portion; `target` is then the first portion's target.
    """

    kind: ClassVar[str] = "fire"
    unit: str = ""
    target: str = ""
    split: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Overwatch(Command):
    """Put a Regular unit on Overwatch for the whole activation (Rulebook: Overwatch, R23)."""

    kind: ClassVar[str] = "overwatch"
    unit: str = ""


@dataclass(frozen=True)
class NeutralizeHotSpot(Command):
    """Start neutralizing a hot spot within 1" (R28)."""

    kind: ClassVar[str] = "neutralize"
    unit: str = ""
    hot_spot: int = 0


@dataclass(frozen=True)
class FirstAid(Command):
    """Roll First Aid for the unit's hit figures (Rulebook: First Aid Checks for Regulars, R27)."""

    kind: ClassVar[str] = "first_aid"
    unit: str = ""


@dataclass(frozen=True)
class CloseAssault(Command):
    """Charge an enemy unit within Rapid movement distance (Rulebook: Close Assault)."""

    kind: ClassVar[str] = "close_assault"
    unit: str = ""
    target: str = ""


@dataclass(frozen=True)
class EndActivation(Command):
    """Finish the unit's activation (or hold it in place if it has done nothing yet)."""

    kind: ClassVar[str] = "end_activation"
    unit: str = ""


@dataclass(frozen=True)
class EndPhase(Command):
    """The side has nothing more to do this phase: the remaining units hold."""

    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True)
class JoinUnit(Command):
    """A lone Insurgent leader moves into cohesion with `target` and joins it (Rulebook: Leaders
    Joining a Unit); `rate` as for a move."""

    kind: ClassVar[str] = "join_unit"
    unit: str = ""
    target: str = ""
    rate: str = MoveRate.RAPID


@dataclass(frozen=True)
class Merge(Command):
    """`unit`, in cohesion with the friendly `target`, chooses to merge with it; they become one
    unit at the start of the next turn (Rulebook: Merging Units). Takes no action of its own."""

    kind: ClassVar[str] = "merge"
    unit: str = ""
    target: str = ""


@dataclass(frozen=True)
class ChangeLevel(Command):
    """A unit inside a building with roof access goes up to its roof (`up`) or comes back down
    to street level (R10; R83: it spends the activation's move, as a Cautious move)."""

    kind: ClassVar[str] = "change_level"
    unit: str = ""
    up: bool = True


@dataclass(frozen=True)
class SplitUnit(Command):
    """At the start of its activation a unit divides: the `figures` named form a new element,
    which may not move or fire this activation (Rulebook: Split Units; R125)."""

    kind: ClassVar[str] = "split_unit"
    unit: str = ""
    figures: tuple[str, ...] = ()


@dataclass(frozen=True)
class AbandonCasualties(Command):
    """A Regular unit leaves its carried casualties behind, as a last resort; its Quality and
    Morale drop a die type (Rulebook: Abandoning Casualties; R126). Spends no action."""

    kind: ClassVar[str] = "abandon_casualties"
    unit: str = ""


@dataclass(frozen=True)
class ReleasePows(Command):
    """A unit releases the prisoners in its custody (Rulebook: Releasing POWs; R127). Spends
    no action."""

    kind: ClassVar[str] = "release_pows"
    unit: str = ""


# --- civilians (issue 21) ---
@dataclass(frozen=True)
class DisperseMob(Command):
    """A Regular unit within 6" of a civilian mob reasons with it: its whole activation
    (Rulebook: Regulars and Civilian Mobs; R236)."""

    kind: ClassVar[str] = "disperse_mob"
    unit: str = ""
    mob: str = ""


@dataclass(frozen=True)
class InfluenceMob(Command):
    """An Insurgent leader in contact with a mob manipulates it (moving it towards `to`, up to
    6") or arms it (`arm`) (Rulebook: Insurgent Leaders and Civilian Mobs; R236)."""

    kind: ClassVar[str] = "influence_mob"
    unit: str = ""
    mob: str = ""
    arm: bool = False
    to: tuple[float, float] = (0.0, 0.0)


# --- house clearing (issue 21) ---
@dataclass(frozen=True)
class StackOnBuilding(Command):
    """Line the unit up against a wall of `building` to clear it next turn (Rulebook: Stacking;
    R240). Spends the activation."""

    kind: ClassVar[str] = "stack"
    unit: str = ""
    building: int = 0


@dataclass(frozen=True)
class ClearBuilding(Command):
    """Clear the unoccupied `building` beside the unit (Rulebook: House Clearing; R240-R245).
    Spends the activation."""

    kind: ClassVar[str] = "clear_building"
    unit: str = ""
    building: int = 0


@dataclass(frozen=True)
class DeclareInterrupts(Command):
    """The Insurgent declaration of interruptions: (unit, 'fire' | 'move') pairs (R22)."""

    kind: ClassVar[str] = "declare_interrupts"
    declarations: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    at: float = 0.0  # inches along the Regular's move where the interruptions take place


@dataclass(frozen=True)
class Answer(Command):
    """An answer to a pending decision: one of the decision's options."""

    kind: ClassVar[str] = "answer"
    decision: int = 0
    choice: Any = None


# --- support assets (issue 19) ---
@dataclass(frozen=True)
class CallAsset(Command):
    """The activating Regular unit calls a support asset the side holds (Asset cards; R190-R199):
    off-board fire or the Hellfire on an Insurgent `target`, or an attached asset (medic, SMAW,
    team) onto the unit itself (`target` is then the unit's own id). Spends no action; a unit
    calling mortars or aircraft may fire but not move in this activation."""

    kind: ClassVar[str] = "call_asset"
    unit: str = ""
    asset: str = ""
    target: str = ""


# --- vehicles (issue 20) ---
@dataclass(frozen=True)
class Drive(Command):
    """Drive a vehicle along `path` (waypoints after its centre) at `speed`, patrol or cruising
    (Rulebook: Vehicle Movement; R211)."""

    kind: ClassVar[str] = "drive"
    unit: str = ""
    path: tuple[tuple[float, float], ...] = ()
    speed: str = "patrol"


@dataclass(frozen=True)
class Mount(Command):
    """A unit boards a friendly vehicle (Rulebook: Loading and Unloading Passengers; R220)."""

    kind: ClassVar[str] = "mount"
    unit: str = ""
    vehicle: str = ""


@dataclass(frozen=True)
class Dismount(Command):
    """The activated vehicle lets `passenger` out, its leader to `to` (R220)."""

    kind: ClassVar[str] = "dismount"
    unit: str = ""
    passenger: str = ""
    to: tuple[float, float] = (0.0, 0.0)


# --- end vehicles ---

COMMAND_TYPES: dict[str, type[Command]] = {
    c.kind: c
    for c in (
        MoveUnit,
        Fire,
        Overwatch,
        NeutralizeHotSpot,
        FirstAid,
        CloseAssault,
        EndActivation,
        EndPhase,
        DeclareInterrupts,
        Answer,
        JoinUnit,
        Merge,
        ChangeLevel,
        SplitUnit,
        AbandonCasualties,
        ReleasePows,
        # --- vehicles (issue 20) ---
        Drive,
        Mount,
        Dismount,
        DisperseMob,  # civilians (issue 21)
        InfluenceMob,
        # --- house clearing (issue 21) ---
        StackOnBuilding,
        ClearBuilding,
        CallAsset,  # --- support assets (issue 19) ---
    )
}


def _plain(value: Any) -> Any:
    """JSON-shaped copy of a command field: tuples become lists (as they come back from JSON)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def command_from_json(data: Any) -> Command:
    """Rebuild a command from its JSON form; ValueError names what is wrong."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"not a command: {data!r}")
    cls = COMMAND_TYPES.get(str(data["kind"]))
    if cls is None:
        raise ValueError(f"unknown command kind {data['kind']!r}")
    names = {f.name for f in fields(cls)}
    extra = set(data) - names - {"kind"}
    if extra:
        raise ValueError(f"unknown fields {sorted(extra)} in a {cls.kind} command")
    args = {k: (v if k == "choice" else _freeze(v)) for k, v in data.items() if k != "kind"}
    try:
        return cls(**args)
    except TypeError as exc:
        raise ValueError(f"bad {cls.kind} command: {exc}") from None
