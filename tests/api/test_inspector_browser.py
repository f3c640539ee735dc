"""The inspector in a real browser: Debian's headless chromium, driven over the DevTools protocol
(tests/api/cdp.py), against a real server. The login link `memstream keys ui-link` prints is opened,
the page lists the records, an audit trail opens, a memory is forgotten with its button, and the
receipt shows while the forgotten content is nowhere in the page. A screenshot is saved."""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil

import pytest

from cdp import Browser, find_chromium
from streams.api.cli import cmd_keys_ui_link

SCREENSHOT = "/tmp/memstream-inspector.png"


@pytest.fixture
def chromium() -> str:
    """The browser, looked for before the server starts."""
    found = find_chromium()
    if found is None:
        reason = ("chromium is not installed: the inspector's browser test needs Debian's chromium package "
                  "(scripts/bootstrap installs it as root, or: apt-get install -y chromium)")
        if os.environ.get("CI"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    return found


def _turns(user: str, texts: list[tuple[str, str]]) -> list[dict]:
    return [{"user_id": user, "session_id": "kitchen", "turn_id": f"k{i}", "role": role, "text": text,
             "occurred_at": f"2026-05-11T18:{i:02d}:00Z"} for i, (role, text) in enumerate(texts)]


@pytest.mark.slow
def test_inspector_in_a_real_browser(chromium, live_server, tmp_path, capsys):
    with live_server.client(live_server.key("acme", "write")) as c:
        answer = c.post("/v1/turns", json=_turns("noor", [
            ("user", "I brew my coffee with an old Moka pot from Trieste."),
            ("assistant", "Noted: you brew with an old Moka pot from Trieste."),
            ("user", "My sister Ilse lives in Tromso and sends me postcards."),
            ("user", "I am training for a half marathon in October."),
            ("user", "My favourite tea is a smoky lapsang souchong."),
            ("user", "Actually my favourite tea is now genmaicha."),
        ]) + _turns("pim", [("user", "I collect vintage fountain pens.")]))
        assert answer.json()["accepted"] == 7
    live_server.engine.flush()
    records = live_server.engine.records("acme", "noor", include_inactive=True)
    moka = next(r for r in records if "Moka" in (r.text or ""))
    assert moka.echoes  # the acknowledgement repeats it: it is shredded with it

    # The login link, as `memstream keys ui-link` prints it (alone on the last line of stdout).
    capsys.readouterr()
    assert cmd_keys_ui_link(argparse.Namespace(data_dir=str(live_server.data_dir), tenant="acme", minutes=5,
                                               url=live_server.url)) == 0
    link = capsys.readouterr().out.strip().splitlines()[-1]
    assert link.startswith(f"{live_server.url}/ui/login#key=msk_")

    async def drive() -> dict:
        seen: dict = {}
        async with await Browser.start(tmp_path / "chromium-profile", chromium) as browser:
            page = await browser.new_page()
            await page.goto(link)
            await page.wait_for("location.pathname === '/ui' && document.readyState === 'complete'"
                                " && !!document.querySelector('#users')")
            seen["hash"] = await page.evaluate("location.hash")
            seen["cookie_visible"] = await page.evaluate("document.cookie")
            seen["users"] = await page.evaluate(
                "[...document.querySelectorAll('#users a')].map(a => a.textContent)")

            await page.click('#users a[href="/ui/users/noor"]')
            await page.wait_for("location.pathname === '/ui/users/noor' && document.readyState === 'complete'")
            seen["records_text"] = await page.evaluate("document.body.innerText")
            for group in ("active", "superseded"):
                seen[group] = await page.evaluate(
                    f"[...document.querySelectorAll('table[data-group={group}] tr.record')].map(r => r.dataset.memoryId)")
            (tmp_path / "inspector-records.png").write_bytes(await page.screenshot())

            await page.click(f'tr[data-memory-id="{moka.memory_id}"] a.audit-link')
            await page.wait_for(f"location.pathname.endsWith('/memories/{moka.memory_id}')"
                                " && document.readyState === 'complete' && !!document.querySelector('#audit')")
            seen["audit_types"] = await page.evaluate(
                "[...document.querySelectorAll('#audit tr.audit-entry')].map(r => r.dataset.type)")
            seen["audit_text"] = await page.evaluate("document.querySelector('#audit').innerText")

            await page.goto(f"{live_server.url}/ui/users/noor")
            await page.click(f'tr[data-memory-id="{moka.memory_id}"] form.forget button')
            await page.wait_for("location.pathname === '/ui/users/noor/receipt' && document.readyState === 'complete'"
                                " && !!document.querySelector('#keys-destroyed')")
            seen["keys_destroyed"] = await page.evaluate("document.querySelector('#keys-destroyed').textContent")
            seen["receipt_rows"] = await page.evaluate(
                "[...document.querySelectorAll('tr.receipt-event')].map(r => [r.dataset.memoryId,"
                " r.querySelector('.turns-shredded').textContent])")
            seen["receipt_html"] = await page.html()
            seen["receipt_text"] = await page.evaluate("document.body.innerText")
            seen["png"] = await page.screenshot()

            await page.goto(f"{live_server.url}/ui/users/noor")
            seen["after_html"] = await page.html()
        return seen

    seen = asyncio.run(drive())

    # Logged in by the link: the key left the address bar, and no script can read the cookie.
    assert seen["hash"] == "" and "memstream_ui" not in seen["cookie_visible"]
    assert seen["users"] == ["noor", "pim"]
    # The records, with their provenance.
    for rec in records:
        assert rec.text in seen["records_text"]
    for group in ("active", "superseded"):
        assert set(seen[group]) == {r.memory_id for r in records if r.tier == group}
    assert "kitchen/k0" in seen["records_text"] and "kitchen/k1" in seen["records_text"]
    # An audit trail.
    assert seen["audit_types"][0] == "memory_recorded" and "kitchen/k0" in seen["audit_text"]
    # The receipt: the content-free event, two turn keys (the statement and its echo) and the record's.
    assert [row[0] for row in seen["receipt_rows"]] == [moka.memory_id]
    assert seen["receipt_rows"][0][1].startswith("2")
    assert seen["keys_destroyed"] == "3"
    assert "memory_forgotten" in seen["receipt_text"]
    for page_html in (seen["receipt_html"], seen["after_html"]):
        for word in ("Moka", "Trieste", "brew", moka.text):
            assert word not in page_html
    assert "Tromso" in seen["after_html"]  # what was not forgotten is still there
    assert not any("Moka" in (r.text or "") for r in live_server.engine.records("acme", "noor", include_inactive=True))

    shot = tmp_path / "inspector-receipt.png"
    shot.write_bytes(seen["png"])
    assert seen["png"].startswith(b"\x89PNG\r\n\x1a\n") and len(seen["png"]) > 5000
    shutil.copyfile(shot, SCREENSHOT)
    with capsys.disabled():
        print(f"\ninspector screenshots: {shot} (copied to {SCREENSHOT}), {tmp_path / 'inspector-records.png'}")
