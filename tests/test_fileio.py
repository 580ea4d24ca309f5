import json
from pathlib import Path

import pytest

from game.fileio import write_json_atomic


def test_a_failed_write_keeps_the_last_good_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    write_json_atomic(target, {"turn": 3})
    with pytest.raises(TypeError):
        write_json_atomic(target, {"turn": object()})  # not JSON: fails halfway through
    assert json.loads(target.read_text()) == {"turn": 3}
    assert sorted(p.name for p in target.parent.iterdir()) == ["save.json"]
