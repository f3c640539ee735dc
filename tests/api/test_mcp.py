"""`memstream mcp` as an agent meets it: a subprocess speaking MCP on stdio, driven by the mcp SDK's
stdio client, over an embedded data directory and over a running API."""
from __future__ import annotations

import re
import sys
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from engine import MemoryEngine
from streams.mcp_server import main

REPO = Path(__file__).resolve().parents[2]
FACT = "My daughter Ilse is allergic to kiwi, so never pack kiwi in her lunch."
OTHER = "I volunteer at the harbour museum every other Saturday."


@asynccontextmanager
async def mcp_session(args: list[str], errlog: Path):
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "streams.mcp_server", *args], cwd=str(REPO),
        env={"PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"})
    with errlog.open("w") as log:
        async with stdio_client(params, errlog=log) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session


async def call(session: ClientSession, tool: str, **arguments) -> tuple[str, bool]:
    result = await session.call_tool(tool, arguments)
    return "\n".join(c.text for c in result.content if c.type == "text"), result.is_error


async def exercise(session: ClientSession) -> str:
    """Lists the tools, remembers, recalls, assembles a context and forgets; returns the id of a
    memory it leaves in place."""
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == {"remember", "recall", "context", "forget"}
    assert tools["recall"].input_schema["properties"]["k"]["default"] == 8
    assert tools["context"].input_schema["properties"]["budget_tokens"]["default"] == 800

    text, error = await call(session, "remember", text=FACT)
    assert not error and text.startswith("Remembered")
    memory_id = re.search(r"id ([\w-]+)", text).group(1)

    text, error = await call(session, "recall", query="which fruit must Ilse avoid?")
    assert not error and "kiwi" in text and memory_id in text
    text, error = await call(session, "context", query="packing a school lunch")
    assert not error and "kiwi" in text and memory_id in text

    text, error = await call(session, "forget")
    assert error and "exactly one" in text
    text, error = await call(session, "forget", memory_id=memory_id)
    assert not error and memory_id in text and text.startswith("Forgot 1 memory")
    text, error = await call(session, "recall", query="which fruit must Ilse avoid?")
    assert not error and memory_id not in text and "kiwi" not in text

    text, error = await call(session, "remember", text=OTHER)
    kept = re.search(r"id ([\w-]+)", text).group(1)
    text, error = await call(session, "forget", query="dentist appointment")
    assert not error and text.startswith("Nothing forgotten")
    return kept


@pytest.mark.asyncio
async def test_mcp_over_a_data_directory(tmp_path):
    data = tmp_path / "data"
    async with mcp_session(["--data-dir", str(data), "--tenant", "acme", "--user", "u7"],
                           tmp_path / "stderr.txt") as session:
        kept = await exercise(session)
    with MemoryEngine.open(data) as engine:  # the server has exited and closed the directory
        assert [r.memory_id for r in engine.records("acme", "u7")] == [kept]
        assert engine.records("acme", "u7")[0].text == OTHER


@pytest.mark.asyncio
async def test_mcp_through_the_http_api(live_server, tmp_path):
    key = live_server.key("acme", "read,write,forget")
    async with mcp_session(["--url", live_server.url, "--key", key, "--user", "u7"],
                           tmp_path / "stderr.txt") as session:
        kept = await exercise(session)
    assert [r.memory_id for r in live_server.engine.records("acme", "u7")] == [kept]


def test_mcp_refuses_a_bad_command_line_before_serving(live_server, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("MEMSTREAM_API_KEY", raising=False)
    assert main(["--url", live_server.url, "--key", "not-a-key", "--user", "u7"]) == 2
    assert "invalid API key" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path / "d"), "--user", "u7"]) == 2
    assert "--tenant" in capsys.readouterr().err
    assert main(["--url", live_server.url, "--user", "u7"]) == 2
    assert "--key" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_a_tool_the_key_does_not_allow_answers_the_typed_error(live_server):
    from mcp import Client

    from streams.mcp_server import ApiMemory, build_server

    memory = ApiMemory(live_server.url, live_server.key("acme", "read,write"), "u7", record_use=True)
    try:
        async with Client(build_server(memory, "u7")) as client:
            remembered = await client.call_tool("remember", {"text": OTHER})
            assert not remembered.is_error
            refused = await client.call_tool("forget", {"query": "harbour museum"})
            assert refused.is_error and "ScopeError" in refused.content[0].text
            assert "forget" in refused.content[0].text
            found = await client.call_tool("recall", {"query": "museum volunteering"})
            assert not found.is_error and "harbour museum" in found.content[0].text
    finally:
        memory.close()
    used = live_server.engine.records("acme", "u7")
    assert [r.use_count for r in used] == [1]  # --record-use: the recall counted as a use
