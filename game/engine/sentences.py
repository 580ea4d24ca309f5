"""The sentences of the narration (`game/engine/narration.py`) as data: one template per event
kind (`TEMPLATES`), filled from the event's data with `str.format`, and the kinds whose sentence
depends on some of their data (`VARIANT_KEYS` names those keys, `VARIANTS` holds a sentence per
value). Every sentence is marked with `N_` for the translation catalogue (`narration` domain)
and put into the language in use by `narr` when the line is built (`narration.narrate`)."""

from __future__ import annotations

from typing import Any

from game.engine.protocol import EventKind as K
from game.i18n import N_


def _(template: str) -> str:
    """Marks a sentence for translation (identity until the game is translated)."""
    return template


TEMPLATES: dict[str, str] = {
    # kinds with one sentence, filled from the data (and `turn`)
    K.TURN_START: N_("Turn {turn} begins"),
    K.TURN_END: N_("Turn {turn} ends"),
    K.RETURNS_TO_ACTION: N_("{unit_name}: {figure} returns to action (Rulebook: First Aid Checks)"),
    K.UNPINNED: N_("{unit_name} is no longer Pinned (Rulebook: Pinned)"),
    K.REGROUPED: N_("{unit_name} has regrouped (Rulebook: Pull Back)"),
    K.ACTIVATE: N_("T{turn} {unit_name} activates"),
    K.OVERWATCH_ENDS: N_("{unit_name} leaves Overwatch (R23)"),
    K.OVERWATCH: N_("{unit_name} goes on Overwatch (Rulebook: Overwatch)"),
    K.NEUTRALIZE_STARTED: N_(
        "{unit_name} starts neutralizing hot spot {hot_spot}; it must stay put until its next "
        "activation (R28)"
    ),
    K.NEUTRALIZE_ABANDONED: N_(
        "{unit_name} moves off hot spot {hot_spot}: the neutralization is abandoned (R28)"
    ),
    K.HOT_SPOT_NEUTRALIZED: N_(
        "{unit_name} stayed by hot spot {hot_spot} for a full turn: it is neutralized and "
        "removed (R28)"
    ),
    K.SEEK_COVER: N_("{unit_name} moves to cover at ({to[0]:.1f}, {to[1]:.1f})"),
    K.UNIT_SPLIT: N_(
        "T{turn} {unit_name} splits: {element_name} becomes an element of its own (figures: "
        "{figures}) and may not move or fire this activation; figures left: {left} "
        "(Rulebook: Split Units)"
    ),
    K.CASEVAC: N_(
        "{unit_name} hands its carried casualties ({count}) to the CASEVAC asset at "
        "({at[0]:.1f}, {at[1]:.1f}) (Rulebook: Casualty Evacuation)"
    ),
    K.POWS_RELEASED: N_(
        "T{turn} {unit_name} releases its POWs ({count}) (Rulebook: Releasing POWs)"
    ),
    K.ABANDONED_FATE: N_(
        "Abandoned casualties ({count}) d6={faces} (4+ = taken): {taken} fall into enemy hands "
        "as POWs (Rulebook: Abandoning Casualties)"
    ),
    K.PULL_BACK: N_(
        "{unit_name} pulls back to ({to[0]:.1f}, {to[1]:.1f}) and must regroup next turn "
        "(Rulebook: Pull Back)"
    ),
    K.INTERRUPT_DECLARED: N_(
        "T{turn} {unit_name} declares an interruption by {mode} against {target_name} "
        "(Rulebook: Resolving Chains of Interruptions)"
    ),
    K.INTERRUPT_FIZZLES: N_("{unit_name} has nowhere to move"),
    K.REACT_MOVE: N_("{unit_name} finishes its move before {insurgent_name} acts (R24)"),
    K.NO_REACTION: N_("{unit_name} does not react to {insurgent_name}"),
    K.CONTRACTOR_JOINS: N_(
        "{unit_name} reaches contractor {contractor}: the contractor joins as a Dependant "
        "(Contracting Trouble: Moving the Contractors)"
    ),
    K.CONTRACTOR_LEFT: N_("Contractor {contractor} is left where {unit_name} fell"),
    K.MERGE_DECLARED: N_(
        "{unit_name} will merge with {target_name} at the start of the next turn if they are "
        "still in cohesion (Rulebook: Merging Units)"
    ),
    K.MERGE_CANCELLED: N_("{unit_name} is no longer in cohesion with {target_name}: no merge"),
    K.FIXED: N_("{unit_name} has been seen and can no longer move out of contact"),
    K.STAND_GROUND: N_("{unit_name} stands its ground without firing"),
    K.ASSAULT_ABORTED: N_("{unit_name}'s charge breaks under fire"),
    K.CHARGE_FAILED: N_(
        "{unit_name} may move only Cautiously and cannot reach {target_name}: the charge "
        "fails and its activation is spent (Rulebook: Casualties; Close Assault)"
    ),
    K.MOVE_START: N_(
        '{unit_name} moves {rate} toward ({to[0]:.1f}, {to[1]:.1f}), {length:.1f}" '
        "(Rulebook: Movement)"
    ),
    K.MOVE_CHANGED: N_(
        '{unit_name} goes on {rate} toward ({to[0]:.1f}, {to[1]:.1f}), {length:.1f}" more '
        "(Rulebook: Movement, a move changed after an interruption)"
    ),
    K.MOVE_END: N_('{unit_name} ends its move at ({at[0]:.1f}, {at[1]:.1f}) after {distance:.1f}"'),
    K.TAKE_COVER: N_(
        '{unit_name} reacts by moving {distance:.1f}" into cover at ({to[0]:.1f}, {to[1]:.1f}) '
        "(Rulebook: Interruptions by Fire)"
    ),
    # --- night and Scenario 3 (issue 19) ---
    K.REINFORCEMENTS_AT_EDGE: N_(
        "Table edge d6={face}: {unit_name}, {figures} strong, comes on by the {edge} edge at "
        "({at[0]:.1f}, {at[1]:.1f}) (Rulebook: Arrival of Insurgent Reinforcements; R206)"
    ),
    # --- civilians (issue 21) ---
    K.MOB_ARMED: N_(
        "{unit_name} hands out weapons: mob {mob} becomes {new_unit_name}, d6={face} +{helpers} "
        "= {total} (10 at most, R233), small arms d6={small_arms_face} → {small_arms} small "
        "arms and {rpg} RPG (Rulebook: Insurgent Leaders and Civilian Mobs)"
    ),
    K.POI_KILLED: N_(
        "The Person of Interest held by {unit_name} is killed by the fire (Rulebook: Fire "
        "at Units with Dependants & Casualties; Hornet's Nest; R237)"
    ),
    # --- house clearing (issue 21) ---
    K.BUILDING_STACKED: N_(
        "T{turn} {unit_name} stacks against the wall of {building_name}, ready to clear it next "
        "turn (Rulebook: Stacking)"
    ),
    K.BUILDING_REOCCUPIED: N_(
        "Insurgents stand in {building_name}: it is no longer cleared (Rulebook: House "
        "Clearing; R245)"
    ),
    K.CLEARING_CASUALTIES_RECOVERED: N_(
        "{unit_name} recovers the {count} casualties it left inside {building_name}, now "
        "cleared (Rulebook: House Clearing; R248)"
    ),
    K.CLEARING_POWS: N_(
        "{unit_name} withdraws from {building_name}: {count} of its casualties left inside are "
        "POWs until the building is cleared (Rulebook: House Clearing; R248)"
    ),
    K.CLEARING_POWS_FREED: N_(
        "{unit_name} frees the {count} Regulars held as POWs in {building_name} (Rulebook: "
        "House Clearing; R248)"
    ),
    K.TURN_LOST: N_(
        "{unit_name} loses this turn after searching a building room by room (Building "
        "Clearance Table; R243)"
    ),
}

VARIANT_KEYS: dict[str, tuple[str, ...]] = {
    K.FOG_OF_WAR: ("cause",),
    K.PHASE_END: ("side",),
    K.HOLD: ("side",),
    K.FIRE_CANCELLED: ("cause",),
    K.UNIT_DESTROYED: ("cause",),
    K.BROKEN: ("cause",),
    K.CONTRACTOR_TAKEN: ("side",),
    K.CLOSE_ASSAULT_END: ("cause",),
    K.PRISONERS: ("cause",),
    K.FLEE: ("pinned",),
    K.LEADER_JOINS: ("finished",),
    K.DEPENDANT_HIT: ("dependant",),
    K.CASUALTIES_ABANDONED: ("removed",),
    K.GET_IN_COVER: ("passed",),
    K.IN_COVER: ("passed",),
    K.INTERRUPT_CHECK: ("passed",),
    K.QUALITY_CHECK: ("cause", "passed"),
    K.CLOSE_ASSAULT_CHECK: ("role", "passed"),
    # --- civilians (issue 21) ---
    K.MOB_MOVE: ("row",),
    K.CIVILIAN_CHECK: ("hit",),
    K.INSURGENCY_SHIFT: ("shift",),
    K.MOB_DISPERSE: ("passed",),
    K.MOB_INFLUENCE: ("arm", "passed"),
}
"""Kinds whose sentence depends on some of their data: the keys that pick it in VARIANTS."""

VARIANTS: dict[tuple[Any, ...], str] = {
    (K.FOG_OF_WAR, "setup"): N_(
        "The scenario calls for Fog of War cards at the start of the game "
        "(Rulebook: Draw Fog of War Cards)"
    ),
    (K.FOG_OF_WAR, "reaction_test"): N_(
        "{unit_name} rolled a natural 1 on a Reaction Test: a Fog of War card is drawn "
        "(Rulebook: Reaction Tests and Fog of War)"
    ),
    (K.PHASE_END, "regular"): N_("The Regulars end their activations; the rest hold"),
    (K.PHASE_END, "insurgent"): N_("The Insurgent phase ends"),
    (K.HOLD, "regular"): N_("{unit_name} holds its position"),
    (K.HOLD, "insurgent"): N_("{unit_name} stays put"),
    (K.FIRE_CANCELLED, "target_gone"): N_("{unit_name}'s target {target} is gone"),
    (K.FIRE_CANCELLED, "cannot_fire"): N_("{unit_name} can no longer fire: {reason}"),
    (K.FIRE_CANCELLED, "no_firepower"): N_("{unit_name} has no Firepower left ({firepower})"),
    (K.FIRE_CANCELLED, "interruption_fizzles"): N_("{unit_name}'s interruption fizzles: {reason}"),
    (K.FIRE_CANCELLED, "cannot_react"): N_("{unit_name} cannot react: {reason}"),
    (K.UNIT_DESTROYED, "wiped_out"): N_("{unit_name} is wiped out"),
    (K.UNIT_DESTROYED, "out_of_action"): N_("{unit_name} has no one left able to fight"),
    (K.UNIT_DESTROYED, "no_one_left"): N_("{unit_name} has no one left"),
    (K.UNIT_DESTROYED, "abandoned"): N_(
        "{unit_name} is no longer combat effective and leaves the table (Rulebook: Abandoning "
        "Casualties)"
    ),
    (K.CASUALTIES_ABANDONED, True): N_(
        "T{turn} {unit_name} abandons its carried casualties ({count}): its Quality or Morale "
        "falls below d6 "
        "(Rulebook: Abandoning Casualties)"
    ),
    (K.CASUALTIES_ABANDONED, False): N_(
        "T{turn} {unit_name} abandons its carried casualties ({count}): Troop Quality {quality}, "
        "Morale {morale} (Rulebook: Abandoning Casualties)"
    ),
    (K.BROKEN, "morale"): N_(
        "{unit_name}'s Morale falls below d6: it breaks and leaves the table (R11)"
    ),
    (K.BROKEN, "melted"): N_("{unit_name} has melted away"),
    (K.CONTRACTOR_TAKEN, "insurgent"): N_("{unit_name} seizes contractor {contractor}"),
    (K.CONTRACTOR_TAKEN, "regular"): N_("{unit_name} frees contractor {contractor}"),
    (K.CLOSE_ASSAULT_END, "won"): N_("The close assault ends: {unit_name} holds the ground"),
    (K.PRISONERS, "insurgents_captured"): N_(
        "{unit_name} takes {count} prisoners (Rulebook: POWs)"
    ),
    (K.PRISONERS, "freed"): N_(
        "{count} POWs held by {unit_name} are freed and go back to their side (Rulebook: POWs)"
    ),
    (K.PRISONERS, "custody"): N_(
        "{unit_name} takes custody of the loser's Dependants: {prisoners} prisoners, "
        "{rescued} rescued, {casualties} casualties (Rulebook: Close Assaults against Units "
        "with Dependants & Casualties; POWs)"
    ),
    (K.PRISONERS, "regulars_fate"): N_(
        "Fate of {unit_name}'s figures d6={faces} (1 = captured): "
        "{taken} taken prisoner, the rest killed (Rulebook: Close Assault)"
    ),
    (K.FLEE, True): N_("{unit_name} flees to ({to[0]:.1f}, {to[1]:.1f}) and is Pinned"),
    (K.FLEE, False): N_("{unit_name} flees to ({to[0]:.1f}, {to[1]:.1f})"),
    (K.LEADER_JOINS, True): N_(
        "T{turn} {leader_name} joins {unit_name} (Rulebook: Leaders Joining a Unit); "
        "it had already acted this turn, so both are finished for the turn"
    ),
    (K.LEADER_JOINS, False): N_(
        "T{turn} {leader_name} joins {unit_name} (Rulebook: Leaders Joining a Unit); "
        "it may still act this turn, but only fire: the join was its move"
    ),
    (K.DEPENDANT_HIT, "casualty"): N_(
        "{unit_name}: more Defense failures than successes, so one hit falls on a carried "
        "casualty, who dies (Rulebook: Fire at Units with Dependants & Casualties)"
    ),
    (K.DEPENDANT_HIT, "dead_casualty"): N_(  # --- polish round 7 (R358) ---
        "{unit_name}: more Defense failures than successes, so one hit falls on a carried "
        "casualty, already dead (Rulebook: Fire at Units with Dependants & Casualties; R358)"
    ),
    (K.DEPENDANT_HIT, "pow"): N_(
        "{unit_name}: more Defense failures than successes, so one hit falls on a prisoner, "
        "who dies (Rulebook: Fire at Units with Dependants & Casualties; R123)"
    ),
    (K.GET_IN_COVER, True): N_(
        "T{turn} {unit_name} tries to Get In Cover (Rulebook: Pinned; Cover Dice): "
        "{test} → In Cover"
    ),
    (K.GET_IN_COVER, False): N_(
        "T{turn} {unit_name} tries to Get In Cover (Rulebook: Pinned; Cover Dice): {test} → fails"
    ),
    (K.GET_IN_COVER, "shaken"): N_(
        "T{turn} {unit_name} can reach no cover without nearing the enemy and stays where it is "
        "(Rulebook: Shaken; R121)"
    ),
    (K.GET_IN_COVER, "exposed"): N_(
        "T{turn} {unit_name} can reach no cover and stays where it is, Exposed: it cannot "
        "Get In Cover (Rulebook: Cover Dice, Exposed; R120)"
    ),
    (K.IN_COVER, "exposed"): N_(
        "T{turn} {unit_name} stays put, Exposed in the open: no In Cover for it "
        "(Rulebook: Cover Dice, Exposed; R120)"
    ),
    (K.IN_COVER, True): N_(
        "T{turn} {unit_name} stays put and tries to get In Cover (Rulebook: Cover Dice): "
        "Quality Check {test} → In Cover"
    ),
    (K.IN_COVER, False): N_(
        "T{turn} {unit_name} stays put and tries to get In Cover (Rulebook: Cover Dice): "
        "Quality Check {test} → fails"
    ),
    (K.INTERRUPT_CHECK, True): N_(
        "T{turn} Insurgent Interrupt Check (Rulebook: Insurgent Interrupt Check): "
        "leaderless {unit_name} {test} → may interrupt"
    ),
    (K.INTERRUPT_CHECK, False): N_(
        "T{turn} Insurgent Interrupt Check (Rulebook: Insurgent Interrupt Check): "
        "leaderless {unit_name} {test} → fails and does nothing"
    ),
    (K.QUALITY_CHECK, "rapid_move", True): N_(
        "T{turn} Casualties Quality Check to move Rapidly (Rulebook: Casualties): "
        "{unit_name} {test} → may move Rapidly"
    ),
    (K.QUALITY_CHECK, "rapid_move", False): N_(
        "T{turn} Casualties Quality Check to move Rapidly (Rulebook: Casualties): "
        "{unit_name} {test} → moves Cautiously"
    ),
    (K.QUALITY_CHECK, "charge", True): N_(
        "T{turn} Casualties Quality Check to charge at the Rapid rate (Rulebook: Casualties): "
        "{unit_name} {test} → charges"
    ),
    (K.QUALITY_CHECK, "charge", False): N_(
        "T{turn} Casualties Quality Check to charge at the Rapid rate (Rulebook: Casualties): "
        "{unit_name} {test} → may charge only as far as a Cautious move"
    ),
    (K.QUALITY_CHECK, "leaderless", True): N_(
        "T{turn} leaderless {unit_name} Quality Check to act (Rulebook: Move Any Remaining "
        "Insurgent Units): {test} → acts"
    ),
    (K.QUALITY_CHECK, "leaderless", False): N_(
        "T{turn} leaderless {unit_name} Quality Check to act (Rulebook: Move Any Remaining "
        "Insurgent Units): {test} → does nothing"
    ),
    (K.CLOSE_ASSAULT_CHECK, "attacker", True): N_(
        "T{turn} {unit_name} charges {target_name}: Close Assault Quality Check "
        "{test} → goes in (Rulebook: Close Assault Quality Checks)"
    ),
    (K.CLOSE_ASSAULT_CHECK, "attacker", False): N_(
        "T{turn} {unit_name} charges {target_name}: Close Assault Quality Check "
        "{test} → balks and forfeits the activation (Rulebook: Close Assault Quality Checks)"
    ),
    (K.CLOSE_ASSAULT_CHECK, "defender", True): N_(
        "T{turn} {unit_name} Quality Check against the charge {test} → may fire or flee"
    ),
    (K.CLOSE_ASSAULT_CHECK, "defender", False): N_(
        "T{turn} {unit_name} Quality Check against the charge {test} → "
        "may stand without firing or flee"
    ),
    # --- civilians (issue 21) ---
    (K.MOB_MOVE, "regular_in_sight"): N_(
        'Civilian mob {mob} surges {moved:.1f}" towards the Regulars it sees (solo rules: '
        "Civilians; R230)"
    ),
    (K.MOB_MOVE, "insurgent_in_sight"): N_(
        'Civilian mob {mob} drifts {moved:.1f}" towards the Insurgents it sees (solo rules: '
        "Civilians; R230)"
    ),
    (K.MOB_MOVE, "objective"): N_(
        "Civilian mob {mob} moves {moved:.1f}\" towards the Regulars' objective (solo rules: "
        "Civilians; R230)"
    ),
    (K.MOB_MOVE, "combat"): N_(
        'Civilian mob {mob} moves {moved:.1f}" towards the fighting nearby (solo rules: '
        "Civilians; R230)"
    ),
    (K.MOB_MOVE, "stay"): N_("Civilian mob {mob} stays where it is (solo rules: Civilians)"),
    (K.MOB_MOVE, "halted"): N_(
        'Civilian mob {mob} stays: it is within 6" of a Regular unit (Rulebook: Civilians on '
        "the Battlefield)"
    ),
    (K.MOB_MOVE, "manipulated"): N_(
        'The Insurgents move civilian mob {mob} {moved:.1f}" (Rulebook: Insurgent Leaders and '
        "Civilian Mobs)"
    ),
    (K.CIVILIAN_CHECK, True): N_(
        "{unit_name}'s line of fire passes within 3\" of civilian mob {mob}: {die}={face} "
        "(1-2 hits) → a civilian is killed (Rulebook: Civilians on the Battlefield)"
    ),
    (K.CIVILIAN_CHECK, False): N_(
        "{unit_name}'s line of fire passes within 3\" of civilian mob {mob}: {die}={face} "
        "(1-2 hits) → no civilian hurt (Rulebook: Civilians on the Battlefield)"
    ),
    (K.INSURGENCY_SHIFT, 1): N_(
        "A civilian killed by Regular fire: the Insurgency Level rises from {before} to {after} "
        "(solo rules: Civilians; R76)"
    ),
    (K.INSURGENCY_SHIFT, -1): N_(
        "A civilian killed by Insurgent fire: the Insurgency Level falls from {before} to "
        "{after} (solo rules: Civilians; R76)"
    ),
    (K.INSURGENCY_SHIFT, 0): N_(
        "The Insurgency Level has already moved that way this turn and stays at {after} "
        "(solo rules: Civilians; R76)"
    ),
    (K.MOB_DISPERSE, True): N_(
        "T{turn} {unit_name} reasons with civilian mob {mob}: {die}={face} > Insurgency Level "
        "{level} → the mob disperses (Rulebook: Regulars and Civilian Mobs)"
    ),
    (K.MOB_DISPERSE, False): N_(
        "T{turn} {unit_name} reasons with civilian mob {mob}: {die}={face}, not over Insurgency "
        "Level {level} → the mob stays (Rulebook: Regulars and Civilian Mobs)"
    ),
    (K.MOB_INFLUENCE, False, True): N_(
        "T{turn} The leader of {unit_name} works on civilian mob {mob}: {die}={face}, at or "
        "under Insurgency Level {level} → he may move it (Rulebook: Insurgent Leaders and "
        "Civilian Mobs; R231)"
    ),
    (K.MOB_INFLUENCE, False, False): N_(
        "T{turn} The leader of {unit_name} works on civilian mob {mob}: {die}={face}, over "
        "Insurgency Level {level} → it ignores him (Rulebook: Insurgent Leaders and Civilian "
        "Mobs; R231)"
    ),
    (K.MOB_INFLUENCE, True, True): N_(
        "T{turn} The leader of {unit_name} tries to arm civilian mob {mob}: {die}={face}, at or "
        "under Insurgency Level {level} → it takes up arms (Rulebook: Insurgent Leaders and "
        "Civilian Mobs; R231)"
    ),
    (K.MOB_INFLUENCE, True, False): N_(
        "T{turn} The leader of {unit_name} tries to arm civilian mob {mob}: {die}={face}, over "
        "Insurgency Level {level} → it refuses (Rulebook: Insurgent Leaders and Civilian Mobs; "
        "R231)"
    ),
}
