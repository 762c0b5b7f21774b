#!/usr/bin/env python3
"""Self-play of Yanxin shogi through the engine's USI front end, one second per move.

Each move is searched by the engine (`go movetime`), then checked and played by a second
engine process's `position ... moves ...` (any error line fails the run). The game ends on
`bestmove resign` (no legal move or game over) or after --max-plies. Prints the moves and
the final SFEN via `largeshogi perft --moves` (which replays them with the rules core).

Usage: python3 scripts/yanxin_selfplay.py [--engine target/release/largeshogi]
       [--movetime 1000] [--max-plies 400]
"""
import argparse
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        self.send("setoption name USI_Variant value yanxin")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait("readyok")
        self.send("usinewgame")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited: " + " | ".join(lines[-5:]))
            line = line.strip()
            lines.append(line)
            if "error" in line.lower() or "illegal" in line.lower():
                raise RuntimeError(line)
            if line.startswith(prefix):
                return line, lines

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/largeshogi")
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--max-plies", type=int, default=400)
    args = ap.parse_args()
    e = Engine(args.engine)
    moves = []
    result = "max plies"
    for ply in range(args.max_plies):
        e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        e.send(f"go movetime {args.movetime}")
        line, _ = e.wait("bestmove")
        mv = line.split()[1]
        if mv in ("resign", "win"):
            result = f"{'black' if ply % 2 == 0 else 'white'} to move: {mv}"
            break
        moves.append(mv)
        print(ply + 1, mv, flush=True)
    e.send("isready")
    e.wait("readyok")
    e.quit()
    replay = subprocess.run([args.engine, "--variant", "yanxin", "perft", "-d", "1",
                             "--moves", *moves], capture_output=True, text=True)
    print("result:", result)
    print("replay:", replay.stdout.strip().splitlines()[-1] if replay.stdout else replay.stderr)
    return 0 if replay.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
