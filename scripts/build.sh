#!/usr/bin/env bash
# Configure (once) and build ptorw. Used by run-tests.sh and run-example.sh.
#   scripts/build.sh [ninja targets...]
# Environment: BUILD_DIR (default: build), JOBS (ninja -j, default: 2).
# Configure always uses --wrap-mode=nodownload: every dependency comes from Debian packages, the
# subprojects/*.wrap files are fallbacks only for machines with network.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-2}
SETUP_ARGS=(--wrap-mode=nodownload)
# CI builds without debug info: -g roughly doubles the cost of the heaviest TUs (the passes and
# entry-point library, the Python module) and nothing in CI reads it.
if [[ ${CI:-} == true ]]; then SETUP_ARGS+=(-Ddebug=false); fi

if [[ -f $BUILD_DIR/meson-private/coredata.dat ]]; then
  # Reuse the folder; ninja re-runs meson by itself when a meson.build changed. If that folder was
  # made by another meson version or is otherwise unusable, reconfigure, and wipe as a last resort.
  if ! meson introspect "$BUILD_DIR" --buildoptions >/dev/null 2>&1; then
    echo "build: $BUILD_DIR is stale; reconfiguring"
    meson setup --reconfigure "$BUILD_DIR" "${SETUP_ARGS[@]}" ||
      meson setup --wipe "$BUILD_DIR" "${SETUP_ARGS[@]}"
  fi
else
  meson setup "$BUILD_DIR" "${SETUP_ARGS[@]}"
fi

ninja -C "$BUILD_DIR" -j"$JOBS" "$@"
