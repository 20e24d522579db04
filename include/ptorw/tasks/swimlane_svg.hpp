// The swimlane picture of a simulated schedule (schedule.hpp) as a standalone SVG 1.1 document:
// one row per lane (`<g class="lane" data-lane="aiv0">`), one rectangle per task
// (`<rect class="task" data-task="7" data-kernel="scale_rows">` with a `<title>` tooltip), coloured
// by kernel (a Pattern 5 clone `k__windowed` gets `k`'s colour), and for each task that waited
// for a dependency the edge that delayed it (`<line class="edge">` from the producer's end to the
// task's start). A header line per panel gives the makespan, the lane utilization and the length
// of the critical path, whose tasks are outlined. `--compare` stacks two panels on one time axis.
#pragma once
#include <fmt/format.h>

#include <array>

#include <string>
#include <unordered_map>
#include <vector>

#include "ptorw/tasks/schedule.hpp"
#include "ptorw/tasks/task_model.hpp"

namespace ptorw::tasks {

struct SwimlanePanel {
  std::string title;
  const TaskGraph* graph = nullptr;
  const Schedule* schedule = nullptr;
};

namespace detail {
inline std::string xml_escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}
inline std::string_view colour_key(std::string_view kernel) {
  constexpr std::string_view suffix = "__windowed";
  if (kernel.size() > suffix.size() && kernel.substr(kernel.size() - suffix.size()) == suffix)
    return kernel.substr(0, kernel.size() - suffix.size());
  return kernel;
}
inline constexpr std::array<std::string_view, 12> kPalette{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                                           "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295"};
}  // namespace detail

/// The summary line of a panel: makespan, utilization, critical path.
inline std::string schedule_summary(const Schedule& s) {
  auto count = [](std::size_t n, std::string_view what) { return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s"); };
  return fmt::format("makespan {:.1f} ns, {}, AIV utilization {:.0f}% ({}), AIC utilization {:.0f}% ({}), critical path {}",
                     s.makespan, count(s.slots.size(), "task"), 100 * s.utilization(false),
                     count(static_cast<std::size_t>(s.lanes.aiv), "lane"), 100 * s.utilization(true),
                     count(static_cast<std::size_t>(s.lanes.aic), "lane"), count(s.critical_path.size(), "task"));
}

inline std::string swimlane_svg(const std::vector<SwimlanePanel>& panels) {
  constexpr double kLeft = 70, kWidth = 1100, kLane = 22, kHeader = 44, kGap = 24;
  double span = 1;
  for (const auto& p : panels) span = std::max(span, p.schedule->makespan);
  const double scale = kWidth / span;
  // Colours: by kernel in order of first appearance over all panels.
  std::unordered_map<std::string, std::string_view> colour;
  std::vector<std::string> legend;
  for (const auto& p : panels)
    for (const auto& t : p.graph->tasks) {
      std::string key(detail::colour_key(t.kernel));
      if (colour.emplace(key, detail::kPalette[colour.size() % detail::kPalette.size()]).second) legend.push_back(key);
    }
  double height = 0;
  for (const auto& p : panels) height += kHeader + kLane * (p.schedule->lanes.aic + p.schedule->lanes.aiv) + kGap;
  height += 30;  // legend
  std::string o;
  o.reserve(256 + 200 * (panels.empty() ? 0 : panels[0].graph->tasks.size()) * panels.size());
  auto out = std::back_inserter(o);
  fmt::format_to(out,
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                 "width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"0 0 {:.0f} {:.0f}\" font-family=\"sans-serif\" font-size=\"11\">\n"
                 "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
                 kLeft + kWidth + 20, height, kLeft + kWidth + 20, height);
  double y0 = 0;
  for (std::size_t pi = 0; pi < panels.size(); ++pi) {
    const auto& p = panels[pi];
    const TaskGraph& g = *p.graph;
    const Schedule& s = *p.schedule;
    fmt::format_to(out, "<g class=\"panel\" data-makespan=\"{:.1f}\">\n<text x=\"4\" y=\"{:.0f}\" font-weight=\"bold\">{}</text>\n"
                   "<text x=\"4\" y=\"{:.0f}\">{}</text>\n",
                   s.makespan, y0 + 16, detail::xml_escape(p.title), y0 + 32, detail::xml_escape(schedule_summary(s)));
    const double top = y0 + kHeader;
    const int lanes = s.lanes.aic + s.lanes.aiv;
    auto lane_y = [&](bool cube, int l) { return top + kLane * (cube ? l : s.lanes.aic + l); };
    for (int l = 0; l < lanes; ++l) {
      const bool cube = l < s.lanes.aic;
      const int k = cube ? l : l - s.lanes.aic;
      fmt::format_to(out,
                     "<g class=\"lane\" data-lane=\"{}{}\"><rect x=\"{:.0f}\" y=\"{:.1f}\" width=\"{:.0f}\" height=\"{:.0f}\" fill=\"{}\"/>"
                     "<text x=\"4\" y=\"{:.1f}\">{} {}</text></g>\n",
                     cube ? "aic" : "aiv", k, kLeft, lane_y(cube, k), kWidth, kLane, l % 2 ? "#f4f4f4" : "#fbfbfb",
                     lane_y(cube, k) + 15, cube ? "AIC" : "AIV", k);
    }
    // Time axis: the makespan at its position.
    fmt::format_to(out, "<line class=\"makespan\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#c00\" stroke-dasharray=\"4 2\"/>\n",
                   kLeft + s.makespan * scale, top, top + kLane * lanes);
    std::vector<char> critical(g.tasks.size(), 0);
    for (int c : s.critical_path) critical[static_cast<std::size_t>(c)] = 1;
    auto centre = [&](std::size_t i) {
      const Slot& sl = s.slots[i];
      return sl.aic_lane >= 0 ? lane_y(true, sl.aic_lane) + kLane / 2 : lane_y(false, sl.aiv_lanes.front()) + kLane / 2;
    };
    for (std::size_t i = 0; i < g.tasks.size(); ++i) {
      const Task& t = g.tasks[i];
      const Slot& sl = s.slots[i];
      const double x = kLeft + sl.start * scale, w = std::max(0.5, (sl.end - sl.start) * scale);
      std::vector<std::pair<bool, int>> at;
      if (sl.aic_lane >= 0) at.push_back({true, sl.aic_lane});
      for (int l : sl.aiv_lanes) at.push_back({false, l});
      for (const auto& [cube, l] : at)
        fmt::format_to(out,
                       "<rect class=\"task\" data-task=\"{}\" data-kernel=\"{}\" x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.0f}\" "
                       "fill=\"{}\"{}><title>#{} {} [{:.1f}, {:.1f}] ns, {}</title></rect>\n",
                       i, detail::xml_escape(t.kernel), x, lane_y(cube, l) + 3, w, kLane - 6,
                       colour[std::string(detail::colour_key(t.kernel))],
                       critical[i] ? " stroke=\"black\" stroke-width=\"1.5\"" : "", i, detail::xml_escape(t.kernel), sl.start,
                       sl.end, start_reason_name(sl.reason));
    }
    for (std::size_t i = 0; i < g.tasks.size(); ++i) {
      const Slot& sl = s.slots[i];
      if (sl.reason != StartReason::Dependency) continue;
      const std::size_t from = static_cast<std::size_t>(g.edges[static_cast<std::size_t>(sl.delayed_by)].from);
      fmt::format_to(out,
                     "<line class=\"edge\" data-from=\"{}\" data-to=\"{}\" x1=\"{:.2f}\" y1=\"{:.1f}\" x2=\"{:.2f}\" y2=\"{:.1f}\" "
                     "stroke=\"#333\" stroke-opacity=\"0.6\"/>\n",
                     from, i, kLeft + s.slots[from].end * scale, centre(from), kLeft + sl.start * scale, centre(i));
    }
    o += "</g>\n";
    y0 = top + kLane * lanes + kGap;
  }
  double x = kLeft;
  for (const auto& k : legend) {
    fmt::format_to(out, "<rect class=\"legend\" x=\"{:.0f}\" y=\"{:.0f}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" y=\"{:.0f}\">{}</text>\n",
                   x, y0 + 2, colour[k], x + 14, y0 + 11, detail::xml_escape(k));
    x += 24 + 7 * static_cast<double>(k.size());
  }
  o += "</svg>\n";
  return o;
}

}  // namespace ptorw::tasks
