"""One runner per section of the bench: runs it, keeps its rows in `results`,
prints its table."""

from __future__ import annotations

from .tables import n0, n1, n2, table


def run_engines(world, p, levels, args, results, sections):
    from bench import engines_section

    rows = engines_section.run(budget=p["budget"], min_games=1)
    results["engines"] = rows
    body = []
    for r in rows:
        if "error" in r:
            body.append(
                [r["engine"], r["players"], "error", r["error"][:60], "", "", ""]
            )
            continue
        target = "met" if r["decisions_s"] >= 10_000 else "NOT met"
        body.append(
            [
                r["engine"],
                r["players"],
                r["games"],
                n1(r["games_s"]),
                n0(r["decisions_s"]),
                n1(r["mean"]),
                target,
            ]
        )
        if "baseline" in r:
            b = r["baseline"]
            met = "met" if r["ratio"] <= 2 else "NOT met"
            body.append(
                [
                    " baseline: mutable",
                    r["players"],
                    b["games"],
                    n1(b["games_s"]),
                    n0(b["decisions_s"]),
                    n1(b["mean"]),
                    f"{r['ratio']:.1f}× faster ({met}, ≤ 2×)",
                ]
            )
        for key, label in (
            ("loop", " the loop alone (null engine)"),
            ("floor", " the contract's floor (no rules)"),
        ):
            if key in r:
                row, b = r[key], r["baseline"]
                body.append(
                    [
                        label,
                        2,
                        row["games"],
                        n1(row["games_s"]),
                        n0(row["decisions_s"]),
                        n1(row["mean"]),
                        f"{b['decisions_s'] / row['decisions_s']:.2f}× the baseline's cost",
                    ]
                )
    return table(
        "1. Engines: random games through legal_moves + apply (checks off)",
        [
            "engine",
            "players",
            "games",
            "games/s",
            "decisions/s",
            "decisions/game",
            "target ≥ 10,000 decisions/s",
        ],
        body,
    )


def run_http(world, p, levels, args, results, sections):
    from bench import http_section

    rows = http_section.run(
        world,
        levels,
        p["seconds"],
        p["warmup"],
        args.workers,
        p["idle"],
        rounds=args.rounds or p["rounds"],
        do_move="http" in sections,
        do_poll="poll" in sections,
        against=args.against,
        no_board=args.no_board,
        log=lambda s: print(s, flush=True),
    )
    rounds = args.rounds or p["rounds"]
    results["http"] = {
        k: [(c, _phase(m), _phase(b)) for c, m, b in rows[k]] for k in ("move", "poll")
    }
    texts = []
    if rows["no_board"]:
        body = []
        for _kind, c, alone, base in rows["no_board"]:
            mine = next(m for cc, m, _b in rows["move"] if cc == c)
            body.append(
                [
                    c,
                    n1(alone.rate),
                    n1(mine.rate),
                    n1(base.rate),
                    f"{alone.rate / base.rate:.2f}" if base.rate else "",
                    f"{mine.rate / base.rate:.2f}" if base.rate else "",
                    n2(alone.server_ms),
                    n2(alone.db_ms),
                    n2(alone.busy_ms),
                    n2(mine.busy_ms),
                    n2(base.busy_ms),
                ]
            )
        texts.append(
            table(
                "The move POST without its board (the same move, answered with "
                "two bytes), same rounds",
                [
                    "clients",
                    "no board /s",
                    "move /s",
                    "bare /s",
                    "no board ratio",
                    "move ratio",
                    "no board server CPU ms",
                    "no board PostgreSQL CPU ms",
                    "machine busy ms: no board",
                    "move",
                    "bare",
                ],
                body,
            )
        )
    if rows["against"]:
        body = []
        for kind, c, theirs, base in rows["against"]:
            mine = next(m for cc, m, _b in rows[kind] if cc == c)
            body.append(
                [
                    kind,
                    c,
                    n1(theirs.rate),
                    n1(mine.rate),
                    f"{theirs.rate / base.rate:.2f}" if base.rate else "",
                    f"{mine.rate / base.rate:.2f}" if base.rate else "",
                    n1(theirs.pct(95)),
                    n1(mine.pct(95)),
                    n2(theirs.server_ms),
                    n2(mine.server_ms),
                    f"{n2(theirs.db_ms)} / {n2(mine.db_ms)}",
                ]
            )
        texts.append(
            table(
                f"A/B: {args.against} (A) against this checkout (B), same rounds",
                [
                    "request",
                    "clients",
                    "A /s",
                    "B /s",
                    "A ratio",
                    "B ratio",
                    "A p95",
                    "B p95",
                    "A server CPU ms",
                    "B server CPU ms",
                    "PostgreSQL CPU ms A / B",
                ],
                body,
            )
        )
    if rows["move"]:
        body = []
        for c, m, b in rows["move"]:
            thr = m.rate / b.rate if b.rate else 0
            p95 = m.pct(95) / b.pct(95) if b.latencies else float("nan")
            verdict = ""
            if c >= 10:
                ok = thr >= 0.5 and p95 <= 2.5
                verdict = f"{'met' if ok else 'NOT met'}"
            body.append(
                [
                    c,
                    n1(m.rate),
                    n1(m.pct(50)),
                    n1(m.pct(95)),
                    n1(m.pct(99)),
                    m.errors,
                    n1(b.rate),
                    n1(b.pct(50)),
                    n1(b.pct(95)),
                    n1(b.pct(99)),
                    f"{thr:.2f}",
                    f"{p95:.2f}",
                    verdict,
                    n2(m.server_ms),
                    n2(b.server_ms),
                    f"{m.server_ms / b.server_ms:.2f}" if b.server_ms else "",
                    f"{n2(m.client_ms)} / {n2(b.client_ms)}",
                    f"{n2(m.db_ms)} / {n2(b.db_ms)}",
                ]
            )
        texts.append(
            table(
                f"2. Move POST over HTTP (gunicorn, {args.workers} sync workers, PostgreSQL, "
                f"{rounds} × {p['seconds']:g} s per level) vs bare UPDATE view",
                [
                    "clients",
                    "moves/s",
                    "p50 ms",
                    "p95 ms",
                    "p99 ms",
                    "errors",
                    "bare/s",
                    "bare p50",
                    "bare p95",
                    "bare p99",
                    "throughput ratio",
                    "p95 ratio",
                    "target (≥0.5, ≤2.5)",
                    "server CPU ms/move",
                    "bare CPU ms",
                    "CPU ratio",
                    "load generator CPU ms (move / bare)",
                    "PostgreSQL CPU ms (move / bare)",
                ],
                body,
                note=f"{rows['moves_made']} moves played over HTTP; "
                f"{p['idle']} more games in progress in the database.",
            )
        )
    if rows["move"]:
        from bench import inprocess

        fast = results["fast_path"] = inprocess.fast_path()
        if fast:
            f, o = fast["fast"], fast["orm"]
            texts.append(
                table(
                    "The one fast path: the locked game with its seats and their "
                    "users (games/rows.py) against the same read through the ORM, "
                    f"in-process, median of {fast['repeat']} each",
                    ["read", "CPU ms", "wall ms", "queries", "CPU ÷ ORM's"],
                    [
                        [
                            "games.rows.game_with_seats",
                            n2(f["cpu_ms"]),
                            n2(f["wall_ms"]),
                            f["queries"],
                            f"{f['cpu_ms'] / o['cpu_ms']:.2f}" if o["cpu_ms"] else "",
                        ],
                        [
                            "ORM: select_for_update + prefetch",
                            n2(o["cpu_ms"]),
                            n2(o["wall_ms"]),
                            o["queries"],
                            "1.00",
                        ],
                    ],
                    note=f"Saved per move POST: {n2(o['cpu_ms'] - f['cpu_ms'])} ms "
                    f"of CPU, {o['queries'] - f['queries']} query.",
                )
            )
    if rows["poll"]:
        body = []
        for c, m, b in rows["poll"]:
            thr = m.rate / b.rate if b.rate else 0
            body.append(
                [
                    c,
                    n1(m.rate),
                    n1(m.pct(50)),
                    n1(m.pct(95)),
                    m.errors,
                    n1(b.rate),
                    n1(b.pct(95)),
                    f"{thr:.2f}",
                    "met" if thr >= 0.8 else "NOT met",
                    n0(m.rate * rows["poll_seconds"]),
                ]
            )
        texts.append(
            table(
                "3. Poll (nothing changed: 204) vs the same bare view (GET)",
                [
                    "clients",
                    "polls/s",
                    "p50 ms",
                    "p95 ms",
                    "errors",
                    "bare/s",
                    "bare p95",
                    "ratio",
                    "target ≥ 0.8",
                    f"boards at {rows['poll_seconds']} s (saturated)",
                ],
                body,
            )
        )
    return "\n".join(texts)


def _phase(ph):
    return {
        "rate": ph.rate,
        "p50": ph.pct(50),
        "p95": ph.pct(95),
        "p99": ph.pct(99),
        "n": len(ph.latencies),
        "errors": ph.errors,
        "statuses": ph.statuses,
        "server_cpu_ms": ph.server_ms,
        "client_cpu_ms": ph.client_ms,
        "db_cpu_ms": ph.db_ms,
    }


def run_length(world, p, levels, args, results, sections):
    from bench import inprocess

    res = inprocess.length(repeat=max(2, p["repeat"] // 2))
    results["length"] = res
    body = []
    for r in res["endless"]:
        body.append(
            [
                f"endless game, move {r['move']:,}",
                r["n"],
                n1(r["ms_median"]),
                n1(r["ms_max"]),
                f"{r['queries_min']}–{r['queries_max']}",
                ",".join(map(str, r["statuses"])),
            ]
        )
    whole = res["game"]
    name = whole["name"]
    for label, key in (
        (f"{name} move 1", "first"),
        (f"{name} moves 1–{whole['moves'] - 1}", "all"),
        (f"{name} move {whole['moves'] - 1}", "last_but_one"),
        (f"{name} move {whole['moves']} (ends the game)", "final"),
    ):
        r = whole[key]
        body.append(
            [
                label,
                r["n"],
                n1(r["ms_median"]),
                n1(r["ms_max"]),
                f"{r['queries_min']}–{r['queries_max']}",
                ",".join(map(str, r["statuses"])),
            ]
        )
    qs = [r["queries_max"] for r in res["endless"]]
    flat = len(set(qs)) == 1 and len({r["queries_min"] for r in res["endless"]}) == 1
    verdict = (
        f"queries per move: {'flat' if flat else 'NOT flat'}, max {max(qs)} "
        f"({'met' if flat and max(qs) <= 12 else 'NOT met'}: constant ≤ 12)"
    )
    return table(
        "4. Length of a game: one move POST (in-process test Client, htmx)",
        ["move", "samples", "median ms", "max ms", "queries", "status"],
        body,
        note=verdict,
    )


def run_pages(world, p, levels, args, results, sections):
    from bench import inprocess

    rows = inprocess.pages(repeat=p["repeat"], my_games=200 if p["idle"] > 20 else 20)
    results["pages"] = rows
    body = [
        [
            r["page"],
            r["n"],
            n1(r["ms_median"]),
            n1(r["ms_max"]),
            f"{r['queries_min']}–{r['queries_max']}"
            if r["queries_min"] != r["queries_max"]
            else r["queries_min"],
            ",".join(map(str, r["statuses"])),
        ]
        for r in rows
    ]
    return table(
        "5. Pages (in-process test Client, server time)",
        ["page", "samples", "median ms", "max ms", "queries", "status"],
        body,
    )


def run_sweeps(world, p, levels, args, results, sections):
    from bench import inprocess

    ok, why = inprocess.sweeps_available()
    if not ok:
        results["sweeps"] = f"not available yet ({why})"
        return f"\n## 6. Sweeps\n\nnot available yet ({why})"
    rows = inprocess.sweeps(active=p["sweep"])
    results["sweeps"] = rows
    body = [
        [
            r["sweep"],
            n1(r.get("ms", float("nan"))),
            r.get("queries", "-"),
            r.get("result", r.get("error", "")),
        ]
        for r in rows
    ]
    return table(
        f"6. Sweeps over {p['sweep']:,} active games",
        ["sweep", "ms", "queries", "result"],
        body,
    )


def run_push(world, p, levels, args, results, sections):
    from bench import push_section

    r = push_section.run(
        world,
        boards=args.push_boards or p["push_boards"],
        seconds=args.push_seconds or p["push_seconds"],
        rate=args.push_rate,
        workers=args.workers,
        log=lambda s: print(s, flush=True),
    )
    results["push"] = r
    met = r["held"] >= 10_000 and r["board_p95"] <= 300
    errors = ", ".join(
        f"{k}: {v}" for k, v in {**r["open_errors"], **r["move_errors"]}.items()
    )
    body = [
        [
            "boards asked / held open / still open at the end",
            f"{r['boards']:,} / {r['held']:,} / {r['held_end']:,}",
        ],
        [
            "opening them (100 at a time)",
            f"{r['open_seconds']:.0f} s, p95 {n0(r['open_p95_ms'])} ms",
        ],
        [
            "server CPU per opening (ms); the same workers throughout",
            f"{n1(r['open_cpu_ms'])}; "
            + ("yes" if r["workers_same"] else "NO (one was restarted)"),
        ],
        [
            "moves (rate asked)",
            f"{r['moves']} in {r['seconds']:.0f} s ({r['rate']:g}/s)",
        ],
        ["move POST answered, p50 ms", n0(r["post_p50"])],
        [
            "move → event on the other stream, p50 / p95 ms",
            f"{n0(r['event_p50'])} / {n0(r['event_p95'])}",
        ],
        [
            "move → other page has its board, p50 / p95 ms",
            f"{n0(r['board_p50'])} / {n0(r['board_p95'])}",
        ],
        [
            "server memory, before → after opening (MiB)",
            f"{n0(r['rss_before_mib'])} → {n0(r['rss_after_mib'])}",
        ],
        ["server memory per open board (KiB)", n1(r["kib_per_board"])],
        ["load generator's memory per board (KiB)", n1(r["client_kib_per_board"])],
        ["server CPU during the moves (cores)", n2(r["server_cpu_share"])],
        [
            f"safety polls (one per board per {r['poll_seconds']} s) /s",
            n1(r["safety_polls_s"]),
        ],
        ["errors", errors or "none"],
        ["target: ≥ 10,000 held, p95 (board) ≤ 300 ms", "met" if met else "NOT met"],
    ]
    poll = results.get("http", {}).get("poll") or []
    if poll:
        c, m, _b = poll[-1]
        body.append(
            [
                f"beside it, the poll path ({c} clients): boards at 4 s, saturated",
                n0(m["rate"] * 4),
            ]
        )
    if r.get("server_log_tail"):
        print("the end of the server's log:\n" + r["server_log_tail"], flush=True)
    return table(
        f"Push: open boards on one box (uvicorn, {r['workers']} processes; the load "
        f"generator on the same cores; load average {r['load_average']:.1f} at the end)",
        ["", ""],
        body,
    )


SECTION_RUNNERS = {
    "engines": run_engines,
    "http": run_http,
    "poll": run_http,
    "push": run_push,
    "length": run_length,
    "pages": run_pages,
    "sweeps": run_sweeps,
}
