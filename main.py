"""Start Ambush Alley! (see README.md). All the work is in `game.app`."""

from game.app import main

if __name__ == "__main__":
    raise SystemExit(main())
