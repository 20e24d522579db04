// Every pass of the library, registered by name (include this to make `make_pass("...")` and
// `ptorw opt --passes=...` see them all).
#pragma once
#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/patterns/optimize_orch_tensors.hpp"
