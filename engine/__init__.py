"""memstream's deterministic core and its public facade, `MemoryEngine`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.facade import MemoryEngine

__all__ = ["MemoryEngine"]


def __getattr__(name: str) -> Any:
    # Imported lazily: `import engine` stays cheap for the CLI's --help and for the tokenizer.
    if name == "MemoryEngine":
        from engine.facade import MemoryEngine

        return MemoryEngine
    raise AttributeError(name)
