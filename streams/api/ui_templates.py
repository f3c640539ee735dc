"""The inspector's pages (streams.api.ui): Jinja2 templates kept as strings, so the package needs no
data files. They are rendered with autoescape on: every value is HTML-escaped unless a template says
otherwise, and none does. Styles and the login script carry the response's CSP nonce."""
from __future__ import annotations

_BASE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{% block title %}memstream inspector{% endblock %}</title>
<style nonce="{{ nonce }}">
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
header { background: #1d2330; color: #fff; padding: .6rem 1.2rem; display: flex; gap: 1.2rem; align-items: center; }
header a { color: #fff; text-decoration: none; font-weight: 600; }
header .who { margin-left: auto; opacity: .8; font-size: 12px; }
header form { margin: 0; }
main { padding: 1rem 1.2rem 3rem; max-width: 1200px; }
h1 { font-size: 20px; margin: .4rem 0 1rem; }
h2 { font-size: 16px; margin: 1.6rem 0 .5rem; }
h2 .n { color: #66708a; font-weight: normal; }
table { border-collapse: collapse; width: 100%; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
th, td { text-align: left; padding: .4rem .55rem; border-bottom: 1px solid #e6e8ee; vertical-align: top; }
th { background: #eef0f4; font-size: 12px; text-transform: uppercase; letter-spacing: .03em; color: #4a5368; }
td.text { max-width: 28rem; white-space: pre-wrap; word-break: break-word; }
code, .mono { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
.muted { color: #66708a; }
.empty { color: #66708a; font-style: italic; padding: .3rem 0; }
.tag { display: inline-block; padding: 0 .4rem; border-radius: 3px; font-size: 12px; background: #e6e8ee; }
.tag.active { background: #d7f2df; } .tag.superseded { background: #fde8c8; }
.tag.archived { background: #e0e4f5; } .tag.expired { background: #f3d9d9; } .tag.forgotten { background: #f3d9d9; }
button.danger { background: #b3261e; color: #fff; border: 0; border-radius: 4px; padding: .25rem .7rem; cursor: pointer; }
button.plain { background: transparent; color: #fff; border: 1px solid rgba(255,255,255,.4); border-radius: 4px; padding: .1rem .5rem; cursor: pointer; }
.receipt { background: #fff; border-left: 4px solid #2e7d32; padding: .8rem 1rem; margin-bottom: 1rem; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.receipt .big { font-size: 28px; font-weight: 700; }
.error { color: #b3261e; }
ul.users { list-style: none; padding: 0; columns: 3; }
ul.users li { padding: .15rem 0; }
dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: 0; }
dl.kv dt { color: #66708a; } dl.kv dd { margin: 0; }
</style>
</head>
<body>
<header>
<a href="/ui">memstream inspector</a>
{% if key %}
<span class="who">tenant <b id="tenant">{{ key.tenant_id }}</b> · key <code>{{ key.key_id }}</code>{% if key.expires_at %} · until {{ key.expires_at | ts }}{% endif %}</span>
{% if csrf %}<form method="post" action="/ui/logout"><input type="hidden" name="csrf" value="{{ csrf }}"><button class="plain" type="submit">log out</button></form>{% endif %}
{% endif %}
</header>
<main>
{% block main %}{% endblock %}
</main>
</body>
</html>
"""

_LOGIN = """{% extends "base.html" %}
{% block title %}memstream inspector: log in{% endblock %}
{% block main %}
<h1>Logging in…</h1>
<p id="msg" class="muted">Checking the key in this link.</p>
<script nonce="{{ nonce }}">
(async () => {
  const msg = document.getElementById("msg");
  const found = /(?:^#|&)key=([^&]+)/.exec(location.hash);
  // The key leaves the address bar and the history at once.
  history.replaceState(null, "", location.pathname);
  if (!found) {
    msg.textContent = "No key in this link. Run `memstream keys ui-link --data-dir DIR --tenant T` and open the link it prints.";
    msg.className = "error";
    return;
  }
  try {
    const r = await fetch("/ui/session", {method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({key: decodeURIComponent(found[1])})});
    if (r.ok) { location.replace("/ui"); return; }
    const body = await r.json().catch(() => ({}));
    msg.textContent = "Login refused (" + r.status + "): " + (body.detail || "this link is not valid") +
      " Make a new one with `memstream keys ui-link`.";
    msg.className = "error";
  } catch (e) {
    msg.textContent = "Could not reach the server: " + e;
    msg.className = "error";
  }
})();
</script>
{% endblock %}
"""

_ERROR = """{% extends "base.html" %}
{% block title %}{{ code }} {{ title }}: memstream inspector{% endblock %}
{% block main %}
<h1 class="error">{{ code }} · {{ title }}</h1>
<p id="error-message">{{ message }}</p>
{% if hint %}<p class="muted">{{ hint }}</p>{% endif %}
{% endblock %}
"""

_USERS = """{% extends "base.html" %}
{% block main %}
<h1>Users <span class="muted">({{ users | length }})</span></h1>
<form method="get" action="/ui" id="open-user"><p><input name="user" placeholder="user id" required maxlength="128"> <button type="submit">open</button></p></form>
{% if users %}
<ul class="users" id="users">
{% for u in users %}<li><a href="/ui/users/{{ q(u) }}">{{ u }}</a></li>
{% endfor %}
</ul>
{% else %}
<p class="empty">No user of this tenant has memory yet.</p>
{% endif %}
{% endblock %}
"""

_PROVENANCE = """{% macro refs(items) %}{% for r in items %}<code>{{ r.session_id }}/{{ r.turn_id }}</code>{% if not loop.last %}, {% endif %}{% else %}<span class="muted">–</span>{% endfor %}{% endmacro %}
{% macro decider(ev) %}{% if ev and ev.decided_by %}<code>{{ ev.decided_by }}</code>{% elif ev %}<span class="muted">command</span>{% else %}<span class="muted">–</span>{% endif %}{% endmacro %}
"""

_USER = """{% extends "base.html" %}
{% import "provenance.html" as pv %}
{% block title %}{{ user_id }}: memstream inspector{% endblock %}
{% block main %}
<h1>User <span id="user">{{ user_id }}</span></h1>
<p class="muted">As of {{ now | ts }}. Provenance: the turns a record was learned from (session/turn), the turns that repeat it (echoes, shredded with it), and the decider that recorded it.</p>
{% for g in ["active", "superseded", "archived", "expired"] %}
{% set rows = groups[g] %}
<h2 id="group-{{ g }}">{{ g | capitalize }} <span class="n">({{ rows | length + (expired_gone | length if g == "expired" else 0) }})</span></h2>
{% if rows or (g == "expired" and expired_gone) %}
<table class="records" data-group="{{ g }}">
<tr><th>memory</th><th>kind</th><th>text</th><th>source turns</th><th>echoes</th><th>recorded</th><th>decider</th><th>{% if g == "superseded" %}superseded by{% else %}expires{% endif %}</th><th></th></tr>
{% for row in rows %}{% set r = row.record %}
<tr class="record" data-memory-id="{{ r.memory_id }}">
<td><a class="audit-link mono" href="/ui/users/{{ q(user_id) }}/memories/{{ q(r.memory_id) }}">{{ r.memory_id[:8] }}</a></td>
<td>{{ r.kind }}<br><span class="muted">{{ r.source }} · {{ "%.2f" | format(r.confidence) }}</span></td>
<td class="text">{% if r.text is not none %}{{ r.text }}{% else %}<span class="muted">(shredded)</span>{% endif %}</td>
<td>{{ pv.refs(r.sources) }}</td>
<td>{{ pv.refs(r.echoes) }}</td>
<td>{{ r.created_at | ts }}</td>
<td>{{ pv.decider(row.recorded) }}</td>
<td>{% if r.superseded_by %}<a class="mono" href="/ui/users/{{ q(user_id) }}/memories/{{ q(r.superseded_by) }}">{{ r.superseded_by[:8] }}</a>{% elif r.expires_at %}{{ r.expires_at | ts }}{% else %}<span class="muted">–</span>{% endif %}</td>
<td><form method="post" action="/ui/users/{{ q(user_id) }}/memories/{{ q(r.memory_id) }}/forget" class="forget"><input type="hidden" name="csrf" value="{{ csrf }}"><button class="danger" type="submit">forget</button></form></td>
</tr>
{% endfor %}
{% if g == "expired" %}{% for row in expired_gone %}{% set ev = row.event %}
<tr class="record gone" data-memory-id="{{ ev.payload.memory_id }}">
<td><a class="audit-link mono" href="/ui/users/{{ q(user_id) }}/memories/{{ q(ev.payload.memory_id) }}">{{ ev.payload.memory_id[:8] }}</a></td>
<td>{% if row.recorded %}{{ row.recorded.payload.record.kind }}{% endif %}</td>
<td class="text"><span class="muted">(expired {{ ev.occurred_at | ts }}: {{ ev.payload.reason }}; its key is destroyed)</span></td>
<td>{% if row.recorded %}{{ pv.refs(row.recorded.payload.record.sources) }}{% endif %}</td>
<td></td>
<td>{% if row.recorded %}{{ row.recorded.occurred_at | ts }}{% endif %}</td>
<td>{{ pv.decider(row.recorded) }}</td>
<td>{{ ev.occurred_at | ts }}</td><td></td>
</tr>
{% endfor %}{% endif %}
</table>
{% else %}
<p class="empty">None.</p>
{% endif %}
{% endfor %}
<h2 id="group-forgotten">Forgotten <span class="n">({{ forgotten | length }})</span></h2>
{% if forgotten %}
<table>
<tr><th>memory</th><th>forgotten</th><th>reason</th><th>turns shredded</th><th>echo of</th></tr>
{% for row in forgotten %}{% set p = row.event.payload %}
<tr><td><a class="mono" href="/ui/users/{{ q(user_id) }}/memories/{{ q(p.memory_id) }}">{{ p.memory_id[:8] }}</a></td>
<td>{{ row.event.occurred_at | ts }}</td><td>{{ p.reason }}</td>
<td>{{ p.turns_shredded if p.turns_shredded is not none else p.shredded_turns | length }}</td>
<td>{% if p.echo_of %}<code>{{ p.echo_of[:8] }}</code>{% else %}<span class="muted">–</span>{% endif %}</td></tr>
{% endfor %}
</table>
{% else %}
<p class="empty">None.</p>
{% endif %}
{% endblock %}
"""

_AUDIT = """{% extends "base.html" %}
{% block title %}audit {{ memory_id }}: memstream inspector{% endblock %}
{% block main %}
<p><a href="/ui/users/{{ q(user_id) }}">← {{ user_id }}</a></p>
<h1>Audit trail of <code id="memory-id">{{ memory_id }}</code></h1>
{% if record %}
<dl class="kv" id="record">
<dt>now</dt><dd><span class="tag {{ group }}">{{ group }}</span></dd>
<dt>text</dt><dd class="text">{% if record.text is not none %}{{ record.text }}{% else %}<span class="muted">(shredded)</span>{% endif %}</dd>
<dt>kind</dt><dd>{{ record.kind }} ({{ record.source }}, confidence {{ "%.2f" | format(record.confidence) }}, importance {{ "%.2f" | format(record.importance) }}, {{ record.privacy_level }})</dd>
<dt>evidence</dt><dd>{{ record.evidence_count }} turn(s); used {{ record.use_count }} time(s)</dd>
</dl>
<form method="post" action="/ui/users/{{ q(user_id) }}/memories/{{ q(memory_id) }}/forget" class="forget"><input type="hidden" name="csrf" value="{{ csrf }}"><p><button class="danger" type="submit">forget this memory</button></p></form>
{% else %}
<p><span class="tag forgotten">not in the view</span> <span class="muted">forgotten, expired or merged away: only its content-free trail remains.</span></p>
{% endif %}
<h2>Events <span class="n">({{ entries | length }})</span></h2>
<table id="audit">
<tr><th>when</th><th>event</th><th>decider</th><th>detail</th></tr>
{% for e in entries %}
<tr class="audit-entry" data-type="{{ e.type }}">
<td>{{ e.occurred_at | ts }}<br><span class="muted">logged {{ e.recorded_at | ts }}</span></td>
<td><b>{{ e.type }}</b><br><code class="muted">{{ e.event_id[:12] }}</code></td>
<td>{% if deciders.get(e.event_id) %}<code>{{ deciders[e.event_id] }}</code>{% else %}<span class="muted">–</span>{% endif %}</td>
<td><dl class="kv">{% for k, v in e.detail.items() if k != "type" %}<dt>{{ k }}</dt><dd>{{ v | detail }}</dd>{% endfor %}</dl></td>
</tr>
{% endfor %}
</table>
{% endblock %}
"""

_RECEIPT = """{% extends "base.html" %}
{% block title %}erasure receipt: memstream inspector{% endblock %}
{% block main %}
<p><a href="/ui/users/{{ q(user_id) }}">← {{ user_id }}</a></p>
<h1>Erasure receipt</h1>
<div class="receipt" id="receipt">
<div><span class="big" id="keys-destroyed">{{ keys_destroyed }}</span> keys destroyed</div>
<div class="muted">{{ rows | length }} memory key(s) and {{ turns_shredded }} turn key(s), for user {{ user_id }}. What they sealed cannot be read again from the log, the view or a replay.</div>
</div>
<h2>Content-free events</h2>
<table id="receipt-events">
<tr><th>event</th><th>memory</th><th>kind</th><th>reason</th><th>turns shredded</th><th>echo of</th><th>when</th></tr>
{% for row in rows %}{% set p = row.p %}
<tr class="receipt-event" data-memory-id="{{ p.memory_id }}">
<td><b>{{ row.event.type }}</b><br><code class="muted">{{ row.event.event_id[:12] }}</code></td>
<td><a class="mono" href="/ui/users/{{ q(user_id) }}/memories/{{ q(p.memory_id) }}">{{ p.memory_id }}</a></td>
<td>{{ p.kind or "–" }}</td>
<td>{{ p.reason }}</td>
<td class="turns-shredded">{{ row.turns }}{% if p.shredded_turns %}<br>{% for r in p.shredded_turns %}<code>{{ r.session_id }}/{{ r.turn_id }}</code>{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}</td>
<td>{% if p.echo_of %}<code>{{ p.echo_of }}</code>{% else %}<span class="muted">–</span>{% endif %}</td>
<td>{{ row.event.occurred_at | ts }}</td>
</tr>
{% endfor %}
</table>
{% if missing %}<p class="muted">No erasure on record for: {% for m in missing %}<code>{{ m }}</code> {% endfor %}</p>{% endif %}
{% endblock %}
"""

TEMPLATES = {
    "base.html": _BASE,
    "login.html": _LOGIN,
    "error.html": _ERROR,
    "users.html": _USERS,
    "provenance.html": _PROVENANCE,
    "user.html": _USER,
    "audit.html": _AUDIT,
    "receipt.html": _RECEIPT,
}
