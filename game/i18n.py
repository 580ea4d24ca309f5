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
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
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
    return _catalogues["narration"].gettext(message)


def narr_n(singular: str, plural: str, n: int) -> str:
    """A narration text with a count, in the plural form ``n`` needs."""
    return _catalogues["narration"].ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a text for extraction without translating it yet (module-level constants)."""
    return message
