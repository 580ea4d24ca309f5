"""What an order would do, asked of the engine before it is given: the play screen's previews.

No pygame here. Every answer comes from the engine itself (its pending decision's `accepts`, its
Firepower and Defense with their breakdowns, its terrain's paths and sight), so the screen and the
engine never disagree; the odds come from `game.rules.odds`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game import i18n
from game.battlefield.model import Point
from game.client import prompt_words
from game.client.fire_words import cannot_fire_line
from game.client.odds_words import odds_text, percent  # noqa: F401 (the order previews' words)

# the line-of-sight tool, split out (its names stay reachable here for the screens)
from game.client.sight_probe import SightProbe as SightProbe
from game.client.sight_probe import (
    blocker_name,
)
from game.client.sight_probe import sight_between as sight_between
from game.client.sight_probe import sight_between_units as sight_between_units
from game.engine import placement, vehicle_fire, vehicles
from game.engine.commands import (
    Answer,
    CloseAssault,
    Command,
    DeclareInterrupts,
    Fire,
    IllegalCommand,
    JoinUnit,
    Merge,
    MoveUnit,
    SplitUnit,
)
from game.engine.engine import Engine
from game.engine.fire import smaw_fires  # support assets (issue 19)
from game.engine.protocol import DecisionKind, MoveRate
from game.engine.state import UnitState
from game.engine.terrain import distance, path_length, truncate
from game.i18n import N_, _, localise_numbers, number, retell
from game.rules import cards as rules_cards  # --- cards (issue 19)
from game.rules.dice import Die
from game.rules.movement import CAUTIOUS, RAPID
from game.rules.odds import CasualtyOdds, casualty_odds

REACH_DIRECTIONS = 24
REACH_HALVINGS = 7  # a direction's reach to within 1/128 of the allowance
REACH_MIN = 0.3  # a direction reaching less than this adds no point to the outline


def refusal(exc: IllegalCommand) -> str:
    """The engine's English reason for a refusal in the player's language and numbers (found in
    play: a French screen refused a drive in English; `game/engine/refusal_words.py`)."""
    return localise_numbers(retell(str(exc)))


def check(engine: Engine, command: Command) -> str:
    """'' when the engine would accept `command` now, else its one-line reason."""
    pending = engine.pending
    if pending is None:
        return _("the game is over")
    if command.side != pending.side:
        return _("it is not your turn: {question}").format(
            question=prompt_words.prompt_text(pending)
        )
    try:
        pending.accepts(command)
    except IllegalCommand as exc:
        return refusal(exc)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        return _("that order is malformed ({problem})").format(problem=exc)
    return ""


def reacting_to(engine: Engine, unit: UnitState) -> str | None:
    """The Insurgent unit `unit` is being asked whether to react to (R24), or None."""
    pending = engine.pending
    if pending is None or pending.kind != DecisionKind.REACT:
        return None
    if pending.context.get("regular") != unit.id:
        return None
    insurgent = pending.context.get("insurgent")
    return insurgent if isinstance(insurgent, str) else None


def penalty_now(engine: Engine, unit: UnitState) -> int:
    """The Firepower dice the acting unit's fire would lose to interruptions so far: its own
    fire one per interruption (R37), its fire in reaction to an interruption one per
    interruption after the first (R16); 0 for any other unit."""
    act = engine.act
    if act is None or act.unit != unit.id:
        return 0
    return act.penalty if reacting_to(engine, unit) else act.own_fire_penalty


# -- fire ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FirePreview:
    """Firepower vs Defense as things stand, and the exact casualty odds (R15)."""

    firer: str
    target: str
    firepower: str  # the itemised breakdown
    defense: str
    odds: CasualtyOdds | None
    blocked: str  # '' when the fire is legal now
    hits: str = "casualties"  # vehicles (issue 20): what a hit is (penetrating hits on armour)

    @property
    def lines(self) -> list[str]:
        if self.blocked:  # the one line the unit card shows too
            return [cannot_fire_line(retell(self.target), self.blocked, firer=retell(self.firer))]
        out = [  # the engine's English items in the player's language (found in play)
            _("Firepower {dice}").format(dice=localise_numbers(retell(self.firepower))),
            _("Defense {dice}").format(dice=localise_numbers(retell(self.defense))),
        ]
        if self.odds is not None:
            out.append(odds_text(self.odds, self.hits))
        return out


def split_halves(unit: UnitState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Splitting Fire (R19) as the play screen orders it: the first target takes the first
    half of the able figures (leader first), the second target the rest."""
    live = [f.id for f in unit.effective_figures]
    half = max(1, len(live) // 2)
    return tuple(live[:half]), tuple(live[half:])


def split_order(side: str, unit: UnitState) -> SplitUnit | None:
    """Split Units (R125) as the play screen orders it: a squad leader steps out alone (so he
    can go to another unit), else the second half of the able figures forms the new element."""
    live = unit.effective_figures
    if len(live) < 2:
        return None
    leaders = [f.id for f in live if f.kind == "leader"]
    figures = leaders[:1] if leaders else [f.id for f in live[len(live) // 2 :]]
    return SplitUnit(side=side, unit=unit.id, figures=tuple(figures))


def join_order(engine: Engine, side: str, unit: UnitState) -> Command | None:
    """A lone leader joins the nearest friendly unit (Leaders Joining a Unit, R125); another
    unit merges with the nearest friendly unit in cohesion (Merging Units)."""
    here = unit.leader_point
    if unit.lone_leader:
        friends = [u for u in engine.state.units_of(side) if u is not unit and u.effective_figures]
    else:
        friends = placement.friends_in_cohesion(engine, unit)
    if not friends:
        return None
    nearest = min(friends, key=lambda u: distance(u.centre, here))
    if unit.lone_leader:
        return JoinUnit(side=side, unit=unit.id, target=nearest.id, rate=MoveRate.CAUTIOUS)
    return Merge(side=side, unit=unit.id, target=nearest.id)


def cannot(engine: Engine, unit: UnitState, action: str) -> str:
    """'' when `unit` may carry out `action` ("move", "fire", "assault") now against some spot
    or enemy, else the engine's reason, so a key that cannot lead anywhere says why at once.
    Found in play: M or A went into the mode and only the click was refused."""
    pending = engine.pending
    if pending is None:
        return _("the game is over")
    if action == "move":
        if any(isinstance(c, MoveUnit) and c.unit == unit.id for c in pending.options):
            return ""
        x, y = unit.leader_point
        probes = [
            MoveUnit(side=unit.side, unit=unit.id, to=(x + dx, y + dy), rate=MoveRate.CAUTIOUS)
            for dx, dy in ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))
        ]
        reasons = [check(engine, probe) for probe in probes]
        return "" if "" in reasons else reasons[0]
    foes = sorted(
        (f for f in engine.enemies(unit) if f.on_table and f.effective_figures),
        key=lambda f: distance(f.centre, unit.centre),
    )
    if not foes:
        return _("no enemy is on the table")
    kind = Fire if action == "fire" else CloseAssault
    reasons = [check(engine, kind(side=unit.side, unit=unit.id, target=f.id)) for f in foes]
    if "" in reasons:
        return ""
    # every target's own reason (found in play: only the nearest one's was given), once each
    return "; ".join(dict.fromkeys(reasons))


def fire_blocked(engine: Engine, unit: UnitState, target: UnitState) -> str:
    """'' when `unit` could fire at `target` as the table stands (sight, the line of fire, some
    Firepower: the engine's check, R4/R6), else the engine's reason."""
    from game.engine.checks import check_fire

    try:
        check_fire(engine, unit, target, penalty_now(engine, unit))
    except IllegalCommand as exc:
        return refusal(exc)
    return ""


def fire_preview(
    engine: Engine,
    unit: UnitState,
    target: UnitState,
    *,
    splitting: bool = False,
    split_first: str | None = None,
) -> FirePreview:
    """What firing `unit` at `target` would roll, and whether the engine allows it now. While
    `splitting`, what the half of the figures `target` would get rolls (R19): the first half
    for the first target, the second half once `split_first` is chosen."""
    if splitting and split_first is None:
        blocked = check(engine, Fire(side=unit.side, unit=unit.id, target=target.id))
        fp = engine.firepower(
            unit,
            target,
            interruption_penalty=penalty_now(engine, unit),
            figure_ids=split_halves(unit)[0],
        )
        return _preview(engine, unit, target, fp, blocked)
    if splitting and split_first is not None and split_first != target.id:
        first, second = split_halves(unit)
        command = Fire(
            side=unit.side,
            unit=unit.id,
            target=split_first,
            split=((split_first, first), (target.id, second)),
        )
        blocked = check(engine, command)
        fp = engine.firepower(
            unit,
            target,
            interruption_penalty=penalty_now(engine, unit),
            figure_ids=second,
            team_bonus=False,
        )
        return _preview(engine, unit, target, fp, blocked)
    blocked = check(engine, Fire(side=unit.side, unit=unit.id, target=target.id))
    if blocked and "line of sight" in blocked:
        geometry = getattr(engine.terrain, "geometry", None)
        if geometry is not None and unit.effective_figures and target.effective_figures:
            sight = geometry.line_of_sight(unit.position(), target.position())
            blocked = f"{blocked.rstrip('.')} ({sight.describe()})"
    fp = engine.firepower(unit, target, interruption_penalty=penalty_now(engine, unit))
    return _preview(engine, unit, target, fp, blocked)


def _preview(
    engine: Engine, unit: UnitState, target: UnitState, fp: Any, blocked: str
) -> FirePreview:
    df = engine.defense(target, thermobaric=smaw_fires(unit))  # a SMAW: no cover dice (R194)
    odds: CasualtyOdds | None = None
    if not blocked:
        try:
            odds = casualty_odds(fp.total, unit.quality_die(), df.total, die_of(engine, target))
        except ValueError:
            odds = None
    hits = "casualties"
    if vehicles.is_vehicle(engine.state, target):  # vehicles (issue 20): damage, not casualties
        hits = i18n._("penetrating hits (each a damage check: Vehicle Breakdown)")
    return FirePreview(unit.name, target.name, fp.describe(), df.describe(), odds, blocked, hits)


def fire_odds(engine: Engine, unit: UnitState, target: UnitState) -> CasualtyOdds:
    """The exact casualty odds of `unit` firing at `target` now (the test's oracle)."""
    fp = engine.firepower(unit, target, interruption_penalty=penalty_now(engine, unit))
    df = engine.defense(target, thermobaric=smaw_fires(unit))  # a SMAW: no cover dice (R194)
    return casualty_odds(fp.total, unit.quality_die(), df.total, die_of(engine, target))


def die_of(engine: Engine, target: UnitState) -> Die:
    """The target's Defense die: its Troop Quality, or a vehicle's armour die (issue 20)."""
    if vehicles.is_vehicle(engine.state, target):
        return vehicle_fire.defense_die(engine, target)
    return target.quality_die()


# -- movement ------------------------------------------------------------------------------
@dataclass(frozen=True)
class MovePreview:
    path: tuple[Point, ...]  # the path the leader would walk (cut at the allowance)
    wanted: float  # inches to the mouse along the path
    length: float  # inches actually walked
    rate: str  # cautious | rapid
    blocked: str  # '' when the engine accepts the move
    destination: Point = (0.0, 0.0)  # where the order sends the leader (see reachable_near)
    requested: Point = (0.0, 0.0)  # where the player pointed

    @property
    def reaction_modifier(self) -> str:
        """R14: moving Cautiously gives +1 to the Reaction Test, Rapidly −1."""
        return "+1" if self.rate == MoveRate.CAUTIOUS else "−1"

    @property
    def label(self) -> str:
        rate = _("Cautious") if self.rate == MoveRate.CAUTIOUS else _("Rapid")
        text = _('{inches}" {rate} · Reaction Test {modifier} (R14)').format(
            inches=number(self.length), rate=rate, modifier=self.reaction_modifier
        )
        if self.wanted > self.length + 0.05:
            text += " · " + _('{inches}" wanted, stops short').format(inches=number(self.wanted))
        elif self.path and math.dist(self.path[-1], self.destination) > 0.1:
            text += " · " + _("the way is blocked: stops short")
        if math.dist(self.destination, self.requested) > 0.01:
            text += " · " + _("to the nearest point it can reach")
        if self.blocked:
            text += f" · {self.blocked}"
        return text


def reachable_near(engine: Engine, start: Point, to: Point) -> Point:
    """`to`, or the nearest point within 1.5" of it that a path reaches (a click on a spot the
    pathfinder cannot stand on, such as a hot spot hard against a wall, still means 'go there')."""
    if math.dist(start, to) <= 2.0 or path_length(engine.terrain.path(start, to)) >= 0.25:
        return to
    for radius in (0.5, 1.0, 1.5):
        candidates = [
            (to[0] + radius * math.cos(a * math.pi / 4), to[1] + radius * math.sin(a * math.pi / 4))
            for a in range(8)
        ]
        candidates.sort(key=lambda p: math.dist(p, start))
        for point in candidates:
            path = engine.terrain.path(start, point)
            if path_length(path) >= 0.25 and math.dist(path[-1], point) < 0.05:
                return (round(point[0], 2), round(point[1], 2))
    return to


def move_preview(
    engine: Engine,
    unit: UnitState,
    to: Point,
    *,
    force_rate: str | None = None,
    waypoints: Sequence[Point] = (),
) -> MovePreview:
    """The path to `to` (or the nearest reachable point, `reachable_near`), its length, and the
    rate it needs (Cautious up to 6", else Rapid). A vehicle's is a drive (issue 20)."""
    if vehicles.is_vehicle(engine.state, unit):
        from game.client.vehicle_orders import drive_preview  # it builds on this module

        return drive_preview(engine, unit, to, force_rate=force_rate, waypoints=tuple(waypoints))
    start = unit.leader_point
    requested = to
    to = reachable_near(engine, start, to)
    path = engine.terrain.path(start, to)
    wanted = path_length(path)
    moved = engine.act.moved if engine.act is not None and engine.act.unit == unit.id else 0.0
    rate = force_rate or ("cautious" if wanted <= CAUTIOUS - moved + 1e-6 else "rapid")
    command = MoveUnit(side=unit.side, unit=unit.id, to=to, rate=rate)
    blocked = check(engine, command)
    if blocked and rate == MoveRate.RAPID:
        # Rapid is not allowed now (fired, Dependants, R21): plan the Cautious move instead.
        # refused at both, for another reason too (a mob in the way, R232): Cautious's reason
        cautious = MoveUnit(side=unit.side, unit=unit.id, to=to, rate=MoveRate.CAUTIOUS)
        if (why := check(engine, cautious)) != blocked:
            rate, command, blocked = "cautious", cautious, why
    allowance = (CAUTIOUS if rate == MoveRate.CAUTIOUS else RAPID) - moved
    walked = truncate(path, max(0.0, allowance))
    return MovePreview(tuple(walked), wanted, path_length(walked), rate, blocked, to, requested)


def reach_outline(engine: Engine, unit: UnitState, reach: float) -> list[Point]:
    """The edge of where the leader can get within `reach` inches along real paths: in each
    of REACH_DIRECTIONS directions from the leader, the farthest point on that line that a
    path of at most `reach` inches leads to (found by halving). A direction walled off at
    once adds no point, so the outline never dips back into the leader; each point lies in its
    own direction, so the outline does not fold across buildings as the ends of bent paths
    did."""
    start = unit.leader_point
    width, height = engine.battlefield.width, engine.battlefield.height

    def along(ux: float, uy: float, r: float) -> Point:
        return (
            min(max(start[0] + r * ux, 0.1), width - 0.1),
            min(max(start[1] + r * uy, 0.1), height - 0.1),
        )

    def reached(goal: Point) -> bool:
        path = engine.terrain.path(start, goal)
        return math.dist(path[-1], goal) < 0.05 and path_length(path) <= reach + 1e-6

    outline: list[Point] = []
    for k in range(REACH_DIRECTIONS):
        angle = 2 * math.pi * k / REACH_DIRECTIONS
        ux, uy = math.cos(angle), math.sin(angle)
        if reached(along(ux, uy, reach)):
            outline.append(along(ux, uy, reach))
            continue
        low, high = 0.0, reach
        for _halving in range(REACH_HALVINGS):
            middle = (low + high) / 2
            if reached(along(ux, uy, middle)):
                low = middle
            else:
                high = middle
        if low >= REACH_MIN:
            outline.append(along(ux, uy, low))
    return outline


# -- line of sight between two points ------------------------------------------------------
def unit_name(engine: Engine, unit_id: str) -> str:
    """The unit's name as a button says it, in the language in use."""
    unit = engine.state.units.get(unit_id)
    return retell(unit.name) if unit is not None else unit_id


def describe_choice(engine: Engine, command: Command) -> str:
    """A button label for one of a decision's options."""
    if isinstance(command, Answer):
        return describe_answer(engine, command.choice)
    if isinstance(command, DeclareInterrupts):
        if not command.declarations:
            return _("No interruption")
        parts = [
            (_("{unit} by fire") if mode == "fire" else _("{unit} by movement")).format(
                unit=unit_name(engine, u)
            )
            if mode in ("fire", "move")
            else f"{unit_name(engine, u)} ({mode})"
            for u, mode in command.declarations
        ]
        if command.at:
            return _('Interrupt: {units} after {inches}"').format(
                units=", ".join(parts), inches=number(command.at)
            )
        return _("Interrupt: {units}").format(units=", ".join(parts))
    if isinstance(command, MoveUnit):
        # a place a player can find: how far, and into which building or beside what (the
        # option's number marks the spot on the map)
        return f"{unit_name(engine, command.unit)}: {describe_move(engine, command)}"
    if isinstance(command, (Fire, CloseAssault)):
        words = (
            _("{unit}: fire at {target}")
            if isinstance(command, Fire)
            else _("{unit}: charge {target}")
        )
        return words.format(
            unit=unit_name(engine, command.unit), target=unit_name(engine, command.target)
        )
    unit = getattr(command, "unit", "")
    label = command.kind.replace("_", " ")
    return f"{unit_name(engine, unit)}: {label}" if unit else label.capitalize()


def describe_move(engine: Engine, command: MoveUnit) -> str:
    """A move option without its unit: its rate, where it goes and how far that is."""
    mover = engine.state.units.get(command.unit)
    where = place_words(engine, command.to)
    rate = str(command.rate)
    words: str = {
        str(MoveRate.CAUTIOUS): _("cautious move {where}"),
        str(MoveRate.RAPID): _("rapid move {where}"),
        str(MoveRate.OUT_OF_CONTACT): _("out of contact move {where}"),
    }.get(rate, rate.replace("_", " ") + " {where}")
    text = words.format(where=where)
    if mover is not None:
        text += " " + _('({inches}" away)').format(
            inches=number(distance(mover.centre, command.to), 0)
        )
    return text


def describe_options(engine: Engine, options: list[Command]) -> list[str]:
    """The dialog's button labels; moves of one unit (named by the prompt) leave its name out,
    so the dialog stays narrow and the numbered spots on the map stay in view."""
    units = {c.unit for c in options if isinstance(c, MoveUnit)}
    if len(units) == 1 and all(isinstance(c, MoveUnit) for c in options):
        moves = [describe_move(engine, c) for c in options if isinstance(c, MoveUnit)]
        labels = [move[:1].upper() + move[1:] for move in moves]
        pending = engine.pending
        if labels and pending is not None and pending.kind == DecisionKind.RESUME_MOVE:
            labels[0] = _("Go on as planned: {move}").format(move=moves[0])  # R105
        return labels
    return [describe_choice(engine, c) for c in options]


def place_words(engine: Engine, point: Point, into: bool = True) -> str:
    """Where a spot is, as a player finds it on the map: (in)to which building, beside which
    building or wall (within 1"), else in the open."""
    building = engine.terrain.building_at(point)
    if building is not None:
        name = building.label or building.name or building.id
        words = _("into building {name}") if into else _("in building {name}")
        return words.format(name=name)
    near = blocker_name(engine.battlefield, point)
    if near == "terrain":
        return _("into the open") if into else _("in the open")
    return _("beside {thing}").format(thing=near)


def describe_answer(engine: Engine, choice: Any) -> str:
    if choice is True:
        return _("Yes")
    if choice is False:
        return _("No")
    if isinstance(choice, str) and choice in engine.state.units:  # --- cards (issue 19)
        return unit_name(engine, choice)
    if isinstance(choice, str) and choice in rules_cards.decks().cards:
        return rules_cards.card(choice).title
    if isinstance(choice, str) and choice.startswith("building_"):  # a card's building, by name
        number = choice.removeprefix("building_")
        found = [b for b in engine.battlefield.buildings if str(b.id) == number]
        if found and (found[0].label or found[0].name):
            name = found[0].label or found[0].name
            return _("{name} (building {number})").format(name=retell(name), number=number)
    if isinstance(choice, str):
        named = ANSWER_NAMES.get(choice)
        return _(named) if named else choice.replace("_", " ").capitalize()
    if isinstance(choice, int):
        return _("Hot spot {n}").format(n=choice)
    if isinstance(choice, list | tuple):
        if not choice:
            return _("None of them")
        if choice[0] == "cover" and len(choice) == 3:
            return describe_cover(engine, (float(choice[1]), float(choice[2])))
        if all(isinstance(c, int | float) for c in choice) and len(choice) == 2:
            spot = (float(choice[0]), float(choice[1]))
            pending = engine.pending  # --- vehicles entering play: Road Block! (R304) ---
            if pending is not None and (pending.context or {}).get("choosing") == "road_block":
                return _("Block the street {where}").format(
                    where=place_words(engine, spot, into=False)
                )
            return _("Move to cover {where}").format(where=place_words(engine, spot, into=False))
        return _("Fire with {units}").format(
            units=", ".join(unit_name(engine, str(c)) for c in choice)
        )
    return str(choice)


COMPASS = (
    N_("east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("west"),
    N_("north-west"),
    N_("north"),
    N_("north-east"),
)
ANSWER_NAMES = {
    "none": N_("Do nothing"),
    "fire": N_("Fire"),
    "move": N_("Finish the move"),
    "flee": N_("Flee"),
    "stand": N_("Stand"),
}


def compass(start: Point, end: Point) -> str:
    """The direction from `start` to `end` on the map (north up, y grows southwards)."""
    angle = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))
    return _(COMPASS[round(angle / 45) % 8])


def describe_cover(engine: Engine, spot: Point) -> str:
    """A reacting unit's "take cover" option (Interruptions by Fire): how far, which way, where,
    and what the spot gives — Solid Cover, or only being out of the interrupter's sight (asked
    of the engine for the pending reaction's units)."""
    from game.engine import placement

    pending = engine.pending
    context = dict(pending.context or {}) if pending is not None else {}
    unit = engine.state.units.get(str(context.get("regular", "")))
    enemy = engine.state.units.get(str(context.get("insurgent", "")))
    if unit is None or not unit.on_table:
        return _("Take cover {where}").format(where=place_words(engine, spot, into=False))
    far = f'{number(distance(unit.leader_point, spot), 0)}" {compass(unit.leader_point, spot)}'
    where = place_words(engine, spot, into=False)
    ghost = placement.hypothetical(engine, unit, spot, exact=True)
    if engine.terrain.in_solid_cover(ghost.position()):
        gives = _("in Solid Cover")
    elif enemy is not None and not engine.los(enemy, ghost):
        gives = _("out of {unit}'s sight").format(unit=enemy.name)
    else:
        gives = _("no better cover")
    where = "" if where == _("in the open") else f", {where}"
    return _("Move {far}{where}: {gives}").format(far=far, where=where, gives=gives)


def choice_point(command: Command) -> Point | None:
    """The spot on the table an option points at (moves, cover spots), to mark it on the map."""
    if isinstance(command, MoveUnit):
        return (float(command.to[0]), float(command.to[1]))
    if not isinstance(command, Answer):
        return None
    choice = command.choice
    if isinstance(choice, list | tuple):
        if len(choice) == 3 and choice[0] == "cover":
            return (float(choice[1]), float(choice[2]))
        if len(choice) == 2 and all(isinstance(c, int | float) for c in choice):
            return (float(choice[0]), float(choice[1]))
    return None
