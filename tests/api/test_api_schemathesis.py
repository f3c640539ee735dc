"""Schemathesis over the live OpenAPI document of a running server: generated requests, valid and
invalid, with a valid key. No answer is a 5xx; every answer conforms to the document (status code,
content type, body schema); an invalid request is refused with a 4xx problem document.

`run_schemathesis(base_url, key)` is runtime-agnostic: the embedded test below calls it, and the
Kafka suite calls it with a worker's URL and a key of its own.
"""
from __future__ import annotations

import json
import os
from typing import Iterable

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable

import schemathesis
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

PROBLEM = "application/problem+json"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
#: Examples per operation and mode; MEMSTREAM_SCHEMATHESIS_EXAMPLES=200 for a deeper run.
EXAMPLES = int(os.environ.get("MEMSTREAM_SCHEMATHESIS_EXAMPLES", "25"))
_BOOL = {"true", "false", "1", "0", "yes", "no", "on", "off"}


def _problem_document(response, case) -> None:
    """A 4xx answer is a problem document naming its error, with no stack trace."""
    if 400 <= response.status_code < 500:
        assert response.headers.get("content-type", [""])[0].startswith(PROBLEM), response.headers
        body = json.loads(response.text)
        assert body["status"] == response.status_code and body["title"] and "detail" in body
        assert "Traceback" not in response.text


def _finite(case) -> None:
    """The change stream follows forever unless told not to: ask for what is there (a `follow` value
    that is not a boolean is left alone, so an invalid request stays invalid)."""
    if case.path == "/v1/events":
        query = dict(case.query or {})
        if str(query.get("follow", "false")).lower() in _BOOL:
            query["follow"] = "false"
        case.query = query


def run_schemathesis(base_url: str, key: str, *, max_examples: int = 12,
                     modes: Iterable[GenerationMode] = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE),
                     exclude_path_regex: str = r"^/ui") -> tuple[list[str], dict[str, int]]:
    """Runs generated requests against every operation of the server's /openapi.json (except
    `exclude_path_regex`); returns the failures (one line each) and how many requests were sent by
    operation and mode."""
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json").exclude(path_regex=exclude_path_regex)
    headers = {"Authorization": f"Bearer {key}"}
    failures: list[str] = []
    sent: dict[str, int] = {}
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in modes:
            label = f"{operation.method.upper()} {operation.path} [{mode.value}]"
            checks = CHECKS + ([negative_data_rejection] if mode is GenerationMode.NEGATIVE else [])

            @settings(max_examples=max_examples, deadline=None, database=None, derandomize=True,
                      phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy(generation_mode=mode))
            def exercise(case):
                _finite(case)
                sent[label] = sent.get(label, 0) + 1
                response = case.call_and_validate(base_url=base_url, headers=headers, checks=checks, timeout=30)
                if mode is GenerationMode.NEGATIVE or response.status_code in (401, 403, 404, 422):
                    _problem_document(response, case)

            try:
                exercise()
            except Unsatisfiable:  # no invalid request exists (an operation without parameters)
                assert mode is GenerationMode.NEGATIVE, label
            except (Exception, BaseExceptionGroup) as exc:  # a failing check: collect them all, then report
                failures.append(f"{label}: {type(exc).__name__}: {str(exc)[:1500]}")
    return failures, sent


def test_schemathesis_finds_nothing_on_the_embedded_server(live_server):
    key = live_server.key("acme", "read,write,forget")
    with live_server.client(key) as c:  # something to read, so reads answer with content too
        c.post("/v1/turns", json=[
            {"user_id": "u1", "session_id": "s1", "turn_id": f"t{i}", "role": "user", "text": text,
             "occurred_at": f"2026-05-01T08:0{i}:00Z"}
            for i, text in enumerate(["I keep bees on the roof of my building.",
                                      "My brother Anselm repairs bicycles in Ghent."])])
    failures, sent = run_schemathesis(live_server.url, key, max_examples=EXAMPLES)
    operations = {label.split(" [")[0] for label in sent}
    assert {"POST /v1/turns", "GET /v1/users/{user_id}/recall", "GET /v1/events",
            "GET /v1/memories/{memory_id}/audit", "GET /metrics"} <= operations
    assert not failures, "\n\n".join(failures)
