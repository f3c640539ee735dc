"""Context assembly: the few hundred tokens an agent gets, packed layer by layer.

Layers, in order: the session's working summary (what left its window), the user profile (standing
instructions, constraints, preferences, facts — always in context), relevant episodes, and other
recalled records. Each layer has a budget scaled from the settings to the requested total; what a
layer leaves unused flows to the next. Everything that did not fit is reported in `omitted`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from engine.errors import InvalidCommandError
from engine.recall import Scored
from engine.settings import Settings
from engine.state import SubjectState
from engine.summaries import Summary, profile_records
from engine.textnorm import jaccard, term_set
from engine.tokens import count_tokens_many
from schemas.records import MemoryRecord
from schemas.views import ContextResult, LayerReport, Omitted

#: The smallest context budget anything may ask for (the facade, the CLI and the Kafka worker's
#: /context alike): below it not even a profile line fits.
MIN_BUDGET_TOKENS = 16


def check_budget_tokens(value: object) -> int:
    """The one rule for a requested budget: a whole number of at least MIN_BUDGET_TOKENS, else
    InvalidCommandError (never a silent default)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < MIN_BUDGET_TOKENS:
        raise InvalidCommandError(f"budget_tokens must be a whole number, at least {MIN_BUDGET_TOKENS} "
                                  f"(got {value!r})")
    return value


@dataclass(frozen=True)
class _Item:
    ref: str
    line: str
    sources: tuple[str, ...]
    memory_id: str | None = None


def _record_line(rec: MemoryRecord) -> str:
    if rec.kind == "episode" and rec.happened_at is not None:
        return f"- [{rec.happened_at:%-d %b %Y}] {rec.text}"
    return f"- {rec.text}"


def layer_budgets(total: int, settings: Settings) -> dict[str, int]:
    base = {
        "summary": settings.layer_summary_tokens,
        "profile": settings.layer_profile_tokens,
        "episodic": settings.layer_episodic_tokens,
        "retrieved": settings.layer_retrieved_tokens,
    }
    scale = total / sum(base.values())
    return {name: int(b * scale) for name, b in base.items()}


def _said_on(rec: MemoryRecord) -> str:
    return f"{rec.created_at:%-d %B %Y}"


def focus(text: str, wanted: frozenset[str]) -> str:
    """A record of several statements ("a; b; c", one turn's observations) shown by the ones the
    query is about, each with the statement that follows it (where an answer usually is); the
    whole record when no statement shares a word with the query."""
    parts = text.split("; ")
    if len(parts) < 3 or not wanted:
        return text
    hit = [i for i, p in enumerate(parts) if wanted & term_set(p)]
    if not hit:
        return text
    keep = sorted({j for i in hit for j in (i, i + 1) if j < len(parts)})
    if len(keep) == len(parts):
        return text
    first = parts[0].split(": ", 1)[0] + ": " if ": " in parts[0][:40] and keep[0] != 0 else ""
    return first + "; ".join(parts[j] for j in keep) + (" …" if keep[-1] < len(parts) - 1 else "")


def asks_about_time(query: str) -> bool:
    """Does the query ask when, how long, or about an order in time ("after the trip")?"""
    return bool(_TIME_QUESTION.search(query))


_TIME_QUESTION = re.compile(
    r"\b(?:when|what\s+(?:year|month|date|day|time)|how\s+long|how\s+often|ago|before|after|since|until|first|"
    r"last|latest|recent(?:ly)?|earlier|later|previous(?:ly)?|next|date|year|month|week|weekend|today|yesterday|"
    r"tomorrow|(?:jan|febr)uary|march|april|may|june|july|august|september|october|november|december|\d{4})\b",
    re.IGNORECASE)


def assemble(state: SubjectState, *, session_id: str | None, budget_tokens: int,
             hits: list[Scored], now: datetime, settings: Settings, max_privacy: str,
             query: str = "", previous: Summary | None = None) -> ContextResult:
    """Packs the layers into `budget_tokens`.

    Order of filling: the working summary (and, when given, the summary of the user's previous
    session, under its title: what an agent needs to pick up where they left off), the standing
    profile (records the query did not recall),
    then the recalled records, most relevant first, with everything the first two left unused; what
    is still left goes back to the profile. When the query asks about time, recalled records are
    shown under the day they were said (one "8 May 2023:" line per day, days in order of their best
    record): a reader can then place "yesterday" and "last week", and repeated dates cost no tokens.
    Otherwise those tokens go to more records (dates resolved inside a record's text stay).
    """
    dated = asks_about_time(query)
    budgets = layer_budgets(budget_tokens, settings)
    profile = profile_records(state, now, settings, session_id, max_privacy)
    omitted: list[Omitted] = []
    hit_ids = {h.record.memory_id for h in hits}
    # With a query, what the user likes, decided or told about themself competes in recall on its
    # relevance (it is in `hits` when relevant); what binds every answer (constraints, standing
    # instructions) is always shown. Without a query the whole profile is.
    binding = ("temporary_instruction", "constraint")
    standing_records = [r for r in profile if r.memory_id not in hit_ids and (not query.strip() or r.kind in binding)]
    # A summary line says again what a record from the same turn says: the record, offered to this
    # context, carries it.
    offered = standing_records + [h.record for h in hits]
    covered = {t for rec in offered for t in rec.source_turn_ids}
    summary_items: list[_Item] = []
    session = state.sessions.get(session_id) if session_id else None
    if session is not None:
        for item in session.summary:
            if not item.text:
                continue
            if item.turn_id in covered:
                omitted.append(Omitted(layer="summary", ref=f"summary:{item.turn_id}", tokens=0,
                                       reason="also in a memory record"))
                continue
            summary_items.append(_Item(f"summary:{item.turn_id}", f"- {item.text}", (item.turn_id,)))
    if previous is not None and previous.lines:
        shown_ids = {r.memory_id for r in offered}
        lines = []
        for memory_id, line in zip(previous.memory_ids, previous.lines):
            if memory_id in shown_ids:
                omitted.append(Omitted(layer="summary", ref=memory_id, tokens=0, reason="also in a memory record"))
                continue
            rec = state.records.get(memory_id)
            lines.append(_Item(memory_id, f"- {line}", tuple(rec.source_turn_ids) if rec else (), memory_id))
        if lines:
            summary_items.append(_Item(f"summary:{previous.title}", f"{previous.title}:", ()))
            summary_items.extend(lines)

    standing = [_Item(r.memory_id, _record_line(r), tuple(r.source_turn_ids), r.memory_id)
                for r in standing_records]
    recalled = [h.record for h in hits if h.record.text]
    wanted = term_set(query)
    shown = {r.memory_id: "- " + focus(r.text or "", wanted) for r in recalled}

    headers = {
        "summary": "## Working summary",
        "profile": "## About the user",
        "episodic": "## Relevant episodes",
        "retrieved": "## Related memories",
    }
    day_lines = {_said_on(r) + ":" for r in recalled}
    all_lines = (list(headers.values()) + [i.line for i in summary_items + standing] + sorted(day_lines)
                 + list(shown.values()))
    counts = dict(zip(all_lines, count_tokens_many(all_lines)))

    sources: list[str] = []
    memory_ids: list[str] = []

    def take(item: _Item) -> None:
        for s in item.sources:
            if s not in sources:
                sources.append(s)
        if item.memory_id:
            memory_ids.append(item.memory_id)

    def fill(name: str, items: list[_Item], budget: int, report: bool = True) -> tuple[list[_Item], int]:
        """Greedy, in order: an item that does not fit is left out and the next one is tried."""
        used, kept = 0, []
        header = counts[headers[name]]
        for item in items:
            cost = counts[item.line] + (0 if kept else header)
            if used + cost > budget:
                if report:
                    omitted.append(Omitted(layer=name, ref=item.ref, tokens=counts[item.line], reason="layer budget"))
                continue
            kept.append(item)
            used += cost
        return kept, used

    summary_kept, summary_used = fill("summary", summary_items, budgets["summary"])
    if previous is not None:
        # The previous session's lines only under their title, and its title only over some lines.
        title_ref = f"summary:{previous.title}"
        theirs = {i.ref for i in summary_items if i.memory_id and i.memory_id in set(previous.memory_ids)}
        kept_refs = {i.ref for i in summary_kept}
        if title_ref not in kept_refs or not (theirs & kept_refs):
            for i in summary_kept:
                if i.ref in theirs:  # a line cannot stand without its title
                    omitted.append(Omitted(layer="summary", ref=i.ref, tokens=counts[i.line], reason="layer budget"))
            summary_kept = [i for i in summary_kept if i.ref != title_ref and i.ref not in theirs]
            summary_used = (sum(counts[i.line] for i in summary_kept) + counts[headers["summary"]]
                            if summary_kept else 0)
    carry = budgets["summary"] - summary_used
    # Without a recall, what the summary left flows to the profile; with one, to the recalled records.
    profile_budget = budgets["profile"] + (0 if recalled else carry)
    profile_kept, profile_used = fill("profile", standing, profile_budget, report=False)
    recall_budget = budgets["episodic"] + budgets["retrieved"] + (carry if recalled else 0) + profile_budget - profile_used

    # Recalled records, most relevant first, each with the cost of its day line the first time.
    chosen: list[MemoryRecord] = []
    days_open: set[tuple[str, str]] = set()
    layers_open: set[str] = set()
    used = {"episodic": 0, "retrieved": 0}
    chosen_terms: list[frozenset[str]] = []
    for rec in recalled:
        layer = "episodic" if rec.kind == "episode" else "retrieved"
        terms_of = term_set(shown[rec.memory_id])
        if any(jaccard(terms_of, t) >= settings.context_redundancy for t in chosen_terms):
            omitted.append(Omitted(layer=layer, ref=rec.memory_id, tokens=counts[shown[rec.memory_id]],
                                   reason="says what a shown memory says"))
            continue
        day = _said_on(rec) + ":"
        cost = counts[shown[rec.memory_id]] + (0 if not dated or (layer, day) in days_open else counts[day])
        if layer not in layers_open:
            cost += counts[headers[layer]]
        if sum(used.values()) + cost > recall_budget:
            omitted.append(Omitted(layer=layer, ref=rec.memory_id, tokens=counts[shown[rec.memory_id]],
                                   reason="layer budget"))
            continue
        chosen.append(rec)
        chosen_terms.append(terms_of)
        days_open.add((layer, day))
        layers_open.add(layer)
        used[layer] += cost
    left = recall_budget - sum(used.values())
    if left > 0 and len(profile_kept) < len(standing):
        profile_kept, profile_used = fill("profile", standing, profile_used + left, report=False)
        left = 0
    kept_ids = {i.ref for i in profile_kept}
    for item in standing:
        if item.ref not in kept_ids:
            omitted.append(Omitted(layer="profile", ref=item.ref, tokens=counts[item.line], reason="layer budget"))

    text_parts: list[str] = []
    reports: list[LayerReport] = []
    for item in summary_kept:
        take(item)
    if summary_kept:
        text_parts.append("\n".join([headers["summary"], *(i.line for i in summary_kept)]))
    reports.append(LayerReport(name="summary", budget=budgets["summary"], tokens=summary_used, items=len(summary_kept)))
    for item in profile_kept:
        take(item)
    if profile_kept:
        text_parts.append("\n".join([headers["profile"], *(i.line for i in profile_kept)]))
    reports.append(LayerReport(name="profile", budget=profile_budget, tokens=profile_used, items=len(profile_kept)))
    for layer in ("episodic", "retrieved"):
        recs = [r for r in chosen if (r.kind == "episode") == (layer == "episodic")]
        lines: list[str] = [headers[layer]] if recs else []
        order: list[str] = []
        by_day: dict[str, list[MemoryRecord]] = {}
        for r in recs:
            day = _said_on(r) + ":"
            if day not in by_day:
                order.append(day)
                by_day[day] = []
            by_day[day].append(r)
        for day in order:
            if dated:
                lines.append(day)
            for r in by_day[day]:
                lines.append(shown[r.memory_id])
                take(_Item(r.memory_id, "", tuple(r.source_turn_ids), r.memory_id))
        tokens = sum(counts[x] for x in lines)
        if recs:
            text_parts.append("\n".join(lines))
        reports.append(LayerReport(name=layer, budget=budgets[layer] if layer == "episodic"
                                   else recall_budget - budgets["episodic"], tokens=tokens, items=len(recs)))
    text = "\n\n".join(text_parts)
    return ContextResult(
        text=text,
        tokens=sum(r.tokens for r in reports),
        sources=sources,
        omitted=omitted,
        layers=reports,
        memory_ids=memory_ids,
    )
