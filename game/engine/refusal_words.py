"""The engine's refusals a player meets most, for the translation catalogue (polish, round 5).

An illegal order is refused with a sentence in English (`IllegalCommand`: the engine, the AIs
and the tests read it so); the window shows it to the player through `game.i18n.retell`, which
reads it against these templates and writes it in the language in use. Found in play: on a
French screen the LVTP's drive was refused in English ("does not fit past ... buildings or walls
are in the way"), and so was every move of a Pinned unit.

Nothing here is a rule and nothing imports it: each message copies the wording of the module
named beside it, its fields named for what they hold (a unit's name, a vehicle card's name, a
point "(x, y)").
"""

from __future__ import annotations

from game.i18n import N_

REFUSALS: tuple[str, ...] = (
    # moving (engine/checks.py)
    N_("{unit} has already moved this activation"),
    N_("{unit} has no one able to move"),
    N_("{unit} is regrouping after a Pull Back and may not move"),
    N_("{unit} is Pinned and may only seek cover"),
    N_("{unit} is Pinned or regrouping and may not move"),
    N_("{unit} has fired and may only move Cautiously (R21)"),
    N_("{unit} has Dependants and may not move Rapidly"),
    N_("{unit} cannot use Out of Contact movement"),
    N_("{unit} cannot move that way"),
    N_("{unit} is Shaken and may only move away from the enemy"),
    N_("{unit} called for fire this activation and may not move (R191)"),
    N_("{unit} has already acted; that takes a whole activation (R21)"),
    N_("{unit} is the unit acting now"),
    N_("{unit} is a vehicle: it drives (Rulebook: Vehicle Movement)"),
    N_("{unit} is a vehicle: its crew stays aboard (R225)"),
    N_("{unit} fired a Fire-or-Move weapon this turn and may not move (R345)"),  # rules audit
    N_("{unit} is on a roof: it must come down first (R83)"),
    # firing and charging (engine/checks.py)
    N_("{unit} has already fired this activation"),
    N_("{unit} has no one left able to fire"),
    N_("{unit} is Shaken and may take no aggressive action"),
    N_("{unit} is tending its wounded and may only react (R27)"),
    N_("{unit} must tend its wounded first (R27)"),
    N_("{unit} has no wounded figures to tend"),
    N_("{unit} is Pinned or regrouping and cannot charge"),
    N_("{unit} cannot charge now"),
    # driving (engine/vehicles.py, rules/vehicle_movement.py): "{unit}: {problem}"
    N_("{unit}: the {vehicle} does not fit past {point}: buildings or walls are in the way"),
    N_("{unit}: {point} is off the table"),
    N_("{unit}: a vehicle may not move on the turn it loads or unloads passengers"),
    N_("{unit}: the vehicle is immobilized"),
    N_("{unit}: the vehicle is destroyed"),
    N_("{unit}: at Cruising speed a vehicle makes no turns: it drives straight ahead"),
    N_('{unit}: {length}" is beyond the {speed} speed of {allowed}"'),
    N_("Patrol"),
    N_("Cruising"),
    N_("{unit} is not a vehicle"),
    N_("{unit} moved this turn: nobody gets out now"),
    N_("{unit} moved this turn: nobody boards it now"),
    # --- polish (round 6): met in play on a French screen, still in English ---
    # garbled orders (engine/card_orders.py); {card} is the card's name
    N_("{unit} holds its position: the orders are garbled this turn (R280, {card})"),
    N_("{unit} may only move into cover: the orders are garbled this turn (R280, {card})"),
    # boarding (engine/vehicles.py)
    N_("{unit} boards as its whole action"),
    # tending the wounded (engine/casualties.py)
    N_("{unit} is safe where it is: it tends its wounded there, not moving"),
    N_(
        "{unit} is tending its wounded: it may move only into Solid Cover or out of Insurgent "
        "sight, or toward it, where fewer Insurgent units see it"
    ),
    # --- polish (round 7): a hot spot neutralized as the activation begins (engine/checks.py)
    N_(
        "{unit} completes the neutralization of hot spot {number} as its activation begins: "
        "give it another order"
    ),
    # a move through a civilian mob (engine/civilians.py); {mobs}: "C1" or "C1, C4"
    N_(
        "{unit} may not move through civilian mob {mobs} "
        "(Rulebook: Civilians on the Battlefield; R232)"
    ),
    # an order that answers none of the question's choices (engine/engine.py)
    N_("not one of the choices for: {question}"),
)
