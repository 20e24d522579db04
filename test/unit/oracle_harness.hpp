// How the oracle suites drive the interpreter: parse a tiny DSL program, run its `main` on inputs
// the test builds itself (encodings from oracle_ref.hpp, poison marks where asked) through the
// public run API (run.hpp: use_modes + run_with), and compare output elements with expectations.
#pragma once
#include <functional>
#include <set>

#include "interp_helpers.hpp"
#include "oracle_ref.hpp"

namespace oracle_run {

using namespace interp_test;
using oracle::Expect;
using oracle::i64;
using oracle::u64;
using oracle::Val;

inline std::string dt(DType d) { return "pl." + std::string(ir::name_of(d)); }

/// Runs `main` of `p` on `args` under a mode policy (Value: everything in value mode; Auto:
/// planned Tile kernels in buffer mode).
inline RunResult run_main(const ir::Program& p, std::vector<Value> args, ModePolicy mode = ModePolicy::Value) {
  RunOptions o;
  o.mode = mode;
  Memory mem(o.target);
  Evaluator ev(p, value_mode_ops(), o.eval);
  use_modes(ev, mem, o);
  bind_dims(ev, p, o);
  return run_with(ev, p, *p.find("main"), std::move(args));
}

inline Value scalar(Val v) { return {Scalar{v.d, v.bits}}; }

/// A packed tensor (default shape [1, n]) holding `bits`; the flat positions in `poison` are poison.
inline Value tensor(DType d, const std::vector<u64>& bits, Shape shape = {}, const std::set<std::size_t>& poison = {}) {
  if (shape.empty()) shape = {1, static_cast<i64>(bits.size())};
  TensorVal t = new_tensor(d, shape);
  for (std::size_t k = 0; k < bits.size(); ++k) {
    t.storage->data[k] = bits[k];
    t.storage->poison[k] = poison.count(k) ? 1 : 0;
  }
  return {t};
}
/// A fresh tensor: every element poison (an Out parameter).
inline Value out_tensor(DType d, const Shape& shape) { return {new_tensor(d, shape)}; }

/// A tile of physical `shape` holding `bits`, valid `valid` (default: all), poison at `poison`.
inline Value tile(DType d, const std::vector<u64>& bits, const Shape& shape, Shape valid = {},
                  const std::set<std::size_t>& poison = {}) {
  auto t = new_tile(d, ir::MemSpace::Vec, shape);
  if (!valid.empty()) t->valid = valid;
  for (std::size_t k = 0; k < bits.size(); ++k) {
    t->data[k] = bits[k];
    t->poison[k] = poison.count(k) ? 1 : 0;
  }
  return {TileVal(t)};
}

/// Checks element k of output `name` against want[k] for every k; `what(k)` describes the row.
inline void check_elems(const RunResult& r, const std::string& name, const std::vector<Expect>& want,
                        const std::function<std::string(std::size_t)>& what) {
  if (!r.ok()) {
    FAIL_CHECK(what(0) << ": unexpected error " << r.error->str());
    return;
  }
  const Output& o = out(r, name);
  REQUIRE(o.data.size() == want.size());
  for (std::size_t k = 0; k < want.size(); ++k) {
    if (o.poison[k]) {
      FAIL_CHECK(what(k) << ": got poison");
      continue;
    }
    if (!want[k].accepts(o.data[k]))
      FAIL_CHECK(what(k) << ": got " << oracle::hex(o.data[k]) << ", want " << oracle::hex(want[k].bits)
                         << (want[k].alt != want[k].bits ? " or " + oracle::hex(want[k].alt) : std::string()));
  }
}

/// The run must fail with a message containing `needle`.
inline void check_error(const RunResult& r, const std::string& needle, const std::string& what) {
  if (r.ok()) {
    FAIL_CHECK(what << ": ran, expected an error containing '" << needle << "'");
    return;
  }
  CHECK_MESSAGE(r.error->str().find(needle) != std::string::npos, what << ": " << r.error->str());
}

/// The dtypes every elementwise row runs in.
inline const DType kDtypes[] = {DType::FP32, DType::FP16,  DType::BF16,  DType::INT8, DType::INT16,
                         DType::INT32, DType::INT64, DType::INDEX, DType::UINT8};

inline std::vector<Val> floats(DType d, std::initializer_list<double> xs) {
  std::vector<Val> v;
  for (double x : xs) v.push_back(oracle::fv(d, x));
  return v;
}
inline std::vector<Val> ints(DType d, std::initializer_list<i64> xs) {
  std::vector<Val> v;
  for (i64 x : xs) v.push_back(oracle::iv(d, x));
  return v;
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr i64 kI64Min = std::numeric_limits<i64>::min(), kI64Max = std::numeric_limits<i64>::max();

/// Operand values per dtype (every value exact in its dtype). Each binary op runs on all ordered
/// pairs, so a op b and b op a are both checked; the sets make ties, overflow and subnormal
/// results: FP16 1 + 2^-11 (tie to even: 1), (1 + 2^-10) + 2^-11 (tie: 1 + 2^-9), 65504 * 2 (inf),
/// 2^-24 * 1.5 (a subnormal tie), 2^-24 * 0.75, INT8 127 + 1, -128 / -1, ...
inline std::vector<Val> values(DType d) {
  switch (d) {
    case DType::FP32:
      return floats(d, {0.0, -0.0, 1.0, -1.0, 3.0, -2.5, 0.75, 1.5, 7.0, double(0.1f), 1 + 0x1p-23, 0x1p-24, 0x1.fffffep127,
                        0x1p-149, 0x1p-126, 0x1p24, kInf, -kInf, kNaN});
    case DType::FP16:
      return floats(d, {0.0, -0.0, 1.0, -1.0, 3.0, -2.5, 0.75, 1.5, 7.0, 0x1.998p-4, 1 + 0x1p-10, 0x1p-11, 65504.0, -65504.0,
                        0x1p-24, 0x1p-14, 300.0, kInf, -kInf, kNaN});
    case DType::BF16:
      return floats(d, {0.0, -0.0, 1.0, -1.0, 3.0, -2.5, 0.75, 1.5, 7.0, 0x1.9ap-4, 1 + 0x1p-7, 0x1p-8, 0x1.fep127, -0x1.fep127,
                        0x1p-133, 0x1p-126, 300.0, kInf, -kInf, kNaN});
    case DType::INT8: return ints(d, {0, 1, -1, 2, -3, 7, -7, 64, 100, -100, 127, -128});
    case DType::INT16: return ints(d, {0, 1, -1, 3, -7, 7, 181, 256, 300, -300, 32767, -32768});
    case DType::INT32: return ints(d, {0, 1, -1, 3, -7, 7, 46341, 65536, -100000, 2147483647, -2147483648LL});
    case DType::UINT8: return ints(d, {0, 1, 2, 3, 7, 100, 127, 128, 200, 255});
    default:  // INT64, INDEX
      // 2^60 + 2^36 + 1: to FP32 above a tie that rounding through double would land on
      return ints(d, {0, 1, -1, 3, -7, 7, 3037000500, i64{1} << 32, -(i64{1} << 40), (i64{1} << 60) + (i64{1} << 36) + 1,
                      kI64Max, kI64Min});
  }
}

}  // namespace oracle_run
