"""The F1 help overlay: key bindings and a short rules reference, plus status badge tooltips.

Every rules entry is written in the project's own words (the rulebook is copyrighted) and names
the rulebook section heading to read for the full rule, and the project ruling (docs/RULINGS.md)
where one settles an ambiguity.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.client.scenes import Overlay, Scene

HELP_KEY = pygame.K_F1
SCROLL_KEYS = {
    pygame.K_DOWN: 0.1,
    pygame.K_UP: -0.1,
    pygame.K_PAGEDOWN: 0.9,
    pygame.K_PAGEUP: -0.9,
    pygame.K_HOME: -1.0,
    pygame.K_END: 1.0,
}


@dataclass(frozen=True)
class HelpSection:
    title: str
    lines: tuple[str, ...]
    rulebook: tuple[str, ...] = ()  # section headings of the rulebook
    rulings: tuple[str, ...] = ()  # project rulings (docs/RULINGS.md)


KEY_BINDINGS: tuple[tuple[str, str], ...] = (
    ("F1", "this help (Esc or F1 closes it)"),
    ("F5", "save the game under a name (Shift+F5: quick save)"),
    ("F9", "load a saved game"),
    ("Esc", "cancel; with nothing to cancel: back to the menu (a battle asks first)"),
    ("Mouse wheel", "zoom the table"),
    ("Right or middle drag, arrows", "pan the table (WASD too when only viewing a map)"),
    ("Home", "fit the whole table in the window (F too when only viewing a map)"),
    ("Click, Tab", "select a unit (in a game, Tab walks your own units)"),
    ("Hold R", "measure with the ruler (inches)"),
    ("T / Shift+L", "terrain outlines / unit labels"),
    ("PgUp / PgDn, wheel on the log", "scroll the event log"),
)

RULES: tuple[HelpSection, ...] = (
    HelpSection(
        "The turn",
        (
            "Each turn begins with the Insurgents' reinforcement roll. Then the Regular player "
            "activates fireteams one at a time; when every Regular unit has had its chance, the "
            "Insurgent units that did nothing this turn take their actions.",
        ),
        ("Sequence of Play", "Arrival of Insurgent Reinforcements"),
        ("R20",),
    ),
    HelpSection(
        "Activation",
        (
            "An activated unit either moves and then fires, or fires and then moves; once it has "
            "fired it may only move cautiously. Overwatch, First Aid and neutralizing a hot spot "
            "take the whole activation. Cautious moves are 6 inches, rapid moves 12.",
        ),
        ("Sequence of Play", "Movement", "Overwatch"),
        ("R21", "R23"),
    ),
    HelpSection(
        "Interruptions and Reaction Tests",
        (
            "Insurgent units that can see the activated unit may declare that they interrupt it, "
            "by fire or by movement. Each interrupter and the Regular unit roll their Troop "
            "Quality dice against each other: the Insurgent needs a 4 or more and must beat the "
            "Regular's roll outright (a tie goes to the Regular). Staying still, Overwatch and "
            "cautious moves help the Regular by one; rapid moves cost one.",
            "When several units interrupt, the tests are rolled nearest first; the interrupters "
            "who won act first, then the Regular answers those who lost. A Regular unit on "
            "Overwatch that wins its own test fires at an interrupter before the Reaction Test "
            "is rolled; Overwatch may interrupt any Insurgent action it sees, a unit coming into "
            "its sight or a Close Assault too.",
            "Each Insurgent unit gets one interruption a turn (declaring it uses it up); a group "
            "with no leader must first throw 4 or better on its Quality die. Every interruption "
            "after the first in one activation takes a Firepower die and an inch of movement "
            "from the Regular unit. A friend reacting for an interrupted unit may be "
            "interrupted in turn, and an Insurgent unit may spend its interruption firing at a "
            "Pinned Regular unit.",
        ),
        (
            "Interruptions and Reaction Tests",
            "Resolving Chains of Interruptions",
            "Interruption Aftermath",
            "Reaction Tests and Fog of War",
        ),
        ("R13", "R14", "R22", "R23", "R24", "R100", "R101", "R103", "R104"),
    ),
    HelpSection(
        "Fire combat",
        (
            "Firepower is a number of Troop Quality dice: one per fighting figure, plus extra "
            "dice for support weapons and for a target inside Optimum Range, minus penalties; it "
            "is capped at ten dice before the penalties are taken off.",
            "Defense is counted the same way in the target's own Troop Quality dice: one per "
            "fighting figure, plus dice for cover and armour, at most ten and never fewer than "
            "one (a better-trained unit uses its cover better).",
            "The attack roll: both sides drop every die below 4. Each remaining Defense die "
            "cancels one attacking die of equal or lower value; every attacking die left over is "
            "one casualty.",
        ),
        ("Fire Combat", "Firepower", "Defense", "Resolving Fire Combat", "Making the Attack Roll"),
        ("R15", "R16", "R17", "R18", "R19"),
    ),
    HelpSection(
        "Morale",
        (
            "A Morale check throws one Morale die per figure: each 4 or more counts for the "
            "unit, each lower die against it; the unit holds only when the good dice outnumber "
            "the bad. A unit tests at most once for one fire resolution.",
            "Regulars test when they lose figures. Failing Pins them: they look for cover and "
            "throw their Quality die one step lower until the turn ends. Pinned again during "
            "that turn, they Pull Back and spend the next turn regrouping, unless they "
            "already sit in solid cover.",
            "Insurgents also test whenever a group with no leader comes under fire. Failing "
            "Shakes them: their Morale die drops a step, and a group pushed below d6 breaks. "
            "Even a group that holds loses every figure that threw a 1 (it Shrinks).",
        ),
        ("Morale", "Morale Checks", "Morale Effects", "Pull Back", "Shrink"),
        ("R11", "R12", "R25", "R26"),
    ),
    HelpSection(
        "Casualties and First Aid",
        (
            "Insurgent casualties leave the table at once. Regular figures that are hit stop "
            "fighting and defending straight away; at the unit's next activation, once it is in "
            "solid cover or out of every Insurgent's sight, it rolls First Aid for each of them: "
            "a 5 or 6 (4 to 6 with a medic) brings the figure back next turn, the others are "
            "carried as Dependants and count for the enemy's victory points.",
        ),
        (
            "Casualties and Casualty Evacuation",
            "Who Got Hit?",
            "First Aid Checks for Regulars",
            "Dependants & Casualties",
        ),
        ("R27",),
    ),
)

BADGE_TOOLTIPS: dict[str, str] = {
    "activated": "Activated: this unit has already acted this turn.",
    "overwatch": "Overwatch: may fire on any Insurgent it sees until its next activation (R23).",
    "pinned": "Pinned: throws its Quality die one step lower; pinned twice this turn, it pulls "
    "back (R12, R26).",
    "shaken": "Shaken: its Morale die has dropped a step; below d6 an Insurgent unit breaks (R11).",
    "pull_back": "Pull Back: must move away from the enemy, toward cover or its own edge (R26).",
    "dependants": (
        "Dependants: carrying casualties, a contractor, POWs or rescued men; costs a Firepower "
        "die (R16)."
    ),
    "first_aid": "First Aid: has hit figures to tend at its next activation, in safety (R27).",
}
"""Badge value (game.client.viewmodel.Badge) → one line for a hover tooltip."""


def badge_tooltip(badge: str) -> str:
    """The hover line for a status badge (its name alone when the badge is new to this table)."""
    return BADGE_TOOLTIPS.get(str(badge), str(badge).replace("_", " ").capitalize())


def order_bindings() -> list[tuple[str, str]]:
    """(button label with its key, what it does) of the play screen's orders, read from it."""
    try:
        from game.client.play import ACTIONS
    except ImportError:
        return []
    return [(str(label), str(tip)) for _action, label, tip in ACTIONS]


def help_text() -> str:
    """The whole help as plain text (what the overlay shows, without markup)."""
    out = ["KEYS"]
    out += [f"  {key}: {what}" for key, what in KEY_BINDINGS]
    out += [f"  {label}: {tip}" for label, tip in order_bindings()]
    for section in RULES:
        out += ["", section.title.upper()]
        out += [f"  {line}" for line in section.lines]
        see = "; ".join(f"see {name}" for name in section.rulebook)
        if see:
            out.append(f"  Rulebook: {see}.")
        if section.rulings:
            out.append(f"  Project rulings: {', '.join(section.rulings)} (docs/RULINGS.md).")
    return "\n".join(out)


def help_html() -> str:
    """The help as pygame_gui markup."""
    parts = ["<font size=5><b>Keys</b></font>"]
    parts += [f"<b>{html.escape(key)}</b>: {html.escape(what)}" for key, what in KEY_BINDINGS]
    orders = order_bindings()
    if orders:
        parts += ["", "<font size=5><b>Orders on the battle screen</b></font>"]
        parts += [f"<b>{html.escape(label)}</b>: {html.escape(tip)}" for label, tip in orders]
    parts.append("")
    parts.append("<font size=5><b>Rules in brief</b></font>")
    for section in RULES:
        parts.append(f"<b>{html.escape(section.title)}</b>")
        parts += [html.escape(line) for line in section.lines]
        if section.rulebook:
            see = "; ".join(f"see {html.escape(name)}" for name in section.rulebook)
            parts.append(f"<i>Rulebook: {see}.</i>")
        if section.rulings:
            parts.append(f"<i>Project rulings: {', '.join(section.rulings)}.</i>")
        parts.append("")
    return "<br>".join(parts)


class HelpOverlay(Overlay):
    """A scrollable help panel over the (dimmed) screen below it; Esc, F1 or Close shut it."""

    owns_keys = frozenset({HELP_KEY})

    def __init__(self, below: Scene | None = None) -> None:
        super().__init__(below)
        self.box: UITextBox | None = None
        self.close_button: UIButton | None = None

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        width, height = min(900, w - 80), h - 120
        return pygame.Rect((w - width) // 2, 60, width, height)

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        rect = self.panel_rect()
        self.box = UITextBox(help_html(), rect, manager, object_id="#help_text")
        self.close_button = UIButton(
            pygame.Rect(rect.right - 120, rect.bottom + 10, 120, 36),
            "Close",
            manager,
            tool_tip_text="Close the help (Esc or F1)",
        )

    def clear_ui(self) -> None:
        for widget in (self.box, self.close_button):
            if widget is not None:
                widget.kill()
        self.box = None
        self.close_button = None

    def handle_event(self, event: pygame.event.Event) -> None:
        closing_click = (
            event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close_button
        )
        closing_key = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, HELP_KEY)
        if closing_click or closing_key:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[event.key])

    def scroll(self, pages: float) -> None:
        """Scroll by a share of the visible height (negative: up)."""
        bar = self.box.scroll_bar if self.box is not None else None
        if bar is None:
            return
        step = pages * bar.visible_percentage
        top = max(0.0, min(1.0 - bar.visible_percentage, bar.start_percentage + step))
        bar.set_scroll_from_start_percentage(top)


def open_help(scene: Scene) -> None:
    """Show the help over `scene` (the hook for F1 in any scene)."""
    scene.app.push(HelpOverlay(scene))
