"""The distances cover and the line of fire are measured by (Rulebook: Cover Dice; Line of Fire
(LOF); Civilians on the Battlefield). Rulings R6, R7, R52. The battlefield room's geometry
measures them; every other room reads them from here.

All distances are in inches, from the edge of a figure's base (R1, R2).
"""

from __future__ import annotations

LOF_CORRIDOR = 2.0
"""Rulebook: Line of Fire. Units within 2" of the line are in the line of fire (R6)."""
CIVILIAN_CORRIDOR = 3.0
"""The civilian casualty check looks 3" either side of the line (R6)."""
EXPOSED_DISTANCE = 2.0
"""Rulebook: Cover Dice (Exposed). More than 2" from any cover piece (R7)."""
SOLID_COVER_REACH = 1.0
"""A figure within 1" of a low wall or a wreck is behind it (maps/README.md, R52)."""
