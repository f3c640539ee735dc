"""A small Chrome DevTools Protocol client for tests: starts Debian's headless chromium, attaches
to one page over aiohttp's websocket client, and offers what the inspector's browser test needs
(navigate, evaluate, wait for a condition, click, screenshot). No driver, no extra package.

    async with Browser.launch(profile_dir) as browser:
        page = await browser.new_page()
        await page.goto("http://127.0.0.1:8080/ui/login#key=...")
        await page.wait_for("location.pathname === '/ui'")
        png = await page.screenshot()
"""
from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import aiohttp

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """The browser to drive: $CHROMIUM if set, else Debian's chromium (or a Chrome) on PATH."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if Path(explicit).exists() else None
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class CDPError(RuntimeError):
    """The browser answered a command with an error, or a page script threw."""


class Connection:
    """One websocket to the browser; commands are matched to answers by id, events are fanned out to
    waiters. Page commands carry the flat session id of their target (Target.attachToTarget)."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse):
        self._http = http
        self._ws = ws
        self._ids = itertools.count(1)
        self._answers: dict[int, asyncio.Future] = {}
        self._waiters: list[tuple[str, str | None, asyncio.Future]] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for msg in self._ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                if "id" in data:
                    future = self._answers.pop(data["id"], None)
                    if future is not None and not future.done():
                        if "error" in data:
                            future.set_exception(CDPError(f"{data['error'].get('message')} "
                                                          f"({data['error'].get('data', '')})"))
                        else:
                            future.set_result(data.get("result", {}))
                    continue
                method, session = data.get("method"), data.get("sessionId")
                for waiter in list(self._waiters):
                    name, wanted_session, future = waiter
                    if name == method and wanted_session in (None, session) and not future.done():
                        future.set_result(data.get("params", {}))
                        self._waiters.remove(waiter)
        finally:
            closed = CDPError("the browser closed the DevTools connection")
            for future in [*self._answers.values(), *(w[2] for w in self._waiters)]:
                if not future.done():
                    future.set_exception(closed)

    async def send(self, method: str, params: dict | None = None, session_id: str | None = None,
                   timeout: float = 60) -> dict:
        ident = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._answers[ident] = future
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session_id is not None:
            message["sessionId"] = session_id
        await self._ws.send_str(json.dumps(message))
        return await asyncio.wait_for(future, timeout)

    def expect(self, method: str, session_id: str | None = None) -> asyncio.Future:
        """A future for the next `method` event: register it before the action that causes it."""
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((method, session_id, future))
        return future

    async def close(self) -> None:
        await self._ws.close()
        self._reader.cancel()
        await self._http.close()


class Page:
    def __init__(self, conn: Connection, session_id: str, target_id: str):
        self.conn = conn
        self.session_id = session_id
        self.target_id = target_id

    async def send(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        return await self.conn.send(method, params, self.session_id, timeout)

    async def goto(self, url: str, timeout: float = 60) -> None:
        loaded = self.conn.expect("Page.loadEventFired", self.session_id)
        answer = await self.send("Page.navigate", {"url": url})
        if answer.get("errorText"):
            raise CDPError(f"navigating to {url} failed: {answer['errorText']}")
        await asyncio.wait_for(loaded, timeout)

    async def evaluate(self, expression: str, timeout: float = 60) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        answer = await self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                      "awaitPromise": True}, timeout)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise CDPError(f"script failed: {details.get('exception', {}).get('description') or details.get('text')}")
        return answer.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 60, interval: float = 0.05) -> Any:
        """Evaluates `expression` until it is truthy (a page may be between two documents meanwhile)
        and returns its value; TimeoutError with the page's address otherwise."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        last = ""
        while True:
            try:
                value = await self.evaluate(expression, timeout=timeout)
                if value:
                    return value
            except CDPError as exc:  # e.g. the document went away under the script
                last = f" (last error: {exc})"
            if loop.time() >= deadline:
                where = await self.evaluate("location.href")
                raise TimeoutError(f"still false after {timeout} s on {where}: {expression}{last}")
            await asyncio.sleep(interval)

    async def click(self, selector: str) -> None:
        """Clicks the first element matching a CSS selector (as a user would: its default action
        runs, e.g. a form is submitted)."""
        found = await self.evaluate(
            f"(() => {{ const el = document.querySelector({json.dumps(selector)}); if (!el) return false;"
            " el.scrollIntoView(); el.click(); return true; })()")
        if not found:
            raise CDPError(f"nothing on {await self.evaluate('location.href')} matches {selector!r}")

    async def html(self) -> str:
        return await self.evaluate("document.documentElement.outerHTML")

    async def screenshot(self, full_page: bool = True) -> bytes:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            width, height = await self.evaluate(
                "[Math.ceil(document.documentElement.scrollWidth), Math.ceil(document.documentElement.scrollHeight)]")
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": max(width, 1), "height": max(height, 1), "scale": 1})
        answer = await self.send("Page.captureScreenshot", params)
        return base64.b64decode(answer["data"])


class Browser:
    """A headless chromium this test started (and stops), with its own throwaway profile."""

    def __init__(self, process: subprocess.Popen, conn: Connection):
        self.process = process
        self.conn = conn

    @classmethod
    async def start(cls, profile_dir: Path, executable: str | None = None, timeout: float = 60,
                    window: tuple[int, int] = (1280, 900)) -> "Browser":
        executable = executable or find_chromium()
        if executable is None:
            raise FileNotFoundError("no chromium found (apt-get install chromium)")
        profile_dir.mkdir(parents=True, exist_ok=True)
        port_file = profile_dir / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        args = [executable, "--headless=new", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
                f"--user-data-dir={profile_dir}", "--no-first-run", "--no-default-browser-check",
                "--disable-gpu", "--disable-dev-shm-usage", "--disable-extensions", "--disable-background-networking",
                "--disable-sync", "--metrics-recording-only", "--mute-audio", "--hide-scrollbars",
                f"--window-size={window[0]},{window[1]}", "about:blank"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # chromium refuses to sandbox itself as root
        log = open(profile_dir / "chromium.log", "wb")
        process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + timeout
            while True:
                text = port_file.read_text() if port_file.exists() else ""
                lines = text.splitlines()
                if len(lines) >= 2:
                    break
                if process.poll() is not None:
                    tail = (profile_dir / "chromium.log").read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"chromium exited with {process.returncode}: {tail}")
                if loop.time() >= deadline:
                    raise TimeoutError(f"chromium did not open its DevTools port within {timeout} s")
                await asyncio.sleep(0.05)
            http = aiohttp.ClientSession()
            try:
                ws = await http.ws_connect(f"ws://127.0.0.1:{lines[0]}{lines[1]}", max_msg_size=0)
            except BaseException:
                await http.close()
                raise
            return cls(process, Connection(http, ws))
        except BaseException:
            process.kill()
            process.wait()
            raise

    async def new_page(self, width: int = 1280, height: int = 900) -> Page:
        target = await self.conn.send("Target.createTarget", {"url": "about:blank"})
        attached = await self.conn.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        page = Page(self.conn, attached["sessionId"], target["targetId"])
        await page.send("Page.enable")
        await page.send("Runtime.enable")
        await page.send("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        return page

    async def close(self) -> None:
        try:
            await self.conn.send("Browser.close", timeout=10)
        except (CDPError, asyncio.TimeoutError, ConnectionError):
            pass
        await self.conn.close()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    async def __aenter__(self) -> "Browser":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
