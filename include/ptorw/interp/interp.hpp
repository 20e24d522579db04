// The reference interpreter (value mode): run a program, digest and compare its outputs, judge
// rewrites. Semantics: docs/semantics.md.
#pragma once
#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/interp/digest.hpp"
#include "ptorw/interp/run.hpp"
