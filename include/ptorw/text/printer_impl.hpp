// Implementation of the entry points declared in printer.hpp, which includes this file after its
// declarations where entry bodies are compiled (ptorw/entry.hpp); never included directly.
#pragma once
#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <deque>

#include "ptorw/ir.hpp"
#include "ptorw/text/print_names.hpp"
#include "ptorw/text/string_literal.hpp"
#include "ptorw/text/text_out.hpp"
#include "ptorw/visit/prefetch_stmt.hpp"
#include "ptorw/visit/ptr_map.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::text {

class Printer {
 public:
  std::string program(const ir::Program& p) {
    for (const auto& d : p.dyn_dims) {
      out_ += names_.def_name(d);
      out_ += " = pl.dynamic(\"";
      out_ += PrintNames::var_name_or(d);
      out_ += "\")\n";
    }
    if (!p.dyn_dims.empty()) out_ += "\n";
    for (const auto& d : p.dyn_dims) globals_.emplace_back(d.get(), std::string(names_.def_name(d)));
    out_ += "@pl.program\nclass ";
    out_ += p.name.empty() ? std::string_view("Program") : std::string_view(p.name);
    out_ += ":\n";
    // The text grows as it is written (TextOut). Sizing it (and the name table) from a statement
    // count was tried: the counting walk costs about what the saved page faults do (bench/README.md).
    bool first = true;
    for (const auto& f : p.functions) {
      if (!first) out_ += "\n";
      first = false;
      function(*f, 1);
    }
    if (p.functions.empty()) out_ += "    pass\n";
    return out_.take();
  }

  /// The symbolic dims as `f` sees them. A parameter named like a dim (`def k(self, M:
  /// pl.Scalar[pl.INDEX], x: pl.Tensor[[M, 128], ...])`) shadows it, as in Python: the parser binds
  /// `M` in that function to the parameter, so the parameter keeps its name as long as the function
  /// never refers to the global dim after the parameter binds it — the types of the parameters
  /// before it may (`def k(self, A: pl.Tensor[[M, 32], ...], M: pl.Scalar[pl.INDEX], ...)`: A's dim
  /// is the global, printed `M` there, and the parameter prints `M` too; `keep_names_`). Renaming
  /// it (M_1) would cut the tie of a dim to the scalar parameter of its name, which the interpreter,
  /// selection and the emitter read (37th session's review: the printed program ran with another
  /// extent). Only a later reference to the global renames the parameter, as before.
  const std::vector<std::pair<const ir::ExprNode*, std::string>>& visible_globals(const ir::Function& f) {
    keep_names_.clear();
    bool clash = false;
    for (const auto& p : f.params)
      for (const auto& g : globals_) clash = clash || (p.var && PrintNames::var_name_or(p.var) == g.second);
    if (!clash) return globals_;
    shadowed_globals_.clear();
    for (const auto& g : globals_) {
      std::size_t named = f.params.size();
      for (std::size_t i = 0; i < f.params.size() && named == f.params.size(); ++i)
        if (f.params[i].var && PrintNames::var_name_or(f.params[i].var) == g.second) named = i;
      if (named == f.params.size()) {
        shadowed_globals_.push_back(g);
      } else if (refers_to(f, g.first)) {
        shadowed_globals_.push_back(g);
        if (!printed_from(f, g.first, named)) keep_names_.push_back(f.params[named].var);
      }
    }
    return shadowed_globals_;
  }
  /// Whether the printed text of `f` names `node` from parameter `first` on: in that parameter's
  /// type or a later one's, a return type, an expression of the body, or an assignment's annotation
  /// (a variable's use prints its name, not its type). Over-approximates (an annotation the printer
  /// omits counts), which only renames.
  static bool printed_from(const ir::Function& f, const ir::ExprNode* node, std::size_t first) {
    auto is_node = [&](const ir::Expr& x) { return x.get() == node; };
    bool found = false;
    for (std::size_t i = first; i < f.params.size(); ++i)
      found = found || (f.params[i].var && visit::type_mentions(f.params[i].var->type, is_node));
    for (const auto& t : f.return_types) found = found || visit::type_mentions(t, is_node);
    auto on_expr = [&](const ir::Expr& e) { found = found || is_node(e); };
    auto on_stmt = [&](const ir::Stmt& st) {
      if (auto* a = ir::stmt_as<ir::Assign>(st)) found = found || (a->var && visit::type_mentions(a->var->type, is_node));
    };
    if (!found && f.body) visit::walk(f.body, on_stmt, on_expr);
    return found;
  }
  /// Whether `node` is used anywhere in `f`: its statements, expressions and every type in it.
  static bool refers_to(const ir::Function& f, const ir::ExprNode* node) {
    auto is_node = [&](const ir::Expr& x) { return x.get() == node; };
    bool found = false;
    auto on_expr = [&](const ir::Expr& e) { found = found || is_node(e) || visit::type_mentions(e->type, is_node); };
    auto on_stmt = [](const ir::Stmt&) {};
    for (const auto& p : f.params)
      if (p.var) on_expr(p.var);
    for (const auto& t : f.return_types) found = found || visit::type_mentions(t, is_node);
    if (!found && f.body) visit::walk(f.body, on_stmt, on_expr);
    return found;
  }

  void function(const ir::Function& f, int indent) {
    names_.begin_function(visible_globals(f), f.names == ir::NameBinding::Text);
    for (const auto& v : keep_names_) names_.keep_own_name(v);
    closed_headers_.clear();
    type_index_ = visit::PtrMap<std::uint32_t>{};
    type_text_.clear();
    uses_.clear();
    fn_ = &f;
    uses_counted_ = false;
    pad(indent);
    decorator(f);
    out_ += '\n';
    pad(indent);
    out_ += "def ";
    out_ += f.name;
    out_ += "(self";
    for (const auto& p : f.params) {
      out_ += ", ";
      out_ += names_.def_name(p.var);
      out_ += ": ";
      if (p.dir != ir::Direction::In) {
        out_ += "pl.";
        out_ += ir::name_of(p.dir);
        out_ += '[';
        put_type(p.var->type);
        out_ += ']';
      } else {
        put_type(p.var->type);
      }
    }
    out_ += ')';
    if (f.return_types.size() == 1) {
      out_ += " -> ";
      put_type(f.return_types[0]);
    } else if (f.return_types.size() > 1) {
      out_ += " -> ";
      put_type(ir::make_type(ir::TupleType{f.return_types}));
    }
    out_ += ":\n";
    block(f.body, indent + 1);
  }

  std::string expr(const ir::Expr& e) { return capture([&] { put_expr(e, 0); }); }
  std::string type(const ir::Type& t) { return capture([&] { put_type(t); }); }
  void stmt(const ir::Stmt& s, int indent) {
    ir::visit_stmt([&](const auto& k) { stmt_kind(k, indent); }, s->kind);
  }
  std::string take() { return out_.take(); }

 private:
  struct OpMemo {
    std::string_view name;
    const ir::OpDef* def = nullptr;
  };

  template <class F> std::string capture(F&& f) {
    TextOut saved = std::move(out_);
    f();
    std::string r = out_.take();
    out_ = std::move(saved);
    return r;
  }

  /// Counts occurrences of tuple-typed variables (for re-sugaring unpacking). Done on the first
  /// tuple-typed assignment of a function only: most functions have none, and the walk would
  /// touch the whole body once more.
  void count_uses() {
    uses_counted_ = true;
    uses_.clear();
    if (!fn_ || !fn_->body) return;
    auto fs = [](const ir::Stmt&) {};
    auto fe = [&](const ir::Expr& e) {
      if (ir::is_var_like(e) && ir::type_as<ir::TupleType>(e->type)) ++uses_[e.get()];
    };
    visit::walk(fn_->body, fs, fe);
  }

  // ---- small pieces ----
  void pad(int indent) { out_.fill(static_cast<std::size_t>(indent) * 4, ' '); }
  void put_dtype(ir::DType d) {
    out_ += "pl.";
    out_ += ir::name_of(d);
  }
  void put_list(const std::vector<ir::Expr>& v) {
    out_ += '[';
    put_args(v);
    out_ += ']';
  }
  void put_args(const std::vector<ir::Expr>& v) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) out_ += ", ";
      put_expr(v[i], 0);
    }
  }
  void put_memref(const ir::MemRef& m) {
    out_ += "pl.MemRef(";
    if (m.base) put_expr(m.base, 0);
    else put_quoted(m.base_name);
    out_ += ", ";
    put_expr(m.offset, 0);
    out_ += ", ";
    put_expr(m.size, 0);
    out_ += ')';
  }
  void put_tensor_view(const ir::TensorView& v) {
    out_ += "pl.TensorView(";
    if (!v.stride.empty()) {
      out_ += "stride=";
      put_list(v.stride);
      out_ += ", ";
    }
    out_ += "layout=pl.TensorLayout.";
    out_ += ir::name_of(v.layout);
    if (!v.valid_shape.empty()) {
      out_ += ", valid_shape=";
      put_list(v.valid_shape);
    }
    if (v.pad) {
      out_ += ", pad=pl.PadValue.";
      out_ += ir::name_of(*v.pad);
    }
    out_ += ')';
  }
  void put_tile_view(const ir::TileView& v) {
    out_ += "pl.TileView(";
    const char* sep = "";
    auto field = [&](const char* name) {
      out_ += sep;
      out_ += name;
      out_ += '=';
      sep = ", ";
    };
    if (!v.valid_shape.empty()) { field("valid_shape"); put_list(v.valid_shape); }
    if (v.blayout) { field("blayout"); out_ += "pl.TileLayout."; out_ += ir::name_of(*v.blayout); }
    if (v.slayout) { field("slayout"); out_ += "pl.TileLayout."; out_ += ir::name_of(*v.slayout); }
    if (v.fractal) { field("fractal"); put_int(*v.fractal); }
    if (v.pad) { field("pad"); out_ += "pl.PadValue."; out_ += ir::name_of(*v.pad); }
    out_ += ')';
  }
  /// Types repeat (interned by the parser, shared by passes): print each node once per function.
  void put_type(const ir::Type& t) {
    if (!t) { out_ += "pl.Unknown"; return; }
    if (const std::uint32_t* i = type_index_.find(t.get())) { out_ += type_text_[*i]; return; }
    std::size_t start = out_.size();
    put_type_uncached(t);
    type_text_.emplace_back(out_.since(start));
    type_index_.try_emplace(t.get(), static_cast<std::uint32_t>(type_text_.size() - 1));
  }
  void put_type_uncached(const ir::Type& t) {
    std::visit([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::ScalarType>) {
        out_ += "pl.Scalar[";
        put_dtype(k.dtype);
        out_ += ']';
      } else if constexpr (std::is_same_v<K, ir::TensorType>) {
        out_ += "pl.Tensor[";
        put_list(k.shape);
        out_ += ", ";
        put_dtype(k.dtype);
        if (k.view) { out_ += ", "; put_tensor_view(*k.view); }
        if (k.memref) { out_ += ", "; put_memref(*k.memref); }
        out_ += ']';
      } else if constexpr (std::is_same_v<K, ir::TileType>) {
        out_ += "pl.Tile[";
        put_list(k.shape);
        out_ += ", ";
        put_dtype(k.dtype);
        if (k.memref) { out_ += ", "; put_memref(*k.memref); }
        if (k.memory) { out_ += ", pl.Mem."; out_ += ir::name_of(*k.memory); }
        if (k.view) { out_ += ", "; put_tile_view(*k.view); }
        out_ += ']';
      } else if constexpr (std::is_same_v<K, ir::BufferType>) {
        out_ += "pl.Buffer[";
        put_list(k.shape);
        out_ += ", ";
        put_dtype(k.dtype);
        out_ += ", pl.Mem.";
        out_ += ir::name_of(k.memory);
        if (k.view) { out_ += ", "; put_tile_view(*k.view); }
        out_ += ']';
      } else if constexpr (std::is_same_v<K, ir::TupleType>) {
        out_ += "tuple[";
        for (std::size_t i = 0; i < k.elems.size(); ++i) {
          if (i) out_ += ", ";
          put_type(k.elems[i]);
        }
        out_ += ']';
      } else if constexpr (std::is_same_v<K, ir::PtrType>) {
        out_ += "pl.Ptr";
      } else {
        out_ += "pl.Unknown";
      }
    }, t->kind);
  }
  void put_quoted(const std::string& s) {
    std::string q;  // rare (attribute strings, MemRef base names): through a std::string
    append_string_literal(q, s);
    out_ += q;
  }
  void put_int(std::int64_t v) {
    char* p = out_.reserve(24);
    out_.advance(std::to_chars(p, p + 24, v).ptr);
  }
  static std::string float_text(double v) {
    if (std::isinf(v)) return v > 0 ? "1e999" : "-1e999";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
  }
  void put_attr(const ir::AttrValue& v) {
    std::visit([&](const auto& x) {
      using X = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<X, bool>) out_ += x ? "True" : "False";
      else if constexpr (std::is_same_v<X, std::int64_t>) put_int(x);
      else if constexpr (std::is_same_v<X, double>) out_ += float_text(x);
      else if constexpr (std::is_same_v<X, std::string>) put_quoted(x);
      else if constexpr (std::is_same_v<X, ir::DType>) put_dtype(x);
      else if constexpr (std::is_same_v<X, ir::MemSpace>) { out_ += "pl.Mem."; out_ += ir::name_of(x); }
      else if constexpr (std::is_same_v<X, ir::TensorLayout>) { out_ += "pl.TensorLayout."; out_ += ir::name_of(x); }
      else if constexpr (std::is_same_v<X, ir::EnumRef>) out_ += x.text;
      else if (x) put_expr(x, 0);
      else out_ += "None";
    }, v);
  }
  /// Writes `k=v` pairs, each preceded by ", " unless it is the first item of the argument list.
  /// `def`/`result`: an op call's kwargs at their documented default are not printed (the parser
  /// drops them too: one canonical form).
  /// Returns whether nothing has been printed in the argument list yet (`first` after the kwargs).
  bool put_kwargs(const ir::Kwargs& kw, bool first, std::string_view skip = {}, const ir::OpDef* def = nullptr,
                  const std::vector<ir::Expr>* args = nullptr) {
    for (const auto& [k, v] : kw) {
      if (k == skip) continue;
      if (def && !def->defaults.empty() && ir::is_default_kwarg(*def, k, v, *args)) continue;
      if (!first) out_ += ", ";
      first = false;
      out_ += k;
      out_ += '=';
      put_attr(v);
    }
    return first;
  }
  void put_attr_dict(const ir::Kwargs& kw) {
    out_ += '{';
    for (std::size_t i = 0; i < kw.size(); ++i) {
      if (i) out_ += ", ";
      put_quoted(kw[i].first);
      out_ += ": ";
      put_attr(kw[i].second);
    }
    out_ += '}';
  }
  void decorator(const ir::Function& f) {
    out_ += "@pl.function";
    const char* sep = "(";
    auto part = [&](const char* name) {
      out_ += sep;
      out_ += name;
      sep = ", ";
    };
    if (f.type != ir::FunctionType::Opaque) { part("type=pl.FunctionType."); out_ += ir::name_of(f.type); }
    if (!f.attrs.empty()) { part("attrs="); put_attr_dict(f.attrs); }
    if (f.level) { part("level="); out_ += f.level->text; }
    if (f.role) { part("role="); out_ += f.role->text; }
    if (f.stage != ir::Stage::Tile) { part("stage=pl.FunctionIRStage."); out_ += ir::name_of(f.stage); }
    if (*sep == ',') out_ += ')';
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
  void put_expr(const ir::Expr& e, int ctx) {
    // A variable whose name is memoized is printed without loading its node (a cache miss on a
    // large program): the visit below would print the same def_name.
    if (std::string_view name; names_.known(e.get(), name)) {
      out_ += name;
      return;
    }
    std::visit([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) {
        out_ += names_.def_name(e);
      } else if constexpr (std::is_same_v<K, ir::ConstInt>) {
        bool paren = k.value < 0 && ctx > 7;
        if (paren) out_ += '(';
        put_int(k.value);
        if (paren) out_ += ')';
      } else if constexpr (std::is_same_v<K, ir::ConstFloat>) {
        std::string s = float_text(k.value);
        bool paren = s[0] == '-' && ctx > 7;
        if (paren) out_ += '(';
        out_ += s;
        if (paren) out_ += ')';
      } else if constexpr (std::is_same_v<K, ir::ConstBool>) {
        out_ += k.value ? "True" : "False";
      } else if constexpr (std::is_same_v<K, ir::Binary>) {
        int p = prec(k.op);
        if (p == 9) {
          out_ += op_text(k.op);
          out_ += '(';
          put_expr(k.lhs, 0);
          out_ += ", ";
          put_expr(k.rhs, 0);
          out_ += ')';
          return;
        }
        bool paren = p < ctx;
        if (paren) out_ += '(';
        // Comparisons do not chain: parenthesize a comparison operand of a comparison.
        put_expr(k.lhs, p == 4 ? p + 1 : p);
        out_ += ' ';
        out_ += op_text(k.op);
        out_ += ' ';
        put_expr(k.rhs, p + 1);
        if (paren) out_ += ')';
      } else if constexpr (std::is_same_v<K, ir::Unary>) {
        if (k.op == ir::UnOp::Cast) {
          out_ += "pl.cast(";
          put_expr(k.operand, 0);
          out_ += ", target_type=";
          put_dtype(ir::dtype_of(e->type).value_or(ir::DType::INDEX));
          out_ += ')';
          return;
        }
        int p = k.op == ir::UnOp::Neg ? 7 : 3;
        bool paren = p < ctx;
        if (paren) out_ += '(';
        if (k.op == ir::UnOp::Neg) {
          // `-` followed by a literal reads as one negative constant (Parser::parse_unary), so a
          // non-negative literal operand is parenthesized: `-(16)`. A negative literal or another
          // negation follows directly (`--16`, `--n`): chains never print deeper than they parse.
          out_ += '-';
          const auto* ci = ir::expr_as<ir::ConstInt>(k.operand);
          const auto* cf = ir::expr_as<ir::ConstFloat>(k.operand);
          if ((ci && ci->value >= 0) || (cf && !std::signbit(cf->value))) {
            out_ += '(';
            put_expr(k.operand, 0);
            out_ += ')';
          } else {
            put_expr(k.operand, 7);
          }
        } else {
          out_ += "not ";
          put_expr(k.operand, 3);
        }
        if (paren) out_ += ')';
      } else if constexpr (std::is_same_v<K, ir::Call>) {
        if (k.kind == ir::CallKind::Function) {
          out_ += "self.";
          out_ += k.callee;
          out_ += '(';
          put_args(k.args);
          put_kwargs(k.kwargs, k.args.empty());
          if (!k.attrs.empty()) {
            if (!k.args.empty() || !k.kwargs.empty()) out_ += ", ";
            out_ += "attrs=";
            put_attr_dict(k.attrs);
          }
          out_ += ')';
          return;
        }
        const ir::OpDef* def = op_def(k.callee);
        out_ += "pl.";
        out_ += k.callee;
        out_ += '(';
        bool first = true;
        std::string_view lead_key = def ? def->leading_kwarg : std::string_view{};
        if (!lead_key.empty())
          if (auto* v = ir::find_kwarg(k.kwargs, lead_key)) {
            put_attr(*v);
            first = false;
          }
        const std::size_t n_args = def ? ir::meaningful_operands(*def, k.args) : k.args.size();
        for (std::size_t i = 0; i < n_args; ++i) {
          if (!first) out_ += ", ";
          put_expr(k.args[i], 0);
          first = false;
        }
        first = put_kwargs(k.kwargs, first, lead_key, def, &k.args);
        if (!k.attrs.empty()) {  // call attributes (docs/dsl.md "Call attributes")
          if (!first) out_ += ", ";
          out_ += "attrs=";
          put_attr_dict(k.attrs);
        }
        out_ += ')';
      } else if constexpr (std::is_same_v<K, ir::Submit>) {
        out_ += "pl.submit(self.";
        out_ += k.callee;
        for (const auto& x : k.args) {
          out_ += ", ";
          put_expr(x, 0);
        }
        put_kwargs(k.kwargs, false);
        out_ += ')';
      } else if constexpr (std::is_same_v<K, ir::MakeTuple>) {
        put_list(k.elems);
      } else {
        put_expr(k.tuple, 10);
        out_ += '[';
        put_int(k.index);
        out_ += ']';
      }
    }, e->kind);
  }

  /// `ir::find_op` hashes the whole name in a std::unordered_map; a program calls few distinct
  /// ops, each a great many times, so the last one seen per (length, two characters) is kept.
  const ir::OpDef* op_def(const std::string& callee) {
    std::size_t n = callee.size();
    std::size_t slot = n ? (n * 5 + static_cast<unsigned char>(callee[n - 1]) * 3 +
                            static_cast<unsigned char>(callee[n / 2])) % op_memo_.size()
                         : 0;
    OpMemo& m = op_memo_[slot];
    if (m.def && m.name == callee) return m.def;
    const ir::OpDef* d = ir::find_op(callee);
    if (d) m = OpMemo{d->name, d};
    return d;
  }

  // ---- statements ----
  void block(const ir::Stmt& body, int indent) {
    static const std::vector<ir::Stmt> none;
    const std::vector<ir::Stmt>* stmts = &none;
    std::vector<ir::Stmt> single;
    if (auto* q = ir::stmt_as<ir::Seq>(body)) stmts = &q->stmts;
    else if (body) { single.push_back(body); stmts = &single; }
    const std::size_t start = out_.size();
    for (std::size_t i = 0; i < stmts->size(); ++i) {
      prefetch_ahead(*stmts, i);
      // Re-sugar `t = call; a = t[0]; b = t[1]` (t used nowhere else) into `a, b = call`.
      if (std::size_t n = unpack_length(*stmts, i)) {
        pad(indent);
        for (std::size_t j = 1; j <= n; ++j) {
          if (j > 1) out_ += ", ";
          out_ += names_.def_name(ir::stmt_as<ir::Assign>((*stmts)[i + j])->var);
        }
        out_ += " = ";
        put_expr(ir::stmt_as<ir::Assign>((*stmts)[i])->value, 0);
        out_ += '\n';
        i += n;
        continue;
      }
      stmt((*stmts)[i], indent);
    }
    // Nothing printed: no statement, or only empty nested sequences (a single-trip loop inlined
    // from an If arm by simplify left `Seq[Seq[]]`); a block needs a statement to parse.
    if (out_.size() == start) {
      pad(indent);
      out_ += "pass\n";
    }
  }
  /// A long body is a stream of cache misses on its nodes: statement i + 3 and its nodes are
  /// loaded while statement i prints (visit::prefetch_statement, shared with the verifier).
  /// The name-set slot of each definition is not prefetched: that cost more instructions than it
  /// saved misses (print_bench at 1M: 0.36 s with it, 0.34 s without; -2.5 % instructions).
  void prefetch_ahead(const std::vector<ir::Stmt>& stmts, std::size_t i) {
    constexpr std::size_t kAhead = 3;
    if (i + kAhead < stmts.size()) prefetched_ = visit::prefetch_statement(stmts, i + kAhead);
  }
  std::size_t unpack_length(const std::vector<ir::Stmt>& stmts, std::size_t i) {
    auto* a = ir::stmt_as<ir::Assign>(stmts[i]);
    if (!a) return 0;
    auto* tt = ir::type_as<ir::TupleType>(a->var->type);
    if (!tt || tt->elems.empty() || i + tt->elems.size() >= stmts.size()) return 0;
    std::size_t n = tt->elems.size();
    if (!uses_counted_) count_uses();
    if (uses_[a->var.get()] != 1 + n) return 0;
    for (std::size_t j = 0; j < n; ++j) {
      auto* b = ir::stmt_as<ir::Assign>(stmts[i + 1 + j]);
      auto* g = b ? ir::expr_as<ir::TupleGetItem>(b->value) : nullptr;
      if (!g || g->tuple != a->var || g->index != static_cast<std::int64_t>(j)) return 0;
    }
    return n;
  }
  void put_names(const std::vector<ir::Expr>& vars) {
    for (std::size_t i = 0; i < vars.size(); ++i) {
      if (i) out_ += ", ";
      out_ += names_.def_name(vars[i]);
    }
  }
  void put_inits(const std::vector<ir::Expr>& iter_args) {
    out_ += '(';
    for (std::size_t i = 0; i < iter_args.size(); ++i) {
      if (i) out_ += ", ";
      auto* ia = ir::expr_as<ir::IterArg>(iter_args[i]);
      if (ia && ia->init) put_expr(ia->init, 0);
      else out_ += "None";
    }
    out_ += iter_args.size() == 1 ? ",)" : ")";
  }
  void put_carried(const std::vector<ir::Expr>& iter_args) {
    out_ += '(';
    put_names(iter_args);
    out_ += iter_args.size() == 1 ? ",)" : ")";
  }

  void stmt_kind(const ir::Assign& a, int indent) {
    pad(indent);
    out_ += names_.def_name(a.var);
    if (!reads_closed_header(a.var->type)) {
      out_ += ": ";
      put_type(a.var->type);
    }
    out_ += " = ";
    put_expr(a.value, 0);
    out_ += '\n';
  }
  void stmt_kind(const ir::Eval& e, int indent) {
    pad(indent);
    put_expr(e.value, 0);
    out_ += '\n';
  }
  void stmt_kind(const ir::Seq& s, int indent) {
    for (const auto& x : s.stmts) stmt(x, indent);
  }
  void stmt_kind(const ir::Yield& y, int indent) {
    pad(indent);
    const std::vector<ir::Expr>* tg = yield_targets_.empty() ? nullptr : yield_targets_.back();
    if (tg && !tg->empty() && tg->size() == y.values.size()) {
      put_names(*tg);
      out_ += " = ";
    }
    out_ += "pl.yield_(";
    put_args(y.values);
    out_ += ")\n";
  }
  void stmt_kind(const ir::Return& r, int indent) {
    pad(indent);
    out_ += "return";
    if (!r.values.empty()) {
      out_ += ' ';
      put_args(r.values);
    }
    out_ += '\n';
  }
  void stmt_kind(const ir::If& s, int indent) {
    pad(indent);
    out_ += "if ";
    put_expr(s.cond, 0);
    out_ += ":\n";
    // Result names are defined by the If; name them before either arm prints its yield.
    for (const auto& v : s.return_vars) names_.def_name(v);
    yield_targets_.push_back(&s.return_vars);
    block(s.then_body, indent + 1);
    // An else arm that is only an if (and the yield of its results) prints as `elif`, the form the
    // parser reads it from: a chain stays one level deep, as written (review rev42a 2: a 250-arm
    // chain printed 250 levels deep, past the parser's nesting limit). The inner if's arms yield
    // the outer's results.
    const ir::If* cur = &s;
    while (cur->else_body) {
      if (const ir::If* inner = elif_arm(*cur)) {
        pad(indent);
        out_ += "elif ";
        put_expr(inner->cond, 0);
        out_ += ":\n";
        block(inner->then_body, indent + 1);
        cur = inner;
        continue;
      }
      pad(indent);
      out_ += "else:\n";
      block(cur->else_body, indent + 1);
      break;
    }
    yield_targets_.pop_back();
  }
  /// The if that is the whole else arm of `s` — alone when `s` has no results, else followed only
  /// by the yield of exactly its results — or null.
  static const ir::If* elif_arm(const ir::If& s) {
    const ir::StmtNode* body = s.else_body.get();
    while (body) {  // a Seq of one statement is that statement
      auto* q = std::get_if<ir::Seq>(&body->kind);
      if (!q || q->stmts.size() != 1) break;
      body = q->stmts[0].get();
    }
    if (!body) return nullptr;
    const std::vector<ir::Stmt>* stmts = nullptr;
    if (auto* q = std::get_if<ir::Seq>(&body->kind)) stmts = &q->stmts;
    const ir::StmtNode* first = stmts ? (stmts->empty() ? nullptr : (*stmts)[0].get()) : body;
    const ir::If* inner = first ? ir::kind_as<ir::If>(first->kind) : nullptr;
    if (!inner || inner->return_vars.size() != s.return_vars.size()) return nullptr;
    const std::size_t n = stmts ? stmts->size() : 1;
    if (s.return_vars.empty()) return n == 1 ? inner : nullptr;
    if (n != 2) return nullptr;
    const auto* y = ir::stmt_as<ir::Yield>((*stmts)[1]);
    if (!y || y->values.size() != inner->return_vars.size()) return nullptr;
    for (std::size_t i = 0; i < y->values.size(); ++i)
      if (y->values[i] != inner->return_vars[i]) return nullptr;
    return inner;
  }
  void stmt_kind(const ir::For& f, int indent) {
    pad(indent);
    out_ += "for ";
    out_ += names_.def_name(f.loop_var);
    if (!f.iter_args.empty()) {
      out_ += ", ";
      put_carried(f.iter_args);
    }
    out_ += f.kind == ir::ForKind::Parallel ? " in pl.parallel(" : " in pl.range(";
    auto zero = ir::const_int(f.start), one = ir::const_int(f.step);
    if (!(zero && *zero == 0 && one && *one == 1)) {
      put_expr(f.start, 0);
      out_ += ", ";
    }
    put_expr(f.stop, 0);
    if (!(one && *one == 1)) {
      out_ += ", ";
      put_expr(f.step, 0);
    }
    if (!f.iter_args.empty()) {
      out_ += ", init_values=";
      put_inits(f.iter_args);
    }
    out_ += "):\n";
    yield_targets_.push_back(&f.return_vars);
    block(f.body, indent + 1);
    yield_targets_.pop_back();
    close_headers(f.iter_args, f.loop_var);
  }
  void stmt_kind(const ir::While& w, int indent) {
    pad(indent);
    out_ += "for ";
    put_carried(w.iter_args);
    out_ += " in pl.while_(init_values=";
    put_inits(w.iter_args);
    out_ += "):\n";
    pad(indent + 1);
    out_ += "pl.cond(";
    if (w.cond) put_expr(w.cond, 0);
    else out_ += "True";
    out_ += ")\n";
    yield_targets_.push_back(&w.return_vars);
    block(w.body, indent + 1);
    yield_targets_.pop_back();
    close_headers(w.iter_args, nullptr);
  }

  // A loop's header names (its variable, its carried names) are visible only inside its body: the
  // parser scopes them (dsl.md). A type inferred across the loop's end can still read one — after
  // `for j in pl.range(2): t = pl.load(x, [0, 0], [16, 64], valid_shape=[j + 1, 64])`, the text
  // `u = pl.tile.adds(t, 1.0)` (which the parser accepts and the verifier refuses: t is not visible
  // there) gives u a type reading j — and an annotation naming j would not parse back ("undefined
  // name 'j'"; found by the parser smoke fuzz, 37th session). Such an assignment prints without its
  // annotation, and the parser infers the same type again.
  void close_headers(const std::vector<ir::Expr>& iter_args, const ir::Expr& loop_var) {
    if (loop_var) closed_headers_.insert(loop_var.get());
    for (const auto& ia : iter_args) closed_headers_.insert(ia.get());
  }
  bool reads_closed_header(const ir::Type& t) const {
    if (closed_headers_.empty()) return false;
    return visit::type_mentions(t, [&](const ir::Expr& x) { return closed_headers_.count(x.get()) != 0; });
  }
  void stmt_kind(const ir::Scope& s, int indent) {
    pad(indent);
    if (s.kind == ir::ScopeKind::Manual) {
      out_ += "with pl.manual_scope():\n";
    } else {
      out_ += "with pl.at(";
      put_kwargs(s.attrs, true);
      out_ += "):\n";
    }
    block(s.body, indent + 1);
  }

  TextOut out_;
  PrintNames names_;
  std::array<OpMemo, 64> op_memo_{};
  std::vector<std::pair<const ir::ExprNode*, std::string>> globals_;  // the program's symbolic dims
  std::vector<std::pair<const ir::ExprNode*, std::string>> shadowed_globals_;  // visible_globals' answer
  const ir::Function* fn_ = nullptr;  // the function being printed (for count_uses)
  bool uses_counted_ = false;
  std::unordered_map<const ir::ExprNode*, std::size_t> uses_;
  visit::PtrMap<std::uint32_t> type_index_;  // type node → index into type_text_
  std::vector<std::string> type_text_;
  std::vector<const std::vector<ir::Expr>*> yield_targets_;
  std::unordered_set<const ir::ExprNode*> closed_headers_;  // header names of loops printed so far
  std::vector<ir::Expr> keep_names_;  // visible_globals: parameters printed under a dim's name
  const void* prefetched_ = nullptr;  // keeps the statement prefetches (see visit::prefetch_statement)
};

#if PTORW_ENTRY_BODIES
PTORW_ENTRY std::string print_program(const ir::Program& p) { return Printer{}.program(p); }
PTORW_ENTRY std::string print_function(const ir::Function& f) {
  Printer pr;
  pr.function(f, 0);
  return pr.take();
}
PTORW_ENTRY std::string print_expr(const ir::Expr& e) { return Printer{}.expr(e); }
PTORW_ENTRY std::string print_type(const ir::Type& t) { return Printer{}.type(t); }
PTORW_ENTRY std::string print_stmt(const ir::Stmt& s) {
  Printer pr;
  pr.stmt(s, 0);
  return pr.take();
}
#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::text
