#!/usr/bin/env bash
# Install what is missing, build the ptorw CLI, and run the default pass pipeline on the spec's
# Pattern 1 example; the transformed program is printed on stdout (build output goes to stderr).
#   scripts/run-example.sh [EXAMPLE.py] [extra ptorw opt flags...]
# Environment: BUILD_DIR (default: build), JOBS (ninja -j, default: 2), SKIP_DEPS=1 skips apt.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR=${BUILD_DIR:-build}
EXAMPLE=${1:-examples/pattern1_iter_arg_reuse.py}
shift || true

if [[ ${SKIP_DEPS:-0} != 1 ]]; then
  bash scripts/install-deps.sh >&2
fi
# Configure (or let ninja re-run meson when a meson.build changed), then build only the CLI.
bash scripts/build.sh build.ninja >&2
if ! ninja -C "$BUILD_DIR" -t targets all 2>/dev/null | grep -q '^tools/ptorw:'; then
  echo "run-example: this build has no ptorw CLI target (tools/meson.build defines none yet)" >&2
  exit 1
fi
bash scripts/build.sh tools/ptorw >&2

PTORW=$BUILD_DIR/tools/ptorw
echo "run-example: $PTORW opt $EXAMPLE --passes=default $*" >&2
exec "$PTORW" opt "$EXAMPLE" --passes=default "$@"
