"""The English of the card events (Rulebook: Fog of War & Asset Cards): every line names the
card by its title. Registered into `narration.SENTENCES` by `game.engine.narration`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.engine.sentences import VARIANTS
from game.i18n import N_, narr, narr_n, retell

Data = Mapping[str, Any]

DECK_NAMES = {"fog_of_war": N_("Fog of War"), "asset": N_("Asset")}
SIDES = {"regular": N_("the Regulars"), "insurgent": N_("the Insurgents")}

DRAW_CAUSES: dict[str, str] = {
    "setup": N_("at the start of the game (Rulebook: Draw Fog of War Cards)"),
    "reaction_test": N_("for {unit_name}'s natural 1 (Rulebook: Reaction Tests and Fog of War)"),
    "optional": N_("for {unit_name}'s failed check (Rulebook: Optional Fog of War; R184)"),
    "replacement": N_("in place of the card set aside (R181)"),
    "unexpected_help": N_("for Unexpected Help!"),
    "draw_twice": N_("for Draw Twice!"),
}

SET_ASIDE: dict[str, str] = {
    "needs:vehicles": N_(
        "it needs vehicles entering play mid-game, which this game does not field yet"
    ),
    "needs:civilians": N_("it needs civilians and mobs, which this game does not have yet"),
    "needs:building_clearing": N_("it needs the Building Clearing rules, not in this game yet"),
    "needs:special_teams": N_("it needs sniper and Special Weapon Teams, not in this game yet"),
    "not_built": N_("its effect is not played by this version yet"),
    "empty": N_("the deck and its discards are empty"),
}

# --- qa: an outcome with a count reads in the plural that count needs ("1 technical") ---
# key -> the narr_n template for a count (the event's "count" field); wins over OUTCOMES
COUNTED: dict[str, Callable[[int], str]] = {}

OUTCOMES: dict[str, str] = {
    "level": N_("the Insurgency Level goes from {before} to {after}"),
    "level_automatic": N_("the Insurgency Level is {level}: it has no step to move (R185)"),
    "morale_down": N_("d6={face}: the Regulars are shaken, their Morale drops one die type"),
    "morale_up": N_("d6={face}: the Regulars want payback, their Morale rises one die type"),
    "tougher": N_(
        "every Insurgent's Troop Quality and Morale go up one die, to d10 at most (R187)"
    ),
    "attack": N_("{unit_name} is hit"),
    "no_target": N_("there is nothing for it to fall on"),
    "friendly_fire": N_(
        "{unit_name}'s figures roll their Quality dice {faces} (4+ comes through): {lost} (R183)"
    ),
    "position": N_("{unit_name} rolls one more Defense die while it stays where it is (R189)"),
    "asset": N_("the Regulars draw an Asset card"),
    "held": N_("held in the Regular hand as an available asset ({grants}; R186)"),
    "draw_twice": N_("the Regulars draw two Asset cards and keep both"),
    "choice": N_("the Regulars take {chosen_title} from the deck"),
    "dust": N_('every unit\'s Optimum Range is one 2" band shorter, never below 6" (R182)'),
    "grounded": N_("every unit's Optimum Range is cut to 6\" (R182)"),
    "low_on_ammo": N_(
        "the Regulars fire with a Quality die one type smaller, never below d6 (R182)"
    ),
    "poi": N_("the Person of Interest joins {unit_name} as an extra leader figure (R188)"),
    "poi_taken": N_("the POI was killed or captured: the Regulars' margin is {margin} (R188)"),
    "poi_free": N_("the POI got away: the Regulars cannot win Decisively; margin {margin} (R188)"),
    "contact_fire": N_(
        "{size} riflemen (d6={size}) blunder into {target_name} as {unit_name}; d6={face}: "
        "they open fire, as an interruption (R183)"
    ),
    "contact_charge": N_(
        "{size} riflemen (d6={size}) blunder into {target_name} as {unit_name}; d6={face}: "
        "they charge into Close Assault, as an interruption (R183)"
    ),
    "contact_run": N_(
        "{size} riflemen (d6={size}) blunder into {target_name} as {unit_name}; d6={face}: "
        "they run for it (R183)"
    ),
    "extra_lost": N_("the extra unit has no hot spot left to arrive at and is lost"),
    "extra_arrives": N_(
        "{unit_name} ({figures} figures) arrives at hot spot {hot_spot} "
        "(Rulebook: Arrival of Insurgent Reinforcements)"
    ),
    "extra_unit": N_("the Insurgents will get an extra unit as turn {turn_due} begins"),
    "extra_unit_leader_saw": N_(
        "the Insurgents will get an extra unit, with a leader and a SAW added, as turn "
        "{turn_due} begins"
    ),
}


def _card_drawn(d: Data, turn: int) -> str:
    cause = str(d["cause"])
    why = (narr(DRAW_CAUSES[cause]) if cause in DRAW_CAUSES else cause).format(
        unit_name=d.get("unit_name", "")
    )
    return narr("T{turn} {deck} card drawn {why}: {title} — {text}").format(
        turn=turn, deck=narr(DECK_NAMES[d["deck"]]), why=why, title=d["title"], text=d["text"]
    )


def _card_set_aside(d: Data, turn: int) -> str:
    why = narr(SET_ASIDE[d["reason"]]) if d["reason"] in SET_ASIDE else d["reason"]
    if not d["title"]:
        return narr("T{turn} No {deck} card can be drawn: {why}").format(
            turn=turn, deck=narr(DECK_NAMES[d["deck"]]), why=why
        )
    return narr("T{turn} {title} is set aside and another card drawn: {why} (R181)").format(
        turn=turn, title=d["title"], why=why
    )


def _card_played(d: Data, turn: int) -> str:
    fields = dict(d)
    lost = int(d.get("casualties", 0))
    fields["lost"] = narr_n("{count} casualty", "{count} casualties", lost).format(count=lost)
    key = str(d["outcome"])
    if "result_winner" in d:  # --- cards round 3: the hostage's step of the result (R313) ---
        fields["result"] = _verdict(str(d["result_margin"]), str(d["result_winner"]))
    if key in COUNTED:  # --- qa: the count's plural ---
        outcome = COUNTED[key](int(d["count"])).format(**fields)
    else:
        outcome = (narr(OUTCOMES[key]) if key in OUTCOMES else key).format(**fields)
    side = narr(SIDES[d["side"]]) if d["side"] in SIDES else d["side"]
    return narr("T{turn} {title} ({side}): {outcome}").format(
        turn=turn, title=d["title"], side=side, outcome=outcome
    )


def _card_attack(d: Data, turn: int) -> str:
    from game.engine.narration import breakdown_words

    return narr(
        "T{turn} {title}: {firepower}{firepower_die} {fp_faces} against {target_name}; "
        "Defense {df} → {defense}{defense_die} {df_faces}; {lost} "
        "(Rulebook: Making the Attack Roll; R183)"
    ).format(
        turn=turn,
        title=d["title"],
        firepower=d["firepower"],
        firepower_die=d["firepower_die"],
        fp_faces=list(d["firepower_faces"]),
        target_name=d["target_name"],
        df=breakdown_words(d["defense_breakdown"]),
        defense=d["defense"],
        defense_die=d["defense_die"],
        df_faces=list(d["defense_faces"]),
        lost=narr_n("{count} casualty", "{count} casualties", d["casualties"]).format(
            count=d["casualties"]
        ),
    )


def _deck_shuffled(d: Data, turn: int) -> str:
    if d["cause"] == "new":
        text = narr("The {deck} deck ({cards}) is shuffled with the game's dice (R180)")
    else:
        text = narr(
            "The {deck} deck is empty: its {cards} discards are shuffled into a new deck (R180)"
        )
    cards = narr_n("{count} card", "{count} cards", d["cards"]).format(count=d["cards"])
    return text.format(deck=narr(DECK_NAMES[d["deck"]]), cards=cards)


CARD_SENTENCES: dict[str, Callable[[Data, int], str]] = {
    K.CARD_DRAWN: _card_drawn,
    K.CARD_SET_ASIDE: _card_set_aside,
    K.CARD_PLAYED: _card_played,
    K.CARD_ATTACK: _card_attack,
    K.DECK_SHUFFLED: _deck_shuffled,
}

VARIANTS.update(
    {
        (K.QUALITY_CHECK, "optional_fog_of_war", True): N_(
            "T{turn} Optional Fog of War: {unit_name} tests its Troop Quality {test} → passes, "
            "no card (Rulebook: Optional Fog of War; R184)"
        ),
        (K.QUALITY_CHECK, "optional_fog_of_war", False): N_(
            "T{turn} Optional Fog of War: {unit_name} tests its Troop Quality {test} → fails, "
            "a Fog of War card is drawn (Rulebook: Optional Fog of War; R184)"
        ),
    }
)

# --- cards, round 2 (issue 19): the effects once set aside (R280-R287) ---
OUTCOMES.update(
    {
        "garbled_orders": N_(
            "the orders are garbled: in turn {turn} no Regular unit may move, except a unit in "
            "the open moving into cover (R280)"
        ),
        "ied_marker": N_(
            '{unit_name} spots a suspected IED {gap}" ahead, at ({at[0]:.1f}, {at[1]:.1f}): no '
            'Regular may come within 4" of it (R281)'
        ),
        "no_cover": N_(
            "{piece_name} turns out to be no cover at all for the rest of the game (R282)"
        ),
        "no_fire": N_("no building is set ablaze"),
        "burning": N_(
            '{piece_name} is ablaze: everyone inside must get out to 4" away, and nobody may '
            "enter it for the rest of the game (R283)"
        ),
        "evacuated": N_("{unit_name} gets out of the burning building (R283)"),
        "sniper": N_(
            '{unit_name} takes position {gap}" from {target_name}, In Cover: a lone sniper, '
            "Firepower 2d8, Morale d10 (R284)"
        ),
        "dshk_team": N_(
            '{unit_name}, a two-man DShK team, sets up {gap}" from the nearest Regular figure, '
            "In Cover, its gun emplaced: Trained, Morale d10 (R285)"
        ),
        "camera": N_(
            'a press crew follows {unit_name}: three civilians the Regulars kill within 12" of '
            "the camera lose them the game (R286)"
        ),
        "camera_mobs": N_(
            "a press crew follows {unit_name}, and with no mob on the table three are placed "
            '({mobs}): three civilians the Regulars kill within 12" of the camera lose them the '
            "game (R286)"
        ),
        "filmed": N_(
            'a civilian of mob {mob} dies {gap}" from the camera: {filmed} filmed so far (R286)'
        ),
        "filmed_loss": N_(
            "{filmed} civilian deaths were filmed: the Regulars lose the game (R286)"
        ),
        "uav_protected": N_(
            "the Regulars already have a UAV: nothing can take it away for the rest of the game "
            "(R287)"
        ),
        "uav_kept": N_("the protected UAV stays in the air (Eye in the Sky; R287)"),
    }
)


# --- cards, round 3 (issue 19): Since You're Already in the Area . . . (R313-R319) ---
OUTCOMES.update(
    {
        "hostage": N_(
            'a hostage is held in {building_name}, within 6" of {unit_name}: the Regulars must '
            "clear it to go in, and rescuing him lifts their result one step, failing lowers it "
            "one step (R313-R315)"
        ),
        "no_hostage_building": N_(
            'no building the hostage could be held in stands within 6" of {unit_name} (R314)'
        ),
        "hostage_again": N_("a hostage is already held: the card brings no second one (R314)"),
        "hostage_rescued": N_("{unit_name} clears {building_name} and rescues the hostage (R316)"),
        "hostage_up": N_("the hostage was rescued: the result rises one step, to {result} (R313)"),
        "hostage_down": N_(
            "the hostage was not rescued: the result drops one step, to {result} (R313)"
        ),
    }
)


def _verdict(margin: str, winner: str) -> str:
    """A result in words, as the end of the game says it."""
    sides = {"regular": narr("the Regulars"), "insurgent": narr("the Insurgents")}
    if winner in sides:
        return narr("a {margin} victory for {side}").format(
            margin=retell(margin), side=sides[winner]
        )
    return narr("{margin}, no side wins").format(margin=retell(margin))
