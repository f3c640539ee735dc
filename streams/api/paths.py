"""Path parameters the API and the inspector share: ids as any turn may carry them."""
from __future__ import annotations

from typing import Annotated

from fastapi import Path
from starlette.convertors import Convertor, register_url_convertor


class AnyId(Convertor):
    """A user or session id in a path: any id a turn may carry, '/' and line breaks included (sent
    percent-encoded), so every subject that can be written can be read, forgotten and audited."""

    regex = "(?s:.+)"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("anyid", AnyId())
#: A user or session id, as the API takes it in a path (`{user_id:anyid}`).
Id = Annotated[str, Path(min_length=1, max_length=128)]
