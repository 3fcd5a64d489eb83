"""Running the engine: the listening socket, uvicorn, and the address phones can reach."""

from __future__ import annotations

import contextlib
import errno
import gc
import ipaddress
import re
import signal
import socket

from bunco_print.errors import InputError
from bunco_print.game.values import shorten

ANY = ("0.0.0.0", "::")
HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


def check_port(port: int) -> int:
    if not 0 <= port <= 65535:
        raise InputError(f"port must be from 1 to 65535 (0: any free port), not {port}", "port")
    return port


def check_host(host: str) -> None:
    """An address or a host name, as written (no name server is asked): anything else is one
    line naming `host`."""
    shown = shorten(host, 60)
    if not host.strip():
        raise InputError("host must name an address, such as 127.0.0.1 or 0.0.0.0", "host")
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host)
        return
    labels = host.removesuffix(".").split(".")
    if (
        len(host) > 253
        or not all(HOST_LABEL.fullmatch(label) for label in labels)
        or labels[-1].isdigit()  # 999.1.1.1: no address, and no name either
    ):
        raise InputError(f"host {shown!r} is not an address or a host name", "host")


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, made before anything is printed or any night opened: a host that
    is not this computer's or a port in use is one line."""
    check_port(port)
    check_host(host)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)  # fmt: skip
    except socket.gaierror as exc:
        raise InputError(f"host {host!r}: cannot listen there ({exc.strerror})", "host") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(512)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise InputError(
                f"port {port} on {host} is in use (another server?); choose another with --port",
                field="port",
            ) from None
        raise InputError(
            f"host {host!r}: cannot listen there on port {port} ({exc.strerror})", "host"
        ) from None
    sock.setblocking(False)
    return sock


def base_url(host: str, sock: socket.socket) -> str:
    """Where this engine is reached: its own address, or this computer's address on the home
    network when it listens on every address."""
    port = sock.getsockname()[1]
    shown = lan_address() if host in ANY else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def lan_address() -> str:
    """This computer's address on its network (no packet is sent), else 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        address = probe.getsockname()[0]
        if not ipaddress.ip_address(address).is_unspecified:
            return address
    with contextlib.suppress(OSError):
        return socket.gethostbyname(socket.gethostname())
    return "127.0.0.1"


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def terminal_qr(url: str, colour: bool = False) -> str:
    """`url` as a QR code drawn with half blocks. With `colour`, black on white whatever the
    terminal's colours; without, light blocks on the terminal's own dark ground."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    rows = code.get_matrix()  # True: a dark module
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    ink = not colour  # the character's ink shows the light modules on a dark terminal
    blocks = {(ink, ink): "█", (ink, not ink): "▀", (not ink, ink): "▄", (not ink, not ink): " "}
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        line = "".join(blocks[(not a, not b)] for a, b in zip(top, bottom, strict=True))
        lines.append(f"\x1b[30;107m{line}\x1b[0m" if colour else line)
    return "\n".join(lines)


def run(app, sock: socket.socket, proxied: bool = False) -> None:
    """Serve until Ctrl-C (or SIGTERM); uvicorn's own logs stay quiet and never show a query
    string (a link's `k` is its credential). `proxied`: behind a proxy on this machine (TLS),
    whose X-Forwarded-For and -Proto say who asked and how (from 127.0.0.1 only)."""
    import uvicorn

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        server_header=False,
        lifespan="off",
        proxy_headers=proxied,
        forwarded_allow_ips="127.0.0.1,::1" if proxied else None,
        timeout_graceful_shutdown=3,
        limit_concurrency=1000,
        h11_max_incomplete_event_size=16 * 1024,
    )

    def stop(signum, frame):  # uvicorn hands SIGTERM back once it has shut down cleanly
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    # everything made so far (modules, templates, the nights) lives as long as the server: out
    # of the garbage collector's sight, its full collections no longer walk it mid-request
    gc.freeze()
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        signal.signal(signal.SIGTERM, previous)
