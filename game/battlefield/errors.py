"""Map problems, worded for the person who drew the map."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MapProblem:
    path: str
    message: str
    object_id: int | None = None
    object_name: str | None = None
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = ""
        if self.object_id is not None:
            where = f" (object {self.object_id}"
            where += f' "{self.object_name}")' if self.object_name else ")"
        return f"{self.severity}: {self.path}: {self.message}{where}"


class MapError(Exception):
    """A map that cannot be played. Carries every problem found; `str()` is the first one."""

    def __init__(self, problems: list[MapProblem]) -> None:
        if not problems:
            raise ValueError("MapError needs at least one problem")
        self.problems = problems
        super().__init__(str(problems[0]))

    @classmethod
    def single(
        cls, path: str, message: str, object_id: int | None = None, object_name: str | None = None
    ) -> MapError:
        return cls([MapProblem(path, message, object_id, object_name)])
