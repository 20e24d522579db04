// FnRef: a non-owning, non-template reference to a callable, so that a visitor taking one is
// compiled once instead of once per callback type (visit/erased.hpp, rewrite/identical.hpp).
#pragma once
#include <memory>
#include <type_traits>
#include <utility>

namespace ptorw::visit {

/// A non-owning reference to a callable (like C++26 std::function_ref). The callable must outlive
/// the call it is passed to — always true for a lambda argument.
template <class Sig> class FnRef;
template <class R, class... A> class FnRef<R(A...)> {
 public:
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, FnRef> && std::is_invocable_r_v<R, F&, A...>)
  FnRef(F&& f) noexcept  // NOLINT: implicit, like std::function_ref
      : obj_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* o, A... a) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<A>(a)...); }) {}
  R operator()(A... a) const { return call_(obj_, std::forward<A>(a)...); }

 private:
  void* obj_;
  R (*call_)(void*, A...);
};

}  // namespace ptorw::visit
