"""The API's commands: `memstream serve` and `memstream keys create|list|revoke|ui-link`.

    memstream serve --data-dir DIR [--host 127.0.0.1] [--port 8080]
    memstream keys create --data-dir DIR --tenant T [--scopes read,write] [--name LABEL]
    memstream keys list --data-dir DIR [--tenant T]
    memstream keys revoke --data-dir DIR KEY_ID
    memstream keys ui-link --data-dir DIR --tenant T [--minutes 15] [--url http://127.0.0.1:8080]
    memstream keys create|list|revoke|ui-link --broker kafka://HOST:PORT ...   (Kafka workers' keys)

With --broker the keys are entries on the compacted topic <prefix>-api-keys (streams.kafka.apikeys),
which every worker follows; --topic-prefix and --partitions as for the workers (or
MEMSTREAM_KAFKA_*).

`keys create` prints the new key once, alone on the last line of standard output (so a script can
take it with `tail -n 1`); only its hash is stored.
"""
from __future__ import annotations

import argparse
import asyncio
from datetime import timedelta
from pathlib import Path

from engine.cli import console, err_console
from schemas.api import SCOPES


class _SyncKafkaKeys:
    """streams.kafka.apikeys.KafkaKeys behind the KeyFile methods the commands call."""

    def __init__(self, kcfg):
        from streams.kafka.apikeys import KafkaKeys

        self.keys = KafkaKeys(kcfg)

    def _run(self, coro):
        from aiokafka.errors import KafkaError

        from streams.kafka.worker import BrokerUnavailableError

        try:
            return asyncio.run(asyncio.wait_for(coro, 120))
        except (KafkaError, OSError, asyncio.TimeoutError) as exc:
            raise BrokerUnavailableError(f"cannot reach the broker {self.keys.kcfg.broker} ({type(exc).__name__}); "
                                         "check --broker and that the broker is up") from None

    def create(self, tenant_id, scopes, name=None, ttl=None):
        return self._run(self.keys.create(tenant_id, scopes, name, ttl))

    def list(self, tenant_id=None):
        return self._run(self.keys.list(tenant_id))

    def revoke(self, key_id):
        return self._run(self.keys.revoke(key_id))


def _keys(args: argparse.Namespace):
    from engine.errors import InvalidCommandError
    from streams.api.keys import KeyFile

    broker = getattr(args, "broker", None)
    if broker:
        from streams.kafka.config import KafkaSettings

        given = {"broker": broker, "partitions": args.partitions, "topic_prefix": args.topic_prefix}
        try:
            return _SyncKafkaKeys(KafkaSettings(**{k: v for k, v in given.items() if v is not None}))
        except ValueError as exc:
            raise InvalidCommandError(f"bad Kafka settings: {exc}") from None
    if not getattr(args, "data_dir", None):
        raise InvalidCommandError("keys live in a data directory (--data-dir DIR, for memstream serve) "
                                  "or on Kafka (--broker kafka://HOST:PORT, for memstream worker)")
    return KeyFile(Path(args.data_dir))


def _listen(host: str, port: int):
    """The server's socket, bound before the data directory is opened: a port out of range or in
    use is a one-line typed error (exit 2), and nothing is created."""
    import socket

    from engine.errors import InvalidCommandError

    if not 0 <= port <= 65535:
        raise InvalidCommandError(f"--port must be between 0 and 65535, not {port}")
    try:
        return socket.create_server((host, port), backlog=2048)
    except OSError as exc:
        raise InvalidCommandError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; choose another "
                                  "--port or --host, or stop what holds it") from None


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from engine import MemoryEngine
    from streams.api.app import create_app
    from streams.api.keys import KeyFile
    from streams.api.service import EngineService

    sock = _listen(args.host, args.port)
    data_dir = Path(args.data_dir)
    try:
        engine = MemoryEngine.open(data_dir, reads_catch_up=False)  # reads wait for their own writes only
    except BaseException:
        sock.close()
        raise
    try:
        keys = KeyFile(data_dir)
        if not keys.list():
            err_console.print(f"[yellow]no API keys yet: make one with `memstream keys create --data-dir {data_dir} "
                              "--tenant T`; every request needs one")
        app = create_app(EngineService(engine, keys))
        port = sock.getsockname()[1]
        err_console.print(f"[dim]memstream API on http://{args.host}:{port} (OpenAPI at /docs, inspector at /ui)")
        # On SIGTERM or Ctrl-C, followed change streams end at once and other open requests get a
        # few seconds: a client resumes its stream with Last-Event-ID.
        class Server(uvicorn.Server):
            def handle_exit(self, sig, frame) -> None:
                app.state.stopping = True  # followed change streams end (a client resumes elsewhere)
                super().handle_exit(sig, frame)

        server = Server(uvicorn.Config(app, log_level=args.log_level, access_log=args.access_log,
                                       timeout_graceful_shutdown=3))
        server.run(sockets=[sock])
    finally:
        sock.close()
        engine.close()
    return 0


def _print_key(info, as_json: bool) -> None:
    if as_json:
        print(info.model_dump_json())
        return
    console.print(f"{info.key_id}  tenant={info.tenant_id}  scopes={','.join(info.scopes)}"
                  + (f"  name={info.name}" if info.name else "")
                  + (f"  expires={info.expires_at.isoformat()}" if info.expires_at else "")
                  + (f"  [red]revoked {info.revoked_at.isoformat()}" if info.revoked_at else ""),
                  highlight=False, soft_wrap=True)


def cmd_keys_create(args: argparse.Namespace) -> int:
    info, token = _keys(args).create(args.tenant, args.scopes, args.name)
    err_console.print(f"API key {info.key_id} for tenant {info.tenant_id} ({','.join(info.scopes)}); "
                      "it is shown once, keep it now:", highlight=False)
    print(token)
    return 0


def cmd_keys_list(args: argparse.Namespace) -> int:
    keys = _keys(args).list(args.tenant)
    for info in keys:
        _print_key(info, args.json)
    if not keys and not args.json:
        err_console.print("[dim](no API keys)")
    return 0


def cmd_keys_revoke(args: argparse.Namespace) -> int:
    info = _keys(args).revoke(args.key_id)
    err_console.print(f"revoked {info.key_id} (tenant {info.tenant_id})", highlight=False)
    return 0


def cmd_keys_ui_link(args: argparse.Namespace) -> int:
    from engine.errors import InvalidCommandError

    if not 1 <= args.minutes <= 24 * 60:
        raise InvalidCommandError("--minutes must be between 1 and 1440")
    info, token = _keys(args).create(args.tenant, ["admin"], "inspector login link",
                                     ttl=timedelta(minutes=args.minutes))
    err_console.print(f"inspector link for tenant {info.tenant_id}, valid {args.minutes} minutes "
                      f"(key {info.key_id}; `memstream keys revoke {info.key_id}` ends it sooner):", highlight=False)
    # The key travels in the fragment, which browsers never send to a server (nor to its logs).
    print(f"{args.url.rstrip('/')}/ui/login#key={token}")
    return 0


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Adds `serve` and `keys` to the memstream command (streams.cli)."""
    sub, common = parser.subparsers, parser.common
    p = sub.add_parser("serve", parents=[common], help="serve the HTTP API (and the inspector at /ui) "
                                                       "on the embedded runtime")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"])
    p.add_argument("--access-log", action="store_true", help="log every request")
    p.set_defaults(func=cmd_serve)
    parser.commands["serve"] = p

    keys = sub.add_parser("keys", help="API keys: create, list, revoke, ui-link")
    ksub = keys.add_subparsers(dest="keys_command", required=True)
    p = ksub.add_parser("create", parents=[common], help="make a key for one tenant; prints it once")
    p.add_argument("--tenant", required=True)
    p.add_argument("--scopes", default="read,write", help=f"comma-separated: {','.join(SCOPES)} (default read,write)")
    p.add_argument("--name", default=None, help="a label to tell keys apart")
    p.set_defaults(func=cmd_keys_create)
    p = ksub.add_parser("list", parents=[common], help="the keys (never their secrets)")
    p.add_argument("--tenant", default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_keys_list)
    p = ksub.add_parser("revoke", parents=[common], help="revoke a key by id")
    p.add_argument("key_id")
    p.set_defaults(func=cmd_keys_revoke)
    p = ksub.add_parser("ui-link", parents=[common], help="a short-lived login link to the inspector")
    p.add_argument("--tenant", required=True)
    p.add_argument("--minutes", type=int, default=15)
    p.add_argument("--url", default="http://127.0.0.1:8080", help="where the server is reached")
    p.set_defaults(func=cmd_keys_ui_link)
    for name in ("create", "list", "revoke", "ui-link"):
        p = ksub.choices[name]
        p.add_argument("--broker", default=None, help="kafka://HOST:PORT: the Kafka workers' keys (a compacted "
                                                      "topic) instead of a data directory's")
        p.add_argument("--topic-prefix", default=None, help="with --broker: the workers' topic prefix")
        p.add_argument("--partitions", type=int, default=None, help="with --broker: partitions of the topics")
        parser.commands[f"keys {name}"] = ksub.choices[name]

