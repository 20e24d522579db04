"""``pl``: write ptorw programs as Python classes.

    import ptorw.language as pl

    @pl.program
    class Scale:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, x: pl.Tensor[[16, 32], pl.FP32],
                   out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
            t = pl.load(x, [0, 0], [16, 32])
            ...

``@pl.program`` hands the class's source text (``inspect.getsource``) to the C++ parser and
returns an :class:`ptorw.ir.Program`; parse errors raise :class:`ptorw.ParseError` pointing at
the lines of the Python file. Bodies are never executed by Python: every ``pl.X`` name the DSL
knows (``docs/dsl.md``) only has to exist for the class to be *defined*, so any attribute of this
module that is not listed below is a symbolic placeholder. Import the module as ``pl`` (the
parser reads the text, and the text says ``pl.``). Symbolic dims ``M = pl.dynamic("M")`` at module
level are passed to the parser with the class.
"""
import inspect as _inspect
import linecache as _linecache
import os as _os
import math as _math
import re as _re
import sys as _sys
import textwrap as _textwrap

from .. import _core
from ..ir import FunctionType, FunctionIRStage, ParamDirection, Program as _Program

__all__ = ["program", "function", "dynamic", "FunctionType", "FunctionIRStage", "DataType", "parse", "Symbol",
           "BOOL", "INT8", "INT16", "INT32", "INT64", "UINT8", "FP16", "BF16", "FP32", "INDEX", "TASK_ID"]


class Symbol:
    """A placeholder for DSL names in annotations and decorators (``pl.Tensor[[64], pl.FP32]``):
    attribute access, subscripts, calls and arithmetic all give new symbols; only the text matters."""

    __slots__ = ("_text",)

    def __init__(self, text):
        self._text = text

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Symbol(f"{self._text}.{name}")

    def __getitem__(self, item):
        return Symbol(f"{self._text}[{item!r}]")

    def __call__(self, *args, **kwargs):
        parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
        return Symbol(f"{self._text}({', '.join(parts)})")

    def __repr__(self):
        return self._text

    def _bin(op, swap=False):  # noqa: N805
        def f(self, other):
            return Symbol(f"({other!r} {op} {self!r})" if swap else f"({self!r} {op} {other!r})")
        return f

    __add__, __radd__ = _bin("+"), _bin("+", True)
    __sub__, __rsub__ = _bin("-"), _bin("-", True)
    __mul__, __rmul__ = _bin("*"), _bin("*", True)
    __floordiv__, __rfloordiv__ = _bin("//"), _bin("//", True)
    __truediv__, __rtruediv__ = _bin("/"), _bin("/", True)
    __mod__, __rmod__ = _bin("%"), _bin("%", True)
    __neg__ = lambda self: Symbol(f"(-{self!r})")  # noqa: E731
    del _bin


class DataType(Symbol):
    """An element type, ``pl.FP32`` and friends."""

    __slots__ = ()

    @property
    def name(self):
        return self._text.rsplit(".", 1)[-1]


for _d in _core.DTYPES:
    globals()[_d] = DataType(f"pl.{_d}")
del _d


class DynVar(Symbol):
    """``pl.dynamic("M")``: a symbolic dim, defined at module level and used in shapes."""

    __slots__ = ("name",)

    def __init__(self, name):
        super().__init__(name)
        object.__setattr__(self, "name", name)


def dynamic(name):
    """A symbolic dimension ``M = pl.dynamic("M")`` (its value is chosen when the program runs)."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"pl.dynamic expects a name, got {name!r}")
    return DynVar(name)


class _FunctionMarker:
    """What ``@pl.function`` leaves in the class body: the method and its decorator arguments."""

    def __init__(self, fn, kwargs):
        self.fn, self.kwargs = fn, kwargs
        self.__name__ = getattr(fn, "__name__", "?")
        self.__doc__ = getattr(fn, "__doc__", None)


def function(fn=None, **kwargs):
    """Marks a method of a ``@pl.program`` class: ``@pl.function`` or
    ``@pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True}, level=..., role=..., stage=...)``.
    The arguments are read by the C++ parser from the source text."""
    if fn is not None and callable(fn) and not kwargs:
        return _FunctionMarker(fn, {})
    if fn is not None:
        raise TypeError("@pl.function takes keyword arguments only")
    return lambda f: _FunctionMarker(f, kwargs)


def _names_in_scope(cls, frame):
    """What the class's text may name from where it is defined (its module's globals, then the
    globals and locals of the defining frame, e.g. a class written inside a test function; a later
    scope wins, as in Python): the pl.dynamic dims, and the constants, which PyPTO resolves while
    parsing (user docs, "Closure capture": integer constants and constant arithmetic fold into the
    IR). A constant is a bool, an int that fits int64 or a finite float; any other value is not
    passed, so naming it in the class is the parser's "undefined name" error at its line."""
    found = {}
    scopes = []
    mod = _sys.modules.get(getattr(cls, "__module__", ""), None)
    if mod is not None:
        scopes.append(vars(mod))
    if frame is not None:
        scopes.append(frame.f_globals)
        scopes.append(frame.f_locals)
    for scope in scopes:
        for k, v in list(scope.items()):
            if isinstance(v, DynVar):
                # Under the name it is bound to: `Rows = pl.dynamic("M")` reaches the parser as
                # written, which says how to fix it (review rev44c 9: "undefined name 'Rows'").
                found[k] = v
            elif k.isidentifier() and not k.startswith("__") and _const_text(v) is not None:
                found[k] = v
            else:
                found.pop(k, None)
    dims = [(k, v.name) for k, v in found.items() if isinstance(v, DynVar)]
    consts = {k: v for k, v in found.items() if not isinstance(v, DynVar)}
    return dims, consts


def _const_text(v):
    """The DSL literal of a constant value, or None when it has none."""
    # int(v) / float(v): a subclass (an IntEnum member, a NumPy scalar) may print otherwise.
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(int(v)) if -(1 << 63) <= v < (1 << 63) else None
    if isinstance(v, float):
        return repr(float(v)) if _math.isfinite(v) else None
    return None


def _source_of(cls, caller=None):
    """The class's source lines, their first line number and the file. ``inspect.getsourcelines``
    finds a class by its qualified name, the first match in the file: two classes of one name (in
    the arms of an ``if``, or redefined) gave the second decoration the first class's program
    (review rev44c 1). When the decorator is applied where the class is written, the caller's
    frame stands at the decorator's line: the class is the one written right below it."""
    try:
        file = _inspect.getsourcefile(cls) or _inspect.getfile(cls)
    except (OSError, TypeError) as e:
        raise TypeError(f"@pl.program needs the class's source text ({e}); define it in a file, or use pl.parse(text)")
    if caller is not None and file and _os.path.abspath(caller.f_code.co_filename) == _os.path.abspath(file):
        all_lines = _linecache.getlines(file, caller.f_globals)
        at = caller.f_lineno - 1
        j = at
        while j < len(all_lines) and all_lines[j].lstrip().startswith("@"):
            j += 1
        if at < len(all_lines) and all_lines[at].lstrip().startswith("@") and j < len(all_lines) and \
                _re.match(r"\s*class\s+" + _re.escape(cls.__name__) + r"\b", all_lines[j]):
            try:
                return _inspect.getblock(all_lines[at:]), at + 1, file
            except Exception:  # a tokenize error: the general lookup below reports it
                pass
    try:
        lines, start = _inspect.getsourcelines(cls)
    except (OSError, TypeError) as e:
        raise TypeError(f"@pl.program needs the class's source text ({e}); define it in a file, or use pl.parse(text)")
    return lines, start, file


def _parse_class(lines, start, file, dims, consts=None):
    text = "".join(lines)

    def used(name):  # only the names the class's text uses
        return _re.search(r"\b" + _re.escape(name) + r"\b", text) is not None

    dims = [(k, n) for k, n in dims if used(k)]
    consts = {k: v for k, v in (consts or {}).items() if used(k)}
    dedented = _textwrap.dedent(text)
    first = lines[0] if lines else ""
    indent = len(first) - len(first.lstrip()) if dedented != text else 0
    # The class's text at its own line in the file: the lines above it are blank, except for the
    # constants and symbolic dims, which the parser needs to see first.
    head = [f"{k} = {_const_text(v)}\n" for k, v in consts.items()]
    head += [f'{k} = pl.dynamic("{n}")\n' for k, n in dims]
    pad = start - 1
    if len(head) > pad and pad >= 1:
        # Not a line each above the class: all on one line (`K = 8; M = pl.dynamic("M")`), so the
        # class's lines keep their numbers in errors.
        head = ["; ".join(h.rstrip("\n") for h in head) + "\n"]
    if len(head) <= pad:
        src = "".join(head) + "\n" * (pad - len(head)) + dedented
        return _core.parse(src, file, indent)
    # No line at all above the class (it starts the file): lines shift by one.
    src = "".join(head) + dedented
    return _core.parse(src, file, indent)


def program(cls=None):
    """Turns a class of ``@pl.function`` methods into an :class:`ptorw.ir.Program` (parsed by the
    C++ front end from the class's source; errors raise ParseError at the file's own lines)."""
    if cls is None:
        return program
    if not isinstance(cls, type):
        raise TypeError("@pl.program decorates a class")
    frame = _inspect.currentframe()
    caller = frame.f_back if frame is not None else None
    try:
        lines, start, file = _source_of(cls, caller)
        dims, consts = _names_in_scope(cls, caller)
    finally:
        del frame, caller
    from ..ir import Span
    class_line = next((start + i for i, line in enumerate(lines) if line.lstrip().startswith("class ")), start)
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    return _Program._wrap(_to_ssa(_parse_class(lines, start, file, dims, consts)), Span(file, class_line, indent + 1))


def _to_ssa(core):
    """The class's functions in SSA form, as PyPTO's parser produces them (user docs,
    language/02-control-flow.md: "Write ordinary Python — rebind names freely. The parser renames",
    and a name rebound in a loop becomes a carried value). ``convert-to-ssa`` does that renaming;
    a program already in SSA form is returned as parsed. One the pass cannot convert is kept as
    written: the interpreter reads it by names, and a pass that needs SSA input says why.
    (``pl.parse(text)`` keeps the text as written, as the command line does.)"""
    r = _core.run_pipeline(core, ["convert-to-ssa"], {}, verify=False, verify_each=False, verify_input=False,
                           check=False)
    if r.ok and any(p.changed for p in r.passes):
        return r.program
    return core


def parse(text, file="<input>"):
    """Parses DSL text (a whole file, as ``ptorw print`` reads it) into a Program."""
    return _Program._wrap(_core.parse(text, file))


# pl.In / pl.Out / pl.InOut, and every other DSL name, as placeholders.
In = Symbol("pl.In")
Out = Symbol("pl.Out")
InOut = Symbol("pl.InOut")


def __getattr__(name):  # PEP 562: any other pl.X is a symbol
    if name.startswith("__"):
        raise AttributeError(name)
    return Symbol(f"pl.{name}")
