from typing import Dict, Optional, Union

from .ir import Program
from .passes import MemoryPlanner

def emit_pto(program: Program, planner: Optional[Union[str, MemoryPlanner]] = ..., arch: Optional[str] = ...,
             generic: bool = ..., version: str = ..., locations: bool = ...) -> Dict[str, str]:
    """One PTO module (MLIR text) per kernel, by kernel name; raises EmitError."""
    ...
