"""The English words the rules and the engine write into an event's data, for the translation
catalogue (issue 24 §2): unit names, Firepower and Defense items, reasons, results, rates,
edges. The data stays English (the events' fingerprint covers it, so a game plays the same in
every language); the narration puts each such text into the language in use when it builds a
line, with `game.i18n.retell`, which reads a text against these messages, the exact words first,
then the templates with their fields filled ("Insurgent group {number}").

Nothing here is a rule: each message copies the wording of the module named beside it, and a
test plays seeded games in French to find any data text that this list misses.
"""

from __future__ import annotations

from game.i18n import N_

WORDS: tuple[str, ...] = (
    # unit names the game builds (engine/reinforcements.py, scenarios/catalog.py)
    N_("Insurgent group {number}"),
    # movement rates (engine/protocol.py MoveRate) and table edges
    N_("cautious"),
    N_("rapid"),
    N_("out of contact"),
    N_("north"),
    N_("south"),
    N_("east"),
    N_("west"),
    N_("cruising"),
    N_("patrol"),
    # the two ways to interrupt (engine/interruptions.py)
    N_("move"),
    N_("fire"),
    # morale results (engine/morale.py) and First Aid results (engine/casualties.py)
    N_("Stand"),
    N_("Shaken"),
    N_("Pinned"),
    N_("KIA"),
    N_("WIA"),
    # margins of victory (rules/victory.py)
    N_("Decisive"),
    N_("Marginal"),
    N_("Indecisive"),
    N_("Total"),
    # Firepower and Defense items (rules/firepower.py, rules/wording.py `counted`)
    N_("{count} figure"),
    N_("{count} figures"),
    N_("target Exposed"),
    N_("target moved Rapidly"),
    N_("Firepower cap {cap}"),
    N_("Defense cap {cap}"),
    N_("interrupted (R37)"),
    N_("Sniper Team"),
    N_("Special Weapon Team"),
    N_("Optimum Range"),
    N_("defensive fire vs Close Assault"),
    N_("moved Rapidly"),
    N_("Dependants"),
    N_("night without night vision"),
    N_("In Cover"),
    N_("Solid Cover"),
    N_("body armour"),
    N_("charging into Close Assault"),
    N_("at least 1 die"),
    N_("An Excellent Position (card)"),
    # weapons (rules/units.py, rules/vehicle_types.py)
    N_("rifle"),
    N_("sniper rifle"),
    N_("light support weapon"),
    N_("medium support weapon"),
    N_("heavy support weapon"),
    N_("RPG"),
    N_("AT RPG"),
    N_("heavy MG"),
    N_("coaxial MG"),
    N_("remote weapon station"),
    # vehicles (rules/vehicles.py, rules/vehicle_types.py)
    N_("Class {armour} armour"),
    N_("Class {weapon} weapon halved vs Class {armour} armour"),
    N_("Class {weapon} weapon cannot harm Class {armour} armour"),
    N_("Class {weapon} weapons cannot harm Class {armour} armour"),
    N_("Up-Armored Softskin"),
    N_("Up-Armored AFV"),
    N_("Armament breakdown"),
    N_("armament destroyed"),
    N_("Fire-or-Move: moved this turn"),
    # house clearing (rules/house_clearing.py)
    N_("leader above fireteam level"),
    N_("stacked the turn before"),
    N_("did not stack"),
    N_("trained and equipped for clearing"),
    N_("only {figures} figures"),
    # why a shot is called off (engine/checks.py)
    N_("{unit} has no line of sight to {target} (R4)"),
    N_("{unit} cannot fire at {target}: {blockers} in the line of fire (R6)"),
    N_("{unit} has no Firepower left ({firepower})"),
    # why a game ends (engine/flow.py, engine/victory.py, scenarios/staged.py)
    N_("the turn limit ({turns}) is reached (R31)"),
    N_("every contractor has been escorted off or captured"),
    N_("the Person of Interest has been escorted off the table"),
    N_("the Person of Interest has been killed"),
    N_("no {noun} remain on the table"),
    N_("no Regulars remain on the table"),
    N_("Marines"),
    # victory conditions and objectives (scenarios/catalog.py, engine/victory.py, report.py)
    N_("Regulars: {condition}"),
    N_("Insurgents: {condition}"),
    N_("{label}: {points} pt"),
    N_("{label}: {points} pts"),
    N_("{label}: {points} pt each"),
    N_("{label}: {points} pts each"),
    N_("{label}: yes +{points}"),
    N_("{label}: no"),
    N_("reach the contractors and escort them off the table"),
    N_("neutralize hot spots ({count} neutralized)"),
    N_("leave by an exit edge once {count} hot spots are neutralized"),
    N_("inflict casualties and take prisoners"),
    N_("{count} {label} x{points}"),
    # how a unit ended (engine/protocol.py UnitStatus), for the after-action report
    N_("active"),
    N_("removed"),
    N_("broken"),
    N_("exited"),
    N_("captured"),
    N_("merged"),
    N_("aboard"),
    # the engine's questions (decision prompts), told on screen in the language in use
    # (engine/interruptions.py, close_assault.py, morale.py, overwatch.py, reinforcements.py)
    N_("{unit} may react to {enemy}: return fire"),
    N_("{unit} may react to {enemy}: {choices} first"),
    N_("fire or finish the move"),
    N_("fire or move to cover"),
    N_("finish the move or move to cover"),
    N_("fire, finish the move or move to cover"),
    N_("finish the move"),
    N_("move to cover"),
    N_("{unit} is charged: {choices}?"),
    N_("fire or stand"),
    N_("fire or flee"),
    N_("stand or flee"),
    N_("fire or stand or flee"),
    N_("{count} Regulars of {unit} can be taken prisoner: take them?"),
    N_("{unit} must move to cover: choose a covered spot (not toward the enemy)"),
    N_("{unit} acts in sight of Overwatch units {units}: which fire?"),
    N_(
        "{unit} interrupts {enemy}: which unactivated units react for it (spending their "
        "activation)?"
    ),
    N_("Hot spot roll of 6: choose the hot spot where the reinforcements arrive"),
    N_("{unit} is Pinned in sight of {units}: fire at it, giving up the interruption?"),
    N_("{unit} is moving in sight of {units}: declare interruptions"),
    N_("{unit} is acting in sight of {units}: declare interruptions"),
    # --- polish: the vehicle cards' names (rules/vehicle_types.py), and a vehicle that
    # enters play named after its card (engine/vehicle_entry.py) ---
    N_("Up-Armored M1043 HMMWV"),
    N_("M1126 Stryker ICV"),
    N_("M2A2 Bradley IFV"),
    N_("LVTP-7 amphibious APC"),
    N_("LAV-25"),
    N_("Gun truck (up-armored HMMWV, M2 .50)"),
    N_("M1A1 Abrams"),
    N_("Unknown car"),
    N_("Technical (pickup with DShK)"),
    N_("M113 armoured ambulance"),
    N_("Up-Armored M1043 HMMWV {number}"),
    N_("M1126 Stryker ICV {number}"),
    N_("M2A2 Bradley IFV {number}"),
    N_("LVTP-7 amphibious APC {number}"),
    N_("LAV-25 {number}"),
    N_("Gun truck (up-armored HMMWV, M2 .50) {number}"),
    N_("M1A1 Abrams {number}"),
    N_("Unknown car {number}"),
    N_("M113 armoured ambulance {number}"),
    # --- polish round 5: a destroyed vehicle's crew on foot (engine/vehicle_fire.py) ---
    N_("{vehicle}'s crew"),
    N_("Technical {number}'s crew"),  # before "Technical {number}" takes "1's crew" as a number
    N_("Car {number}'s crew"),
    # --- polish round 5: the shipped maps' objective labels, drawn on the table (maps/*.tmx) ---
    N_("T: target building"),
    N_("the compound: West house"),
    N_("the compound: Main house"),
    N_("the compound: East house"),
    N_("the tea house"),
    # --- polish round 5: the support assets' titles (rules/support.py ASSET_TITLES) ---
    N_("UAV"),
    N_("Armed Predator"),
    N_("Off-Board Sniper Team"),
    N_("Off-Board Light Mortar"),
    N_("Off-Board Heavy Mortar"),
)
