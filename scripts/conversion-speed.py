#!/usr/bin/env python3
"""How fast one engine converts the positions of a conversion suite, and whether a second
run converts faster, position by position.

Usage: scripts/conversion-speed.py [--engine NAME] [--cap PLIES] RUN.pgn... [--against RUN.pgn...]

Each RUN.pgn is a `largeshogi match` PGN of a suite played from won positions (e.g.
`SUITE=crush scripts/conversion-vs-hachu.sh`, which writes one PGN per side). A game's
start is the end of its [Opening] line. For every game: NAME's result and, for a win, the
plies from the start to the end; a game NAME did not win counts the plies left to the cap
(default 400), so a slower conversion and a missed one both count against it. Prints W/D/L
and the mean. With --against, the games of both runs are paired by their opening line and
NAME's colour, and the mean difference per position is printed with its standard error:
the positions' own spread (some are won in 5 plies, some in 200) drops out, which a count
of wins or of capped draws cannot do. Several runs of one suite may be given on either
side: a position's games are averaged before pairing. Needs only Python 3.
"""
import argparse
import math
import re
import statistics


def games(paths):
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for chunk in re.split(r"\n(?=\[Event )", text):
            tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
            if "Result" in tags and "PlyCount" in tags:
                yield tags


def run(paths, engine, cap):
    """{(opening line, NAME moved first): [(result for NAME, plies counted), ...]}"""
    out = {}
    name = engine
    for tags in games(paths):
        # As scripts/match-report.py: by default the White of the first game, so that a
        # suite's gote file (the other engine first) still counts the same engine.
        name = name or tags["White"]
        first = tags["White"] == name  # the PGN's White is the first player
        start = len(tags.get("Opening", "").split())
        plies = int(tags["PlyCount"])
        won = tags["Result"] == ("1-0" if first else "0-1")
        lost = tags["Result"] == ("0-1" if first else "1-0")
        result = "W" if won else "L" if lost else "D"
        key = (tags.get("Opening", ""), first)
        out.setdefault(key, []).append((result, plies - start if won else cap - start))
    return out


def mean_plies(played):
    return statistics.mean(p for _, p in played)


def summary(label, games):
    results = [r for played in games.values() for r, _ in played]
    plies = [p for played in games.values() for _, p in played]
    mean = statistics.mean(plies) if plies else 0.0
    print(
        f"{label}: {len(results)} games, +{results.count('W')} ={results.count('D')} "
        f"-{results.count('L')}, mean plies to the win (a game not won: to the cap) {mean:.1f}"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", help="PGNs of the run")
    ap.add_argument("--against", nargs="+", default=[], help="PGNs of a second run")
    ap.add_argument(
        "--engine", help="the engine's name in the PGN (default: White of the first game)"
    )
    ap.add_argument("--cap", type=int, default=400, help="the ply cap of the games")
    args = ap.parse_args()
    a = run(args.runs, args.engine, args.cap)
    summary("run", a)
    if args.against:
        b = run(args.against, args.engine, args.cap)
        summary("against", b)
        both = [k for k in a if k in b]
        if len(both) > 1:
            d = [mean_plies(b[k]) - mean_plies(a[k]) for k in both]
            se = statistics.stdev(d) / math.sqrt(len(d))
            print(
                f"paired over {len(both)} positions: against - run = "
                f"{statistics.mean(d):+.1f} plies (standard error {se:.1f})"
            )


if __name__ == "__main__":
    main()
