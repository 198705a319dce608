"""Django's makemessages, reading the board partials too (`.jinja` files).

Django's own command reads Django templates only. A Jinja2 template's messages
(`_()`, `gettext()`, `{% trans %}` blocks, with plurals and contexts) are read
by the i18n extension of the site's Jinja2 environment and written, each on its
template line, as the Python calls xgettext knows: the catalogue then lists
them with their template and line, as it does for Django templates.
"""

from __future__ import annotations

import json

from django.core.management.commands import makemessages
from django.utils.functional import cached_property

CALLS = {
    "_": "gettext",
    "gettext": "gettext",
    "ngettext": "ngettext",
    "pgettext": "pgettext",
    "npgettext": "npgettext",
}


def jinja_messages_as_python(source: str) -> str:
    """The messages of a Jinja2 template as Python calls, on the same lines."""
    from django.template import engines

    env = engines["jinja2"].env
    lines: dict[int, list[str]] = {}
    for lineno, function, message in env.extract_translations(source):
        strings = message if isinstance(message, tuple) else (message,)
        strings = [s for s in strings if s is not None]
        if not strings or function not in CALLS:
            continue
        name = CALLS[function]
        args = ", ".join(json.dumps(s, ensure_ascii=False) for s in strings)
        if name in ("ngettext", "npgettext"):
            args += ", n"
        lines.setdefault(lineno, []).append(f"{name}({args})")
    last = max(lines, default=0)
    return "\n".join("; ".join(lines.get(n, [])) for n in range(1, last + 1)) + "\n"


class BuildFile(makemessages.BuildFile):
    @cached_property
    def is_jinja(self) -> bool:
        return self.domain == "django" and self.translatable.file.endswith(".jinja")

    def preprocess(self):
        if not self.is_jinja:
            return super().preprocess()
        with open(self.path, encoding="utf-8") as fp:
            content = jinja_messages_as_python(fp.read())
        with open(self.work_path, "w", encoding="utf-8") as fp:
            fp.write(content)


class Command(makemessages.Command):
    build_file_class = BuildFile

    def handle(self, *args, **options):
        if options.get("domain", "django") == "django":
            options["extensions"] = [
                *(options["extensions"] or ["html,txt,py"]),
                "jinja",
            ]
        return super().handle(*args, **options)
