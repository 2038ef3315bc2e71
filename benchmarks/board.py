"""Speed of the analysis board (``marias serve``): what a player waits for.

Starts ``marias serve`` on a free loopback port and measures, over HTTP as the
page asks:

- per-card values of a full 10-trick deal (``POST /api/solve?cards=1``, the
  verdict, the points, the line and the value of every legal card): the server
  time (the ``Server-Timing`` header: the work on the worker thread) and the
  round trip, over ``--deals`` random deals (``POST /api/deal``, seeds 1..N:
  forehand plays game in his longest suit after his discard);
- the board's view after a card (``POST /api/board``), the same deals;
- the first view with ``--browser``: headless Chromium from ``page.goto`` to the
  page ready (the board drawn with its analysis), ``--loads`` times.

The node count of the same solves (in-process, a fresh Solver) is printed as the
search's signature: it does not depend on the machine.

With ``--game tysiacha`` the same for Tysiacha's hands (``"game": "tysiacha"`` in the
bodies; seat 0 declares at the start of play): every legal move's exact total
(``/api/solve``), the board's view after one card, and the laid-down claim over its
3,432 splits (``/api/claim``, the job's work).

    python benchmarks/board.py --deals 200 --browser
    python benchmarks/board.py --game tysiacha --deals 50
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

import httpx

from analyzer.rules import Position
from analyzer.solver import Solver


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{statistics.median(ordered):8.2f} {p90:8.2f} {ordered[-1]:8.2f}"


def server_ms(response: httpx.Response) -> float:
    response.raise_for_status()
    return float(response.headers["server-timing"].split("dur=")[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--browser", action="store_true", help="also time the first view in headless Chromium")
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--game", choices=("marias", "tysiacha"), default="marias")
    args = parser.parse_args()

    process = subprocess.Popen([sys.executable, "-m", "analyzer", "serve", "--port", "0"], stdout=subprocess.PIPE,
                               text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        url = process.stdout.readline().split()[5]
        with httpx.Client(base_url=url, timeout=60) as client:
            game = {"game": "tysiacha"} if args.game == "tysiacha" else {}
            deals = [client.post("/api/deal", json={**game, "seed": seed}).json() for seed in range(1, args.deals + 1)]
            rows = {}
            requests = (
                ("per-card values, full deal (/api/solve?cards=1)",
                 lambda d: client.post("/api/solve?cards=1", json=d)),
                ("board view after one card (/api/board)",
                 lambda d: client.post("/api/board", json={"position": d, "cards": [d["hands"][0].split()[0]]})),
            )
            if args.game == "tysiacha":
                requests = (
                    ("Tysiacha: every move's total, full deal (/api/solve)",
                     lambda d: client.post("/api/solve", json=d)),
                    ("Tysiacha: board view after one card (/api/board)",
                     lambda d: client.post("/api/board", json={"position": d, "cards": [d["hands"][0].split()[0]]})),
                    ("Tysiacha: laid-down claim, 3,432 splits (/api/claim)",
                     lambda d: client.post("/api/claim", json=d)),
                )
            for name, request in requests:
                server, trip = [], []
                for deal in deals:
                    started = time.perf_counter()
                    response = request(deal)
                    trip.append(1000 * (time.perf_counter() - started))
                    # the claim's answer is a job's: its own "seconds" (no Server-Timing header)
                    server.append(server_ms(response) if "server-timing" in response.headers
                                  else 1000 * response.json()["seconds"])
                rows[name] = (server, trip)
        nodes = 0
        if args.game == "tysiacha":
            from analyzer.tysiacha.position import Position as TyPosition
            from analyzer.tysiacha.solver import solve

            for deal in deals:
                nodes += solve(TyPosition.from_dict(deal)).nodes
        else:
            solver = Solver()
            for deal in deals:
                nodes += solver.solve(Position.from_json(deal), True).nodes
        print(f"{args.deals} deals; times in ms: median, p90, max")
        print(f"{'request':50} {'server':>26} {'round trip':>26}")
        for name, (server, trip) in rows.items():
            print(f"{name:50} {quantiles(server)} {quantiles(trip)}")
        print(f"signature: {nodes} nodes in the solves' own searches (SolveResult.nodes; the per-card values aside)")
        if args.browser:
            first_view(url, args.loads)
    finally:
        process.terminate()
        process.wait(10)


def first_view(url: str, loads: int) -> None:
    from playwright.sync_api import sync_playwright

    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"]
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=args)
        for _ in range(loads + 1):
            context = browser.new_context()  # no cache: every load fetches the page and its assets
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]")
            times.append(1000 * (time.perf_counter() - started))
            context.close()
        browser.close()
    times = times[1:]  # the first load also starts the browser's own machinery
    print(f"{'first view ready in Chromium (' + str(loads) + ' loads)':50} {quantiles(times)}")


if __name__ == "__main__":
    main()
