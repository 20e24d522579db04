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
//
// Issue 17 adds, each switchable in TileKernelOptions:
//  * windows: wide [32, 64] tiles (loads of `c: [64, 64]`, elementwise ops on them) sliced into
//    [16, 32] windows at static offsets, at runtime offsets from the scalar parameters `r` (rows,
//    0..8) and `q` (column blocks, `q * 8`, 0..2), from loop variables and counters (0..2), and
//    from a scalar defined once (`col = q * 8`); nested slices ([24, 48] then [16, 32]); windows feed
//    elementwise ops, moves and stores but are never carried or yielded (the spec keeps window
//    carries Tile: a few kernels do it on purpose and are expected Tile);
//  * runtime valid extents: a straight-line kernel family whose tiles have valid shapes
//    [16, e], [h, 32], [h, e] (scalar parameters), static partial [16, 17] / [9, 32] or full, with
//    elementwise chains of matching valid expressions and stores; the harness runs `main` with
//    explicit values e, h = 0 / partial / full (`TileKernel::scalar_runs`), and `main` passes
//    `32 - e`, `16 - h`, `8 - r`, `2 - q` on its second call, so offsets and extents change per call;
//  * reshapes of equal bytes to [32, 16], [8, 64], [64, 8], [4, 128], [1, 512], with elementwise ops
//    on the relabelled shape;
//  * non-SSA text (`non_ssa_percent`): names rebound in straight-line code, For loops and Ifs
//    written the way Python reads them (`acc = ...` in the body, `out0 = pl.tile.store(.., out0)`),
//    which the harness runs through convert-to-ssa first;
//  * a second kernel `side` in one program: one the spec selects (a runtime-valid chain, a runtime
//    slice) or one it keeps Tile (runtime valid extents under a loop, mismatched valid extents, a
//    move of a runtime-valid tile, an unaligned `q * 4` column slice, a slice of a runtime-valid
//    tile);
//  * multi-return kernels (1-3 Outs, `-> tuple[...]`), as before.
// `expect_tile` names each kernel the spec keeps on Tile IR with the sentence why; every other
// kernel must be selected. `assembles` (on): `assemble()` below writes
// `pl.tile.assemble(target, source, [row, 0])` of a [16, 32] value into a [32, 32] target of
// matching row pitch — a load of `c` or a fill — at a static or runtime row, and slices a window of
// the result (all selected: "Vec assemble requires a non-window target and matching source/target
// row pitches").
// Issue 17, second round (gen_tile_kernel_core.hpp; options relabels, valid_windows,
// overlap_assembles, kept_tile_shapes, all on):
//  * relabels the spec selects: plain aliases `t = x` of tiles and windows (also as the value a
//    rebinding loop or arm leaves: `acc = y`), whole-row [8, 64] windows (direct, nested in a
//    [16, 64] one, or through an alias) reshaped to [16, 32] at static rows, one-row windows
//    reshaped and stored; and, kept Tile, a reshape at a runtime offset, a strided reshape and a Vec
//    transpose_view of a window (planned as copies), set_validshape of a window or its alias,
//    a slice of a relabelled window;
//  * runtime-valid windows in the valid family: `slice(g, [16, 32], [row, col], [16, e])` (any valid
//    class, static or runtime offsets) read by elementwise ops with loads of the same class and by
//    stores, driven with e, h = 0 / partial / full; kept Tile: nested, relabelled, assembled or
//    loop-stored dynamic-valid windows;
//  * assembles whose source is a window of their own target ([32, 32] or [32, 64]; nested, through
//    an alias, at static / runtime / loop rows and columns; back at its own offsets, disjoint or
//    overlapping: the snapshot), sometimes with the target or source read after the assemble; and,
//    kept Tile, a pitch mismatch, a window target, an unaligned column;
//  * side kernels of each of these (selected and kept Tile).
// `features` counts these shapes, so a test can check that a run of seeds covers them.
#pragma once
#include "gen_tile_kernel_core.hpp"

namespace ptorw::fuzz {

class TileKernelGen : protected TileKernelGenCore {
 public:
  explicit TileKernelGen(std::uint64_t seed, TileKernelOptions o = {}) : TileKernelGenCore(seed, o) {}

  TileKernel generate() {
    TileKernel k;
    non_ssa_ = chance(o_.non_ssa_percent);
    valid_ = chance(o_.valid_percent);
    const int nouts = 1 + static_cast<int>(pick(static_cast<std::size_t>(o_.max_outs < 1 ? 1 : o_.max_outs)));
    for (int j = 0; j < nouts; ++j) out_blocks_.push_back(1 + static_cast<int>(pick(3)));
    f_[Shape::Outs] = static_cast<std::uint64_t>(nouts);
    Scope top;
    top.id = next_scope_++;
    top.depth = 0;
    for (int j = 0; j < nouts; ++j) {
      top.out_version.push_back("out" + std::to_string(j));
      top.out_threaded.push_back(true);
    }
    std::string body;
    if (o_.windows) line(body, 2, "col = q * 8");  // a scalar defined once: the alignment proof reads it
    if (valid_) valid_body(body, top);
    else {
      block(body, 2, top);
      if (o_.windows && chance(o_.tile_variant_percent)) tile_variant(body, 2, top);
    }
    // Long-lived values still alive are folded into one tile and stored; an Out nothing was
    // stored into at the top level gets a store, so every output carries data.
    std::string acc;
    for (int id : top.visible) {
      Val& v = vals_[static_cast<std::size_t>(id)];
      if (v.uses >= 0 || v.kind != 0 || !v.valid.empty()) continue;
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
    if (valid_) ++f_[Shape::ValidKernels];
    if (non_ssa_) ++f_[Shape::NonSsa];
    if (!tile_reason_.empty()) k.expect_tile["kernel"] = tile_reason_;

    // main calls the kernel twice, with n = m and n = 3 - m (m in 0..3), each into its own Out
    // tensors: every kernel runs its loops at least twice once, and zero or one time once, and most
    // If conditions go both ways. Its scalar parameters r, q, e, h are driven by the harness
    // (`scalar_runs`); the second call passes 8 - r, 2 - q, 32 - e, 16 - h, so window offsets and
    // valid extents change per call (0 and full in one run).
    std::string params = "self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[48, 32], pl.FP32], c: pl.Tensor[[64, 64], pl.FP32], "
                         "n: pl.Scalar[pl.INDEX], r: pl.Scalar[pl.INDEX], q: pl.Scalar[pl.INDEX], e: pl.Scalar[pl.INDEX], "
                         "h: pl.Scalar[pl.INDEX]";
    const std::size_t m = pick(4);
    std::string creates, calls, results, mtypes;
    for (int j = 0; j < nouts; ++j)
      params += ", out" + std::to_string(j) + ": pl.Out[" + out_type(j) + "]";
    for (int call = 0; call < 2; ++call) {
      std::string args = "a, b, c, " + std::to_string(call ? 3 - m : m) + (call ? ", 8 - r, 2 - q, 32 - e, 16 - h" : ", r, q, e, h"), rs;
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
    std::string side;
    if (chance(o_.side_percent)) {
      ++f_[Shape::SideKernels];
      std::string why;
      side = side_kernel(why);
      if (!why.empty()) k.expect_tile["side"] = why;
      creates += "        so = pl.create_tensor([16, 32], dtype=pl.FP32)\n";
      calls += "        sr = self.side(a, c, r, q, e, so)\n";
      results += ", sr";
      mtypes += ", pl.Tensor[[16, 32], pl.FP32]";
    }
    f_[Shape::ExpectTile] += k.expect_tile.size();
    k.text = "import ptorw.language as pl\n\n\n@pl.program\nclass P:\n"
             "    @pl.function(type=pl.FunctionType.InCore)\n"
             "    def kernel(" + params + ") -> " + rtype + ":\n" + body + side +
             "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
             "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[48, 32], pl.FP32], c: pl.Tensor[[64, 64], pl.FP32], "
             "r: pl.Scalar[pl.INDEX], q: pl.Scalar[pl.INDEX], e: pl.Scalar[pl.INDEX], h: pl.Scalar[pl.INDEX]) -> tuple[" + mtypes + "]:\n" +
             creates + calls + "        return " + results + "\n";
    // Offsets at their smallest, middle and largest; extents empty, partial and full (h, e).
    k.scalar_runs = {{{"r", 0}, {"q", 0}, {"e", 0}, {"h", 16}},
                     {{"r", 5}, {"q", 1}, {"e", 17}, {"h", 5}},
                     {{"r", 8}, {"q", 2}, {"e", 32}, {"h", 16}}};
    k.non_ssa = non_ssa_;
    k.features = f_;
    return k;
  }

 private:
  /// A feature the spec keeps on Tile IR, given to the main kernel on purpose (it must then stay
  /// Tile, and its Tile path is still judged): the three of the first round, or (kept_tile_shapes)
  /// one of the relabel / assemble shapes of kept_tile_shape().
  void tile_variant(std::string& out, int ind, Scope& s) {
    if (o_.kept_tile_shapes && chance(70)) {  // one or two of them (the first one's reason is named)
      tile_reason_ = kept_tile_shape(out, ind, s);
      if (chance(50)) kept_tile_shape(out, ind, s);
      return;
    }
    const std::string w = wide(out, ind, s), t = fresh("v"), u = fresh("t");
    switch (pick(3)) {
      case 0:
        line(out, ind, t + " = pl.tile.slice(" + w + ", [16, 32], [0, q * 4])");
        tile_reason_ = kWhyUnaligned;
        line(out, ind, u + " = pl.tile.adds(" + t + ", 1.0)");
        break;
      case 1: {
        line(out, ind, t + " = pl.tile.slice(" + w + ", [16, 32], [r, 0])");
        const std::string ia = fresh("c"), res = fresh("o"), kv = fresh("k"), x = fresh("t");
        line(out, ind, "for " + kv + ", (" + ia + ",) in pl.range(n, init_values=(" + t + ",)):");
        line(out, ind + 1, x + " = pl.tile.adds(" + ia + ", 1.0)");
        line(out, ind + 1, res + " = pl.yield_(" + x + ")");
        line(out, ind, u + " = pl.tile.muls(" + res + ", 2.0)");
        tile_reason_ = kWhyWindowCarry;
        break;
      }
      default: {
        const std::string rl = fresh("rl");
        line(out, ind, t + " = pl.tile.slice(" + w + ", [16, 32], [r, 0])");
        line(out, ind, rl + " = pl.tile.reshape(" + t + ", [32, 16])");
        line(out, ind, u + " = pl.tile.reshape(" + rl + ", [16, 32])");
        tile_reason_ = kWhyRelabel;
        ++f_[Shape::RuntimeRelabels];
        break;
      }
    }
    define(s, u);
    ++f_[Shape::Slices];
  }

  // ---- runtime valid extents (issue 17): a straight-line kernel ----
  /// Tiles of a few valid classes ("" = full, runtime [16, e] / [h, 32] / [h, e], static partial);
  /// elementwise ops combine values of one class, so valid expressions match by form.
  void valid_body(std::string& out, Scope& s) {
    static const char* classes[] = {"16, e", "h, 32", "h, e", "16, 17", "9, 32"};
    std::vector<std::string> cls{"", classes[pick(5)]};
    if (chance(50)) cls.push_back(classes[pick(5)]);
    auto load_v = [&](const std::string& v) {
      const std::string t = fresh("l");
      const std::string src = chance(30) ? "a, (0, 0)" : "b, (" + std::to_string(16 * pick(3)) + ", 0)";
      line(out, 2, t + " = pl.tile.load(" + src + ", (16, 32)" + (v.empty() ? "" : ", (" + v + ")") + ")");
      const int id = define(s, t);
      vals_[static_cast<std::size_t>(id)].valid = v;
      if (v.find('e') != std::string::npos || v.find('h') != std::string::npos) ++f_[Shape::RuntimeValid];
      else if (!v.empty()) ++f_[Shape::StaticPartial];
      return id;
    };
    auto of_class = [&](const std::string& v) {
      std::vector<int> a;
      for (int id : alive(s))
        if (vals_[static_cast<std::size_t>(id)].valid == v) a.push_back(id);
      return a;
    };
    auto take = [&](const std::string& v) {
      std::vector<int> a = of_class(v);
      const int id = a.empty() ? load_v(v) : a[a.size() - 1 - pick(a.size() < 3 ? a.size() : 3)];
      Val& x = vals_[static_cast<std::size_t>(id)];
      if (x.uses > 0) --x.uses;
      ++x.reads;
      return id;
    };
    auto def = [&](const std::string& name, const std::string& v) {
      const int id = define(s, name);
      vals_[static_cast<std::size_t>(id)].valid = v;
    };
    // valid_windows: "Windows instead keep per-dimension static or dynamic valid extents in their
    // subview": a [16, 32] window of a wide load at static or runtime offsets with the class's
    // valid extents, read by elementwise ops (with loads of the same class) and stores.
    std::string wide_src;
    auto window_v = [&](const std::string& v) {
      if (wide_src.empty() || chance(50)) {
        wide_src = fresh("g");
        line(out, 2, wide_src + " = pl.tile.load(c, (" + std::to_string(16 * pick(3)) + ", 0), (32, 64))");
      }
      bool runtime = false, loopvar = false;
      const std::string w = fresh("vw");
      line(out, 2, w + " = pl.tile.slice(" + wide_src + ", [16, 32], [" + win_row(s, 16, runtime, loopvar) + ", " +
                       win_col(s, 32, runtime, loopvar) + "]" + (v.empty() ? "" : ", [" + v + "]") + ")");
      const int id = define(s, w);
      val(id).valid = v;
      val(id).window = true;
      ++f_[Shape::Slices];
      if (runtime) ++f_[Shape::RuntimeOffsets];
      if (!v.empty()) ++f_[Shape::ValidWindows];
      if (chance(40)) {  // stored as it is: the store writes exactly the window's valid extents
        Val& x = val(id);
        if (x.uses > 0) --x.uses;
        ++x.reads;
        store(out, 2, s, pick(s.out_version.size()), w);
        ++f_[Shape::WindowStores];
      }
      return id;
    };
    const int n = 4 + static_cast<int>(pick(8));
    for (int i = 0; i < n; ++i) {
      const std::string v = cls[pick(cls.size())];
      std::string t = fresh("t");
      const std::size_t k = pick(o_.valid_windows ? 10 : 8);
      if (k >= 8) {
        window_v(v);
        continue;
      }
      switch (k) {
        case 0: load_v(v); break;
        case 1: case 2: {
          const int x = take(v);
          t = result_name(t, x, s);
          line(out, 2, t + " = pl.tile." + unop() + "(" + vals_[static_cast<std::size_t>(x)].name + ")");
          def(t, v);
          break;
        }
        case 3: {
          const int x = take(v);
          t = result_name(t, x, s);
          line(out, 2, t + " = " + scalar_op(vals_[static_cast<std::size_t>(x)].name));
          def(t, v);
          break;
        }
        case 4: case 5: {
          const int x = take(v), y = take(v);
          line(out, 2, t + " = pl.tile." + binop() + "(" + vals_[static_cast<std::size_t>(x)].name + ", " +
                           vals_[static_cast<std::size_t>(y)].name + ")");
          def(t, v);
          break;
        }
        case 6:
          if (v.empty()) {
            const int x = take(v);
            line(out, 2, t + " = pl.tile.recip(" + vals_[static_cast<std::size_t>(x)].name + ")");
            def(t, v);
            ++f_[Shape::Recips];
            break;
          }
          [[fallthrough]];
        default: {
          const int x = take(v);
          store(out, 2, s, pick(s.out_version.size()), vals_[static_cast<std::size_t>(x)].name);
          break;
        }
      }
    }
    if (!chance(o_.tile_variant_percent * 3)) return;
    // A feature the spec keeps Tile next to runtime valid extents (needs a runtime-valid tile).
    std::string dyn;
    for (const auto& v : cls)
      if (v.find('e') != std::string::npos || v.find('h') != std::string::npos) dyn = v;
    if (dyn.empty()) return;
    std::string x = vals_[static_cast<std::size_t>(take(dyn))].name, t = fresh("t");
    std::size_t k = pick(o_.valid_windows && o_.kept_tile_shapes ? 7 : 3);
    if (k >= 3) {  // dynamic-valid windows the spec keeps Tile
      ++f_[Shape::KeptValidWindows];
      const std::string g = fresh("g"), w = fresh("vw");
      line(out, 2, g + " = pl.tile.load(c, (" + std::to_string(16 * pick(3)) + ", 0), (32, 64))");
      if (k == 3) {  // "nested dynamic-valid windows retain Tile IR"
        const std::string m = fresh("m");
        line(out, 2, m + " = pl.tile.slice(" + g + ", [16, 64], [" + std::to_string(pick(17)) + ", 0])");
        line(out, 2, w + " = pl.tile.slice(" + m + ", [16, 32], [0, " + std::to_string(8 * pick(5)) + "], [" + dyn + "])");
        line(out, 2, t + " = pl.tile.neg(" + w + ")");
        tile_reason_ = kWhyNestedDyn;
      } else if (k == 4) {  // "dynamic-valid relabels ... retain Tile IR"
        line(out, 2, w + " = pl.tile.slice(" + g + ", [8, 64], [" + std::to_string(pick(25)) + ", 0], [8, e])");
        line(out, 2, t + " = pl.tile.reshape(" + w + ", [16, 32])");
        tile_reason_ = kWhyDynRelabel;
      } else if (k == 5) {  // "dynamic-valid ... assemble ... retain Tile IR": x into a [32, 32] target
        const std::string at = fresh("at"), as = fresh("as");
        line(out, 2, at + " = pl.tile.full([32, 32], 0.5, dtype=pl.FP32)");
        line(out, 2, as + " = pl.tile.assemble(" + at + ", " + x + ", [" + std::to_string(pick(17)) + ", 0])");
        line(out, 2, t + " = pl.tile.slice(" + as + ", [16, 32], [" + std::to_string(pick(17)) + ", 0])");
        tile_reason_ = kWhyDynRelabel;
      } else {  // a dynamic-valid window stored under user control flow (case 0 below)
        line(out, 2, w + " = pl.tile.slice(" + g + ", [16, 32], [r, q * 8], [" + dyn + "])");
        x = w;
        k = 0;
      }
      f_[Shape::Slices] += k == 3 ? 2 : 1;
      if (k != 0) {
        store(out, 2, s, pick(s.out_version.size()), t);
        return;
      }
    }
    switch (k) {
      case 0: {  // user control flow
        const std::size_t j = pick(s.out_version.size());
        const std::string kv = fresh("k");
        if (non_ssa_) {
          line(out, 2, "for " + kv + " in pl.range(2):");
          line(out, 3, s.out_version[j] + " = pl.tile.store(" + x + ", (0, 0), " + s.out_version[j] + ")");
        } else {
          const std::string g = fresh("g"), g2 = fresh("w"), res = fresh("v");
          line(out, 2, "for " + kv + ", (" + g + ",) in pl.range(2, init_values=(" + s.out_version[j] + ",)):");
          line(out, 3, g2 + " = pl.tile.store(" + x + ", (0, 0), " + g + ")");
          line(out, 3, res + " = pl.yield_(" + g2 + ")");
          s.out_version[j] = res;
        }
        tile_reason_ = kWhyFlow;
        return;
      }
      case 1: {  // operands with different valid extents (the runtime one first: it reads less)
        const std::string y = vals_[static_cast<std::size_t>(take(""))].name;
        line(out, 2, t + " = pl.tile.add(" + x + ", " + y + ")");
        tile_reason_ = kWhyMismatch;
        break;
      }
      default:
        line(out, 2, t + " = pl.tile.move(" + x + ", target_memory=pl.Mem.Vec)");
        tile_reason_ = kWhyMove;
        break;
    }
    store(out, 2, s, pick(s.out_version.size()), t);
  }

  /// A second kernel `side(a, c, r, q, e, so)`, selected or kept Tile (`why`, the spec's reason).
  std::string side_kernel(std::string& why) {
    std::string b;
    auto l = [&](const std::string& x) { line(b, 2, x); };
    const bool more = o_.relabels || o_.valid_windows || o_.overlap_assembles;
    switch (more && chance(60) ? 7 + pick(12) : pick(7)) {  // mostly the shapes of issue 17's second round
      case 0:  // selected: a runtime-valid chain
        l("x = pl.tile.load(a, (0, 0), (16, 32), (16, e))");
        l("y = pl.tile.exp(x)");
        l("z = pl.tile.adds(y, 1.0)");
        l("o = pl.tile.store(z, (0, 0), so)");
        break;
      case 1:  // selected: a runtime window
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [r, q * 8])");
        l("y = pl.tile.muls(v, 2.0)");
        l("o = pl.tile.store(y, (0, 0), so)");
        break;
      case 2:
        l("x = pl.tile.load(a, (0, 0), (16, 32), (16, e))");
        l("for i, (g,) in pl.range(2, init_values=(so,)):");
        line(b, 3, "g2 = pl.tile.store(x, (0, 0), g)");
        line(b, 3, "o = pl.yield_(g2)");
        why = kWhyFlow;
        break;
      case 3:
        l("x = pl.tile.load(a, (0, 0), (16, 32), (16, e))");
        l("y = pl.tile.load(a, (0, 0), (16, 32))");
        l("z = pl.tile.add(x, y)");
        l("o = pl.tile.store(z, (0, 0), so)");
        why = kWhyMismatch;
        break;
      case 4:
        l("x = pl.tile.load(a, (0, 0), (16, 32), (16, e))");
        l("y = pl.tile.move(x, target_memory=pl.Mem.Vec)");
        l("o = pl.tile.store(y, (0, 0), so)");
        why = kWhyMove;
        break;
      case 5:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [r, q * 4])");
        l("y = pl.tile.muls(v, 2.0)");
        l("o = pl.tile.store(y, (0, 0), so)");
        why = kWhyUnaligned;
        break;
      // Issue 17, second round: selected relabels, runtime-valid windows, overlapping assembles ...
      case 7:  // "a relabel of a window is a buffer.reshape of it at the same place"
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [8, 64], [" + std::to_string(pick(25)) + ", 0])");
        l("rr = pl.tile.reshape(v, [16, 32])");
        l("y = pl.tile.add(rr, rr)");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::WindowReshapes];
        break;
      case 8:  // a runtime-valid window at runtime offsets, read by an op and a store
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [r, q * 8], [16, e])");
        l("x = pl.tile.load(a, (0, 0), (16, 32), (16, e))");
        l("y = pl.tile." + binop() + "(v, x)");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::ValidWindows];
        break;
      case 9:  // an overlapping source at a runtime row (the snapshot)
        l("x = pl.tile.load(c, (0, 0), (32, 32))");
        l("top = pl.tile.slice(x, [16, 32], [r, 0])");
        l("p = pl.tile.assemble(x, top, [" + std::to_string(pick(17)) + ", 0])");
        l("v = pl.tile.slice(p, [16, 32], [" + std::string(chance(50) ? "r" : "8") + ", 0])");
        l("y = pl.tile.muls(v, 2.0)");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::OverlapAssembles];
        break;
      // ... and the shapes the spec keeps Tile
      case 10:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [0, 16])");
        l("rr = pl.tile.reshape(v, [32, 16])");
        l("y = pl.tile.reshape(rr, [16, 32])");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::StridedRelabels];
        why = kWhyStrided;
        break;
      case 11:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [8, 8])");
        l("t = pl.tile.transpose_view(v)");
        l("y = pl.tile.reshape(t, [16, 32])");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::WindowTransposes];
        why = kWhyTranspose;
        break;
      case 12:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [0, 32])");
        l("al = v");
        l("y = pl.tile.set_validshape(al, 16, e)");
        l("z = pl.tile.add(y, y)");
        l("o = pl.tile.store(z, (0, 0), so)");
        ++f_[Shape::WindowSetters];
        why = kWhySetter;
        break;
      case 13:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("x = pl.tile.load(a, (0, 0), (16, 32))");
        l("p = pl.tile.assemble(w, x, [8, 32])");
        l("v = pl.tile.slice(p, [16, 32], [8, 32])");
        l("o = pl.tile.store(v, (0, 0), so)");
        ++f_[Shape::KeptAssembles];
        why = kWhyPitch;
        break;
      case 14:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("right = pl.tile.slice(w, [32, 32], [0, 32])");
        l("x = pl.tile.load(a, (0, 0), (16, 32))");
        l("p = pl.tile.assemble(right, x, [8, 0])");
        l("v = pl.tile.slice(p, [16, 32], [r, 0])");
        l("o = pl.tile.store(v, (0, 0), so)");
        ++f_[Shape::KeptAssembles];
        why = kWhyWindowTarget;
        break;
      case 15:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [8, 64], [8, 0], [8, e])");
        l("rr = pl.tile.reshape(v, [16, 32])");
        l("y = pl.tile.neg(rr)");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::KeptValidWindows];
        why = kWhyDynRelabel;
        break;
      case 16:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("m = pl.tile.slice(w, [16, 64], [8, 0])");
        l("v = pl.tile.slice(m, [16, 32], [0, 32], [16, e])");
        l("y = pl.tile.neg(v)");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::KeptValidWindows];
        why = kWhyNestedDyn;
        break;
      case 17:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [8, 64], [r, 0])");
        l("rr = pl.tile.reshape(v, [16, 32])");
        l("y = pl.tile.exp(rr)");
        l("o = pl.tile.store(y, (0, 0), so)");
        ++f_[Shape::RuntimeRelabels];
        why = kWhyRelabel;
        break;
      case 18:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("m = pl.tile.slice(w, [16, 64], [" + std::to_string(pick(17)) + ", 0])");
        l("rr = pl.tile.reshape(m, [32, 32])");
        l("v = pl.tile.slice(rr, [16, 32], [" + std::to_string(pick(17)) + ", 0])");
        l("o = pl.tile.store(v, (0, 0), so)");
        ++f_[Shape::RelabelSlices];
        why = kWhyRelabelSlice;
        break;
      default:
        l("w = pl.tile.load(c, (0, 0), (32, 64))");
        l("v = pl.tile.slice(w, [16, 32], [r, 0])");
        l("for i, (x,) in pl.range(2, init_values=(v,)):");
        line(b, 3, "x2 = pl.tile.adds(x, 1.0)");
        line(b, 3, "xr = pl.yield_(x2)");
        l("o = pl.tile.store(xr, (0, 0), so)");
        why = kWhyWindowCarry;
        break;
    }
    l("return o");
    return "\n    @pl.function(type=pl.FunctionType.InCore)\n"
           "    def side(self, a: pl.Tensor[[16, 32], pl.FP32], c: pl.Tensor[[64, 64], pl.FP32], r: pl.Scalar[pl.INDEX], "
           "q: pl.Scalar[pl.INDEX], e: pl.Scalar[pl.INDEX], so: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n" +
           b;
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
    const std::size_t nk = s.depth < o_.max_depth ? 17 : 13;
    const std::size_t nw = nk + (o_.windows ? 3 : 0), na = nw + (o_.assembles ? 2 : 0);
    std::size_t k = pick(na + (o_.relabels ? 1 : 0));
    if (k >= na) return relabel(out, ind, s);
    if (k >= nw) return o_.overlap_assembles && chance(50) ? overlap_assemble(out, ind, s) : assemble(out, ind, s);
    if (k >= nk) return window(out, ind, s);
    std::string t = fresh("t");
    switch (k) {
      case 0: load(out, ind, s); return;
      case 1: {
        const int x = use_id(out, ind, s);
        t = result_name(t, x, s);
        line(out, ind, t + " = pl.tile." + unop() + "(" + vals_[static_cast<std::size_t>(x)].name + ")");
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
        const int x = use_id(out, ind, s);
        t = result_name(t, x, s);
        line(out, ind, t + " = " + scalar_op(vals_[static_cast<std::size_t>(x)].name));
        break;
      }
      case 6: {
        // Equal bytes in another shape, sometimes computed on there, then back.
        static const char* shapes[] = {"[32, 16]", "[8, 64]", "[64, 8]", "[4, 128]", "[1, 512]"};
        const std::string sh = o_.wide_reshapes ? shapes[pick(5)] : shapes[0];
        std::string r = fresh("r");
        line(out, ind, r + " = pl.tile.reshape(" + use(out, ind, s, true) + ", " + sh + ")");
        if (o_.wide_reshapes && chance(50)) {
          const std::string r2 = fresh("r");
          line(out, ind, r2 + " = " + (chance(50) ? "pl.tile." + unop() + "(" + r + ")" : scalar_op(r)));
          r = r2;
        }
        line(out, ind, t + " = pl.tile.reshape(" + r + ", [16, 32])");
        ++f_[Shape::Reshapes];
        if (sh != std::string(shapes[0])) ++f_[Shape::WideReshapes];
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
        std::vector<std::size_t> js = threaded(s);
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

  /// `name = op(.., y)`: the value a rebinding text's loop or arm leaves in `name` (a loop's
  /// carried name may be read: `acc = add(acc, y)`; an If result has no value before). With
  /// TileKernelOptions::relabels, sometimes the plain alias `name = y` ("ordinary aliases" are
  /// selected since issue 17: tile_alias_selected).
  void rebind(std::string& out, int ind, const std::string& name, const std::string& y, bool carried) {
    if (o_.relabels && y != name && chance(20)) {
      line(out, ind, name + " = " + y);
      ++f_[Shape::TileAliases];
    } else if (carried && y != name && chance(50)) line(out, ind, name + " = pl.tile." + binop() + "(" + name + ", " + y + ")");
    else line(out, ind, name + " = " + (chance(50) ? "pl.tile." + unop() + "(" + y + ")" : scalar_op(y)));
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  }

  void loop(std::string& out, int ind, Scope& s, bool is_while) {
    ++f_[is_while ? Shape::WhileLoops : Shape::ForLoops];
    // Rebinding text writes For loops as Python reads them: `c = init` before, `c = y` at the end
    // of the body, stores rebinding the Out's name (convert-to-ssa finds the carries).
    const bool text = non_ssa_ && !is_while;
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
      std::vector<int> a = alive(s, true);
      if (text)  // each carry rebinds its init's own name: distinct inits
        for (const Carry& o : cs) a.erase(std::remove(a.begin(), a.end(), o.init_id), a.end());
      if (a.empty()) {
        if (text && !cs.empty()) break;
        load(out, ind, s);
        a = alive(s, true);
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
      if (text || chance(40)) v.uses = 0;  // the loop is this init's last use (rebinding text: its name is rebound)
      cs.push_back(k);
    }
    for (std::size_t j = 0; j < s.out_threaded.size(); ++j)
      if (s.out_threaded[j] && !(non_ssa_ && is_while) && (text || chance(50))) {
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
    inner.id = next_scope_++;
    inner.visible = s.visible;
    inner.out_version = s.out_version;
    inner.out_threaded.assign(s.out_threaded.size(), false);
    inner.row_vars = s.row_vars;
    inner.depth = s.depth + 1;
    inner.in_loop = true;
    inner.in_arm = s.in_arm;
    std::vector<std::string> inits, ias;
    std::vector<Carry> tiles;
    for (Carry& k : cs) {
      k.ia = text ? k.init : fresh(k.gm ? "g" : "c");
      k.result = text ? k.init : fresh(k.gm ? "v" : "o");
      if (k.gm) {
        inner.out_version[k.out] = k.ia;
        inner.out_threaded[k.out] = true;
        if (!text) {
          inits.push_back(k.init);
          ias.push_back(k.ia);
        }
      } else {
        vals_[static_cast<std::size_t>(define(inner, k.ia))].carry = true;
        inits.push_back(k.init);
        ias.push_back(k.ia);
        tiles.push_back(k);
      }
    }
    std::string kv = fresh("k");
    if (text) {
      line(out, ind, "for " + kv + " in pl.range(n):");
      f_[Shape::Rebinds] += tiles.size();
    } else if (is_while) {
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
      if (text && k.gm) continue;
      ys.push_back(k.gm ? inner.out_version[k.out] : use(out, ind + 1, inner, true));
      rs.push_back(k.result);
    }
    // Values of the body (iter args excluded): none is visible after it.
    f_[Shape::BodyValues] += vals_.size() - first_body_val;
    if (text) {  // `acc = op(acc, y)`, as people write it (a plain alias `acc = y` stays Tile: see rebind())
      for (std::size_t i = 0; i < ys.size(); ++i) rebind(out, ind + 1, rs[i], ys[i], true);
    } else if (is_while) {
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
    for (std::size_t i = 0; i < gm.size(); ++i) gres.push_back(non_ssa_ ? s.out_version[gm[i]] : fresh("u"));
    f_[Shape::GmIfResults] += gm.size();
    // Results in one list: tiles first, then GM versions. Rebinding text assigns each tile
    // result's name in both arms and lets the stores rebind the Outs' names.
    std::vector<std::string> lhs = results;
    if (!non_ssa_) lhs.insert(lhs.end(), gres.begin(), gres.end());
    line(out, ind, "if n > " + std::to_string(pick(3)) + ":");
    for (int arm = 0; arm < 2; ++arm) {
      if (arm) line(out, ind, "else:");
      Scope inner;
      inner.id = next_scope_++;
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
      for (std::size_t i = 0; i < c; ++i) ys.push_back(use(out, ind + 1, inner, true));
      f_[Shape::ArmValues] += vals_.size() - first;
      if (non_ssa_) {
        for (std::size_t i = 0; i < c; ++i) rebind(out, ind + 1, results[i], ys[i], false);
        f_[Shape::Rebinds] += c;
        continue;
      }
      for (std::size_t j : gm) ys.push_back(inner.out_version[j]);
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
