#!/usr/bin/env bash
# Every one-file program of the tree (bench/*.cpp, the libFuzzer targets) compiles the library's
# code itself, so it must include <ptorw/define_all.hpp> or <ptorw/define_entries.hpp> before any
# other ptorw header (ptorw/entry.hpp). These programs are not built by `meson test` (the benches
# are build_by_default: false, the fuzz targets need clang), so a missing include would only show
# as a link error the next time someone measures; this check fails first.
# usage: one_file_programs_test.sh SOURCE_ROOT
set -u
cd "$1" || exit 1
bad=0
for f in bench/*.cpp test/fuzz/parse_fuzz.cpp test/fuzz/decode_fuzz.cpp; do
  # msgpack_lib_bench times the MessagePack reader/writer headers alone: no entry point, nothing to define.
  [ "$f" = bench/msgpack_lib_bench.cpp ] && { echo "exempt: $f"; continue; }
  first=$(grep -m1 -n -E '#include ["<](ptorw/|fuzz_|decode_check|bench_util)' "$f" | cut -d: -f2-)
  case $first in
    *'ptorw/define_all.hpp'* | *'ptorw/define_entries.hpp'*) echo "ok: $f" ;;
    *) echo "FAIL: $f: its first ptorw include is not ptorw/define_all.hpp or ptorw/define_entries.hpp ($first)"; bad=1 ;;
  esac
done
exit $bad
