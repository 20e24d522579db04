// Forms of PyPTO's user documentation that an audit of every docs/en/user example found refused or
// misread (2026-12-04): each is accepted now and equal to its explicit spelling, or refused with a
// message that names the problem. The expected spellings are written by hand from the user docs
// (quoted at each case), not from the printer's output.
#include <doctest/doctest.h>

#include <string>

#include "ptorw/ir/verify.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_language_docs_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {
std::string kernel(const std::string& lines, const std::string& params = "") {
  return "@pl.program\nclass P:\n"
         "    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def k(self, a: pl.Tensor[[32, 32], pl.FP16], o: pl.Out[pl.Tensor[[32, 32], pl.FP16]]" + params +
         ") -> pl.Tensor[[32, 32], pl.FP16]:\n" + lines +
         "        r = pl.store(t, [0, 0], o)\n"
         "        return r\n";
}
std::string orch(const std::string& line) {
  return "@pl.program\nclass P:\n"
         "    @pl.function(type=pl.FunctionType.Orchestration)\n"
         "    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:\n"
         "        " + line + "\n"
         "        return x\n";
}

ir::ProgramPtr parse_ok(const std::string& src) {
  auto r = text::parse_program(src, "doc.py");
  for (auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  auto diags = ir::verify(*r.program);
  for (auto& d : diags) FAIL_CHECK(d.str());
  return r.program;
}
void same(const std::string& a, const std::string& b) {
  CAPTURE(a);
  CAPTURE(b);
  auto pa = parse_ok(a), pb = parse_ok(b);
  auto eq = visit::structural_equal(*pa, *pb);
  CHECK_MESSAGE(eq.equal, eq.report());
  CHECK(text::print_program(*pa) == text::print_program(*pb));
}
void differ(const std::string& a, const std::string& b) {
  auto pa = parse_ok(a), pb = parse_ok(b);
  CHECK_FALSE(visit::structural_equal(*pa, *pb).equal);
}
/// The first error, from the parser or else the verifier.
std::string error_of(const std::string& src) {
  auto r = text::parse_program(src, "doc.py");
  if (!r.ok()) return r.errors.front().str();
  auto diags = ir::verify(*r.program);
  REQUIRE_FALSE(diags.empty());
  return diags.front().str();
}
bool has(const std::string& s, const std::string& part) {
  CAPTURE(s);
  CAPTURE(part);
  return s.find(part) != std::string::npos;
}
}  // namespace

// language/03-memory.md: "pl.MemorySpace and pl.Mem are the same enum under two names".
TEST_CASE("pl.MemorySpace.X is pl.Mem.X in kwargs, positional enums and Tile annotations") {
  const std::string mem = "        t = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n";
  same(kernel("        t = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)\n"), kernel(mem));
  same(kernel("        t: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.load(a, [0, 0], [32, 32], "
              "target_memory=pl.MemorySpace.Mat)\n"),
       kernel(mem));
  same(kernel("        t = pl.load(a, [0, 0], [32, 32], pl.MemorySpace.Mat)\n"), kernel(mem));
  // The Mat tile is Mat: the annotation of the old reading (Vec) no longer fits.
  CHECK(has(error_of(kernel("        t: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.load(a, [0, 0], [32, 32], "
                            "target_memory=pl.MemorySpace.Mat)\n")),
            "pl.Mem.Mat"));
  differ(kernel("        t = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)\n"),
         kernel("        t = pl.load(a, [0, 0], [32, 32])\n"));
  same(kernel("        m = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
              "        l = pl.move(m, target_memory=pl.MemorySpace.Left)\n"
              "        t = pl.load(a, [0, 0], [32, 32])\n"),
       kernel("        m = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
              "        l = pl.tile.move(m, target_memory=pl.Mem.Left)\n"
              "        t = pl.load(a, [0, 0], [32, 32])\n"));
  // A Tile parameter annotated with the long name.
  same(kernel("        t = pl.load(a, [0, 0], [32, 32])\n", ", s: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Vec]"),
       kernel("        t = pl.load(a, [0, 0], [32, 32])\n", ", s: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec]"));
  CHECK(has(error_of(kernel("        t = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Matt)\n")),
            "doc.py:5:56: error: unknown memory space 'pl.MemorySpace.Matt'"));
  CHECK(has(error_of(kernel("        t = pl.load(a, [0, 0], [32, 32])\n", ", s: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.L1]")),
            "unknown memory space 'pl.MemorySpace.L1'"));
}

// An enum of the wrong family was kept as an opaque token and the op took its default (a Vec tile
// from `target_memory=pl.Bogus.Thing`): now each dtype / memory / layout keyword checks its kind.
TEST_CASE("enum keywords of the wrong kind are errors, never the default") {
  CHECK(has(error_of(kernel("        t = pl.load(a, [0, 0], [32, 32], target_memory=pl.Bogus.Thing)\n")),
            "doc.py:5:13: error: tile.load: target_memory= must be a memory space such as pl.Mem.Vec, got an enum value"));
  CHECK(has(error_of(kernel("        f = pl.tile.full([16, 16], 0.0, dtype=pl.MemorySpace.Vec)\n"
                            "        t = pl.load(a, [0, 0], [32, 32])\n")),
            "tile.full: dtype= must be a dtype such as pl.FP32, got a memory space"));
  CHECK(has(error_of(orch("y = pl.create_tensor([64, 64], dtype=pl.FP32, layout=pl.NOPE)")),
            "tensor.create: layout= must be a tensor layout such as pl.TensorLayout.ND, got an enum value"));
  CHECK(has(error_of(kernel("        t = pl.load(a, [0, 0], [32, 32], target_memory=pl.FP32)\n")),
            "target_memory= must be a memory space such as pl.Mem.Vec, got a dtype"));
  // A positional enum no keyword of the op takes: the message names it.
  CHECK(has(error_of(orch("y = pl.create_tensor([64, 64], pl.FP32, pl.PadValue.zero)")),
            "pl.tensor.create has no keyword that takes an enum value (pl.PadValue.zero) as a positional argument"));
}

// 02-operation_reference: `create(shape, dtype, layout: TensorLayout = None)`, "optional layout,
// e.g. pl.DN, pl.NZ".
TEST_CASE("layout shorthand pl.ND / pl.DN / pl.NZ as a value") {
  const std::string dn = "y = pl.tensor.create([64, 64], dtype=pl.FP32, layout=pl.TensorLayout.DN)";
  same(orch("y = pl.create_tensor([64, 64], pl.FP32, pl.DN)"), orch(dn));
  same(orch("y = pl.create_tensor([64, 64], dtype=pl.FP32, layout=pl.DN)"), orch(dn));
  same(orch("y = pl.create_tensor([64, 64], dtype=pl.FP32, layout=pl.ND)"), orch("y = pl.create_tensor([64, 64], dtype=pl.FP32)"));
  differ(orch("y = pl.create_tensor([64, 64], dtype=pl.FP32, layout=pl.NZ)"), orch(dn));
}

// tutorials/00-elementwise.md and others: `M, N, TILE = 1024, 256, 64` above the program.
TEST_CASE("tuple-unpacked top-level constants") {
  const std::string body = orch("y = pl.tensor.create([A, B], dtype=pl.FP32)");
  const std::string lit = orch("y = pl.tensor.create([16, 32], dtype=pl.FP32)");
  same("A, B = 16, 32\n" + body, lit);
  same("A, B = (16, 32)\n" + body, lit);
  same("A, B, = 16, 32,\n" + body, lit);
  // Python reads every value before it binds a name: `A, B = B, A` swaps.
  same("A = 32\nB = 16\nA, B = B, A\n" + body, lit);
  same("K = 8\nA, B = K * 2, K * 4; C = 1\n" + body, lit);
  CHECK(has(error_of("A, B = 1, 2, 3\n" + body), "doc.py:1:8: error: cannot unpack 3 values into 2 names"));
  CHECK(has(error_of("A, B = 7\n" + body), "cannot unpack 1 value into 2 names"));
  CHECK(has(error_of("A, B = x, 2\n" + body), "undefined name 'x'"));
  CHECK(has(error_of(body + "A, B = 1, 2\n"), "'A' is defined after the @pl.program class"));
}

// language/02-control-flow.md: `for i in pl.range(10): ...            # 0..9`.
TEST_CASE("one-line suites and the ellipsis statement") {
  const std::string head = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
                           "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n";
  same(head + "        for i in pl.range(10): ...\n        return n\n",
       head + "        for i in pl.range(10):\n            pass\n        return n\n");
  same(head + "        for i in pl.range(2, 10, 2): pass\n        return n\n",
       head + "        for i in pl.range(2, 10, 2):\n            ...\n        return n\n");
  same(head + "        if n > 0: r = pl.yield_(n + 1)\n        else: r = pl.yield_(n)\n        return r\n",
       head + "        if n > 0:\n            r = pl.yield_(n + 1)\n        else:\n            r = pl.yield_(n)\n        return r\n");
  same(head + "        for i, (s,) in pl.range(4, init_values=(n,)): s = pl.yield_(s + i)\n        return s\n",
       head + "        for i, (s,) in pl.range(4, init_values=(n,)):\n            s = pl.yield_(s + i)\n        return s\n");
  CHECK(has(error_of(head + "        for i in pl.range(2): for j in pl.range(2): pass\n        return n\n"),
            "doc.py:5:31: error: 'for' cannot follow ':' on the same line"));
  CHECK(has(error_of(head + "        if n > 0: r = n + 1 r = 2\n        return n\n"), "expected end of line"));
}

// Python's docstrings: a string literal standing as a statement is evaluated and dropped. Test
// programs carry them on the module, the class and the functions; the IR keeps no text (as for
// comments), so a program with docstrings equals the one without.
TEST_CASE("docstrings and bare string statements are skipped") {
  const std::string sig = "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                          "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n";
  const std::string plain = "@pl.program\nclass P:\n" + sig +
                            "        for i in pl.range(4):\n            m = n + i\n        return n\n";
  same("\"\"\"Module docstring.\n\nSecond paragraph.\n\"\"\"\nimport pypto.language as pl\n\n"
       "@pl.program\nclass P:\n    \"\"\"Class docstring.\"\"\"\n\n" + sig +
       "        \"\"\"Function docstring with \"quotes\", a # hash, an ( open bracket\n"
       "and a line at column 0, an escaped \\\"\"\" and ''' inside.\n"
       "        \"\"\"\n"
       "        for i in pl.range(4):\n            'a bare string'\n            m = n + i\n"
       "            '''single-quoted triple'''\n        return n\n",
       plain);
  same("@pl.program\nclass P:\n" + sig + "        \"one line\" \"adjacent\"; m = n\n"
       "        for i in pl.range(4):\n            m = n + i\n        return n\n",
       "@pl.program\nclass P:\n" + sig + "        m = n\n"
       "        for i in pl.range(4):\n            m = n + i\n        return n\n");
  // Lines inside a docstring count: an error after one is reported at its own line.
  CHECK(has(error_of("@pl.program\nclass P:\n" + sig + "        \"\"\"a\n\nb\n\"\"\"\n        return q\n"),
            "doc.py:9:16: error:"));
  CHECK(has(error_of("@pl.program\nclass P:\n" + sig + "        \"\"\"never closed\n        return n\n"),
            "doc.py:5:9: error: unterminated triple-quoted string literal"));
  CHECK(has(error_of("@pl.program\nclass P:\n" + sig + "        \"doc\" m = n\n        return n\n"),
            "expected end of line after a string statement"));
}

// 02-operation_reference: "read | (src: T, offset: IntLike | Sequence[IntLike]) -> Scalar", and write
// alike: an integer offset of a 1-D source is the one-element list.
TEST_CASE("pl.read / pl.write with an integer offset of a 1-D source") {
  const std::string head = "@pl.program\nclass P:\n    @pl.function\n"
                           "    def f(self, x: pl.Tensor[[64], pl.FP32], i: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.FP32]:\n";
  same(head + "        v = pl.read(x, 3)\n        return v\n", head + "        v = pl.read(x, [3])\n        return v\n");
  same(head + "        v = pl.tensor.read(x, i)\n        return v\n", head + "        v = x[i]\n        return v\n");
  same(head + "        y = pl.write(x, 3, 1.5)\n        v = y[3]\n        return v\n",
       head + "        y = pl.tensor.write(x, [3], 1.5)\n        v = y[3]\n        return v\n");
  const std::string two = "@pl.program\nclass P:\n    @pl.function\n"
                          "    def f(self, x: pl.Tensor[[8, 8], pl.FP32]) -> pl.Scalar[pl.FP32]:\n"
                          "        v = pl.read(x, 3)\n        return v\n";
  CHECK(has(error_of(two), "doc.py:5:13: error: pl.tensor.read: an integer offset indexes a 1-D source; this one has rank 2"));
}

// 02-operation_reference, "Tile x Scalar": `maxs` / `mins` `(lhs: Tile, rhs: int | float | Scalar)`.
TEST_CASE("pl.tile.maxs / mins are tile.maximums / minimums") {
  const std::string load = "        t0 = pl.load(a, [0, 0], [32, 32])\n";
  same(kernel(load + "        t = pl.tile.maxs(t0, 0.0)\n"), kernel(load + "        t = pl.tile.maximums(t0, 0.0)\n"));
  same(kernel(load + "        t = pl.tile.mins(t0, 1.0)\n"), kernel(load + "        t = pl.tile.minimums(t0, 1.0)\n"));
  differ(kernel(load + "        t = pl.tile.maxs(t0, 0.0)\n"), kernel(load + "        t = pl.tile.mins(t0, 0.0)\n"));
}

// distributed/06-hello_rank.md: `per_rank(x[r], y[r], r, device=r)` into `rank: pl.Scalar[pl.INT32]`.
TEST_CASE("an index or an integer literal passed to an integer scalar parameter") {
  const std::string prog =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]], n: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.FP32]:\n"
      "        t = pl.load(x, [0], [64])\n"
      "        r = pl.store(t, [0], out)\n"
      "        return r\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]], f: pl.Scalar[pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
      "        for i in pl.range(4):\n"
      "            o2 = self.k(x, out, ARG)\n"
      "        return out\n";
  auto with = [&](const std::string& arg) {
    std::string s = prog;
    s.replace(s.find("ARG"), 3, arg);
    return s;
  };
  parse_ok(with("i"));
  parse_ok(with("3"));
  parse_ok(with("i * 2 + 1"));
  parse_ok(with("-2147483648"));
  // Not an integer, or a literal the parameter's dtype cannot hold: refused as before.
  CHECK(has(error_of(with("f")), "argument 3 of 'k' has type pl.Scalar[pl.FP32] but parameter 'n' expects pl.Scalar[pl.INT32]"));
  CHECK(has(error_of(with("2147483648")), "parameter 'n' expects pl.Scalar[pl.INT32]"));
  CHECK(has(error_of(with("1.5")), "parameter 'n' expects pl.Scalar[pl.INT32]"));
}

// `...` is a statement now (one-line suites); as a whole function body it is an external kernel,
// which stays refused (docs/dsl.md "Not supported"). A function that declares results and never
// returns verified before, its results undefined.
TEST_CASE("a function with results needs a return; an external '...' body is refused") {
  const std::string def = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
                          "    def k(self, a: pl.Tensor[[32], pl.FP16]) -> pl.Tensor[[32], pl.FP16]:\n";
  CHECK(has(error_of(def + "        ...\n"), "doc.py:5:9: error: '...' as a function body: external kernels"));
  CHECK(has(error_of(def + "        pass\n"), "doc.py:4:9: error: function 'k' declares 1 result but its body has no return statement"));
  CHECK(has(error_of(def + "        t = pl.load(a, [0], [32])\n"), "declares 1 result but its body has no return statement"));
  parse_ok(def + "        return a\n");
  // No results declared: no return needed.
  parse_ok("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, a: pl.Tensor[[32], pl.FP16]):\n        pass\n");
}

// docs/dsl.md "elif" (an audit found an if/elif/else whose arms each yield refused, 2026-12-04): the
// chain is the nested form, whose inner if's results the outer else arm yields.
TEST_CASE("if/elif/else whose every arm yields is the nested else: if ... form") {
  auto fn = [](const std::string& body) {
    return "@pl.program\nclass P:\n"
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n" + body + "        return r\n";
  };
  same(fn("        if a < 1:\n            r = pl.yield_(a)\n"
          "        elif a < 2:\n            r = pl.yield_(a + 1)\n"
          "        else:\n            r = pl.yield_(a + 3)\n"),
       fn("        if a < 1:\n            r = pl.yield_(a)\n"
          "        else:\n"
          "            if a < 2:\n                r = pl.yield_(a + 1)\n"
          "            else:\n                r = pl.yield_(a + 3)\n"
          "            r = pl.yield_(r)\n"));
  // Three elifs, two results.
  parse_ok(fn("        if a < 1:\n            r, s = pl.yield_(a, a)\n"
              "        elif a < 2:\n            r, s = pl.yield_(a + 1, a)\n"
              "        elif a < 3:\n            r, s = pl.yield_(a + 2, a)\n"
              "        else:\n            r, s = pl.yield_(a + 3, a)\n"));
  // Still refused: an elif arm without the yield, an elif chain without the final else.
  CHECK(has(error_of(fn("        if a < 1:\n            r = pl.yield_(a)\n"
                        "        elif a < 2:\n            q = a + 1\n"
                        "        else:\n            r = pl.yield_(a + 3)\n")),
            "yields"));
  CHECK(has(error_of(fn("        if a < 1:\n            r = pl.yield_(a)\n"
                        "        elif a < 2:\n            r = pl.yield_(a + 1)\n")),
            "else"));
}

// A constant step of 0 never ends: the verifier says so (`check` accepted it; audit, 2026-12-04).
TEST_CASE("a pl.range step of 0 is a verifier error at the loop") {
  CHECK(has(error_of("@pl.program\nclass P:\n"
                     "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                     "    def main(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                     "        for i, (s,) in pl.range(0, 4, 0, init_values=(a,)):\n"
                     "            s2 = pl.yield_(s + 1)\n"
                     "        return s2\n"),
            "doc.py:5:9: error: a loop step of 0 never ends"));
}

// A scope ptorw does not read is named in the refusal (it said "got 'pl'"; docs audit 2026-12-05).
TEST_CASE("an unsupported with-scope is named") {
  // (pl.incore is read since: the deprecated spelling of pl.at(CORE_GROUP), language_forms_test.)
  CHECK(has(error_of(orch("with pl.cluster():\n            pass")),
            "doc.py:5:14: error: expected pl.at(...), pl.manual_scope() or pl.scope(mode=...) after 'with', got 'pl.cluster'"));
}

// PyPTO's quickstart, Edge Cases: "Cannot reassign 'out' with a different type | The expression's
// dtype differs from the declared Out dtype | Match them, or bind the result to a new name"
// (audit 2026-12-05: accepted before). Both parse orders (one pass, and signatures first).
TEST_CASE("a pl.Out parameter is not rebound to a value of another dtype") {
  const std::string head = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
                           "    def k(self, a: pl.Tensor[[32], pl.FP16], o16: pl.Out[pl.Tensor[[32], pl.FP16]],\n"
                           "          out: pl.Out[pl.Tensor[[32], pl.FP32]]) -> pl.Tensor[[32], pl.FP32]:\n"
                           "        t = pl.load(a, [0], [32])\n";
  CHECK(has(error_of(head + "        out = pl.store(t, [0], o16)\n        return out\n"),
            "doc.py:7:9: error: cannot reassign 'out' with a different type: the pl.Out parameter is pl.FP32, the value pl.FP16 "
            "(match them, or bind the result to a new name)"));
  // A function after a callee it calls is read signatures first: the same rule.
  const std::string two = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
                          "    def main(self, a: pl.Tensor[[32], pl.FP16], out: pl.Out[pl.Tensor[[32], pl.FP32]]) -> pl.Tensor[[32], pl.FP16]:\n"
                          "        out = self.k(a)\n        return out\n"
                          "    @pl.function(type=pl.FunctionType.InCore)\n"
                          "    def k(self, a: pl.Tensor[[32], pl.FP16]) -> pl.Tensor[[32], pl.FP16]:\n        return a\n";
  CHECK(has(error_of(two), "doc.py:5:9: error: cannot reassign 'out' with a different type"));
  // The same dtype, and a new name for the other dtype, are fine; so is an In parameter rebound.
  parse_ok(head + "        c = pl.cast(t, pl.FP32)\n        out = pl.store(c, [0], out)\n        return out\n");
  parse_ok(head + "        other = pl.store(t, [0], o16)\n        return out\n");
  parse_ok(head + "        a = pl.cast(t, pl.FP32)\n        out = pl.store(a, [0], out)\n        return out\n");
}
}  // namespace ut_language_docs_test
