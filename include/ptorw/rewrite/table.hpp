// Tables: a table is a flat `boost::hana::tuple` of rule objects, e.g.
//   inline constexpr auto my_rules = boost::hana::make_tuple(FoldAdd{}, AddZero{});
// The same value feeds the driver (ptorw/rewrite/driver.hpp), the documentation (`rule_infos`),
// statistics (RuleStats come back in table order) and random testers (`for_each_rule`).
// Tables compose with `boost::hana::concat`; keep them flat (no tuples of tuples).
#pragma once
#include <array>
#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/rewrite/rule.hpp"

namespace ptorw::rewrite {

/// One documentation row per rule.
struct RuleInfo {
  std::string_view name;
  RootKind root;
  int benefit;
  std::string description;  // `R::describe()` when the rule has one
};

template <class... Rs> std::vector<RuleInfo> rule_infos(const boost::hana::tuple<Rs...>&) {
  return {RuleInfo{Rs::name, Rs::root, Rs::benefit, describe_rule<Rs>()}...};
}

/// Calls f(rule) for each rule object in table order.
template <class... Rs, class F> void for_each_rule(const boost::hana::tuple<Rs...>& table, F&& f) {
  boost::hana::for_each(table, f);
}

namespace detail {
template <class... Rs> constexpr bool unique_names() {
  constexpr std::array<std::string_view, sizeof...(Rs)> names{std::string_view(Rs::name)...};
  for (std::size_t i = 0; i < names.size(); ++i)
    for (std::size_t j = i + 1; j < names.size(); ++j)
      if (names[i] == names[j]) return false;
  return true;
}

/// Indices of the rules of root K in the order the driver tries them: benefit descending, then
/// table order (a stable sort, so equal benefits never reorder).
template <RootKind K, class... Rs> constexpr auto try_order() {
  constexpr std::size_t n = ((Rs::root == K ? 1u : 0u) + ... + 0u);
  constexpr std::array<RootKind, sizeof...(Rs)> roots{Rs::root...};
  constexpr std::array<int, sizeof...(Rs)> benefit{Rs::benefit...};
  std::array<std::size_t, n> out{};
  std::size_t k = 0;
  for (std::size_t i = 0; i < sizeof...(Rs); ++i)
    if (roots[i] == K) out[k++] = i;
  for (std::size_t i = 1; i < n; ++i)  // insertion sort: stable and constexpr
    for (std::size_t j = i; j > 0 && benefit[out[j - 1]] < benefit[out[j]]; --j) std::swap(out[j - 1], out[j]);
  return out;
}
}  // namespace detail

}  // namespace ptorw::rewrite
