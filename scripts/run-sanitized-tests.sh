#!/usr/bin/env bash
# Build the doctest suites with AddressSanitizer + UndefinedBehaviorSanitizer (the Meson option
# sanitize_checks) in a separate build folder and run them:
#   scripts/run-sanitized-tests.sh [suite...]        # default: every suite
# Environment: BUILD_DIR (default: build-asan), JOBS (ninja -j, default: 1 — the machine is shared).
# Any sanitizer report fails the run (-fno-sanitize-recover=undefined, ASan aborts on error).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR=${BUILD_DIR:-build-asan}
JOBS=${JOBS:-1}

if [[ ! -f $BUILD_DIR/meson-private/coredata.dat ]]; then
  meson setup "$BUILD_DIR" --wrap-mode=nodownload -Dsanitize_checks=true -Dbench=false -Dtests=true
else
  meson configure "$BUILD_DIR" -Dsanitize_checks=true >/dev/null
fi

suites=("$@")
if ((${#suites[@]} == 0)); then
  ninja -C "$BUILD_DIR" -j"$JOBS"  # every test executable and what the CLI suites run
else
  # Doctest suites are test/unit_<name>; script suites (cli_emit, ...) need the CLI.
  targets=(tools/ptorw)
  for s in "${suites[@]}"; do
    ninja -C "$BUILD_DIR" -t query "test/unit_$s" >/dev/null 2>&1 && targets+=("test/unit_$s")
  done
  ninja -C "$BUILD_DIR" -j"$JOBS" "${targets[@]}"
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
meson test -C "$BUILD_DIR" --no-rebuild --print-errorlogs "${suites[@]}"
