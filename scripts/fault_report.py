"""What scripts/faults.py measured in one phase, its goals, and its lines."""

from __future__ import annotations

import collections
import re
from dataclasses import dataclass, field

from fault_clients import Listener, Record
from fault_site import WATCHER

P95_GOAL_MS = 300.0
MESSAGE_ID = re.compile(r"<notification\.(\d+)\.\d+@")


def p95(values) -> float | None:
    values = sorted(values)
    if not values:
        return None
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


def rounded(value):
    return None if value is None else round(value, 1)


@dataclass
class Window:
    """One phase's instants (time.monotonic) and what it did."""

    name: str
    began: float
    fault_from: float
    fault_to: float
    ended: float
    first_row: int  # the last outbox row before the phase
    sent_before: int  # the sink's messages before the phase
    did: dict = field(default_factory=dict)
    exited: list = field(default_factory=list)
    left: int = 0  # outbox rows pending after settling


def measure(window: Window, record: Record, listener: Listener, messages) -> dict:
    """The figures of one phase: its answers, its moves in the move log, the
    push events heard, the outbox rows against the sink's `messages`."""
    from games.models import Move, Notification

    name, fault_from, fault_to = window.name, window.fault_from, window.fault_to
    began, ended, first_row = window.began, window.ended, window.first_row
    sent_before, did, exited, left = (
        window.sent_before,
        window.did,
        window.exited,
        window.left,
    )
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
    for message in messages[sent_before:]:
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
        "moves_p95_ms": rounded(p95(ms)),
        "moves_max_ms": rounded(max(ms) if ms else None),
        "others_requests": len(others),
        "others_p95_ms": rounded(p95([a.ms for a in others])),
        "others_by_kind": {
            kind: [len(ms), rounded(p95(ms))]
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
