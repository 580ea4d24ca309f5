"""Eye in the Sky (Rulebook: Fog of War & Asset Cards; UAVs): the Regulars get a UAV, or, when
they have one already, keep it whatever would take it away. Ruling R287.

Wraps the Asset-card handlers of `game.engine.asset_cards` (the registry is made for it): the
card grants its UAV as any Asset card does unless a UAV is in play; then it protects the UAVs
in play from You're Grounded!, the only result in this game that takes a UAV away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import asset_cards, assets, card_effects, cards
from game.engine.card_effects import played
from game.engine.state import REGULAR
from game.rules import cards as rc
from game.rules import support as sp

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

EYE_IN_THE_SKY = "eye-in-the-sky"
PROTECTED = "uav_protected"
# The handlers wrapped here are named and looked up when a card is played, never read from the
# registry at import time (`asset_cards` may still be importing when this module registers).


def uavs_in_play(g: Engine) -> list[str]:
    return [a for a in assets.held(g.state) if sp.AssetId(a) in sp.UAV_ASSETS]


def uav_protected(g: Engine) -> bool:
    return bool(cards.effects(g).get(PROTECTED)) if g.state.cards else False


def grant_asset(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Eye in the Sky with a UAV already in play protects it (R287); any other card as before."""
    if card.id == EYE_IN_THE_SKY and uavs_in_play(g):
        cards.table(g)["effects"][PROTECTED] = True
        played(g, card, REGULAR, "uav_protected", uavs=uavs_in_play(g))
        return False
    return (yield from asset_cards.grant_asset(g, card, drawer))


def grounded(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """You're Grounded! keeps a protected UAV in the air; the other aircraft are grounded."""
    if not (uav_protected(g) and uavs_in_play(g)):
        return (yield from asset_cards.grounded(g, card, drawer))
    kept = yield from card_effects.grounded(g, card, drawer)  # the dust: Optimum Range 6"
    assets.ground_air_assets(g, "grounded", uavs=False)
    played(g, card, REGULAR, "uav_kept", uavs=uavs_in_play(g))
    return kept


card_effects.EFFECTS["grant_asset"] = grant_asset
card_effects.EFFECTS["grounded"] = grounded
