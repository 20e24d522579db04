// The orchestration C++ emitter: one Orchestration function -> one C++17 translation unit against
// the task runtime of ../shared/pto_format.md ("Orchestration functions"). What it writes:
//  - two C entry points: `orchestration_config()` returns the expected argument count, and
//    `orchestration_entry(orch_args)` reads the parameters from the pack in signature order
//    (`orch_args.tensor(i).ref()`, `orch_args.scalar(i)`), then one argument slot per returned
//    tensor that the function creates (the caller's output; a result that is a parameter written in
//    place needs none);
//  - the body inside `PTO2_SCOPE() { ... }`; `pl.manual_scope()` as `PTO2_SCOPE(PTO2ScopeMode::MANUAL)`;
//  - the tensor.create calls of one block as one `alloc_tensors` call at its head (those whose
//    shapes the block itself computes are allocated where they stand, one call each);
//  - one task per kernel call: an `Arg` with add_input/add_output/add_inout/add_scalar in parameter
//    order by direction, submitted with the kernel's id (kernel list of the manifest) by
//    rt_submit_aiv_task / rt_submit_aic_task, or rt_submit_task for a Group (a mixed task);
//    `pl.submit(..., deps=[...])` adds `set_dependencies(deps, n)`;
//  - tensor.slice as `x.view(shapes, offsets)`; tensor.assemble of a view back into its own parent
//    at the same offsets (Pattern 5's slice + `__windowed` call + assemble) as nothing more, since
//    the kernel wrote through the view; tensor.read as a host read;
//  - For / While / If as C++ control flow, iter args as mutable locals, yields as assignments.
// Loop and If bodies are plain C++ blocks, not runtime scopes: a tensor created in a loop body may
// be carried out of it as an iter arg, which a nested runtime scope would reclaim at its end.
// Anything else — an op without a row in orch_spelling.hpp, a copying assemble, a mixed InCore
// kernel, an FP16 scalar — throws EmitError at its span naming the construct (fail closed).
#pragma once
#include <fmt/compile.h>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/codegen/orch_layouts.hpp"
#include "ptorw/codegen/orch_names.hpp"
#include "ptorw/codegen/orch_spelling.hpp"
#include "ptorw/codegen/orch_window_alloc.hpp"
#include "ptorw/codegen/string_interner.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/scalar_promotion.hpp"
#include "ptorw/visit/node_map.hpp"

namespace ptorw::codegen::orch {

class OrchEmitter {
 public:
  OrchEmitter(const ir::Program& p, const ir::Function& f, const KernelTable& kernels, std::string source_label)
      : prog_(p), fn_(f), kernels_(kernels), label_(std::move(source_label)) {}

  /// The translation unit; throws EmitError at the first construct without a spelling.
  std::string run() {
    // One walk: the occurrences of each variable node, and the tuples whose last element (a
    // submit's task id) some statement projects.
    auto on_stmt = [](const ir::Stmt&) {};
    auto on_expr = [&](const ir::Expr& e) {
      if (ir::is_var_like(e)) ++uses_[e.get()];
      else if (auto* g = ir::expr_as<ir::TupleGetItem>(e))
        if (auto* tt = ir::type_as<ir::TupleType>(g->tuple->type); tt && static_cast<std::size_t>(g->index) + 1 == tt->elems.size())
          projected_ids_.try_emplace(g->tuple.get(), 1);
    };
    if (fn_.body) visit::walk(fn_.body, on_stmt, on_expr);
    // The text is reserved from the number of variables used (~180 bytes of C++ per variable on
    // the generated programs): it does not grow by copying itself, and pages never written are not
    // memory (the reservation of a function refused early is never touched). Too short a guess only
    // means growth as before.
    out_.reserve(uses_.size() * kBytesPerUse);
    // Every table grows by doubling: a function the emitter refuses early (at its first copying
    // assemble) would otherwise pay for a slot per variable it never names.
    for (auto n : kReservedNames) intern(n);
    for (auto n : kCppKeywords) intern(n);
    bind_results();
    indent_ = 1;
    entry_params();
    line(std::string(kAutoScope) + " {");
    ++indent_;
    block(fn_.body, nullptr, /*top=*/true);
    if (unslotted_result_) fail(unslotted_result_->first, std::move(unslotted_result_->second));
    --indent_;
    line("}");
    out_ += "}\n";
    // The prologue (which helpers the body needed) is known only now: put before the body in place
    // (or, when the reservation was short, into one new string of the exact size).
    std::string head = prologue();
    if (out_.capacity() >= out_.size() + head.size()) {
      out_.insert(0, head);
      return std::move(out_);
    }
    head.reserve(head.size() + out_.size());
    head += out_;
    return head;
  }

 private:
  using Span = ir::Span;
  static constexpr std::size_t kBytesPerUse = 224;
  const ir::Program& prog_;
  const ir::Function& fn_;
  const KernelTable& kernels_;
  detail::Defs defs_{fn_};
  Roots roots_of_{defs_, kernels_};
  // Tables keyed by IR node: open addressing (visit::PtrMap), one entry per variable of a function
  // that may have millions (issue 20: node-based maps were most of this emitter at 1M statements).
  visit::PtrMap<int> uses_;  // occurrences of each variable node
  visit::PtrMap<WindowAlloc> window_allocs_;
  visit::PtrMap<WindowDecline> window_declines_;  // messages only (check_layout)
  std::string label_;
  std::string out_;
  int indent_ = 0;
  std::map<std::string, int, std::less<>> counters_;
  // The C++ names taken (the reserved ones, then every local), interned once: a name is an id and a
  // string_view into the interner's arena, valid for the emitter's life. Other C++ text a table must
  // keep (a tuple element that is an expression) is stored in the same arena.
  static constexpr std::uint32_t npos = StringInterner::npos;
  StringInterner cpp_names_;
  // Per name id: the next suffix to try when the name is a base taken before (`x_window` ->
  // `x_window_<n>`), the storage of a tensor local (param / create: a name id), the view it is
  // (an index of views_), and whether an assemble relied on that storage staying in place / a loop
  // carry moved it (for a name that is a storage).
  // A tensor local's layout cell (orch_layouts.hpp: the strides its storage is laid out with).
  struct NameInfo {
    int next_suffix = 0;
    std::uint32_t root = npos, view = npos, cell = npos;
    bool relied = false, broken = false;
  };
  std::vector<NameInfo> info_;
  Layouts layouts_;
  visit::PtrMap<std::string_view> names_;  // definition -> C++ expression (text in cpp_names_)
  // tuple value -> its elements, [first, first + n) of tuple_elems_
  visit::PtrMap<std::pair<std::uint32_t, std::uint32_t>> tuples_;
  std::vector<std::string_view> tuple_elems_;
  struct ViewOf {
    std::string_view parent;
    std::string_view offsets;  // each offset's text followed by '\0' (see list())
  };
  std::vector<ViewOf> views_;
  // Scratch text reused by every statement (no std::string allocated per name, list or init).
  std::string fresh_base_, fresh_try_, counter_buf_, init_buf_, list_a_, list_b_;
  visit::PtrMap<int> result_slots_;  // tensor.create var -> argument slot
  std::vector<std::string> slot_notes_;
  visit::PtrMap<char> batched_;
  bool manual_ = false;
  std::unordered_map<const ir::ExprNode*, std::pair<std::string, Span>> reclaimed_;  // create var → (name, its manual scope)
  // Declarations hoisted out of a runtime scope block (its values are used after it).
  std::vector<std::string>* hoist_ = nullptr;
  int hoist_depth_ = -1;
  Span stmt_span_{};  // the statement being written, for errors about what it reads
  bool need_float_bits_ = false, need_bits_float_ = false, need_floordiv_ = false, need_mod_ = false, need_limits_ = false,
       need_fminmax_ = false;

  [[noreturn]] void fail(Span sp, std::string msg) const {
    throw StageError{sp, fmt::format("orchestration '{}': {}", fn_.name, msg)};
  }

  void line(std::string_view s) {
    out_.append(static_cast<std::size_t>(indent_) * 2, ' ');
    out_.append(s);
    out_ += '\n';
  }
  /// `line(fmt::format(...))` without the temporary string: formatted straight into the output
  /// (the arguments, which may compute C++ expressions, are evaluated before anything is appended).
  template <typename S, typename... A>
  void linef(const S& f, A&&... args) {
    out_.append(static_cast<std::size_t>(indent_) * 2, ' ');
    fmt::format_to(std::back_inserter(out_), f, std::forward<A>(args)...);
    out_ += '\n';
  }

  // ---- names ----
  /// Takes `s` as a name: its id, and whether it was free.
  std::pair<std::uint32_t, bool> intern(std::string_view s) {
    auto r = cpp_names_.insert(s);
    if (r.second) info_.emplace_back();
    return r;
  }
  std::uint32_t id_of(std::string_view name) const { return cpp_names_.find(name); }
  /// The storage (a name id) of the C++ local `name`, or npos (not a tensor local, not a name).
  std::uint32_t root_of(std::string_view name) const {
    const std::uint32_t id = id_of(name);
    return id == npos ? npos : info_[id].root;
  }
  std::uint32_t view_of(std::string_view name) const {
    const std::uint32_t id = id_of(name);
    return id == npos ? npos : info_[id].view;
  }
  /// Stable text of a C++ expression: the interned name when it is one, else an arena copy.
  std::string_view keep(std::string_view s) {
    const std::uint32_t id = id_of(s);
    return id != npos ? cpp_names_.view(id) : cpp_names_.store(s);
  }
  /// A value's C++ text, stable: its name (no copy), or its expression kept in the arena.
  std::string_view val(const ir::Expr& e) {
    if (!reclaimed_.empty()) check_live(e);
    if (const std::string_view* n = names_.find(e.get())) return *n;
    return keep(expr(e));
  }
  /// A tensor whose storage a closed manual scope allocated is gone: `PTO2_SCOPE` reclaims the
  /// tensors it allocates when it closes (architecture.md: why loops and ifs are no runtime scopes),
  /// so a use after it would read freed memory (review rev42b 2: `args.add_input(tmp)` came after
  /// the scope that allocated tmp).
  void check_live(const ir::Expr& e) {
    if (!e || !ir::type_as<ir::TensorType>(e->type)) return;
    const ir::ExprNode* root = roots_of_.storage(e);
    auto it = root ? reclaimed_.find(root) : reclaimed_.end();
    if (it == reclaimed_.end()) return;
    fail(it->second.second,
         fmt::format("'{}' is created inside this pl.manual_scope() and used after it{}: the runtime reclaims the tensors "
                     "a scope allocates when it closes; create it before the scope",
                     it->second.first, root == e.get() ? std::string() : fmt::format(" (through '{}')", ir::var_name(e))));
  }

  /// A free C++ name made from `base` + `suffix` (sanitized; `_<n>` appended when taken).
  std::string_view fresh(std::string_view base_in, std::string_view suffix = {}) {
    std::string& base = fresh_base_;
    base.assign(base_in);
    base.append(suffix);
    for (char& c : base)
      if (!ident_char(c)) c = '_';
    if (base.empty() || (base[0] >= '0' && base[0] <= '9')) base.insert(0, "v_");
    if (c_macro_name(base)) base += '_';  // `NULL`, `INT64_MAX`: the preprocessor would replace them
    // A free name costs one probe; the per-base suffix counter is used only for bases taken before.
    auto [b, added] = intern(base);
    if (added) return cpp_names_.view(b);
    // The next suffix to try per base: a name used many times (x_window in every loop body of a
    // large program) costs one probe, not one per earlier use.
    for (;;) {
      fresh_try_.clear();
      fmt::format_to(std::back_inserter(fresh_try_), FMT_COMPILE("{}_{}"), base, ++info_[b].next_suffix);
      auto [id, free] = intern(fresh_try_);
      if (free) return cpp_names_.view(id);
    }
  }
  std::string_view define(const ir::Expr& v) {
    std::string_view n = fresh(ir::var_name(v));
    names_[v.get()] = n;
    return n;
  }
  /// `args_0`, `args_1`, ...: numbered per kind of helper local.
  std::string_view counter(std::string_view base) {
    auto it = counters_.find(base);
    if (it == counters_.end()) it = counters_.emplace(std::string(base), 0).first;
    counter_buf_.clear();
    fmt::format_to(std::back_inserter(counter_buf_), FMT_COMPILE("{}_{}"), base, it->second++);
    return fresh(counter_buf_);
  }
  /// The local `name` is its own storage (a parameter, a create, a window).
  void own_root(std::string_view name) {
    const std::uint32_t id = id_of(name);
    info_[id].root = id;
  }
  void set_root(std::string_view name, std::uint32_t root) { info_[id_of(name)].root = root; }
  /// The layout cell of the C++ local `name` (Layouts::none: not a tensor local, not a name).
  Layouts::Cell cell_of(std::string_view name) const {
    const std::uint32_t id = id_of(name);
    return id == npos ? Layouts::none : info_[id].cell;
  }
  void set_cell(std::string_view name, Layouts::Cell c) { info_[id_of(name)].cell = c; }
  /// The local `name` is a storage laid out as the tensor type `t`.
  void own_layout(std::string_view name, const ir::Type& t) { set_cell(name, layouts_.make(ir::type_as<ir::TensorType>(t))); }

  /// Declares a local (or, inside a scope block whose values outlive it, assigns a hoisted one).
  void declare(std::string_view type, std::string_view name, std::string_view init) {
    if (hoist_ && indent_ == hoist_depth_) {
      hoist_->push_back(type == "PTO2TaskId" ? fmt::format("{} {} = PTO2_INVALID_TASK_ID;", type, name)
                                             : fmt::format("{} {}{{}};", type, name));
      linef(FMT_COMPILE("{} = {};"), name, init);
      return;
    }
    linef(FMT_COMPILE("{} {} = {};"), type, name, init);
  }

  // ---- types ----
  std::string cpp_type(const ir::Type& t, Span sp) const {
    if (ir::type_as<ir::TensorType>(t)) return "Tensor";
    if (auto* s = ir::type_as<ir::ScalarType>(t)) return std::string(cpp_scalar(s->dtype, sp));
    fail(sp, "only tensors and scalars exist in orchestration code (a tile, buffer or pointer value has no spelling)");
  }
  std::string_view cpp_scalar(ir::DType d, Span sp) const {
    const auto& row = dtype_spelling(d);
    if (row.cpp.empty()) fail(sp, fmt::format("a pl.{} scalar has no C++17 type in orchestration code", ir::name_of(d)));
    return row.cpp;
  }
  static const ir::ScalarType* scalar(const ir::Expr& e) { return ir::type_as<ir::ScalarType>(e->type); }
  /// An integer type whose C++ arithmetic could overflow a signed `int` or wrap elsewhere than at
  /// its width: 8- and 16-bit types are promoted to int, INT32 is int. Their +, -, * and unary -
  /// are computed in uint32_t and cast back, which wraps as docs/semantics.md "Overflow" says
  /// (review rev42b 4: INT32 `c * c` was signed overflow, undefined behaviour). UINT32 and UINT64
  /// arithmetic wraps in C++ already; INT64 and INDEX are not rewritten (docs/semantics.md).
  static bool narrow_int(const ir::Expr& e) {
    const ir::ScalarType* t = scalar(e);
    return t && (t->dtype == ir::DType::INT8 || t->dtype == ir::DType::INT16 || t->dtype == ir::DType::UINT8 ||
                 t->dtype == ir::DType::INT32);
  }

  // ---- expressions ----
  static int prec(ir::BinOp op) {
    switch (op) {
      case ir::BinOp::Or: return 1;
      case ir::BinOp::And: return 2;
      case ir::BinOp::Eq: case ir::BinOp::Ne: return 3;
      case ir::BinOp::Lt: case ir::BinOp::Le: case ir::BinOp::Gt: case ir::BinOp::Ge: return 4;
      case ir::BinOp::Add: case ir::BinOp::Sub: return 5;
      default: return 6;
    }
  }
  static std::string_view op_text(ir::BinOp op) {
    switch (op) {
      case ir::BinOp::Add: return "+";
      case ir::BinOp::Sub: return "-";
      case ir::BinOp::Mul: return "*";
      case ir::BinOp::Div: return "/";
      case ir::BinOp::Lt: return "<";
      case ir::BinOp::Le: return "<=";
      case ir::BinOp::Gt: return ">";
      case ir::BinOp::Ge: return ">=";
      case ir::BinOp::Eq: return "==";
      case ir::BinOp::Ne: return "!=";
      case ir::BinOp::And: return "&&";
      case ir::BinOp::Or: return "||";
      default: return "";
    }
  }

  /// A scalar or tensor value as a C++ expression; `parent` is the precedence of the context.
  std::string expr(const ir::Expr& e, int parent = 0) {
    if (!e) fail(fn_.span, "a missing value in an expression");
    if (const std::string_view* n = names_.find(e.get())) return std::string(*n);
    if (auto* c = ir::expr_as<ir::ConstInt>(e))
      return c->value < 0 && parent >= 5 ? fmt::format(FMT_COMPILE("({})"), c->value) : std::to_string(c->value);
    if (auto* c = ir::expr_as<ir::ConstBool>(e)) return c->value ? "true" : "false";
    if (auto* c = ir::expr_as<ir::ConstFloat>(e)) {
      // A float literal is a C++ `float`: a value no float holds (NaN, beyond FLT_MAX: an overflowing
      // literal is ill-formed) is spelled through numeric_limits, as the FP32 conversion gives it.
      if (std::isnan(c->value) || std::fabs(c->value) > std::numeric_limits<float>::max()) {
        need_limits_ = true;
        const char* v = std::isnan(c->value) ? "std::numeric_limits<float>::quiet_NaN()" : "std::numeric_limits<float>::infinity()";
        return c->value < 0 ? fmt::format(FMT_COMPILE("(-{})"), v) : std::string(v);
      }
      std::string s = fmt::format("{}", c->value);
      if (s.find_first_of(".en") == std::string::npos) s += ".0";
      s += "f";
      return s[0] == '-' && parent >= 5 ? "(" + s + ")" : s;  // `-(-1.5f)`, never `--1.5f`
    }
    if (auto* b = ir::expr_as<ir::Binary>(e)) {
      // Both operands convert to one dtype first (ir/scalar_promotion.hpp), written out as a
      // static_cast where an operand's dtype differs: C++'s own conversions differ from the IR's
      // (an int64_t INDEX next to an INT32 stays 64-bit in C++; the IR wraps it to INT32 first), and
      // the interpreter and the PTO do the same (review rev44d 6).
      const bool logic = b->op == ir::BinOp::And || b->op == ir::BinOp::Or;
      const ir::DType od = logic ? ir::DType::BOOL : ir::operand_dtype(e);
      const bool flt = ir::is_float(od);
      auto operand = [&](const ir::Expr& x, int p) {
        const ir::ScalarType* t = scalar(x);
        if (logic || !t || t->dtype == od || ir::expr_as<ir::ConstInt>(x) || ir::expr_as<ir::ConstFloat>(x))
          return expr(x, p);
        return fmt::format(FMT_COMPILE("static_cast<{}>({})"), cpp_scalar(od, x->span), expr(x));
      };
      if (b->op == ir::BinOp::FloorDiv || b->op == ir::BinOp::Mod) {
        if (flt) fail(e->span, "a float '//' or '%' has no spelling in orchestration code");
        (b->op == ir::BinOp::FloorDiv ? need_floordiv_ : need_mod_) = true;  // Python rounds toward -inf
        return fmt::format(FMT_COMPILE("{}({}, {})"), b->op == ir::BinOp::FloorDiv ? "ptorw_floordiv" : "ptorw_mod",
                           operand(b->lhs, 0), operand(b->rhs, 0));
      }
      if ((b->op == ir::BinOp::Min || b->op == ir::BinOp::Max) && flt) {
        need_fminmax_ = true;
        return fmt::format(FMT_COMPILE("{}({}, {})"), b->op == ir::BinOp::Min ? "ptorw_fmin" : "ptorw_fmax",
                           operand(b->lhs, 0), operand(b->rhs, 0));
      }
      if (b->op == ir::BinOp::Min || b->op == ir::BinOp::Max) {
        std::string l = operand(b->lhs, 7), r = operand(b->rhs, 7);
        return fmt::format(FMT_COMPILE("({} {} {} ? {} : {})"), l, b->op == ir::BinOp::Min ? "<" : ">", r, l, r);
      }
      if (b->op == ir::BinOp::Div && !flt) fail(e->span, "an integer '/' (true division) has no spelling in orchestration code");
      // An 8-, 16- or 32-bit integer result wraps at its width (docs/semantics.md); C++ computes it
      // in `int` (UINT8 `a - b` is negative there, and `a - b > 3` compares that; INT32 overflow is
      // undefined). Computed in uint32_t (no signed overflow) and cast back to the dtype (review
      // rev13 L4, rev42b 4).
      if (narrow_int(e) && (b->op == ir::BinOp::Add || b->op == ir::BinOp::Sub || b->op == ir::BinOp::Mul))
        return fmt::format(FMT_COMPILE("static_cast<{}>(static_cast<uint32_t>({}) {} static_cast<uint32_t>({}))"),
                           cpp_type(e->type, e->span), operand(b->lhs, 0), op_text(b->op), operand(b->rhs, 0));
      const int p = prec(b->op);
      std::string s = fmt::format(FMT_COMPILE("{} {} {}"), operand(b->lhs, p), op_text(b->op), operand(b->rhs, p + 1));
      return p < parent ? "(" + s + ")" : s;
    }
    if (auto* u = ir::expr_as<ir::Unary>(e)) {
      if (u->op == ir::UnOp::Cast) {
        // A float to a narrower integer truncates, then wraps to the width (docs/semantics.md
        // "Conversions"): through int64_t, as a direct conversion of a value outside the type is
        // undefined in C++ (review rev45a 1: 3e9 to INT32).
        const ir::ScalarType* from = scalar(u->operand);
        const ir::ScalarType* to = scalar(e);
        if (from && to && ir::is_float(from->dtype) && ir::is_int_scalar(to->dtype) && to->dtype != ir::DType::INT64 &&
            to->dtype != ir::DType::INDEX)
          return fmt::format(FMT_COMPILE("static_cast<{}>(static_cast<int64_t>({}))"), cpp_type(e->type, e->span),
                             expr(u->operand));
        return fmt::format(FMT_COMPILE("static_cast<{}>({})"), cpp_type(e->type, e->span), expr(u->operand));
      }
      if (u->op == ir::UnOp::Neg && narrow_int(e))  // wraps at its width, as above
        return fmt::format(FMT_COMPILE("static_cast<{}>(0u - static_cast<uint32_t>({}))"), cpp_type(e->type, e->span),
                           expr(u->operand));
      // The operand binds tighter than a prefix operator: a nested unary or negative literal is
      // parenthesized (`-(-n)`; `--n` would decrement n).
      std::string s = fmt::format(FMT_COMPILE("{}{}"), u->op == ir::UnOp::Not ? "!" : "-", expr(u->operand, 8));
      return 7 < parent ? "(" + s + ")" : s;
    }
    if (ir::is_var_like(e)) fail_unvalued(e);
    if (auto* c = ir::expr_as<ir::Call>(e))
      fail(e->span, fmt::format("'{}' nested in an expression: orchestration code needs it assigned first "
                                "(flatten-call-expr)", c->callee.view()));
    // A projection used in place (`self.k2(a, res[0], o)`, `return res[0]` after
    // `res = pl.submit(...)`, PyPTO tasks/02-submit): the element's C++ value, as an assignment of
    // the projection binds it (docs audit 2026-12-05 F4).
    if (auto* g = ir::expr_as<ir::TupleGetItem>(e)) {
      const auto* elems = tuples_.find(g->tuple.get());
      if (elems && g->index >= 0 && static_cast<std::size_t>(g->index) < elems->second)
        return std::string(tuple_elems_[elems->first + static_cast<std::size_t>(g->index)]);
      fail(e->span, "a projection of a tuple that has no C++ value");
    }
    fail(e->span, "this expression has no spelling in orchestration code");
  }

  /// A `uint64_t` array element appended to `out`: a constant as written, others converted
  /// (list-init refuses narrowing).
  void u64(const ir::Expr& e, std::string& out) {
    if (auto c = ir::const_int(e); c && *c >= 0) {
      fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), *c);
      return;
    }
    std::string x = expr(e);
    fmt::format_to(std::back_inserter(out), FMT_COMPILE("static_cast<uint64_t>({})"), x);
  }
  /// The elements of a literal list, as `uint64_t` array elements, into `into`: each element's text
  /// followed by '\0' (no C++ expression contains one, so two lists are equal exactly when these
  /// texts are). Returns the element count.
  std::size_t list(const ir::Expr& l, Span sp, std::string_view what, std::string& into) {
    auto* t = ir::expr_as<ir::MakeTuple>(l);
    if (!t) fail(sp, fmt::format("the {} must be a literal list", what));
    into.clear();
    for (const auto& x : t->elems) {
      u64(x, into);
      into += '\0';
    }
    return t->elems.size();
  }
  /// `const uint64_t <base><suffix>[n] = {...};` of the `n` elements of a list() text; its name.
  std::string_view array(std::string_view base, std::string_view suffix, std::string_view elems, std::size_t n) {
    std::string_view name = fresh(base, suffix);
    out_.append(static_cast<std::size_t>(indent_) * 2, ' ');
    fmt::format_to(std::back_inserter(out_), FMT_COMPILE("const uint64_t {}[{}] = {{"), name, std::max<std::size_t>(n, 1));
    for (std::size_t i = 0, at = 0; i < n; ++i) {
      const std::size_t end = elems.find('\0', at);
      if (i) out_ += ", ";
      out_.append(elems.substr(at, end - at));
      at = end + 1;
    }
    out_ += "};\n";
    return name;
  }
  std::string scalar_word(const ir::Expr& e) {
    const auto* s = scalar(e);
    if (s && s->dtype == ir::DType::TASK_ID) fail(e->span, "a TASK_ID is not a kernel argument");
    if (s && ir::is_float(s->dtype)) {
      if (s->dtype != ir::DType::FP32) fail(e->span, fmt::format("a pl.{} scalar argument has no spelling", ir::name_of(s->dtype)));
      need_float_bits_ = true;  // pto_format.md: floats bit-cast to a 64-bit word
      return fmt::format(FMT_COMPILE("ptorw_float_bits({})"), expr(e));
    }
    return fmt::format(FMT_COMPILE("static_cast<uint64_t>({})"), expr(e));
  }

  // ---- the argument pack ----
  void entry_params() {
    for (std::size_t i = 0; i < fn_.params.size(); ++i) {
      const auto& p = fn_.params[i];
      std::string_view n = define(p.var);
      if (ir::type_as<ir::TensorType>(p.var->type)) {
        linef(FMT_COMPILE("Tensor {} = orch_args.tensor({}).ref();"), n, i);
        own_root(n);
        own_layout(n, p.var->type);
      } else if (auto* s = scalar(p.var)) {
        std::string t = cpp_type(p.var->type, p.var->span);
        if (ir::is_float(s->dtype)) {
          need_bits_float_ = true;
          linef(FMT_COMPILE("{} {} = ptorw_bits_float(orch_args.scalar({}));"), t, n, i);
        } else if (s->dtype == ir::DType::TASK_ID) {
          // PTO2TaskId is an aggregate { uint64_t value; } (pto_runtime_decls.hpp): no conversion from a word.
          linef(FMT_COMPILE("{} {} = {}{{orch_args.scalar({})}};"), t, n, t, i);
        } else {
          linef(FMT_COMPILE("{} {} = static_cast<{}>(orch_args.scalar({}));"), t, n, t, i);
        }
      } else {
        fail(p.var->span, fmt::format("parameter '{}' is neither a tensor nor a scalar", ir::var_name(p.var)));
      }
    }
    // A symbolic dim (pl.dynamic) is read from the first tensor parameter it is an extent of
    // (pto_format.md: tensor.dim is a constant or the descriptor's shape entry).
    for (const auto& d : prog_.dyn_dims)
      for (std::size_t i = 0; i < fn_.params.size() && !names_.count(d.get()); ++i)
        if (auto* tt = ir::type_as<ir::TensorType>(fn_.params[i].var->type))
          for (std::size_t k = 0; k < tt->shape.size(); ++k)
            if (tt->shape[k].get() == d.get()) {
              std::string_view n = define(d);
              linef(FMT_COMPILE("const int64_t {} = static_cast<int64_t>({}.shape({}));"), n, names_[fn_.params[i].var.get()], k);
              break;
            }
  }

  // ---- results: which tensor.create each returned tensor is (bound to an argument slot) ----
  void bind_results() {
    const detail::Defs& defs = defs_;
    auto rs = detail::returned(fn_);
    // Var nodes carry their definition's position: point at the return statement instead.
    const ir::Stmt* last = ir::last_stmt(fn_.body);
    const Span at = last ? (*last)->span : fn_.span;
    visit::NodeSet<const ir::ExprNode*> top;  // tensor.create vars at the function's top level
    for (const ir::ExprNode* v : detail::top_creates(fn_)) top.insert(v);
    int slot = static_cast<int>(fn_.params.size());
    for (std::size_t i = 0; i < rs.size(); ++i) {
      if (!ir::type_as<ir::TensorType>(rs[i]->type))
        fail(at, fmt::format("result {} is not a tensor: an orchestration function returns tensors only", i));
      const ir::ExprNode* r = roots_of_.root(rs[i]);
      if (r && defs.params.find(r)) {
        slot_notes_.push_back(fmt::format("result {} is parameter '{}', written in place", i, ir::var_name(fn_.params[*defs.params.find(r)].var)));
        continue;
      }
      if (!r || !top.count(r)) {
        // Said after the body is emitted: a statement of the body that has no spelling is usually
        // why (`o = pl.write(o, ...)`, a call of a non-kernel), and its error names the cause.
        if (!unslotted_result_)
          unslotted_result_ = std::make_pair(at, fmt::format("result {} ('{}') is not one tensor.create of the function "
                                                             "body nor a parameter updated in place, so no argument slot "
                                                             "can hold it",
                                                             i, ir::var_name(rs[i])));
        continue;
      }
      if (result_slots_.count(r)) {
        slot_notes_.push_back(fmt::format("result {} is result slot {} again", i, result_slots_[r]));
        continue;
      }
      result_slots_[r] = slot;
      slot_notes_.push_back(fmt::format("result {} is argument slot {} (the caller's output tensor)", i, slot));
      ++slot;
    }
    arg_count_ = slot;
  }
  int arg_count_ = 0;
  std::optional<std::pair<Span, std::string>> unslotted_result_;  // bind_results' deferred error

  // ---- statements ----
  /// The statements of a block; `yield_to` are the C++ locals its Yield assigns.
  void block(const ir::Stmt& body, const std::vector<std::string_view>* yield_to, bool top = false) {
    std::vector<ir::Stmt> storage;
    const std::vector<ir::Stmt>& ss = ir::flat_stmts(body, storage);
    for (auto& [buf, w] : plan_window_creates(ss, roots_of_, uses_, result_slots_, &window_declines_)) window_allocs_[buf] = w;
    allocate_batch(ss);
    for (std::size_t i = 0; i < ss.size(); ++i) {
      const ir::Stmt& s = ss[i];
      if (auto* y = ir::stmt_as<ir::Yield>(s)) {
        if (!yield_to || y->values.size() != yield_to->size()) fail(s->span, "a pl.yield_ outside a loop or If it belongs to");
        yields(*y, *yield_to, s->span);
      } else if (auto* r = ir::stmt_as<ir::Return>(s)) {
        if (!top || i + 1 != ss.size()) fail(s->span, "a return before the end of the function has no spelling");
        for (const auto& v : r->values) (void)expr(v);  // every returned value has its C++ value
        for (const auto& n : slot_notes_) line("// " + n);
      } else {
        id_var_ = submit_id_projection(ss, i);
        stmt(s);
        id_var_ = nullptr;
      }
    }
  }

  /// `out, tid = pl.submit(...)` is a tuple definition and one projection per name: the task id's
  /// C++ local takes the name of its projection.
  static const ir::Expr* submit_id_projection(const std::vector<ir::Stmt>& ss, std::size_t i) {
    auto* a = ir::stmt_as<ir::Assign>(ss[i]);
    auto* tt = a ? ir::type_as<ir::TupleType>(a->var->type) : nullptr;
    if (!tt || !ir::expr_as<ir::Submit>(a->value) || tt->elems.empty()) return nullptr;
    for (std::size_t j = i + 1; j < ss.size(); ++j)
      if (auto* b = ir::stmt_as<ir::Assign>(ss[j]))
        if (auto* g = ir::expr_as<ir::TupleGetItem>(b->value);
            g && g->tuple.get() == a->var.get() && static_cast<std::size_t>(g->index) + 1 == tt->elems.size())
          return &b->var;
    return nullptr;
  }
  const ir::Expr* id_var_ = nullptr;
  visit::PtrMap<char> projected_ids_;

  /// tensor.create calls of a block whose shapes do not depend on the block: one alloc_tensors at
  /// its head (pto_format.md: "creations of one scope may be batched into one call").
  void allocate_batch(const std::vector<ir::Stmt>& ss) {
    visit::NodeSet<const ir::ExprNode*> local;  // definitions of this block (open addressing: no node per entry)
    for (const auto& s : ss) {
      if (auto* a = ir::stmt_as<ir::Assign>(s)) local.insert(a->var.get());
      const std::vector<ir::Expr>* rv = nullptr;
      if (auto* x = ir::stmt_as<ir::For>(s)) rv = &x->return_vars;
      if (auto* x = ir::stmt_as<ir::While>(s)) rv = &x->return_vars;
      if (auto* x = ir::stmt_as<ir::If>(s)) rv = &x->return_vars;
      if (rv)
        for (const auto& v : *rv) local.insert(v.get());
    }
    std::vector<const ir::Assign*> batch;
    for (const auto& s : ss) {
      auto* a = ir::stmt_as<ir::Assign>(s);
      if (!a || !ir::is_op_call(a->value, "tensor.create") || result_slots_.count(a->var.get()) ||
          window_allocs_.count(a->var.get()))
        continue;
      bool inner = false;
      auto on = [&](const ir::Expr& x) { inner = inner || local.count(x.get()); };
      for (const auto& arg : ir::expr_as<ir::Call>(a->value)->args) visit::walk_expr(arg, on);
      if (!inner) batch.push_back(a);
    }
    if (!batch.empty()) allocate(batch);
  }

  /// A tensor.create's keywords: the runtime allocates packed ND storage (TensorCreateInfo: shape,
  /// rank, dtype), so another layout has no spelling — for a batched create and for one bound to a
  /// result slot alike (review rev42b 1: a DN create returned as a result lost its layout).
  void check_create(const ir::Call& c, Span sp) {
    check_kwargs(c, sp, {"dtype", "layout"});
    if (auto* l = ir::find_kwarg(c.kwargs, "layout"); l && std::get_if<ir::TensorLayout>(l) &&
                                                      *std::get_if<ir::TensorLayout>(l) != ir::TensorLayout::ND)
      fail(sp, "tensor.create with a non-ND layout has no runtime spelling");
  }

  /// The storage a create allocates is packed: the variable it is bound to may not declare other
  /// strides (semantics.md gives such a create the declared strides; the runtime's TensorCreateInfo
  /// has no stride field, so kernels addressing it with them would run past it — review rev44b 1).
  void check_create_strides(const ir::Assign& a) {
    auto* tt = ir::type_as<ir::TensorType>(a.var->type);
    if (!tt || !tt->view || tt->view->stride.empty()) return;
    ir::TensorType packed = *tt;
    packed.view.reset();
    const auto declared = detail::static_strides(*tt), real = detail::static_strides(packed);
    if (declared && real && *declared == *real) return;
    fail(a.value->span,
         fmt::format("tensor.create of '{}' declares strides {} but the runtime allocates packed storage{}: a kernel "
                     "addressing it with the declared strides would run past it (declare no strides, or create the "
                     "wider tensor and pass a slice of it)",
                     ir::var_name(a.var), strides_text(*tt),
                     real ? fmt::format(" (strides [{}])", fmt::join(*real, ", ")) : std::string()));
  }

  void allocate(const std::vector<const ir::Assign*>& batch) {
    std::vector<std::string> infos;
    for (const auto* a : batch) {
      const auto& c = *ir::expr_as<ir::Call>(a->value);
      check_create(c, a->value->span);
      check_create_strides(*a);
      auto* tt = ir::type_as<ir::TensorType>(a->var->type);
      if (!tt) fail(a->value->span, "tensor.create of a non-tensor");
      const std::size_t rank = list(c.args.at(0), a->value->span, "shape of tensor.create", list_a_);
      std::string_view shape = array(ir::var_name(a->var), "_shape", list_a_, rank);
      const auto& dt = dtype_spelling(tt->dtype);
      if (dt.runtime.empty()) fail(a->value->span, fmt::format("a pl.{} tensor has no runtime DataType", ir::name_of(tt->dtype)));
      infos.push_back(fmt::format(FMT_COMPILE("TensorCreateInfo({}, {}, DataType::{})"), shape, ir::expr_as<ir::MakeTuple>(c.args[0])->elems.size(), dt.runtime));
      batched_.try_emplace(a->var.get(), 1);
    }
    const int n = counters_["creates"]++;
    std::string_view creates = fresh(fmt::format(FMT_COMPILE("creates_{}"), n)), got = fresh(fmt::format(FMT_COMPILE("created_{}"), n));
    linef(FMT_COMPILE("TensorCreateInfo {}[{}] = {{"), creates, infos.size());
    ++indent_;
    for (std::size_t i = 0; i < infos.size(); ++i) line(infos[i] + (i + 1 < infos.size() ? "," : ""));
    --indent_;
    line("};");
    linef(FMT_COMPILE("TensorBatch {} = alloc_tensors({}, {});"), got, creates, infos.size());
    for (std::size_t i = 0; i < batch.size(); ++i) {
      std::string_view n = define(batch[i]->var);
      init_buf_.clear();
      fmt::format_to(std::back_inserter(init_buf_), FMT_COMPILE("{}[{}]"), got, i);
      declare("Tensor", n, init_buf_);
      own_root(n);
      own_layout(n, batch[i]->var->type);
    }
  }

  /// A create whose part is later assembled into `w.parent` at `w.offsets`: the kernel writes the
  /// parent's window directly (orch_window_alloc.hpp), so the assemble is the view written in place.
  void window_create(const ir::Assign& a, const WindowAlloc& w, Span sp) {
    const auto& c = *ir::expr_as<ir::Call>(a.value);
    check_create(c, sp);  // a view of the parent has the parent's (ND) layout
    std::string_view parent = val(w.parent);
    const std::size_t n_off = list(w.offsets, sp, "offsets of tensor.assemble", list_b_);
    std::string_view n = define(a.var);
    linef(FMT_COMPILE("// {}: the window of {} it is assembled into"), n, parent);
    const std::size_t rank = list(c.args.at(0), sp, "shape of tensor.create", list_a_);
    std::string_view sh = array(n, "_shapes", list_a_, rank);
    std::string_view of = array(n, "_offsets", list_b_, n_off);
    define_view(n, parent, sh, of, list_b_);
  }
  /// `Tensor n = parent.view(sh, of);`, and n is that view of parent (its own storage).
  void define_view(std::string_view n, std::string_view parent, std::string_view sh, std::string_view of,
                   std::string_view offsets) {
    init_buf_.clear();
    fmt::format_to(std::back_inserter(init_buf_), FMT_COMPILE("{}.view({}, {})"), parent, sh, of);
    declare("Tensor", n, init_buf_);
    const std::uint32_t id = id_of(n);
    info_[id].view = static_cast<std::uint32_t>(views_.size());
    views_.push_back({parent, cpp_names_.store(offsets)});
    info_[id].root = id;  // a window is not its parent's whole storage
    info_[id].cell = cell_of(parent);  // its elements lie at the parent's strides
  }

  void check_kwargs(const ir::Call& c, Span sp, std::initializer_list<std::string_view> known) {
    for (const auto& [k, v] : c.kwargs)
      if (std::find(known.begin(), known.end(), k) == known.end())
        fail(sp, fmt::format("{} with '{}=' has no runtime spelling", c.callee.view(), k));
  }

  /// A variable read where it has no C++ value, reported where it is read (the statement being
  /// written), not where it was declared: a pl.dynamic dim is declared at the top of the file
  /// (review rev45a 3: `[N * 2, 64]` named the `N = pl.dynamic("N")` line, with no way out).
  [[noreturn]] void fail_unvalued(const ir::Expr& e) const {
    const std::string& n = ir::var_name(e);
    std::string msg = fmt::format("'{}' is used but has no C++ value here", n);
    if (std::any_of(prog_.dyn_dims.begin(), prog_.dyn_dims.end(), [&](const ir::Expr& d) { return d.get() == e.get(); }))
      msg += fmt::format(" (the pl.dynamic dim of {}:{}): orchestration code reads a dim from a tensor parameter whose "
                         "shape has it as a whole extent ([{}, ...]), and no parameter of '{}' has; pass it as a "
                         "scalar parameter ({}: pl.Scalar[pl.INDEX])",
                         e->span.line, e->span.col, n, fn_.name, n);
    fail(stmt_span_.line ? stmt_span_ : e->span, std::move(msg));
  }

  void stmt(const ir::Stmt& s) {
    const Span outer = stmt_span_;
    stmt_span_ = s->span;
    stmt_kind(s);
    stmt_span_ = outer;  // an error after a nested body is the enclosing statement's
  }
  void stmt_kind(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return assign(*a, s->span);
    if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      if (auto* c = ir::expr_as<ir::Call>(e->value); c && c->kind == ir::CallKind::Function)
        return (void)task(c->callee, c->args, call_kwargs(*c, e->value->span), e->value->span, false);
      if (auto* sub = ir::expr_as<ir::Submit>(e->value)) return (void)task(sub->callee, sub->args, sub->kwargs, e->value->span, false);
      if (auto* c = ir::expr_as<ir::Call>(e->value))  // an op as a statement (`pl.write(...)`): name it
        fail(s->span, fmt::format("'{}' has no orchestration spelling (as a statement)", c->callee.view()));
      fail(s->span, "this expression statement has no spelling in orchestration code");
    }
    if (auto* f = ir::stmt_as<ir::For>(s)) return for_loop(*f, s->span);
    if (auto* w = ir::stmt_as<ir::While>(s)) return while_loop(*w, s->span);
    if (auto* x = ir::stmt_as<ir::If>(s)) return if_stmt(*x, s->span);
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return scope(*sc, s->span);
    fail(s->span, "this statement has no spelling in orchestration code");
  }

  void assign(const ir::Assign& a, Span sp) {
    const ir::Expr& v = a.value;
    if (names_.count(a.var.get())) return;  // bound already (a projection named by its unpacking)
    if (batched_.count(a.var.get())) return;
    if (const WindowAlloc* w = window_allocs_.find(a.var.get())) return window_create(a, *w, sp);
    if (const int* slot = result_slots_.find(a.var.get())) {
      if (ir::is_op_call(v, "tensor.create")) {
        check_create(*ir::expr_as<ir::Call>(v), v->span);
        check_create_strides(a);
      }
      std::string_view n = define(a.var);
      init_buf_.clear();
      fmt::format_to(std::back_inserter(init_buf_), FMT_COMPILE("orch_args.tensor({}).ref()"), *slot);
      declare("Tensor", n, init_buf_);
      own_root(n);
      own_layout(n, a.var->type);
      return;
    }
    if (auto* g = ir::expr_as<ir::TupleGetItem>(v)) {
      const auto* elems = tuples_.find(g->tuple.get());
      if (!elems || g->index < 0 || static_cast<std::size_t>(g->index) >= elems->second)
        fail(sp, "a projection of a tuple that has no C++ value");
      names_[a.var.get()] = tuple_elems_[elems->first + static_cast<std::size_t>(g->index)];
      return;
    }
    if (auto* t = ir::expr_as<ir::MakeTuple>(v)) {
      std::vector<std::string_view> elems;
      for (const auto& x : t->elems) elems.push_back(val(x));
      set_tuple(a.var.get(), elems);
      return;
    }
    if (auto* c = ir::expr_as<ir::Call>(v); c && c->kind == ir::CallKind::Function)
      return bind_task_results(a, task(c->callee, c->args, call_kwargs(*c, v->span), v->span, false), sp);
    if (auto* sub = ir::expr_as<ir::Submit>(v)) return bind_task_results(a, task(sub->callee, sub->args, sub->kwargs, v->span, true), sp);
    if (auto* c = ir::expr_as<ir::Call>(v)) return tensor_op(a, *c, v->span);
    // A scalar computation or an alias.
    std::string init = expr(v);
    std::string_view n = define(a.var);
    declare(cpp_type(a.var->type, sp), n, init);
    if (ir::type_as<ir::TensorType>(a.var->type)) {
      const std::uint32_t id = id_of(n), r = root_of(init), view = view_of(init);
      info_[id].root = r != npos ? r : id;
      if (view != npos) info_[id].view = view;
      info_[id].cell = cell_of(init);  // an alias shares its value's layout (none: not known)
    }
  }
  /// The tuple value `t` is these C++ elements (stable texts).
  void set_tuple(const ir::ExprNode* t, const std::vector<std::string_view>& elems) {
    tuples_[t] = {static_cast<std::uint32_t>(tuple_elems_.size()), static_cast<std::uint32_t>(elems.size())};
    tuple_elems_.insert(tuple_elems_.end(), elems.begin(), elems.end());
  }

  void tensor_op(const ir::Assign& a, const ir::Call& c, Span sp) {
    const TensorOpSpelling* row = find_tensor_op(c.callee.view());
    if (!row)
      fail(sp, fmt::format("'{}' has no orchestration spelling (pto_format.md, orchestration: tensor.create, "
                           "tensor.slice, tensor.assemble of a view, tensor.read, kernel calls)",
                           c.callee.view()));
    // The operands each form reads (a malformed call is an error, not a read past its arguments:
    // `ptorw compile` emits ahead of the final verification).
    const std::size_t need = row->form == OrchForm::Create ? 1 : row->form == OrchForm::Read ? 2 : 3;
    if (c.args.size() < need || (row->form == OrchForm::Assemble && c.args.size() != 3))
      fail(sp, fmt::format("'{}' with {}", c.callee.view(), counted(c.args.size(), "operand")));
    for (const auto& x : c.args)
      if (!x) fail(sp, fmt::format("'{}' with a missing operand", c.callee.view()));
    switch (row->form) {
      case OrchForm::Create: return allocate({&a});  // one whose shape this block computes
      case OrchForm::View: {
        check_kwargs(c, sp, {});
        if (c.args.size() > 3) fail(sp, "tensor.slice with a valid_shape has no runtime spelling");
        auto* src = ir::type_as<ir::TensorType>(c.args[0]->type);
        auto* shape = ir::expr_as<ir::MakeTuple>(c.args[1]);
        if (!src || !shape || shape->elems.size() != src->shape.size())
          fail(sp, "a rank-reducing tensor.slice has no runtime spelling (view keeps the rank)");
        std::string_view parent = val(c.args[0]);
        const std::size_t n_off = list(c.args[2], sp, "offsets of tensor.slice", list_b_);
        std::string_view n = define(a.var);
        const std::size_t rank = list(c.args[1], sp, "shape of tensor.slice", list_a_);
        std::string_view sh = array(n, "_shapes", list_a_, rank);
        std::string_view of = array(n, "_offsets", list_b_, n_off);
        define_view(n, parent, sh, of, list_b_);
        return;
      }
      case OrchForm::Assemble: {
        std::string_view parent = val(c.args[0]), part = val(c.args[1]);
        (void)list(c.args[2], sp, "offsets of tensor.assemble", list_b_);
        const std::uint32_t view = view_of(part);
        const ViewOf* it = view != npos ? &views_[view] : nullptr;
        bool same = it && it->offsets == std::string_view(list_b_);
        bool by_name = same && it->parent == parent;
        const std::uint32_t root = same && !by_name ? root_of(parent) : npos;
        const std::uint32_t view_root = root != npos ? root_of(it->parent) : npos;
        bool by_root = root != npos && view_root != npos && root == view_root;
        if (by_root && info_[root].broken) by_root = false;
        if (!by_name && !by_root)
          fail(sp, fmt::format("tensor.assemble of '{}' into '{}' copies data (the part is not the view of that parent "
                               "at these offsets), and the runtime API has no copy task",
                               ir::var_name(c.args[1]), ir::var_name(c.args[0])));
        if (by_root) info_[root].relied = true;
        // The kernel wrote through the view: the assembled tensor is the parent itself.
        names_[a.var.get()] = parent;
        return;
      }
      case OrchForm::Read: {
        auto* s = scalar(a.var);
        if (!s) fail(sp, "tensor.read of a non-scalar");
        std::string t = cpp_type(a.var->type, sp);
        std::string src = expr(c.args[0]);
        const std::size_t n_idx = list(c.args[1], sp, "indices of tensor.read", list_a_);
        std::string_view idx = array(ir::var_name(a.var), "_index", list_a_, n_idx);
        std::string_view n = define(a.var);
        declare(t, n, fmt::format(FMT_COMPILE("{}.read<{}>({})"), src, t, idx));
        return;
      }
    }
  }

  /// A plain kernel call's keywords: the runtime API has no place for any (`self.k(a, o, device=n)`),
  /// so one is refused rather than dropped (the IR keeps and compares them).
  ir::Kwargs call_kwargs(const ir::Call& c, Span sp) const {
    for (const auto& [key, v] : c.kwargs)
      fail(sp, fmt::format("a call of '{}' with '{}=' has no runtime spelling", c.callee.view(), key));
    return {};
  }

  /// One task for a kernel (or Group) call; returns its C++ result elements (the Out/InOut
  /// arguments each result is, then the task id when `want_id`).
  std::vector<std::string_view> task(const ir::Symbol& callee, const std::vector<ir::Expr>& args, const ir::Kwargs& kw,
                                     Span sp, bool want_id) {
    const KernelInfo* k = kernels_.kernel(callee.view());
    const GroupInfo* g = k ? nullptr : kernels_.group(callee.view());
    if (!k && !g && callee.view() == fn_.name)
      fail(sp, fmt::format("'{}' calls itself: an orchestration function is not a task, and recursion has no runtime "
                           "spelling (only kernel and Group calls become tasks)",
                           fn_.name));
    if (!k && !g)
      fail(sp, fmt::format("'{}' is not an InCore/AIC/AIV kernel or a Group: calling it has no runtime spelling", callee.view()));
    const ir::Function& f = k ? *k->fn : *g->fn;
    if (k && k->kind == KernelKind::Mixed)
      fail(sp, fmt::format("kernel '{}' uses cube (Mat/Left/Right/Acc) and vector (Vec) storage: one task runs on one "
                           "core, so it must be split into AIC and AIV kernels of a Group first", f.name));
    if (g && !g->error.empty()) fail(sp, fmt::format("Group '{}' is not a mixed task: {}", f.name, g->error));
    if (g && !g->slot_error.empty())
      fail(g->slot_error_span.line ? g->slot_error_span : sp,
           fmt::format("Group '{}' has no mixed-task form: {}", f.name, g->slot_error));
    if (args.size() != f.params.size()) fail(sp, fmt::format("'{}' takes {}", f.name, counted(f.params.size(), "argument")));
    for (const auto& [key, v] : kw)
      if (key != "deps") fail(sp, fmt::format("pl.submit with '{}=' has no runtime spelling", key));

    std::string_view ta = counter("args");
    linef(FMT_COMPILE("Arg {};"), ta);
    for (std::size_t i = 0; i < args.size(); ++i) {
      const auto& p = f.params[i];
      if (ir::type_as<ir::TensorType>(p.var->type)) {
        if (!ir::type_as<ir::TensorType>(args[i]->type)) fail(args[i]->span, "a tensor parameter given a non-tensor");
        std::string_view a = val(args[i]);
        check_layout(a, args[i], f, i, k ? nullptr : g, sp);
        linef(FMT_COMPILE("{}.{}({});"), ta, direction_call(p.dir), a);
      } else {
        linef(FMT_COMPILE("{}.{}({});"), ta, kScalarArgCall, scalar_word(args[i]));
      }
    }
    if (auto* d = ir::find_kwarg(kw, "deps")) {
      std::vector<std::string> ids;
      const ir::Expr* e = std::get_if<ir::Expr>(d);
      const ir::MakeTuple* t = e ? ir::expr_as<ir::MakeTuple>(*e) : nullptr;
      if (!t) fail(sp, "deps= must be a list of task ids");
      for (const auto& x : t->elems) {
        auto* s = scalar(x);
        if (!s || s->dtype != ir::DType::TASK_ID) fail(x->span, "a deps= entry that is not a TASK_ID");
        ids.push_back(expr(x));
      }
      if (!ids.empty()) {
        std::string_view dn = counter("deps");
        std::string joined;
        for (std::size_t i = 0; i < ids.size(); ++i) joined += (i ? ", " : "") + ids[i];
        linef(FMT_COMPILE("PTO2TaskId {}[{}] = {{{}}};"), dn, ids.size(), joined);
        linef(FMT_COMPILE("{}.{}({}, {});"), ta, kSetDependencies, dn, ids.size());
      }
    }
    std::string& submit = pending_submit_;  // formatted in place (no string per task)
    submit.clear();
    if (k) {
      fmt::format_to(std::back_inserter(submit), FMT_COMPILE("{}({} /* {} */, {})"), kind_spelling(k->kind).submit, k->id, f.name, ta);
    } else {
      // The Group's member rows (orch_kernels.hpp): each member's entry wrapper reads the slots its
      // parameters are bound to in the Group's body.
      fmt::format_to(std::back_inserter(submit), FMT_COMPILE("{}(MixedKernels{{{}, {}, {}}} /* {} */, {})"),
                     kind_spelling(KernelKind::Mixed).submit, g->members[0].id, g->members[1].id,
                     g->members.size() > 2 ? g->members[2].id : -1, f.name, ta);
    }
    std::vector<std::string_view> results;
    const std::vector<int>& rp = k ? k->result_param : g->result_param;
    pending_result_error_ = k ? k->result_error : std::string();
    pending_callee_ = f.name;
    for (int p : rp) results.push_back(p >= 0 ? val(args[p]) : std::string_view());
    if (want_id) {
      results.emplace_back();  // the task id, named by bind_task_results
    } else {
      linef(FMT_COMPILE("{};"), submit);
      submit.clear();
    }
    return results;
  }
  std::string pending_submit_, pending_result_error_, pending_callee_;

  /// The kernel (or each member kernel of Group `g` bound to this argument) addresses argument `a`
  /// of parameter `i` of `f` with the strides its storage is laid out with (orch_layouts.hpp).
  void check_layout(std::string_view a, const ir::Expr& arg, const ir::Function& f, std::size_t i, const GroupInfo* g,
                    Span sp) {
    const Layouts::Cell c = cell_of(a);
    const ir::TensorType* storage = layouts_.layout(c);
    const auto& p = f.params[i];
    if (!storage)
      fail(sp, fmt::format("the strides of '{}' (argument {} of '{}', parameter '{}') are not known here (a loop carry "
                           "or If result whose values are stored with different strides, or a value taken from one), "
                           "so the kernel's addressing of it cannot be checked",
                           a, i + 1, f.name, ir::var_name(p.var)));
    layouts_.rely(c);
    auto check = [&](const ir::Function& kf, const ir::Param& kp) {
      auto* pt = ir::type_as<ir::TensorType>(kp.var->type);
      if (pt && strides_agree(*pt, *storage)) return;
      if (pt && (!detail::static_strides(*pt) || !detail::static_strides(*storage)))
        fail(sp, fmt::format("'{}' addresses its parameter '{}' with strides {} and its argument '{}' is stored with "
                             "strides {}: symbolic strides that cannot be proven equal here, and a kernel handed other "
                             "strides would read or write the wrong elements",
                             kf.name, ir::var_name(kp.var), strides_text(*pt), a, strides_text(*storage)));
      // The hint applies where a pattern could have attached the strides: a packed parameter.
      const bool packed = pt && (!pt->view || pt->view->stride.empty());
      // A create the kernel writes that could not be the window it is assembled into: why (the
      // strides the parameter has may be ones a pattern attached from that assemble; aud6 F5).
      // Only at that create's own call and Out parameter: the create variable itself, handed to the
      // parameter whose strides it was not laid out with (review rev10 F1).
      const ir::ExprNode* root = arg.get() == roots_of_.root(arg) ? arg.get() : nullptr;
      auto root_name = [](const ir::ExprNode& n) {
        const auto* v = std::get_if<ir::Var>(&n.kind);
        return v ? v->name : std::string("the buffer");
      };
      const WindowDecline* why = root ? window_declines_.find(root) : nullptr;
      if (why && (why->kernel != &kf || why->param < 0 || &kf.params[static_cast<std::size_t>(why->param)] != &kp))
        why = nullptr;
      fail(sp, fmt::format("'{}' addresses its parameter '{}' with strides {}, but its argument '{}' is stored with "
                           "strides {}: the kernel would read or write the wrong elements{}{}",
                           kf.name, ir::var_name(kp.var), pt ? strides_text(*pt) : "?", a, strides_text(*storage),
                           packed ? ". OptimizeOrchTensors attaches the parent's strides to a parameter only when every "
                                    "call site agrees (see its remarks)"
                                  : "",
                           why ? ". " + why->text(root_name(*root)) : std::string()));
    };
    if (!g) return check(f, p);
    // A Group's members read the Group's argument slots (orch_kernels.hpp): each member parameter
    // bound to this parameter's slot addresses the argument with its own type.
    const int slot = param_slots(f)[i];
    for (const auto& m : g->members)
      for (const auto& ki : kernels_.kernels)
        if (ki.id == m.kernel)
          for (std::size_t j = 0; j < m.slots.size() && j < ki.fn->params.size(); ++j)
            if (m.slots[j] == slot) check(*ki.fn, ki.fn->params[j]);
  }

  void bind_task_results(const ir::Assign& a, std::vector<std::string_view> results, Span sp) {
    const bool submit = !pending_submit_.empty();
    if (submit) {
      // The task id: named by its projection when the tuple is unpacked (`out, tid = pl.submit(...)`),
      // by the target when the kernel returns nothing (`tid = pl.submit(...)`); no local when no
      // statement of the function reads it.
      const bool tuple = ir::type_as<ir::TupleType>(a.var->type) != nullptr;
      if (tuple && !id_var_ && !projected_ids_.count(a.var.get())) {
        linef(FMT_COMPILE("{};"), pending_submit_);
      } else {
        std::string_view id = id_var_ ? define(*id_var_) : tuple ? counter("task") : define(a.var);
        declare("PTO2TaskId", id, pending_submit_);
        results.back() = id;
      }
      pending_submit_.clear();
    }
    for (std::size_t i = 0; i + (submit ? 1 : 0) < results.size(); ++i)
      if (results[i].empty())
        fail(sp, fmt::format("'{}', the result of '{}', is used, but {}", ir::var_name(a.var), pending_callee_, pending_result_error_));
    if (ir::type_as<ir::TupleType>(a.var->type)) {
      set_tuple(a.var.get(), results);
    } else if (results.size() == 1) {
      names_[a.var.get()] = results[0];
    } else {
      fail(sp, "a call whose results do not match its target");
    }
  }

  /// Whether the C++ expression `text` names the identifier `id` (as a whole token).
  static bool names_identifier(std::string_view text, std::string_view id) {
    for (std::size_t at = text.find(id); at != std::string_view::npos; at = text.find(id, at + 1)) {
      const std::size_t end = at + id.size();
      if ((at == 0 || !ident_char(text[at - 1])) && (end == text.size() || !ident_char(text[end]))) return true;
    }
    return false;
  }
  void yields(const ir::Yield& y, const std::vector<std::string_view>& to, Span sp) {
    std::vector<std::string> vals;
    for (const auto& v : y.values) vals.push_back(expr(v));
    // A yield is simultaneous: a value that reads another carried local — the local itself (a swap)
    // or an expression naming it (`pl.yield_(b + 1, a + b)`) — is evaluated before any is assigned.
    bool crossed = false;
    for (std::size_t i = 0; i < vals.size(); ++i)
      for (std::size_t j = 0; j < to.size(); ++j) crossed = crossed || (i != j && names_identifier(vals[i], to[j]));
    for (std::size_t i = 0; i < vals.size() && i < to.size(); ++i) {
      const Layouts::Cell tc = cell_of(to[i]), vc = cell_of(vals[i]);
      if (tc == Layouts::none) continue;
      const ir::TensorType* before = layouts_.layout(tc);
      if (!layouts_.merge(tc, vc)) {
        const ir::TensorType* now = layouts_.layout(vc);
        fail(sp, fmt::format("loop carry '{}' is yielded '{}', stored with {}, but '{}' was relied on with strides {} "
                             "earlier (a kernel was handed it, or a value a kernel was handed took its strides from "
                             "it): the next iteration would address it wrongly",
                             to[i], vals[i], now ? "strides " + strides_text(*now) : std::string("strides that are not known"),
                             to[i], before ? strides_text(*before) : std::string("?")));
      }
    }
    // A yield whose storage is not known (an If result of several tensors, say) may be another
    // tensor too: the carry may move (review rev40b F3: `c = q if n > 0 else acc` yielded kept acc
    // p's storage, and a later assemble into the loop result was taken as in place in p).
    for (std::size_t i = 0; i < vals.size(); ++i) {
      const std::uint32_t r = root_of(to[i]), v = root_of(vals[i]);
      if (r != npos && r != v) {
        if (info_[r].relied)
          fail(sp, fmt::format("loop carry '{}' changes storage, but an assemble relied on it staying in place", to[i]));
        info_[r].broken = true;
      }
    }
    if (crossed) {
      std::vector<std::string> tmp;
      for (std::size_t i = 0; i < vals.size(); ++i) {
        tmp.emplace_back(counter("carry"));
        linef(FMT_COMPILE("auto {} = {};"), tmp.back(), vals[i]);
      }
      vals = tmp;
    }
    for (std::size_t i = 0; i < vals.size(); ++i)
      if (vals[i] != to[i]) linef(FMT_COMPILE("{} = {};"), to[i], vals[i]);
  }

  /// Iter args as mutable locals initialized from their inits; returns their names.
  std::vector<std::string_view> carried(const std::vector<ir::Expr>& iter_args) {
    std::vector<std::string_view> names;
    for (const auto& ia : iter_args) {
      auto* x = ir::expr_as<ir::IterArg>(ia);
      if (!x || !x->init) fail(ia ? ia->span : fn_.span, "a loop-carried value without its initial value");
      std::string init = expr(x->init);
      std::string_view n = define(ia);
      linef(FMT_COMPILE("{} {} = {};"), cpp_type(ia->type, ia->span), n, init);
      if (const std::uint32_t r = root_of(init); r != npos) set_root(n, r);
      if (ir::type_as<ir::TensorType>(ia->type)) set_cell(n, layouts_.carry(cell_of(init)));
      names.push_back(n);
    }
    return names;
  }
  void loop_results(const std::vector<ir::Expr>& rv, const std::vector<std::string_view>& carried_names) {
    for (std::size_t i = 0; i < rv.size() && i < carried_names.size(); ++i) {
      std::string_view n = define(rv[i]);
      declare(cpp_type(rv[i]->type, rv[i]->span), n, carried_names[i]);
      if (const std::uint32_t r = root_of(carried_names[i]); r != npos) set_root(n, r);
      set_cell(n, cell_of(carried_names[i]));
    }
  }

  void for_loop(const ir::For& f, Span sp) {
    auto c = carried(f.iter_args);
    std::string lb = expr(f.start), ub = expr(f.stop);
    auto step = ir::const_int_value(f.step);  // a constant expression is a constant (as the lowering reads it)
    if (!step || *step == 0) fail(sp, "a loop step that is not a non-zero constant has no spelling in orchestration code");
    std::string_view i = define(f.loop_var);
    std::string inc = *step == 1    ? fmt::format(FMT_COMPILE("++{}"), i)
                      : *step == -1 ? fmt::format(FMT_COMPILE("--{}"), i)
                                    : fmt::format(FMT_COMPILE("{} += {}"), i, *step);
    if (f.kind == ir::ForKind::Parallel) line("// pl.parallel: the runtime orders its tasks by their data only");
    linef(FMT_COMPILE("for (int64_t {} = {}; {} {} {}; {}) {{"), i, lb, i, *step > 0 ? "<" : ">", ub, inc);
    ++indent_;
    block(f.body, &c);
    --indent_;
    line("}");
    loop_results(f.return_vars, c);
  }

  void while_loop(const ir::While& w, Span) {
    auto c = carried(w.iter_args);
    linef(FMT_COMPILE("while ({}) {{"), expr(w.cond));
    ++indent_;
    block(w.body, &c);
    --indent_;
    line("}");
    loop_results(w.return_vars, c);
  }

  void if_stmt(const ir::If& x, Span sp) {
    std::vector<std::string_view> rv;
    for (const auto& r : x.return_vars) {
      std::string_view n = define(r);
      std::string t = cpp_type(r->type, r->span);
      if (ir::type_as<ir::TensorType>(r->type)) set_cell(n, layouts_.unset());
      std::string decl = t == "PTO2TaskId" ? fmt::format("{} {} = PTO2_INVALID_TASK_ID;", t, n) : fmt::format("{} {}{{}};", t, n);
      if (hoist_ && indent_ == hoist_depth_) hoist_->push_back(decl);  // used after the scope block
      else line(decl);
      rv.push_back(n);
    }
    if (!x.else_body && !rv.empty()) fail(sp, "an If with results and no else");
    linef(FMT_COMPILE("if ({}) {{"), expr(x.cond));
    ++indent_;
    block(x.then_body, &rv);
    --indent_;
    if (x.else_body) {
      line("} else {");
      ++indent_;
      block(x.else_body, &rv);
      --indent_;
    }
    line("}");
    // A result that is one storage on both arms (Roots: the IR's judgment, e.g. a loop carry or
    // a write into it on each arm) is that storage here too; any other result has none (unknown:
    // a loop carry yielded it may have moved, see yields()).
    for (std::size_t i = 0; i < rv.size(); ++i) {
      if (!ir::type_as<ir::TensorType>(x.return_vars[i]->type)) continue;
      const ir::ExprNode* st = roots_of_.root(x.return_vars[i]);
      const std::string_view* storage_name = st ? names_.find(st) : nullptr;
      if (storage_name)
        if (const std::uint32_t r = root_of(*storage_name); r != npos) set_root(rv[i], r);
    }
  }

  void scope(const ir::Scope& sc, Span sp) {
    if (sc.kind != ir::ScopeKind::Manual)
      fail(sp, std::string(detail::kScopeNotOutlined));
    if (manual_) fail(sp, "a manual scope inside a manual scope (the runtime forbids nesting them)");
    // The scope is a C++ block: what it defines and the rest of the function uses is declared before it.
    std::vector<std::string> hoisted;
    std::string saved;
    std::swap(out_, saved);
    auto* outer_hoist = hoist_;
    const int outer_depth = hoist_depth_;
    hoist_ = &hoisted;
    ++indent_;
    hoist_depth_ = indent_;
    manual_ = true;
    block(sc.body, nullptr);
    manual_ = false;
    --indent_;
    hoist_ = outer_hoist;
    hoist_depth_ = outer_depth;
    std::swap(out_, saved);  // saved = the scope's body
    for (const auto& h : hoisted) line(h);
    line(std::string(kManualScope) + " {");
    out_ += saved;
    line("}");
    // What the scope allocated is reclaimed here (check_live); a window of a tensor from outside
    // is not the scope's allocation.
    std::function<void(const ir::Stmt&)> note = [&](const ir::Stmt& st) {
      if (auto* a = ir::stmt_as<ir::Assign>(st); a && ir::is_op_call(a->value, "tensor.create") && !window_allocs_.count(a->var.get()))
        reclaimed_.emplace(a->var.get(), std::make_pair(ir::var_name(a->var), sp));
      visit::for_each_child(st, [](const ir::Expr&) {}, note);
    };
    if (sc.body) note(sc.body);
  }

  // ---- the file ----
  std::string prologue() const {
    std::string s;
    s += fmt::format("// Orchestration of '{}' ({}), generated by ptorw: do not edit.\n", fn_.name, label_);
    s += "// Task runtime API: ../shared/pto_format.md, \"Orchestration functions\"; its declarations are\n";
    s += "// force-included by the build (-include), e.g. test/support/pto_runtime_decls.hpp for a syntax check.\n";
    s += "#include <cstdint>\n";
    if (need_float_bits_ || need_bits_float_) s += "#include <cstring>\n";
    if (need_limits_) s += "#include <limits>\n";
    s += "\n// Kernels (ids index the manifest's kernel list):\n";
    for (const auto& k : kernels_.kernels)
      s += fmt::format("//   {} {} ({})\n", k.id, k.fn->name, kind_spelling(k.kind).manifest);
    for (const auto& g : kernels_.groups)
      for (const auto& m : g.members)
        if (m.id >= 0)
          s += fmt::format("//   {} {} ({}, a member of Group {})\n", m.id, member_row_name(g, m),
                           kernels_.kernels[static_cast<std::size_t>(m.kernel)].fn->name, g.fn->name);
    s += "\n";
    if (need_float_bits_) s += kFloatBitsHelper;
    if (need_bits_float_) s += kBitsFloatHelper;
    if (need_floordiv_) s += kFloorDivHelper;
    if (need_mod_) s += kModHelper;
    if (need_fminmax_) s += kFMinMaxHelper;
    if (need_float_bits_ || need_bits_float_ || need_floordiv_ || need_mod_ || need_fminmax_) s += "\n";
    s += fmt::format("extern \"C\" int32_t orchestration_config() {{ return {}; }}\n\n", arg_count_);
    s += "extern \"C\" void orchestration_entry(const OrchArgs& orch_args) {\n";
    return s;
  }
};

}  // namespace ptorw::codegen::orch
