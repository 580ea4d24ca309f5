"""The turn engine: game state, commands, events, decisions and the sequence of play."""
