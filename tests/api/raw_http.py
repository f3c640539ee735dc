"""HTTP/1.1 over a plain socket, for what an HTTP client library will not do: declare a body and not
send it, or stream chunks until the server answers."""
from __future__ import annotations

import json
import socket
from urllib.parse import urlsplit


def _connect(url: str, timeout: float) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout)


def _head(method: str, path: str, url: str, headers: dict[str, str]) -> bytes:
    host = urlsplit(url).netloc
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        data += chunk
        if b"\r\n\r\n" in data:
            head, _, rest = data.partition(b"\r\n\r\n")
            length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), None)
            if length is not None and len(rest) >= length:
                break
    if not data:
        raise TimeoutError("the server sent no answer (it was still waiting for the body)")
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, body


def declared_unsent(url: str, path: str, length: int, headers: dict[str, str], timeout: float = 10.0
                    ) -> tuple[int, dict[str, str], dict]:
    """Sends a request whose Content-Length is `length` and none of its body; the answer, whose
    arrival shows the server did not wait for the body. Raises socket.timeout when it waits."""
    with _connect(url, timeout) as sock:
        sock.sendall(_head("POST", path, url, {**headers, "Content-Length": str(length)}))
        status, got, body = _response(sock)
        return status, got, json.loads(body)


def chunked(url: str, path: str, chunks, headers: dict[str, str], timeout: float = 30.0
            ) -> tuple[int, dict[str, str], dict]:
    """Sends the body as chunks (Transfer-Encoding: chunked), stopping early if the server stops
    reading; the answer."""
    with _connect(url, timeout) as sock:
        sock.sendall(_head("POST", path, url, {**headers, "Transfer-Encoding": "chunked"}))
        try:
            for chunk in chunks:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before the whole body went out
        status, got, body = _response(sock)
        return status, got, json.loads(body)
