"""The AIs' reasons, for the translation catalogue (issue 24 §2): the shapes of the lines the
Insurgent AI (solo Action Check tables), the Commander AI and the Regular AI write, and their
words. The AIs keep writing English; `game.engine.controllers.NoteTaker` files each line in the
language in use with `game.i18n.retell`, which reads the line against these templates (the
fields of a template are retold in turn, a list "a, b, c" item by item).

Nothing here is a rule: each message copies the wording of the module named beside it, and a
test plays seeded games in French to find any AI line that this list misses.
"""

from __future__ import annotations

from game.i18n import N_

LINES: tuple[str, ...] = (
    # the prefixes (ai/regular.py, ai/controller.py, ai/commander.py)
    N_("Regular AI: {text}"),
    N_("T{turn} {unit} activates: {check}"),
    N_("T{turn} end of turn: {check}"),
    N_("T{turn} Commander: {text}"),
    # the solo Action Check tables (ai/tables.py, ai/procedure.py, ai/situation.py)
    N_("{table} ({unit}): {facts}; {row}: {text} → {action}"),
    N_("{table} ({unit}): {facts}; no row applies → no action (R70)"),
    N_("{table} ({unit}): {quality}; {rest}"),
    N_("{table} [{moment}]"),
    N_("Regulars move or fire in LOS"),
    N_("end of turn"),
    N_("Insurgents w/No Leader"),
    N_("Insurgents w/Leader"),
    N_("Insurgent Leader w/No Unit"),
    N_("Civilians"),
    N_("row {number}"),
    N_("row {number} (the project's own)"),
    N_("Firepower {firepower}"),
    N_('{distance}" from the activated unit ({where} Optimum Range {reach})'),
    N_("within"),
    N_("within double"),
    N_("beyond double"),
    N_("always in range"),
    N_("it moves"),
    N_("fired on"),
    N_("in cover"),
    N_("not in cover"),
    N_("enemy in sight"),
    N_("no enemy in sight"),
    N_('combat {distance}" away'),
    N_("no combat"),
    N_('Hot Spot {distance}" away'),
    N_("no Hot Spot"),
    N_("sees {what}"),
    N_("a lone Leader"),
    N_("a leaderless unit"),
    N_("a friendly unit"),
    N_("an objective known"),
    N_("no objective"),
    # the rows' conditions (ai/tables.py)
    N_("Regulars fire at the Leader"),
    N_("Regulars move in LOS"),
    N_("a Regular unit is in sight"),
    N_("a friendly Leader is in LOS"),
    N_("a friendly leaderless unit is in LOS"),
    N_("a friendly unit is in LOS"),
    N_("activated Regular is a vehicle this unit's support weapon can harm"),
    N_("beyond Optimum Range, Firepower > 6"),
    N_("enemy in sight and no row above applies (motivation: attack)"),
    N_("fired on, Firepower < 6"),
    N_("fired on, Firepower > 6"),
    N_("no Regulars in sight, an Insurgent unit is"),
    N_("no unit in sight, a Regular objective on the table"),
    N_("not in cover, Firepower < 6"),
    N_("not in cover, Firepower > 6"),
    N_("within Optimum Range"),
    N_("within double Optimum Range"),
    N_("within double Optimum Range, Firepower < 6"),
    N_('combat within {distance}", in cover and in enemy LOS'),
    N_('combat within {distance}", in cover and out of enemy LOS'),
    N_('combat within {distance}", not in cover'),
    N_('no enemy in sight, combat within {distance}"'),
    N_('no enemy in sight, no combat within {distance}"'),
    N_('no leaderless unit in LOS, a Hot Spot farther than {distance}"'),
    N_('no leaderless unit in LOS, within {distance}" of a Hot Spot'),
    # the rows' actions (ai/actions.py) and what they aim at
    N_("interrupt by fire at the vehicle"),
    N_("interrupt by fire"),
    N_("interrupt by moving into cover"),
    N_("interrupt by moving out of LOS toward a friend"),
    N_("interrupt by moving out of LOS toward {target}"),
    N_("interrupt by moving out of LOS or into cover, toward a friend"),
    N_("interrupt by moving out of LOS or into cover, toward {target}"),
    N_("interrupt by moving out of LOS"),
    N_("interrupt by moving into Optimum Range"),
    N_("get into cover where no enemy can see it"),
    N_("get into cover that still sees the enemy"),
    N_("remain in place"),
    N_("Rapid move by the least-seen route to join the Leader"),
    N_("Rapid move by the least-seen route to join the friendly unit"),
    N_("Rapid move by the least-seen route to lead the leaderless unit"),
    N_("Rapid move by the least-seen route toward a Hot Spot"),
    N_("take cover"),
    N_("Cautious advance on the nearest objective"),
    N_("Cautious advance on the nearest enemy, to cover that sees it"),
    N_("fire at the nearest enemy in LOS"),
    N_("drift toward the Regulars in sight"),
    N_("drift toward the Insurgents in sight"),
    N_("drift toward the nearest Regular objective"),
    N_("drift toward the fighting"),
    N_("no action"),
    N_("the activated Regular unit"),
    N_("the nearest Regular unit"),
    N_("the nearest Regular unit in LOS"),
    N_("a friendly Leader"),
    N_("the nearest friendly leaderless unit"),
    N_("the nearest friendly unit"),
    N_("the nearest Hot Spot"),
    N_("the nearest objective"),
    N_("the nearest fire combat"),
    N_("the nearest Solid Cover"),
    N_("the nearest spot out of Regular LOS"),
    # the Insurgent AI carrying out a row (ai/controller.py, ai/explain.py)
    N_("T{turn} {unit} {action}: moves {rate} toward {point}"),
    N_(
        "T{turn} {unit} cannot interrupt by moving: a leader joined it this turn, it may only "
        "fire (R80); it holds"
    ),
    N_(
        "T{turn} {unit} cannot interrupt by fire: {blocker} stands straight in the line to "
        "{target} (R6); it holds (R93)"
    ),
    N_("T{turn} {unit} cannot {action}: {why}"),
    N_(
        "T{turn} end of turn: the leader of {unit} is in contact with civilian mob {mob} and "
        "tries to arm it (not a solo-table row: R239)"
    ),
    N_("T{turn} {unit} has no friendly unit to join"),
    N_("T{turn} {unit} ends in cohesion with {other}: joins it (R80)"),
    N_(
        "T{turn} {unit} cannot join a unit this turn: the move stops "
        '{distance}" short of cohesion with {other}'
    ),
    N_("T{turn} {unit} goes on with its move as planned (R105)"),
    N_(
        "T{turn} {unit} {action}: no spot it can reach is {where} (R131); it goes where the "
        "row's other wishes are best met"
    ),
    N_(
        'T{turn} {unit} {action}: the safest route walks {walked}" with {seen}" in Regular '
        'sight (the shortest way: {shortest}" in sight) (R274)'
    ),
    N_("in Solid Cover"),
    N_("in Solid Cover with the enemy in sight"),
    N_("in Solid Cover out of enemy sight"),
    N_("out of enemy sight"),
    N_("out of enemy sight or in Solid Cover"),
    N_("within Optimum Range of the activated unit"),
    N_("a leader joined it this turn, so it may only fire (R80); it holds"),
    N_("no Regular unit it may fire at (sight, range or a unit in the way); it holds"),
    N_("the engine offers it no move this turn; it holds"),
    # a card's choice (ai/cards.py, filed by ai/controller.py)
    N_("T{turn} {title}: {unit}, the unit nearest the enemy ({where}), takes the position"),
    N_('{distance}" from the nearest enemy'),
    N_("no enemy in play"),
    N_("T{turn} {title}: takes {asset}, the most useful asset left"),
    N_("T{turn} {title}: the only answer"),
    N_("T{turn} {title}: no rule for choosing a {choosing}: the first answer"),
    N_("{title}: {unit}, the unit nearest the enemy ({where}), takes the position"),
    N_("{title}: takes {asset}, the most useful asset left"),
    N_("{title}: the only answer"),
    N_("{title}: no rule for choosing a {choosing}: the first answer"),
    # the round-two cards' choices (ai/card_choices.py)
    N_("{title}: every unit that may fires at the runners ({choice})"),
    N_("T{turn} {title}: every unit that may fires at the runners ({choice})"),
    N_("{title}: {place}, where {count} enemy figures shelter, is no cover any more"),
    N_("T{turn} {title}: {place}, where {count} enemy figures shelter, is no cover any more"),
    N_("{title}: no building in sight holds more enemies than friends: no fire"),
    N_("T{turn} {title}: no building in sight holds more enemies than friends: no fire"),
    N_("{title}: {place} burns, {count} more enemies than friends inside"),
    N_("T{turn} {title}: {place} burns, {count} more enemies than friends inside"),
    N_("{title}: {place}, the only place far enough from the Regulars"),
    N_("T{turn} {title}: {place}, the only place far enough from the Regulars"),
    N_(
        "{title}: the team sets up in {place}, the building nearest the Regulars "
        '({distance}" from their middle) at least 12" from them'
    ),
    N_(
        "T{turn} {title}: the team sets up in {place}, the building nearest the Regulars "
        '({distance}" from their middle) at least 12" from them'
    ),
    N_("{title}: the sniper stalks {unit}, the biggest Regular unit ({count})"),
    N_("T{turn} {title}: the sniper stalks {unit}, the biggest Regular unit ({count})"),
    # the Commander AI (ai/commander.py)
    N_("{unit} interrupts {target} by {mode}: {why}"),
    N_("it is the target and cannot hurt the attacker: slips away"),
    N_("{target} is Pinned: free shot, E={shot} casualties (R104)"),
    N_(
        "E={shot} casualties, Reaction Test won {chance} (stance {stance}), return fire "
        "E={back}: worth {now} VP against {later} by waiting"
    ),
    N_("{unit} interrupting move: {why}"),
    N_("first offered"),
    N_("{unit}: {candidate}, {why} (score {score})"),
    N_("{unit} fires after its move: {why}"),
    N_("at {target}, E={shot} casualties"),
    N_("{target} is {state}, {ours} against {theirs}, its fire E={back}"),
    N_("stays put: {why}"),
    N_("{rate} to {point}: {why}"),
    N_("objective {value}"),
    N_("shot at {target} E={shot}"),
    N_("no shot"),
    N_("cover"),
    N_("Exposed"),
    N_("danger E={danger}"),
    N_("wounded"),
    N_("hold in cover"),
    N_("fire"),
    N_("move"),
    N_("charge"),
    N_("assault"),
    # the Regular AI (ai/regular.py, ai/regular_candidates.py, ai/regular_team.py, ...)
    N_('"{candidate}" {why} score {score}'),
    N_('"{candidate}" {why}'),
    N_("hold"),
    N_("return fire"),
    N_("fire at best odds"),
    N_("take cover first"),
    N_("go on as planned"),
    N_("overwatch fire"),
    N_("first aid"),
    N_("move to better cover"),
    N_("pursue the objective"),
    N_("fire mission"),
    N_("APC transport"),
    N_("board the APC"),
    N_("react for a friend"),
    N_("carry the wounded to safety"),
    N_("overwatch where they will act"),
    N_("close assault"),
    N_("neutralize hot spot"),
    N_("disperse a civilian mob"),
    N_("call a support asset"),
    N_("fire and movement"),
    N_("finish the move first"),
    N_("meet the charge"),
    N_("flee the charge"),
    N_("stand against the charge"),
    N_("seek cover"),
    N_("overwatch to cover a moving friend"),
    N_("stack and clear a building"),
    N_("every remaining unit holds: nothing is worth doing (score 0)"),
    N_("{unit} has nothing better to do"),
    N_("at {target} (E={shot})"),
    N_("{unit} → {target} (E={shot} casualties)"),
    N_("{unit} → {target} (E={shot} casualties, civilians at risk E={risk})"),
    N_("{unit} moves to {point}: danger E={before} → {after}"),
    N_("{why} (the shot: E={shot})"),
    N_("{unit} keeps its move (R105)"),
    N_("{units} fire at {target} (E={shot} casualties)"),
    N_("{unit} fires at {target} (E={shot})"),
    N_("no helper has a shot worth its activation at {target}"),
    N_("{count} hit figures to tend in safety (R27)"),
    N_("{unit} moves cautiously to {point}: {why} (better than staying by {value})"),
    N_('{unit} heads for {goal}: {rate} to {point}, {distance}" closer and arrives; {why}'),
    N_('{unit} heads for {goal}: {rate} to {point}, {distance}" closer; {why}'),
    N_("{unit} steps off the table by {goal}"),
    N_("the exit edge"),
    N_("the exit edge with the contractors"),
    N_("the target building"),
    N_("the position to hold"),
    N_("hot spot {number}"),
    N_("contractor {contractor}"),
    N_("escort {unit}"),
    N_("near cover"),
    N_("shot from there E={shot}"),
    N_(
        "{unit} works on targets off the table from the target building (turn {turn} of the "
        "fire mission): it fires at nothing here (R{rule})"
    ),
    N_("{vehicle} is by the target building: {unit} gets out at {point}"),
    N_("the fire mission is done: {unit} boards for the ride out"),
    N_('{vehicle} drives its passengers toward {goal}: {speed} to {point}, {distance}" closer'),
    N_("cruising"),
    N_("patrol"),
    N_("turn plan: {unit} suppresses {target}, then {mover} moves"),
    N_("{unit} watches {watched} (a shot worth E={shot} if they act; R273)"),
    N_("{unit}'s lane"),
    N_("{unit} sweeping a hot spot"),
    N_("{unit} charges {target}: {odds} (danger there E={danger}; R270, R271)"),
    N_(
        "wins {percent} of {plays} plays of the rules' Close Assault, takes out {enemy} figures "
        "for {own} of ours"
    ),
    N_(
        "{unit} takes its wounded to {where} at {point} (danger E={danger}) so First Aid can "
        "be given"
    ),
    N_("out of sight"),
    N_("{unit} is by hot spot {number}: stay a turn to neutralize it (R28), danger E={danger}"),
    N_("{unit} reasons with civilian mob {mob} (succeeds {chance} at Insurgency Level {level})"),
    N_(
        "{unit} reasons with civilian mob {mob} (succeeds {chance} at Insurgency Level {level}; "
        "it bars the way)"
    ),
    N_("{unit} brings the {asset} into play at once (it costs no action; R{rule})"),
    N_("{unit} calls the {asset} on {target}: {why}"),
    N_(
        "{shooter} fires at {target} (E={shot} casualties) so that {mover} can move to "
        "{point}: {target} threatens that move with E={threat} of its E={total}, the fire "
        'silences about {percent} of it; better than "{candidate}" alone by {gain} (R272)'
    ),
    N_("defensive fire"),
    N_("{ours} against {theirs}"),
    N_("the shot is poor (E={shot})"),
    N_("{unit} moves to {point} (danger E={danger})"),
    N_("{unit} stays"),
    # --- cards round 3: the hostage (ai/hostage_choice.py, ai/regular_hostage.py, R318-R319) ---
    N_(
        "{title}: the hostage is held in {place}, watched by {count} Insurgent figures, "
        "{distance} from the nearest Regular"
    ),
    N_(
        "T{turn} {title}: the hostage is held in {place}, watched by {count} Insurgent figures, "
        "{distance} from the nearest Regular"
    ),
    N_("the hostage in {place}"),
    # house clearing's candidate (ai/regular_clearing.py), which the hostage's rescue plays
    N_(
        "{unit} stacks against {place}, which stands between it and {goal}, to clear it next "
        "turn (+1, Stacking) (danger E={danger})"
    ),
    N_(
        "{unit} clears {place} after stacking the turn before (+1), on the way to {goal} "
        "(danger E={danger})"
    ),
    N_(
        "{unit} clears {place} on the way to {goal} without stacking (−1): its figures are "
        "not all against the wall (danger E={danger})"
    ),
    # --- the safest route (issue 17, helper ai2): ai/safest.py (R274) ---
    N_(
        'T{turn} {unit} {action}: the safest route walks {walked}" with {seen}" in Regular '
        'sight (the shortest way: {shortest}" in sight) (R274)'
    ),
    # --- vehicles entering play mid-game (ai/insurgent_vehicles.py, ai/vehicle_support.py)
    N_(
        "T{turn} {unit}, {action}: a technical drives, it does not walk; it takes the {speed} "
        "drive ending {why} (R306)"
    ),
    N_("farthest from the Regulars"),
    N_("nearest its goal, clear of the Regulars"),
    N_('{unit} has nothing to fire at: it drives toward {goal} to {where}, {gain}" closer (R307)'),
    N_("the other Regular units"),
    N_("{title}: the narrowest street offered, at ({x}, {y}) (R304)"),
    N_("T{turn} {title}: the narrowest street offered, at ({x}, {y}) (R304)"),
    N_('{title}: the car is {near}" off: no time to look closer (R308)'),
    N_('T{turn} {title}: the car is {near}" off: no time to look closer (R308)'),
    N_('{title}: {unit} looks the car over, {near}" off (R308)'),
    N_('T{turn} {title}: {unit} looks the car over, {near}" off (R308)'),
    # --- polish: the Commander's technicals drive (ai/commander_vehicles.py, R341) ---
    N_("drive"),
    N_("{unit} interrupting drive: {why}"),
    # --- round 5: what the Commander's shots are worth by target (ai/commander_stakes.py) ---
    N_("at {target}, E={shot} casualties ({note})"),
    N_("armour: only what can harm it counts (R350)"),
    N_("the fire mission hangs on it (R351)"),
    N_("the sniper team, not yet escorted off (R351)"),
    # --- the team Regular AI, round 5 (ai/team_goals.py, R363) ---
    N_("the way ahead of {unit}"),
    N_(
        "{unit}'s shot at {target} passes near civilians: E={shot} less {cost} for the "
        "civilians at risk (R367)"
    ),
    # --- the team Regular AI, round 6 (ai/team_escort.py, R371) ---
    N_("the exit edge with the contractors, without delay (R371)"),
    N_("hold fire"),
    N_("{unit} does not answer {target}: the shot is worth less than it costs (E={shot}; R372)"),
    # --- the team Regular AI, round 6, helper team2 (ai/team_mission.py, R380-R389) ---
    N_("{unit} lets the others act first: the fire mission hangs on it (R380)"),
    N_("{unit} lets the others act first: it is to be escorted off (R383)"),
    N_("{vehicle} can no longer drive: {unit} gets out at {point} to go on foot (R382)"),
    N_("{why}; firing draws the fire of the groups in sight, E={drawn} (R381)"),
    # --- the team Regular AI, round 7, helper team2 (ai/team_breakout.py, R384-R385) ---
    N_("the breakout by the exit edge (R384)"),
    # --- the team Regular AI, round 7 (ai/team_escort_off.py, R375) ---
    N_("{why}; the run to it is in sight, danger E={danger} (R375)"),
    N_("{why}; it draws fire onto the team to be escorted off, E={drawn} (R375)"),
)
