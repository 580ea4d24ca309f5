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
from game.i18n import N_, _

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
    (N_("F1"), N_("this help (Esc or F1 closes it)")),
    (N_("F5"), N_("save the game under a name (Shift+F5: quick save)")),
    (N_("F9"), N_("load a saved game")),
    (N_("Esc"), N_("cancel; with nothing to cancel: back to the menu (a battle asks first)")),
    (N_("Mouse wheel"), N_("zoom the table")),
    (N_("Right or middle drag, arrows"), N_("pan the table (WASD too when only viewing a map)")),
    (N_("Home"), N_("fit the whole table in the window (F too when only viewing a map)")),
    (N_("Click, Tab"), N_("select a unit (in a game, Tab walks your own units)")),
    (N_("Hold R"), N_("measure with the ruler (inches)")),
    (N_("T / Shift+L"), N_("terrain outlines / unit labels")),
    (N_("PgUp / PgDn, wheel on the log"), N_("scroll the event log")),
)

RULES: tuple[HelpSection, ...] = (
    HelpSection(
        N_("The turn"),
        (
            N_(
                "Each turn begins with the Insurgents' reinforcement roll. Then the Regular "
                "player activates fireteams one at a time; when every Regular unit has had its "
                "chance, the Insurgent units that did nothing this turn take their actions."
            ),
        ),
        (N_("Sequence of Play"), N_("Arrival of Insurgent Reinforcements")),
        ("R20",),
    ),
    HelpSection(
        N_("Activation"),
        (
            N_(
                "An activated unit either moves and then fires, or fires and then moves; once it "
                "has fired it may only move cautiously. Overwatch, First Aid and neutralizing a "
                "hot spot take the whole activation. Cautious moves are 6 inches, rapid moves 12."
            ),
        ),
        (N_("Sequence of Play"), N_("Movement"), N_("Overwatch")),
        ("R21", "R23"),
    ),
    HelpSection(
        N_("Interruptions and Reaction Tests"),
        (
            N_(
                "Insurgent units that can see the activated unit may declare that they interrupt "
                "it, by fire or by movement. Each interrupter and the Regular unit roll their "
                "Troop Quality dice against each other: the Insurgent needs a 4 or more and must "
                "beat the Regular's roll outright (a tie goes to the Regular). Staying still, "
                "Overwatch and cautious moves help the Regular by one; rapid moves cost one."
            ),
            N_(
                "When several units interrupt, the tests are rolled nearest first; the "
                "interrupters who won act first, then the Regular answers those who lost. A "
                "Regular unit on Overwatch that wins its own test fires at an interrupter before "
                "the Reaction Test is rolled; Overwatch may interrupt any Insurgent action it "
                "sees, a unit coming into its sight or a Close Assault too."
            ),
            N_(
                "Each Insurgent unit gets one interruption a turn (declaring it uses it up); a "
                "group with no leader must first throw 4 or better on its Quality die. Every "
                "interruption after the first in one activation takes a Firepower die and an inch "
                "of movement from the Regular unit. A friend reacting for an interrupted unit may "
                "be interrupted in turn, and an Insurgent unit may spend its interruption firing "
                "at a Pinned Regular unit."
            ),
        ),
        (
            N_("Interruptions and Reaction Tests"),
            N_("Resolving Chains of Interruptions"),
            N_("Interruption Aftermath"),
            N_("Reaction Tests and Fog of War"),
        ),
        ("R13", "R14", "R22", "R23", "R24", "R100", "R101", "R103", "R104"),
    ),
    HelpSection(
        N_("Fire combat"),
        (
            N_(
                "Firepower is a number of Troop Quality dice: one per fighting figure, plus extra "
                "dice for support weapons and for a target inside Optimum Range, minus penalties; "
                "it is capped at ten dice before the penalties are taken off."
            ),
            N_(
                "Defense is counted the same way in the target's own Troop Quality dice: one per "
                "fighting figure, plus dice for cover and armour, at most ten and never fewer than "
                "one (a better-trained unit uses its cover better)."
            ),
            N_(
                "The attack roll: both sides drop every die below 4. Each remaining Defense die "
                "cancels one attacking die of equal or lower value; every attacking die left over "
                "is one casualty."
            ),
        ),
        (
            N_("Fire Combat"),
            N_("Firepower"),
            N_("Defense"),
            N_("Resolving Fire Combat"),
            N_("Making the Attack Roll"),
        ),
        ("R15", "R16", "R17", "R18", "R19"),
    ),
    HelpSection(
        N_("Morale"),
        (
            N_(
                "A Morale check throws one Morale die per figure: each 4 or more counts for the "
                "unit, each lower die against it; the unit holds only when the good dice outnumber "
                "the bad. A unit tests at most once for one fire resolution."
            ),
            N_(
                "Regulars test when they lose figures. Failing Pins them: they look for cover and "
                "throw their Quality die one step lower until the turn ends. Pinned again during "
                "that turn, they Pull Back and spend the next turn regrouping, unless they "
                "already sit in solid cover."
            ),
            N_(
                "Insurgents also test whenever a group with no leader comes under fire. Failing "
                "Shakes them: their Morale die drops a step, and a group pushed below d6 breaks. "
                "Even a group that holds loses every figure that threw a 1 (it Shrinks)."
            ),
        ),
        (N_("Morale"), N_("Morale Checks"), N_("Morale Effects"), N_("Pull Back"), N_("Shrink")),
        ("R11", "R12", "R25", "R26"),
    ),
    HelpSection(
        N_("Casualties and First Aid"),
        (
            N_(
                "Insurgent casualties leave the table at once. Regular figures that are hit stop "
                "fighting and defending straight away; at the unit's next activation, once it is "
                "in solid cover or out of every Insurgent's sight, it rolls First Aid for each of "
                "them: a 5 or 6 (4 to 6 with a medic) brings the figure back next turn, the "
                "others are carried as Dependants and count for the enemy's victory points."
            ),
        ),
        (
            N_("Casualties and Casualty Evacuation"),
            N_("Who Got Hit?"),
            N_("First Aid Checks for Regulars"),
            N_("Dependants & Casualties"),
        ),
        ("R27",),
    ),
)

BADGE_TOOLTIPS: dict[str, str] = {
    "activated": N_("Activated: this unit has already acted this turn."),
    "overwatch": N_(
        "Overwatch: may fire on any Insurgent it sees until its next activation (R23)."
    ),
    "pinned": N_(
        "Pinned: throws its Quality die one step lower; pinned twice this turn, it pulls "
        "back (R12, R26)."
    ),
    "shaken": N_(
        "Shaken: its Morale die has dropped a step; below d6 an Insurgent unit breaks (R11)."
    ),
    "pull_back": N_(
        "Pull Back: must move away from the enemy, toward cover or its own edge (R26)."
    ),
    "dependants": N_(
        "Dependants: carrying casualties, a contractor, POWs or rescued men; costs a Firepower "
        "die (R16)."
    ),
    "first_aid": N_("First Aid: has hit figures to tend at its next activation, in safety (R27)."),
}
"""Badge value (game.client.viewmodel.Badge) → one line for a hover tooltip."""


def badge_tooltip(badge: str) -> str:
    """The hover line for a status badge (its name alone when the badge is new to this table)."""
    known = BADGE_TOOLTIPS.get(str(badge))
    return _(known) if known else str(badge).replace("_", " ").capitalize()


def order_bindings() -> list[tuple[str, str]]:
    """(button label with its key, what it does) of the play screen's orders, read from it."""
    try:
        from game.client.play import ACTIONS
    except ImportError:
        return []
    return [(_(label), _(tip)) for _action, label, tip in ACTIONS]


def help_text() -> str:
    """The whole help as plain text (what the overlay shows, without markup)."""
    out = [_("KEYS")]
    out += [f"  {_(key)}: {_(what)}" for key, what in KEY_BINDINGS]
    out += [f"  {label}: {tip}" for label, tip in order_bindings()]
    for section in RULES:
        out += ["", _(section.title).upper()]
        out += [f"  {_(line)}" for line in section.lines]
        see = "; ".join(_("see {section}").format(section=_(name)) for name in section.rulebook)
        if see:
            out.append("  " + _("Rulebook: {see}.").format(see=see))
        if section.rulings:
            rulings = ", ".join(section.rulings)
            out.append(
                "  " + _("Project rulings: {rulings} (docs/RULINGS.md).").format(rulings=rulings)
            )
    return "\n".join(out)


def help_html() -> str:
    """The help as pygame_gui markup."""
    esc = html.escape
    keys, orders_title, rules_title = (
        _("Keys"),
        _("Orders on the battle screen"),
        _("Rules in brief"),
    )
    parts = [f"<font size=5><b>{esc(keys)}</b></font>"]
    parts += [f"<b>{esc(_(key))}</b>: {esc(_(what))}" for key, what in KEY_BINDINGS]
    orders = order_bindings()
    if orders:
        parts += ["", f"<font size=5><b>{esc(orders_title)}</b></font>"]
        parts += [f"<b>{esc(label)}</b>: {esc(tip)}" for label, tip in orders]
    parts.append("")
    parts.append(f"<font size=5><b>{esc(rules_title)}</b></font>")
    for section in RULES:
        parts.append(f"<b>{esc(_(section.title))}</b>")
        parts += [esc(_(line)) for line in section.lines]
        if section.rulebook:
            see = "; ".join(
                _("see {section}").format(section=esc(_(name))) for name in section.rulebook
            )
            parts.append("<i>" + _("Rulebook: {see}.").format(see=see) + "</i>")
        if section.rulings:
            rulings = ", ".join(section.rulings)
            parts.append("<i>" + _("Project rulings: {rulings}.").format(rulings=rulings) + "</i>")
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
            _("Close"),
            manager,
            tool_tip_text=_("Close the help (Esc or F1)"),
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
