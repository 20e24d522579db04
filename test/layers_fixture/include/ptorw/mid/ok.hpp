#pragma once
#include <ptorw/low/base.hpp>
