"""How the bench prints: tables in Markdown, numbers, ratios, the machine."""

from __future__ import annotations

import os
import platform
import subprocess


def table(title: str, head: list[str], rows: list[list], note: str = "") -> str:
    cells = [[str(c) for c in row] for row in rows]
    widths = [
        max(len(h), *(len(r[i]) for r in cells)) if cells else len(h)
        for i, h in enumerate(head)
    ]
    line = "  ".join("-" * w for w in widths)
    out = [
        f"\n## {title}\n",
        "  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)),
        line,
    ]
    for r in cells:
        out.append(
            "  ".join(
                c.rjust(w) if i else c.ljust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    if note:
        out.append(note)
    return "\n".join(out)


def n0(x) -> str:
    return f"{x:,.0f}" if x == x else "-"


def n1(x) -> str:
    return f"{x:,.1f}" if x == x else "-"


def n2(x) -> str:
    return f"{x:,.2f}" if x == x else "-"


def machine() -> str:
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = f"{kb / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    pg = ""
    try:
        pg = subprocess.run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-U",
                "postgres",
                "-tAc",
                "show server_version",
            ],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}), {mem} memory, Python "
        f"{platform.python_version()}, PostgreSQL {pg or '?'}, {platform.platform()}"
    )
