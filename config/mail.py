"""The embedded mail backend: each email is written to var/mail/ as sent, and its
text is echoed on the console, decoded, so that links can be copied from there."""

import sys

from django.core.mail.backends.filebased import EmailBackend as FileBackend


class FileAndConsoleBackend(FileBackend):
    def send_messages(self, email_messages):
        sent = super().send_messages(email_messages)
        for message in email_messages:
            mime = message.message()
            body = mime.get_body(("plain",)) if hasattr(mime, "get_body") else None
            text = body.get_content() if body is not None else message.body
            sys.stdout.write(
                f"\n--- email to {', '.join(message.to)}: {message.subject}\n"
                f"{text}\n--- end of email (also saved in {self.file_path})\n"
            )
            sys.stdout.flush()
        return sent
