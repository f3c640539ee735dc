from schemas.export import JSON_DIR, rendered


def test_exported_json_schemas_are_current():
    expected = rendered()
    on_disk = {p.name: p.read_text() for p in JSON_DIR.glob("*.schema.json")}
    stale = sorted(name for name, text in expected.items() if on_disk.get(name) != text)
    extra = sorted(set(on_disk) - set(expected))
    assert not stale and not extra, (
        f"JSON Schemas are stale ({stale}) or orphaned ({extra}); run `python -m schemas.export`"
    )


def test_event_schema_lists_every_payload_type():
    from schemas.events import EVENT_TYPES

    text = rendered()["event.schema.json"]
    for event_type in EVENT_TYPES:
        assert f'"{event_type}"' in text
