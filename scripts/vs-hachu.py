#!/usr/bin/env python3
"""Plays largeshogi against HaChu over the XBoard protocol and prints a result table.

Both engines talk only to this driver. A third largeshogi process in XBoard force mode
is the referee: every move is sent to it first, so our rules core (with the HaChu rule
options, `--rules hachu`) decides legality and the result. A move rejected by the
referee or by either engine is counted and ends the game, so a clean run shows zero.

Colours: XBoard's "white" is the first player, Black (sente) in shogi terms, so `1-0`
means Black won. Both engines are driven in force mode; before each of its moves an
engine receives `time`/`otim` and `go`.
"""

import argparse
import queue
import re
import subprocess
import sys
import threading
import time

RESULT = re.compile(r"^(1-0|0-1|1/2-1/2)\s*(\{.*\})?")


class XBoardEngine:
    """An engine process with a reader thread; lines are collected in a queue."""

    def __init__(self, name, argv, log):
        self.name = name
        self.log = log
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            errors="replace",
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.ping_no = 0

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        if self.log:
            self.log.write(f"{self.name} < {text}\n")
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def line(self, timeout):
        try:
            line = self.lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return None
        if line is None:
            raise RuntimeError(f"{self.name} exited")
        if self.log:
            self.log.write(f"{self.name} > {line}\n")
        return line

    def sync(self, timeout=10.0):
        """Sends ping and returns the lines before the pong."""
        self.ping_no += 1
        self.send(f"ping {self.ping_no}")
        got = []
        deadline = time.time() + timeout
        while True:
            line = self.line(deadline - time.time())
            if line is None:
                raise RuntimeError(f"{self.name}: no pong")
            if line.strip() == f"pong {self.ping_no}":
                return got
            got.append(line)

    def start(self, memory_mb):
        self.send("xboard")
        self.send("protover 2")
        deadline = time.time() + 5
        features = ""
        while time.time() < deadline:
            line = self.line(deadline - time.time())
            if line is None:
                break
            if line.startswith("feature "):
                features += line
            if "done=1" in line:
                break
        # HaChu does not search before it is given `memory`.
        self.send(f"memory {memory_mb}")
        if "smp=1" in features:
            self.send("cores 1")
        self.send("easy")
        self.sync()

    def new_game(self, level):
        self.send("new")
        self.send("variant chu")
        self.send("force")
        self.send(f"level {level}")
        self.send("post")
        self.sync()

    def play(self, move):
        """Gives the engine the opponent's move; returns its complaint, if any."""
        self.send(f"usermove {move}")
        for line in self.sync():
            if line.startswith("Illegal move") or line.startswith("Error"):
                return line
        return None

    def think(self, own_cs, other_cs, limit_s):
        """Asks for a move. Returns (move text or None, extra lines, seconds used)."""
        self.send(f"time {max(own_cs, 1)}")
        self.send(f"otim {max(other_cs, 1)}")
        t0 = time.time()
        self.send("go")
        first = None
        notes = []
        while True:
            line = self.line(limit_s - (time.time() - t0))
            if line is None:
                return None, notes + ["no move in time"], time.time() - t0
            if line.startswith("move "):
                text = line[5:].strip()
                if text.endswith(","):
                    # HaChu style: the second leg follows as another `move` line.
                    first = text
                    continue
                if first:
                    text = first + text
                used = time.time() - t0
                self.send("force")
                return text, notes, used
            if line.startswith("resign") or RESULT.match(line) or line.startswith("Illegal"):
                notes.append(line)
                # HaChu resigns with a result line such as `1-0 {resign}`.
                if "resign" in line:
                    return None, notes, time.time() - t0

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=3)
        except Exception:
            self.proc.kill()


class Referee(XBoardEngine):
    """largeshogi in force mode: judges each move and the game's end."""

    def new_game(self, level):
        self.send("new")
        self.send("variant chu")
        self.send("force")
        self.sync()

    def judge(self, move):
        """Returns (illegal-move line or None, result line or None)."""
        self.send(f"usermove {move}")
        illegal, result = None, None
        for line in self.sync():
            if line.startswith("Illegal move") or line.startswith("Error"):
                illegal = line
            elif RESULT.match(line):
                result = line
        return illegal, result


def play_game(first, second, referee, args, log):
    """One game; `first` plays Black (sente). Returns a dict describing it."""
    engines = [first, second]
    for e in engines + [referee]:
        e.new_game(args.level)
    base_cs = args.base * 100
    clocks = [base_cs, base_cs]
    moves = []
    rejected = []
    claims = []
    result, reason = None, None
    last = None
    for ply in range(args.max_plies):
        side = ply % 2
        mover, other = engines[side], engines[1 - side]
        if last is not None:
            complaint = mover.play(last)
            if complaint:
                rejected.append(f"{mover.name}: {complaint}")
                result, reason = "*", f"{mover.name} rejected {last}"
                break
        move, notes, used = mover.think(clocks[side], clocks[1 - side], clocks[side] / 100 + 5)
        claims += [f"{mover.name}: {n}" for n in notes]
        clocks[side] -= int(used * 100)
        clocks[side] += int(args.inc * 100)
        if move is None:
            result = "0-1" if side == 0 else "1-0"
            reason = f"{mover.name} resigned or gave no move ({'; '.join(notes) or 'nothing said'})"
            break
        if clocks[side] < 0:
            result = "0-1" if side == 0 else "1-0"
            reason = f"{mover.name} lost on time"
            break
        illegal, claim = referee.judge(move)
        if illegal:
            rejected.append(f"referee: {illegal} (by {mover.name})")
            result, reason = ("0-1" if side == 0 else "1-0"), f"illegal move by {mover.name}"
            break
        moves.append(move)
        last = move
        if claim:
            m = RESULT.match(claim)
            result, reason = m.group(1), (m.group(2) or "").strip("{}")
            # Let the opponent see the final move, so it may object.
            complaint = other.play(move)
            if complaint:
                rejected.append(f"{other.name}: {complaint}")
            break
    else:
        result, reason = "1/2-1/2", f"adjudicated after {args.max_plies} plies"
    if log:
        log.flush()
    return {
        "black": first.name,
        "white": second.name,
        "result": result,
        "reason": reason,
        "plies": len(moves),
        "rejected": rejected,
        "claims": claims,
        "moves": moves,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/largeshogi")
    ap.add_argument("--hachu", default="/usr/games/hachu")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--base", type=int, default=60, help="seconds per side")
    ap.add_argument("--inc", type=float, default=0.5, help="increment in seconds")
    ap.add_argument("--max-plies", type=int, default=500)
    ap.add_argument("--memory", type=int, default=64)
    ap.add_argument("--log", help="write the whole conversation here")
    ap.add_argument("--pgn", help="write the games' moves here")
    args = ap.parse_args()
    minutes, seconds = divmod(args.base, 60)
    inc = f"{args.inc:g}"
    args.level = f"0 {minutes}:{seconds:02d} {inc}"

    log = open(args.log, "w") if args.log else None
    ours = XBoardEngine("largeshogi", [args.engine, "--rules", "hachu"], log)
    hachu = XBoardEngine("HaChu", [args.hachu], log)
    referee = Referee("referee", [args.engine, "--rules", "hachu"], log)
    for e in (ours, hachu, referee):
        e.start(args.memory)

    games = []
    score = {"W": 0, "D": 0, "L": 0}
    print(f"largeshogi vs HaChu, {args.games} games, level {args.level}")
    print(f"{'#':>2}  {'Black (sente)':<12} {'White (gote)':<12} {'result':<8} {'plies':>5}  reason")
    for g in range(args.games):
        first, second = (ours, hachu) if g % 2 == 0 else (hachu, ours)
        r = play_game(first, second, referee, args, log)
        games.append(r)
        ours_black = r["black"] == "largeshogi"
        if r["result"] == "1/2-1/2":
            score["D"] += 1
        elif r["result"] in ("1-0", "0-1"):
            won = (r["result"] == "1-0") == ours_black
            score["W" if won else "L"] += 1
        print(f"{g + 1:>2}  {r['black']:<12} {r['white']:<12} {r['result']:<8} {r['plies']:>5}  {r['reason']}")
        for x in r["rejected"]:
            print(f"      REJECTED: {x}")
        for c in r["claims"]:
            print(f"      claim: {c}")
        sys.stdout.flush()
    rejected = sum(len(r["rejected"]) for r in games)
    print(f"largeshogi: +{score['W']} ={score['D']} -{score['L']}; rejected moves: {rejected}")
    if args.pgn:
        with open(args.pgn, "w") as f:
            for i, r in enumerate(games):
                f.write(f'[Event "largeshogi vs HaChu"]\n[Round "{i + 1}"]\n[Variant "chu"]\n')
                # PGN (like XBoard) calls the first player White: here that is Black.
                f.write(f'[White "{r["black"]}"]\n[Black "{r["white"]}"]\n[Result "{r["result"]}"]\n')
                f.write(f'[Termination "{r["reason"]}"]\n\n')
                body = " ".join(
                    (f"{k // 2 + 1}. " if k % 2 == 0 else "") + m for k, m in enumerate(r["moves"])
                )
                f.write(f"{body} {r['result']}\n\n")
    for e in (ours, hachu, referee):
        e.quit()
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
