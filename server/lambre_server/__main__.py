"""``lambre-server``: run the language server over stdio (default) or TCP."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from . import __version__


def _host_port(value: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, got {value!r}")
    return host or "127.0.0.1", int(port)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and serve until the client says exit (or disconnects)."""
    ap = argparse.ArgumentParser(
        prog="lambre-server",
        description="L'AMBRE grammar checker as a language server (LSP).",
    )
    ap.add_argument("--stdio", action="store_true", help="speak LSP over stdin/stdout (default)")
    ap.add_argument("--tcp", type=_host_port, metavar="HOST:PORT", help="listen on TCP instead")
    ap.add_argument("--log-file", help="write the server log here (default: stderr)")
    ap.add_argument("--log-level", default="WARNING",
                    choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    ap.add_argument("--threads", type=int, default=None, metavar="N",
                    help="torch threads for parsing (default 1, or $LAMBRE_THREADS): an editor "
                         "shares the machine, and oversubscribed threads make parses 10-100x "
                         "slower while anything else computes")
    ap.add_argument("--version", action="version", version=f"lambre-server {__version__}")
    args = ap.parse_args(argv)
    if args.threads is not None:
        if args.threads < 1:
            ap.error("--threads must be at least 1")
        os.environ["LAMBRE_THREADS"] = str(args.threads)
    else:
        # read by lambre_core.parse when a model loads
        os.environ.setdefault("LAMBRE_THREADS", "1")
    fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    level = getattr(logging, args.log_level)
    if args.log_file:
        logging.basicConfig(filename=args.log_file, level=level, format=fmt)
    else:  # stdout carries the protocol: logs go to stderr only
        logging.basicConfig(stream=sys.stderr, level=level, format=fmt)
    # pygls logs every message at INFO: keep our own INFO lines readable
    logging.getLogger("pygls").setLevel(max(level, logging.WARNING))
    # the parser's process starts now: it imports torch and Stanza (seconds) on another core
    # while this one imports the protocol and answers the handshake
    from lambre_core.parse_process import ParserProcess

    process = None if os.environ.get("LAMBRE_PARSER_PROCESS", "1") in ("0", "no", "false") \
        else ParserProcess()
    from lambre_core.gcpause import collector_paused, keep_for_life

    with collector_paused():  # long-lived objects only (see gcpause)
        # imported here so --help and --version answer without loading the protocol
        from .features import build_server
        from .server import serve_tcp

        server = build_server(process)
    keep_for_life()
    if args.tcp:
        host, port = args.tcp
        serve_tcp(server, host, port)
    else:
        server.start_io()
    return 0


if __name__ == "__main__":
    sys.exit(main())
