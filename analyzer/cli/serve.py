"""``marias serve``: the analysis board, a local web page (docs/board.md)."""
from __future__ import annotations

import click

from analyzer.cli.common import Whole


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (127.0.0.1: this computer only; 0.0.0.0: every network this "
                   "computer is on, see docs/board.md).")
@click.option("--port", default=8000, show_default=True, type=Whole(0), help="Port to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the board in the web browser.")
@click.option("--jobs", "max_jobs", default=2, show_default=True, type=Whole(1),
              help="Long jobs (laid-down checks) that may run at once.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Another host name the board answers for (it answers for localhost, 127.0.0.1, ::1 and --host).")
def serve(host: str, port: int, open_browser: bool, max_jobs: int, allow_hosts: tuple[str, ...]) -> None:
    """Serve the analysis board on http://HOST:PORT/ until Ctrl-C."""
    import socket
    import webbrowser

    import uvicorn

    from analyzer.cli.common import BadInput
    from analyzer.web import create_app

    if port > 65535:
        raise BadInput(f"--port must be at most 65535, not {port}")
    # Every address: the board answers for numeric addresses and this computer's names (a page
    # rebinding a name of its own to this machine is still refused, docs/board.md).
    everywhere = host in ("0.0.0.0", "::", "")
    names = [*allow_hosts, *((socket.gethostname(), socket.getfqdn()) if everywhere else (host,))]
    app = create_app(max_jobs=max_jobs, hosts=names, any_ip=everywhere)
    # The socket is bound here so that a port in use is one line, and port 0 tells its number.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto=IPPROTO_TCP: asyncio turns Nagle's algorithm off only on such sockets (else every
    # keep-alive answer in two writes waits ~40 ms for the client's delayed ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise BadInput(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    click.echo(f"The analysis board is at {url} (Ctrl-C stops it)")
    if open_browser:
        webbrowser.open(url)
    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: object) -> None:
            # Ctrl-C, SIGTERM: stop every search now, so that the requests waiting for them answer
            # (503) at once and uvicorn's shutdown has no task left to cancel (no traceback)
            app.state.stop()
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    server = Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn raises the Ctrl-C again once it has shut down
        pass
    finally:
        app.state.stop()
        sock.close()
    click.echo("stopped")
