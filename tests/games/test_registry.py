"""The games registry (games/registry.py) and its system check (games/checks.py)."""

import copy
from dataclasses import replace

import pytest
from django.core.management import call_command

from games import checks, engines, registry
from games.bots.levels import players_for
from games.forms import TableForm


def ids(errors):
    return sorted(e.id for e in errors)


@pytest.mark.django_db
def test_every_engine_found_is_registered_once_and_the_check_is_clean():
    assert sorted(s.slug for s in registry.GAMES) == sorted(engines.slugs())
    assert checks.games_registry() == []
    call_command("check", "--fail-level", "ERROR")


def test_an_engine_without_a_spec_is_an_error(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", registry.GAMES[1:])
    errors = checks.games_registry()
    assert ids(errors) == ["games.E001"]
    assert "lost-cities" in errors[0].msg


def test_a_game_registered_twice_is_an_error(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, registry.GAMES[0]))
    assert ids(checks.games_registry()) == ["games.E001"]


class NotATableForm:
    pass


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"engine": copy.copy(engines.get("lost-cities"))}, "games.E002"),
        ({"name": "Lost Towns"}, "games.E003"),
        ({"summary": " "}, "games.E004"),
        ({"form": NotATableForm}, "games.E005"),
        ({"players": None}, "games.E006"),
        (
            {"players": replace(players_for(engines.get("lost-cities")), easy=len)},
            "games.E006",
        ),
        ({"step_help": lambda view: ""}, "games.E009"),
        ({"rules_context": lambda: {}}, "games.E009"),
        ({"figures": lambda: None}, "games.E007"),
        ({"layout": None}, "games.E010"),
        ({"layout": lambda view, seat, legal: {}}, "games.E010"),
    ],
)
def test_each_part_of_a_spec_is_checked(monkeypatch, change, error):
    lost_cities = registry.get("lost-cities")
    broken = replace(lost_cities, **change)
    games = tuple(broken if s is lost_cities else s for s in registry.GAMES)
    monkeypatch.setattr(registry, "GAMES", games)
    assert error in ids(checks.games_registry())


def test_a_game_without_a_board_template_is_an_error(monkeypatch):
    spec = registry.get("lost-cities")

    class NoBoard(type(spec)):
        @property
        def board_template(self):
            return "games/no-such-game/board.jinja"

    broken = NoBoard(**{f: getattr(spec, f) for f in spec.__dataclass_fields__})
    games = tuple(broken if s is spec else s for s in registry.GAMES)
    monkeypatch.setattr(registry, "GAMES", games)
    assert ids(checks.games_registry()) == ["games.E008"]


class NoEmails(registry.CampaignSpec):
    episodes = 3
    texts = dict.fromkeys(checks.CAMPAIGN_TEXTS, "text")
    page_template = "campaigns/campaign.html"
    email_templates = "games/no-such-game/campaign_email"
    stop_move = {"type": "stop"}


@pytest.mark.parametrize(
    "campaign",
    [
        object(),
        NoEmails(),
        type("NoTexts", (NoEmails,), {"texts": {}})(),
        registry.CampaignSpec(),
    ],
    ids=["not-a-campaign-spec", "no-emails", "no-texts", "nothing"],
)
def test_each_part_of_a_campaign_is_checked(monkeypatch, campaign):
    spec = registry.get("lost-cities")
    broken = replace(spec, campaign=campaign)
    games = tuple(broken if s is spec else s for s in registry.GAMES)
    monkeypatch.setattr(registry, "GAMES", games)
    assert set(ids(checks.games_registry())) == {"games.E011"}


def test_the_registry_gives_each_game_its_parts():
    spec = registry.get("citadels")
    assert spec.engine is engines.get("citadels")
    assert issubclass(spec.form, TableForm)
    assert spec.board_template == "games/citadels/board.jinja"
    assert registry.find("no-such-game") is None
    with pytest.raises(KeyError):
        registry.get("no-such-game")


@pytest.mark.parametrize("module", ["games.events", "campaigns.events"])
def test_the_receivers_of_every_event_are_the_ones_its_module_lists(module):
    """games/events.py and campaigns/events.py say what each change sets off;
    this keeps them true."""
    import importlib

    from django.dispatch import Signal

    events = importlib.import_module(module)
    signals = {
        name: value for name, value in vars(events).items() if isinstance(value, Signal)
    }
    assert set(signals) == set(events.RECEIVERS)
    for name, signal in signals.items():
        connected = [
            f"{receiver().__module__}.{receiver().__name__}"
            for _key, receiver, _sender, _is_async in signal.receivers
        ]
        assert connected == list(events.RECEIVERS[name]), name


def test_every_task_beat_runs_or_the_site_queues_is_registered_under_its_name():
    """Beat's schedule names tasks by string, and messages already queued carry
    the name a task had: each must still find its task."""
    import campaigns.tasks  # noqa: F401 - registers the app's tasks
    import games.tasks  # noqa: F401
    import history.tasks  # noqa: F401
    from config.celery import app

    scheduled = {entry["task"] for entry in app.conf.beat_schedule.values()}
    queued = {
        "games.tasks.bots_play_task",
        "games.tasks.notification_send_task",
        "games.tasks.seat_timeout_task",
        "campaigns.tasks.episode_close_task",
        "campaigns.tasks.episode_open_next_task",
        "campaigns.tasks.episode_opened_email_task",
        "campaigns.tasks.invitation_email_task",
    }
    assert sorted((scheduled | queued) - set(app.tasks)) == []
    assert "games.tasks.outbox_sweep_task" in scheduled


def test_every_task_is_defined_in_the_tasks_module_its_name_says():
    """A task named `<app>.tasks.<name>` is the function `<name>` of
    `<app>/tasks.py`: its name is where a reader finds it."""
    import campaigns.tasks  # noqa: F401 - registers the app's tasks
    import games.tasks  # noqa: F401
    import history.tasks  # noqa: F401
    from config.celery import app

    ours = [
        task
        for name, task in app.tasks.items()
        if name.split(".")[0] in {"games", "campaigns", "history", "accounts", "ops"}
    ]
    assert len(ours) >= 15
    misplaced = [
        (task.name, task.run.__module__, task.run.__name__)
        for task in ours
        if f"{task.run.__module__}.{task.run.__name__}" != task.name
        or task.run.__module__.rsplit(".", 1)[-1] != "tasks"
    ]
    assert misplaced == []
