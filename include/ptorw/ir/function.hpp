// Functions and programs.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ptorw/ir/stmt.hpp"

namespace ptorw::ir {

struct Param {
  Expr var;  // a Var node
  Direction dir = Direction::In;
};

/// How a use finds its value (docs/semantics.md "Names"). `Text`: the function was parsed from
/// hand-written text that defines a name twice, and a use reads what its *name* holds when it runs
/// (Python); the parser binds each use to the latest definition in text order, which differs in
/// loops and branches. `Nodes`: a use reads its own definition node — the meaning of every pass
/// output. convert-to-ssa turns Text functions into Nodes functions; other passes refuse them.
enum class NameBinding : std::uint8_t { Nodes, Text };

struct Function {
  std::string name;
  FunctionType type = FunctionType::Opaque;
  std::vector<Param> params;
  std::vector<Type> return_types;
  Kwargs attrs;                  // e.g. {"windowize": true}
  Stmt body;
  Stage stage = Stage::Tile;
  std::optional<EnumRef> level;  // `level=pl.Level.X` on the decorator, kept verbatim
  std::optional<EnumRef> role;
  Span span;
  NameBinding names = NameBinding::Nodes;
};

struct Program {
  std::string name;
  std::vector<Expr> dyn_dims;  // `M = pl.dynamic("M")`: Var nodes of type Scalar[INDEX]
  std::vector<FunctionPtr> functions;
  std::string source_file;     // for diagnostics

  FunctionPtr find(std::string_view fname) const {
    for (const auto& f : functions)
      if (f->name == fname) return f;
    return nullptr;
  }
};

inline bool attr_true(const Kwargs& attrs, std::string_view key) {
  auto b = kwarg_as<bool>(attrs, key);
  return b && *b;
}

/// The function attribute with which InitMemRef records that it could not plan a kernel's storage
/// (issue 17, "one kernel must not stop the whole program"): the reason, as text. Such a kernel
/// keeps its unplanned Tile form; selection refuses it, plan-memory skips it, HasMemRefs exempts it,
/// and emission reports it as a kernel without a PTO form. Like `buffer_ir_selected`, a recorded
/// decision is never recomputed.
inline constexpr std::string_view kInitMemRefRefused = "init_memref_refused";

/// The recorded InitMemRef refusal of `f`, if any.
inline std::optional<std::string> init_memref_refusal(const Function& f) {
  return kwarg_as<std::string>(f.attrs, kInitMemRefRefused);
}

}  // namespace ptorw::ir
