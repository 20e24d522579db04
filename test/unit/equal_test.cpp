// Structural equality (../shared/dsl.md "Structural equality"): alpha-renaming, unordered kwargs and
// functions, type-checked definitions, default views, and the first-difference path with both sides.
#include <doctest/doctest.h>

#include <chrono>

#include "ir_samples.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_equal_test {  // one namespace per file: the suite builds as one unity TU

using namespace samples;
using ptorw::visit::structural_equal;

namespace {
ptorw::visit::EqualResult eq(const Knobs& a, const Knobs& b) { return structural_equal(*sample(a), *sample(b)); }
Knobs with(void (*edit)(Knobs&)) {
  Knobs k;
  edit(k);
  return k;
}
}  // namespace

TEST_CASE("two separately built copies are equal; a program equals itself") {
  auto r = eq({}, {});
  CHECK(r.equal);
  CHECK(r.path.empty());
  auto p = sample();
  CHECK(structural_equal(*p, *p).equal);
  CHECK(r.report() == "equal");
}

TEST_CASE("alpha-renamed programs are equal (names and program name ignored)") {
  CHECK(eq({}, with([](Knobs& k) { k.suffix = "_renamed"; })).equal);
}

TEST_CASE("function order and kwarg order are irrelevant") {
  CHECK(eq({}, with([](Knobs& k) { k.main_first = true; })).equal);
  CHECK(eq({}, with([](Knobs& k) { k.kwargs_reversed = true; })).equal);
}

TEST_CASE("nested Seqs compare as the flat statement list they print as") {
  CHECK(eq({}, with([](Knobs& k) { k.nested_seq = true; })).equal);
  auto s = assign(make_var("x", index_t()), idx(1));
  CHECK(structural_equal(s, seq({s})).equal);
  CHECK(structural_equal(seq({}), Stmt{}).equal);
}

TEST_CASE("a changed dtype is reported at the first parameter it reaches, with both whole types") {
  auto r = eq({}, with([](Knobs& k) { k.dtype = DType::FP16; }));
  CHECK_FALSE(r.equal);
  CHECK(r.path == "function 'main' › param 0 'a' › type › dtype");
  CHECK(r.lhs == "pl.Tensor[[128, 32], pl.FP32]");
  CHECK(r.rhs == "pl.Tensor[[128, 32], pl.FP16]");
}

TEST_CASE("a changed shape is reported at the differing dim") {
  auto r = eq({}, with([](Knobs& k) { k.rows = 64; }));
  CHECK(r.path == "function 'main' › param 0 'a' › type › shape[0]");
  CHECK(r.lhs == "pl.Tensor[[128, 32], pl.FP32]");
  CHECK(r.rhs == "pl.Tensor[[64, 32], pl.FP32]");
}

TEST_CASE("a changed parameter direction") {
  auto r = eq({}, with([](Knobs& k) { k.dst_dir = Direction::InOut; }));
  CHECK(r.path == "function 'scale' › param 2 'dst' › direction");
  CHECK(r.lhs == "pl.Out");
  CHECK(r.rhs == "pl.InOut");
}

TEST_CASE("a changed function attr") {
  auto r = eq({}, with([](Knobs& k) { k.windowize = false; }));
  CHECK(r.path == "function 'scale' › attrs['windowize']");
  CHECK(r.lhs == "True");
  CHECK(r.rhs == "False");
}

TEST_CASE("a changed argument order names the argument and the variables' correspondence") {
  auto r = eq({}, with([](Knobs& k) { k.swap_sub = true; }));
  CHECK(r.path == "function 'scale' › body › stmt 2 › Assign.value › Call.args[0]");
  CHECK(r.lhs == "u");
  CHECK(r.rhs == "t (the counterpart of 'u' is 'u')");
}

TEST_CASE("a changed kwarg value") {
  auto r = eq({}, with([](Knobs& k) { k.layout = TensorLayout::DN; }));
  CHECK(r.path == "function 'main' › body › stmt 0 › Assign.value › Call.kwargs['layout']");
  CHECK(r.lhs == "pl.TensorLayout.ND");
  CHECK(r.rhs == "pl.TensorLayout.DN");
}

TEST_CASE("a changed function type") {
  auto r = eq({}, with([](Knobs& k) { k.kernel_type = FunctionType::AIV; }));
  CHECK(r.path == "function 'scale' › type");
  CHECK(r.lhs == "pl.FunctionType.InCore");
  CHECK(r.rhs == "pl.FunctionType.AIV");
}

TEST_CASE("a difference inside a loop body has the full path") {
  auto r = eq({}, with([](Knobs& k) { k.step_mul = 32; }));
  CHECK(r.path == "function 'main' › body › stmt 1 › For.body › stmt 0 › Assign.value › Binary.rhs");
  CHECK(r.lhs == "16");
  CHECK(r.rhs == "32");
  CHECK(r.report() == "first difference at " + r.path + "\n  lhs: 16\n  rhs: 32");
}

TEST_CASE("a missing function and a missing statement") {
  auto p = sample();
  auto q = program({p->functions[1]});  // main only
  auto r = structural_equal(*p, *q);
  CHECK(r.path == "function 'scale'");
  CHECK(r.lhs.find("def scale(self, src: pl.Tensor[[128, 32], pl.FP32]") != std::string::npos);
  CHECK(r.rhs == "<absent>");

  auto x = make_var("x", index_t());
  auto a = seq({assign(x, idx(1)), ret({x})});
  auto b = seq({assign(x, idx(1))});
  auto s = structural_equal(a, b);
  CHECK(s.path == "stmt 1");
  CHECK(s.lhs == "return x");
  CHECK(s.rhs == "<end of block>");
}

TEST_CASE("uses must follow the matching of definitions; the matching is a bijection") {
  auto mk = [](bool use_second, bool twice) {
    auto a = make_var("a", index_t());
    auto b = make_var("b", index_t());
    auto sum = bin(BinOp::Add, a, twice ? a : b);
    auto s = var_for("s", sum);
    return program({function("f", FunctionType::Opaque, {{a}, {b}}, {index_t(), index_t()},
                             {assign(s, sum), ret({use_second ? b : a, s})})});
  };
  CHECK(structural_equal(*mk(false, false), *mk(false, false)).equal);
  auto r = structural_equal(*mk(false, false), *mk(true, false));
  CHECK(r.path == "function 'f' › body › stmt 1 › Return.values[0]");
  CHECK(r.lhs == "a");
  CHECK(r.rhs == "b (the counterpart of 'a' is 'a')");
  // `a + b` against `a + a`: b's counterpart would be a, already matched with a.
  CHECK(structural_equal(*mk(false, false), *mk(false, true)).path ==
        "function 'f' › body › stmt 0 › Assign.value › Binary.rhs");
}

TEST_CASE("definitions match only when their types are equal") {
  auto x = make_var("x", index_t());
  auto y = make_var("y", scalar_type(DType::INT64));
  auto r = structural_equal(seq({assign(x, idx(1))}), seq({assign(y, idx(1))}));
  CHECK_FALSE(r.equal);
  CHECK(r.path == "stmt 0 › Assign.var › type › dtype");
  CHECK(r.lhs == "pl.Scalar[pl.INDEX]");
  CHECK(r.rhs == "pl.Scalar[pl.INT64]");
}

TEST_CASE("INDEX and INT64 integer constants are equal, also inside lists; other dtypes are not") {
  CHECK(structural_equal(make_int(5, DType::INDEX), make_int(5, DType::INT64)).equal);
  CHECK(structural_equal(list({make_int(5, DType::INDEX)}), list({make_int(5, DType::INT64)})).equal);
  auto r = structural_equal(make_int(5, DType::INDEX), make_int(5, DType::INT32));
  CHECK(r.path == "type › dtype");
  CHECK_FALSE(structural_equal(make_int(5), make_int(6)).equal);
}

TEST_CASE("free variables of fragments are matched at first use") {
  auto x = make_var("x", index_t()), y = make_var("y", index_t()), z = make_var("z", index_t());
  CHECK(structural_equal(bin(BinOp::Add, x, idx(1)), bin(BinOp::Add, y, idx(1))).equal);
  CHECK(structural_equal(bin(BinOp::Add, x, x), bin(BinOp::Add, y, y)).equal);
  auto r = structural_equal(bin(BinOp::Add, x, x), bin(BinOp::Add, y, z));
  CHECK(r.path == "Binary.rhs");
  CHECK_FALSE(structural_equal(bin(BinOp::Add, x, idx(1)), bin(BinOp::Sub, y, idx(1))).equal);
  auto f = make_var("f", scalar_type(DType::FP32));
  CHECK(structural_equal(x, f).path == "type › dtype");
}

TEST_CASE("dynamic dims are matched by use, in any declaration order") {
  auto mk = [](bool swap_decl, bool swap_use) {
    auto m = make_var("M", index_t()), n = make_var("N", index_t());
    auto t = make_type(TensorType{{swap_use ? n : m, n}, DType::FP32, {}, {}});
    auto a = make_var("a", t);
    return program({function("f", FunctionType::Opaque, {{a}}, {t}, {ret({a})})},
                   swap_decl ? std::vector<Expr>{n, m} : std::vector<Expr>{m, n});
  };
  CHECK(structural_equal(*mk(false, false), *mk(true, false)).equal);
  auto r = structural_equal(*mk(false, false), *mk(false, true));
  // shape[0] matches M with N (both unmatched so far); shape[1] then finds N already taken.
  CHECK(r.path == "function 'f' › param 0 'a' › type › shape[1]");
  CHECK(r.lhs == "pl.Tensor[[M, N], pl.FP32]");
  CHECK(r.rhs == "pl.Tensor[[N, N], pl.FP32]");
}

TEST_CASE("a view equal to the default is the same type as no view") {
  auto plain = tensor_t({128, 32});
  auto with_view = [](std::vector<Expr> stride, std::vector<Expr> valid, std::optional<PadValue> pad,
                      TensorLayout layout = TensorLayout::ND) {
    return make_type(TensorType{{idx(128), idx(32)}, DType::FP32, TensorView{stride, layout, valid, pad}, {}});
  };
  CHECK(structural_equal(plain, with_view({}, {}, {})).equal);
  CHECK(structural_equal(plain, with_view({idx(32), idx(1)}, {}, {})).equal);
  CHECK(structural_equal(plain, with_view({idx(32), idx(1)}, {idx(128), idx(32)}, PadValue::null)).equal);
  auto r = structural_equal(plain, with_view({idx(64), idx(1)}, {}, {}));
  CHECK(r.path == "view");
  CHECK(r.rhs == "pl.Tensor[[128, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]");
  CHECK(structural_equal(plain, with_view({}, {}, {}, TensorLayout::DN)).path == "view");
  CHECK(structural_equal(plain, with_view({}, {idx(64), idx(32)}, {})).path == "view");
  CHECK(structural_equal(plain, with_view({}, {}, PadValue::zero)).path == "view");
  // Two non-default views: an explicit packed stride equals an empty one; the pad then differs.
  CHECK(structural_equal(with_view({}, {}, PadValue::zero), with_view({idx(32), idx(1)}, {}, PadValue::zero)).equal);
  CHECK(structural_equal(with_view({}, {}, PadValue::zero), with_view({}, {}, PadValue::max)).path == "view.pad");
  CHECK(structural_equal(with_view({idx(64), idx(1)}, {}, {}), with_view({idx(96), idx(1)}, {}, {})).path ==
        "view.stride[0]");
}

TEST_CASE("packed strides over symbolic dims are recognised as products in any factor order") {
  auto a = make_var("A", index_t()), b = make_var("B", index_t()), c = make_var("C", index_t());
  auto mk = [&](std::optional<std::vector<Expr>> stride) {
    std::optional<TensorView> v;
    if (stride) v = TensorView{*stride, TensorLayout::ND, {}, {}};
    return make_type(TensorType{{a, b, c}, DType::FP32, v, {}});
  };
  auto plain = mk(std::nullopt);
  CHECK(structural_equal(plain, mk(std::vector<Expr>{bin(BinOp::Mul, b, c), c, idx(1)})).equal);
  CHECK(structural_equal(plain, mk(std::vector<Expr>{bin(BinOp::Mul, c, b), c, idx(1)})).equal);
  CHECK_FALSE(structural_equal(plain, mk(std::vector<Expr>{bin(BinOp::Mul, a, c), c, idx(1)})).equal);
  CHECK_FALSE(structural_equal(plain, mk(std::vector<Expr>{bin(BinOp::Mul, b, c), b, idx(1)})).equal);
}

TEST_CASE("tile types: memory space, MemRef and TileView are compared") {
  auto base = make_var("mem", make_type(PtrType{}));
  auto tile = [&](std::optional<MemSpace> m, std::int64_t off, std::optional<TileLayout> bl) {
    std::optional<TileView> v;
    if (bl) v = TileView{{}, bl, {}, {}, {}};
    return make_type(TileType{{idx(16), idx(32)}, DType::FP32, MemRef{base, "", idx(off), idx(2048)}, m, v});
  };
  CHECK(structural_equal(tile(MemSpace::Vec, 0, {}), tile(MemSpace::Vec, 0, {})).equal);
  CHECK(structural_equal(tile(MemSpace::Vec, 0, {}), tile(MemSpace::Mat, 0, {})).path == "memory");
  CHECK(structural_equal(tile(MemSpace::Vec, 0, {}), tile(MemSpace::Vec, 64, {})).path == "memref.offset");
  CHECK(structural_equal(tile(MemSpace::Vec, 0, {}), tile(MemSpace::Vec, 0, TileLayout::col_major)).path == "view");
  CHECK(structural_equal(tile(MemSpace::Vec, 0, TileLayout::row_major), tile(MemSpace::Vec, 0, TileLayout::col_major))
            .path == "view.blayout");
  // A TileView holding only the full valid shape is no view.
  auto full = make_type(TileType{{idx(16), idx(32)}, DType::FP32, {}, MemSpace::Vec, TileView{{idx(16), idx(32)}, {}, {}, {}, {}}});
  CHECK(structural_equal(tile_t({16, 32}), full).equal);
}

TEST_CASE("If and While: branches, conditions and results") {
  auto mk = [](std::int64_t else_value, bool cond_lt) {
    auto n = make_var("n", index_t());
    auto c = bin(cond_lt ? BinOp::Lt : BinOp::Le, n, idx(4));
    auto r = make_var("r", index_t());
    auto s = make_stmt(If{c, seq({yield({n})}), seq({yield({idx(else_value)})}), {r}});
    auto ia = make_iter_arg("k", index_t(), n);
    auto w = make_var("w", index_t());
    auto k1 = bin(BinOp::Add, ia, idx(1));
    auto loop = make_stmt(While{bin(BinOp::Lt, ia, idx(10)), {ia}, seq({yield({k1})}), {w}});
    return program({function("f", FunctionType::Opaque, {{n}}, {index_t(), index_t()}, {s, loop, ret({r, w})})});
  };
  CHECK(structural_equal(*mk(0, true), *mk(0, true)).equal);
  auto r = structural_equal(*mk(0, true), *mk(1, true));
  CHECK(r.path == "function 'f' › body › stmt 0 › If.else_body › stmt 0 › Yield.values[0]");
  CHECK(structural_equal(*mk(0, true), *mk(0, false)).path == "function 'f' › body › stmt 0 › If.cond");
}

TEST_CASE("a flat body of 200k statements compares without recursion, quickly") {
  auto mk = [](std::int64_t last) {
    std::vector<Stmt> body;
    Expr prev = make_var("p", index_t());
    Expr param = prev;
    for (int i = 0; i < 200000; ++i) {
      auto e = bin(BinOp::Add, prev, idx(i == 199999 ? last : 1));
      auto v = var_for("x", e);
      body.push_back(assign(v, e));
      prev = v;
    }
    body.push_back(ret({prev}));
    return program({function("big", FunctionType::Opaque, {{param}}, {index_t()}, std::move(body))});
  };
  auto a = mk(1), b = mk(1), c = mk(2);
  auto t0 = std::chrono::steady_clock::now();
  CHECK(structural_equal(*a, *b).equal);
  auto r = structural_equal(*a, *c);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.path == "function 'big' › body › stmt 199999 › Assign.value › Binary.rhs");
  CHECK(secs < 5.0);
}

TEST_CASE("text: print → parse round trip of every example is structurally equal") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  for (const char* name : {"pattern1_iter_arg_reuse.py", "multi_return.py", "attention_qk.py", "windowed_rows.py"}) {
    CAPTURE(name);
    auto a = ptorw::text::parse_file(std::string(root) + "/examples/" + name);
    REQUIRE(a.ok());
    auto b = ptorw::text::parse_program(ptorw::text::print_program(*a.program), "printed");
    REQUIRE(b.ok());
    auto r = structural_equal(*a.program, *b.program);
    CHECK_MESSAGE(r.equal, r.report());
  }
}

TEST_CASE("text: alpha-renamed sources are equal; a changed op argument is found") {
  auto src = [](const char* x, const char* y, const char* arg) {
    return std::string("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n") +
           "    def k(self, " + x + ": pl.Tensor[[64], pl.FP32], o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:\n" +
           "        " + y + " = pl.load(" + x + ", [0], [64])\n" +
           "        s = pl.tile.add(" + y + ", " + arg + ")\n" +
           "        r = pl.store(s, [0], o)\n        return r\n";
  };
  auto a = ptorw::text::parse_program(src("x", "t", "t"));
  auto b = ptorw::text::parse_program(src("inp", "tile", "tile"));
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(structural_equal(*a.program, *b.program).equal);
  auto c = ptorw::text::parse_program(src("x", "t", "pl.tile.exp(t)"));
  REQUIRE(c.ok());
  auto r = structural_equal(*a.program, *c.program);
  CHECK(r.path == "function 'k' › body › stmt 1 › Assign.value › Call.args[1]");
  CHECK(r.lhs == "t");
  CHECK(r.rhs == "pl.tile.exp(t)");
}
}  // namespace ut_equal_test
