"""The English of the card events (Rulebook: Fog of War & Asset Cards): every line names the
card by its title. Registered into `narration.SENTENCES` by `game.engine.narration`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.engine.sentences import VARIANTS, _
from game.rules.wording import counted

Data = Mapping[str, Any]

DECK_NAMES = {"fog_of_war": _("Fog of War"), "asset": _("Asset")}
SIDES = {"regular": _("the Regulars"), "insurgent": _("the Insurgents")}

DRAW_CAUSES: dict[str, str] = {
    "setup": _("at the start of the game (Rulebook: Draw Fog of War Cards)"),
    "reaction_test": _("for {unit_name}'s natural 1 (Rulebook: Reaction Tests and Fog of War)"),
    "optional": _("for {unit_name}'s failed check (Rulebook: Optional Fog of War; R184)"),
    "replacement": _("in place of the card set aside (R181)"),
    "unexpected_help": _("for Unexpected Help!"),
    "draw_twice": _("for Draw Twice!"),
}

SET_ASIDE: dict[str, str] = {
    "needs:vehicles": _("it needs vehicles, which this game does not have yet"),
    "needs:civilians": _("it needs civilians and mobs, which this game does not have yet"),
    "needs:building_clearing": _("it needs the Building Clearing rules, not in this game yet"),
    "needs:special_teams": _("it needs sniper and Special Weapon Teams, not in this game yet"),
    "not_built": _("its effect is not played by this version yet"),
    "empty": _("the deck and its discards are empty"),
}

OUTCOMES: dict[str, str] = {
    "level": _("the Insurgency Level goes from {before} to {after}"),
    "level_automatic": _("the Insurgency Level is {level}: it has no step to move (R185)"),
    "morale_down": _("d6={face}: the Regulars are shaken, their Morale drops one die type"),
    "morale_up": _("d6={face}: the Regulars want payback, their Morale rises one die type"),
    "tougher": _("every Insurgent's Troop Quality and Morale go up one die, to d10 at most (R187)"),
    "attack": _("{unit_name} is hit"),
    "no_target": _("there is nothing for it to fall on"),
    "friendly_fire": _(
        "{unit_name}'s figures roll their Quality dice {faces} (4+ comes through): {lost} (R183)"
    ),
    "position": _("{unit_name} rolls one more Defense die while it stays where it is (R189)"),
    "asset": _("the Regulars draw an Asset card"),
    "held": _("held in the Regular hand as an available asset ({grants}; R186)"),
    "draw_twice": _("the Regulars draw two Asset cards and keep both"),
    "choice": _("the Regulars take {chosen_title} from the deck"),
    "dust": _('every unit\'s Optimum Range is one 2" band shorter, never below 6" (R182)'),
    "grounded": _("every unit's Optimum Range is cut to 6\" (R182)"),
    "low_on_ammo": _(
        "the Regulars fire with a Quality die one type smaller, never below d6 (R182)"
    ),
    "poi": _("the Person of Interest joins {unit_name} as an extra leader figure (R188)"),
    "poi_taken": _("the POI was killed or captured: the Regulars' margin is {margin} (R188)"),
    "poi_free": _("the POI got away: the Regulars cannot win Decisively; margin {margin} (R188)"),
    "contact_fire": _(
        "{size} riflemen (d6={size}) blunder into {target_name} as {unit_name}; d6={face}: "
        "they open fire, as an interruption (R183)"
    ),
    "contact_charge": _(
        "{size} riflemen (d6={size}) blunder into {target_name} as {unit_name}; d6={face}: "
        "they charge into Close Assault, as an interruption (R183)"
    ),
    "contact_run": _(
        "{size} riflemen (d6={size}) blunder into {target_name} as {unit_name}; d6={face}: "
        "they run for it (R183)"
    ),
    "extra_lost": _("the extra unit has no hot spot left to arrive at and is lost"),
    "extra_arrives": _(
        "{unit_name} ({figures} figures) arrives at hot spot {hot_spot} "
        "(Rulebook: Arrival of Insurgent Reinforcements)"
    ),
    "extra_unit": _("the Insurgents will get an extra unit as turn {turn_due} begins"),
    "extra_unit_leader_saw": _(
        "the Insurgents will get an extra unit, with a leader and a SAW added, as turn "
        "{turn_due} begins"
    ),
}


def _card_drawn(d: Data, turn: int) -> str:
    why = DRAW_CAUSES.get(str(d["cause"]), str(d["cause"])).format(unit_name=d.get("unit_name", ""))
    return _("T{turn} {deck} card drawn {why}: {title} — {text}").format(
        turn=turn, deck=DECK_NAMES[d["deck"]], why=why, title=d["title"], text=d["text"]
    )


def _card_set_aside(d: Data, turn: int) -> str:
    why = SET_ASIDE.get(d["reason"], d["reason"])
    if not d["title"]:
        return _("T{turn} No {deck} card can be drawn: {why}").format(
            turn=turn, deck=DECK_NAMES[d["deck"]], why=why
        )
    return _("T{turn} {title} is set aside and another card drawn: {why} (R181)").format(
        turn=turn, title=d["title"], why=why
    )


def _card_played(d: Data, turn: int) -> str:
    fields = dict(d)
    fields["lost"] = counted(int(d.get("casualties", 0)), "casualty", "casualties")
    outcome = OUTCOMES.get(str(d["outcome"]), str(d["outcome"])).format(**fields)
    return _("T{turn} {title} ({side}): {outcome}").format(
        turn=turn, title=d["title"], side=SIDES.get(d["side"], d["side"]), outcome=outcome
    )


def _card_attack(d: Data, turn: int) -> str:
    from game.engine.narration import breakdown_words

    return _(
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
        lost=counted(d["casualties"], "casualty", "casualties"),
    )


def _deck_shuffled(d: Data, turn: int) -> str:
    if d["cause"] == "new":
        text = _("The {deck} deck ({cards}) is shuffled with the game's dice (R180)")
    else:
        text = _(
            "The {deck} deck is empty: its {cards} discards are shuffled into a new deck (R180)"
        )
    return text.format(deck=DECK_NAMES[d["deck"]], cards=counted(d["cards"], "card"))


CARD_SENTENCES: dict[str, Callable[[Data, int], str]] = {
    K.CARD_DRAWN: _card_drawn,
    K.CARD_SET_ASIDE: _card_set_aside,
    K.CARD_PLAYED: _card_played,
    K.CARD_ATTACK: _card_attack,
    K.DECK_SHUFFLED: _deck_shuffled,
}

VARIANTS.update(
    {
        (K.QUALITY_CHECK, "optional_fog_of_war", True): _(
            "T{turn} Optional Fog of War: {unit_name} tests its Troop Quality {test} → passes, "
            "no card (Rulebook: Optional Fog of War; R184)"
        ),
        (K.QUALITY_CHECK, "optional_fog_of_war", False): _(
            "T{turn} Optional Fog of War: {unit_name} tests its Troop Quality {test} → fails, "
            "a Fog of War card is drawn (Rulebook: Optional Fog of War; R184)"
        ),
    }
)

# --- cards, round 2 (issue 19): the effects once set aside (R280-R287) ---
OUTCOMES.update(
    {
        "garbled_orders": _(
            "the orders are garbled: in turn {turn} no Regular unit may move, except a unit in "
            "the open moving into cover (R280)"
        ),
        "ied_marker": _(
            '{unit_name} spots a suspected IED {gap}" ahead, at ({at[0]:.1f}, {at[1]:.1f}): no '
            'Regular may come within 4" of it (R281)'
        ),
        "no_cover": _(
            "{piece_name} turns out to be no cover at all for the rest of the game (R282)"
        ),
        "no_fire": _("no building is set ablaze"),
        "burning": _(
            '{piece_name} is ablaze: everyone inside must get out to 4" away, and nobody may '
            "enter it for the rest of the game (R283)"
        ),
        "evacuated": _("{unit_name} gets out of the burning building (R283)"),
        "sniper": _(
            '{unit_name} takes position {gap}" from {target_name}, In Cover: a lone sniper, '
            "Firepower 2d8, Morale d10 (R284)"
        ),
        "dshk_team": _(
            '{unit_name}, a two-man DShK team, sets up {gap}" from the nearest Regular figure, '
            "In Cover, its gun emplaced: Trained, Morale d10 (R285)"
        ),
        "camera": _(
            'a press crew follows {unit_name}: three civilians the Regulars kill within 12" of '
            "the camera lose them the game (R286)"
        ),
        "camera_mobs": _(
            "a press crew follows {unit_name}, and with no mob on the table three are placed "
            '({mobs}): three civilians the Regulars kill within 12" of the camera lose them the '
            "game (R286)"
        ),
        "filmed": _(
            'a civilian of mob {mob} dies {gap}" from the camera: {filmed} filmed so far (R286)'
        ),
        "filmed_loss": _("{filmed} civilian deaths were filmed: the Regulars lose the game (R286)"),
        "uav_protected": _(
            "the Regulars already have a UAV: nothing can take it away for the rest of the game "
            "(R287)"
        ),
        "uav_kept": _("the protected UAV stays in the air (Eye in the Sky; R287)"),
    }
)
