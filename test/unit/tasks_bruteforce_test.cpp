// Task-graph edges against a brute-force overlap check (issue 21 acceptance: "Task-graph edges
// equal a brute-force overlap check on >= 1,000 generated programs").
//
// The generator writes random orchestration programs as DSL text: kernels of FP32 or FP16 tensor
// parameters of random directions (In / Out / InOut), whole tensors, row, column and block windows
// (tensor.slice) at random offsets, windows of windows, a parameter with TensorView strides (gaps
// between its rows), calls inside loops with loop-dependent offsets, assembles that
// are the same view (no task) or copies (a task), and manual scopes with pl.submit(..., deps=[...]).
// build_task_graph gives the tasks, their descriptors and the edges.
//
// The brute force does not use region.hpp or tensor_map.hpp: it enumerates every element index of
// every descriptor (nested loops over the shape, offset + sum(i_k * stride_k)), expands each element
// to its bytes, and keeps for every byte of every storage its last writer and the set of readers
// since; then, per task in order (reads before writes), write->read, write->write and read->write
// pairs are edges; a manual-scope task is neither looked up nor recorded (PyPTO tasks/01-scopes: "the
// runtime skips the OverlapMap lookup and insert"), it gets its deps only. The two edge sets (pairs and kinds)
// must be equal.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ptorw/tasks/task_graph.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_tasks_bruteforce_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

struct Shape {
  int r, c;
};
struct Val {
  std::string name;
  Shape s;
  bool fp16;
};
struct KernelSig {
  std::string name;
  Shape s;
  bool fp16;
  std::vector<char> dirs;  // 'i', 'o', 'x' (InOut); the last is 'o'
};

class Gen {
 public:
  explicit Gen(unsigned seed) : rng_(seed) {}

  std::string program() {
    std::string src = "import ptorw.language as pl\n\n\n@pl.program\nclass G:\n";
    const int nk = pick(1, 4);
    const Shape kshapes[] = {{4, 4}, {8, 4}, {4, 8}, {8, 8}, {16, 16}, {1, 8}};
    for (int k = 0; k < nk; ++k) {
      KernelSig sig{"k" + std::to_string(k), kshapes[pick(0, 5)], coin(3), {}};
      const int np = pick(1, 3);
      for (int p = 0; p < np; ++p) sig.dirs.push_back("iix"[pick(0, 2)]);
      sig.dirs.push_back('o');
      kernels_.push_back(sig);
      src += kernel_text(sig);
    }
    src += "    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self";
    std::vector<Val> pool;
    const Shape tshapes[] = {{16, 16}, {32, 16}, {16, 32}, {32, 32}};
    for (int i = 0; i < 3; ++i) {
      Val v{"x" + std::to_string(i), tshapes[pick(0, 3)], i == 2};
      src += ", " + v.name + ": " + ttype(v.s, v.fp16);
      pool.push_back(v);
    }
    // A strided parameter: 16 x 16 elements with a row stride of 24 (gaps between its rows).
    src += ", xs: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[24, 1])]";
    pool.push_back({"xs", {16, 16}, false});
    src += ") -> pl.Scalar[pl.INDEX]:\n";
    body_ = {};
    for (int i = 0; i < 2; ++i) {
      Val v{fresh("c"), tshapes[pick(0, 3)], coin(2)};
      line(2, v.name + " = pl.create_tensor([" + std::to_string(v.s.r) + ", " + std::to_string(v.s.c) + "], dtype=" +
                  (v.fp16 ? "pl.FP16" : "pl.FP32") + ")");
      pool.push_back(v);
    }
    const int nstmts = pick(3, 10);
    for (int i = 0; i < nstmts; ++i) {
      int what = pick(0, 9);
      if (what <= 5) call(pool, 2, "", false);
      else if (what <= 7) loop(pool);
      else if (what == 8) assemble(pool);
      else manual(pool);
    }
    line(2, "done: pl.Scalar[pl.INDEX] = 0");
    line(2, "return done");
    return src + body_;
  }

 private:
  std::mt19937 rng_;
  std::vector<KernelSig> kernels_;
  std::string body_;
  int counter_ = 0;

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin(int one_in) { return pick(0, one_in - 1) == 0; }
  std::string fresh(const char* base) { return std::string(base) + std::to_string(counter_++); }
  void line(int indent, const std::string& s) { body_ += std::string(static_cast<std::size_t>(indent) * 4, ' ') + s + "\n"; }
  static std::string ttype(Shape s, bool fp16) {
    return "pl.Tensor[[" + std::to_string(s.r) + ", " + std::to_string(s.c) + "], " + (fp16 ? "pl.FP16" : "pl.FP32") + "]";
  }
  static std::string kernel_text(const KernelSig& k) {
    std::string t = ttype(k.s, k.fp16);
    std::string s = "    @pl.function(type=pl.FunctionType.InCore)\n    def " + k.name + "(self";
    for (std::size_t i = 0; i < k.dirs.size(); ++i) {
      std::string p = "p" + std::to_string(i);
      s += ", " + p + ": " + (k.dirs[i] == 'i' ? t : k.dirs[i] == 'o' ? "pl.Out[" + t + "]" : "pl.InOut[" + t + "]");
    }
    const std::string last = "p" + std::to_string(k.dirs.size() - 1);
    const std::string shape = "[" + std::to_string(k.s.r) + ", " + std::to_string(k.s.c) + "]";
    s += ") -> " + t + ":\n";
    s += "        t = pl.load(p0, [0, 0], " + shape + ")\n";
    s += "        r = pl.store(t, [0, 0], " + last + ")\n";
    s += "        return r\n\n";
    return s;
  }
  /// An argument of shape `s` and dtype: a pool value itself or a window of one (offsets may use `iv`).
  std::string arg(std::vector<Val>& pool, Shape s, bool fp16, int indent, const std::string& iv, int trips) {
    std::vector<Val*> fits;
    for (auto& v : pool)
      if (v.fp16 == fp16 && v.s.r >= s.r && v.s.c >= s.c) fits.push_back(&v);
    if (fits.empty()) {
      Val v{fresh("n"), s, fp16};
      line(indent, v.name + " = pl.create_tensor([" + std::to_string(s.r) + ", " + std::to_string(s.c) + "], dtype=" +
                       (fp16 ? "pl.FP16" : "pl.FP32") + ")");
      pool.push_back(v);
      return v.name;
    }
    Val& p = *fits[static_cast<std::size_t>(pick(0, static_cast<int>(fits.size()) - 1))];
    if (p.s.r == s.r && p.s.c == s.c && coin(2)) return p.name;
    auto offset = [&](int room) -> std::string {
      if (!iv.empty() && trips > 1 && coin(2)) {
        int step = room / (trips - 1);
        if (step > 0) {
          int base = pick(0, room - step * (trips - 1));
          step = pick(1, step);
          return iv + " * " + std::to_string(step) + " + " + std::to_string(base);
        }
      }
      return std::to_string(pick(0, room));
    };
    std::string w = fresh("w");
    const std::string parent = p.name;
    const Shape ps = p.s;
    line(indent, w + " = pl.tensor.slice(" + parent + ", [" + std::to_string(s.r) + ", " + std::to_string(s.c) + "], [" +
                     offset(ps.r - s.r) + ", " + offset(ps.c - s.c) + "])");
    if (coin(3)) pool.push_back({w, s, fp16});  // later windows of this window: views of views
    return w;
  }
  void call(std::vector<Val>& pool, int indent, const std::string& iv, bool submit, int trips = 0,
            std::vector<std::string>* ids = nullptr) {
    const KernelSig& k = kernels_[static_cast<std::size_t>(pick(0, static_cast<int>(kernels_.size()) - 1))];
    std::vector<std::string> args;
    for (std::size_t i = 0; i < k.dirs.size(); ++i) args.push_back(arg(pool, k.s, k.fp16, indent, iv, trips));
    std::string r = fresh("r");
    std::string joined;
    for (const auto& a : args) joined += ", " + a;
    if (submit) {
      std::string tid = fresh("tid");
      std::string deps;
      if (ids && !ids->empty() && coin(2)) deps = ", deps=[" + (*ids)[static_cast<std::size_t>(pick(0, static_cast<int>(ids->size()) - 1))] + "]";
      line(indent, r + ", " + tid + " = pl.submit(self." + k.name + joined + deps + ")");
      if (ids) ids->push_back(tid);
    } else {
      line(indent, r + " = self." + k.name + "(" + joined.substr(2) + ")");
    }
    pool.push_back({r, k.s, k.fp16});
  }
  void loop(std::vector<Val>& pool) {
    const int trips = pick(1, 4);
    std::string iv = fresh("i");
    line(2, "for " + iv + " in pl.range(" + std::to_string(trips) + "):");
    std::vector<Val> inner = pool;  // names defined in the body stay in it
    const int n = pick(1, 2);
    for (int i = 0; i < n; ++i) call(inner, 3, iv, false, trips);
  }
  void assemble(std::vector<Val>& pool) {
    Val& parent = pool[static_cast<std::size_t>(pick(0, static_cast<int>(pool.size()) - 1))];
    std::vector<Val*> parts;
    for (auto& v : pool)
      if (v.fp16 == parent.fp16 && v.s.r <= parent.s.r && v.s.c <= parent.s.c && v.name != parent.name) parts.push_back(&v);
    if (parts.empty()) return;
    const Val part = *parts[static_cast<std::size_t>(pick(0, static_cast<int>(parts.size()) - 1))];
    std::string a = fresh("a");
    line(2, a + " = pl.tensor.assemble(" + parent.name + ", " + part.name + ", [" + std::to_string(pick(0, parent.s.r - part.s.r)) +
                ", " + std::to_string(pick(0, parent.s.c - part.s.c)) + "])");
    Val v{a, parent.s, parent.fp16};
    pool.push_back(v);
  }
  void manual(std::vector<Val>& pool) {
    line(2, "with pl.manual_scope():");
    std::vector<std::string> ids;
    const int n = pick(1, 3);
    for (int i = 0; i < n; ++i) call(pool, 3, "", true, 0, &ids);
  }
};

using EdgeSet = std::map<std::pair<int, int>, unsigned>;

/// The brute force (see the top of the file).
EdgeSet brute_force(const tasks::TaskGraph& g) {
  std::vector<std::vector<int>> writer(g.storages.size());
  std::vector<std::vector<std::set<int>>> readers(g.storages.size());
  for (std::size_t s = 0; s < g.storages.size(); ++s) {
    writer[s].assign(static_cast<std::size_t>(g.storages[s].bytes), -1);
    readers[s].resize(static_cast<std::size_t>(g.storages[s].bytes));
  }
  auto bytes_of = [](const tasks::Descriptor& d) {
    std::set<std::int64_t> out;
    std::vector<std::int64_t> idx(d.shape.size(), 0);
    for (auto e : d.shape)
      if (e == 0) return out;
    for (;;) {
      std::int64_t el = d.offset;
      for (std::size_t k = 0; k < idx.size(); ++k) el += idx[k] * d.strides[k];
      for (int b = 0; b < d.elem_bytes; ++b) out.insert(el * d.elem_bytes + b);
      std::size_t k = idx.size();
      while (k > 0) {
        --k;
        if (++idx[k] < d.shape[k]) break;
        idx[k] = 0;
        if (k == 0) return out;
      }
      if (idx.empty()) return out;
    }
  };
  EdgeSet edges;
  for (std::size_t t = 0; t < g.tasks.size(); ++t) {
    const auto& task = g.tasks[t];
    const int id = static_cast<int>(t);
    std::vector<std::pair<int, unsigned>> found;
    for (const auto& a : task.manual ? std::vector<tasks::TaskArg>{} : task.args)
      if (tasks::reads(a.access))
        for (auto b : bytes_of(a.desc)) {
          auto& w = writer[static_cast<std::size_t>(a.desc.storage)][static_cast<std::size_t>(b)];
          if (w >= 0 && w != id) found.push_back({w, 1u});
          readers[static_cast<std::size_t>(a.desc.storage)][static_cast<std::size_t>(b)].insert(id);
        }
    for (const auto& a : task.manual ? std::vector<tasks::TaskArg>{} : task.args)
      if (tasks::writes(a.access))
        for (auto b : bytes_of(a.desc)) {
          auto& w = writer[static_cast<std::size_t>(a.desc.storage)][static_cast<std::size_t>(b)];
          auto& rs = readers[static_cast<std::size_t>(a.desc.storage)][static_cast<std::size_t>(b)];
          if (w >= 0 && w != id) found.push_back({w, 2u});
          for (int r : rs)
            if (r != id) found.push_back({r, 4u});
          w = id;
          rs.clear();
        }
    for (const auto& [from, kind] : found) edges[{from, id}] |= kind;
    for (int d : task.explicit_deps) edges[{d, id}] |= 8u;
  }
  return edges;
}

}  // namespace

TEST_CASE("task graph edges equal a brute-force byte overlap check on 1,200 generated programs") {
  int programs = 0, tasks_total = 0, edges_total = 0, copies = 0, manual_tasks = 0, multi_interval = 0;
  for (unsigned seed = 1; seed <= 1200; ++seed) {
    Gen gen(seed);
    const std::string src = gen.program();
    auto parsed = text::parse_program(src, "gen.py");
    INFO("seed ", seed, "\n", src);
    REQUIRE(parsed.ok());
    auto r = tasks::build_task_graph(*parsed.program);
    REQUIRE(r.ok());
    EdgeSet got;
    for (const auto& e : r.graph.edges) {
      CHECK(e.from < e.to);
      got[{e.from, e.to}] = e.kinds;
    }
    EdgeSet want = brute_force(r.graph);
    if (got != want) {
      std::string diff;
      for (const auto& [k, v] : want)
        if (!got.count(k) || got[k] != v) diff += "missing or wrong " + std::to_string(k.first) + "->" + std::to_string(k.second) + " kinds " + std::to_string(v) + "\n";
      for (const auto& [k, v] : got)
        if (!want.count(k)) diff += "extra " + std::to_string(k.first) + "->" + std::to_string(k.second) + "\n";
      FAIL_CHECK(diff);
    }
    ++programs;
    tasks_total += static_cast<int>(r.graph.tasks.size());
    edges_total += static_cast<int>(r.graph.edges.size());
    for (const auto& t : r.graph.tasks) {
      copies += t.core == tasks::Core::Copy;
      manual_tasks += t.manual;
      for (const auto& a : t.args) multi_interval += a.bytes.size() > 1;
    }
  }
  MESSAGE(programs, " programs, ", tasks_total, " tasks, ", edges_total, " edges, ", copies, " copy tasks, ", manual_tasks,
          " manual-scope tasks, ", multi_interval, " arguments of several byte runs");
  CHECK(programs == 1200);
  // The generator reaches what it is for (a generator that made no edges would prove nothing).
  CHECK(edges_total > 5000);
  CHECK(copies > 100);
  CHECK(manual_tasks > 100);
  CHECK(multi_interval > 1000);
}
}  // namespace ut_tasks_bruteforce_test
