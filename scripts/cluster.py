"""The production shape on one machine: two web nodes, two Celery workers, one beat.

    python scripts/cluster.py [--web 2] [--workers 2]   # runs until Ctrl-C

Needs PostgreSQL and Redis: DATABASE_URL names the server (its database is only
used to create this run's own, `cluster_<pid>`, dropped at the end) and
CELERY_BROKER_URL the Redis server (this run takes a Redis database of its own,
the first empty one from 15 down to 10, and empties it at the end).

Each web node is `uvicorn config.asgi:application` on a port of its own; in
front of them a round-robin proxy sends each request to the next node in turn
(one request per connection: it asks each node to close the connection after
its answer, so that the browser opens a new one for the next request). Workers
run `celery -A config worker` exactly as compose.yaml starts them (WORKER_COMMAND)
and beat `celery -A config beat`, each in its own
process group, so that a test can kill one (`Cluster.kill_worker`).

The site runs as in production (DEBUG=false, manifest static files from
collectstatic, the cache and sessions on Redis, emails to files), except plain
http and "your turn" emails sent at once (TURN_EMAIL_DELAY_SECONDS=0).
tests/e2e/test_cluster_browser.py plays a game through it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from round_robin import Proxy, free_port  # scripts/, beside this file

BASE_DIR = Path(__file__).resolve().parent.parent
REDIS_DBS = (15, 14, 12, 11, 10)  # 13 is the bench's, 0 the tests'
PASSWORD = "a long enough password for the cluster"
PEOPLE = ("Ana", "Ben")
# compose.yaml's and docs/deploy.md's worker (tests/ops/test_worker_queues.py).
WORKER_COMMAND = ["celery", "-A", "config", "worker", "--loglevel=INFO"]
WORKER_COMMAND += ["--concurrency=2"]


def with_path(url: str, path: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


class Cluster:
    """The processes, their database and Redis database, and the proxy."""

    def __init__(self, *, web: int = 2, workers: int = 2, log_level: str = "INFO"):
        server = os.environ.get("DATABASE_URL", "")
        broker = os.environ.get("CELERY_BROKER_URL", "")
        if not server.startswith(("postgres://", "postgresql://")):
            raise RuntimeError("DATABASE_URL must name a PostgreSQL server")
        if not broker.startswith("redis://"):
            raise RuntimeError("CELERY_BROKER_URL must name a Redis server")
        self.server_url = server
        self.redis_server = broker
        self.db_name = f"cluster_{os.getpid()}"
        self.database_url = with_path(server, "/" + self.db_name)
        self.redis_url = ""
        self.var_dir = Path(tempfile.mkdtemp(prefix="cluster-"))
        self.web_ports = [free_port() for _ in range(web)]
        self.worker_count = workers
        self.log_level = log_level
        self.procs: dict[str, subprocess.Popen] = {}
        self.proxy = Proxy(self.web_ports)
        self.db_created = False
        self.secret_key = "cluster-" + secrets.token_urlsafe(40)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.proxy.port}"

    @property
    def mail_dir(self) -> Path:
        return self.var_dir / "mail"

    def log(self, name: str) -> Path:
        return self.var_dir / f"{name}.log"

    def environ(self) -> dict:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("PYTEST_", "DJANGO_", "CELERY_", "PROMETHEUS_"))
            and k not in ("EMAIL_URL", "CACHE_URL", "DEBUG", "SECRET_KEY")
        }
        env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            PYTHONUNBUFFERED="1",
            DEBUG="false",
            SECRET_KEY=self.secret_key,  # one for all: sessions, CSRF, signatures
            ALLOWED_HOSTS="127.0.0.1",
            SECURE_SSL_REDIRECT="false",
            SECURE_HSTS_SECONDS="0",
            SITE_URL=self.url,
            VAR_DIR=str(self.var_dir),
            DATABASE_URL=self.database_url,
            CELERY_BROKER_URL=self.redis_url,
            CACHE_URL=self.redis_url,
            # Server push (games/push.py) through the same Redis.
            PUSH_REDIS_URL=self.redis_url,
            CACHE_KEY_PREFIX=self.db_name,
            TURN_EMAIL_DELAY_SECONDS="0",
            LOG_LEVEL=self.log_level,
            PROMETHEUS_MULTIPROC_DIR=str(self.var_dir / "metrics"),
        )
        return env

    # Setting up and tearing down.

    def admin(self):
        import psycopg

        return psycopg.connect(self.server_url, autocommit=True)

    def claim_redis(self) -> None:
        """The first empty Redis database of REDIS_DBS, claimed with a key."""
        import redis

        for db in REDIS_DBS:
            url = with_path(self.redis_server, f"/{db}")
            client = redis.Redis.from_url(url)
            if client.dbsize() == 0 and client.set(
                "cluster:claim", self.db_name, nx=True
            ):
                self.redis_url = url
                return
        raise RuntimeError(f"no empty Redis database among {REDIS_DBS}")

    def prepare(self) -> None:
        self.claim_redis()
        with self.admin() as conn:
            conn.execute(f'CREATE DATABASE "{self.db_name}"')
        self.db_created = True
        for sub in ("mail", "metrics"):
            (self.var_dir / sub).mkdir()
        for args in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            self.manage(*args)
        self.manage("shell", "-c", PEOPLE_SCRIPT)

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=BASE_DIR,
            env=self.environ(),
            capture_output=True,
            text=True,
        )
        if result.returncode:
            raise RuntimeError(f"manage.py {args[0]}: {result.stderr}")
        return result.stdout

    def spawn(self, name: str, args: list[str]) -> None:
        with open(self.log(name), "wb") as log:
            self.procs[name] = subprocess.Popen(
                args,
                cwd=BASE_DIR,
                env=self.environ(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def start(self) -> None:
        celery = [sys.executable, "-m", "celery", "-A", "config"]
        for i, port in enumerate(self.web_ports):
            self.spawn(
                f"web{i}",
                [sys.executable, "-m", "uvicorn", "config.asgi:application"]
                + ["--host", "127.0.0.1", "--port", str(port)]
                + ["--no-access-log", "--no-proxy-headers", "--lifespan", "off"]
                + ["--timeout-graceful-shutdown", "5"],
            )
        for i in range(self.worker_count):
            # Exactly compose.yaml's command (which consumes every queue the
            # app routes to, the computer players' `bots` included), with a
            # node name of its own: the workers share one host here.
            self.spawn(
                f"worker{i}",
                [sys.executable, "-m", *WORKER_COMMAND, "-n", f"worker{i}@%h"],
            )
        self.spawn(
            "beat",
            [*celery, "beat", f"--loglevel={self.log_level}"]
            + ["-s", str(self.var_dir / "beat-schedule")],
        )
        self.proxy.start()

    def wait_ready(self, timeout: float = 120.0) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        waiting = {f"web{i}": p for i, p in enumerate(self.web_ports)}
        waiting.update({f"worker{i}": None for i in range(self.worker_count)})
        waiting["beat"] = None
        while waiting:
            for name in list(waiting):
                proc = self.procs[name]
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited: {self.log(name).read_text()}")
                port = waiting[name]
                if port is None:
                    text = self.log(name).read_text(errors="replace")
                    if " ready." in text or "beat: Starting" in text:
                        del waiting[name]
                    continue
                with contextlib.suppress(httpx.HTTPError):
                    url = f"http://127.0.0.1:{port}/health/"
                    if httpx.get(url, timeout=5).status_code == 200:
                        del waiting[name]
            if time.monotonic() > deadline:
                raise RuntimeError(f"not ready in time: {sorted(waiting)}")
            time.sleep(0.2)

    def kill_worker(self, index: int) -> int:
        """SIGKILL to a worker's whole process group; returns its pid."""
        proc = self.procs[f"worker{index}"]
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        return proc.pid

    def stop(self) -> None:
        self.proxy.stop()
        for proc in self.procs.values():
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)

    def teardown(self, keep: bool = False) -> None:
        self.stop()
        if self.db_created:
            with self.admin() as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
        if self.redis_url:
            import redis

            redis.Redis.from_url(self.redis_url).flushdb()
        if not keep:
            shutil.rmtree(self.var_dir, ignore_errors=True)

    def __enter__(self):
        try:
            self.prepare()
            self.start()
            self.wait_ready()
        except BaseException:
            self.teardown(keep=True)
            raise
        return self

    def __exit__(self, *exc):
        self.teardown()


# Run by `manage.py shell` in the cluster's database: the two people (their
# addresses confirmed), and game ids from a random point, so that the push
# channels of this run (push:game:<id>; Redis pub/sub ignores database numbers)
# are not those of another run or test on the same Redis.
PEOPLE_SCRIPT = f"""
import secrets
from django.db import connection
from allauth.account.models import EmailAddress
from accounts.models import User
for name in {PEOPLE!r}:
    user = User.objects.create_user(
        email=name.lower() + "@cluster.invalid", password={PASSWORD!r},
        display_name=name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True,
        primary=True)
with connection.cursor() as cursor:
    cursor.execute("SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s)",
        [10**9 + secrets.randbelow(10**9)])
"""


def email_of(name: str) -> str:
    return name.lower() + "@cluster.invalid"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log-level", default="INFO")
    args = parser.parse_args(argv)
    cluster = Cluster(web=args.web, workers=args.workers, log_level=args.log_level)

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)
    with cluster:
        print(f"cluster: {cluster.url} (nodes on ports {cluster.web_ports})")
        print(f"  database {cluster.db_name}, Redis {cluster.redis_url}")
        print(f"  people: {', '.join(email_of(p) for p in PEOPLE)} / {PASSWORD}")
        print(f"  logs and mail in {cluster.var_dir}; Ctrl-C stops everything")
        with contextlib.suppress(KeyboardInterrupt):
            signal.pause()
    return 0


if __name__ == "__main__":
    sys.exit(main())
