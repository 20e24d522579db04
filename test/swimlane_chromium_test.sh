#!/usr/bin/env bash
# The swimlane picture is real SVG that a browser renders (issue 21): headless Chromium (Debian
# `chromium`) renders `ptorw swimlane --compare default` of examples/attention_rows.py to PNG; the
# PNG must have the requested size and show the task colours (the palette's first two entries,
# qk_rows and exp_rows, in swimlane_svg.hpp), and Chromium's own DOM of the document must hold the
# 2 panels, 12 lanes and 24 task rectangles the schedule has (2 x 12 tasks on 2 AIC + 4 AIV lanes).
# Without chromium the test is skipped (exit 77) with its reason, except in CI (CI=true), where
# scripts/install-deps.sh installs it and its absence is a failure.
# usage: swimlane_chromium_test.sh PTORW SOURCE_ROOT
set -u
ptorw=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$2
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $chromium ]]; then
  if [[ ${CI:-} == true ]]; then
    echo "FAIL: chromium not found in CI (scripts/install-deps.sh installs the Debian package chromium)"
    exit 1
  fi
  echo "chromium not found (apt-get install chromium): swimlane_chromium skipped"
  exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_chromium.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}
cd "$root" || exit 1
"$ptorw" swimlane examples/attention_rows.py --compare default -o "$tmp/att.svg" > /dev/null
check "swimlane wrote the SVG" test -s "$tmp/att.svg"
# One profile per run; no sandbox (CI runs as root); no GPU on a headless machine.
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$tmp/profile" --no-first-run)
timeout 120 "$chromium" "${flags[@]}" --window-size=1190,600 --screenshot="$tmp/att.png" "file://$tmp/att.svg" \
  > "$tmp/shot.log" 2>&1
check "chromium rendered a PNG" test -s "$tmp/att.png"
timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$tmp/att.svg" > "$tmp/dom.xml" 2> "$tmp/dom.log"
check "chromium's DOM: 2 panels" test "$(grep -o 'class="panel"' "$tmp/dom.xml" | wc -l)" -eq 2
check "chromium's DOM: 12 lanes" test "$(grep -o 'class="lane"' "$tmp/dom.xml" | wc -l)" -eq 12
check "chromium's DOM: 24 tasks" test "$(grep -o 'class="task"' "$tmp/dom.xml" | wc -l)" -eq 24
# The PNG: size from IHDR, and pixels of the task colours (stdlib zlib, no imaging library).
/usr/bin/python3 - "$tmp/att.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, w = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
print(f"png {w}x{h} depth {depth} colour type {ctype}")
ok = (w, h) == (1190, 600) and depth == 8 and ctype in (2, 6)
bpp = 3 if ctype == 2 else 4
raw = zlib.decompress(idat)
stride = w * bpp
rows, prev, i = [], bytearray(stride), 0
for _ in range(h):  # undo the PNG row filters
    f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
def count(rgb):
    return sum(1 for r in rows for x in range(0, stride, bpp) if abs(r[x] - rgb[0]) + abs(r[x + 1] - rgb[1]) + abs(r[x + 2] - rgb[2]) < 12)
qk, ex = count((0x4e, 0x79, 0xa7)), count((0xf2, 0x8e, 0x2b))
print(f"qk_rows pixels {qk}, exp_rows pixels {ex}")
sys.exit(0 if ok and qk > 1000 and ex > 500 else 1)
PY
check "the PNG has the window's size and the task colours" test $? -eq 0
echo "swimlane_chromium: $fails failed"
exit $((fails > 0))
