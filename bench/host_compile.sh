#!/usr/bin/env bash
# What an embedding host compiler pays (issue 16): install the headers and ptorw.pc from BUILD into
# a scratch prefix (`meson install --tags devel`: headers and pkg-config file only, nothing built),
# then compile at -O2 with `pkg-config --cflags ptorw`, under /usr/bin/time -v:
#   umbrella  a TU that includes <ptorw/ptorw.hpp> alone            targets: <= 5 s, <= 600 MiB
#   host      a TU that includes <ptorw/passes/all.hpp>, parses a program and runs
#             make_pass("default")                                  targets: <= 12 s, <= 1 GiB
#   passes    the program's one TU with <ptorw/passes/define_all.hpp> (every pass compiled once;
#             absent before issue 16, when all.hpp itself compiled every pass into the host TU)
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

measure() {  # name source
  local log="$work/$1.time"
  /usr/bin/time -v "$cxx" -std=c++20 -O2 $cflags -c "$2" -o "$work/$1.o" 2>"$log"
  local wall user rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$log")
  user=$(awk -F': ' '/User time/ {print $2}' "$log")
  rss=$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2 / 1024}' "$log")
  printf '%-9s %6.1f s wall  %6.1f s user  %5s MiB peak\n' "$1" "$wall" "$user" "$rss"
}

echo "cflags: $cflags"
echo "load before: $(uptime)"
measure umbrella "$work/umbrella.cpp"
measure host "$work/host.cpp"
objs=("$work/host.o")
if [[ -n $(find "$work/root" -path "*/ptorw/passes/define_all.hpp") ]]; then
  echo '#include <ptorw/passes/define_all.hpp>' >"$work/passes.cpp"
  measure passes "$work/passes.cpp"
  objs+=("$work/passes.o")
fi
echo "load after:  $(uptime)"
"$cxx" "${objs[@]}" -o "$work/host" $libs
example=$(ls examples/*.py | head -n 1)
if "$work/host" "$example" >/dev/null; then
  echo "host: ${#objs[@]} object(s) linked with '$libs' alone; ran the default pipeline on $example"
else
  echo "host: linked, but running it on $example failed"; exit 1
fi
