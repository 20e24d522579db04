// The reference interpreter: control flow, calls with In/Out/InOut parameters and their
// aliasing, task submission, deterministic inputs, digests and comparison (docs/semantics.md).
#include <fstream>
#include <sstream>

#include "interp_helpers.hpp"
namespace ut_interp_flow_test {  // one namespace per file: the suite builds as one unity TU

using namespace interp_test;

namespace {
std::string program(const std::string& body) { return "@pl.program\nclass P:\n" + body; }
}  // namespace

TEST_CASE("for loops: bounds, negative steps, iter args, parallel runs in order") {
  auto r = run_ok(program(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        z: pl.Scalar[pl.INDEX] = 0
        for i, (a,) in pl.range(3, 11, 3, init_values=(z,)):
            a2 = a * 100 + i
            s1 = pl.yield_(a2)
        for j, (b,) in pl.range(8, 0, -3, init_values=(z,)):
            b2 = b * 100 + j
            s2 = pl.yield_(b2)
        for k, (c,) in pl.parallel(4, init_values=(z,)):
            c2 = c * 10 + k
            s3 = pl.yield_(c2)
        for m, (d,) in pl.range(5, 5, init_values=(z,)):
            d2 = d + 1
            s4 = pl.yield_(d2)
        return s1, s2, s3, s4
)"));
  CHECK(int_value(out(r, "return[0]").data[0]) == 30609);  // i = 3, 6, 9
  CHECK(int_value(out(r, "return[1]").data[0]) == 80502);  // j = 8, 5, 2
  CHECK(int_value(out(r, "return[2]").data[0]) == 123);    // k = 0, 1, 2, 3 in order
  CHECK(int_value(out(r, "return[3]").data[0]) == 0);      // no iteration: the init value
}

TEST_CASE("while loops with pl.cond, if with results, scopes run inline") {
  auto r = run_ok(program(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        n0: pl.Scalar[pl.INDEX] = 0
        s0: pl.Scalar[pl.INDEX] = 0
        for (n, s) in pl.while_(init_values=(n0, s0)):
            pl.cond(n < 10)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="body"):
                odd = n % 2 == 1
            if odd:
                t = pl.yield_(s + n)
            else:
                t = pl.yield_(s)
            n2 = n + 1
            nf, sf = pl.yield_(n2, t)
        return nf, sf
)"));
  CHECK(int_value(out(r, "return[0]").data[0]) == 10);
  CHECK(int_value(out(r, "return[1]").data[0]) == 25);  // 1 + 3 + 5 + 7 + 9
}

TEST_CASE("a while loop that never ends hits the step limit with a location") {
  std::string src = program(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self) -> pl.Scalar[pl.INDEX]:
        n0: pl.Scalar[pl.INDEX] = 0
        for (n,) in pl.while_(init_values=(n0,)):
            pl.cond(n >= 0)
            n2 = n * 1
            nf = pl.yield_(n2)
        return nf
)");
  RunOptions o;
  o.eval.max_steps = 10000;
  std::string e = run_err(src, o);
  CHECK(e.find("step limit") != std::string::npos);
  CHECK(e.find("t.py:") == 0);
}

const std::string kScale = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8], pl.FP32], o: pl.Out[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:
        t = pl.load(a, [0], [8])
        u = pl.tile.muls(t, 3.0)
        r = pl.store(u, [0], o)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, io: pl.InOut[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:
        t = pl.load(io, [0], [8])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0], io)
        return r
)";

TEST_CASE("Out and InOut tensors are passed by reference; results alias what was stored into") {
  auto r = run_ok(program(kScale + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32], y: pl.Out[pl.Tensor[[8], pl.FP32]]) -> tuple[pl.Tensor[[8], pl.FP32], pl.Tensor[[8], pl.FP32], pl.Tensor[[8], pl.FP32]]:
        buf = pl.create_tensor([8], dtype=pl.FP32)
        s = self.scale(x, buf)
        b = self.bump(s)
        c = self.scale(b, y)
        return buf, c, x
)"));
  const Output& buf = out(r, "return[0]");
  const Output& c = out(r, "return[1]");
  const Output& x = out(r, "return[2]");
  const Output& y = out(r, "y");  // the entry's Out parameter is an output too
  CHECK(r.outputs.size() == 4);
  auto fp32 = [](double v) { return static_cast<double>(static_cast<float>(v)); };
  for (std::int64_t i = 0; i < 8; ++i) {
    // scale wrote buf through its Out parameter, then bump updated it in place through s.
    CHECK(at(buf, {i}) == fp32(fp32(3.0 * at(x, {i})) + 1.0));
    CHECK(at(c, {i}) == fp32(3.0 * at(buf, {i})));
    CHECK(at(y, {i}) == at(c, {i}));
  }
}

TEST_CASE("writing through an In parameter is an error, also when passed on as Out") {
  std::string src = program(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def bad(self, a: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        t = pl.load(a, [0], [8])
        r = pl.store(t, [0], a)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        r = self.bad(x)
        return r
)");
  std::string e = run_err(src);
  CHECK(e.find(loc(src, "r = pl.store") + ": error: tile.store writes 'a', a view of In parameter 'a'") == 0);

  std::string src2 = program(kScale + R"(
    @pl.function(type=pl.FunctionType.InCore)
    def fwd(self, a: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        v = pl.tensor.slice(a, [8], [0])
        r = self.scale(a, v)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        r = self.fwd(x)
        return r
)");
  std::string e2 = run_err(src2);
  CHECK(e2.find(loc(src2, "r = self.scale") + ": error: a view of In parameter 'a' is passed as Out parameter 'o' of 'scale'") == 0);
}

TEST_CASE("RunOptions::read_only_in: the entry's In arguments are read-only storage (a kernel run on its own)") {
  // k writes its In parameter a through a slice, in value mode; kb in Buffer IR (buffer mode).
  std::string src = program(kScale + R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[8], pl.FP32], o: pl.Out[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:
        t = pl.load(a, [0], [8])
        v = pl.tensor.slice(a, [4], [4])
        h = pl.tile.slice(t, [4], [0])
        w = pl.store(h, [0], v)
        r = pl.store(t, [0], o)
        return r

    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kb(self, a: pl.Tensor[[8], pl.FP32], o: pl.Out[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:
        b: pl.Buffer[[8], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(a, (0,), (8,), b)
        pl.buffer.store(b, (0,), (8,), o)
        pl.buffer.store(b, (0,), (8,), a)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def fwd(self, a: pl.Tensor[[8], pl.FP32], o: pl.Out[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:
        r = self.scale(o, a)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def ok(self, a: pl.Tensor[[8], pl.FP32], io: pl.InOut[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:
        t = pl.load(a, [0], [8])
        r = pl.store(t, [0], io)
        return r
)");
  auto prog = parse_ok(src);
  // Off (the default): the host owns the entry's buffers, writes are allowed.
  for (const char* k : {"k", "kb"}) CHECK(run(*prog, k).ok());
  RunOptions o;
  o.read_only_in = true;
  RunResult r = run(*prog, "k", o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->str().find(loc(src, "w = pl.store") + ": error: tile.store writes 'v', a view of read-only In argument 'a'") == 0);
  r = run(*prog, "kb", o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->str().find("buffer.store writes 'a', a view of read-only In argument 'a'") != std::string::npos);
  r = run(*prog, "fwd", o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->str().find(loc(src, "r = self.scale") + ": error: a view of read-only In argument 'a' is passed as Out parameter 'o' of 'scale'") == 0);
  // Out and InOut stay writable; the In argument keeps its contents.
  CHECK(run(*prog, "ok", o).ok());
}

TEST_CASE("Evaluator::on_call sees every call with the arguments as passed") {
  auto prog = parse_ok(program(kScale + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        buf = pl.create_tensor([8], dtype=pl.FP32)
        s = self.scale(x, buf)
        b = self.bump(s)
        return b
)"));
  RunOptions o;
  Memory mem(o.target);
  Evaluator ev(*prog, value_mode_ops(), o.eval);
  use_modes(ev, mem, o);
  std::vector<std::string> calls;
  std::vector<std::size_t> arity;
  ev.on_call([&](const ir::Function& f, const std::vector<Value>& args) {
    calls.push_back(f.name);
    arity.push_back(args.size());
  });
  bind_dims(ev, *prog, o);
  RunResult r = run_with(ev, *prog, *prog->find("main"), make_inputs(ev, *prog->find("main"), o));
  REQUIRE(r.ok());
  CHECK(calls == std::vector<std::string>{"main", "scale", "bump"});
  CHECK(arity == std::vector<std::size_t>{1, 2, 1});
}

TEST_CASE("call arguments are checked against the callee's parameter types") {
  std::string src = program(kScale + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        o = pl.create_tensor([8], dtype=pl.FP32)
        r = self.scale(x, o)
        return r
)");
  CHECK(run_err(src).find(loc(src, "r = self.scale") + ": error: parameter 'a' of 'scale' has shape [8], the argument [16]") == 0);
}

TEST_CASE("pl.submit runs the task and returns its results and a TASK_ID") {
  auto r = run_ok(program(kScale + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> tuple[pl.Tensor[[8], pl.FP32], pl.Scalar[pl.TASK_ID], pl.Scalar[pl.TASK_ID]]:
        o = pl.create_tensor([8], dtype=pl.FP32)
        with pl.manual_scope():
            s, t1 = pl.submit(self.scale, x, o)
            b, t2 = pl.submit(self.bump, s)
        return b, t1, t2
)"));
  CHECK(out(r, "return[0]").poison_count() == 0);
  CHECK(out(r, "return[1]").data[0] == 1);
  CHECK(out(r, "return[2]").data[0] == 2);
}

TEST_CASE("dynamic dims take their values from the run options") {
  std::string src = "M = pl.dynamic(\"M\")\n" + program(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 4], pl.FP32]) -> pl.Tensor[[M, 4], pl.FP32]:
        y = pl.tensor.add(x, x)
        return y
)");
  RunOptions o;
  o.dims["M"] = 5;
  CHECK(out(run_ok(src, o), "return").shape == Shape{5, 4});
  CHECK(out(run_ok(src), "return").shape == Shape{64, 4});  // RunOptions::default_dim
}

TEST_CASE("inputs are deterministic in the seed; digests see every bit and the poison marks") {
  std::string src = program(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], h: pl.Tensor[[4], pl.FP16], k: pl.Tensor[[64], pl.INT8]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[4], pl.FP16], pl.Tensor[[64], pl.INT8]]:
        return x, h, k
)");
  RunOptions s1, s2;
  s1.seed = 1;
  s2.seed = 2;
  auto a = run_ok(src, s1), b = run_ok(src, s1), c = run_ok(src, s2);
  CHECK(digest_report(a) == digest_report(b));
  CHECK(digest(a.outputs[0]) != digest(c.outputs[0]));
  for (std::int64_t i = 0; i < 16; ++i) {
    double v = at(a.outputs[0], {0, i});
    CHECK(v >= -1.0);
    CHECK(v < 1.0);
  }
  for (std::int64_t i = 0; i < 64; ++i) {
    double v = at(a.outputs[2], {i});
    CHECK(v >= -8.0);
    CHECK(v < 8.0);
  }
  Output o = a.outputs[0];
  auto d0 = digest(o);
  o.data[5] ^= 1;  // one bit
  CHECK(digest(o) != d0);
  o.data[5] ^= 1;
  o.poison[5] = 1;
  auto dp = digest(o);
  CHECK(dp != d0);
  o.data[5] = 12345;  // the contents of a poison element do not count
  CHECK(digest(o) == dp);
}

TEST_CASE("compare finds the first differing element; before's poison allows anything") {
  Output a{"out", OutputKind::Tensor, DType::FP32, {2, 3}, {}, {}};
  for (int i = 0; i < 6; ++i) {
    a.data.push_back(float_bits(i, DType::FP32));
    a.poison.push_back(0);
  }
  RunResult ra, rb;
  ra.outputs = {a};
  rb.outputs = {a};
  CHECK_FALSE(compare(ra, rb));
  rb.outputs[0].data[4] = float_bits(9.5, DType::FP32);
  rb.outputs[0].data[5] = float_bits(7, DType::FP32);
  auto d = compare(ra, rb);
  REQUIRE(d);
  CHECK(d->name == "out");
  CHECK(d->flat == 4);
  CHECK(d->index == Shape{1, 1});
  CHECK(d->before == "4 (0x40800000)");
  CHECK(d->after == "9.5 (0x41180000)");
  CHECK(d->str() == "output 'out' element [1, 1]: 4 (0x40800000) vs 9.5 (0x41180000)");
  ra.outputs[0].poison[4] = 1;  // refinement: poison before may become any value
  d = compare(ra, rb);
  REQUIRE(d);
  CHECK(d->flat == 5);
  CompareOptions exact;
  exact.refine = false;
  CHECK(compare(ra, rb, exact)->reason == "poison");
  rb.outputs[0].poison[0] = 1;  // but a defined value may not become poison
  CHECK(compare(ra, rb)->flat == 0);
  rb.outputs[0].shape = {3, 2};
  CHECK(compare(ra, rb)->reason == "shape");
}

TEST_CASE("every example program runs without errors and without poison outputs") {
  for (const char* name : {"attention_qk.py", "multi_return.py", "pattern1_iter_arg_reuse.py", "windowed_rows.py"}) {
    CAPTURE(name);
    auto pr = text::parse_file(source_path(std::string("examples/") + name));
    for (auto& e : pr.errors) FAIL_CHECK(e.str());
    REQUIRE(pr.ok());
    RunResult r = run(*pr.program);
    if (!r.ok()) FAIL_CHECK(r.error->str());
    REQUIRE(r.ok());
    CHECK_FALSE(r.outputs.empty());
    for (const auto& o : r.outputs) CHECK(o.poison_count() == 0);
  }
}

TEST_CASE("a callee's symbolic dims are bound per call from its arguments") {
  std::string src = "R = pl.dynamic(\"R\")\n" + program(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, a: pl.Tensor[[R, 8], pl.FP32], o: pl.Out[pl.Tensor[[R, 8], pl.FP32]]) -> pl.Tensor[[R, 8], pl.FP32]:
        t = pl.load(a, [0, 0], [4, 8])
        r = pl.store(t, [0, 0], o)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 8], pl.FP32], y: pl.Tensor[[6, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
        o = pl.create_tensor([4, 8], dtype=pl.FP32)
        r = self.rows(x, o)
        bad = pl.create_tensor([4, 8], dtype=pl.FP32)
        r2 = self.rows(y, bad)
        return r
)");
  std::string e = run_err(src);
  CHECK(e.find(loc(src, "r2 = ") + ": error: parameter 'o' of 'rows' has shape [6, 8], the argument [4, 8]") == 0);
}

TEST_CASE("tensor.assemble of a lower-rank part covers the parent's trailing dims") {
  auto r = run_ok(program(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self) -> pl.Tensor[[2, 4, 6], pl.FP32]:
        cube = pl.full([2, 4, 6], 0.0, dtype=pl.FP32)
        plane = pl.full([2, 3], 5.0, dtype=pl.FP32)
        placed = pl.tensor.assemble(cube, plane, [1, 2, 3])
        return placed
)"));
  const Output& o = out(r, "return");
  CHECK(at(o, {1, 2, 3}) == 5.0);
  CHECK(at(o, {1, 3, 5}) == 5.0);
  CHECK(at(o, {0, 2, 3}) == 0.0);
  CHECK(at(o, {1, 2, 2}) == 0.0);
}
}  // namespace ut_interp_flow_test
