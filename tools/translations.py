"""The game's translation catalogues (issue 24), with Babel (a dev dependency).

    python tools/translations.py extract   # game/locale/<domain>.pot from the sources and data
    python tools/translations.py update    # merge the .pot into game/locale/fr/LC_MESSAGES/*.po
    python tools/translations.py compile   # .po -> .mo (the compiled catalogues are shipped)
    python tools/translations.py check     # untranslated, fuzzy, placeholders, stale .mo

Which domain a text belongs to is decided by where it is written (`game/i18n.py` explains the
two domains): the client and the application shell are ``ui``; every other module of `game/`
and the data files (card texts, scenario titles, briefs and victory labels) are ``narration``.
Source texts are found by the keywords of `game/i18n.py`: ``_``, ``N_``, ``ngettext``,
``pgettext``, ``narr`` and ``narr_n``. A translator's note is a comment starting
``TRANSLATORS:`` on the line above.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
TRANSLATED = ("fr",)
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "narr": None,
    "narr_n": (1, 2),
}
UI_SOURCES = ("game/client", "game/app.py")
# Data files whose texts are shown to the player, and the keys that hold such texts.
DATA_FILES = ("game/rules/cards.toml", "game/scenarios/*.toml", "maps/*.toml")
DATA_KEYS = frozenset({"title", "text", "brief", "label", "name", "description"})
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(?\w*\)?[sdfr]")

Entry = tuple[str | tuple[str, ...], str, int, list[str], str | None]  # + comments, context


def domain_of(path: Path) -> str:
    """The domain of a source file (by where it lives)."""
    rel = path.relative_to(ROOT).as_posix()
    return "ui" if any(rel == s or rel.startswith(s + "/") for s in UI_SOURCES) else "narration"


def _python_entries(domain: str) -> Iterator[Entry]:
    for path in sorted((ROOT / "game").rglob("*.py")):
        if domain_of(path) != domain or path.name == "i18n.py":
            continue
        for line, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            if message:
                yield message, path.relative_to(ROOT).as_posix(), line, comments, context


def _data_texts(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in DATA_KEYS and isinstance(item, str) and item.strip():
                yield item
            else:
                yield from _data_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _data_texts(item)


def _data_entries() -> Iterator[Entry]:
    for pattern in DATA_FILES:
        for path in sorted(ROOT.glob(pattern)):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            for text in _data_texts(data):
                yield text, path.relative_to(ROOT).as_posix(), 0, [], None


def extract(domain: str) -> Catalog:
    """The template catalogue of one domain, from the sources (and data, for narration)."""
    catalog = Catalog(project="ambush-alley", domain=domain, charset="utf-8")
    entries = list(_python_entries(domain))
    if domain == "narration":
        entries += list(_data_entries())
    for message, filename, line, comments, context in entries:
        catalog.add(message, None, [(filename, line)], auto_comments=comments, context=context)
    return catalog


def _po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, lang: str, domain: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="ambush-alley", charset="utf-8")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    path.write_bytes(buffer.getvalue())


def update() -> None:
    for domain in ("ui", "narration"):
        template = extract(domain)
        _write_po(template, LOCALE / f"{domain}.pot")
        for lang in TRANSLATED:
            path = _po_path(lang, domain)
            catalog = _read(path, lang, domain)
            catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            _write_po(catalog, path)
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compiled(lang: str, domain: str) -> bytes:
    """The .mo bytes the .po of ``lang``/``domain`` compiles to (fuzzy entries left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, _read(_po_path(lang, domain), lang, domain), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for lang in TRANSLATED:
        for domain in ("ui", "narration"):
            if _po_path(lang, domain).exists():
                _po_path(lang, domain).with_suffix(".mo").write_bytes(compiled(lang, domain))


def _strings(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def _translations(message: Message) -> list[str]:
    s = message.string
    return [t or "" for t in s] if isinstance(s, tuple | list) else [s or ""]


def problems(lang: str, domain: str) -> list[str]:
    """What is wrong with one catalogue: untranslated or fuzzy messages, placeholders that do
    not match the source, a compiled catalogue that is not the .po's."""
    found: list[str] = []
    path = _po_path(lang, domain)
    catalog = _read(path, lang, domain)
    template_ids = {(m.context, m.id) for m in extract(domain) if m.id}
    have = {(m.context, m.id) for m in catalog if m.id}
    found += [f"{path.name}: missing {mid!r}" for _ctx, mid in template_ids - have]
    for message in catalog:
        if not message.id:
            continue
        strings = _translations(message)
        if message.fuzzy or not all(strings):
            found.append(f"{path.name}: untranslated {message.id!r}")
            continue
        wanted = {p for s in _strings(message) for p in PLACEHOLDER.findall(s)}
        for text in strings:
            if {p for p in PLACEHOLDER.findall(text)} != wanted:
                found.append(f"{path.name}: placeholders differ in {message.id!r}: {text!r}")
    mo = path.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(lang, domain):
        found.append(
            f"{mo.name}: not compiled from {path.name} (run: tools/translations.py compile)"
        )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("extract", "update", "compile", "check"))
    args = parser.parse_args(argv)
    if args.action == "extract":
        for domain in ("ui", "narration"):
            _write_po(extract(domain), LOCALE / f"{domain}.pot")
    elif args.action == "update":
        update()
    elif args.action == "compile":
        compile_all()
    else:
        found = [p for lang in TRANSLATED for d in ("ui", "narration") for p in problems(lang, d)]
        print("\n".join(found) if found else "every message translated and compiled")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
