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
    nginx = (DOCKER / "api.nginx.conf").read_text()
    assert all(f"server {h}:6066" in nginx for h in hosts)
    assert "Dockerfile" in workers[0]["build"]["dockerfile"]
