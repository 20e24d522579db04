// Random HAND-WRITTEN (non-SSA) programs for differential testing (issue 14). Deterministic in the
// seed:
//
//   std::string src = ptorw::fuzz::generate_text_program(42);
//
// gen_program.hpp writes SSA text; this generator writes programs the way people write them, rebinding
// names (docs/semantics.md "Names": such functions are parsed as ir::NameBinding::Text and read with
// Python semantics; convert-to-ssa turns them into SSA):
//   - `x = x + i` scalars in For loops (with and without existing init_values, results yielded into
//     an outer name), in While loops (`pl.while_` + `pl.cond`, counters in the header or rebound
//     outer names), inside If arms (both arms, one arm with a prior value, the else arm reading the
//     value from before the if, a new name defined in both arms), nested loops, loop-in-if, if-in-loop;
//   - tensors: `acc = self.k(acc, nb)` chains, `buf = self.k(x, buf)` rebinding an Out buffer (also
//     main's own Out parameter), `acc = self.acc(x, acc)` with an InOut, `a, b = self.pair(a, b, ...)`
//     multi-return rebinding, row kernels filling a buffer from For / While loops with a rebound row
//     counter, `p = pl.tensor.assemble(p, part, ...)` into a rebound parent, slices, aliases;
//   - kernels (InCore / AIV) that rebind tiles: `acc = pl.tile.add(acc, t)` beside an Out tensor
//     carried through init_values (issue 14's shape), `out = pl.store(t, off, out)` in loops without
//     init_values, offset counters, tile.assemble accumulators, scalar parameters rebound in loops,
//     reductions with ifs in the loop; some kernels are written in SSA, so programs mix both;
//   - mixed tasks (FP32): `n = self.group(src, w, tmp, nb)`, a Group calling an AIC matmul kernel and
//     an AIV map kernel that the orchestration may also call directly (group_kernel()).
//   - early returns (TextGenOptions::early_return_percent of the programs): at main's top level, an
//     if whose then or else arm rebinds names and ends with `return ...`, once more inside such an
//     arm at times, or inside an arm of another top-level if that goes on after it (an elif that
//     returns); the code after it rebinds the same names and returns values of the same types;
//     and map kernels returning early when an element of their data is positive (not with
//     tensor_results: such kernels stay Tile, NormalizedReturns, and `compile` refuses them).
//   - tile code inline in main (TextGenOptions::scope_percent of the map calls): `with
//     pl.at(level=pl.Level.CORE_GROUP):` scopes that load, rebind and store a tile, half of them
//     with a valid region whose rows a scalar gives, so that tile types read variables
//     (`valid_shape=[vr, 16]`, `vr` rebound by every such scope and at times after the load);
//     and blocked map kernels whose loop carries such a row count (`vr = 1` before the loop).
//
// Every program parses, passes passes::verify_source and runs without error in the interpreter
// under its Text reading. Orchestration code is built as a small statement tree whose effect on an
// abstract state is checked before it is kept (loops to a fixpoint): which names are definitely
// bound (convert-to-ssa needs a value before a loop / If for every name read after it), which
// storage each tensor name may view (an In argument never aliases an Out argument of the same call,
// In parameters of main are never written), how much of each storage is defined (only fully
// defined tensors are read), which INDEX scalars are block offsets (windows stay in bounds). A
// loop or If whose body breaks a rule in some iteration is generated again.
#pragma once
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ptorw/interp/random.hpp"

namespace ptorw::fuzz {

struct TextGenOptions {
  int min_blocks = 2;   // top-level orchestration items
  int max_blocks = 5;
  int max_depth = 2;    // loops / ifs nested inside loop and if bodies
  int ssa_kernel_percent = 20;  // kernels written in SSA (the rest rebind names)
  int group_percent = 60;       // FP32 [R, C] chains that would call a scale kernel: a Group call instead
  bool tensor_results = false;  // main returns tensors only (what orchestration C++ can return)
  // Programs whose main returns early from an if arm, once or nested (not with tensor_results:
  // orchestration C++ returns through argument slots, and a return before the end has no spelling).
  int early_return_percent = 35;
  // Map calls written inline as `with pl.at(level=pl.Level.CORE_GROUP):` scopes (scope_map).
  int scope_percent = 25;
};

namespace textgen {

enum class Ty : std::uint8_t { TR, TP, SI, SF, SB };  // tensor [R, C], tensor [P, C], INDEX, FP32, BOOL
enum class Def : std::uint8_t { Poison, Partial, Full };
enum class Range : std::uint8_t { None, Off, OffP };   // INDEX: a multiple of R in [0, P - R] / [0, P]

inline bool is_tensor(Ty t) { return t == Ty::TR || t == Ty::TP; }

struct Value {
  Ty ty = Ty::SI;
  std::set<int> st;        // tensors: the storages it may view (see State)
  bool whole = true;       // tensors: a view of its whole storage (not a slice)
  Range range = Range::None;
  bool pinned = false;     // the generator must not rebind it (a template's counter or buffer)
  bool operator==(const Value&) const = default;
};
inline Value value_of(Ty t, std::set<int> st = {}, bool whole = true) {
  Value v;
  v.ty = t;
  v.st = std::move(st);
  v.whole = whole;
  return v;
}

inline Value merge(const Value& a, const Value& b) {
  Value v = a;
  v.st.insert(b.st.begin(), b.st.end());
  v.whole = a.whole && b.whole;
  v.range = a.range == b.range ? a.range : (a.range != Range::None && b.range != Range::None ? Range::OffP : Range::None);
  v.pinned = a.pinned || b.pinned;
  return v;
}

/// Storage ids: allocation site k has 2k (its most recent allocation) and 2k+1 (every older one);
/// parameters have their own site. `def` is a lower bound on how much of a storage is defined
/// (writes only ever define more of a storage).
struct State {
  std::map<std::string, Value> names;  // definitely bound names
  std::map<int, Def> def;
  bool operator==(const State&) const = default;
};

inline std::map<int, Def> merge_def(const std::map<int, Def>& a, const std::map<int, Def>& b) {
  std::map<int, Def> out = a;
  for (const auto& [k, d] : b) {
    auto [it, fresh] = out.emplace(k, d);
    if (!fresh) it->second = std::min(it->second, d);
  }
  return out;
}

inline Def def_of(const State& s, const Value& v) {
  Def d = Def::Full;
  for (int id : v.st) {
    auto it = s.def.find(id);
    d = std::min(d, it == s.def.end() ? Def::Poison : it->second);
  }
  if (!v.whole && d != Def::Full) return Def::Poison;
  return d;
}

inline bool disjoint(const Value& a, const Value& b) {
  for (int id : a.st)
    if (b.st.count(id)) return false;
  return true;
}

struct Node;
using Body = std::vector<Node>;

/// One orchestration statement: a line with its effect, a loop or an if.
struct Node {
  enum class K : std::uint8_t { Line, Loop, If } k = K::Line;
  std::string text;                    // Line: the statement; Loop: the header; If: the `if c:` line
  std::function<bool(State&)> eff;     // Line: the transfer; false when it breaks a rule
  // Loop
  bool is_while = false;
  std::string loop_var;
  std::vector<std::pair<std::string, std::string>> carried;  // (header name, init name)
  std::string cond;                    // While: the pl.cond line
  std::vector<std::string> yields, results;
  std::vector<std::string> narrow;     // block offsets at the top of every iteration (template knowledge)
  std::function<void(State&)> post;    // after the loop (a buffer it fills completely, ...)
  Body body, els;                      // loop body / then arm, else arm
  // If: 1 when the then arm ends with an early return, 2 when the else arm does. Python runs what
  // follows the if only after the other arm, so the state after the if is that arm's alone.
  int ret_arm = 0;
};

inline bool run(Body& b, State& s);

inline bool run_loop(Node& n, State& s) {
  const State before = s;
  std::set<std::string> header;
  if (!n.is_while) header.insert(n.loop_var);
  for (const auto& c : n.carried) header.insert(c.first);
  State entry = before;
  if (!n.is_while) entry.names[n.loop_var] = value_of(Ty::SI);
  for (const auto& [h, init] : n.carried) {
    auto it = before.names.find(init);
    if (it == before.names.end()) return false;
    Value v = it->second;
    v.pinned = false;
    entry.names[h] = v;
  }
  auto narrow = [&](State& st) {
    for (const auto& x : n.narrow)
      if (auto it = st.names.find(x); it != st.names.end()) it->second.range = Range::Off;
  };
  narrow(entry);
  bool ok = true;
  State end;
  for (int round = 0; round < 12; ++round) {
    end = entry;
    ok = run(n.body, end) && ok;
    if (!ok) return false;
    State next = entry;
    for (auto& [name, v] : next.names) {
      if (header.count(name)) continue;
      if (auto it = end.names.find(name); it != end.names.end()) v = merge(v, it->second);
    }
    for (std::size_t k = 0; k < n.carried.size(); ++k) {
      auto it = end.names.find(n.yields[k]);
      if (it == end.names.end()) return false;
      Value& h = next.names[n.carried[k].first];
      h = merge(h, it->second);
      h.pinned = false;
    }
    next.def = merge_def(entry.def, end.def);
    narrow(next);
    if (next == entry) break;
    entry = next;
  }
  State after = before;
  for (auto& [name, v] : after.names) {
    if (header.count(name)) continue;  // header names are scoped to the loop: the outer value is back
    if (auto it = end.names.find(name); it != end.names.end()) v = merge(v, it->second);
  }
  after.def = merge_def(before.def, end.def);
  for (std::size_t k = 0; k < n.results.size(); ++k) {
    Value v = merge(before.names.at(n.carried[k].second), end.names.at(n.yields[k]));
    v.pinned = false;
    after.names[n.results[k]] = v;
  }
  if (n.post) n.post(after);
  s = std::move(after);
  return ok;
}

inline bool run_if(Node& n, State& s) {
  State t = s, e = s;
  bool ok = run(n.body, t);
  ok = run(n.els, e) && ok;
  if (n.ret_arm) {
    s = std::move(n.ret_arm == 1 ? e : t);
    return ok;
  }
  State out;
  for (const auto& [name, v] : t.names)
    if (auto it = e.names.find(name); it != e.names.end() && it->second.ty == v.ty) out.names[name] = merge(v, it->second);
  out.def = merge_def(t.def, e.def);
  s = std::move(out);
  return ok;
}

inline bool step(Node& n, State& s) {
  switch (n.k) {
    case Node::K::Line: return n.eff(s);
    case Node::K::Loop: return run_loop(n, s);
    case Node::K::If: return run_if(n, s);
  }
  return false;
}

inline bool run(Body& b, State& s) {
  bool ok = true;
  for (auto& n : b) ok = step(n, s) && ok;
  return ok;
}

inline void render(const Body& b, int ind, std::string& out) {
  auto line = [&](int i, const std::string& t) { out += std::string(static_cast<std::size_t>(i) * 4, ' ') + t + "\n"; };
  for (const auto& n : b) {
    switch (n.k) {
      case Node::K::Line: {  // a `with pl.at(...)` scope is one line with its body after newlines
        std::size_t from = 0;
        for (std::size_t nl; (nl = n.text.find('\n', from)) != std::string::npos; from = nl + 1)
          line(ind, n.text.substr(from, nl - from));
        line(ind, n.text.substr(from));
        break;
      }
      case Node::K::Loop: {
        line(ind, n.text);
        if (n.is_while) line(ind + 1, n.cond);
        render(n.body, ind + 1, out);
        if (!n.yields.empty()) {
          std::string l, r;
          for (std::size_t k = 0; k < n.yields.size(); ++k) {
            l += (k ? ", " : "") + n.results[k];
            r += (k ? ", " : "") + n.yields[k];
          }
          line(ind + 1, l + " = pl.yield_(" + r + ")");
        }
        break;
      }
      case Node::K::If:
        line(ind, n.text);
        render(n.body, ind + 1, out);
        if (!n.els.empty()) {
          line(ind, "else:");
          render(n.els, ind + 1, out);
        }
        break;
    }
  }
}

}  // namespace textgen

class TextProgramGen {
 public:
  explicit TextProgramGen(std::uint64_t seed, TextGenOptions o = {}) : rng_(seed, 0x7e47), o_(o) {}

  std::string generate() {
    using namespace textgen;
    choose_types();
    std::string params = "self";
    auto add_param = [&](const std::string& name, Ty ty, bool writable, const std::string& dir = "") {
      std::string t = type_text(ty);
      params += ", " + name + ": " + (dir.empty() ? t : "pl." + dir + "[" + t + "]");
      Value v = textgen::value_of(ty);
      if (is_tensor(ty)) {
        const int id = 2 * site_++;
        v.st = {id};
        st_.def[id] = dir == "Out" ? Def::Poison : Def::Full;
        if (!writable) readonly_.insert(id);
      }
      st_.names[name] = v;
      types_[name] = ty;
    };
    add_param("x0", Ty::TP, false);
    add_param("y0", Ty::TR, false);
    if (chance(50)) add_param("x1", chance(50) ? Ty::TP : Ty::TR, false);
    if (chance(60)) add_param("n", Ty::SI, false);
    if (chance(50)) add_param("flag", Ty::SB, false);
    if (chance(35)) add_param("o0", chance(50) ? Ty::TP : Ty::TR, true, "Out");
    if (chance(15)) add_param("io0", chance(50) ? Ty::TP : Ty::TR, true, "InOut");

    const int blocks = o_.min_blocks + static_cast<int>(below(static_cast<std::uint64_t>(o_.max_blocks - o_.min_blocks + 1)));
    Body main;
    const bool early = !o_.tensor_results && chance(o_.early_return_percent);
    early_ = early;
    int early_ifs = 0;
    for (int b = 0; b <= blocks; ++b) {
      if (early && b > 0 && (chance(40) || (b == blocks && early_ifs == 0)) && early_return(main, st_, st_, 0, 4))
        ++early_ifs;
      if (b < blocks) item(main, st_, 0);
    }

    // Results: one to three bound names, the most recently defined first (not the In parameters).
    std::vector<std::string> cands;
    for (auto it = order_.rbegin(); it != order_.rend(); ++it)
      if (st_.names.count(*it) && std::find(cands.begin(), cands.end(), *it) == cands.end() &&
          (!o_.tensor_results || textgen::is_tensor(types_.at(*it))))
        cands.push_back(*it);
    std::vector<std::string> ret;
    if (!ret_types_.empty()) {  // an early return fixed the types: the most recent names of each
      std::vector<std::string> all = cands;  // then the parameters (not in order_)
      for (const auto& [name, v] : st_.names)
        if (std::find(all.begin(), all.end(), name) == all.end()) all.push_back(name);
      for (Ty t : ret_types_) {
        auto it = std::find_if(all.begin(), all.end(), [&](const std::string& c) {
          return types_.at(c) == t && std::find(ret.begin(), ret.end(), c) == ret.end();
        });
        if (it == all.end())  // what the early return returned is still bound (top-level names stay)
          it = std::find_if(all.begin(), all.end(), [&](const std::string& c) { return types_.at(c) == t; });
        if (it == all.end()) throw std::logic_error("gen_text_program: no name of an early return's type is bound at the end");
        ret.push_back(*it);
      }
    }
    for (const auto& c : cands)
      if (ret_types_.empty() && ret.size() < 3 && (ret.empty() || chance(45))) ret.push_back(c);
    if (ret.empty()) ret.push_back(st_.names.count("o0") ? "o0" : "y0");
    std::string rtype, rvals;
    for (std::size_t k = 0; k < ret.size(); ++k) {
      rtype += (k ? ", " : "") + type_text(types_.at(ret[k]));
      rvals += (k ? ", " : "") + ret[k];
    }
    if (ret.size() > 1) rtype = "tuple[" + rtype + "]";

    std::string body;
    render(main, 2, body);
    body += "        return " + rvals + "\n";
    std::string out = "# generated by test/fuzz/gen_text_program.hpp (hand-written style: names are rebound)\n";
    out += "import ptorw.language as pl\n\n\n@pl.program\nclass FuzzText:\n" + kernels_;
    out += "    @pl.function(type=pl.FunctionType.Orchestration)\n";
    out += "    def main(" + params + ") -> " + rtype + ":\n" + body;
    return out;
  }

 private:
  using Ty = textgen::Ty;
  using Def = textgen::Def;
  using Range = textgen::Range;
  using Value = textgen::Value;
  using State = textgen::State;
  using Node = textgen::Node;
  using Body = textgen::Body;

  interp::Rng rng_;
  TextGenOptions o_;
  std::string dt_;
  bool flt_ = true;
  int r_ = 16, p_ = 32, c_ = 16, b_ = 8;  // block rows, parent rows, cols, kernel inner block rows
  std::string kernels_;
  std::map<std::string, std::vector<std::string>> kcache_;
  std::map<std::string, std::string> kscalar_;  // scale kernels: the dtype of their scalar parameter
  State st_;
  std::map<std::string, Ty> types_;   // every name of main has one type for its whole life
  std::vector<std::string> order_;    // names of main in order of definition
  std::set<int> readonly_;            // storages of main's In parameters
  int site_ = 1;
  int counter_ = 0;
  std::vector<Ty> ret_types_;  // main's result types once an early return fixed them
  bool early_ = false;         // this program has early returns (ifs at main's top level may hold one)
  bool force_aiv_ = false;  // the next kernel header is AIV (a Group's vector kernel)
  std::vector<std::string> group_epis_;  // the Groups' vector kernels
  std::map<std::string, std::string> group_epi_;  // Group -> its vector kernel
  // Loops and ifs are generated again when their check fails; nested, that multiplies. Each attempt
  // costs one unit: once spent, no further loop or if is tried (some seeds took seconds to write).
  int budget_ = 400;

  // ---- randomness -------------------------------------------------------------------------------
  std::uint64_t below(std::uint64_t n) { return rng_.below(n); }
  bool chance(int percent) { return static_cast<int>(below(100)) < percent; }
  template <class T> const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
  std::string fresh(const std::string& p) { return p + std::to_string(counter_++); }
  static std::string S(int v) { return std::to_string(v); }
  static std::string tuple_text(const std::vector<std::string>& v) {
    std::string out = "(";
    for (std::size_t k = 0; k < v.size(); ++k) out += (k ? ", " : "") + v[k];
    return out + (v.size() == 1 ? ",)" : ")");
  }
  static std::string any(const std::vector<std::string>& v, interp::Rng& r) { return v.empty() ? "" : v[r.below(v.size())]; }
  std::string any(const std::vector<std::string>& v) { return any(v, rng_); }

  // ---- types ------------------------------------------------------------------------------------
  void choose_types() {
    const auto d = below(10);
    dt_ = d < 7 ? "pl.FP32" : d < 9 ? "pl.FP16" : "pl.INT32";
    flt_ = dt_ != "pl.INT32";
    c_ = chance(50) ? 16 : 32;
    r_ = chance(60) ? 16 : 32;
    p_ = r_ * (chance(50) ? 2 : 4);
    b_ = r_ == 32 && chance(50) ? 16 : 8;
  }
  std::string dims(int rows) const { return "[" + S(rows) + ", " + S(c_) + "]"; }
  int rows_of(Ty t) const { return t == Ty::TR ? r_ : p_; }
  std::string tensor_text(int rows) const { return "pl.Tensor[" + dims(rows) + ", " + dt_ + "]"; }
  std::string type_text(Ty t) const {
    switch (t) {
      case Ty::TR: return tensor_text(r_);
      case Ty::TP: return tensor_text(p_);
      case Ty::SI: return "pl.Scalar[pl.INDEX]";
      case Ty::SF: return "pl.Scalar[pl.FP32]";
      case Ty::SB: return "pl.Scalar[pl.BOOL]";
    }
    return {};
  }
  std::string create_text(Ty t) const { return "pl.tensor.create(" + dims(rows_of(t)) + ", dtype=" + dt_ + ")"; }
  std::string cst() {
    return flt_ ? pick(std::vector<std::string>{"0.5", "2.0", "-1.0", "0.25", "1.5"}) : pick(std::vector<std::string>{"2", "3", "-1", "5"});
  }
  std::string zero() const { return flt_ ? "0.0" : "0"; }

  // ---- kernels ----------------------------------------------------------------------------------
  static void kl(std::string& k, int ind, const std::string& s) { k += std::string(static_cast<std::size_t>(ind) * 4, ' ') + s + "\n"; }
  std::string header(const std::string& name, bool windowize) {
    std::string type = chance(85) ? "InCore" : "AIV";
    if (force_aiv_) type = "AIV";  // (the draw is kept: the other kernels' choices do not move)
    std::string attrs = windowize ? ", attrs={\"windowize\": True}" : "";
    return "    @pl.function(type=pl.FunctionType." + type + attrs + ")\n    def " + name + "(self";
  }
  /// A unary tile op applied to `t`.
  std::string unary(const std::string& t) {
    // Float tiles also take PyPTO's reductions, broadcasts and casts (docs/dsl.md), written in the
    // `pl.*` sugar people use: shape-preserving compositions, so they fit wherever a map op does.
    switch (below(flt_ ? 12 : 8)) {
      case 9: return "pl.row_expand_sub(" + t + ", pl.row_max(" + t + "))";
      case 10: return "pl.col_expand_mul(" + t + ", pl.col_min(" + t + "))";
      case 11: return "pl.cast(pl.cast(" + t + ", target_type=pl.BF16, mode=\"rint\"), " + dt_ + ")";
      case 0: return "pl.tile.adds(" + t + ", " + cst() + ")";
      case 1: return "pl.tile.muls(" + t + ", " + cst() + ")";
      case 2: return "pl.tile.neg(" + t + ")";
      case 3: return "pl.tile.abs(" + t + ")";
      case 4: return "pl.tile.relu(" + t + ")";
      case 5: return "pl.tile.maximums(" + t + ", " + cst() + ")";
      case 6: return "pl.tile.minimums(" + t + ", " + cst() + ")";
      case 7: return "pl.tile.add(" + t + ", " + t + ")";
      default: return "pl.tile.exp(" + t + ")";
    }
  }
  std::string binop() { return pick(std::vector<std::string>{"add", "sub", "mul", "maximum", "minimum"}); }
  /// 0..hi ops on `t`: rebinding `t` itself (text) or fresh names (SSA); returns the final tile.
  std::string ops(std::string& k, int ind, std::string t, bool text, int lo = 0, int hi = 2) {
    const int n = lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo + 1)));
    for (int i = 0; i < n; ++i) {
      std::string u = text ? t : fresh("t");
      kl(k, ind, u + " = " + unary(t));
      t = u;
    }
    return t;
  }

  /// A kernel of `kind` over `rows`, reused from an earlier call site half of the time.
  std::string kernel(const std::string& kind, int rows) {
    std::string key = kind + "|" + S(rows);
    // A Group's vector kernel is the map kernel of half the later map calls of its rows, so that
    // Pattern 1 loops call it directly (and must leave its signature alone: spec "Scope").
    if (kind == "map" && rows == r_ && !group_epis_.empty() && chance(50)) return pick(group_epis_);
    auto& have = kcache_[key];
    if (!have.empty() && chance(50)) return pick(have);
    std::string name = fresh("k_" + kind);
    const bool ssa = chance(o_.ssa_kernel_percent);
    if (kind == "map" || kind == "bin") emit_map(name, rows, kind == "bin", ssa);
    else if (kind == "scale") emit_scale(name, rows);
    else if (kind == "accum") emit_accum(name, rows, ssa);
    else if (kind == "rows") emit_rows(name, ssa);
    else if (kind == "multi" || kind == "pair") emit_multi(name, rows, kind == "pair", ssa);
    else emit_reduce(name, ssa);
    have.push_back(name);
    return name;
  }

  /// A mixed task over [R, C]: Group(a: In [R, C], w: In [P, C], tmp: Out [R, C], out: Out [R, C]) -> out.
  /// Its AIC kernel writes a @ w[0:C, :] into tmp (GM -> Mat -> Left/Right -> Acc -> GM), its AIV
  /// kernel maps tmp into out. The Group and the AIC kernel rebind names as people write them; the
  /// AIV kernel is an ordinary map kernel of [R, C], which the orchestration also calls directly
  /// (spec "Scope": a kernel called from a Group keeps its signature, whatever its other call sites).
  std::string group_kernel() {
    auto& have = kcache_["group|" + S(r_)];
    if (!have.empty() && chance(50)) return pick(have);
    std::string mm = fresh("k_mm"), epi = fresh("k_map"), g = fresh("k_group");
    const std::string T = tensor_text(r_), W = tensor_text(p_);
    std::string& k = kernels_;
    k += "    @pl.function(type=pl.FunctionType.AIC)\n    def " + mm + "(self, a: " + T + ", w: " + W + ", tmp: pl.Out[" + T +
         "]) -> " + T + ":\n";
    kl(k, 2, "t = pl.load(a, [0, 0], " + dims(r_) + ", target_memory=pl.Mem.Mat)");
    kl(k, 2, "m = pl.load(w, [0, 0], " + dims(c_) + ", target_memory=pl.Mem.Mat)");
    kl(k, 2, "l = pl.tile.move(t, target_memory=pl.Mem.Left)");
    kl(k, 2, "m = pl.tile.move(m, target_memory=pl.Mem.Right)");
    kl(k, 2, "acc = pl.tile.matmul(l, m)");
    kl(k, 2, "tmp = pl.store(acc, [0, 0], tmp)");
    kl(k, 2, "return tmp");
    k += "\n";
    force_aiv_ = true;
    emit_map(epi, r_, false, chance(o_.ssa_kernel_percent));
    force_aiv_ = false;
    kcache_["map|" + S(r_)].push_back(epi);
    group_epis_.push_back(epi);
    group_epi_[g] = epi;
    k += "    @pl.function(type=pl.FunctionType.Group)\n    def " + g + "(self, a: " + T + ", w: " + W + ", tmp: pl.Out[" + T +
         "], out: pl.Out[" + T + "]) -> " + T + ":\n";
    if (chance(50)) {  // rebinding the Out parameters with the calls' results
      kl(k, 2, "tmp = self." + mm + "(a, w, tmp)");
      kl(k, 2, "out = self." + epi + "(tmp, out)");
      kl(k, 2, "return out");
    } else {
      kl(k, 2, "p = self." + mm + "(a, w, tmp)");
      kl(k, 2, "r = self." + epi + "(p, out)");
      kl(k, 2, "return r");
    }
    k += "\n";
    have.push_back(g);
    return g;
  }

  /// (x[, y]: In, out: Out) -> out.
  void emit_map(const std::string& name, int rows, bool binary, bool ssa) {
    std::string& k = kernels_;
    const std::string D = dims(rows), T = tensor_text(rows), blk = dims(b_);
    k += header(name, chance(10)) + ", x: " + T + (binary ? ", y: " + T : "") + ", out: pl.Out[" + T + "]) -> " + T + ":\n";
    const int nb = rows / b_;
    // Loads one window of x (combined with y's) into `t`.
    auto load = [&](int ind, const std::string& t, const std::string& off, const std::string& shape, bool text) {
      kl(k, ind, t + " = pl.load(x, " + off + ", " + shape + ")");
      if (!binary) return t;
      std::string u = fresh("u"), c = text ? t : fresh("c");
      kl(k, ind, u + " = pl.load(y, " + off + ", " + shape + ")");
      kl(k, ind, c + " = pl.tile." + binop() + "(" + t + ", " + u + ")");
      return c;
    };
    if (ssa) {
      if (chance(50) || nb < 2) {
        std::string t = ops(k, 2, load(2, fresh("a"), "[0, 0]", D, false), false), r = fresh("r");
        kl(k, 2, r + " = pl.store(" + t + ", [0, 0], out)");
        kl(k, 2, "return " + r);
      } else {
        std::string i = fresh("i"), o = fresh("o"), res = fresh("res"), nx = fresh("nxt");
        kl(k, 2, "for " + i + ", (" + o + ",) in pl.range(" + S(nb) + ", init_values=(out,)):");
        std::string off = "[" + i + " * " + S(b_) + ", 0]";
        std::string t = ops(k, 3, load(3, fresh("a"), off, blk, false), false);
        kl(k, 3, nx + " = pl.store(" + t + ", " + off + ", " + o + ")");
        kl(k, 3, res + " = pl.yield_(" + nx + ")");
        kl(k, 2, "return " + res);
      }
      k += "\n";
      return;
    }
    const int style = static_cast<int>(below(nb >= 2 ? 8 : 2));
    const std::string t = fresh("t");
    if (!o_.tensor_results && o_.early_return_percent > 0 && chance(12)) {  // an early return on an element of the data
      load(2, t, "[0, 0]", D, true);
      kl(k, 2, "if pl.tile.read(" + t + ", [0, 0]) > " + zero() + ":");
      ops(k, 3, t, true, 1, 2);
      kl(k, 3, "out = pl.store(" + t + ", [0, 0], out)");
      kl(k, 3, "return out");
      ops(k, 2, t, true, 1, 2);
      kl(k, 2, "out = pl.store(" + t + ", [0, 0], out)");
      kl(k, 2, "return out");
      k += "\n";
      return;
    }
    switch (style) {
      case 0: {  // straight-line rebinding of a tile and of the Out parameter
        load(2, t, "[0, 0]", D, true);
        ops(k, 2, t, true, 1, 3);
        kl(k, 2, "out = pl.store(" + t + ", [0, 0], out)");
        kl(k, 2, "return out");
        break;
      }
      case 1: {  // the whole tile rebound in a loop, sometimes with an if in the loop and a scalar
        load(2, t, "[0, 0]", D, true);
        std::string j = fresh("j"), s = fresh("s");
        const bool scal = chance(50);
        if (scal) kl(k, 2, s + " = " + (flt_ ? "1.0" : "1"));
        kl(k, 2, "for " + j + " in pl.range(" + S(1 + static_cast<int>(below(3))) + "):");
        kl(k, 3, t + " = " + unary(t));
        if (scal) {
          kl(k, 3, t + " = pl.tile.adds(" + t + ", " + s + ")");
          kl(k, 3, s + " = " + s + (flt_ ? " * 0.5" : " + 1"));
        }
        if (chance(50)) {
          kl(k, 3, "if " + j + " % 2 == 0:");
          kl(k, 4, t + " = " + unary(t));
          if (chance(50)) {
            kl(k, 3, "else:");
            kl(k, 4, t + " = " + unary(t));
          }
        }
        kl(k, 2, "out = pl.store(" + t + ", [0, 0], out)");
        kl(k, 2, "return out");
        break;
      }
      case 2: case 3: {  // blocked, the Out parameter rebound without init_values (index or offset counter)
        std::string i = fresh("i"), off = fresh("off");
        const bool counter = style == 3;
        std::string o = counter ? off : (chance(50) ? i + " * " + S(b_) : i);
        std::string range = counter || o != i ? "pl.range(" + S(nb) + ")" : "pl.range(0, " + S(rows) + ", " + S(b_) + ")";
        if (counter) kl(k, 2, off + " = 0");
        // Tail rows carried by the loop (`vr = 1`, `vr = vr % 8 + 1`): a second load of the block
        // with `valid_shape=[vr, C]` overwrites its first vr rows, so the tiles' types read the
        // iter arg convert-to-ssa makes, and simplify's constant init makes it anew.
        const bool tail = chance(35);
        if (tail) kl(k, 2, "vr = 1");
        kl(k, 2, "for " + i + " in " + range + ":");
        load(3, t, "[" + o + ", 0]", blk, true);
        if (chance(40)) {  // a nested loop rebinding the tile
          std::string j = fresh("j");
          kl(k, 3, "for " + j + " in pl.range(2):");
          kl(k, 4, t + " = " + unary(t));
        } else {
          ops(k, 3, t, true);
        }
        kl(k, 3, "out = pl.store(" + t + ", [" + o + ", 0], out)");
        if (tail) {
          const std::string p = fresh("p");
          kl(k, 3, p + " = pl.load(x, [" + o + ", 0], " + blk + ", valid_shape=[vr, " + S(c_) + "])");
          kl(k, 3, p + " = pl.tile.muls(" + p + ", " + cst() + ")");
          kl(k, 3, "out = pl.store(" + p + ", [" + o + ", 0], out)");
          kl(k, 3, "vr = vr % " + S(b_) + " + 1");
        }
        if (counter) kl(k, 3, off + " = " + off + " + " + S(b_));
        kl(k, 2, "return out");
        break;
      }
      case 4: {  // While over an offset counter; the Out carried in the header, its result named `out`
        std::string off = fresh("off"), o = fresh("o");
        kl(k, 2, off + " = 0");
        kl(k, 2, "for (" + o + ",) in pl.while_(init_values=(out,)):");
        kl(k, 3, "pl.cond(" + off + " < " + S(rows) + ")");
        load(3, t, "[" + off + ", 0]", blk, true);
        ops(k, 3, t, true);
        kl(k, 3, o + " = pl.store(" + t + ", [" + off + ", 0], " + o + ")");
        kl(k, 3, off + " = " + off + " + " + S(b_));
        kl(k, 3, "out = pl.yield_(" + o + ")");
        kl(k, 2, "return out");
        break;
      }
      case 5: {  // While carrying a counter; the Out parameter rebound inside without init_values
        std::string c0 = fresh("c"), c = fresh("c"), c1 = fresh("c"), ce = fresh("c");
        kl(k, 2, c0 + " = 0");
        kl(k, 2, "for (" + c + ",) in pl.while_(init_values=(" + c0 + ",)):");
        kl(k, 3, "pl.cond(" + c + " < " + S(nb) + ")");
        load(3, t, "[" + c + " * " + S(b_) + ", 0]", blk, true);
        ops(k, 3, t, true);
        kl(k, 3, "out = pl.store(" + t + ", [" + c + " * " + S(b_) + ", 0], out)");
        kl(k, 3, c1 + " = " + c + " + 1");
        kl(k, 3, ce + " = pl.yield_(" + c1 + ")");
        kl(k, 2, "return out");
        break;
      }
      case 6: {  // issue 14: a tile accumulator rebound beside the Out carried through init_values
        std::string acc = fresh("acc"), i = fresh("i"), o = fresh("o"), o2 = fresh("o"), r = chance(40) ? "out" : fresh("r");
        if (chance(50)) kl(k, 2, acc + " = pl.tile.full(" + blk + ", " + zero() + ", dtype=" + dt_ + ")");
        else kl(k, 2, acc + " = pl.load(x, [0, 0], " + blk + ")");
        kl(k, 2, "for " + i + ", (" + o + ",) in pl.range(" + S(nb) + ", init_values=(out,)):");
        std::string off = "[" + i + " * " + S(b_) + ", 0]";
        load(3, t, off, blk, true);
        switch (below(4)) {
          case 0: kl(k, 3, acc + " = pl.tile.add(" + acc + ", " + t + ")"); break;
          case 1:  // both arms; the else arm reads the value from before the if
            kl(k, 3, "if " + i + " % 2 == 0:");
            kl(k, 4, acc + " = pl.tile.add(" + acc + ", " + t + ")");
            kl(k, 3, "else:");
            kl(k, 4, acc + " = pl.tile." + binop() + "(" + acc + ", " + t + ")");
            break;
          case 2:  // one arm, with a prior value
            kl(k, 3, acc + " = pl.tile.add(" + acc + ", " + t + ")");
            kl(k, 3, "if " + i + " > 0:");
            kl(k, 4, acc + " = " + unary(acc));
            break;
          default:  // a new name defined in both arms
            {
              std::string u = fresh("u");
              kl(k, 3, "if " + i + " < " + S(nb / 2) + ":");
              kl(k, 4, u + " = " + unary(t));
              kl(k, 3, "else:");
              kl(k, 4, u + " = " + unary(t));
              kl(k, 3, acc + " = pl.tile." + binop() + "(" + acc + ", " + u + ")");
            }
        }
        kl(k, 3, o2 + " = pl.store(" + acc + ", " + off + ", " + o + ")");
        kl(k, 3, r + " = pl.yield_(" + o2 + ")");
        kl(k, 2, "return " + r);
        break;
      }
      default: {  // a tile.assemble accumulator rebound in a loop, stored once
        std::string w = fresh("w"), i = fresh("i");
        kl(k, 2, w + " = pl.tile.create(" + D + ", dtype=" + dt_ + ")");
        kl(k, 2, "for " + i + " in pl.range(" + S(nb) + "):");
        std::string off = "[" + i + " * " + S(b_) + ", 0]";
        load(3, t, off, blk, true);
        ops(k, 3, t, true);
        kl(k, 3, w + " = pl.tile.assemble(" + w + ", " + t + ", " + off + ")");
        kl(k, 2, "out = pl.store(" + w + ", [0, 0], out)");
        kl(k, 2, "return out");
      }
    }
    k += "\n";
  }

  /// (x: In, s: scalar, out: Out) -> out; the scalar parameter is rebound in a loop.
  void emit_scale(const std::string& name, int rows) {
    std::string& k = kernels_;
    const std::string D = dims(rows), T = tensor_text(rows);
    const bool fs = flt_ && chance(60);
    kscalar_[name] = fs ? "SF" : "SI";
    k += header(name, false) + ", x: " + T + ", s: " + (fs ? "pl.Scalar[pl.FP32]" : "pl.Scalar[pl.INDEX]") + ", out: pl.Out[" + T +
         "]) -> " + T + ":\n";
    std::string t = fresh("t");
    kl(k, 2, t + " = pl.load(x, [0, 0], " + D + ")");
    if (chance(60)) {
      std::string j = fresh("j");
      kl(k, 2, "for " + j + " in pl.range(" + S(1 + static_cast<int>(below(3))) + "):");
      kl(k, 3, t + " = pl.tile." + (fs && chance(50) ? "muls" : "adds") + "(" + t + ", s)");
      kl(k, 3, "s = s" + std::string(fs ? " * 0.5" : " % 3 + 1"));
    } else {
      kl(k, 2, t + " = pl.tile.adds(" + t + ", s)");
      kl(k, 2, "if s > " + std::string(fs ? "1.0" : "2") + ":");
      kl(k, 3, t + " = " + unary(t));
      if (chance(50)) {
        kl(k, 2, "else:");
        kl(k, 3, t + " = " + unary(t));
      }
    }
    kl(k, 2, "out = pl.store(" + t + ", [0, 0], out)");
    kl(k, 2, "return out");
    k += "\n";
  }

  /// (x: In, acc: InOut) -> acc = acc + f(x).
  void emit_accum(const std::string& name, int rows, bool ssa) {
    std::string& k = kernels_;
    const std::string D = dims(rows), T = tensor_text(rows), blk = dims(b_);
    k += header(name, false) + ", x: " + T + ", acc: pl.InOut[" + T + "]) -> " + T + ":\n";
    const std::string op = pick(std::vector<std::string>{"add", "add", "sub", "maximum"});
    if (ssa) {
      std::string a = fresh("a"), b = fresh("b"), c = fresh("c"), r = fresh("r");
      kl(k, 2, a + " = pl.load(acc, [0, 0], " + D + ")");
      kl(k, 2, b + " = pl.load(x, [0, 0], " + D + ")");
      kl(k, 2, c + " = pl.tile." + op + "(" + a + ", " + b + ")");
      kl(k, 2, r + " = pl.store(" + c + ", [0, 0], acc)");
      kl(k, 2, "return " + r);
    } else if (rows / b_ < 2 || chance(50)) {
      std::string a = fresh("a"), b = fresh("b");
      kl(k, 2, a + " = pl.load(acc, [0, 0], " + D + ")");
      kl(k, 2, b + " = pl.load(x, [0, 0], " + D + ")");
      ops(k, 2, b, true, 0, 1);
      kl(k, 2, a + " = pl.tile." + op + "(" + a + ", " + b + ")");
      kl(k, 2, "acc = pl.store(" + a + ", [0, 0], acc)");
      kl(k, 2, "return acc");
    } else {
      std::string i = fresh("i"), a = fresh("a"), b = fresh("b"), off = "[" + i + " * " + S(b_) + ", 0]";
      kl(k, 2, "for " + i + " in pl.range(" + S(rows / b_) + "):");
      kl(k, 3, a + " = pl.load(acc, " + off + ", " + blk + ")");
      kl(k, 3, b + " = pl.load(x, " + off + ", " + blk + ")");
      kl(k, 3, a + " = pl.tile." + op + "(" + a + ", " + b + ")");
      kl(k, 3, "acc = pl.store(" + a + ", " + off + ", acc)");
      kl(k, 2, "return acc");
    }
    k += "\n";
  }

  /// (src: In [P, C], row, dst: Out [P, C]) -> dst, writing rows [row, row + R).
  void emit_rows(const std::string& name, bool ssa) {
    std::string& k = kernels_;
    const std::string T = tensor_text(p_), R = dims(r_);
    k += header(name, chance(70)) + ", src: " + T + ", row: pl.Scalar[pl.INDEX], dst: pl.Out[" + T + "]) -> " + T + ":\n";
    const auto w = below(10);
    std::string src_off = w < 7 ? "[row, 0]" : w < 9 ? "[row // 2, 0]" : "[0, 0]";
    std::string t = fresh("t");
    if (ssa) {
      kl(k, 2, t + " = pl.load(src, " + src_off + ", " + R + ")");
      std::string u = ops(k, 2, t, false), r = fresh("r");
      kl(k, 2, r + " = pl.store(" + u + ", [row, 0], dst)");
      kl(k, 2, "return " + r);
      k += "\n";
      return;
    }
    switch (below(r_ > b_ ? 3 : 2)) {
      case 0:
        kl(k, 2, t + " = pl.load(src, " + src_off + ", " + R + ")");
        ops(k, 2, t, true, 1, 2);
        kl(k, 2, "dst = pl.store(" + t + ", [row, 0], dst)");
        break;
      case 1:  // an if on the row: both arms, or one arm with the prior value
        kl(k, 2, t + " = pl.load(src, " + src_off + ", " + R + ")");
        kl(k, 2, "if row > 0:");
        kl(k, 3, t + " = " + unary(t));
        if (chance(50)) {
          kl(k, 2, "else:");
          kl(k, 3, t + " = " + unary(t));
        }
        kl(k, 2, "dst = pl.store(" + t + ", [row, 0], dst)");
        break;
      default: {  // sub-blocks of the window, dst rebound in the loop
        std::string j = fresh("j"), off = "[row + " + j + " * " + S(b_) + ", 0]";
        kl(k, 2, "for " + j + " in pl.range(" + S(r_ / b_) + "):");
        kl(k, 3, t + " = pl.load(src, " + off + ", " + dims(b_) + ")");
        ops(k, 3, t, true);
        kl(k, 3, "dst = pl.store(" + t + ", " + off + ", dst)");
      }
    }
    kl(k, 2, "return dst");
    k += "\n";
  }

  /// (x[, y]: In, lo: Out, hi: Out) -> (lo, hi).
  void emit_multi(const std::string& name, int rows, bool two_in, bool ssa) {
    std::string& k = kernels_;
    const std::string D = dims(rows), T = tensor_text(rows);
    k += header(name, false) + ", x: " + T + (two_in ? ", y: " + T : "") + ", lo: pl.Out[" + T + "], hi: pl.Out[" + T +
         "]) -> tuple[" + T + ", " + T + "]:\n";
    std::string a = fresh("a"), b = fresh("b");
    kl(k, 2, a + " = pl.load(x, [0, 0], " + D + ")");
    kl(k, 2, b + " = " + (two_in ? "pl.load(y, [0, 0], " + D + ")" : unary(a)));
    if (ssa) {
      std::string u = ops(k, 2, a, false, 1, 2), v = ops(k, 2, b, false, 0, 2), r1 = fresh("r"), r2 = fresh("r");
      kl(k, 2, r1 + " = pl.store(" + u + ", [0, 0], lo)");
      kl(k, 2, r2 + " = pl.store(" + v + ", [0, 0], hi)");
      kl(k, 2, "return " + r1 + ", " + r2);
    } else {
      if (chance(60)) {  // two tiles rebound together in a loop
        std::string j = fresh("j");
        kl(k, 2, "for " + j + " in pl.range(" + S(1 + static_cast<int>(below(3))) + "):");
        kl(k, 3, a + " = pl.tile." + binop() + "(" + a + ", " + b + ")");
        kl(k, 3, b + " = " + unary(b));
      } else {
        ops(k, 2, a, true, 1, 2);
        ops(k, 2, b, true, 0, 2);
      }
      kl(k, 2, "lo = pl.store(" + a + ", [0, 0], lo)");
      kl(k, 2, "hi = pl.store(" + b + ", [0, 0], hi)");
      kl(k, 2, "return lo, hi");
    }
    k += "\n";
  }

  /// (x: In [P, C], out: Out [R, C]) -> out: the row blocks of x combined.
  void emit_reduce(const std::string& name, bool ssa) {
    std::string& k = kernels_;
    const std::string R = dims(r_);
    const int nb = p_ / r_;
    k += header(name, false) + ", x: " + tensor_text(p_) + ", out: pl.Out[" + tensor_text(r_) + "]) -> " + tensor_text(r_) + ":\n";
    std::string acc = fresh("acc"), t = fresh("t"), i = fresh("i");
    kl(k, 2, acc + " = pl.load(x, [0, 0], " + R + ")");
    auto off = [&](const std::string& v) { return "[" + v + " * " + S(r_) + ", 0]"; };
    if (ssa) {
      std::string a = fresh("a"), an = fresh("an"), res = fresh("res"), r = fresh("r");
      kl(k, 2, "for " + i + ", (" + a + ",) in pl.range(1, " + S(nb) + ", init_values=(" + acc + ",)):");
      kl(k, 3, t + " = pl.load(x, " + off(i) + ", " + R + ")");
      kl(k, 3, an + " = pl.tile." + binop() + "(" + a + ", " + t + ")");
      kl(k, 3, res + " = pl.yield_(" + an + ")");
      kl(k, 2, r + " = pl.store(" + res + ", [0, 0], out)");
      kl(k, 2, "return " + r);
      k += "\n";
      return;
    }
    switch (below(4)) {
      case 0: {  // acc rebound in a For, an if in the loop
        kl(k, 2, "for " + i + " in pl.range(1, " + S(nb) + "):");
        kl(k, 3, t + " = pl.load(x, " + off(i) + ", " + R + ")");
        const auto f = below(3);
        if (f == 0) {
          kl(k, 3, acc + " = pl.tile." + binop() + "(" + acc + ", " + t + ")");
        } else if (f == 1) {
          kl(k, 3, "if " + i + " % 2 == 0:");
          kl(k, 4, acc + " = pl.tile.add(" + acc + ", " + t + ")");
          kl(k, 3, "else:");
          kl(k, 4, acc + " = pl.tile.maximum(" + acc + ", " + t + ")");
        } else {
          std::string u = fresh("u");
          kl(k, 3, "if " + i + " > 1:");
          kl(k, 4, u + " = " + unary(t));
          kl(k, 3, "else:");
          kl(k, 4, u + " = " + unary(t));
          kl(k, 3, acc + " = pl.tile.add(" + acc + ", " + u + ")");
        }
        break;
      }
      case 1: {  // While with a rebound counter; the result is yielded into `acc`
        std::string c = fresh("c"), m = fresh("m");
        kl(k, 2, c + " = 1");
        kl(k, 2, "for (" + m + ",) in pl.while_(init_values=(" + acc + ",)):");
        kl(k, 3, "pl.cond(" + c + " < " + S(nb) + ")");
        kl(k, 3, t + " = pl.load(x, " + off(c) + ", " + R + ")");
        kl(k, 3, m + " = pl.tile." + binop() + "(" + m + ", " + t + ")");
        kl(k, 3, c + " = " + c + " + 1");
        kl(k, 3, acc + " = pl.yield_(" + m + ")");
        break;
      }
      case 2: {  // a carried maximum beside a rebound sum
        std::string m = fresh("m"), m2 = fresh("m"), mx = fresh("mx");
        kl(k, 2, "for " + i + ", (" + m + ",) in pl.range(1, " + S(nb) + ", init_values=(" + acc + ",)):");
        kl(k, 3, t + " = pl.load(x, " + off(i) + ", " + R + ")");
        kl(k, 3, m2 + " = pl.tile.maximum(" + m + ", " + t + ")");
        kl(k, 3, acc + " = pl.tile.add(" + acc + ", " + t + ")");
        kl(k, 3, mx + " = pl.yield_(" + m2 + ")");
        kl(k, 2, acc + " = pl.tile.add(" + acc + ", " + mx + ")");
        break;
      }
      default: {  // nested loops: column halves of every block
        std::string j = fresh("j");
        const int half = c_ / 2;
        std::string hs = "[" + S(r_) + ", " + S(half) + "]";
        std::string h = fresh("h");
        kl(k, 2, h + " = pl.load(x, [0, 0], " + hs + ")");
        kl(k, 2, "for " + i + " in pl.range(1, " + S(nb) + "):");
        kl(k, 3, "for " + j + " in pl.range(2):");
        kl(k, 4, t + " = pl.load(x, [" + i + " * " + S(r_) + ", " + j + " * " + S(half) + "], " + hs + ")");
        kl(k, 4, h + " = pl.tile.add(" + h + ", " + t + ")");
        kl(k, 2, "out = pl.store(" + h + ", [0, " + S(half) + "], out)");
        std::string left = fresh("left");
        kl(k, 2, left + " = pl.tile.slice(" + acc + ", " + hs + ", [0, 0])");
        kl(k, 2, "out = pl.store(" + left + ", [0, 0], out)");
        kl(k, 2, "return out");
        k += "\n";
        return;
      }
    }
    kl(k, 2, "out = pl.store(" + acc + ", [0, 0], out)");
    kl(k, 2, "return out");
    k += "\n";
  }

  // ---- the abstract state -----------------------------------------------------------------------
  void name(const std::string& n, Ty t) {
    types_.emplace(n, t);
    order_.push_back(n);
  }
  std::vector<std::string> names_of(const State& s, Ty t) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : s.names)
      if (v.ty == t) out.push_back(n);
    return out;
  }
  /// Bound names of type t that are fully defined (tensors), or any (scalars), and not `but`.
  std::vector<std::string> full_of(const State& s, Ty t, const Value* but = nullptr) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : s.names)
      if (v.ty == t && textgen::def_of(s, v) == Def::Full && (!but || textgen::disjoint(v, *but))) out.push_back(n);
    return out;
  }
  bool writable(const Value& v) const {
    if (!v.whole || v.st.empty()) return false;
    for (int id : v.st)
      if (readonly_.count(id)) return false;
    return true;
  }
  std::vector<std::string> writable_of(const State& s, Ty t) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : s.names)
      if (v.ty == t && writable(v) && !v.pinned) out.push_back(n);
    return out;
  }
  std::vector<std::string> rebindable(const State& s, Ty t) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : s.names)
      if (v.ty == t && !v.pinned) out.push_back(n);
    return out;
  }
  /// A name to (re)define with a value of type t: an existing unpinned one most of the time.
  std::string target(const State& s, Ty t, int reuse = 70) {
    auto r = rebindable(s, t);
    if (!r.empty() && chance(reuse)) return pick(r);
    std::string n = fresh(t == Ty::SI ? "k" : t == Ty::SF ? "s" : t == Ty::SB ? "f" : t == Ty::TR ? "acc" : "buf");
    name(n, t);
    return n;
  }
  std::string new_name(const std::string& p, Ty t) {
    std::string n = fresh(p);
    name(n, t);
    return n;
  }

  // Effects (textgen::Node::eff) -----------------------------------------------------------------
  static void demote(State& s, int site2) {
    const int cur = site2, old = site2 + 1;
    bool any = false;
    for (auto& [n, v] : s.names)
      if (v.st.erase(cur)) {
        v.st.insert(old);
        any = true;
      }
    if (auto it = s.def.find(cur); it != s.def.end()) {
      if (any) {
        auto [o, fresh] = s.def.emplace(old, it->second);
        if (!fresh) o->second = std::min(o->second, it->second);
      }
      s.def.erase(it);
    }
  }
  static void write(State& s, const Value& v, Def d) {
    if (v.st.size() != 1 || (*v.st.begin() & 1)) return;  // which allocation is unknown: a weak update
    Def& x = s.def[*v.st.begin()];
    x = std::max(x, d);
  }

  Node line(std::string text, std::function<bool(State&)> eff) {
    Node n;
    n.text = std::move(text);
    n.eff = std::move(eff);
    return n;
  }
  /// Appends a line and applies its effect to the generation state; false (and nothing appended)
  /// when it breaks a rule there.
  bool emit(Body& b, State& s, Node n) {
    State t = s;
    if (!textgen::step(n, t)) return false;
    s = std::move(t);
    b.push_back(std::move(n));
    return true;
  }

  Node create_line(const std::string& n, Ty t) {
    const int site = 2 * site_++;
    return line(n + " = " + create_text(t), [n, t, site](State& s) {
      demote(s, site);
      s.names[n] = textgen::value_of(t, {site});
      s.def[site] = Def::Poison;
      return true;
    });
  }
  Node scalar_line(const std::string& n, Ty t, const std::string& expr, std::vector<std::string> reads, Range range) {
    return line(n + " = " + expr, [n, t, reads = std::move(reads), range](State& s) {
      for (const auto& x : reads) {
        auto it = s.names.find(x);
        if (it == s.names.end()) return false;
        // `row = (row + R) % P` is a block offset only when `row` was one
        if (range == Range::Off && x == n && it->second.range != Range::Off) return false;
      }
      Value v = textgen::value_of(t);
      v.range = range;
      if (auto it = s.names.find(n); it != s.names.end()) v.pinned = it->second.pinned;
      s.names[n] = v;
      return true;
    });
  }
  /// `results = self.k(args)`: ins must be fully defined, outs writable and disjoint from the ins
  /// and each other; inouts both. Each result views its Out argument; `level` is what a call
  /// defines of each Out (Partial for a row kernel).
  Node call_line(std::vector<std::string> results, const std::string& kname, const std::string& args, std::vector<std::string> ins,
                 std::vector<std::string> outs, std::vector<std::string> inouts, std::vector<std::string> scalars, Def level,
                 std::vector<std::string> offs = {}) {
    std::string lhs;
    for (std::size_t k = 0; k < results.size(); ++k) lhs += (k ? ", " : "") + results[k];
    return line(lhs + " = self." + kname + "(" + args + ")",
                [this, results = std::move(results), ins = std::move(ins), outs = std::move(outs), inouts = std::move(inouts),
                 scalars = std::move(scalars), level, offs = std::move(offs)](State& s) {
                  std::vector<Value> iv, ov;
                  for (const auto& x : scalars)
                    if (!s.names.count(x)) return false;
                  for (const auto& x : offs)  // row arguments: block offsets in this iteration too
                    if (auto it = s.names.find(x); it == s.names.end() || it->second.range != Range::Off) return false;
                  for (const auto& x : ins) {
                    auto it = s.names.find(x);
                    if (it == s.names.end() || textgen::def_of(s, it->second) != Def::Full) return false;
                    iv.push_back(it->second);
                  }
                  for (const auto& x : inouts) {
                    auto it = s.names.find(x);
                    if (it == s.names.end() || textgen::def_of(s, it->second) != Def::Full || !writable(it->second)) return false;
                    iv.push_back(it->second);
                    ov.push_back(it->second);
                  }
                  for (const auto& x : outs) {
                    auto it = s.names.find(x);
                    if (it == s.names.end() || !writable(it->second)) return false;
                    ov.push_back(it->second);
                  }
                  for (std::size_t a = 0; a < ov.size(); ++a) {
                    for (std::size_t b = a + 1; b < ov.size(); ++b)
                      if (!textgen::disjoint(ov[a], ov[b])) return false;
                    for (std::size_t b = 0; b < iv.size(); ++b) {
                      const bool same_inout = b >= ins.size() && b - ins.size() == a && a < inouts.size();
                      if (!same_inout && !textgen::disjoint(ov[a], iv[b])) return false;
                    }
                  }
                  // Results: one per Out / InOut, in the kernel's return order (inouts first, then outs).
                  for (std::size_t k = 0; k < ov.size(); ++k) write(s, ov[k], k < inouts.size() ? Def::Full : level);
                  for (std::size_t k = 0; k < results.size() && k < ov.size(); ++k) {
                    Value v = ov[k];
                    if (auto it = s.names.find(results[k]); it != s.names.end()) v.pinned = it->second.pinned;
                    s.names[results[k]] = v;
                  }
                  return true;
                });
  }

  // ---- orchestration items ----------------------------------------------------------------------
  std::vector<std::string> loop_vars_;  // enclosing For loop variables (usable in expressions)

  std::string index_term(const State& s) {
    std::vector<std::string> opts{"1", "2", "3"};
    for (const auto& v : loop_vars_) opts.push_back(v);
    for (const auto& n : names_of(s, Ty::SI)) opts.push_back(n);
    return pick(opts);
  }
  std::string cond_expr(const State& s) {
    std::vector<std::string> opts;
    for (const auto& v : loop_vars_) {
      opts.push_back(v + " % 2 == 0");
      opts.push_back(v + " > 0");
    }
    for (const auto& n : names_of(s, Ty::SB)) opts.push_back(chance(80) ? n : "not " + n);
    for (const auto& n : names_of(s, Ty::SI)) opts.push_back(n + " > " + S(static_cast<int>(below(6))));
    for (const auto& n : names_of(s, Ty::SF)) opts.push_back(n + " < 1.5");
    if (opts.empty()) return "1 < 2";
    std::string c = pick(opts);
    if (opts.size() > 1 && chance(15)) c = c + (chance(50) ? " and " : " or ") + pick(opts);
    return c;
  }
  std::string range_text(const State& s) {
    const int k = 1 + static_cast<int>(below(3));
    switch (below(8)) {
      case 0: return "pl.range(1, " + S(k + 1) + ")";
      case 1: return "pl.range(0, " + S(2 * k) + ", 2)";
      case 2: {  // a trip count read from a scalar (zero trips possible); bounded, as scalars may grow
        auto is = names_of(s, Ty::SI);
        return is.empty() ? "pl.range(" + S(k) + ")" : "pl.range(" + pick(is) + " % 4)";
      }
      case 3: return "pl.parallel(" + S(k) + ")";
      default: return "pl.range(" + S(k) + ")";
    }
  }

  /// Rebinds (or first defines) scalar `n` of type t.
  bool scalar_update(Body& b, State& s, const std::string& n, Ty t) {
    const bool has = s.names.count(n) != 0;
    if (t == Ty::SI) {
      const bool off = has ? s.names.at(n).range == Range::Off : chance(40);
      if (off) {
        std::vector<std::string> e{"0", S(r_ * static_cast<int>(below(static_cast<std::uint64_t>(p_ / r_))))};
        if (has) {
          e.push_back("(" + n + " + " + S(r_ * (1 + static_cast<int>(below(2)))) + ") % " + S(p_));
          e.push_back(S(p_ - r_) + " - " + n);
        }
        for (const auto& v : loop_vars_) e.push_back("(" + v + " % " + S(p_ / r_) + ") * " + S(r_));
        std::string ex = pick(e);
        std::vector<std::string> reads;
        if (ex.find(n) != std::string::npos && has) reads.push_back(n);
        return emit(b, s, scalar_line(n, t, ex, reads, Range::Off));
      }
      std::string term = index_term(s);
      if (term == n) term = "1";
      std::vector<std::string> reads{};
      if (s.names.count(term)) reads.push_back(term);
      std::string ex;
      if (!has) {
        ex = chance(50) ? "0" : term + " + 1";
      } else {
        reads.push_back(n);
        switch (below(5)) {
          case 0: ex = n + " + " + term; break;
          case 1: ex = n + " * 2 - " + term; break;
          case 2: ex = "(" + n + " + " + term + ") % 5"; break;
          case 3: ex = n + " // 2 + " + term; break;
          default: ex = n + " - " + term; break;
        }
      }
      return emit(b, s, scalar_line(n, t, ex, reads, Range::None));
    }
    if (t == Ty::SF) {
      std::vector<std::string> reads;
      std::string ex;
      if (!has) {
        ex = pick(std::vector<std::string>{"1.0", "0.5", "2.0"});
      } else {
        reads.push_back(n);
        switch (below(3)) {
          case 0: ex = n + " * 0.5 + 1.0"; break;
          case 1: ex = n + " + 0.25"; break;
          default: {
            std::string term = index_term(s);
            if (s.names.count(term)) reads.push_back(term);
            ex = n + " * 0.5 + " + term;
          }
        }
      }
      return emit(b, s, scalar_line(n, t, ex, reads, Range::None));
    }
    // BOOL
    std::vector<std::string> reads;
    std::string ex;
    auto is = names_of(s, Ty::SI);
    if (has && chance(40)) {
      ex = "not " + n;
      reads.push_back(n);
    } else if (!is.empty() && chance(70)) {
      std::string x = pick(is);
      reads.push_back(x);
      ex = x + " > " + S(static_cast<int>(below(5)));
    } else if (!loop_vars_.empty()) {
      ex = pick(loop_vars_) + " % 2 == 1";
    } else {
      ex = "True";
    }
    return emit(b, s, scalar_line(n, t, ex, reads, Range::None));
  }

  /// Rebinds (or first defines) tensor name `n` of type t with one of the tensor shapes.
  bool tensor_update(Body& b, State& s, const std::string& n, Ty t, int depth) {
    (void)depth;
    const int rows = rows_of(t);
    const bool has = s.names.count(n) != 0;
    const Value* cur = has ? &s.names.at(n) : nullptr;
    const bool cur_full = cur && textgen::def_of(s, *cur) == Def::Full;
    const auto form = below(12);
    // `n = self.k(n | src, [other,] nb)`: a chain through a fresh buffer (Pattern 1 when in a loop).
    auto chain = [&](bool use_self) -> bool {
      std::vector<std::string> srcs = full_of(s, t);
      std::string src = use_self && cur_full ? n : (srcs.empty() ? "" : pick(srcs));
      if (src.empty()) return false;
      std::string nb = new_name("nb", t);
      if (!emit(b, s, create_line(nb, t))) return false;
      const auto kind = below(10);
      std::string kn, args;
      std::vector<std::string> ins{src}, scal;
      if (kind >= 8 && t == Ty::TR && dt_ == "pl.FP32" && chance(o_.group_percent)) {
        // A mixed task: `n = self.group(src, w, tmp, nb)`, its result viewing nb (the Group's out).
        std::string w = any(full_of(s, Ty::TP)), tmp = new_name("tmp", t);
        if (w.empty() || !emit(b, s, create_line(tmp, t))) return false;
        const std::string g = group_kernel();
        if (!emit(b, s, call_line({n}, g, src + ", " + w + ", " + tmp + ", " + nb, {src, w}, {nb, tmp}, {}, {}, Def::Full)))
          return false;
        if (chance(50)) {
          // Then the loop Pattern 1 rewrites, written as people do (`n` rebound, no init_values),
          // calling the Group's vector kernel directly: its signature must stay (spec "Scope").
          // The loop's init is a kernel's Out result (Pattern 1 does not reuse a Group's), of a
          // kernel of its own: a call of the vector kernel outside the loop would stop Pattern 1.
          const std::string epi = group_epi_.at(g), pre = fresh("k_map");
          emit_map(pre, r_, false, chance(o_.ssa_kernel_percent));
          std::string nb1 = new_name("nb", t);
          if (!emit(b, s, create_line(nb1, t)) ||
              !emit(b, s, call_line({n}, pre, n + ", " + nb1, {n}, {nb1}, {}, {}, Def::Full)))
            return true;
          Node loop;
          loop.k = Node::K::Loop;
          loop.loop_var = fresh("i");
          loop.text = "for " + loop.loop_var + " in pl.range(" + S(2 + static_cast<int>(below(2))) + "):";
          std::string nb2 = new_name("nb", t);
          loop.body.push_back(create_line(nb2, t));
          loop.body.push_back(call_line({n}, epi, n + ", " + nb2, {n}, {nb2}, {}, {}, Def::Full));
          commit(b, s, std::move(loop));  // (refused by the state: nothing appended)
        }
        return true;
      }
      if (kind < 5) {
        kn = kernel("map", rows);
        args = src;
      } else if (kind < 8) {
        kn = kernel("bin", rows);
        std::string other = pick(full_of(s, t));
        ins.push_back(other);
        args = chance(50) ? src + ", " + other : other + ", " + src;
      } else {
        kn = kernel("scale", rows);
        const Ty st = kscalar_[kn] == "SF" ? Ty::SF : Ty::SI;
        auto ss = names_of(s, st);
        std::string sc;
        if (ss.empty() || chance(30)) {
          sc = new_name(st == Ty::SF ? "s" : "k", st);
          if (!scalar_update(b, s, sc, st)) return false;
        } else {
          sc = pick(ss);
        }
        scal.push_back(sc);
        args = src + ", " + sc;
      }
      return emit(b, s, call_line({n}, kn, args + ", " + nb, ins, {nb}, {}, scal, Def::Full));
    };
    switch (form) {
      case 0: case 1: case 2: case 3:
        return chain(true);
      case 4: case 5: {  // `n = self.k(src, n)`: the Out buffer rebound
        if (!cur || !writable(*cur) || cur->pinned) return chain(true);
        auto srcs = full_of(s, t, cur);
        if (srcs.empty()) return chain(false);
        std::string src = pick(srcs);
        if (chance(o_.scope_percent)) return emit(b, s, scope_map(s, n, src, rows));
        if (chance(70)) return emit(b, s, call_line({n}, kernel("map", rows), src + ", " + n, {src}, {n}, {}, {}, Def::Full));
        auto others = full_of(s, t, cur);
        std::string o = pick(others);
        return emit(b, s, call_line({n}, kernel("bin", rows), src + ", " + o + ", " + n, {src, o}, {n}, {}, {}, Def::Full));
      }
      case 6: {  // `n = self.acc(src, n)` through an InOut
        if (!cur_full || !writable(*cur) || cur->pinned) return chain(true);
        auto srcs = full_of(s, t, cur);
        if (srcs.empty()) return chain(true);
        std::string src = pick(srcs);
        return emit(b, s, call_line({n}, kernel("accum", rows), src + ", " + n, {src}, {}, {n}, {}, Def::Full));
      }
      case 7: {  // multi-return: `n, m = self.pair(n, m, lo, hi)` or from fresh buffers
        auto partners = rebindable(s, t);
        partners.erase(std::remove(partners.begin(), partners.end(), n), partners.end());
        std::string m = !partners.empty() && chance(70) ? pick(partners) : new_name("m", t);
        const bool pair = chance(60);
        std::vector<std::string> ins;
        std::string args;
        auto srcs = full_of(s, t);
        if (srcs.empty()) return false;
        if (pair) {
          std::string a = cur_full ? n : pick(srcs);
          std::string c = s.names.count(m) && textgen::def_of(s, s.names.at(m)) == Def::Full && chance(70) ? m : pick(srcs);
          ins = {a, c};
          args = chance(80) ? a + ", " + c : c + ", " + a;
        } else {
          std::string a = cur_full && chance(60) ? n : pick(srcs);
          ins = {a};
          args = a;
        }
        std::string lo = new_name("lb", t), hi = new_name("hb", t);
        if (!emit(b, s, create_line(lo, t)) || !emit(b, s, create_line(hi, t))) return false;
        std::vector<std::string> res = chance(80) ? std::vector<std::string>{n, m} : std::vector<std::string>{m, n};
        return emit(b, s, call_line(res, kernel(pair ? "pair" : "multi", rows), args + ", " + lo + ", " + hi, ins, {lo, hi}, {}, {}, Def::Full));
      }
      case 8: {  // shape-specific: a row window into a P buffer / a reduction into an R tensor / a slice
        if (t == Ty::TP) {
          if (!cur || !writable(*cur) || cur->pinned) return chain(true);
          auto srcs = full_of(s, Ty::TP, cur);
          if (srcs.empty()) return chain(true);
          std::string off = offset_arg(b, s);
          if (off.empty()) return false;
          std::vector<std::string> offs;
          if (s.names.count(off)) offs.push_back(off);
          std::string src = pick(srcs);
          return emit(b, s, call_line({n}, kernel("rows", p_), src + ", " + off + ", " + n, {src}, {n}, {}, {}, Def::Partial, offs));
        }
        if (chance(50)) {
          std::string src = any(full_of(s, Ty::TP));
          if (src.empty()) return chain(true);
          std::string nb = new_name("nb", t);
          if (!emit(b, s, create_line(nb, t))) return false;
          return emit(b, s, call_line({n}, kernel("red", p_), src + ", " + nb, {src}, {nb}, {}, {}, Def::Full));
        }
        return slice_into(b, s, n);
      }
      case 9: {  // an assemble into a P buffer / a slice
        if (t == Ty::TP) {
          if (!cur || !writable(*cur) || cur->pinned) return chain(true);
          auto parts = full_of(s, Ty::TR, cur);
          if (parts.empty()) return chain(true);
          std::string off = offset_arg(b, s);
          if (off.empty()) return false;
          std::string part = pick(parts);
          return emit(b, s, assemble_line(n, n, part, off));
        }
        return slice_into(b, s, n);
      }
      case 10: {  // a plain alias `n = m`
        auto srcs = names_of(s, t);
        srcs.erase(std::remove(srcs.begin(), srcs.end(), n), srcs.end());
        if (srcs.empty()) return chain(true);
        std::string src = pick(srcs);
        return emit(b, s, line(n + " = " + src, [n, src](State& st) {
          auto it = st.names.find(src);
          if (it == st.names.end()) return false;
          Value v = it->second;
          v.pinned = st.names.count(n) ? st.names.at(n).pinned : false;
          st.names[n] = v;
          return true;
        }));
      }
      default: {  // a fresh buffer rebound to the name, filled at once
        if (!emit(b, s, create_line(n, t))) return false;
        auto srcs = full_of(s, t, &s.names.at(n));
        if (srcs.empty()) return true;
        std::string src = pick(srcs);
        if (chance(o_.scope_percent)) return emit(b, s, scope_map(s, n, src, rows));
        return emit(b, s, call_line({n}, kernel("map", rows), src + ", " + n, {src}, {n}, {}, {}, Def::Full));
      }
    }
  }

  /// The map call `n = self.k(src, n)` written inline, as PyPTO's tutorials write tile code in an
  /// orchestration function: a `with pl.at(level=pl.Level.CORE_GROUP):` scope that loads `src`,
  /// rebinds the tile with map ops and stores it into `n` (outline-incore-scopes makes it a
  /// kernel). Half of them load a valid region whose rows a scalar gives (`vr = i % 16 + 1`, then
  /// `valid_shape=[vr, C]`): the tiles' types read `vr` (rebound by every such scope, so main is
  /// hand-written text), at times `vr` is rebound after the load (the tile keeps the old extent),
  /// and only those rows of `n` are written (Def::Partial). Such scopes use elementwise ops only
  /// (runtime valid extents lower to Buffer IR for straight-line elementwise code).
  Node scope_map(const State& s, const std::string& n, const std::string& src, int rows) {
    std::string t = fresh("t"), body, valid;
    auto l = [&](const std::string& x) { body += "\n    " + x; };
    std::vector<std::string> scalars;
    const bool partial = chance(50);
    if (partial) {
      std::string term = index_term(s);
      if (!term.empty() && !std::isdigit(static_cast<unsigned char>(term[0]))) scalars.push_back(term);
      l("vr = " + term + " % " + S(rows) + " + 1");
      valid = ", valid_shape=[vr, " + S(c_) + "]";
    }
    l(t + " = pl.load(" + src + ", [0, 0], " + dims(rows) + valid + ")");
    if (partial && chance(50)) l("vr = vr + 1");
    const int ops = 1 + static_cast<int>(below(2));
    for (int k = 0; k < ops; ++k) {
      std::string e = partial ? pick(std::vector<std::string>{"pl.tile.adds(" + t + ", " + cst() + ")", "pl.tile.neg(" + t + ")",
                                                              "pl.tile.muls(" + t + ", " + cst() + ")", "pl.tile.relu(" + t + ")"})
                              : unary(t);
      l(t + " = " + e);
    }
    l(n + " = pl.store(" + t + ", [0, 0], " + n + ")");
    Node node = call_line({n}, "", src + ", " + n, {src}, {n}, {}, scalars, partial ? Def::Partial : Def::Full);
    node.text = "with pl.at(level=pl.Level.CORE_GROUP):" + body;
    return node;
  }

  /// An offset argument (a block offset scalar or a constant multiple of R), or "" when none fits.
  std::string offset_arg(Body& b, State& s) {
    std::vector<std::string> offs;
    for (const auto& [n, v] : s.names)
      if (v.ty == Ty::SI && v.range == Range::Off) offs.push_back(n);
    if (!offs.empty() && chance(70)) return pick(offs);
    (void)b;
    return S(r_ * static_cast<int>(below(static_cast<std::uint64_t>(p_ / r_))));
  }
  Node assemble_line(const std::string& res, const std::string& parent, const std::string& part, const std::string& off) {
    return line(res + " = pl.tensor.assemble(" + parent + ", " + part + ", [" + off + ", 0])", [this, res, parent, part, off](State& s) {
      auto p = s.names.find(parent), q = s.names.find(part);
      if (p == s.names.end() || q == s.names.end() || !writable(p->second)) return false;
      if (textgen::def_of(s, q->second) != Def::Full || !textgen::disjoint(p->second, q->second)) return false;
      if (auto o = s.names.find(off); o != s.names.end() && o->second.range != Range::Off) return false;
      Value v = p->second;
      write(s, v, Def::Partial);
      v.pinned = s.names.count(res) ? s.names.at(res).pinned : false;
      s.names[res] = v;
      return true;
    });
  }
  bool slice_into(Body& b, State& s, const std::string& n) {
    auto srcs = full_of(s, Ty::TP);
    if (srcs.empty()) return false;
    std::string src = pick(srcs), off = offset_arg(b, s);
    return emit(b, s, slice_line(n, src, off));
  }
  Node slice_line(const std::string& n, const std::string& src, const std::string& off) {
    return line(n + " = pl.tensor.slice(" + src + ", " + dims(r_) + ", [" + off + ", 0])", [n, src, off](State& st) {
      auto it = st.names.find(src);
      if (it == st.names.end() || textgen::def_of(st, it->second) != Def::Full) return false;
      if (auto o = st.names.find(off); o != st.names.end() && o->second.range != Range::Off) return false;
      Value v{Ty::TR, it->second.st, false};
      v.pinned = st.names.count(n) ? st.names.at(n).pinned : false;
      st.names[n] = v;
      return true;
    });
  }

  /// One simple statement group rebinding (or defining) a name; `forced` picks the name.
  bool simple(Body& b, State& s, int depth, const std::string& forced = "") {
    Ty t;
    std::string n = forced;
    if (!n.empty()) {
      t = types_.at(n);
    } else {
      const auto k = below(10);
      t = k < 3 ? Ty::SI : k < 4 ? (chance(50) ? Ty::SF : Ty::SB) : k < 7 ? Ty::TR : Ty::TP;
      n = target(s, t);
    }
    return is_tensor(t) ? tensor_update(b, s, n, t, depth) : scalar_update(b, s, n, t);
  }

  /// One item: a simple statement group, a loop or an if (or a fill template).
  void item(Body& b, State& s, int depth) {
    // Past max_depth only simple statements, and one more level of fills (a fill is a loop whose
    // body holds items one level deeper: unbounded, fills nested in fills made a 12-loop nest whose
    // run exceeded the interpreter's step limit, seed 97781420).
    const auto k = budget_ > 0 ? below(depth < o_.max_depth ? 10 : depth == o_.max_depth ? 4 : 3) : 0;
    if (k < 3) {
      State t = s;
      Body nb;
      if (simple(nb, t, depth)) {
        s = std::move(t);
        for (auto& n : nb) b.push_back(std::move(n));
      }
      return;
    }
    for (int attempt = 0; attempt < 6 && budget_-- > 0; ++attempt) {
      State t = s;
      Body nb;
      bool ok = false;
      switch (k) {
        case 3: ok = fill(nb, t, depth); break;
        case 4: case 5: ok = for_loop(nb, t, depth); break;
        case 6: ok = while_loop(nb, t, depth); break;
        case 7: case 8: ok = branch(nb, t, depth); break;
        default: ok = chance(50) ? for_loop(nb, t, depth) : branch(nb, t, depth); break;
      }
      if (!ok) continue;
      s = std::move(t);
      for (auto& n : nb) b.push_back(std::move(n));
      return;
    }
  }

  /// Items of a loop or if body: at least one rebinding of an outer name (the point of the exercise).
  void body_items(Body& body, State& s, int depth, const State& outer) {
    std::vector<std::string> outs;
    for (const auto& [n, v] : outer.names)
      if (!v.pinned && s.names.count(n) && !s.names.at(n).pinned) outs.push_back(n);
    const int items = 1 + static_cast<int>(below(3));
    bool rebound = false;
    for (int i = 0; i < items; ++i) {
      if (!rebound && !outs.empty() && chance(80)) {
        State t = s;
        Body nb;
        if (simple(nb, t, depth + 1, pick(outs))) {
          s = std::move(t);
          for (auto& n : nb) body.push_back(std::move(n));
          rebound = true;
          continue;
        }
      }
      item(body, s, depth + 1);
    }
  }

  /// Generates the body of loop `n` from `s` (the state before it); then checks the loop over every
  /// iteration. The header, yields and results are chosen here.
  bool finish_loop(Body& b, State& s, Node n, int depth, const std::function<void(Body&, State&)>& head,
                   const std::function<bool(Body&, State&)>& tail) {
    State g = s;
    if (!n.is_while) {
      Value lv = textgen::value_of(Ty::SI);
      lv.pinned = true;  // templates compute offsets from it
      g.names[n.loop_var] = lv;
      loop_vars_.push_back(n.loop_var);
    }
    for (const auto& [h, init] : n.carried) {
      Value v = g.names.at(init);
      v.pinned = false;
      g.names[h] = v;
      types_.emplace(h, v.ty);
    }
    for (const auto& x : n.narrow) g.names.at(x).range = Range::Off;
    if (head) head(n.body, g);
    body_items(n.body, g, depth, s);
    // Carried values: usually updated in the body; yield a same-typed name.
    for (const auto& [h, init] : n.carried) {
      const Ty t = types_.at(h);
      if (chance(70) && !g.names.at(h).pinned) {
        State t2 = g;
        Body nb;
        if (is_tensor(t) ? tensor_update(nb, t2, h, t, depth + 1) : scalar_update(nb, t2, h, t)) {
          g = std::move(t2);
          for (auto& x : nb) n.body.push_back(std::move(x));
        }
      }
    }
    const bool tail_ok = !tail || tail(n.body, g);
    if (!n.is_while) loop_vars_.pop_back();
    if (!tail_ok) return false;
    for (std::size_t k = 0; k < n.carried.size(); ++k) {
      const std::string& h = n.carried[k].first;
      if (n.yields.size() <= k) {
        auto same = names_of(g, types_.at(h));
        n.yields.push_back(chance(75) || same.empty() ? h : pick(same));
      }
      if (n.results.size() <= k) {
        // The result: a fresh name, or an outer name of the same type rebound (often the init's).
        const std::string& init = n.carried[k].second;
        auto outer = rebindable(s, types_.at(h));
        std::string r;
        if (!s.names.at(init).pinned && chance(40)) r = init;
        else if (!outer.empty() && chance(30)) r = pick(outer);
        else r = new_name("r", types_.at(h));
        n.results.push_back(r);
      }
    }
    return commit(b, s, std::move(n));
  }

  /// Appends `n` to `b` when its body is not empty and the abstract state accepts it (textgen::step).
  bool commit(Body& b, State& s, Node n) {
    if (n.body.empty()) return false;
    State check = s;
    if (!textgen::step(n, check)) return false;
    s = std::move(check);
    b.push_back(std::move(n));
    return true;
  }

  bool for_loop(Body& b, State& s, int depth) {
    Node n;
    n.k = Node::K::Loop;
    n.loop_var = fresh("i");
    std::string range = range_text(s);
    if (chance(40)) {  // existing init_values
      auto cands = std::vector<std::string>{};
      for (const auto& [name, v] : s.names) cands.push_back(name);
      const int c = 1 + static_cast<int>(chance(25));
      for (int i = 0; i < c && !cands.empty(); ++i) {
        std::string init = pick(cands);
        cands.erase(std::remove(cands.begin(), cands.end(), init), cands.end());
        n.carried.push_back({fresh("h"), init});
      }
    }
    std::string hdr = "for " + n.loop_var;
    if (!n.carried.empty()) {
      std::vector<std::string> hs, is;
      for (const auto& [h, init] : n.carried) {
        hs.push_back(h);
        is.push_back(init);
      }
      range.pop_back();  // ")"
      range += ", init_values=" + tuple_text(is) + ")";
      hdr += ", " + tuple_text(hs);
    }
    n.text = hdr + " in " + range + ":";
    return finish_loop(b, s, std::move(n), depth, nullptr, nullptr);
  }

  bool while_loop(Body& b, State& s, int depth) {
    Node n;
    n.k = Node::K::Loop;
    n.is_while = true;
    const int trips = 1 + static_cast<int>(below(3));
    std::vector<std::string> cands;
    for (const auto& [name, v] : s.names) cands.push_back(name);
    Body pre;
    State t = s;
    std::string counter;
    if (chance(50)) {  // the counter in the header
      std::string c0 = new_name("c", Ty::SI), c = fresh("c"), c1 = fresh("c");
      types_[c] = Ty::SI;
      if (!emit(pre, t, scalar_line(c0, Ty::SI, "0", {}, Range::None))) return false;
      n.carried.push_back({c, c0});
      n.cond = "pl.cond(" + c + " < " + S(trips) + ")";
      if (!cands.empty() && chance(60)) n.carried.push_back({fresh("h"), pick(cands)});
      std::vector<std::string> hs, is;
      for (const auto& [h, init] : n.carried) {
        hs.push_back(h);
        is.push_back(init);
      }
      n.text = "for " + tuple_text(hs) + " in pl.while_(init_values=" + tuple_text(is) + "):";
      t.names.at(c0).pinned = true;  // the init keeps its value for the header
      // The counter is bumped last and yielded first.
      n.yields.push_back(c1);
      auto tail = [this, c, c1](Body& body, State& g) {
        types_[c1] = Ty::SI;
        return emit(body, g, scalar_line(c1, Ty::SI, c + " + 1", {c}, Range::None));
      };
      // Pin the header counter so that the body does not rebind it.
      auto head = [c](Body&, State& g) { g.names.at(c).pinned = true; };
      std::string r = new_name("c", Ty::SI);
      n.results.push_back(r);
      if (!finish_loop(pre, t, std::move(n), depth, head, tail)) return false;
      t.names.at(c0).pinned = false;
    } else {  // a rebound outer counter in the condition
      counter = new_name("k", Ty::SI);
      if (!emit(pre, t, scalar_line(counter, Ty::SI, "0", {}, Range::None))) return false;
      t.names.at(counter).pinned = true;
      auto cs = cands;
      if (cs.empty()) return false;
      n.carried.push_back({fresh("h"), pick(cs)});
      n.cond = "pl.cond(" + counter + " < " + S(trips) + ")";
      n.text = "for (" + n.carried[0].first + ",) in pl.while_(init_values=(" + n.carried[0].second + ",)):";
      auto tail = [this, counter](Body& body, State& g) {
        return emit(body, g, scalar_line(counter, Ty::SI, counter + " + 1", {counter}, Range::None));
      };
      if (!finish_loop(pre, t, std::move(n), depth, nullptr, tail)) return false;
      if (t.names.count(counter)) t.names.at(counter).pinned = false;
    }
    s = std::move(t);
    for (auto& x : pre) b.push_back(std::move(x));
    return true;
  }

  /// An if whose one arm ends with `return ...` (at main's top level, or once more inside such an
  /// arm): what follows the if runs only after the other arm (convert-to-ssa moves it there,
  /// patterns/normalize/return_arms.hpp). The returned names were bound before the outermost such
  /// if (`top`), so the function's last return finds names of the same types (ret_types_).
  /// Up to `tries` attempts; the first that holds is appended to `b` and applied to `s`.
  bool early_return(Body& b, State& s, const State& top, int nest, int tries) {
    for (int a = 0; a < tries; ++a) {
      // A nested early return that succeeded fixes ret_types_; if this one fails, that one is dropped.
      const std::vector<Ty> saved_types = ret_types_;
      State t = s;
      Body nb;
      if (!early_return_arms(nb, t, top, nest)) {
        ret_types_ = saved_types;
        continue;
      }
      s = std::move(t);
      for (auto& n : nb) b.push_back(std::move(n));
      return true;
    }
    return false;
  }
  bool early_return_arms(Body& b, State& s, const State& top, int nest) {
    Node n;
    n.k = Node::K::If;
    n.text = "if " + cond_expr(s) + ":";
    n.ret_arm = chance(75) ? 1 : 2;
    State tt = s, te = s;
    Body& rb = n.ret_arm == 1 ? n.body : n.els;
    State& rs = n.ret_arm == 1 ? tt : te;
    body_items(rb, rs, 0, s);  // rebinds a name that the code after the if rebinds too, mostly
    if (nest == 0 && chance(30) && early_return(rb, rs, top, 1, 3) && chance(50)) body_items(rb, rs, 0, s);
    if (n.ret_arm == 2 || chance(40)) body_items(n.ret_arm == 1 ? n.els : n.body, n.ret_arm == 1 ? te : tt, 0, s);
    auto returnable = [&](const Ty* t) {  // bound here and before the outermost early-return if
      std::vector<std::string> out;
      for (const auto& [name, v] : rs.names)
        if (top.names.count(name) && (!t || v.ty == *t)) out.push_back(name);
      return out;
    };
    std::vector<Ty> types = ret_types_;
    if (types.empty()) {  // the first early return chooses one or two results, mostly tensors
      const auto any = returnable(nullptr);
      if (any.empty()) return false;
      for (int i = 0, k = 1 + static_cast<int>(below(2)); i < k; ++i) {
        Ty t = types_.at(pick(any));
        for (int a = 0; a < 4 && !textgen::is_tensor(t) && chance(80); ++a) t = types_.at(pick(any));
        types.push_back(t);
      }
    }
    std::vector<std::string> vals;
    for (Ty t : types) {
      auto c = returnable(&t);
      if (c.empty()) return false;
      std::vector<std::string> rebound;  // what the arm rebound, not returned yet: the interesting value
      for (const auto& x : c)
        if (auto it = s.names.find(x); (it == s.names.end() || !(rs.names.at(x) == it->second)) && std::find(vals.begin(), vals.end(), x) == vals.end()) rebound.push_back(x);
      vals.push_back(!rebound.empty() && chance(75) ? pick(rebound) : pick(c));
    }
    std::string text = "return ";
    for (std::size_t i = 0; i < vals.size(); ++i) text += (i ? ", " : "") + vals[i];
    if (!emit(rb, rs, line(text, [vals](State& g) {
          for (const auto& v : vals)
            if (!g.names.count(v)) return false;
          return true;
        })))
      return false;
    if (!commit(b, s, std::move(n))) return false;
    ret_types_ = std::move(types);
    return true;
  }

  bool branch(Body& b, State& s, int depth) {
    Node n;
    n.k = Node::K::If;
    n.text = "if " + cond_expr(s) + ":";
    std::vector<std::string> outs;
    for (const auto& [name, v] : s.names)
      if (!v.pinned) outs.push_back(name);
    State tt = s, te = s;
    const auto shape = below(6);
    auto arm = [&](Body& body, State& g, const std::string& forced) {
      if (!forced.empty()) {
        State t2 = g;
        Body nb;
        if (simple(nb, t2, depth + 1, forced)) {
          g = std::move(t2);
          for (auto& x : nb) body.push_back(std::move(x));
        }
      }
      if (forced.empty() || chance(30)) body_items(body, g, depth, s);
    };
    std::string x = outs.empty() ? "" : pick(outs);
    switch (shape) {
      case 0: case 1:  // both arms rebind x (the else arm reads x from before the if)
        arm(n.body, tt, x);
        arm(n.els, te, x);
        break;
      case 2:  // one arm rebinds x, which has a prior value
        arm(n.body, tt, x);
        break;
      case 3: {  // a new name defined in both arms
        const auto k = below(4);
        Ty t = k == 0 ? Ty::SI : k == 1 ? Ty::TR : k == 2 ? Ty::TP : Ty::SF;
        std::string nn = new_name(t == Ty::SI ? "k" : t == Ty::SF ? "s" : t == Ty::TR ? "acc" : "buf", t);
        arm(n.body, tt, nn);
        arm(n.els, te, nn);
        break;
      }
      case 4:  // loop in if
        for (int a = 0; a < 3 && n.body.empty(); ++a) {
          State t2 = tt;
          Body nb;
          if ((chance(70) ? for_loop(nb, t2, depth + 1) : while_loop(nb, t2, depth + 1))) {
            tt = std::move(t2);
            n.body = std::move(nb);
          }
        }
        if (chance(50)) arm(n.els, te, x);
        break;
      default:
        arm(n.body, tt, "");
        if (chance(50)) arm(n.els, te, "");
    }
    // In a program with early returns, an if at main's top level may hold one in an arm that goes on
    // after it (`if a: (if b: ... return ...); ...`, or an else arm holding an elif that returns).
    if (depth == 0 && early_ && !n.body.empty() && chance(35)) {
      const bool in_else = chance(50);
      Body& ab = in_else ? n.els : n.body;
      State& as = in_else ? te : tt;
      if (early_return(ab, as, s, 1, 3) && chance(50)) body_items(ab, as, depth, s);
    }
    return commit(b, s, std::move(n));
  }

  /// Templates that fill a P buffer completely: row kernels or assembles over every row block,
  /// from a For (index, step or rebound row counter, with or without init_values) or a While.
  bool fill(Body& b, State& s, int depth) {
    Body pre;
    State t = s;
    // The buffer: a fresh create (sometimes rebinding an existing name), or main's Out parameter.
    std::string buf;
    if (s.names.count("o0") && s.names.at("o0").ty == Ty::TP && writable(s.names.at("o0")) && !s.names.at("o0").pinned &&
        s.names.at("o0").st.size() == 1 && chance(40)) {
      buf = "o0";
    } else {
      buf = target(s, Ty::TP, 30);
      if (t.names.count(buf) && t.names.at(buf).pinned) return false;
      if (!emit(pre, t, create_line(buf, Ty::TP))) return false;
    }
    const int storage = *t.names.at(buf).st.begin();
    const bool rows_kernel = chance(55);
    std::vector<std::string> srcs = full_of(t, Ty::TP, &t.names.at(buf));
    if (rows_kernel && srcs.empty()) return false;
    std::string src = rows_kernel ? pick(srcs) : "";
    std::string kn = rows_kernel ? kernel("rows", p_) : "";
    const int nb = p_ / r_;
    Node n;
    n.k = Node::K::Loop;
    auto full_post = [buf, storage](State& st) {
      auto it = st.names.find(buf);
      if (it != st.names.end() && it->second.st == std::set<int>{storage}) st.def[storage] = Def::Full;
      if (it != st.names.end()) it->second.pinned = false;
    };
    n.post = full_post;
    t.names.at(buf).pinned = true;
    const auto form = below(rows_kernel ? 5 : 3);
    // The statement that writes row block `off` of `into` and names the result `res`.
    auto writer = [this, rows_kernel, src, kn, depth](Body& body, State& g, const std::string& res, const std::string& into,
                                                        const std::string& off) -> bool {
      std::vector<std::string> offs;
      if (g.names.count(off)) offs.push_back(off);
      if (rows_kernel) return emit(body, g, call_line({res}, kn, src + ", " + off + ", " + into, {src}, {into}, {}, {}, Def::Partial, offs));
      // part: a slice of a source, sometimes chained through kernels first
      auto srcs2 = full_of(g, Ty::TP, &g.names.at(into));
      if (srcs2.empty()) return false;
      std::string part = new_name("part", Ty::TR), from = pick(srcs2);
      if (!emit(body, g, slice_line(part, from, off))) return false;
      const int chain = static_cast<int>(below(3));
      for (int c = 0; c < chain; ++c) {
        State t2 = g;
        Body nb2;
        if (tensor_update(nb2, t2, part, Ty::TR, depth + 1)) {
          g = std::move(t2);
          for (auto& x : nb2) body.push_back(std::move(x));
        }
      }
      return emit(body, g, assemble_line(res, into, part, off));
    };
    switch (form) {
      case 0: case 1: {  // For over the blocks, the buffer rebound without init_values
        n.loop_var = fresh("i");
        const bool step = form == 1;
        n.text = "for " + n.loop_var + " in " + (step ? "pl.range(0, " + S(p_) + ", " + S(r_) + ")" : "pl.range(" + S(nb) + ")") + ":";
        const std::string off = step ? n.loop_var : n.loop_var + " * " + S(r_);
        const std::string i = n.loop_var;
        if (step) n.narrow = {n.loop_var};  // i in range(0, P, R) is a block offset
        auto tail = [&, off, i](Body& body, State& g) {
          // an offset expression as an argument: bind it to a name when it is not one
          std::string o = off;
          if (o != i) {
            o = new_name("row", Ty::SI);
            if (!emit(body, g, scalar_line(o, Ty::SI, off, {}, Range::Off))) return false;
          }
          return writer(body, g, buf, buf, o);
        };
        if (!finish_loop(pre, t, std::move(n), depth, nullptr, tail)) return false;
        break;
      }
      case 2: {  // For with the buffer carried through init_values; its result rebinds the buffer
        n.loop_var = fresh("i");
        std::string h = fresh("pa"), h2 = fresh("pn");
        n.carried.push_back({h, buf});
        n.text = "for " + n.loop_var + ", (" + h + ",) in pl.range(" + S(nb) + ", init_values=(" + buf + ",)):";
        n.yields.push_back(h2);
        n.results.push_back(buf);
        const std::string i = n.loop_var;
        auto head = [h](Body&, State& g) { g.names.at(h).pinned = true; };
        auto tail = [&, i, h, h2](Body& body, State& g) {
          std::string o = new_name("row", Ty::SI);
          if (!emit(body, g, scalar_line(o, Ty::SI, i + " * " + S(r_), {}, Range::Off))) return false;
          types_[h2] = Ty::TP;
          return writer(body, g, h2, h, o);
        };
        if (!finish_loop(pre, t, std::move(n), depth, head, tail)) return false;
        break;
      }
      case 3: {  // For with a rebound row counter `row = row + R`
        std::string row = new_name("row", Ty::SI);
        emit(pre, t, scalar_line(row, Ty::SI, "0", {}, Range::Off));
        t.names.at(row).pinned = true;
        n.loop_var = fresh("i");
        n.text = "for " + n.loop_var + " in pl.range(" + S(nb) + "):";
        n.narrow = {row};
        auto tail = [&, row](Body& body, State& g) {
          return writer(body, g, buf, buf, row) && emit(body, g, scalar_line(row, Ty::SI, row + " + " + S(r_), {row}, Range::None));
        };
        if (!finish_loop(pre, t, std::move(n), depth, nullptr, tail)) return false;
        t.names.at(row).pinned = false;
        break;
      }
      default: {  // While `row < P` with the buffer carried in the header, its result rebinding it
        std::string row = new_name("row", Ty::SI);
        emit(pre, t, scalar_line(row, Ty::SI, "0", {}, Range::Off));
        t.names.at(row).pinned = true;
        n.is_while = true;
        std::string h = fresh("b"), h2 = fresh("bn");
        n.carried.push_back({h, buf});
        n.text = "for (" + h + ",) in pl.while_(init_values=(" + buf + ",)):";
        n.cond = "pl.cond(" + row + " < " + S(p_) + ")";
        n.narrow = {row};
        n.yields.push_back(h2);
        n.results.push_back(buf);
        auto head = [h](Body&, State& g) { g.names.at(h).pinned = true; };
        auto tail = [&, row, h, h2](Body& body, State& g) {
          types_[h2] = Ty::TP;
          return writer(body, g, h2, h, row) && emit(body, g, scalar_line(row, Ty::SI, row + " + " + S(r_), {row}, Range::None));
        };
        if (!finish_loop(pre, t, std::move(n), depth, head, tail)) return false;
        t.names.at(row).pinned = false;
      }
    }
    if (t.names.count(buf)) t.names.at(buf).pinned = false;
    s = std::move(t);
    for (auto& x : pre) b.push_back(std::move(x));
    return true;
  }
};

inline std::string generate_text_program(std::uint64_t seed, const TextGenOptions& o = {}) { return TextProgramGen(seed, o).generate(); }

}  // namespace ptorw::fuzz
