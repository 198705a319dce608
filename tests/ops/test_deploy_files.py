"""The deployment's documents stay complete: every variable the settings read
is in the README's configuration table, and compose.yaml sets only those."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Read by prometheus-client itself, not by config/settings.py.
LIBRARY_VARIABLES = {"PROMETHEUS_MULTIPROC_DIR"}


def settings_variables() -> set[str]:
    text = (ROOT / "config" / "settings.py").read_text()
    return set(re.findall(r"[eE]nv(?:\(\))?\.\w+\(\s*\"([A-Z_]+)\"", text))


def readme_table_variables() -> set[str]:
    text = (ROOT / "README.md").read_text()
    table = text.split("## Configuration (production)", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return {v for row in rows for v in re.findall(r"`([A-Z_]+)`", row.split("|")[1])}


def test_every_setting_read_from_the_environment_is_in_the_readme_table():
    found = settings_variables()
    assert {"DATABASE_URL", "SECRET_KEY", "LOG_FORMAT", "METRICS_TOKEN"} <= found
    missing = found - readme_table_variables()
    assert not missing, f"not in the README's configuration table: {sorted(missing)}"


def test_the_readme_table_lists_each_variable_once():
    text = (ROOT / "README.md").read_text()
    table = text.split("## Configuration (production)", 1)[1].split("\n## ", 1)[0]
    firsts = [
        name
        for line in table.splitlines()
        if line.startswith("| `")
        for name in re.findall(r"`([A-Z_]+)`", line.split("|")[1])
    ]
    assert len(firsts) == len(set(firsts)), firsts


def test_compose_sets_only_variables_the_site_reads():
    text = (ROOT / "compose.yaml").read_text()
    block = text.split("  environment: &env\n", 1)[1].split("\n  depends_on:", 1)[0]
    names = set(re.findall(r"^    ([A-Z_]+):", block, flags=re.M))
    assert {"SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL"} <= names
    unknown = names - settings_variables() - LIBRARY_VARIABLES
    assert not unknown, sorted(unknown)


def test_compose_runs_two_web_nodes_two_workers_and_one_beat():
    text = (ROOT / "compose.yaml").read_text()
    assert re.search(r"^  web1: \*web$", text, flags=re.M)
    assert re.search(r"^  web2: \*web$", text, flags=re.M)
    worker = text.split("\n  worker:\n", 1)[1].split("\n\n", 1)[0]
    assert "replicas: 2" in worker
    assert text.count("celery -A config beat") == 1
    for service in ("postgres", "redis", "proxy"):
        assert re.search(rf"^  {service}:$", text, flags=re.M), service
