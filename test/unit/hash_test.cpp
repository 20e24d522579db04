// Structural hash: equal programs hash alike (renaming, kwarg and function order, nested Seqs,
// default views, INDEX/INT64 constants), and differing programs almost always hash apart.
#include <doctest/doctest.h>

#include <set>

#include "ir_samples.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/hash.hpp"
namespace ut_hash_test {  // one namespace per file: the suite builds as one unity TU

using namespace samples;
using ptorw::visit::structural_equal;
using ptorw::visit::structural_hash;

namespace {
std::uint64_t h(const Knobs& k) { return structural_hash(*sample(k)); }

// Every variant of the sample that equality must tell apart from the base.
std::vector<Knobs> different_variants() {
  std::vector<Knobs> v(9);
  v[0].dtype = DType::FP16;
  v[1].rows = 64;
  v[2].dst_dir = Direction::InOut;
  v[3].windowize = false;
  v[4].swap_sub = true;
  v[5].layout = TensorLayout::DN;
  v[6].kernel_type = FunctionType::AIV;
  v[7].step_mul = 32;
  v[8].dst_dir = Direction::In;
  return v;
}
}  // namespace

TEST_CASE("equal programs hash alike") {
  std::uint64_t base = h({});
  CHECK(h({}) == base);
  Knobs renamed;
  renamed.suffix = "_2";
  Knobs reordered;
  reordered.main_first = true;
  Knobs kw;
  kw.kwargs_reversed = true;
  Knobs nested;
  nested.nested_seq = true;
  for (const Knobs& k : {renamed, reordered, kw, nested}) {
    REQUIRE(structural_equal(*sample({}), *sample(k)).equal);
    CHECK(h(k) == base);
  }
}

TEST_CASE("programs equality tells apart hash apart, pairwise") {
  auto vs = different_variants();
  vs.push_back(Knobs{});
  std::set<std::uint64_t> seen;
  for (const auto& k : vs) seen.insert(h(k));
  CHECK(seen.size() == vs.size());
  for (const auto& k : different_variants()) CHECK_FALSE(structural_equal(*sample({}), *sample(k)).equal);
}

TEST_CASE("hash agrees with equality on every pair of a family of variants") {
  auto vs = different_variants();
  Knobs renamed;
  renamed.suffix = "_r";
  renamed.rows = 64;  // equal to vs[1]
  vs.push_back(renamed);
  vs.push_back(Knobs{});
  for (std::size_t i = 0; i < vs.size(); ++i)
    for (std::size_t j = 0; j < vs.size(); ++j) {
      CAPTURE(i);
      CAPTURE(j);
      bool eq = structural_equal(*sample(vs[i]), *sample(vs[j])).equal;
      CHECK(eq == (h(vs[i]) == h(vs[j])));
    }
}

TEST_CASE("renaming is invisible but the pattern of uses is not") {
  auto x = make_var("x", index_t()), y = make_var("y", index_t());
  auto def_use = [](Expr v, Expr use) {
    auto e = bin(BinOp::Add, use, idx(1));
    return seq({assign(v, idx(0)), assign(var_for("r", e), e)});
  };
  CHECK(structural_hash(def_use(x, x)) == structural_hash(def_use(y, y)));
  // `x = 0; r = x + 1` against `x = 0; r = y + 1` (y free): same shape, different binding.
  CHECK_FALSE(structural_equal(def_use(x, x), def_use(x, y)).equal);
  CHECK(structural_hash(def_use(x, x)) != structural_hash(def_use(x, y)));
  // Free variables hash by type, like equality matches them.
  CHECK(structural_hash(bin(BinOp::Add, x, idx(1))) == structural_hash(bin(BinOp::Add, y, idx(1))));
}

TEST_CASE("kwargs hash without order, with their values") {
  auto mk = [](Kwargs kw) { return op("tensor.create", {list({idx(4)})}, std::move(kw)); };
  auto a = mk({{"dtype", DType::FP32}, {"layout", TensorLayout::ND}});
  auto b = mk({{"layout", TensorLayout::ND}, {"dtype", DType::FP32}});
  auto c = mk({{"dtype", DType::FP32}, {"layout", TensorLayout::NZ}});
  CHECK(structural_hash(a) == structural_hash(b));
  CHECK(structural_hash(a) != structural_hash(c));
  // A repeated key is shadowed by its first entry (find_kwarg), for equality and hash alike.
  auto d = mk({{"dtype", DType::FP32}, {"layout", TensorLayout::ND}, {"dtype", DType::FP16}});
  CHECK(ptorw::visit::structural_equal(a, d).equal);
  CHECK(ptorw::visit::structural_equal(d, d).equal);
  CHECK(structural_hash(a) == structural_hash(d));
}

TEST_CASE("types: default views, INDEX/INT64 constants, dtype and shape") {
  auto plain = tensor_t({128, 32});
  auto packed = make_type(TensorType{{idx(128), idx(32)}, DType::FP32, TensorView{{idx(32), idx(1)}, TensorLayout::ND, {}, {}}, {}});
  auto strided = make_type(TensorType{{idx(128), idx(32)}, DType::FP32, TensorView{{idx(64), idx(1)}, TensorLayout::ND, {}, {}}, {}});
  CHECK(structural_hash(plain) == structural_hash(packed));
  CHECK(structural_hash(plain) != structural_hash(strided));
  CHECK(structural_hash(plain) != structural_hash(tensor_t({128, 32}, DType::FP16)));
  CHECK(structural_hash(plain) != structural_hash(tensor_t({32, 128})));
  CHECK(structural_hash(plain) != structural_hash(tile_t({128, 32})));
  CHECK(structural_hash(make_int(7, DType::INDEX)) == structural_hash(make_int(7, DType::INT64)));
  CHECK(structural_hash(make_int(7, DType::INDEX)) != structural_hash(make_int(7, DType::INT32)));
  CHECK(structural_hash(make_float(0.0)) == structural_hash(make_float(-0.0)));
}

TEST_CASE("distinct constants almost never collide") {
  std::set<std::uint64_t> seen;
  auto x = make_var("x", index_t());
  for (int i = 0; i < 5000; ++i) seen.insert(structural_hash(seq({assign(x, idx(i))})));
  CHECK(seen.size() == 5000);
}

TEST_CASE("text: a program and its print → parse round trip hash alike") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  std::set<std::uint64_t> all;
  const char* names[] = {"pattern1_iter_arg_reuse.py", "multi_return.py", "attention_qk.py", "windowed_rows.py"};
  for (const char* name : names) {
    CAPTURE(name);
    auto a = ptorw::text::parse_file(std::string(root) + "/examples/" + name);
    REQUIRE(a.ok());
    auto b = ptorw::text::parse_program(ptorw::text::print_program(*a.program), "printed");
    REQUIRE(b.ok());
    CHECK(structural_hash(*a.program) == structural_hash(*b.program));
    all.insert(structural_hash(*a.program));
  }
  CHECK(all.size() == std::size(names));
}
}  // namespace ut_hash_test
