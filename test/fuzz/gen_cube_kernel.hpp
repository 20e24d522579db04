// Random cube kernels for the tile-to-buffer fuzz (issue 18): one AIC kernel on the ordinary cube
// path (lower_tile_to_buffer.md, "Matrix storage and cube recipes": GM -> Mat -> Left/Right -> Acc
// -> GM, "with move, extract, transpose_view, matmul and matmul_acc") and an orchestration `main`
// that calls it, as pl-DSL SSA text, deterministic per seed.
//
//   fuzz::CubeKernel k = fuzz::generate_cube_kernel(seed);   // k.text, k.features
//
// Per kernel: one operand dtype ("FP16/BF16/FP32 operands accumulate in FP32; INT8 operands
// accumulate in INT32"), M in {16, 32}, N in {16, 32, 48} (INT8: {32, 64}), a K block kb in {32, 64} (whole fractal
// boxes in every space and dtype); A is [M, 5 kb], B [5 kb, N] and Bt [N, 5 kb] (B stored
// transposed), a K step count `n` in 1..4 chosen by `main`. 1-3 accumulator chains, each into its
// own Out, each one of
//  * straight-line: 1-3 K blocks, the first a matmul, the next matmul_acc without init_cond, with a
//    literal one, or with a runtime BOOL one (`n > s`: "a runtime predicate becomes an explicit
//    if"), optionally storing the first product before accumulating into it (a read before the
//    in-place write);
//  * a K loop over `n` blocks with a literal init (a matmul before the loop, matmul_acc in it);
//  * a K loop over `n` blocks from a created Acc tile with a runtime init_cond `k == 0`;
//  either loop as a For or as a While (`pl.while_` with a scalar k carried beside the accumulator:
//  "Matrix region carries must preserve one storage alias").
// The last step of a straight chain of 2-3 blocks may take a Right operand valid over only `nv` of
// its N columns (nv a multiple of 8 below N: a Mat load with valid_shape, moved to Right with the same
// valid rectangle), so the product [M, nv] is narrower than the accumulator: "written through a
// product-shaped view"; the boxes it does not touch keep their data, the rest of a partly covered
// box becomes poison (and is stored as poison). Such an operand is never reused.
// Each K block's operands take one of the routes: A by Mat load + move to Left, or a wider Mat
// load + extract into Left; B by Mat load + move to Right, a wider Mat load + extract into Right,
// or Bt loaded into Mat, transposed by transpose_view ("b_trans") and moved to Right. Straight-line
// chains may reuse the Left / Right operands of an earlier chain (long-lived operands: the planners
// must keep them while other chains run). An FP32 accumulator's store writes an FP32, FP16 or BF16
// Out ("Acc stores drain through the fix-pipe with its unscaled conversions only"; drawn from a
// second stream, so the rest of each seed's kernel is what it was before stores narrowed).
// Everything is inside the default rollout, so select-buffer-ir selects the kernel.
#pragma once
#include "feature_counts.hpp"
#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace ptorw::fuzz {

enum class CubeShape : std::uint8_t {
  Kernels, FP16, BF16, FP32, INT8, Chains, StraightChains, LiteralInitLoops, RuntimeInitLoops, Matmuls, MatmulAccs,
  LiteralInitConds, RuntimeInitConds, Moves, Extracts, Transposes, ReusedOperands, EarlyStores, WhileLoops, ProductViews,
  NarrowingStores, Count
};
inline constexpr const char* kCubeShapeNames[] = {
    "kernels", "fp16", "bf16", "fp32", "int8", "chains", "straight_chains", "literal_init_loops", "runtime_init_loops",
    "matmuls", "matmul_accs", "literal_init_conds", "runtime_init_conds", "moves", "extracts", "transposes",
    "reused_operands", "early_stores", "while_loops", "product_views", "narrowing_stores"};
static_assert(std::size(kCubeShapeNames) == static_cast<std::size_t>(CubeShape::Count));

using CubeKernelFeatures = FeatureCounts<CubeShape, kCubeShapeNames>;

struct CubeKernel {
  std::uint64_t seed = 0;
  std::string text;
  CubeKernelFeatures features;
};

class CubeKernelGen {
 public:
  explicit CubeKernelGen(std::uint64_t seed) : rng_(seed), store_rng_(seed * 0x9E3779B97F4A7C15ull + 0x5107Eull) {}

  CubeKernel generate() {
    static const char* dts[] = {"pl.FP16", "pl.BF16", "pl.FP32", "pl.INT8"};
    const std::size_t di = pick(4);
    d_ = dts[di];
    acc_ = di == 3 ? "pl.INT32" : "pl.FP32";
    f_[CubeShape::Kernels] = 1;
    ++f_.n[static_cast<std::size_t>(CubeShape::FP16) + di];
    m_ = pick(2) ? 32 : 16;
    // INT8 B in Mat (NZ boxes of 16 x 32) needs N a multiple of 32: "physical extents are already whole fractal boxes".
    n_ = di == 3 ? 32 * static_cast<int>(1 + pick(2)) : 16 * static_cast<int>(1 + pick(3));
    kb_ = pick(2) ? 64 : 32;
    const int chains = 1 + static_cast<int>(pick(3));
    f_[CubeShape::Chains] = static_cast<std::uint64_t>(chains);
    std::string body, outs, rets, rtypes;
    for (int c = 0; c < chains; ++c) {
      const std::string out = "out" + std::to_string(c);
      const std::string odt = store_dtype();
      outs += ", " + out + ": pl.Out[" + out_type(odt) + "]";
      param_dtypes_.push_back(odt);
      std::string final_tile;
      switch (pick(3)) {
        case 0: final_tile = straight(body, c, outs, rets, rtypes); break;
        case 1: final_tile = loop(body, c, false); break;
        default: final_tile = loop(body, c, true); break;
      }
      const std::string r = fresh("result");
      line(body, 2, r + " = pl.store(" + final_tile + ", [0, 0], " + out + ")");
      rets += (rets.empty() ? "" : ", ") + r;
      rtypes += (rtypes.empty() ? "" : ", ") + out_type(odt);
    }
    line(body, 2, "return " + rets);
    const std::size_t nret = static_cast<std::size_t>(std::count(rets.begin(), rets.end(), ',')) + 1;
    const std::string rtype = nret > 1 ? "tuple[" + rtypes + "]" : rtypes;

    // main: the kernel once, with n in 1..4, into fresh Out tensors (an early store adds one).
    const int kt = 5 * kb_;
    const std::string ins = "A: pl.Tensor[[" + std::to_string(m_) + ", " + std::to_string(kt) + "], " + d_ + "], B: pl.Tensor[[" +
                            std::to_string(kt) + ", " + std::to_string(n_) + "], " + d_ + "], Bt: pl.Tensor[[" + std::to_string(n_) +
                            ", " + std::to_string(kt) + "], " + d_ + "]";
    std::string creates, args = "A, B, Bt, " + std::to_string(1 + pick(4)), res;
    for (std::size_t j = 0; j < nret; ++j) {
      creates += "        o" + std::to_string(j) + " = pl.create_tensor([" + std::to_string(m_) + ", " + std::to_string(n_) +
                 "], dtype=" + param_dtypes_[j] + ")\n";
      args += ", o" + std::to_string(j);
      res += (j ? ", r" : "r") + std::to_string(j);
    }
    CubeKernel k;
    k.text = "import ptorw.language as pl\n\n\n@pl.program\nclass Cube:\n"
             "    @pl.function(type=pl.FunctionType.AIC)\n"
             "    def kernel(self, " + ins + ", n: pl.Scalar[pl.INDEX]" + outs + ") -> " + rtype + ":\n" + body +
             "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
             "    def main(self, " + ins + ") -> " + rtype + ":\n" + creates + "        " + res + " = self.kernel(" + args +
             ")\n        return " + res + "\n";
    k.features = f_;
    return k;
  }

 private:
  std::mt19937_64 rng_;
  CubeKernelFeatures f_;
  const char* d_ = "";
  const char* acc_ = "";
  int m_ = 16, n_ = 16, kb_ = 32, names_ = 0;
  std::mt19937_64 store_rng_;  // the Out dtypes only
  std::vector<std::string> lefts_, rights_;  // top-level operands, reusable by later straight chains
  std::vector<std::string> param_dtypes_;    // each Out parameter's dtype, in parameter order

  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  /// An Out's dtype: the accumulator's, or (FP32 only) FP16 / BF16, a quarter of the time each.
  std::string store_dtype() {
    const std::size_t r = static_cast<std::size_t>(store_rng_() % 4);
    if (std::string(acc_) != "pl.FP32" || r < 2) return acc_;
    ++f_[CubeShape::NarrowingStores];
    return r == 2 ? "pl.FP16" : "pl.BF16";
  }
  std::string fresh(const char* p) { return std::string(p) + std::to_string(names_++); }
  static void line(std::string& s, int indent, const std::string& l) { s += std::string(4 * static_cast<std::size_t>(indent), ' ') + l + "\n"; }
  std::string out_type(const std::string& dt) const {
    return "pl.Tensor[[" + std::to_string(m_) + ", " + std::to_string(n_) + "], " + dt + "]";
  }
  std::string dims(int r, int c) const { return "[" + std::to_string(r) + ", " + std::to_string(c) + "]"; }

  /// The Left operand of K block `k` (a column offset expression in units of kb).
  std::string left(std::string& s, int ind, const std::string& col) {
    const std::string a = fresh("a"), l = fresh("l");
    if (pick(2)) {
      line(s, ind, a + " = pl.load(A, [0, " + col + "], " + dims(m_, kb_) + ", target_memory=pl.Mem.Mat)");
      line(s, ind, l + " = pl.tile.move(" + a + ", target_memory=pl.Mem.Left)");
      ++f_[CubeShape::Moves];
    } else {
      line(s, ind, a + " = pl.load(A, [0, " + col + "], " + dims(m_, 2 * kb_) + ", target_memory=pl.Mem.Mat)");
      line(s, ind, l + " = pl.tile.extract(" + a + ", 0, 0, " + dims(m_, kb_) + ")");
      ++f_[CubeShape::Extracts];
    }
    return l;
  }
  /// The Right operand of K block `row` (B's row offset expression).
  std::string right(std::string& s, int ind, const std::string& row) {
    const std::string b = fresh("b"), r = fresh("r");
    switch (pick(3)) {
      case 0:
        line(s, ind, b + " = pl.load(B, [" + row + ", 0], " + dims(kb_, n_) + ", target_memory=pl.Mem.Mat)");
        line(s, ind, r + " = pl.tile.move(" + b + ", target_memory=pl.Mem.Right)");
        ++f_[CubeShape::Moves];
        break;
      case 1:
        line(s, ind, b + " = pl.load(B, [" + row + ", 0], " + dims(2 * kb_, n_) + ", target_memory=pl.Mem.Mat)");
        line(s, ind, r + " = pl.tile.extract(" + b + ", 0, 0, " + dims(kb_, n_) + ", target_memory=pl.Mem.Right)");
        ++f_[CubeShape::Extracts];
        break;
      default: {
        const std::string t = fresh("bt");
        line(s, ind, b + " = pl.load(Bt, [0, " + row + "], " + dims(n_, kb_) + ", target_memory=pl.Mem.Mat)");
        line(s, ind, t + " = pl.tile.transpose_view(" + b + ")");
        line(s, ind, r + " = pl.tile.move(" + t + ", target_memory=pl.Mem.Right)");
        ++f_[CubeShape::Transposes];
      }
    }
    return r;
  }

  /// A Right operand of K block `row` valid over nv < N columns (a multiple of 8): the product of a
  /// matmul_acc with it is narrower than the accumulator (a product-shaped view).
  std::string narrow_right(std::string& s, int ind, const std::string& row) {
    const std::string b = fresh("b"), r = fresh("r");
    const int nv = 8 * (1 + static_cast<int>(pick(static_cast<std::size_t>(n_ / 8 - 1))));
    line(s, ind, b + " = pl.load(B, [" + row + ", 0], " + dims(kb_, n_) + ", " + dims(kb_, nv) + ", target_memory=pl.Mem.Mat)");
    line(s, ind, r + ": pl.Tile[" + dims(kb_, n_) + ", " + d_ + ", pl.Mem.Right, pl.TileView(valid_shape=" + dims(kb_, nv) +
                     ")] = pl.tile.move(" + b + ", target_memory=pl.Mem.Right)");
    ++f_[CubeShape::Moves];
    ++f_[CubeShape::ProductViews];
    return r;
  }

  /// 1-3 static K blocks; returns the final accumulator. May store the first product into an extra Out.
  std::string straight(std::string& s, int chain, std::string& outs, std::string& rets, std::string& rtypes) {
    ++f_[CubeShape::StraightChains];
    const int steps = 1 + static_cast<int>(pick(3));
    std::string accum;
    for (int k = 0; k < steps; ++k) {
      std::string l, r;
      if (!lefts_.empty() && pick(4) == 0) {
        l = lefts_[pick(lefts_.size())];
        r = rights_[pick(rights_.size())];
        ++f_[CubeShape::ReusedOperands];
      } else {
        l = left(s, 2, std::to_string(k * kb_));
        r = right(s, 2, std::to_string(k * kb_));
        lefts_.push_back(l);
        rights_.push_back(r);
      }
      const std::string x = fresh("x");
      if (k == 0) {
        line(s, 2, x + " = pl.tile.matmul(" + l + ", " + r + ")");
        ++f_[CubeShape::Matmuls];
        if (steps > 1 && pick(3) == 0) {
          const std::string early = "early" + std::to_string(chain), er = fresh("result"), edt = store_dtype();
          outs += ", " + early + ": pl.Out[" + out_type(edt) + "]";
          line(s, 2, er + " = pl.store(" + x + ", [0, 0], " + early + ")");
          rets += (rets.empty() ? "" : ", ") + er;
          rtypes += (rtypes.empty() ? "" : ", ") + out_type(edt);
          param_dtypes_.push_back(edt);
          ++f_[CubeShape::EarlyStores];
        }
      } else {
        std::string cond;
        switch (pick(4)) {
          case 0: cond = ", True"; ++f_[CubeShape::LiteralInitConds]; break;
          case 1: cond = ", False"; ++f_[CubeShape::LiteralInitConds]; break;
          case 2: {
            const std::string c = fresh("c");
            line(s, 2, c + " = n > " + std::to_string(pick(4)));
            cond = ", " + c;
            ++f_[CubeShape::RuntimeInitConds];
            break;
          }
          default: break;
        }
        if (k == steps - 1 && pick(3) == 0) r = narrow_right(s, 2, std::to_string(k * kb_));
        line(s, 2, x + " = pl.tile.matmul_acc(" + accum + ", " + l + ", " + r + cond + ")");
        ++f_[CubeShape::MatmulAccs];
      }
      accum = x;
    }
    return accum;
  }

  /// A K loop over n blocks: a literal init (matmul of block 0, then blocks 1..n-1) or a runtime one
  /// (a created Acc, blocks 0..n-1, init_cond k == 0). Returns the loop's result.
  std::string loop(std::string& s, int, bool runtime_init) {
    const std::string k = fresh("k"), c = fresh("acc"), nxt = fresh("nxt"), res = fresh("c_out");
    std::string init = fresh("init");
    if (runtime_init) {
      ++f_[CubeShape::RuntimeInitLoops];
      line(s, 2, init + " = pl.tile.create(" + dims(m_, n_) + ", dtype=" + acc_ + ", target_memory=pl.Mem.Acc)");
    } else {
      ++f_[CubeShape::LiteralInitLoops];
      const std::string l = left(s, 2, "0"), r = right(s, 2, "0");
      line(s, 2, init + " = pl.tile.matmul(" + l + ", " + r + ")");
      ++f_[CubeShape::Matmuls];
    }
    const bool while_loop = pick(2) == 0;
    if (while_loop) {
      ++f_[CubeShape::WhileLoops];
      line(s, 2, "for (" + c + ", " + k + ") in pl.while_(init_values=(" + init + ", " + (runtime_init ? "0" : "1") + ")):");
      line(s, 3, "pl.cond(" + k + " < n)");
    } else {
      line(s, 2, "for " + k + ", (" + c + ",) in pl.range(" + (runtime_init ? "0" : "1") + ", n, 1, init_values=(" + init + ",)):");
    }
    const std::string off = k + " * " + std::to_string(kb_);
    const std::string l = left(s, 3, off), r = right(s, 3, off);
    std::string cond;
    if (runtime_init) {
      const std::string first = fresh("first");
      line(s, 3, first + " = " + k + " == 0");
      cond = ", " + first;
      ++f_[CubeShape::RuntimeInitConds];
    }
    line(s, 3, nxt + " = pl.tile.matmul_acc(" + c + ", " + l + ", " + r + cond + ")");
    ++f_[CubeShape::MatmulAccs];
    if (while_loop) line(s, 3, res + ", " + fresh("k_out") + " = pl.yield_(" + nxt + ", " + k + " + 1)");
    else line(s, 3, res + " = pl.yield_(" + nxt + ")");
    return res;
  }
};

inline CubeKernel generate_cube_kernel(std::uint64_t seed) {
  CubeKernel k = CubeKernelGen(seed).generate();
  k.seed = seed;
  return k;
}

}  // namespace ptorw::fuzz
