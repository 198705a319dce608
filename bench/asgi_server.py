"""The ASGI server of the push section (uvicorn, one process per core) and the
process measures it needs: CPU seconds, resident memory, the open-file limit."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from http.cookiejar import CookieJar

from .env import BASE_DIR, World


def raise_file_limit(need: int) -> tuple[int, int]:
    """The open-file limit raised for this process and those it starts (to the
    hard limit at most); returns (soft, hard) after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = need if hard == resource.RLIM_INFINITY else min(need, hard)
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


class NoCookies(CookieJar):
    """Each request carries its page's own session cookie; none is kept."""

    def extract_cookies(self, response, request):
        return None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes so far (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except FileNotFoundError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def rss_kib(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


class Uvicorn:
    """`uvicorn config.asgi:application --workers N` in its own process group."""

    def __init__(self, world: World, workers: int, env: dict):
        self.port = free_port()
        self.log = open(world.tmp / "uvicorn.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "config.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--workers",
                str(workers),
                "--backlog",
                "4096",
                "--log-level",
                "warning",
                "--timeout-graceful-shutdown",
                "2",
                # The supervisor kills a worker whose ping thread has not
                # answered in 5 s (the default): on cores shared with others,
                # under the load of thousands of openings, that happened and
                # dropped every stream of the worker.
                "--timeout-worker-healthcheck",
                "60",
                "--lifespan",
                "off",
            ],
            cwd=BASE_DIR,
            env={**os.environ, **env},
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout=60.0):
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"uvicorn exited ({self.proc.returncode})")
            try:
                httpx.get(f"http://127.0.0.1:{self.port}/", timeout=2.0)
                return
            except httpx.HTTPError:
                time.sleep(0.3)
        raise RuntimeError("uvicorn did not answer in time")

    def worker_pids(self) -> list[int]:
        out = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(self.proc.pid)],
            capture_output=True,
            text=True,
        ).stdout
        return [int(p) for p in out.split()]

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=5)
        self.log.close()
