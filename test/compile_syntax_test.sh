#!/usr/bin/env bash
# Third-party checks of everything `ptorw compile` writes (issue 20, acceptance): over every example,
# every golden Before program (test/golden/**/*.before.py) and the Group programs of test/codegen/groups/,
#  - each kernels/<kernel>.entry.cpp passes `g++ -std=c++17 -fsyntax-only` alone, and so does each
#    Group member's kernels/<group>.<role>.entry.cpp;
#  - each orchestration/<function>.cpp passes `g++ -std=c++17 -fsyntax-only -include
#    test/support/pto_runtime_decls.hpp` (the runtime's declarations, pto_format.md), and
#  - each kernels/<kernel>.pto, emitted in MLIR generic form (--generic), is parsed and verified by
#    `mlir-opt-19 --allow-unregistered-dialect` (as the mlir_generic suite does for `emit`).
# An input whose compile reports errors (a kernel or function without a form) still has every file
# it wrote checked; a crash (exit > 1) fails. Floors on the numbers of files checked keep the test
# from passing by checking nothing. Without mlir-opt-19 the PTO half is skipped (said so).
# usage: compile_syntax_test.sh PTORW SOURCE_ROOT [MLIR_OPT]
set -u
ptorw=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$2 mlir_opt=${3:-}  # absolute: the test cds to the source root
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_compile_syntax.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0 inputs=0 partial=0 cpps=0 modules=0 entries=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$tmp/cpp" "$tmp/pto" "$tmp/entry"
cd "$root" || exit 1
for f in examples/*.py $(find test/golden -name "*.before.py" | sort) test/codegen/groups/*.py; do
  inputs=$((inputs + 1))
  out="$tmp/tree"
  rm -rf "$out"
  "$ptorw" compile "$f" -o "$out" --generic -q > /dev/null 2> "$tmp/err"
  rc=$?
  if [ $rc -gt 1 ]; then fail "$f: exit $rc: $(head -3 "$tmp/err")"; continue; fi
  [ $rc -eq 1 ] && partial=$((partial + 1))
  [ -d "$out" ] || continue
  tag=$(printf '%s' "${f%.py}" | tr '/.' '__')
  for c in "$out"/orchestration/*.cpp; do
    [ -e "$c" ] || continue
    cp "$c" "$tmp/cpp/${tag}__$(basename "$c")"
    cpps=$((cpps + 1))
  done
  for k in "$out"/kernels/*.pto; do
    [ -e "$k" ] || continue
    cp "$k" "$tmp/pto/${tag}__$(basename "$k")"
    modules=$((modules + 1))
    # Every module has its entry wrapper, or an error that says why not (a parameter type C++ cannot
    # spell, or a kernel named like a name the wrapper uses: an InCore `main`).
    e="${k%.pto}.entry.cpp"
    if [ -e "$e" ]; then
      cp "$e" "$tmp/entry/${tag}__$(basename "$e")"
      entries=$((entries + 1))
    elif ! grep -q "kernel '$(basename "${k%.pto}")': .* has no C++17 type in its entry wrapper" "$tmp/err" &&
         ! grep -q "kernel '$(basename "${k%.pto}")': .* is a name the entry wrapper already uses" "$tmp/err"; then
      fail "$f: kernels/$(basename "$k") has no entry wrapper and no error saying why"
    fi
  done
  for e in "$out"/kernels/*.*.entry.cpp; do  # a Group member's wrapper (<group>.<role>.entry.cpp)
    [ -e "$e" ] || continue
    cp "$e" "$tmp/entry/${tag}__$(basename "$e")"
    entries=$((entries + 1))
  done
done

# The C++: one g++ run over all files (each is its own translation unit).
if ! g++ -std=c++17 -fsyntax-only -include "$root/test/support/pto_runtime_decls.hpp" "$tmp"/cpp/*.cpp 2> "$tmp/gxx"; then
  fail "g++ -fsyntax-only: $(grep -m5 'error' "$tmp/gxx")"
fi

# The entry wrappers stand alone (they declare the PTO function they call): no runtime header.
if [ "$entries" -gt 0 ] && ! g++ -std=c++17 -fsyntax-only "$tmp"/entry/*.cpp 2> "$tmp/gxx_entry"; then
  fail "g++ -fsyntax-only (entry wrappers): $(grep -m5 'error' "$tmp/gxx_entry")"
fi

# The PTO modules: one mlir-opt run over all of them (one file of modules), per file on failure.
if [ -n "$mlir_opt" ] && [ -x "$mlir_opt" ]; then
  cat "$tmp"/pto/*.pto > "$tmp/all.mlir"
  if ! "$mlir_opt" --allow-unregistered-dialect "$tmp/all.mlir" -o /dev/null 2> "$tmp/mlir"; then
    for k in "$tmp"/pto/*.pto; do
      "$mlir_opt" --allow-unregistered-dialect "$k" -o /dev/null 2> "$tmp/mlir1" || fail "mlir-opt: $(basename "$k"): $(head -3 "$tmp/mlir1")"
    done
  fi
else
  echo "mlir-opt-19 not found (apt-get install mlir-19-tools): PTO modules not checked"
fi

# Floors (observed when the test was written: raise them as more programs compile, never lower).
[ "$cpps" -ge 210 ] || fail "only $cpps orchestration files checked (floor 210)"
[ -z "$mlir_opt" ] || [ "$modules" -ge 390 ] || fail "only $modules PTO modules checked (floor 390)"
[ "$entries" -ge 470 ] || fail "only $entries entry wrappers checked (floor 470)"
echo "compile_syntax: $inputs programs ($partial with errors reported), $cpps orchestration files, $modules PTO modules, $entries entry wrappers, $fails failures"
exit $((fails > 0))
