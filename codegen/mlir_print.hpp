// The two printers of the emitter's MLIR model (mlir_ops.hpp): the custom assembly of
// pto_format.md, and MLIR's generic form of the same module (`"pto.tadd"(%a, %b, %c) : (!T, !T, !T)
// -> ()`, `"scf.for"(...) ({...}) : (...) -> ...`), which `mlir-opt-19 --allow-unregistered-dialect`
// parses and verifies (SSA, dominance, regions, builtin/arith/scf/func ops). Both append straight
// into one output string (kernels reach 10^5 ops).
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

using Attrs = std::vector<std::pair<std::string, std::string>>;

class Printer {
 public:
  explicit Printer(const PrintOptions& o) : o_(o) {}

  std::string module(const Kernel& k, std::string_view arch) {
    if (o_.generic) {
      put("\"builtin.module\"() ({\n");
      function(k, 2);
      put("}) {pto.target_arch = \"", arch, "\"} : () -> ()\n");
    } else {
      put("module attributes {pto.target_arch = \"", arch, "\"} {\n");
      function(k, 2);
      put("}\n");
    }
    return std::move(out_);
  }

 private:
  const PrintOptions& o_;
  std::string file_escaped_;  // escaped_file(), made once
  std::string out_;

  template <class... A> void put(const A&... a) { (out_.append(std::string_view(a)), ...); }
  void indent(int n) { out_.append(static_cast<std::size_t>(n), ' '); }
  void ids(const std::vector<Val>& vs, std::size_t from = 0, std::size_t to = std::string::npos) {
    for (std::size_t i = from; i < vs.size() && i < to; ++i) put(i > from ? ", " : "", vs[i].id);
  }
  void types(const std::vector<Val>& vs, std::size_t from = 0, std::size_t to = std::string::npos) {
    for (std::size_t i = from; i < vs.size() && i < to; ++i) put(i > from ? ", " : "", vs[i].type);
  }
  void typed_args(const std::vector<Val>& vs) {  // %a: T, %b: U
    for (std::size_t i = 0; i < vs.size(); ++i) put(i ? ", " : "", vs[i].id, ": ", vs[i].type);
  }
  void dict(const Attrs& attrs) {
    put("{");
    for (std::size_t i = 0; i < attrs.size(); ++i) put(i ? ", " : "", attrs[i].first, " = ", attrs[i].second);
    put("}");
  }
  void trailing_dict(const Op& op) {
    if (op.attrs.empty()) return;
    put(" ");
    dict(op.attrs);
  }
  void ints(const std::vector<std::int64_t>& xs) {
    for (std::size_t i = 0; i < xs.size(); ++i) put(i ? ", " : "", std::to_string(xs[i]));
  }

  void function(const Kernel& k, int ind) {
    if (o_.generic) {
      indent(ind);
      put("\"func.func\"() ({\n");
      if (!k.params.empty()) {
        indent(ind);
        put("^bb0(");
        typed_args(k.params);
        put("):\n");
      }
      ops(k.body, ind + 2);
      indent(ind);
      put("}) ");
      std::string fty = "(";
      for (std::size_t i = 0; i < k.params.size(); ++i) (fty += i ? ", " : "") += k.params[i].type;
      Attrs attrs{{"function_type", fty + ") -> ()"}, {"sym_name", "\"" + k.name + "\""}};
      attrs.insert(attrs.end(), k.attrs.begin(), k.attrs.end());
      dict(attrs);
      put(" : () -> ()\n");
    } else {
      indent(ind);
      put("func.func @", k.name, "(");
      typed_args(k.params);
      put(")");
      if (!k.attrs.empty()) {
        put(" attributes ");
        dict(k.attrs);
      }
      put(" {\n");
      ops(k.body, ind + 2);
      indent(ind);
      put("}\n");
    }
  }

  /// The file name as an MLIR string body: `"` and `\` escaped, other bytes outside printable
  /// ASCII as `\XX` (MLIR's string escapes), so a path like `we"ird.py` still parses.
  const std::string& escaped_file() {
    if (file_escaped_.empty() && !o_.file.empty()) {
      static constexpr char hex[] = "0123456789ABCDEF";
      for (unsigned char ch : o_.file) {
        if (ch == '"' || ch == '\\') file_escaped_ += '\\', file_escaped_ += static_cast<char>(ch);
        else if (ch < 0x20 || ch >= 0x7f) file_escaped_ += '\\', file_escaped_ += hex[ch >> 4], file_escaped_ += hex[ch & 15];
        else file_escaped_ += static_cast<char>(ch);
      }
    }
    return file_escaped_;
  }

  void ops(const std::vector<Op>& list, int ind, std::size_t count = std::string::npos) {
    for (std::size_t i = 0; i < list.size() && i < count; ++i) {
      const Op& op = list[i];
      indent(ind);
      if (o_.generic) generic(op, ind);
      else custom(op, ind);
      if (o_.locations && op.loc.line > 0)
        put(" loc(\"", escaped_file(), "\":", std::to_string(op.loc.line), ":", std::to_string(op.loc.col), ")");
      put("\n");
    }
  }

  void results_lhs(const Op& op) {
    if (op.results.empty()) return;
    if (op.results.size() == 1) put(op.results[0].id, " = ");
    else put(op.result_base, ":", std::to_string(op.results.size()), " = ");
  }

  /// `{` block `}`; `label` prints the block's arguments as `^bb0(...)`.
  void region(const Region& r, int ind, bool label, bool drop_empty_yield) {
    put("{\n");
    if (!r.empty()) {
      const Block& b = r.front();
      if (label && !b.args.empty()) {
        indent(ind);
        put("^bb0(");
        typed_args(b.args);
        put("):\n");
      }
      // The custom forms of scf.for / scf.if supply an empty terminator themselves (MLIR's
      // canonical print omits it); the generic form always spells it.
      bool drop = drop_empty_yield && !b.ops.empty() && b.ops.back().syntax == Syntax::ScfYield && b.ops.back().operands.empty();
      ops(b.ops, ind + 2, drop ? b.ops.size() - 1 : b.ops.size());
    }
    indent(ind);
    put("}");
  }

  void custom(const Op& op, int ind) {
    const auto& a = op.operands;
    results_lhs(op);
    switch (op.syntax) {
      case Syntax::Constant:
        put(op.name, " ", op.word);
        if (op.results[0].type != "i1") put(" : ", op.results[0].type);
        return;
      case Syntax::ArithBinary:
        put(op.name, " ", a[0].id, ", ", a[1].id, " : ", a[0].type);
        return;
      case Syntax::ArithCompare:
        put(op.name, " ", op.word, ", ", a[0].id, ", ", a[1].id, " : ", a[0].type);
        return;
      case Syntax::ArithUnary:
        put(op.name, " ", a[0].id, " : ", a[0].type);
        return;
      case Syntax::ArithCast:
        put(op.name, " ", a[0].id, " : ", a[0].type, " to ", op.results[0].type);
        return;
      case Syntax::MakeTensorView: {
        auto r = static_cast<std::size_t>(op.segments[1]);
        put(op.name, " ", a[0].id, ", shape = [");
        ids(a, 1, 1 + r);
        put("], strides = [");
        ids(a, 1 + r);
        put("]");
        trailing_dict(op);
        put(" : ", op.results[0].type);
        return;
      }
      case Syntax::PartitionView: {
        auto r = static_cast<std::size_t>(op.segments[1]);
        put(op.name, " ", a[0].id, ", offsets = [");
        ids(a, 1, 1 + r);
        put("], sizes = [");
        ids(a, 1 + r);
        put("]");
        trailing_dict(op);
        put(" : ", a[0].type, " -> ", op.results[0].type);
        return;
      }
      case Syntax::AllocTile: {
        put(op.name);
        static constexpr const char* clause[] = {" addr = ", " valid_row = ", " valid_col = "};
        std::size_t k = 0;
        for (std::size_t s = 0; s < 3; ++s)
          if (op.segments[s]) put(clause[s], a[k++].id);
        trailing_dict(op);
        put(" : ", op.results[0].type);
        return;
      }
      case Syntax::Dps:
        put(op.name, " ins(");
        ids(a, 0, op.n_ins);
        put(" : ");
        types(a, 0, op.n_ins);
        put(") outs(");
        ids(a, op.n_ins);
        put(" : ");
        types(a, op.n_ins);
        put(")");
        trailing_dict(op);
        return;
      case Syntax::SubviewNew: {
        auto r = static_cast<std::size_t>(op.segments[1]);
        put(op.name, " ", a[0].id, "[");
        ids(a, 1, 1 + r);
        put("] sizes [");
        ints(op.sizes);
        put("]");
        if (op.segments[2]) {
          put(" valid [");
          ids(a, 1 + r);
          put("]");
        }
        trailing_dict(op);
        put(" : ", a[0].type, " -> ", op.results[0].type);
        return;
      }
      case Syntax::SubsetOld:
        put(op.name, " ", a[0].id, "[");
        ids(a, 1);
        put("] sizes [");
        ints(op.sizes);
        put("]");
        trailing_dict(op);
        put(" : ", a[0].type);
        return;
      case Syntax::ReshapeSsa:
        put(op.name, " ", a[0].id);
        trailing_dict(op);
        put(" : ", a[0].type, " -> ", op.results[0].type);
        return;
      case Syntax::SetValidShape:
        put(op.name, " ");
        ids(a);
        trailing_dict(op);
        put(" : ", a[0].type);
        return;
      case Syntax::ScfFor: {
        const Block& b = op.regions[0].front();
        put(op.name, " ", b.args[0].id, " = ", a[0].id, " to ", a[1].id, " step ", a[2].id);
        if (a.size() > 3) {
          put(" iter_args(");
          for (std::size_t i = 3; i < a.size(); ++i) put(i > 3 ? ", " : "", b.args[i - 2].id, " = ", a[i].id);
          put(") -> (");
          types(op.results);
          put(")");
        }
        put(" ");
        region(op.regions[0], ind, false, true);
        return;
      }
      case Syntax::ScfIf:
        put(op.name, " ", a[0].id);
        if (!op.results.empty()) {
          put(" -> (");
          types(op.results);
          put(")");
        }
        put(" ");
        region(op.regions[0], ind, false, true);
        if (!op.regions[1].empty()) {
          put(" else ");
          region(op.regions[1], ind, false, true);
        }
        return;
      case Syntax::ScfWhile: {
        const Block& before = op.regions[0].front();
        put(op.name, " (");
        for (std::size_t i = 0; i < a.size(); ++i) put(i ? ", " : "", before.args[i].id, " = ", a[i].id);
        put(") : (");
        types(a);
        put(") -> (");
        types(op.results);
        put(") ");
        region(op.regions[0], ind, false, false);
        put(" do ");
        region(op.regions[1], ind, true, false);
        return;
      }
      case Syntax::ScfYield:
        put(op.name);
        if (!a.empty()) {
          put(" ");
          ids(a);
          put(" : ");
          types(a);
        }
        return;
      case Syntax::ScfCondition:
        put(op.name, "(", a[0].id, ")");
        if (a.size() > 1) {
          put(" ");
          ids(a, 1);
          put(" : ");
          types(a, 1);
        }
        return;
      case Syntax::Return:
        put("return");
        return;
    }
  }

  void generic(const Op& op, int ind) {
    results_lhs(op);
    put("\"", op.syntax == Syntax::Return ? std::string_view("func.return") : std::string_view(op.name), "\"(");
    ids(op.operands);
    put(")");
    if (!op.regions.empty()) {
      put(" (");
      for (std::size_t i = 0; i < op.regions.size(); ++i) {
        if (i) put(", ");
        region(op.regions[i], ind, true, false);
      }
      put(")");
    }
    Attrs attrs;
    if (op.syntax == Syntax::Constant)
      attrs.emplace_back("value", op.results[0].type == "i1" ? op.word : op.word + " : " + std::string(op.results[0].type));
    if (op.syntax == Syntax::ArithCompare) attrs.emplace_back("predicate", std::to_string(op.code) + " : i64");
    if (op.syntax == Syntax::SubviewNew || op.syntax == Syntax::SubsetOld) {
      std::string s = "array<i64: ";
      for (std::size_t i = 0; i < op.sizes.size(); ++i) (s += i ? ", " : "") += std::to_string(op.sizes[i]);
      attrs.emplace_back("sizes", s + ">");
    }
    attrs.insert(attrs.end(), op.attrs.begin(), op.attrs.end());
    if (!op.segments.empty()) {
      std::string s = "array<i32: ";
      for (std::size_t i = 0; i < op.segments.size(); ++i) (s += i ? ", " : "") += std::to_string(op.segments[i]);
      attrs.emplace_back("operandSegmentSizes", s + ">");
    }
    if (!attrs.empty()) {
      put(" ");
      dict(attrs);
    }
    put(" : (");
    types(op.operands);
    put(") -> ");
    if (op.results.empty()) {
      put("()");
    } else if (op.results.size() == 1) {
      put(op.results[0].type);
    } else {
      put("(");
      types(op.results);
      put(")");
    }
  }
};

}  // namespace detail

/// The module text of one kernel, in the custom or the generic form.
inline std::string print_module(const Kernel& k, std::string_view arch, const PrintOptions& o) {
  return detail::Printer(o).module(k, arch);
}

}  // namespace ptorw::codegen
