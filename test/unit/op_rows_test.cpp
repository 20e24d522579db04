// Cross-coverage of the op rows (issue 16, "a cross-coverage test fails when an op lacks a stage it
// claims"). Every row of ir/elementwise_ops.hpp claims, by its fields, the stages below; each is
// looked up where the code that runs it looks it up, so a stage missing anywhere fails here with
// the op and the stage named:
//  * registry rows for its tile and Buffer IR forms, and its tensor form when it has one;
//  * interpreter semantics in value mode (tile, tensor) and in buffer mode (planned tile, Buffer IR,
//    tensor);
//  * an independent oracle formula (interp_oracle_test.cpp) and a poison-table row
//    (interp_poison_table_test.cpp) for each of its forms;
//  * a storage rule for planning (a new value; in place unless it needs a distinct destination);
//  * when it has a recipe: the recipe converting its tile form to its Buffer form, found by op id
//    from both ends, and the PTO spelling the emitter writes (the recipe's, never a second one).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "op_coverage.hpp"
#include "ptorw/codegen/pto_spelling.hpp"
#include "ptorw/interp/buffer_ops.hpp"
#include "ptorw/interp/value_ops.hpp"
#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/reduction_ops.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/lowering/recipes/elementwise_table.hpp"
namespace ut_op_rows_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

/// The op's forms (registry names) as the row claims them.
std::vector<std::string_view> forms(const ir::EwOp& r) {
  std::vector<std::string_view> f{r.tile};
  if (r.has_buffer_form()) f.push_back(r.buffer);
  if (r.tensor_form != ir::TensorForm::None) f.push_back(r.tensor);
  return f;
}

}  // namespace

TEST_CASE("op rows: every stage an op claims exists (registry, interpreter modes, oracle, poison, storage, recipe, PTO)") {
  for (const ir::EwOp& r : ir::kElementwiseOps) {
    CAPTURE(r.tile);
    for (std::string_view name : forms(r)) {
      CHECK_MESSAGE(ir::find_op(name), name << ": no registry row");
      CHECK_MESSAGE(ir::op_id_of_name(name).valid(), name << ": no op id");
      const bool buffer_form = name == r.buffer;
      if (!buffer_form) CHECK_MESSAGE(interp::value_mode_ops().count(name), name << ": no value-mode semantics");
      CHECK_MESSAGE(interp::buffer_mode_ops().count(name), name << ": no buffer-mode semantics");
      if (!buffer_form) CHECK_MESSAGE(oracle_has_formula(name), name << ": no oracle formula (interp_oracle_test.cpp kRefs)");
      CHECK_MESSAGE(poison_table_has_row(name), name << ": no poison-table row (interp_poison_table_test.cpp)");
    }
    // The tensor form is where the row says it is, and nowhere else.
    if (r.tensor_form == ir::TensorForm::None) CHECK_MESSAGE(r.tensor.empty(), r.tile << ": a tensor name without a tensor form");

    // Storage rule for planning (lower_tile_to_buffer.md "recip requires a distinct destination").
    const auto* st = lowering::planning::op_storage(ir::Symbol(r.tile));
    CHECK_MESSAGE(st, r.tile << ": no storage rule");
    if (st) {
      CHECK(st->rule == lowering::planning::StorageRule::New);
      CHECK_MESSAGE(st->in_place_ok == !r.distinct_destination, r.tile << ": storage rule disagrees with its row on in-place writes");
    }

    // Lowering recipe and PTO spelling.
    const ir::OpId tile_id = ir::op_id(ir::Symbol(r.tile));
    const lowering::ElementwiseRecipe* by_tile = lowering::find_tile_recipe(tile_id);
    if (!r.has_recipe()) {
      CHECK_MESSAGE(!by_tile, r.tile << ": a recipe the row does not claim");
      CHECK_MESSAGE(!r.has_buffer_form(), r.tile << ": a Buffer form without a recipe");
      continue;
    }
    const ir::OpId buffer_id = ir::op_id(ir::Symbol(r.buffer));
    const lowering::ElementwiseRecipe* by_buffer = lowering::find_buffer_recipe(buffer_id);
    CHECK_MESSAGE(by_tile, r.tile << ": claims a recipe but lowering has none");
    CHECK_MESSAGE(by_buffer == by_tile, r.buffer << ": the Buffer op's recipe is not the tile op's");
    if (by_tile) {
      CHECK(by_tile->buffer_op == r.buffer);
      CHECK(by_tile->distinct_destination == r.distinct_destination);
      CHECK_MESSAGE(by_tile->pto_op == r.pto, r.buffer << ": the emitter's PTO spelling is not the row's");
      CHECK_MESSAGE(by_tile->pto_op.starts_with("pto.t"), r.buffer << ": no PTO instruction");
      CHECK_MESSAGE(lowering::has_recipe(tile_id), r.tile << ": selection does not see its recipe");
    }
    CHECK_MESSAGE(!codegen::find_spelling(buffer_id), r.buffer << ": spelled twice (recipe row and pto_spelling.hpp)");
  }
}

TEST_CASE("op rows: reductions and broadcasts claim their tile form only (registry, both interpreter modes, storage; no recipe)") {
  for (const ir::RcOp& r : ir::kRowColOps) {
    CAPTURE(r.tile);
    const ir::OpDef* d = ir::find_op(r.tile);
    REQUIRE_MESSAGE(d, "no registry row");
    CHECK(d->operands == (r.kind == ir::RcKind::Reduce ? "T,T?" : "T,T"));
    CHECK(d->params == r.params);
    CHECK(ir::op_id_of_name(r.tile).valid());
    CHECK_MESSAGE(interp::value_mode_ops().count(r.tile), "no value-mode semantics");
    CHECK_MESSAGE(interp::buffer_mode_ops().count(r.tile), "no buffer-mode semantics");
    CHECK_MESSAGE(poison_table_has_row(r.tile), "no poison-table row (interp_poison_table_test.cpp)");
    CHECK_MESSAGE(reductions_test_has_formula(r.tile), "no formula (interp_reductions_test.cpp)");
    // A new value in new storage, never an operand's.
    const auto* st = lowering::planning::op_storage(ir::Symbol(r.tile));
    REQUIRE_MESSAGE(st, "no storage rule");
    CHECK(st->rule == lowering::planning::StorageRule::New);
    CHECK_FALSE(st->in_place_ok);
    // No Buffer form: the lowering spec's table has no such recipe (its entry only refuses, outside
    // the default rollout), and no buffer.* name exists.
    const ir::OpId id = ir::op_id(ir::Symbol(r.tile));
    CHECK_FALSE(lowering::find_tile_recipe(id));
    bool refusing_entry = false;
    lowering::with_recipe(id, [&](auto e) { refusing_entry = decltype(e)::name == "no_spec_recipe" && !decltype(e)::default_rollout; });
    CHECK(refusing_entry);
    CHECK_FALSE(ir::find_op("buffer." + std::string(r.tile.substr(5))));
    CHECK_FALSE(ir::find_op("tensor." + std::string(r.tile.substr(5))));
  }
}

TEST_CASE("op rows: op ids are interned once and compare as integers") {
  // A Symbol made from text names the same op id as the registry's own Symbol.
  CHECK(ir::op_id(ir::Symbol("tile.add")) == ir::op::id("tile.add"));
  CHECK(ir::op_id(ir::Symbol(std::string("tile.") + "exp")) == ir::op::id("tile.exp"));
  CHECK(ir::op::id("tile.add") != ir::op::id("buffer.add"));
  // A user function's name is no op.
  CHECK_FALSE(ir::op_id(ir::Symbol("my_kernel")).valid());
  // Every registry op round-trips: name -> id -> row.
  for (const ir::OpDef& d : ir::all_ops()) {
    const ir::OpId id = ir::op_id(ir::op_symbol(d));
    REQUIRE(id.valid());
    CHECK(ir::op_def(id) == &d);
    CHECK(ir::op_id_of_name(d.name) == id);
  }
}
}  // namespace ut_op_rows_test
