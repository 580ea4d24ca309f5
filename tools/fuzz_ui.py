"""Fuzz the desktop client: seeded random input on every screen, headless (issue 23).

    python tools/fuzz_ui.py --events 10000 --seed 1 [--screen "battle hot-seat"] [--list]

Each episode opens one screen of the client on a fresh window (main menu, set-up in each mode,
load list, settings, tables, open map, the battle in solo, hot-seat, co-op and watch, the save
and confirm dialogs, the hand-off, the end screen, help) and sends it random input: key presses
with modifiers, typed and pasted text (zero-width U+200B and U+FEFF, right-to-left U+202E, Arabic
and Hebrew, combining marks, emoji, NUL, long lines), mouse moves, clicks on widgets, figures and
anywhere, drags, the wheel, window resizes and focus changes, and quit attempts. Input may lead
anywhere (Start on the set-up screen opens a game); the screens reached are counted. Episodes
visit the screens in turn, then at random.

An exception that escapes the client is a crash: it is printed with the seed, the event number,
the screen the episode opened and the screen on top, and the command that replays it; the run
goes on with the next episode. Everything is seeded (dice seeds, the set-up's fresh seed, the
map checks are waited for), so the same seed and event count replay the same run. Saves,
settings and the autosave go to a temporary folder, never the player's. Exit 1 on any crash.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.client.scenes import App, Scene  # noqa: E402

TEXTS = (
    "a",
    "Zz9",
    "\u200b",
    "\ufeff",
    "\u202e",
    "a\u202eb",
    "\u200b\u200d\u2060\ufeff",
    "مرحبا بالعالم",
    "שלום עולם",
    "\u05d0\u202e\u0627",
    "e\u0301\u0308\u0323",
    "\U0001f4a3\U0001f600",
    "\x00",
    "../../etc/passwd",
    "CON",
    "a/b:c*?",
    "W" * 300,
    "\u00ad",
    " ",
    "12345678901234567890",
    "-1",
    "99999999999999999999999",
)
KEYS = (
    *range(pygame.K_a, pygame.K_z + 1),
    *range(pygame.K_0, pygame.K_9 + 1),
    pygame.K_F1,
    pygame.K_F5,
    pygame.K_F9,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_KP_PLUS,
    pygame.K_KP_MINUS,
)
MODS = (0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_LCTRL)
WINDOW_EVENTS = (
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWLEAVE,
    pygame.WINDOWENTER,
    pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED,
)


@dataclass
class Crash:
    seed: int
    event: int
    screen: str
    top: str
    what: str
    trace: str

    def line(self) -> str:
        return (
            f"CRASH seed {self.seed} event {self.event} on '{self.screen}' "
            f"(top: {self.top}) after {self.what}\n{self.trace}"
            f"replay: python tools/fuzz_ui.py --seed {self.seed} --events {self.event + 1}"
        )


@dataclass
class Report:
    events: int = 0
    crashes: list[Crash] = field(default_factory=list)
    opened: Counter[str] = field(default_factory=Counter)  # episodes by the screen they opened
    reached: Counter[str] = field(default_factory=Counter)  # frames by the scene on top
    trail: list[str] = field(default_factory=list)  # the scene on top after each event
    quits: int = 0
    seconds: float = 0.0


# -- the screens --------------------------------------------------------------------------------
def _menu() -> Scene:
    from game.client.menu import MainMenuScene

    return MainMenuScene()


def _game(mode: str, table: str, seed: int) -> Scene:
    from game.client.play import open_play
    from game.client.saves import track_session
    from game.client.session import SessionConfig

    config = SessionConfig(mode=mode, table=table, seed=seed, pace="instant")  # type: ignore[arg-type]
    scene = open_play(table, config=config)
    track_session(scene.session)  # as the set-up screen does: Continue offers it
    return scene


class Screens:
    """How to open each screen; `folder` holds the maps, saves and settings of the run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.maps = folder / "maps"
        self._finished: Path | None = None

    def names(self) -> list[str]:
        return list(self.builders())

    def builders(self) -> dict[str, Callable[[App, random.Random], None]]:
        return {
            "main menu": lambda app, rng: None,
            "set-up solo": self._setup("solo"),
            "set-up hot-seat": self._setup("hotseat"),
            "set-up co-op": self._setup("coop"),
            "set-up watch": self._setup("watch"),
            "load list": lambda app, rng: app.push(_load_scene()),
            "settings": lambda app, rng: app.push(_settings_scene()),
            "tables": lambda app, rng: app.push(_tables_scene()),
            "open map": lambda app, rng: app.push(_open_map_scene(self.maps)),
            "battle solo": self._battle("solo", "contracting-trouble"),
            "battle hot-seat": self._battle("hotseat", "contracting-trouble"),
            "battle co-op": self._battle("coop", "sweep-and-clear"),
            "battle watch": self._battle("watch", "contracting-trouble"),
            "save dialog": self._over_battle(_save_dialog),
            "confirm dialog": self._over_battle(_confirm_dialog),
            "hand-off": self._over_battle(_hand_off, mode="hotseat"),
            "help": self._over_battle(_help),
            "end screen": self._end_screen,
        }

    def _setup(self, mode: str) -> Callable[[App, random.Random], None]:
        def build(app: App, rng: random.Random) -> None:
            from game.client.setup import SetupScene

            scene = SetupScene(user_folder=self.maps)
            scene.choices.mode = mode
            app.push(scene)

        return build

    def _battle(self, mode: str, table: str) -> Callable[[App, random.Random], None]:
        def build(app: App, rng: random.Random) -> None:
            app.push(_game(mode, table, rng.randrange(1000)))

        return build

    def _over_battle(
        self, overlay: Callable[[Any], Scene], mode: str = "solo"
    ) -> Callable[[App, random.Random], None]:
        def build(app: App, rng: random.Random) -> None:
            play = _game(mode, "contracting-trouble", rng.randrange(1000))
            app.push(play)
            app.step()
            app.push(overlay(play))

        return build

    def _end_screen(self, app: App, rng: random.Random) -> None:
        """A finished game (a one-turn AI game, saved once per run) opens on its end screen."""
        from game.client import saves
        from game.client.saves_ui import play_scene_for

        if self._finished is None:
            from game.client.session import GameSession, SessionConfig

            config = SessionConfig(mode="watch", table="contracting-trouble", seed=7)
            session = GameSession(_replace(config, turn_limit=1, autosave=False))
            session.run_ai_until_human()
            self._finished = saves.save_game(session, "fuzz finished game", overwrite=True)
        app.push(play_scene_for(saves.resume_session(self._finished)))
        app.step()


def _replace(config: Any, **changes: Any) -> Any:
    from dataclasses import replace

    return replace(config, **changes)


def _load_scene() -> Scene:
    from game.client.saves_ui import LoadScene

    return LoadScene()


def _settings_scene() -> Scene:
    from game.client.settings_screen import SettingsScene

    return SettingsScene()


def _tables_scene() -> Scene:
    from game.client.menu import ScenarioSelectScene

    return ScenarioSelectScene()


def _open_map_scene(folder: Path) -> Scene:
    from game.client.menu import OpenMapScene

    return OpenMapScene(folder)


def _save_dialog(play: Any) -> Scene:
    from game.client.saves_ui import SaveNameScene

    return SaveNameScene(play, play.session)


def _confirm_dialog(play: Any) -> Scene:
    from game.client.confirm import ConfirmScene

    unit = next(iter(play.session.engine.state.units_of("regular")))
    return ConfirmScene(play, f"End the activation of {unit.name}?", lambda: play.order("end"))


def _hand_off(play: Any) -> Scene:
    from game.client.handoff import HandoffScene

    return HandoffScene("Insurgent player", side="insurgent")


def _help(play: Any) -> Scene:
    from game.client.help import HelpOverlay

    return HelpOverlay(play)


# -- the input ----------------------------------------------------------------------------------
def _pos(app: App, rng: random.Random) -> tuple[int, int]:
    """Somewhere worth clicking: a widget, a figure of the battle, or anywhere (even outside)."""
    roll = rng.random()
    if roll < 0.45:
        widgets = [
            s
            for s in app.manager.get_sprite_group().sprites()
            if getattr(s, "visible", True) and getattr(s, "rect", None) is not None
        ]
        if widgets:
            rect = rng.choice(widgets).rect
            return (rng.randint(rect.left, max(rect.left, rect.right - 1)), rect.centery)
    if roll < 0.65:
        frame = getattr(app.stack.top, "last_frame", None)
        rects = getattr(frame, "figure_rects", None)
        if rects:
            return tuple(rng.choice(rects)[1].center)
    w, h = app.size
    return (rng.randint(-20, w + 20), rng.randint(-20, h + 20))


def _key(rng: random.Random) -> list[pygame.event.Event]:
    key = rng.choice(KEYS)
    mod = rng.choice(MODS)
    char = chr(key) if 32 <= key < 127 and not mod & pygame.KMOD_CTRL else ""
    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
    return [down, pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]


def _text(rng: random.Random) -> list[pygame.event.Event]:
    text = rng.choice(TEXTS)
    if rng.random() < 0.3:  # pasted: the clipboard holds it, Ctrl+V
        with contextlib.suppress(pygame.error, ValueError):  # NUL: no clipboard takes it
            pygame.scrap.put_text(text)
        paste = pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0
        )
        return [paste]
    if rng.random() < 0.1:  # an input method composing
        return [pygame.event.Event(pygame.TEXTEDITING, text=text, start=0, length=len(text))]
    return [pygame.event.Event(pygame.TEXTINPUT, text=text)]


def _click(app: App, rng: random.Random) -> list[pygame.event.Event]:
    pos = _pos(app, rng)
    button = rng.choice((1, 1, 1, 2, 3))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False),
    ]


def _drag(app: App, rng: random.Random) -> list[pygame.event.Event]:
    start, end = _pos(app, rng), _pos(app, rng)
    button = rng.choice((1, 1, 3))
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button, touch=False)]
    steps = rng.randint(1, 5)
    for i in range(1, steps + 1):
        at = (
            start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps,
        )
        events.append(
            pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=held, touch=False)
        )
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button, touch=False))
    return events


def _wheel(app: App, rng: random.Random) -> list[pygame.event.Event]:
    pos = _pos(app, rng)
    y = rng.choice((-3, -1, 1, 3))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y),
            touch=False,
        ),
    ]  # fmt: skip


def _window(rng: random.Random) -> list[pygame.event.Event]:
    if rng.random() < 0.6:
        w, h = rng.choice(((640, 480), (800, 560), (1280, 800), (1920, 1080), (2560, 1440)))
        if rng.random() < 0.3:
            w, h = rng.randint(1, 3000), rng.randint(1, 2000)
        return [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))]
    return [pygame.event.Event(rng.choice(WINDOW_EVENTS))]


def random_input(app: App, rng: random.Random) -> tuple[str, list[pygame.event.Event]]:
    """One fuzz event (a key press, a click, a drag… may be several pygame events)."""
    roll = rng.random()
    if roll < 0.34:
        return "key", _key(rng)
    if roll < 0.50:
        return "text", _text(rng)
    if roll < 0.74:
        return "click", _click(app, rng)
    if roll < 0.82:
        return "drag", _drag(app, rng)
    if roll < 0.90:
        return "wheel", _wheel(app, rng)
    if roll < 0.97:
        return "window", _window(rng)
    if roll < 0.976:
        return "quit", [pygame.event.Event(pygame.QUIT)]
    return "nothing", []  # frames pass: the AI and the playback move on


def describe(events: list[pygame.event.Event]) -> str:
    parts = []
    for event in events:
        data = {k: v for k, v in event.dict.items() if k not in ("touch", "window", "scancode")}
        parts.append(f"{pygame.event.event_name(event.type)} {data!r}")
    return "; ".join(parts) or "no input"


# -- the run ------------------------------------------------------------------------------------
def prepare(folder: Path) -> None:
    """The run's own user folders: a good map, a broken one and a non-map in the maps folder;
    a real save, a broken one and one nested too deep in the saves folder."""
    from game.client import saves
    from game.client.session import GameSession, SessionConfig
    from game.client.settings import set_current_settings

    write_map = importlib.import_module("tools.scale_map").write_map  # a tool beside this one
    os.environ["AMBUSH_ALLEY_DATA_DIR"] = str(folder)
    os.environ["AMBUSH_ALLEY_CONFIG_DIR"] = str(folder / "config")
    set_current_settings(None)
    maps = folder / "maps"
    write_map(maps / "good.tmx", inches=36, units=6)
    shipped = (ROOT / "maps" / "contracting-trouble.tmx").read_text(encoding="utf-8")
    (maps / "broken.tmx").write_text(shipped[: len(shipped) // 2], encoding="utf-8")
    (maps / "not a map.tmx").write_text("\u202e\u200b hello", encoding="utf-8")
    session = GameSession(SessionConfig(mode="watch", table="contracting-trouble", seed=3))
    for _ in range(8):
        session.step_ai()
    saves.save_game(session, "fuzz game turn 1", overwrite=True)
    folder_saves = saves.saves_dir()
    (folder_saves / "broken.json").write_text("{", encoding="utf-8")
    (folder_saves / "deep.json").write_text("[" * 100_000, encoding="utf-8")


class Fuzzer:
    """Episodes of random input, each on a fresh window opened on one screen."""

    def __init__(
        self,
        seed: int,
        folder: Path,
        only: str | None = None,
        episode_events: tuple[int, int] = (30, 150),
    ) -> None:
        self.seed = seed
        self.episode_events = episode_events
        self.rng = random.Random(seed)
        self.screens = Screens(folder)
        self.only = only
        self.report = Report()

    def run(self, events: int, progress: Callable[[str], None] | None = None) -> Report:
        from game.client import setup

        setup._fresh_seed = lambda: self.rng.randrange(1_000_000)  # an empty seed: replayable
        names = [self.only] if self.only else self.screens.names()
        builders = self.screens.builders()
        started = time.perf_counter()
        episode = 0
        while self.report.events < events:
            name = names[episode % len(names)] if episode < len(names) else self.rng.choice(names)
            episode += 1
            length = min(self.rng.randint(*self.episode_events), events - self.report.events)
            self._episode(name, builders[name], length)
            if progress is not None and episode % 10 == 0:
                progress(f"{self.report.events} events, {len(self.report.crashes)} crashes")
        self.report.seconds = time.perf_counter() - started
        return self.report

    def _crash(self, number: int, name: str, app: App, what: str) -> None:
        top = type(app.stack.top).__name__ if app.stack.top is not None else "no screen"
        trace = traceback.format_exc()
        self.report.crashes.append(Crash(self.seed, number, name, top, what, trace))

    def _episode(self, name: str, build: Callable[[App, random.Random], None], length: int) -> None:
        app = App((1280, 800), headless=True)
        pygame.event.clear()  # nothing a previous window's widgets posted reaches this one
        try:
            self.report.opened[name] += 1
            try:
                app.push(_menu())
                build(app, self.rng)
                app.step()
            except Exception:
                self._crash(self.report.events, name, app, "opening the screen")
                self.report.events += 1  # opening counts as an event: a run always ends
                return
            for _ in range(length):
                if not self._one(app, name):
                    return
        finally:
            try:
                app.shutdown()
            except Exception:
                self._crash(self.report.events, name, app, "closing the window")

    def _one(self, app: App, name: str) -> bool:
        """Send one fuzz event; False when the episode is over (a crash, or the window closed)."""
        what, events = random_input(app, self.rng)
        number = self.report.events
        self.report.events += 1
        try:
            app.step(events)
            _settle(app)
        except Exception:
            self._crash(number, name, app, f"{what}: {describe(events)}")
            return False
        top = app.stack.top
        on_top = type(top).__name__ if top is not None else "no screen"
        self.report.reached[on_top] += 1
        self.report.trail.append(on_top)
        if not app.running or top is None:
            self.report.quits += 1  # a quit attempt that closed the window: next episode
            return False
        return True


def _settle(app: App) -> None:
    """Wait for the set-up screen's map checks (a worker thread): the run stays replayable."""
    checks = getattr(app.stack.top, "checks", None)
    if checks is None:
        return
    deadline = time.monotonic() + 60
    while not checks.answered() and time.monotonic() < deadline:
        time.sleep(0.002)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000, help="fuzz events (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--screen", help="open only this screen (see --list)")
    parser.add_argument("--list", action="store_true", help="list the screens and exit")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="fuzz-ui-") as tmp:
        folder = Path(tmp)
        names = Screens(folder).names()
        if args.list:
            print("\n".join(names))
            return 0
        if args.screen is not None and args.screen not in names:
            print(f"--screen {args.screen!r}: not a screen (see --list)", file=sys.stderr)
            return 2
        if args.events < 1:
            print("--events: give at least 1", file=sys.stderr)
            return 2
        prepare(folder)
        report = Fuzzer(args.seed, folder, args.screen).run(
            args.events, lambda line: print(line, flush=True)
        )
    for crash in report.crashes:
        print(crash.line())
    print(summary(report, args.seed))
    return 1 if report.crashes else 0


def summary(report: Report, seed: int) -> str:
    opened = ", ".join(f"{name} {n}" for name, n in sorted(report.opened.items()))
    reached = ", ".join(f"{name} {n}" for name, n in sorted(report.reached.items()))
    return (
        f"fuzz_ui seed {seed}: {report.events} events in {report.seconds:.0f}s, "
        f"{sum(report.opened.values())} episodes, {report.quits} quits, "
        f"{len(report.crashes)} crashes\n  opened: {opened}\n  frames on top: {reached}"
    )


if __name__ == "__main__":
    sys.exit(main())
