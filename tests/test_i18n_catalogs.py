"""The client's words are gettext catalogs (game/i18n/ar.po and each game's ar.po beside its
spec), read by the standard library: well formed, every entry translated, the same
placeholders in both languages, and Arabic's six plural forms."""

from __future__ import annotations

import re
import string

import pytest

from game import i18n
from game.core import registry
from game.i18n.catalog import CatalogError, load, parse_po, to_mo

CATALOGS = [i18n.COMMON] + [
    p for s in registry.specs() if (p := registry.strings_path(s.name)) is not None
]
IDS = [str(p.relative_to(p.parents[2])) for p in CATALOGS]
ARABIC_PLURALS = (
    "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
    "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
)


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("path", CATALOGS, ids=IDS)
def test_each_catalog_is_arabic_with_six_plural_forms_and_fully_translated(path):
    entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    header = next(e for e in entries if e.context is None and e.msgid == "")
    assert "Language: ar" in header.strs[0] and ARABIC_PLURALS in header.strs[0]
    assert "charset=UTF-8" in header.strs[0]
    for e in entries:
        if e.context is None:
            continue
        wanted = 6 if e.plural is not None else 1
        assert [i for i in range(wanted) if e.strs.get(i)] == list(range(wanted)), e.context
        english = fields(e.msgid) | fields(e.plural or "")
        for i, form in e.strs.items():
            assert fields(form) <= english | {"n"}, (e.context, i)  # no unknown placeholder
            if e.plural is None:
                assert fields(form) == english, e.context  # none lost either


def test_no_key_is_in_two_catalogs():
    seen: dict[str, str] = {}
    for path in CATALOGS:
        for key in load(path).english:
            assert key not in seen, f"{key} in {seen.get(key)} and {path}"
            seen[key] = str(path)


@pytest.mark.parametrize(
    ("n", "arabic"),
    [
        (0, "لا جولات"),
        (1, "جولة واحدة"),
        (2, "جولتان"),
        (3, "٣ جولات"),
        (10, "١٠ جولات"),
        (11, "١١ جولة"),
        (99, "٩٩ جولة"),
        (100, "١٠٠ جولة"),
        (103, "١٠٣ جولات"),
    ],
)
def test_arabic_counts_take_the_right_form(n, arabic):
    i18n.set_language("ar")
    try:
        assert i18n.tn("hr.rounds_n", n) == arabic
    finally:
        i18n.set_language("ar")


def test_english_counts_take_one_and_other():
    i18n.set_language("en")
    try:
        assert [i18n.tn("hr.rounds_n", n) for n in (1, 2, 20)] == [
            "One round",
            "2 rounds",
            "20 rounds",
        ]
        assert i18n.t("game.hand_rummy") == "Hand rummy"  # msgid is the English
    finally:
        i18n.set_language("ar")


def test_a_string_not_translated_yet_shows_in_english(tmp_path):
    po = tmp_path / "ar.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "x.new"\nmsgid "Brand new"\nmsgstr ""\n',
        encoding="utf-8",
    )
    catalog = load(po)
    assert catalog.english == {"x.new": ("Brand new", None)}
    assert catalog.translations.pgettext("x.new", "Brand new") == "Brand new"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('msgctxt "a"\nmsgid "A"\nmsgstr "ا"\nbogus "x"\n', r"ar.po:4: unknown keyword 'bogus'"),
        ('msgctxt "a"\nmsgid A\n', r"ar.po:2: expected a quoted string"),
        ('"dangling"\n', r"ar.po:1: a string continues nothing"),
        ('msgctxt "a"\nmsgid "say "hi""\n', r"ar.po:2: a quote or backslash .* must be escaped"),
        ('msgctxt "a"\nmsgid "A\\q"\n', r"ar.po:2: unknown escape \\q"),
        ('msgid "no key"\nmsgstr "x"\n', r"'no key' has no msgctxt"),
        (
            'msgctxt "a"\nmsgid "A"\nmsgstr "1"\nmsgctxt "a"\nmsgid "B"\nmsgstr "2"\n',
            r"the key 'a' is there twice",
        ),
    ],
)
def test_a_broken_catalog_is_refused_naming_the_file_and_line(tmp_path, text, words):
    po = tmp_path / "ar.po"
    po.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError, match=words):
        load(po)


def test_the_mo_compiled_in_memory_is_what_gettext_reads():
    entries = parse_po(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n'
        'msgctxt "k"\nmsgid "a\\"b"\nmsgstr "ج\\nد"\n'
    )
    mo = to_mo(entries)
    assert mo[:4] == (0x950412DE).to_bytes(4, "little")
    assert re.search(rb"k\x04a\"b", mo)
    assert load_from(entries).pgettext("k", 'a"b') == "ج\nد"


def load_from(entries):
    import gettext
    import io

    return gettext.GNUTranslations(io.BytesIO(to_mo(entries)))
