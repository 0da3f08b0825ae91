"""``badeucey serve``: the application (:func:`~badeucey_fast.web.app.create_app`)
under uvicorn, on a loopback address unless told otherwise."""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping
from typing import TextIO

from badeucey_fast._checks import check_int
from badeucey_fast.web.access import is_loopback, make_tokens, parse_tokens
from badeucey_fast.web.limits import DEFAULT_LIMITS, Limits

__all__ = ["DEFAULT_SEATS", "serve"]

DEFAULT_SEATS = ("seat1", "seat2", "seat3", "seat4")
"""The seats that get new tokens when a server open to other machines is given none."""
MAX_PORT = 65_535
"""The largest TCP port."""
WS_FRAME_FACTOR = 4
"""uvicorn drops a WebSocket frame past this many times the message limit
unread; a message between the two is read and answered with an error."""


def serve(*, host: str = "127.0.0.1", port: int = 8000, allow_remote: bool = False,
          tokens_file: str | os.PathLike[str] | None = None, data_dir: str | os.PathLike[str] | None = None,
          limits: Limits = DEFAULT_LIMITS, phh_folder: str | os.PathLike[str] | None = None,
          out: TextIO | None = None) -> int:
    """Serve until interrupted (Ctrl-C or SIGTERM); returns 0.

    A host that is not a loopback address needs ``allow_remote``, and then every
    ``/api/`` request needs a seat's token: those of ``tokens_file`` (``NAME TOKEN``
    a line, :func:`~badeucey_fast.web.access.parse_tokens`), else new ones for
    :data:`DEFAULT_SEATS`, printed once with each seat's table page
    (``/table?token=TOKEN``: the page keeps the token and sends it with every
    request; a loopback server asks for tokens only when given a ``tokens_file``).  Port 0 takes a free port; the address
    served is printed to ``out`` (standard output) once the socket listens.

    :raises ValueError: for another host without ``allow_remote``, bad tokens, or a port outside 0..65535.
    :raises OSError: when the address cannot be bound (a port in use).
    """
    import uvicorn

    from badeucey_fast.web.app import create_app

    out = sys.stdout if out is None else out
    port = check_int(port, "port", low=0, high=MAX_PORT)
    tokens: Mapping[str, str] | None = None
    made: Mapping[str, str] = {}  # the tokens made here, printed once
    if tokens_file is not None:  # a loopback server too asks for tokens when given them
        with open(tokens_file, encoding="utf-8") as f:
            tokens = parse_tokens(f.read(), os.fspath(tokens_file))
    if not is_loopback(host):
        if not allow_remote:
            raise ValueError(f"--host {host} listens beyond this machine: add --allow-remote (then every bot needs "
                             "its seat's token, from --tokens FILE or made and printed now)")
        if tokens is None:
            tokens = made = make_tokens(list(DEFAULT_SEATS))
    app = create_app(data_dir=data_dir, tokens=tokens, limits=limits, phh_folder=phh_folder)
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_FRAME_FACTOR * limits.max_message_bytes,
                            limit_concurrency=2 * limits.max_connections + 16, timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    print(f"badeucey serve: http://{shown}:{bound}/ (arena: ws://{shown}:{bound}/api/play; Ctrl-C stops)", file=out)
    if made:
        print("each seat's token (requests under /api/ carry one: 'Authorization: Bearer TOKEN' or ?token=TOKEN), "
              "and its table page:", file=out)
        for name, token in made.items():
            print(f"  {name} {token}  http://{shown}:{bound}/table?token={token}", file=out)
    elif tokens is not None:
        print(f"the pages take a seat's token once in their address: http://{shown}:{bound}/table?token=TOKEN",
              file=out)
    out.flush()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0: a free port).  Made with
    the TCP protocol number, as asyncio's own are: asyncio turns Nagle's
    algorithm off only on such sockets, and with it on, the second of two
    messages sent in a row waits for the first's acknowledgement (tens of
    milliseconds)."""
    family, kind, proto, _, address = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM,
                                                         proto=socket.IPPROTO_TCP)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except BaseException:
        sock.close()
        raise
    return sock
