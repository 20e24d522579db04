// Random orchestration programs whose tensors are views of other memory, passed through the
// control flow people write (38th session): the stride proof of OptimizeOrchTensors Patterns 2, 4
// and 5 (patterns/memory_strides.hpp) must follow each value to the memory it lives in. Deterministic
// in the seed:
//
//   std::string src = ptorw::fuzz::generate_strided_program(42);
//
// main builds [32, 64] values from
//   - bases: a [32, 64] window of the [64, 128] InOut x (strides [128, 1]), the packed [32, 64]
//     params y and z, a [32, 64] window of the [64, 64] param q (strides [64, 1] again, other
//     memory), a fresh pl.full, an Opaque helper returning a window of x (its result carries no
//     argument), a plain alias;
//   - an If whose arms yield such values (both arms, nested values inside an arm);
//   - a For loop carrying one (init and yield of different kinds, the iter-arg written in place:
//     tensor.write, tensor.assemble, an InCore call carrying it as Out);
//   - an InCore call whose Out argument is such a value (the result is that memory), and one whose
//     loop starts both iter-args at its first Out but yields the second into one of them (the
//     result is the second Out's memory after a trip);
//   - tensor.write into such a value.
// and hands them to the consumers the patterns rewrite: a tensor.slice of the value as an In
// argument (Pattern 4), the same inside an Orchestration helper main calls with the value, the
// value itself to a windowize kernel reading a window of it (Pattern 5), and a kernel result
// assembled into it (Pattern 2). Results are assembled into x (InOut) and one is
// returned, so every consumer's data is an output.
//
// Every program parses, verifies and runs in the interpreter: values written to (Out arguments,
// write/assemble targets) view only x or fresh storage (main's In parameters are never written), an
// Out argument never shares storage with the In argument of the same call, every tensor read is
// fully defined.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "ptorw/interp/random.hpp"

namespace ptorw::fuzz {

namespace strided_gen {

/// A [32, 64] tensor value of main and the storage it may view ("x", "y", "z", "q", "fresh").
struct Val {
  std::string name;
  std::set<std::string> views;
  bool writable() const {
    for (const auto& v : views)
      if (v != "x" && v != "fresh") return false;
    return true;
  }
};

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : r_(seed, 38) {}

  std::string program() {
    std::string body;
    std::vector<Val> pool;
    const int n = 2 + static_cast<int>(r_.below(4));
    for (int i = 0; i < n; ++i) pool.push_back(value(body, pool, 2, 0));
    // Consumers: each of the last values (and a random earlier one) goes to one or two of them.
    int consumers = 0;
    std::string last;
    const int uses = 2 + static_cast<int>(r_.below(3));
    for (int u = 0; u < uses; ++u) {
      const Val& v = pool[u == 0 ? pool.size() - 1 : static_cast<std::size_t>(r_.below(pool.size()))];
      const std::string r = consume(body, v, consumers);
      if (!r.empty()) last = r;
    }
    if (last.empty()) last = consume_slice(body, pool.back(), consumers);
    body += "        return " + last + "\n";
    return header() + body;
  }

 private:
  interp::Rng r_;
  int next_ = 0;

  std::string fresh(const char* stem) { return stem + std::to_string(next_++); }
  static std::string ind(int depth) { return std::string(8 + 4 * static_cast<std::size_t>(depth), ' '); }

  static std::string header() {
    return R"(import ptorw.language as pl


@pl.program
class Strided:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def shift(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.adds(t, 0.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, a: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 64])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[32, 64], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(src, [r, 16], [8, 16])
        u = pl.tile.muls(t, 3.0)
        o = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def swap(self, a: pl.Tensor[[32, 64], pl.FP32],
             o1: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             o2: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 64])
        for i, (p, w) in pl.range(2, init_values=(o1, o1)):
            s = pl.store(t, [0, 0], w)
            r1, r2 = pl.yield_(s, o2)
        return r1

    @pl.function(type=pl.FunctionType.InCore)
    def scale_in(self, a: pl.Tensor[[8, 16], pl.FP32],
                 out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, -1.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def inner(self, s: pl.Tensor[[32, 64], pl.FP32], t: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        blk = pl.tensor.slice(s, [8, 16], [8, 16])
        r = self.scale_in(blk, t)
        return r

    @pl.function(type=pl.FunctionType.Opaque)
    def view_of(self, v: pl.Tensor[[64, 128], pl.FP32], r: pl.Scalar[pl.INDEX]) -> pl.Tensor[[32, 64], pl.FP32]:
        b = pl.tensor.slice(v, [32, 64], [r, 64])
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.InOut[pl.Tensor[[64, 128], pl.FP32]], y: pl.Tensor[[32, 64], pl.FP32],
             z: pl.Tensor[[32, 64], pl.FP32], q: pl.Tensor[[64, 64], pl.FP32],
             c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
)";
  }

  /// A base value (one statement).
  Val base(std::string& body, int depth) {
    const std::string n = fresh("b");
    Val v{n, {}};
    switch (r_.below(6)) {
      case 0:
      case 1:
        body += ind(depth) + n + " = pl.tensor.slice(x, [32, 64], [" + std::to_string(32 * r_.below(2)) + ", " +
                std::to_string(32 * r_.below(3)) + "])\n";
        v.views = {"x"};
        break;
      case 2: {
        const std::string p = r_.below(2) ? "y" : "z";
        body += ind(depth) + n + " = " + p + "\n";
        v.views = {p};
        break;
      }
      case 3:
        body += ind(depth) + n + " = pl.tensor.slice(q, [32, 64], [" + std::to_string(32 * r_.below(2)) + ", 0])\n";
        v.views = {"q"};
        break;
      case 4:
        body += ind(depth) + n + " = pl.full([32, 64], 0.25, dtype=pl.FP32)\n";
        v.views = {"fresh"};
        break;
      default:
        body += ind(depth) + n + " = self.view_of(x, " + std::to_string(32 * r_.below(2)) + ")\n";
        v.views = {"x"};
        break;
    }
    return v;
  }

  const Val* writable_in(const std::vector<Val>& pool) {
    std::vector<const Val*> w;
    for (const auto& v : pool)
      if (v.writable()) w.push_back(&v);
    return w.empty() ? nullptr : w[r_.below(w.size())];
  }

  /// One [32, 64] value, appended to `body` at nesting `depth`; `budget` bounds further nesting.
  Val value(std::string& body, const std::vector<Val>& pool, int budget, int depth) {
    const int k = static_cast<int>(r_.below(budget > 0 ? 7 : 4));
    if (k == 0 || pool.empty()) return base(body, depth);
    if (k == 1) {  // an alias
      const Val& s = pool[r_.below(pool.size())];
      Val v{fresh("a"), s.views};
      body += ind(depth) + v.name + " = " + s.name + "\n";
      return v;
    }
    if (k == 2 || k == 3) {  // written in place: tensor.write, or an InCore call carrying it as Out
      const Val* w = writable_in(pool);
      if (!w) return base(body, depth);
      Val v{fresh(k == 2 ? "w" : "f"), w->views};
      if (k == 2) {
        body += ind(depth) + v.name + " = pl.tensor.write(" + w->name + ", [" + std::to_string(r_.below(32)) + ", " +
                std::to_string(r_.below(64)) + "], 1.5)\n";
      } else if (r_.below(3) == 0) {  // swap: its result is the second Out's memory after one trip
        // The first Out a window of x (strides [128, 1]), the second `w` or a fresh tensor: the
        // result's strides differ from the first Out's whenever the second is packed.
        const std::string o1 = fresh("b");
        body += ind(depth) + o1 + " = pl.tensor.slice(x, [32, 64], [" + std::to_string(32 * r_.below(2)) + ", " +
                std::to_string(32 * r_.below(3)) + "])\n";
        std::string o2 = w->name;
        if (r_.below(2)) {
          o2 = fresh("b");
          body += ind(depth) + o2 + " = pl.full([32, 64], 0.75, dtype=pl.FP32)\n";
          v.views = {"fresh"};
        }
        body += ind(depth) + v.name + " = self.swap(z, " + o1 + ", " + o2 + ")\n";
      } else {
        body += ind(depth) + v.name + " = self.fill(" + (r_.below(2) ? "y" : "z") + ", " + w->name + ")\n";
      }
      return v;
    }
    if (k == 4 || k == 5) return if_value(body, pool, budget - 1, depth);
    return loop_value(body, pool, budget - 1, depth);
  }

  Val if_value(std::string& body, const std::vector<Val>& pool, int budget, int depth) {
    const std::string n = fresh("i");
    body += ind(depth) + "if c > " + std::to_string(r_.below(7)) + ":\n";
    std::vector<Val> arm = pool;
    Val a = value(body, arm, budget, depth + 1);
    body += ind(depth + 1) + n + " = pl.yield_(" + a.name + ")\n";
    body += ind(depth) + "else:\n";
    Val b = r_.below(2) || pool.empty() ? value(body, pool, budget, depth + 1) : pool[r_.below(pool.size())];
    body += ind(depth + 1) + n + " = pl.yield_(" + b.name + ")\n";
    Val v{n, a.views};
    v.views.insert(b.views.begin(), b.views.end());
    return v;
  }

  Val loop_value(std::string& body, const std::vector<Val>& pool, int budget, int depth) {
    const Val init = r_.below(3) || pool.empty() ? value(body, pool, budget, depth) : pool[r_.below(pool.size())];
    const std::string i = fresh("k"), acc = fresh("acc"), res = fresh("l");
    body += ind(depth) + "for " + i + ", (" + acc + ",) in pl.range(" + std::to_string(1 + r_.below(3)) +
            ", init_values=(" + init.name + ",)):\n";
    Val v{res, init.views};
    std::string nxt;
    switch (r_.below(init.writable() ? 6 : 3)) {
      case 0:  // yields its own iter-arg
        nxt = acc;
        break;
      case 1:
      case 2: {  // a value made in the body (maybe of other memory than the init)
        // The iter-arg may hold what this value yields on a later trip: never written here
        // ("loop" storage is not writable), so no trip writes memory it must not.
        std::vector<Val> inner = pool;
        inner.push_back(Val{acc, {"loop"}});
        Val y = value(body, inner, budget, depth + 1);
        nxt = y.name;
        v.views.insert(y.views.begin(), y.views.end());
        break;
      }
      case 3:
        nxt = fresh("w");
        body += ind(depth + 1) + nxt + " = pl.tensor.write(" + acc + ", [" + std::to_string(r_.below(32)) + ", 3], 2.5)\n";
        break;
      case 4: {
        nxt = fresh("s");
        const std::string part = fresh("p");
        body += ind(depth + 1) + part + " = pl.tensor.slice(y, [8, 16], [" + std::to_string(8 * r_.below(4)) + ", 0])\n";
        body += ind(depth + 1) + nxt + " = pl.tensor.assemble(" + acc + ", " + part + ", [8, 16])\n";
        break;
      }
      default:
        nxt = fresh("f");
        body += ind(depth + 1) + nxt + " = self.fill(z, " + acc + ")\n";
        break;
    }
    body += ind(depth + 1) + res + " = pl.yield_(" + nxt + ")\n";
    return v;
  }

  std::string tmp(std::string& body) {
    const std::string t = fresh("t");
    body += ind(0) + t + " = pl.create_tensor([8, 16], dtype=pl.FP32)\n";
    return t;
  }

  /// A result put into x at its own [8, 16] window of row 56 (all consumers' data are outputs).
  void keep(std::string& body, const std::string& r, int& consumers) {
    if (consumers >= 8) return;
    body += ind(0) + fresh("x") + " = pl.tensor.assemble(x, " + r + ", [56, " + std::to_string(16 * consumers++) + "])\n";
  }

  std::string consume_slice(std::string& body, const Val& v, int& consumers) {
    const std::string blk = fresh("blk"), r = fresh("r");
    body += ind(0) + blk + " = pl.tensor.slice(" + v.name + ", [8, 16], [" + std::to_string(8 * r_.below(4)) + ", " +
            std::to_string(16 * r_.below(4)) + "])\n";
    const std::string t = tmp(body);
    body += ind(0) + r + " = self.scale(" + blk + ", " + t + ")\n";
    keep(body, r, consumers);
    return r;
  }

  /// One use of `v`; returns a result to return, or "".
  std::string consume(std::string& body, const Val& v, int& consumers) {
    switch (r_.below(4)) {
      case 3: {  // an Orchestration helper slices its parameter (a view of any strides) for a kernel
        // of its own (scale_in: a refusal there must not keep `scale` from Pattern 4 elsewhere)
        const std::string t = tmp(body), r = fresh("r");
        body += ind(0) + r + " = self.inner(" + v.name + ", " + t + ")\n";
        keep(body, r, consumers);
        return r;
      }
      case 0:
        return consume_slice(body, v, consumers);
      case 1: {  // Pattern 5: a windowize kernel reads a window of v
        const std::string t = tmp(body), r = fresh("r");
        body += ind(0) + r + " = self.rd(" + v.name + ", " + std::to_string(8 * r_.below(4)) + ", " + t + ")\n";
        keep(body, r, consumers);
        return r;
      }
      default: {  // Pattern 2: a kernel result assembled into v (when v may be written)
        if (!v.writable()) return consume_slice(body, v, consumers);
        const std::string src = fresh("src"), t = tmp(body), r = fresh("r"), u = fresh("u");
        body += ind(0) + src + " = pl.tensor.slice(z, [8, 16], [" + std::to_string(8 * r_.below(4)) + ", 0])\n";
        body += ind(0) + r + " = self.shift(" + src + ", " + t + ")\n";
        body += ind(0) + u + " = pl.tensor.assemble(" + v.name + ", " + r + ", [" + std::to_string(8 * r_.below(4)) + ", " +
                std::to_string(16 * r_.below(4)) + "])\n";
        return consume_slice(body, Val{u, v.views}, consumers);
      }
    }
  }
};

}  // namespace strided_gen

inline std::string generate_strided_program(std::uint64_t seed) { return strided_gen::Gen(seed).program(); }

}  // namespace ptorw::fuzz
