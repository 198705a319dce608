"""The site as `make run` starts it, for scripts that drive it over HTTP.

`Site(var_dir, log_level)` runs `manage.py runserver` (without its autoreloader)
and `celery -A config worker -B --pool=solo`, each in its own process group, in
VAR_DIR `var_dir` with the embedded defaults: any DATABASE_URL,
CELERY_BROKER_URL, EMAIL_URL or CACHE_URL of the environment is left out.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
# Embedded defaults only: these would point the site elsewhere.
LEFT_OUT = ("DATABASE_URL", "CELERY_BROKER_URL", "EMAIL_URL", "CACHE_URL")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    """runserver and the Celery worker with beat, each in its own process group."""

    def __init__(self, var_dir: Path, log_level: str):
        self.var_dir = var_dir
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k not in LEFT_OUT}
        self.env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            VAR_DIR=str(var_dir),
            LOG_LEVEL=log_level,
            PYTHONUNBUFFERED="1",
        )
        self.env.pop("DEBUG", None)
        self.procs: dict[str, subprocess.Popen] = {}
        self.logs: dict[str, Path] = {}

    def prepare(self) -> None:
        for sub in ("mail", "broker"):
            (self.var_dir / sub).mkdir(parents=True, exist_ok=True)
        for args in (["migrate", "--noinput"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run(
                [sys.executable, "manage.py", *args],
                cwd=BASE_DIR,
                env=self.env,
                check=True,
                stdout=subprocess.DEVNULL,
            )

    def _start(self, name: str, args: list[str]) -> None:
        self.logs[name] = self.var_dir / f"{name}.log"
        with open(self.logs[name], "wb") as log:
            self.procs[name] = subprocess.Popen(
                args,
                cwd=BASE_DIR,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def start(self, log_level: str) -> None:
        celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "-B"]
        celery += ["--pool=solo", f"--loglevel={log_level}"]
        celery += ["-s", str(self.var_dir / "beat-schedule")]
        self._start("worker", celery)
        # Without the autoreloader: a file changed meanwhile (an install into the
        # venv) would restart the server in the middle of the count.
        runserver = [sys.executable, "manage.py", "runserver", "--noreload"]
        self._start("web", [*runserver, f"127.0.0.1:{self.port}"])

    def wait_ready(self, timeout: float = 120.0) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for name, proc in self.procs.items():
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited: {self.logs[name].read_text()}")
            try:
                if httpx.get(self.url + "/", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        else:
            raise RuntimeError("the site did not answer in time")
        # The worker is ready once it says so (at any log level it prints its
        # banner, which ends with the queue list).
        while time.monotonic() < deadline:
            if "[queues]" in self.logs["worker"].read_text(errors="replace"):
                return
            time.sleep(0.3)
        raise RuntimeError("the worker did not start in time")

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
