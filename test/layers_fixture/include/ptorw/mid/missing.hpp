#pragma once
#include "ptorw/low/gone.hpp"
