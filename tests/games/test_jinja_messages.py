"""The board partials' texts (Jinja2 templates) reach the French catalogue: the
project's makemessages reads them (games/management/commands/makemessages.py)."""

from pathlib import Path

import polib
from django.conf import settings
from django.template import engines

from games.management.commands.makemessages import jinja_messages_as_python

TEMPLATES = Path(settings.BASE_DIR) / "templates"


def test_a_jinja_templates_messages_are_read_on_their_lines():
    source = (
        '<p>{{ _("Deck") }}</p>\n'
        "{% trans n=c %}{{ n }} card{% pluralize %}{{ n }} cards{% endtrans %}\n"
        '\n{% trans "my city" r=1 %}Round {{ r }}{% endtrans %} {{ _("Take") }}\n'
    )
    assert jinja_messages_as_python(source).splitlines() == [
        'gettext("Deck")',
        'ngettext("%(n)s card", "%(n)s cards", n)',
        "",
        'pgettext("my city", "Round %(r)s"); gettext("Take")',
    ]


def test_every_text_of_the_board_partials_is_translated_in_french():
    catalogue = polib.pofile(
        str(Path(settings.BASE_DIR) / "locale/fr/LC_MESSAGES/django.po")
    )
    translated = {(e.msgctxt, e.msgid) for e in catalogue if e.translated()}
    env = engines["jinja2"].env
    found = set()
    for path in TEMPLATES.rglob("*.jinja"):
        for _line, function, message in env.extract_translations(path.read_text()):
            strings = message if isinstance(message, tuple) else (message,)
            if function in ("pgettext", "npgettext"):
                found.add((strings[0], strings[1]))
            else:
                found.add((None, strings[0]))
    assert len(found) > 150
    assert sorted(found - translated, key=str) == []
