"""Every email the site sends shows what a person wrote as written: escaped in
its HTML part (title included), as is in its plain text and its subject.

The names and texts people write (display names, a campaign's name, chapters
of their own) hold `<`, `>`, `&`, `"` and `'`; each kind of email is composed
with them, and its HTML must hold them only escaped."""

import json
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from django.utils.html import escape

from campaigns import services as campaign_services
from games import services
from games.models import Game, Notification
from games.my_city.engine.chapters import CHAPTERS
from games.notifications.emails import compose

pytestmark = pytest.mark.django_db

# Each would be markup if it reached the HTML raw: a tag, an attribute's end.
ANA = 'Ana <b>O\'Brien</b> & "Co"'
BEN = "Ben <a href='x'>&amp;</a>"
CAMPAIGN = "Tue <i>\"nights\"</i> & O'Neil's"
CHAPTER = "Our <em>'own'</em> & \"first\""

KINDS = set(Notification.Kind.values)


def html_of(message) -> str:
    [(html, kind)] = message.alternatives
    assert kind == "text/html"
    return html


def assert_written_as_is(message, *texts, in_subject=()):
    """Each text appears escaped in the HTML and never raw; as is in the plain
    text; the subject is plain text (no HTML escape in it)."""
    html = html_of(message)
    for text in texts:
        assert text not in html, f"raw in the HTML of {message.subject!r}: {text}"
        assert escape(text) in html, f"missing from the HTML: {text}"
        assert text in message.body, f"not as written in the text part: {text}"
    title = html.split("<title>", 1)[1].split("</title>", 1)[0]
    assert title == escape(message.subject)
    for text in in_subject:
        assert text in message.subject, message.subject
    for entity in ("&#x27;", "&#39;", "&quot;", "&lt;", "&gt;", "&amp;"):
        if entity not in "".join(in_subject):
            assert entity not in message.subject, message.subject


@pytest.fixture
def people(make_user):
    ana, ben = make_user("Ana"), make_user("Ben")
    ana.display_name, ben.display_name = ANA, BEN
    ana.save(update_fields=["display_name"])
    ben.save(update_fields=["display_name"])
    return ana, ben


def test_every_game_email_shows_names_escaped_in_html_and_as_written_elsewhere(
    people,
):
    ana, ben = people
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    seat = game.seats.get(to_move=True)
    reader = seat.user
    other = BEN if reader == ana else ANA
    deadline = timezone.now() + timedelta(hours=5)
    seat.deadline = deadline
    seat.save(update_fields=["deadline"])
    seen = set()

    def email(kind, **fields):
        row = Notification.objects.create(kind=kind, **fields)
        seen.add(kind)
        return compose(row)

    turn = email(Notification.Kind.YOUR_TURN, user=reader, game=game, version=7)
    assert_written_as_is(turn, other, reader.name)
    reminder = email(
        Notification.Kind.REMINDER, user=reader, game=game, deadline=deadline
    )
    assert_written_as_is(reminder, reader.name)
    timeout = email(Notification.Kind.TIMEOUT, user=reader, game=game, version=8)
    assert_written_as_is(timeout, reader.name)
    digest = email(Notification.Kind.DIGEST, user=reader, day=timezone.localdate())
    assert_written_as_is(digest, reader.name)

    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, finished_at=timezone.now()
    )
    game.seats.filter(user=ana).update(rank=1, score=30)
    game.seats.filter(user=ben).update(rank=2, score=10)
    game.refresh_from_db()
    over = email(Notification.Kind.GAME_OVER, user=ben, game=game, version=9)
    assert_written_as_is(over, ANA, BEN)

    # The rematch offer names its offerer in the subject too (it reached the
    # HTML's title raw).
    mail.outbox.clear()
    rematch = services.game_rematch(game_id=game.pk, user=ana)
    row = Notification.objects.get(kind=Notification.Kind.REMATCH, user=ben)
    assert row.game_id == rematch.pk
    seen.add(row.kind)
    offer = compose(row)
    assert_written_as_is(offer, ANA, BEN, in_subject=[ANA])
    assert seen == KINDS, f"kinds not checked: {sorted(KINDS - seen)}"


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def test_every_campaign_email_shows_what_people_wrote_as_written(people, capture):
    """The invitation (the inviter's name, the campaign's), the episode opened
    (the campaign's name, a chapter of the players' own)."""
    ana, ben = people
    own = json.loads(json.dumps(CHAPTERS))
    own[0]["name"] = CHAPTER
    mail.outbox.clear()
    with capture(execute=True):
        campaign = campaign_services.campaign_create(
            creator=ana,
            num_players=2,
            invited_emails=[ben.email],
            name=CAMPAIGN,
            chapters=own,
        )
    [invitation] = [m for m in mail.outbox if m.to == [ben.email]]
    assert_written_as_is(invitation, ANA, BEN, CAMPAIGN, in_subject=[ANA])
    assert invitation.subject == f"My City: {ANA} invites you to a campaign"

    from campaigns import invitations
    from campaigns.models import CampaignInvitation

    mail.outbox.clear()
    with capture(execute=True):
        invitations.invitation_accept(
            invitation_id=CampaignInvitation.objects.get(campaign=campaign).pk,
            user=ben,
        )
    [opened] = [m for m in mail.outbox if m.to == [ben.email]]
    assert "episode 1" in opened.subject
    assert_written_as_is(opened, BEN, CAMPAIGN, CHAPTER)
