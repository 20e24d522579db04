#!/usr/bin/env bash
# `ptorw emit` end to end (tools/cli/cmd_emit.cpp): one <kernel>.pto per Buffer-stage kernel under --output-dir DIR,
# modules on stdout without it, a kernel without a PTO form refused with its reason, fail-closed input
# leaves nothing behind, generic output accepted by mlir-opt-19 when it is installed.
# usage: cli_emit_test.sh PTORW SOURCE_ROOT
set -u
ptorw=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_cli_emit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}

"$ptorw" emit "$root/test/codegen/int_dtypes.py" --target=pto --output-dir "$tmp/out" 2> "$tmp/err"
check "exit 0 with --output-dir DIR" test $? -eq 0
check "one file per kernel" test -f "$tmp/out/ints.pto" -a -f "$tmp/out/halves.pto"
check "each file is one module" grep -q '^module attributes {pto.target_arch = "a2a3"} {$' "$tmp/out/ints.pto"
check "the orchestration-free program names no other file" test "$(ls "$tmp/out" | wc -l)" -eq 2

"$ptorw" emit "$root/test/codegen/representation.py" --target=pto --arch=a5 --pto-version=old > "$tmp/stdout.pto"
check "stdout without -o or --output-dir, --arch=a5" grep -q '^module attributes {pto.target_arch = "a5"} {$' "$tmp/stdout.pto"

# pattern1's kernel stays on Tile IR after the tile-to-buffer pipeline the command runs first (its
# tiles are rank 1, outside the rank-2 default rollout); its planned form is emitted by the same
# emitter, each [64] tile as one 1×64 row (issue 17: the spec's own Pattern 1 example).
"$ptorw" emit "$root/examples/pattern1_iter_arg_reuse.py" --target=pto --output-dir "$tmp/tile" 2> "$tmp/tile_err"
check "rank-1 Tile kernel: exit 0" test $? -eq 0
check "rank-1 Tile kernel: a one-row tile_buf" grep -q 'rows=1, cols=64, v_row=1, v_col=64' "$tmp/tile/compute.pto"
check "rank-1 Tile kernel: the GM window keeps the tensor's rank" grep -q 'sizes = \[%c64\] : !pto.tensor_view<?xf32> -> !pto.partition_tensor_view<64xf32>' "$tmp/tile/compute.pto"

# A Tile kernel using an op without a PTO recipe (tile.sin) has no PTO form: refused with the reason.
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:' \
  '        t: pl.Tile[[16, 64], pl.FP32] = pl.load(a, [0, 0], [16, 64])' \
  '        s: pl.Tile[[16, 64], pl.FP32] = pl.sin(t)' \
  '        o: pl.Tensor[[16, 64], pl.FP32] = pl.store(s, [0, 0], out)' \
  '        return o' > "$tmp/sin.py"
"$ptorw" emit "$tmp/sin.py" --target=pto --output-dir "$tmp/sin" 2> "$tmp/sin_err"
check "kernel without a PTO form: exit 1" test $? -eq 1
check "kernel without a PTO form: file:line:col and the reason" grep -q 'sin.py:6:9: error: kernel .k. stays on Tile IR and has no PTO form: no Buffer recipe for tile.sin' "$tmp/sin_err"
check "kernel without a PTO form: nothing written" test ! -e "$tmp/sin"

# A Tile kernel whose loop carries a tile reloaded with other valid extents ([k0, 64] in, [k1, 64]
# yielded): the PTO form reads one extent from the carry's type, so it would store k0 rows in every
# iteration (the module was emitted so before the 36th session). Refused with both extents.
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:' \
  '        k0 = 1' \
  '        t0 = pl.load(x, [0, 0], [16, 64], valid_shape=[k0, 64])' \
  '        for i, (k, t, o) in pl.range(3, init_values=(k0, t0, out)):' \
  '            o1 = pl.store(t, [0, 0], o)' \
  '            k1 = k + 1' \
  '            t1 = pl.load(x, [0, 0], [16, 64], valid_shape=[k1, 64])' \
  '            kr, tr, orr = pl.yield_(k1, t1, o1)' \
  '        return orr' > "$tmp/carry.py"
"$ptorw" emit "$tmp/carry.py" --target=pto --output-dir "$tmp/carry" 2> "$tmp/carry_err"
check "carried tile with changing valid extents: exit 1" test $? -eq 1
check "carried tile with changing valid extents: file:line:col and both extents" \
  grep -q "carry.py:7:9: error: .*loop carry 't' has valid extents \[k0, 64\] but the value yielded for it, 't1', has \[k1, 64\]" "$tmp/carry_err"
check "carried tile with changing valid extents: no module" test ! -e "$tmp/carry/main.pto"

# A nested call (the tutorials' `pl.store(pl.add(t, t), ...)`): emit runs flatten-call-expr before
# tile-to-buffer (lower_tile_to_buffer.md: "NoNestedCalls is also required: run FlattenCallExpr before
# this boundary"); the lowering met it as "no Buffer handle for tile operand ''" (user trial
# 2026-12-06 F2).
printf '%s\n' 'import ptorw.language as pl' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:' \
  '        t = pl.load(a, [0, 0], [16, 64])' \
  '        o = pl.store(pl.add(t, t), [0, 0], out)' \
  '        return o' > "$tmp/nested.py"
"$ptorw" emit "$tmp/nested.py" --output-dir "$tmp/nested" 2> "$tmp/nested_err"
check "nested call: exit 0" test $? -eq 0
check "nested call: the module, with the add" grep -q 'pto.tadd ins(' "$tmp/nested/k.pto"

# Per kernel (issue 17: "emit writes every module it can, reports each one it cannot with the
# reason, and exits non-zero if any failed"): a fine kernel next to the tile.sin kernel is written.
{ cat "$tmp/sin.py"; sed -n '3,$p' "$tmp/sin.py" | sed 's/def k(/def fine(/; s/pl\.sin(t)/pl.exp(t)/'; } > "$tmp/two.py"
"$ptorw" emit "$tmp/two.py" --output-dir "$tmp/two" 2> "$tmp/two_err"
check "keep going: exit 1" test $? -eq 1
check "keep going: the emittable kernel is written" grep -q 'pto.texp ins(' "$tmp/two/fine.pto"
check "keep going: no module for the failing kernel" test ! -e "$tmp/two/k.pto"
check "keep going: the reason, at file:line:col" grep -q "two.py:6:9: error: kernel 'k' stays on Tile IR and has no PTO form: no Buffer recipe for tile.sin" "$tmp/two_err"
check "keep going: the summary names it" grep -q "two.py: note: 1 kernel not emitted (k); 1 module written" "$tmp/two_err"
"$ptorw" emit "$tmp/two.py" --output-dir "$tmp/two_ff" --fail-fast 2> "$tmp/two_ff_err"
check "--fail-fast: exit 1" test $? -eq 1
check "--fail-fast: nothing written" test ! -e "$tmp/two_ff"

# A kernel the lowering leaves at Tile stage without storage (it only calls a device helper) has no
# PTO form: an error with select-buffer-ir's reason and exit 1, the helper's module still written
# (audit 2026-12-06: it was a warning and exit 0, the kernel left out).
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def helper(self, A: pl.Tensor[[16, 32], pl.FP32], O: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        a = pl.load(A, [0, 0], [16, 32])' \
  '        r = pl.store(a, [0, 0], O)' \
  '        return r' \
  '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], O: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        r = self.helper(A, O)' \
  '        return r' > "$tmp/unplanned.py"
"$ptorw" emit "$tmp/unplanned.py" --output-dir "$tmp/unplanned" 2> "$tmp/unplanned_err"
check "unplanned Tile kernel: exit 1" test $? -eq 1
check "unplanned Tile kernel: the reason" grep -q "unplanned.py:10:9: error: kernel 'kernel' has no PTO form: it stays at Tile stage (device helper call 'helper' stays on Tile IR)" "$tmp/unplanned_err"
check "unplanned Tile kernel: the other module written" test -f "$tmp/unplanned/helper.pto"
"$ptorw" emit "$tmp/unplanned.py" --output-dir "$tmp/unplanned_ff" --fail-fast 2> /dev/null
check "unplanned Tile kernel, --fail-fast: exit 1, nothing written" test $? -eq 1 -a ! -e "$tmp/unplanned_ff"

# A program whose kernels are still pl.at scopes: an error naming the step that makes them (as
# Python emit_pto raises); a manual scope is not one.
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.Orchestration)' \
  '    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        with pl.at(level=pl.Level.CORE_GROUP):' \
  '            t = pl.load(x, [0, 0], [16, 32])' \
  '            pl.store(t, [0, 0], o)' \
  '        return o' > "$tmp/scope_only.py"
"$ptorw" emit "$tmp/scope_only.py" > /dev/null 2> "$tmp/scope_only_err"
check "scope-only program: exit 1" test $? -eq 1
check "scope-only program: names outline-incore-scopes" grep -q "error: no InCore/AIC/AIV kernels to emit: the program's pl.at scopes become kernels with outline-incore-scopes" "$tmp/scope_only_err"

# Tile code written in a Group body: a Group only calls its AIC/AIV kernels, so the code has no
# PTO form — an error at the first tile op, in emit and in compile (audit 2026-12-06: emit said
# "nothing to emit" and exited 0).
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.Group)' \
  '    def scale(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        t = pl.load(x, [0, 0], [16, 32])' \
  '        r = pl.store(t, [0, 0], out)' \
  '        return r' \
  '    @pl.function(type=pl.FunctionType.Orchestration)' \
  '    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)' \
  '        r = self.scale(x, tmp)' \
  '        return r' > "$tmp/group_tile.py"
"$ptorw" emit "$tmp/group_tile.py" > /dev/null 2> "$tmp/group_tile_err"
check "tile code in a Group: exit 1" test $? -eq 1
check "tile code in a Group: the reason at the op" grep -q "group_tile.py:5:13: error: Group 'scale' holds tile code (tile.load), which has no PTO form" "$tmp/group_tile_err"
"$ptorw" compile "$tmp/group_tile.py" -o "$tmp/group_tile_tree" > /dev/null 2> "$tmp/group_tile_cerr"
check "tile code in a Group, compile: exit 1" test $? -eq 1
check "tile code in a Group, compile: the same reason" grep -q "group_tile.py:5:13: error: Group 'scale' holds tile code (tile.load)" "$tmp/group_tile_cerr"

# An AIV kernel doing cube work: the vector core has no Mat/Left/Right/Acc storage (audit
# 2026-12-06 F3: emitted with pto.kernel_kind<vector>).
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.AIV)' \
  '    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16], Out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:' \
  '        a = pl.load(A, [0, 0], [64, 64], target_memory=pl.Mem.Mat)' \
  '        b = pl.load(B, [0, 0], [64, 64], target_memory=pl.Mem.Mat)' \
  '        l = pl.tile.move(a, target_memory=pl.Mem.Left)' \
  '        r = pl.tile.move(b, target_memory=pl.Mem.Right)' \
  '        acc = pl.tile.matmul(l, r)' \
  '        o = pl.store(acc, [0, 0], Out)' \
  '        return o' > "$tmp/cube_aiv.py"
"$ptorw" emit "$tmp/cube_aiv.py" --output-dir "$tmp/cube_aiv" 2> "$tmp/cube_aiv_err"
check "cube work in an AIV kernel: exit 1" test $? -eq 1
check "cube work in an AIV kernel: the reason" grep -q "but kernel 'kernel' is AIV (the vector core has no Mat/Left/Right/Acc/Bias storage" "$tmp/cube_aiv_err"
check "cube work in an AIV kernel: no module" test ! -e "$tmp/cube_aiv/kernel.pto"

printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)' \
  '    def k(self, A: pl.Tensor[[16, 32], pl.FP32]):' \
  '        a: pl.Buffer[[16, 32], pl.INT32, pl.Mem.Vec] = pl.buffer.alloc(())' \
  '        pl.buffer.sub(a, a, a)' > "$tmp/bad.py"
"$ptorw" emit "$tmp/bad.py" --target=pto --output-dir "$tmp/bad" 2> "$tmp/bad_err"
check "fail closed: exit 1" test $? -eq 1
# The BufferIR verifier reads Buffer-stage input first (the emitter's own refusal of the same call:
# test/unit/recipe_entries_test.cpp).
check "fail closed: file:line:col names the op" grep -q "bad.py:6:9: error: BufferIR: k: buffer.sub has no recipe for pl.INT32" "$tmp/bad_err"
check "fail closed: nothing written" test ! -e "$tmp/bad"

# --target defaults to pto, the only target (issue 22; it was required).
"$ptorw" emit "$root/test/codegen/representation.py" > "$tmp/default_target.pto" 2> /dev/null
check "--target defaults to pto: exit 0" test $? -eq 0
check "--target defaults to pto: the same module" cmp -s "$tmp/default_target.pto" <("$ptorw" emit "$root/test/codegen/representation.py" --target=pto)

# A kernel whose input records buffer_ir_selected=False is planned and emitted from its Tile stage,
# the module Buffer IR off gives (it used to skip the device pipeline: "not emitted ... Tile stage").
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})' \
  '    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:' \
  '        t = pl.load(a, [0, 0], [16, 64])' \
  '        u = pl.add(t, t)' \
  '        o = pl.store(u, [0, 0], out)' \
  '        return o' > "$tmp/recorded.py"
sed 's/, attrs={"buffer_ir_selected": False}//' "$tmp/recorded.py" > "$tmp/unrecorded.py"
"$ptorw" emit "$tmp/recorded.py" > "$tmp/recorded.pto" 2> "$tmp/recorded_err"
check "recorded buffer_ir_selected=False: exit 0" test $? -eq 0
"$ptorw" compile "$tmp/unrecorded.py" -o "$tmp/tile_stage" --enable-buffer-ir false -q
check "recorded buffer_ir_selected=False: the Tile-stage module" cmp -s "$tmp/recorded.pto" "$tmp/tile_stage/kernels/k.pto"
check "recorded buffer_ir_selected=False: a Tile-stage module (tadd on a planned tile)" grep -q 'pto.tadd' "$tmp/recorded.pto"

# A Buffer-stage program read from text answers to the BufferIR verifier before emission, in
# check, emit and compile (audit 2026-12-05 N4: a partially valid window without its valid tuple
# was emitted as PTO whose type claims v_row=8 with no valid clause).
printf '%s\n' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)' \
  '    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)' \
  '        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.alloc((), 4096)' \
  '        pl.buffer.load(a, (0, 0), (16, 64), x_buf)' \
  '        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.subview(x_buf, (0, 32), (16, 32))' \
  '        pl.buffer.add(w, w, y_buf)' \
  '        pl.buffer.store(y_buf, (0, 0), (8, 32), out)' \
  '        return out' > "$tmp/noval.py"
want="noval.py:8:9: error: BufferIR: k: buffer.subview of a partially valid window must carry its valid tuple"
"$ptorw" check "$tmp/noval.py" 2> "$tmp/noval_check"
check "Buffer input: check exits 1" test $? -eq 1
check "Buffer input: check names the BufferIR rule" grep -q "$want" "$tmp/noval_check"
"$ptorw" emit "$tmp/noval.py" > "$tmp/noval.pto" 2> "$tmp/noval_emit"
check "Buffer input: emit exits 1" test $? -eq 1
check "Buffer input: emit names the BufferIR rule" grep -q "$want" "$tmp/noval_emit"
check "Buffer input: emit writes no module" test ! -s "$tmp/noval.pto"
"$ptorw" compile "$tmp/noval.py" -o "$tmp/noval_tree" 2> "$tmp/noval_compile"
check "Buffer input: compile exits 1" test $? -eq 1
check "Buffer input: compile names the BufferIR rule" grep -q "$want" "$tmp/noval_compile"
sed 's/pl.buffer.subview(x_buf, (0, 32), (16, 32))/pl.buffer.subview(x_buf, (0, 32), (16, 32), (8, 32))/' "$tmp/noval.py" > "$tmp/withval.py"
"$ptorw" check "$tmp/withval.py" 2> /dev/null
check "Buffer input with the valid tuple: check exits 0" test $? -eq 0

# A kernel that returns a literal (37th session's review: the error had no line:col, the literal none).
printf '%s\n' '@pl.program' 'class P:' '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Scalar[pl.INDEX]:' \
  '        a = pl.load(A, [0, 0], [16, 32])' \
  '        b = pl.tile.exp(a)' \
  '        o = pl.store(b, [0, 0], Out)' \
  '        return 3' > "$tmp/retlit.py"
"$ptorw" emit "$tmp/retlit.py" > /dev/null 2> "$tmp/retlit_err"
check "kernel returning a literal: exit 1" test $? -eq 1
check "kernel returning a literal: file:line:col of the return" grep -q 'retlit.py:8:9: error: a kernel returns only its GM tensor parameters' "$tmp/retlit_err"
# A scalar variable returned: at the return, not at the scalar's definition (review rev43b F9).
printf '%s\n' '@pl.program' 'class P:' '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Scalar[pl.INDEX]]:' \
  '        a = pl.load(A, [0, 0], [16, 32])' \
  '        o = pl.store(a, [0, 0], Out)' \
  '        m = n * 2' \
  '        return o, m' > "$tmp/retvar.py"
"$ptorw" emit "$tmp/retvar.py" > /dev/null 2> "$tmp/retvar_err"
check "kernel returning a scalar variable: the return's file:line:col, naming it" grep -q "retvar.py:8:9: error: a kernel returns only its GM tensor parameters ('m' is not one)" "$tmp/retvar_err"

# A parameter named like a pl.dynamic dim that an earlier parameter's type reads (37th session's
# review): the printer renamed it M_1, cutting the dim's tie to the scalar parameter of its name, so
# the printed program ran with another extent and selection kept the kernel on Tile.
printf '%s\n' 'M = pl.dynamic("M")' '' '@pl.program' 'class P:' '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def kernel(self, A: pl.Tensor[[M, 32], pl.FP32], M: pl.Scalar[pl.INDEX], i: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> pl.Tensor[[M, 32], pl.FP32]:' \
  '        x = pl.load(A, [i * 16, 0], [16, 32])' \
  '        y = pl.tile.exp(x)' \
  '        result = pl.store(y, [i * 16, 0], Out)' \
  '        return result' > "$tmp/dimparam.py"
"$ptorw" print "$tmp/dimparam.py" > "$tmp/dimparam_printed.py"
check "dim-named parameter: printed under its own name" grep -q 'M: pl.Scalar\[pl.INDEX\], i: pl.Scalar\[pl.INDEX\], Out: pl.Out\[pl.Tensor\[\[M, 32\]' "$tmp/dimparam_printed.py"
"$ptorw" diffcheck --passes=tile-to-buffer "$tmp/dimparam.py" --dim M=128 > /dev/null 2> "$tmp/dimparam_diff"
check "dim-named parameter: tile-to-buffer output printed and parsed back means the same" test $? -eq 0
"$ptorw" opt --passes=tile-to-buffer "$tmp/dimparam.py" -o "$tmp/dimparam_out.py" 2> /dev/null
"$ptorw" emit "$tmp/dimparam_out.py" > /dev/null 2> "$tmp/dimparam_emit"
check "dim-named parameter: emit reads the printed tile-to-buffer output" test $? -eq 0

# A planner named for an input already planned (review rev43b F5): it was ignored without a word
# (`--planner dsa_rp` and `--planner ptoas` wrote the input's PYPTO addresses). Now a warning per
# planned kernel at its def, naming the planner; the input's storage is still what is emitted.
"$ptorw" opt --passes=default,init-memref,plan-memory "$root/examples/windowed_rows.py" -o "$tmp/planned.py" 2> /dev/null
"$ptorw" emit "$tmp/planned.py" --planner dsa_rp --output-dir "$tmp/planned_dsa" 2> "$tmp/planned_err"
check "planned input, --planner: exit 0" test $? -eq 0
check "planned input, --planner: a warning naming the kernel and the planner" \
  grep -q "warning: kernel 'scale_rows' is already planned in the input: memory planner DSA_RP does not plan it again" "$tmp/planned_err"
"$ptorw" emit "$tmp/planned.py" --output-dir "$tmp/planned_default" 2> "$tmp/planned_err2"
check "planned input, no --planner: no warning" test ! -s "$tmp/planned_err2"
"$ptorw" emit "$root/examples/windowed_rows.py" --planner dsa_rp --output-dir "$tmp/unplanned_dsa" 2> "$tmp/unplanned_err"
check "unplanned input, --planner: no warning" test ! -s "$tmp/unplanned_err"

if command -v mlir-opt-19 > /dev/null; then
  "$ptorw" emit "$root/test/codegen/while_loop.py" --target=pto --generic --loc | mlir-opt-19 --allow-unregistered-dialect > /dev/null
  check "--generic --loc output parses with mlir-opt-19" test $? -eq 0
fi

# Hand-written text that rebinds names (a kernel that assigns `t` twice) is converted to SSA
# first, as compile does (review rev45a 5: emit refused it, "needs SSA input").
cat > "$tmp/nonssa.py" <<'PY'
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[32, 64], pl.FP32], s: pl.Scalar[pl.FP32],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        t = pl.tile.muls(t, s)
        r = pl.store(t, [0, 0], out)
        return r
PY
"$ptorw" emit "$tmp/nonssa.py" --output-dir "$tmp/nonssa" 2> "$tmp/err"
check "non-SSA text: emit exits 0" test $? -eq 0
check "non-SSA text: the kernel's module is written" grep -q 'pto.tmuls' "$tmp/nonssa/scale.pto"
check "non-SSA text: nothing on stderr" test ! -s "$tmp/err"

[ $fails -eq 0 ] && echo "cli_emit: all checks passed" || echo "cli_emit: $fails checks failed"
exit $fails
