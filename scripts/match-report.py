#!/usr/bin/env python3
"""Summarises one engine's games in a PGN written by `largeshogi match`: the figures a
match against HaChu must report (issue: W/D/L, Elo +/- error, game lengths, how each loss
happened) and where the draws come from.

Usage: scripts/match-report.py GAMES.pgn [--engine NAME] [--ahead PAWNS] [--games]

NAME is the engine as the PGN's White/Black tags name it (default: White of the first
game). Every move of a `largeshogi match` PGN carries a comment, `{book}` or
`{+1.25/9 0.31s}` (the mover's score in pawns, `+M4` for a royal capture in 4, depth,
time), which is what this reads. Prints:
- with --games, one line per game: colour, result, plies, how it ended, the ply from
  which NAME's score stayed at PAWNS (default 5) or more, NAME's last score;
- W/D/L, the score and its Elo with a 95 % margin, the same by colour;
- game lengths; the draws capped with NAME PAWNS or more ahead;
- how fast NAME converts: for the wins, the plies from the one where its score stayed at
  PAWNS or more to the end (quartiles), and for the capped draws the plies that were left
  from there (a capped draw is mostly the slow tail of conversion);
- for each loss: NAME's best score before the drop and its ply, the first ply at -3 or
  worse (the drop), the ply from which NAME saw the royal capture against it, and its
  depths in the 40 plies before the drop.
Needs only Python 3.
"""
import argparse
import math
import re
import signal
import statistics

SCORE = re.compile(r"([+-])(M?)(\d+(?:\.\d+)?)/(\d+)")
MATE_PAWNS = 1000.0


def games(path):
    text = open(path, encoding="utf-8").read()
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        if "Result" in tags and "\n\n" in chunk:
            yield tags, chunk.split("\n\n", 1)[1]


def scores(body, white):
    """(ply, pawns, depth) of every scored move of the side (white: the first player)."""
    out = []
    for k, comment in enumerate(re.findall(r"\{([^}]*)\}", body)):
        if (k % 2 == 0) != white:
            continue
        m = SCORE.match(comment)
        if m:
            v = MATE_PAWNS if m.group(2) else float(m.group(3))
            out.append((k + 1, v if m.group(1) == "+" else -v, int(m.group(4))))
    return out


def elo(points, n, per_game):
    """Elo of a score with a 95 % margin (normal approximation)."""
    s = min(max(points / n, 1e-3), 1 - 1e-3)
    sd = statistics.pstdev(per_game) / math.sqrt(n) if n > 1 else 0.5

    def to_elo(x):
        x = min(max(x, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / x - 1)

    return to_elo(s), (to_elo(s + 1.96 * sd) - to_elo(s - 1.96 * sd)) / 2


def quartiles(xs):
    """'a, b, c (quartiles of n)', or '-' for no data."""
    if not xs:
        return "-"
    xs = sorted(xs)
    n = len(xs)
    return f"{xs[n // 4]}, {xs[n // 2]}, {xs[3 * n // 4]} (quartiles of {n})"


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--engine")
    ap.add_argument("--ahead", type=float, default=5.0)
    ap.add_argument("--games", action="store_true", help="one line per game")
    a = ap.parse_args()
    rows = []
    for i, (tags, body) in enumerate(games(a.pgn), 1):
        name = a.engine or tags["White"]
        a.engine = name
        if name not in (tags["White"], tags["Black"]):
            continue
        white = tags["White"] == name
        result = tags["Result"]
        r = "D" if result == "1/2-1/2" else "W" if (result == "1-0") == white else "L"
        sc = scores(body, white)
        held = None
        for ply, v, _ in sc:
            held = (held or ply) if v >= a.ahead else None
        plies = int(tags.get("PlyCount", 0))
        rows.append((i, "sente" if white else "gote", r, plies, sc, held,
                     tags.get("TerminationDetails", tags.get("Termination", ""))))
    if not rows:
        raise SystemExit(f"no games of {a.engine} in {a.pgn}")
    if a.games:
        for i, side, r, plies, sc, held, how in rows:
            last = sc[-1][1] if sc else 0.0
            print(f"{i:4} {side:5} {r} {plies:4} plies  {how:40.40}  "
                  f"ahead from {str(held):>4}  last {last:+.2f}")
    print(f"{a.engine}, {len(rows)} games")
    for label, part in [("all", rows)] + [(s, [x for x in rows if x[1] == s])
                                          for s in ("sente", "gote")]:
        if not part:
            continue
        per = [{"W": 1.0, "D": 0.5, "L": 0.0}[x[2]] for x in part]
        e, margin = elo(sum(per), len(per), per)
        w, d, l = (sum(x[2] == k for x in part) for k in "WDL")
        print(f"  {label:5}: +{w} ={d} -{l}  {100 * sum(per) / len(per):.1f} %  "
              f"Elo {e:+.0f} +/- {margin:.0f}")
    for label, k in (("wins", "W"), ("draws", "D"), ("losses", "L")):
        lens = sorted(x[3] for x in rows if x[2] == k)
        if lens:
            print(f"  {label} last {lens[0]} to {lens[-1]} plies, median "
                  f"{lens[len(lens) // 2]}")
    capped = [x for x in rows if x[2] == "D" and x[4] and x[4][-1][1] >= a.ahead]
    print(f"  draws with {a.engine} {a.ahead:g} pawns ahead or more at the end: "
          f"{len(capped)}" + (f" (games {', '.join(str(x[0]) for x in capped)})"
                              if capped else ""))
    won = [x[3] - x[5] for x in rows if x[2] == "W" and x[5]]
    left = [x[3] - x[5] for x in capped if x[5]]
    print(f"  conversion: plies from {a.ahead:g} pawns ahead to the win {quartiles(won)}; "
          f"left in the capped draws {quartiles(left)}")
    for i, side, r, plies, sc, held, how in rows:
        if r != "L" or not sc:
            continue
        drop = next((p for p, v, _ in sc if v <= -3), None)
        best = max([x for x in sc if drop is None or x[0] < drop] or sc, key=lambda x: x[1])
        seen = next((p for p, v, _ in sc if v <= -MATE_PAWNS), None)
        depths = [d for p, v, d in sc if drop and drop - 40 <= p <= drop]
        span = f"{min(depths)}-{max(depths)}" if depths else "-"
        print(f"  loss, game {i} ({side}, {plies} plies, {how}): best {best[1]:+.1f} at "
              f"ply {best[0]}, -3 or worse from ply {drop}, royal capture seen from ply "
              f"{seen}, depths {span} in the 40 plies before the drop")


if __name__ == "__main__":
    main()
