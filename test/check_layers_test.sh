#!/usr/bin/env bash
# scripts/check_layers.py on a fixture tree with deliberate violations: it must fail (exit 1) with
# exactly the report in test/layers_fixture/expected.txt. (The real tree is checked by the
# `layers` test.) usage: check_layers_test.sh SOURCE_ROOT
set -uo pipefail
root=${1:?source root}
fixture="$root/test/layers_fixture"
out=$(/usr/bin/python3 "$root/scripts/check_layers.py" --root "$fixture")
status=$?
if ((status != 1)); then
  echo "check_layers.py exited with $status on the fixture, expected 1"
  echo "$out"
  exit 1
fi
if ! diff -u "$fixture/expected.txt" <(echo "$out"); then
  echo "check_layers.py's report on the fixture differs from expected.txt (above)"
  exit 1
fi
echo "check_layers.py refuses the fixture's violations with the expected report"
