#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

/// Failed assertions so far in the running test case (the golden runner tallies cases with it;
/// the counter lives in doctest's implementation, which only this translation unit sees).
int ptorw_failed_asserts_in_current_test() { return doctest::detail::g_cs->numAssertsFailedCurrentTest_atomic; }
