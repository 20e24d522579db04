#!/usr/bin/env bash
# One process decides as the text does: `ptorw opt --passes=default` must give the program that
# running default's steps one by one, each reading the previous step's printed text, gives
# (`ptorw equal`). The printer and parser splice what a rewrite leaves nested (a Seq inside a body,
# flatten-call-expr's temporaries), so a rule that reads the in-memory tree differently from its
# printed form decides differently in one process — end-to-end audit 2026-12-05 F3: Pattern 5 kept
# a kernel's Out full in one process and windowed it from text. Inputs: examples/*.py and the input
# of every case under test/golden/{default,optimize-orch-tensors,outline-incore-scopes} whose
# `default` run succeeds, and test/text_steps/*.py (inputs written for this check).
# usage: cli_text_between_steps_test.sh PTORW SOURCE_ROOT
set -u
ptorw=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_text_steps.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0 checked=0 skipped=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The steps, from the registry's own description of `default` (so the test follows the pipeline).
steps=$("$ptorw" passes 2>/dev/null | sed -n 's/^default: \([a-z, -]*\)$/\1/p' | tr -d ' ' | head -1)
if [ -z "$steps" ]; then
  echo "FAIL: could not read default's steps from 'ptorw passes'"
  exit 1
fi

for f in "$root"/examples/*.py "$root"/test/golden/default/*.before.py \
         "$root"/test/golden/optimize-orch-tensors/*.before.py "$root"/test/golden/outline-incore-scopes/*.before.py \
         "$root"/test/text_steps/*.py; do
  rel=${f#$root/}
  if ! "$ptorw" opt "$f" --passes=default -o "$tmp/one.py" > /dev/null 2>&1; then
    skipped=$((skipped + 1))  # refused in one process (an expect-error case, a kernel default cannot take)
    continue
  fi
  checked=$((checked + 1))
  cur=$f i=0 ok=1
  for step in ${steps//,/ }; do
    i=$((i + 1))
    if ! "$ptorw" opt "$cur" --passes="$step" -o "$tmp/step$i.py" > "$tmp/err" 2>&1; then
      fail "$rel: step $step through text fails where default in one process succeeds: $(head -1 "$tmp/err")"
      ok=0
      break
    fi
    cur=$tmp/step$i.py
  done
  [ $ok = 1 ] || continue
  if ! "$ptorw" equal "$tmp/one.py" "$cur" > "$tmp/diff" 2>&1; then
    fail "$rel: default in one process differs from its steps through text: $(grep -m1 'first difference' "$tmp/diff")"
  fi
done

echo "cli_text_between_steps: $checked programs compared ($skipped refused by default), $fails failures"
[ "$fails" -eq 0 ]
