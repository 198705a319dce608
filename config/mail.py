"""The embedded mail backend: each email is written to var/mail/ as sent, and its
text is echoed on the console, decoded, so that links can be copied from there.

The files are written readable: 8-bit UTF-8 text and headers, no quoted-printable
(whose soft line breaks would split a long link across lines), lines up to the
998 characters that mail allows."""

import email.policy
import sys

from django.core.mail.backends.filebased import EmailBackend as FileBackend

READABLE = email.policy.default.clone(utf8=True, max_line_length=998)


class FileAndConsoleBackend(FileBackend):
    def write_message(self, message):
        self.stream.write(message.message(policy=READABLE).as_bytes() + b"\n")
        self.stream.write(b"-" * 79 + b"\n")

    def send_messages(self, email_messages):
        sent = super().send_messages(email_messages)
        for message in email_messages:
            mime = message.message()
            body = mime.get_body(("plain",))
            text = body.get_content() if body is not None else message.body
            sys.stdout.write(
                f"\n--- email to {', '.join(message.to)}: {message.subject}\n"
                f"{text}\n--- end of email (also saved in {self.file_path})\n"
            )
            sys.stdout.flush()
        return sent
