// Memory planning passes (README.md in this folder): `init-memref` and `plan-memory`.
#pragma once
#include "ptorw/lowering/planning/init_memref.hpp"
#include "ptorw/lowering/planning/plan_memory.hpp"
