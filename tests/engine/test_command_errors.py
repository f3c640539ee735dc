"""A malformed remember or forget is an InvalidCommandError saying which field is wrong in one line,
without pydantic's input echo or links (what an agent sees through MCP or the API)."""
from __future__ import annotations

import pytest

from engine.errors import InvalidCommandError


@pytest.mark.parametrize("kw, field", [
    ({"text": ""}, "text"),
    ({"text": "I like tea", "importance": 3}, "importance"),
    ({"text": "I like tea", "kind": "wish"}, "kind"),
])
def test_a_bad_remember_names_the_field(engine, kw, field):
    with pytest.raises(InvalidCommandError) as caught:
        engine.remember(tenant_id="acme", user_id="u1", **kw)
    message = str(caught.value)
    assert message.startswith(f"{field}: ") and "\n" not in message
    assert "pydantic" not in message and "input_value" not in message
