"""The languages (issue 24): which language the desktop asks for, and English as the fallback."""

import pytest

from game import i18n


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "fr_CA:en", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),  # German asked first: English
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_language_is_the_first_one_the_desktop_names(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.system_language(environ) == expected


def test_an_unknown_language_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="choose from system, en, fr"):
        i18n.resolve("de")


def test_english_is_the_source_text() -> None:
    try:
        assert i18n.set_language("en") == "en"
        assert i18n._("New game") == "New game"
        assert i18n.ngettext("{n} figure", "{n} figures", 2) == "{n} figures"
    finally:
        i18n.set_language("en")


def test_the_shipped_catalogues_are_compiled_from_their_po_files_and_keep_the_placeholders() -> (
    None
):
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("translations", root / "tools/translations.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for domain in i18n.DOMAINS:
        found = [
            p
            for p in tool.problems("fr", domain)
            if "untranslated" not in p and "missing" not in p  # the translation is under way
        ]
        assert found == []


# --- French UI (issue 24): the ui catalogue is whole, its placeholders and plurals right ---
def _tool():  # type: ignore[no-untyped-def]
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("translations", root / "tools/translations.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_every_ui_message_has_a_french_translation_with_the_same_placeholders() -> None:
    assert _tool().problems("fr", "ui") == []


def test_french_plurals_follow_the_french_rule_one_for_zero_and_one() -> None:
    try:
        assert i18n.set_language("fr") == "fr"
        figures = [i18n.ngettext("{n} figure", "{n} figures", n).format(n=n) for n in (0, 1, 2)]
        assert figures == ["0 figurine", "1 figurine", "2 figurines"]
        assert i18n._("New game") == "Nouvelle partie"
        assert i18n._("") == ""  # an empty text is not the catalogue's header
    finally:
        i18n.set_language("en")


def test_the_french_ui_catalogue_declares_two_plural_forms() -> None:
    from pathlib import Path

    po = Path(i18n.LOCALE_DIR, "fr", "LC_MESSAGES", "ui.po").read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in po


def test_no_translated_literal_hides_inside_an_f_string() -> None:
    """Babel cannot see `_("...")` written inside an f-string's braces (before Python 3.12):
    such a text would never reach the catalogue and stay English on a French screen (the
    screens' `ui` domain is checked here)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    hidden = re.compile(r"""f(["']).*\{[^{}]*\b(_|ngettext|pgettext|narr|narr_n)\(\s*["']""")
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in [*sorted((root / "game" / "client").rglob("*.py")), root / "game" / "app.py"]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if hidden.search(line)
    ]
    assert found == []
