// The PTO emitter of one Buffer-stage kernel (pto_format.md): a walk over the function that builds
// the MLIR model of mlir_ops.hpp. Elementwise Buffer ops are emitted from the Elementwise recipe
// entry's rows (lowering/recipes/elementwise_table.hpp), every other Buffer op from the spelling
// table (pto_spelling.hpp) once its producing recipe entry is found (lowering/recipes/all_recipes.hpp),
// scalars through emit_state.hpp. An op, type or statement without a spelling
// throws EmitError naming it; the caller turns that into a diagnostic and prints nothing.
#pragma once
#include "ptorw/codegen/emit_state.hpp"
#include "ptorw/codegen/pto_spelling.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/visit/describe.hpp"

namespace ptorw::codegen {

enum class Arch : std::uint8_t { A2A3, A5 };
inline std::string_view arch_name(Arch a) { return a == Arch::A5 ? "a5" : "a2a3"; }

struct EmitOptions {
  Arch arch = Arch::A2A3;
  bool generic = false;                  // MLIR generic form (for mlir-opt-19), same module
  PtoVersion version = PtoVersion::New;  // assembler spellings (pto_spelling.hpp)
  bool locations = false;                // loc("file":line:col) on ops with a source position
  /// emit_program: stop at the first kernel that cannot be emitted and return no kernels. Off by
  /// default: every kernel that can be emitted is, and each one that cannot is a diagnostic.
  bool fail_fast = false;
};

class KernelEmitter : EmitState {
 public:
  KernelEmitter(const ir::Program& p, const ir::Function& f, const EmitOptions& o) : prog_(p), fn_(f), opts_(o) {}

  /// The kernel's model; throws EmitError at the first construct without a spelling.
  Kernel run() {
    for (auto p : kSpmdParams) names_.insert(std::string(p));
    Kernel k;
    k.name = fn_.name;
    if (fn_.type == ir::FunctionType::AIC) k.attrs.emplace_back("pto.kernel_kind", "#pto.kernel_kind<cube>");
    if (fn_.type == ir::FunctionType::AIV) k.attrs.emplace_back("pto.kernel_kind", "#pto.kernel_kind<vector>");
    std::vector<Op> body;
    insert_.push_back(&body);
    params(k);
    emit_body(fn_.body, /*top=*/true);
    if (body.empty() || body.back().syntax != Syntax::Return) add(make_op(Syntax::Return, "func.return"));
    if (uses_spmd_)
      for (auto p : kSpmdParams) k.params.push_back({std::string(p), "i32"});
    k.body = std::move(consts_);
    k.body.insert(k.body.end(), std::make_move_iterator(body.begin()), std::make_move_iterator(body.end()));
    k.types = types_;
    return k;
  }

 private:
  const ir::Program& prog_;
  const ir::Function& fn_;
  const EmitOptions& opts_;
  std::unordered_map<const ir::ExprNode*, Val> views_;                // GM tensor -> its tensor_view
  std::unordered_set<const ir::ExprNode*> alloc_backed_;               // handles defined by alloc
  bool uses_spmd_ = false;
  int partitions_ = 0;

  // ---- parameters: GM tensors first as !pto.ptr, then scalars; one tensor_view per tensor ----
  void params(Kernel& k) {
    std::vector<const ir::Param*> tensors, scalars;
    for (const auto& p : fn_.params) {
      if (ir::type_as<ir::TensorType>(p.var->type)) tensors.push_back(&p);
      else if (ir::type_as<ir::ScalarType>(p.var->type)) scalars.push_back(&p);
      else fail(p.var->span, "kernel parameter '" + ir::var_name(p.var) + "' has no PTO spelling (GM tensors and scalars only)");
    }
    int n = 0;
    std::vector<Val> ptrs;
    for (const auto* p : tensors) {
      auto t = ptr_type(ir::type_as<ir::TensorType>(p->var->type)->dtype);
      if (!t.ok()) fail(p->var->span, t.error);
      ptrs.push_back({fresh("arg" + std::to_string(n++)), intern(t.text)});
      k.params.push_back(ptrs.back());
    }
    for (const auto* p : scalars) {
      Val v{fresh("arg" + std::to_string(n++)), arith_type(scalar_dtype(p->var), p->var->span)};
      values_[p->var.get()] = v;
      k.params.push_back(v);
    }
    // A symbolic dim (`M = pl.dynamic("M")`) in a tensor shape is read from the scalar parameter of
    // the same name.
    for (const auto& d : prog_.dyn_dims)
      for (const auto* p : scalars)
        if (ir::var_name(p->var) == ir::var_name(d)) values_[d.get()] = values_[p->var.get()];
    for (std::size_t i = 0; i < tensors.size(); ++i) tensor_view(*tensors[i], ptrs[i], static_cast<int>(i));
  }

  void tensor_view(const ir::Param& p, const Val& ptr, int index) {
    const auto& t = *ir::type_as<ir::TensorType>(p.var->type);
    ir::Span sp = p.var->span;
    if (ir::has_valid_or_pad(t.view))
      fail(sp, "a GM TensorView valid_shape/pad on '" + ir::var_name(p.var) + "' has no PTO spelling");
    std::vector<Val> shape, strides(t.shape.size());
    for (const auto& d : t.shape) shape.push_back(index_value(d));
    if (t.view && !t.view->stride.empty()) {
      if (t.view->stride.size() != t.shape.size()) fail(sp, "TensorView stride rank differs from the shape rank");
      for (std::size_t i = 0; i < t.shape.size(); ++i) strides[i] = index_value(t.view->stride[i]);
    } else if (!t.shape.empty()) {  // packed row-major
      std::optional<std::int64_t> acc = 1;
      strides.back() = const_int(1, ir::DType::INDEX, sp);
      for (std::size_t i = t.shape.size() - 1; i-- > 0;) {
        auto d = static_int(t.shape[i + 1]);
        std::int64_t prod = 0;
        if (acc && d && __builtin_mul_overflow(*acc, *d, &prod))  // no INDEX constant holds it
          fail(sp, "the packed strides of '" + ir::var_name(p.var) + "' overflow int64 (the product of its trailing dims)");
        acc = acc && d ? std::optional<std::int64_t>(prod) : std::nullopt;
        strides[i] = acc ? const_int(*acc, ir::DType::INDEX, sp) : arith2("arith.muli", strides[i + 1], shape[i + 1], sp, {});
      }
    }
    auto vt = tensor_view_type(t.shape.size(), t.dtype);
    Op op = make_op(Syntax::MakeTensorView, "pto.make_tensor_view");
    op.operands = {ptr};
    op.operands.insert(op.operands.end(), shape.begin(), shape.end());
    op.operands.insert(op.operands.end(), strides.begin(), strides.end());
    op.segments = {1, static_cast<int>(shape.size()), static_cast<int>(strides.size())};
    op.attrs = {{"layout", std::string(tensor_layout_attr(t.view ? t.view->layout : ir::TensorLayout::ND))}};
    op.loc = sp;
    views_[p.var.get()] = add_result(std::move(op), "tv" + std::to_string(index), vt.text);
  }

  // ---- statements ----
  /// Emits a body's statements; returns its trailing yield (nullptr if none).
  const ir::Yield* emit_body(const ir::Stmt& s, bool top = false) {
    const ir::Yield* y = nullptr;
    for (const auto& st : ir::stmts_of(s)) {
      if (y) fail(st->span, "statements after pl.yield_");
      if (auto* yy = ir::stmt_as<ir::Yield>(st)) y = yy;
      else if (ir::stmt_as<ir::Seq>(st)) y = emit_body(st, top);
      else stmt(st, top);
    }
    return y;
  }

  void stmt(const ir::Stmt& s, bool top) {
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign>) assign(k, s->span);
      else if constexpr (std::is_same_v<K, ir::Eval>) effect(k.value);
      else if constexpr (std::is_same_v<K, ir::For>) for_loop(k, s->span);
      else if constexpr (std::is_same_v<K, ir::If>) if_stmt(k, s->span);
      else if constexpr (std::is_same_v<K, ir::While>) while_loop(k, s->span);
      else if constexpr (std::is_same_v<K, ir::Return>) ret(k, s->span, top);
      else fail(s->span, "this statement has no PTO spelling (scopes are outlined before codegen)");
    }, s->kind);
  }

  void assign(const ir::Assign& a, ir::Span sp) {
    const ir::Expr& var = a.var;
    auto* c = ir::expr_as<ir::Call>(a.value);
    if (c && c->kind == ir::CallKind::Op && !ir::type_as<ir::ScalarType>(var->type)) return define(var, *c, a.value, sp);
    if (ir::type_as<ir::BufferType>(var->type) && ir::is_var_like(a.value)) {
      values_[var.get()] = buffer(a.value);
      if (alloc_backed_.count(a.value.get())) alloc_backed_.insert(var.get());
      return;
    }
    if (ir::type_as<ir::TensorType>(var->type) && ir::is_var_like(a.value)) {
      views_[var.get()] = tensor(a.value).first;
      return;
    }
    if (ir::type_as<ir::ScalarType>(var->type)) {
      values_[var.get()] = scalar_as(a.value, scalar_dtype(var), ir::var_name(var));
      return;
    }
    fail(sp, "an assignment of this type has no PTO spelling");
  }

  Val scalar_as(const ir::Expr& e, ir::DType d, const std::string& hint) {
    if (!detail::is_literal(e) && !ir::is_var_like(e)) {
      if (scalar_dtype(e) != d) fail(e->span, "the value's type differs from its annotation; convert it with pl.cast");
      return scalar(e, hint);
    }
    return EmitState::scalar_as(e, d);
  }

  // ---- Buffer ops ----
  const OpSpelling& spelling(const ir::Call& c, const ir::Expr& e) {
    if (c.kind != ir::CallKind::Op) fail(e->span, "the call of '" + c.callee + "' has no PTO spelling (device helper calls)");
    const OpSpelling* s = find_spelling(c.callee);
    if (!s) fail(e->span, "'pl." + c.callee + "' has no PTO spelling");
    // The op's owner is the recipe entry that produces it (lowering/recipes/all_recipes.hpp): a
    // spelling without an entry would emit what no recipe writes and no verifier rule covers.
    if (lowering::producer_name(ir::op_id(c.callee)).empty()) fail(e->span, "'pl." + c.callee + "' is produced by no recipe entry");
    check_arity(c, e);
    if (!c.attrs.empty()) fail(e->span, "'pl." + c.callee + "' call attributes have no PTO spelling");
    if (!c.kwargs.empty()) fail(e->span, "'pl." + c.callee + "' keyword '" + c.kwargs.front().first + "' has no PTO spelling");
    return *s;
  }
  /// Programs built in C++ skip the parser's operand checks: never index past the operands.
  static void check_arity(const ir::Call& c, const ir::Expr& e) {
    const ir::OpDef* def = ir::find_op(c.callee);
    auto [req, max] = def ? ir::operand_arity(def->operands) : std::pair<int, int>{0, 0};
    auto n = static_cast<int>(c.args.size());
    if (!def || n < req || n > max) fail(e->span, "'pl." + c.callee + "' has malformed operands");
  }
  const Spelling& versioned(const OpSpelling& s) const { return s.by_version[static_cast<std::size_t>(opts_.version)]; }

  Val buffer(const ir::Expr& e) {
    if (!ir::type_as<ir::BufferType>(e->type) || !ir::is_var_like(e)) fail(e->span, "expected a Buffer handle");
    auto it = values_.find(e.get());
    if (it == values_.end()) fail_unbound(e);
    return it->second;
  }
  std::string_view buffer_type(const ir::Expr& var) {
    auto* b = ir::type_as<ir::BufferType>(var->type);
    if (!b) fail(var->span, "'" + ir::var_name(var) + "' needs a pl.Buffer[...] type");
    // pto_format.md: "AIC/AIV kernels carry pto.kernel_kind = <cube> (or <vector>)" — the core the
    // runtime dispatches them to (audit 2026-12-06 F3).
    if (const char* why = ir::core_storage_conflict(fn_.type, b->memory)) {
      const bool aiv = fn_.type == ir::FunctionType::AIV;
      fail(var->span, "'" + ir::var_name(var) + "' is in pl.Mem." + std::string(ir::name_of(b->memory)) + ", but kernel '" +
                          fn_.name + "' is " + (aiv ? "AIV (" : "AIC (") + why +
                          (aiv ? ": cube work belongs in an AIC kernel)" : ": vector work belongs in an AIV kernel)"));
    }
    auto t = tile_buf_type(*b);
    if (!t.ok()) fail(var->span, t.error);
    return intern(t.text);
  }
  std::pair<Val, ir::DType> tensor(const ir::Expr& e) {
    auto* t = ir::type_as<ir::TensorType>(e->type);
    auto it = views_.find(e.get());
    if (!t || it == views_.end()) fail(e->span, "'" + ir::var_name(e) + "' is not a GM tensor parameter of the kernel");
    return {it->second, t->dtype};
  }
  static std::vector<ir::Expr> elems(const ir::Expr& e) {
    auto* t = ir::expr_as<ir::MakeTuple>(e);
    if (!t) fail(e->span, "expected a tuple");
    return t->elems;
  }
  std::vector<Val> indices(const ir::Expr& tuple) {
    std::vector<Val> vs;
    for (const auto& x : elems(tuple)) vs.push_back(index_value(x));
    return vs;
  }
  /// Some valid extent of the buffer's type is not a nonnegative constant (-1 or symbolic).
  static bool has_runtime_valid(const ir::Expr& buffer_var) {
    auto* b = ir::type_as<ir::BufferType>(buffer_var->type);
    if (!b || !b->view) return false;
    for (const auto& v : b->view->valid_shape) {
      auto n = static_int(v);
      if (!n || *n < 0) return true;
    }
    return false;
  }
  /// The valid shape as the DSL spells it, for messages (the reports' one rendering, visit/describe.hpp).
  static std::string valid_text(const ir::Expr& buffer_var) {
    auto* b = ir::type_as<ir::BufferType>(buffer_var->type);
    return "valid_shape=[" + (b && b->view ? visit::describe_list(b->view->valid_shape) : std::string()) + "]";
  }
  /// Both valid extents dynamic (-1 or symbolic): the `v_row=?, v_col=?` descriptors.
  static bool dynamic_valid(const ir::Expr& buffer_var) {
    auto* b = ir::type_as<ir::BufferType>(buffer_var->type);
    if (!b || !b->view || b->view->valid_shape.size() != 2) return false;
    for (const auto& v : b->view->valid_shape) {
      auto n = static_int(v);
      if (n && *n >= 0) return false;
    }
    return true;
  }

  /// alloc / subview / reshape / block query: ops that define the assigned handle.
  void define(const ir::Expr& var, const ir::Call& c, const ir::Expr& e, ir::Span sp) {
    const OpSpelling& s = spelling(c, e);
    const Spelling& v = versioned(s);
    std::string name = ir::var_name(var);
    Op op = make_op(v.syntax, std::string(v.pto_op));
    op.loc = sp;
    switch (s.form) {
      case Form::Alloc: {
        auto valid = indices(c.args[0]);
        if (!valid.empty() && valid.size() != 2) fail(e->span, "alloc_tile takes both valid extents (valid_row, valid_col) or none");
        // valid_row/valid_col state runtime extents, so only a dynamic descriptor takes them.
        if (!valid.empty() && !dynamic_valid(var)) fail(e->span, "valid_row/valid_col need a descriptor with v_row=?, v_col=?");
        // A runtime valid extent cannot be dropped (issue 17: a [16, cols] tile was emitted as
        // v_row=16, v_col=? with no operand stating `cols`). lower_tile_to_buffer.md "Runtime valid
        // extents": a non-constant extent "makes both descriptor dimensions dynamic" and "the
        // allocation starts with its physical extents"; so an allocation whose type has one must be
        // v_row=?, v_col=? and state its starting extents.
        if (has_runtime_valid(var) && (!dynamic_valid(var) || valid.empty()))
          fail(e->span, "the allocation of '" + ir::var_name(var) + "' has a runtime valid extent (" + valid_text(var) +
                            ") that its alloc_tile cannot state: an allocation with a non-constant valid extent needs "
                            "valid_shape=[-1, -1] and its starting extents (lower_tile_to_buffer.md, Runtime valid extents)");
        alloc_backed_.insert(var.get());
        if (c.args.size() > 1) {
          auto addr = static_int(c.args[1]);
          if (!addr) fail(c.args[1]->span, "an alloc_tile address must be a constant byte offset");
          op.operands.push_back(const_int(*addr, ir::DType::INT64, sp));
        }
        op.operands.insert(op.operands.end(), valid.begin(), valid.end());
        op.segments = {c.args.size() > 1 ? 1 : 0, valid.empty() ? 0 : 1, valid.empty() ? 0 : 1};
        values_[var.get()] = add_result(std::move(op), name, buffer_type(var));
        return;
      }
      case Form::Subview: return subview(var, c, e, std::move(op));
      case Form::Reshape: {
        Val src = buffer(c.args[0]);
        std::string_view t = buffer_type(var);
        // Every assembler release spells reshape in SSA form (pto_format.md "Version drift").
        op.operands = {src};
        values_[var.get()] = add_result(std::move(op), name, t);
        return;
      }
      case Form::BlockQuery:
        values_[var.get()] = block_query(s, sp, name);
        return;
      default:
        fail(e->span, "'pl." + c.callee + "' writes a destination and has no result; call it as a statement");
    }
  }

  /// Constant zero offsets and sizes equal to the parent's static shape.
  static bool same_window_as_parent(const std::vector<ir::Expr>& offsets, const std::vector<std::int64_t>& sizes,
                                    const ir::BufferType& parent) {
    if (sizes.size() != parent.shape.size()) return false;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      auto o = ir::const_int(offsets[i]), n = ir::const_int(parent.shape[i]);
      if (!o || *o != 0 || !n || *n != sizes[i]) return false;
    }
    return true;
  }
  void subview(const ir::Expr& var, const ir::Call& c, const ir::Expr& e, Op op) {
    Val parent = buffer(c.args[0]);
    auto* pt = ir::type_as<ir::BufferType>(c.args[0]->type);
    auto* rt = ir::type_as<ir::BufferType>(var->type);
    if (!rt) fail(var->span, "a subview needs a pl.Buffer[...] annotation");
    auto offsets = elems(c.args[1]);
    if (offsets.size() != pt->shape.size()) fail(e->span, "subview offsets must have the parent's rank");
    std::vector<ir::Expr> sizes = c.args.size() > 2 ? elems(c.args[2]) : rt->shape;
    for (const auto& s : sizes) {
      auto v = static_int(s);
      if (!v) fail(s->span, "subview sizes must be constants");
      op.sizes.push_back(*v);
    }
    op.operands = {parent};
    for (const auto& o : offsets) op.operands.push_back(index_value(o));
    std::vector<Val> valid = c.args.size() > 3 ? indices(c.args[3]) : std::vector<Val>{};
    if (op.syntax == Syntax::SubsetOld) {
      // A zero-offset view of the whole parent that only restates its valid rectangle (a static
      // partially valid relabel, lower_tile_to_buffer.md "Static valid rectangles use independent
      // zero-offset subviews") is, in the older releases that have no valid clause, the SSA
      // treshape they accept: the same bytes under the view's type, which carries v_row/v_col.
      if (!valid.empty() && same_window_as_parent(offsets, op.sizes, *pt)) {
        const Spelling& r = versioned(*find_spelling(std::string_view("buffer.reshape")));
        Op alias = make_op(r.syntax, std::string(r.pto_op));
        alias.loc = op.loc;
        alias.operands = {parent};
        values_[var.get()] = add_result(std::move(alias), ir::var_name(var), buffer_type(var));
        return;
      }
      if (!valid.empty()) fail(e->span, "the older pto.subset has no valid clause; emit with --pto-version=new");
    } else {
      op.operands.insert(op.operands.end(), valid.begin(), valid.end());
      op.segments = {1, static_cast<int>(offsets.size()), static_cast<int>(valid.size())};
    }
    values_[var.get()] = add_result(std::move(op), ir::var_name(var), buffer_type(var));
  }

  Val block_query(const OpSpelling& s, ir::Span sp, const std::string& hint) {
    uses_spmd_ = true;
    return cast1(versioned(s).pto_op, Val{std::string(s.abi_param), "i32"}, "index", sp, hint);
  }
  Val call_value(const ir::Expr& e, const std::string& hint) override {
    const auto& c = *ir::expr_as<ir::Call>(e);
    const OpSpelling& s = spelling(c, e);
    if (s.form != Form::BlockQuery) fail(e->span, "'pl." + c.callee + "' is not a scalar value");
    return block_query(s, e->span, hint);
  }

  /// Expression statements: the destination-passing Buffer ops.
  void effect(const ir::Expr& e) {
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c) fail(e->span, "this expression statement has no PTO spelling");
    if (c->kind == ir::CallKind::Op)
      if (const auto* r = lowering::find_buffer_recipe(ir::op_id(c->callee))) return elementwise(*r, *c, e);
    const OpSpelling& s = spelling(*c, e);
    const Spelling& v = versioned(s);
    Op op = make_op(v.syntax, std::string(v.pto_op));
    op.loc = e->span;
    const auto& a = c->args;
    switch (s.form) {
      case Form::Load: {
        Val pv = partition(a[0], a[1], a[2], e->span);
        op.operands = {pv, buffer(a[3])};
        op.n_ins = 1;
        break;
      }
      case Form::Store: {
        Val src = buffer(a[0]);
        op.operands = {src, partition(a[3], a[1], a[2], e->span)};
        op.n_ins = 1;
        break;
      }
      case Form::Dps: {
        const ir::OpDef* def = ir::find_op(c->callee);
        auto w = static_cast<std::size_t>(def->written_arg);
        for (std::size_t i = 0; i < a.size(); ++i)
          if (i != w) op.operands.push_back(ir::type_as<ir::BufferType>(a[i]->type) ? buffer(a[i]) : index_value(a[i]));
        op.operands.push_back(buffer(a[w]));
        op.n_ins = a.size() - 1;
        break;
      }
      case Form::DpsAccFirst: {
        Val acc = buffer(a[2]);
        op.operands = {acc, buffer(a[0]), buffer(a[1]), acc};
        op.n_ins = 3;
        break;
      }
      case Form::SetValidShape: {
        auto ext = indices(a[1]);
        if (ext.size() != 2) fail(e->span, "set_validshape takes (valid_row, valid_col)");
        // pto_format.md: set_validshape applies to alloc-backed handles with v_row=?, v_col=? only.
        if (!alloc_backed_.count(a[0].get()) || !dynamic_valid(a[0]))
          fail(e->span, "set_validshape needs an alloc_tile handle with v_row=?, v_col=?");
        op.operands = {buffer(a[0]), ext[0], ext[1]};
        break;
      }
      default:
        fail(e->span, "'pl." + c->callee + "' defines a handle; assign its result");
    }
    add(std::move(op));
  }

  Val partition(const ir::Expr& tensor_expr, const ir::Expr& offsets, const ir::Expr& sizes, ir::Span sp) {
    auto [tv, dtype] = tensor(tensor_expr);
    auto offs = indices(offsets);
    auto size_exprs = elems(sizes);
    if (offs.size() != size_exprs.size()) fail(sp, "a window's offsets and sizes differ in rank");
    Op op = make_op(Syntax::PartitionView, "pto.partition_view");
    op.operands = {tv};
    op.operands.insert(op.operands.end(), offs.begin(), offs.end());
    for (const auto& s : size_exprs) op.operands.push_back(index_value(s));
    op.segments = {1, static_cast<int>(offs.size()), static_cast<int>(offs.size())};
    op.loc = sp;
    auto t = partition_view_type(size_exprs, dtype);
    return add_result(std::move(op), "pv" + std::to_string(partitions_++), t.text);
  }

  /// One row of the elementwise recipe table: `pto_op ins(operands : types) outs(dst : T)`, the
  /// scalar operand typed as the destination's element type.
  void elementwise(const lowering::ElementwiseRecipe& r, const ir::Call& c, const ir::Expr& e) {
    if (!c.attrs.empty()) fail(e->span, "'pl." + c.callee + "' call attributes have no PTO spelling");
    check_arity(c, e);
    const auto& a = c.args;
    auto* dt = ir::type_as<ir::BufferType>(a.back()->type);
    if (!dt) fail(e->span, "the destination of 'pl." + c.callee + "' must be a Buffer");
    if (!lowering::supports(r, dt->dtype))
      fail(e->span, "'pl." + c.callee + "' has no recipe for " + std::string(ir::name_of(dt->dtype)));
    Op op = make_op(Syntax::Dps, std::string(r.pto_op));
    op.loc = e->span;
    switch (r.arity) {
      case lowering::Arity::Binary: op.operands = {buffer(a[0]), buffer(a[1])}; break;
      case lowering::Arity::Unary: op.operands = {buffer(a[0])}; break;
      case lowering::Arity::Scalar: op.operands = {buffer(a[0]), EmitState::scalar_as(a[1], dt->dtype)}; break;
      case lowering::Arity::Fill: op.operands = {EmitState::scalar_as(a[0], dt->dtype)}; break;
    }
    op.n_ins = op.operands.size();
    op.operands.push_back(buffer(a.back()));
    if (r.distinct_destination)
      for (std::size_t i = 0; i < op.n_ins; ++i)
        if (op.operands[i].id == op.operands.back().id)
          fail(e->span, "'pl." + c.callee + "' needs a destination distinct from its operand (recipe table)");
    for (const auto& [key, value] : c.kwargs) {
      auto* en = std::get_if<ir::EnumRef>(&value);
      const PrecisionSpelling* ps = nullptr;
      for (const auto& row : kPrecisionSpellings)
        if (key == "precision" && en && en->text == row.dsl) ps = &row;
      if (!ps) fail(e->span, "'pl." + c.callee + "' keyword '" + key + "' has no PTO spelling");
      if (opts_.version < ps->since)
        fail(e->span, "'pl." + c.callee + "' " + key + "=" + std::string(ps->dsl) + ": the older assembler has no " +
                          std::string(kPrecisionAttr) + " attribute; emit with --pto-version=new");
      op.attrs.emplace_back(std::string(kPrecisionAttr), std::string(ps->pto));
    }
    add(std::move(op));
  }

  // ---- control flow: only scalars flow through scf regions (pto_format.md "Control flow") ----
  std::vector<Val> carried(const std::vector<ir::Expr>& vars, const char* what) {
    std::vector<Val> vs;
    for (const auto& v : vars) {
      if (!ir::type_as<ir::ScalarType>(v->type))
        fail(v->span, std::string("only scalars flow through ") + what + "; '" + ir::var_name(v) + "' is not a scalar");
      vs.push_back({fresh(ir::var_name(v)), arith_type(scalar_dtype(v), v->span)});
    }
    return vs;
  }
  void bind_results(Op& op, const std::vector<ir::Expr>& return_vars, const char* what) {
    if (return_vars.empty()) return;
    auto types = carried(return_vars, what);
    op.result_base = types.front().id;
    for (std::size_t i = 0; i < types.size(); ++i) {
      Val v{types.size() == 1 ? op.result_base : op.result_base + "#" + std::to_string(i), types[i].type};
      op.results.push_back(v);
      values_[return_vars[i].get()] = v;
    }
  }
  /// Emits a region body into `b` and closes it with scf.yield of the values typed as `types`.
  void region_body(Block& b, const ir::Stmt& body, const std::vector<ir::Expr>& typed_like, ir::Span sp) {
    insert_.push_back(&b.ops);
    const ir::Yield* y = emit_body(body);
    Op yield = make_op(Syntax::ScfYield, "scf.yield");
    std::size_t n = y ? y->values.size() : 0;
    if (n != typed_like.size()) fail(sp, "a region yields " + std::to_string(n) + " values for " + std::to_string(typed_like.size()) + " results");
    for (std::size_t i = 0; i < n; ++i) yield.operands.push_back(EmitState::scalar_as(y->values[i], scalar_dtype(typed_like[i])));
    add(std::move(yield));
    insert_.pop_back();
  }

  void for_loop(const ir::For& f, ir::Span sp) {
    if (f.kind != ir::ForKind::Range) fail(sp, "pl.parallel has no PTO spelling");
    Op op = make_op(Syntax::ScfFor, "scf.for");
    op.loc = sp;
    op.operands = {index_value(f.start), index_value(f.stop), index_value(f.step)};
    auto args = carried(f.iter_args, "scf.for iter_args");
    for (std::size_t i = 0; i < args.size(); ++i)
      op.operands.push_back(EmitState::scalar_as(ir::expr_as<ir::IterArg>(f.iter_args[i])->init, scalar_dtype(f.iter_args[i])));
    Block b;
    b.args.push_back({fresh(ir::var_name(f.loop_var)), "index"});
    values_[f.loop_var.get()] = b.args[0];
    for (std::size_t i = 0; i < args.size(); ++i) {
      b.args.push_back(args[i]);
      values_[f.iter_args[i].get()] = args[i];
    }
    region_body(b, f.body, f.iter_args, sp);
    op.regions.push_back(Region{std::move(b)});
    bind_results(op, f.return_vars, "scf.for results");
    add(std::move(op));
  }

  void if_stmt(const ir::If& s, ir::Span sp) {
    if (scalar_dtype(s.cond) != ir::DType::BOOL) fail(s.cond->span, "an scf.if condition must be BOOL");
    Op op = make_op(Syntax::ScfIf, "scf.if");
    op.loc = sp;
    op.operands = {scalar(s.cond)};
    Block then_b;
    region_body(then_b, s.then_body, s.return_vars, sp);
    op.regions.push_back(Region{std::move(then_b)});
    if (s.else_body) {
      Block else_b;
      region_body(else_b, s.else_body, s.return_vars, sp);
      op.regions.push_back(Region{std::move(else_b)});
    } else {
      op.regions.emplace_back();
    }
    bind_results(op, s.return_vars, "scf.if results");
    add(std::move(op));
  }

  void while_loop(const ir::While& w, ir::Span sp) {
    // A While carries its exit state in scalars; one without any has no condition that can change.
    if (w.iter_args.empty()) fail(sp, "a pl.while_ without carried scalars has no PTO spelling");
    Op op = make_op(Syntax::ScfWhile, "scf.while");
    op.loc = sp;
    for (const auto& ia : w.iter_args)
      op.operands.push_back(EmitState::scalar_as(ir::expr_as<ir::IterArg>(ia)->init, scalar_dtype(ia)));
    Block before;
    before.args = carried(w.iter_args, "scf.while");
    for (std::size_t i = 0; i < before.args.size(); ++i) values_[w.iter_args[i].get()] = before.args[i];
    insert_.push_back(&before.ops);
    if (scalar_dtype(w.cond) != ir::DType::BOOL) fail(w.cond->span, "a pl.cond condition must be BOOL");
    Op cond = make_op(Syntax::ScfCondition, "scf.condition");
    cond.operands = {scalar(w.cond)};
    cond.operands.insert(cond.operands.end(), before.args.begin(), before.args.end());
    add(std::move(cond));
    insert_.pop_back();
    Block after;
    after.args = carried(w.iter_args, "scf.while");
    for (std::size_t i = 0; i < after.args.size(); ++i) values_[w.iter_args[i].get()] = after.args[i];
    region_body(after, w.body, w.iter_args, sp);
    op.regions.push_back(Region{std::move(before)});
    op.regions.push_back(Region{std::move(after)});
    bind_results(op, w.return_vars, "scf.while results");
    add(std::move(op));
  }

  /// `return`: GM results were written through their pointers, so the kernel returns nothing.
  void ret(const ir::Return& r, ir::Span sp, bool top) {
    if (!top || insert_.size() != 1) fail(sp, "a return inside a region has no PTO spelling");
    for (const auto& v : r.values)
      if (!ir::type_as<ir::TensorType>(v->type) || !views_.count(v.get()))
        // At the return statement (a variable's own span is its definition: review rev43b F9).
        fail(sp, ir::is_var_like(v) ? "a kernel returns only its GM tensor parameters ('" + ir::var_name(v) + "' is not one)"
                                    : std::string("a kernel returns only its GM tensor parameters"));
    Op op = make_op(Syntax::Return, "func.return");
    op.loc = sp;
    add(std::move(op));
  }
};

}  // namespace ptorw::codegen
