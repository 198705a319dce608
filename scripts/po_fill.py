"""Fills the French catalogue from the dictionaries in locale/fr/pending/*.py.

Each file defines FR = {msgid: msgstr} and FR_PLURAL = {msgid: (one, many)}, and
may define FR_CONTEXT = {(msgctxt, msgid): msgstr} for the entries with a context
(pgettext); FR never fills those.
Run after `make makemessages`; prints the msgids still without a translation.
"""

import glob
import importlib.util

import polib

FR, FR_PLURAL, FR_CONTEXT = {}, {}, {}
for path in sorted(glob.glob("locale/fr/pending/*.py")):
    spec = importlib.util.spec_from_file_location("pending", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for msgid, msgstr in getattr(module, "FR", {}).items():
        if FR.get(msgid, msgstr) != msgstr:  # one msgid, two games: give it a context
            print(f"conflict: {msgid!r} is {FR[msgid]!r} and {msgstr!r} ({path})")
    FR.update(getattr(module, "FR", {}))
    FR_PLURAL.update(getattr(module, "FR_PLURAL", {}))
    FR_CONTEXT.update(getattr(module, "FR_CONTEXT", {}))

# Unwrapped (wrapwidth=0), as the catalogue is stored, so that a diff stays small.
po = polib.pofile("locale/fr/LC_MESSAGES/django.po", wrapwidth=0)
po.metadata["Plural-Forms"] = "nplurals=2; plural=(n > 1);"
po.metadata["Language"] = "fr"
po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
missing = []
for entry in po:
    if entry.msgid_plural:
        if entry.msgid in FR_PLURAL:
            one, many = FR_PLURAL[entry.msgid]
            entry.msgstr_plural = {0: one, 1: many}
        elif not entry.msgstr_plural.get(0):
            missing.append(entry.msgid)
    elif entry.msgctxt is not None:
        if (entry.msgctxt, entry.msgid) in FR_CONTEXT:
            entry.msgstr = FR_CONTEXT[(entry.msgctxt, entry.msgid)]
        elif not entry.msgstr:
            missing.append(f"{entry.msgctxt}|{entry.msgid}")
    elif entry.msgid in FR:
        entry.msgstr = FR[entry.msgid]
    elif not entry.msgstr:
        missing.append(entry.msgid)
    if "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
        # makemessages' guess came from another msgid ("#| msgid ..."): gone too.
        entry.previous_msgid = entry.previous_msgid_plural = None
        entry.previous_msgctxt = None
po.save()
print("missing:", len(missing))
for msgid in missing:
    print(repr(msgid))
