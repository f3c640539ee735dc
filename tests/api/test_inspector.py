"""The inspector (/ui) over a real server, without a browser: who may look, the login link's cookie,
tenant isolation, escaping, CSRF on forget, and the erasure receipt."""
from __future__ import annotations

import re
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone

from typing import Iterator

import httpx

from streams.api.keys import new_key
from streams.api.ui import COOKIE, csrf_token


def _turn(user: str, turn_id: str, text: str, minute: int, role: str = "user", session: str = "s1") -> dict:
    return {"user_id": user, "session_id": session, "turn_id": turn_id, "role": role, "text": text,
            "occurred_at": f"2026-04-07T10:{minute:02d}:00Z"}


def _ingest(server, tenant: str, turns: list[dict]) -> None:
    with server.client(server.key(tenant, "write")) as c:
        assert c.post("/v1/turns", json=turns).json()["accepted"] == len(turns)
    server.engine.flush()


def _records(server, tenant: str, user: str) -> list:
    return server.engine.records(tenant, user, include_inactive=True)


def _admin_client(server, tenant: str = "acme") -> httpx.Client:
    return server.client(server.key(tenant, "admin"))


@contextmanager
def _login(server, token: str) -> Iterator[httpx.Client]:
    """A client logged in as the login page does it: the key POSTed once, then only the cookie."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        r = client.post("/ui/session", json={"key": token})
        assert r.status_code == 200, r.text
        yield client


def test_without_a_key_the_inspector_answers_401_in_html(live_server):
    with live_server.client(None) as c:
        for path in ("/ui", "/ui/users/u1", "/ui/users/u1/memories/m1"):
            r = c.get(path)
            assert r.status_code == 401
            assert r.headers["content-type"].startswith("text/html")
            assert "ui-link" in r.text
    with live_server.client("msk_0000000000000000_" + "x" * 43) as c:
        assert c.get("/ui").status_code == 401


def test_a_key_without_admin_scope_gets_403(live_server):
    for scopes in ("read", "read,write,forget"):
        with live_server.client(live_server.key("acme", scopes)) as c:
            r = c.get("/ui")
            assert r.status_code == 403 and "admin" in r.text
    with httpx.Client(base_url=live_server.url) as c:
        r = c.post("/ui/session", json={"key": live_server.key("acme", "read")})
        assert r.status_code == 403 and COOKIE not in r.cookies


def test_the_login_link_sets_an_httponly_strict_cookie_that_opens_the_inspector(live_server):
    _ingest(live_server, "acme", [_turn("maya", "t1", "I keep bees in my garden in Ghent.", 0)])
    _ingest(live_server, "globex", [_turn("quintus", "t1", "I restore old motorcycles on weekends.", 0)])
    info, token = live_server.keys.create("acme", ["admin"], "inspector login link", ttl=timedelta(minutes=15))
    with httpx.Client(base_url=live_server.url) as c:
        page = c.get("/ui/login")
        assert page.status_code == 200 and "/ui/session" in page.text and "location.hash" in page.text
        nonce = re.search(r"<script nonce=\"([^\"]+)\"", page.text).group(1)
        assert f"'nonce-{nonce}'" in page.headers["content-security-policy"]
        r = c.post("/ui/session", json={"key": token})
        assert r.status_code == 200 and r.json()["tenant_id"] == "acme"
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
        assert "Path=/ui" in cookie and "Max-Age=" in cookie
        home = c.get("/ui")  # the cookie alone
        assert home.status_code == 200 and "Authorization" not in home.request.headers
        listed = re.findall(r'href="/ui/users/([^"]+)"', home.text)
        assert listed == ["maya"]  # the tenant's users, never another's
        assert token not in home.text
    with httpx.Client(base_url=live_server.url) as c:  # a form post cannot log anyone in
        r = c.post("/ui/session", data={"key": token})
        assert r.status_code == 415 and COOKIE not in r.cookies


def test_an_expired_login_link_is_refused(live_server):
    issued = datetime.now(timezone.utc) - timedelta(minutes=20)
    entry, token = new_key("acme", ["admin"], "inspector login link", ttl=timedelta(minutes=15), now=issued)
    live_server.keys.append(entry)
    with httpx.Client(base_url=live_server.url) as c:
        r = c.post("/ui/session", json={"key": token})
        assert r.status_code == 401 and "expired" in r.json()["detail"]
        assert COOKIE not in r.cookies
    with httpx.Client(base_url=live_server.url, cookies={COOKIE: token}) as c:
        r = c.get("/ui")
        assert r.status_code == 401 and "expired" in r.text
        assert f"{COOKIE}=" in r.headers.get("set-cookie", "")  # the stale cookie is cleared


def test_another_tenants_memory_is_404(live_server):
    _ingest(live_server, "globex", [_turn("quintus", "t1", "I restore old motorcycles on weekends.", 0)])
    theirs = _records(live_server, "globex", "quintus")[0].memory_id
    with _admin_client(live_server, "acme") as c:
        for user in ("quintus", "maya"):
            r = c.get(f"/ui/users/{user}/memories/{theirs}")
            assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
            assert "motorcycles" not in r.text
        assert "motorcycles" not in c.get("/ui/users/quintus").text
    with _admin_client(live_server, "globex") as c:
        assert c.get(f"/ui/users/quintus/memories/{theirs}").status_code == 200


def test_a_memory_of_another_user_of_the_tenant_is_404_under_the_wrong_user(live_server):
    _ingest(live_server, "acme", [_turn("maya", "t1", "I keep bees in my garden in Ghent.", 0)])
    mine = _records(live_server, "acme", "maya")[0].memory_id
    with _admin_client(live_server) as c:
        assert c.get(f"/ui/users/maya/memories/{mine}").status_code == 200
        assert c.get(f"/ui/users/lena/memories/{mine}").status_code == 404


def test_memory_text_is_escaped(live_server):
    payload = '<script>document.title="owned"</script><img src=x onerror=alert(1)>'
    with live_server.client(live_server.key("acme", "write")) as c:
        r = c.post("/v1/users/maya/remember", json={"text": f"My locker code label is {payload}"})
        assert r.status_code == 201
    live_server.engine.flush()
    [rec] = _records(live_server, "acme", "maya")
    assert "<script>" in rec.text  # stored as said; only the page escapes it
    with _admin_client(live_server) as c:
        for path in ("/ui/users/maya", f"/ui/users/maya/memories/{rec.memory_id}"):
            page = c.get(path).text
            assert "<script>document" not in page and "<img src=x" not in page
            assert "&lt;script&gt;document.title=&#34;owned&#34;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page
            assert "script-src 'nonce-" in c.get(path).headers["content-security-policy"]


def test_forget_without_the_sessions_csrf_token_is_refused(live_server):
    _ingest(live_server, "acme", [_turn("maya", "t1", "I keep bees in my garden in Ghent.", 0)])
    [rec] = _records(live_server, "acme", "maya")
    info, token = live_server.keys.create("acme", ["admin"], "inspector login link", ttl=timedelta(minutes=15))
    other = live_server.key("acme", "admin")
    with _login(live_server, token) as c:
        url = f"/ui/users/maya/memories/{rec.memory_id}/forget"
        for data in ({}, {"csrf": ""}, {"csrf": "0" * 64}, {"csrf": csrf_token(other)}):
            r = c.post(url, data=data)
            assert r.status_code == 403 and "CSRF" in r.text
        assert [r.memory_id for r in _records(live_server, "acme", "maya")] == [rec.memory_id]
        page = c.get("/ui/users/maya").text
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
        r = c.post(url, data={"csrf": csrf})
        assert r.status_code == 303 and "/ui/users/maya/receipt" in r.headers["location"]
    assert _records(live_server, "acme", "maya") == []


def test_the_erasure_receipt_counts_destroyed_keys_and_holds_no_content(live_server):
    _ingest(live_server, "acme", [
        _turn("maya", "t1", "My favourite cheese is a smoky Idiazabal.", 0),
        _turn("maya", "t2", "Noted: a smoky Idiazabal is your favourite cheese.", 1, role="assistant"),
        _turn("maya", "t3", "I teach evening pottery classes in Ghent.", 2),
    ])
    recs = _records(live_server, "acme", "maya")
    cheese = next(r for r in recs if "Idiazabal" in (r.text or ""))
    assert len(cheese.sources) + len(cheese.echoes) == 2  # its turn and the acknowledgement
    with _admin_client(live_server) as c:
        page = c.get("/ui/users/maya").text
        assert "Idiazabal" in page and "pottery" in page and "s1/t2" in page  # the echo is provenance
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
        r = c.post(f"/ui/users/maya/memories/{cheese.memory_id}/forget", data={"csrf": csrf},
                   follow_redirects=True)
        assert r.status_code == 200
        receipt = r.text
        assert "Idiazabal" not in receipt and "cheese" not in receipt and "smoky" not in receipt
        events = [e for e in live_server.engine.audit(cheese.memory_id, tenant_id="acme")
                  if e.type == "memory_forgotten"]
        assert len(events) == 1 and events[0].detail["turns_shredded"] == 2
        assert re.search(r'id="keys-destroyed">3<', receipt)  # two turn keys and the record's key
        assert "memory_forgotten" in receipt and cheese.memory_id in receipt and "user_request" in receipt
        after = c.get("/ui/users/maya").text
        assert "Idiazabal" not in after and "pottery" in after
        assert 'id="group-forgotten">Forgotten <span class="n">(1)' in after
        trail = c.get(f"/ui/users/maya/memories/{cheese.memory_id}").text
        assert "memory_forgotten" in trail and "Idiazabal" not in trail and "not in the view" in trail


def test_records_are_grouped_with_their_decider(live_server):
    _ingest(live_server, "acme", [
        _turn("maya", "t1", "My favourite tea is a jasmine green tea.", 0),
        _turn("maya", "t2", "Actually my favourite tea is now rooibos.", 1),
    ])
    recs = {r.tier: r for r in _records(live_server, "acme", "maya")}
    assert set(recs) == {"active", "superseded"}
    with _admin_client(live_server) as c:
        page = c.get("/ui/users/maya").text
    active = page.split('id="group-active"')[1].split('id="group-superseded"')[0]
    superseded = page.split('id="group-superseded"')[1].split('id="group-archived"')[0]
    assert recs["active"].memory_id in active and "rooibos" in active and "jasmine" not in active
    assert recs["superseded"].memory_id in superseded and "jasmine" in superseded
    decided_by = [ev.decided_by for ev in live_server.engine.runtime.events_about(recs["active"].memory_id)
                  if ev.type == "memory_recorded"][0]
    assert decided_by and f"<code>{decided_by}</code>" in active


def test_an_expired_memory_is_listed_without_its_content(live_server):
    soon = datetime.now(timezone.utc) + timedelta(minutes=5)
    with live_server.client(live_server.key("acme", "write")) as c:
        r = c.post("/v1/users/maya/remember", json={"text": "My parking spot this week is level four, bay nine.",
                                                    "expires_at": soon.isoformat()})
        assert r.status_code == 201
        memory_id = r.json()["memory_id"]
    live_server.engine.flush()
    live_server.engine.sweep(soon + timedelta(minutes=1), tenant_id="acme", user_id="maya")
    with _admin_client(live_server) as c:
        page = c.get("/ui/users/maya").text
    expired = page.split('id="group-expired"')[1].split('id="group-forgotten"')[0]
    assert memory_id in expired and "bay nine" not in page


def test_a_user_is_opened_by_id_and_the_list_is_the_tenants(live_server):
    _ingest(live_server, "acme", [_turn("maya", "t1", "I keep bees in my garden in Ghent.", 0),
                                  _turn("lena", "t1", "I sing in a choir on Thursdays.", 0)])
    _ingest(live_server, "globex", [_turn("quintus", "t1", "I restore old motorcycles on weekends.", 0)])
    with _admin_client(live_server) as c:
        r = c.get("/ui", params={"user": "maya/../x"})
        assert r.status_code == 303 and r.headers["location"] == "/ui/users/maya%2F..%2Fx"
        assert re.findall(r'href="/ui/users/([^"]+)"', c.get("/ui").text) == ["lena", "maya"]
    assert live_server.engine.users("globex") == ["quintus"]


def test_a_user_id_with_a_slash_has_its_pages(live_server):
    user = "team/ana"
    _ingest(live_server, "acme", [_turn(user, "t1", "I volunteer at the food bank on Saturdays.", 0)])
    [rec] = _records(live_server, "acme", user)
    with _admin_client(live_server) as c:
        assert re.findall(r'href="(/ui/users/[^"]+)"', c.get("/ui").text) == ["/ui/users/team%2Fana"]
        page = c.get("/ui/users/team%2Fana")
        assert page.status_code == 200 and "food bank" in page.text
        assert c.get(f"/ui/users/team%2Fana/memories/{rec.memory_id}").status_code == 200
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text).group(1)
        receipt = c.post(f"/ui/users/team%2Fana/memories/{rec.memory_id}/forget", data={"csrf": csrf},
                         follow_redirects=True)
        assert receipt.status_code == 200 and 'id="keys-destroyed">2<' in receipt.text
    assert _records(live_server, "acme", user) == []
