"""memstream as an MCP server on stdio: one user's memory as tools for a desktop agent.

    memstream mcp --data-dir DIR --tenant T --user U      # an embedded engine in this process
    memstream mcp --url URL --key KEY --user U            # a running API (streams.client)

Tools: `remember(text)`, `recall(query, k=8)`, `context(query="", session_id=None, budget_tokens=800)`
and `forget(memory_id=None, query=None)`, all for that one tenant and user (with --url the tenant is
the key's). Results are short readable text with the memory ids. Reads do not count as use unless
`--record-use` is given (then recall and context record it, which on --url needs the write scope).

Standard output carries the protocol alone: messages go to standard error.
"""
from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from pathlib import Path
from typing import Callable, Protocol, TypeVar

from engine.errors import InvalidCommandError, MemstreamError
from schemas.views import ContextResult, RecallHit

T = TypeVar("T")

#: Names of the tools, in the order they are listed.
TOOLS = ("remember", "recall", "context", "forget")


class Memory(Protocol):
    """One subject's memory, wherever it lives."""

    def remember(self, text: str) -> str: ...

    def recall(self, query: str, k: int) -> list[RecallHit]: ...

    def context(self, query: str, session_id: str | None, budget_tokens: int) -> ContextResult: ...

    def forget(self, memory_id: str | None, query: str | None) -> list[str]: ...

    def close(self) -> None: ...


class EngineMemory:
    """An embedded MemoryEngine, bound to the tenant."""

    def __init__(self, data_dir: Path, tenant: str, user: str, record_use: bool = False):
        from engine import MemoryEngine

        self.engine = MemoryEngine.open(data_dir, tenant_id=tenant)
        self.subject = {"tenant_id": tenant, "user_id": user}
        self.record_use = record_use

    def remember(self, text: str) -> str:
        return self.engine.remember(text=text, **self.subject)

    def recall(self, query: str, k: int) -> list[RecallHit]:
        return self.engine.recall(query=query, k=k, record_use=self.record_use, **self.subject)

    def context(self, query: str, session_id: str | None, budget_tokens: int) -> ContextResult:
        return self.engine.context(query=query, session_id=session_id, budget_tokens=budget_tokens,
                                   record_use=self.record_use, **self.subject)

    def forget(self, memory_id: str | None, query: str | None) -> list[str]:
        named = {"memory_id": memory_id} if memory_id is not None else {"query": query}
        return self.engine.forget(**named, **self.subject)

    def close(self) -> None:
        self.engine.close()


class ApiMemory:
    """A running memstream API, through streams.client (the key names the tenant)."""

    def __init__(self, url: str, key: str, user: str, record_use: bool = False, timeout: float = 30.0):
        from streams.client import MemstreamClient

        self.client = MemstreamClient(url, key, timeout=timeout)
        self.user = user
        self.record_use = record_use
        # Fails now (typed) on a wrong URL, a bad key or one without the read scope; a small read.
        self.client.profile(user, budget_tokens=16)

    def remember(self, text: str) -> str:
        return self.client.remember(self.user, text=text)

    def recall(self, query: str, k: int) -> list[RecallHit]:
        return self.client.recall(self.user, query=query, k=k, record_use=self.record_use)

    def context(self, query: str, session_id: str | None, budget_tokens: int) -> ContextResult:
        return self.client.context(self.user, query=query, session_id=session_id, budget_tokens=budget_tokens,
                                   record_use=self.record_use)

    def forget(self, memory_id: str | None, query: str | None) -> list[str]:
        return self.client.forget(self.user, memory_id=memory_id, query=query).memory_ids

    def close(self) -> None:
        self.client.close()


# -- what the tools answer ------------------------------------------------------------------------

def hits_text(query: str, hits: list[RecallHit]) -> str:
    if not hits:
        return f"No memories match {query!r}."
    lines = [f"{len(hits)} memor{'y' if len(hits) == 1 else 'ies'} for {query!r}:"]
    for h in hits:
        when = f", {h.happened_at.date().isoformat()}" if h.happened_at else ""
        lines.append(f"- {h.text} ({h.kind}{when}; id {h.memory_id})")
    return "\n".join(lines)


def context_text(result: ContextResult) -> str:
    if not result.text.strip():
        return "No memories to put in context yet."
    ids = ", ".join(result.memory_ids) if result.memory_ids else "none"
    left = f"; {len(result.omitted)} item(s) left out for the budget" if result.omitted else ""
    return f"{result.text.rstrip()}\n\n({result.tokens} tokens{left}; memory ids: {ids})"


def forgotten_text(ids: list[str], memory_id: str | None, query: str | None) -> str:
    if not ids:
        return (f"Nothing forgotten: no memory has the id {memory_id}." if memory_id else
                f"Nothing forgotten: no memory matches {query!r}.")
    return f"Forgot {len(ids)} memor{'y' if len(ids) == 1 else 'ies'} for good: {', '.join(ids)}."


def build_server(memory: Memory, user: str):
    """The MCP server (mcp.server.mcpserver.MCPServer) whose tools read and write `memory`."""
    import anyio
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    limiter = anyio.CapacityLimiter(1)  # one engine call at a time, off the event loop

    async def run(fn: Callable[[], T]) -> T:
        try:
            return await anyio.to_thread.run_sync(fn, limiter=limiter)
        except MemstreamError as exc:  # the agent sees what went wrong and what to do
            raise ToolError(f"{type(exc).__name__}: {exc}") from None

    server = MCPServer(
        name="memstream", log_level="WARNING",
        instructions=(f"Long-term memory of user {user!r}. Call `recall` (or `context`) before answering "
                      "anything that may depend on what the user said before; call `remember` when the "
                      "user states a lasting fact, preference or instruction; call `forget` when they ask "
                      "you to forget something."))

    @server.tool()
    async def remember(text: str) -> str:
        """Store something the user stated and wants kept (a fact, preference, constraint or
        instruction), in one sentence in their words. Returns the memory id."""
        memory_id = await run(partial(memory.remember, text))
        return f"Remembered (id {memory_id})."

    @server.tool()
    async def recall(query: str, k: int = 8) -> str:
        """The user's memories most relevant to `query`, best first, each with its id."""
        if not 1 <= k <= 100:
            raise ToolError("k must be between 1 and 100")
        return hits_text(query, await run(partial(memory.recall, query, k)))

    @server.tool()
    async def context(query: str = "", session_id: str | None = None, budget_tokens: int = 800) -> str:
        """What to know about the user before answering: profile, summaries and the memories
        relevant to `query`, packed into `budget_tokens`."""
        return context_text(await run(partial(memory.context, query, session_id, budget_tokens)))

    @server.tool()
    async def forget(memory_id: str | None = None, query: str | None = None) -> str:
        """Erase for good, when the user asks: one memory by its id, or every memory about what
        `query` names. Give exactly one of them. Cannot be undone."""
        if (memory_id is None) == (query is None):
            raise ToolError("give exactly one of memory_id (from recall) or query")
        ids = await run(partial(memory.forget, memory_id, query))
        return forgotten_text(ids, memory_id, query)

    return server


# -- the command --------------------------------------------------------------------------------------

def open_memory(args: argparse.Namespace) -> Memory:
    """The memory the command line names: --url (with --key) or a data directory (with --tenant)."""
    if args.url:
        if getattr(args, "data_dir_given", False):
            raise InvalidCommandError("give --url or --data-dir, not both")
        if args.tenant:
            raise InvalidCommandError("--tenant is the API key's with --url; leave it out")
        key = args.key or os.environ.get("MEMSTREAM_API_KEY")
        if not key:
            raise InvalidCommandError("--url needs --key (or MEMSTREAM_API_KEY): a key from `memstream keys create`")
        return ApiMemory(args.url, key, args.user, record_use=args.record_use)
    if args.key:
        raise InvalidCommandError("--key goes with --url; with --data-dir give --tenant")
    if not args.tenant:
        raise InvalidCommandError("--data-dir needs --tenant (and --user): the one subject the tools serve")
    return EngineMemory(Path(args.data_dir), args.tenant, args.user, record_use=args.record_use)


def cmd_mcp(args: argparse.Namespace) -> int:
    from engine.cli import err_console

    memory = open_memory(args)
    try:
        where = args.url or args.data_dir
        err_console.print(f"[dim]memstream MCP server on stdio: user {args.user} at {where}", highlight=False)
        build_server(memory, args.user).run("stdio")
    finally:
        memory.close()
    return 0


def add_command(parser: argparse.ArgumentParser) -> None:
    """Adds `mcp` to the memstream command (streams.cli)."""
    p = parser.subparsers.add_parser(
        "mcp", parents=[parser.common],
        help="serve one user's memory to an agent over MCP (stdio): remember, recall, context, forget")
    p.add_argument("--tenant", default=None, help="the tenant (with --data-dir)")
    p.add_argument("--user", required=True, help="the user whose memory the tools serve")
    p.add_argument("--url", default=None, help="a running memstream API (http://HOST:PORT) instead of --data-dir")
    p.add_argument("--key", default=None, help="the API key for --url (default MEMSTREAM_API_KEY)")
    p.add_argument("--record-use", action="store_true",
                   help="recall and context count the memories they return as used")
    p.set_defaults(func=cmd_mcp)
    parser.commands["mcp"] = p


def main(argv: list[str] | None = None) -> int:
    """`memstream mcp ARGS` (for `python -m streams.mcp_server ARGS` and tests)."""
    from engine import cli as base

    parser = base.build_parser()
    add_command(parser)
    return base.main(["mcp", *(sys.argv[1:] if argv is None else argv)], parser)


if __name__ == "__main__":
    sys.exit(main())
