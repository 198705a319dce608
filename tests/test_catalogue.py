"""The French catalogue holds every text written for it in locale/fr/pending/."""

import importlib.util
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]


def _pending():
    for path in sorted((ROOT / "locale/fr/pending").glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield path.name, module


def test_every_pending_french_text_reaches_the_catalogue():
    """A French text whose English is never marked for translation (a name kept
    as data, shown through a variable) never reaches the page: the page shows
    the English. Each one must be collected by makemessages (gettext_noop)."""
    po = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    plain = {e.msgid: e.msgstr for e in po if not e.msgctxt and not e.msgid_plural}
    plural = {e.msgid for e in po if e.msgid_plural}
    contextual = {(e.msgctxt, e.msgid) for e in po if e.msgctxt}
    missing = []
    for name, module in _pending():
        missing += [(name, k) for k in getattr(module, "FR", {}) if not plain.get(k)]
        missing += [
            (name, k) for k in getattr(module, "FR_PLURAL", {}) if k not in plural
        ]
        missing += [
            (name, k) for k in getattr(module, "FR_CONTEXT", {}) if k not in contextual
        ]
    assert missing == []
