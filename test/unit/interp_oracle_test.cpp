// The interpreter oracle (issue 14, "an oracle that does not check itself"): every elementwise op
// of value mode — tile binary, unary and tile∘scalar ops, fills, tensor.add/sub/mul/div, the tensor
// forms tensor.maximum/minimum, tensor.exp/log/sqrt/recip/rsqrt/abs/neg/relu and
// tensor.adds/subs/muls/divs — judged
// per dtype on asymmetric inputs and edge values (NaN, ±0, ±inf, subnormals, FP16/BF16 ties and
// overflow, integer wrap, division by zero) against formulas written in the test
// (oracle_ref.hpp), never against interpreter helpers. The tile rows run again in buffer mode, as
// a planned Tile kernel and as Buffer IR (each Tile op through the Buffer op its recipe names).
// tile.matmul / matmul_acc and tensor.matmul (every out_dtype) / matmul_acc are checked against an
// in-order FP32 (INT32) accumulation, then the conversion of oracle_ref.hpp. Every row of
// the elementwise recipe table and every op of the registry must be judged here (a reference
// formula, a poison row, or a stated exemption), and poison is checked per op: computing ops fail
// on it, data movement carries it.
#include "op_coverage.hpp"
#include "oracle_harness.hpp"
#include "ptorw/lowering/recipes/elementwise_table.hpp"
namespace ut_interp_oracle_test {  // one namespace per file: the suite builds as one unity TU

using namespace oracle_run;
using oracle::Op;
using oracle::Un;

namespace {

enum class Kind { Binary, Unary, Scalar, Fill };
struct Ref {
  std::string_view op;
  Kind kind;
  Op bop = Op::Add;
  Un uop = Un::Exp;
};

// The reference formula of every elementwise op (oracle_ref.hpp). A new elementwise op in the
// registry or the recipe table fails "every elementwise op has a reference formula" until it has
// a row here.
const Ref kRefs[] = {
    {"tile.add", Kind::Binary, Op::Add},        {"tile.sub", Kind::Binary, Op::Sub},
    {"tile.mul", Kind::Binary, Op::Mul},        {"tile.div", Kind::Binary, Op::DivTrunc},
    {"tile.maximum", Kind::Binary, Op::Max},    {"tile.minimum", Kind::Binary, Op::Min},
    {"tile.exp", Kind::Unary, {}, Un::Exp},     {"tile.log", Kind::Unary, {}, Un::Log},
    {"tile.sqrt", Kind::Unary, {}, Un::Sqrt},   {"tile.recip", Kind::Unary, {}, Un::Recip},
    {"tile.rsqrt", Kind::Unary, {}, Un::Rsqrt}, {"tile.abs", Kind::Unary, {}, Un::Abs},
    {"tile.neg", Kind::Unary, {}, Un::Neg},     {"tile.relu", Kind::Unary, {}, Un::Relu},
    {"tile.sin", Kind::Unary, {}, Un::Sin},     {"tile.cos", Kind::Unary, {}, Un::Cos},
    {"tile.adds", Kind::Scalar, Op::Add},       {"tile.subs", Kind::Scalar, Op::Sub},
    {"tile.muls", Kind::Scalar, Op::Mul},       {"tile.divs", Kind::Scalar, Op::DivTrunc},
    {"tile.maximums", Kind::Scalar, Op::Max},   {"tile.minimums", Kind::Scalar, Op::Min},
    {"tile.lrelu", Kind::Scalar, Op::Lrelu},    {"tile.full", Kind::Fill},
    {"tensor.add", Kind::Binary, Op::Add},      {"tensor.sub", Kind::Binary, Op::Sub},
    {"tensor.mul", Kind::Binary, Op::Mul},      {"tensor.div", Kind::Binary, Op::DivTrunc},
    {"tensor.full", Kind::Fill},                {"tensor.write", Kind::Fill},
    {"tensor.maximum", Kind::Binary, Op::Max},  {"tensor.minimum", Kind::Binary, Op::Min},
    {"tensor.exp", Kind::Unary, {}, Un::Exp},   {"tensor.log", Kind::Unary, {}, Un::Log},
    {"tensor.sqrt", Kind::Unary, {}, Un::Sqrt}, {"tensor.recip", Kind::Unary, {}, Un::Recip},
    {"tensor.rsqrt", Kind::Unary, {}, Un::Rsqrt}, {"tensor.abs", Kind::Unary, {}, Un::Abs},
    {"tensor.neg", Kind::Unary, {}, Un::Neg},   {"tensor.relu", Kind::Unary, {}, Un::Relu},
    {"tensor.sin", Kind::Unary, {}, Un::Sin},   {"tensor.cos", Kind::Unary, {}, Un::Cos},
    {"tensor.adds", Kind::Scalar, Op::Add},     {"tensor.subs", Kind::Scalar, Op::Sub},
    {"tensor.muls", Kind::Scalar, Op::Mul},     {"tensor.divs", Kind::Scalar, Op::DivTrunc},
};
const Ref* find_ref(std::string_view op) {
  for (const auto& r : kRefs)
    if (r.op == op) return &r;
  return nullptr;
}
bool is_tile(const Ref& r) { return r.op.starts_with("tile."); }
/// A tensor op whose second operand may be a scalar (registry signature `N,A`: add/sub/mul/div);
/// tensor.maximum / minimum take tensors only.
bool takes_scalar(const Ref& r) {
  const ir::OpDef* d = ir::find_op(r.op);
  return d && d->operands == "N,A";
}

/// Scalar operands of tile∘scalar ops and fill values: each is converted (rounded once) to the
/// tile's dtype first — FP32 1 + 2^-11 is a tie in FP16, 65520 overflows FP16, 16777217 is a
/// tie in FP32, 2.75 truncates in an integer tile, NaN has no integer value (an error).
std::vector<Val> scalars(DType d) {
  using oracle::fv;
  using oracle::iv;
  const DType F = DType::FP32, I = DType::INDEX;
  if (oracle::is_fp(d))
    return {fv(F, double(0.1f)), fv(F, -2.5), fv(F, 3.0), fv(F, -0.0), fv(F, 65520.0), fv(F, 1 + 0x1p-11),
            fv(F, kNaN), fv(F, -kInf), iv(I, 3), iv(I, -7), iv(I, 16777217), iv(DType::BOOL, 1)};
  return {iv(I, 3), iv(I, -7), iv(I, 0), iv(I, 300), iv(DType::INT8, -128), fv(F, 2.75), fv(F, -2.75),
          fv(F, -0.5), fv(F, kNaN), fv(F, 1e30f), iv(DType::BOOL, 1)};
}

std::size_t g_rows = 0;  // element rows checked (reported per test case)

/// Where a row runs: an unplanned Tile kernel in value mode; the same kernel planned (every tile
/// at its own Vec address, elements through bytes) in buffer mode; the kernel in Buffer IR, with
/// the Buffer op the recipe table gives the Tile op, in buffer mode.
enum class Mode { Value, Planned, BufferIR };
std::string mode_name(Mode m) { return m == Mode::Value ? "value mode" : m == Mode::Planned ? "planned Tile" : "Buffer IR"; }
ModePolicy policy(Mode m) { return m == Mode::Value ? ModePolicy::Value : ModePolicy::Auto; }

/// A kernel `main(A[, B][, s], Out)` over [1, n] tensors of d computing the tile op of `ref` on
/// A (and B) and storing the result into Out.
std::string kernel(DType d, std::size_t n, std::optional<DType> sd, const Ref& ref, Mode mode) {
  const int loads = ref.kind == Kind::Binary ? 2 : ref.kind == Kind::Fill ? 0 : 1;
  const std::string D = dt(d), N = std::to_string(n), shape = "[1, " + N + "]";
  const std::string T = "pl.Tensor[" + shape + ", " + D + "]";
  const std::string bytes = std::to_string(std::max<std::size_t>(32, (n * ir::dtype_bytes(d) + 31) / 32 * 32));
  std::string s = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore" +
                  std::string(mode == Mode::BufferIR ? ", stage=pl.FunctionIRStage.Buffer" : "") + ")\n    def main(self";
  if (loads > 0) s += ", A: " + T;
  if (loads > 1) s += ", B: " + T;
  if (sd) s += ", s: pl.Scalar[" + dt(*sd) + "]";
  s += ", Out: pl.Out[" + T + "]) -> " + T + ":\n";
  const std::string args = ref.kind == Kind::Binary ? "a, b" : ref.kind == Kind::Unary ? "a" : ref.kind == Kind::Scalar ? "a, s" : "s";
  if (mode == Mode::BufferIR) {
    const auto* recipe = lowering::find_recipe_by_tile_op(ref.op);
    REQUIRE(recipe);
    for (const char* name : {"a", "b", "r"})
      s += std::string("        ") + name + ": pl.Buffer[" + shape + ", " + D + ", pl.Mem.Vec] = pl.buffer.alloc(())\n";
    if (loads > 0) s += "        pl.buffer.load(A, (0, 0), (1, " + N + "), a)\n";
    if (loads > 1) s += "        pl.buffer.load(B, (0, 0), (1, " + N + "), b)\n";
    s += "        pl." + std::string(recipe->buffer_op) + "(" + args + ", r)\n";
    return s + "        pl.buffer.store(r, (0, 0), (1, " + N + "), Out)\n        return Out\n";
  }
  auto def = [&](const std::string& name, int slot, const std::string& rhs) {
    std::string ty;
    if (mode == Mode::Planned) {
      s += "        m" + name + " = pl.tile.alloc(pl.Mem.Vec, " + bytes + ", addr=" + std::to_string(slot * 4096) + ")\n";
      ty = ": pl.Tile[" + shape + ", " + D + ", pl.MemRef(m" + name + ", 0, " + bytes + "), pl.Mem.Vec]";
    }
    s += "        " + name + ty + " = " + rhs + "\n";
  };
  if (loads > 0) def("a", 0, "pl.load(A, [0, 0], " + shape + ")");
  if (loads > 1) def("b", 1, "pl.load(B, [0, 0], " + shape + ")");
  def("r", 2, ref.kind == Kind::Fill ? "pl.tile.full(" + shape + ", s, dtype=" + D + ")" : "pl." + std::string(ref.op) + "(" + args + ")");
  return s + "        o = pl.store(r, [0, 0], Out)\n        return o\n";
}

/// An orchestration `main(A[, B | s]) -> tensor` returning `expr` (tensor ops, fills).
std::string orch(DType d, std::size_t n, const std::string& params, const std::string& expr) {
  const std::string T = "pl.Tensor[[1, " + std::to_string(n) + "], " + dt(d) + "]";
  std::string p = params;
  for (std::size_t k; (k = p.find("TENSOR")) != std::string::npos;) p.replace(k, 6, T);
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self" + p + ") -> " + T +
         ":\n        r = " + expr + "\n        return r\n";
}

const std::string kZeroDiv = "division by zero";  // the error of an integer zero divisor

/// ref on every ordered pair of values(d): one run for the pairs with a result, one run each for
/// the pairs that must fail (an integer zero divisor).
void run_binary(const Ref& ref, DType d, Mode mode) {
  const auto vs = values(d);
  std::vector<Val> as, bs;
  std::vector<Expect> want;
  std::vector<std::pair<Val, Val>> errs;
  for (Val a : vs)
    for (Val b : vs) {
      Expect e = oracle::binary(ref.bop, a, b, d);
      if (e.error) {
        errs.emplace_back(a, b);
        continue;
      }
      as.push_back(a);
      bs.push_back(b);
      want.push_back(e);
    }
  auto bits = [](const std::vector<Val>& v) {
    std::vector<u64> out;
    for (Val x : v) out.push_back(x.bits);
    return out;
  };
  const bool tile = is_tile(ref);
  auto text = [&](std::size_t n) {
    return tile ? kernel(d, n, {}, ref, mode)
                : orch(d, n, ", A: TENSOR, B: TENSOR", "pl." + std::string(ref.op) + "(A, B)");
  };
  auto args = [&](const std::vector<u64>& a, const std::vector<u64>& b) {
    std::vector<Value> v{tensor(d, a), tensor(d, b)};
    if (tile) v.push_back(out_tensor(d, {1, static_cast<i64>(a.size())}));
    return v;
  };
  auto what = [&](std::size_t k) {
    return std::string(ref.op) + " " + mode_name(mode) + ": " + oracle::show(as[k]) + " , " + oracle::show(bs[k]);
  };
  check_elems(run_main(*parse_ok(text(as.size())), args(bits(as), bits(bs)), policy(mode)), tile ? "Out" : "return", want, what);
  g_rows += want.size();
  auto one = parse_ok(text(1));
  for (auto [a, b] : errs) {
    check_error(run_main(*one, args({a.bits}, {b.bits}), policy(mode)), kZeroDiv,
                std::string(ref.op) + " " + oracle::show(a) + " , " + oracle::show(b));
    ++g_rows;
  }
}

void run_unary(const Ref& ref, DType d, Mode mode) {
  const auto vs = values(d);
  std::vector<u64> as;
  std::vector<Expect> want;
  for (Val a : vs) {
    as.push_back(a.bits);
    want.push_back(oracle::unary(ref.uop, a));
  }
  const bool tile = is_tile(ref);
  auto prog = parse_ok(tile ? kernel(d, as.size(), {}, ref, mode) : orch(d, as.size(), ", A: TENSOR", "pl." + std::string(ref.op) + "(A)"));
  std::vector<Value> args{tensor(d, as)};
  if (tile) args.push_back(out_tensor(d, {1, static_cast<i64>(as.size())}));
  RunResult r = run_main(*prog, std::move(args), policy(mode));
  g_rows += want.size();
  if (want[0].error) return check_error(r, tile ? "float tiles only" : "float tensors only", std::string(ref.op) + " on " + dt(d));
  check_elems(r, tile ? "Out" : "return", want,
              [&](std::size_t k) { return std::string(ref.op) + " " + mode_name(mode) + ": " + oracle::show(vs[k]); });
}

/// tile∘scalar ops (and tensor ops with a scalar operand): the scalar is converted to d first,
/// then the binary formula; a scalar without a value in d, or an integer zero divisor, fails.
void run_scalar(const Ref& ref, DType d, Mode mode) {
  const auto vs = values(d);
  std::vector<u64> as;
  for (Val a : vs) as.push_back(a.bits);
  const bool tile = is_tile(ref);
  for (Val s : scalars(d)) {
    auto prog = parse_ok(tile ? kernel(d, as.size(), s.d, ref, mode)
                              : orch(d, as.size(), ", A: TENSOR, s: pl.Scalar[" + dt(s.d) + "]", "pl." + std::string(ref.op) + "(A, s)"));
    std::vector<Value> args{tensor(d, as), scalar(s)};
    if (tile) args.push_back(out_tensor(d, {1, static_cast<i64>(as.size())}));
    RunResult r = run_main(*prog, std::move(args), policy(mode));
    const std::string row = std::string(ref.op) + " " + mode_name(mode) + " " + dt(d) + " tile, scalar " + oracle::show(s);
    g_rows += vs.size();
    auto sd = oracle::convert(s, d);
    if (!sd) {
      check_error(r, "cannot convert", row);
      continue;
    }
    std::vector<Expect> want;
    bool fails = false;
    for (Val a : vs) {
      want.push_back(oracle::binary(ref.bop, a, Val{d, *sd}, d));
      fails |= want.back().error;
    }
    if (fails) {
      check_error(r, kZeroDiv, row);
      continue;
    }
    check_elems(r, tile ? "Out" : "return", want, [&](std::size_t k) { return row + ": a = " + oracle::show(vs[k]); });
  }
}

/// tile.full / tensor.full / tensor.write: the value converted to the dtype.
void run_fill(const Ref& ref, DType d, Mode mode) {
  const std::size_t n = 3;
  for (Val s : scalars(d)) {
    std::string text;
    std::vector<Value> args;
    const std::string sp = ", s: pl.Scalar[" + dt(s.d) + "]";
    if (ref.op == "tile.full") {
      text = kernel(d, n, s.d, ref, mode);
      args = {scalar(s), out_tensor(d, {1, 3})};
    } else if (ref.op == "tensor.full") {
      text = orch(d, n, sp, "pl.full([1, 3], s, dtype=" + dt(d) + ")");
      args = {scalar(s)};
    } else {  // tensor.write into the middle element of a tensor of zeros
      text = orch(d, n, ", A: TENSOR" + sp, "pl.write(A, [0, 1], s)");
      args = {tensor(d, {0, 0, 0}), scalar(s)};
    }
    RunResult r = run_main(*parse_ok(text), std::move(args), policy(mode));
    const std::string row = std::string(ref.op) + " " + mode_name(mode) + " " + dt(d) + " of " + oracle::show(s);
    ++g_rows;
    auto v = oracle::convert(s, d);
    if (!v) {
      check_error(r, "cannot convert", row);
      continue;
    }
    std::vector<Expect> want(n, oracle::ok(*v));
    if (ref.op == "tensor.write") want[0] = want[2] = oracle::ok(0);
    check_elems(r, ref.op == "tile.full" ? "Out" : "return", want, [&](std::size_t) { return row; });
  }
}

void run_ref(const Ref& ref, DType d, Mode mode) {
  switch (ref.kind) {
    case Kind::Binary: return run_binary(ref, d, mode);
    case Kind::Unary: return run_unary(ref, d, mode);
    case Kind::Scalar: return run_scalar(ref, d, mode);
    case Kind::Fill: return run_fill(ref, d, mode);
  }
}

}  // namespace

bool oracle_has_formula(std::string_view op) { return find_ref(op) != nullptr; }

TEST_CASE("oracle: every elementwise op has a reference formula (recipe table and registry)") {
  for (const auto& r : lowering::kElementwiseRecipes) CHECK_MESSAGE(find_ref(r.tile_op), "recipe " << r.tile_op << " has no reference formula");
  // The registry's elementwise shapes: tile ∘ tile, tile, tile ∘ scalar returning the first
  // operand's tile type; tensor ∘ anything; tensor ∘ tensor and tensor returning the first
  // operand's type.
  for (const ir::OpDef& d : ir::all_ops()) {
    const bool tile_ew = d.name.starts_with("tile.") && d.infer == &ir::infer::first_operand_tile &&
                         (d.operands == "T" || d.operands == "T,T" || d.operands == "T,S");
    const bool tensor_ew = d.name.starts_with("tensor.") &&
                           (d.operands == "N,A" || (d.infer == &ir::infer::first_operand_type && (d.operands == "N" || d.operands == "N,N")));
    // row_expand_* / col_expand_* share the tile ∘ tile shape; their formulas are in
    // interp_reductions_test.cpp, and the poison table judges them.
    if ((tile_ew && !ir::find_row_col(d.name)) || tensor_ew)
      CHECK_MESSAGE(find_ref(d.name), "registry op " << d.name << " has no reference formula");
  }
}

TEST_CASE("oracle: tile and tensor elementwise ops in value mode, every dtype") {
  g_rows = 0;
  for (const auto& ref : kRefs)
    for (DType d : kDtypes) run_ref(ref, d, Mode::Value);
  MESSAGE("value mode: " << g_rows << " element rows");
}

TEST_CASE("oracle: the tile rows in buffer mode (planned Tile, and Buffer IR through the recipe table)") {
  for (Mode mode : {Mode::Planned, Mode::BufferIR}) {
    g_rows = 0;
    for (const auto& ref : kRefs) {
      if (!is_tile(ref)) continue;
      // An op without a Buffer form (its row has no PTO recipe, e.g. tile.sin) has no Buffer IR
      // leg; op_rows_test.cpp checks that such a row claims no recipe.
      const ir::EwOp* row = ir::find_elementwise(ref.op);
      if (mode == Mode::BufferIR && row && !row->has_buffer_form()) continue;
      for (DType d : kDtypes) run_ref(ref, d, mode);
    }
    MESSAGE(mode_name(mode) << ": " << g_rows << " element rows");
  }
}

TEST_CASE("oracle: tensor ops with a scalar operand convert it to the tensor's dtype first") {
  g_rows = 0;
  for (const auto& ref : kRefs)
    if (ref.op.starts_with("tensor.") && ref.kind == Kind::Binary && takes_scalar(ref))
      for (DType d : kDtypes) run_scalar(ref, d, Mode::Value);
  MESSAGE("tensor ∘ scalar: " << g_rows << " element rows");
}

// ---- cube: tile.matmul / tile.matmul_acc (docs/semantics.md "Cube") ----

namespace {

/// The cube operands of the matmul rows, in operand dtype d: l [2, 4], r [4, 2] and an accumulator
/// a [2, 2] in the accumulation dtype ad (FP32, or INT32 for INT8). Row 0 of l times column 0 of r
/// is 2^24 + 1 - 2^24 + 1: in order, in FP32, that is 1 (2^24 + 1 rounds to 2^24); any other order
/// or a wider accumulator gives 2 or 0.
struct Cube {
  DType d, ad;
  bool fp;
  std::vector<u64> l, r, a;

  explicit Cube(DType dt) : d(dt), ad(oracle::is_fp(dt) ? DType::FP32 : DType::INT32), fp(oracle::is_fp(dt)) {
    const double big = 4096.0;  // big * big = 2^24
    auto enc = [&](double x) { return fp ? oracle::fv(d, x).bits : oracle::iv(d, static_cast<i64>(x)).bits; };
    const double lv[2][4] = {{big, 1, -big, 1}, {fp ? -2.5 : -128, fp ? 0.75 : 127, 3, fp ? 0x1p-10 : -7}};
    const double rv[4][2] = {{fp ? big : 1, 1.5}, {1, -3}, {fp ? big : 1, 7}, {1, fp ? 0x1p-9 : -128}};
    const double acc0[2][2] = {{fp ? 0.1 : 5, -1}, {fp ? 1e30 : 100000, 3}};
    for (auto& row : lv)
      for (double x : row) l.push_back(enc(x));
    for (auto& row : rv)
      for (double x : row) r.push_back(enc(x));
    for (auto& row : acc0)
      for (double x : row) a.push_back(fp ? oracle::fv(ad, x).bits : oracle::iv(ad, static_cast<i64>(x)).bits);
  }
  /// The accumulator encodings (in ad) of l @ r, or a + l @ r: k ascending, each product and sum
  /// rounded to FP32 (the hardware's float), or INT32 wrap-around of exact products.
  std::vector<u64> sums(bool from_acc) const {
    std::vector<u64> out;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) {
        if (fp) {
          float acc = from_acc ? oracle::f32(a[i * 2 + j]) : 0.0f;
          for (int k = 0; k < 4; ++k) {
            const float p = oracle::f32(*oracle::convert({d, l[i * 4 + k]}, DType::FP32)) *
                            oracle::f32(*oracle::convert({d, r[k * 2 + j]}, DType::FP32));
            acc = acc + p;
          }
          out.push_back(oracle::bits32(acc));
        } else {
          oracle::i128 acc = from_acc ? oracle::ival(a[i * 2 + j]) : 0;
          for (int k = 0; k < 4; ++k) acc = oracle::ival(oracle::wrap(acc + oracle::i128(oracle::ival(l[i * 4 + k])) * oracle::ival(r[k * 2 + j]), ad));
          out.push_back(oracle::wrap(acc, ad));
        }
      }
    return out;
  }
  /// sums() converted to `od` (oracle_ref.hpp's conversion): one expectation per element, or an
  /// error when an element has no value in od.
  std::vector<Expect> expect(bool from_acc, DType od) const {
    std::vector<Expect> want;
    for (u64 b : sums(from_acc)) {
      auto c = oracle::convert({ad, b}, od);
      want.push_back(c ? oracle::ok(*c) : oracle::err());
    }
    return want;
  }
};

const DType kCubeDtypes[] = {DType::FP32, DType::FP16, DType::BF16, DType::INT8};

}  // namespace

TEST_CASE("oracle: matmul accumulates k ascending, each product and sum rounded to FP32 (INT8: INT32 wrap)") {
  for (DType d : kCubeDtypes) {
    const Cube c(d);
    if (c.fp) CHECK(c.sums(false)[0] == 0x3f800000);  // the reference itself: 1, not the exact 2
    const std::string D = dt(d), AD = dt(c.ad);
    const std::string src = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def main(self, l: pl.Tile[[2, 4], " + D +
                            "], r: pl.Tile[[4, 2], " + D + "], a: pl.Tile[[2, 2], " + AD + "]) -> tuple[pl.Tile[[2, 2], " + AD +
                            "], pl.Tile[[2, 2], " + AD + "], pl.Tile[[2, 2], " + AD + "]]:\n" +
                            "        m = pl.tile.matmul(l, r)\n        c = pl.tile.matmul_acc(a, l, r)\n"
                            "        z = pl.tile.matmul_acc(a, l, r, True)\n        return m, c, z\n";
    RunResult run = run_main(*parse_ok(src), {tile(d, c.l, {2, 4}), tile(d, c.r, {4, 2}), tile(c.ad, c.a, {2, 2})});
    check_elems(run, "return[0]", c.expect(false, c.ad), [&](std::size_t k) { return "tile.matmul " + D + " element " + std::to_string(k); });
    check_elems(run, "return[1]", c.expect(true, c.ad), [&](std::size_t k) { return "tile.matmul_acc " + D + " element " + std::to_string(k); });
    check_elems(run, "return[2]", c.expect(false, c.ad), [&](std::size_t k) { return "tile.matmul_acc init " + D + " element " + std::to_string(k); });
  }
}

TEST_CASE("oracle: tensor.matmul accumulates as tile.matmul, then converts to out_dtype; tensor.matmul_acc from acc") {
  std::size_t rows = 0;
  for (DType d : kCubeDtypes) {
    const Cube c(d);
    const std::string D = dt(d), AD = dt(c.ad);
    const std::string params = "l: pl.Tensor[[2, 4], " + D + "], r: pl.Tensor[[4, 2], " + D + "], a: pl.Tensor[[2, 2], " + AD + "]";
    auto prog = [&](const std::string& ret, const std::string& expr) {
      return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self, " + params + ") -> " + ret +
             ":\n        m = " + expr + "\n        return m\n";
    };
    auto args = [&] { return std::vector<Value>{tensor(d, c.l, {2, 4}), tensor(d, c.r, {4, 2}), tensor(c.ad, c.a, {2, 2})}; };
    // Default out_dtype: the accumulation dtype.
    RunResult plain = run_main(*parse_ok(prog("pl.Tensor[[2, 2], " + AD + "]", "pl.tensor.matmul(l, r)")), args());
    check_elems(plain, "return", c.expect(false, c.ad), [&](std::size_t k) { return "tensor.matmul " + D + " element " + std::to_string(k); });
    RunResult acc = run_main(*parse_ok(prog("pl.Tensor[[2, 2], " + AD + "]", "pl.tensor.matmul_acc(a, l, r)")), args());
    check_elems(acc, "return", c.expect(true, c.ad), [&](std::size_t k) { return "tensor.matmul_acc " + D + " element " + std::to_string(k); });
    rows += 8;
    for (DType od : {DType::FP32, DType::FP16, DType::BF16, DType::INT32, DType::INT16, DType::INT8}) {
      const std::string OD = dt(od);
      RunResult r = run_main(*parse_ok(prog("pl.Tensor[[2, 2], " + OD + "]", "pl.tensor.matmul(l, r, out_dtype=" + OD + ")")), args());
      const auto want = c.expect(false, od);
      const std::string row = "tensor.matmul " + D + " out_dtype=" + OD;
      rows += want.size();
      if (std::any_of(want.begin(), want.end(), [](const Expect& e) { return e.error; })) {
        check_error(r, "cannot convert", row);
        continue;
      }
      check_elems(r, "return", want, [&](std::size_t k) { return row + " element " + std::to_string(k); });
    }
  }
  MESSAGE("tensor cube: " << rows << " element rows");
}

// ---- poison (docs/semantics.md "Poison"): per op, table-driven ----

namespace {

const std::string kT44 = "pl.Tile[[4, 4], pl.FP32]";
const std::string kN44 = "pl.Tensor[[4, 4], pl.FP32]";

/// 1, 2, ..., 16 as FP32 (exact in every float dtype).
std::vector<u64> iota16() {
  std::vector<u64> v;
  for (int k = 1; k <= 16; ++k) v.push_back(oracle::fv(DType::FP32, k).bits);
  return v;
}
/// A [4, 4] FP32 tile (tensor) of iota16 whose element [1, 2] (flat 6) is poison.
Value ptile(Shape valid = {}) { return tile(DType::FP32, iota16(), {4, 4}, std::move(valid), {6}); }
Value ctile() { return tile(DType::FP32, iota16(), {4, 4}); }
Value ptensor() { return tensor(DType::FP32, iota16(), {4, 4}, {6}); }
Value ctensor() { return tensor(DType::FP32, iota16(), {4, 4}); }
Value two() { return scalar(oracle::fv(DType::FP32, 2.0)); }

struct PoisonRow {
  std::string op, params, body, ret;
  std::function<std::vector<Value>()> args;
  std::string error;              // the run fails with this text, or ("") it runs and
  std::string output;             // this output holds poison exactly at
  std::set<std::size_t> poison;   // these flat positions
};
PoisonRow fails(std::string op, std::string params, std::string body, std::string ret, std::function<std::vector<Value>()> args,
                std::string error) {
  return {std::move(op), std::move(params), std::move(body), std::move(ret), std::move(args), std::move(error), "", {}};
}

std::set<std::size_t> range_set(std::size_t from, std::size_t to) {
  std::set<std::size_t> s;
  for (std::size_t k = from; k < to; ++k) s.insert(k);
  return s;
}

/// Computing ops fail on a poison element they read and do not read padding; data movement
/// carries poison marks to where the element goes; fresh storage is poison.
std::vector<PoisonRow> poison_rows() {
  std::vector<PoisonRow> rows;
  for (const auto& ref : kRefs) {
    const std::string op(ref.op), call = "pl." + op;
    if (ref.kind == Kind::Fill) continue;  // reads no element
    if (!is_tile(ref) && ref.kind == Kind::Unary) {
      rows.push_back(fails(op, ", A: " + kN44, "        r = " + call + "(A)\n", kN44, [] { return std::vector<Value>{ptensor()}; },
                           op + " reads poison element [1, 2] of 'A'"));
      continue;
    }
    if (!is_tile(ref) && ref.kind == Kind::Scalar) {  // tensor ∘ scalar: the scalar is never poison
      rows.push_back(fails(op, ", A: " + kN44 + ", s: pl.Scalar[pl.FP32]", "        r = " + call + "(A, s)\n", kN44,
                           [] { return std::vector<Value>{ptensor(), two()}; }, op + " reads poison element [1, 2] of 'A'"));
      continue;
    }
    if (!is_tile(ref)) {
      const std::string p = ", A: " + kN44 + ", B: " + kN44;
      rows.push_back(fails(op, p, "        r = " + call + "(A, B)\n", kN44, [] { return std::vector<Value>{ptensor(), ctensor()}; },
                           op + " reads poison element [1, 2] of 'A'"));
      rows.push_back(fails(op, p, "        r = " + call + "(A, B)\n", kN44, [] { return std::vector<Value>{ctensor(), ptensor()}; },
                           op + " reads poison element [1, 2] of 'B'"));
      continue;
    }
    const std::string p = ", a: " + kT44 + ", b: " + kT44 + ", s: pl.Scalar[pl.FP32]";
    const std::string body = "        r = " + call +
                             (ref.kind == Kind::Binary ? "(a, b)\n" : ref.kind == Kind::Unary ? "(a)\n" : "(a, s)\n");
    rows.push_back(fails(op, p, body, kT44, [] { return std::vector<Value>{ptile(), ctile(), two()}; },
                         op + " reads poison element [1, 2] of 'a'"));
    if (ref.kind == Kind::Binary)
      rows.push_back(fails(op, p, body, kT44, [] { return std::vector<Value>{ctile(), ptile(), two()}; },
                           op + " reads poison element [1, 2] of 'b'"));
    // a valid [1, 4]: the poison element is padding of a (and of b beyond a's valid rows), not read;
    // the result's padding (rows 1..3) is poison.
    rows.push_back({op, p, body, kT44, [] { return std::vector<Value>{ptile({1, 4}), ptile(), two()}; }, "", "return",
                    range_set(4, 16)});
  }
  auto tiles = [] { return std::vector<Value>{ptile()}; };
  const std::string pa = ", a: " + kT44;
  const std::string acc = "pl.Tile[[4, 4], pl.FP32, pl.Mem.Acc]";
  rows.push_back(fails("tile.matmul", pa + ", b: " + kT44, "        r = pl.tile.matmul(a, b)\n", acc,
                  [] { return std::vector<Value>{ctile(), ptile()}; }, "tile.matmul reads poison element [1, 2] of 'b'"));
  rows.push_back(fails("tile.matmul_acc", pa + ", b: " + kT44, "        m = pl.tile.matmul(b, b)\n        c = pl.tile.matmul_acc(m, a, b)\n"
                  "        r = pl.tile.matmul_acc(c, b, b)\n", acc,
                  [] { return std::vector<Value>{ptile(), ctile()}; }, "tile.matmul_acc reads poison element [1, 2] of 'a'"));
  rows.push_back(fails("tile.load", ", A: " + kN44, "        r = pl.load(A, [0, 0], [4, 4])\n", kT44,
                  [] { return std::vector<Value>{ptensor()}; }, "tile.load reads poison element [1, 2] of 'A'"));
  rows.push_back(fails("tensor.read", ", A: " + kN44, "        r = pl.tensor.read(A, [1, 2])\n", "pl.Scalar[pl.FP32]",
                  [] { return std::vector<Value>{ptensor()}; }, "tensor.read reads poison element [1, 2] of 'A'"));
  // Data movement: the poison mark goes where element [1, 2] goes.
  auto carry = [&](std::string op, std::string params, std::string body, std::string ret, std::function<std::vector<Value>()> args,
                   std::string output, std::set<std::size_t> poison) {
    rows.push_back({std::move(op), std::move(params), std::move(body), std::move(ret), std::move(args), "", std::move(output),
                    std::move(poison)});
  };
  carry("tile.move", pa, "        r = pl.tile.move(a, target_memory=pl.Mem.Mat)\n", "pl.Tile[[4, 4], pl.FP32, pl.Mem.Mat]", tiles,
        "return", {6});
  carry("tile.reshape", pa, "        r = pl.tile.reshape(a, [2, 8])\n", "pl.Tile[[2, 8], pl.FP32]", tiles, "return", {6});
  carry("tile.slice", pa, "        r = pl.tile.slice(a, [2, 4], [1, 0])\n", "pl.Tile[[2, 4], pl.FP32]", tiles, "return", {2});
  carry("tile.extract", pa, "        r = pl.tile.extract(a, 1, 0, [2, 4])\n", "pl.Tile[[2, 4], pl.FP32, pl.Mem.Left]", tiles,
        "return", {2});
  carry("tile.assemble", pa, "        t = pl.tile.full([8, 4], 0.0, dtype=pl.FP32)\n        r = pl.tile.assemble(t, a, [4, 0])\n",
        "pl.Tile[[8, 4], pl.FP32]", tiles, "return", {22});
  carry("tile.transpose_view", pa, "        r = pl.tile.transpose_view(a)\n", kT44, tiles, "return", {9});
  carry("tile.set_validshape", pa, "        r = pl.tile.set_validshape(a, 2, 4)\n", kT44, tiles, "return", {6, 8, 9, 10, 11, 12, 13, 14, 15});
  carry("tile.store", pa + ", O: pl.Out[" + kN44 + "]", "        r = pl.store(a, [0, 0], O)\n", kN44,
        [] { return std::vector<Value>{ptile(), out_tensor(DType::FP32, {4, 4})}; }, "O", {6});
  carry("tensor.slice", ", A: " + kN44, "        r = pl.tensor.slice(A, [2, 4], [1, 0])\n", "pl.Tensor[[2, 4], pl.FP32]",
        [] { return std::vector<Value>{ptensor()}; }, "return", {2});
  carry("tensor.assemble", ", A: " + kN44,
        "        p = pl.full([8, 4], 0.0, dtype=pl.FP32)\n        r = pl.tensor.assemble(p, A, [4, 0])\n",
        "pl.Tensor[[8, 4], pl.FP32]", [] { return std::vector<Value>{ptensor()}; }, "return", {22});
  rows.push_back(fails("tensor.matmul", ", A: " + kN44 + ", B: " + kN44, "        r = pl.tensor.matmul(A, B)\n", kN44,
                  [] { return std::vector<Value>{ctensor(), ptensor()}; }, "tensor.matmul reads poison element [1, 2] of 'B'"));
  rows.push_back(fails("tensor.matmul_acc", ", A: " + kN44 + ", B: " + kN44, "        r = pl.tensor.matmul_acc(A, B, B)\n", kN44,
                  [] { return std::vector<Value>{ptensor(), ctensor()}; }, "tensor.matmul_acc reads poison element [1, 2] of 'A'"));
  // tensor.reshape is a view: flat position 6 stays flat position 6.
  carry("tensor.reshape", ", A: " + kN44, "        r = pl.tensor.reshape(A, [2, 8])\n", "pl.Tensor[[2, 8], pl.FP32]",
        [] { return std::vector<Value>{ptensor()}; }, "return", {6});
  // A rank-reducing slice: row 1 of A as a [4] view; [1, 2] is its element 2.
  carry("tensor.slice", ", A: " + kN44, "        r = pl.slice(A, [4], [1, 0])\n", "pl.Tensor[[4], pl.FP32]",
        [] { return std::vector<Value>{ptensor()}; }, "return", {2});
  carry("tile.create", "", "        r = pl.tile.create([2, 2], dtype=pl.FP32)\n", "pl.Tile[[2, 2], pl.FP32]",
        [] { return std::vector<Value>{}; }, "return", {0, 1, 2, 3});
  carry("tensor.create", "", "        r = pl.create_tensor([2, 2], dtype=pl.FP32)\n", "pl.Tensor[[2, 2], pl.FP32]",
        [] { return std::vector<Value>{}; }, "return", {0, 1, 2, 3});
  return rows;
}

// Ops with no element semantics to judge here (no values: storage handles and block queries,
// pinned in interp_test.cpp).
const std::string_view kExempt[] = {"tile.alloc", "tile.get_block_idx", "tile.get_block_num", "tile.get_subblock_idx"};

}  // namespace

TEST_CASE("oracle: poison per op — computing ops fail on it, data movement carries it") {
  for (const PoisonRow& row : poison_rows()) {
    const std::string src = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def main(self" + row.params +
                            ") -> " + row.ret + ":\n" + row.body + "        return r\n";
    RunResult r = run_main(*parse_ok(src), row.args());
    if (!row.error.empty()) {
      check_error(r, row.error, row.op);
      continue;
    }
    if (!r.ok()) {
      FAIL_CHECK(row.op << ": " << r.error->str());
      continue;
    }
    const Output& o = out(r, row.output);
    std::set<std::size_t> got;
    for (std::size_t k = 0; k < o.poison.size(); ++k)
      if (o.poison[k]) got.insert(k);
    CHECK_MESSAGE(got == row.poison, row.op << ": poison marks differ from the expected positions");
  }
}

TEST_CASE("oracle: every registry op is judged (formula, poison row) or exempt with a reason") {
  std::set<std::string, std::less<>> judged;
  for (const auto& r : kRefs) judged.emplace(r.op);
  for (const auto& r : poison_rows()) judged.insert(r.op);
  for (auto e : kExempt) judged.emplace(e);
  for (const ir::RcOp& r : ir::kRowColOps)
    if (reductions_test_has_formula(r.tile)) judged.emplace(r.tile);
  if (cast_test_has_formula("tile.cast")) judged.emplace("tile.cast");
  if (tile_read_test_has_formula("tile.read")) judged.emplace("tile.read");
  for (const ir::OpDef& d : ir::all_ops())
    if (!d.name.starts_with("buffer.")) CHECK_MESSAGE(judged.count(d.name), "registry op " << d.name << " is not judged by the oracle");
}
}  // namespace ut_interp_oracle_test
// op_coverage.hpp declares it globally for op_rows_test.cpp; the definition lives in this file's namespace.
bool oracle_has_formula(std::string_view op) { return ut_interp_oracle_test::oracle_has_formula(op); }
