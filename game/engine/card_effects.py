"""What each card does (Rulebook: Fog of War & Asset Cards), built from the rules' own
mechanics: the attack roll, Who Got Hit?, Morale, Troop Quality tests, the Insurgency Level.
Rulings R180-R189.

`EFFECTS` maps a card's effect id (`game/rules/cards.toml`) to its handler, a generator of the
engine `g`, the card and the side that drew it, returning whether the card stays in play (held
in a hand or lying in front of a side) rather than going to the discards. Another feature
extends the registry with `EFFECTS["id"] = handler`; a card whose effect has no handler is set
aside and replaced (R182). Reading the registry first imports every effect module
(`game/engine/registry.py`), so a lookup finds the same handler whatever was imported before it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from game.engine import cards, casualties, difficulty, morale, placement, reinforcements
from game.engine import rulesbridge as rb
from game.engine.decisions import CardChoiceContext
from game.engine.protocol import DecisionKind, FigureStatus
from game.engine.protocol import EventKind as E
from game.engine.registry import CompletingRegistry
from game.engine.state import INSURGENT, REGULAR, FigureState, UnitState
from game.engine.terrain import distance
from game.i18n import N_
from game.rules import cards as rc
from game.rules.dice import Die
from game.rules.firepower import optimum_range

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

Handler = Callable[["Engine", rc.Card, str], Generator[Any, Any, bool]]


def _load_effect_modules() -> None:
    _extensions()  # defined below; the registry calls it on its first read


EFFECTS: CompletingRegistry[Handler] = CompletingRegistry(_load_effect_modules)


def effect(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        EFFECTS[name] = handler
        return handler

    return register


def played(g: Engine, card: rc.Card, side: str, outcome: str, **data: Any) -> None:
    """The event of a card's effect: its title, who played it and what came of it."""
    g.emit(E.CARD_PLAYED, card=card.id, title=card.title, side=side, outcome=outcome, **data)


def random_unit(g: Engine, side: str) -> UnitState | None:
    """A unit of `side` picked with the dice ("dice for the unit"), in id order; None if none."""
    units = sorted((u for u in g.state.units_of(side) if u.effective_figures), key=lambda u: u.id)
    if not units:
        return None
    return units[rc.roll_below(len(units), g.dice)]


def chooser(card: rc.Card, drawer: str) -> str:
    return drawer if card.played_by == "either" else card.played_by


# -- the Insurgency Level ------------------------------------------------------------------------
def _shift_level(g: Engine, card: rc.Card, steps: int) -> Flow:
    level = g.state.insurgency_level
    if not level.isdigit():  # an automatic level has no step to move (R185)
        played(g, card, INSURGENT, "level_automatic", level=level)
        return False
    new = rc.shifted_insurgency(int(level), steps)
    g.state.insurgency_level = str(new)
    played(g, card, INSURGENT, "level", before=int(level), after=new)
    return False
    yield


@effect("insurgency_up")
def jihad(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Jihad! Jihad!: the Insurgency Level rises one (within 1-6)."""
    return (yield from _shift_level(g, card, +1))


@effect("insurgency_down")
def we_love_you(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """We Love You, GI!: the Insurgency Level drops one (within 1-6)."""
    return (yield from _shift_level(g, card, -1))


# -- Morale and Quality --------------------------------------------------------------------------
@effect("bell_tolls")
def bell_tolls(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """The Bell Tolls: a d6; every Regular figure's Morale die one type down (1-3) or up (4-6),
    within d6-d12."""
    face = g.dice.roll(Die.D6)
    steps = rc.bell_tolls_steps(face)
    for unit in g.state.units.values():
        if unit.side == REGULAR:
            for f in unit.figures:
                f.morale = int(
                    rc.shift_die(Die(f.morale), steps, rc.MORALE_FLOOR, rc.MORALE_CEILING)
                )
    played(g, card, REGULAR, "morale_down" if steps < 0 else "morale_up", face=face)
    return False
    yield


@effect("tougher_than_they_look")
def tougher(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Tougher than They Look!: every Insurgent figure, on the table and arriving later, one
    Quality and one Morale die up, d10 at most (R187)."""
    for unit in g.state.units.values():
        if unit.side == INSURGENT:
            for f in unit.figures:
                f.quality, f.morale = tougher_profile(g, f.quality, f.morale, bump=1)
    fx = cards.table(g)["effects"]
    fx["tougher"] = int(fx.get("tougher", 0)) + 1
    played(g, card, INSURGENT, "tougher")
    return False
    yield


def tougher_profile(
    g: Engine, quality: int, morale_die: int, bump: int | None = None
) -> tuple[int, int]:
    """An Insurgent figure's (quality, morale) after Tougher than They Look! (R187); `bump`
    defaults to the cards played so far (for reinforcements)."""
    steps = int(cards.effects(g).get("tougher", 0)) if bump is None else bump
    if not steps:
        return quality, morale_die
    q = rc.shift_die(Die(quality), steps, Die.D6, rc.TOUGHER_CEILING)
    m = rc.shift_die(Die(morale_die), steps, Die.D6, rc.TOUGHER_CEILING)
    return max(quality, int(q)), max(morale_die, int(m))


# -- attacks ------------------------------------------------------------------------------------
def card_attack(g: Engine, card: rc.Card, target: UnitState, pool: tuple[int, Die]) -> Flow:
    """An attack with no firing unit (IED Detonated!, Incoming!): the pool against the target's
    usual Defense, Who Got Hit?, then Morale as after any fire, seeking cover away from the
    nearest enemy (R183). No reaction is possible. Made by the support assets' one off-table
    attack (`assets.asset_attack`), logged as the card's."""
    from game.engine import assets
    from game.rules import support as sp

    count, die = pool
    def_die = target.quality_die()

    def announce(roll: rb.AttackRoll, df: rb.Breakdown, lost: int) -> None:
        g.emit(
            E.CARD_ATTACK,
            card=card.id,
            title=card.title,
            target=target.id,
            target_name=target.name,
            firepower=count,
            firepower_die=die.label,
            defense=df.total,
            defense_die=def_die.label,
            defense_breakdown=df.to_data(),
            firepower_faces=list(roll.firepower_faces),
            defense_faces=list(roll.defense_faces),
            casualties=lost,
        )

    blast = sp.Firepower(dice=count, die=die, items=((card.title, count),))
    away = nearest_enemy(g, target)  # where it seeks cover from (R183)
    yield from assets.asset_attack(g, away, target, blast, card.id, announce=announce)


def nearest_enemy(g: Engine, unit: UnitState) -> UnitState:
    """The closest enemy unit on the table (the unit itself when there is none)."""
    enemies = [u for u in g.enemies(unit) if u.effective_figures]
    if not enemies:
        return unit
    return min(enemies, key=lambda u: (distance(u.centre, unit.centre), u.id))


def _random_attack(g: Engine, card: rc.Card, pool: tuple[int, Die], weapon_cls: int) -> Flow:
    from game.engine import vehicle_fire, vehicles

    target = random_unit(g, REGULAR)
    if target is None:
        played(g, card, INSURGENT, "no_target")
        return False
    played(g, card, INSURGENT, "attack", unit=target.id, unit_name=target.name)
    if vehicles.record(g.state, target.id) is not None:  # a vehicle: its armour and damage (R356)
        vehicle_fire.blast_at_vehicle(g, card.title, target, pool, weapon_cls)
        return False
    yield from card_attack(g, card, target, pool)
    return False


@effect("ied_detonated")
def ied_detonated(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """IED Detonated!: a random Regular unit suffers a 6d10 attack, no reaction possible."""
    return (yield from _random_attack(g, card, rc.IED_DETONATED_POOL, rc.IED_DETONATED_CLASS))


@effect("incoming")
def incoming(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Incoming!: a random Regular unit suffers a 6d6 attack."""
    return (yield from _random_attack(g, card, rc.INCOMING_POOL, rc.INCOMING_CLASS))


@effect("friendly_fire")
def friendly_fire(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """There's Nothing Friendly About it!: each figure of a random Regular unit rolls its
    Troop Quality die; below 4 it is a casualty, placed by Who Got Hit? (R183). No air assets
    are in this game to be grounded."""
    target = random_unit(g, REGULAR)
    if target is None:
        played(g, card, REGULAR, "no_target")
        return False
    die = target.quality_die()
    faces = [g.dice.roll(Die(f.quality)) for f in target.effective_figures]
    lost = sum(1 for face in faces if face < rc.FRIENDLY_FIRE_SURVIVES)
    played(
        g,
        card,
        REGULAR,
        "friendly_fire",
        unit=target.id,
        unit_name=target.name,
        faces=faces,
        die=die.label,
        casualties=lost,
    )
    if lost:
        casualties.apply_casualties(g, target, lost, False)
    if lost and target.on_table:
        yield from morale.morale(g, target, nearest_enemy(g, target))
    return False


# -- choices ------------------------------------------------------------------------------------
def ask(
    g: Engine, card: rc.Card, side: str, choosing: str, prompt: str, choices: list[Any]
) -> Flow:
    """The side playing `card` picks one of `choices` (a CARD_CHOICE decision)."""
    context = CardChoiceContext(card=card.id, title=card.title, choosing=choosing)
    answer = yield from g.choose(
        side, DecisionKind.CARD_CHOICE, f"{card.title}: {prompt}", choices, context=context
    )
    return answer


@effect("excellent_position")
def excellent_position(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """An Excellent Position: the side picks one of its units; while none of its figures moves,
    it rolls one extra Defense die against fire (R189)."""
    side = chooser(card, drawer)
    units = sorted(u.id for u in g.state.units_of(side) if u.effective_figures)
    if not units:
        played(g, card, side, "no_target")
        return False
    chosen = yield from ask(
        g, card, side, "unit", N_("which unit holds the excellent position?"), units
    )
    unit = g.state.units[str(chosen)]
    spots = cards.table(g)["effects"].setdefault("excellent_position", {})
    spots[unit.id] = [[f.id, f.x, f.y] for f in unit.figures if f.status == FigureStatus.OK]
    played(g, card, side, "position", unit=unit.id, unit_name=unit.name)
    return False


def excellent_position_die(g: Engine, unit: UnitState) -> int:
    """1 while `unit` holds the spot an Excellent Position card gave it (R189), else 0."""
    spot = cards.effects(g).get("excellent_position", {}).get(unit.id)
    if not spot:
        return 0
    where = {f.id: (f.x, f.y) for f in unit.figures}
    held = [where.get(fid) for fid, _, _ in spot]
    if any(
        p is not None and (abs(p[0] - x) > 1e-6 or abs(p[1] - y) > 1e-6)
        for p, (_, x, y) in zip(held, spot, strict=True)
    ):
        return 0
    return 1


# -- Assets ---------------------------------------------------------------------------------------
@effect("unexpected_help")
def unexpected_help(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Unexpected Help!: the Regulars draw an Asset card."""
    played(g, card, REGULAR, "asset")
    yield from cards.draw_asset(g, "unexpected_help")
    return False


@effect("grant_asset")
def grant_asset(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """An Asset card (or Eye in the Sky): held in the Regular hand as an available asset until
    its mechanics exist (R186); `card.grants` names the asset."""
    cards.hold(g, card.id, REGULAR)
    played(g, card, REGULAR, "held", grants=card.grants)
    return True
    yield


@effect("draw_twice")
def draw_twice(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Draw Twice!: two more Asset cards, both kept."""
    played(g, card, REGULAR, "draw_twice")
    for _ in range(2):
        yield from cards.draw_asset(g, "draw_twice")
    return False


@effect("players_choice")
def players_choice(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Player's Choice!: the Regulars take any Asset card left in the deck but Draw Twice!."""
    deck = cards.table(g)["decks"][rc.ASSET]
    choices = sorted({c for c in deck if c != "draw-twice"})
    if not choices:
        played(g, card, REGULAR, "no_target")
        return False
    chosen = str((yield from ask(g, card, REGULAR, "asset", N_("which Asset card?"), choices)))
    deck.remove(chosen)
    played(g, card, REGULAR, "choice", chosen=chosen, chosen_title=rc.card(chosen).title)
    yield from cards.play(g, chosen, REGULAR)
    return False


# -- lasting modifiers (R182) ---------------------------------------------------------------------
@effect("dirty_fighting")
def dirty_fighting(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Dirty Fighting: every unit's Optimum Range one 2" band shorter, not below 6"."""
    fx = cards.table(g)["effects"]
    fx["dust_bands"] = int(fx.get("dust_bands", 0)) + 1
    played(g, card, REGULAR, "dust")
    return False
    yield


@effect("grounded")
def grounded(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """You're Grounded!: every Optimum Range cut to 6" (no air asset is in play to ground)."""
    cards.table(g)["effects"]["grounded"] = True
    played(g, card, REGULAR, "grounded")
    return False
    yield


def optimum_cut(g: Engine, unit: UnitState, figure_ids: tuple[str, ...] | None) -> float:
    """How many inches the dust cards take off `unit`'s Optimum Range now (R182): the engine
    adds them to the range measured, which is the same test against the shorter reach."""
    fx = cards.effects(g)
    bands, dust = int(fx.get("dust_bands", 0)), bool(fx.get("grounded", False))
    if not (bands or dust) or not unit.effective_figures:
        return 0.0
    reach = optimum_range(rb.rules_unit(unit), figure_ids=figure_ids)
    if reach is None:  # snipers and emplaced weapons are always in range
        return 0.0
    return reach - rc.card_optimum(reach, bands, dust)


@effect("low_on_ammo")
def low_on_ammo(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Praise the Lord and Pass the Ammunition!: the Regulars (who drew it) fire with a
    Quality die one type smaller, not below d6 (R182)."""
    fx = cards.table(g)["effects"]
    fx["low_on_ammo"] = sorted({*fx.get("low_on_ammo", []), REGULAR})
    played(g, card, REGULAR, "low_on_ammo")
    return False
    yield


def firepower_die(g: Engine, firer: UnitState, die: Die) -> Die:
    """The Quality die `firer` rolls for its Firepower pool after Praise the Lord... (R182)."""
    if firer.side not in cards.effects(g).get("low_on_ammo", []):
        return die
    return rc.shift_die(die, -1, rc.FIREPOWER_QUALITY_FLOOR, Die.D12)


# -- Where'd THEY Come From!? -------------------------------------------------------------------
def _extra_unit(g: Engine, card: rc.Card, leader_saw: bool) -> Flow:
    due = g.state.turn + 1
    fx = cards.table(g)["effects"]
    fx.setdefault("extra_units", []).append(
        {"turn": due, "leader_saw": leader_saw, "card": card.id}
    )
    played(
        g, card, INSURGENT, "extra_unit_leader_saw" if leader_saw else "extra_unit", turn_due=due
    )
    return False
    yield


@effect("extra_unit")
def extra_unit(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Where'd THEY Come From!?: an extra Insurgent unit as the next turn begins (R182)."""
    return (yield from _extra_unit(g, card, False))


@effect("extra_unit_leader_saw")
def extra_unit_leader_saw(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """The second printing: the extra unit also brings a leader and a SAW."""
    return (yield from _extra_unit(g, card, True))


def extra_arrivals(g: Engine) -> Flow:
    """The extra units due this turn: each rolled on the reinforcement table and for its hot spot
    as any arriving unit, whatever the Insurgency Level (R182)."""
    fx = cards.effects(g)
    due = [e for e in fx.get("extra_units", []) if int(e["turn"]) <= g.state.turn]
    if not due:
        return
    fx["extra_units"] = [e for e in fx["extra_units"] if int(e["turn"]) > g.state.turn]
    unavailable = {n for n in range(1, 6) if str(n) not in g.state.hot_spots} | {
        int(k) for k, h in g.state.hot_spots.items() if h.neutralized
    }
    for promise in due:
        card = rc.card(str(promise["card"]))
        _, arrivals = rb.roll_reinforcements("automatic", g.dice, unavailable)
        arrival = arrivals[0]
        g.emit(E.REINFORCEMENT_ROLL, **arrival.rolls)
        number = arrival.hot_spot
        if arrival.insurgent_chooses:
            active = sorted(int(k) for k, h in g.state.hot_spots.items() if not h.neutralized)
            if active:
                number = yield from g.choose(
                    INSURGENT,
                    DecisionKind.HOT_SPOT,
                    f"{card.title}: choose the hot spot where the extra unit arrives",
                    active,
                )
        spot = g.state.hot_spots.get(str(number)) if number is not None else None
        if spot is None or spot.neutralized:
            played(g, card, INSURGENT, "extra_lost")
            continue
        kinds = arrival.figures + (("leader", "saw") if promise["leader_saw"] else ())
        unit = reinforcements.new_insurgent_unit(
            g, kinds, (spot.x, spot.y), leader_weapon=arrival.leader_weapon
        )
        played(
            g,
            card,
            INSURGENT,
            "extra_arrives",
            unit=unit.id,
            unit_name=unit.name,
            hot_spot=number,
            figures=len(unit.figures),
        )
    placement.update_sightings(g)


# -- POI! -----------------------------------------------------------------------------------------
@effect("poi")
def poi(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """POI!: a random Insurgent unit gains an extra leader figure, the Person of Interest, who
    changes the Regulars' margin at the end (R188)."""
    unit = random_unit(g, INSURGENT)
    if unit is None:
        played(g, card, INSURGENT, "no_target")
        return False
    occupied = [f.pos for u in g.state.units.values() if u.on_table for f in u.effective_figures]
    spots = g.terrain.place(unit.centre, 1, occupied=occupied, nudge=1.0)
    x, y = spots[0] if spots else unit.effective_figures[0].pos
    quality, morale_die = difficulty.insurgent_profile(g, "leader")
    figure = FigureState(f"{unit.id}.poi", "leader", round(x, 3), round(y, 3), quality, morale_die)
    unit.figures.append(figure)
    cards.table(g)["effects"]["poi"] = {"unit": unit.id, "figure": figure.id}
    played(g, card, INSURGENT, "poi", unit=unit.id, unit_name=unit.name, figure=figure.id)
    return False
    yield


def poi_taken(g: Engine) -> bool | None:
    """Whether the POI was killed or captured (None: no POI in this game): a casualty event
    names his figure, or a unit holding him was captured (R188)."""
    poi_card = cards.effects(g).get("poi")
    if not poi_card:
        return None
    figure = str(poi_card["figure"])
    if any(e["kind"] == E.CASUALTY and e["data"].get("figure") == figure for e in g.state.events):
        return True
    return any(
        u.status == "captured" and any(f.id == figure for f in u.figures)
        for u in g.state.units.values()
    )


def poi_result(g: Engine, margin: str, winner: str) -> tuple[str, str]:
    """The margin after POI! (R188): no Decisive Regular victory without the POI; with him
    taken, at least a Marginal Regular victory."""
    taken = poi_taken(g)
    if taken is None:
        return margin, winner
    if taken and winner != REGULAR:
        margin, winner = "Marginal", REGULAR
    elif not taken and winner == REGULAR and margin == "Decisive":
        margin = "Marginal"
    g.emit(
        E.CARD_PLAYED,
        card="poi",
        title=rc.card("poi").title,
        side=REGULAR,
        outcome="poi_taken" if taken else "poi_free",
        margin=margin,
    )
    return margin, winner


def handlers() -> CompletingRegistry[Handler]:
    """The registry with every effect module's handlers in it (loaded on first read, once every
    module is whole: an effect module that wraps another's handler, as card_eye wraps
    asset_cards', then always registers after it, whichever module the game imported first)."""
    return EFFECTS.whole()


def _extensions() -> None:
    """The effects written in their own modules register themselves on import."""
    from game.engine import (  # --- cards, round 2 (R280-R287); card_eye: asset_cards
        asset_cards,  # noqa: F401  (support assets, issue 19)
        card_buildings,  # noqa: F401
        card_camera,  # noqa: F401
        card_contact,  # noqa: F401
        card_hostage,  # noqa: F401  (cards round 3: the hostage, R313-R319)
        card_orders,  # noqa: F401
        card_teams,  # noqa: F401
    )

    cards.AVAILABLE_PARTS.update({"civilians", "special_teams"})  # mobs, snipers and teams exist
    cards.AVAILABLE_PARTS.add("building_clearing")  # house clearing exists (R315)
    from game.engine import vehicle_cards  # noqa: F401  # --- vehicles entering play (R300) ---
