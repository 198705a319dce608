"""Each game has a rules page in our own words, in English and French, reached
from the lobby, the table form and the game's page; the My City page shows a
campaign chapter only once one of the reader's campaigns has reached it."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from page_helpers import login

from games import registry, services
from games.my_city.engine.chapter_rules import chapter_of, rule_text
from games.my_city.engine.chapters import CHAPTERS, EPISODES_PER_CHAPTER

pytestmark = pytest.mark.django_db
SLUGS = [spec.slug for spec in registry.GAMES]
# A sentence of each page, in each language (its French is in django.po).
TITLES = {
    "en": "How to play",
    "fr": "comment jouer",
}


def rules_url(slug):
    return reverse("games:rules", args=[slug])


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_a_rules_page_in_english_and_french(slug, language):
    """The page answers 200 to anyone, in the reader's language, with its
    headings and prose translated (no English paragraph left on the French
    page)."""
    response = Client().get(rules_url(slug), headers={"Accept-Language": language})
    assert response.status_code == 200
    body = response.content.decode()
    assert TITLES[language] in body
    if language == "fr":
        english = Client().get(rules_url(slug), headers={"Accept-Language": "en"})
        english_paragraphs = set(english.content.decode().split("<p>")[1:])
        assert not english_paragraphs & set(body.split("<p>")[1:])


def test_a_game_that_does_not_exist_has_no_rules_page():
    assert Client().get("/games/chess/rules/").status_code == 404


def test_the_lobby_links_each_games_rules():
    body = Client().get(reverse("games:lobby")).content.decode()
    for slug in SLUGS:
        assert f'href="{rules_url(slug)}"' in body


@pytest.mark.parametrize("slug", SLUGS)
def test_the_table_form_links_its_games_rules(ana, slug):
    body = login(ana).get(reverse("games:new", args=[slug])).content.decode()
    assert f'href="{rules_url(slug)}" data-rules-link' in body


@pytest.mark.parametrize("slug", SLUGS)
def test_the_board_header_links_its_games_rules(ana, ben, slug):
    """The header of a game's page, the part htmx redraws too, links the rules
    (while the table waits and once the game has started)."""
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options={}
    )
    waiting = login(ana).get(game.get_absolute_url()).content.decode()
    assert f'href="{rules_url(slug)}" data-rules-link' in waiting
    services.seat_join(game_id=game.pk, user=ben)
    client = login(ben)
    page = client.get(game.get_absolute_url()).content.decode()
    header = page.split('<header class="topbar">', 1)[1].split("</header>", 1)[0]
    assert f'href="{rules_url(slug)}" data-rules-link' in header
    partial = client.get(game.get_absolute_url(), headers={"HX-Request": "true"})
    assert f'href="{rules_url(slug)}"' in partial.content.decode()


def test_a_campaigns_page_links_the_my_city_rules(ana, campaign_at):
    campaign = campaign_at(ana, 1)
    body = login(ana).get(campaign.get_absolute_url()).content.decode()
    assert f'href="{rules_url("my-city")}#campaign" data-rules-link' in body


def test_the_campaign_form_points_to_the_chapters_format(ana):
    """The campaign form's help no longer names a page that does not exist: it
    links the My City rules page's section on one's own chapters."""
    body = login(ana).get(reverse("campaigns:new")).content.decode()
    assert "help page" not in body
    assert f'href="{rules_url("my-city")}#own-chapters"' in body
    rules = Client().get(rules_url("my-city")).content.decode()
    assert 'id="own-chapters"' in rules


def test_the_rules_pages_numbers_come_from_the_engines():
    """The worked example and the tables are the engines' own figures."""
    from games.lost_cities.engine.scoring import expedition_score
    from games.lost_cities.rules_page import EXAMPLE as LC_EXAMPLE
    from games.rival_cities.engine.turn import move_cost

    with translation.override("en"):
        body = Client().get(rules_url("lost-cities")).content.decode()
        score = expedition_score(LC_EXAMPLE)["score"]
        assert f": {score}." in body
        body = Client().get(rules_url("rival-cities")).content.decode()
        assert "".join(f"<td>{move_cost(n)}</td>" for n in range(1, 8)) in body


# --- My City: no spoilers --------------------------------------------------------


@pytest.fixture
def campaign_at(django_capture_on_commit_callbacks):
    """campaign_at(user, episode): a campaign of `user` against a computer
    player, started (its first episode opened as in production), its latest
    episode then numbered `episode`."""
    from campaigns import services as campaigns_services
    from campaigns.models import Episode

    def make(user, episode: int, **options):
        with django_capture_on_commit_callbacks(execute=True):
            campaign = campaigns_services.campaign_create(
                creator=user, num_players=2, bots=1, **options
            )
        assert Episode.objects.filter(campaign=campaign).count() == 1
        Episode.objects.filter(campaign=campaign).update(number=episode)
        return campaign

    return make


def shown_and_hidden(reached: int, chapters=CHAPTERS):
    """The texts the page may show once `reached` is the furthest episode, and
    those of the chapters and episodes beyond it."""
    shown, hidden = set(), set()
    last = chapter_of(reached)
    with translation.override("en"):
        for number, chapter in enumerate(chapters, start=1):
            texts = {translation.gettext(chapter["name"])}
            if chapter.get("story"):
                texts.add(translation.gettext(chapter["story"]))
            texts |= {rule_text(r) for r in chapter["rules"]}
            first = (number - 1) * EPISODES_PER_CHAPTER + 1
            for offset, rules in enumerate(chapter.get("episodes") or []):
                target = shown if first + offset <= reached else hidden
                target |= {rule_text(r) for r in rules}
            (shown if number <= last else hidden).update(texts)
    return shown, hidden - shown


def my_city_page(user=None) -> str:
    client = login(user) if user else Client()
    body = client.get(rules_url("my-city"), headers={"Accept-Language": "en"})
    return body.content.decode()


@pytest.mark.parametrize("reached", [1, 5, 13, 24])
def test_my_city_shows_the_chapters_a_campaign_reached_and_no_later_one(
    ana, reached, campaign_at
):
    """Every chapter up to the one of the furthest episode is on the page, its
    story and rules with it; nothing of a later chapter, nor of a later episode
    of the chapter reached, is (a leak of any of them fails the test)."""
    campaign_at(ana, reached)
    body = my_city_page(ana)
    shown, hidden = shown_and_hidden(reached)
    missing = [t for t in shown if escape(t) not in body]
    leaked = [t for t in hidden if escape(t) in body]
    assert missing == [] and leaked == []
    assert f'data-chapter="{chapter_of(reached)}"' in body
    assert f'data-chapter="{chapter_of(reached) + 1}"' not in body


def test_my_city_shows_no_chapter_to_a_stranger_or_before_a_campaign_starts(ana, ben):
    """Without a campaign that started (or logged out), no chapter at all."""
    _shown, hidden = shown_and_hidden(0)
    from campaigns import services as campaigns_services

    campaigns_services.campaign_create(creator=ben, num_players=2)  # not started
    for body in (my_city_page(), my_city_page(ana), my_city_page(ben)):
        assert [t for t in hidden if escape(t) in body] == []
        assert "data-chapter=" not in body


def test_my_city_reads_the_furthest_of_several_campaigns(ana, campaign_at):
    campaign_at(ana, 4)
    campaign_at(ana, 10)
    body = my_city_page(ana)
    assert 'data-chapter="4"' in body and 'data-chapter="5"' not in body


def test_my_city_shows_a_groups_own_chapters_under_its_name(ana, campaign_at):
    """A campaign played with its own chapters shows its chapters as far as
    it went, under the campaign's name, and never the original ones."""
    own = [
        {"name": f"Own chapter {n}", "rules": [{"kind": "catch_up", "points": n}]}
        for n in range(1, 9)
    ]
    campaign_at(ana, 4, chapters=own, name="Tuesday evenings")
    body = my_city_page(ana)
    assert "Tuesday evenings" in body
    assert "Own chapter 2" in body and "Own chapter 3" not in body
    with translation.override("en"):
        assert translation.gettext(CHAPTERS[0]["name"]) not in body
