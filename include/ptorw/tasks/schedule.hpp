// A simulated schedule of a task graph (issue 21): greedy list scheduling on `aiv` vector lanes and
// `aic` cube lanes, the way a task runtime dispatches. The orchestrator submits task i at
// (i + 1) * dispatch_ns (one after another, in program order) — or later after a host read: a task
// with `host` edges is submitted dispatch_ns after the last of those tasks ends (and after the task
// before it was submitted), and every later task after it; a task is ready when it is
// submitted and every task it depends on has ended; whenever a lane is free it takes the ready task
// of its kind that became ready first (ties: submission order). A vector task or a copy takes one
// vector lane, a cube task one cube lane, a mixed task (a Group) one cube lane and one or two vector
// lanes at once. Each task records why it started when it did — its submission, the dependency edge
// that ended last, or the lane it waited for — which gives the edges that delayed it and the
// critical path (from the task that ends last, back through those reasons).
#pragma once
#include <algorithm>
#include <queue>
#include <string>
#include <vector>

#include "ptorw/tasks/task_model.hpp"

namespace ptorw::tasks {

struct Lanes {
  int aiv = 4, aic = 2;
};

/// Host: submitted late because the orchestrator waited, at a host read, for the task at the
/// start of `delayed_by` (review rev43d 7: it was called a dependency of the task).
enum class StartReason : std::uint8_t { Dispatch, Dependency, Lane, Host };
constexpr std::string_view start_reason_name(StartReason r) {
  return r == StartReason::Dispatch ? "dispatch" : r == StartReason::Dependency ? "dependency"
         : r == StartReason::Lane   ? "lane"
                                    : "host read";
}

struct Slot {
  double submit = 0, ready = 0, start = 0, end = 0;
  int aic_lane = -1;                 // cube lane (cube and mixed tasks)
  std::vector<int> aiv_lanes;        // vector lanes (vector, copy and mixed tasks)
  StartReason reason = StartReason::Dispatch;
  int delayed_by = -1;               // the edge (index into graph.edges) that ended last, when reason is Dependency;
                                     // the host edge the orchestrator waited on, when it is Host
  int lane_before = -1;              // the task that held the lane before, when reason is Lane
};

struct Schedule {
  Lanes lanes;
  double dispatch_ns = 0;
  std::vector<double> cost;
  std::vector<Slot> slots;
  double makespan = 0;
  std::vector<double> aiv_busy, aic_busy;  // per lane
  std::vector<int> critical_path;          // task ids, first to last

  double utilization(bool cube) const {
    const auto& b = cube ? aic_busy : aiv_busy;
    if (b.empty() || makespan <= 0) return 0;
    double s = 0;
    for (double x : b) s += x;
    return s / (makespan * static_cast<double>(b.size()));
  }
};

/// Schedules `g` with the given per-task costs. Throws std::invalid_argument when a kind of task
/// has no lane (a cube task with --aic 0).
inline Schedule schedule(const TaskGraph& g, const std::vector<double>& cost, Lanes lanes, double dispatch_ns) {
  Schedule s;
  s.lanes = lanes;
  s.dispatch_ns = dispatch_ns;
  s.cost = cost;
  const std::size_t n = g.tasks.size();
  s.slots.resize(n);
  s.aiv_busy.assign(static_cast<std::size_t>(std::max(lanes.aiv, 0)), 0.0);
  s.aic_busy.assign(static_cast<std::size_t>(std::max(lanes.aic, 0)), 0.0);
  for (const auto& t : g.tasks) {
    const bool cube = t.core == Core::Aic || t.core == Core::Mixed, vec = t.core != Core::Aic;
    if (cube && lanes.aic < 1) throw std::invalid_argument("the graph has cube tasks (" + t.kernel + ") and no cube lane (--aic)");
    if (vec && lanes.aiv < (t.core == Core::Mixed ? t.aiv_lanes : 1))
      throw std::invalid_argument("the graph has vector tasks (" + t.kernel + ") and too few vector lanes (--aiv)");
  }
  std::vector<std::vector<int>> succ(n);
  std::vector<int> waiting(n, 0), host_waiting(n, 0);
  std::vector<double> host_end(n, 0);
  std::vector<int> host_edge(n, -1);  // the host edge into a task that ended last
  std::vector<double> dep_end(n, 0);
  std::vector<int> dep_edge(n, -1);
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    succ[static_cast<std::size_t>(g.edges[i].from)].push_back(static_cast<int>(i));
    ++waiting[static_cast<std::size_t>(g.edges[i].to)];
    if (g.edges[i].kinds & (1u << static_cast<int>(EdgeKind::Host))) ++host_waiting[static_cast<std::size_t>(g.edges[i].to)];
  }
  std::vector<double> aiv_free(s.aiv_busy.size(), 0), aic_free(s.aic_busy.size(), 0);
  std::vector<int> aiv_last(s.aiv_busy.size(), -1), aic_last(s.aic_busy.size(), -1);
  using Item = std::pair<double, int>;  // (ready, id)
  std::priority_queue<Item, std::vector<Item>, std::greater<>> ready[3];  // vector, cube, mixed
  auto queue_of = [&](const Task& t) { return t.core == Core::Aic ? 1 : t.core == Core::Mixed ? 2 : 0; };
  // Submission in program order: task `submitted` is the next one; it waits for the tasks of its
  // host edges to be scheduled (their ends known), and every later task waits for it.
  std::size_t submitted = 0;
  double last_submit = 0;
  // The host edge whose end delayed a task's submission, directly (the task after the read) or
  // through the tasks submitted after it: its start reason, and a link of the critical path.
  std::vector<int> gate_of(n, -1);
  int gate = -1;
  auto make_ready = [&](int i) {
    Slot& sl = s.slots[static_cast<std::size_t>(i)];
    sl.ready = std::max(sl.submit, dep_end[static_cast<std::size_t>(i)]);
    ready[queue_of(g.tasks[static_cast<std::size_t>(i)])].push({sl.ready, i});
  };
  auto submit_more = [&] {
    for (; submitted < n && host_waiting[submitted] == 0; ++submitted) {
      if (host_end[submitted] > last_submit) gate = host_edge[submitted];
      last_submit = std::max(last_submit, host_end[submitted]) + dispatch_ns;
      if (gate >= 0 && last_submit > dispatch_ns * static_cast<double>(submitted + 1)) gate_of[submitted] = gate;
      s.slots[submitted].submit = last_submit;
      if (waiting[submitted] == 0) make_ready(static_cast<int>(submitted));
    }
  };
  submit_more();
  // The k-th earliest free time among `free` (k from 1) and the lanes achieving the k earliest.
  auto earliest = [](const std::vector<double>& free, int k, std::vector<int>& which) {
    which.resize(free.size());
    for (std::size_t i = 0; i < free.size(); ++i) which[i] = static_cast<int>(i);
    std::stable_sort(which.begin(), which.end(), [&](int a, int b) { return free[static_cast<std::size_t>(a)] < free[static_cast<std::size_t>(b)]; });
    which.resize(static_cast<std::size_t>(k));
    return free[static_cast<std::size_t>(which.back())];
  };
  std::vector<int> vec_pick, cube_pick;
  for (std::size_t done = 0; done < n; ++done) {
    int best_q = -1;
    double best_start = 0;
    int best_id = 0;
    for (int q = 0; q < 3; ++q) {
      if (ready[q].empty()) continue;
      auto [r, id] = ready[q].top();
      const Task& t = g.tasks[static_cast<std::size_t>(id)];
      double lane_at = 0;
      if (q == 0) lane_at = *std::min_element(aiv_free.begin(), aiv_free.end());
      else if (q == 1) lane_at = *std::min_element(aic_free.begin(), aic_free.end());
      else lane_at = std::max(earliest(aic_free, 1, cube_pick), earliest(aiv_free, t.aiv_lanes, vec_pick));
      const double start = std::max(r, lane_at);
      if (best_q < 0 || start < best_start || (start == best_start && id < best_id)) best_q = q, best_start = start, best_id = id;
    }
    if (best_q < 0) throw std::logic_error("the task graph has a cycle");
    ready[best_q].pop();
    const std::size_t i = static_cast<std::size_t>(best_id);
    const Task& t = g.tasks[i];
    Slot& sl = s.slots[i];
    sl.start = best_start;
    sl.end = best_start + cost[i];
    // Lanes: the lowest-numbered lanes free at the start.
    auto take = [&](std::vector<double>& free, std::vector<int>& last, std::vector<double>& busy, int k) {
      std::vector<int> got;
      for (std::size_t l = 0; l < free.size() && static_cast<int>(got.size()) < k; ++l)
        if (free[l] <= best_start) got.push_back(static_cast<int>(l));
      for (int l : got) {
        if (sl.reason == StartReason::Lane && sl.lane_before < 0 && free[static_cast<std::size_t>(l)] == best_start)
          sl.lane_before = last[static_cast<std::size_t>(l)];
        free[static_cast<std::size_t>(l)] = sl.end;
        last[static_cast<std::size_t>(l)] = static_cast<int>(i);
        busy[static_cast<std::size_t>(l)] += cost[i];
      }
      return got;
    };
    sl.reason = best_start > sl.ready                               ? StartReason::Lane
                : dep_edge[i] >= 0 && dep_end[i] >= sl.submit ? StartReason::Dependency
                : gate_of[i] >= 0                             ? StartReason::Host
                                                              : StartReason::Dispatch;
    if (sl.reason == StartReason::Dependency) sl.delayed_by = dep_edge[i];
    if (sl.reason == StartReason::Host) sl.delayed_by = gate_of[i];
    if (t.core == Core::Aic || t.core == Core::Mixed) sl.aic_lane = take(aic_free, aic_last, s.aic_busy, 1).front();
    if (t.core != Core::Aic) sl.aiv_lanes = take(aiv_free, aiv_last, s.aiv_busy, t.core == Core::Mixed ? t.aiv_lanes : 1);
    s.makespan = std::max(s.makespan, sl.end);
    for (int e : succ[i]) {
      const Edge& edge = g.edges[static_cast<std::size_t>(e)];
      const std::size_t to = static_cast<std::size_t>(edge.to);
      if (dep_edge[to] < 0 || sl.end > dep_end[to]) dep_end[to] = sl.end, dep_edge[to] = e;
      if (edge.kinds & (1u << static_cast<int>(EdgeKind::Host))) {
        if (host_edge[to] < 0 || sl.end > host_end[to]) host_end[to] = sl.end, host_edge[to] = e;
        --host_waiting[to];
      }
      if (--waiting[to] == 0 && to < submitted) make_ready(static_cast<int>(to));
    }
    submit_more();
  }
  // The critical path: back from the task that ends last (the first such task).
  int cur = -1;
  for (std::size_t i = 0; i < n; ++i)
    if (cur < 0 || s.slots[i].end > s.slots[static_cast<std::size_t>(cur)].end) cur = static_cast<int>(i);
  while (cur >= 0) {
    s.critical_path.push_back(cur);
    const Slot& sl = s.slots[static_cast<std::size_t>(cur)];
    cur = sl.reason == StartReason::Dependency || sl.reason == StartReason::Host ? g.edges[static_cast<std::size_t>(sl.delayed_by)].from
          : sl.reason == StartReason::Lane     ? sl.lane_before
                                               : -1;
  }
  std::reverse(s.critical_path.begin(), s.critical_path.end());
  return s;
}

}  // namespace ptorw::tasks
