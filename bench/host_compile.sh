#!/usr/bin/env bash
# What an embedding host compiler pays (issue 16): install the headers and ptorw.pc from BUILD into
# a scratch prefix (`meson install --tags devel`: headers and pkg-config file only, nothing built),
# then compile at -O2 with `pkg-config --cflags ptorw`, under /usr/bin/time -v:
#   umbrella  a TU that includes <ptorw/ptorw.hpp> alone            targets: <= 5 s, <= 600 MiB
#   host      a TU that includes <ptorw/passes/all.hpp>, parses a program and runs
#             make_pass("default")                                  targets: <= 12 s, <= 1 GiB
#   passes    the program's TU with <ptorw/passes/define_all.hpp> (every pass compiled once)
#   entries   the program's TU with <ptorw/define_entries.hpp> (parse, print, verify, run, emit, ...
#             compiled once; ptorw/entry.hpp). passes + entries = <ptorw/define_all.hpp>.
# then umbrella, host and passes again with -DPTORW_HEADER_ONLY (entry points inline everywhere).
# host (+ passes) is then linked with `pkg-config --libs ptorw` alone and run on an example, to
# show there is nothing else to link. Prints wall and user seconds and peak RSS per TU, and
# `uptime` before and after (the machine is shared: compare user time under load).
#
# usage: bench/host_compile.sh [BUILD_DIR] [CXX]   (defaults: build, g++; run from the source root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
cxx=${2:-g++}
work=$(mktemp -d "${TMPDIR:-/tmp}/ptorw-host.XXXXXX")
trap 'rm -rf "$work"' EXIT

meson install -C "$build" --no-rebuild --tags devel --destdir "$work/root" --quiet >/dev/null
pc=$(dirname "$(find "$work/root" -name ptorw.pc | head -n 1)")
export PKG_CONFIG_PATH="$pc" PKG_CONFIG_SYSROOT_DIR="$work/root"
cflags=$(pkg-config --cflags ptorw)
libs=$(pkg-config --libs ptorw)

cat >"$work/umbrella.cpp" <<'CPP'
#include <ptorw/ptorw.hpp>
int main() { return 0; }
CPP
cat >"$work/host.cpp" <<'CPP'
// An embedding host: parse, run the default pipeline, print.
#include <cstdio>
#include <ptorw/ptorw.hpp>
#include <ptorw/passes/all.hpp>
int main(int argc, char** argv) {
  if (argc < 2) return 2;
  auto parsed = ptorw::text::parse_file(argv[1]);
  if (!parsed.program) { std::fprintf(stderr, "parse failed\n"); return 1; }
  auto pass = ptorw::passes::make_pass("default");
  if (!pass) return 1;
  auto out = (*pass)(parsed.program);
  std::fputs(ptorw::text::print_program(*out).c_str(), stdout);
  return 0;
}
CPP

measure() {  # name source [extra flags]
  local log="$work/$1.time"
  /usr/bin/time -v "$cxx" -std=c++20 -O2 $cflags ${3:-} -c "$2" -o "$work/$1.o" 2>"$log"
  local wall user rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$log")
  user=$(awk -F': ' '/User time/ {print $2}' "$log")
  rss=$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2 / 1024}' "$log")
  printf '%-16s %6.1f s wall  %6.1f s user  %5s MiB peak\n' "$1" "$wall" "$user" "$rss"
}

link_and_run() {  # label objects...
  local label=$1; shift
  "$cxx" "$@" -o "$work/host" $libs
  local example
  example=$(ls examples/*.py | head -n 1)
  if "$work/host" "$example" >/dev/null; then
    echo "$label: $# object(s) linked with '$libs' alone; ran the default pipeline on $example"
  else
    echo "$label: linked, but running it on $example failed"; exit 1
  fi
}

echo "cflags: $cflags"
echo "load before: $(uptime)"
# The default (ptorw/entry.hpp): entry points and passes declared in every TU, compiled once, in the
# program's one TU with <ptorw/define_all.hpp> (or split in two: define_entries.hpp, passes/define_all.hpp).
echo "# default: the host TU pays parsing of declarations, not code generation"
measure umbrella "$work/umbrella.cpp"
measure host "$work/host.cpp"
echo '#include <ptorw/passes/define_all.hpp>' >"$work/passes.cpp"
measure passes "$work/passes.cpp"
echo '#include <ptorw/define_entries.hpp>' >"$work/entries.cpp"
measure entries "$work/entries.cpp"
link_and_run default "$work/host.o" "$work/passes.o" "$work/entries.o"

# -DPTORW_HEADER_ONLY: every entry point inline where it is declared (a one-file tool's choice).
ho=-DPTORW_HEADER_ONLY
echo "# header-only ($ho): every TU that includes an entry header compiles its body"
measure umbrella_ho "$work/umbrella.cpp" "$ho"
measure host_ho "$work/host.cpp" "$ho"
measure passes_ho "$work/passes.cpp" "$ho"
echo "load after:  $(uptime)"
link_and_run header-only "$work/host_ho.o" "$work/passes_ho.o"
