#!/usr/bin/env bash
# The `ptorw` CLI under ASan + UBSan (scripts/run-sanitized-tests.sh --cli):
#   scripts/run-sanitized-cli.sh [test/cli_x_test.sh ...]   # default: every test/cli_*_test.sh
# Builds BUILD_DIR (default build-asan-cli) with -Db_sanitize=address,undefined -Dallocator=system
# (jemalloc and tcmalloc do not run under ASan), runs the shell suites against its CLI, then
# `compile` and `diffcheck --passes=default` of every golden Before program and example. A
# sanitizer report anywhere fails the run: the suites' own verdicts cannot tell an abort from a
# refusal, so stderr is searched for "AddressSanitizer", "LeakSanitizer" and "runtime error:".
# Environment: BUILD_DIR, JOBS (ninja -j, default 1).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR=${BUILD_DIR:-build-asan-cli}
JOBS=${JOBS:-1}
if [[ ! -f $BUILD_DIR/meson-private/coredata.dat ]]; then
  meson setup "$BUILD_DIR" --wrap-mode=nodownload -Db_sanitize=address,undefined -Dallocator=system \
    -Dtests=false -Dbench=false -Dpython=disabled -Doptimization=1 -Ddebug=false \
    "-Dcpp_args=-g1 -fno-omit-frame-pointer" || exit 1
fi
ninja -C "$BUILD_DIR" -j"$JOBS" tools/ptorw || exit 1
case $BUILD_DIR in
  /*) cli=$BUILD_DIR/tools/ptorw ;;
  *) cli=$PWD/$BUILD_DIR/tools/ptorw ;;
esac
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
# exitcode=134: a UBSan halt must not look like a refusal (exit 1), so it is caught by status too.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=134}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
reports=0
failed=0
sanitizer_report() { grep -l -E 'AddressSanitizer|LeakSanitizer|runtime error:' "$@" 2>/dev/null; }

scripts=("$@")
((${#scripts[@]} == 0)) && scripts=(test/cli_*_test.sh)
for t in "${scripts[@]}"; do
  name=$(basename "$t" .sh)
  if bash "$t" "$cli" "$PWD" >"$log/$name.out" 2>&1; then verdict=ok; else verdict=FAILED; failed=$((failed + 1)); fi
  if sanitizer_report "$log/$name.out" >/dev/null; then
    verdict="$verdict, sanitizer report"
    reports=$((reports + 1))
    grep -m 20 -E -A12 'AddressSanitizer|LeakSanitizer|runtime error:' "$log/$name.out"
  fi
  echo "$name: $verdict"
done

# Every golden Before program and example through compile and diffcheck: exit codes 0 and 1 are
# verdicts (1: refused); anything else (134: ASan abort) or a report in stderr is a finding.
n=0
for f in test/golden/*/*.before.py examples/*.py; do
  [[ -f $f ]] || continue
  n=$((n + 1))
  for cmd in compile diffcheck; do
    if [[ $cmd == compile ]]; then
      timeout 300 "$cli" compile "$f" -o "$log/tree" -q >/dev/null 2>"$log/err"
    else
      timeout 300 "$cli" diffcheck "$f" --passes=default >/dev/null 2>"$log/err"
    fi
    rc=$?
    if ((rc > 1)) || sanitizer_report "$log/err" >/dev/null; then
      reports=$((reports + 1))
      echo "$cmd $f: exit $rc"
      grep -m 1 -E -A12 'AddressSanitizer|LeakSanitizer|runtime error:' "$log/err"
    fi
  done
  rm -rf "$log/tree"
done
echo "sanitized CLI: ${#scripts[@]} shell suites ($failed failed), $n programs through compile and diffcheck, $reports sanitizer reports or crashes"
((failed == 0 && reports == 0))
