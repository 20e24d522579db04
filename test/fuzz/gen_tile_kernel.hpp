// Random tile kernels for the planning / lowering fuzz (issue 14): one InCore kernel and an
// orchestration `main` that calls it, as pl-DSL SSA text, deterministic per seed.
//
//   fuzz::TileKernel k = fuzz::generate_tile_kernel(seed);   // k.text, k.features
//
// The kernel reads `a: [16, 32]` and `b: [48, 32]` (FP32), a loop bound `n` and writes 1-3 Out
// tensors of 16, 32 or 48 rows; `main` calls it twice, with n = m and 3 - m for a random m in 0..3.
// Every tile is [16, 32] FP32 in Vec (a reshape round trip relabels it as [32, 16]). Everything it uses is inside the default Buffer IR
// rollout (lower_tile_to_buffer.md), so select-buffer-ir selects the kernel and the whole
// tile-to-buffer pipeline runs on it.
//
// What it mixes, so that the three planners must get lifetimes right, not just keep everything:
//  * values with a use budget: short-lived ones (used once or twice, then dead, so their storage
//    can be reused at once), long-lived ones (usable to the end of their scope), and values never
//    used at all (dead writes that may only land on dead storage);
//  * loads (of `a`, and of `b` at static or loop-variable row offsets), unary / binary / scalar
//    elementwise ops, recip (distinct destination), fills, Vec->Vec moves, reshape round trips
//    (relabels: the round trip's result aliases its source's storage);
//  * stores anywhere: several per kernel, into several Out parameters, at static rows or at the
//    row of a loop's variable or counter; each Out is threaded as a GM version
//    (`o2 = store(t, .., o1)`), carried by loops that store into it and returned by Ifs whose arms
//    store into it;
//  * For and While loops (nested two deep) with 1-3 tile carries whose inits and yields are drawn
//    from everything in scope (swaps, duplicated inits, loop-invariant yields), inits that die at
//    the loop (the loop is their last use) and inits still read inside or after it; values defined
//    and dead inside the body;
//  * Ifs with tile and GM results, values defined and dead inside an arm.
// `features` counts these shapes, so a test can check that a run of seeds covers them.
#pragma once
#include "feature_counts.hpp"
#include <array>
#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace ptorw::fuzz {

struct TileKernelOptions {
  int max_depth = 2;            // nesting of loops and Ifs
  int short_lived_percent = 55; // values that get a budget of one or two uses
  int never_used_percent = 8;   // values never used (dead writes)
  int max_outs = 3;             // Out parameters: 1..max_outs
};

/// How often each shape occurred in one generated kernel (sums over seeds show coverage).
enum class Shape : std::uint8_t {
  Values,        // tile definitions (assignments, iter args, loop / If results)
  ShortLived,    // given a budget of one or two uses
  NeverUsed,     // defined and never read
  BodyValues,    // defined in a loop body (dead when the body ends, unless yielded)
  ArmValues,     // defined in an If arm (dead when the arm ends, unless yielded)
  Outs,          // Out parameters
  Stores,        // tile.store statements
  StoresInLoop,  // ... inside a loop body
  StoresInArm,   // ... inside an If arm
  DynamicRows,   // loads / stores at a loop variable's row
  ForLoops,
  WhileLoops,
  Ifs,
  TileCarries,
  GmCarries,     // an Out threaded through a loop
  GmIfResults,   // an Out returned by an If
  DyingInits,    // a carry init whose last use is the loop
  LiveInits,     // a carry init that may be read again inside or after the loop
  Reshapes,
  Moves,
  Fills,
  Recips,
  Count
};
inline constexpr const char* kShapeNames[] = {
    "values", "short_lived", "never_used", "body_values", "arm_values", "outs", "stores", "stores_in_loop",
    "stores_in_arm", "dynamic_rows", "for_loops", "while_loops", "ifs", "tile_carries", "gm_carries",
    "gm_if_results", "dying_inits", "live_inits", "reshapes", "moves", "fills", "recips"};
static_assert(std::size(kShapeNames) == static_cast<std::size_t>(Shape::Count));

using TileKernelFeatures = FeatureCounts<Shape, kShapeNames>;

struct TileKernel {
  std::uint64_t seed = 0;
  std::string text;
  TileKernelFeatures features;
};

class TileKernelGen {
 public:
  explicit TileKernelGen(std::uint64_t seed, TileKernelOptions o = {}) : rng_(seed), o_(o) {}

  TileKernel generate() {
    TileKernel k;
    const int nouts = 1 + static_cast<int>(pick(static_cast<std::size_t>(o_.max_outs < 1 ? 1 : o_.max_outs)));
    for (int j = 0; j < nouts; ++j) out_blocks_.push_back(1 + static_cast<int>(pick(3)));
    f_[Shape::Outs] = static_cast<std::uint64_t>(nouts);
    Scope top;
    top.depth = 0;
    for (int j = 0; j < nouts; ++j) {
      top.out_version.push_back("out" + std::to_string(j));
      top.out_threaded.push_back(true);
    }
    std::string body;
    block(body, 2, top);
    // Long-lived values still alive are folded into one tile and stored; an Out nothing was
    // stored into at the top level gets a store, so every output carries data.
    std::string acc;
    for (int id : top.visible) {
      Val& v = vals_[static_cast<std::size_t>(id)];
      if (v.uses >= 0) continue;
      if (acc.empty()) {
        acc = v.name;
        continue;
      }
      std::string t = fresh("f");
      line(body, 2, t + " = pl.tile." + binop() + "(" + acc + ", " + v.name + ")");
      acc = t;
    }
    for (int j = 0; j < nouts; ++j) {
      if (top_stored_.size() > static_cast<std::size_t>(j) && top_stored_[static_cast<std::size_t>(j)] && (acc.empty() || pick(2))) continue;
      std::string t = acc.empty() ? use(body, 2, top) : acc;
      store(body, 2, top, static_cast<std::size_t>(j), t);
      acc.clear();
    }
    if (!acc.empty()) store(body, 2, top, pick(static_cast<std::size_t>(nouts)), acc);
    std::string ret, rtype;
    for (int j = 0; j < nouts; ++j) {
      ret += (j ? ", " : "") + top.out_version[static_cast<std::size_t>(j)];
      rtype += (j ? ", " : "") + out_type(j);
    }
    if (nouts > 1) rtype = "tuple[" + rtype + "]";
    line(body, 2, "return " + ret);
    for (const Val& v : vals_)
      if (v.reads == 0) ++f_[Shape::NeverUsed];

    // main calls the kernel twice, with n = m and n = 3 - m (m in 0..3), each into its own Out
    // tensors: every kernel runs its loops at least twice once, and zero or one time once, and most
    // If conditions go both ways.
    std::string params = "self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[48, 32], pl.FP32], n: pl.Scalar[pl.INDEX]";
    const std::size_t m = pick(4);
    std::string creates, calls, results, mtypes;
    for (int j = 0; j < nouts; ++j)
      params += ", out" + std::to_string(j) + ": pl.Out[" + out_type(j) + "]";
    for (int call = 0; call < 2; ++call) {
      std::string args = "a, b, " + std::to_string(call ? 3 - m : m), rs;
      for (int j = 0; j < nouts; ++j) {
        const std::string o = "out" + std::to_string(call) + "_" + std::to_string(j), r = "r" + std::to_string(call) + "_" + std::to_string(j);
        creates += "        " + o + " = pl.create_tensor([" + std::to_string(16 * out_blocks_[static_cast<std::size_t>(j)]) +
                   ", 32], dtype=pl.FP32)\n";
        args += ", " + o;
        rs += (j ? ", " : "") + r;
        results += (results.empty() ? "" : ", ") + r;
        mtypes += (mtypes.empty() ? "" : ", ") + out_type(j);
      }
      calls += "        " + rs + " = self.kernel(" + args + ")\n";
    }
    k.text = "import ptorw.language as pl\n\n\n@pl.program\nclass P:\n"
             "    @pl.function(type=pl.FunctionType.InCore)\n"
             "    def kernel(" + params + ") -> " + rtype + ":\n" + body +
             "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
             "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[48, 32], pl.FP32]) -> tuple[" + mtypes + "]:\n" +
             creates + calls + "        return " + results + "\n";
    k.features = f_;
    return k;
  }

 private:
  struct Val {
    std::string name;
    int uses = -1;   // uses left; -1: long-lived (any number of uses in its scope)
    int reads = 0;   // uses made
  };
  struct Scope {
    std::vector<int> visible;               // value ids visible here (alive when uses != 0)
    std::vector<std::string> out_version;   // current GM version of each Out
    std::vector<bool> out_threaded;         // stores into this Out allowed here
    std::vector<std::string> row_vars;      // For variables and While counters in scope (0..2 inside)
    int depth = 0;
    bool in_loop = false, in_arm = false;
  };

  std::mt19937_64 rng_;
  TileKernelOptions o_;
  TileKernelFeatures f_;
  std::vector<Val> vals_;
  std::vector<int> out_blocks_;   // rows of Out j in blocks of 16
  std::vector<bool> top_stored_;  // Out j stored at the top level
  int names_ = 0;

  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  bool chance(int percent) { return static_cast<int>(pick(100)) < percent; }
  std::string fresh(const char* p) { return std::string(p) + std::to_string(names_++); }
  static void line(std::string& out, int ind, const std::string& s) { out += std::string(4 * static_cast<std::size_t>(ind), ' ') + s + "\n"; }
  std::string out_type(int j) const {
    return "pl.Tensor[[" + std::to_string(16 * out_blocks_[static_cast<std::size_t>(j)]) + ", 32], pl.FP32]";
  }
  std::string binop() {
    static const char* ops[] = {"add", "sub", "mul", "maximum", "minimum", "div"};
    return ops[pick(6)];
  }

  /// A new value visible in `s`, with a use budget.
  std::string define(Scope& s, const std::string& name) {
    Val v;
    v.name = name;
    const int r = static_cast<int>(pick(100));
    if (r < o_.never_used_percent) v.uses = 0;
    else if (r < o_.never_used_percent + o_.short_lived_percent) {
      v.uses = 1 + static_cast<int>(pick(2));
      ++f_[Shape::ShortLived];
    }
    ++f_[Shape::Values];
    vals_.push_back(v);
    s.visible.push_back(static_cast<int>(vals_.size()) - 1);
    return name;
  }
  std::vector<int> alive(const Scope& s) const {
    std::vector<int> a;
    for (int id : s.visible)
      if (vals_[static_cast<std::size_t>(id)].uses != 0) a.push_back(id);
    return a;
  }
  /// One use of a live value of `s` (a new load when nothing is alive).
  std::string use(std::string& out, int ind, Scope& s) {
    std::vector<int> a = alive(s);
    if (a.empty()) {
      load(out, ind, s);
      a = alive(s);
      if (a.empty()) {  // the load was born dead: give it one use
        vals_[static_cast<std::size_t>(s.visible.back())].uses = 1;
        a.push_back(s.visible.back());
      }
    }
    // Half the time one of the three newest: chains of temporaries, as people write them.
    const std::size_t i = chance(50) ? a.size() - 1 - pick(a.size() < 3 ? a.size() : 3) : pick(a.size());
    Val& v = vals_[static_cast<std::size_t>(a[i])];
    if (v.uses > 0) --v.uses;
    ++v.reads;
    return v.name;
  }
  /// A row offset into a tensor of `blocks` row blocks: static, or a loop variable's row.
  std::string row(const Scope& s, int blocks) {
    if (blocks == 3 && !s.row_vars.empty() && chance(60)) {
      ++f_[Shape::DynamicRows];
      return s.row_vars[pick(s.row_vars.size())] + " * 16";
    }
    return std::to_string(16 * static_cast<int>(pick(static_cast<std::size_t>(blocks))));
  }
  void load(std::string& out, int ind, Scope& s) {
    std::string t = fresh("l");
    // Mostly rows of b: a clobber by a load of the same data would change no output.
    if (chance(25)) line(out, ind, t + " = pl.tile.load(a, (0, 0), (16, 32))");
    else line(out, ind, t + " = pl.tile.load(b, (" + row(s, 3) + ", 0), (16, 32))");
    define(s, t);
  }
  void store(std::string& out, int ind, Scope& s, std::size_t j, const std::string& t) {
    std::string w = fresh("w");
    line(out, ind, w + " = pl.tile.store(" + t + ", (" + row(s, out_blocks_[j]) + ", 0), " + s.out_version[j] + ")");
    s.out_version[j] = w;
    ++f_[Shape::Stores];
    if (s.in_loop) ++f_[Shape::StoresInLoop];
    if (s.in_arm) ++f_[Shape::StoresInArm];
    if (s.depth == 0) {
      if (top_stored_.size() <= j) top_stored_.resize(j + 1, false);
      top_stored_[j] = true;
    }
  }

  void block(std::string& out, int ind, Scope& s) {
    int n = 2 + static_cast<int>(pick(5));
    for (int i = 0; i < n; ++i) one(out, ind, s);
  }

  void one(std::string& out, int ind, Scope& s) {
    if (alive(s).empty()) {
      load(out, ind, s);
      return;
    }
    std::size_t k = pick(s.depth < o_.max_depth ? 17 : 13);
    std::string t = fresh("t");
    switch (k) {
      case 0: load(out, ind, s); return;
      case 1: {
        static const char* un[] = {"exp", "neg", "abs", "relu"};
        line(out, ind, t + " = pl.tile." + std::string(un[pick(4)]) + "(" + use(out, ind, s) + ")");
        break;
      }
      case 2:
        line(out, ind, t + " = pl.tile.recip(" + use(out, ind, s) + ")");
        ++f_[Shape::Recips];
        break;
      case 3: case 4: {
        std::string x = use(out, ind, s), y = use(out, ind, s);
        line(out, ind, t + " = pl.tile." + binop() + "(" + x + ", " + y + ")");
        break;
      }
      case 5: {
        static const char* sc[] = {"muls", "adds", "subs", "maximums", "minimums", "lrelu"};
        static const char* lit[] = {"0.5", "1.0", "0.25", "-0.5"};
        line(out, ind, t + " = pl.tile." + std::string(sc[pick(6)]) + "(" + use(out, ind, s) + ", " + lit[pick(4)] + ")");
        break;
      }
      case 6: {
        std::string r = fresh("r");
        line(out, ind, r + " = pl.tile.reshape(" + use(out, ind, s) + ", [32, 16])");
        line(out, ind, t + " = pl.tile.reshape(" + r + ", [16, 32])");
        ++f_[Shape::Reshapes];
        break;
      }
      case 7:
        line(out, ind, t + " = pl.tile.full([16, 32], " + std::to_string(static_cast<int>(pick(5))) + ".5, dtype=pl.FP32)");
        ++f_[Shape::Fills];
        break;
      case 8:
        line(out, ind, t + " = pl.tile.move(" + use(out, ind, s) + ", target_memory=pl.Mem.Vec)");
        ++f_[Shape::Moves];
        break;
      case 9: case 10: case 11: case 12: {  // a store, when an Out is threaded here
        std::vector<std::size_t> js;
        for (std::size_t j = 0; j < s.out_threaded.size(); ++j)
          if (s.out_threaded[j]) js.push_back(j);
        if (js.empty() || k > 10) {
          line(out, ind, t + " = pl.tile.adds(" + use(out, ind, s) + ", 1.0)");
          break;
        }
        store(out, ind, s, js[pick(js.size())], use(out, ind, s));
        return;
      }
      case 13: case 14: loop(out, ind, s, k == 14); return;
      default: if_stmt(out, ind, s); return;
    }
    define(s, t);
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  }

  void loop(std::string& out, int ind, Scope& s, bool is_while) {
    ++f_[is_while ? Shape::WhileLoops : Shape::ForLoops];
    // Carries: 1-3 tiles, then the Outs threaded here, each carried with probability 1/2.
    struct Carry {
      bool gm = false;
      std::size_t out = 0;
      std::string init, ia, result;
      int init_id = -1;
    };
    std::vector<Carry> cs;
    const std::size_t c = 1 + pick(3);
    for (std::size_t i = 0; i < c; ++i) {
      Carry k;
      std::vector<int> a = alive(s);
      if (a.empty()) {
        load(out, ind, s);
        a = alive(s);
        if (a.empty()) {
          vals_[static_cast<std::size_t>(s.visible.back())].uses = 1;
          a.push_back(s.visible.back());
        }
      }
      k.init_id = a[pick(a.size())];
      Val& v = vals_[static_cast<std::size_t>(k.init_id)];
      k.init = v.name;
      ++v.reads;
      if (v.uses > 0) --v.uses;
      if (chance(40)) v.uses = 0;  // the loop is this init's last use
      cs.push_back(k);
    }
    for (std::size_t j = 0; j < s.out_threaded.size(); ++j)
      if (s.out_threaded[j] && chance(50)) {
        Carry k;
        k.gm = true;
        k.out = j;
        k.init = s.out_version[j];
        cs.insert(cs.begin() + static_cast<std::ptrdiff_t>(pick(cs.size() + 1)), k);
      }
    for (const Carry& k : cs) {
      if (k.gm) {
        ++f_[Shape::GmCarries];
        continue;
      }
      ++f_[Shape::TileCarries];
      ++f_[vals_[static_cast<std::size_t>(k.init_id)].uses == 0 ? Shape::DyingInits : Shape::LiveInits];
    }
    Scope inner;
    inner.visible = s.visible;
    inner.out_version = s.out_version;
    inner.out_threaded.assign(s.out_threaded.size(), false);
    inner.row_vars = s.row_vars;
    inner.depth = s.depth + 1;
    inner.in_loop = true;
    inner.in_arm = s.in_arm;
    std::vector<std::string> inits, ias;
    for (Carry& k : cs) {
      k.ia = fresh(k.gm ? "g" : "c");
      k.result = fresh(k.gm ? "v" : "o");
      inits.push_back(k.init);
      ias.push_back(k.ia);
      if (k.gm) {
        inner.out_version[k.out] = k.ia;
        inner.out_threaded[k.out] = true;
      } else {
        define(inner, k.ia);
      }
    }
    std::string kv = fresh("k");
    if (is_while) {
      line(out, ind, "for (" + join(ias) + ", " + kv + ") in pl.while_(init_values=(" + join(inits) + ", 0)):");
      line(out, ind + 1, "pl.cond(" + kv + " < n)");
    } else {
      line(out, ind, "for " + kv + ", (" + join(ias) + (cs.size() == 1 ? ",)" : ")") + " in pl.range(n, init_values=(" +
                         join(inits) + (cs.size() == 1 ? ",))" : "))") + ":");
    }
    inner.row_vars.push_back(kv);
    const std::size_t first_body_val = vals_.size();
    block(out, ind + 1, inner);
    std::vector<std::string> ys, rs;
    for (const Carry& k : cs) {
      ys.push_back(k.gm ? inner.out_version[k.out] : use(out, ind + 1, inner));
      rs.push_back(k.result);
    }
    // Values of the body (iter args excluded): none is visible after it.
    f_[Shape::BodyValues] += vals_.size() - first_body_val;
    if (is_while) {
      std::string kk = fresh("kk");
      line(out, ind + 1, join(rs) + ", " + kk + " = pl.yield_(" + join(ys) + ", " + kv + " + 1)");
    } else {
      line(out, ind + 1, join(rs) + " = pl.yield_(" + join(ys) + ")");
    }
    for (const Carry& k : cs) {
      if (k.gm) s.out_version[k.out] = k.result;
      else define(s, k.result);
    }
  }

  void if_stmt(std::string& out, int ind, Scope& s) {
    ++f_[Shape::Ifs];
    std::vector<std::size_t> gm;
    for (std::size_t j = 0; j < s.out_threaded.size(); ++j)
      if (s.out_threaded[j] && chance(40)) gm.push_back(j);
    const std::size_t c = (gm.empty() ? 1 : 0) + pick(gm.empty() ? 2 : 3);  // tile results
    std::vector<std::string> results;
    for (std::size_t i = 0; i < c; ++i) results.push_back(fresh("s"));
    std::vector<std::string> gres;
    for (std::size_t i = 0; i < gm.size(); ++i) gres.push_back(fresh("u"));
    f_[Shape::GmIfResults] += gm.size();
    // Results in one list: tiles first, then GM versions.
    std::vector<std::string> lhs = results;
    lhs.insert(lhs.end(), gres.begin(), gres.end());
    line(out, ind, "if n > " + std::to_string(pick(3)) + ":");
    for (int arm = 0; arm < 2; ++arm) {
      if (arm) line(out, ind, "else:");
      Scope inner;
      inner.visible = s.visible;
      inner.out_version = s.out_version;
      inner.out_threaded.assign(s.out_threaded.size(), false);
      for (std::size_t j : gm) inner.out_threaded[j] = true;
      inner.row_vars = s.row_vars;
      inner.depth = s.depth + 1;
      inner.in_loop = s.in_loop;
      inner.in_arm = true;
      const std::size_t first = vals_.size();
      block(out, ind + 1, inner);
      std::vector<std::string> ys;
      for (std::size_t i = 0; i < c; ++i) ys.push_back(use(out, ind + 1, inner));
      for (std::size_t j : gm) ys.push_back(inner.out_version[j]);
      f_[Shape::ArmValues] += vals_.size() - first;
      line(out, ind + 1, join(lhs) + " = pl.yield_(" + join(ys) + ")");
    }
    for (const std::string& r : results) define(s, r);
    for (std::size_t i = 0; i < gm.size(); ++i) s.out_version[gm[i]] = gres[i];
  }
};

inline TileKernel generate_tile_kernel(std::uint64_t seed, const TileKernelOptions& o = {}) {
  TileKernel k = TileKernelGen(seed, o).generate();
  k.seed = seed;
  return k;
}

}  // namespace ptorw::fuzz
