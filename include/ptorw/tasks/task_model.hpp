// The task graph's model (task_graph.hpp builds it): tasks with their kernel, core kind and, per
// tensor argument, the descriptor handed to the runtime and the byte intervals it covers; the
// storages those descriptors are windows of; the edges with the rules that made them; the options
// of the symbolic execution and its result.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/tasks/region.hpp"

namespace ptorw::tasks {

enum class Core : std::uint8_t { Aiv, Aic, Mixed, Copy };
constexpr std::string_view core_name(Core c) {
  switch (c) {
    case Core::Aiv: return "aiv";
    case Core::Aic: return "aic";
    case Core::Mixed: return "mixed";
    case Core::Copy: return "copy";
  }
  return "";
}

enum class Access : std::uint8_t { Read, Write, ReadWrite };
constexpr bool reads(Access a) { return a != Access::Write; }
constexpr bool writes(Access a) { return a != Access::Read; }
constexpr std::string_view access_name(Access a) {
  return a == Access::Read ? "in" : a == Access::Write ? "out" : "inout";
}

struct TaskArg {
  std::string param;  // the kernel parameter
  std::string value;  // the orchestration value passed (its name)
  Access access = Access::Read;
  Descriptor desc;
  std::vector<Interval> bytes;  // byte_intervals(desc)
};

struct Task {
  std::string kernel;  // callee name (a kernel or a Group); "tensor.assemble" for a copy
  int kernel_id = -1;  // the manifest's kernel id (-1 for a Group or a copy)
  Core core = Core::Aiv;
  int aiv_lanes = 1;   // a mixed task occupies one AIC and this many AIV lanes
  bool manual = false;  // submitted inside pl.manual_scope()
  ir::Span span;
  std::vector<TaskArg> args;
  std::vector<int> explicit_deps;  // deps=[...] (manual scopes)
};

/// Why an edge exists: the runtime's rules that hold (a pair can hold several). `Host`: a host
/// `tensor.read` between the two submissions read bytes the first task writes, so the orchestrator
/// waited for that task to end before it submitted the second (and every later task).
enum class EdgeKind : std::uint8_t { Raw, Waw, War, Explicit, Host };
inline constexpr int kEdgeKinds = 5;
constexpr std::string_view edge_kind_name(EdgeKind k) {
  switch (k) {
    case EdgeKind::Raw: return "raw";
    case EdgeKind::Waw: return "waw";
    case EdgeKind::War: return "war";
    case EdgeKind::Explicit: return "explicit";
    case EdgeKind::Host: return "host";
  }
  return "";
}
struct Edge {
  int from = -1, to = -1;
  std::uint8_t kinds = 0;  // bit (1 << EdgeKind)
  int storage = -1;        // a storage whose bytes made the edge (-1: explicit only)
  /// Per kind, the first storage whose bytes made it (-1: none): an edge's raw may come from one
  /// tensor and its waw from another (review rev43c 6: only `storage` was shown).
  std::array<int, kEdgeKinds> kind_storage = {-1, -1, -1, -1, -1};
  /// Whether its kinds come from more than one storage.
  bool mixed_storages() const {
    for (int s : kind_storage)
      if (s >= 0 && s != storage) return true;
    return false;
  }
  friend bool operator==(const Edge& a, const Edge& b) { return a.from == b.from && a.to == b.to; }
};

struct Storage {
  std::string name;  // the parameter or created tensor
  std::string origin;  // "param", "create", "full"
  std::int64_t bytes = 0;
};

struct TaskGraph {
  std::string function;
  std::vector<Storage> storages;
  std::vector<Task> tasks;
  std::vector<Edge> edges;  // sorted by (to, from); from < to
  /// Edges into each task (indices into `edges`).
  std::vector<std::vector<int>> preds() const {
    std::vector<std::vector<int>> p(tasks.size());
    for (std::size_t i = 0; i < edges.size(); ++i) p[static_cast<std::size_t>(edges[i].to)].push_back(static_cast<int>(i));
    return p;
  }
};

struct GraphOptions {
  std::string entry = "main";
  std::map<std::string, std::int64_t, std::less<>> dims;     // pl.dynamic dims
  std::map<std::string, std::int64_t, std::less<>> scalars;  // scalar parameters of the entry
  std::int64_t max_tasks = 2'000'000;       // a bound on tasks, with a clear message beyond it
  std::int64_t max_iterations = 10'000'000;  // loop trips in all, the same
};

struct GraphResult {
  TaskGraph graph;
  Diagnostics diagnostics;
  bool ok() const { return !has_errors(diagnostics); }
};

}  // namespace ptorw::tasks
