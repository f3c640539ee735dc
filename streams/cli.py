"""The `memstream` command: the engine's commands (engine/cli.py) plus the Kafka runtime's.

    memstream worker --broker kafka://HOST:PORT --data-dir DIR [--web-port 6066]
    memstream ingest --broker kafka://HOST:PORT FILE.jsonl
    memstream recall|context|forget --worker http://HOST:PORT --key K ...  (any worker's /v1 API)
    memstream replay --broker kafka://HOST:PORT --into DIR            (rebuild from the topics)
    memstream digest --data-dir DIR                                   (a stopped worker's directory too)
    memstream serve --data-dir DIR [--port 8080]                      (the HTTP API, streams/api)
    memstream keys create|list|revoke|ui-link --data-dir DIR ...      (its keys)
    memstream keys create|list|revoke --broker kafka://HOST:PORT ...  (the workers' keys)

Kafka settings not given as options come from MEMSTREAM_KAFKA_* (streams/kafka/config.py).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from engine import cli as base
from engine.cli import console, err_console


def _kafka_settings(args: argparse.Namespace, **extra: Any):
    from streams.kafka.config import KafkaSettings

    given = {"broker": getattr(args, "broker", None), "partitions": getattr(args, "partitions", None),
             "app_id": getattr(args, "app_id", None), "topic_prefix": getattr(args, "topic_prefix", None),
             **extra}
    return KafkaSettings(**{k: v for k, v in given.items() if v is not None})


def _kafka_options(p: argparse.ArgumentParser, broker_required: bool = False) -> None:
    p.add_argument("--broker", required=broker_required, default=None,
                   help="kafka://HOST:PORT: use the Kafka runtime (default: MEMSTREAM_KAFKA_BROKER)")
    p.add_argument("--partitions", type=int, default=None, help="partitions of memstream's topics")
    p.add_argument("--app-id", default=None, help="consumer group of the workers")
    p.add_argument("--topic-prefix", default=None)


# -- worker -----------------------------------------------------------------------------------------
def cmd_worker(args: argparse.Namespace) -> int:
    import faust

    from streams.kafka.app import create_app
    from streams.kafka.worker import ensure_topics

    extra = {"web_port": args.web_port} if args.web_port is not None else {}
    if args.web_host:
        extra["web_host"] = args.web_host
    if args.web_advertised_host:
        extra["web_advertised_host"] = args.web_advertised_host
    kcfg = _kafka_settings(args, **extra)
    asyncio.run(ensure_topics(kcfg))
    app, _ = create_app(Path(args.data_dir), kcfg)
    worker = faust.Worker(app, loglevel=args.loglevel, quiet=True)
    worker.execute_from_commandline()
    return 0


# -- ingest -----------------------------------------------------------------------------------------
def cmd_ingest(args: argparse.Namespace) -> int:
    if not args.broker:
        return base.cmd_ingest(args)
    from streams.kafka.client import Producer

    path = Path(args.file)
    if not path.exists():
        err_console.print(f"[red]no such file: {path}")
        return 2
    lines = _jsonl_lines(path)
    kcfg = _kafka_settings(args)

    async def run() -> tuple[int, list[tuple[int, str]]]:
        from engine.jsonl import parse_line

        sent, unparsable = 0, []
        async with Producer(kcfg) as producer:
            batch: list[dict] = []
            for number, line in lines:
                turn, reason = parse_line(line)  # the embedded ingest's rules, line by line
                if turn is None:
                    # Sent as it is: the worker dead-letters it with its reason, like any producer's.
                    await producer.send_raw(producer.topics.turns, None, line)
                    unparsable.append((number, reason or "unparsable"))
                    continue
                batch.append(turn)
                if len(batch) >= 500:
                    sent += await producer.send_turns(batch)
                    batch.clear()
            sent += await producer.send_turns(batch)
        return sent, unparsable

    sent, unparsable = asyncio.run(run())
    console.print(f"sent {sent} turns to {kcfg.bootstrap} (acknowledged by the broker)"
                  + (f"; {len(unparsable)} unparsable lines sent to be dead-lettered" if unparsable else ""))
    for number, reason in unparsable[:20]:
        err_console.print(f"  line {number}: {reason}")
    return 0


def _jsonl_lines(path: Path) -> list[tuple[int, bytes]]:
    """The file's non-blank lines with their numbers, split on b"\n" alone (as engine.jsonl reads
    them: U+2028, U+0085 and the other characters str.splitlines() breaks on belong to the JSON text,
    a line that is not valid UTF-8 stays one line), a leading BOM and a line's trailing CR dropped."""
    out = []
    for number, line in enumerate(path.read_bytes().split(b"\n"), 1):
        if number == 1 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]
        line = line.rstrip(b"\r")
        if line.strip():
            out.append((number, line))
    return out


# -- reads and forgets served by a worker's HTTP API ---------------------------------------------------
def _api_key(args: argparse.Namespace) -> str:
    import os

    key = args.key or os.environ.get("MEMSTREAM_API_KEY")
    if not key:
        raise SystemExit("--worker needs an API key: --key KEY or MEMSTREAM_API_KEY "
                         "(`memstream keys create --broker kafka://HOST:PORT --tenant T` makes one)")
    return key


def _call_worker(args: argparse.Namespace, method: str, action: str, *, params: dict[str, Any] | None = None,
                 body: dict[str, Any] | None = None) -> Any:
    """One call to the /v1 API of a worker (any worker: it forwards to the subject's owner). The
    tenant is the key's; --tenant only has to name it."""
    query = urllib.parse.urlencode({k: v for k, v in (params or {}).items() if v is not None})
    target = (f"{args.worker.rstrip('/')}/v1/users/{urllib.parse.quote(args.user, safe='')}/{action}"
              + (f"?{query}" if query else ""))
    headers = {"Authorization": f"Bearer {_api_key(args)}", "Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(target, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        text = exc.read().decode(errors="replace")
        try:
            problem = json.loads(text)
            detail = f"{problem.get('title', exc.code)}: {problem.get('detail', text)}"
        except (ValueError, AttributeError):
            detail = text
        raise SystemExit(f"worker refused ({exc.code}): {detail}") from None
    except urllib.error.URLError as exc:
        raise SystemExit(f"cannot reach worker {args.worker}: {exc.reason}") from None


def cmd_recall(args: argparse.Namespace) -> int:
    if not args.worker:
        return base.cmd_recall(args)
    hits = _call_worker(args, "GET", "recall", params={"q": args.query, "k": args.k, "session_id": args.session})
    if args.json:
        print(json.dumps(hits, indent=2))
    else:
        for h in hits:
            console.print(f"{h['score']:.3f}  {h['kind']:<12} {h['text']}  [dim]{h['memory_id']}")
    return 0


def cmd_context(args: argparse.Namespace) -> int:
    if not args.worker:
        return base.cmd_context(args)
    result = _call_worker(args, "GET", "context", params={"q": args.query, "session_id": args.session,
                                                          "budget_tokens": args.budget})
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        console.print(result["text"] or "[dim](empty context)")
        console.print(f"\n[bold]{result['tokens']}[/] tokens")
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    if not args.worker:
        return base.cmd_forget(args)
    body = {k: v for k, v in (("memory_id", args.memory_id), ("query", args.query), ("session_id", args.that))
            if v is not None}
    if args.subject:
        body["subject"] = True
    ids = _call_worker(args, "POST", "forget", body=body)["memory_ids"]
    console.print(f"forgot {len(ids)} memor{'y' if len(ids) == 1 else 'ies'}: {', '.join(ids) or '-'}")
    return 0


# -- digest and replay ------------------------------------------------------------------------------
def _is_worker_dir(data_dir: Path) -> bool:
    """A Kafka worker keeps one store per partition in DIR/partitions/<p>/engine."""
    from streams.kafka.partition import PARTITIONS_DIR

    return (data_dir / PARTITIONS_DIR).is_dir() and not (data_dir / "log").exists()


def cmd_digest(args: argparse.Namespace) -> int:
    data_dir = Path(args.data_dir)
    if not _is_worker_dir(data_dir):
        return base.cmd_digest(args)
    from streams.kafka.partition import partition_dirs, worker_view_digest

    digest = worker_view_digest(data_dir)
    held = sorted(partition_dirs(data_dir))
    err_console.print(f"[dim]worker directory: partitions {', '.join(map(str, held)) or '-'} taken as one view")
    print(digest)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    if not args.broker:
        if args.data_dir and _is_worker_dir(Path(args.data_dir)):
            err_console.print(f"[red]{args.data_dir} is a Kafka worker's directory (one store per partition): "
                              "replay from the broker (--broker kafka://HOST:PORT --into DIR), or name one "
                              "store, DIR/partitions/<p>/engine")
            return 2
        return base.cmd_replay(args)
    from streams.kafka.client import replay

    if not args.into:
        err_console.print("[red]replay from a broker needs --into DIR (a fresh directory)")
        return 2
    digest = asyncio.run(replay(_kafka_settings(args), args.into))
    console.print(f"replayed view digest: {digest}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = base.build_parser()
    commands = parser.commands
    p = parser.subparsers.add_parser("worker", parents=[parser.common],
                                     help="run a Kafka worker (several share the partitions)")
    _kafka_options(p)
    p.add_argument("--web-port", type=int, default=None, help="port of this worker's HTTP API (default 6066)")
    p.add_argument("--web-host", default=None, help="address the HTTP API listens on")
    p.add_argument("--web-advertised-host", default=None, help="how other workers reach this one")
    p.add_argument("--loglevel", default="warn", choices=["crit", "error", "warn", "info", "debug"])
    p.set_defaults(func=cmd_worker)
    _kafka_options(commands["ingest"])
    commands["ingest"].set_defaults(func=cmd_ingest)
    for name, func in (("recall", cmd_recall), ("context", cmd_context), ("forget", cmd_forget)):
        commands[name].add_argument("--worker", default=None,
                                    help="http://HOST:PORT of any Kafka worker's API (it forwards to the owner)")
        commands[name].add_argument("--key", default=None,
                                    help="API key for --worker (default: MEMSTREAM_API_KEY); the tenant is the key's")
        commands[name].set_defaults(func=func)
    commands["digest"].set_defaults(func=cmd_digest)
    from streams.api.cli import add_commands

    add_commands(parser)
    from streams.mcp_server import add_command as add_mcp_command

    add_mcp_command(parser)
    _kafka_options(commands["replay"])
    commands["replay"].set_defaults(func=cmd_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    return base.main(argv, build_parser())


if __name__ == "__main__":
    sys.exit(main())
