// The orchestration C++ emitter (codegen/orch_cpp_emitter.hpp) on hand-written programs: what the
// three example goldens of cli_compile do not show (a Group as a mixed task, Python's // and % on
// negative numbers, a float parameter, a swap of loop carries, a host read, a create whose shape
// its block computes), and every refusal, each with its file:line:col. The expected fragments are
// written from ../shared/pto_format.md ("Orchestration functions").
#include <doctest/doctest.h>

#include <string>

#include "ptorw/codegen/orch_emit.hpp"
#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/orch_programs.hpp"
namespace ut_orch_emit_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr program(const std::string& src) {
  auto r = text::parse_program(src, "t.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

std::string emit_ok(const std::string& src) {
  auto p = program(src);
  auto r = codegen::emit_orchestration(*p);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.functions.size() == 1);
  return r.functions[0].text;
}

std::string emit_error(const std::string& src) {
  auto p = program(src);
  auto r = codegen::emit_orchestration(*p);
  CHECK(r.functions.empty());
  REQUIRE(r.diagnostics.size() == 1);
  return r.diagnostics[0].str();
}

// A cube kernel `c(a, o: Out)`, a vector kernel `v(a, o: Out)` and their header.
const std::string& kHead = test::kAicAivKernels;
const std::string kMain =
    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
    "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> "
    "pl.Tensor[[16, 32], pl.FP32]:\n";

/// An AIV kernel `name(a: A, o: Out[O]) -> O` copying a [rows, 32] window (five lines; the stride
/// tests give `a` and `o` the strides they need).
std::string copy_kernel(const std::string& name, const std::string& a_type, const std::string& o_type, int rows = 16) {
  const std::string n = std::to_string(rows);
  return "    @pl.function(type=pl.FunctionType.AIV)\n"
         "    def " + name + "(self, a: " + a_type + ", o: pl.Out[" + o_type + "]) -> " + o_type + ":\n"
         "        t = pl.load(a, [0, 0], [" + n + ", 32])\n"
         "        r = pl.store(t, [0, 0], o)\n"
         "        return r\n";
}
const std::string kPacked = "pl.Tensor[[16, 32], pl.FP32]";
const std::string kRow = "pl.Tensor[[1, 32], pl.FP32]";

bool has(const std::string& text, const std::string& part) {
  bool found = text.find(part) != std::string::npos;
  if (!found) MESSAGE("missing:\n" << part << "\nin:\n" << text);
  return found;
}

}  // namespace

TEST_CASE("a Group call is one mixed task: rt_submit_task with its members' rows of the kernel list") {
  std::string t = emit_ok(kHead + R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        r1 = self.c(a, o)
        r2 = self.v(a, o)
)" + kMain + R"(        self.g(a, o)
        return o
)");
  CHECK(has(t, "  Arg args_0;\n    args_0.add_input(a);\n    args_0.add_output(o);\n"
               "    rt_submit_task(MixedKernels{2, 3, -1} /* g */, args_0);\n"));
  // The kernels, then the Group's member rows (each with an entry wrapper reading the Group's slots).
  CHECK(has(t, "//   0 c (aic)\n//   1 v (aiv)\n//   2 g.aic (c, a member of Group g)\n//   3 g.aiv0 (v, a member of Group g)\n"));
  CHECK(has(t, "extern \"C\" int32_t orchestration_config() { return 3; }"));  // a, o, n: the result is o
}

TEST_CASE("a Group member declared InCore is named with its declared type") {
  // Review rev41c: "'k' is not the one AIC or one of at most two AIV kernels of a mixed task" did
  // not say that the members' declared types decide (the manifest classifies an InCore matmul
  // kernel as aic by its storage, so the user saw no reason).
  const std::string k = "    @pl.function(type=pl.FunctionType.InCore)\n"
                        "    def k(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                        "        t = pl.load(a, [0, 0], [16, 32])\n"
                        "        r = pl.store(t, [0, 0], o)\n"
                        "        return r\n";
  const std::string e = emit_error(kHead + k + R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        r1 = self.c(a, o)
        r2 = self.k(a, o)
)" + kMain + R"(        self.g(a, o)
        return o
)");
  CHECK(has(e, "'k' is declared InCore: a Group's members are declared AIC (one) or AIV (at most two), the cube and vector "
               "kernels of its mixed task"));
}

TEST_CASE("a Group returning its AIV kernel's result: the task's result is the Out argument that kernel writes") {
  // The mixed task of a Group (pto_format.md: `rt_submit_task` for a Group) has the Group's
  // parameters as its arguments; its result must be one of them. Here it is what the AIV kernel's
  // call returned, i.e. that kernel's Out argument `o`, the Group's parameter 2 (this was refused as
  // "its result 0 is not one of its Out/InOut tensor parameters written in place": a call's result
  // was not followed into the callee; found by the program generator's mixed tasks).
  std::string t = emit_ok(kHead + R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], tmp: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        p = self.c(a, tmp)
        r = self.v(p, o)
        return r
)" + kMain + R"(        t = pl.create_tensor([16, 32], dtype=pl.FP32)
        b = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.g(a, t, b)
        return r
)");
  CHECK(has(t, "    args_0.add_input(a);\n    args_0.add_output(t);\n    args_0.add_output(b);\n"
               "    rt_submit_task(MixedKernels{2, 3, -1} /* g */, args_0);\n"));
}

TEST_CASE("a Group returning projections of a two-result AIV kernel's call: each is the Out argument it names") {
  std::string t = emit_ok(kHead + R"(    @pl.function(type=pl.FunctionType.AIV)
    def v2(self, a: pl.Tensor[[16, 32], pl.FP32], lo: pl.Out[pl.Tensor[[16, 32], pl.FP32]], hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(a, [0, 0], [16, 32])
        r1 = pl.store(t, [0, 0], lo)
        r2 = pl.store(t, [0, 0], hi)
        return r1, r2
    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], tmp: pl.Out[pl.Tensor[[16, 32], pl.FP32]], lo: pl.Out[pl.Tensor[[16, 32], pl.FP32]], hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        p = self.c(a, tmp)
        pr = self.v2(p, lo, hi)
        x = pr[1]
        y = pr[0]
        return x, y
)" + kMain + R"(        t = pl.create_tensor([16, 32], dtype=pl.FP32)
        b1 = pl.create_tensor([16, 32], dtype=pl.FP32)
        b2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        pair = self.g(a, t, b1, b2)
        x = pair[0]
        return x
)");
  // Kernels in program order: c 0, v 1, v2 2; the Group's member rows: 3 (c), 4 (v2).
  CHECK(has(t, "    args_0.add_input(a);\n    args_0.add_output(t);\n    args_0.add_output(b1);\n    args_0.add_output(b2);\n"
               "    rt_submit_task(MixedKernels{3, 4, -1} /* g */, args_0);\n"));
  CHECK(has(t, "//   3 g.aic (c, a member of Group g)\n//   4 g.aiv0 (v2, a member of Group g)\n"));
}

// The Group's task has one argument pack, the Group's parameters (tensors first, then scalars);
// each member kernel's entry wrapper must read the slot of the Group argument its parameter is bound
// to in the Group's body (the audit's t12: v's wrapper read slots 0, 1 and its own scalar slot, i.e.
// a and w, an input, instead of tmp and res). Slots written by hand from the program below.
const std::string kSlotKernels = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def c(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, s: pl.Scalar[pl.FP32], x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, s)
        r = pl.store(u, [0, 0], y)
        return r
)";

TEST_CASE("a Group's members: each parameter's slot is the slot of the Group argument it is bound to") {
  auto p = program(kSlotKernels + R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], f: pl.Scalar[pl.FP32], tmp: pl.Out[pl.Tensor[[16, 32], pl.FP32]], res: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        p = self.c(a, tmp)
        q = self.v(f, p, res)
        return q
    @pl.function(type=pl.FunctionType.Group)
    def h(self, res: pl.Out[pl.Tensor[[16, 32], pl.FP32]], f: pl.Scalar[pl.FP32], a: pl.Tensor[[16, 32], pl.FP32], tmp: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        tmp = self.v(f, a, tmp)
        tmp2 = self.c(tmp, res)
        return tmp2
)");
  auto t = codegen::orch::kernel_table(*p);
  REQUIRE(t.groups.size() == 2);
  // g: slots a 0, tmp 1, res 2, f 3. c(a, o=tmp) reads 0, 1; v(s=f, x=p (c wrote tmp), y=res) reads 3, 1, 2.
  const auto& g = t.groups[0];
  CHECK(g.slot_error.empty());
  REQUIRE(g.members.size() == 2);
  CHECK(g.members[0].role == "aic");
  CHECK(g.members[0].kernel == 0);
  CHECK(g.members[0].id == 2);
  CHECK(g.members[0].slots == std::vector<int>{0, 1});
  CHECK(g.members[1].role == "aiv0");
  CHECK(g.members[1].kernel == 1);
  CHECK(g.members[1].id == 3);
  CHECK(g.members[1].slots == std::vector<int>{3, 1, 2});
  // h: slots res 0, a 1, tmp 2, f 3; the AIC member is listed first although it is called second.
  // v(s=f, x=a, y=tmp) reads 3, 1, 2; c(a=tmp (rebound to v's result: v wrote tmp), o=res) reads 2, 0.
  const auto& h = t.groups[1];
  CHECK(h.slot_error.empty());
  REQUIRE(h.members.size() == 2);
  CHECK(h.members[0].kernel == 0);
  CHECK(h.members[0].id == 4);
  CHECK(h.members[0].slots == std::vector<int>{2, 0});
  CHECK(h.members[1].kernel == 1);
  CHECK(h.members[1].id == 5);
  CHECK(h.members[1].slots == std::vector<int>{3, 1, 2});
  CHECK(t.rows() == 6);
}

TEST_CASE("a Group member argument that no slot holds is refused at the member's call, naming it") {
  const std::string main = R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.g(a, 0.5, t, o)
        return r
)";
  const std::string head = kSlotKernels + R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], f: pl.Scalar[pl.FP32], tmp: pl.Out[pl.Tensor[[16, 32], pl.FP32]], res: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        p = self.c(a, tmp)
)";
  // A constant: the task's scalar slots hold the Group's scalar arguments only (line 18, column 18: v's call, at the callee's name).
  CHECK(emit_error(head + "        q = self.v(0.25, p, res)\n        return q\n" + main) ==
        "t.py:18:18: error: orchestration 'main': Group 'g' has no mixed-task form: argument 0 (a constant) of its call "
        "of 'v' (parameter 's') is not a scalar parameter of the Group, so no argument slot of its task holds it for that "
        "kernel's entry wrapper");
  // A scalar the Group computes.
  CHECK(emit_error(head + "        f2 = f * 2.0\n        q = self.v(f2, p, res)\n        return q\n" + main) ==
        "t.py:19:18: error: orchestration 'main': Group 'g' has no mixed-task form: argument 0 ('f2') of its call of 'v' "
        "(parameter 's') is not a scalar parameter of the Group, so no argument slot of its task holds it for that "
        "kernel's entry wrapper");
  // A tensor that is no Group parameter: a window of one.
  CHECK(emit_error(head + "        w = pl.tensor.slice(a, [16, 32], [0, 0])\n        q = self.v(f, w, res)\n        return q\n" + main) ==
        "t.py:19:18: error: orchestration 'main': Group 'g' has no mixed-task form: argument 1 ('w') of its call of 'v' "
        "(parameter 'x') is neither a tensor parameter of the Group nor a member's result written into one in place, so no "
        "argument slot of its task holds it for that kernel's entry wrapper");
}

TEST_CASE("scalars: 8-bit integer arithmetic wraps at its width, not in C++'s int") {
  // docs/semantics.md "Overflow": UINT8 1 - 5 is 252; in C++ `u - v` is the int -4, so `u - v > 3`
  // would be false (review rev13 L4).
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], u: pl.Scalar[pl.UINT8], v: pl.Scalar[pl.UINT8], s: pl.Scalar[pl.INT8]"
      ") -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        big = u - v > 3\n"
      "        k = -s\n"
      "        p = s * s\n"
      "        return a\n");
  CHECK(has(t, "bool big = static_cast<uint8_t>(static_cast<uint32_t>(u) - static_cast<uint32_t>(v)) > 3;"));
  CHECK(has(t, "int8_t k = static_cast<int8_t>(0u - static_cast<uint32_t>(s));"));
  CHECK(has(t, "int8_t p = static_cast<int8_t>(static_cast<uint32_t>(s) * static_cast<uint32_t>(s));"));
}

TEST_CASE("scalars: INT32 arithmetic wraps too (no signed overflow in the C++)") {
  // Review rev42b 4: `c * c` on INT32 was int multiplication, undefined for c = 70000. INDEX stays
  // plain int64_t (docs/dsl.md).
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], c: pl.Scalar[pl.INT32], "
      "n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        p = c * c\n"
      "        q = -c\n"
      "        m = n * n\n"
      "        return a\n");
  CHECK(has(t, "int32_t p = static_cast<int32_t>(static_cast<uint32_t>(c) * static_cast<uint32_t>(c));"));
  CHECK(has(t, "int32_t q = static_cast<int32_t>(0u - static_cast<uint32_t>(c));"));
  CHECK(has(t, "int64_t m = n * n;"));
}

TEST_CASE("scalars of mixed dtypes: an operand of another dtype is converted first, written as a static_cast") {
  // docs/semantics.md "Scalar expressions" (ir/scalar_promotion.hpp), review rev44d 6: C++'s own
  // conversions keep an INDEX next to an INT32 in 64 bits, where the IR (and the interpreter, and
  // the PTO) wrap it to INT32 first; a comparison converts to a dtype holding both.
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], c: pl.Scalar[pl.INT32], n: pl.Scalar[pl.INDEX], "
      "f: pl.Scalar[pl.FP32], s: pl.Scalar[pl.INT8]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        m = min(n, c)\n"
      "        q = n // c\n"
      "        g = c * f\n"
      "        w = s + c\n"
      "        b = n > c\n"
      "        k = pl.cast(f, target_type=pl.INT32)\n"
      "        h = min(c, f)\n"
      "        return a\n");
  CHECK(has(t, "int32_t m = (static_cast<int32_t>(n) < c ? static_cast<int32_t>(n) : c);"));
  CHECK(has(t, "int32_t q = ptorw_floordiv(static_cast<int32_t>(n), c);"));
  CHECK(has(t, "float g = static_cast<float>(c) * f;"));
  CHECK(has(t, "int32_t w = static_cast<int32_t>(static_cast<uint32_t>(static_cast<int32_t>(s)) + static_cast<uint32_t>(c));"));
  CHECK(has(t, "bool b = n > static_cast<int64_t>(c);"));
  // float to INT32 truncates, then wraps: through int64_t (a direct conversion beyond INT32 is
  // undefined; review rev45a 1)
  CHECK(has(t, "int32_t k = static_cast<int32_t>(static_cast<int64_t>(f));"));
  // Float min / max: a NaN operand gives NaN, a tie the first operand (rev45c 2: `a < b ? a : b`).
  CHECK(has(t, "float h = ptorw_fmin(static_cast<float>(c), f);"));
  CHECK(has(t, "static inline float ptorw_fmin(float a, float b) {\n  if (a != a || b != b) return a + b;\n  return b < a ? b : a;\n}\n"));
}

TEST_CASE("a pl.dynamic dim no parameter has as a whole extent is refused where it is read, with the way out") {
  // Review rev45a 3: `[N * 2, 64]` named the `N = pl.dynamic("N")` line and gave no remedy.
  const std::string src =
      "import ptorw.language as pl\nN = pl.dynamic(\"N\")\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[N * 2, 64], pl.FP32]) -> pl.Tensor[[N * 2, 64], pl.FP32]:\n"
      "        o = pl.create_tensor([N * 2, 64], dtype=pl.FP32)\n"
      "        e = pl.tensor.read(x, [N * 2 - 1, 0])\n"
      "        return o\n";
  CHECK(emit_error(src) ==
        "t.py:8:9: error: orchestration 'main': 'N' is used but has no C++ value here (the pl.dynamic dim of 2:1): "
        "orchestration code reads a dim from a tensor parameter whose shape has it as a whole extent ([N, ...]), and no "
        "parameter of 'main' has; pass it as a scalar parameter (N: pl.Scalar[pl.INDEX])");
  // The way out works: N as a scalar parameter.
  std::string t = emit_ok(
      "import ptorw.language as pl\nN = pl.dynamic(\"N\")\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, N: pl.Scalar[pl.INDEX], x: pl.Tensor[[N * 2, 64], pl.FP32]) -> pl.Tensor[[N * 2, 64], pl.FP32]:\n"
      "        o = pl.create_tensor([N * 2, 64], dtype=pl.FP32)\n"
      "        e = pl.tensor.read(x, [N * 2 - 1, 0])\n"
      "        return o\n");
  CHECK(has(t, "static_cast<uint64_t>(N * 2 - 1)"));
}

TEST_CASE("a DN tensor.create is refused also when it is a result or a window (no runtime spelling)") {
  // Review rev42b 1: bound to a result slot, the create's layout was dropped and the tree written.
  const std::string main =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        b = pl.create_tensor([16, 32], dtype=pl.FP32, layout=pl.TensorLayout.DN)\n"
      "        r = self.v(a, b)\n"
      "        return r\n";
  CHECK(emit_error(kHead + main) == "t.py:16:13: error: orchestration 'main': tensor.create with a non-ND layout has no runtime spelling");
}

TEST_CASE("scalars: Python's // and %, a float parameter, a swap of loop carries, a host read") {
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], f: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        q = n // 4\n"
      "        m = n % 3\n"
      "        for i, (x, y) in pl.range(0, n, 2, init_values=(q, m)):\n"
      "            x2, y2 = pl.yield_(y, x)\n"
      "        e = pl.tensor.read(a, [0, x2 - 1])\n"
      "        return a\n");
  CHECK(has(t, "float f = ptorw_bits_float(orch_args.scalar(1));"));
  CHECK(has(t, "int64_t n = static_cast<int64_t>(orch_args.scalar(2));"));
  CHECK(has(t, "int64_t q = ptorw_floordiv(n, 4);"));
  CHECK(has(t, "int64_t m = ptorw_mod(n, 3);"));
  CHECK(has(t, "static inline int64_t ptorw_floordiv(int64_t a, int64_t b) {"));
  CHECK(has(t, "for (int64_t i = 0; i < n; i += 2) {"));
  // Both carried values are read before either is assigned.
  CHECK(has(t, "auto carry_0 = y;\n      auto carry_1 = x;\n      x = carry_0;\n      y = carry_1;\n"));
  CHECK(has(t, "const uint64_t e_index[2] = {0, static_cast<uint64_t>(x2 - 1)};\n    float e = a.read<float>(e_index);"));
  CHECK(has(t, "// result 0 is parameter 'a', written in place"));
}

TEST_CASE("a create whose shape its block computes is allocated where it stands; the others at the block's head") {
  std::string t = emit_ok(kHead + kMain + R"(        b = pl.create_tensor([16, 32], dtype=pl.FP32)
        for i in pl.range(2):
            k = i + 1
            c = pl.create_tensor([k, 32], dtype=pl.FP32)
            d = pl.create_tensor([16, 32], dtype=pl.FP32)
        return o
)");
  CHECK(has(t, "TensorBatch created_0 = alloc_tensors(creates_0, 1);\n    Tensor b = created_0[0];\n"));
  CHECK(has(t, "for (int64_t i = 0; i < 2; ++i) {\n      const uint64_t d_shape[2] = {16, 32};"));
  CHECK(has(t, "Tensor d = created_1[0];\n      int64_t k = i + 1;\n      const uint64_t c_shape[2] = {static_cast<uint64_t>(k), 32};"));
}

TEST_CASE("refused with file:line:col and the construct, never dropped") {
  auto refusal = [](const std::string& body, const std::string& extra = "") {
    return emit_error(kHead + extra + kMain + body);
  };
  CHECK(has(refusal("        z = pl.full([16, 32], 0.0, dtype=pl.FP32)\n        return o\n"),
            "t.py:16:13: error: orchestration 'main': 'tensor.full' has no orchestration spelling"));
  CHECK(has(refusal("        pl.write(a, [0, 0], 1.0)\n        return o\n"),
            "t.py:16:9: error: orchestration 'main': 'tensor.write' has no orchestration spelling (as a statement)"));
  CHECK(has(refusal("        for i in pl.range(0, 4, n):\n            r = self.v(a, o)\n        return o\n"),
            "t.py:16:9: error: orchestration 'main': a loop step that is not a non-zero constant"));
  CHECK(has(refusal("        w = pl.tensor.slice(a, [8, 32], [0, 0], [4, 32])\n        return o\n"),
            "tensor.slice with a valid_shape has no runtime spelling"));
  CHECK(has(refusal("        w = pl.tensor.slice(a, [32], [1, 0])\n        return o\n"),
            "a rank-reducing tensor.slice has no runtime spelling"));
  CHECK(has(refusal("        with pl.manual_scope():\n            r, t = pl.submit(self.v, a, o, timing_slot=3)\n        return o\n"),
            "pl.submit with 'timing_slot=' has no runtime spelling"));
  CHECK(has(refusal("        r = self.v(a, o, device=n)\n        return r\n"),
            "t.py:16:18: error: orchestration 'main': a call of 'v' with 'device=' has no runtime spelling"));
  CHECK(has(refusal("        with pl.manual_scope():\n            with pl.manual_scope():\n                r = self.v(a, o)\n        return o\n"),
            "a manual scope inside a manual scope"));
  CHECK(has(refusal("        w = pl.tensor.slice(a, [8, 32], [0, 0])\n        return w\n"),
            "t.py:17:9: error: orchestration 'main': result 0 ('w') is not one tensor.create"));
  // A scalar result: the entry returns nothing and the pack's scalar slots are read-only words
  // (pto_format.md: "Parameters are read from the pack as ... scalars"), so no slot can carry it.
  CHECK(has(emit_error(kHead +
                       "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                       "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                       "        m = n + 1\n        return m\n"),
            "t.py:17:9: error: orchestration 'main': result 0 is not a tensor: an orchestration function returns tensors only"));
  // A kernel that uses cube and vector storage cannot be one task.
  CHECK(has(refusal("        r = self.mixed(a, o)\n        return r\n",
                    "    @pl.function(type=pl.FunctionType.InCore)\n"
                    "    def mixed(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                    "        t = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)\n"
                    "        u = pl.load(a, [0, 0], [16, 32])\n"
                    "        r = pl.store(u, [0, 0], o)\n"
                    "        return r\n"),
            "kernel 'mixed' uses cube (Mat/Left/Right/Acc) and vector (Vec) storage"));
  // A non-kernel callee.
  CHECK(has(refusal("        r = self.helper(a, o)\n        return o\n",
                    "    @pl.function\n"
                    "    def helper(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                    "        return o\n"),
            "'helper' is not an InCore/AIC/AIV kernel or a Group"));
  // The statement a result comes from is said first when it has no spelling: the result's slot
  // error was a follow-on of it (trial F5: `o = pl.write(o, ...)` named the slot, not the write).
  CHECK(has(refusal("        o2 = pl.write(o, [0, 0], 1.0)\n        return o2\n"),
            "t.py:16:14: error: orchestration 'main': 'tensor.write' has no orchestration spelling"));
  // A call of the function itself (v22 of the user trial: the slot error was all it said).
  CHECK(has(refusal("        r = self.main(a, o, n)\n        return r\n"),
            "t.py:16:18: error: orchestration 'main': 'main' calls itself: an orchestration function is not a task"));
  // A scalar the C++ of the runtime has no type for.
  CHECK(has(emit_error("import ptorw.language as pl\n@pl.program\nclass P:\n"
                       "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                       "    def main(self, h: pl.Scalar[pl.FP16]):\n        return\n"),
            "a pl.FP16 scalar has no C++17 type"));
}

// A loop's result is its init's storage only when the body yields that storage back. Here the body
// yields `tmp` (written by v), so the result is neither `o` nor a create of the function's top
// level: refused, where the slot of `o` (which holds only `first`) used to be claimed for it.
TEST_CASE("a loop yielding another tensor than its init: the result has no argument slot (refused)") {
  const std::string loop_other =
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        first = self.v(a, o)\n"
      "        for i, (acc,) in pl.range(2, init_values=(first,)):\n"
      "            nxt = self.v(acc, tmp)\n"
      "            acc_out = pl.yield_(nxt)\n"
      "        return acc_out\n";
  CHECK(has(emit_error(kHead + kMain + loop_other),
            "t.py:21:9: error: orchestration 'main': result 0 ('acc_out') is not one tensor.create of the function body nor a "
            "parameter updated in place"));
  const std::string while_other =
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        for (acc, k) in pl.while_(init_values=(o, 0)):\n"
      "            pl.cond(k < 2)\n"
      "            nxt = self.v(acc, tmp)\n"
      "            acc_out, k_out = pl.yield_(nxt, k + 1)\n"
      "        return acc_out\n";
  CHECK(has(emit_error(kHead + kMain + while_other), "t.py:21:9: error: orchestration 'main': result 0 ('acc_out') is not one"));
  // The loop that writes its carried tensor in place keeps the slot of `o`.
  const std::string in_place =
      "        first = self.v(a, o)\n"
      "        for i, (acc,) in pl.range(2, init_values=(first,)):\n"
      "            nxt = self.v(a, acc)\n"
      "            acc_out = pl.yield_(nxt)\n"
      "        return acc_out\n";
  CHECK(has(emit_ok(kHead + kMain + in_place), "// result 0 is parameter 'o', written in place"));
}

TEST_CASE("a tensor a manual scope allocates is not used after the scope (the runtime reclaims it)") {
  // Review rev42b 2: tmp was allocated inside PTO2_SCOPE(MANUAL) { ... } and handed to a task after
  // it closed. Through the kernel's result (t1 is tmp's memory) and directly.
  const std::string head = kHead +
                           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                           "    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                           "        with pl.manual_scope():\n"
                           "            tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                           "            t1, tid = pl.submit(self.v, a, tmp)\n"
                           "        out = pl.create_tensor([16, 32], dtype=pl.FP32)\n";
  CHECK(emit_error(head + "        r = self.v(t1, out)\n        return r\n") ==
        "t.py:16:9: error: orchestration 'main': 'tmp' is created inside this pl.manual_scope() and used after it "
        "(through 't1'): the runtime reclaims the tensors a scope allocates when it closes; create it before the scope");
  CHECK(has(emit_error(head + "        r = self.v(tmp, out)\n        return r\n"), "'tmp' is created inside this pl.manual_scope() and used after it:"));
  // Used only inside the scope, and a tensor created before the scope and used after it: fine.
  emit_ok(head + "        r = self.v(a, out)\n        return r\n");
  emit_ok(kHead +
          "    @pl.function(type=pl.FunctionType.Orchestration)\n"
          "    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
          "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
          "        with pl.manual_scope():\n"
          "            t1, tid = pl.submit(self.v, a, tmp)\n"
          "        out = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
          "        r = self.v(t1, out)\n        return r\n");
}

TEST_CASE("a TASK_ID parameter is built as the PTO2TaskId aggregate from its word") {
  std::string t = emit_ok(kHead +
                          "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                          "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]], "
                          "n: pl.Scalar[pl.TASK_ID]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                          "        with pl.manual_scope():\n"
                          "            r, t = pl.submit(self.v, a, o, deps=[n])\n"
                          "        return r\n");
  CHECK(has(t, "PTO2TaskId n = PTO2TaskId{orch_args.scalar(2)};"));
}

// A task hands a kernel a bare pointer, and the kernel addresses it with its parameter type's
// strides (pto_format.md: the entry wrapper unpacks "tensor pointers"). A view's elements lie at its
// parent's strides, so a view is handed only to a parameter with those strides (spec, Pattern 4's
// problem: contiguous parameter strides on a non-contiguous slice are "incorrect memory access").
// codegen/orch_layouts.hpp.
TEST_CASE("a kernel is handed a tensor only when it addresses it with the strides the tensor is stored with") {
  const std::string head =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, big: pl.Tensor[[16, 64], pl.FP32], tall: pl.Tensor[[32, 32], pl.FP32], "
      "o: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n";
  // Lines 14-15 are the header, the body starts at line 16.
  // A column window of [16, 64] has row stride 64; v addresses its [16, 32] parameter with 32.
  CHECK(has(emit_error(kHead + head +
                       "        w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                       "        r = self.v(w, o)\n"
                       "        return r\n"),
            "t.py:17:18: error: orchestration 'main': 'v' addresses its parameter 'a' with strides [32, 1], but its "
            "argument 'w' is stored with strides [64, 1]"));
  // The same as an Out argument: the kernel would write the wrong elements.
  CHECK(has(emit_error(kHead + head +
                       "        w = pl.tensor.slice(big, [16, 32], [0, 0])\n"
                       "        r = self.v(o, w)\n"
                       "        return o\n"),
            "t.py:17:18: error: orchestration 'main': 'v' addresses its parameter 'o' with strides [32, 1], but its "
            "argument 'w' is stored with strides [64, 1]"));
  // A row window of [32, 32] has the kernel's strides: handed over as a view.
  std::string rows = emit_ok(kHead + head +
                             "        w = pl.tensor.slice(tall, [16, 32], [16, 0])\n"
                             "        r = self.v(w, o)\n"
                             "        return r\n");
  CHECK(has(rows, "Tensor w = tall.view(w_shapes, w_offsets);"));
  CHECK(has(rows, "args_0.add_input(w);"));
  // A parameter declared with the parent's strides (what Pattern 4 attaches) takes the column window,
  // and not a packed tensor of its shape.
  const std::string strided =
      copy_kernel("s", "pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]", kPacked);
  CHECK(has(emit_ok(kHead + strided + head +
                    "        w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                    "        r = self.s(w, o)\n"
                    "        return r\n"),
            "args_0.add_input(w);"));
  CHECK(has(emit_error(kHead + strided + head +
                       "        r = self.s(o, o)\n"
                       "        return r\n"),
            "t.py:21:18: error: orchestration 'main': 's' addresses its parameter 'a' with strides [64, 1], but its "
            "argument 'o' is stored with strides [32, 1]"));
  // A dim of extent 1 is never stepped: a [1, 32] row of [16, 64] fits a packed [1, 32] parameter.
  const std::string row_kernel = copy_kernel("row", kRow, kRow, 1);
  CHECK(has(emit_ok(kHead + row_kernel + head +
                    "        w = pl.tensor.slice(big, [1, 32], [3, 32])\n"
                    "        t = pl.create_tensor([1, 32], dtype=pl.FP32)\n"
                    "        r = self.row(w, t)\n"
                    "        return o\n"),
            "args_0.add_input(w);"));
}

TEST_CASE("a loop carry or If result handed to a kernel has one storage layout, or is refused") {
  const std::string head =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, big: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], "
      "p: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n";
  // The first iteration hands v the packed `o`, the next the column window: refused at the yield.
  CHECK(has(emit_error(kHead + head +
                       "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                       "        for i, (acc,) in pl.range(2, init_values=(o,)):\n"
                       "            r = self.v(acc, tmp)\n"
                       "            w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                       "            acc_out = pl.yield_(w)\n"
                       "        return o\n"),
            "t.py:20:13: error: orchestration 'main': loop carry 'acc' is yielded 'w', stored with strides [64, 1], but "
            "'acc' was relied on with strides [32, 1] earlier"));
  // Yielding a tensor of the same strides is fine (another storage, same layout).
  CHECK(has(emit_ok(kHead + head +
                    "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                    "        for i, (acc,) in pl.range(2, init_values=(o,)):\n"
                    "            r = self.v(acc, tmp)\n"
                    "            acc_out = pl.yield_(p)\n"
                    "        return o\n"),
            "args_0.add_input(acc);"));
  // An If whose arms give tensors of different strides: its result has no one layout.
  const std::string mixed_if =
      "        w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
      "        if n > 0:\n"
      "            y = pl.yield_(o)\n"
      "        else:\n"
      "            y = pl.yield_(w)\n"
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        r = self.v(y, tmp)\n"
      "        return o\n";
  CHECK(has(emit_error(kHead + head + mixed_if),
            "t.py:22:18: error: orchestration 'main': the strides of 'y' (argument 1 of 'v', parameter 'a') are not known here"));
  // Arms of one layout: the result is handed over.
  const std::string same_if =
      "        if n > 0:\n"
      "            y = pl.yield_(o)\n"
      "        else:\n"
      "            y = pl.yield_(p)\n"
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        r = self.v(y, tmp)\n"
      "        return o\n";
  CHECK(has(emit_ok(kHead + head + same_if), "args_0.add_input(y);"));
}

TEST_CASE("a Group's argument is checked against each member parameter bound to its slot") {
  // g declares the column window's strides, but its members c and v address their parameter packed.
  const std::string group =
      "    @pl.function(type=pl.FunctionType.Group)\n"
      "    def g(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)], "
      "o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):\n"
      "        r1 = self.c(a, o)\n"
      "        r2 = self.v(a, o)\n";
  const std::string head =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, big: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n";
  CHECK(has(emit_error(kHead + group + head +
                       "        w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                       "        self.g(w, o)\n"
                       "        return o\n"),
            "t.py:21:14: error: orchestration 'main': 'c' addresses its parameter 'a' with strides [32, 1], but its argument "
            "'w' is stored with strides [64, 1]"));
  CHECK(has(emit_ok(kHead + group + head +
                    "        self.g(o, o)\n"
                    "        return o\n"),
            "rt_submit_task(MixedKernels{"));
}

TEST_CASE("symbolic strides: the same declared expression agrees, anything else cannot be proven and is refused") {
  const std::string head =
      "import ptorw.language as pl\nS = pl.dynamic(\"S\")\nN = pl.dynamic(\"N\")\n@pl.program\nclass P:\n" +
      copy_kernel("k", "pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]", kPacked) +
      copy_kernel("v", kPacked, kPacked) +
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)], "
      "w: pl.Tensor[[16, N], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n";
  // Lines 16-17 are main's header; the body starts at line 18.
  CHECK(has(emit_ok(head + "        r = self.k(x, o)\n        return r\n"), "args_0.add_input(x);"));
  // A window of [16, N] has row stride N; v addresses a packed [16, 32] (row stride 32).
  CHECK(has(emit_error(head +
                       "        b = pl.tensor.slice(w, [16, 32], [0, 0])\n"
                       "        r = self.v(b, o)\n"
                       "        return r\n"),
            "t.py:19:18: error: orchestration 'main': 'v' addresses its parameter 'a' with strides [32, 1] and its argument "
            "'b' is stored with strides [?, 1]: symbolic strides that cannot be proven equal here"));
  // Declared S against packed 32: not provable either.
  CHECK(has(emit_error(head + "        r = self.k(o, o)\n        return r\n"),
            "t.py:18:18: error: orchestration 'main': 'k' addresses its parameter 'a' with strides [?, 1] and its argument "
            "'o' is stored with strides [32, 1]: symbolic strides"));
}

// What a kernel relied on may not change through another value: a carry yielded to another carry
// (double buffering), an If result taken from a carry, an inner loop's carry started from an outer
// one. And what nothing relied on may change freely.
TEST_CASE("a layout a kernel relied on may not change through the values it was taken from") {
  const std::string head =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, big: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], "
      "p: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n";
  // Rotating carries: `prev` is `cur` from the second iteration on, and the window from the third.
  CHECK(has(emit_error(kHead + head +
                       "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                       "        for i, (prev, cur) in pl.range(3, init_values=(o, p)):\n"
                       "            r = self.v(prev, tmp)\n"
                       "            w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                       "            prev_out, cur_out = pl.yield_(cur, w)\n"
                       "        return o\n"),
            "t.py:20:13: error: orchestration 'main': loop carry 'cur' is yielded 'w', stored with strides [64, 1], but "
            "'cur' was relied on with strides [32, 1] earlier"));
  // An If result that is the carry in one arm, handed to v; the carry then becomes the window.
  CHECK(has(emit_error(kHead + head +
                       "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                       "        for i, (c,) in pl.range(2, init_values=(o,)):\n"
                       "            if n > 0:\n"
                       "                y = pl.yield_(c)\n"
                       "            else:\n"
                       "                y = pl.yield_(p)\n"
                       "            r = self.v(y, tmp)\n"
                       "            w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                       "            c_out = pl.yield_(w)\n"
                       "        return o\n"),
            "t.py:24:13: error: orchestration 'main': loop carry 'c' is yielded 'w'"));
  // An inner carry started from the outer one and handed to v: the outer one may not change.
  const std::string nested =
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        for i, (acc,) in pl.range(2, init_values=(o,)):\n"
      "            for j, (b,) in pl.range(2, init_values=(acc,)):\n"
      "                USE\n"
      "                b_out = pl.yield_(b)\n"
      "            w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
      "            acc_out = pl.yield_(w)\n"
      "        return o\n";
  auto with = [&](const std::string& use) {
    std::string t = nested;
    return t.replace(t.find("USE"), 3, use);
  };
  CHECK(has(emit_error(kHead + head + with("r = self.v(b, tmp)")),
            "t.py:22:13: error: orchestration 'main': loop carry 'acc' is yielded 'w'"));
  // ... but when no kernel is handed the inner carry, the outer one may become the window.
  CHECK(has(emit_ok(kHead + head + with("r = self.v(p, tmp)")), "args_0.add_input(p);"));
  // A carry whose layout is not known (its init is an If result of two layouts) carried again by an
  // inner loop, yielded another layout: no kernel uses it, so it compiles (it once read a null layout).
  CHECK(has(emit_ok(kHead + head +
                    "        w = pl.tensor.slice(big, [16, 32], [0, 32])\n"
                    "        if n > 0:\n"
                    "            y = pl.yield_(o)\n"
                    "        else:\n"
                    "            y = pl.yield_(w)\n"
                    "        for i, (acc,) in pl.range(2, init_values=(y,)):\n"
                    "            for j, (b,) in pl.range(2, init_values=(acc,)):\n"
                    "                b_out = pl.yield_(b)\n"
                    "            acc_out = pl.yield_(p)\n"
                    "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                    "        r = self.v(p, tmp)\n"
                    "        return o\n"),
            "args_0.add_input(p);"));
}

TEST_CASE("a row of a dynamic tensor fits a packed one-row parameter: dims of extent 1 are never stepped") {
  const std::string head =
      "import ptorw.language as pl\nM = pl.dynamic(\"M\")\nN = pl.dynamic(\"N\")\n@pl.program\nclass P:\n" +
      copy_kernel("row", kRow, kRow, 1) +
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[M, N], pl.FP32], o: pl.Tensor[[1, 32], pl.FP32]) -> pl.Tensor[[1, 32], pl.FP32]:\n";
  CHECK(has(emit_ok(head +
                    "        b = pl.tensor.slice(x, [1, 32], [3, 0])\n"
                    "        r = self.row(b, o)\n"
                    "        return r\n"),
            "args_0.add_input(b);"));
}

// Found by an audit of the emitter (2026-12-04): each was wrong C++ that passed the syntax check.
TEST_CASE("a yield is simultaneous: a yielded expression reading another carried local is evaluated first") {
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        for i, (x, y) in pl.range(0, n, 1, init_values=(0, 1)):\n"
      "            x2, y2 = pl.yield_(y + 1, x + y)\n"
      "        e = pl.tensor.read(a, [0, x2 + y2])\n"
      "        return a\n");
  // `x = y + 1; y = x + y;` would read the new x (Fibonacci-like carries).
  CHECK(has(t, "auto carry_0 = y + 1;\n      auto carry_1 = x + y;\n      x = carry_0;\n      y = carry_1;\n"));
  // A value naming only its own carry (or a longer name containing another's) needs no temporary.
  std::string u = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        xy = n + 1\n"
      "        for i, (x, y) in pl.range(0, n, 1, init_values=(0, 1)):\n"
      "            x2, y2 = pl.yield_(x + xy, y * 2)\n"
      "        e = pl.tensor.read(a, [0, x2 + y2])\n"
      "        return a\n");
  CHECK(has(u, "      x = x + xy;\n      y = y * 2;\n"));
  CHECK(u.find("carry_") == std::string::npos);
}

TEST_CASE("a negation of a negation or of a negative literal is parenthesized, never `--`") {
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], f: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        m = -(-n)\n"
      "        g = -(-1.5)\n"
      "        h = f * -2.5\n"
      "        k = f + 1e39\n"
      "        e = pl.tensor.read(a, [0, m])\n"
      "        return a\n");
  CHECK(has(t, "int64_t m = -(-n);"));
  CHECK(has(t, "float g = -(-1.5f);"));
  CHECK(has(t, "float h = f * (-2.5f);"));
  // 1e39 is no float: the FP32 conversion's infinity, not an overflowing literal.
  CHECK(has(t, "float k = f + std::numeric_limits<float>::infinity();"));
  CHECK(has(t, "#include <limits>"));
  CHECK(t.find("--") == std::string::npos);
}

TEST_CASE("a create is no window of its parent while a window taken earlier is read before the assemble") {
  const std::string kernels = copy_kernel("fill", kPacked, kPacked) + copy_kernel("copy", kPacked, kPacked);
  auto program_with = [&](const std::string& reader) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n" + kernels +
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.InOut[pl.Tensor[[64, 32], pl.FP32]], "
           "s: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:\n"
           "        old = pl.tensor.slice(p, [16, 32], [0, 0])\n"
           "        buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "        part = self.fill(x, buf)\n" + reader +
           "        p2 = pl.tensor.assemble(p, part, [0, 0])\n"
           "        return p2\n";
  };
  // `copy` reads p's rows 0..15 as they were: a buf placed in p would be written first (a copying
  // assemble then, which the runtime cannot express: refused at the assemble).
  CHECK(emit_error(program_with("        s2 = self.copy(old, s)\n")) ==
        "t.py:20:14: error: orchestration 'main': tensor.assemble of 'part' into 'p' copies data (the part is not the view "
        "of that parent at these offsets), and the runtime API has no copy task");
  // Read through an alias of the window: the same.
  CHECK(emit_error(program_with("        o2 = old\n        s2 = self.copy(o2, s)\n")).find("copies data") != std::string::npos);
  // Nothing reads the window before the assemble: buf is p's window.
  CHECK(has(emit_ok(program_with("")), "Tensor buf = p.view(buf_shapes, buf_offsets);"));
}

// 39th session: Roots took an iter-arg for its init's storage whatever its loop yields. With
// `yield_(b)` the iter-arg acc is b from the second trip on, so `buf = acc.view(...)` put the
// kernel's writes into b before `copy` read b (in the IR, copy reads b as it was; the assemble
// writes it after): a miscompile. An iter-arg is its init's storage only when the loop yields it back.
TEST_CASE("a create is no window of a loop-carried parent that the loop replaces by another tensor") {
  const std::string kernels = copy_kernel("fill", kPacked, kPacked) + copy_kernel("copy", kPacked, kPacked);
  auto program_with = [&](const std::string& yielded) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n" + kernels +
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], "
           "s: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
           "        a = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "        for i, (acc, so) in pl.range(2, init_values=(a, s)):\n"
           "            buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "            part = self.fill(x, buf)\n"
           "            s2 = self.copy(b, so)\n"
           "            nxt = pl.tensor.assemble(acc, part, [0, 0])\n"
           "            res, sr = pl.yield_(" + yielded + ", s2)\n"
           "        return sr\n";
  };
  // Lines 1-3 the header, 4-13 the kernels, 14-15 main's header: the assemble at 21.
  CHECK(emit_error(program_with("b")) ==
        "t.py:21:19: error: orchestration 'main': tensor.assemble of 'part' into 'acc' copies data (the part is not the view "
        "of that parent at these offsets), and the runtime API has no copy task");
  // The loop yields acc back (the assemble writes it in place): buf is acc's window.
  CHECK(has(emit_ok(program_with("nxt")), "Tensor buf = acc.view(buf_shapes, buf_offsets);"));
}

// 40th session: a loop-carried window. acc starts as a slice of big and the loop assembles into it
// in place, so it is that window on every trip and a create can be allocated as acc's view (before:
// refused, "'acc' is not one tensor here"). A loop that yields another window of big instead hands
// acc that one from the second trip on: declined, and the refusal says why.
TEST_CASE("a create is the window of a loop-carried window that its loop assembles into in place") {
  const std::string wide = "pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]";
  auto program_with = [&](const std::string& yielded) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fillw", kPacked, wide) +
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> "
           "pl.Tensor[[32, 64], pl.FP32]:\n"
           "        band = pl.tensor.slice(big, [32, 32], [0, 32])\n"
           "        other = pl.tensor.slice(big, [32, 32], [0, 0])\n"
           "        for i, (acc,) in pl.range(2, init_values=(band,)):\n"
           "            buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "            part = self.fillw(x, buf)\n"
           "            nxt = pl.tensor.assemble(acc, part, [i * 16, 0])\n"
           "            res = pl.yield_(" + yielded + ")\n"
           "        return big\n";
  };
  const std::string ok = emit_ok(program_with("nxt"));
  CHECK(has(ok, "Tensor acc = band;"));
  CHECK(has(ok, "Tensor buf = acc.view(buf_shapes, buf_offsets);"));
  // Lines 1-3 the header, 4-8 the kernel, 9-10 main's header: the call at 15, the assemble at 16.
  CHECK(emit_error(program_with("other")) ==
        "t.py:15:25: error: orchestration 'main': 'fillw' addresses its parameter 'o' with strides [64, 1], but its "
        "argument 'buf' is stored with strides [32, 1]: the kernel would read or write the wrong elements. 'buf' is not "
        "allocated as the window of 'acc' that the kernel's result is assembled into at 16:13: 'acc' is not one tensor "
        "or window here (a loop carry or If result of several)");
}

// Review rev41a F1: `self.k(x, buf)` as a statement (what outline-incore-scopes writes for a scope
// storing into buf), then `tensor.assemble(acc, buf, ...)`: buf holds the kernel's result, so it is
// allocated as the parent's window as when the call's result is assembled (Pattern 2 gives the
// kernel the parent's strides for this form). Before, compile refused the strided Out argument.
TEST_CASE("a create whose kernel call is a statement and which is assembled itself is the parent's window") {
  const std::string wide = "pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]";
  auto program_with = [&](const std::string& between) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fillw", kPacked, wide) +
           copy_kernel("copy", wide, kPacked) +
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], snap: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> "
           "pl.Tensor[[32, 64], pl.FP32]:\n"
           "        big = pl.create_tensor([32, 64], dtype=pl.FP32)\n"
           "        for i, (acc,) in pl.range(2, init_values=(big,)):\n"
           "            buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "            self.fillw(x, buf)\n" + between +
           "            nxt = pl.tensor.assemble(acc, buf, [i * 16, 32])\n"
           "            res = pl.yield_(nxt)\n"
           "        return res\n";
  };
  const std::string ok = emit_ok(program_with(""));
  CHECK(has(ok, "Tensor buf = acc.view(buf_shapes, buf_offsets);"));
  CHECK(has(ok, "args_0.add_output(buf);"));
  // A fourth occurrence of buf (a task reading it before the assemble) keeps the rule's one form:
  // the create stays, and the assemble is the copy the runtime cannot do.
  const std::string read = emit_error(program_with("            s = self.copy(buf, snap)\n"));
  CHECK(has(read, "'fillw' addresses its parameter 'o' with strides [64, 1], but its argument 'buf' is stored with strides [32, 1]"));
}

// Review rev40: a value between the create and the assemble whose storage is not known may be the
// parent's. `q` is a loop result (init `other`, every trip yields `big`), `pr[1]` a kernel result
// written into the parent; a task reading either there must see the parent as it was, so the create
// is no window of it. The session-start binary placed `tmp` in big and the copy task saw the
// kernel's write early (for a whole parent as for a window).
TEST_CASE("a value that may lie in the parent's storage, used between the create and the assemble, keeps the create") {
  const std::string wide = "pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]";
  const std::string head = "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fill", kPacked, kPacked) +
                           copy_kernel("copy", kPacked, kPacked);
  const std::string loop_alias =
      head +
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.InOut[pl.Tensor[[16, 32], pl.FP32]], "
      "other: pl.Tensor[[16, 32], pl.FP32], snap: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        for i, (c,) in pl.range(2, init_values=(other,)):\n"
      "            q = pl.yield_(big)\n"
      "        buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        part = self.fill(x, buf)\n"
      "        s = self.copy(q, snap)\n"
      "        nxt = pl.tensor.assemble(big, part, [0, 0])\n"
      "        return s\n";
  // Lines 1-3 the header, 4-13 the kernels, 14-15 main's header: the assemble at 21.
  CHECK(emit_error(loop_alias) ==
        "t.py:21:15: error: orchestration 'main': tensor.assemble of 'part' into 'big' copies data (the part is not the "
        "view of that parent at these offsets), and the runtime API has no copy task");
  // The twin without the read in between: buf is big's window.
  std::string direct = loop_alias;
  direct.replace(direct.find("        s = self.copy(q, snap)\n"), std::string("        s = self.copy(q, snap)\n").size(), "");
  direct.replace(direct.find("        return s\n"), std::string("        return s\n").size(), "        return nxt\n");
  CHECK(has(emit_ok(direct), "Tensor buf = big.view(buf_shapes, buf_offsets);"));

  const std::string tuple =
      head +
      "    @pl.function(type=pl.FunctionType.AIV)\n"
      "    def two(self, a: pl.Tensor[[16, 32], pl.FP32], o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], "
      "o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:\n"
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        r1 = pl.store(t, [0, 0], o1)\n"
      "        r2 = pl.store(t, [0, 0], o2)\n"
      "        return r1, r2\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.InOut[pl.Tensor[[16, 32], pl.FP32]], "
      "a: pl.Out[pl.Tensor[[16, 32], pl.FP32]], snap: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        pr = self.two(x, a, big)\n"
      "        buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        part = self.fill(x, buf)\n"
      "        s = self.copy(pr[1], snap)\n"
      "        nxt = pl.tensor.assemble(big, part, [0, 0])\n"
      "        return s\n";
  // 4-13 the copy kernels, 14-19 two, 20-21 main's header: the assemble at 26.
  CHECK(emit_error(tuple) ==
        "t.py:26:15: error: orchestration 'main': tensor.assemble of 'part' into 'big' copies data (the part is not the "
        "view of that parent at these offsets), and the runtime API has no copy task");
  (void)wide;
}

// Review rev40b F3: a loop carry yielded an If result of two tensors (q, or acc itself) kept its
// init's storage, so an assemble into the loop result of a window of p was taken as in place and
// emitted as nothing: with n > 0 the IR writes q, the C++ wrote nothing into q. An unknown yield now
// moves the carry as a known other one does.
TEST_CASE("a loop carry yielded a value of unknown storage may have moved") {
  auto program_with = [](const std::string& yielded) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fill", kPacked, kPacked) +
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.InOut[pl.Tensor[[32, 32], pl.FP32]], "
           "q: pl.InOut[pl.Tensor[[32, 32], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[32, 32], pl.FP32]:\n"
           "        for i, (acc,) in pl.range(2, init_values=(p,)):\n"
           "            if n > 0:\n"
           "                c = pl.yield_(" + yielded + ")\n"
           "            else:\n"
           "                c = pl.yield_(acc)\n"
           "            res = pl.yield_(c)\n"
           "        w = pl.tensor.slice(p, [16, 32], [0, 0])\n"
           "        r = self.fill(x, w)\n"
           "        nxt = pl.tensor.assemble(res, r, [0, 0])\n"
           "        return q\n";
  };
  // Lines 1-3 the header, 4-8 the kernel, 9-10 main's header: the assemble at 19.
  CHECK(emit_error(program_with("q")) ==
        "t.py:19:15: error: orchestration 'main': tensor.assemble of 'r' into 'res' copies data (the part is not the "
        "view of that parent at these offsets), and the runtime API has no copy task");
  // Both arms yield acc: the carry stays p, and the assemble is the kernel's write into p.
  emit_ok(program_with("acc"));
}

// 40th session: the storage and parameter of an If result were found again for every path to it:
// 30 chained Ifs, each arm reaching the previous result, took 41 s at session start and 129 s once
// If results got their storage in the C++. Both judgments are memoised now (linear).
TEST_CASE("chained Ifs whose arms reach the previous result are judged once each") {
  constexpr int n = 40;
  std::string body = "        c0 = p\n";
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i), next = std::to_string(i + 1);
    body += "        if n > " + k + ":\n"
            "            d" + k + " = self.fill(x, c" + k + ")\n"
            "            c" + next + " = pl.yield_(d" + k + ")\n"
            "        else:\n"
            "            c" + next + " = pl.yield_(c" + k + ")\n";
  }
  const std::string program = "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fill", kPacked, kPacked) +
                              "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                              "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.InOut[pl.Tensor[[16, 32], pl.FP32]], "
                              "n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n" +
                              body + "        return c" + std::to_string(n) + "\n";
  CHECK(has(emit_ok(program), "result 0 is parameter 'p', written in place"));
}

// 39th session: a kernel's result was taken for the parameter its loop's iter-arg starts from, even
// when a trip yields another Out into that iter-arg: here the second trip stores into o2, so the
// result is o2's, and the emitter bound `r` to p. Now the result has no one parameter (refused
// where it is used); yielding d back keeps it o1's.
TEST_CASE("a kernel result carried by an iter-arg that a trip replaces is no parameter's") {
  auto program_with = [](const std::string& second) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n"
           "    @pl.function(type=pl.FunctionType.AIV)\n"
           "    def swap(self, a: pl.Tensor[[16, 32], pl.FP32], o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], "
           "o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
           "        t = pl.load(a, [0, 0], [16, 32])\n"
           "        for i, (c, d) in pl.range(2, init_values=(o1, o1)):\n"
           "            s = pl.store(t, [0, 0], d)\n"
           "            c2, d2 = pl.yield_(s, " + second + ")\n"
           "        return c2\n"
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Out[pl.Tensor[[16, 32], pl.FP32]], "
           "q: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
           "        r = self.swap(x, p, q)\n"
           "        return r\n";
  };
  CHECK(emit_error(program_with("o2")).find("'r', the result of 'swap', is used, but its result 0 is not one of its "
                                            "Out/InOut tensor parameters written in place") != std::string::npos);
  emit_ok(program_with("d"));
}

// Audit aud6 F5: a kernel whose Out parameter has its parent's strides (Pattern 2 attached them from
// the assemble) handed a create that could not be that parent's window: the refusal says why the
// create stayed a tensor of its own, not only the two strides (neither of which the user wrote).
TEST_CASE("a kernel writing a parent's strides handed a create that is not that parent's window says why") {
  const std::string wide = "pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]";
  auto program_with = [&](const std::string& between, const std::string& tail) {
    return "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fillw", kPacked, wide) +
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> "
           "pl.Tensor[[16, 64], pl.FP32]:\n"
           "        buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "        part = self.fillw(x, buf)\n" + between + tail;
  };
  const std::string assemble = "        nxt = pl.tensor.assemble(big, part, [0, 32])\n        return nxt\n";
  // Lines 1-3 the header, 4-8 the kernel, 9-10 main's header: the create at 11, the call at 12.
  // Nothing between: buf is big's window, and the assemble is the kernel's write.
  CHECK(has(emit_ok(program_with("", assemble)), "Tensor buf = big.view(buf_shapes, buf_offsets);"));
  // A statement between uses big: buf stays a packed tensor of its own.
  CHECK(emit_error(program_with("        w = pl.tensor.slice(big, [16, 32], [0, 0])\n", assemble)) ==
        "t.py:12:21: error: orchestration 'main': 'fillw' addresses its parameter 'o' with strides [64, 1], but its "
        "argument 'buf' is stored with strides [32, 1]: the kernel would read or write the wrong elements. 'buf' is not "
        "allocated as the window of 'big' that the kernel's result is assembled into at 14:9: 'big' is used at 13:9, "
        "between the create and the assemble");
  // Another kernel's In parameter with strides of its own, handed that create's result: the
  // refusal is about that parameter only (review rev10 F1: the sentence was added here too).
  const std::string other = "import ptorw.language as pl\n@pl.program\nclass P:\n" + copy_kernel("fill", kPacked, kPacked) +
                            copy_kernel("readw", wide, kPacked) +
                            "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                            "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> "
                            "pl.Tensor[[16, 32], pl.FP32]:\n"
                            "        buf = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                            "        part = self.fill(x, buf)\n"
                            "        r = self.readw(part, y)\n"
                            "        return r\n";
  const std::string e = emit_error(other);
  CHECK(has(e, "'readw' addresses its parameter 'a' with strides [64, 1], but its argument"));
  CHECK(e.find("is not allocated") == std::string::npos);
  // The result is not assembled at all.
  CHECK(has(emit_error(program_with("", "        return big\n")),
            "'buf' is not allocated as a window of a parent: the kernel's result is not assembled into one later in "
            "the same block, with no other use"));
}

TEST_CASE("names the C headers define as macros are renamed; a kernel named like a C library function is refused") {
  std::string t = emit_ok(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], NULL: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        INT64_MAX = NULL + 1\n"
      "        e = pl.tensor.read(a, [0, INT64_MAX])\n"
      "        return a\n");
  CHECK(has(t, "int64_t NULL_ = static_cast<int64_t>(orch_args.scalar(1));"));
  CHECK(has(t, "int64_t INT64_MAX_ = NULL_ + 1;"));
}

TEST_CASE("a submit's result tuple projected in place: res[0] as an argument and as the returned value") {
  // PyPTO tasks/02-submit writes `res = pl.submit(self.k1, x)` and reads `res[0]`; a kernel that
  // returns its store in the return itself (`return pl.store(...)`). Both were refused (docs audit
  // 2026-12-05 F4: "this expression has no spelling" at res[0]; "result 0 ('') is not one
  // tensor.create ... nor a parameter updated in place" for `return res[0]`).
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mid = pl.create_tensor([16, 64], dtype=pl.FP32)
        res = pl.submit(self.k, x, mid)
        fin = pl.submit(self.k, res[0], out)
        return fin[0]
)";
  const std::string text = emit_ok(src);
  // The second task reads `mid` (res[0] is the Out argument k wrote), writes the caller's `out`.
  CHECK(text.find("args_1.add_input(mid);") != std::string::npos);
  CHECK(text.find("args_1.add_output(out);") != std::string::npos);
  CHECK(text.find("// result 0 is parameter 'out', written in place") != std::string::npos);
}

TEST_CASE("a region-local return: a Group with control flow has no mixed-task form, a kernel's result no parameter") {
  // Audit 2026-12-06 H2: the Group's `if` was dropped (the task ran both members, its result was
  // the trailing return's); M2: the kernel could return its In param, the C++ spelled its Out one.
  const std::string group = R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        r1 = self.c(a, o)
        if n > 0:
            return r1
        r2 = self.v(a, o)
        return r2
)";
  CHECK(emit_error(kHead + group + kMain + "        r = self.g(a, o, n)\n        return r\n") ==
        "t.py:23:18: error: orchestration 'main': Group 'g' is not a mixed task: its body has an if (at 17:9); a mixed "
        "task runs its kernels once each, in order: write the control flow around the Group's call in the orchestration "
        "function");
  const std::string kernel = R"(    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        if n > 0:
            return a
        t = pl.load(a, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], o)
        return r
)";
  CHECK(emit_error(kHead + kernel + kMain + "        y = self.k(a, n, o)\n        return y\n") ==
        "t.py:23:9: error: orchestration 'main': 'y', the result of 'k', is used, but the kernel also returns at 17:13 "
        "(inside an if or a loop), so its result is not one parameter");
  // An if whose arms both return: no trailing return at all (review rev16 L1: the result count
  // came from the missing trailing return, and the error was about the call's target).
  const std::string arms = R"(    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        if n > 0:
            r = pl.store(t, [0, 0], o)
            return r
        else:
            u = pl.tile.exp(t)
            r2 = pl.store(u, [0, 0], o)
            return r2
)";
  CHECK(emit_error(kHead + arms + kMain + "        y = self.k(a, n, o)\n        return y\n") ==
        "t.py:26:9: error: orchestration 'main': 'y', the result of 'k', is used, but the kernel also returns at 19:13 "
        "(inside an if or a loop), so its result is not one parameter");
}

TEST_CASE("a loop step written as a constant expression is that constant") {
  // As select-buffer-ir and lower-tile-to-buffer read it (review rev16 L5: the emitter wanted a literal).
  std::string t = emit_ok(kHead + kMain + R"(        for i, (acc,) in pl.range(0, 4, 3 - 1, init_values=(o,)):
            r = self.v(a, acc)
            res = pl.yield_(r)
        return res
)");
  CHECK(has(t, "i < 4; i += 2) {"));
}
}  // namespace ut_orch_emit_test
