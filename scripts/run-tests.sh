#!/usr/bin/env bash
# Install what is missing, build, run every test suite, and end with the line
#   tests: N passed, N failed, N skipped
# (test cases counted by scripts/count_tests.py from build/meson-logs/testlog.json).
# Exit status is non-zero when anything failed (build failures count as one failed test).
# Environment: BUILD_DIR (default: build), JOBS (ninja -j, default: 2), SKIP_DEPS=1 skips apt.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR=${BUILD_DIR:-build}
PY=/usr/bin/python3   # never the pyenv shim: it may lack pytest/pybind11

fail_early() {  # the summary line must still be the last line printed
  echo "run-tests: $1" >&2
  echo "tests: 0 passed, 1 failed, 0 skipped"
  exit 1
}

if [[ ${SKIP_DEPS:-0} != 1 ]]; then
  bash scripts/install-deps.sh || fail_early "installing dependencies failed"
fi
bash scripts/build.sh || fail_early "build failed"

rm -f "$BUILD_DIR/meson-logs/testlog.json"
meson test -C "$BUILD_DIR" --print-errorlogs
meson_status=$?

"$PY" scripts/count_tests.py "$BUILD_DIR/meson-logs/testlog.json"
count_status=$?
if ((meson_status != 0 && count_status == 0)); then
  # Meson saw a failure the counter could not attribute (should not happen); never report success.
  echo "run-tests: meson test exited with $meson_status" >&2
  exit "$meson_status"
fi
exit "$count_status"
