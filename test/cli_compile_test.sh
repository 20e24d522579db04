#!/usr/bin/env bash
# `ptorw compile FILE -o DIR` end to end (tools/cli/cmd_compile.cpp, ptorw/compile/compile.hpp):
# the output tree, the manifest and its content hashes, the hand-written orchestration goldens of
# three examples (test/codegen/orch/<example>.main.cpp, written from ../shared/pto_format.md before
# the emitter ran), incremental writes (mtimes), stale files, pass dumps, and errors that name the
# kernel or function not emitted while the others are still written.
# usage: cli_compile_test.sh PTORW SOURCE_ROOT
set -u
ptorw=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$2  # absolute: the tests cd to the source root
py=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptorw_cli_compile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}
cd "$root" || exit 1

# 1. The tree of a program whose kernels and orchestration all have a form.
"$ptorw" compile examples/windowed_rows.py -o "$tmp/wr" 2> "$tmp/wr_err"
check "windowed_rows: exit 0" test $? -eq 0
for k in scale_rows scale_rows__windowed bias_rows clamp_all; do
  check "windowed_rows: kernels/$k.pto is one module" grep -q '^module attributes {pto.target_arch = "a2a3"} {$' "$tmp/wr/kernels/$k.pto"
done
check "windowed_rows: orchestration/main.cpp" test -f "$tmp/wr/orchestration/main.cpp"
check "windowed_rows: the __windowed call is visible in the C++ (spec, Pattern 5)" \
  grep -q 'rt_submit_aiv_task(1 /\* scale_rows__windowed \*/, args_0);' "$tmp/wr/orchestration/main.cpp"
# Each kernel's entry wrapper beside its module (pto_format.md, orchestration, last bullet); two
# hand-written goldens (test/codegen/entry/): a scalar after the tensors, and tensors only.
for k in scale_rows clamp_all; do
  check "windowed_rows: golden entry wrapper kernels/$k.entry.cpp" diff -u "test/codegen/entry/$k.entry.cpp" "$tmp/wr/kernels/$k.entry.cpp"
done
check "windowed_rows: an entry wrapper per module" test "$(ls "$tmp/wr/kernels"/*.entry.cpp | wc -l)" -eq 4
check "windowed_rows: summary line on stderr" grep -q 'ptorw compile: .*11 files written, 0 unchanged' "$tmp/wr_err"
# The manifest: kernel ids in program order, kinds, directions, planner, arch, spelling, passes, hashes.
$py - "$tmp/wr" > "$tmp/manifest_check" 2>&1 <<'PYEOF'
import json, sys, os
d = sys.argv[1]
m = json.load(open(os.path.join(d, "manifest.json")))
import subprocess
def xxh3(path):  # the reference tool (Debian xxhash), apart from ptorw's own call of the library
    out = subprocess.run(["xxhsum", "-H3", path], check=True, capture_output=True, text=True).stdout
    return out.strip().rsplit("= ", 1)[1]
assert m["format"] == 2 and m["hash"] == "xxh3_64", (m["format"], m.get("hash"))
ks = m["kernels"]
assert [k["name"] for k in ks] == ["scale_rows", "scale_rows__windowed", "bias_rows", "clamp_all"], ks
assert [k["id"] for k in ks] == [0, 1, 2, 3]
assert all(k["kind"] == "aiv" for k in ks)
assert [p["direction"] for p in ks[2]["params"]] == ["in", "in", "in", "out"], ks[2]
assert [p["type"] for p in ks[2]["params"]] == ["tensor", "tensor", "scalar", "tensor"]
assert ks[1]["stage"] == "Tile" and ks[0]["stage"] == "Buffer", ks
assert m["planner"] == "PYPTO" and m["arch"] == "a2a3" and m["pto_spelling"] == "new", m
assert m["orchestration"] == [{"name": "main", "file": "orchestration/main.cpp"}], m["orchestration"]
names = [p["name"] for p in m["passes"]]
assert names[:5] == ["convert-to-ssa", "outline-incore-scopes", "flatten-call-expr", "simplify", "optimize-orch-tensors"], names
assert names[5:] == ["init-memref", "select-buffer-ir", "plan-memory", "lower-tile-to-buffer"], names
assert any(p["rewrites"] > 0 for p in m["passes"] if p["name"] == "optimize-orch-tensors")
files = m["files"]
assert len(files) == 10, files
assert [k["entry"] for k in ks] == ["kernels/%s.entry.cpp" % k["name"] for k in ks], ks
assert [k["entry_symbol"] for k in ks] == [k["name"] + "_entry" for k in ks], ks
for path, h in files.items():
    assert xxh3(os.path.join(d, path)) == h, path
assert m["buffer_ir"] == "buffer_ir.msgpack" and "buffer_ir.msgpack" in files, m["buffer_ir"]
assert m["semantics_version"] == 1, m["semantics_version"]
assert len(m["cache_key"]) == 64 and all(c in "0123456789abcdef" for c in m["cache_key"]), m["cache_key"]
open(os.path.join(d, "cache_key"), "w").write(m["cache_key"])
print("manifest ok")
PYEOF
check "windowed_rows: manifest (ids, kinds, directions, options, passes, hashes): $(tail -1 "$tmp/manifest_check")" grep -q '^manifest ok$' "$tmp/manifest_check"

# A Group's mixed task (test/codegen/groups/scalar_between.py): one pack of the Group's arguments
# (tensors a 0, w 1, tmp 2, res 3, then the scalar f 4); each member has a row of its own after the
# kernels, whose entry wrapper reads the slots its parameters are bound to: c(a, w, o=tmp) 0, 1, 2;
# v(s=f, x=tmp, y=res) 4, 2, 3 (the audit found v reading slots 0, 1 and 2: a, w and tmp). The direct
# call of v keeps v's own wrapper. Expected values written by hand from the source.
"$ptorw" compile test/codegen/groups/scalar_between.py -o "$tmp/grp" -q
check "groups: exit 0" test $? -eq 0
check "groups: the mixed task names the member rows" \
  grep -q 'rt_submit_task(MixedKernels{2, 3, -1} /\* g \*/, args_0);' "$tmp/grp/orchestration/main.cpp"
check "groups: the direct call of v names v's own row" grep -q 'rt_submit_aiv_task(1 /\* v \*/, args_1);' "$tmp/grp/orchestration/main.cpp"
check "groups: v as g's AIV member reads x, y, s from slots 2, 3, 4" \
  grep -qzF "$(printf '%s\n' 'extern "C" void g__aiv0_entry(const uint64_t* args) {' \
    '  float* x = reinterpret_cast<float*>(static_cast<uintptr_t>(args[2]));' \
    '  float* y = reinterpret_cast<float*>(static_cast<uintptr_t>(args[3]));' \
    '  float s = ptorw_bits_float(args[4]);' '  v(x, y, s);')" "$tmp/grp/kernels/g.aiv0.entry.cpp"
check "groups: v's own wrapper reads its own slots" grep -qF 'float s = ptorw_bits_float(args[2]);' "$tmp/grp/kernels/v.entry.cpp"
$py - "$tmp/grp" > "$tmp/grp_check" 2>&1 <<'PYEOF'
import json, sys, os
m = json.load(open(os.path.join(sys.argv[1], "manifest.json")))
ks = m["kernels"]
assert [k["id"] for k in ks] == [0, 1, 2, 3], ks
assert [k["name"] for k in ks] == ["c", "v", "g.aic", "g.aiv0"], ks
assert "group" not in ks[0] and "slots" not in ks[1], ks
want = [("aic", "c", 0, "aic", [0, 1, 2], "kernels/c.pto"), ("aiv0", "v", 1, "aiv", [4, 2, 3], "kernels/v.pto")]
for k, (role, kernel, kid, kind, slots, pto) in zip(ks[2:], want):
    assert (k["group"], k["role"], k["kernel"], k["kernel_id"], k["kind"], k["slots"], k["file"]) == ("g", role, kernel, kid, kind, slots, pto), k
    assert k["entry"] == "kernels/g.%s.entry.cpp" % role and k["entry_symbol"] == "g__%s_entry" % role, k
    assert k["entry"] in m["files"], m["files"]
    assert [p["name"] for p in k["params"]] == [p["name"] for p in ks[kid]["params"]], k
print("manifest ok")
PYEOF
check "groups: manifest rows of g's members (group, role, kernel, slots, module, wrapper): $(tail -1 "$tmp/grp_check")" \
  grep -q '^manifest ok$' "$tmp/grp_check"
# A member argument that no slot holds (a constant given to v in the Group's body) is refused at
# the member's call (line 35 of the copy, the callee's name at column 18), and no C++ is written for main.
sed 's/q = self.v(f, p, res)/q = self.v(0.25, p, res)/' test/codegen/groups/scalar_between.py > "$tmp/grp_const.py"
"$ptorw" compile "$tmp/grp_const.py" -o "$tmp/grp_const" -q 2> "$tmp/grp_const_err"
check "groups: an unmapped member argument: exit 1" test $? -eq 1
check "groups: an unmapped member argument: file:line:col naming it" grep -qF \
  "grp_const.py:35:18: error: orchestration 'main': Group 'g' has no mixed-task form: argument 0 (a constant) of its call of 'v' (parameter 's') is not a scalar parameter of the Group" \
  "$tmp/grp_const_err"
check "groups: an unmapped member argument: no orchestration C++" test ! -e "$tmp/grp_const/orchestration/main.cpp"

# buffer_ir.msgpack (issue 23) is the emitted program: ptorw reads it, and it prints as the last dump.
check "buffer_ir.msgpack: a program ptorw reads" "$ptorw" check "$tmp/wr/buffer_ir.msgpack"
"$ptorw" compile examples/windowed_rows.py -o "$tmp/bin_dump" --dump-after=lower-tile-to-buffer -q
"$ptorw" print "$tmp/bin_dump/buffer_ir.msgpack" -o "$tmp/bin_dump/from_binary.py"
check "buffer_ir.msgpack: the lowered program, as text" cmp -s "$tmp/bin_dump/from_binary.py" "$tmp/bin_dump/passes/09_lower-tile-to-buffer.py"

# Options reach the passes and the emitters, and the manifest records them.
"$ptorw" compile examples/windowed_rows.py -o "$tmp/opts" --planner=ptoas --arch=a5 --pto-version=old -q
check "options: exit 0" test $? -eq 0
check "options: --arch=a5 reaches the modules" grep -q '^module attributes {pto.target_arch = "a5"} {$' "$tmp/opts/kernels/clamp_all.pto"
check "options: --planner=ptoas places no addresses" test -z "$(grep 'addr = ' "$tmp/opts/kernels/clamp_all.pto")"
check "options: the manifest records planner, arch and spelling" \
  grep -q '"planner": "PTOAS"' "$tmp/opts/manifest.json"
check "options: arch a5 and spelling old in the manifest" \
  test "$(grep -c -e '"arch": "a5"' -e '"pto_spelling": "old"' "$tmp/opts/manifest.json")" -eq 2
check "options: another cache key" test -z "$(grep -F "$(cat "$tmp/wr/cache_key")" "$tmp/opts/manifest.json")"
"$ptorw" compile examples/windowed_rows.py -o "$tmp/noopt" --planner=greedy 2> /dev/null
check "options: --planner=greedy is a usage error (exit 2)" test $? -eq 2

# 2. Hand-written goldens of the orchestration C++ of three examples.
for ex in manual_pipeline pattern1_iter_arg_reuse windowed_rows; do
  "$ptorw" compile "examples/$ex.py" -o "$tmp/g_$ex" -q 2> /dev/null
  check "golden: orchestration of examples/$ex.py" diff -u "test/codegen/orch/$ex.main.cpp" "$tmp/g_$ex/orchestration/main.cpp"
done

# 3. Incremental: an unchanged input writes no file; a changed one rewrites only what changed.
touch "$tmp/marker"
sleep 0.05
"$ptorw" compile examples/windowed_rows.py -o "$tmp/wr" 2> "$tmp/wr_err2"
check "incremental: second run exit 0" test $? -eq 0
check "incremental: no file newer than before the second run" test -z "$(find "$tmp/wr" -type f -newer "$tmp/marker")"
check "incremental: the summary says so" grep -q 'ptorw compile: .*0 files written, 11 unchanged' "$tmp/wr_err2"
sed 's/pl.tile.muls(t, 2.0)/pl.tile.muls(t, 3.0)/' examples/windowed_rows.py > "$tmp/wr_changed.py"
cp -r "$tmp/wr" "$tmp/wr2"
touch "$tmp/marker2"
sleep 0.05
"$ptorw" compile "$tmp/wr_changed.py" -o "$tmp/wr2" -q 2> /dev/null
changed=$(cd "$tmp/wr2" && find . -type f -newer "$tmp/marker2" | sort | tr '\n' ' ')
check "incremental: a changed kernel rewrites its module, the binary IR, the manifest and the C++ (source name): $changed" \
  test "$changed" = "./buffer_ir.msgpack ./kernels/scale_rows.pto ./kernels/scale_rows__windowed.pto ./manifest.json ./orchestration/main.cpp "
# A file of the previous tree that this program does not produce is removed.
"$ptorw" compile examples/pattern1_iter_arg_reuse.py -o "$tmp/wr" -q 2> /dev/null
check "stale files: the other program's kernels are removed" test ! -e "$tmp/wr/kernels/scale_rows.pto"

# Removal never leaves DIR: a manifest edited to list paths outside it removes nothing there.
mkdir -p "$tmp/guard/tree"
echo keep > "$tmp/guard/outside.txt"
echo keep > "$tmp/guard/absolute.txt"
printf '{"files": {"../outside.txt": "0", "%s": "0"}}\n' "$tmp/guard/absolute.txt" > "$tmp/guard/tree/manifest.json"
"$ptorw" compile examples/windowed_rows.py -o "$tmp/guard/tree" -q
check "stale files: a listed path outside DIR (relative or absolute) is not removed" \
  test -f "$tmp/guard/outside.txt" -a -f "$tmp/guard/absolute.txt"

# 4. Pass dumps.
"$ptorw" compile examples/windowed_rows.py -o "$tmp/dump" --dump-after=simplify --dump-after=plan-memory -q
check "--dump-after: exit 0" test $? -eq 0
check "--dump-after: passes/04_simplify.py and passes/08_plan-memory.py only" \
  test "$(cd "$tmp/dump/passes" && ls | tr '\n' ' ')" = "04_simplify.py 08_plan-memory.py "
check "--dump-after: the dump is a program ptorw reads" "$ptorw" check "$tmp/dump/passes/08_plan-memory.py"
"$ptorw" compile examples/windowed_rows.py -o "$tmp/dumpall" --dump-all -q
check "--dump-all: one file per pass" test "$(ls "$tmp/dumpall/passes" | wc -l)" -eq 9
"$ptorw" compile examples/windowed_rows.py -o "$tmp/bad" --dump-after=simplfy 2> "$tmp/dump_err"
check "--dump-after=unknown: exit 2" test $? -eq 2
check "--dump-after=unknown: suggestion" grep -q "no pass 'simplfy' in the compile pipeline; did you mean 'simplify'?" "$tmp/dump_err"
check "--dump-after=unknown: nothing written" test ! -e "$tmp/bad"

# A program that marks its kernel with pl.at, as PyPTO's tutorials write it: `default` outlines it.
"$ptorw" compile test/golden/default/pl_at_tutorial_outlined.before.py -o "$tmp/plat" -q
check "pl.at program: exit 0" test $? -eq 0
check "pl.at program: the outlined kernel's module" test -f "$tmp/plat/kernels/main_incore_0.pto"
check "pl.at program: its task writes out" grep -q 'args_0.add_output(out);' "$tmp/plat/orchestration/main.cpp"

# A pl.at scope default cannot outline (tensor-level code): the error says which pass outlines scopes
# and how to see why this one stayed, not "outline it first" after that pass ran (docs audit 2026-12-05 F7).
cat > "$tmp/at_tensor.py" <<'PY'
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            scratch = pl.mul(x, 2.0)
        o = self.k(scratch, out)
        return o
PY
"$ptorw" compile "$tmp/at_tensor.py" -o "$tmp/at_tensor" -q 2> "$tmp/at_tensor.err"
check "tensor-level pl.at: exit 1" test $? -eq 1
check "tensor-level pl.at: located, names the pass and the remark to read" grep -q "at_tensor.py:11:9: error: orchestration 'main': a pl.at scope in an orchestration function has no runtime spelling: outline-incore-scopes must outline it into a kernel (it outlines CORE_GROUP scopes of tile code; \`ptorw opt --passes=default --remarks=outline\` says why a scope stays)" "$tmp/at_tensor.err"

# 5. Errors name what was not emitted; the rest is written; exit 1.
# A kernel using tile.sin (an op without a PTO recipe) has no PTO form.
cat > "$tmp/sin.py" <<'PY'
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32] = pl.load(a, [0, 0], [16, 64])
        s: pl.Tile[[16, 64], pl.FP32] = pl.sin(t)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.store(s, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        buf: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
        r: pl.Tensor[[16, 64], pl.FP32] = self.k(a, buf)
        return r
PY
"$ptorw" compile "$tmp/sin.py" -o "$tmp/p1" 2> "$tmp/p1_err"
check "kernel without a PTO form: exit 1" test $? -eq 1
check "kernel without a PTO form: file:line:col, the kernel and the reason" \
  grep -q "sin.py:6:9: error: kernel 'k' stays on Tile IR and has no PTO form: no Buffer recipe for tile.sin" "$tmp/p1_err"
check "kernel without a PTO form: the orchestration is still written" test -f "$tmp/p1/orchestration/main.cpp"
check "kernel without a PTO form: no module for it" test ! -e "$tmp/p1/kernels/k.pto"
check "kernel without a PTO form: the manifest records the error" grep -q '"error": "kernel .k. stays on Tile IR and has no PTO form' "$tmp/p1/manifest.json"
# attention_qk's orchestration fills a tensor (tensor.full), which the runtime API has no call for.
"$ptorw" compile examples/attention_qk.py -o "$tmp/aqk" 2> "$tmp/aqk_err"
check "orchestration without a C++ form: exit 1" test $? -eq 1
check "orchestration without a C++ form: file:line:col, the function and the op" \
  grep -q "attention_qk.py:[0-9]*:[0-9]*: error: orchestration 'main': 'tensor.full' has no orchestration spelling" "$tmp/aqk_err"
check "orchestration without a C++ form: every kernel is still written" test "$(ls "$tmp/aqk/kernels"/*.pto | wc -l)" -eq 4
check "orchestration without a C++ form: every entry wrapper is still written" test "$(ls "$tmp/aqk/kernels"/*.entry.cpp | wc -l)" -eq 4
check "orchestration without a C++ form: no .cpp" test ! -e "$tmp/aqk/orchestration/main.cpp"
# A create whose part is assembled into a parent becomes the parent's window (codegen/orch_window_alloc.hpp):
# multi_return's two Out buffers are views of the two carried tensors, its assembles no-ops.
"$ptorw" compile examples/multi_return.py -o "$tmp/mr" -q
check "window create: multi_return compiles (exit 0)" test $? -eq 0
check "window create: lo_buf is the window of lo_acc" \
  grep -q 'Tensor lo_buf = lo_acc.view(lo_buf_shapes, lo_buf_offsets);' "$tmp/mr/orchestration/main.cpp"
# Otherwise the assemble is a copy, refused, not dropped: (a) the kernel writes parents with
# different strides ([64, 1] and [128, 1]: Pattern 2 attaches neither) through its packed Out
# parameter ([32, 1]); (b) the strides agree, but another task reads the parent between the call
# and the assemble, and would see the new window too early.
copy_program() {  # copy_program PARENT_COLS BETWEEN_LINE [SECOND_PARENT_COLS]
  printf '%s\n' 'import ptorw.language as pl' '@pl.program' 'class P:' \
    '    @pl.function(type=pl.FunctionType.InCore)' \
    '    def k(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
    '        t = pl.load(a, [0, 0], [16, 32])' \
    '        r = pl.store(t, [0, 0], o)' \
    '        return r' \
    '    @pl.function(type=pl.FunctionType.Orchestration)' \
    "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], big: pl.Tensor[[64, $1], pl.FP32], other: pl.Tensor[[64, ${3:-32}], pl.FP32]) -> pl.Tensor[[64, $1], pl.FP32]:" \
    '        buf = pl.create_tensor([16, 32], dtype=pl.FP32)' \
    '        part = self.k(a, buf)' \
    "$2" \
    '        out = pl.tensor.assemble(big, part, [16, 0])' \
    '        buf2 = pl.create_tensor([16, 32], dtype=pl.FP32)' \
    '        part2 = self.k(a, buf2)' \
    '        out2 = pl.tensor.assemble(other, part2, [0, 0])' \
    '        return out'
}
copy_program 64 '' 128 > "$tmp/copy.py"
"$ptorw" compile "$tmp/copy.py" -o "$tmp/copy" 2> "$tmp/copy_err"
check "copying assemble (strides differ): exit 1" test $? -eq 1
check "copying assemble (strides differ): refused with file:line:col" \
  grep -q "copy.py:14:[0-9]*: error: orchestration 'main': tensor.assemble of 'part' into 'big' copies data" "$tmp/copy_err"
copy_program 32 '        peek = self.k(pl.tensor.slice(big, [16, 32], [16, 0]), pl.create_tensor([16, 32], dtype=pl.FP32))' > "$tmp/touch.py"
"$ptorw" compile "$tmp/touch.py" -o "$tmp/touch" 2> "$tmp/touch_err"
check "copying assemble (parent read in between): exit 1" test $? -eq 1
check "copying assemble (parent read in between): refused" grep -q "tensor.assemble of 'part' into 'big' copies data" "$tmp/touch_err"
copy_program 32 '' > "$tmp/nocopy.py"
"$ptorw" compile "$tmp/nocopy.py" -o "$tmp/nocopy" -q
check "the same program without the read: the create is big's window (exit 0)" test $? -eq 0

# A view handed to a kernel that addresses its parameter with other strides (codegen/orch_layouts.hpp):
# k reads a column window of [32, 64] (row stride 64) and, at a second call, a packed [16, 32]
# tensor, so Pattern 4 attaches no strides (a conflict, in its remarks) and k keeps the packed
# [32, 1]. The kernel would read the wrong elements: refused at the call, not written.
printf '%s\n' 'import ptorw.language as pl' '@pl.program' 'class P:' \
  '    @pl.function(type=pl.FunctionType.InCore)' \
  '    def k(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        t = pl.load(a, [0, 0], [16, 32])' \
  '        r = pl.store(t, [0, 0], o)' \
  '        return r' \
  '    @pl.function(type=pl.FunctionType.Orchestration)' \
  '    def main(self, wide: pl.Tensor[[32, 64], pl.FP32], a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:' \
  '        w = pl.tensor.slice(wide, [16, 32], [0, 32])' \
  '        o1 = pl.create_tensor([16, 32], dtype=pl.FP32)' \
  '        r1 = self.k(w, o1)' \
  '        o2 = pl.create_tensor([16, 32], dtype=pl.FP32)' \
  '        r2 = self.k(a, o2)' \
  '        return r2' > "$tmp/conflict.py"
"$ptorw" compile "$tmp/conflict.py" -o "$tmp/conflict" 2> "$tmp/conflict_err"
check "a view with other strides than the kernel's parameter: exit 1" test $? -eq 1
check "a view with other strides than the kernel's parameter: refused at the call" \
  grep -q "conflict.py:13:19: error: orchestration 'main': 'k' addresses its parameter 'a' with strides \[32, 1\], but its argument 'w' is stored with strides \[64, 1\]" "$tmp/conflict_err"
check "a view with other strides than the kernel's parameter: no orchestration file" test ! -e "$tmp/conflict/orchestration/main.cpp"
sed -i 's/\[0, 32\])$/[16, 0])/; s/\[\[32, 64\], pl.FP32\], a:/[[32, 32], pl.FP32], a:/' "$tmp/conflict.py"
"$ptorw" compile "$tmp/conflict.py" -o "$tmp/rows" -q
check "a row window of [32, 32] has the kernel's strides: compiles (exit 0)" test $? -eq 0

# A program that does not parse writes nothing.
printf 'class P:\n  def f(:\n' > "$tmp/broken.py"
"$ptorw" compile "$tmp/broken.py" -o "$tmp/broken" 2> /dev/null
check "unparsable input: exit 1, nothing written" test $? -eq 1 -a ! -e "$tmp/broken"
"$ptorw" compile examples/windowed_rows.py 2> /dev/null
check "no -o DIR: exit 2" test $? -eq 2

# A kernel that reads a top-level dynamic dim (PyPTO's types page, "Dynamic shapes") is refused with
# where the value comes from; written that way, it compiles (doc audit 2026-12-06, (b) 4).
cat > "$tmp/dyn.py" <<'PY'
N = pl.dynamic("N")

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[N, 64], pl.FP32], out: pl.Out[pl.Tensor[[N, 64], pl.FP32]]) -> pl.Tensor[[N, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.rows(x, out)
        return r
PY
"$ptorw" compile "$tmp/dyn.py" -o "$tmp/dyn_out" > /dev/null 2> "$tmp/err"
check "dynamic dim without its parameter: exit 1" test $? -eq 1
check "dynamic dim without its parameter: says what to add" grep -q \
  "dyn.py:1:1: error: 'N' has no PTO value here (in kernel 'rows'): a kernel reads the dynamic dim 'N' from its scalar parameter of that name; add \`N: pl.Scalar\[pl.INDEX\]\` to the kernel's parameters and pass the value at its call" "$tmp/err"
sed -e 's/def rows(self, x:/def rows(self, N: pl.Scalar[pl.INDEX], x:/' -e 's/self.rows(x, out)/self.rows(32, x, out)/' "$tmp/dyn.py" > "$tmp/dyn_param.py"
"$ptorw" compile "$tmp/dyn_param.py" -o "$tmp/dyn_param_out" > /dev/null 2> "$tmp/err"
check "dynamic dim as the kernel's parameter: compiles" test $? -eq 0

# A tensor.create bound to a type declaring strides wider than packed (review rev44b 1): the C++
# allocated packed storage (TensorCreateInfo has no strides) and both kernels, addressing it with
# [256, 1], ran past it; compile exited 0. Now refused at the create, naming both strides.
cat > "$tmp/create_strided.py" <<'PY'
import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        t0 = pl.load(x, [0, 0], [16, 128])
        o = pl.store(t0, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32]) -> pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        p: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.create_tensor([16, 128], dtype=pl.FP32)
        r = self.k(x, p)
        q: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.create_tensor([16, 128], dtype=pl.FP32)
        return r
PY
"$ptorw" compile "$tmp/create_strided.py" -o "$tmp/create_strided_out" > /dev/null 2> "$tmp/err"
check "create declaring wider strides: exit 1" test $? -eq 1
check "create declaring wider strides: refused at the create, with both strides" grep -q \
  "create_strided.py:13:103: error: orchestration 'main': tensor.create of 'p' declares strides \[256, 1\] but the runtime allocates packed storage (strides \[128, 1\])" "$tmp/err"
check "create declaring its packed strides: not refused" test "$(grep -c "tensor.create of 'q'" "$tmp/err")" -eq 0

[ $fails -eq 0 ] && echo "cli_compile: all checks passed" || echo "cli_compile: $fails checks failed"
exit $fails
