#!/usr/bin/env bash
# Install what is missing, build the ptorw CLI, and run the default pass pipeline on the spec's
# Pattern 1 example; the transformed program is printed on stdout.
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
bash scripts/build.sh tools/ptorw >&2

PTORW=$BUILD_DIR/tools/ptorw
if [[ ! -x $PTORW ]]; then
  echo "run-example: $PTORW was not built" >&2
  exit 1
fi
echo "run-example: $PTORW opt $EXAMPLE --passes=default $*" >&2
exec "$PTORW" opt "$EXAMPLE" --passes=default "$@"
