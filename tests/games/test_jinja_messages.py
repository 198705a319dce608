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
    paths = [
        *TEMPLATES.rglob("*.jinja"),
        *Path(settings.BASE_DIR).glob("games/*/templates/**/*.jinja"),
    ]
    for path in paths:
        for _line, function, message in env.extract_translations(path.read_text()):
            strings = message if isinstance(message, tuple) else (message,)
            if function in ("pgettext", "npgettext"):
                found.add((strings[0], strings[1]))
            else:
                found.add((None, strings[0]))
    assert len(found) > 150
    assert sorted(found - translated, key=str) == []


def test_a_text_is_drawn_in_the_language_of_the_board_it_is_on():
    # The templates keep each text once translated, per language.
    from django.utils import translation

    template = engines["jinja2"].env.from_string('{{ _("Game log") }}')
    for _ in range(2):
        assert template.render(language="fr") == "Journal de la partie"
        assert template.render(language="en") == "Game log"
    with translation.override("fr"):
        assert template.render() == "Journal de la partie"


def test_a_percent_sign_reads_as_one_without_values():
    template = engines["jinja2"].env.from_string("{% trans %}100%{% endtrans %}")
    assert template.render(language="en") == "100%"


def test_a_log_line_breaks_its_events_on_lines_and_escapes_its_text():
    from games.templating import line_breaks

    assert str(line_breaks("a <b>\nc & d")) == "a &lt;b&gt;<br>c &amp; d"
    assert str(line_breaks("<i>")) == "&lt;i&gt;"
