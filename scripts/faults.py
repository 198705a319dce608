"""The production shape under faults: what people see while Redis, the broker or
a worker fails.

    python scripts/faults.py [--quick] [--faults redis-stopped,redis-frozen,...]

Needs PostgreSQL (DATABASE_URL names the server; the run makes its own database
there, as scripts/cluster.py does, and drops it at the end) and `redis-server`
(the run starts two of its own on free loopback ports, scripts/redis_process.py:
one for the cache and the server push, one as the Celery broker, so that each
fault strikes one of them alone; production's single Redis failing is both at
once). Emails go to an SMTP sink of this script, on a loopback port.

The site is scripts/cluster.py's: two uvicorn nodes behind the round-robin
proxy, two Celery workers started as compose.yaml starts them, one beat. Pairs
of people play Lost Cities over HTTP as a browser's htmx does (log-in form, new
table form, join button, move posts; a move drawn at random from the engine's
legal moves), each pair at tables of its own; one more person, the watcher,
loads the lobby, their games and their own table's page and poll: the "other
people". Turn emails are sent at once (TURN_EMAIL_DELAY_SECONDS=0) and the
players never look at the page, so that most moves write an email.

Each fault runs in a phase: some seconds of play, the fault for a while, play
again, then the site settles (every email row sent or skipped). The faults:

- none:           the baseline, nothing fails;
- redis-stopped:  the cache and push Redis is killed, then started again (empty);
- redis-frozen:   the same Redis is sent SIGSTOP (it accepts connections and
                  answers nothing), then SIGCONT;
- broker-stopped: the broker's Redis is killed while a worker is sending an
                  email (the SMTP sink holds it), then started again (empty);
- worker-killed:  the SMTP sink holds an email's answer and the worker sending
                  it is killed with SIGKILL (its whole process group), once
                  after the sink took the message in (the email may then come
                  twice, with one Message-ID) and once before; then it is
                  started again. The lease is shortened
                  (NOTIFICATION_LEASE_SECONDS) so that the run sees the resend.

Per fault it prints: the moves answered during the fault and their p95, the
watcher's requests during the fault and their p95, the 5xx and failed
connections of the phase, moves applied vs answered, push events lost (apart:
those the outage itself dropped, which the pages make up for by polling) and
doubled, and emails lost and doubled (the sink's messages against the outbox
rows, by Message-ID). It ends with one line `faults: ok` or `faults: FAILED
(...)`, and exits 1 on a missed goal: any 5xx, a move applied but not answered
200 or answered but not applied, an event doubled or lost outside its outage,
an email lost (a row marked sent that the sink never got, or one still pending
after settling), a worker or beat that exited on its own (the run starts it
again, as compose.yaml's restart policy does, and says so), or the watcher's
p95 over 300 ms while Redis is frozen. An email the sink got twice is printed
as doubled: both copies carry the row's Message-ID, by which servers and
clients keep one (docs/notifications.md); two rows for one email cannot be
(the outbox's unique constraints). `--json FILE` writes the figures; `--keep`
keeps the folder of the logs.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import email
import json
import logging
import os
import random
import re
import signal
import socketserver
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/
from cluster import BASE_DIR, PASSWORD, Cluster  # noqa: E402
from redis_process import RedisProcess, free_port  # noqa: E402

FAULTS = ("none", "redis-stopped", "redis-frozen", "broker-stopped", "worker-killed")
PAIRS = (("Ana", "Ben"), ("Cara", "Dan"))
WATCHER = "Eve"
P95_GOAL_MS = 300.0
LEASE_SECONDS = 15  # NOTIFICATION_LEASE_SECONDS of the run
MESSAGE_ID = re.compile(r"<notification\.(\d+)\.\d+@")


def email_of(name: str) -> str:
    return name.lower() + "@cluster.invalid"


def p95(values) -> float | None:
    values = sorted(values)
    if not values:
        return None
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


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


# What the clients saw.


@dataclass
class Answer:
    phase: str
    who: str
    kind: str
    started: float
    ms: float
    status: int | str
    game_id: int = 0
    version: int = 0  # a move's version after it


@dataclass
class Record:
    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: list[Answer] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    phase: str = "setup"

    def add(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)


class Client:
    """One browser: cookies (kept by hand: the site sets them Secure, and the
    run is plain http), its CSRF token, timed requests."""

    def __init__(self, base: str, name: str, record: Record):
        import httpx

        self.name = name
        self.record = record
        self.http = httpx.Client(base_url=base, timeout=30.0)
        self.cookies: dict[str, str] = {}
        self.last: Answer | None = None

    def send(self, kind: str, method: str, path: str, game_id=0, **kwargs):
        import httpx

        headers = dict(kwargs.pop("headers", {}))
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        self.http.cookies.clear()
        started = time.monotonic()
        try:
            response = self.http.request(method, path, headers=headers, **kwargs)
        except httpx.HTTPError as exc:
            status, response = type(exc).__name__, None
        else:
            status = response.status_code
            for key, value in response.cookies.items():
                self.cookies[key] = value
        ms = (time.monotonic() - started) * 1000
        self.last = Answer(
            self.record.phase, self.name, kind, started, ms, status, game_id
        )
        self.record.add(self.last)
        return response

    def log_in(self) -> None:
        self.send("login page", "GET", "/accounts/login/")
        data = {"login": email_of(self.name), "password": PASSWORD}
        response = self.send("login", "POST", "/accounts/login/", data=data)
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{self.name} could not log in")

    def new_table(self) -> int:
        from games import registry

        page = self.send("new page", "GET", "/new/lost-cities/")
        found = re.search(r'name="once" value="([^"]+)"', page.text if page else "")
        data = {**registry.get("lost-cities").form_defaults()}
        if found:
            data["once"] = found[1]
        response = self.send("new", "POST", "/new/lost-cities/", data=data)
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{self.name} could not open a table")
        return int(response.headers["location"].rstrip("/").rsplit("/", 1)[1])


class Pair:
    """Two people at `tables` tables of their own; a finished table is
    replaced by a new one."""

    def __init__(self, a: Client, b: Client, tables: int):
        self.people = {a.name: a, b.name: b}
        self.a, self.b = a, b
        self.tables = tables
        self.active: list[int] = []
        self.lock = threading.Lock()
        self.finished = 0

    def fill(self) -> None:
        with self.lock:
            while len(self.active) < self.tables:
                try:
                    game_id = self.a.new_table()
                    join = self.b.send("join", "POST", f"/games/{game_id}/join")
                except RuntimeError:
                    return  # tried again on the next pass
                if join is not None and join.status_code in (200, 302):
                    self.active.append(game_id)

    def done(self, game_id: int) -> None:
        with self.lock:
            if game_id in self.active:
                self.active.remove(game_id)
                self.finished += 1


def play(pair: Pair, client: Client, stop: threading.Event, seed: int) -> None:
    """Moves where it is this person's turn, as the page's htmx posts them."""
    from django.db import connection

    try:
        moves(pair, client, stop, seed)
    except Exception as exc:  # noqa: BLE001 - reported with the phase
        client.record.errors.append(f"{client.name}: {exc!r}")
    finally:
        connection.close()


def moves(pair: Pair, client: Client, stop: threading.Event, seed: int) -> None:
    from games import engines
    from games.models import Game

    rng = random.Random(seed)  # noqa: S311 - moves, not secrets
    while not stop.is_set():
        pair.fill()
        moved = False
        for game_id in list(pair.active):
            game = Game.objects.prefetch_related("seats__user").get(pk=game_id)
            if game.is_over:
                pair.done(game_id)
                continue
            engine = engines.get(game.engine)
            mine = [
                s.position
                for s in game.seats.all()
                if s.user and s.user.display_name == client.name
            ]
            for seat in engine.to_move(game.state):
                if seat not in mine:
                    continue
                move = rng.choice(engine.legal_moves(game.state, seat))
                response = client.send(
                    "move",
                    "POST",
                    f"/games/{game_id}/move",
                    game_id=game_id,
                    data={"move": json.dumps(move), "version": str(game.version)},
                    headers={"HX-Request": "true"},
                )
                if response is not None and response.status_code == 200:
                    client.last.version = game.version + 1
                    moved = True
                break
        time.sleep(0.05 if moved else 0.1)


def watch(client: Client, table: int, stop: threading.Event) -> None:
    """The other people: pages and polls, a few a second."""
    paths = [
        ("lobby", "/"),
        ("my games", "/my/"),
        ("page", f"/games/{table}/"),
        ("poll", f"/games/{table}/poll?version=0"),
    ]
    i = 0
    while not stop.is_set():
        kind, path = paths[i % len(paths)]
        client.send(kind, "GET", path)
        i += 1
        time.sleep(0.2)


# Push events, as an open page would hear them.


class Listener:
    """Every message on push:game:* (the game's new version), reconnecting when
    the Redis goes away."""

    def __init__(self, url: str):
        self.url = url
        self.messages: list[tuple[int, int, float]] = []  # game, version, when
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def start(self) -> Listener:
        self.thread.start()
        return self

    def run(self) -> None:
        import redis

        while not self.stop_event.is_set():
            try:
                client = redis.Redis.from_url(
                    self.url, socket_timeout=2, socket_connect_timeout=1
                )
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe("push:game:*")
                while not self.stop_event.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message and message["type"] == "pmessage":
                        game_id = int(message["channel"].decode().rsplit(":", 1)[1])
                        with contextlib.suppress(ValueError):
                            self.messages.append(
                                (game_id, int(message["data"]), time.monotonic())
                            )
            except (redis.RedisError, OSError):
                time.sleep(0.3)

    def stop(self) -> None:
        self.stop_event.set()
        self.thread.join(5)


# The faults.


@dataclass
class Timing:
    lead: float
    fault: float
    after: float
    settle: float


QUICK = Timing(lead=3, fault=8, after=4, settle=150)
FULL = Timing(lead=5, fault=30, after=10, settle=180)


def inject(name: str, cluster: FaultCluster, timing: Timing, stop_at: float) -> dict:
    """Starts the fault `name`, holds it for timing.fault s, ends it; returns
    what it did."""
    cache, broker, sink = cluster.cache_redis, cluster.broker_redis, cluster.sink
    did: dict = {}
    if name == "none":
        time.sleep(timing.fault)
    elif name == "redis-stopped":
        cache.stop()
        time.sleep(timing.fault)
        cache.start()
    elif name == "redis-frozen":
        cache.freeze()
        time.sleep(timing.fault)
        cache.thaw()
    elif name == "broker-stopped":
        # While a worker holds a message: an email it is sending (acks_late).
        end = time.monotonic() + timing.fault
        sink.hold(False)
        did["holding"] = sink.held.wait(timing.fault / 2)
        broker.stop()
        time.sleep(1)
        sink.release()
        time.sleep(max(0.0, end - time.monotonic()))
        broker.start()
    elif name == "worker-killed":
        did["kills"] = []
        end = time.monotonic() + timing.fault
        for after_data in (True, False):
            sink.hold(after_data)
            if not sink.held.wait(max(0.0, end - time.monotonic())):
                sink.hold(None)  # no email came in time
                did["kills"].append("no email to hold")
                continue
            sender = pid_of_port(sink.held_peer)
            index = None if sender is None else cluster.worker_of(sender)
            if index is None:
                sink.release()
                did["kills"].append(f"the sender (pid {sender}) is no worker's")
                continue
            pid = cluster.kill_worker(index)
            sink.release()
            did["kills"].append(
                f"worker{index} (pid {pid}) killed while sending, "
                + ("after the sink took the email in" if after_data else "before MAIL")
            )
            cluster.supervise()  # starts it again
        time.sleep(max(0.0, end - time.monotonic()))
    else:
        raise ValueError(name)
    return did


def settle(deadline: float) -> int:
    """Waits until no outbox row is pending; returns how many are left."""
    from django.db import connection

    from games.models import Notification

    while True:
        left = Notification.objects.filter(state=Notification.State.PENDING).count()
        if not left or time.monotonic() > deadline:
            connection.close()
            return left
        time.sleep(1)


def phase(
    name: str,
    cluster: FaultCluster,
    pairs: list[Pair],
    watcher: Client,
    table: int,
    record: Record,
    listener: Listener,
    timing: Timing,
) -> dict:
    from games.models import Move, Notification

    record.phase = name
    record.errors.clear()
    first_row = (
        Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    )
    sent_before = len(cluster.sink.messages)
    stop = threading.Event()
    threads = [
        threading.Thread(target=play, args=(pair, c, stop, FAULTS.index(name) * 10 + i))
        for i, (pair, c) in enumerate((p, c) for p in pairs for c in (p.a, p.b))
    ]
    threads.append(threading.Thread(target=watch, args=(watcher, table, stop)))
    exited: list[str] = []
    supervised = threading.Event()

    def supervisor():
        while not supervised.wait(0.5):
            exited.extend(cluster.supervise())

    watchdog = threading.Thread(target=supervisor, daemon=True)
    watchdog.start()
    began = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(timing.lead)
    fault_from = time.monotonic()
    did = inject(name, cluster, timing, fault_from + timing.fault)
    fault_to = time.monotonic()
    time.sleep(timing.after)
    stop.set()
    for thread in threads:
        thread.join(60)
    ended = time.monotonic()
    left = settle(time.monotonic() + timing.settle)
    time.sleep(1)  # the last pushes
    supervised.set()
    watchdog.join(10)

    answers = [a for a in record.answers if a.phase == name]
    during = [a for a in answers if fault_from <= a.started <= fault_to]
    moves = [a for a in during if a.kind == "move" and a.status == 200]
    others = [a for a in during if a.who == WATCHER and isinstance(a.status, int)]
    errors5 = [a for a in answers if isinstance(a.status, int) and a.status >= 500]
    failed = [a for a in answers if not isinstance(a.status, int)]
    statuses = collections.Counter(
        (a.kind, a.status) for a in answers if a.kind == "move"
    )

    # Moves: every 200 in the move log, nothing else there.
    ok_moves = [a for a in answers if a.kind == "move" and a.status == 200]
    games = {a.game_id for a in answers if a.kind == "move"}
    logged = collections.Counter(
        Move.objects.filter(game_id__in=games).values_list("game_id", flat=True)
    )
    answered = collections.Counter(  # a game's moves of every phase
        a.game_id
        for a in list(record.answers)
        if a.kind == "move" and a.status == 200 and a.game_id in games
    )
    moves_off = sum(abs(logged[g] - answered[g]) for g in games)

    # Events: each answered move's version once on push:game:<id>.
    heard = collections.Counter((g, v) for g, v, _ in listener.messages if g in games)
    expected = {(a.game_id, a.version): a for a in ok_moves}
    lost = [k for k in expected if not heard[k]]
    window = (fault_from - 0.5, fault_to + 5.0)  # push's breaker and reconnection
    lost_outage = [k for k in lost if window[0] <= expected[k].started <= window[1]]
    doubled = [k for k, n in heard.items() if n > 1 and k in expected]

    # Emails: each row of the phase against the sink's messages.
    rows = dict(
        Notification.objects.filter(pk__gt=first_row).values_list("pk", "state")
    )
    copies = collections.Counter()
    for message in cluster.sink.messages[sent_before:]:
        found = MESSAGE_ID.search(message["id"])
        if found:
            copies[int(found[1])] += 1
    State = Notification.State
    email_lost = [pk for pk, s in rows.items() if s == State.SENT and not copies[pk]]
    email_lost += [pk for pk, s in rows.items() if s == State.PENDING]
    email_doubled = [pk for pk, n in copies.items() if n > 1]

    ms = [a.ms for a in moves]
    return {
        "fault": name,
        "seconds": {
            "fault": round(fault_to - fault_from, 1),
            "phase": round(ended - began, 1),
        },
        "did": did,
        "processes_exited": exited,
        "moves_answered": len(moves),
        "moves_p95_ms": _round(p95(ms)),
        "moves_max_ms": _round(max(ms) if ms else None),
        "others_requests": len(others),
        "others_p95_ms": _round(p95([a.ms for a in others])),
        "others_by_kind": {
            kind: [len(ms), _round(p95(ms))]
            for kind in sorted({a.kind for a in others})
            for ms in [[a.ms for a in others if a.kind == kind]]
        },
        "others_slowest": [
            f"{a.kind} {a.ms:.0f} ms" for a in sorted(others, key=lambda a: -a.ms)[:3]
        ],
        "moves_in_phase": len(ok_moves),
        "move_statuses": {f"{s}": n for (_, s), n in sorted(statuses.items(), key=str)},
        "5xx": len(errors5),
        "5xx_detail": [f"{a.kind} {a.status}" for a in errors5[:10]],
        "client_errors": list(record.errors),
        "failed_connections": len(failed),
        "moves_applied_not_answered": moves_off,
        "events_expected": len(expected),
        "events_lost": len(lost),
        "events_lost_outside_outage": len(lost) - len(lost_outage),
        "events_doubled": len(doubled),
        "email_rows": len(rows),
        "emails_sent": sum(1 for s in rows.values() if s == State.SENT),
        "emails_skipped": sum(1 for s in rows.values() if s == State.SKIPPED),
        "emails_received": sum(copies.values()),
        "emails_lost": len(email_lost),
        "emails_doubled_same_id": len(email_doubled),
        "emails_pending_after_settle": left,
    }


def _round(value):
    return None if value is None else round(value, 1)


def goals(result: dict) -> list[str]:
    missed = []
    if result["5xx"]:
        missed.append(f"{result['5xx']} x 5xx")
    if result["moves_applied_not_answered"]:
        missed.append("moves applied and answered differ")
    if result["events_lost_outside_outage"]:
        missed.append(f"{result['events_lost_outside_outage']} events lost")
    if result["events_doubled"]:
        missed.append(f"{result['events_doubled']} events doubled")
    if result["processes_exited"]:
        missed.append(
            f"{len(result['processes_exited'])} processes exited on their own"
        )
    if result["client_errors"]:
        missed.append(f"clients failed: {result['client_errors']}")
    if result["emails_lost"]:
        missed.append(f"{result['emails_lost']} emails lost")
    if result["fault"] == "redis-frozen":
        p = result["others_p95_ms"]
        if p is None or p > P95_GOAL_MS:
            missed.append(f"others' p95 {p} ms during the freeze")
    return missed


def show(result: dict) -> None:
    r = result
    print(
        f"== {r['fault']} ({r['seconds']['fault']} s of fault, "
        f"{r['seconds']['phase']} s of play)"
    )
    for line in r["did"].get("kills", []):
        print(f"   {line}")
    if "holding" in r["did"]:
        print(
            f"   a worker was sending an email as the broker stopped: {r['did']['holding']}"
        )
    for line in r["processes_exited"]:
        print(f"   started again (as compose.yaml's restart policy does): {line}")
    print(
        f"   moves answered during the fault: {r['moves_answered']}, "
        f"p95 {r['moves_p95_ms']} ms (max {r['moves_max_ms']} ms)"
    )
    print(
        f"   other people's requests during the fault: {r['others_requests']}, "
        f"p95 {r['others_p95_ms']} ms (slowest: {', '.join(r['others_slowest'])})"
    )
    kinds = ", ".join(
        f"{k} {n} p95 {v} ms" for k, (n, v) in r["others_by_kind"].items()
    )
    print(f"     by kind: {kinds}")
    print(
        f"   moves of the phase: {r['moves_in_phase']} answered 200; statuses "
        f"{r['move_statuses']}; applied but not answered (or the reverse): "
        f"{r['moves_applied_not_answered']}"
    )
    print(
        f"   5xx: {r['5xx']} {r['5xx_detail'] or ''}; failed connections: "
        f"{r['failed_connections']}"
    )
    print(
        f"   events: {r['events_expected']} expected, lost {r['events_lost']} "
        f"({r['events_lost_outside_outage']} outside the outage), "
        f"doubled {r['events_doubled']}"
    )
    print(
        f"   emails: {r['email_rows']} rows, {r['emails_sent']} sent, "
        f"{r['emails_skipped']} skipped; {r['emails_received']} received; "
        f"lost {r['emails_lost']}, doubled {r['emails_doubled_same_id']} "
        f"(same Message-ID); pending after settling {r['emails_pending_after_settle']}"
    )
    missed = goals(r)
    print(f"   goals: {'met' if not missed else 'MISSED: ' + '; '.join(missed)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="short phases, 1 table each"
    )
    parser.add_argument("--faults", default=",".join(FAULTS))
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--keep", action="store_true", help="keep the logs folder")
    args = parser.parse_args(argv)
    faults = [f for f in args.faults.split(",") if f]
    unknown = set(faults) - set(FAULTS)
    if unknown:
        parser.error(f"unknown faults: {sorted(unknown)}")
    if not os.environ.get("DATABASE_URL", "").startswith(
        ("postgres://", "postgresql://")
    ):
        print("faults: DATABASE_URL must name a PostgreSQL server", file=sys.stderr)
        return 2
    timing = QUICK if args.quick else FULL
    tables = 1 if args.quick else 2

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)
    started = time.monotonic()
    results = []
    with RedisProcess() as cache, RedisProcess() as broker:
        sink = Sink().start()
        cluster = FaultCluster(cache, broker, sink)
        cluster.keep = args.keep
        try:
            with cluster:
                print(
                    f"faults: cluster ready in {time.monotonic() - started:.0f} s "
                    f"({cluster.url}; logs in {cluster.var_dir})",
                    flush=True,
                )
                os.environ.update(
                    {
                        k: v
                        for k, v in cluster.environ().items()
                        if k not in ("CACHE_URL", "PUSH_REDIS_URL")
                    }
                )
                sys.path.insert(0, str(BASE_DIR))
                import django

                django.setup()
                logging.getLogger("httpx").setLevel(logging.WARNING)
                record = Record()
                base = cluster.url
                pairs = []
                for a, b in PAIRS:
                    ca, cb = Client(base, a, record), Client(base, b, record)
                    ca.log_in()
                    cb.log_in()
                    pairs.append(Pair(ca, cb, tables))
                watcher = Client(base, WATCHER, record)
                watcher.log_in()
                table = watcher.new_table()
                listener = Listener(cache.url(0)).start()
                for name in faults:
                    result = phase(
                        name, cluster, pairs, watcher, table, record, listener, timing
                    )
                    results.append(result)
                    show(result)
                    sys.stdout.flush()
                listener.stop()
        finally:
            sink.stop()
    by_fault = {r["fault"]: r for r in results}
    if "none" in by_fault and "redis-frozen" in by_fault:
        print(
            "other people's p95: "
            f"{by_fault['redis-frozen']['others_p95_ms']} ms with Redis frozen, "
            f"{by_fault['none']['others_p95_ms']} ms without a fault (the machine's share)"
        )
    missed = {r["fault"]: goals(r) for r in results if goals(r)}
    if args.json:
        args.json.write_text(
            json.dumps(
                {"quick": args.quick, "results": results, "missed": missed}, indent=1
            )
        )
    took = time.monotonic() - started
    if missed:
        print(
            f"faults: FAILED ({'; '.join(f'{k}: {v}' for k, v in missed.items())}) "
            f"in {took:.0f} s"
        )
        return 1
    print(f"faults: ok ({len(results)} faults in {took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
