"""The game's languages (issue 24): English is the source text, French comes from gettext
catalogues compiled with Babel (`game/locale/<lang>/LC_MESSAGES/<domain>.mo`).

Two domains keep the catalogues apart by who writes them:
- ``ui``: every text the client draws (menus, buttons, panels, help, briefings, the end screen);
- ``narration``: the event log's sentences, the AI's reasons, card and scenario texts.

Use ``_()`` / ``ngettext()`` in the client and ``narr()`` / ``narr_n()`` in the narration
modules, **at the moment the text is shown** (not in module-level constants, which are built
before the language is chosen): mark such constants with ``N_()`` and translate them where
they are drawn. This module is stdlib only, so every room may import it.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Mapping

from game import resources

LOCALE_DIR = resources.locale_dir()  # installed or in the source tree (issue 24)
DOMAINS = ("ui", "narration")
LANGUAGES = ("en", "fr")  # the languages the game speaks; "system" picks one of them
LANGUAGE_NAMES = {"system": "System default", "en": "English", "fr": "Français"}

_catalogues: dict[str, _gettext.NullTranslations] = {
    d: _gettext.NullTranslations() for d in DOMAINS
}
_language = "en"


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the desktop asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in gettext's
    order), if the game speaks it; English otherwise."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for wanted in env.get(name, "").split(":"):
            code = wanted.split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return "en"  # the first named language decides; we do not speak it
    return "en"


def resolve(choice: str) -> str:
    """The language for a setting or ``--lang`` value: "system", "en" or "fr"."""
    if choice == "system":
        return system_language()
    if choice not in LANGUAGES:
        raise ValueError(
            f"unknown language {choice!r} (choose from system, {', '.join(LANGUAGES)})"
        )
    return choice


def set_language(choice: str) -> str:
    """Switch every domain to ``choice`` ("system", "en", "fr"); returns the language in use.
    A missing compiled catalogue falls back to English (the source text)."""
    global _language
    lang = resolve(choice)
    for domain in DOMAINS:
        _catalogues[domain] = _gettext.translation(
            domain, localedir=LOCALE_DIR, languages=[lang], fallback=True
        )
    _language = lang
    return lang


def language() -> str:
    """The language in use ("en" or "fr")."""
    return _language


def _(message: str) -> str:
    """A client (``ui``) text in the language in use (an empty text stays empty, not the
    catalogue's header)."""
    return _catalogues["ui"].gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """A client text with a count: the plural form the language in use needs for ``n``."""
    return _catalogues["ui"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A client text whose translation depends on where it is shown (``context``): a short
    label in a narrow column, say, where the same English elsewhere reads in full."""
    return _catalogues["ui"].pgettext(context, message)


def narr(message: str) -> str:
    """A narration (``narration``) text in the language in use."""
    return _numbers_in_language(_catalogues["narration"].gettext(message))


def narr_n(singular: str, plural: str, n: int) -> str:
    """A narration text with a count, in the plural form ``n`` needs."""
    return _numbers_in_language(_catalogues["narration"].ngettext(singular, plural, n))


def N_(message: str) -> str:
    """Marks a text for extraction without translating it yet (module-level constants)."""
    return message


# --- the narration's data words (issue 24 §2, helper frn) ---
# Events keep English data (their hash covers it, so a game plays the same in every language):
# unit names ("Insurgent group 3"), a Firepower item ("5 figures", "Solid Cover"), a reason
# ("... in the line of fire (R6)"). `retell` puts such a finished English text into the
# language in use when the sentence is built: the exact message if the catalogue has it, else
# the first catalogue template ("Insurgent group {number}") that reads the same with its fields
# filled, each field retold in turn.
_PLACE = re.compile(r"\{([^{}]*)\}")
_MIN_LITERAL_MARKS = 2
# a field's text: as short as may be, with its brackets closed (two levels deep)
_FIELD = r"(?:[^()\[\]]|\((?:[^()]|\([^()]*\))*\)|\[[^\[\]]*\])+?"
_templates: dict[str, list[tuple[str, re.Pattern[str], list[str], str]]] = {}


def _pattern(msgid: str) -> tuple[re.Pattern[str], list[str]] | None:
    """A regular expression reading `msgid` with its placeholders filled, and the placeholders in
    order; None when the template has too few words of its own to be recognised safely."""
    literals = _PLACE.split(msgid)[::2]
    marks = [ch for chunk in literals for ch in chunk if not ch.isspace()]
    if len(marks) < _MIN_LITERAL_MARKS and not any(ch.isalpha() for ch in marks):
        return None  # a lone letter will do ("{count} {label} x{points}"), a lone colon not
    fields = _PLACE.findall(msgid)
    parts: list[str] = []
    groups: dict[str, int] = {}
    for i, chunk in enumerate(literals):
        parts.append(re.escape(chunk))
        if i < len(fields):
            field = fields[i]
            if field in groups:
                parts.append(f"(?P=g{groups[field]})")
            else:
                groups[field] = i
                parts.append(f"(?P<g{i}>{_FIELD})")
    return re.compile("".join(parts), re.DOTALL), fields


def _template_index() -> list[tuple[str, re.Pattern[str], list[str], str]]:
    found = _templates.get(_language)
    if found is not None:
        return found
    catalogue = getattr(_catalogues["narration"], "_catalog", {})
    rows: list[tuple[tuple[int, int], str, re.Pattern[str], list[str], str]] = []
    for msgid, msgstr in catalogue.items():
        if not isinstance(msgid, str) or "{" not in msgid or not msgstr:
            continue
        built = _pattern(msgid)
        if built is None:
            continue
        literals = _PLACE.split(msgid)[::2]
        # the outer shapes first: a template that opens with its own words ("Regular AI: ",
        # '"', "T{turn} ") wraps the others; then the one with the most words of its own
        rank = (len(literals[0]), sum(len(chunk) for chunk in literals))
        rows.append((rank, max(literals, key=len), built[0], built[1], msgstr))
    rows.sort(key=lambda row: (-row[0][0], -row[0][1]))
    _templates[_language] = [(longest, p, f, s) for _n, longest, p, f, s in rows]
    return _templates[_language]


_RULING_TAIL = re.compile(r"(.+?)( \((?:R\d|see |Rulebook)[^()]*\))")
_LIST_SEPARATORS = ("; ", ", ")
_SCORE_SEPARATORS = re.compile(r"( [+-]\d+(?: |$)| = )")


def retell(text: str, depth: int = 0) -> str:
    """A finished English narration text (a name, a reason, a data word, an AI's reason) in the
    language in use; the text itself in English or when no catalogue message reads like it.

    Tried in turn: the exact message; the first template that reads the same (its fields
    retold); the text less a trailing ruling "(R70)"; the items of a list ("a; b", "a, b")."""
    if _language == "en" or not text or depth > 8:
        return text
    key = (_language, text)
    told = _told.get(key)
    if told is None:
        if len(_told) > _TOLD_LIMIT:
            _told.clear()
        told = _told[key] = _retell(text, depth)
    return told


_told: dict[tuple[str, str], str] = {}  # texts already retold: names and words come back often
_TOLD_LIMIT = 50_000


def _retell(text: str, depth: int) -> str:
    exact = narr(text)
    if exact != text:
        return exact
    for longest, pattern, fields, french in _template_index():
        if longest not in text:
            continue
        match = pattern.fullmatch(text)
        if match is None:
            continue
        found = [match.group(f"g{fields.index(field)}") for field in fields]
        if not all(_balanced(value) for value in found):
            continue  # a field cut across brackets: this template is not the text's shape
        values = _retold_fields(pattern.pattern, fields, found, depth)
        return _fill(french, values)
    tail = _RULING_TAIL.fullmatch(text)
    if tail is not None:
        head = retell(tail.group(1), depth + 1)
        if head != tail.group(1):
            return head + tail.group(2)
    for separator in _LIST_SEPARATORS:
        if separator in text:
            parts = text.split(separator)
            told = [retell(part, depth + 1) for part in parts]
            if told != parts:
                return separator.join(told)
    parts = _SCORE_SEPARATORS.split(text)  # a Firepower pool: "5 figures +5 Solid Cover +1 = 6"
    if len(parts) > 1:
        told = [part if i % 2 else retell(part, depth + 1) for i, part in enumerate(parts)]
        if told != parts:
            return "".join(told)
    return text


def _balanced(value: str) -> bool:
    depth = 0
    for ch in value:
        depth += (ch in "([") - (ch in ")]")
        if depth < 0:
            return False
    return depth == 0


def _retold_fields(pattern: str, fields: list[str], found: list[str], depth: int) -> dict[str, str]:
    """Each field retold. Two fields written side by side with a space between ("{unit}
    {action}") are split where both halves are catalogue texts, if such a split exists."""
    found = list(found)
    for i in range(len(fields) - 1):
        if f"(?P<g{i}>{_FIELD})\\ (?P<g{i + 1}>{_FIELD})" not in pattern:
            continue
        both = f"{found[i]} {found[i + 1]}"
        cuts = [k for k, ch in enumerate(both) if ch == " "]
        for k in cuts:
            left, right = both[:k], both[k + 1 :]
            if retell(left, depth + 1) != left and retell(right, depth + 1) != right:
                found[i], found[i + 1] = left, right
                break
    values: dict[str, str] = {}
    for field, value in zip(fields, found, strict=True):
        if field not in values:
            values[field] = retell(value, depth + 1)
    return values


def _fill(template: str, values: dict[str, str]) -> str:
    """`template` with each placeholder replaced by its text in `values` (format specs and
    indexes included: the values are already written out)."""
    return _PLACE.sub(lambda m: values.get(m.group(1), m.group(0)), template)


# --- numbers in the language in use (issue 24; helper art): 2.5" is 2,5" in French ---
DECIMAL_COMMA = frozenset({"fr"})
"""The languages that write a decimal comma (and so a semicolon between two coordinates)."""
PERCENT_SPACE = {"fr": "\u00a0"}
"""What comes between a number and its per cent sign: French puts a no-break space."""
_DECIMAL_POINT = re.compile(r"(?<![\w.,])(\d+)\.(?=\d)")  # 2.5, not a figure's id "I1.2"
_COMMA_PAIR = re.compile(r"\((-?\d+,\d+), (-?\d+,\d+)\)")  # a position, not two dice
_PERCENT = re.compile(r"(?<=\d)%")


def number(value: float, digits: int | None = 1) -> str:
    """`value` with `digits` decimals (None: as few as it needs, as ``:g`` writes it), in the
    language in use: ``2.5`` in English, ``2,5`` in French. Every inch, odds and distance the
    client writes goes through here (the narration's through `narr`)."""
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    return _DECIMAL_POINT.sub(r"\1,", text) if _language in DECIMAL_COMMA else text


def percent(fraction: float, digits: int = 0) -> str:
    """A fraction as a percentage: ``25%`` in English, ``25 %`` (a no-break space) in French."""
    return number(fraction * 100, digits) + PERCENT_SPACE.get(_language, "") + "%"


def localise_numbers(text: str) -> str:
    """A finished line of the narration with its numbers written the way the language in use
    writes them: in French a number's decimal point becomes a comma (a figure's id such as
    ``I1.2`` stays as it is), a coordinate
    pair ``(12,5, 3,0)`` is written ``(12,5 ; 3,0)`` and a per cent sign gets its space. English
    is left exactly as it is (the golden logs pin it)."""
    if _language not in DECIMAL_COMMA:
        return text
    text = _DECIMAL_POINT.sub(r"\1,", text)
    text = _COMMA_PAIR.sub(r"(\1 ; \2)", text)
    return _PERCENT.sub(PERCENT_SPACE.get(_language, "") + "%", text)


class _NumberedTemplate(str):
    """A narration template in a decimal-comma language: filling it in (`format`) writes its
    numbers that language's way (`localise_numbers`), wherever the template is used."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return localise_numbers(str.format(self, *args, **kwargs))

    def format_map(self, mapping: Mapping[str, object]) -> str:  # type: ignore[override]
        return localise_numbers(str.format_map(self, mapping))


def _numbers_in_language(template: str) -> str:
    return _NumberedTemplate(template) if _language in DECIMAL_COMMA else template
