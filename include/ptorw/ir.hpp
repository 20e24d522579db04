// The whole IR: nodes, builders and the op registry.
#pragma once
#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_registry.hpp"
