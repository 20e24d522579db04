// The small MLIR model the PTO emitter builds before printing: values with their type text, ops
// with operands, attributes and regions. One model, two printers (mlir_print.hpp): the custom
// assembly PTOAS reads, and the generic form `mlir-opt-19 --allow-unregistered-dialect` can check
// (pto_format.md "A cheap third-party check"). The emitter decides *what* is emitted; the printers
// only decide how it is spelled, so both forms always describe the same module.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/node_fwd.hpp"
#include "ptorw/ir/string_hash.hpp"

namespace ptorw::codegen {

/// Type texts are interned once per kernel: a tile_buf type is ~150 characters and every operand
/// of that type shares one copy. `Kernel::types` keeps the texts alive.
using TypePool = std::unordered_set<std::string, ir::StringHash, std::equal_to<>>;

/// An SSA value: its id as printed (`%a_buf`, `%r#1`) and its type text (`index`, `!pto.tile_buf<...>`),
/// a string literal or a text interned in the kernel's TypePool.
struct Val {
  std::string id;
  std::string_view type;
};

/// How an op prints in the custom form. The generic form is the same for every syntax.
enum class Syntax : std::uint8_t {
  Constant,        // %c = arith.constant 16 : index              (word = literal)
  ArithBinary,     // %r = arith.addi %a, %b : index
  ArithCompare,    // %r = arith.cmpi slt, %a, %b : index          (word = predicate, code = its number)
  ArithUnary,      // %r = arith.negf %a : f32
  ArithCast,       // %r = arith.index_cast %a : i32 to index
  MakeTensorView,  // %tv = pto.make_tensor_view %p, shape = [..], strides = [..] {layout = ..} : T
  PartitionView,   // %pv = pto.partition_view %tv, offsets = [..], sizes = [..] : Ttv -> Tpv
  AllocTile,       // %t = pto.alloc_tile addr = %a valid_row = %r valid_col = %c : T
  Dps,             // pto.tadd ins(%a, %b : T, T) outs(%c : T) {attrs}
  SubviewNew,      // %v = pto.subview %p[%r, %c] sizes [16, 32] valid [%vr, %vc] : Tp -> Tv
  SubsetOld,       // %v = pto.subset %p[%r, %c] sizes [16, 32] : Tp
  ReshapeSsa,      // %r = pto.treshape %s : Ts -> Td
  SetValidShape,   // pto.set_validshape %t, %vr, %vc : T
  ScfFor,          // %r = scf.for %i = %lb to %ub step %st iter_args(%x = %x0) -> (index) { ... }
  ScfIf,           // %r = scf.if %c -> (index) { ... } else { ... }
  ScfWhile,        // %r = scf.while (%x = %x0) : (index) -> (index) { ... } do { ^bb0(...): ... }
  ScfYield,        // scf.yield %y : index
  ScfCondition,    // scf.condition(%c) %x : index
  Return,          // return
};

struct Op;
struct Block {
  std::vector<Val> args;
  std::vector<Op> ops;
};
/// Every region here has exactly one block, or none (the absent else of an scf.if).
using Region = std::vector<Block>;

struct Op {
  Syntax syntax = Syntax::Return;
  std::string name;                 // full op name: "pto.tadd", "arith.addi", "scf.for"
  std::string result_base;          // multi-result ops print `%base:N = ...`
  std::vector<Val> results;
  std::vector<Val> operands;
  std::vector<int> segments;        // operandSegmentSizes of the generic form; empty = none
  std::size_t n_ins = 0;            // Dps: operands [0, n_ins) are ins, the rest outs
  std::string word;                 // Constant literal / comparison predicate
  std::int64_t code = 0;            // ArithCompare: the predicate's enum value (generic form)
  std::vector<std::int64_t> sizes;  // SubviewNew / SubsetOld static sizes
  std::vector<std::pair<std::string, std::string>> attrs;  // the attribute dict of both forms
  std::vector<Region> regions;
  ir::Span loc;
};

inline Op make_op(Syntax s, std::string name) {
  Op op;
  op.syntax = s;
  op.name = std::move(name);
  return op;
}

/// One kernel: `func.func @name(params) attributes {attrs} { body }`.
struct Kernel {
  std::string name;
  std::vector<Val> params;
  std::vector<std::pair<std::string, std::string>> attrs;
  std::vector<Op> body;
  std::shared_ptr<const TypePool> types;  // owns the texts the values' types point into
};

}  // namespace ptorw::codegen
