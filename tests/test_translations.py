"""Dutch is complete: every message translated, nothing fuzzy, and the compiled catalogue current."""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings

PO = Path(settings.LOCALE_PATHS[0]) / "nl" / "LC_MESSAGES" / "django.po"


def test_every_dutch_message_is_translated():
    catalogue = polib.pofile(str(PO))
    assert catalogue.untranslated_entries() == []
    assert catalogue.fuzzy_entries() == []
    assert len(catalogue.translated_entries()) > 100


def test_compiled_catalogue_matches_the_po_file():
    catalogue = polib.pofile(str(PO))
    compiled = polib.mofile(str(PO.with_suffix(".mo")))
    translated = {(e.msgid, e.msgstr or e.msgstr_plural.get(0)) for e in catalogue.translated_entries()}
    in_mo = {(e.msgid, e.msgstr or e.msgstr_plural.get(0)) for e in compiled if e.msgid}
    assert translated == in_mo, "run: .venv/bin/python manage.py compilemessages -l nl --ignore='.venv*'"


def test_placeholders_survive_translation():
    import re

    placeholder = re.compile(r"%\(\w+\)[sd]|%\(\w+\)\.\d+f")
    for entry in polib.pofile(str(PO)).translated_entries():
        if entry.msgid_plural:
            assert sorted(placeholder.findall(entry.msgid_plural)) == sorted(placeholder.findall(entry.msgstr_plural[1]))
        else:
            assert sorted(placeholder.findall(entry.msgid)) == sorted(placeholder.findall(entry.msgstr)), entry.msgid
