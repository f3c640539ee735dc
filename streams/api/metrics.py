"""Prometheus metrics of one API server (`GET /metrics`): ingest, processing lag, recall latency,
dead letters, forgets, and requests by route and status. Each app has its own registry, so two
servers in one process (tests) never mix their counts."""
from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

#: Latency buckets in seconds, finer where recall should land (a few milliseconds).
_BUCKETS = (0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    def __init__(self, service) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self._turns = Counter("memstream_turns_total", "Turns received over HTTP, by outcome.", ["outcome"],
                              registry=r)
        self._forgets = Counter("memstream_forgotten_memories_total", "Memories forgotten through the API.",
                                registry=r)
        self._recall = Histogram("memstream_recall_seconds", "Recall and context latency inside the server.",
                                 ["endpoint"], buckets=_BUCKETS, registry=r)
        self._requests = Histogram("memstream_http_request_seconds", "HTTP requests by route and status.",
                                   ["method", "route", "status"], buckets=_BUCKETS, registry=r)
        lag = Gauge("memstream_processing_lag_entries", "Log entries not yet projected into the view.",
                    registry=r)
        lag.set_function(lambda: float(service.pending() or 0))
        dead = Gauge("memstream_dead_letters", "Log entries that could not be processed.", registry=r)
        dead.set_function(lambda: float(service.dead_letter_count()))

    def ingested(self, accepted: int, present: int, rejected: int) -> None:
        for outcome, n in (("accepted", accepted), ("already_present", present), ("rejected", rejected)):
            if n:
                self._turns.labels(outcome).inc(n)

    def forgot(self, n: int) -> None:
        if n:
            self._forgets.inc(n)

    def recalled(self, endpoint: str, seconds: float) -> None:
        self._recall.labels(endpoint).observe(seconds)

    def request(self, method: str, route: str, status: int, seconds: float) -> None:
        self._requests.labels(method, route, str(status)).observe(seconds)

    def render(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
