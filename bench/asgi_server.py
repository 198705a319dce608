"""The ASGI server of the push section (uvicorn, one process per core) and the
process measures it needs: CPU seconds, resident memory, the open-file limit."""

from __future__ import annotations

import os
import resource
import sys
from http.cookiejar import CookieJar

from .env import BASE_DIR, World
from .server_process import ServerProcess, free_port


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


class Uvicorn(ServerProcess):
    """`uvicorn config.asgi:application --workers N`."""

    name = "uvicorn"

    def __init__(self, world: World, workers: int, env: dict):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = [sys.executable, "-m", "uvicorn", "config.asgi:application"]
        args += ["--host", "127.0.0.1", "--port", str(self.port)]
        args += ["--workers", str(workers), "--backlog", "4096"]
        args += ["--log-level", "warning", "--timeout-graceful-shutdown", "2"]
        # The supervisor kills a worker whose ping thread has not answered in
        # 5 s (the default): on cores shared with others, under the load of
        # thousands of openings, that happened and dropped every stream of the
        # worker.
        args += ["--timeout-worker-healthcheck", "60", "--lifespan", "off"]
        log = open(world.tmp / "uvicorn.log", "wb")  # noqa: SIM115
        self.start(args, log, cwd=BASE_DIR, env={**os.environ, **env})

    def stop(self, grace: float = 15.0) -> None:
        super().stop(grace)
