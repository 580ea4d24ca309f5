"""tools/soak.py with the shipped AIs (issue 23): a short seeded AI-vs-AI soak of every shipped
scenario keeps every invariant, and a game that raises is reported, never passed."""

from __future__ import annotations

import pytest

from game.engine.state import INSURGENT
from game.scenarios.ids import scenario_ids, scenario_map
from tools import soak


@pytest.mark.parametrize("scenario", scenario_ids())
def test_a_short_ai_soak_keeps_every_invariant(scenario: str) -> None:
    for seed in (1, 2):
        ok, detail, _seconds = soak.soak_one(scenario_map(scenario), scenario, seed, 2, ai=True)
        assert ok, f"{scenario} seed {seed}: {detail}"
        assert int(detail.split()[0]) > 20  # the checker saw the game's events


def test_the_ai_option_puts_the_shipped_ais_in_the_seats() -> None:
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.save import new_game

    engine = new_game(scenario_map("contracting-trouble"), "contracting-trouble", 3)
    ais = soak.controllers(engine, 3, ai=True)
    assert isinstance(ais["regular"], RegularAI) and isinstance(ais[INSURGENT], InsurgentAI)
    randoms = soak.controllers(engine, 3, ai=False)
    assert not isinstance(randoms["regular"], RegularAI)


def test_an_ai_that_raises_is_a_failure_with_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.regular import RegularAI

    def broken(self: object, view: object) -> object:
        raise RuntimeError("the Regular AI broke")

    monkeypatch.setattr(RegularAI, "choose", broken)
    path = scenario_map("contracting-trouble")
    ok, detail, _seconds = soak.soak_one(path, "contracting-trouble", 1, 1, ai=True)
    assert not ok
    assert "the Regular AI broke" in detail and "ControllerFailure" in detail


def test_the_command_line_names_the_controllers_and_counts_failures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[str, int, bool]] = []

    def fake(
        map_path: object,
        scenario: str,
        seed: int,
        turns: int | None,
        ai: bool = False,
        regulars: str = "ai",
    ) -> tuple[bool, str, float]:
        calls.append((scenario, seed, ai))
        return (seed != 4, "10 events" if seed != 4 else "InvariantBroken: x", 0.5)

    monkeypatch.setattr(soak, "soak_one", fake)
    assert soak.main(["--ai", "--seeds", "3", "--first-seed", "3"]) == 1
    out = capsys.readouterr().out
    assert calls == [(s, seed, True) for s in scenario_ids() for seed in (3, 4, 5)]
    assert f"FAIL {scenario_ids()[0]} seed 4: InvariantBroken: x" in out
    assert "(AI): 3 games" in out and f"soak: {len(scenario_ids())} failed" in out
