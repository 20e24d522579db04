// The printer writes programs back in the pl DSL (../shared/dsl.md "Printing"): decorators with
// type= and attrs, annotated parameters, every assignment annotated with its type, loops with
// init_values and pl.yield_, canonical `pl.tile.*` / `pl.tensor.*` op names with all positional
// arguments and non-default kwargs. Names are name hints made unique within a function.
// The output parses back to a structurally equal program.
#pragma once
#include <charconv>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/ir.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::text {

class Printer {
 public:
  std::string program(const ir::Program& p) {
    for (const auto& d : p.dyn_dims) out_ += def_name(d) + " = pl.dynamic(\"" + var_name_or(d) + "\")\n";
    if (!p.dyn_dims.empty()) out_ += "\n";
    globals_ = names_;
    out_ += "@pl.program\nclass " + (p.name.empty() ? std::string("Program") : p.name) + ":\n";
    bool first = true;
    for (const auto& f : p.functions) {
      if (!first) out_ += "\n";
      first = false;
      function(*f, 1);
    }
    if (p.functions.empty()) out_ += "    pass\n";
    return std::move(out_);
  }

  void function(const ir::Function& f, int indent) {
    names_ = globals_;
    used_.clear();
    for (auto& [k, v] : names_) used_.insert(v);
    count_uses(f);
    line(indent, decorator(f));
    std::string sig = "def " + f.name + "(self";
    for (const auto& p : f.params) {
      std::string t = type(p.var->type);
      if (p.dir != ir::Direction::In) t = "pl." + std::string(ir::name_of(p.dir)) + "[" + t + "]";
      sig += ", " + def_name(p.var) + ": " + t;
    }
    sig += ")";
    if (f.return_types.size() == 1) sig += " -> " + type(f.return_types[0]);
    else if (f.return_types.size() > 1) sig += " -> " + type(ir::make_type(ir::TupleType{f.return_types}));
    line(indent, sig + ":");
    block(f.body, indent + 1);
  }

  std::string expr(const ir::Expr& e) { return expr_prec(e, 0); }

  std::string type(const ir::Type& t) {
    if (!t) return "pl.Unknown";
    return std::visit([&](const auto& k) -> std::string {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::ScalarType>) return "pl.Scalar[" + dtype(k.dtype) + "]";
      else if constexpr (std::is_same_v<K, ir::TensorType>) {
        std::string s = "pl.Tensor[" + list(k.shape) + ", " + dtype(k.dtype);
        if (k.view) s += ", " + tensor_view(*k.view);
        if (k.memref) s += ", " + memref(*k.memref);
        return s + "]";
      } else if constexpr (std::is_same_v<K, ir::TileType>) {
        std::string s = "pl.Tile[" + list(k.shape) + ", " + dtype(k.dtype);
        if (k.memref) s += ", " + memref(*k.memref);
        if (k.memory) s += ", pl.Mem." + std::string(ir::name_of(*k.memory));
        if (k.view) s += ", " + tile_view(*k.view);
        return s + "]";
      } else if constexpr (std::is_same_v<K, ir::TupleType>) {
        std::string s = "tuple[";
        for (std::size_t i = 0; i < k.elems.size(); ++i) s += (i ? ", " : "") + type(k.elems[i]);
        return s + "]";
      } else if constexpr (std::is_same_v<K, ir::PtrType>) return "pl.Ptr";
      else return "pl.Unknown";
    }, t->kind);
  }

  void stmt(const ir::Stmt& s, int indent) {
    std::visit([&](const auto& k) { stmt_kind(k, indent); }, s->kind);
  }

  std::string take() { return std::move(out_); }

 private:
  // ---- names ----
  static bool is_keyword(std::string_view s) {
    static constexpr std::string_view kw[] = {"and", "as", "assert", "break", "class", "continue", "def", "del", "elif",
        "else", "except", "False", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "None",
        "nonlocal", "not", "or", "pass", "raise", "return", "True", "try", "while", "with", "yield", "pl", "self",
        "min", "max", "tuple"};
    for (auto k : kw) if (k == s) return true;
    return false;
  }
  static std::string sanitize(const std::string& hint) {
    std::string s;
    for (char c : hint) s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "v" + s;
    if (is_keyword(s)) s += "_";
    return s;
  }
  std::string var_name_or(const ir::Expr& e) { return ir::var_name(e).empty() ? "v" : ir::var_name(e); }
  std::string def_name(const ir::Expr& e) {
    if (auto it = names_.find(e.get()); it != names_.end()) return it->second;
    std::string base = sanitize(var_name_or(e)), name = base;
    for (int i = 1; used_.count(name); ++i) name = base + "_" + std::to_string(i);
    used_.insert(name);
    names_.emplace(e.get(), name);
    return name;
  }

  void count_uses(const ir::Function& f) {
    uses_.clear();
    auto fs = [](const ir::Stmt&) {};
    auto fe = [&](const ir::Expr& e) { if (ir::is_var_like(e)) ++uses_[e.get()]; };
    if (f.body) visit::walk(f.body, fs, fe);
  }

  // ---- small pieces ----
  static std::string dtype(ir::DType d) { return "pl." + std::string(ir::name_of(d)); }
  std::string list(const std::vector<ir::Expr>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + expr(v[i]);
    return s + "]";
  }
  std::string memref(const ir::MemRef& m) {
    std::string base = m.base ? expr(m.base) : quote(m.base_name);
    return "pl.MemRef(" + base + ", " + expr(m.offset) + ", " + expr(m.size) + ")";
  }
  std::string tensor_view(const ir::TensorView& v) {
    std::string s = "pl.TensorView(";
    if (!v.stride.empty()) s += "stride=" + list(v.stride) + ", ";
    s += "layout=pl.TensorLayout." + std::string(ir::name_of(v.layout));
    if (!v.valid_shape.empty()) s += ", valid_shape=" + list(v.valid_shape);
    if (v.pad) s += ", pad=pl.PadValue." + std::string(ir::name_of(*v.pad));
    return s + ")";
  }
  std::string tile_view(const ir::TileView& v) {
    std::vector<std::string> parts;
    if (!v.valid_shape.empty()) parts.push_back("valid_shape=" + list(v.valid_shape));
    if (v.blayout) parts.push_back("blayout=pl.TileLayout." + std::string(ir::name_of(*v.blayout)));
    if (v.slayout) parts.push_back("slayout=pl.TileLayout." + std::string(ir::name_of(*v.slayout)));
    if (v.fractal) parts.push_back("fractal=" + std::to_string(*v.fractal));
    if (v.pad) parts.push_back("pad=pl.PadValue." + std::string(ir::name_of(*v.pad)));
    std::string s = "pl.TileView(";
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
    return s + ")";
  }
  static std::string quote(const std::string& s) {
    std::string r = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') r += '\\';
      r += c;
    }
    return r + "\"";
  }
  static std::string float_text(double v) {
    if (std::isinf(v)) return v > 0 ? "1e999" : "-1e999";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
  }
  std::string attr(const ir::AttrValue& v) {
    return std::visit([&](const auto& x) -> std::string {
      using X = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<X, bool>) return x ? "True" : "False";
      else if constexpr (std::is_same_v<X, std::int64_t>) return std::to_string(x);
      else if constexpr (std::is_same_v<X, double>) return float_text(x);
      else if constexpr (std::is_same_v<X, std::string>) return quote(x);
      else if constexpr (std::is_same_v<X, ir::DType>) return dtype(x);
      else if constexpr (std::is_same_v<X, ir::MemSpace>) return "pl.Mem." + std::string(ir::name_of(x));
      else if constexpr (std::is_same_v<X, ir::TensorLayout>) return "pl.TensorLayout." + std::string(ir::name_of(x));
      else if constexpr (std::is_same_v<X, ir::EnumRef>) return x.text;
      else return x ? expr(x) : "None";
    }, v);
  }
  std::string kwargs(const ir::Kwargs& kw, std::string_view skip = {}) {
    std::string s;
    for (const auto& [k, v] : kw) {
      if (k == skip) continue;
      s += ", " + k + "=" + attr(v);
    }
    return s;
  }
  std::string attr_dict(const ir::Kwargs& kw) {
    std::string s = "{";
    for (std::size_t i = 0; i < kw.size(); ++i) s += (i ? ", " : "") + quote(kw[i].first) + ": " + attr(kw[i].second);
    return s + "}";
  }
  std::string decorator(const ir::Function& f) {
    std::vector<std::string> parts;
    if (f.type != ir::FunctionType::Opaque) parts.push_back("type=pl.FunctionType." + std::string(ir::name_of(f.type)));
    if (!f.attrs.empty()) parts.push_back("attrs=" + attr_dict(f.attrs));
    if (f.level) parts.push_back("level=" + f.level->text);
    if (f.role) parts.push_back("role=" + f.role->text);
    if (f.stage != ir::Stage::Tile) parts.push_back("stage=pl.FunctionIRStage." + std::string(ir::name_of(f.stage)));
    if (parts.empty()) return "@pl.function";
    std::string s = "@pl.function(";
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
    return s + ")";
  }

  // ---- expressions ----
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
  std::string args_text(const std::vector<ir::Expr>& args) {
    std::string s;
    for (std::size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + expr(args[i]);
    return s;
  }
  std::string expr_prec(const ir::Expr& e, int ctx) {
    return std::visit([&](const auto& k) -> std::string {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) return def_name(e);
      else if constexpr (std::is_same_v<K, ir::ConstInt>) {
        std::string s = std::to_string(k.value);
        return k.value < 0 && ctx > 7 ? "(" + s + ")" : s;
      } else if constexpr (std::is_same_v<K, ir::ConstFloat>) {
        std::string s = float_text(k.value);
        return s[0] == '-' && ctx > 7 ? "(" + s + ")" : s;
      } else if constexpr (std::is_same_v<K, ir::ConstBool>) return k.value ? "True" : "False";
      else if constexpr (std::is_same_v<K, ir::Binary>) {
        int p = prec(k.op);
        if (p == 9) return std::string(op_text(k.op)) + "(" + expr(k.lhs) + ", " + expr(k.rhs) + ")";
        // Comparisons do not chain: parenthesize a comparison operand of a comparison.
        std::string s = expr_prec(k.lhs, p == 4 ? p + 1 : p) + " " + op_text(k.op) + " " + expr_prec(k.rhs, p + 1);
        return p < ctx ? "(" + s + ")" : s;
      } else if constexpr (std::is_same_v<K, ir::Unary>) {
        if (k.op == ir::UnOp::Cast) return "pl.cast(" + expr(k.operand) + ", target_type=" + dtype(ir::dtype_of(e->type).value_or(ir::DType::INDEX)) + ")";
        std::string s = k.op == ir::UnOp::Neg ? "-" + expr_prec(k.operand, 8) : "not " + expr_prec(k.operand, 3);
        int p = k.op == ir::UnOp::Neg ? 7 : 3;
        return p < ctx ? "(" + s + ")" : s;
      } else if constexpr (std::is_same_v<K, ir::Call>) {
        if (k.kind == ir::CallKind::Function) {
          std::string s = "self." + k.callee + "(" + args_text(k.args) + kwargs(k.kwargs);
          if (!k.attrs.empty()) s += std::string(k.args.empty() && k.kwargs.empty() ? "" : ", ") + "attrs=" + attr_dict(k.attrs);
          return s + ")";
        }
        const ir::OpDef* def = ir::find_op(k.callee);
        std::string lead;
        if (def && !def->leading_kwarg.empty())
          if (auto* v = ir::find_kwarg(k.kwargs, def->leading_kwarg)) lead = attr(*v);
        std::string a = args_text(k.args);
        if (!lead.empty()) a = lead + (a.empty() ? "" : ", " + a);
        std::string kw = kwargs(k.kwargs, def ? def->leading_kwarg : std::string_view{});
        if (a.empty() && !kw.empty()) kw = kw.substr(2);
        return "pl." + k.callee + "(" + a + kw + ")";
      } else if constexpr (std::is_same_v<K, ir::Submit>) {
        std::string s = "pl.submit(self." + k.callee;
        for (const auto& x : k.args) s += ", " + expr(x);
        return s + kwargs(k.kwargs) + ")";
      } else if constexpr (std::is_same_v<K, ir::MakeTuple>) return list(k.elems);
      else return expr_prec(k.tuple, 10) + "[" + std::to_string(k.index) + "]";
    }, e->kind);
  }

  // ---- statements ----
  void line(int indent, const std::string& s) {
    out_.append(static_cast<std::size_t>(indent) * 4, ' ');
    out_ += s;
    out_ += '\n';
  }
  void block(const ir::Stmt& body, int indent) {
    auto stmts = ir::stmts_of(body);
    bool any = false;
    for (std::size_t i = 0; i < stmts.size(); ++i) {
      // Re-sugar `t = call; a = t[0]; b = t[1]` (t used nowhere else) into `a, b = call`.
      if (std::size_t n = unpack_length(stmts, i)) {
        auto* a = ir::stmt_as<ir::Assign>(stmts[i]);
        std::string lhs;
        for (std::size_t j = 1; j <= n; ++j) lhs += (j > 1 ? ", " : "") + def_name(ir::stmt_as<ir::Assign>(stmts[i + j])->var);
        line(indent, lhs + " = " + expr(a->value));
        i += n;
        any = true;
        continue;
      }
      stmt(stmts[i], indent);
      any = true;
    }
    if (!any) line(indent, "pass");
  }
  std::size_t unpack_length(const std::vector<ir::Stmt>& stmts, std::size_t i) {
    auto* a = ir::stmt_as<ir::Assign>(stmts[i]);
    if (!a) return 0;
    auto* tt = ir::type_as<ir::TupleType>(a->var->type);
    if (!tt || tt->elems.empty() || i + tt->elems.size() >= stmts.size()) return 0;
    std::size_t n = tt->elems.size();
    if (uses_[a->var.get()] != 1 + n) return 0;
    for (std::size_t j = 0; j < n; ++j) {
      auto* b = ir::stmt_as<ir::Assign>(stmts[i + 1 + j]);
      auto* g = b ? ir::expr_as<ir::TupleGetItem>(b->value) : nullptr;
      if (!g || g->tuple != a->var || g->index != static_cast<std::int64_t>(j)) return 0;
    }
    return n;
  }
  std::string targets(const std::vector<ir::Expr>& vars) {
    std::string s;
    for (std::size_t i = 0; i < vars.size(); ++i) s += (i ? ", " : "") + def_name(vars[i]);
    return s;
  }
  std::string inits(const std::vector<ir::Expr>& iter_args) {
    std::string s = "(";
    for (std::size_t i = 0; i < iter_args.size(); ++i) {
      auto* ia = ir::expr_as<ir::IterArg>(iter_args[i]);
      s += (i ? ", " : "") + (ia && ia->init ? expr(ia->init) : std::string("None"));
    }
    return s + (iter_args.size() == 1 ? ",)" : ")");
  }
  std::string carried(const std::vector<ir::Expr>& iter_args) {
    return "(" + targets(iter_args) + (iter_args.size() == 1 ? ",)" : ")");
  }

  void stmt_kind(const ir::Assign& a, int indent) {
    std::string v = expr(a.value);
    line(indent, def_name(a.var) + ": " + type(a.var->type) + " = " + v);
  }
  void stmt_kind(const ir::Eval& e, int indent) { line(indent, expr(e.value)); }
  void stmt_kind(const ir::Seq& s, int indent) {
    for (const auto& x : s.stmts) stmt(x, indent);
  }
  void stmt_kind(const ir::Yield& y, int indent) {
    std::string call = "pl.yield_(" + args_text(y.values) + ")";
    const std::vector<ir::Expr>* tg = yield_targets_.empty() ? nullptr : yield_targets_.back();
    if (tg && !tg->empty() && tg->size() == y.values.size()) line(indent, targets(*tg) + " = " + call);
    else line(indent, call);
  }
  void stmt_kind(const ir::Return& r, int indent) {
    line(indent, r.values.empty() ? "return" : "return " + args_text(r.values));
  }
  void stmt_kind(const ir::If& s, int indent) {
    line(indent, "if " + expr(s.cond) + ":");
    // Result names are defined by the If; name them before either arm prints its yield.
    for (const auto& v : s.return_vars) def_name(v);
    yield_targets_.push_back(&s.return_vars);
    block(s.then_body, indent + 1);
    if (s.else_body) {
      line(indent, "else:");
      block(s.else_body, indent + 1);
    }
    yield_targets_.pop_back();
  }
  void stmt_kind(const ir::For& f, int indent) {
    std::string range;
    auto zero = ir::const_int(f.start), one = ir::const_int(f.step);
    if (zero && *zero == 0 && one && *one == 1) range = expr(f.stop);
    else if (one && *one == 1) range = expr(f.start) + ", " + expr(f.stop);
    else range = expr(f.start) + ", " + expr(f.stop) + ", " + expr(f.step);
    std::string head = "for " + def_name(f.loop_var);
    if (!f.iter_args.empty()) {
      head += ", " + carried(f.iter_args);
      range += ", init_values=" + inits(f.iter_args);
    }
    const char* kind = f.kind == ir::ForKind::Parallel ? "parallel" : "range";
    line(indent, head + " in pl." + kind + "(" + range + "):");
    yield_targets_.push_back(&f.return_vars);
    block(f.body, indent + 1);
    yield_targets_.pop_back();
  }
  void stmt_kind(const ir::While& w, int indent) {
    std::string init = inits(w.iter_args);
    line(indent, "for " + carried(w.iter_args) + " in pl.while_(init_values=" + init + "):");
    line(indent + 1, "pl.cond(" + (w.cond ? expr(w.cond) : std::string("True")) + ")");
    yield_targets_.push_back(&w.return_vars);
    block(w.body, indent + 1);
    yield_targets_.pop_back();
  }
  void stmt_kind(const ir::Scope& s, int indent) {
    if (s.kind == ir::ScopeKind::Manual) {
      line(indent, "with pl.manual_scope():");
    } else {
      std::string kw = kwargs(s.attrs);
      line(indent, "with pl.at(" + (kw.empty() ? kw : kw.substr(2)) + "):");
    }
    block(s.body, indent + 1);
  }

  std::string out_;
  std::unordered_map<const ir::ExprNode*, std::string> names_, globals_;
  std::unordered_set<std::string> used_;
  std::unordered_map<const ir::ExprNode*, std::size_t> uses_;
  std::vector<const std::vector<ir::Expr>*> yield_targets_;
};

inline std::string print_program(const ir::Program& p) { return Printer{}.program(p); }
inline std::string print_function(const ir::Function& f) {
  Printer pr;
  pr.function(f, 0);
  return pr.take();
}
inline std::string print_expr(const ir::Expr& e) { return Printer{}.expr(e); }
inline std::string print_type(const ir::Type& t) { return Printer{}.type(t); }
inline std::string print_stmt(const ir::Stmt& s) {
  Printer pr;
  pr.stmt(s, 0);
  return pr.take();
}

}  // namespace ptorw::text
