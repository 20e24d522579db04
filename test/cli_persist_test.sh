#!/usr/bin/env bash
# The binary form on the command line (issue 23): `-o FILE.msgpack` writes it, every command reads
# it (told by its first bytes, not its name), and it gives back the same program; broken files are
# refused with a byte offset and exit 1.
# usage: cli_persist_test.sh PTORW SOURCE_ROOT
set -u
ptorw=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_cli_persist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}
src=$root/examples/windowed_rows.py
lowered=$root/test/golden/tile-to-buffer/representation_pypto.after.py

"$ptorw" print "$src" -o "$tmp/w.msgpack"
check "print -o FILE.msgpack: exit 0" test $? -eq 0
check "the file starts with the magic" test "$(head -c 10 "$tmp/w.msgpack" | od -An -tx1 | tr -d ' \n')" = 94a870746f72772d6972
"$ptorw" print "$src" > "$tmp/w.txt"
"$ptorw" print "$tmp/w.msgpack" > "$tmp/w_back.txt"
check "print of the binary = print of the text" cmp -s "$tmp/w.txt" "$tmp/w_back.txt"
cp "$tmp/w.msgpack" "$tmp/no_extension"
"$ptorw" print "$tmp/no_extension" > "$tmp/w_noext.txt"
check "binary told by its bytes, not its name" cmp -s "$tmp/w.txt" "$tmp/w_noext.txt"
"$ptorw" print - < "$tmp/w.msgpack" > "$tmp/w_stdin.txt"
check "binary on stdin" cmp -s "$tmp/w.txt" "$tmp/w_stdin.txt"
"$ptorw" equal "$src" "$tmp/w.msgpack" > /dev/null
check "equal text binary: exit 0" test $? -eq 0
"$ptorw" check "$tmp/w.msgpack" 2> /dev/null
check "check reads binary" test $? -eq 0

"$ptorw" opt "$tmp/w.msgpack" --passes=default -o "$tmp/opt.msgpack"
check "opt binary -> binary: exit 0" test $? -eq 0
"$ptorw" opt "$src" --passes=default > "$tmp/opt.txt"
"$ptorw" print "$tmp/opt.msgpack" > "$tmp/opt_back.txt"
check "opt on binary = opt on text" cmp -s "$tmp/opt.txt" "$tmp/opt_back.txt"

# Buffer IR: the lowered stage round-trips with its function stage.
"$ptorw" print "$lowered" -o "$tmp/buf.msgpack" && "$ptorw" print "$tmp/buf.msgpack" > "$tmp/buf_back.txt"
"$ptorw" print "$lowered" > "$tmp/buf.txt"
check "Buffer IR round-trips" cmp -s "$tmp/buf.txt" "$tmp/buf_back.txt"
check "with its stage" grep -q 'stage=pl.FunctionIRStage.Buffer' "$tmp/buf_back.txt"
"$ptorw" emit "$tmp/buf.msgpack" --target=pto > "$tmp/buf.pto" && "$ptorw" emit "$lowered" --target=pto > "$tmp/buf_text.pto"
check "emit reads binary (same PTO)" cmp -s "$tmp/buf.pto" "$tmp/buf_text.pto"

head -c 100 "$tmp/w.msgpack" > "$tmp/cut.msgpack"
"$ptorw" print "$tmp/cut.msgpack" > /dev/null 2> "$tmp/cut_err"
check "truncated file: exit 1" test $? -eq 1
check "truncated file: error with a byte offset" grep -q "^$tmp/cut.msgpack: error: byte [0-9]*: " "$tmp/cut_err"
head -c 5 "$tmp/w.msgpack" > "$tmp/cut5.msgpack"
"$ptorw" print "$tmp/cut5.msgpack" > /dev/null 2> "$tmp/cut5_err"
check "file cut inside the magic: a byte offset, not a text parse error" \
  grep -q "^$tmp/cut5.msgpack: error: byte 1: truncated string: 8 bytes declared, 3 remain" "$tmp/cut5_err"
{ head -c 3 "$tmp/w.msgpack"; printf 'X'; tail -c +5 "$tmp/w.msgpack"; } > "$tmp/badmagic.msgpack"
"$ptorw" print "$tmp/badmagic.msgpack" > /dev/null 2> "$tmp/badmagic_err"
check "damaged magic: said so with its offset" grep -q "^$tmp/badmagic.msgpack: error: byte 1: not a ptorw binary IR file (bad magic)" "$tmp/badmagic_err"
{ head -c 10 "$tmp/w.msgpack"; printf '\x63'; tail -c +12 "$tmp/w.msgpack"; } > "$tmp/newer.msgpack"
"$ptorw" print "$tmp/newer.msgpack" > /dev/null 2> "$tmp/newer_err"
check "newer format version: exit 1" test $? -eq 1
check "newer format version: said so" grep -q "byte 10: format version 99 is not supported: this build reads version 1 only (the file is newer)" "$tmp/newer_err"

echo "cli_persist: $fails failed"
exit $((fails > 0))
