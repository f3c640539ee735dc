"""Context assembly: the few hundred tokens an agent gets, packed layer by layer.

Layers, in order: the session's working summary (what left its window), the user profile (standing
instructions, constraints, preferences, facts — always in context), relevant episodes, and other
recalled records. Each layer has a budget scaled from the settings to the requested total; what a
layer leaves unused flows to the next. Everything that did not fit is reported in `omitted`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from engine.recall import Scored
from engine.scoring import record_keep_score
from engine.settings import Settings
from engine.state import SubjectState
from engine.tokens import count_tokens_many
from schemas.common import PRIVACY_ORDER
from schemas.records import MemoryRecord
from schemas.views import ContextResult, LayerReport, Omitted

PROFILE_KINDS = ("temporary_instruction", "constraint", "preference", "fact", "decision")
_KIND_ORDER = {k: i for i, k in enumerate(PROFILE_KINDS)}


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


def profile_records(state: SubjectState, now: datetime, settings: Settings, session_id: str | None,
                    max_privacy: str) -> list[MemoryRecord]:
    """Standing facts about the user, most useful first: instructions, constraints, preferences, facts."""
    limit = PRIVACY_ORDER[max_privacy]
    out = []
    for rec in state.records.values():
        if rec.tier != "active" or rec.text is None or rec.kind == "episode":
            continue
        if PRIVACY_ORDER[rec.privacy_level] > limit or (rec.expires_at and rec.expires_at <= now):
            continue
        if rec.kind == "temporary_instruction" and rec.fields.get("scope") == "session" and rec.session_id != session_id:
            continue
        out.append(rec)
    out.sort(key=lambda r: (_KIND_ORDER[r.kind], -record_keep_score(r, now, settings), r.memory_id))
    return out


def assemble(state: SubjectState, *, session_id: str | None, budget_tokens: int,
             hits: list[Scored], now: datetime, settings: Settings, max_privacy: str) -> ContextResult:
    budgets = layer_budgets(budget_tokens, settings)
    layers: dict[str, list[_Item]] = {"summary": [], "profile": [], "episodic": [], "retrieved": []}

    profile = profile_records(state, now, settings, session_id, max_privacy)
    omitted: list[Omitted] = []
    # A summary line says again what a record from the same turn says: the record carries it.
    covered = {t for rec in profile for t in rec.source_turn_ids}
    covered.update(t for h in hits for t in h.record.source_turn_ids)
    session = state.sessions.get(session_id) if session_id else None
    if session is not None:
        for item in session.summary:
            if not item.text:
                continue
            if item.turn_id in covered:
                omitted.append(Omitted(layer="summary", ref=f"summary:{item.turn_id}", tokens=0,
                                       reason="also in a memory record"))
                continue
            layers["summary"].append(_Item(f"summary:{item.turn_id}", f"- {item.text}", (item.turn_id,)))

    hit_ids = {h.record.memory_id for h in hits}
    # Profile records that the query recalled go first: they are both standing and relevant.
    profile.sort(key=lambda r: 0 if r.memory_id in hit_ids else 1)
    seen: set[str] = set()
    for rec in profile:
        layers["profile"].append(_Item(rec.memory_id, _record_line(rec), tuple(rec.source_turn_ids), rec.memory_id))
        seen.add(rec.memory_id)
    for hit in hits:
        rec = hit.record
        if rec.memory_id in seen:
            continue
        layer = "episodic" if rec.kind == "episode" else "retrieved"
        layers[layer].append(_Item(rec.memory_id, _record_line(rec), tuple(rec.source_turn_ids), rec.memory_id))

    headers = {
        "summary": "## Working summary",
        "profile": "## About the user",
        "episodic": "## Relevant episodes",
        "retrieved": "## Related memories",
    }
    all_lines = [headers[n] for n in layers] + [i.line for items in layers.values() for i in items]
    counts = dict(zip(all_lines, count_tokens_many(all_lines)))

    text_parts: list[str] = []
    sources: list[str] = []
    memory_ids: list[str] = []
    reports: list[LayerReport] = []
    used_total = 0
    carry = 0
    for name, items in layers.items():
        budget = budgets[name] + carry
        used = 0
        kept: list[str] = []
        if items:
            header_cost = counts[headers[name]]
            if header_cost < budget:
                used = header_cost
        for item in items:
            cost = counts[item.line]
            if used == 0 or used + cost > budget:
                omitted.append(Omitted(layer=name, ref=item.ref, tokens=cost, reason="layer budget"))
                continue
            kept.append(item.line)
            used += cost
            for s in item.sources:
                if s not in sources:
                    sources.append(s)
            if item.memory_id:
                memory_ids.append(item.memory_id)
        if kept:
            text_parts.append("\n".join([headers[name], *kept]))
        else:
            used = 0
        carry = budget - used
        used_total += used
        reports.append(LayerReport(name=name, budget=budget, tokens=used, items=len(kept)))
    return ContextResult(
        text="\n\n".join(text_parts),
        tokens=used_total,
        sources=sources,
        omitted=omitted,
        layers=reports,
        memory_ids=memory_ids,
    )
