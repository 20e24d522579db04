// Random kernels through init-memref + plan-memory under all three planners. Each planned program
// must (1) verify, (2) keep its meaning (interp::diffcheck, value mode) and (3) pass the storage
// simulation (lowering/planning/storage_check.hpp), which catches clobbers that value mode cannot
// see: address reuse of a live value, a carry overwritten while still read, a swap without a
// snapshot. Kernels mix loads, unary / binary / scalar ops, recip, reshape round trips, For and
// While loops with 1-3 tile carries (inits and yields drawn from everything in scope, so swaps,
// duplicated inits and loop-invariant yields occur) and Ifs with tile results, nested two deep.
// PTORW_PLAN_FUZZ_COUNT changes the number of kernels (default 150).
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/lowering/planning/plan_memory.hpp"
#include "ptorw/lowering/planning/storage_check.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"

using namespace ptorw;
using namespace ptorw::lowering::planning;

namespace {

class KernelGen {
 public:
  explicit KernelGen(std::uint32_t seed) : rng_(seed) {}

  std::string program() {
    std::vector<std::string> pool;
    std::string body;
    block(body, 2, pool, 0);
    // Keep everything in scope alive to the end: fold it into one stored tile.
    std::string acc = pool.empty() ? load(body, 2, pool) : pool[0];
    for (std::size_t i = 1; i < pool.size(); ++i) {
      std::string t = fresh("f");
      line(body, 2, t + " = pl.tile.add(" + acc + ", " + pool[i] + ")");
      acc = t;
    }
    line(body, 2, "result = pl.tile.store(" + acc + ", (0, 0), out)");
    line(body, 2, "return result");
    return "import ptorw.language as pl\n\n\n@pl.program\nclass P:\n"
           "    @pl.function(type=pl.FunctionType.InCore)\n"
           "    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], "
           "out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n" +
           body +
           "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
           "        out = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
           "        r = self.kernel(a, " + std::to_string(rng_() % 4) + ", out)\n"
           "        return r\n";
  }

 private:
  std::mt19937 rng_;
  int names_ = 0;

  std::string fresh(const char* p) { return std::string(p) + std::to_string(names_++); }
  static void line(std::string& out, int ind, const std::string& s) { out += std::string(4 * static_cast<std::size_t>(ind), ' ') + s + "\n"; }
  std::size_t pick(std::size_t n) { return rng_() % n; }
  std::string any(const std::vector<std::string>& pool) { return pool[pick(pool.size())]; }
  std::string load(std::string& out, int ind, std::vector<std::string>& pool) {
    std::string t = fresh("l");
    line(out, ind, t + " = pl.tile.load(a, (0, 0), (16, 32))");
    pool.push_back(t);
    return t;
  }

  void block(std::string& out, int ind, std::vector<std::string>& pool, int depth) {
    int n = 2 + static_cast<int>(pick(5));
    for (int i = 0; i < n; ++i) one(out, ind, pool, depth);
  }

  void one(std::string& out, int ind, std::vector<std::string>& pool, int depth) {
    if (pool.empty()) {
      load(out, ind, pool);
      return;
    }
    std::size_t k = pick(depth < 2 ? 12 : 8);
    std::string t = fresh("t");
    switch (k) {
      case 0: load(out, ind, pool); return;
      case 1: line(out, ind, t + " = pl.tile." + std::string(pick(2) ? "exp" : "neg") + "(" + any(pool) + ")"); break;
      case 2: line(out, ind, t + " = pl.tile.recip(" + any(pool) + ")"); break;
      case 3: case 4: {
        static const char* ops[] = {"add", "sub", "mul", "maximum", "minimum"};
        line(out, ind, t + " = pl.tile." + std::string(ops[pick(5)]) + "(" + any(pool) + ", " + any(pool) + ")");
        break;
      }
      case 5: line(out, ind, t + " = pl.tile.muls(" + any(pool) + ", 0.5)"); break;
      case 6: {
        std::string r = fresh("r");
        line(out, ind, r + " = pl.tile.reshape(" + any(pool) + ", [32, 16])");
        line(out, ind, t + " = pl.tile.reshape(" + r + ", [16, 32])");
        break;
      }
      case 7: line(out, ind, t + " = pl.tile.adds(" + any(pool) + ", 1.0)"); break;
      case 8: case 9: loop(out, ind, pool, depth, k == 9); return;
      default: if_stmt(out, ind, pool, depth); return;
    }
    pool.push_back(t);
  }

  void loop(std::string& out, int ind, std::vector<std::string>& pool, int depth, bool is_while) {
    std::size_t c = 1 + pick(3);
    std::vector<std::string> inits, ias, results;
    for (std::size_t i = 0; i < c; ++i) {
      inits.push_back(any(pool));
      ias.push_back(fresh("c"));
      results.push_back(fresh("o"));
    }
    auto join = [](const std::vector<std::string>& v) {
      std::string s;
      for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
      return s;
    };
    std::string k = fresh("k");
    if (is_while) {
      line(out, ind, "for (" + join(ias) + ", " + k + ") in pl.while_(init_values=(" + join(inits) + ", 0)):");
      line(out, ind + 1, "pl.cond(" + k + " < n)");
    } else {
      line(out, ind, "for " + k + ", (" + join(ias) + (c == 1 ? ",)" : ")") + " in pl.range(n, init_values=(" +
                         join(inits) + (c == 1 ? ",))" : "))") + ":");
    }
    std::vector<std::string> inner = pool;
    inner.insert(inner.end(), ias.begin(), ias.end());
    block(out, ind + 1, inner, depth + 1);
    std::vector<std::string> ys;
    for (std::size_t i = 0; i < c; ++i) ys.push_back(any(inner));
    std::string lhs = join(results);
    if (is_while) {
      std::string kk = fresh("kk");
      line(out, ind + 1, lhs + ", " + kk + " = pl.yield_(" + join(ys) + ", " + k + " + 1)");
    } else {
      line(out, ind + 1, lhs + " = pl.yield_(" + join(ys) + ")");
    }
    pool.insert(pool.end(), results.begin(), results.end());
  }

  void if_stmt(std::string& out, int ind, std::vector<std::string>& pool, int depth) {
    std::size_t c = 1 + pick(2);
    std::vector<std::string> results;
    for (std::size_t i = 0; i < c; ++i) results.push_back(fresh("s"));
    std::string lhs;
    for (std::size_t i = 0; i < c; ++i) lhs += (i ? ", " : "") + results[i];
    line(out, ind, "if n > " + std::to_string(pick(3)) + ":");
    for (int arm = 0; arm < 2; ++arm) {
      if (arm) line(out, ind, "else:");
      std::vector<std::string> inner = pool;
      block(out, ind + 1, inner, depth + 1);
      std::string ys;
      for (std::size_t i = 0; i < c; ++i) ys += (i ? ", " : "") + any(inner);
      line(out, ind + 1, lhs + " = pl.yield_(" + ys + ")");
    }
    pool.insert(pool.end(), results.begin(), results.end());
  }
};

}  // namespace

TEST_CASE("random kernels: planned storage keeps meaning and never clobbers a live value (3 planners)") {
  const char* env = std::getenv("PTORW_PLAN_FUZZ_COUNT");
  int count = env && *env ? std::atoi(env) : 150;
  int planned = 0, copies = 0;
  for (int seed = 1; seed <= count; ++seed) {
    std::string src = KernelGen(static_cast<std::uint32_t>(seed)).program();
    auto parsed = text::parse_program(src, "fuzz.py");
    REQUIRE_MESSAGE(parsed.ok(), "seed " << seed << ": generated program does not parse\n" << src);
    REQUIRE_MESSAGE(!has_errors(ir::verify(*parsed.program)), "seed " << seed << ": does not verify\n" << src);
    for (const char* planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
      passes::PassContext ctx;
      ctx.memory_planner = planner;
      passes::PassOutcome a = run_init_memref(parsed.program, ctx);
      std::string why;
      for (const auto& d : a.diagnostics) why += d.str() + "\n";
      if (has_errors(a.diagnostics)) {  // only over-capacity may stop a random kernel
        FAIL_CHECK("seed " << seed << " " << std::string(planner) << ": init-memref failed\n" << why << src);
        continue;
      }
      passes::PassOutcome b = run_plan_memory(a.program, ctx);
      why.clear();
      for (const auto& d : b.diagnostics) why += d.str() + "\n";
      if (has_errors(b.diagnostics)) {
        CHECK_MESSAGE(why.find("does not fit") != std::string::npos, "seed " << seed << " " << std::string(planner) << "\n" << why << src);
        continue;
      }
      ++planned;
      std::string text = text::print_program(*b.program);
      copies += static_cast<int>(std::count(text.begin(), text.end(), '\n')) - static_cast<int>(std::count(src.begin(), src.end(), '\n'));
      auto vd = ir::verify(*b.program);
      CHECK_MESSAGE(!has_errors(vd), "seed " << seed << " " << std::string(planner) << ": planned program does not verify\n" << text);
      const auto& f = *b.program->find("kernel");
      Diagnostics sim = check_storage(f, "fuzz.py");
      std::string simtext;
      for (const auto& d : sim) simtext += d.str() + "\n";
      CHECK_MESSAGE(sim.empty(), "seed " << seed << " " << std::string(planner) << ":\n" << simtext << text);
      auto d = interp::diffcheck(*parsed.program, *b.program);
      CHECK_MESSAGE(d.ok(), "seed " << seed << " " << std::string(planner) << ": " << d.str() << "\n" << text << "\n---- source ----\n" << src);
      // Idempotence.
      passes::PassOutcome again = run_plan_memory(run_init_memref(b.program, ctx).program, ctx);
      CHECK_MESSAGE(again.program == b.program, "seed " << seed << " " << std::string(planner) << ": not idempotent");
    }
  }
  MESSAGE("planned " << planned << " kernels; " << copies << " lines added (allocs + copies)");
  CHECK(planned > count * 2);
}
