"""The embedded mail backend (config/mail.py): files in var/mail/ a person can read."""

import email
import email.policy

from django.core import mail


def test_emails_are_written_readable_with_links_on_one_line(settings, tmp_path, capsys):
    settings.MAILERS = {
        "default": {
            "BACKEND": "config.mail.FileAndConsoleBackend",
            "OPTIONS": {"file_path": str(tmp_path)},
        }
    }
    link = (
        "http://127.0.0.1:8000/accounts/confirm-email/" + "Mq:1xYP9Q:" + "k" * 60 + "/"
    )
    body = f"Bonjour Zoé, confirmez votre adresse :\n{link}\n"
    mail.send_mail("Confirmez votre adresse é", body, None, ["zoe@example.com"])

    (written,) = tmp_path.iterdir()
    raw = written.read_bytes()
    text = raw.decode("utf-8")
    # The link whole on its line, the accents as written, the subject plain.
    assert f"\n{link}\n" in text
    assert "Bonjour Zoé" in text
    assert "Subject: Confirmez votre adresse é\n" in text
    assert "quoted-printable" not in text and "base64" not in text
    # Still a valid email message with the same text.
    message = raw.rsplit(b"\n" + b"-" * 79, 1)[0]  # the file's separator line
    parsed = email.message_from_bytes(message, policy=email.policy.default)
    assert parsed.get_content() == body
    # And echoed, decoded, on the console.
    assert link in capsys.readouterr().out
