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


# --- how the web nodes are started ------------------------------------------------

ASGI = "uvicorn config.asgi:application"


def deploy_guide_web_command() -> str:
    text = (ROOT / "docs" / "deploy.md").read_text()
    [row] = [line for line in text.splitlines() if line.startswith("| web node |")]
    [command] = re.findall(r"`([^`]+)`", row.split("|")[2])
    return command


def documented_web_commands() -> list[tuple[str, str]]:
    """(where, command) of every uvicorn command of the docs (code spans and
    blocks), compose.yaml, the Dockerfile and scripts/cluster.py."""
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text()
        blocks = re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S)
        spans = re.findall(
            r"`([^`\n]+(?:\n[^`\n]+)?)`", re.sub(r"```.*?```", "", text, flags=re.S)
        )
        for chunk in [*blocks, *spans]:
            for line in chunk.splitlines() if chunk in blocks else [chunk]:
                command = " ".join(line.split())
                if command.startswith(ASGI):
                    found.append((path.name, command))
    compose = (ROOT / "compose.yaml").read_text()
    web = compose.split("x-web: &web", 1)[1].split("healthcheck:", 1)[0]
    found.append(("compose.yaml", " ".join(web.split(">-", 1)[1].split())))
    docker = (ROOT / "Dockerfile").read_text()
    cmd = docker.split("CMD [", 1)[1].split("]", 1)[0]
    found.append(("Dockerfile", " ".join(re.findall(r'"([^"]+)"', cmd))))
    cluster = (ROOT / "scripts" / "cluster.py").read_text()
    web = cluster.split('"uvicorn", "config.asgi:application"]', 1)[1]
    spawn = web.split("self.spawn(", 1)[0]  # up to the next process
    found.append(
        ("scripts/cluster.py", ASGI + " " + " ".join(re.findall(r'"(--[^"]+)"', spawn)))
    )
    return found


def test_the_readme_scales_out_with_the_deploy_guides_command():
    command = deploy_guide_web_command()
    assert "--no-proxy-headers" in command.split()
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Scaling out", 1)[1].split("\n## ", 1)[0]
    assert command in section


def test_every_documented_web_node_ignores_forwarded_headers_itself():
    """uvicorn believes `X-Forwarded-For` from 127.0.0.1 unless told not to, and
    a forged one from loopback then passes for the client: every command that
    starts a web node says --no-proxy-headers (Django decides what to trust)."""
    commands = documented_web_commands()
    places = {where for where, _ in commands}
    assert {"README.md", "deploy.md", "compose.yaml", "Dockerfile"} <= places
    wrong = [
        (where, command)
        for where, command in commands
        if "--no-proxy-headers" not in command.split()
        and "--forwarded-allow-ips" not in command
    ]
    assert not wrong, wrong


def test_compose_opens_the_metrics_to_no_address_by_default():
    """Every request reaches the nodes through Caddy: no address is trusted
    unless the operator names it (METRICS_ALLOWED_IPS) or sets the token."""
    text = (ROOT / "compose.yaml").read_text()
    [default] = re.findall(
        r"METRICS_ALLOWED_IPS: \$\{METRICS_ALLOWED_IPS:-([^}]*)\}", text
    )
    assert default == ""
