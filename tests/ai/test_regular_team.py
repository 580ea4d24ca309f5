"""The Regular AI that fights as a team (issue 17 §4) and the earlier basic one kept beside it."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from game.ai.regular import REGULAR_STYLES, RegularAI
from game.battlefield.model import Battlefield

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import simulate  # noqa: E402


def test_both_regular_ais_are_selectable_and_a_wrong_name_is_refused() -> None:
    assert REGULAR_STYLES == ("ai", "basic")
    board = Battlefield("t.tmx", "t", 10.0, 10.0, 32.0)
    assert RegularAI(board, style="basic").style == "basic"
    assert RegularAI(board).style == "ai"
    with pytest.raises(ValueError, match="choose ai or basic"):
        RegularAI(board, style="clever")


def test_simulate_plays_the_basic_regular_ai_on_request_and_names_it() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--scenario", "contracting-trouble", "--games", "1", "--turns", "1", "--json"]
    code = simulate.main([*argv, "--regulars", "basic", "--no-progress"], out, err)
    assert code == 0, err.getvalue()
    summary = json.loads(out.getvalue())
    assert summary["regulars"].startswith("basic Regular AI")
    out, err = io.StringIO(), io.StringIO()
    assert simulate.main([*argv, "--regulars", "clever"], out, err) == 2
    assert (
        err.getvalue()
        == "tools/simulate.py: error: --regulars 'clever': choose ai, basic or random\n"
    )
