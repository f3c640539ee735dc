"""Exports the JSON Schemas of memstream's messages into `schemas/json/` for other languages.

Run `python -m schemas.export`; `tests/schemas/test_export.py` fails when the files are stale.
"""
from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from schemas.commands import Forget, Remember
from schemas.events import Event
from schemas.records import MemoryRecord
from schemas.turns import TurnIn
from schemas.views import AuditEntry, ContextResult, RecallHit

JSON_DIR = Path(__file__).resolve().parent / "json"

MODELS: dict[str, type[BaseModel]] = {
    "event": Event,
    "turn": TurnIn,
    "memory_record": MemoryRecord,
    "command_remember": Remember,
    "command_forget": Forget,
    "recall_hit": RecallHit,
    "context_result": ContextResult,
    "audit_entry": AuditEntry,
}


def rendered() -> dict[str, str]:
    """File name -> JSON text, exactly as it is written to disk."""
    return {
        f"{name}.schema.json": json.dumps(model.model_json_schema(), indent=2, sort_keys=True) + "\n"
        for name, model in MODELS.items()
    }


def write(directory: Path = JSON_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for filename, text in rendered().items():
        path = directory / filename
        path.write_text(text)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for path in write():
        print(path)
