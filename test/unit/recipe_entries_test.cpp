// Recipe entries are asked, not re-derived (issue 16, "Recipes declare where they apply ...
// selection, conversion, the Buffer IR verifier and the PTO emitter all ask the same entry").
//
// For each entry a kernel the entry refuses (the hand-written goldens of
// test/golden/lower-tile-to-buffer, whose rules come from lower_tile_to_buffer.md), with the reason
// written here by hand: the entry itself, whole-kernel selection and explicit conversion must all
// give exactly that reason. Rules that only the default rollout states must not stop explicit
// conversion. On the Buffer side, the entry producing an op holds the verifier's rule for it, the
// emitter finds every op it spells through its producing entry, and each Buffer op has one owner.
#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/codegen/pto_spelling.hpp"
#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/lowering/lower_tile_to_buffer.hpp"
#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/lowering/recipes/control_flow.hpp"
#include "ptorw/lowering/select_buffer_ir.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_recipe_entries_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr golden(const std::string& name) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto r = text::parse_file(std::string(root) + "/test/golden/lower-tile-to-buffer/" + name + ".before.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

const ir::Function& kernel(const ir::Program& p) {
  for (const auto& f : p.functions)
    if (ir::is_incore_like(f->type)) return *f;
  FAIL("no kernel");
  return *p.functions.front();
}

std::optional<std::string> selection(const ir::Function& f) {
  auto why = lowering::buffer_ir_refusal(f, passes::PassContext{});
  return why ? std::optional<std::string>(why->reason) : std::nullopt;
}
std::optional<std::string> conversion(const ir::Function& f) {
  auto [g, err] = lowering::lower_function(f);
  return err ? std::optional<std::string>(err->message) : std::nullopt;
}

/// The first op call of `body` (any depth) whose entry is named `entry`, asked directly.
struct Asked {
  bool found = false;
  lowering::Refusal default_reason, explicit_reason;
};
/// The SSA tile definitions of `body` (what selection gives the entries as ApplyContext::tile_defs).
void tile_defs(const ir::Stmt& body, std::unordered_map<const ir::ExprNode*, ir::Expr>& defs) {
  visit::walk_all(body, [&](const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::type_as<ir::TileType>(a->var->type)) defs[a->var.get()] = a->value;
  }, [](const ir::Expr&) {});
}

void ask(const ir::Stmt& body, std::string_view entry, Asked& out,
         const std::unordered_map<const ir::ExprNode*, ir::Expr>* defs = nullptr) {
  visit::FlatStmts it(body);
  while (const ir::Stmt* s = it.next()) {
    if (out.found) return;
    ir::Expr target, value;
    if (auto* a = ir::stmt_as<ir::Assign>(*s)) target = a->var, value = a->value;
    if (auto* e = ir::stmt_as<ir::Eval>(*s)) value = e->value;
    if (auto* f = ir::stmt_as<ir::For>(*s)) ask(f->body, entry, out, defs);
    if (auto* w = ir::stmt_as<ir::While>(*s)) ask(w->body, entry, out, defs);
    if (auto* b = ir::stmt_as<ir::If>(*s)) ask(b->then_body, entry, out, defs), ask(b->else_body, entry, out, defs);
    auto* c = ir::expr_as<ir::Call>(value);
    if (!c || out.found) continue;
    lowering::with_recipe(ir::op_id(c->callee), [&](auto r) {
      if (decltype(r)::name != entry) return;
      out.found = true;
      out.default_reason = lowering::applies_default(target, *c, [] { return lowering::Refusal{}; }, nullptr, defs);
      out.explicit_reason = decltype(r)::applies(target, *c, lowering::ApplyContext{lowering::Acceptance::Explicit});
    });
  }
}

struct OpCase {
  const char* golden;
  const char* entry;
  const char* default_reason;   // what the entry (asked for the default rollout) and selection say
  const char* explicit_reason;  // what the entry (asked explicitly) and conversion say; nullptr: a
                                // default-rollout rule only, explicit conversion goes through
};

// clang-format off
const OpCase kOpCases[] = {
  {"error_transpose_load",         "gm_load",     "tile.load with transpose has no Buffer recipe yet",
                                                  "tile.load with transpose has no Buffer recipe yet"},
  {"select_fp16_sub_keeps_tile",   "elementwise", "no Buffer recipe for tile.sub on pl.FP16", "no Buffer recipe for tile.sub on pl.FP16"},
  {"error_no_recipe_for_dtype",    "elementwise", "no Buffer recipe for tile.sub on pl.FP16", "no Buffer recipe for tile.sub on pl.FP16"},
  {"select_no_recipe_keeps_tile",  "elementwise", "tile.rsqrt is outside the default rollout's recipe table", nullptr},
  // Explicit conversion refuses too: the destination typed [16, 32] would make buffer.exp compute
  // (and the store write) 16×32 where tile.exp gives x's 16×16 (lowering/recipes/stated_valid.hpp).
  {"select_valid_mismatch_keeps_tile", "elementwise",
   "tile.exp operands and destination must have matching physical shapes and valid extents",
   "tile.exp's result is typed with valid extents [16, 32] but the op gives it [16, 16] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead"},
  // A result typed with other valid extents than its op gives it: refused in every mode (stated_valid.hpp).
  {"select_load_typed_valid_keeps_tile", "gm_load",
   "tile.load's result is typed with valid extents [8, 16] but the op gives it [16, 32] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead",
   "tile.load's result is typed with valid extents [8, 16] but the op gives it [16, 32] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead"},
  {"select_move_typed_valid_keeps_tile", "move_copy",
   "tile.move's result is typed with valid extents [8, 16] but the op gives it [16, 32] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead",
   "tile.move's result is typed with valid extents [8, 16] but the op gives it [16, 32] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead"},
  {"select_full_typed_valid_keeps_tile", "elementwise",
   "tile.full's result is typed with valid extents [8, 16] but the op gives it [16, 32] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead",
   "tile.full's result is typed with valid extents [8, 16] but the op gives it [16, 32] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead"},
  {"select_reshape_typed_valid_keeps_tile", "reshape_view",
   "tile.reshape's result is typed with valid extents [16, 8] but the op gives it [32, 16] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead",
   "tile.reshape's result is typed with valid extents [16, 8] but the op gives it [32, 16] (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead"},
  {"error_block_query_unassigned", "block_query", "tile.get_block_idx must be assigned (a direct SSA assignment)",
                                                  "tile.get_block_idx must be assigned (a direct SSA assignment)"},
  {"select_assemble_pitch_mismatch_keeps_tile", "assemble_window",
   "tile.assemble with incompatible pitches retains Tile IR: the source's row pitch is 128 bytes, the target's 256 bytes", nullptr},
  {"error_assemble_into_matrix_space", "assemble_window",
   "tile.assemble across or into matrix memory spaces has no Buffer recipe (the fix-pipe Acc to Mat forms are rejected until their recipes exist)",
   "tile.assemble across or into matrix memory spaces has no Buffer recipe (the fix-pipe Acc to Mat forms are rejected until their recipes exist)"},
};
// clang-format on

}  // namespace

TEST_CASE("whole-kernel selection: a GM view with valid_shape/pad, a core kind without the storage, a scalar result") {
  // Audit 2026-12-06 F2/F3 and trial F5: each was selected (or said only "not a GM tensor") and
  // then failed or was mis-emitted; each now stays Tile with its reason.
  auto one = [](const std::string& fn) {
    auto r = text::parse_program("import ptorw.language as pl\n@pl.program\nclass P:\n" + fn, "t.py");
    for (const auto& d : r.errors) FAIL_CHECK(d.str());
    REQUIRE(r.ok());
    return r.program;
  };
  const std::string load_store = "        a = pl.load(A, [0, 0], [16, 32])\n        o = pl.store(a, [0, 0], O)\n        return o\n";
  const std::string sig = "(self, A: pl.Tensor[[16, 32], pl.FP32], O: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n";
  auto p = one("    @pl.function(type=pl.FunctionType.InCore)\n    def k" + sig + load_store);
  CHECK_FALSE(selection(kernel(*p)));  // the baseline is selected
  p = one("    @pl.function(type=pl.FunctionType.AIV)\n    def k" + sig + load_store);
  CHECK_FALSE(selection(kernel(*p)));
  p = one("    @pl.function(type=pl.FunctionType.InCore)\n"
          "    def k(self, A: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(valid_shape=[8, 32])], O: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n" +
          load_store);
  CHECK(selection(kernel(*p)).value_or("").find("GM tensor 'A' carries a TensorView valid_shape/pad") == 0);
  p = one("    @pl.function(type=pl.FunctionType.AIC)\n    def k" + sig + load_store);
  CHECK(selection(kernel(*p)).value_or("") == "tile 'a' is pl.Mem.Vec in an AIC kernel (the cube core has no Vec storage)");
  p = one("    @pl.function(type=pl.FunctionType.AIV)\n    def k" + sig +
          "        a = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)\n        o = pl.store(a, [0, 0], O)\n        return o\n");
  CHECK(selection(kernel(*p)).value_or("").find("tile 'a' is matrix storage in an AIV kernel") == 0);
  p = one("    @pl.function(type=pl.FunctionType.InCore)\n"
          "    def k(self, A: pl.Tensor[[16, 32], pl.FP32]) -> pl.Scalar[pl.INDEX]:\n        n: pl.Scalar[pl.INDEX] = 3\n        return n\n");
  CHECK(selection(kernel(*p)).value_or("").find("result 1 is a scalar: a device kernel cannot return a scalar") == 0);
}

TEST_CASE("an op the entry refuses: the entry, selection and conversion give the entry's reason") {
  for (const OpCase& k : kOpCases) {
    const std::string name = k.golden;
    CAPTURE(name);
    auto p = golden(k.golden);
    const ir::Function& f = kernel(*p);
    Asked asked;
    std::unordered_map<const ir::ExprNode*, ir::Expr> defs;
    tile_defs(f.body, defs);
    ask(f.body, k.entry, asked, &defs);
    REQUIRE_MESSAGE(asked.found, "no call of entry " << k.entry);
    REQUIRE(asked.default_reason);
    CHECK(asked.default_reason->text == k.default_reason);
    CHECK(selection(f) == std::optional<std::string>(k.default_reason));
    if (k.explicit_reason) {
      REQUIRE(asked.explicit_reason);
      CHECK(asked.explicit_reason->text == k.explicit_reason);
      CHECK(conversion(f) == std::optional<std::string>(k.explicit_reason));
    } else {
      CHECK_FALSE(asked.explicit_reason);
      CHECK(conversion(f) == std::nullopt);  // "availability alone does not widen default acceptance"
    }
  }
}

TEST_CASE("call attributes: selection and conversion give one reason; pipeline-stage membership is dropped") {
  // lower_tile_to_buffer.md: "Pipeline-stage membership attributes ... The pass drops that attribute
  // ... Any other call attribute still needs an explicit conversion contract."
  auto p = golden("error_call_attribute_without_contract");
  const std::string why = "tile.load carries the call attribute 'cache_hint', which has no conversion contract "
                          "(only pipeline-stage membership, 'pipeline_stage', is dropped)";
  CHECK(selection(kernel(*p)) == std::optional<std::string>(why));
  CHECK(conversion(kernel(*p)) == std::optional<std::string>(why));
  auto q = golden("pipeline_stage_attribute_dropped");
  CHECK(selection(kernel(*q)) == std::nullopt);
  CHECK(conversion(kernel(*q)) == std::nullopt);
}

TEST_CASE("entries of the default rollout refuse a malformed call by their own rule") {
  // No op entry is outside the default rollout any more (matmul, matmul_acc, extract and
  // transpose_view since the cube path was accepted, issue 18; set_validshape and the window entries
  // since issue 17): selection asks each entry, which names its own rule.
  auto call = [](const char* op, std::vector<ir::Expr> args) {
    return ir::Call{ir::CallKind::Op, op, std::move(args), {}, {}};
  };
  auto no_rule = [] { return lowering::Refusal{}; };
  auto sv = lowering::applies_default(nullptr, call("tile.set_validshape", {}), no_rule);
  REQUIRE(sv);
  CHECK(sv->text == "a standalone tile.set_validshape retains Tile IR (metadata version tracking requires an assigned result)");
  auto as = lowering::applies_default(nullptr, call("tile.assemble", {}), no_rule);
  REQUIRE(as);
  CHECK(as->text == "tile.assemble must write a tile into a tile and be assigned");
  // A runtime init_cond has a recipe (an explicit if) when it is a BOOL scalar; the Matmul entry's
  // explicit applicability refuses any other runtime value.
  ir::Expr flag = ir::make_var("flag", ir::scalar_type(ir::DType::BOOL));
  ir::Expr t = ir::make_var("t", ir::scalar_type(ir::DType::FP32));
  CHECK_FALSE(lowering::recipes::Matmul::applies(nullptr, call("tile.matmul_acc", {t, t, t, flag}), {}));
  auto why = lowering::recipes::Matmul::applies(nullptr, call("tile.matmul_acc", {t, t, t, t}), {});
  REQUIRE(why);
  CHECK(why->text == "a runtime init_cond of tile.matmul_acc must be a BOOL scalar");
  // The default rollout's cube rule (recipes/cube.hpp cube_rules): Left x Right into Acc.
  auto vec = [](const char* n, ir::DType d, ir::MemSpace m) {
    return ir::make_var(n, ir::make_type(ir::TileType{{ir::make_int(16), ir::make_int(16)}, d, {}, m, {}}));
  };
  ir::Expr l = vec("l", ir::DType::FP16, ir::MemSpace::Vec), r = vec("r", ir::DType::FP16, ir::MemSpace::Right);
  ir::Expr acc = vec("acc", ir::DType::FP32, ir::MemSpace::Acc);
  auto cube = lowering::applies_default(acc, call("tile.matmul", {l, r}), no_rule);
  REQUIRE(cube);
  CHECK(cube->text == "tile.matmul operands must be in pl.Mem.Left and pl.Mem.Right (the ordinary cube path)");
  ir::Expr left = vec("left", ir::DType::FP16, ir::MemSpace::Left), acc16 = vec("acc16", ir::DType::FP16, ir::MemSpace::Acc);
  CHECK_FALSE(lowering::applies_default(acc, call("tile.matmul", {left, r}), no_rule));
  auto narrow = lowering::applies_default(acc16, call("tile.matmul", {left, r}), no_rule);
  REQUIRE(narrow);
  CHECK(narrow->text == "tile.matmul of FP16 operands must accumulate in FP32");
}

TEST_CASE("statement entries: selection and conversion state For/While/If/Return/Scope rules once") {
  struct StmtCase {
    const char* golden;
    const char* reason;  // nullptr: the text names the golden's values; selection and conversion still agree
    bool default_first = false;  // a default-rollout op rule refuses the kernel before the statement's
  };
  // clang-format off
  const StmtCase cases[] = {
    {"error_negative_step",          "a For loop needs a provably positive constant step"},
    {"error_loop_gm_alias_changes",  "loop carry 'o' changes its GM tensor across iterations (needs a dynamic-GM recipe)"},
    {"error_while_gm_alias_changes", "loop carry 'o' changes its GM tensor across iterations (needs a dynamic-GM recipe)"},
    {"error_branch_two_gm_params",   nullptr},  // the result's name is the golden's: compared below
    {"error_scope_in_kernel",        "scope statements have no Buffer recipe (outline them first)"},
    // Its store writes a strided view (outside the default rollout's packed ND transfers), which
    // selection names first; explicit conversion reaches the Return entry.
    {"error_return_view_mismatch",
     "return value 1 aliases parameter 'Out' whose type differs from the declared result (including its TensorView)", true},
  };
  // clang-format on
  for (const StmtCase& k : cases) {
    const std::string name = k.golden;
    CAPTURE(name);
    auto p = golden(k.golden);
    const ir::Function& f = kernel(*p);
    auto sel = selection(f), conv = conversion(f);
    REQUIRE(sel);
    REQUIRE(conv);
    if (k.reason) CHECK(*conv == k.reason);
    if (k.default_first) CHECK(*sel == "tile.store of a strided or non-ND tensor (only ordinary packed ND GM)");
    else CHECK(*sel == *conv);
  }
  // The For entry answers for its header directly.
  auto p = golden("error_negative_step");
  const ir::For* loop = nullptr;
  visit::FlatStmts it(kernel(*p).body);
  while (const ir::Stmt* s = it.next())
    if (!loop) loop = ir::stmt_as<ir::For>(*s);
  REQUIRE(loop);
  auto why = lowering::recipes::ForLoop::applies(*loop, {});
  REQUIRE(why);
  CHECK(why->text == "a For loop needs a provably positive constant step");
}

namespace {
ir::ProgramPtr buffer_kernel(const std::string& params, const std::string& body) {
  std::string src = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n"
                    "    def kernel(self, " + params + "):\n" + body;
  auto r = text::parse_program(src, "t.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}
std::string verifier_message(const ir::Program& p) {
  auto ds = lowering::verify_buffer_ir(p);
  REQUIRE(!ds.empty());
  return ds.front().message;
}
std::string emitter_message(const ir::Program& p) {
  auto r = codegen::emit_program(p);
  REQUIRE(!r.ok());
  return r.diagnostics.front().message;
}
}  // namespace

TEST_CASE("the Buffer side: the producing entry holds the verifier's rule, the emitter refuses the same call") {
  SUBCASE("elementwise: a row used with a dtype it does not list") {
    auto p = buffer_kernel("A: pl.Tensor[[16, 32], pl.FP16]",
                           "        a: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                           "        b: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                           "        pl.buffer.sub(a, a, b)\n");
    CHECK(lowering::producer_name(ir::op::id("buffer.sub")) == "elementwise");
    CHECK(verifier_message(*p) == "BufferIR: kernel: buffer.sub has no recipe for pl.FP16");
    CHECK(emitter_message(*p) == "'pl.buffer.sub' has no recipe for FP16 (in kernel 'kernel')");
  }
  SUBCASE("gm_load: a window that is not the buffer's shape") {
    auto p = buffer_kernel("A: pl.Tensor[[16, 32], pl.FP32]",
                           "        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                           "        pl.buffer.load(A, (0, 0), (8, 32), a)\n");
    CHECK(lowering::producer_name(ir::op::id("buffer.load")) == "gm_load");
    CHECK(verifier_message(*p) == "BufferIR: kernel: buffer.load window [8, 32] differs from the buffer shape [16, 32]");
  }
  SUBCASE("subview: every lowered window carries its valid tuple") {
    // A partially valid window written without its valid tuple (the bug of audit F5: PTOAS would
    // type it from its sizes), a literal extent that is not the type's, a zero extent.
    const std::string params = "A: pl.Tensor[[16, 64], pl.FP32]";
    const std::string parent = "        a: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n";
    const std::string w = "        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = ";
    CHECK(lowering::producer_name(ir::op::id("buffer.subview")) == "alloc_definition");
    CHECK(verifier_message(*buffer_kernel(params, parent + w + "pl.buffer.subview(a, (0, 32), (16, 32))\n")) ==
          "BufferIR: kernel: buffer.subview of a partially valid window must carry its valid tuple (every lowered window carries "
          "its valid tuple)");
    CHECK(verifier_message(*buffer_kernel(params, parent + w + "pl.buffer.subview(a, (0, 32), (16, 32), (16, 32))\n")) ==
          "BufferIR: kernel: buffer.subview's valid extent 16 in dimension 0 requires the same static valid dimension of its type");
    CHECK(verifier_message(*buffer_kernel(params, parent + w + "pl.buffer.subview(a, (0, 32), (16, 32), (0, 32))\n")) ==
          "BufferIR: kernel: buffer.subview's constant valid extents must be positive and fit the window");
    // The accepted forms: the valid tuple, and a full window without one.
    CHECK(lowering::verify_buffer_ir(*buffer_kernel(params, parent + w + "pl.buffer.subview(a, (0, 32), (16, 32), (8, 32))\n")).empty());
    CHECK(lowering::verify_buffer_ir(*buffer_kernel(
              params, parent + "        v: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(a, (0, 32), (16, 32))\n")).empty());
  }
  SUBCASE("for: a loop of a Buffer kernel carries only scalars") {
    auto p = buffer_kernel("A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]",
                           "        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                           "        for i, (o,) in pl.range(2, init_values=(Out,)):\n"
                           "            pl.buffer.store(a, (0, 0), (16, 32), o)\n"
                           "            o2 = pl.yield_(o)\n");
    CHECK(verifier_message(*p) == "BufferIR: kernel: a loop of a Buffer kernel may only carry scalars");
    CHECK(emitter_message(*p).find("only scalars flow through scf.for iter_args") != std::string::npos);
  }
}

TEST_CASE("every Buffer op has one producing entry, and the emitter spells exactly what entries produce") {
  for (std::size_t i = 0; i < ir::op_count(); ++i) {
    const ir::OpId id{static_cast<std::uint16_t>(i)};
    const std::string_view name = ir::op_def(id)->name;
    if (!name.starts_with("buffer.")) continue;
    CAPTURE(name);
    int producers = 0;
    boost::hana::for_each(lowering::kRecipes, [&](auto r) { producers += decltype(r)::produces(id) ? 1 : 0; });
    CHECK(producers == 1);
    const bool spelled = codegen::find_spelling(id) != nullptr || lowering::find_buffer_recipe(id) != nullptr;
    CHECK_MESSAGE(spelled, name << ": produced but without a PTO spelling");
  }
  for (const auto& s : codegen::kOpSpellings) CHECK_MESSAGE(!lowering::producer_name(ir::op_id_of_name(s.buffer_op)).empty(), s.buffer_op);
  // No Tile op belongs to two entries (the first match would silently win), and every Tile op
  // family has its recipe-side entry: each tile.* op that is not an elementwise row (whose recipe,
  // when it has one, is that row's) has exactly one entry, even if the entry only refuses for now.
  for (std::size_t i = 0; i < ir::op_count(); ++i) {
    const ir::OpId id{static_cast<std::uint16_t>(i)};
    const std::string_view name = ir::op_def(id)->name;
    int owners = 0;
    boost::hana::for_each(lowering::kRecipes, [&](auto r) { owners += decltype(r)::matches(id) ? 1 : 0; });
    CHECK_MESSAGE(owners <= 1, name);
    bool elementwise_row = false;
    for (const ir::EwOp& r : ir::kElementwiseOps) elementwise_row = elementwise_row || r.tile == name;
    if (name.starts_with("tile.") && !elementwise_row) CHECK_MESSAGE(owners == 1, name << ": no recipe entry");
  }
}
}  // namespace ut_recipe_entries_test
