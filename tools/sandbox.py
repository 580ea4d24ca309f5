"""The rules sandbox: set up any situation, apply commands, print the events (docs/SANDBOX.md).

    python tools/sandbox.py docs/sandbox/interruption-chain.json

One JSON object per event (`kind`, `data`, `text`), then `{"state": ..., "pending": ...}`.
A malformed situation gets one line naming the field and exit status 2; a run refused on the way
(an illegal command, the forced dice ran out) one line and exit status 1.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.sandbox import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
