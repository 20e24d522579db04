#!/usr/bin/env bash
# The command line as a new user meets it (issue 22): one check per finding of the issue — exit
# codes (0 ok, 1 the input or a pass failed, 2 usage), which stream carries what, and the text of
# the messages. Expected values are worked out by hand in the comments (the .npy inputs are
# written by test/support/npy.py, no numpy needed).
# usage: cli_ux_test.sh PTORW SOURCE_ROOT
set -u
ptorw=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_cli_ux.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}
has() { grep -qF -- "$2" "$1"; }       # has FILE TEXT: a line of FILE contains TEXT
line() { grep -qxF -- "$2" "$1"; }     # line FILE TEXT: a line of FILE is exactly TEXT
empty() { test ! -s "$1"; }
npy() { /usr/bin/python3 "$root/test/support/npy.py" "$@"; }
run() {  # run ARGS...: stdout in $tmp/out, stderr in $tmp/err, exit code in $rc
  "$ptorw" "$@" > "$tmp/out" 2> "$tmp/err"
  rc=$?
}
ex1="$root/examples/pattern1_iter_arg_reuse.py"
dyn="$root/test/golden/optimize-orch-tensors/p3_dynamic_shape.before.py"  # M = pl.dynamic("M")
two_kernels="$root/test/codegen/int_dtypes.py"                              # kernels ints, halves
one_kernel="$root/test/codegen/representation.py"

# ---- help, version, unknown commands and options, exit codes ----
run
check "no arguments: exit 2 (usage)" test $rc -eq 2
check "no arguments: usage on stderr" has "$tmp/err" "Usage: ptorw [OPTIONS] [SUBCOMMAND]"
check "no arguments: the commands listed" has "$tmp/err" "diffcheck"
check "no arguments: nothing on stdout" empty "$tmp/out"
run --help
check "--help: exit 0, usage on stdout" test $rc -eq 0 -a -n "$(grep -F 'Usage: ptorw' "$tmp/out")"
check "--help: documents the exit codes" has "$tmp/out" "Exit codes: 0 success; 1 the input or a pass failed"
run --version
check "--version: exit 0" test $rc -eq 0
check "--version: 'ptorw X.Y.Z' on stdout" grep -qx 'ptorw [0-9]*\.[0-9]*\.[0-9]*' "$tmp/out"
run pritn "$ex1"
check "unknown command: exit 2" test $rc -eq 2
check "unknown command: named, with the closest command" has "$tmp/err" "ptorw: error: unknown command 'pritn'; did you mean 'print'?"
run opt "$ex1" --passes=default --stat
check "unknown option: exit 2" test $rc -eq 2
check "unknown option: named, with the closest option" line "$tmp/err" "ptorw opt: error: unknown option '--stat'; did you mean '--stats'?"
run opt "$ex1"
check "missing --passes: exit 2" test $rc -eq 2
printf 'this is not a program\n' > "$tmp/bad.py"
run check "$tmp/bad.py"
check "input that does not parse: exit 1" test $rc -eq 1
run print "$tmp/missing.py"
check "input that cannot be read: exit 1" test $rc -eq 1
run opt "$ex1" --passes=defualt
check "unknown pass: exit 2 with the closest pass" test $rc -eq 2 -a -n "$(grep -F "unknown pass 'defualt'; did you mean 'default'?" "$tmp/err")"
run --color=always check "$tmp/bad.py"
check "--color=always: the severity in red" grep -q $'\033\\[1;31merror' "$tmp/err"
run check "$tmp/bad.py"
check "--color=auto, stderr not a terminal: no escape codes" test -z "$(grep -F $'\033' "$tmp/err")"

# ---- one spelling per option ----
lower=init-memref,plan-memory,select-buffer-ir,lower-tile-to-buffer
swap="$root/test/golden/init-memref/swap_two_carries.before.py"
"$ptorw" opt "$swap" --passes=$lower --opt memory_planner=PTOAS > "$tmp/upper.py" 2>&1
run opt "$swap" --passes=$lower --planner=ptoas
check "opt --planner=ptoas: exit 0" test $rc -eq 0
check "opt --planner=ptoas = --opt memory_planner=PTOAS" cmp -s "$tmp/out" "$tmp/upper.py"
run opt "$swap" --passes=$lower --opt memory_planner=ptoas
check "--opt memory_planner in lower case: same program" cmp -s "$tmp/out" "$tmp/upper.py"
run opt "$swap" --passes=$lower --planner=PTOAS --opt memory_planner=pypto
check "--planner contradicting --opt memory_planner: exit 2" test $rc -eq 2 -a -n "$(grep -F 'contradicts --planner=' "$tmp/err")"
run emit "$one_kernel" --planner=PTOAS --arch=A5
check "emit --planner=PTOAS --arch=A5 (any case): exit 0, a5 module" test $rc -eq 0 -a -n "$(grep -F 'pto.target_arch = "a5"' "$tmp/out")"
run opt "$swap" --passes=$lower --opt memory_planr=PTOAS
check "misspelled --opt key: exit 2" test $rc -eq 2
check "misspelled --opt key: the closest key and the known ones" has "$tmp/err" "--opt: unknown key 'memory_planr'; did you mean 'memory_planner'? (known keys: enable_buffer_ir, memory_planner, target)"
run diffcheck "$dyn" --passes=default --dim M=32 --seeds 1
check "diffcheck --dim M=32: exit 0" test $rc -eq 0
run diffcheck "$dyn" --passes=default --dim N=32
check "diffcheck unknown --dim: exit 2 with the program's dims" test $rc -eq 2 -a -n "$(grep -F "no dynamic dim 'N'; did you mean 'M'? (the program's dynamic dims: M)" "$tmp/err")"
run run "$dyn" --dim K=8
check "run unknown --dim: exit 2 with the program's dims" test $rc -eq 2 -a -n "$(grep -F "no dynamic dim 'K'" "$tmp/err")"
run run "$ex1" --dim M=8
check "--dim on a program without dynamic dims: exit 2" test $rc -eq 2 -a -n "$(grep -F 'has no pl.dynamic dims' "$tmp/err")"
# -o is a file everywhere: two kernels do not fit one file, and nothing is created.
run emit "$two_kernels" -o "$tmp/out.pto"
check "emit -o FILE with two kernels: exit 2" test $rc -eq 2
check "emit -o FILE with two kernels: says to use --output-dir" has "$tmp/err" "-o $tmp/out.pto names one file, but $two_kernels has 2 kernels (ints, halves): use --output-dir DIR"
check "emit -o FILE with two kernels: nothing written" test ! -e "$tmp/out.pto"
run emit "$one_kernel" -o "$tmp/one.pto"
check "emit -o FILE with one kernel: the module in the file" test $rc -eq 0 -a "$(grep -c '^module attributes' "$tmp/one.pto")" -eq 1
mkdir "$tmp/adir"
run emit "$one_kernel" -o "$tmp/adir"
check "emit -o DIR (an existing directory): exit 2, names --output-dir" test $rc -eq 2 -a -n "$(grep -F 'is a directory: -o names a file; use --output-dir' "$tmp/err")"
run emit "$two_kernels" --output-dir "$tmp/pto"
check "emit --output-dir DIR: one file per kernel" test $rc -eq 0 -a -f "$tmp/pto/ints.pto" -a -f "$tmp/pto/halves.pto"
run emit "$one_kernel"
check "emit without --target: pto by default" test $rc -eq 0 -a -n "$(grep '^module attributes' "$tmp/out")"

# ---- statistics and streams ----
run opt --stats "$ex1" --passes=default
check "--stats FILE: FILE is the input, not the stats value (exit 0)" test $rc -eq 0
check "--stats: statistics on stdout after the program" has "$tmp/out" "pass default: Converged"
check "--stats: nothing on stderr" empty "$tmp/err"
run opt "$ex1" --passes=default --stats=json -o "$tmp/p.py" --remarks
check "--stats=json with --remarks: stdout is only JSON" /usr/bin/python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out"
check "--stats=json with --remarks: remarks on stderr" has "$tmp/err" ": remark: "
run opt "$ex1" --passes=default --stats=json
check "--stats=json with the program on stdout: exit 2 (would mix streams)" test $rc -eq 2 -a -n "$(grep -F -- '--stats=json writes JSON to stdout, where the program goes too' "$tmp/err")"
run opt "$ex1" --passes=default --stats=json --stats-file "$tmp/stats.json"
check "--stats-file: JSON in the file, the program on stdout" /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["passes"][0]["pass"]=="default"' "$tmp/stats.json"
run opt "$ex1" --passes=default --max-iterations=0
check "--max-iterations=0: exit 2" test $rc -eq 2
check "--max-iterations=0: a short message" line "$tmp/err" "ptorw opt: error: --max-iterations: '0' is less than 1"

# ---- trace, print-after-all, remarks ----
# Pattern 1 on examples/pattern1_iter_arg_reuse.py: one Program rule application. It promotes x to
# InOut and drops out_0 in `compute`'s signature (line 13; column 9 is the name `compute`), stores
# into x (line 17) and drops the tensor.create feeding the call in main (line 23).
run opt "$ex1" --passes=default --trace -o /dev/null
check "--trace: rule and real location" line "$tmp/err" "$ex1:13:9: trace: default/iter_arg_reuse"
check "--trace: no :0:0 location" test -z "$(grep -F ':0:0' "$tmp/err")"
check "--trace: DSL diff of the store" line "$tmp/err" "  + ret: pl.Tensor[[64], pl.FP32] = pl.tile.store(y_tile, [0], x)"
check "--trace: DSL diff of the call" line "$tmp/err" "  + result: pl.Tensor[[64], pl.FP32] = self.compute(iter_arg)"
check "--trace: bounded (11 lines, not the whole program twice)" test "$(wc -l < "$tmp/err")" -eq 11
run opt "$ex1" --passes=default --trace=full -o /dev/null
check "--trace=full: whole program in the DSL, init_values kept" has "$tmp/err" "in pl.range(10, init_values=(buf,)):"
# Each application is bounded: a Function rule over a 1500-statement function.
/usr/bin/python3 "$root/bench/gen_program.py" --statements 1500 --seed 1 -o "$tmp/mid.py"
run opt "$tmp/mid.py" --passes=default --trace -o /dev/null
check "--trace on 1500 statements: at most 26 lines per application" \
  /usr/bin/python3 -c 'import sys,re
lines=open(sys.argv[1]).read().splitlines(); heads=[i for i,l in enumerate(lines) if ": trace: " in l]
assert heads, "no trace"
sizes=[b-a for a,b in zip(heads, heads[1:]+[len(lines)])]
assert max(sizes) <= 26, sizes' "$tmp/err"
run opt "$ex1" --passes=default --print-after-all -o /dev/null
check "--print-after-all with default: after each of its five passes" \
  test "$(grep '^# ---- after' "$tmp/err" | tr '\n' '|')" = "# ---- after convert-to-ssa ----|# ---- after outline-incore-scopes ----|# ---- after flatten-call-expr ----|# ---- after simplify ----|# ---- after optimize-orch-tensors ----|"
p4="$root/test/golden/optimize-orch-tensors/p4_dynamic_parent_unchanged.before.py"
run opt "$p4" --passes=optimize-orch-tensors --remarks=slice_input_strides -o /dev/null
check "--remarks=PATTERN: only that rule" test "$(grep -c ': remark: ' "$tmp/err")" -eq 1 -a -n "$(grep -F "remark: slice_input_strides: 'scale' In param 'a': no strides" "$tmp/err")"
run opt "$p4" --passes=optimize-orch-tensors --remarks='assemble_*' -o /dev/null
check "--remarks=GLOB" test "$(grep -c ': remark: ' "$tmp/err")" -eq 1 -a -n "$(grep -F 'remark: assemble_parent_strides:' "$tmp/err")"
run opt "$root/examples/windowed_rows.py" --passes=default --remarks -o /dev/null
check "--remarks: no line repeated" test -z "$(sort "$tmp/err" | uniq -d)"

# ---- run: values, inputs, seeds, progress ----
printf '%s\n' 'import ptorw.language as pl' '' '' '@pl.program' 'class Scalar:' \
  '    @pl.function(type=pl.FunctionType.Orchestration)' \
  '    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:' \
  '        m = n * 2 + 1' '        return m' > "$tmp/scalar.py"
npy save "$tmp/n5.npy" '<i8' '' 5
run run "$tmp/scalar.py" --input n=n5.npy
check "run --input of a missing file: exit 1" test $rc -eq 1 -a -n "$(grep -F 'n5.npy: error: cannot read file' "$tmp/err")"
run run "$tmp/scalar.py" --input n="$tmp/n5.npy"
check "run: a scalar result as its value (5 * 2 + 1)" line "$tmp/out" "return: INDEX = 11"
npy save "$tmp/x.npy" '<f4' 64 $(seq 0 63)
run run "$ex1" --entry compute --input x="$tmp/x.npy" --output-dir "$tmp/vals"
# compute(x) = x + x into out_0: 0, 2, 4, ..., 126.
check "run: tensor summary (first, last, min, max)" line "$tmp/out" "  [0, 2, 4, 6, 8, 10, ..., 124, 126] (64 elements; min 0, max 126; --print=full for all)"
check "run --output-dir: return.npy holds x + x" test "$(npy show "$tmp/vals/return.npy")" = "<f4 64 $(seq 0 2 126 | tr '\n' ' ' | sed 's/ $//')"
check "run --output-dir: out_0.npy too" test -f "$tmp/vals/out_0.npy"
run run "$ex1" --entry compute --input x="$tmp/x.npy" --print=full
check "run --print=full: every element" line "$tmp/out" "  [:] $(seq 0 2 126 | tr '\n' ' ' | sed 's/ $//')"
npy save "$tmp/x8.npy" '<f4' 8 0 1 2 3 4 5 6 7
run run "$ex1" --entry compute --input x="$tmp/x8.npy"
check "run --input of the wrong shape: exit 1 naming both" test $rc -eq 1 -a -n "$(grep -F "error: input 'x' is FP32[8], but parameter 'x' is FP32[64]" "$tmp/err")"
npy save "$tmp/xi.npy" '<i4' 64 $(seq 0 63)
run run "$ex1" --entry compute --input x="$tmp/xi.npy"
check "run --input of the wrong dtype: exit 1 naming both" test $rc -eq 1 -a -n "$(grep -F "error: input 'x' is INT32[64], but parameter 'x' is FP32[64]" "$tmp/err")"
npy save "$tmp/xd.npy" '<f8' 2 1 2
run run "$ex1" --entry compute --input x="$tmp/xd.npy"
check "run --input of float64: exit 1, no pl dtype" test $rc -eq 1 -a -n "$(grep -F "element type '<f8' has no pl dtype" "$tmp/err")"
# An input or a dim given twice is a usage error, not "the last one wins" (review rev45b 9).
run run "$tmp/scalar.py" --input n="$tmp/n5.npy" --input n="$tmp/n5.npy"
check "run --input NAME twice: exit 2" test $rc -eq 2 -a -n "$(grep -F "'n' is given twice" "$tmp/err")"
run run "$dyn" --dim M=64 --dim M=32
check "run --dim NAME twice: exit 2" test $rc -eq 2 -a -n "$(grep -F -- "--dim M=32: 'M' is given twice" "$tmp/err")"
# A header cut short, and a shape whose element count passes 2^60, are errors (review rev45b 8).
/usr/bin/python3 -c "import sys; h=b\"{'descr': '<f4', 'fortran_order': False, 'shape': (64,\"; sys.stdout.buffer.write(b'\\x93NUMPY\\x01\\x00' + len(h).to_bytes(2, 'little') + h)" > "$tmp/cut.npy"
run run "$ex1" --entry compute --input x="$tmp/cut.npy"
check "run --input of a cut .npy header: exit 1, malformed" test $rc -eq 1 -a -n "$(grep -F "cut.npy: error: malformed .npy header" "$tmp/err")"
/usr/bin/python3 -c "import sys; h=b\"{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4611686018427387904), }\\n\"; sys.stdout.buffer.write(b'\\x93NUMPY\\x01\\x00' + len(h).to_bytes(2, 'little') + h + bytes(16384))" > "$tmp/huge.npy"
run run "$ex1" --entry compute --input x="$tmp/huge.npy"
check "run --input of a (2^62, 2^62) .npy: exit 1, too large" test $rc -eq 1 -a -n "$(grep -F "huge.npy: error: shape (4611686018427387904, 4611686018427387904) is too large" "$tmp/err")"
run run "$ex1" --entry compute --input y="$tmp/x.npy"
check "run --input of an unknown parameter: exit 2 with the parameters" test $rc -eq 2 -a -n "$(grep -F "no parameter 'y' of 'compute'; did you mean 'x'? (parameters: x, out_0)" "$tmp/err")"
run run "$ex1" --seed -1
check "run --seed -1: exit 2" test $rc -eq 2 -a -n "$(grep -F -- "--seed: '-1' is less than 0" "$tmp/err")"
# Audit 2026-12-05: a scalar input is checked like a tensor's, values print exactly.
npy save "$tmp/nf.npy" '<f4' '' 2.75
run run "$tmp/scalar.py" --input n="$tmp/nf.npy"
check "run --input of a float for an INDEX scalar: exit 1 (was truncated to 2)" test $rc -eq 1 -a -n "$(grep -F "error: input 'n' is FP32, but parameter 'n' is INDEX" "$tmp/err")"
npy save "$tmp/nbig.npy" '<i8' '' 9007199254740993
run run "$tmp/scalar.py" --input n="$tmp/nbig.npy"
check "run --input of an integer past 2^53: exact (was rounded through a double)" line "$tmp/out" "return: INDEX = 18014398509481987"
run run "$tmp/scalar.py" --input n="$tmp"
check "run --input of a directory: exit 1 naming it" test $rc -eq 1 -a -n "$(grep -F "$tmp: error: is a directory, not a .npy file" "$tmp/err")"
npy save "$tmp/xp.npy" '<f4' 64 0.50000006 $(seq 1 63)
run run "$ex1" --entry compute --input x="$tmp/xp.npy" --print=full
# 0.50000006 is 0.5 + 2^-24 in float32; doubled, 1 + 2^-23, which "{:.6g}" printed as 1.
check "run --print=full: floats exactly (shortest text that reads back)" line "$tmp/out" "  [:] 1.0000001 $(seq 2 2 126 | tr '\n' ' ' | sed 's/ $//')"
run compile "$ex1" -o ""
check "compile -o '': exit 2 (was a tree in the current directory)" test $rc -eq 2
printf '%s\n' 'import ptorw.language as pl' '' '' '@pl.program' 'class Wrong:' \
  '    @pl.function(type=pl.FunctionType.Orchestration)' \
  '    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[32], pl.FP32]:' \
  '        return a' > "$tmp/wrong.py"
run run "$tmp/wrong.py"
check "run of a program that does not verify: exit 1 with the verifier's error (it ran before)" \
  test $rc -eq 1 -a -n "$(grep -F "wrong.py:8:9: error: return value 1 has type pl.Tensor[[64], pl.FP32]" "$tmp/err")"
"$ptorw" equal - - < "$ex1" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "equal - -: exit 2, stdin is one program only (it was read twice)" test $rc -eq 2 -a -n "$(grep -F "stdin ('-') can be only one of the two programs" "$tmp/err")"
# A run well past the 1 s progress delay on any load (1500 statements ran in 0.97-1.1 s once the
# CLI got faster, which made the check below depend on the machine's load).
/usr/bin/python3 "$root/bench/gen_program.py" --statements 4000 --seed 1 -o "$tmp/long.py"
run run "$tmp/long.py"
check "run past 1 s, stderr not a terminal: no progress line" empty "$tmp/err"
if command -v script > /dev/null; then
  script -qec "'$ptorw' run '$tmp/long.py' > /dev/null" /dev/null > "$tmp/tty" 2>&1
  check "run past 1 s on a terminal: a progress line, then erased" grep -qa $'ptorw run: running main... 1 s.*\033\\[K' "$tmp/tty"
fi

# ---- diffcheck says what it compared ----
run diffcheck "$ex1" --passes=default --seeds 2
check "diffcheck: equal" line "$tmp/out" "diffcheck: equal (6 runs)"
# 2 seeds on the input, then default's output read by nodes and printed back on each seed: 2 + 4.
check "diffcheck: the input's runs" line "$tmp/out" "  input: run on 2 seeds (1, 2): 2 runs"
check "diffcheck: each pass's runs" line "$tmp/out" "  'default': output read by nodes and printed and parsed back, each on 2 seeds: 4 runs, equal to its input"
check "diffcheck: what a run is" has "$tmp/out" "(a run interprets one program on one seed's random inputs;"

# ---- rules, docs ----
run rules simplify
check "rules PASS: pass/rule, root, benefit" grep -q $'^simplify/remove_dead_pure_assigns\t' "$tmp/out"
run rules simplfy
check "rules of an unknown pass: exit 2 with the closest" test $rc -eq 2 -a -n "$(grep -F "did you mean 'simplify'?" "$tmp/err")"
run help opt
check "help COMMAND: that command's usage, exit 0" test $rc -eq 0 -a -n "$(grep -F 'Usage: ptorw opt [OPTIONS] file' "$tmp/out")"
run help nope
check "help of an unknown command: exit 2" test $rc -eq 2 -a -n "$(grep -F "ptorw help: error: unknown command 'nope'" "$tmp/err")"
run help --markdown
check "docs/cli.md is 'ptorw help --markdown' (regenerate it when options change)" cmp -s "$tmp/out" "$root/docs/cli.md"
for c in print check opt equal passes rules run diffcheck emit help; do
  "$ptorw" $c --help > "$tmp/help_$c" 2>&1
  missing=""
  for o in $(grep -o -- '--[a-z][a-z-]*' "$tmp/help_$c" | sort -u); do
    [ "$o" = --help ] && continue
    grep -qF -- "$o" "$root/docs/cli.md" || missing="$missing $o"
  done
  check "every option of 'ptorw $c --help' is in docs/cli.md${missing:+ (missing:$missing)}" test -z "$missing"
done

# ---- run prints FP16/BF16 values with the fewest digits that read back (docs/semantics.md
# "Digest"): FP16 0.1 holds 0.0999755859375, BF16 1/3 holds 0.333984375 (review rev42d) ----
cat > "$tmp/halves.py" <<'PY'
import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.FP16], pl.Scalar[pl.BF16], pl.Scalar[pl.FP16]]:
        h: pl.Scalar[pl.FP16] = 0.1
        one: pl.Scalar[pl.BF16] = 1.0
        three: pl.Scalar[pl.BF16] = 3.0
        t = one / three
        big: pl.Scalar[pl.FP16] = 65504.0
        return h, t, big
PY
run run "$tmp/halves.py"
check "run: FP16 0.1 prints as 0.1" has "$tmp/out" "FP16 = 0.1"
check "run: BF16 1/3 prints as 0.334" has "$tmp/out" "BF16 = 0.334"
check "run: FP16 65504 prints as 65500 (as numpy prints float16)" has "$tmp/out" "FP16 = 65500"
check "run: no exact expansion printed" test -z "$(grep -F "0.0999755859375" "$tmp/out")"

# ---- review rev45b: resources and output that did not arrive ----
# Standard output that cannot be written is a failure (exit 1), not a silent exit 0.
"$ptorw" print "$ex1" > /dev/full 2> "$tmp/err"; rc=$?
check "print > /dev/full: exit 1" test $rc -eq 1
check "print > /dev/full: says why" has "$tmp/err" "cannot write to standard output"
"$ptorw" help > /dev/full 2> "$tmp/err"; rc=$?
check "help > /dev/full: exit 1" test $rc -eq 1
"$ptorw" print "$ex1" -o /dev/full 2> "$tmp/err"; rc=$?
check "print -o /dev/full: exit 1 with the reason" test $rc -eq 1 -a -n "$(grep -F '/dev/full: error: cannot write file: No space left on device' "$tmp/err")"
# Both arms of an if rebind a name to a value of a new type: the value from before the if does not
# reach past it, so the arms decide the type (review rev45c 5: refused as INDEX against INT32).
printf '%s\n' 'import ptorw.language as pl' '' '' '@pl.program' 'class Arms:' \
  '    @pl.function(type=pl.FunctionType.Orchestration)' \
  '    def main(self, a: pl.Scalar[pl.INT32], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INT32]:' \
  '        s = 0' '        t = s + 1' '        if c:' '            s = a' '        else:' '            s = a + 1' \
  '        return s' > "$tmp/arms.py"
run check "$tmp/arms.py"
check "check: both if arms rebind a name to a new type: ok" test $rc -eq 0
# --seeds is bounded: every seed's outputs of a stage are kept (2^31 - 1 seeds aborted on memory).
run diffcheck --seeds 2147483647 "$ex1"
check "diffcheck --seeds 2^31-1: usage error" test $rc -eq 2
check "diffcheck --seeds 2^31-1: names the bound" has "$tmp/err" "--seeds: '2147483647' is more than 10000"
# Inputs larger than the memory given: a located error, not an abort (std::bad_alloc). 2^29 FP32
# elements per tensor (2 GiB) under a 1.5 GB address-space limit.
cat > "$tmp/big.py" <<'PY'
import ptorw.language as pl


@pl.program
class S:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[8192, 65536], pl.FP32],
          dst: pl.Out[pl.Tensor[[8192, 65536], pl.FP32]]) -> pl.Tensor[[8192, 65536], pl.FP32]:
        t = pl.load(src, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8192, 65536], pl.FP32]) -> pl.Tensor[[8192, 65536], pl.FP32]:
        buf = pl.create_tensor([8192, 65536], dtype=pl.FP32)
        y = self.k(x, buf)
        return y
PY
(ulimit -v 1500000; "$ptorw" run "$tmp/big.py" > "$tmp/out" 2> "$tmp/err"); rc=$?
check "run of 2 GiB inputs under 1.5 GB: exit 1" test $rc -eq 1
check "run of 2 GiB inputs under 1.5 GB: out of memory, located" has "$tmp/err" "big.py:14:9: error: out of memory while interpreting"
# A tensor whose bytes pass int64 is an error in the task graph (it reported 0 bytes, wrapped).
sed 's/8192, 65536/4294967296, 4294967296/g' "$tmp/big.py" > "$tmp/huge.py"
run tasks "$tmp/huge.py"
check "tasks of a [2^32, 2^32] FP32 parameter: exit 1" test $rc -eq 1
check "tasks of a [2^32, 2^32] FP32 parameter: more than 2^63 - 1 bytes" has "$tmp/err" \
  "huge.py:14:20: error: task graph of 'main': 'x' (4294967296 x 4294967296 elements of 4 bytes) spans more than 2^63 - 1 bytes"
# A window past the tensor's end in a statement Pattern 5 built: the enclosing statement's line.
sed 's/pl.range(8,/pl.range(9,/' "$root/examples/windowed_rows.py" > "$tmp/w9.py"
run tasks --passes default "$tmp/w9.py"
check "tasks of a window past the end after Pattern 5: located" has "$tmp/err" "w9.py:45:9: error: task graph of 'main': the window [256, 288)"

echo "cli_ux: $fails failed"
test $fails -eq 0
