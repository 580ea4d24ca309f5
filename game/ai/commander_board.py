"""The Commander Insurgent AI's reading of the board (issue 17 §2): the Regular AI's `Board`
seen from the other side of the table, and what the Commander weighs with it.

`InsurgentBoard` is `regular_board.Board` with the sides swapped (its `insurgents` are the
enemies, its `regulars` the friends), so the same cached sight, cover, Firepower and Defense
(the engine's own, through `game.engine.rulesbridge`) and exact expected casualties
(`expected_casualties`, Rulebook: Making the Attack Roll) answer the Insurgent questions:
`fire_value` (our shot), `threat` (the Regulars' fire at a spot), `best_shot` (the best shot from
a spot). Nothing here rolls dice; the odds of the Reaction Test come from the rules core
(`game.rules.odds.reaction_odds`).

The weights are in Victory Points: a Regular casualty is worth 1 VP wounded and 2 killed to the
Insurgents (Rulebook: Victory Points), so an expected casualty counts `W_HIT`; an Insurgent
casualty costs the Insurgents no VP but a fighter, weighed `W_LOSS`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from game.ai.commander_stakes import insurgent_fire_value
from game.ai.commander_threat import Memo, vehicle_dice
from game.ai.regular_board import Board, Spot
from game.battlefield.model import Point
from game.engine.protocol import FigureStatus
from game.engine.state import UnitState
from game.engine.terrain import Terrain, distance
from game.engine.view import PlayerView
from game.rules.dice import Die
from game.rules.odds import reaction_odds
from game.rules.quality import Quality, ReactionStance

W_HIT = 1.5  # VP per expected Regular casualty (1 wounded, 2 killed)
W_LOSS = 0.45  # what an expected Insurgent casualty costs (a fighter, morale)
W_SOLID = 0.35  # standing in Solid Cover
W_UNEXPOSED = 0.15  # not Exposed
W_AMBUSH = 0.6  # share of a spot's best shot counted before it is taken (a prepared ambush)
W_OBJECTIVE = 0.9  # holding an objective (within HOLD_REACH of a hot spot, contractor, exit)
W_ISOLATED = 0.5  # a shot at the Regular unit farthest from its friends (converge on it)
HOLD_REACH = 8.0  # inches: near enough an objective to hold it (fire onto it, bar the way)
ISOLATED_GAP = 10.0  # inches to the nearest friend beyond which a fireteam counts isolated


class InsurgentBoard(Board):
    """The Regular AI's board read from the Insurgents' side: `insurgents` holds the enemy
    (Regular) units and `regulars` the friendly (Insurgent) units, so `threat`, `best_shot` and
    `watchers_of` answer for an Insurgent unit."""

    def __init__(
        self, view: PlayerView, terrain: Terrain, sight: dict[tuple[Any, ...], bool] | None = None
    ) -> None:
        super().__init__(view, terrain, sight)
        self.friends = self.insurgents
        self.enemies = [r for r in self.regulars if r.on_table and r.effective_figures]
        self.regulars, self.insurgents = self.friends, self.enemies
        self._isolated: tuple[UnitState | None] | None = None
        self._vehicle_dice: Memo = {}  # R354, R357

    # -- the Insurgent questions -------------------------------------------------------------
    def shot(self, firer: UnitState, spot: Spot, target: UnitState) -> float:
        """Expected Regular casualties if `firer` at `spot` fires at `target` (0 out of sight)."""
        if not self.los(spot.position(), self.position(target)):
            return 0.0
        return self.fire_value(firer, spot, target)

    def best_target(self, firer: UnitState, spot: Spot) -> tuple[UnitState | None, float]:
        best: tuple[UnitState | None, float] = (None, 0.0)
        for enemy in self.enemies:
            e = self.shot(firer, spot, enemy)
            if e > best[1]:
                best = (enemy, e)
        return best

    def isolated(self) -> UnitState | None:
        """The Regular unit farthest from its nearest friend, when that gap exceeds
        `ISOLATED_GAP` (the fireteam to converge on); worked out once per decision."""
        if self._isolated is None:
            self._isolated = (self._find_isolated(),)
        return self._isolated[0]

    def _find_isolated(self) -> UnitState | None:
        if len(self.enemies) < 2:
            return self.enemies[0] if self.enemies else None
        gaps = []
        for r in self.enemies:
            gap = min(distance(r.centre, o.centre) for o in self.enemies if o.id != r.id)
            gaps.append((gap, r.id, r))
        gap, _, unit = max(gaps)
        return unit if gap >= ISOLATED_GAP else None

    # --- round 5: what a hit on each Regular unit is worth (commander_stakes; R350, R351) ---
    def fire_value(
        self, firer: UnitState, spot: Spot, target: UnitState, *, rapid: bool = False
    ) -> float:
        """`Board.fire_value`, an Insurgent's shot weighed by its target (`commander_stakes`):
        a vehicle by what its armour lets through and breaks (R350), the unit a Regular
        mission hangs on at the VP it carries (R351)."""
        casualties = super().fire_value(firer, spot, target, rapid=rapid)
        return insurgent_fire_value(self, firer, spot, target, casualties)

    # --- polish round 6: a vehicle fires its mounted weapon, not its crew's rifles (R354) ---
    def firepower(
        self,
        firer: UnitState,
        firer_centre: Point,
        target_centre: Point,
        *,
        target_exposed: bool,
        target_rapid: bool,
        firer_rapid: bool = False,
        penalty: int = 0,
    ) -> int:
        """`Board.firepower`, but a vehicle's is its best mounted weapon's, from the rules core
        the engine fires with (`commander_threat`): a Regular one's (an LVTP watching a spot:
        the danger, R354) and the Commander's own technicals' (the shot, R357)."""
        dice = vehicle_dice(
            self,
            firer,
            self._vehicle_dice,
            target_exposed=target_exposed,
            target_rapid=target_rapid,
            penalty=penalty,
            moving=firer_rapid,
        )
        if dice is not None:
            return dice
        return super().firepower(
            firer,
            firer_centre,
            target_centre,
            target_exposed=target_exposed,
            target_rapid=target_rapid,
            firer_rapid=firer_rapid,
            penalty=penalty,
        )

    def weak(self, unit: UnitState) -> bool:
        """Pinned this turn or carrying wounded figures: worth a Close Assault."""
        hit = any(f.status == FigureStatus.HIT for f in unit.figures)
        return unit.pinned_turn == self.turn or hit


def reaction_chance(ins: UnitState, regular: UnitState, stance: str, turn: int) -> float:
    """The exact chance the Insurgents act first in the Reaction Test (rules core)."""
    return _reaction_chance(
        int(ins.quality_die()),
        int(regular.quality_die()),
        stance,
        ins.pinned_turn == turn,
        regular.pinned_turn == turn,
    )


@lru_cache(maxsize=512)
def _reaction_chance(
    ins_die: int, regular_die: int, stance: str, ins_pinned: bool, regular_pinned: bool
) -> float:
    try:
        stance_value = ReactionStance(stance)
    except ValueError:
        stance_value = ReactionStance("stationary")
    return float(
        reaction_odds(
            Quality.from_die(Die(ins_die)),
            Quality.from_die(Die(regular_die)),
            stance=stance_value,
            insurgent_pinned=ins_pinned,
            regular_pinned=regular_pinned,
        )
    )


def objective_value(points: list[Point], spot: Point) -> float:
    """Holding an objective: full value within `HOLD_REACH`, falling off over three reaches."""
    if not points:
        return 0.0
    d = min(distance(spot, p) for p in points)
    if d <= HOLD_REACH:
        return W_OBJECTIVE
    return W_OBJECTIVE * max(0.0, 1.0 - (d - HOLD_REACH) / (3 * HOLD_REACH))


def finite(x: float) -> float:
    return x if math.isfinite(x) else 0.0
