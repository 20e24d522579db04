from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union, overload, Literal

import numpy

from ._core import DiffReport as DiffReport
from .ir import Program
from .passes import Pass

NUMPY_DTYPES: Dict[str, type]

@overload
def run(program: Program, inputs: Optional[Mapping[str, Any]] = ..., *, entry: Optional[str] = ..., seed: int = ...,
        dims: Optional[Mapping[str, int]] = ..., mode: str = ..., target: Optional[str] = ...,
        return_poison: Literal[False] = ...) -> Dict[str, numpy.ndarray]: ...
@overload
def run(program: Program, inputs: Optional[Mapping[str, Any]] = ..., *, entry: Optional[str] = ..., seed: int = ...,
        dims: Optional[Mapping[str, int]] = ..., mode: str = ..., target: Optional[str] = ...,
        return_poison: Literal[True] = ...) -> Tuple[Dict[str, numpy.ndarray], Dict[str, numpy.ndarray]]: ...
def diffcheck(program: Program, passes: Optional[Sequence[Union[str, Pass]]] = ..., *, after: Optional[Program] = ...,
              seeds: int = ..., entry: Optional[str] = ..., dims: Optional[Mapping[str, int]] = ...,
              target: Optional[str] = ...) -> DiffReport: ...
