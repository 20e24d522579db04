// The two printers of the emitter's MLIR model (mlir_ops.hpp): the custom assembly of
// pto_format.md, and MLIR's generic form of the same module (`"pto.tadd"(%a, %b, %c) : (!T, !T, !T)
// -> ()`, `"scf.for"(...) ({...}) : (...) -> ...`), which `mlir-opt-19 --allow-unregistered-dialect`
// parses and verifies (SSA, dominance, regions, builtin/arith/scf/func ops).
#pragma once
#include <string>

#include "ptorw/codegen/mlir_ops.hpp"

namespace ptorw::codegen {

struct PrintOptions {
  bool generic = false;
  bool locations = false;  // `loc("file":line:col)` after ops that have a source position
  std::string file;
};

namespace detail {

inline std::string join_ids(const std::vector<Val>& vs, std::size_t from = 0, std::size_t to = std::string::npos) {
  std::string s;
  for (std::size_t i = from; i < vs.size() && i < to; ++i) s += (i > from ? ", " : "") + vs[i].id;
  return s;
}
inline std::string join_types(const std::vector<Val>& vs, std::size_t from = 0, std::size_t to = std::string::npos) {
  std::string s;
  for (std::size_t i = from; i < vs.size() && i < to; ++i) s += (i > from ? ", " : "") + vs[i].type;
  return s;
}
inline std::string attr_dict(const std::vector<std::pair<std::string, std::string>>& attrs) {
  if (attrs.empty()) return {};
  std::string s = "{";
  for (std::size_t i = 0; i < attrs.size(); ++i) s += (i ? ", " : "") + attrs[i].first + " = " + attrs[i].second;
  return s + "}";
}
inline std::string int_list(const std::vector<std::int64_t>& xs) {
  std::string s;
  for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + std::to_string(xs[i]);
  return s;
}

class Printer {
 public:
  explicit Printer(const PrintOptions& o) : o_(o) {}

  std::string module(const Kernel& k, std::string_view arch) {
    std::string target = "{pto.target_arch = \"" + std::string(arch) + "\"}";
    if (o_.generic) {
      out_ += "\"builtin.module\"() ({\n";
      function(k, "  ");
      out_ += "}) " + target + " : () -> ()\n";
    } else {
      out_ += "module attributes " + target + " {\n";
      function(k, "  ");
      out_ += "}\n";
    }
    return std::move(out_);
  }

 private:
  const PrintOptions& o_;
  std::string out_;

  void function(const Kernel& k, const std::string& ind) {
    std::string params;
    for (std::size_t i = 0; i < k.params.size(); ++i) params += (i ? ", " : "") + k.params[i].id + ": " + k.params[i].type;
    if (o_.generic) {
      out_ += ind + "\"func.func\"() ({\n";
      if (!k.params.empty()) out_ += ind + "^bb0(" + params + "):\n";
      ops(k.body, ind + "  ");
      auto attrs = k.attrs;
      attrs.insert(attrs.begin(), {{"function_type", "(" + join_types(k.params) + ") -> ()"}, {"sym_name", "\"" + k.name + "\""}});
      out_ += ind + "}) " + attr_dict(attrs) + " : () -> ()\n";
    } else {
      out_ += ind + "func.func @" + k.name + "(" + params + ")";
      if (!k.attrs.empty()) out_ += " attributes " + attr_dict(k.attrs);
      out_ += " {\n";
      ops(k.body, ind + "  ");
      out_ += ind + "}\n";
    }
  }

  void ops(const std::vector<Op>& list, const std::string& ind) {
    for (const auto& op : list) {
      out_ += ind;
      if (o_.generic) generic(op, ind);
      else custom(op, ind);
      if (o_.locations && op.loc.line > 0)
        out_ += " loc(\"" + o_.file + "\":" + std::to_string(op.loc.line) + ":" + std::to_string(op.loc.col) + ")";
      out_ += "\n";
    }
  }

  static std::string results_lhs(const Op& op) {
    if (op.results.empty()) return {};
    if (op.results.size() == 1) return op.results[0].id + " = ";
    return op.result_base + ":" + std::to_string(op.results.size()) + " = ";
  }
  static std::string result_types(const Op& op) {
    if (op.results.size() == 1) return op.results[0].type;
    return "(" + join_types(op.results) + ")";
  }

  /// `{` block `}`; `label` prints the block's arguments as `^bb0(...)`.
  void region(const Region& r, const std::string& ind, bool label, bool drop_empty_yield) {
    out_ += "{\n";
    if (!r.empty()) {
      const Block& b = r.front();
      if (label && !b.args.empty()) {
        std::string a;
        for (std::size_t i = 0; i < b.args.size(); ++i) a += (i ? ", " : "") + b.args[i].id + ": " + b.args[i].type;
        out_ += ind + "^bb0(" + a + "):\n";
      }
      // The custom forms of scf.for / scf.if supply an empty terminator themselves (MLIR's
      // canonical print omits it); the generic form always spells it.
      if (drop_empty_yield && !b.ops.empty() && b.ops.back().syntax == Syntax::ScfYield && b.ops.back().operands.empty()) {
        std::vector<Op> body(b.ops.begin(), b.ops.end() - 1);
        ops(body, ind + "  ");
      } else {
        ops(b.ops, ind + "  ");
      }
    }
    out_ += ind + "}";
  }

  void custom(const Op& op, const std::string& ind) {
    const auto& a = op.operands;
    std::string lhs = results_lhs(op);
    std::string dict = op.attrs.empty() ? "" : " " + attr_dict(op.attrs);
    switch (op.syntax) {
      case Syntax::Constant:
        out_ += lhs + op.name + " " + op.word + (op.results[0].type == "i1" ? "" : " : " + op.results[0].type);
        return;
      case Syntax::ArithBinary:
        out_ += lhs + op.name + " " + a[0].id + ", " + a[1].id + " : " + a[0].type;
        return;
      case Syntax::ArithCompare:
        out_ += lhs + op.name + " " + op.word + ", " + a[0].id + ", " + a[1].id + " : " + a[0].type;
        return;
      case Syntax::ArithUnary:
        out_ += lhs + op.name + " " + a[0].id + " : " + a[0].type;
        return;
      case Syntax::ArithCast:
        out_ += lhs + op.name + " " + a[0].id + " : " + a[0].type + " to " + op.results[0].type;
        return;
      case Syntax::MakeTensorView: {
        auto r = static_cast<std::size_t>(op.segments[1]);
        out_ += lhs + op.name + " " + a[0].id + ", shape = [" + join_ids(a, 1, 1 + r) + "], strides = [" +
                join_ids(a, 1 + r) + "]" + dict + " : " + op.results[0].type;
        return;
      }
      case Syntax::PartitionView: {
        auto r = static_cast<std::size_t>(op.segments[1]);
        out_ += lhs + op.name + " " + a[0].id + ", offsets = [" + join_ids(a, 1, 1 + r) + "], sizes = [" +
                join_ids(a, 1 + r) + "]" + dict + " : " + a[0].type + " -> " + op.results[0].type;
        return;
      }
      case Syntax::AllocTile: {
        out_ += lhs + op.name;
        static constexpr const char* clause[] = {" addr = ", " valid_row = ", " valid_col = "};
        std::size_t k = 0;
        for (std::size_t s = 0; s < 3; ++s)
          if (op.segments[s]) out_ += clause[s] + a[k++].id;
        out_ += dict + " : " + op.results[0].type;
        return;
      }
      case Syntax::Dps:
        out_ += op.name + " ins(" + join_ids(a, 0, op.n_ins) + " : " + join_types(a, 0, op.n_ins) + ") outs(" +
                join_ids(a, op.n_ins) + " : " + join_types(a, op.n_ins) + ")" + dict;
        return;
      case Syntax::SubviewNew: {
        auto r = static_cast<std::size_t>(op.segments[1]);
        out_ += lhs + op.name + " " + a[0].id + "[" + join_ids(a, 1, 1 + r) + "] sizes [" + int_list(op.sizes) + "]";
        if (op.segments[2]) out_ += " valid [" + join_ids(a, 1 + r) + "]";
        out_ += dict + " : " + a[0].type + " -> " + op.results[0].type;
        return;
      }
      case Syntax::SubsetOld:
        out_ += lhs + op.name + " " + a[0].id + "[" + join_ids(a, 1) + "] sizes [" + int_list(op.sizes) + "]" + dict + " : " +
                a[0].type;
        return;
      case Syntax::ReshapeSsa:
        out_ += lhs + op.name + " " + a[0].id + dict + " : " + a[0].type + " -> " + op.results[0].type;
        return;
      case Syntax::SetValidShape:
        out_ += op.name + " " + join_ids(a) + dict + " : " + a[0].type;
        return;
      case Syntax::ScfFor: {
        const Block& b = op.regions[0].front();
        out_ += lhs + op.name + " " + b.args[0].id + " = " + a[0].id + " to " + a[1].id + " step " + a[2].id;
        if (a.size() > 3) {
          out_ += " iter_args(";
          for (std::size_t i = 3; i < a.size(); ++i) out_ += (i > 3 ? ", " : "") + b.args[i - 2].id + " = " + a[i].id;
          out_ += ") -> (" + join_types(op.results) + ")";
        }
        out_ += " ";
        region(op.regions[0], ind, false, true);
        return;
      }
      case Syntax::ScfIf:
        out_ += lhs + op.name + " " + a[0].id;
        if (!op.results.empty()) out_ += " -> (" + join_types(op.results) + ")";
        out_ += " ";
        region(op.regions[0], ind, false, true);
        if (!op.regions[1].empty()) {
          out_ += " else ";
          region(op.regions[1], ind, false, true);
        }
        return;
      case Syntax::ScfWhile: {
        const Block& before = op.regions[0].front();
        out_ += lhs + op.name + " (";
        for (std::size_t i = 0; i < a.size(); ++i) out_ += (i ? ", " : "") + before.args[i].id + " = " + a[i].id;
        out_ += ") : (" + join_types(a) + ") -> (" + join_types(op.results) + ") ";
        region(op.regions[0], ind, false, false);
        out_ += " do ";
        region(op.regions[1], ind, true, false);
        return;
      }
      case Syntax::ScfYield:
        out_ += op.name;
        if (!a.empty()) out_ += " " + join_ids(a) + " : " + join_types(a);
        return;
      case Syntax::ScfCondition:
        out_ += op.name + "(" + a[0].id + ")";
        if (a.size() > 1) out_ += " " + join_ids(a, 1) + " : " + join_types(a, 1);
        return;
      case Syntax::Return:
        out_ += "return";
        return;
    }
  }

  void generic(const Op& op, const std::string& ind) {
    std::string name = op.syntax == Syntax::Return ? "func.return" : op.name;
    out_ += results_lhs(op) + "\"" + name + "\"(" + join_ids(op.operands) + ")";
    if (!op.regions.empty()) {
      out_ += " (";
      for (std::size_t i = 0; i < op.regions.size(); ++i) {
        if (i) out_ += ", ";
        region(op.regions[i], ind, true, false);
      }
      out_ += ")";
    }
    std::vector<std::pair<std::string, std::string>> attrs;
    if (op.syntax == Syntax::Constant)
      attrs.emplace_back("value", op.word + (op.results[0].type == "i1" ? "" : " : " + op.results[0].type));
    if (op.syntax == Syntax::ArithCompare) attrs.emplace_back("predicate", std::to_string(op.code) + " : i64");
    if (op.syntax == Syntax::SubviewNew || op.syntax == Syntax::SubsetOld)
      attrs.emplace_back("sizes", "array<i64: " + int_list(op.sizes) + ">");
    attrs.insert(attrs.end(), op.attrs.begin(), op.attrs.end());
    if (!op.segments.empty()) {
      std::vector<std::int64_t> segs(op.segments.begin(), op.segments.end());
      attrs.emplace_back("operandSegmentSizes", "array<i32: " + int_list(segs) + ">");
    }
    if (!attrs.empty()) out_ += " " + attr_dict(attrs);
    out_ += " : (" + join_types(op.operands) + ") -> ";
    out_ += op.results.empty() ? "()" : result_types(op);
  }
};

}  // namespace detail

/// The module text of one kernel, in the custom or the generic form.
inline std::string print_module(const Kernel& k, std::string_view arch, const PrintOptions& o) {
  return detail::Printer(o).module(k, arch);
}

}  // namespace ptorw::codegen
