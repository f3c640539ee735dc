"""The compose file users run elsewhere (no Docker engine here): it must name a real broker, run the
worker command this CLI has, with settings the worker accepts, and put the API in front of them."""
from __future__ import annotations

from pathlib import Path

import yaml

DOCKER = Path(__file__).resolve().parents[2] / "docker"


def test_compose_runs_a_broker_workers_and_an_api_with_valid_settings():
    from streams.cli import build_parser
    from streams.kafka.config import KafkaSettings

    compose = yaml.safe_load((DOCKER / "compose.yaml").read_text())
    services = compose["services"]
    workers = [s for name, s in services.items() if name.startswith("worker-")]
    assert "kafka" in services and "api" in services and len(workers) >= 2
    hosts = set()
    for w in workers:
        args = build_parser().parse_args(w["command"])
        assert args.func.__name__ == "cmd_worker"
        env = w["environment"]
        fields = {k.removeprefix("MEMSTREAM_KAFKA_").lower(): v for k, v in env.items()}
        settings = KafkaSettings(**fields)
        assert settings.bootstrap == "kafka:9092"
        hosts.add(settings.web_advertised_host)
    assert len(hosts) == len(workers)  # each worker is reachable under its own name
    # Each worker's API port is published, under a port of its own.
    published = [w["ports"][0].split(":") for w in workers]
    assert all(inner == "6066" for _, inner in published) and len({outer for outer, _ in published}) == len(workers)
    nginx = (DOCKER / "api.nginx.conf").read_text()
    assert all(f"server {h}:6066" in nginx for h in hosts)
    assert "Dockerfile" in workers[0]["build"]["dockerfile"]


def test_compose_makes_api_keys_on_the_workers_topic():
    """The one-shot `keys` service runs `memstream keys ... --broker` against the compose broker,
    with the workers' partition count."""
    import shlex

    from streams.cli import build_parser

    compose = yaml.safe_load((DOCKER / "compose.yaml").read_text())
    keys = compose["services"]["keys"]
    shell, flag, script, name = keys["entrypoint"]
    assert (shell, flag) == ("sh", "-c")
    # What `docker compose run --rm keys create --tenant acme` executes ($$ is compose's escaped $).
    words = shlex.split(script.replace("$$", "$"))
    assert words[:3] == ["exec", "memstream", "keys"] and words[3] == "$@"
    worker_env = next(s for n, s in compose["services"].items() if n.startswith("worker-"))["environment"]
    for command, func in ((["create", "--tenant", "acme"], "cmd_keys_create"), (["list"], "cmd_keys_list"),
                          (["revoke", "0123456789abcdef"], "cmd_keys_revoke")):
        args = build_parser().parse_args(["keys", *command, *words[4:]])
        assert args.func.__name__ == func
        assert args.broker == worker_env["MEMSTREAM_KAFKA_BROKER"]
        assert str(args.partitions) == worker_env["MEMSTREAM_KAFKA_PARTITIONS"]
