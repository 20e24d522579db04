// Issue 14: "Outlined kernels run on their own under their declared directions."
//
// Every golden whose pipeline outlines (`outline-incore-scopes`, or a sequence pass such as
// `default` whose summary lists it) is run through its passes; every InCore-type function of the
// output that the input did not have is an outlined kernel, and each is run *standalone* in the
// interpreter, as a host would call it:
//
//   * In tensors: random, and read-only (RunOptions::read_only_in): a write through any view of
//     one, or passing one on as Out/InOut, is an error — an In that should be Out/InOut.
//   * Out tensors: fresh, every element poison (docs/semantics.md "Running a program"). Reading
//     one into a computation is the interpreter's poison error — an Out that should be InOut.
//   * InOut tensors: random; read and written freely.
//   * Scalars: the values the kernel receives at its call sites when the pipeline's output runs
//     (captured with Evaluator::on_call, seeds 1..3; at most kMaxContexts distinct ones); a kernel
//     with no call site left (e.g. the original of a Pattern 5 __windowed clone) gets 0 for each.
//
// Each context runs twice on the same inputs: run A with the Out tensors poison, run B with them
// holding random data (what a caller's buffer holds). The rule checked, element by element:
//
//   * run A must not fail;
//   * an Out element that run A leaves poison must be one the kernel never writes: run B leaves
//     it holding the caller's data. The spec does not ask an Out to be written whole — outlining
//     makes a tensor Out when the scope writes it by tile.store (optimize_orch_tensors.md
//     Pattern 5 / DeriveCallDirections: windowed writers leave "partially initialized regions"),
//     and a call passes the caller's buffer by reference (docs/semantics.md "Calls"), so the
//     elements the scope did not write keep the caller's data, before outlining and after. What an
//     Out must never do is hold poison the kernel *stored* (an undefined value reaching a result):
//     run B would then hold poison (or anything but its own data) there. That the kernel writes
//     what its scope wrote is the golden runner's diffcheck of the whole program (the call's
//     footprint is the scope's, on the same inputs);
//   * an Out element run A writes must hold the same value in run B: the Out's prior contents
//     do not reach what the kernel writes (Out means "not read"), also through data movement
//     that the poison error alone would not catch;
//   * InOut tensors and returned values (tiles: their valid region; tensors that are not views of
//     an Out parameter) hold no poison after run A, and the same values in both runs;
//   * In tensors keep their contents.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "interp_helpers.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"  // passes come from test/support/all_passes.cpp
namespace ut_interp_outlined_kernels_test {  // one namespace per file: the suite builds as one unity TU

using namespace interp_test;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxContexts = 8;
const std::uint64_t kSeeds[] = {1, 2, 3};

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// `# key: value` of the leading comment block (test/golden/README.md).
std::string header(const std::string& src, const std::string& key) {
  std::istringstream in(src);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) != 0) break;
    if (line.rfind("# " + key + ":", 0) == 0) {
      std::string v = line.substr(key.size() + 3);
      while (!v.empty() && v.front() == ' ') v.erase(v.begin());
      return v;
    }
  }
  return {};
}

/// Does the pipeline `spec` outline? A step named outline-incore-scopes, or a sequence pass whose
/// summary lists it among its steps.
bool outlines(const std::string& spec) {
  std::istringstream in(spec);
  std::string step;
  while (std::getline(in, step, ',')) {
    while (!step.empty() && step.front() == ' ') step.erase(step.begin());
    while (!step.empty() && step.back() == ' ') step.pop_back();
    if (step == "outline-incore-scopes") return true;
    if (auto p = passes::make_pass(step); p && p->summary.find("outline-incore-scopes") != std::string::npos) return true;
  }
  return false;
}

using Context = std::map<std::string, double, std::less<>>;  // scalar parameter -> value

double scalar_number(const Scalar& s) { return ir::is_float(s.dtype) ? s.as_double() : static_cast<double>(s.as_int()); }

/// The scalar arguments `kernels` receive when `prog`'s main runs (seeds kSeeds).
std::map<std::string, std::vector<Context>> call_contexts(const ir::Program& prog, const std::set<std::string>& kernels) {
  std::map<std::string, std::vector<Context>> out;
  if (!prog.find("main")) return out;
  for (std::uint64_t seed : kSeeds) {
    RunOptions o;
    o.seed = seed;
    Memory mem(o.target);
    Evaluator ev(prog, value_mode_ops(), o.eval);
    use_modes(ev, mem, o);
    ev.on_call([&](const ir::Function& f, const std::vector<Value>& args) {
      if (!kernels.count(f.name)) return;
      Context c;
      for (std::size_t i = 0; i < f.params.size() && i < args.size(); ++i)
        if (auto* s = std::get_if<Scalar>(&args[i].v)) c[ir::var_name(f.params[i].var)] = scalar_number(*s);
      auto& v = out[f.name];
      if (v.size() < kMaxContexts && std::find(v.begin(), v.end(), c) == v.end()) v.push_back(std::move(c));
    });
    bind_dims(ev, prog, o);
    RunResult r = run_with(ev, prog, *prog.find("main"), make_inputs(ev, *prog.find("main"), o));
    CHECK_MESSAGE(r.ok(), "main of the pipeline's output fails: " << (r.ok() ? "" : r.error->str()));
  }
  return out;
}

/// One standalone run of a kernel: its arguments after the run (views share the storage the
/// kernel wrote), their contents before it, and what it returned (tuples flattened).
struct Standalone {
  std::vector<Value> args;
  std::vector<std::vector<Bits>> before;  // per tensor argument, logical row-major
  std::vector<Value> rets;
  std::string error;
};

std::vector<std::pair<Bits, bool>> elems(const TensorVal& t) {
  std::vector<std::pair<Bits, bool>> v;
  for_each_index(t.shape, [&](const Shape& idx) {
    auto p = static_cast<std::size_t>(t.pos(idx));
    v.emplace_back(t.storage->data[p], t.storage->poison[p] != 0);
  });
  return v;
}

void flatten(const Value& v, std::vector<Value>& out) {
  if (auto* t = std::get_if<TupleVal>(&v.v)) {
    for (const auto& e : t->elems) flatten(e, out);
    return;
  }
  out.push_back(v);
}

/// Runs `fn` on the inputs of `seed` with scalars from `ctx`; `fill_out`: the Out tensors hold
/// random data (run B) instead of poison (run A).
Standalone run_standalone(const ir::Program& prog, const ir::Function& fn, std::uint64_t seed, const Context& ctx,
                          bool fill_out) {
  Standalone s;
  RunOptions o;
  o.seed = seed;
  o.read_only_in = true;
  o.nonneg_int_scalars = true;
  for (const auto& [k, v] : ctx) o.scalars[k] = v;
  Memory mem(o.target);
  Evaluator ev(prog, value_mode_ops(), o.eval);
  use_modes(ev, mem, o);
  try {
    bind_dims(ev, prog, o);
    s.args = make_inputs(ev, fn, o);
  } catch (const InterpError& e) {
    s.error = std::string("inputs: ") + e.what();
    return s;
  }
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    auto* t = std::get_if<TensorVal>(&s.args[i].v);
    if (t && fill_out && fn.params[i].dir == ir::Direction::Out) {
      Rng rng(seed ^ 0x5eedf111ull, 1000 + i);  // the caller's data, a stream of its own
      for_each_index(t->shape, [&](const Shape& idx) {
        auto p = static_cast<std::size_t>(t->pos(idx));
        t->storage->data[p] = random_element(rng, t->dtype());
        t->storage->poison[p] = 0;
      });
    }
    std::vector<Bits> b;
    if (t)
      for (auto [bits, poison] : elems(*t)) b.push_back(poison ? ~Bits{0} : bits);
    s.before.push_back(std::move(b));
  }
  try {
    for (auto& v : ev.call(fn, s.args, /*entry=*/true)) flatten(v, s.rets);
  } catch (const InterpError& e) {
    s.error = (e.located ? "line " + std::to_string(e.span.line) + ": " : std::string()) + e.what();
  }
  return s;
}

struct Tally {
  int goldens = 0, kernels = 0, runs = 0;
  std::size_t out_written = 0, out_untouched = 0;
};

std::string ctx_str(const Context& c) {
  std::string s = "{";
  for (const auto& [k, v] : c) s += (s.size() > 1 ? ", " : "") + k + "=" + std::to_string(v);
  return s + "}";
}

/// The checks of the header comment for one kernel, one context, one seed.
void check_kernel(const ir::Program& prog, const ir::Function& fn, std::uint64_t seed, const Context& ctx, const std::string& what,
                  Tally& tally) {
  const std::string where = what + " kernel '" + fn.name + "' seed " + std::to_string(seed) + " scalars " + ctx_str(ctx);
  Standalone a = run_standalone(prog, fn, seed, ctx, false);
  Standalone b = run_standalone(prog, fn, seed, ctx, true);
  ++tally.runs;
  if (!a.error.empty()) {
    FAIL_CHECK(where << ": fails run on its own with its Out tensors poison and its In tensors read-only: " << a.error);
    return;
  }
  if (!b.error.empty()) {
    FAIL_CHECK(where << ": fails when its Out tensors hold the caller's data (and not when they are poison): " << b.error);
    return;
  }
  std::set<const Storage*> out_storage;
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    const auto* ta = std::get_if<TensorVal>(&a.args[i].v);
    if (!ta) continue;
    const auto& tb = std::get<TensorVal>(b.args[i].v);
    const std::string pname = "parameter '" + ir::var_name(fn.params[i].var) + "' (" +
                              std::string(ir::name_of(fn.params[i].dir)) + ")";
    const auto ea = elems(*ta), eb = elems(tb);
    std::size_t bad = 0;
    auto report = [&](std::size_t k, const std::string& why) {
      if (bad++ < 3) FAIL_CHECK(where << ": " << pname << " element " << k << " (row-major): " << why);
    };
    switch (fn.params[i].dir) {
      case ir::Direction::In:
        for (std::size_t k = 0; k < ea.size(); ++k)
          if (ea[k].second || ea[k].first != a.before[i][k]) report(k, "an In tensor changed");
        break;
      case ir::Direction::InOut:
        for (std::size_t k = 0; k < ea.size(); ++k) {
          if (ea[k].second) report(k, "poison in an InOut after the run (an undefined value stored)");
          else if (eb[k].second || eb[k].first != ea[k].first)
            report(k, "differs when the Out tensors hold data instead of poison (an Out's prior contents reach it)");
        }
        break;
      case ir::Direction::Out:
        out_storage.insert(ta->storage.get());
        for (std::size_t k = 0; k < ea.size(); ++k) {
          if (ea[k].second) {
            ++tally.out_untouched;
            if (eb[k].second || eb[k].first != b.before[i][k])
              report(k, eb[k].second ? "the kernel stores poison into its Out (an undefined value reaches a result)"
                                     : "left poison when the Out starts poison, but written when it holds data");
          } else {
            ++tally.out_written;
            if (eb[k].second || eb[k].first != ea[k].first)
              report(k, "written with a value that depends on the Out's prior contents (Out read: should be InOut)");
          }
        }
        break;
    }
    if (bad > 3) FAIL_CHECK(where << ": " << pname << ": " << bad << " bad elements in all");
  }
  REQUIRE(a.rets.size() == b.rets.size());
  for (std::size_t r = 0; r < a.rets.size(); ++r) {
    const std::string rname = where + ": return value " + std::to_string(r);
    if (auto* t = std::get_if<TensorVal>(&a.rets[r].v)) {
      if (out_storage.count(t->storage.get())) continue;  // a view of an Out: checked as the Out
      const auto ea = elems(*t), eb = elems(std::get<TensorVal>(b.rets[r].v));
      for (std::size_t k = 0; k < ea.size(); ++k)
        if (ea[k].second || eb[k].second || ea[k].first != eb[k].first) {
          FAIL_CHECK(rname << " element " << k << ": poison, or depends on the Out tensors' prior contents");
          break;
        }
    } else if (auto* tl = std::get_if<TileVal>(&a.rets[r].v)) {
      const TileData& x = **tl;
      const TileData& y = *std::get<TileVal>(b.rets[r].v);
      bool ok = x.valid == y.valid;
      for_each_index(x.valid, [&](const Shape& idx) {
        auto l = static_cast<std::size_t>(x.linear(idx));
        ok = ok && !x.poison[l] && !y.poison[l] && x.data[l] == y.data[l];
      });
      CHECK_MESSAGE(ok, rname << " (a tile): poison in its valid region, or depends on the Out tensors' prior contents");
    } else if (auto* s = std::get_if<Scalar>(&a.rets[r].v)) {
      CHECK_MESSAGE(s->bits == std::get<Scalar>(b.rets[r].v).bits, rname << " (a scalar) depends on the Out tensors' prior contents");
    }
  }
}

}  // namespace

TEST_CASE("outlined kernels run on their own under their declared directions (every outlining golden)") {
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  fs::path root = fs::path(root_env ? root_env : ".") / "test" / "golden";
  REQUIRE(fs::exists(root));
  std::vector<fs::path> befores;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    const std::string n = e.path().filename().string();
    if (n.size() > 10 && n.substr(n.size() - 10) == ".before.py") befores.push_back(e.path());
  }
  std::sort(befores.begin(), befores.end());
  Tally tally;
  std::set<std::string> outlining_cases;
  for (const auto& path : befores) {
    const std::string src = read_text(path);
    std::string spec = header(src, "passes");
    if (spec.empty()) spec = path.parent_path().filename().string();
    if (!outlines(spec) || !header(src, "expect-error").empty()) continue;
    const std::string name = path.parent_path().filename().string() + "/" + path.filename().string();
    outlining_cases.insert(name);
    auto parsed = text::parse_program(src, path.string());
    REQUIRE_MESSAGE(parsed.ok(), name);
    auto pipeline = passes::parse_pipeline(spec);
    REQUIRE_MESSAGE(pipeline.error.empty(), pipeline.error);
    passes::PassManager pm;
    for (auto& p : pipeline.passes) pm.add(std::move(p));
    auto result = pm.run(parsed.program, {});
    REQUIRE_MESSAGE(result.ok, name << ": the pipeline fails");
    const ir::Program& out = *result.program;
    std::set<std::string> outlined;
    for (const auto& f : out.functions)
      if (ir::is_incore_like(f->type) && !parsed.program->find(f->name)) outlined.insert(f->name);
    // A golden with a pl.at scope that expects a change outlines at least one scope (`default`
    // outlines too, and its goldens without a scope change by their other steps).
    if (header(src, "expect") != "unchanged" && src.find("with pl.at(") != std::string::npos)
      CHECK_MESSAGE(!outlined.empty(), name << ": no outlined kernel in the pipeline's output");
    if (outlined.empty()) continue;
    ++tally.goldens;
    auto contexts = call_contexts(out, outlined);
    for (const auto& k : outlined) {
      ++tally.kernels;
      std::vector<Context> cs = contexts[k];
      if (cs.empty()) {  // no call site left: every scalar 0
        Context c;
        for (const auto& p : out.find(k)->params)
          if (ir::type_as<ir::ScalarType>(p.var->type)) c[ir::var_name(p.var)] = 0;
        cs.push_back(c);
      }
      for (const auto& c : cs)
        for (std::uint64_t seed : kSeeds) check_kernel(out, *out.find(k), seed, c, name, tally);
    }
  }
  CHECK(tally.kernels > 0);
  MESSAGE("outlined kernels checked standalone: " << tally.kernels << " from " << tally.goldens << " goldens ("
                                                   << outlining_cases.size() << " outlining goldens), " << tally.runs
                                                   << " context x seed runs (each twice: Out poison / Out holding data); Out "
                                                      "elements written "
                                                   << tally.out_written << ", never written " << tally.out_untouched);
}

// Review rev40b F2: carries yielding each other in a rotation (`yield_(a1, a2, ..., s)`, the store
// into a0) moved a free tensor one carry per walk of the scope: 400 carries took 2 s, 600 took 16 s.
// They settle at the loop header now. Every f_i reaches a0 on some trip of a long enough loop, so
// each is Out (the directions are flow-insensitive about trip counts).
TEST_CASE("outline-incore-scopes: a rotation of many loop carries gets every carried tensor's direction") {
  constexpr int k = 300;
  std::string params, carries, inits, yields, results;
  for (int i = 0; i < k; ++i) {
    const std::string n = std::to_string(i), sep = i ? ", " : "";
    params += ", f" + n + ": pl.Tensor[[16, 32], pl.FP32]";
    carries += sep + "a" + n;
    inits += sep + "f" + n;
    yields += sep + (i + 1 < k ? "a" + std::to_string(i + 1) : std::string("s"));
    results += sep + "r" + n;
  }
  const std::string src = "import ptorw.language as pl\n@pl.program\nclass P:\n"
                          "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                          "    def main(self, x: pl.Tensor[[16, 32], pl.FP32]" + params + ") -> pl.Tensor[[16, 32], pl.FP32]:\n"
                          "        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"k\"):\n"
                          "            t = pl.load(x, [0, 0], [16, 32])\n"
                          "            for i, (" + carries + ",) in pl.range(4, init_values=(" + inits + ",)):\n"
                          "                s = pl.store(t, [0, 0], a0)\n"
                          "                " + results + " = pl.yield_(" + yields + ")\n"
                          "        return r0\n";
  auto parsed = text::parse_program(src, "rot.py");
  REQUIRE(parsed.ok());
  auto pipeline = passes::parse_pipeline("outline-incore-scopes");
  REQUIRE(pipeline.error.empty());
  passes::PassManager pm;
  for (auto& p : pipeline.passes) pm.add(std::move(p));
  auto result = pm.run(parsed.program, {});
  REQUIRE(result.ok);
  const ir::FunctionPtr kern = result.program->find("k");
  REQUIRE(kern != nullptr);
  int out = 0;
  for (const auto& p : kern->params) {
    const std::string n = ir::var_name(p.var);
    if (n == "x") CHECK(p.dir == ir::Direction::In);
    else if (p.dir == ir::Direction::Out) ++out;
    else FAIL_CHECK(n << " is not Out");
  }
  CHECK(out == k);
}
}  // namespace ut_interp_outlined_kernels_test
