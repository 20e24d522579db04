#pragma once
#include "ptorw/low/base.hpp"
#include "ptorw/high/top.hpp"
