// The BufferIR verifier (lower_tile_to_buffer.md: "The pass verifies its output"; issue 6 "a BufferIR
// verifier"). Runs on every function at FunctionIRStage.Buffer, after the general verifier:
//
//  * no Tile values remain; native control flow (If results, For/While carries) carries scalars only;
//  * buffer.alloc / subview / reshape define an annotated pl.Buffer[...] handle; allocation addresses
//    are static nonnegative multiples of 32, and a kernel's allocations are either all addressed or
//    all addressless (one planner);
//  * Vec descriptors have 32-byte physical rows; reshape preserves physical bytes and space; a
//    subview lies inside its parent at a static, 32-byte-aligned row offset of a byte root;
//  * load/store windows match the buffer's shape and element type (GM transfers do not cast);
//  * elementwise calls obey their recipe row (lowering/recipes/elementwise_table.hpp): operand and
//    destination descriptors have one physical shape and dtype, the dtype is supported, scalar
//    operands have the destination dtype, and recip writes a distinct destination;
//  * returns name GM parameters.
#pragma once
#include "ptorw/entry.hpp"
#include <string>
#include <unordered_set>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/lowering/recipes/elementwise_table.hpp"
#include "ptorw/lowering/storage_index.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::lowering {

namespace buffer_verify_detail {

class Checker {
 public:
  Checker(const ir::Program& p, const ir::Function& f, Diagnostics& out) : prog_(p), fn_(f), out_(out) {
    for (const auto& prm : f.params) params_.insert(prm.var.get());
  }

  void run() { block(fn_.body); }

 private:
  const ir::Program& prog_;
  const ir::Function& fn_;
  Diagnostics& out_;
  std::unordered_set<const ir::ExprNode*> params_;
  int addressed_ = 0, addressless_ = 0;

  void err(ir::Span sp, std::string msg) {
    out_.push_back(Diagnostic{prog_.source_file, sp, Severity::Error, "BufferIR: " + fn_.name + ": " + std::move(msg)});
  }
  static const ir::BufferType* buf(const ir::Expr& e) { return e ? ir::type_as<ir::BufferType>(e->type) : nullptr; }
  static std::string dims(const std::vector<ir::Expr>& d) {
    std::string s = "[";
    for (std::size_t i = 0; i < d.size(); ++i) {
      if (i) s += ", ";
      auto c = ir::const_int(d[i]);
      s += c ? std::to_string(*c) : "?";
    }
    return s + "]";
  }
  static bool same_dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto x = ir::const_int(a[i]), y = ir::const_int(b[i]);
      if (!x || !y || *x != *y) return false;
    }
    return true;
  }
  static bool scalar_only(const std::vector<ir::Expr>& vs) {
    for (const auto& v : vs)
      if (!ir::type_as<ir::ScalarType>(v->type)) return false;
    return true;
  }

  void block(const ir::Stmt& s) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* st = it.next()) stmt(*st);
  }

  void stmt(const ir::Stmt& s) {
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign>) {
        if (ir::type_as<ir::TileType>(k.var->type)) err(s->span, "Tile value '" + ir::var_name(k.var) + "' remains after lowering");
        call(s->span, k.var, k.value);
      } else if constexpr (std::is_same_v<K, ir::Eval>) {
        call(s->span, nullptr, k.value);
      } else if constexpr (std::is_same_v<K, ir::Seq>) {
        block(s);
      } else if constexpr (std::is_same_v<K, ir::If>) {
        if (!scalar_only(k.return_vars)) err(s->span, "an If of a Buffer kernel may only produce scalars");
        block(k.then_body);
        block(k.else_body);
      } else if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) {
        if (!scalar_only(k.iter_args) || !scalar_only(k.return_vars))
          err(s->span, "a loop of a Buffer kernel may only carry scalars");
        block(k.body);
      } else if constexpr (std::is_same_v<K, ir::Return>) {
        for (const auto& v : k.values)
          if (!ir::type_as<ir::ScalarType>(v->type) && !params_.count(v.get()))
            err(s->span, "a Buffer kernel returns GM parameters only ('" + ir::var_name(v) + "' is not one)");
      } else if constexpr (std::is_same_v<K, ir::Scope>) {
        err(s->span, "scope statements are not Buffer IR");
      }
    }, s->kind);
  }

  void call(ir::Span sp, const ir::Expr& target, const ir::Expr& value) {
    auto* c = ir::expr_as<ir::Call>(value);
    if (!c) return;
    if (c->kind != ir::CallKind::Op) return err(sp, "device helper calls are not Buffer IR");
    const std::string& op = c->callee;
    const ir::OpId id = ir::op_id(c->callee);
    if (op.rfind("tile.", 0) == 0) return err(sp, op + " remains after lowering");
    if (id == ir::op::id("buffer.alloc") || id == ir::op::id("buffer.subview") || id == ir::op::id("buffer.reshape")) {
      const ir::BufferType* t = target ? buf(target) : nullptr;
      if (!t) return err(sp, op + " must define a handle annotated pl.Buffer[...]");
      if (t->memory == ir::MemSpace::Vec && t->shape.size() == 2) {
        auto cols = ir::const_int(t->shape[1]);
        if (!cols || (*cols * ir::dtype_bytes(t->dtype)) % 32 != 0) err(sp, "Vec buffer rows must be 32-byte aligned");
      }
      if (id == ir::op::id("buffer.alloc")) return alloc(sp, *c);
      const ir::BufferType* src = buf(c->args[0]);
      if (!src) return;
      if (src->memory != t->memory) return err(sp, op + " changes the memory space");
      auto a = static_bytes(src->shape, src->dtype), b = static_bytes(t->shape, t->dtype);
      if (id == ir::op::id("buffer.reshape")) {
        if (!a || !b || *a != *b) err(sp, "buffer.reshape must preserve physical bytes");
        return;
      }
      // subview of a byte root: a row offset, 32-byte rows, inside the parent.
      auto offs = c->args[1];
      auto* mt = ir::expr_as<ir::MakeTuple>(offs);
      if (!mt || mt->elems.size() != src->shape.size()) return err(sp, "buffer.subview offsets must have the parent's rank");
      if (src->dtype == ir::DType::UINT8 && t->dtype == ir::DType::UINT8 && src->shape.size() == 2) {
        auto r = ir::const_int(mt->elems[0]);
        auto prow = ir::const_int(src->shape[0]), crow = ir::const_int(t->shape[0]);
        if (r && prow && crow && (*r < 0 || *r + *crow > *prow))
          err(sp, "buffer.subview rows [" + std::to_string(*r) + ", " + std::to_string(*r + *crow) +
                      ") exceed the parent's " + std::to_string(*prow) + " rows");
      }
      return;
    }
    if (id == ir::op::id("buffer.load") || id == ir::op::id("buffer.store")) return transfer(sp, *c, id == ir::op::id("buffer.load"));
    if (const ElementwiseRecipe* r = find_buffer_recipe(id)) return elementwise(sp, *c, *r);
  }

  void alloc(ir::Span sp, const ir::Call& c) {
    if (c.args.size() < 2) { ++addressless_; }
    else {
      ++addressed_;
      auto a = ir::const_int(c.args[1]);
      if (!a || *a < 0 || *a % 32 != 0) err(sp, "buffer.alloc address must be a static nonnegative multiple of 32");
    }
    if (addressed_ && addressless_) err(sp, "a kernel's allocations must be all addressed or all addressless (one planner)");
  }

  void transfer(ir::Span sp, const ir::Call& c, bool load) {
    const ir::Expr& tensor = load ? c.args[0] : c.args[3];
    const ir::Expr& b = load ? c.args[3] : c.args[0];
    auto* tt = ir::type_as<ir::TensorType>(tensor->type);
    const ir::BufferType* bt = buf(b);
    if (!tt || !bt) return;
    const char* op = load ? "buffer.load" : "buffer.store";
    if (tt->dtype != bt->dtype) err(sp, std::string(op) + " changes the element type (GM transfers do not cast)");
    auto* sizes = ir::expr_as<ir::MakeTuple>(c.args[2]);
    if (!sizes || !same_dims(sizes->elems, bt->shape))
      err(sp, std::string(op) + " window " + (sizes ? dims(sizes->elems) : "?") + " differs from the buffer shape " + dims(bt->shape));
    auto* offs = ir::expr_as<ir::MakeTuple>(c.args[1]);
    if (!offs || offs->elems.size() != tt->shape.size()) err(sp, std::string(op) + " offsets must have the tensor's rank");
    if (!params_.count(tensor.get())) err(sp, std::string(op) + " must name a GM parameter");
  }

  void elementwise(ir::Span sp, const ir::Call& c, const ElementwiseRecipe& r) {
    const ir::Expr& dst = c.args.back();
    const ir::BufferType* d = buf(dst);
    if (!d) return;
    if (!supports(r, d->dtype)) err(sp, std::string(r.buffer_op) + " has no recipe for pl." + std::string(ir::name_of(d->dtype)));
    for (std::size_t i = 0; i + 1 < c.args.size(); ++i) {
      const ir::Expr& a = c.args[i];
      if (auto* s = ir::type_as<ir::ScalarType>(a->type)) {
        if (s->dtype != d->dtype) err(sp, std::string(r.buffer_op) + " scalar operand must be converted to the destination dtype");
        continue;
      }
      const ir::BufferType* b = buf(a);
      if (!b) continue;
      if (b->dtype != d->dtype || !same_dims(b->shape, d->shape))
        err(sp, std::string(r.buffer_op) + " operand " + std::to_string(i + 1) + " and destination must have one physical shape and dtype");
      if (r.distinct_destination && a == dst) err(sp, std::string(r.buffer_op) + " requires a destination distinct from its operand");
    }
  }
};

}  // namespace buffer_verify_detail

/// Diagnostics for every Buffer-stage function of `p` (empty when all hold).
PTORW_ENTRY Diagnostics verify_buffer_ir(const ir::Program& p)
#if PTORW_ENTRY_BODIES
{
  Diagnostics out;
  for (const auto& f : p.functions)
    if (f->stage == ir::Stage::Buffer) buffer_verify_detail::Checker(p, *f, out).run();
  return out;
}
#else
;
#endif

}  // namespace ptorw::lowering
