"""The embedded mail backend: each email is written to var/mail/ and echoed."""

import sys

from django.core.mail.backends.console import EmailBackend as ConsoleBackend
from django.core.mail.backends.filebased import EmailBackend as FileBackend


class FileAndConsoleBackend(FileBackend):
    def send_messages(self, email_messages):
        sent = super().send_messages(email_messages)
        echo = ConsoleBackend(stream=sys.stdout, alias=self.alias)
        echo.send_messages(email_messages)
        return sent
