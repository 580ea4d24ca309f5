"""Drawing the after-action report (`game.report`) on the end screen: the report as widget
markup, the turn-by-turn victory point chart and the luck ledger's bars, and the report file.

The numbers all come from `game.report.AfterAction`; this module only lays them out.
"""

from __future__ import annotations

import html
import time
from pathlib import Path

import pygame

from game import fileio
from game.client import text
from game.client.words import side_label
from game.engine.state import INSURGENT, REGULAR
from game.i18n import _, narr, ngettext, number, retell
from game.report import AfterAction, LuckRow, VpPoint

REGULAR_COLOUR = (110, 170, 255)
INSURGENT_COLOUR = (240, 120, 90)
AXIS_COLOUR = (200, 200, 190)
GRID_COLOUR = (70, 74, 80)
PANEL_COLOUR = (24, 27, 31)
SIDE_COLOURS = {REGULAR: REGULAR_COLOUR, INSURGENT: INSURGENT_COLOUR}


def report_html(report: AfterAction, note: str = "") -> str:
    """The itemised part of the report (the charts are drawn beside it); `note` (markup: the
    difficulty and who played the Insurgents, R332) follows the reason line."""
    esc = html.escape
    from game.client.endgame import WINNERS  # the words of the end screen's headline

    headline = report.headline
    if report.winner in WINNERS and report.margin:  # in the language in use
        margin = narr(report.margin)
        headline = f"{margin[:1].upper()}{margin[1:]} — {_(WINNERS[report.winner])}"
    lines = [f"<font size=5><b>{esc(headline)}</b></font>"]
    if report.reason:
        lines.append(
            _("{title}: game over after turn {turn}: {reason}.").format(
                title=esc(report.title), turn=report.turns, reason=esc(report.reason)
            )
        )
    if note:
        lines.append(note)
    diff = report.vp_regular - report.vp_insurgent
    lines += ["", "<b>" + _("Victory points") + "</b>", *(f"• {esc(i)}" for i in report.items)]
    lines.append(
        "<b>"
        + _("Regulars {regular} VP · Insurgents {insurgent} VP").format(
            regular=report.vp_regular, insurgent=report.vp_insurgent
        )
        + "</b> "
        + _("(margin {n} VP, {margin})").format(n=abs(diff), margin=esc(narr(report.margin)))
    )
    lines += ["", _("<b>Objectives</b>"), *(f"• {esc(line)}" for line in report.objectives)]
    lines += ["", _("<b>Units</b> (hits taken / hits scored, figures left)")]
    for side in (REGULAR, INSURGENT):
        for u in (u for u in report.units if u.side == side):
            lines.append(
                "• "
                + _("{side}: {unit}").format(side=side_label(side), unit=esc(retell(u.name)))
                + " — "
                + ngettext(  # "1 restante", "5 restantes" (polish round 7)
                    "took {taken}, scored {scored}; {left} left, {status}",
                    "took {taken}, scored {scored}; {left} left, {status}",
                    u.figures,
                ).format(
                    taken=u.hits_taken,
                    scored=u.hits_scored,
                    left=u.figures,
                    status=esc(retell(u.status)),
                )
            )
    lines += ["", _("<b>Luck ledger</b> (hits taken: expected from the exact odds / rolled)")]
    for row in report.luck:
        if row.turn and not row.fires:
            continue
        when = _("Total") if row.turn == 0 else _("Turn {turn}").format(turn=row.turn)
        fires = ngettext(
            "{n} fire, expected {expected}, rolled {rolled} ({luck})",
            "{n} fires, expected {expected}, rolled {rolled} ({luck})",
            row.fires,
        ).format(
            n=row.fires,
            expected=number(float(row.expected), 2),
            rolled=row.rolled,
            luck=f"{row.luck:+.2f}",
        )
        lines.append(
            "• "
            + _("{when}, {side}: {fires}").format(when=when, side=side_label(row.side), fires=fires)
        )
    full = ngettext(
        "The full log ({n} line) is in the saved report.",
        "The full log ({n} lines) is in the saved report.",
        len(report.log),
    ).format(n=len(report.log))
    lines += ["", f"<i>{full}</i>"]
    return "<br>".join(lines)


def _label(
    surface: pygame.Surface,
    value: str,
    pos: tuple[int, int],
    colour: tuple[int, int, int],
    anchor: str = "topleft",
    size: int = 14,
) -> None:
    image = text.text(value, size, colour)
    surface.blit(image, image.get_rect(**{anchor: pos}))


def draw_vp_chart(surface: pygame.Surface, rect: pygame.Rect, points: list[VpPoint]) -> None:
    """Both sides' victory points at the end of each turn, as two lines (R171)."""
    surface.fill(PANEL_COLOUR, rect)
    _label(surface, _("Victory points by turn"), (rect.x + 8, rect.y + 6), AXIS_COLOUR, size=15)
    plot = pygame.Rect(rect.x + 36, rect.y + 36, rect.w - 56, rect.h - 62)
    if not points or plot.w < 20 or plot.h < 20:
        return
    top = max(1, *(max(p.regular, p.insurgent) for p in points))
    turns = len(points)

    def at(i: int, vp: int) -> tuple[int, int]:
        x = plot.x + (plot.w * i // max(1, turns - 1) if turns > 1 else plot.w // 2)
        return x, plot.bottom - round(plot.h * vp / top)

    for vp in sorted({0, top // 2, top}):
        y = at(0, vp)[1]
        pygame.draw.line(surface, GRID_COLOUR, (plot.x, y), (plot.right, y))
        _label(surface, str(vp), (plot.x - 6, y), AXIS_COLOUR, "midright", 12)
    for i, p in enumerate(points):
        _label(surface, str(p.turn), (at(i, 0)[0], plot.bottom + 4), AXIS_COLOUR, "midtop", 12)
    for side, colour in SIDE_COLOURS.items():
        line = [at(i, p.regular if side == REGULAR else p.insurgent) for i, p in enumerate(points)]
        if len(line) > 1:
            pygame.draw.lines(surface, colour, False, line, 3)
        for point in line:
            pygame.draw.circle(surface, colour, point, 4)
    legend = text.text(_("Insurgents"), 13, INSURGENT_COLOUR)
    _label(surface, _("Insurgents"), (rect.right - 8, rect.y + 8), INSURGENT_COLOUR, "topright", 13)
    _label(
        surface,
        _("Regulars"),
        (rect.right - 20 - legend.get_width(), rect.y + 8),
        REGULAR_COLOUR,
        "topright",
        13,
    )


def draw_luck_chart(surface: pygame.Surface, rect: pygame.Rect, rows: list[LuckRow]) -> None:
    """Each side's hits taken over the game: expected (outline) against rolled (filled) (R170)."""
    surface.fill(PANEL_COLOUR, rect)
    _label(
        surface,
        _("Luck: hits taken, expected vs rolled"),
        (rect.x + 8, rect.y + 6),
        AXIS_COLOUR,
        size=15,
    )
    totals = [r for r in rows if r.turn == 0]
    if not totals:
        return
    top = max(1.0, *(max(float(r.expected), r.rolled) for r in totals))
    bar_h = max(10, min(28, (rect.h - 60) // (2 * len(totals))))
    words = [luck_words(row) for row in totals]
    width = luck_bar_width(rect.w, words)
    y = rect.y + 40
    for row, said in zip(totals, words, strict=True):
        colour = SIDE_COLOURS.get(row.side, AXIS_COLOUR)
        _label(surface, side_label(row.side), (rect.x + 8, y + bar_h // 2), colour, "midleft", 16)
        x = rect.x + LUCK_BAR_LEFT
        rolled = pygame.Rect(x, y, round(width * row.rolled / top), bar_h)
        expected = pygame.Rect(x, y, max(2, round(width * float(row.expected) / top)), bar_h)
        pygame.draw.rect(surface, colour, rolled)
        pygame.draw.rect(surface, AXIS_COLOUR, expected, 2)
        at = (x + max(rolled.w, expected.w) + LUCK_GAP, y + bar_h // 2)
        _label(surface, said, at, AXIS_COLOUR, "midleft", LUCK_WORDS_SIZE)
        y += bar_h * 2
    key = _("filled: hits rolled · outline: hits expected from the exact odds")
    _label(surface, key, (rect.x + 8, min(rect.bottom - 20, y + 4)), AXIS_COLOUR, size=14)


# the luck chart's words: pygame's default font at 12 ran "8 vs 12.8" together as "8vs 12.8"
# (found in play, polish round 7); at 18 they read, and the bars leave room for the widest
LUCK_WORDS_SIZE = 18
LUCK_BAR_LEFT = 100  # the side's name, left of the bars
LUCK_GAP = 6


def luck_words(row: LuckRow) -> str:
    """ "15 vs 15.7": the hits a side took, rolled against expected."""
    return _("{rolled} vs {expected}").format(
        rolled=row.rolled, expected=number(float(row.expected))
    )


def luck_bar_width(panel_width: int, words: list[str]) -> int:
    """The longest bar's width: the panel less the names on the left and the widest words."""
    widest = max((text.font(LUCK_WORDS_SIZE).size(w)[0] for w in words), default=0)
    return max(40, panel_width - LUCK_BAR_LEFT - LUCK_GAP - widest - 12)


def report_path(folder: Path, report: AfterAction, seed: int) -> Path:
    from game.save import safe_file_name

    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = safe_file_name(f"{report.title} seed {seed} {stamp}") or "report"
    return folder / "reports" / f"{name}.txt"


def save_report(path: Path, body: str) -> str:
    """Write the report atomically; the line to show the player (where, or why not)."""
    try:
        fileio.write_text_atomic(path, body)
    except OSError as exc:
        return _("{path}: cannot write the report: {problem}").format(
            path=path, problem=exc.strerror or exc
        )
    return _("Report saved: {path}").format(path=path)
