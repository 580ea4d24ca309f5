"""The Fog of War and Asset decks as data (Rulebook: Fog of War & Asset Cards; Draw Fog of War
Cards; Draw Asset Cards; Reaction Tests and Fog of War; Optional Fog of War). Rulings R180-R189.

`cards.toml` beside this module lists every card: title, deck, copies, who makes its choices,
when it is played, our own summary of it, its effect id and what engine part it needs. This
module reads it (every mistake one line naming the file and the card) and holds the deck rules'
numbers; the engine (`game.engine.cards`) shuffles, draws and plays.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from game import resources
from game.rules import support as sp
from game.rules.dice import DiceSource, Die

DATA = resources.package_file("game.rules", "cards.toml")

FOG_OF_WAR = "fog_of_war"
ASSET = "asset"
DECKS = (FOG_OF_WAR, ASSET)
PLAYERS = ("regular", "insurgent", "either")
WHEN = ("on_draw", "held")
NEEDS = ("", "vehicles", "civilians", "assets", "building_clearing", "special_teams")

OPTIONAL_FOG_OF_WAR = "optional-fog-of-war"
"""The Optional Fog of War rule's name among the optional rules (R184, R246)."""

FOG_OF_WAR_CARDS = 40
"""The Fog of War sheets print 40 cards (Rulebook: Fog of War & Asset Cards)."""
ASSET_CARDS = 30
"""The Asset sheets print 30 cards."""


class CardDataError(ValueError):
    """A mistake in the card data: one line naming the file, the card and the fix."""


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    deck: str
    copies: int
    played_by: str
    when: str
    effect: str
    text: str
    needs: str = ""
    grants: str = ""


@dataclass(frozen=True)
class Decks:
    cards: dict[str, Card]

    def of(self, deck: str) -> list[Card]:
        return [c for c in self.cards.values() if c.deck == deck]

    def full_deck(self, deck: str) -> list[str]:
        """Every copy of every card of `deck`, by id, in the data's order (before shuffling)."""
        return [c.id for c in self.of(deck) for _ in range(c.copies)]


_KEYS = {"id", "title", "deck", "copies", "played_by", "when", "effect", "text", "needs", "grants"}


def _card(where: str, n: int, raw: object) -> Card:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: card {n} is not a table")
    name = str(raw.get("id", f"number {n}"))
    at = f"{where}: card {name!r}"
    extra = sorted(set(raw) - _KEYS)
    if extra:
        raise CardDataError(f"{at}: unknown key {extra[0]!r} (keys: {', '.join(sorted(_KEYS))})")
    for key in ("id", "title", "deck", "played_by", "when", "effect", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise CardDataError(f"{at}: {key!r} must be a non-empty string")
    copies = raw.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 5:
        raise CardDataError(f"{at}: 'copies' must be a whole number from 1 to 5")
    choices = (("deck", DECKS), ("played_by", PLAYERS), ("when", WHEN))
    for key, allowed in (*choices, ("needs", NEEDS)):
        value = raw.get(key, "")
        if value not in allowed:
            listed = ", ".join(repr(a) for a in allowed if a)
            raise CardDataError(f"{at}: {key} {value!r} is not one of {listed}")
    grants = raw.get("grants", "")
    if not isinstance(grants, str):
        raise CardDataError(f"{at}: 'grants' must be a string (an asset id)")
    return Card(
        id=raw["id"],
        title=raw["title"],
        deck=raw["deck"],
        copies=copies,
        played_by=raw["played_by"],
        when=raw["when"],
        effect=raw["effect"],
        text=" ".join(raw["text"].split()),
        needs=raw.get("needs", ""),
        grants=grants,
    )


def read_decks(path: Path) -> Decks:
    """The decks in `path`; `CardDataError` (one line) for a missing, malformed or wrong file."""
    where = str(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardDataError(f"{where}: cannot read it ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CardDataError(f"{where}: not valid TOML ({exc})") from None
    raw_cards = doc.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError(f"{where}: no [[card]] tables")
    cards: dict[str, Card] = {}
    for n, raw in enumerate(raw_cards, 1):
        card = _card(where, n, raw)
        if card.id in cards:
            raise CardDataError(f"{where}: card id {card.id!r} is listed twice")
        cards[card.id] = card
    return Decks(cards)


@functools.cache
def decks() -> Decks:
    """The shipped decks (`cards.toml`), read once."""
    return read_decks(DATA)


def card(card_id: str) -> Card:
    return decks().cards[card_id]


def shuffled(ids: list[str], dice: DiceSource) -> list[str]:
    """`ids` shuffled with the game's dice (R180: the deck order comes from the seeded dice, so
    a replay deals alike): a Fisher-Yates shuffle, each position picked with d12 rolls."""
    out = list(ids)
    for i in range(len(out) - 1, 0, -1):
        j = roll_below(i + 1, dice)
        out[i], out[j] = out[j], out[i]
    return out


def roll_below(bound: int, dice: DiceSource) -> int:
    """A uniform number in [0, bound) from d12 rolls (base-12 digits, rejection sampling)."""
    span = 1
    while span < bound:
        span *= 12
    limit = span - span % bound
    while True:
        value = 0
        size = 1
        while size < span:
            value = value * 12 + dice.roll(Die.D12) - 1
            size *= 12
        if value < limit:
            return value % bound


BELL_TOLLS_LOW = 3
"""The Bell Tolls: a d6 of 1-3 lowers the Regulars' Morale one die type, 4-6 raises it."""
MORALE_FLOOR = Die.D6
MORALE_CEILING = Die.D12
TOUGHER_CEILING = Die.D10
"""Tougher than They Look!: the Insurgents' Quality and Morale never go above d10."""
IED_DETONATED_POOL = (sp.IED_DICE, sp.IED_DIE)
"""IED Detonated!: the IED's blast of the support rules (6d10; Rulebook: IEDs)."""
INCOMING_POOL = (6, Die.D6)
# --- a card's blast against a vehicle (R356): the class the blast counts as (Rulebook: Vehicle
# Defense vs. Weapon Class lists no bombs or shells; these are its nearest weapons) ---
IED_DETONATED_CLASS = 2
"""IED Detonated! against a vehicle: a Class 2 weapon, as an anti-tank RPG (R356)."""
INCOMING_CLASS = 1
"""Incoming! against a vehicle: a Class 1 weapon, as an automatic grenade launcher (R356)."""
FRIENDLY_FIRE_SURVIVES = 4
"""There's Nothing Friendly About it!: a figure comes through on 4+ on its Quality die."""
OPTIMUM_FLOOR = 6.0
"""Dirty Fighting / You're Grounded!: no Optimum Range below 6"."""
RANGE_BAND = 2.0
"""Dirty Fighting: one Optimum Range band is 2" (10" to 8", 8" to 6")."""
FIREPOWER_QUALITY_FLOOR = Die.D6
"""Praise the Lord...: no Firepower Quality die below d6."""
INSURGENCY_LEVELS = (1, 6)


def shift_die(die: Die, steps: int, floor: Die, ceiling: Die) -> Die:
    """`die` moved `steps` types (d6, d8, d10, d12), kept between `floor` and `ceiling`."""
    order = [Die.D6, Die.D8, Die.D10, Die.D12]
    at = order.index(die) if die in order else 0
    moved = order[max(0, min(len(order) - 1, at + steps))]
    return Die(max(int(floor), min(int(ceiling), int(moved))))


def bell_tolls_steps(face: int) -> int:
    """The Bell Tolls: -1 die type on 1-3, +1 on 4-6."""
    return -1 if face <= BELL_TOLLS_LOW else 1


def reduced_optimum(optimum: float, bands: int) -> float:
    """An Optimum Range shortened by `bands` bands of 2", never below 6" (Dirty Fighting)."""
    return max(OPTIMUM_FLOOR, min(optimum, optimum - RANGE_BAND * bands))


def card_optimum(reach: float, dust_bands: int, grounded: bool) -> float:
    """An Optimum Range under the dust cards: one 2" band off per Dirty Fighting, cut to 6" by
    You're Grounded!, never below 6" nor above what it was (R182)."""
    cut = reduced_optimum(reach, dust_bands) if dust_bands else reach
    if grounded:
        cut = min(cut, OPTIMUM_FLOOR)
    return max(min(reach, OPTIMUM_FLOOR), cut)


def shifted_insurgency(level: int, steps: int) -> int:
    """The Insurgency Level moved `steps` (Jihad! Jihad!, We Love You, GI!), kept within 1-6."""
    low, high = INSURGENCY_LEVELS
    return max(low, min(high, level + steps))


# --- round 2 (R280-R288): the numbers the cards played since print ---
IED_KEEP_OFF = sp.IED_KEEP_OFF
"""IED Spotted!: no Regular comes within 4" of the marker (the support rules' number)."""
IED_FROM_SPOTTER = sp.IED_SPOTTED_MIN_DISTANCE
"""IED Spotted!: the marker goes at least 6" from the spotting unit's lead figure."""
IED_FROM_OTHERS = 4.0
"""IED Spotted!: ... and at least 4" from any other unit."""
FIRE_EVACUATE_TO = 4.0
"""Fire! Fire!: the figures inside get out to at least 4" from the building."""
DRAGUNOV_REACH = 12.0
"""Dragunov!: the sniper is placed within 12" of a Regular unit."""
DRAGUNOV_QUALITY, DRAGUNOV_MORALE = 8, 10
"""Dragunov!: Firepower 2d8 (a d8 Troop Quality die, R284) and Morale d10."""
DISHKUH_MIN_GAP = 12.0
"""Dishkuh!: at least 12" from the nearest Regular unit."""
DISHKUH_QUALITY, DISHKUH_MORALE = 8, 10
"""Dishkuh!: a Trained (d8) Special Weapon Team with d10 Morale."""
CAMERA_FOLLOWS = 4.0
"""Smile for the Camera!: the crew stays within 4" of its unit."""
CAMERA_SEES = 12.0
"""Smile for the Camera!: civilians killed within 12" of the camera are filmed."""
CAMERA_FILMED_TO_LOSE = 3
CAMERA_MOBS = 3
CAMERA_MOB_GAP = 6.0
"""Smile for the Camera!: three mobs, each at least 6" from a Regular unit."""
CAMERA_MOB_SPACING = 3.0
"""Smile for the Camera!: the mobs it places stand 3" apart (R286)."""
DISHKUH_ROOM = 1.5
"""Dishkuh!: 1.5" more than the 12" for the assistant's base beside the gunner (13.5", R285)."""
CONTACT_DISTANCE = 3.0
"""Contact!: how far from the Regular unit's leader the group steps out (our reading of
"blunder directly into", R183)."""
CONTACT_FIRE_UP_TO, CONTACT_CHARGE_UP_TO = 3, 5
"""Contact!: the group's d6 reaction: 1-3 fire, 4-5 charge, 6 run."""


# --- Since You're Already in the Area . . . (R313-R319) ---
HOSTAGE_REACH = 6.0
"""The hostage is held in a building within 6" of a random Regular unit."""
RESULT_STEPS: tuple[tuple[str, str], ...] = (
    ("Total", "insurgent"),
    ("Decisive", "insurgent"),
    ("Marginal", "insurgent"),
    ("Indecisive", "none"),
    ("Marginal", "regular"),
    ("Decisive", "regular"),
    ("Total", "regular"),
)
"""The results of a game from the Insurgents' best to the Regulars' best (Margin of Victory
Table): the card's Draw is our Indecisive result and its "Complete Victory" the next step up
from Marginal, a Decisive one (R313)."""


def stepped_result(margin: str, winner: str, steps: int) -> tuple[str, str]:
    """The result (margin, winner) moved `steps` along `RESULT_STEPS` toward the Regulars'
    best (negative: toward the Insurgents'), held at either end (R313). A result not on the
    ladder (no winner) counts as the Indecisive one."""
    here = RESULT_STEPS.index((margin, winner)) if (margin, winner) in RESULT_STEPS else 3
    return RESULT_STEPS[max(0, min(len(RESULT_STEPS) - 1, here + steps))]
