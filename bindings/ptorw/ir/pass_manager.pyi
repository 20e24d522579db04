import enum
from typing import Dict, List, Optional, Union

from .._core import PassRecord
from ..passes import Pass
from . import Program

PASCAL_NAMES: Dict[str, str]

class OptimizationStrategy(enum.Enum):
    Default = "Default"
    Orchestration = "Orchestration"

class Strategy:
    strategy: OptimizationStrategy
    names: List[str]
    pass_names: List[str]
    passes: List[Pass]
    def __init__(self, strategy: OptimizationStrategy) -> None: ...

class PassManager:
    strategy: Strategy
    records: List[PassRecord]
    timings: Dict[str, float]
    total_seconds: float
    def __init__(self, strategy: OptimizationStrategy = ..., *, verify: Optional[bool] = ..., verify_each: bool = ...,
                 check: bool = ..., max_iterations: int = ..., print_after_all: bool = ...) -> None: ...
    @staticmethod
    def get_strategy(strategy: OptimizationStrategy = ...) -> Strategy: ...
    @property
    def pass_names(self) -> List[str]: ...
    @property
    def passes(self) -> List[Pass]: ...
    def run_passes(self, program: Program, up_to: Optional[str] = ...) -> Program: ...
