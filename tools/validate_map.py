"""Check Ambush Alley! maps: `python tools/validate_map.py PATH.tmx [...] [--json]`.

Exit 0 when every map is playable (a summary and any warnings are printed), 2 otherwise (one
`error: PATH: problem` line per problem). The map format is described in maps/README.md. A map's
own scenario file (PATH.toml beside it, docs/SCENARIOS.md) is checked with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.battlefield.validate import cli  # noqa: E402
from game.scenarios.map_check import validate_map_and_scenario  # noqa: E402

if __name__ == "__main__":
    sys.exit(cli(validate_map_and_scenario))
