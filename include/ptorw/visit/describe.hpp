// Renderings of IR pieces for reports: the two sides of an equality mismatch and the types named in
// verifier messages, read like the DSL the user wrote (../shared/dsl.md "Printing").
// A statement or function is shown by its first line (a loop's header, a function's decorator and
// signature): a report names the differing piece, not a whole body.
//
// This spelling is the printer's (text/printer.hpp) for one piece printed on its own — names are
// hints made unique within the piece by the printer's rule (print_names.hpp) — but it is written
// here, below the text layer, so that the verifier and structural equality do not depend on the
// printer (scripts/layers.toml). test/unit/describe_test.cpp checks that the two agree on every
// expression, type, statement and function of the examples and goldens.
//
// Precondition: no null children below the top-level node (the printer's own precondition; the
// parser and builders never produce them). A null top-level node renders as a placeholder.
#pragma once
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/text/python_names.hpp"
#include "ptorw/text/string_literal.hpp"

namespace ptorw::visit {

namespace detail {

/// The printer's spelling of one piece of IR (see the file comment).
class Spelling {
 public:
  explicit Spelling(bool verbatim = false) : verbatim_(verbatim) {}
  std::string out;

  void type(const ir::Type& t) {
    if (!t) { out += "pl.Unknown"; return; }
    std::visit([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::ScalarType>) {
        out += "pl.Scalar[";
        dtype(k.dtype);
        out += ']';
      } else if constexpr (std::is_same_v<K, ir::TensorType>) {
        out += "pl.Tensor[";
        list(k.shape);
        out += ", ";
        dtype(k.dtype);
        if (k.view) { out += ", "; tensor_view(*k.view); }
        if (k.memref) { out += ", "; memref(*k.memref); }
        out += ']';
      } else if constexpr (std::is_same_v<K, ir::TileType>) {
        out += "pl.Tile[";
        list(k.shape);
        out += ", ";
        dtype(k.dtype);
        if (k.memref) { out += ", "; memref(*k.memref); }
        if (k.memory) { out += ", pl.Mem."; out += ir::name_of(*k.memory); }
        if (k.view) { out += ", "; tile_view(*k.view); }
        out += ']';
      } else if constexpr (std::is_same_v<K, ir::BufferType>) {
        out += "pl.Buffer[";
        list(k.shape);
        out += ", ";
        dtype(k.dtype);
        out += ", pl.Mem.";
        out += ir::name_of(k.memory);
        if (k.view) { out += ", "; tile_view(*k.view); }
        out += ']';
      } else if constexpr (std::is_same_v<K, ir::TupleType>) {
        out += "tuple[";
        for (std::size_t i = 0; i < k.elems.size(); ++i) {
          if (i) out += ", ";
          type(k.elems[i]);
        }
        out += ']';
      } else if constexpr (std::is_same_v<K, ir::PtrType>) {
        out += "pl.Ptr";
      } else {
        out += "pl.Unknown";
      }
    }, t->kind);
  }

  void expr(const ir::Expr& e, int ctx) {
    std::visit([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) {
        out += name(e);
      } else if constexpr (std::is_same_v<K, ir::ConstInt>) {
        bool paren = k.value < 0 && ctx > 7;
        if (paren) out += '(';
        integer(k.value);
        if (paren) out += ')';
      } else if constexpr (std::is_same_v<K, ir::ConstFloat>) {
        std::string s = float_text(k.value);
        bool paren = s[0] == '-' && ctx > 7;
        if (paren) out += '(';
        out += s;
        if (paren) out += ')';
      } else if constexpr (std::is_same_v<K, ir::ConstBool>) {
        out += k.value ? "True" : "False";
      } else if constexpr (std::is_same_v<K, ir::Binary>) {
        int p = prec(k.op);
        if (p == 9) {
          out += op_text(k.op);
          out += '(';
          expr(k.lhs, 0);
          out += ", ";
          expr(k.rhs, 0);
          out += ')';
          return;
        }
        bool paren = p < ctx;
        if (paren) out += '(';
        expr(k.lhs, p == 4 ? p + 1 : p);  // comparisons do not chain
        out += ' ';
        out += op_text(k.op);
        out += ' ';
        expr(k.rhs, p + 1);
        if (paren) out += ')';
      } else if constexpr (std::is_same_v<K, ir::Unary>) {
        if (k.op == ir::UnOp::Cast) {
          out += "pl.cast(";
          expr(k.operand, 0);
          out += ", target_type=";
          dtype(ir::dtype_of(e->type).value_or(ir::DType::INDEX));
          out += ')';
          return;
        }
        int p = k.op == ir::UnOp::Neg ? 7 : 3;
        bool paren = p < ctx;
        if (paren) out += '(';
        if (k.op == ir::UnOp::Neg) {
          out += '-';  // a non-negative literal operand is parenthesized: `-(16)`
          const auto* ci = ir::expr_as<ir::ConstInt>(k.operand);
          const auto* cf = ir::expr_as<ir::ConstFloat>(k.operand);
          if ((ci && ci->value >= 0) || (cf && !std::signbit(cf->value))) {
            out += '(';
            expr(k.operand, 0);
            out += ')';
          } else {
            expr(k.operand, 7);
          }
        } else {
          out += "not ";
          expr(k.operand, 3);
        }
        if (paren) out += ')';
      } else if constexpr (std::is_same_v<K, ir::Call>) {
        if (k.kind == ir::CallKind::Function) {
          out += "self.";
          out += k.callee;
          out += '(';
          args(k.args);
          kwargs(k.kwargs, k.args.empty());
          if (!k.attrs.empty()) {
            if (!k.args.empty() || !k.kwargs.empty()) out += ", ";
            out += "attrs=";
            attr_dict(k.attrs);
          }
          out += ')';
          return;
        }
        const ir::OpDef* def = ir::find_op(k.callee);
        out += "pl.";
        out += k.callee;
        out += '(';
        bool first = true;
        std::string_view lead_key = def ? def->leading_kwarg : std::string_view{};
        if (!lead_key.empty())
          if (auto* v = ir::find_kwarg(k.kwargs, lead_key)) {
            attr(*v);
            first = false;
          }
        const std::size_t n_args = def ? ir::meaningful_operands(*def, k.args) : k.args.size();
        for (std::size_t i = 0; i < n_args; ++i) {
          if (!first) out += ", ";
          expr(k.args[i], 0);
          first = false;
        }
        first = kwargs(k.kwargs, first, lead_key, def, &k.args);
        if (!k.attrs.empty()) {  // call attributes, as the printer spells them (docs/dsl.md "Call attributes")
          if (!first) out += ", ";
          out += "attrs=";
          attr_dict(k.attrs);
        }
        out += ')';
      } else if constexpr (std::is_same_v<K, ir::Submit>) {
        out += "pl.submit(self.";
        out += k.callee;
        for (const auto& x : k.args) {
          out += ", ";
          expr(x, 0);
        }
        kwargs(k.kwargs, false);
        out += ')';
      } else if constexpr (std::is_same_v<K, ir::MakeTuple>) {
        list(k.elems);
      } else {
        expr(k.tuple, 10);
        out += '[';
        integer(k.index);
        out += ']';
      }
    }, e->kind);
  }

  void attr(const ir::AttrValue& v) {
    std::visit([&](const auto& x) {
      using X = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<X, bool>) out += x ? "True" : "False";
      else if constexpr (std::is_same_v<X, std::int64_t>) integer(x);
      else if constexpr (std::is_same_v<X, double>) out += float_text(x);
      else if constexpr (std::is_same_v<X, std::string>) text::append_string_literal(out, x);
      else if constexpr (std::is_same_v<X, ir::DType>) dtype(x);
      else if constexpr (std::is_same_v<X, ir::MemSpace>) { out += "pl.Mem."; out += ir::name_of(x); }
      else if constexpr (std::is_same_v<X, ir::TensorLayout>) { out += "pl.TensorLayout."; out += ir::name_of(x); }
      else if constexpr (std::is_same_v<X, ir::EnumRef>) out += x.text;
      else if (x) expr(x, 0);
      else out += "None";
    }, v);
  }

  /// A statement's first printed line, without the line break.
  void stmt_head(const ir::Stmt& s) {
    ir::visit_stmt([&](const auto& k) { head(k); }, s->kind);
  }

  /// `@pl.function(...) def name(self, ...) -> ...` (decorator and signature, one line).
  void function_head(const ir::Function& f) {
    out += "@pl.function";
    const char* sep = "(";
    auto part = [&](const char* label) {
      out += sep;
      out += label;
      sep = ", ";
    };
    if (f.type != ir::FunctionType::Opaque) { part("type=pl.FunctionType."); out += ir::name_of(f.type); }
    if (!f.attrs.empty()) { part("attrs="); attr_dict(f.attrs); }
    if (f.level) { part("level="); out += f.level->text; }
    if (f.role) { part("role="); out += f.role->text; }
    if (f.stage != ir::Stage::Tile) { part("stage=pl.FunctionIRStage."); out += ir::name_of(f.stage); }
    if (*sep == ',') out += ')';
    out += " def ";
    out += f.name;
    out += "(self";
    for (const auto& p : f.params) {
      out += ", ";
      out += name(p.var);
      out += ": ";
      if (p.dir != ir::Direction::In) {
        out += "pl.";
        out += ir::name_of(p.dir);
        out += '[';
        type(p.var->type);
        out += ']';
      } else {
        type(p.var->type);
      }
    }
    out += ')';
    if (f.return_types.size() == 1) {
      out += " -> ";
      type(f.return_types[0]);
    } else if (f.return_types.size() > 1) {
      out += " -> ";
      type(ir::make_type(ir::TupleType{f.return_types}));
    }
  }

 private:
  // ---- names (the printer's rule, print_names.hpp, for one piece) ----
  static bool is_keyword(std::string_view s) { return text::is_reserved_name(s); }  // python_names.hpp
  static bool is_ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
  static bool is_clean(std::string_view s) { return text::is_ascii_identifier(s) && !is_keyword(s); }
  static std::string sanitize(std::string_view hint) {
    std::string s;
    for (char c : hint) s += is_ident_char(c) ? c : '_';
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) s = "v" + s;
    if (is_keyword(s)) s += "_";
    return s;
  }
  const std::string& name(const ir::Expr& e) {
    for (const auto& [node, n] : named_)
      if (node == e.get()) return n;
    const std::string* own = nullptr;
    if (e) {
      if (auto* x = std::get_if<ir::Var>(&e->kind)) own = &x->name;
      else if (auto* y = std::get_if<ir::IterArg>(&e->kind)) own = &y->name;
    }
    if (own && own->empty()) own = nullptr;
    const std::string raw = own ? *own : std::string("v");
    const bool clean = is_clean(raw);
    std::string n = clean ? raw : sanitize(raw);
    if (!(clean && own && verbatim_) && used_.count(n)) {
      const std::string base = n;
      int& k = suffix_[base];
      do n = base + "_" + std::to_string(++k);
      while (used_.count(n));
    }
    used_.insert(n);
    named_.emplace_back(e.get(), std::move(n));
    return named_.back().second;
  }

  // ---- small pieces ----
  void dtype(ir::DType d) {
    out += "pl.";
    out += ir::name_of(d);
  }
  void integer(std::int64_t v) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
  }
  static std::string float_text(double v) {
    if (std::isinf(v)) return v > 0 ? "1e999" : "-1e999";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
  }
  void args(const std::vector<ir::Expr>& v) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) out += ", ";
      expr(v[i], 0);
    }
  }
  void list(const std::vector<ir::Expr>& v) {
    out += '[';
    args(v);
    out += ']';
  }
  void memref(const ir::MemRef& m) {
    out += "pl.MemRef(";
    if (m.base) expr(m.base, 0);
    else text::append_string_literal(out, m.base_name);
    out += ", ";
    expr(m.offset, 0);
    out += ", ";
    expr(m.size, 0);
    out += ')';
  }
  void tensor_view(const ir::TensorView& v) {
    out += "pl.TensorView(";
    if (!v.stride.empty()) {
      out += "stride=";
      list(v.stride);
      out += ", ";
    }
    out += "layout=pl.TensorLayout.";
    out += ir::name_of(v.layout);
    if (!v.valid_shape.empty()) {
      out += ", valid_shape=";
      list(v.valid_shape);
    }
    if (v.pad) {
      out += ", pad=pl.PadValue.";
      out += ir::name_of(*v.pad);
    }
    out += ')';
  }
  void tile_view(const ir::TileView& v) {
    out += "pl.TileView(";
    const char* sep = "";
    auto field = [&](const char* label) {
      out += sep;
      out += label;
      out += '=';
      sep = ", ";
    };
    if (!v.valid_shape.empty()) { field("valid_shape"); list(v.valid_shape); }
    if (v.blayout) { field("blayout"); out += "pl.TileLayout."; out += ir::name_of(*v.blayout); }
    if (v.slayout) { field("slayout"); out += "pl.TileLayout."; out += ir::name_of(*v.slayout); }
    if (v.fractal) { field("fractal"); integer(*v.fractal); }
    if (v.pad) { field("pad"); out += "pl.PadValue."; out += ir::name_of(*v.pad); }
    out += ')';
  }
  /// Returns whether nothing has been spelled in the argument list yet (`first` after the kwargs).
  bool kwargs(const ir::Kwargs& kw, bool first, std::string_view skip = {}, const ir::OpDef* def = nullptr,
              const std::vector<ir::Expr>* call_args = nullptr) {
    for (const auto& [k, v] : kw) {
      if (k == skip) continue;
      if (def && !def->defaults.empty() && ir::is_default_kwarg(*def, k, v, *call_args)) continue;
      if (!first) out += ", ";
      first = false;
      out += k;
      out += '=';
      attr(v);
    }
    return first;
  }
  void attr_dict(const ir::Kwargs& kw) {
    out += '{';
    for (std::size_t i = 0; i < kw.size(); ++i) {
      if (i) out += ", ";
      text::append_string_literal(out, kw[i].first);
      out += ": ";
      attr(kw[i].second);
    }
    out += '}';
  }
  static int prec(ir::BinOp op) {
    switch (op) {
      case ir::BinOp::Or: return 1;
      case ir::BinOp::And: return 2;
      case ir::BinOp::Lt: case ir::BinOp::Le: case ir::BinOp::Gt: case ir::BinOp::Ge:
      case ir::BinOp::Eq: case ir::BinOp::Ne: return 4;
      case ir::BinOp::Add: case ir::BinOp::Sub: return 5;
      case ir::BinOp::Min: case ir::BinOp::Max: return 9;
      default: return 6;
    }
  }
  static const char* op_text(ir::BinOp op) {
    static constexpr const char* t[] = {"+", "-", "*", "//", "%", "/", "min", "max", "<", "<=", ">", ">=", "==", "!=", "and", "or"};
    return t[static_cast<int>(op)];
  }

  // ---- statement heads (the printer's first line of each statement kind) ----
  void names(const std::vector<ir::Expr>& vars) {
    for (std::size_t i = 0; i < vars.size(); ++i) {
      if (i) out += ", ";
      out += name(vars[i]);
    }
  }
  void inits(const std::vector<ir::Expr>& iter_args) {
    out += '(';
    for (std::size_t i = 0; i < iter_args.size(); ++i) {
      if (i) out += ", ";
      auto* ia = ir::expr_as<ir::IterArg>(iter_args[i]);
      if (ia && ia->init) expr(ia->init, 0);
      else out += "None";
    }
    out += iter_args.size() == 1 ? ",)" : ")";
  }
  void carried(const std::vector<ir::Expr>& iter_args) {
    out += '(';
    names(iter_args);
    out += iter_args.size() == 1 ? ",)" : ")";
  }
  void head(const ir::Assign& a) {
    out += name(a.var);
    out += ": ";
    type(a.var->type);
    out += " = ";
    expr(a.value, 0);
  }
  void head(const ir::Eval& e) { expr(e.value, 0); }
  void head(const ir::Seq& s) {  // the first statement that prints a line (empty sequences print none)
    for (const auto& x : s.stmts) {
      if (auto* q = ir::stmt_as<ir::Seq>(x); q && prints_nothing(*q)) continue;
      stmt_head(x);
      return;
    }
  }
  static bool prints_nothing(const ir::Seq& s) {
    for (const auto& x : s.stmts) {
      auto* q = ir::stmt_as<ir::Seq>(x);
      if (!q || !prints_nothing(*q)) return false;
    }
    return true;
  }
  void head(const ir::Yield& y) {
    out += "pl.yield_(";
    args(y.values);
    out += ')';
  }
  void head(const ir::Return& r) {
    out += "return";
    if (!r.values.empty()) {
      out += ' ';
      args(r.values);
    }
  }
  void head(const ir::If& s) {
    out += "if ";
    expr(s.cond, 0);
    out += ':';
  }
  void head(const ir::For& f) {
    out += "for ";
    out += name(f.loop_var);
    if (!f.iter_args.empty()) {
      out += ", ";
      carried(f.iter_args);
    }
    out += f.kind == ir::ForKind::Parallel ? " in pl.parallel(" : " in pl.range(";
    auto zero = ir::const_int(f.start), one = ir::const_int(f.step);
    if (!(zero && *zero == 0 && one && *one == 1)) {
      expr(f.start, 0);
      out += ", ";
    }
    expr(f.stop, 0);
    if (!(one && *one == 1)) {
      out += ", ";
      expr(f.step, 0);
    }
    if (!f.iter_args.empty()) {
      out += ", init_values=";
      inits(f.iter_args);
    }
    out += "):";
  }
  void head(const ir::While& w) {
    out += "for ";
    carried(w.iter_args);
    out += " in pl.while_(init_values=";
    inits(w.iter_args);
    out += "):";
  }
  void head(const ir::Scope& s) {
    if (s.kind == ir::ScopeKind::Manual) {
      out += "with pl.manual_scope():";
    } else {
      out += "with pl.at(";
      kwargs(s.attrs, true);
      out += "):";
    }
  }

  bool verbatim_;  // a function read by names (ir::NameBinding::Text): hints print as written
  std::vector<std::pair<const void*, std::string>> named_;  // few per piece: a list is enough
  std::unordered_set<std::string> used_;
  std::unordered_map<std::string, int> suffix_;
};

template <class E> std::string enum_text(E e) {
  return std::string(ir::EnumInfo<E>::prefix) + std::string(ir::name_of(e));
}
}  // namespace detail

inline std::string describe(const ir::Expr& e) {
  if (!e) return "<none>";
  detail::Spelling s;
  s.expr(e, 0);
  return std::move(s.out);
}
inline std::string describe(const ir::Type& t) {
  if (!t) return "<no type>";
  detail::Spelling s;
  s.type(t);
  return std::move(s.out);
}
inline std::string describe(const ir::Stmt& st) {
  if (!st) return "<no statement>";
  detail::Spelling s;
  s.stmt_head(st);
  return std::move(s.out);
}

/// Decorator and signature, e.g. `@pl.function(type=pl.FunctionType.InCore) def k(self, a: ...) -> ...`.
inline std::string describe(const ir::Function& f) {
  detail::Spelling s(f.names == ir::NameBinding::Text);
  s.function_head(f);
  return std::move(s.out);
}

/// A kwarg or attr value as written after `key=`.
inline std::string describe(const ir::AttrValue& v) {
  return std::visit([](const auto& x) -> std::string {
    using T = std::decay_t<decltype(x)>;
    if constexpr (std::is_same_v<T, bool>) return x ? "True" : "False";
    else if constexpr (std::is_same_v<T, std::int64_t>) return std::to_string(x);
    else if constexpr (std::is_same_v<T, double>) return describe(ir::make_float(x));
    else if constexpr (std::is_same_v<T, std::string>) return "\"" + x + "\"";
    else if constexpr (std::is_same_v<T, ir::EnumRef>) return x.text;
    else if constexpr (std::is_same_v<T, ir::Expr>) return describe(x);
    else return detail::enum_text(x);
  }, v);
}

/// Comma-separated renderings of a list of expressions (yield values, definitions).
inline std::string describe_list(const std::vector<ir::Expr>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + describe(v[i]);
  return out;
}

}  // namespace ptorw::visit
