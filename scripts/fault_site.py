"""The site of scripts/faults.py: scripts/cluster.py's cluster on two Redis
servers of the run's own (the cache and push on one, the broker on the other),
with its people, and an SMTP sink that can hold a sending worker for a kill.
"""

from __future__ import annotations

import contextlib
import email
import os
import socketserver
import threading
import time
from pathlib import Path

from cluster import PASSWORD, Cluster  # scripts/, beside this file
from redis_process import RedisProcess, free_port

PAIRS = (("Ana", "Ben"), ("Cara", "Dan"))
WATCHER = "Eve"
LEASE_SECONDS = 15  # NOTIFICATION_LEASE_SECONDS of the run


def email_of(name: str) -> str:
    return name.lower() + "@cluster.invalid"


# The SMTP sink.


class Sink:
    """An SMTP server on a loopback port that keeps every message it accepts.

    `hold(after_data)`: the next session is held, before its answer to MAIL
    (after_data False) or after it took the message in and before its "250"
    (after_data True), until `release()` or the client goes away; `held`
    is set while one is held."""

    def __init__(self):
        self.port = free_port()
        self.lock = threading.Lock()
        self.messages: list[dict] = []
        self.holding: bool | None = None
        self.held = threading.Event()
        self.held_peer = 0  # the client's port of the session held
        self.released = threading.Event()
        sink = self

        class Handler(socketserver.StreamRequestHandler):
            timeout = 60

            def handle(self):
                with contextlib.suppress(OSError):  # a client killed mid-session
                    sink.session(self.rfile, self.wfile, self.client_address[1])

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> Sink:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()

    def hold(self, after_data: bool) -> None:
        self.released.clear()
        self.held.clear()
        with self.lock:
            self.holding = after_data

    def release(self) -> None:
        self.released.set()

    def take_hold(self, after_data: bool) -> bool:
        with self.lock:
            if self.holding is after_data:
                self.holding = None
                return True
        return False

    def wait(self, peer: int) -> None:
        self.held_peer = peer
        self.held.set()
        self.released.wait(60)

    def session(self, rfile, wfile, peer: int) -> None:
        def say(line: str) -> None:
            wfile.write(line.encode() + b"\r\n")
            wfile.flush()

        say("220 sink ESMTP")
        while True:
            line = rfile.readline()
            if not line:
                return
            verb = line.decode(errors="replace").strip().split(" ", 1)[0].upper()
            if verb in ("EHLO", "HELO"):
                say("250 sink")
            elif verb == "MAIL":
                if self.take_hold(False):
                    self.wait(peer)
                say("250 OK")
            elif verb in ("RCPT", "RSET", "NOOP"):
                say("250 OK")
            elif verb == "DATA":
                say("354 go on")
                data = bytearray()
                while (chunk := rfile.readline()) not in (b".\r\n", b""):
                    data += chunk[1:] if chunk.startswith(b"..") else chunk
                message = email.message_from_bytes(bytes(data))
                with self.lock:
                    self.messages.append(
                        {
                            "id": message.get("Message-ID", ""),
                            "to": message.get("To", ""),
                            "subject": message.get("Subject", ""),
                            "at": time.monotonic(),
                        }
                    )
                if self.take_hold(True):
                    self.wait(peer)
                say("250 OK queued")
            elif verb == "QUIT":
                say("221 bye")
                return
            else:
                say("502 not here")


# The cluster, with its own Redis servers and the sink.


class FaultCluster(Cluster):
    """scripts/cluster.py's cluster on two Redis servers of this run's own."""

    def __init__(self, cache: RedisProcess, broker: RedisProcess, sink: Sink):
        os.environ["CELERY_BROKER_URL"] = broker.url(0)
        super().__init__(web=2, workers=2, log_level="INFO")
        self.cache_redis = cache
        self.broker_redis = broker
        self.sink = sink
        self.keep = False  # the logs and mail folder, after the run
        self.argv: dict[str, list[str]] = {}
        self.killed: set[int] = set()
        self.supervising = threading.RLock()

    def claim_redis(self) -> None:
        self.redis_url = self.broker_redis.url(0)  # a server of its own, empty

    def environ(self) -> dict:
        env = super().environ()
        env.update(
            CACHE_URL=self.cache_redis.url(0),
            PUSH_REDIS_URL=self.cache_redis.url(0),
            CELERY_BROKER_URL=self.broker_redis.url(0),
            EMAIL_URL=f"smtp://127.0.0.1:{self.sink.port}",
            NOTIFICATION_LEASE_SECONDS=str(LEASE_SECONDS),
            TABLES_PER_HOUR="1000000",
        )
        return env

    def prepare(self) -> None:
        super().prepare()  # Ana and Ben
        names = [n for pair in PAIRS for n in pair if n not in ("Ana", "Ben")]
        self.manage("shell", "-c", more_people([*names, WATCHER]))

    def __exit__(self, *exc):
        self.teardown(keep=self.keep)

    def spawn(self, name: str, args: list[str]) -> None:
        self.argv[name] = args
        super().spawn(name, args)

    def kill_worker(self, index: int) -> int:
        with self.supervising:
            pid = super().kill_worker(index)
            self.killed.add(pid)
            return pid

    def supervise(self) -> list[str]:
        """Starts again every worker or beat that exited, as compose.yaml's
        `restart: unless-stopped` does; returns those that exited on their own
        (not killed by this run), with the line they died on."""
        exited = []
        with self.supervising:
            for name, proc in list(self.procs.items()):
                if name.startswith("web") or proc.poll() is None:
                    continue
                if proc.pid not in self.killed:
                    lines = self.log(name).read_text(errors="replace").splitlines()
                    why = next((x for x in lines if "Unrecoverable" in x), "")
                    exited.append(
                        f"{name} (pid {proc.pid}) exited {proc.returncode}: {why}"
                    )
                    # Keep its log: the new process writes a new one.
                    self.log(name).rename(self.log(f"{name}-{proc.pid}"))
                super().spawn(name, self.argv[name])
        return exited

    def worker_of(self, pid: int) -> int | None:
        """The index of the worker whose process group holds `pid`."""
        with contextlib.suppress(ProcessLookupError):
            group = os.getpgid(pid)
            for i in range(self.worker_count):
                if self.procs[f"worker{i}"].pid == group:
                    return i
        return None


def pid_of_port(port: int) -> int | None:
    """The process with a loopback TCP socket whose local port is `port`."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            for line in list(lines)[1:]:
                cols = line.split()
                if int(cols[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(f"socket:[{cols[9]}]")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            for fd in (entry / "fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) in inodes:
                        return int(entry.name)
    return None


def more_people(names: list[str]) -> str:
    """The code `manage.py shell` runs to make these people (addresses confirmed)."""
    return f"""
from allauth.account.models import EmailAddress
from accounts.models import User
for name in {names!r}:
    user = User.objects.create_user(email=name.lower() + "@cluster.invalid",
        password={PASSWORD!r}, display_name=name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True,
        primary=True)
"""
