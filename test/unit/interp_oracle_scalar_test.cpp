// The interpreter oracle, scalars (issue 14): scalar expressions — + - * / // % min max on every
// dtype (Python // and %, integer wrap, BOOL arithmetic kept in INDEX, float NaN and zero rules),
// comparisons, and / or / not, negation, pl.cast between every pair of dtypes, mixed-dtype
// operands and literals — against oracle_ref.hpp. First, the oracle's own formulas are checked
// against the hardware (FP32, _Float16), Python's printed results and hand-computed bit patterns.
#include "oracle_harness.hpp"
namespace ut_interp_oracle_scalar_test {  // one namespace per file: the suite builds as one unity TU

using namespace oracle_run;
using oracle::Op;

namespace {

const DType kScalarDtypes[] = {DType::FP32,  DType::FP16,  DType::BF16,  DType::INT8, DType::INT16,
                               DType::INT32, DType::INT64, DType::INDEX, DType::UINT8, DType::BOOL};

std::vector<Val> scalar_values(DType d) { return d == DType::BOOL ? ints(d, {0, 1}) : values(d); }

/// The dtype of arithmetic whose IR dtype is d: BOOL arithmetic is done and kept in INDEX.
DType arith_dtype(DType d) { return d == DType::BOOL ? DType::INDEX : d; }

std::string scalar_prog(DType dx, DType dy, DType r, const std::string& expr) {
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self, x: pl.Scalar[" + dt(dx) +
         "], y: pl.Scalar[" + dt(dy) + "]) -> pl.Scalar[" + dt(r) + "]:\n        r = " + expr + "\n        return r\n";
}

std::size_t g_rows = 0;

/// Runs main(x, y) and checks the result's dtype and encoding, or the error.
void check_scalar(const ir::Program& p, Val x, Val y, DType want_dtype, Expect want, const std::string& row,
                  const std::string& needle = "") {
  ++g_rows;
  RunResult r = run_main(p, {scalar(x), scalar(y)});
  if (want.error) return check_error(r, needle, row);
  check_elems(r, "return", {want}, [&](std::size_t) { return row; });
  if (r.ok())
    CHECK_MESSAGE(out(r, "return").dtype == want_dtype,
                  row << ": the result is " << ir::name_of(out(r, "return").dtype) << ", want " << ir::name_of(want_dtype));
}

struct BinRow {
  const char* expr;
  Op op;
  const char* needle;  // the error of a zero divisor (or of `/` on integers)
};
const BinRow kArith[] = {{"x + y", Op::Add, ""},           {"x - y", Op::Sub, ""},
                         {"x * y", Op::Mul, ""},           {"x / y", Op::TrueDiv, "no integer result"},
                         {"x // y", Op::FloorDiv, "division by zero"}, {"x % y", Op::Mod, "modulo by zero"},
                         {"min(x, y)", Op::Min, ""},       {"max(x, y)", Op::Max, ""}};

std::string row_name(const std::string& expr, Val x, Val y) {
  return expr + " with x = " + oracle::show(x) + ", y = " + oracle::show(y);
}

/// Comparisons: as doubles when either side is a float (NaN unordered), else as integers.
bool compare(const std::string& op, Val a, Val b) {
  auto rel = [&](auto x, auto y) {
    if (op == "<") return x < y;
    if (op == "<=") return x <= y;
    if (op == ">") return x > y;
    if (op == ">=") return x >= y;
    if (op == "==") return x == y;
    return x != y;
  };
  if (oracle::is_fp(a.d) || oracle::is_fp(b.d)) return rel(oracle::as_double(a), oracle::as_double(b));
  return rel(oracle::ival(a.bits), oracle::ival(b.bits));
}
bool truth(Val v) { return oracle::is_fp(v.d) ? oracle::decode(v.bits, v.d) != 0.0 : v.bits != 0; }

}  // namespace

TEST_CASE("oracle reference: its rounding agrees with the hardware and with hand-computed bits") {
  using oracle::round_double;
  using oracle::u64;
  // A sweep of doubles around every binade of FP32 / FP16 (normal, subnormal, overflow), with
  // random low bits so that ties, near-ties and sticky bits all occur.
  u64 state = 0x9e3779b97f4a7c15ull;
  auto next = [&] {
    u64 z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  int bad32 = 0, bad16 = 0, n = 0;
  for (int e = -160; e <= 130; ++e)
    for (int k = 0; k < 400; ++k, ++n) {
      const u64 r = next();
      u64 man = r >> 11;                                   // 53 random bits
      if (k % 4 == 1) man &= ~((u64{1} << 28) - 1) | 1;    // near a FP32 tie
      if (k % 4 == 2) man = (man >> 29) << 29 | u64{1} << 28;  // an exact FP32 tie
      if (k % 4 == 3) man = (man >> 42) << 42 | u64{1} << 41;  // an exact FP16 tie
      const double d = std::ldexp(static_cast<double>(man | u64{1} << 52), e - 52) * ((r & 1) ? -1 : 1);
      bad32 += round_double(d, DType::FP32) != oracle::bits32(static_cast<float>(d));
#ifdef __FLT16_MAX__
      const _Float16 h = static_cast<_Float16>(d);
      bad16 += round_double(d, DType::FP16) != std::bit_cast<std::uint16_t>(h);
#endif
    }
  CHECK_MESSAGE(bad32 == 0, bad32 << " of " << n << " doubles round to FP32 unlike the hardware");
  CHECK_MESSAGE(bad16 == 0, bad16 << " of " << n << " doubles round to FP16 unlike _Float16");

  // Hand-computed: ties to even, overflow, subnormals, signed zero, NaN.
  const std::pair<double, u64> fp16[] = {
      {1 + 0x1p-11, 0x3c00},   {1 + 0x1.8p-10, 0x3c02}, {1 + 0x1p-10 + 0x1p-11, 0x3c02}, {65504.0, 0x7bff},
      {65519.99, 0x7bff},      {65520.0, 0x7c00},       {-65520.0, 0xfc00},              {0x1p-24, 0x0001},
      {0x1p-25, 0x0000},       {0x1.8p-25, 0x0001},     {0x1.8p-24, 0x0002},             {0x1p-14 - 0x1p-25, 0x0400},
      {-0.0, 0x8000},          {-0x1p-26, 0x8000},      {kNaN, 0x7e00},                  {-kInf, 0xfc00}};
  for (auto [d, b] : fp16) CHECK_MESSAGE(round_double(d, DType::FP16) == b, "FP16 of " << d);
  const std::pair<double, u64> bf16[] = {{1 + 0x1p-8, 0x3f80},   {1 + 0x1.8p-7, 0x3f82}, {0x1.ffp127, 0x7f80},
                                         {0x1.fe8p127, 0x7f7f},  {0x1p-133, 0x0001},     {0x1p-134, 0x0000},
                                         {0x1.8p-134, 0x0001},   {kNaN, 0x7fc0},         {-1e-45, 0x8000}};
  for (auto [d, b] : bf16) CHECK_MESSAGE(round_double(d, DType::BF16) == b, "BF16 of " << d);
  CHECK(round_double(16777217.0, DType::FP32) == 0x4b800000);
  // int64 -> FP32 rounds once: 2^60 + 2^36 + 1 is above the tie (through double it would be on it).
  CHECK(oracle::round_int((oracle::i64{1} << 60) + (oracle::i64{1} << 36) + 1, oracle::fmt_of(DType::FP32)) == 0x5d800001);
  CHECK(oracle::round_int(kI64Min, oracle::fmt_of(DType::FP16)) == 0xfc00);
  // Every operand value of the tables is exact in its dtype.
  for (DType d : {DType::FP32, DType::FP16, DType::BF16})
    for (Val v : values(d)) CHECK(oracle::round_double(oracle::decode(v.bits, d), d) == v.bits);

  // Python's // and % (values printed by CPython 3).
  struct Py {
    double x, y, q, m;
  };
  const Py py[] = {{-7, 2, -4, 1},          {7, -2, -4, -1},       {-2, 2, -1, 0.0},     {2, -2, -1, -0.0},
                   {-5, kInf, -1, kInf},    {5, -kInf, -1, -kInf}, {kInf, 1, kNaN, kNaN}, {1, 0.1, 9, 0.09999999999999995},
                   {0.0, -3, -0.0, -0.0},   {-0.0, 5, -0.0, 0.0}};
  for (const Py& c : py) {
    double q, m;
    oracle::py_divmod(c.x, c.y, q, m);
    auto same = [](double a, double b) { return std::bit_cast<u64>(a) == std::bit_cast<u64>(b) || (std::isnan(a) && std::isnan(b)); };
    CHECK_MESSAGE(same(q, c.q), c.x << " // " << c.y);
    CHECK_MESSAGE(same(m, c.m), c.x << " % " << c.y);
  }
}

TEST_CASE("oracle: scalar arithmetic on every dtype (Python // and %, wrap, BOOL in INDEX, NaN and zeros)") {
  g_rows = 0;
  for (const BinRow& b : kArith)
    for (DType d : kScalarDtypes) {
      auto p = parse_ok(scalar_prog(d, d, d, b.expr));
      const DType r = arith_dtype(d);
      for (Val x : scalar_values(d))
        for (Val y : scalar_values(d)) check_scalar(*p, x, y, r, oracle::binary(b.op, x, y, r), row_name(b.expr, x, y), b.needle);
    }
  MESSAGE(g_rows << " rows");
}

/// Operand `v` converted to dtype `d` first (docs/semantics.md "Scalar expressions": both operands
/// convert to the operation's dtype, then it runs there), by the oracle's own conversion.
Val to_dtype(Val v, DType d) {
  auto b = oracle::convert(v, d);
  REQUIRE_MESSAGE(b, oracle::show(v) << " has no " << ir::name_of(d) << " value");
  return {d, *b};
}

TEST_CASE("oracle: scalar operands of mixed dtypes and literals (converted to the IR's dtype first)") {
  using oracle::fv;
  using oracle::iv;
  const DType F32 = DType::FP32, F16 = DType::FP16, I8 = DType::INT8, I = DType::INDEX;
  struct Mixed {
    std::string expr;
    Val x, y;
    DType r;  // the expression's dtype: the common dtype of the operands (docs/semantics.md), floats win
    Op op;
  };
  const Mixed rows[] = {
      // FP16 + FP32 is FP32 on either side (rev44a 1: the left operand's dtype won, FP16 here).
      {"x + y", fv(F16, 1.0), fv(F32, 0x1p-11 + 0x1p-30), F32, Op::Add},
      {"y + x", fv(F16, 1.0), fv(F32, 0x1p-11 + 0x1p-30), F32, Op::Add},
      {"x * y", fv(F16, 300.0), fv(F32, 300.0), F32, Op::Mul},  // 90000: no FP16 overflow
      {"x - y", fv(DType::BF16, 1.0), fv(F32, 0x1p-9 + 0x1p-20), F32, Op::Sub},
      {"x + y", fv(F16, 1.0), fv(DType::BF16, 0x1p-8), F32, Op::Add},  // neither holds the other
      // An INDEX takes the other operand's dtype, on either side (rev44d 3): 127 + 1 wraps in INT8.
      {"x + y", iv(I8, 127), iv(I, 1), I8, Op::Add},
      {"y + x", iv(I8, 127), iv(I, 1), I8, Op::Add},
      {"x * y", iv(DType::INT16, 300), iv(DType::INT32, 300), DType::INT32, Op::Mul},
      {"x // y", iv(I8, -128), iv(I, -1), I8, Op::FloorDiv},
      {"x + y", iv(I, 5), iv(DType::INT64, 7), DType::INT64, Op::Add},
      {"x + y", iv(DType::UINT8, 200), iv(I8, -1), DType::INT16, Op::Add},  // 199, which neither 8-bit type holds both of
      {"x + y", iv(DType::INT32, 16777217), fv(F32, 0.0), F32, Op::Add},  // floats win; 2^24 + 1 rounds
      {"x / y", iv(I, 1), fv(F16, 3.0), F16, Op::TrueDiv},
      {"x % y", iv(I, -7), fv(F32, 2.0), F32, Op::Mod},
      {"max(x, y)", iv(I, 3), fv(F32, kNaN), F32, Op::Max},
      {"x + y", iv(DType::BOOL, 1), iv(I8, 127), I8, Op::Add},  // a BOOL takes the other dtype (rev44d 5)
      {"y + x", iv(DType::BOOL, 1), iv(I8, 127), I8, Op::Add},
      // Rows where converting first differs from one rounding of the exact result (review rev44d
      // 2, 6: the emitted PTO and C++ convert first). 2^24 + 1 becomes 2^24 in FP32, plus 1 is a
      // tie to even: 2^24 (the exact 2^24 + 2 is an FP32 value).
      {"x + y", iv(DType::INT32, 16777217), fv(F32, 1.0), F32, Op::Add},
      {"y + x", iv(DType::INT32, 16777217), fv(F32, 1.0), F32, Op::Add},
      // An INDEX next to an INT32 wraps to INT32 first: 2^32 + 1 is 1 there.
      {"x // y", iv(I, 4294967297), iv(DType::INT32, 2), DType::INT32, Op::FloorDiv},
      {"min(x, y)", iv(I, 4294967297), iv(DType::INT32, 5), DType::INT32, Op::Min},
      {"x % y", iv(I, -4294967291), iv(DType::INT32, 3), DType::INT32, Op::Mod},
  };
  for (const Mixed& m : rows) {
    auto p = parse_ok(scalar_prog(m.x.d, m.y.d, m.r, m.expr));
    const bool swapped = m.expr[0] == 'y';
    const DType r = arith_dtype(m.r);
    const Val a = to_dtype(swapped ? m.y : m.x, r), b = to_dtype(swapped ? m.x : m.y, r);
    check_scalar(*p, m.x, m.y, r, oracle::binary(m.op, a, b, r), row_name(m.expr, m.x, m.y));
  }
  // The distinguishing rows by hand, so the formula above cannot hide a mistake of its own.
  {
    auto p = parse_ok(scalar_prog(DType::INT32, F32, F32, "x + y"));
    check_scalar(*p, iv(DType::INT32, 16777217), fv(F32, 1.0), F32, oracle::ok(oracle::round_double(16777216.0, F32)),
                 "2^24 + 1 (INT32) + 1.0 (FP32) by hand");
    auto q = parse_ok(scalar_prog(I, DType::INT32, DType::INT32, "min(x, y)"));
    check_scalar(*q, iv(I, 4294967297), iv(DType::INT32, 5), DType::INT32, oracle::ok(1), "min(2^32 + 1, 5) in INT32 by hand");
  }
  // Literals: integer literals are INDEX, float literals FP32 constants; the other operand's
  // dtype is the expression's.
  struct Lit {
    std::string expr;
    Val x;
    Expect want;
  };
  const Lit lits[] = {
      {"x + 1", iv(I8, 127), oracle::ok(oracle::wrap(-128, I8))},
      {"1 - x", iv(I8, -128), oracle::ok(oracle::wrap(-127, I8))},
      {"x * 2", iv(DType::UINT8, 200), oracle::ok(144)},
      {"x + 0.000244140625", fv(F16, 1.0), oracle::ok(0x3c00)},        // 1 + 2^-12 rounds to 1 in FP16
      {"x - 0.00048828125", fv(F16, 1.0 + 0x1p-10), oracle::ok(0x3c00)},  // 1 + 2^-11: a tie, to even
      // The literal (2^-11 + 2^-40) is an FP32 constant first (2^-11), so the sum is a tie, to even;
      // rounding the exact sum 1 + 2^-11 + 2^-40 once would give 0x3c01.
      {"x + 0.0004882812509094947", fv(F16, 1.0), oracle::ok(0x3c00)},
      {"-7 // x", iv(I, 2), oracle::ok(oracle::wrap(-4, I))},
      {"x % -2", iv(I, 7), oracle::ok(oracle::wrap(-1, I))},
      // The literal converts to FP16 first: 0.1 is 0.0999755859375 there, times 3 is 0.2999267578125,
      // a tie between FP16 neighbours, to even (0x34cc, 0.2998046875); one rounding of 3 * 0.1f would
      // give 0x34cd (rev44d 9).
      {"x * 0.1", fv(F16, 3.0), oracle::ok(0x34cc)},
  };
  for (const Lit& l : lits) {
    auto p = parse_ok(scalar_prog(l.x.d, l.x.d, l.x.d, l.expr));
    check_scalar(*p, l.x, l.x, l.x.d, l.want, row_name(l.expr, l.x, l.x));
  }
}

TEST_CASE("oracle: comparisons, and / or / not, negation") {
  using oracle::fv;
  using oracle::iv;
  g_rows = 0;
  const char* cmps[] = {"<", "<=", ">", ">=", "==", "!="};
  for (const char* c : cmps)
    for (DType d : kScalarDtypes) {
      const std::string expr = std::string("x ") + c + " y";
      auto p = parse_ok(scalar_prog(d, d, DType::BOOL, expr));
      for (Val x : scalar_values(d))
        for (Val y : scalar_values(d))
          check_scalar(*p, x, y, DType::BOOL, oracle::ok(compare(c, x, y)), row_name(expr, x, y));
    }
  // Mixed: both operands convert to a dtype first (a float when either is one; for integers one
  // that holds both: INT8 with UINT8 compares in INT16, an INDEX with an INT32 in 64 bits).
  auto mixed = parse_ok(scalar_prog(DType::INT64, DType::FP32, DType::BOOL, "x == y"));
  for (Val x : values(DType::INT64))
    for (Val y : values(DType::FP32))
      check_scalar(*mixed, x, y, DType::BOOL, oracle::ok(compare("==", to_dtype(x, DType::FP32), y)), row_name("x == y", x, y));
  {
    // 2^24 + 1 is 2^24 in FP32: equal to 16777216.0 after the conversion.
    check_scalar(*mixed, iv(DType::INT64, 16777217), fv(DType::FP32, 16777216.0), DType::BOOL, oracle::ok(1),
                 "2^24 + 1 == 16777216.0 by hand");
    auto wide = parse_ok(scalar_prog(DType::INDEX, DType::INT32, DType::BOOL, "x > y"));
    check_scalar(*wide, iv(DType::INDEX, 4294967297), iv(DType::INT32, 5), DType::BOOL, oracle::ok(1),
                 "2^32 + 1 > 5: an INDEX compares in 64 bits");
    // BOOL arithmetic is kept in INDEX, and a BOOL next to a number compares as one: True + True
    // is 2 > 1 (rev45c 1: the literal took the BOOL dtype and 2 became 1).
    auto bools = parse_ok(scalar_prog(DType::BOOL, DType::BOOL, DType::BOOL, "(x + y) > 1"));
    check_scalar(*bools, iv(DType::BOOL, 1), iv(DType::BOOL, 1), DType::BOOL, oracle::ok(1), "(True + True) > 1");
    auto flag = parse_ok(scalar_prog(DType::BOOL, DType::INT32, DType::BOOL, "x == y"));
    check_scalar(*flag, iv(DType::BOOL, 1), iv(DType::INT32, 2), DType::BOOL, oracle::ok(0), "True == 2 (INT32)");
    auto u8 = parse_ok(scalar_prog(DType::UINT8, DType::INT8, DType::BOOL, "x < y"));
    check_scalar(*u8, iv(DType::UINT8, 200), iv(DType::INT8, -1), DType::BOOL, oracle::ok(0), "200 (UINT8) < -1 (INT8)");
    auto lit = parse_ok(scalar_prog(DType::FP16, DType::FP16, DType::BOOL, "x < 0.1"));
    // The literal converts to FP16 (0.0999755859375) as in arithmetic: x equal to that is not below it.
    check_scalar(*lit, fv(DType::FP16, 0.0999755859375), fv(DType::FP16, 0.0), DType::BOOL, oracle::ok(0),
                 "FP16 0.0999755859375 < 0.1");
  }
  for (DType d : kScalarDtypes) {
    auto land = parse_ok(scalar_prog(d, d, DType::BOOL, "x and y"));
    auto lor = parse_ok(scalar_prog(d, d, DType::BOOL, "x or y"));
    auto lnot = parse_ok(scalar_prog(d, d, DType::BOOL, "not x"));
    auto neg = parse_ok(scalar_prog(d, d, d, "-x"));
    for (Val x : scalar_values(d)) {
      for (Val y : scalar_values(d)) {
        check_scalar(*land, x, y, DType::BOOL, oracle::ok(truth(x) && truth(y)), row_name("x and y", x, y));
        check_scalar(*lor, x, y, DType::BOOL, oracle::ok(truth(x) || truth(y)), row_name("x or y", x, y));
      }
      check_scalar(*lnot, x, x, DType::BOOL, oracle::ok(!truth(x)), row_name("not x", x, x));
      // -x: 0 - x in the arithmetic dtype; a float keeps its magnitude and flips its sign.
      const DType r = arith_dtype(d);
      Expect want = oracle::is_fp(d) ? oracle::unary(oracle::Un::Neg, x) : oracle::ok(oracle::wrap(-static_cast<oracle::i128>(oracle::ival(x.bits)), r));
      check_scalar(*neg, x, x, r, want, row_name("-x", x, x));
    }
  }
  MESSAGE(g_rows << " rows");
}

TEST_CASE("oracle: pl.cast between every pair of dtypes") {
  g_rows = 0;
  for (DType from : kScalarDtypes)
    for (DType to : kScalarDtypes) {
      auto p = parse_ok(scalar_prog(from, from, to, "pl.cast(x, target_type=" + dt(to) + ")"));
      for (Val x : scalar_values(from)) {
        auto want = oracle::convert(x, to);
        check_scalar(*p, x, x, to, want ? oracle::ok(*want) : oracle::err(), "cast to " + dt(to) + " of " + oracle::show(x),
                     "cannot convert");
      }
    }
  MESSAGE(g_rows << " rows");
}
}  // namespace ut_interp_oracle_scalar_test
