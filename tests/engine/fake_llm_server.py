"""A real HTTP server on 127.0.0.1 that speaks OpenAI's /v1/chat/completions, for the LLM adapter's
tests. It runs in a thread of the test process; `FakeLLM.script` queues behaviours for the next
requests ("ok", "500", "stall", "not json", or any callable), after which it answers like a
well-behaved model would:

- an extraction prompt gets one memory per message: "<speaker> told the model: <message>"
- a summarization prompt gets one line per turn: "<speaker> said (model summary): <text>"

Every request is recorded (path, headers, parsed body) for the tests to inspect.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


@dataclass
class Reply:
    status: int = 200
    body: bytes | dict | None = None
    headers: dict[str, str] = field(default_factory=dict)
    stall: bool = False  # hold the request until the test ends (longer than any client timeout)


def completion(content: str, finish_reason: str = "stop") -> dict:
    return {"id": "cmpl-1", "object": "chat.completion", "model": "fake-model",
            "choices": [{"index": 0, "finish_reason": finish_reason,
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def well_behaved(request: dict) -> Reply:
    system = request["messages"][0]["content"]
    user = json.loads(request["messages"][1]["content"])
    if system.startswith("You extract"):
        message = user["message"].strip().rstrip(".!")
        memories = [{"kind": "fact", "text": f"{user['speaker']} told the model: {message}", "slot": None,
                     "fields": {"source": "fake"}, "importance": 0.66, "privacy": "personal"}]
        return Reply(body=completion(json.dumps({"memories": memories})))
    if system.startswith("You compress"):
        lines = [{"turn": t["turn"], "kind": "fact",
                  "text": f"{t['speaker']} said (model summary): {t['text'].strip().rstrip('.!')}"}
                 for t in user["turns"]]
        return Reply(body=completion(json.dumps({"lines": lines})))
    return Reply(status=400, body={"error": {"message": "unknown prompt"}})


BEHAVIOURS: dict[str, Callable[[dict], Reply]] = {
    "ok": well_behaved,
    "500": lambda r: Reply(status=500, body={"error": {"message": "internal error"}}),
    "503": lambda r: Reply(status=503, body={"error": {"message": "overloaded"}}),
    "stall": lambda r: Reply(stall=True),
    "not json": lambda r: Reply(body=completion("Sure! Here is what I remember: the user likes Python.")),
    "wrong schema": lambda r: Reply(body=completion(json.dumps({"items": [{"what": "something"}]}))),
    "bad kind": lambda r: Reply(body=completion(json.dumps(
        {"memories": [{"kind": "opinion", "text": "The user has an opinion"}], "lines": [{"turn": 0, "kind": "vibe", "text": "x y z"}]}))),
    "not a completion": lambda r: Reply(body={"result": "fine"}),
    "html": lambda r: Reply(body=b"<html>502 Bad Gateway</html>", headers={"Content-Type": "text/html"}),
}


class FakeLLM:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.script: list[str | Callable[[dict], Reply]] = []
        self.default: str | Callable[[dict], Reply] = "ok"
        self.release = threading.Event()
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                with fake._lock:
                    fake.requests.append({"path": self.path, "headers": dict(self.headers.items()),
                                          "body": body, "raw": raw})
                    step = fake.script.pop(0) if fake.script else fake.default
                behaviour = BEHAVIOURS[step] if isinstance(step, str) else step
                reply = behaviour(body) if self.path == "/v1/chat/completions" and body else Reply(status=404)
                if reply.stall:
                    fake.release.wait(30)
                    return
                payload = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body or {}).encode()
                self.send_response(reply.status)
                headers = {"Content-Type": "application/json", **reply.headers}
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02},
                                        daemon=True)
        self._thread.start()

    def of_kind(self, prefix: str) -> list[dict]:
        """Recorded requests whose system prompt starts with `prefix` ("You extract", "You compress")."""
        with self._lock:
            return [r for r in self.requests
                    if r["body"] and r["body"]["messages"][0]["content"].startswith(prefix)]

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
