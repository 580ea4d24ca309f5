"""The rulebook as pure functions and small value types (see docs/ARCHITECTURE.md).

Import from the modules: `quality` (Troop Quality, Morale, tests), `units` (units and figures),
`firepower` (Firepower and Defense), `combat` (the attack roll), `odds` (exact casualty odds),
`dice` (every roll). Nothing here imports pygame, pymunk, pytmx or `random`.
"""
