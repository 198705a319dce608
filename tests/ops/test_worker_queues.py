"""A worker started the documented way consumes every queue the app routes a
task to: the computer players' `bots` as well as the default `celery` (a worker
that consumed only `celery` left every table against the computer waiting)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "scripts") not in sys.path:
    sys.path.append(str(ROOT / "scripts"))

from redis_process import RedisProcess  # noqa: E402


def routed_queues() -> set[str]:
    from django.conf import settings

    return {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()} | {
        "celery"
    }


def consumed(argv: list[str]) -> set[str]:
    """The queues a `celery -A config worker ...` command line consumes."""
    from config.celery import app

    for i, arg in enumerate(argv):
        if arg in ("-Q", "--queues"):
            return set(argv[i + 1].split(","))
        if arg.startswith("--queues="):
            return set(arg.split("=", 1)[1].split(","))
    return set(app.amqp.queues)


def documented_commands() -> dict[str, list[str]]:
    """Every production worker command the repository documents or runs."""
    found = {}
    compose = (ROOT / "compose.yaml").read_text()
    (line,) = re.findall(r"command: (celery -A config worker[^\n]*)", compose)
    found["compose.yaml"] = shlex.split(line)
    for doc in ("docs/deploy.md", "README.md", "docs/notifications.md", "docs/bots.md"):
        text = (ROOT / doc).read_text()
        for i, command in enumerate(
            re.findall(r"`(celery -A config worker[^`]*)`", text)
        ):
            if " -B" not in command:  # `make run`'s embedded worker is the Makefile's
                found[f"{doc} #{i + 1}"] = shlex.split(command)
    return found


def test_a_worker_without_queues_named_consumes_every_routed_queue():
    from config.celery import app

    assert routed_queues() == {"celery", "bots"}
    assert routed_queues() <= set(app.amqp.queues)


def test_every_documented_worker_command_consumes_every_routed_queue():
    commands = documented_commands()
    assert "compose.yaml" in commands
    assert any(name.startswith("docs/deploy.md") for name in commands)
    for name, argv in commands.items():
        assert routed_queues() <= consumed(argv), (name, argv)


def test_the_cluster_script_starts_its_workers_as_compose_does():
    text = (ROOT / "scripts" / "cluster.py").read_text()
    assert "WORKER_COMMAND" in text
    sys.path.insert(0, str(ROOT / "scripts"))
    import cluster

    assert cluster.WORKER_COMMAND == documented_commands()["compose.yaml"]


@pytest.mark.slow
def test_a_worker_started_as_compose_starts_it_listens_on_celery_and_bots(tmp_path):
    """compose.yaml's command, as it is, against a Redis of the test's own: the
    worker's own report of the queues it consumes."""
    argv = documented_commands()["compose.yaml"]
    with RedisProcess() as server:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("PYTEST_", "CELERY_", "DJANGO_"))
        }
        env.update(
            CELERY_BROKER_URL=server.url(0),
            DJANGO_SETTINGS_MODULE="config.settings",
            VAR_DIR=str(tmp_path),
        )
        log = tmp_path / "worker.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", *argv[:1], *argv[1:]]
                + ["--concurrency=1", "-n", "queues@%h"],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            deadline = time.monotonic() + 60
            while " ready." not in log.read_text(errors="replace"):
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
            text = log.read_text(errors="replace")
            banner = text[text.index("[queues]") : text.index("[tasks]")]
            listed = set(re.findall(r"\.> (\S+)\s+exchange=", banner))
            assert listed >= {"celery", "bots"}, banner
            from celery import Celery

            probe = Celery(broker=server.url(0))
            replies = {}
            for _ in range(3):  # a busy machine may answer late, or not in time
                replies = probe.control.inspect(timeout=5).active_queues() or {}
                if replies:
                    break
            for queues in replies.values():
                assert {q["name"] for q in queues} >= {"celery", "bots"}
        finally:
            os.killpg(proc.pid, 15)
            proc.wait(30)
