"""The `memstream` command line: demo, ingest, recall, context, forget, sweep, replay, digest, audit, doctor.

Exit codes: 0 success; 1 the command ran and found a problem it reports (ingest rejected lines,
replay --verify saw different digests, doctor has findings); 2 an error stopped the command (a bad
argument or data directory, a damaged store): one line on stderr saying what to do."""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import shutil
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from engine.errors import DataDirError, InputFileError, MemstreamError

console = Console(soft_wrap=True)
err_console = Console(stderr=True)

DEFAULT_DATA_DIR = os.environ.get("MEMSTREAM_DATA_DIR", "./memstream-data")


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err_console, transient=False)


class NoStoreError(MemstreamError):
    """A command that reads a store was pointed at a directory that holds none."""


#: The manifest that marks a directory as memstream's (streams.datadir): with it, a missing store
#: is the runtime's typed MissingStoreError, not "no memstream log here".
MANIFEST = "memstream.json"


def _check_holds_store(data_dir: Path) -> None:
    if not _exists(data_dir / "log") and not _exists(data_dir / MANIFEST):
        raise NoStoreError(f"{data_dir} holds no memstream log (check --data-dir)")


def _open(args: argparse.Namespace, create: bool = False):
    """The engine on `--data-dir`. Only `ingest` creates a store: opening one creates it, and a
    mistyped --data-dir would otherwise answer "nothing" from a new, empty store."""
    from engine import MemoryEngine

    if not create:
        _check_holds_store(Path(args.data_dir))
    _exists(Path(args.data_dir))
    return MemoryEngine.open(args.data_dir, tenant_id=getattr(args, "bound_tenant", None))


def _exists(path: Path) -> bool:
    """Path.exists, with what the OS refuses (a name too long, a file where a directory should be,
    no permission) as a typed error."""
    try:
        return path.exists()
    except OSError as exc:
        raise _path_error(path, exc) from None


def _path_error(path: Path, exc: OSError) -> DataDirError:
    import errno

    if exc.errno == errno.ENAMETOOLONG:
        return DataDirError(f"cannot use {str(path)[:60]}...: a name in the path is too long for the file system "
                            "(255 bytes a name at most); choose a shorter path")
    if exc.errno in (errno.EACCES, errno.EPERM):
        from engine.errors import DataDirPermissionError

        return DataDirPermissionError(f"cannot use {path}: permission denied (fix its owner or mode, or run as "
                                      "the user who owns it)")
    return DataDirError(f"cannot use {path}: {exc.strerror or exc}")


def cmd_ingest(args: argparse.Namespace) -> int:
    """Exit 0 when every line was ingested, 1 when some lines were rejected (every good line is
    still ingested; the reasons are printed and, with --rejects, written out), 2 on an error."""
    from engine.errors import MemstreamError
    from engine.guard import validate_turn
    from engine.jsonl import read_jsonl

    path = Path(args.file)
    if not _exists(path):
        raise InputFileError(f"no such file: {path}")
    if path.is_dir():
        raise InputFileError(f"{path} is a directory; give a JSONL file of turns")
    if args.rejects:
        _check_rejects_path(Path(args.rejects), path)
    rejects: list[dict[str, Any]] = []
    accepted = new = conflicting = 0
    with _open(args, create=True) as engine, _progress() as progress:
        task = progress.add_task("ingest", total=max(path.stat().st_size, 1))
        batch: list = []  # validated TurnIn models
        logged = getattr(engine.runtime, "logged_event", None)

        def send() -> None:
            nonlocal new, conflicting
            if batch:
                conflicting += _same_id_other_text(batch, logged)
                new += engine.ingest_many(batch)
                batch.clear()

        for line in read_jsonl(path):
            progress.advance(task, line.size)
            if line.reason is not None:
                rejects.append({"line": line.lineno, "reason": line.reason})
                continue
            try:
                turn = validate_turn(line.value, engine.settings, engine.tenant_id)
            except (ValueError, RecursionError, MemstreamError) as exc:
                reason = "nested too deeply to read" if isinstance(exc, RecursionError) else f"{type(exc).__name__}: {exc}"
                rejects.append({"line": line.lineno, "reason": reason})
                continue
            batch.append(turn)  # validated once: ingest_many takes the model as it is
            accepted += 1
            if len(batch) >= 500:
                send()
        send()
        progress.update(task, completed=max(path.stat().st_size, 1))
        pending = engine.pending()
        task2 = progress.add_task("process", total=max(pending, 1))
        engine.flush(progress=lambda n: progress.advance(task2, n))
        progress.update(task2, completed=max(pending, 1))
        stats = engine.stats()
    if args.rejects:
        try:
            Path(args.rejects).write_text("".join(json.dumps(r) + "\n" for r in rejects))
        except OSError as exc:
            raise InputFileError(f"the turns were ingested, but the rejects could not be written to {args.rejects}: "
                                 f"{exc.strerror or exc}") from None
    console.print(f"ingested {accepted} turns ({new} new, {accepted - new} already present), "
                  f"rejected {len(rejects)}; active records: {stats['records_active']}, "
                  f"log events: {stats['log_events']}")
    if conflicting:
        err_console.print(f"warning: {conflicting} of the turns already present had the same turn_id as a logged "
                          "turn but different text: the first text was kept (a turn is ingested once by its id; "
                          "give a changed turn a new turn_id)", markup=False, highlight=False)
    for r in rejects[:10]:
        err_console.print(f"  line {r['line']}: {r['reason']}", markup=False, highlight=False)
    if len(rejects) > 10:
        err_console.print(f"  ... {len(rejects) - 10} more" + (f" (all in {args.rejects})" if args.rejects else ""),
                          markup=False, highlight=False)
    return 1 if rejects else 0


def _check_rejects_path(rejects: Path, source: Path) -> None:
    """--rejects must name a file that can be written, and not the input: checked before anything
    is ingested."""
    try:
        if rejects.exists():
            if rejects.is_dir():
                raise InputFileError(f"--rejects {rejects} is a directory; give a file to write the rejected lines to")
            if os.path.samefile(rejects, source):
                raise InputFileError(f"--rejects {rejects} is the input file itself; give another file")
            if not os.access(rejects, os.W_OK):
                raise InputFileError(f"--rejects {rejects}: permission denied; give a file you can write")
        else:
            parent = rejects.parent
            if not parent.is_dir():
                raise InputFileError(f"--rejects {rejects}: its directory {parent} does not exist")
            if not os.access(parent, os.W_OK | os.X_OK):
                raise InputFileError(f"--rejects {rejects}: permission denied in {parent}; give a file you can write")
    except InputFileError:
        raise
    except OSError as exc:
        raise InputFileError(f"--rejects {str(rejects)[:120]}: {exc.strerror or exc}") from None


def _same_id_other_text(batch: list, logged) -> int:
    """How many turns of `batch` repeat the id of a turn logged before (or earlier in the batch) with
    other text. The first text is the one kept (ingest is idempotent by turn id); this only counts
    them, for the warning. `logged(event_id)`: the runtime's logged event (None where the runtime
    cannot say, then only repeats inside the batch are seen). A forgotten turn's text cannot be
    read, so a repeat of it is not counted."""
    from engine.ids import turn_event_id
    from engine.guard import redact_turn

    seen: dict[str, str] = {}
    conflicts = 0
    for turn in batch:
        event_id = turn_event_id(turn.tenant_id, turn.user_id, turn.session_id, turn.turn_id)
        text = redact_turn(turn)[0]
        if event_id in seen:
            conflicts += seen[event_id] != text
            continue
        seen[event_id] = text
        event = logged(event_id) if logged is not None else None
        if event is not None and event.payload.text is not None and event.payload.text != text:
            conflicts += 1
    return conflicts


def cmd_recall(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        hits = engine.recall(tenant_id=args.tenant, user_id=args.user, query=args.query, k=args.k,
                             session_id=args.session)
    if args.json:
        print(json.dumps([h.model_dump(mode="json") for h in hits], indent=2))
        return 0
    table = Table("score", "kind", "text", "memory_id", "source turns")
    for h in hits:
        table.add_row(f"{h.score:.3f}", h.kind, h.text, h.memory_id, ", ".join(h.source_turn_ids))
    console.print(table)
    return 0


def cmd_context(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        result = engine.context(tenant_id=args.tenant, user_id=args.user, session_id=args.session,
                                query=args.query, budget_tokens=args.budget)
    if args.json:
        print(result.model_dump_json(indent=2))
        return 0
    console.print(result.text or "[dim](empty context)")
    console.print(f"\n[bold]{result.tokens}[/] tokens; sources: {', '.join(result.sources) or '-'}; "
                  f"omitted: {len(result.omitted)}")
    return 0


def _print_summary(view, as_json: bool) -> int:
    if as_json:
        print(view.model_dump_json(indent=2))
        return 0
    console.print(view.text or f"[dim]{view.title}: nothing in memory")
    console.print(f"\n[bold]{view.tokens}[/] tokens; {len(view.memory_ids)} memories; "
                  f"left out for the budget: {view.omitted}")
    return 0


def cmd_summary(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        if args.topic is not None:
            view = engine.topic_summary(tenant_id=args.tenant, user_id=args.user, topic=args.topic,
                                        budget_tokens=args.budget)
        else:
            view = engine.session_summary(tenant_id=args.tenant, user_id=args.user, session_id=args.session_id,
                                          budget_tokens=args.budget)
    return _print_summary(view, args.json)


def cmd_profile(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        view = engine.profile(tenant_id=args.tenant, user_id=args.user, session_id=args.session,
                              budget_tokens=args.budget)
    return _print_summary(view, args.json)


def cmd_forget(args: argparse.Namespace) -> int:
    with _open(args) as engine:  # a refused forget is a typed error: main prints it, exit 2
        ids = engine.forget(tenant_id=args.tenant, user_id=args.user, memory_id=args.memory_id,
                            query=args.query, session_id=args.that, subject=args.subject)
        engine.compact()
    console.print(f"forgot {len(ids)} memor{'y' if len(ids) == 1 else 'ies'}: {', '.join(ids) or '-'}")
    return 0


def cmd_rederive(args: argparse.Namespace) -> int:
    from rich.markup import escape

    with _open(args) as engine:
        diffs = engine.rederive(tenant_id=args.tenant, user_id=args.user, dry_run=args.dry_run)
        if not args.dry_run and diffs:
            engine.compact()
    verb = "would" if args.dry_run else "did"
    for d in diffs:
        if d.failed:
            console.print(f"[bold]{d.tenant_id}/{d.user_id}[/]: not decided again, nothing written "
                          f"({escape(d.failed)})")
            continue
        console.print(f"[bold]{d.tenant_id}/{d.user_id}[/]: {d.turns_read} readable turns "
                      f"({d.turns_unreadable} forgotten, left out)")
        for rec in d.recorded:
            console.print(f"  + {rec.memory_id} ({rec.kind}) {escape(rec.text or '')}")
        for memory_id, by in d.superseded:
            console.print(f"  ~ {memory_id} superseded by {by}")
        for memory_id in d.forgotten:
            console.print(f"  - {memory_id} forgotten (the user asked)")
        if d.dead_letters_resolved:
            console.print(f"  {d.dead_letters_resolved} turn(s) whose decisions a processor failure lost, decided")
    totals = [sum(len(d.recorded) for d in diffs), sum(len(d.superseded) for d in diffs),
              sum(len(d.forgotten) for d in diffs), sum(d.dead_letters_resolved for d in diffs)]
    failed = sum(1 for d in diffs if d.failed)
    console.print(f"rederive {verb} record {totals[0]}, supersede {totals[1]}, forget {totals[2]}, "
                  f"resolve {totals[3]} dead letter(s) in {len(diffs) - failed} subject(s)"
                  + (f"; {failed} subject(s) could not be decided again" if failed else "")
                  + (" (dry run: nothing written)" if args.dry_run else ""))
    return 1 if failed else 0


def cmd_sweep(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        counts = engine.sweep(args.now)
    console.print("sweep: " + (", ".join(f"{k}={v}" for k, v in sorted(counts.items())) or "nothing to do"))
    return 0


def cmd_archive_session(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        n = engine.archive_session(args.tenant, args.user, args.session, now=args.now)
    console.print(f"archived session {args.session}: {n} raw turns shredded; its records and summary stay")
    return 0


def cmd_dead_letters(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        letters = engine.dead_letters()
    if args.json:
        print(json.dumps(letters))
        return 0
    for d in letters:
        whose = "/".join(str(d[k]) for k in ("tenant_id", "user_id", "session_id", "turn_id") if d.get(k)) or "-"
        state = (f"resolved by {d['resolved']} at {d['resolved_at']}" if d["resolved"]
                 else "unresolved" + (" (turn since forgotten)" if d.get("turn_readable") is False else ""))
        console.print(f"seq {d['seq']}  {whose}  event {d.get('event_id') or '-'}\n  {d['reason']}; {state}",
                      markup=False, highlight=False)
    open_ = [d for d in letters if not d["resolved"]]
    redo = [d for d in open_ if d["reason"].startswith("processor failed") and d.get("turn_readable")]
    console.print(f"{len(letters)} dead letter(s), {len(open_)} unresolved"
                  + (f"; `memstream rederive` decides again the {len(redo)} readable turn(s) a processor failure lost"
                     if redo else ""), markup=False, highlight=False)
    return 0


def cmd_digest(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        print(engine.view_digest())
    return 0


def cmd_audit(args: argparse.Namespace) -> int:
    with _open(args) as engine:
        entries = engine.audit(args.memory_id)
    for e in entries:
        print(e.model_dump_json())
    return 0


class Interrupted(KeyboardInterrupt):
    """SIGTERM during a replay, raised like Ctrl-C so that the replay's temporary directory is removed."""


@contextmanager
def _sigterm_interrupts():
    """While the block runs, SIGTERM raises Interrupted (in the main thread; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise Interrupted("terminated (SIGTERM)")

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGTERM) is handler:  # not when the block chose to ignore it
            signal.signal(signal.SIGTERM, previous)


def replay_verify(data_dir: Path, into: Path | None = None, show_progress: bool = True,
                  ignore_signals_once_done: bool = False) -> tuple[str, str]:
    """Rebuilds the view from `data_dir`'s log in a fresh directory; returns (live, replayed) digests.
    Without `into` the rebuilt directory is temporary and removed afterwards, also when the replay
    fails or is interrupted (Ctrl-C, SIGTERM). `ignore_signals_once_done` (the command line's): the
    moment the replay is done, Ctrl-C and SIGTERM are ignored, so that a signal cannot report an
    interrupted replay whose view `into` keeps."""
    from engine import MemoryEngine

    _check_holds_store(data_dir)
    into_existed = False
    if into is not None and _exists(into):
        if not into.is_dir():
            raise DataDirError(f"replay target {into} is a file; give a new directory for the rebuilt view")
        if any(into.iterdir()):
            raise DataDirError(f"replay target {into} is not empty; give a new directory for the rebuilt view")
        into_existed = True
    with MemoryEngine.open(data_dir) as engine:
        live = engine.view_digest()
    with _sigterm_interrupts():
        target = into or Path(tempfile.mkdtemp(prefix="memstream-replay-"))
        try:
            if show_progress:
                with _progress() as progress:
                    task = progress.add_task("replay", total=None)
                    replayed = MemoryEngine.replay(data_dir, target, progress=lambda n: progress.advance(task, n))
                    if ignore_signals_once_done:
                        _ignore_signals()
            else:
                replayed = MemoryEngine.replay(data_dir, target)
                if ignore_signals_once_done:
                    _ignore_signals()
        except BaseException:
            if into is not None:
                # --into was new or empty: what a failed or interrupted replay left there is removed,
                # so the same --into can be given again.
                _empty(into, remove=not into_existed)
            raise
        finally:
            if into is None:
                shutil.rmtree(target, ignore_errors=True)
    return live, replayed


def _empty(directory: Path, *, remove: bool) -> None:
    if remove:
        shutil.rmtree(directory, ignore_errors=True)
        return
    try:
        children = list(directory.iterdir())
    except OSError:
        return
    for child in children:
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            try:
                child.unlink()
            except OSError:
                pass


def _runtime_factory():
    from engine.runtime import resolve
    from engine.settings import load_settings

    return resolve(load_settings().runtime)


def cmd_replay(args: argparse.Namespace) -> int:
    if args.rebuild:
        return _rebuild_state(args)
    # Once the replay is done, a signal would only hide its result.
    live, replayed = replay_verify(Path(args.data_dir), Path(args.into) if args.into else None,
                                   ignore_signals_once_done=True)
    console.print(f"live view digest:     {live}")
    console.print(f"replayed view digest: {replayed}")
    if not args.verify:
        return 0
    if live == replayed:
        console.print("[green]replay verified: digests are equal")
        return 0
    console.print("[red]replay differs from the live view")
    return 1


def _rebuild_state(args: argparse.Namespace) -> int:
    """`replay --rebuild`: the state store set aside and rebuilt from the log and the keys."""
    from engine import MemoryEngine

    if args.into or args.verify:
        err_console.print("[red]error:[/] --rebuild rebuilds the directory's own state; it takes neither --into nor --verify")
        return 2
    data_dir = Path(args.data_dir)
    factory = _runtime_factory()
    if not callable(getattr(factory, "rebuild_state", None)):
        err_console.print(f"[red]error:[/] the {factory.__name__} runtime cannot rebuild a state store")
        return 2
    with _sigterm_interrupts():  # doctor's scratch view is removed also on SIGTERM
        aside = factory.rebuild_state(data_dir)
    # The open rebuilds the state (it folds the whole log and commits); once it returned, the rebuild
    # is done, and a signal no longer makes it fail.
    try:
        with _sigterm_interrupts():
            engine = MemoryEngine.open(data_dir)
            _ignore_signals()
    except KeyboardInterrupt as exc:
        # What was folded is committed; the next open (or `replay --rebuild` again) goes on from there.
        raise Interrupted(f"{str(exc) or 'Ctrl-C'}; the state is partly rebuilt: open the directory (any command) "
                          "to finish rebuilding it, or run replay --rebuild again") from None
    with engine:
        digest = engine.view_digest()
        entries = engine.runtime.position()
    if aside is not None:
        console.print(f"the old state is kept in {aside} (delete it once the rebuilt view serves you)")
    console.print(f"state rebuilt from {entries} log entries; view digest: {digest}")
    return 0


def _ignore_signals() -> None:
    """Once a command's work is committed, Ctrl-C and SIGTERM no longer turn its success into an
    interrupted exit: they are ignored until the process exits with the command's real code."""
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)


def cmd_doctor(args: argparse.Namespace) -> int:
    """Exit 0: no findings; 1: findings (printed, one a line); 2: the directory could not be checked."""
    data_dir = Path(args.data_dir)
    _exists(data_dir)
    factory = _runtime_factory()
    if not callable(getattr(factory, "doctor", None)):
        err_console.print(f"[red]error:[/] the {factory.__name__} runtime has no doctor")
        return 2
    with _sigterm_interrupts():  # its scratch directory is removed also on SIGTERM
        findings = factory.doctor(data_dir)
    facts = getattr(findings, "facts", {})
    if facts:
        console.print("checked: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in facts.items()),
                      markup=False, highlight=False)
    if not findings:
        console.print(f"{data_dir}: no findings; the directory is healthy", markup=False, highlight=False)
        return 0
    for finding in findings:
        console.print(f"finding: {finding}", markup=False, highlight=False)
    console.print(f"{data_dir}: {len(findings)} finding(s)", markup=False, highlight=False)
    return 1


def cmd_demo(args: argparse.Namespace) -> int:
    from engine.demo import run_demo

    data_dir = Path(args.data_dir) if args.data_dir_given else Path("./memstream-demo")
    return run_demo(data_dir, console)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="memstream", description=__doc__)
    data_help = f"data directory (default {DEFAULT_DATA_DIR}, or MEMSTREAM_DATA_DIR)"
    parser.add_argument("--data-dir", default=None, help=data_help)
    # --data-dir is also accepted after the command: `memstream digest --data-dir DIR`.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", default=argparse.SUPPRESS, help=data_help)
    sub = parser.add_subparsers(dest="command", required=True)

    parser.commands = {}  # name -> subparser, for runtimes that add options (streams/cli.py)
    parser.subparsers = sub
    parser.common = common

    def command(name: str, **kw: Any) -> argparse.ArgumentParser:
        parser.commands[name] = sub.add_parser(name, parents=[common], **kw)
        return parser.commands[name]

    def subject(p: argparse.ArgumentParser, session: bool = False) -> None:
        p.add_argument("--tenant", required=True)
        p.add_argument("--user", required=True)
        if session:
            p.add_argument("--session", default=None)

    p = command("demo", help="ingest a sample conversation and show what memstream keeps "
                             "(in ./memstream-demo unless --data-dir is given)")
    p.set_defaults(func=cmd_demo)
    p = command("ingest", help="ingest turns from a JSONL file")
    p.add_argument("file")
    p.add_argument("--rejects", help="write rejected lines with their reasons to this JSONL file")
    p.set_defaults(func=cmd_ingest)
    p = command("recall", help="the most relevant memories for a query")
    subject(p, session=True)
    p.add_argument("query")
    p.add_argument("-k", type=int, default=8)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_recall)
    p = command("context", help="assemble a context for a query within a token budget")
    subject(p, session=True)
    p.add_argument("query", nargs="?", default="")
    p.add_argument("--budget", type=int, default=2000)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_context)
    p = command("summary", help="a session's summary, or a topic's (computed from the active memories)")
    subject(p)
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--session", dest="session_id", help="the session to summarise")
    g.add_argument("--topic", help="what to summarise, e.g. 'adoption'")
    p.add_argument("--budget", type=int, default=200)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_summary)
    p = command("profile", help="the user profile: standing instructions, constraints, preferences, facts")
    subject(p, session=True)
    p.add_argument("--budget", type=int, default=None, help="tokens (default: the profile_max_tokens setting)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_profile)
    p = command("forget", help="forget a memory for real (by id, query, 'that', or subject)")
    subject(p)
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--id", dest="memory_id")
    g.add_argument("--query")
    g.add_argument("--that", metavar="SESSION_ID", help="the memory most recently recorded or recalled in this session")
    g.add_argument("--subject", action="store_true", help="everything about this user")
    p.set_defaults(func=cmd_forget)
    p = command("rederive", help="re-decide readable turns under the current deciders; append the differences")
    p.add_argument("--tenant", default=None)
    p.add_argument("--user", default=None)
    p.add_argument("--dry-run", action="store_true", help="print the differences; write nothing")
    p.set_defaults(func=cmd_rederive)
    p = command("sweep", help="run the forgetting policy")
    p.add_argument("--now", default=None, help="ISO time to sweep at (default: now)")
    p.set_defaults(func=cmd_sweep)
    p = command("archive-session", help="shred a session's raw turns, keeping its records and summary")
    subject(p)
    p.add_argument("--session", required=True)
    p.add_argument("--now", default=None, help="ISO time of the archive (default: now)")
    p.set_defaults(func=cmd_archive_session)
    p = command("replay", help="rebuild the view from the log in a fresh directory")
    p.add_argument("--verify", action="store_true", help="exit 1 unless the digests are equal")
    p.add_argument("--into", default=None, help="fresh directory for the rebuilt view (default: a temp dir)")
    p.add_argument("--rebuild", action="store_true",
                   help="rebuild this directory's state store from its log and keys (the old one is kept aside)")
    p.set_defaults(func=cmd_replay)
    p = command("digest", help="print the view digest of a (stopped) data directory")
    p.set_defaults(func=cmd_digest)
    p = command("dead-letters", help="log entries that could not be processed, with their reasons")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_dead_letters)
    p = command("audit", help="every event about one memory")
    p.add_argument("memory_id")
    p.set_defaults(func=cmd_audit)
    p = command("doctor", help="check a (stopped) data directory end to end without changing it; "
                               "exit 1 on any finding")
    p.set_defaults(func=cmd_doctor)
    return parser


def main(argv: list[str] | None = None, parser: argparse.ArgumentParser | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    parser = parser or build_parser()
    args = parser.parse_args(argv)
    args.data_dir_given = args.data_dir is not None
    if args.data_dir is None:
        args.data_dir = DEFAULT_DATA_DIR
    from engine.errors import MemstreamError

    # A command whose work is committed ignores SIGINT and SIGTERM until the process exits
    # (`_ignore_signals`); called with an argv (from Python, not as the process's command line) the
    # caller's handlers are put back when it returns.
    handlers = _signal_handlers() if argv is not None else None
    try:
        return args.func(args)
    except MemstreamError as exc:
        err_console.print(f"[red]error:[/] {_one_line(exc)}", highlight=False, soft_wrap=True)
        return 2
    except KeyboardInterrupt as exc:
        err_console.print(f"[red]interrupted[/] ({_one_line(exc) or 'Ctrl-C'})", highlight=False)
        return 130
    finally:
        if handlers:
            for sig, handler in handlers.items():
                signal.signal(sig, handler)


def _signal_handlers() -> dict:
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)
            if signal.getsignal(sig) is not None}


def _one_line(exc: BaseException) -> str:
    from rich.markup import escape

    return escape(" ".join(str(exc).split()))


if __name__ == "__main__":
    sys.exit(main())
