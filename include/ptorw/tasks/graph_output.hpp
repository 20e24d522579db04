// The task graph as JSON (`ptorw tasks`, the default) and as Graphviz dot (`--format=dot`).
// JSON: {"function", "storages": [{"id","name","origin","bytes"}], "tasks": [{"id","kernel",
// "kernel_id","core","scope","line","col","args":[{"param","value","dir","storage","bytes":[[b,e],...]}],
// "deps"?}], "edges": [{"from","to","kinds":["raw"|"waw"|"war"|"explicit",...],"storage"?}]},
// one task, storage or edge a line so that goldens diff line by line.
#pragma once
#include <fmt/format.h>

#include <string>

#include "ptorw/tasks/task_model.hpp"

namespace ptorw::tasks {

namespace detail {
inline std::string json_string(std::string_view s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += c;
    else if (static_cast<unsigned char>(c) < 0x20) o += fmt::format("\\u{:04x}", static_cast<int>(c));
    else o += c;
  }
  return o + '"';
}
inline std::string kinds_list(std::uint8_t k, std::string_view quote) {
  std::string o;
  for (int i = 0; i < kEdgeKinds; ++i)
    if (k & (1u << i)) o += fmt::format("{}{}{}{}", o.empty() ? "" : ",", quote, edge_kind_name(static_cast<EdgeKind>(i)), quote);
  return o;
}
}  // namespace detail

inline std::string graph_json(const TaskGraph& g) {
  std::string o;
  auto out = std::back_inserter(o);
  fmt::format_to(out, "{{\"function\": {},\n\"storages\": [\n", detail::json_string(g.function));
  for (std::size_t i = 0; i < g.storages.size(); ++i)
    fmt::format_to(out, "  {{\"id\": {}, \"name\": {}, \"origin\": \"{}\", \"bytes\": {}}}{}\n", i,
                   detail::json_string(g.storages[i].name), g.storages[i].origin, g.storages[i].bytes,
                   i + 1 < g.storages.size() ? "," : "");
  o += "],\n\"tasks\": [\n";
  for (std::size_t i = 0; i < g.tasks.size(); ++i) {
    const Task& t = g.tasks[i];
    fmt::format_to(out, "  {{\"id\": {}, \"kernel\": {}, \"kernel_id\": {}, \"core\": \"{}\", \"scope\": \"{}\", \"line\": {}, \"col\": {}, \"args\": [",
                   i, detail::json_string(t.kernel), t.kernel_id, core_name(t.core), t.manual ? "manual" : "auto", t.span.line,
                   t.span.col);
    for (std::size_t a = 0; a < t.args.size(); ++a) {
      const TaskArg& x = t.args[a];
      fmt::format_to(out, "{}{{\"param\": {}, \"value\": {}, \"dir\": \"{}\", \"storage\": {}, \"bytes\": [", a ? ", " : "",
                     detail::json_string(x.param), detail::json_string(x.value), access_name(x.access), x.desc.storage);
      for (std::size_t b = 0; b < x.bytes.size(); ++b) fmt::format_to(out, "{}[{}, {}]", b ? ", " : "", x.bytes[b].begin, x.bytes[b].end);
      o += "]}";
    }
    o += "]";
    if (!t.explicit_deps.empty()) fmt::format_to(out, ", \"deps\": [{}]", fmt::join(t.explicit_deps, ", "));
    fmt::format_to(out, "}}{}\n", i + 1 < g.tasks.size() ? "," : "");
  }
  o += "],\n\"edges\": [\n";
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    fmt::format_to(out, "  {{\"from\": {}, \"to\": {}, \"kinds\": [{}]", e.from, e.to, detail::kinds_list(e.kinds, "\""));
    if (e.storage >= 0) fmt::format_to(out, ", \"storage\": {}", e.storage);
    if (e.mixed_storages()) {  // which storage made which kind
      o += ", \"storages\": {";
      bool first = true;
      for (int k = 0; k < kEdgeKinds; ++k)
        if (e.kind_storage[static_cast<std::size_t>(k)] >= 0) {
          fmt::format_to(out, "{}\"{}\": {}", first ? "" : ", ", edge_kind_name(static_cast<EdgeKind>(k)), e.kind_storage[static_cast<std::size_t>(k)]);
          first = false;
        }
      o += "}";
    }
    fmt::format_to(out, "}}{}\n", i + 1 < g.edges.size() ? "," : "");
  }
  o += "]}\n";
  return o;
}

inline std::string graph_dot(const TaskGraph& g) {
  std::string o;
  auto out = std::back_inserter(o);
  fmt::format_to(out, "digraph {} {{\n  rankdir=TB;\n  node [shape=box, style=filled, fontname=\"monospace\"];\n",
                 detail::json_string(g.function));
  for (std::size_t i = 0; i < g.tasks.size(); ++i) {
    const Task& t = g.tasks[i];
    const char* fill = t.core == Core::Aic ? "#f4c7a1" : t.core == Core::Mixed ? "#d6c4ef" : t.core == Core::Copy ? "#dddddd" : "#b9d8f2";
    fmt::format_to(out, "  t{} [label=\"{}: {}\\n{}{}\", fillcolor=\"{}\"];\n", i, i, t.kernel, core_name(t.core),
                   t.manual ? " manual" : "", fill);
  }
  for (const auto& e : g.edges) {
    std::string label = detail::kinds_list(e.kinds, "");
    if (e.mixed_storages()) {
      label.clear();
      for (int k = 0; k < kEdgeKinds; ++k)
        if (const int s = e.kind_storage[static_cast<std::size_t>(k)]; s >= 0 || (e.kinds & (1u << k)))
          label += (label.empty() ? "" : ", ") + std::string(edge_kind_name(static_cast<EdgeKind>(k))) +
                   (s >= 0 ? " " + g.storages[static_cast<std::size_t>(s)].name : std::string());
    } else if (e.storage >= 0) {
      label += " " + g.storages[static_cast<std::size_t>(e.storage)].name;
    }
    fmt::format_to(out, "  t{} -> t{} [label={}{}];\n", e.from, e.to, detail::json_string(label),
                   e.kinds == (1u << 3) ? ", style=dashed" : "");
  }
  o += "}\n";
  return o;
}

}  // namespace ptorw::tasks
