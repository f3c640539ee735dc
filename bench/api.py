"""What the HTTP API costs next to the facade in process, in one run on one data directory.

    python -m bench.api                                       # LoCoMo dev (../shared/datasets/locomo-dev) when present
    python -m bench.api --data ../shared/datasets/locomo-dev  # LoCoMo conversations, real text
    python -m bench.api --synthetic [--turns 2000 --subjects 10]
    python -m bench.api --clients 8 --queries 400 --batch 100

Ingest: the same turns, under two tenants of one data directory, go in (a) through `ingest_many` in
process, batches of `--batch`, and (b) through `POST /v1/turns` in batches of the same size from one
client; turns/s is counted to the last acknowledgement (both append to the log; projection is not
in either figure, and the time the server then takes to project everything is shown apart).

Recall and context: `--clients` concurrent clients (default 8) each send their share of `--queries`
queries (words of the subjects' own turns), first through HTTP to `memstream serve`'s app (uvicorn,
in a process of its own, as deployed; the clients are asyncio tasks on one aiohttp connection
pool, a light load generator: client threads, or httpx's async pool (`--client httpx`), add a tail
of their own in this process that would be counted as the server's), then through the facade in this process on the same directory from as many
threads, same queries: requests/s, p50 and p99 for each, and what HTTP adds to p99. The two
alternate for `--rounds` rounds (medians reported, every round's p99 shown), so both meet the
machine's other work alike. Each phase warms every subject first (untimed). Reads run with
record_use=false, the API's default.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.recall import pct

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "datasets" / "locomo-dev"
READ_TENANT, INPROC_TENANT, HTTP_TENANT = "bench-read", "bench-inproc", "bench-http"


# -- input -------------------------------------------------------------------------------------------
def load(data: Path | None, n: int, subjects: int, limit: int | None) -> tuple[list[dict], str]:
    """Turns without a tenant (each phase gives its own), and what they are."""
    from bench.ingest import load_turns

    turns, what = load_turns(data, n, subjects)
    if limit is not None:
        turns, what = turns[:limit], f"{what}, first {limit}"
    return [{k: v for k, v in t.items() if k != "tenant_id"} for t in turns], what


def queries(turns: list[dict], n: int, seed: int = 11) -> list[tuple[str, str, str]]:
    """(user_id, session_id, query): a few words of one of the subject's own turns."""
    rng = random.Random(seed)
    picks = [t for t in turns if len(t["text"].split()) >= 4]
    out = []
    for _ in range(n):
        t = rng.choice(picks)
        words = t["text"].split()
        start = rng.randrange(0, max(1, len(words) - 6))
        out.append((t["user_id"], t["session_id"], " ".join(words[start: start + 6])))
    return out


def with_tenant(turns: list[dict], tenant: str) -> list[dict]:
    return [dict(t, tenant_id=tenant) for t in turns]


def batches(items: list, size: int) -> list[list]:
    return [items[i: i + size] for i in range(0, len(items), size)]


# -- timing --------------------------------------------------------------------------------------------
def concurrent(calls: list, clients: int, call) -> dict:
    """Runs `call(item)` for every item from `clients` threads (item i on thread i % clients);
    returns requests/s and latencies (seconds)."""
    shares = [calls[i::clients] for i in range(clients)]
    latencies: list[list[float]] = [[] for _ in range(clients)]
    start = threading.Barrier(clients + 1)

    def worker(i: int) -> None:
        own = latencies[i]
        start.wait()
        for item in shares[i]:
            t = time.perf_counter()
            call(i, item)
            own.append(time.perf_counter() - t)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    flat = [x for own in latencies for x in own]
    return {"n": len(flat), "rps": len(flat) / wall, "p50_ms": pct(flat, 50), "p99_ms": pct(flat, 99),
            "wall_s": wall}


# -- the server --------------------------------------------------------------------------------------
def serve(data_dir: str, port: int, catch_up: bool = False) -> int:
    """What `memstream serve` runs (the same app and service), quiet: the bench's server process."""
    import uvicorn

    from engine import MemoryEngine
    from streams.api.app import create_app
    from streams.api.keys import KeyFile
    from streams.api.service import EngineService

    engine = MemoryEngine.open(data_dir, reads_catch_up=catch_up)  # off: as `memstream serve` opens it
    try:
        app = create_app(EngineService(engine, KeyFile(data_dir)), ui=False)
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    finally:
        engine.close()
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, data_dir: Path, catch_up: bool = False):
        import httpx

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.api", "--serve", str(data_dir), str(self.port)]
                                     + (["--serve-catch-up"] if catch_up else []),
                                     env=env)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the API server exited with {self.proc.returncode}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise SystemExit("the API server did not become ready in 120 s")

    def settle(self) -> None:
        import httpx

        while True:
            r = httpx.get(f"{self.url}/readyz", timeout=30)
            if r.status_code == 200 and r.json().get("pending") == 0:
                return
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# -- phases --------------------------------------------------------------------------------------------
def _warm_up(engine) -> None:
    from bench.ingest import _warm_up as warm

    warm(engine)


def phase_in_process_ingest(data_dir: Path, turns: list[dict], batch: int) -> dict:
    from engine import MemoryEngine

    with MemoryEngine.open(data_dir) as engine:
        _warm_up(engine)
        engine.ingest_many(with_tenant(turns, READ_TENANT))  # what the read phases query
        engine.flush()
        mine = with_tenant(turns, INPROC_TENANT)
        t = time.perf_counter()
        for chunk in batches(mine, batch):
            engine.ingest_many(chunk)
        ingest_s = time.perf_counter() - t
        t = time.perf_counter()
        engine.flush()
        project_s = time.perf_counter() - t
    return {"turns_per_s": len(turns) / ingest_s, "ingest_s": ingest_s, "project_s": project_s}


def phase_http(data_dir: Path, turns: list[dict] | None, asked: list[tuple[str, str, str]], clients: int,
               batch: int, client: str = "aiohttp") -> dict:
    """Ingest (unless `turns` is None), recall and context through a fresh server process."""
    import httpx

    from streams.api.keys import KeyFile

    keys = KeyFile(data_dir)
    read_key = keys.create(READ_TENANT, ["read"], "bench.api")[1]
    write_key = keys.create(HTTP_TENANT, ["write"], "bench.api")[1]
    server = Server(data_dir)
    out: dict = {}
    try:
        if turns is not None:
            headers = {"Authorization": f"Bearer {write_key}"}
            with httpx.Client(base_url=server.url, headers=headers, timeout=120) as c:
                c.post("/v1/turns", json=[dict(turns[0], user_id="bench-warm", turn_id="w")]).raise_for_status()
                server.settle()
                t = time.perf_counter()
                accepted = 0
                for chunk in batches(turns, batch):
                    r = c.post("/v1/turns", json=chunk)
                    r.raise_for_status()
                    accepted += r.json()["accepted"]
                ingest_s = time.perf_counter() - t
                server.settle()
                settled_s = time.perf_counter() - t
            out["ingest"] = {"turns_per_s": len(turns) / ingest_s, "ingest_s": ingest_s, "accepted": accepted,
                             "project_s": settled_s - ingest_s}
        out.update(asyncio.run(http_reads(server.url, read_key, asked, clients, client)))
        out["server"] = server_means(httpx.get(f"{server.url}/metrics", timeout=30).text)
    finally:
        server.stop()
    return out


def server_means(metrics: str) -> dict[str, float]:
    """Mean milliseconds inside the server, from its Prometheus histograms: the engine call alone
    (memstream_recall_seconds) and the whole request in the app (memstream_http_request_seconds)."""
    sums: dict[str, float] = {}
    for line in metrics.splitlines():
        if line.startswith("#") or " " not in line:
            continue
        name, value = line.rsplit(" ", 1)
        for endpoint in ("recall", "context"):
            if name in (f'memstream_recall_seconds_sum{{endpoint="{endpoint}"}}',
                        f'memstream_recall_seconds_count{{endpoint="{endpoint}"}}'):
                sums[f"{endpoint} engine {name.split('{')[0].rsplit('_', 1)[1]}"] = float(value)
            if name.startswith("memstream_http_request_seconds_") and f'route="/v1/users/{{user_id}}/{endpoint}"' in name \
                    and 'status="200"' in name and not name.startswith("memstream_http_request_seconds_bucket"):
                key = f"{endpoint} app {name.split('{')[0].rsplit('_', 1)[1]}"
                sums[key] = sums.get(key, 0.0) + float(value)
    means = {}
    for endpoint in ("recall", "context"):
        for part in ("engine", "app"):
            n = sums.get(f"{endpoint} {part} count", 0.0)
            means[f"{endpoint} {part}"] = 1000 * sums.get(f"{endpoint} {part} sum", 0.0) / n if n else float("nan")
    return means


def median_rounds(rounds: list[dict]) -> dict:
    """Per endpoint, the median of each figure over the rounds (and every round's p99, to show the spread)."""
    out: dict = {}
    for endpoint in ("recall", "context"):
        figures = [r[endpoint] for r in rounds]
        out[endpoint] = {k: statistics.median(f[k] for f in figures) for k in ("rps", "p50_ms", "p99_ms", "wall_s")}
        out[endpoint]["n"] = figures[0]["n"]
        out[endpoint]["p99_rounds_ms"] = [f["p99_ms"] for f in figures]
    if "server" in rounds[0]:
        out["server"] = {k: statistics.median(r["server"][k] for r in rounds) for k in rounds[0]["server"]}
    return out


def phase_facade(data_dir: Path, asked: list[tuple[str, str, str]], clients: int) -> dict:
    from engine import MemoryEngine

    with MemoryEngine.open(data_dir) as engine:
        def recall(_, q):
            engine.recall(tenant_id=READ_TENANT, user_id=q[0], query=q[2], k=10, record_use=False)

        def context(_, q):
            engine.context(tenant_id=READ_TENANT, user_id=q[0], session_id=q[1], query=q[2], budget_tokens=400,
                           record_use=False)

        return reads(asked, clients, recall, context)


async def concurrent_async(calls: list, clients: int, call) -> dict:
    """`concurrent` for asyncio: `clients` tasks, task i sending items i, i + clients, ..."""
    latencies: list[float] = []

    async def task(share: list) -> None:
        for item in share:
            t = time.perf_counter()
            await call(item)
            latencies.append(time.perf_counter() - t)

    t0 = time.perf_counter()
    await asyncio.gather(*(task(calls[i::clients]) for i in range(clients)))
    wall = time.perf_counter() - t0
    return {"n": len(latencies), "rps": len(latencies) / wall, "p50_ms": pct(latencies, 50),
            "p99_ms": pct(latencies, 99), "wall_s": wall}


async def http_reads(url: str, key: str, asked: list[tuple[str, str, str]], clients: int, client: str) -> dict:
    """`reads` through HTTP, from `clients` asyncio tasks sharing one connection pool of `client`
    ("aiohttp" or "httpx"). aiohttp is the load generator: httpx's async pool, with a few tasks
    sharing it, adds a tail of its own in the client (its p99 came out 100-185 ms above the
    server's own; encode/httpx#3215), which would be counted as the server's."""
    headers = {"Authorization": f"Bearer {key}"}
    if client == "httpx":
        import httpx

        async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60,
                                     limits=httpx.Limits(max_connections=clients)) as c:
            async def get(path: str, params: dict) -> None:
                (await c.get(path, params=params)).raise_for_status()

            return await _timed_reads(asked, clients, get)
    import aiohttp

    async with aiohttp.ClientSession(url, headers=headers, connector=aiohttp.TCPConnector(limit=clients),
                                     timeout=aiohttp.ClientTimeout(total=60)) as session:
        async def get(path: str, params: dict) -> None:
            async with session.get(path, params=params) as r:
                r.raise_for_status()
                await r.read()

        return await _timed_reads(asked, clients, get)


async def _timed_reads(asked: list[tuple[str, str, str]], clients: int, get) -> dict:
    async def recall(q):
        await get(f"/v1/users/{q[0]}/recall", {"q": q[2], "k": 10})

    async def context(q):
        await get(f"/v1/users/{q[0]}/context", {"q": q[2], "session_id": q[1], "budget_tokens": 400})

    subjects = sorted({(q[0], q[1]) for q in asked})
    warm = [(u, s, "warm up") for u, s in subjects]
    await concurrent_async(warm, clients, recall)
    await concurrent_async(warm, clients, context)
    return {"recall": await concurrent_async(asked, clients, recall),
            "context": await concurrent_async(asked, clients, context)}


def reads(asked: list[tuple[str, str, str]], clients: int, recall, context) -> dict:
    subjects = sorted({(q[0], q[1]) for q in asked})
    warm = [(u, s, "warm up") for u, s in subjects]
    concurrent(warm, clients, recall)
    concurrent(warm, clients, context)
    return {"recall": concurrent(asked, clients, recall), "context": concurrent(asked, clients, context)}


# -- report --------------------------------------------------------------------------------------------
def http_parser() -> str:
    """The HTTP parser uvicorn picks in the server process (the same environment): its C parser
    when httptools imports, else h11, which is pure Python."""
    try:
        import httptools  # noqa: F401
    except ImportError:
        return "h11"
    return "httptools"


def report(what: str, n_turns: int, args, inproc: dict, http: dict, facade: dict, load: dict) -> dict:
    rows = {}
    for endpoint in ("recall", "context"):
        f, h = facade[endpoint], http[endpoint]
        rows[endpoint] = {"facade": f, "http": h, "p99_added_ms": h["p99_ms"] - f["p99_ms"]}
    ratio = http["ingest"]["turns_per_s"] / inproc["turns_per_s"]
    print(f"\nbench.api: {what}; {n_turns} turns; {args.clients} concurrent clients; "
          f"{args.queries} queries per endpoint and path ({args.client}); ingest batches of {args.batch}; "
          f"server on uvicorn with {http_parser()}; "
          f"{os.cpu_count()} cores, load average {load['start']:.1f} at the start, {load['end']:.1f} at the end "
          "(other work on the machine moves every figure)")
    print(f"{'reads (median of ' + str(args.rounds) + ' rounds)':<22}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}")
    for endpoint, row in rows.items():
        for path in ("facade", "http"):
            r = row[path]
            spread = ", ".join(f"{x:.1f}" for x in r.get("p99_rounds_ms", []))
            print(f"{endpoint + ' ' + path:<22}{r['rps']:>10.1f}{r['p50_ms']:>10.2f}{r['p99_ms']:>10.2f}"
                  + (f"   (p99 by round: {spread})" if spread else ""))
        print(f"{endpoint + ' HTTP adds to p99':<42}{row['p99_added_ms']:>10.2f} ms (target <= 5)")
    means = http.get("server", {})
    if means:
        print("inside the server, mean ms: " + ", ".join(f"{k} {v:.2f}" for k, v in means.items())
              + " (engine: the engine call; app: the whole request in the app)")
    print(f"{'ingest':<22}{'turns/s':>10}")
    print(f"{'ingest_many':<22}{inproc['turns_per_s']:>10.1f}   (then projecting them took {inproc['project_s']:.1f} s)")
    print(f"{'HTTP POST /v1/turns':<22}{http['ingest']['turns_per_s']:>10.1f}   "
          f"(then the server projected them in {http['ingest']['project_s']:.1f} s)")
    print(f"{'HTTP / ingest_many':<22}{ratio:>10.2f}   (target >= 0.80)")
    line = "python -m bench.api " + (f"--data {args.data}" if args.data else
                                      f"--synthetic --turns {args.turns} --subjects {args.subjects}")
    line += f" --clients {args.clients} --queries {args.queries} --batch {args.batch} --rounds {args.rounds}"
    line += f" --limit {args.limit}" if args.limit else ""
    line += f" --client {args.client}" if args.client != "aiohttp" else ""
    print(f"reproduce: HF_HUB_OFFLINE=1 {line}")
    return {"what": what, "turns": n_turns, "clients": args.clients, "reads": rows, "load_average": load,
            "ingest": {"ingest_many": inproc, "http": http["ingest"], "ratio": ratio}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, help=f"a folder of LoCoMo conversations (default: {DEFAULT_DATA} "
                                              "when present, else synthetic turns)")
    ap.add_argument("--synthetic", action="store_true", help="synthetic turns (bench.synth) even if LoCoMo is there")
    ap.add_argument("--turns", type=int, default=2000, help="synthetic turns")
    ap.add_argument("--subjects", type=int, default=10, help="synthetic subjects")
    ap.add_argument("--limit", type=int, help="use only the first N turns")
    ap.add_argument("--clients", type=int, default=8, help="concurrent clients")
    ap.add_argument("--queries", type=int, default=400, help="queries per endpoint and path")
    ap.add_argument("--batch", type=int, default=100, help="turns per ingest call or request")
    ap.add_argument("--rounds", type=int, default=3, help="read rounds, HTTP and facade alternated (medians)")
    ap.add_argument("--client", choices=("aiohttp", "httpx"), default="aiohttp",
                    help="the HTTP clients' library (default aiohttp; httpx's async pool adds a tail of its own)")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument("--serve", nargs=2, metavar=("DIR", "PORT"), help=argparse.SUPPRESS)
    ap.add_argument("--serve-catch-up", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        return serve(args.serve[0], int(args.serve[1]), args.serve_catch_up)
    if args.data is None and not args.synthetic and DEFAULT_DATA.is_dir():
        args.data = DEFAULT_DATA
    turns, what = load(args.data, args.turns, args.subjects, args.limit)
    asked = queries(turns, args.queries)
    tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-api-"))
    try:
        data_dir = tmp / "data"
        busy = {"start": os.getloadavg()[0]}
        print(f"ingest in process ({len(turns)} turns)...", file=sys.stderr, flush=True)
        inproc = phase_in_process_ingest(data_dir, turns, args.batch)
        https, facades = [], []
        for r in range(args.rounds):  # alternated, so both paths meet the machine's other work alike
            print(f"round {r + 1}/{args.rounds}: HTTP{' ingest,' if r == 0 else ''} recall, context...",
                  file=sys.stderr, flush=True)
            https.append(phase_http(data_dir, turns if r == 0 else None, asked, args.clients, args.batch, args.client))
            print(f"round {r + 1}/{args.rounds}: facade in process: recall, context...", file=sys.stderr, flush=True)
            facades.append(phase_facade(data_dir, asked, args.clients))
        http = {**median_rounds(https), "ingest": https[0]["ingest"]}
        facade = median_rounds(facades)
        busy["end"] = os.getloadavg()[0]
        result = report(what, len(turns), args, inproc, http, facade, busy)
        if args.json:
            args.json.write_text(json.dumps(result, indent=2))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
