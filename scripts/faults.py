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
of people play a two-player table of the lobby's first game (FAULTS_GAME
to choose another) over HTTP as a browser's htmx does (log-in form, new
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

Beside it: fault_site.py (the cluster, its Redis servers, the SMTP sink),
fault_clients.py (the people and the push listener), fault_report.py (the
figures of a phase, its goals, its lines).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/
from cluster import BASE_DIR  # noqa: E402
from fault_clients import Client, Listener, Pair, Record, play, watch  # noqa: E402
from fault_report import Window, goals, measure, show  # noqa: E402
from fault_site import PAIRS, WATCHER, FaultCluster, Sink, pid_of_port  # noqa: E402
from redis_process import RedisProcess  # noqa: E402

FAULTS = ("none", "redis-stopped", "redis-frozen", "broker-stopped", "worker-killed")

# The faults.


@dataclass
class Timing:
    lead: float
    fault: float
    after: float
    settle: float


QUICK = Timing(lead=3, fault=8, after=4, settle=150)
FULL = Timing(lead=5, fault=30, after=10, settle=180)


def inject(name: str, cluster: FaultCluster, timing: Timing) -> dict:
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
    from games.models import Notification

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
    did = inject(name, cluster, timing)
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
    window = Window(
        name,
        began,
        fault_from,
        fault_to,
        ended,
        first_row,
        sent_before,
        did,
        exited,
        left,
    )
    return measure(window, record, listener, cluster.sink.messages)


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
