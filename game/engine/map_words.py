"""The shipped maps' building names and labels, for the translation catalogue (polish, round 5).

A building's name is map data (`maps/*.tmx`), shown to the player where a card asks which
building (Swiss Cheese, Fire! Fire!) and in the log; the window and the narration put it into
the language in use with `game.i18n.retell`. Found in play: "1. Mosque school (bâtiment 1)" on a
French screen. Nothing imports this module.
"""

from __future__ import annotations

from game.i18n import N_

BUILDINGS: tuple[str, ...] = (
    N_("Apartment block"),
    N_("Bakery"),
    N_("Cafe"),
    N_("Clinic"),
    N_("Compound house"),
    N_("Corner shop"),
    N_("Cottage"),
    N_("East house"),
    N_("Family house"),
    N_("Flats"),
    N_("Garage flats"),
    N_("Garage"),
    N_("Headman's house"),
    N_("Hotel"),
    N_("House"),
    N_("Lock-up"),
    N_("Main house"),
    N_("Market hall"),
    N_("Mosque school"),
    N_("Newspaper kiosk"),
    N_("Pharmacy"),
    N_("School"),
    N_("Shed"),
    N_("Shop row"),
    N_("Shop"),
    N_("Smithy"),
    N_("Store room"),
    N_("Store"),
    N_("Tailor's house"),
    N_("Tailor's"),
    N_("Target building (T)"),
    N_("Tea house"),
    N_("Tea shop"),
    N_("Teahouse"),
    N_("The POI's house"),
    N_("Tower house"),
    N_("Warehouse"),
    N_("West house"),
    N_("Workshop"),
    N_("Yard house"),
    N_("bakery"),
    N_("kiosk"),
    N_("pharmacy"),
    N_("tea house"),
    N_("warehouse"),
    # a building as a card's narration names it (engine/card_buildings.py, card_paths.py)
    N_("the {label} (building {number})"),
    N_("building {number}"),
)
