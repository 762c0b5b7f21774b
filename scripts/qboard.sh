#!/usr/bin/env bash
# Builds the QBoard GUI (https://github.com/fire-lizard/QBoard, GPL-3.0, Qt 6) from source
# with Debian's Qt 6 packages and registers largeshogi in it as an XBoard engine for Chu
# Shogi, Ko Shogi and Tai Shogi. See README, "Playing in QBoard".
#
#   scripts/qboard.sh [--src DIR] [--build DIR] [--variant NAME] [--movetime S] [--no-build]
#
#   --src DIR      a QBoard source tree or git directory to build from (default: clone the
#                  GitHub repository)
#   --build DIR    where to build (default ~/.cache/largeshogi/qboard)
#   --variant NAME the variant QBoard opens with: "Chu Shogi", "Ko Shogi" or "Tai Shogi"
#   --movetime S   seconds per engine move (QBoard's "engine move time", sent as `st S`)
#   --no-build     only (re)write the engine registration and settings
#
# QBoard 1.2.0.2 needs two changes to build and play here, applied below as edits to its
# source: Qt 6.4 has no QString += std::string (mainwindow.cpp), and a Ko shot made by
# clicking is never passed on to the engine (vboard.cpp): we add that relay.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
src=""
build="$HOME/.cache/largeshogi/qboard"
variant="Chu Shogi"
movetime=5
do_build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --src) src=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --variant) variant=$2; shift 2 ;;
        --movetime) movetime=$2; shift 2 ;;
        --no-build) do_build=0; shift ;;
        *) echo "qboard.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
case "$variant" in
    "Chu Shogi" | "Ko Shogi" | "Tai Shogi") ;;
    *) echo "qboard.sh: --variant must be \"Chu Shogi\", \"Ko Shogi\" or \"Tai Shogi\"" >&2; exit 2 ;;
esac
case "$movetime" in
    '' | *[!0-9]*) echo "qboard.sh: --movetime takes whole seconds" >&2; exit 2 ;;
esac

engine="$repo/target/release/largeshogi"
if [ ! -x "$engine" ]; then
    (cd "$repo" && cargo build --release)
fi

if [ "$do_build" = 1 ]; then
    need=()
    for p in qt6-base-dev qt6-base-dev-tools qmake6 libgl-dev; do
        dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
    done
    if [ ${#need[@]} -gt 0 ]; then
        sudo=""
        [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get install -y "${need[@]}"
    fi

    rm -rf "$build"
    mkdir -p "$build"
    if [ -z "$src" ]; then
        git clone --depth 1 https://github.com/fire-lizard/QBoard "$build"
    elif [ -d "$src/objects" ] && [ -f "$src/HEAD" ]; then
        git --git-dir="$src" archive HEAD | tar -x -C "$build"
    else
        cp -r "$src"/. "$build"
    fi
    cd "$build"

    # Qt 6.4: append the piece code as a QString.
    sed -i 's/cpStr += pieceCodes\[capturedPiece\];/cpStr += QString::fromStdString(pieceCodes[capturedPiece]);/' mainwindow.cpp
    if grep -q 'cpStr += pieceCodes\[' mainwindow.cpp; then
        echo "qboard.sh: the Qt 6.4 edit did not apply" >&2
        exit 1
    fi

    # Ko: tell the opponent engine about a shot made by clicking. QBoard removes the
    # target on its own board and says nothing, so the engine waits for ever. The text is
    # the shooter's path then `x` and each target (`e6xh6`, `q3p4xr6`), which largeshogi
    # reads. Inserted where FinishMove has worked out the path and the targets.
    python3 - <<'PY'
import re, sys
path = "vboard.cpp"
text = open(path).read()
anchor = "\tif (_currentPlayer == White)\n\t{\n\t\tif (!_board->HasPiece(King, Black) &&"
if text.count(anchor) != 1:
    sys.exit("qboard.sh: cannot find where to add the Ko shot relay in vboard.cpp")
relay = """\t// largeshogi: pass a Ko shot made by clicking on to the engine
\tif (_gameVariant == KoShogi && !_lastShoots.empty() && !_lastMovePath.empty())
\t{
\t\tconst std::shared_ptr<Engine> other = _currentPlayer == White ? _blackEngine : _whiteEngine;
\t\tif (other != nullptr && other->IsActive())
\t\t{
\t\t\tconst int rows = _board->GetHeight();
\t\t\tauto name = [rows](const std::pair<int, int>& s)
\t\t\t{
\t\t\t\treturn QByteArray(1, static_cast<char>('a' + s.first)) + QByteArray::number(rows - s.second);
\t\t\t};
\t\t\tQByteArray text = name(_lastMovePath.front());
\t\t\tfor (size_t leg = 1; leg < _lastMovePath.size(); leg++)
\t\t\t{
\t\t\t\tif (leg > 1) text += "," + name(_lastMovePath[leg - 1]);
\t\t\t\ttext += name(_lastMovePath[leg]);
\t\t\t}
\t\t\tfor (const auto& target : _lastShoots) text += "x" + name(target);
\t\t\tother->Move(text);
\t\t}
\t}
"""
open(path, "w").write(text.replace(anchor, relay + anchor))
PY

    qmake6 'QMAKE_CXXFLAGS+=-include optional -include algorithm'
    make -j"$(nproc)"
fi

# Registration: QBoard reads its engines and settings from ~/.local/share/QBoard.
conf="$HOME/.local/share/QBoard"
mkdir -p "$conf"
python3 - "$conf" "$engine" "$variant" "$movetime" <<'PY'
import os, sys
import xml.etree.ElementTree as ET
conf, engine, variant, movetime = sys.argv[1:]
xml_path = os.path.join(conf, "QBoardEngines.xml")
root = ET.parse(xml_path).getroot() if os.path.exists(xml_path) else ET.Element("Engines")
for e in [e for e in root if e.get("EngineName") == "largeshogi"]:
    root.remove(e)
ET.SubElement(root, "Engine", {
    "EngineName": "largeshogi",
    "GameVariant": "Chu Shogi,Ko Shogi,Tai Shogi",
    "EngineProtocol": "XBoard",
    "EnginePath": engine,
    # QBoard's own move forms, and only moves it can express (README).
    "EngineOptions": "--gui qboard",
})
ET.ElementTree(root).write(xml_path, encoding="UTF-8", xml_declaration=True)

# QSettings' INI file: the group "General" is written [%General].
ini_path = os.path.join(conf, "QBoard.ini")
lines = open(ini_path).read().splitlines() if os.path.exists(ini_path) else []
wanted = {
    "GameVariant": variant,
    "UseEngine1Time": "true", "Engine1Time": movetime,
    "UseEngine2Time": "true", "Engine2Time": movetime,
}
out, in_general, seen_general = [], False, False
for line in lines:
    if line.startswith("["):
        if in_general:
            out += [f"{k}={v}" for k, v in wanted.items()]
            wanted = {}
        in_general = line.strip() == "[%General]"
        seen_general |= in_general
        out.append(line)
        continue
    if in_general and line.split("=", 1)[0] in wanted:
        continue
    out.append(line)
if wanted:
    if not seen_general:
        out = ["[%General]"] + [f"{k}={v}" for k, v in wanted.items()] + [""] + out
    else:
        out += [f"{k}={v}" for k, v in wanted.items()]
open(ini_path, "w").write("\n".join(out) + "\n")
PY

echo "QBoard: $build/QBoard"
echo "largeshogi registered for Chu, Ko and Tai Shogi in $conf (engine $engine --gui qboard)"
