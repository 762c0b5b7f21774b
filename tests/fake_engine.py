#!/usr/bin/env python3
"""A misbehaving USI engine for the match runner's tests.

Modes: `illegal` answers every go with an illegal move; `slow` never answers in time;
`crash` plays three pawn moves and then exits.
"""
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
pawn_moves = {0: ["12i12h", "11i11h", "10i10h"], 1: ["1d1e", "2d2e", "3d3e"]}
played = 0
side = 0
for raw in sys.stdin:
    cmd = raw.split()
    if not cmd:
        continue
    if cmd[0] == "usi":
        print("id name fake-" + mode)
        print("usiok")
    elif cmd[0] == "position":
        # Side to move from the number of moves played since the start.
        side = (len(cmd) - cmd.index("moves") - 1) % 2 if "moves" in cmd else 0
    elif cmd[0] == "isready":
        print("readyok")
    elif cmd[0] == "go":
        if mode == "illegal":
            print("bestmove 1a1a")
        elif mode == "slow":
            time.sleep(30)
            print("bestmove resign")
        elif mode == "crash":
            if played == 3:
                sys.exit(3)
            print("bestmove " + pawn_moves[side][played])
            played += 1
    elif cmd[0] == "quit":
        break
    sys.stdout.flush()
