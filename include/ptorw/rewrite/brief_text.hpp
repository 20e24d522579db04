// A compact Python-like rendering of IR for traces and remarks, so the rewrite core needs no
// printer. It is a debugging aid, not the DSL printer (ptorw/text): it does not round-trip, types
// are omitted, and a caller that has the real printer passes it through TextHooks instead.
#pragma once
#include <string>

#include "ptorw/ir/function.hpp"

namespace ptorw::rewrite::brief {

inline std::string expr(const ir::Expr& e);

namespace detail {
inline const char* binop(ir::BinOp op) {
  constexpr const char* s[] = {"+", "-", "*", "//", "%", "/", "min", "max", "<", "<=", ">", ">=", "==", "!=", "and", "or"};
  return s[static_cast<int>(op)];
}
inline std::string list(const std::vector<ir::Expr>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + expr(v[i]);
  return out;
}
inline std::string kwargs(const ir::Kwargs& kw) {
  std::string out;
  for (const auto& [k, v] : kw) {
    out += ", " + k + "=";
    std::visit([&](const auto& x) {
      using X = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<X, bool>) out += x ? "True" : "False";
      else if constexpr (std::is_same_v<X, std::int64_t> || std::is_same_v<X, double>) out += std::to_string(x);
      else if constexpr (std::is_same_v<X, std::string>) out += "\"" + x + "\"";
      else if constexpr (std::is_same_v<X, ir::EnumRef>) out += x.text;
      else if constexpr (std::is_same_v<X, ir::Expr>) out += expr(x);
      else out += std::string(ir::EnumInfo<X>::prefix) + std::string(ir::name_of(x));
    }, v);
  }
  return out;
}
}  // namespace detail

inline std::string expr(const ir::Expr& e) {
  if (!e) return "<null>";
  return std::visit([&](const auto& k) -> std::string {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) return k.name;
    else if constexpr (std::is_same_v<K, ir::ConstInt>) return std::to_string(k.value);
    else if constexpr (std::is_same_v<K, ir::ConstFloat>) return std::to_string(k.value);
    else if constexpr (std::is_same_v<K, ir::ConstBool>) return k.value ? "True" : "False";
    else if constexpr (std::is_same_v<K, ir::Binary>) {
      if (k.op == ir::BinOp::Min || k.op == ir::BinOp::Max)
        return std::string(detail::binop(k.op)) + "(" + expr(k.lhs) + ", " + expr(k.rhs) + ")";
      return "(" + expr(k.lhs) + " " + detail::binop(k.op) + " " + expr(k.rhs) + ")";
    } else if constexpr (std::is_same_v<K, ir::Unary>) {
      constexpr const char* s[] = {"-", "not ", "cast "};
      return s[static_cast<int>(k.op)] + expr(k.operand);
    } else if constexpr (std::is_same_v<K, ir::Call>) {
      std::string callee = k.kind == ir::CallKind::Op ? "pl." + k.callee : "self." + k.callee;
      return callee + "(" + detail::list(k.args) + detail::kwargs(k.kwargs) + ")";
    } else if constexpr (std::is_same_v<K, ir::Submit>) {
      return "pl.submit(self." + k.callee + (k.args.empty() ? "" : ", ") + detail::list(k.args) +
             detail::kwargs(k.kwargs) + ")";
    } else if constexpr (std::is_same_v<K, ir::MakeTuple>) {
      return "[" + detail::list(k.elems) + "]";
    } else if constexpr (std::is_same_v<K, ir::TupleGetItem>) {
      return expr(k.tuple) + "[" + std::to_string(k.index) + "]";
    } else {
      return "<expr>";
    }
  }, e->kind);
}

/// Statements, one per line, indented by nesting.
inline void stmt(const ir::Stmt& s, std::string& out, int depth = 0) {
  const std::string pad(static_cast<std::size_t>(depth) * 4, ' ');
  if (!s) { out += pad + "<erased>\n"; return; }
  ir::visit_stmt([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Assign>) out += pad + expr(k.var) + " = " + expr(k.value) + "\n";
    else if constexpr (std::is_same_v<K, ir::Eval>) out += pad + expr(k.value) + "\n";
    else if constexpr (std::is_same_v<K, ir::Seq>) {
      if (k.stmts.empty()) out += pad + "pass\n";
      for (const auto& c : k.stmts) stmt(c, out, depth);
    } else if constexpr (std::is_same_v<K, ir::If>) {
      out += pad + "if " + expr(k.cond) + ":\n";
      stmt(k.then_body, out, depth + 1);
      if (k.else_body) { out += pad + "else:\n"; stmt(k.else_body, out, depth + 1); }
    } else if constexpr (std::is_same_v<K, ir::For>) {
      out += pad + "for " + expr(k.loop_var) + " in pl." + std::string(ir::name_of(k.kind)) + "(" + expr(k.start) +
             ", " + expr(k.stop) + ", " + expr(k.step) + "):\n";
      stmt(k.body, out, depth + 1);
    } else if constexpr (std::is_same_v<K, ir::While>) {
      out += pad + "while " + expr(k.cond) + ":\n";
      stmt(k.body, out, depth + 1);
    } else if constexpr (std::is_same_v<K, ir::Yield>) out += pad + "pl.yield_(" + detail::list(k.values) + ")\n";
    else if constexpr (std::is_same_v<K, ir::Return>) out += pad + "return " + detail::list(k.values) + "\n";
    else if constexpr (std::is_same_v<K, ir::Scope>) {
      out += pad + "with pl." + std::string(ir::name_of(k.kind)) + "(...):\n";
      stmt(k.body, out, depth + 1);
    }
  }, s->kind);
}
inline std::string stmt(const ir::Stmt& s) {
  std::string out;
  stmt(s, out);
  return out;
}

inline std::string function(const ir::Function& f) {
  std::string out = "def " + f.name + "(";
  for (std::size_t i = 0; i < f.params.size(); ++i) out += (i ? ", " : "") + expr(f.params[i].var);
  out += "):\n";
  stmt(f.body, out, 1);
  return out;
}

}  // namespace ptorw::rewrite::brief
