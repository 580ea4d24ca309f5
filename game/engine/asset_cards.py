"""The Asset cards that grant a support asset this game plays, wired to `game.engine.assets`
(support assets, issue 19; Rulebook: Fog of War & Asset Cards; R190-R199).

The card handlers of `game.engine.card_effects` are extended here (its registry is made for it):
an Asset card whose `grants` names a support asset puts the asset in play and stays in the
Regular hand until the asset is spent (lost, or brought onto the table), when it goes to the
discards; a card naming something not played yet (vehicles) is held as before (R186). The two
cards that ground aircraft take the Regulars' air assets away (R190).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import assets, card_effects, cards
from game.engine.protocol import EventKind as E
from game.rules import cards as rc
from game.rules import support as sp

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

# The cards' own handlers, named rather than read from the registry at import time: this module
# may be imported while `card_effects` registers its extensions, after one of them (card_eye)
# has already wrapped these entries.
HOLD_ONLY = card_effects.grant_asset
FRIENDLY_FIRE = card_effects.friendly_fire
GROUNDED = card_effects.grounded


def played_asset(grants: str) -> sp.AssetId | None:
    """The support asset a card grants, when this game plays it (else None: held, R186)."""
    try:
        return sp.parse_asset(grants)
    except ValueError:
        return None


def grant_asset(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """An Asset card (or Eye in the Sky) whose asset is played: it comes into play."""
    asset = played_asset(card.grants)
    if asset is None:
        return (yield from HOLD_ONLY(g, card, drawer))
    kept = yield from HOLD_ONLY(g, card, drawer)  # held in the Regular hand (R186)
    assets.receive_asset(g, asset.value, source=card.title)  # and in play (R190-R199)
    return kept


def friendly_fire(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """There's Nothing Friendly About it!: also grounds the air support for good (not UAVs)."""
    kept = yield from FRIENDLY_FIRE(g, card, drawer)
    assets.ground_air_assets(g, "grounded", uavs=False)
    return kept


def grounded(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """You're Grounded!: also grounds every air asset, the UAVs included."""
    kept = yield from GROUNDED(g, card, drawer)
    assets.ground_air_assets(g, "grounded", uavs=True)
    return kept


def card_follows(g: Engine, asset_id: str, side: str) -> None:
    """The card that granted a spent asset leaves the hand for the discards."""
    if not g.state.cards:
        return
    hand = g.state.cards["hands"].get(side, [])
    for card_id in hand:
        asset = played_asset(rc.card(card_id).grants)
        if asset is not None and asset.value == asset_id:
            hand.remove(card_id)
            cards.discard(g, card_id)
            return


card_effects.EFFECTS["grant_asset"] = grant_asset
card_effects.EFFECTS["friendly_fire"] = friendly_fire
card_effects.EFFECTS["grounded"] = grounded
assets.SPENT_HOOKS.append(card_follows)


# --- vehicles (issue 20): Asset cards whose units the scenario fields at set-up (R295) ---
def field_scenario_cards(g: Engine) -> None:
    """The scenario's units that are Asset cards (Turkey Shoot's Attached APC and Attached
    Sniper Team): each card is taken out of the Asset deck for the game (in play, never drawn)
    and its unit is logged as fielded from it."""
    for unit_id, card_id in g.scenario.asset_units:
        card = rc.card(card_id)
        unit = g.state.units[unit_id]
        cards.table(g).setdefault("fielded", []).append(card.id)
        g.emit(E.ASSET_FIELDED, card=card.id, title=card.title, unit=unit.id, unit_name=unit.name)
