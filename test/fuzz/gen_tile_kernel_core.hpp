// The primitives of the random tile-kernel generator (gen_tile_kernel.hpp, issues 14 and 17):
// options, the shape counters, the kernel record, the spec sentences that keep a kernel Tile, and
// TileKernelGenCore: values with use budgets, scopes, loads, stores, windows and assembles. Split
// from gen_tile_kernel.hpp (which builds the control flow and the kernel families on top of it)
// to keep each file small; the issue-17 relabel, runtime-valid-window and assemble shapes are in
// this file too (relabels(), valid_window(), overlap_assemble(), kept_tile_shape()).
#pragma once
#include "feature_counts.hpp"
#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace ptorw::fuzz {

struct TileKernelOptions {
  int max_depth = 2;            // nesting of loops and Ifs
  int short_lived_percent = 55; // values that get a budget of one or two uses
  int never_used_percent = 8;   // values never used (dead writes)
  int max_outs = 3;             // Out parameters: 1..max_outs
  // Issue 17 (see the file comment); all off gives the kernels of issue 14.
  bool windows = true;          // slices of wide tiles (static, runtime, loop-variable, nested offsets)
  int valid_percent = 25;       // kernels of the straight-line runtime-valid family
  int non_ssa_percent = 30;     // kernels written as rebinding (non-SSA) text
  int side_percent = 35;        // programs with a second kernel (selected or kept Tile)
  int tile_variant_percent = 12; // main kernels given one feature the spec keeps Tile (6 before issue 17's second round)
  bool wide_reshapes = true;    // reshapes beyond [32, 16], with ops on the relabelled shape
  bool assembles = true;        // tile.assemble windows (issue 17: planned in place, AssembleWindow)
  // Issue 17, second round: what the pass added after the first 20,000 x 3 run.
  bool relabels = true;          // aliases `t = x`, dense reshapes of whole-row / one-row windows
  bool valid_windows = true;     // slices with runtime (or static partial) valid extents, valid family
  bool overlap_assembles = true; // assembles whose source is a window of their own target (snapshot)
  bool kept_tile_shapes = true;  // the new shapes the spec keeps Tile (main-kernel variants, side kernels)
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
  // issue 17
  Slices,          // tile.slice statements
  RuntimeOffsets,  // ... with a runtime row or column offset
  LoopOffsets,     // ... with an offset from a loop variable or counter
  NestedSlices,    // a slice of a slice
  WindowStores,    // a window stored directly
  ValidKernels,    // kernels of the runtime-valid family
  RuntimeValid,    // tiles with a runtime valid extent
  StaticPartial,   // tiles with a static partial valid shape
  NonSsa,          // kernels written as rebinding text
  Rebinds,         // names rebound (straight line, loops, ifs)
  SideKernels,     // programs with a second kernel
  ExpectTile,      // kernels the spec keeps Tile (counted, still judged)
  WideReshapes,
  // issue 17, second round (selected unless named kept)
  TileAliases,       // a plain alias `t = x` of an ordinary tile
  WindowAliases,     // ... of a window (the alias is a window too)
  WindowReshapes,    // a dense reshape of a whole-row or one-row window (static offsets)
  RuntimeRelabels,   // kept: a reshape of a window at a runtime offset
  StridedRelabels,   // kept: a reshape of a strided window (planned as a copy)
  WindowTransposes,  // kept: a Vec tile.transpose_view of a window (planned as a copy)
  WindowSetters,     // kept: tile.set_validshape of a window or of a window's alias
  SetterReloads,     // ... then a load with the setter result's descriptor (may take the window's storage)
  RelabelSlices,     // kept: a slice of a relabelled window
  ValidWindows,      // a slice with runtime or static partial valid extents (valid family)
  KeptValidWindows,  // kept: nested, relabelled, assembled or loop-carried dynamic-valid windows
  OverlapAssembles,  // an assemble whose source is a window of its own target
  SelfWrites,        // ... written back at the source's own offsets (the exact self-write)
  TargetReadAfter,   // ... whose target (or source window) is read after the assemble
  KeptAssembles,     // kept: pitch mismatch, window target, unaligned column
  Count
};
inline constexpr const char* kShapeNames[] = {
    "values", "short_lived", "never_used", "body_values", "arm_values", "outs", "stores", "stores_in_loop",
    "stores_in_arm", "dynamic_rows", "for_loops", "while_loops", "ifs", "tile_carries", "gm_carries",
    "gm_if_results", "dying_inits", "live_inits", "reshapes", "moves", "fills", "recips", "slices", "runtime_offsets",
    "loop_offsets", "nested_slices", "window_stores", "valid_kernels", "runtime_valid", "static_partial", "non_ssa",
    "rebinds", "side_kernels", "expect_tile", "wide_reshapes", "tile_aliases", "window_aliases", "window_reshapes",
    "runtime_relabels", "strided_relabels", "window_transposes", "window_setters", "setter_reloads", "relabel_slices", "valid_windows",
    "kept_valid_windows", "overlap_assembles", "self_writes", "target_read_after", "kept_assembles"};
static_assert(std::size(kShapeNames) == static_cast<std::size_t>(Shape::Count));

using TileKernelFeatures = FeatureCounts<Shape, kShapeNames>;

struct TileKernel {
  std::uint64_t seed = 0;
  std::string text;
  TileKernelFeatures features;
  /// Kernels the spec keeps on Tile IR, with the spec's reason; every other kernel must be selected.
  std::map<std::string, std::string> expect_tile;
  /// Explicit values of `main`'s scalar parameters, one map per run (empty: random inputs only).
  std::vector<std::map<std::string, double>> scalar_runs;
  bool non_ssa = false;  // rebinding text: run convert-to-ssa before the lowering
};

/// The spec's sentences (lower_tile_to_buffer.md) that keep a generated kernel on Tile IR.
inline constexpr const char* kWhyFlow = "User control flow with dynamic valid state ... retain Tile IR";
inline constexpr const char* kWhyMismatch =
    "Elementwise Tile operands and their destination must have matching physical shapes and valid extents";
inline constexpr const char* kWhyMove =
    "Runtime valid shapes are enabled for straight-line Vec load/store ... and matching-shape elementwise recipes";
inline constexpr const char* kWhyWindowCarry = "window region carries ... remain Tile";
inline constexpr const char* kWhyUnaligned = "Unproven alignment retains Tile IR";
inline constexpr const char* kWhyRelabel = "runtime-offset relabels ... remain Tile";
inline constexpr const char* kWhyStrided = "require dense source row pitch; strided relabels ... remain Tile";
inline constexpr const char* kWhyTranspose =
    "tile.transpose_view of a row-major (pl.Mem.Vec) tile moves data (no Buffer recipe; only a matrix-space transpose is a relabel)";
inline constexpr const char* kWhySetter = "window setters ... retain Tile IR";
inline constexpr const char* kWhyRelabelSlice = "as does slicing a relabelled window";
inline constexpr const char* kWhyDynRelabel = "dynamic-valid relabels/assemble ... retain Tile IR";
inline constexpr const char* kWhyNestedDyn = "nested dynamic-valid windows retain Tile IR";
inline constexpr const char* kWhyPitch = "assemble with incompatible pitches ... remain Tile";
inline constexpr const char* kWhyWindowTarget = "Vec assemble requires a non-window target";

/// The generator's state and its straight-line building blocks (gen_tile_kernel.hpp derives from it).
class TileKernelGenCore {
 public:
  explicit TileKernelGenCore(std::uint64_t seed, TileKernelOptions o) : rng_(seed), o_(o) {}

 protected:
  struct Val {
    std::string name;
    int uses = -1;     // uses left; -1: long-lived (any number of uses in its scope)
    int reads = 0;     // uses made
    int kind = 0;      // 0: [16, 32]; 1: wide [32, 64] (a slice source)
    bool window = false;  // a slice result: never carried, yielded or relabelled
    bool carry = false;   // an iter arg (never rebound by name)
    int scope = 0;     // the scope that defined it
    std::string valid; // the valid shape's text ("" = full), runtime-valid family
  };
  struct Scope {
    int id = 0;
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
  int names_ = 0, next_scope_ = 0;
  bool non_ssa_ = false, valid_ = false;
  std::string tile_reason_;       // why the spec keeps the main kernel Tile ("" = it must be selected)

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
  std::string unop() {
    static const char* un[] = {"exp", "neg", "abs", "relu"};
    return un[pick(4)];
  }
  std::string scalar_op(const std::string& x) {
    static const char* sc[] = {"muls", "adds", "subs", "maximums", "minimums", "lrelu"};
    static const char* lit[] = {"0.5", "1.0", "0.25", "-0.5"};
    return std::string("pl.tile.") + sc[pick(6)] + "(" + x + ", " + lit[pick(4)] + ")";
  }

  /// A new value visible in `s`, with a use budget.
  int define(Scope& s, const std::string& name, int kind = 0) {
    Val v;
    v.name = name;
    v.kind = kind;
    v.scope = s.id;
    const int r = static_cast<int>(pick(100));
    if (r < o_.never_used_percent) v.uses = 0;
    else if (r < o_.never_used_percent + o_.short_lived_percent) {
      v.uses = 1 + static_cast<int>(pick(2));
      ++f_[Shape::ShortLived];
    }
    if (kind == 0) ++f_[Shape::Values];
    vals_.push_back(v);
    s.visible.push_back(static_cast<int>(vals_.size()) - 1);
    return static_cast<int>(vals_.size()) - 1;
  }
  /// Live values of `s` of one kind; `plain` leaves windows out (carries, yields, relabels).
  std::vector<int> alive(const Scope& s, bool plain = false, int kind = 0) const {
    std::vector<int> a;
    for (int id : s.visible) {
      const Val& v = vals_[static_cast<std::size_t>(id)];
      if (v.uses != 0 && v.kind == kind && !(plain && v.window)) a.push_back(id);
    }
    return a;
  }
  /// One use of a live value of `s` (a new load when nothing is alive); its id.
  int use_id(std::string& out, int ind, Scope& s, bool plain = false) {
    std::vector<int> a = alive(s, plain);
    if (a.empty()) {
      load(out, ind, s);
      a = alive(s, plain);
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
    return a[i];
  }
  std::string use(std::string& out, int ind, Scope& s, bool plain = false) {
    return vals_[static_cast<std::size_t>(use_id(out, ind, s, plain))].name;
  }
  /// The name a one-operand op's result takes: in rebinding text, the operand's own name when that
  /// was its last use and it was defined in this scope (`x = pl.tile.exp(x)`), else `t`.
  std::string result_name(const std::string& t, int operand, const Scope& s) {
    const Val& v = vals_[static_cast<std::size_t>(operand)];
    if (!non_ssa_ || v.uses != 0 || v.kind != 0 || v.window || v.carry || v.scope != s.id || !chance(60)) return t;
    ++f_[Shape::Rebinds];
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
    std::string w = non_ssa_ ? s.out_version[j] : fresh("w");
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
  std::vector<std::size_t> threaded(const Scope& s) const {
    std::vector<std::size_t> js;
    for (std::size_t j = 0; j < s.out_threaded.size(); ++j)
      if (s.out_threaded[j]) js.push_back(j);
    return js;
  }

  // ---- windows (issue 17) ----
  /// A row offset of a window with `slack` rows to spare: a constant, the parameter r (0..8), a
  /// loop variable (0..2), or sums of them; never beyond the slack.
  std::string win_row(const Scope& s, int slack, bool& runtime, bool& loopvar) {
    std::vector<std::string> forms{std::to_string(pick(static_cast<std::size_t>(slack) + 1))};
    if (slack >= 8) forms.insert(forms.end(), {"r", "r", "8 - r"});
    if (slack >= 16) forms.insert(forms.end(), {"r * 2", "r + 8"});
    const bool lv = !s.row_vars.empty();
    const std::string k = lv ? s.row_vars[pick(s.row_vars.size())] : "";
    if (lv && slack >= 8) forms.push_back(k + " * 4");
    if (lv && slack >= 16) forms.insert(forms.end(), {k + " * 8", "r + " + k + " * 4"});
    std::string f = forms[pick(forms.size())];
    runtime = runtime || f.find('r') != std::string::npos;
    loopvar = loopvar || (lv && f.find(k) != std::string::npos);
    return f;
  }
  /// A column offset (FP32 elements) with `slack` columns to spare, proven 32-byte aligned by
  /// selection: multiples of 8 from constants, q (0..2), `col` (= q * 8) and loop variables.
  std::string win_col(const Scope& s, int slack, bool& runtime, bool& loopvar) {
    std::vector<std::string> forms{std::to_string(8 * pick(static_cast<std::size_t>(slack / 8) + 1))};
    if (slack >= 16) forms.insert(forms.end(), {"q * 8", "col", "16 - q * 8"});
    if (slack >= 24) forms.push_back("q * 8 + 8");
    if (slack >= 32) forms.insert(forms.end(), {"col + 16", "8 * q * 2"});
    const bool lv = !s.row_vars.empty();
    const std::string k = lv ? s.row_vars[pick(s.row_vars.size())] : "";
    if (lv && slack >= 16) forms.push_back(k + " * 8");
    if (lv && slack >= 32) forms.push_back(k + " * 8 + col");
    std::string f = forms[pick(forms.size())];
    runtime = runtime || f.find('q') != std::string::npos || f.find("col") != std::string::npos;
    loopvar = loopvar || (lv && f.find(k) != std::string::npos);
    return f;
  }
  /// A live wide [32, 64] tile: a new load of `c` (at a static or loop-variable row) or an
  /// elementwise op on a live one, or one already alive.
  std::string wide(std::string& out, int ind, Scope& s) {
    std::vector<int> a = alive(s, false, 1);
    std::string w = fresh("g");
    if (a.empty() || chance(25)) {
      if (!a.empty() && chance(40)) {
        Val& v = vals_[static_cast<std::size_t>(a[pick(a.size())])];
        if (v.uses > 0) --v.uses;
        ++v.reads;
        line(out, ind, w + " = " + (chance(50) ? "pl.tile." + unop() + "(" + v.name + ")" : scalar_op(v.name)));
      } else {
        std::string rw = !s.row_vars.empty() && chance(50) ? s.row_vars[pick(s.row_vars.size())] + " * 16" : std::to_string(16 * pick(3));
        line(out, ind, w + " = pl.tile.load(c, (" + rw + ", 0), (32, 64))");
      }
      const int id = define(s, w, 1);
      if (vals_[static_cast<std::size_t>(id)].uses == 0) vals_[static_cast<std::size_t>(id)].uses = 1;
    } else {
      w = vals_[static_cast<std::size_t>(a[pick(a.size())])].name;
    }
    Val& v = vals_[static_cast<std::size_t>(alive_named(s, w, 1))];
    if (v.uses > 0) --v.uses;
    ++v.reads;
    return w;
  }
  int alive_named(const Scope& s, const std::string& name, int kind) const {
    for (auto it = s.visible.rbegin(); it != s.visible.rend(); ++it)
      if (vals_[static_cast<std::size_t>(*it)].name == name && vals_[static_cast<std::size_t>(*it)].kind == kind) return *it;
    return s.visible.back();
  }
  /// `v = tile.slice(...)` of a wide tile, directly or through a [24, 48] window (nested); the
  /// window is then read by elementwise ops, moves and stores like any value (never carried).
  void window(std::string& out, int ind, Scope& s) {
    const std::string w = wide(out, ind, s);
    bool runtime = false, loopvar = false;
    std::string src = w;
    int rs = 16, cs = 32;
    if (chance(30)) {
      src = fresh("m");
      const std::string ro = win_row(s, 8, runtime, loopvar), co = win_col(s, 16, runtime, loopvar);
      line(out, ind, src + " = pl.tile.slice(" + w + ", [24, 48], [" + ro + ", " + co + "])");
      rs = 8;
      cs = 16;
      ++f_[Shape::NestedSlices];
      ++f_[Shape::Slices];
    }
    const std::string ro = win_row(s, rs, runtime, loopvar), co = win_col(s, cs, runtime, loopvar);
    const std::string t = fresh("v");
    line(out, ind, t + " = pl.tile.slice(" + src + ", [16, 32], [" + ro + ", " + co + "])");
    ++f_[Shape::Slices];
    if (runtime) ++f_[Shape::RuntimeOffsets];
    if (loopvar) ++f_[Shape::LoopOffsets];
    const int id = define(s, t);
    vals_[static_cast<std::size_t>(id)].window = true;
    std::vector<std::size_t> js = threaded(s);
    if (!js.empty() && chance(30)) {
      Val& v = vals_[static_cast<std::size_t>(id)];
      if (v.uses > 0) --v.uses;
      ++v.reads;
      store(out, ind, s, js[pick(js.size())], t);
      ++f_[Shape::WindowStores];
    }
  }
  /// TileKernelOptions::assembles: "Vec assemble requires a non-window target and
  /// matching source/target row pitches" — a [16, 32] value written into a fresh [32, 32] target at
  /// a static or runtime row, then a window of the result read like any value.
  void assemble(std::string& out, int ind, Scope& s) {
    const std::string target = fresh("at"), placed = fresh("as"), src = use(out, ind, s, true);
    if (chance(50)) line(out, ind, target + " = pl.tile.load(c, (" + std::to_string(16 * pick(3)) + ", 0), (32, 32))");
    else line(out, ind, target + " = pl.tile.full([32, 32], 0.5, dtype=pl.FP32)");
    bool runtime = false, loopvar = false;
    line(out, ind, placed + " = pl.tile.assemble(" + target + ", " + src + ", [" + win_row(s, 16, runtime, loopvar) + ", 0])");
    const std::string t = fresh("v");
    line(out, ind, t + " = pl.tile.slice(" + placed + ", [16, 32], [" + win_row(s, 16, runtime, loopvar) + ", 0])");
    vals_[static_cast<std::size_t>(define(s, t))].window = true;
    ++f_[Shape::Slices];
    if (runtime) ++f_[Shape::RuntimeOffsets];  // the assemble's row or the slice's
    if (loopvar) ++f_[Shape::LoopOffsets];
  }

  // ---- issue 17, second round: relabels of windows, overlapping assembles, kept-Tile shapes ----
  Val& val(int id) { return vals_[static_cast<std::size_t>(id)]; }
  std::string static_row(int slack) { return std::to_string(pick(static_cast<std::size_t>(slack) + 1)); }
  std::string static_col(int slack) { return std::to_string(8 * pick(static_cast<std::size_t>(slack / 8) + 1)); }

  /// A relabel the spec selects. "ordinary aliases": `t = x` of any live value names x's handle (an
  /// alias of a window is a window). "a relabel of a window is a buffer.reshape of it at the same
  /// place" and "require dense source row pitch, including single-row sources": a whole-row
  /// [8, 64] window of a wide tile at a static row (directly, through a [16, 64] window, or through
  /// an alias) reshaped to [16, 32]; or a one-row window reshaped and stored.
  void relabel(std::string& out, int ind, Scope& s) {
    const std::size_t k = pick(5);
    if (k == 0) {
      const int x = use_id(out, ind, s);
      const bool win = val(x).window;
      const std::string t = fresh("al");
      line(out, ind, t + " = " + val(x).name);
      val(define(s, t)).window = win;
      ++f_[win ? Shape::WindowAliases : Shape::TileAliases];
      return;
    }
    const std::string g = wide(out, ind, s), v = fresh("v"), t = fresh("rw");
    std::vector<std::size_t> js = threaded(s);
    if (k == 1 && !js.empty()) {  // one row: [1, 64] -> [2, 32], or [1, 32] at a column -> [4, 8]
      const bool full = chance(50);
      line(out, ind, v + " = pl.tile.slice(" + g + ", [1, " + (full ? "64" : "32") + "], [" + static_row(31) + ", " +
                         (full ? std::string("0") : static_col(32)) + "])");
      line(out, ind, t + " = pl.tile.reshape(" + v + ", " + (full ? "[2, 32]" : "[4, 8]") + ")");
      const std::string y = fresh("t");
      line(out, ind, y + " = pl.tile." + unop() + "(" + t + ")");
      store(out, ind, s, js[pick(js.size())], y);
      ++f_[Shape::Slices];
      ++f_[Shape::WindowReshapes];
      return;
    }
    std::string src = g;
    int slack = 24;
    if (chance(30)) {
      src = fresh("m");
      line(out, ind, src + " = pl.tile.slice(" + g + ", [16, 64], [" + static_row(16) + ", 0])");
      slack = 8;
      ++f_[Shape::NestedSlices];
      ++f_[Shape::Slices];
    }
    line(out, ind, v + " = pl.tile.slice(" + src + ", [8, 64], [" + static_row(slack) + ", 0])");
    ++f_[Shape::Slices];
    std::string named = v;
    if (chance(25)) {
      named = fresh("al");
      line(out, ind, named + " = " + v);
      ++f_[Shape::WindowAliases];
    }
    line(out, ind, t + " = pl.tile.reshape(" + named + ", [16, 32])");
    val(define(s, t)).window = true;  // a relabel of a window: never carried, yielded or sliced
    ++f_[Shape::WindowReshapes];
  }

  /// TileKernelOptions::overlap_assembles: the source is a window of the target itself (directly
  /// or nested, sometimes through an alias), written back at another (or the same) place. "An
  /// overlapping source is preserved by an explicit copy of its full typed parent before planning";
  /// "provably disjoint static byte spans need no snapshot ... includes gaps between rows"; "an exact
  /// self-write ... need[s] no snapshot"; "a static child never makes its dynamic parent's storage
  /// range precise". Targets [32, 32] or [32, 64] (matching pitches: the window inherits its
  /// target's); sometimes the target or the source window is read after the assemble ("after copying
  /// the target into the result when the planner gave them different storage").
  void overlap_assemble(std::string& out, int ind, Scope& s) {
    const int cols = chance(40) ? 64 : 32;
    const std::string shape = "[32, " + std::to_string(cols) + "]", at = fresh("at"), as = fresh("as"), sw = fresh("sw");
    if (cols == 64 && chance(30)) line(out, ind, at + " = " + scalar_op(wide(out, ind, s)));
    else if (chance(60)) line(out, ind, at + " = pl.tile.load(c, (" + std::to_string(16 * pick(3)) + ", 0), (32, " + std::to_string(cols) + "))");
    else line(out, ind, at + " = pl.tile.full(" + shape + ", 1.5, dtype=pl.FP32)");
    bool runtime = false, loopvar = false;
    std::string parent = at, ro, co;
    int rslack = 16;
    const bool nested = chance(30);
    if (nested) {
      parent = fresh("band");
      line(out, ind, parent + " = pl.tile.slice(" + at + ", [24, " + std::to_string(cols) + "], [" + win_row(s, 8, runtime, loopvar) + ", 0])");
      rslack = 8;
      ++f_[Shape::NestedSlices];
      ++f_[Shape::Slices];
    }
    ro = win_row(s, rslack, runtime, loopvar);
    co = win_col(s, cols - 32, runtime, loopvar);
    line(out, ind, sw + " = pl.tile.slice(" + parent + ", [16, 32], [" + ro + ", " + co + "])");
    ++f_[Shape::Slices];
    std::string src = sw;
    if (chance(20)) {
      src = fresh("al");
      line(out, ind, src + " = " + sw);
      ++f_[Shape::WindowAliases];
    }
    std::string pr, pc;
    if (!nested && chance(20)) {  // back where it was
      pr = ro;
      pc = co;
      ++f_[Shape::SelfWrites];
    } else {
      pr = win_row(s, 16, runtime, loopvar);
      pc = win_col(s, cols - 32, runtime, loopvar);
    }
    line(out, ind, as + " = pl.tile.assemble(" + at + ", " + src + ", [" + pr + ", " + pc + "])");
    ++f_[Shape::OverlapAssembles];
    if (runtime) ++f_[Shape::RuntimeOffsets];
    if (loopvar) ++f_[Shape::LoopOffsets];
    const std::string v = fresh("v");
    line(out, ind, v + " = pl.tile.slice(" + as + ", [16, 32], [" + static_row(16) + ", " + static_col(cols - 32) + "])");
    val(define(s, v)).window = true;
    ++f_[Shape::Slices];
    if (chance(25)) {  // the old target version is still read
      const std::string t = fresh("t");
      if (chance(50)) line(out, ind, t + " = pl.tile." + unop() + "(" + src + ")");
      else {
        const std::string u = fresh("v");
        line(out, ind, u + " = pl.tile.slice(" + at + ", [16, 32], [" + static_row(16) + ", " + static_col(cols - 32) + "])");
        line(out, ind, t + " = pl.tile.adds(" + u + ", 0.25)");
        ++f_[Shape::Slices];
      }
      define(s, t);
      ++f_[Shape::TargetReadAfter];
    }
  }

  /// A shape the spec keeps Tile, given to the main kernel on purpose (tile_variant, gen_tile_kernel.hpp):
  /// defines a [16, 32] value (or stores) and returns the spec's reason.
  std::string kept_tile_shape(std::string& out, int ind, Scope& s) {
    const std::string w = wide(out, ind, s), v = fresh("v"), u = fresh("t");
    auto win = [&](const std::string& t) {  // a strided [16, 32] window at static offsets
      line(out, ind, t + " = pl.tile.slice(" + w + ", [16, 32], [" + static_row(16) + ", " + static_col(32) + "])");
      ++f_[Shape::Slices];
    };
    std::string why;
    switch (pick(7)) {
      case 0: {  // "strided relabels ... remain Tile": a reshape of a strided window is a copy
        win(v);
        const std::string rl = fresh("rl");
        line(out, ind, rl + " = pl.tile.reshape(" + v + ", " + (chance(50) ? "[32, 16]" : "[8, 64]") + ")");
        const std::string r2 = chance(50) ? fresh("rl") : rl;
        if (r2 != rl) line(out, ind, r2 + " = pl.tile." + unop() + "(" + rl + ")");
        line(out, ind, u + " = pl.tile.reshape(" + r2 + ", [16, 32])");
        ++f_[Shape::StridedRelabels];
        why = kWhyStrided;
        break;
      }
      case 1: {  // a Vec transpose_view of a window moves data (planned as a copy)
        win(v);
        const std::string tv = fresh("tv"), t2 = fresh("tv");
        line(out, ind, tv + " = pl.tile.transpose_view(" + v + ")");
        line(out, ind, t2 + " = pl.tile." + unop() + "(" + tv + ")");
        line(out, ind, u + " = pl.tile.reshape(" + t2 + ", [16, 32])");
        ++f_[Shape::WindowTransposes];
        why = kWhyTranspose;
        break;
      }
      case 2: {  // "window setters": set_validshape of a window or of its alias, then stored
        win(v);
        std::string named = v;
        if (chance(60)) {
          named = fresh("al");
          line(out, ind, named + " = " + v);
          ++f_[Shape::WindowAliases];
        }
        const std::string y = fresh("sv"), valid = chance(70) ? "e" : "24";
        line(out, ind, y + " = pl.tile.set_validshape(" + named + ", 16, " + valid + ")");
        line(out, ind, u + " = pl.tile.adds(" + y + ", 1.0)");
        store(out, ind, s, pick(s.out_version.size()), u);
        ++f_[Shape::WindowSetters];
        if (chance(50)) {
          // A later load with the setter result's descriptor ([16, 32], valid [16, e]), which a
          // planner may place where the dead window was: the 36th session's setter miscompile read
          // such a tile's dense bytes for the setter's window (lower-tile-to-buffer/
          // error_set_validshape_window_shared_descriptor).
          const std::string q = fresh("rq");
          line(out, ind, q + " = pl.tile.load(a, (0, 0), (16, 32), (16, " + valid + "))");
          store(out, ind, s, pick(s.out_version.size()), q);
          ++f_[Shape::SetterReloads];
        }
        return kWhySetter;
      }
      case 3: {  // "as does slicing a relabelled window"
        const std::string m = fresh("m"), rl = fresh("rl");
        line(out, ind, m + " = pl.tile.slice(" + w + ", [16, 64], [" + static_row(16) + ", 0])");
        line(out, ind, rl + " = pl.tile.reshape(" + m + ", [32, 32])");
        line(out, ind, v + " = pl.tile.slice(" + rl + ", [16, 32], [" + static_row(16) + ", 0])");
        line(out, ind, u + " = pl.tile.adds(" + v + ", 1.0)");
        f_[Shape::Slices] += 2;
        ++f_[Shape::RelabelSlices];
        why = kWhyRelabelSlice;
        break;
      }
      default: {  // assembles kept Tile: pitch mismatch, window target, unaligned column
        const std::string at = fresh("at"), as = fresh("as");
        const std::size_t a = pick(3);
        line(out, ind, at + " = pl.tile.load(c, (" + std::to_string(16 * pick(3)) + ", 0), (32, 64))");
        std::string target = at, src, place;
        if (a == 0) {  // a dense [16, 32] value (128-byte rows) into 256-byte rows
          src = use(out, ind, s, true);
          place = "[" + static_row(16) + ", " + static_col(32) + "]";
          why = kWhyPitch;
        } else if (a == 1) {  // into a window of the target
          target = fresh("tw");
          line(out, ind, target + " = pl.tile.slice(" + at + ", [32, 32], [0, " + static_col(32) + "])");
          win(v);
          src = v;
          place = "[" + static_row(16) + ", 0]";
          why = kWhyWindowTarget;
          ++f_[Shape::Slices];
        } else {  // a column not proven 32-byte aligned
          win(v);
          src = v;
          place = "[" + static_row(16) + ", " + (chance(50) ? "q * 4" : "4") + "]";
          why = kWhyUnaligned;
        }
        line(out, ind, as + " = pl.tile.assemble(" + target + ", " + src + ", " + place + ")");
        const std::string x = fresh("v");
        line(out, ind, x + " = pl.tile.slice(" + as + ", [16, 32], [" + static_row(16) + ", 0])");
        line(out, ind, u + " = pl.tile.adds(" + x + ", 1.0)");
        ++f_[Shape::Slices];
        ++f_[Shape::KeptAssembles];
        break;
      }
    }
    define(s, u);
    return why;
  }
};

}  // namespace ptorw::fuzz
