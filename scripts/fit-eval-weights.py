#!/usr/bin/env python3
"""Fits the weights of Chu's positional evaluation terms to game results (Texel tuning).

Usage: scripts/fit-eval-weights.py BINARY [GAMES.tsv.gz]

GAMES: lines `RESULT<tab>USI moves` (default scripts/data/chu-games.tsv.gz, the games the
piece values were fitted to). Each game is replayed by `BINARY analyze --eval --json`
(HaChu-compatible rules, or the default rules where a move is not legal under them),
which prints every position's evaluation term by term (`eval/trace.rs`). Every 8th ply
from ply 30 to 6 plies before the end, where the last move captured nothing, gives one
sample: each term for sente minus gote, and the game's result for sente (1, 0.5, 0).

A logistic model P(sente wins) = sigmoid(sum(coef * term) + bias) is fitted by Newton's
method with a small ridge; a term's weight in centipawns is its coefficient over the
material's. Material and hand stay at weight 1 (the piece values are fitted on their
own, scripts/fit-piece-values.py), as do the promotion potential and the conversion
and shut-in terms, which are already in centipawns; the raw counts (centre half-steps,
royal advance, guards, enemy material near the royals, mobility, open lines) get free
weights. Prints the held-out log-loss (alternate blocks of samples) of the engine's weights and
of the fit, then the fitted weights beside the engine's. Needs numpy.
"""
import gzip
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

# Free terms and the engine's weights today (centipawns per unit, eval/mod.rs and
# variant/placement.rs); `fixed` is the centipawn sum that keeps weight 1.
FREE = {"centre": 1.0, "royal_advance": -12.0, "guards": 12.0, "near_enemy": -0.04,
        "mobility": 3.0, "open_lines": -4.0}
FIXED = ["material", "hand", "promotion"]
RIDGE = 1e-6
SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def evaluate_games(binary, games):
    """Yields (game index, trace lines) for each game that replays."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.usi")
        for i, (moves, _) in enumerate(games):
            with open(path, "w", encoding="utf-8") as f:
                f.write(moves + "\n")
            for rules in ("hachu", "default"):
                run = subprocess.run([binary, "--rules", rules, "analyze", "--eval", "--json",
                                      "--game", path], capture_output=True, text=True)
                if run.returncode == 0:
                    yield i, [json.loads(line) for line in run.stdout.splitlines()]
                    break
            else:
                print(f"game {i + 1} does not replay: {run.stderr.strip()}", file=sys.stderr)


def features(t):
    """The sample's terms for sente minus gote: the fixed centipawn sum, then FREE."""
    b, w = t["black"], t["white"]
    conversion = t["conversion"] if t["side_to_move"] == "black" else -t["conversion"]
    fixed = sum(b[k] - w[k] for k in FIXED) - (b["shut_in"] - w["shut_in"]) + conversion
    return [fixed] + [b[k] - w[k] for k in FREE]


def samples(trace, result):
    n = len(trace) - 1
    for ply in range(30, n - 5, 8):
        before, now = trace[ply - 1], trace[ply]
        captured = any(before[c]["material"] != now[c]["material"] for c in ("black", "white"))
        if not captured:
            yield features(now), result


def log_loss(X, y, coef, bias):
    p = np.clip(1 / (1 + np.exp(-(X @ coef + bias))), 1e-12, 1 - 1e-12)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()


def fit(X, y, start):
    n = len(y)
    Xa = np.hstack([X, np.ones((n, 1))])
    w = np.append(start, 0.0)
    ridge = np.diag(np.append(np.full(len(start), RIDGE), 0.0))
    for _ in range(30):
        p = 1 / (1 + np.exp(-(Xa @ w)))
        grad = Xa.T @ (p - y) / n + ridge @ w
        hess = (Xa * (p * (1 - p))[:, None]).T @ Xa / n + ridge
        w -= np.linalg.solve(hess, grad)
    return w[:-1], w[-1]


def engine_fit(X, y):
    """The engine's weights with only the scale and bias fitted."""
    engine = np.array([1.0] + list(FREE.values()))
    s = X @ engine
    best = min((log_loss(s[:, None], y, np.array([k]), 0.0), k)
               for k in np.linspace(0.0005, 0.01, 96))
    coef, bias = fit(s[:, None], y, np.array([best[1]]))
    return engine * coef[0], bias


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) > 2 else "scripts/data/chu-games.tsv.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f]
    games = [(moves, SCORE[r]) for r, moves in lines if r in SCORE]
    rows, ys = [], []
    for i, trace in evaluate_games(binary, games):
        for row, r in samples(trace, games[i][1]):
            rows.append(row)
            ys.append(r)
        if (i + 1) % 250 == 0:
            print(f"{i + 1} of {len(games)} games, {len(ys)} samples", file=sys.stderr)
    X, y = np.array(rows, float), np.array(ys)
    # Centipawns scaled to pawns so that the Newton steps are well conditioned.
    X /= 100.0
    halves = [np.arange(len(y)) // 25 % 2 == h for h in (0, 1)]
    for train, test in (halves, halves[::-1]):
        ec, eb = engine_fit(X[train], y[train])
        fc, fb = fit(X[train], y[train], ec)
        print(f"held out: engine's weights {log_loss(X[test], y[test], ec, eb):.5f}, "
              f"fit {log_loss(X[test], y[test], fc, fb):.5f}")
    coef, _ = fit(X, y, engine_fit(X, y)[0])
    print(f"{len(y)} samples; centipawns per unit (engine's weight, fitted):")
    for name, now, c in zip(FREE, FREE.values(), coef[1:]):
        print(f"  {name:<14} {now:>8.3f} {c / coef[0]:>8.3f}")


if __name__ == "__main__":
    main()
