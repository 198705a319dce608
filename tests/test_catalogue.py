"""The French catalogue, locale/fr/LC_MESSAGES/django.po, is the one source of
the site's French: every text the code marks for translation is in it,
translated, not fuzzy, and keeping the English's placeholders.

The texts the code uses are collected as `make makemessages` collects them
(Django's makemessages, GNU xgettext), into a scratch catalogue."""

import re
import shutil
from pathlib import Path

import polib
import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locale/fr/LC_MESSAGES/django.po"
CODE = ["accounts", "campaigns", "config", "games", "history", "templates"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")


def _key(entry) -> tuple:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural or None)


@pytest.fixture(scope="module")
def used(tmp_path_factory) -> dict:
    """(context, msgid, plural) -> entry, for every text the code marks."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext's xgettext is not installed")
    from django.conf import settings

    scratch = tmp_path_factory.mktemp("catalogue")
    for name in CODE:
        (scratch / name).symlink_to(ROOT / name, target_is_directory=True)
    (scratch / "locale").mkdir()
    saved, cwd = settings.LOCALE_PATHS, Path.cwd()
    settings.LOCALE_PATHS = [scratch / "locale"]
    try:
        import os

        os.chdir(scratch)
        call_command("makemessages", locale=["fr"], symlinks=True, verbosity=0)
    finally:
        os.chdir(cwd)
        settings.LOCALE_PATHS = saved
    found = polib.pofile(str(scratch / "locale/fr/LC_MESSAGES/django.po"))
    return {_key(e): e for e in found if not e.obsolete}


def test_the_code_marks_texts_for_translation(used):
    assert len(used) > 1000  # the collection ran over the whole code
    assert (None, "Lobby", None) in used  # a template's
    assert (None, "There is no such game.", None) in used  # a service's
    assert (None, "Citadels", None) in used  # an engine's, marked with gettext_noop


def test_every_text_the_code_uses_is_translated_in_the_catalogue(used):
    catalogue = {_key(e): e for e in polib.pofile(str(PO)) if not e.obsolete}
    missing = sorted(str(k) for k in used if k not in catalogue)
    assert missing == []
    untranslated = sorted(
        str(k) for k in used if k in catalogue and not catalogue[k].translated()
    )
    assert untranslated == []
    fuzzy = sorted(str(k) for k in used if k in catalogue and catalogue[k].fuzzy)
    assert fuzzy == []


def test_every_french_text_keeps_the_placeholders_of_its_english():
    wrong = []
    for entry in polib.pofile(str(PO)):
        if entry.obsolete:
            continue
        english = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        frenches = (
            list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        )
        for french in frenches:
            marks = set(PLACEHOLDER.findall(french))
            # A plural's "one" form may leave out its number (%(n)d).
            if not marks <= english or (not entry.msgid_plural and marks != english):
                wrong.append(entry.msgid)
    assert wrong == []
