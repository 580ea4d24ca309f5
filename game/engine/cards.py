"""The Fog of War and Asset decks in play (Rulebook: Draw Fog of War Cards; Draw Asset Cards;
Reaction Tests and Fog of War; Optional Fog of War; Fog of War & Asset Cards). Rulings R180-R189.

The decks live in `GameState.cards` as plain data:

    {"decks": {"fog_of_war": [ids, top last], "asset": [...]},
     "discards": {"fog_of_war": [...], "asset": [...]},
     "hands": {"regular": [ids], "insurgent": [ids]},   # Asset cards held (R186)
     "queue": [ids],                                     # drawn, waiting to be played (R181)
     "effects": {...}}                       # lasting effects (game.engine.card_effects)

A deck is shuffled with the game's dice the first time it is drawn from, and again from its
discards when it runs out (R180). A Fog of War card is drawn the moment it is called for and
played at the next safe point of the sequence of play (R181). A card that needs a part of the
game this version does not have, or whose effect is not built yet, is shown, set aside and
replaced (R182). Effects are in `card_effects` (a registry other features extend).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import rulesbridge as rb
from game.engine.protocol import EventKind as E
from game.engine.state import REGULAR
from game.rules import cards as rc

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow
    from game.engine.state import UnitState

AVAILABLE_PARTS: set[str] = set()
"""The engine parts a card may need that this game has: a feature adds its name here when it
exists ("vehicles", "civilians", "building_clearing", "special_teams"); Asset cards are held
in the hand until the asset mechanics exist (R186)."""


def empty_table() -> dict[str, Any]:
    """A card table with no card drawn yet."""
    return {
        "decks": {d: [] for d in rc.DECKS},
        "discards": {d: [] for d in rc.DECKS},
        "shuffled": {d: False for d in rc.DECKS},
        "hands": {"regular": [], "insurgent": []},
        "queue": [],
        "effects": {},
    }


def table(g: Engine) -> dict[str, Any]:
    """The card table of the game, created empty the first time it is needed."""
    c = g.state.cards
    if not c:
        c.update(empty_table())
    return c


def effects(g: Engine) -> dict[str, Any]:
    """The lasting card effects (empty when no card was ever drawn)."""
    return g.state.cards.get("effects", {}) if g.state.cards else {}


def _refill(g: Engine, deck: str) -> bool:
    """A fresh deck the first time; the discards reshuffled when it is empty (R180)."""
    c = table(g)
    if c["decks"][deck]:
        return True
    if not c["shuffled"][deck]:
        cards = rc.decks().full_deck(deck)
        for fielded in c.get("fielded", []):  # vehicles (issue 20): cards in play as units, R295
            if fielded in cards:
                cards.remove(fielded)
        c["shuffled"][deck] = True
        cause = "new"
    else:
        cards = list(c["discards"][deck])
        c["discards"][deck] = []
        cause = "discards"
    if not cards:
        return False
    c["decks"][deck] = rc.shuffled(cards, g.dice)
    g.emit(E.DECK_SHUFFLED, deck=deck, cards=len(cards), cause=cause)
    return True


def draw(g: Engine, deck: str, cause: str, unit: UnitState | None = None) -> str | None:
    """The top card of `deck` (None when deck and discards are both empty), logged by title."""
    if not _refill(g, deck):
        g.emit(E.CARD_SET_ASIDE, card="", title="", deck=deck, reason="empty")
        return None
    card_id = str(table(g)["decks"][deck].pop())
    card = rc.card(card_id)
    g.emit(
        E.CARD_DRAWN,
        card=card_id,
        title=card.title,
        deck=deck,
        cause=cause,
        unit=unit.id if unit else "",
        unit_name=unit.name if unit else "",
        text=card.text,
    )
    return card_id


def draw_fog_of_war(g: Engine, cause: str, unit: UnitState | None = None) -> None:
    """Draw a Fog of War card now and queue it to be played (R181); only in a game that plays
    with Fog of War (Scenario 1 draws none, whatever the dice say)."""
    if not g.state.fog_of_war:
        return
    card_id = draw(g, rc.FOG_OF_WAR, cause, unit)
    if card_id is not None:
        table(g)["queue"].append(card_id)


def draw_asset(g: Engine, cause: str, side: str = REGULAR) -> Flow:
    """Draw an Asset card for `side`: held in its hand, or played at once when it says so
    (Draw Twice!, Player's Choice!)."""
    card_id = draw(g, rc.ASSET, cause)
    if card_id is None:
        return
    yield from play(g, card_id, side)


def discard(g: Engine, card_id: str) -> None:
    table(g)["discards"][rc.card(card_id).deck].append(card_id)


def hold(g: Engine, card_id: str, side: str) -> None:
    """Keep a card in `side`'s hand as an available asset (R186)."""
    table(g)["hands"][side].append(card_id)


def resolve_pending(g: Engine) -> Flow:
    """Play the Fog of War cards drawn since the last safe point, in the order drawn (R181)."""
    if not g.state.cards:
        return
    queue = table(g)["queue"]
    while queue and g.state.result is None:
        card_id = queue.pop(0)
        yield from play(g, card_id, REGULAR)


def play(g: Engine, card_id: str, drawer: str) -> Flow:
    """Play one card: set aside and replaced when it cannot be played here (R182), else its
    effect's handler; afterwards discarded (Fog of War) or held (Assets)."""
    from game.engine import card_effects

    card = rc.card(card_id)
    reason = unplayable(card)
    if reason:
        g.emit(E.CARD_SET_ASIDE, card=card.id, title=card.title, deck=card.deck, reason=reason)
        discard(g, card_id)
        if card.deck == rc.FOG_OF_WAR:
            replacement = draw(g, card.deck, "replacement")
            if replacement is not None and replacement != card_id:
                yield from play(g, replacement, drawer)
        return
    handler = card_effects.handlers()[card.effect]
    kept = yield from handler(g, card, drawer)
    if not kept:
        discard(g, card_id)


def unplayable(card: rc.Card) -> str:
    """Why `card` cannot be played in this game ("" when it can): a missing engine part (R181)
    or an effect not built yet (R182)."""
    from game.engine import card_effects

    effects = card_effects.handlers()  # every effect module loaded (and AVAILABLE_PARTS)
    if card.deck == rc.FOG_OF_WAR and card.needs not in ("", "assets", *AVAILABLE_PARTS):
        return f"needs:{card.needs}"  # an Asset card is held until its part exists (R186)
    if card.effect not in effects:
        return "not_built"
    return ""


def setup_draws(g: Engine, count: int) -> None:
    """The scenario's Fog of War cards at the start of the game (Sequence of Play, step 2)."""
    for _ in range(count):
        draw_fog_of_war(g, "setup")


def optional_check(g: Engine) -> None:
    """Optional Fog of War: at the start of each turn the best-Quality Regular unit tests its
    Troop Quality; a failure draws a Fog of War card (R184)."""
    if not (rc.OPTIONAL_FOG_OF_WAR in g.state.optional_rules and g.state.fog_of_war):
        return
    regulars = [u for u in g.state.units_of(REGULAR) if u.effective_figures]
    if not regulars:
        return
    best = max(sorted(regulars, key=lambda u: u.id), key=lambda u: int(u.quality_die()))
    roll = rb.quality_test(best.quality_die(), g.dice)
    g.emit(
        E.QUALITY_CHECK,
        cause="optional_fog_of_war",
        unit=best.id,
        unit_name=best.name,
        **roll.to_data(),
    )
    if not roll.passed:
        draw_fog_of_war(g, "optional", best)


def start_of_turn(g: Engine) -> Flow:
    """As a turn begins: the Optional Fog of War check (R184), the cards drawn so far, and the
    extra units cards promised for this turn."""
    from game.engine import card_effects

    optional_check(g)
    yield from resolve_pending(g)
    if g.state.cards:
        yield from card_effects.extra_arrivals(g)


def hand(g: Engine, side: str) -> list[str]:
    """The card ids `side` holds (empty when no card was ever drawn)."""
    if not g.state.cards:
        return []
    return list(g.state.cards["hands"].get(side, []))
