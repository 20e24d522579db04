"""The IR as Python sees it: read-only handles on the C++ nodes, spelled like PyPTO's ``ir`` module.

``Program`` (``name``, ``functions`` by name, ``span``), ``Function`` (``name``, ``params``,
``param_directions``, ``return_types``, ``body``, ``span``, ``func_type``, ``level``, ``role``,
``attrs``, ``stage``), and ``Expr`` / ``Stmt`` / ``Type`` nodes (``kind`` plus the fields of that
kind). Nodes are immutable: passes return new programs that share unchanged parts.

``structural_equal`` / ``assert_structural_equal`` / ``structural_hash`` compare up to renaming of
definitions (the contract of every golden test); ``python_print`` gives the DSL text;
``IRVisitor`` walks a program with ``visit_*`` methods a subclass overrides.

``save(program, path)`` / ``load(path)`` write and read the binary form of a program at any stage
(MessagePack, docs/persist.md): the same program back, names, spans and sharing included.
``cache_key(program, ...)`` is the stable key of compiling it under the given options.
"""
import enum as _enum
import os as _os
import types as _types

from .. import _core

__all__ = ["Program", "Function", "Expr", "Stmt", "Type", "Span", "FunctionType", "ParamDirection",
           "FunctionIRStage", "structural_equal", "assert_structural_equal", "structural_hash", "python_print",
           "is_incore_type", "IRVisitor", "verify", "save", "load", "cache_key", "OpName"]


class FunctionType(_enum.Enum):
    """``pl.FunctionType``: what a function is for."""
    Opaque = "Opaque"
    Orchestration = "Orchestration"
    InCore = "InCore"
    AIC = "AIC"
    AIV = "AIV"
    Group = "Group"


class ParamDirection(_enum.Enum):
    """A parameter's direction: ``pl.In`` (default), ``pl.Out``, ``pl.InOut``."""
    In = "In"
    Out = "Out"
    InOut = "InOut"


class FunctionIRStage(_enum.Enum):
    """Whether a function is Tile IR or (lowered) Buffer IR."""
    Tile = "Tile"
    Buffer = "Buffer"


def is_incore_type(func_type):
    """True for the kernel types (InCore, AIC, AIV)."""
    return FunctionType(_enum_value(func_type)) in (FunctionType.InCore, FunctionType.AIC, FunctionType.AIV)


def _enum_value(v):
    if isinstance(v, _enum.Enum):
        return v.value
    s = str(v)
    return s.rsplit(".", 1)[-1]


class Span:
    """A source position: ``filename``, ``begin_line``, ``begin_column`` (1-based; 0 = synthesized)."""

    __slots__ = ("filename", "begin_line", "begin_column")

    def __init__(self, filename="", begin_line=0, begin_column=0):
        self.filename, self.begin_line, self.begin_column = filename, begin_line, begin_column

    line = property(lambda self: self.begin_line)
    column = property(lambda self: self.begin_column)

    def is_valid(self):
        return self.begin_line > 0

    def __repr__(self):
        return f"{self.filename}:{self.begin_line}:{self.begin_column}"

    def __eq__(self, other):
        return isinstance(other, Span) and (self.filename, self.begin_line, self.begin_column) == (
            other.filename, other.begin_line, other.begin_column)

    def __hash__(self):
        return hash((self.filename, self.begin_line, self.begin_column))


# The C++ node handles, with Python's protocols. Equality of Expr handles is node identity (two
# handles on the same Var are equal), so Vars work as dict keys; structural comparison is
# structural_equal.
Expr = _core.Expr
Stmt = _core.Stmt
Type = _core.Type
Expr.__str__ = lambda self: self.text()
Expr.__repr__ = lambda self: f"<{self.kind} {self.text()}>"
Expr.__eq__ = lambda self, other: isinstance(other, Expr) and self.same_object(other)
Expr.__hash__ = lambda self: self.identity()
Stmt.__str__ = lambda self: self.text()
Stmt.__repr__ = lambda self: f"<{self.kind} at {self.span[0]}:{self.span[1]}>"
Type.__str__ = lambda self: self.text()
Type.__repr__ = lambda self: f"<{self.kind} {self.text()}>"


class OpName(str):
    """A Call's op as the DSL spells it (``"pl.tile.load"``, ``"self.kernel"``), with ``name``: the
    op's name without the ``pl.`` / ``self.`` prefix (``"tile.load"``, ``"kernel"``), the form PyPTO's
    IR gives as ``call.op.name``."""

    __slots__ = ()

    @property
    def name(self):
        for prefix in ("pl.", "self."):
            if self.startswith(prefix):
                return self[len(prefix):]
        return str(self)


_call_op_text = Expr.op


def _call_op(self):
    text = _call_op_text.__get__(self)
    return None if text is None else OpName(text)


Expr.op = property(_call_op, doc="A Call's op (OpName: the DSL spelling, with .name), else None.")


class Function:
    """A function of a program (read-only). ``ir.Function(...)`` builds a changed copy."""

    __slots__ = ("_f",)

    def __init__(self, name, params, return_types, body, span=None, type=FunctionType.Opaque, level=None, role=None,
                 attrs=None, requires_runtime_binding=False, stage=FunctionIRStage.Tile):
        """Builds a function from existing nodes: ``params`` is a list of ``(Var, ParamDirection)``
        (Vars, types and bodies come from parsed programs: there are no Python node constructors).
        ``level`` / ``role`` are written as the DSL spells them (``pl.Level.CORE_GROUP``);
        ``attrs`` values are bools, ints, floats, strings or Exprs. ptorw does not model
        ``requires_runtime_binding`` (it must be False)."""
        if requires_runtime_binding:
            raise NotImplementedError("requires_runtime_binding is not modelled by ptorw")
        _check_name(name, "a function")
        line, col = (span.begin_line, span.begin_column) if isinstance(span, Span) else (0, 0)
        self._f = _core.make_function(
            name, [(p, _enum_value(d)) for p, d in params], list(return_types), body, _enum_value(type),
            _enum_value(stage), None if level is None else repr(level) if not isinstance(level, str) else level,
            None if role is None else repr(role) if not isinstance(role, str) else role, dict(attrs or {}), line, col)

    def with_changes(self, name=None, params=None, return_types=None, body=None, type=None, stage=None):
        """A copy with some parts replaced (the rest, attrs and level included, kept)."""
        _check_name(name, "a function")
        return Function._wrap(self._f.with_changes(
            name, _enum_value(type) if type is not None else None,
            _enum_value(stage) if stage is not None else None, body,
            [(p, _enum_value(d)) for p, d in params] if params is not None else None,
            list(return_types) if return_types is not None else None))

    @classmethod
    def _wrap(cls, core):
        f = cls.__new__(cls)
        f._f = core
        return f

    name = property(lambda self: self._f.name, doc="The function's name.")
    params = property(lambda self: self._f.params, doc="Parameter Vars, in order.")
    param_directions = property(lambda self: [ParamDirection(d) for d in self._f.param_direction_names],
                                doc="ParamDirection of each parameter.")
    return_types = property(lambda self: self._f.return_types, doc="Declared return types.")
    body = property(lambda self: self._f.body, doc="The body statement (a SeqStmts).")
    func_type = property(lambda self: FunctionType(self._f.type_name), doc="The FunctionType.")
    type = func_type
    stage = property(lambda self: FunctionIRStage(self._f.stage_name), doc="Tile or Buffer.")
    level = property(lambda self: self._f.level, doc="`level=` of the decorator, as written (or None).")
    role = property(lambda self: self._f.role, doc="`role=` of the decorator, as written (or None).")
    attrs = property(lambda self: _types.MappingProxyType(self._f.attrs), doc="Decorator attrs (e.g. windowize).")
    requires_runtime_binding = property(lambda self: False, doc="Always False: ptorw does not model it.")

    @property
    def span(self):
        f, line, col = self._f.span
        return Span(f, line, col)

    def __str__(self):
        return self._f.text()

    def as_python(self):
        """The DSL text of the function; the same as ``str``."""
        return self._f.text()

    def __repr__(self):
        return f"<Function {self.name} ({self.func_type.value})>"


def _program_of(program, what):
    """`program`'s extension object; a TypeError naming the call for anything else (review rev44c
    11: `ir.verify(None)` raised AttributeError: '_p')."""
    if not isinstance(program, Program):
        raise TypeError(f"{what} expects an ir.Program, got {type(program).__name__}")
    return program._p


def _check_name(name, what):
    """A function or program name must be a Python identifier that is no keyword: the printed text
    (`def NAME`, `class NAME:`) and the PTO symbol (`@NAME`) must read back (review rev44c 8:
    `with_changes(name="my kernel")` verified, printed `def my kernel(` and emitted `@my kernel`)."""
    import keyword
    if name is not None and (not isinstance(name, str) or not name.isidentifier() or not name.isascii()
                             or keyword.iskeyword(name)):
        raise ValueError(f"{what} name must be an ASCII identifier that is not a Python keyword, got {name!r}")


class Program:
    """A whole program: ``name``, ``functions`` (a read-only mapping by name, in program order), ``span``.

    ``str(program)`` is the DSL text. ``ir.Program(functions, name, span)`` builds a program from
    existing functions.
    """

    __slots__ = ("_p", "_span")

    def __init__(self, functions, name="", span=None):
        fns = list(functions.values()) if hasattr(functions, "values") else list(functions)
        if name:
            _check_name(name, "a program")
        # Without a span, the functions' file (review rev44c 12: diagnostics then read ":17:27: error").
        file = span.filename if isinstance(span, Span) else next(
            (f.span.filename for f in fns if isinstance(f, Function) and f.span.filename), "")
        self._p = _core.make_program([f._f for f in fns], name, file)
        self._span = span if isinstance(span, Span) else None

    @classmethod
    def _wrap(cls, core, span=None):
        p = cls.__new__(cls)
        p._p = core
        p._span = span
        return p

    name = property(lambda self: self._p.name, doc="The class name of the @pl.program.")
    dynamic_dims = property(lambda self: self._p.dynamic_dims, doc="Names of the pl.dynamic dims.")

    @property
    def functions(self):
        return _types.MappingProxyType({f.name: Function._wrap(f) for f in self._p.function_list})

    @property
    def span(self):
        """Where the class is (``@pl.program``), else the file with line 0."""
        return self._span if self._span is not None else Span(self._p.source_file, 0, 0)

    def get_function(self, name):
        return self.functions.get(name)

    def __str__(self):
        return self._p.text()

    def as_python(self):
        """The DSL text (PyPTO user docs: "``Adder.as_python()`` prints it"); the same as ``str``."""
        return self._p.text()

    def __repr__(self):
        return f"<Program {self.name}: {', '.join(self.functions)}>"

    def same_as(self, other):
        """True when both handles hold the very same program object (a pass that changed nothing)."""
        return isinstance(other, Program) and self._p.same_object(other._p)


def _core_of(node):
    if isinstance(node, Program):
        return node._p, _core.equal_program
    if isinstance(node, Function):
        return node._f, _core.equal_function
    if isinstance(node, Stmt):
        return node, _core.equal_stmt
    if isinstance(node, Expr):
        return node, _core.equal_expr
    if isinstance(node, Type):
        return node, _core.equal_type
    raise TypeError(f"not an IR node: {type(node).__name__}")


def _compare(a, b):
    ca, eq = _core_of(a)
    cb, eq_b = _core_of(b)
    if eq is not eq_b:
        return False, f"different node kinds: {type(a).__name__} vs {type(b).__name__}"
    return eq(ca, cb)


def structural_equal(a, b):
    """True when ``a`` and ``b`` are equal up to renaming of definitions (any node kind)."""
    return _compare(a, b)[0]


class StructuralEqualError(AssertionError):
    """Raised by assert_structural_equal; the message names the first differing path."""


def assert_structural_equal(a, b):
    """Raises StructuralEqualError (an AssertionError) with the first-differing-path report."""
    equal, report = _compare(a, b)
    if not equal:
        raise StructuralEqualError(report)


def structural_hash(node):
    """A hash equal for structurally equal nodes (up to renaming)."""
    core, _ = _core_of(node)
    return core.structural_hash()


def python_print(node):
    """The DSL text of a node (Program, Function, Stmt, Expr or Type)."""
    return str(node)


def verify(program, raise_on_error=True):
    """Verifies a program as its first pass would read it; raises VerifyError, or returns the diagnostics."""
    if raise_on_error:
        _core.verify_or_raise(_program_of(program, "ir.verify"), True)
        return []
    return _core.verify(_program_of(program, "ir.verify"), True)


def save(program, path):
    """Writes ``program``'s binary form to ``path`` (any stage: Tile, planned Tile, Buffer IR).
    Raises OSError when it cannot be written."""
    errors = _core.save_program(_program_of(program, "ir.save"), _os.fspath(path))
    if errors:
        raise OSError("\n".join(errors))


def load(path):
    """Reads a program written by ``save``. Raises ParseError (``file: error: byte N: ...``) for a
    file that is not one, is truncated or corrupted, or has another format or Buffer semantics
    version."""
    return Program._wrap(_core.load_program(_os.fspath(path)))


def cache_key(program, options=None, pto_version="new", spans=False):
    """The cache key (64 hex digits) of compiling ``program`` under ``options`` (PassContext
    options: ``enable_buffer_ir``, ``memory_planner``, ``target``; default: the current
    PassContext's, as ``codegen.emit_pto`` uses) and ``pto_version``: equal for
    programs equal up to renaming of variables, different for any other change, any option, and
    another Buffer semantics version. ``spans=True`` makes source positions count too."""
    from ..passes import _option_text as _context_text, current_options, _warn_unknown_options
    if options is None:  # as emit_pto and the passes: the current PassContext's options
        options = current_options()
    _warn_unknown_options(options, "ir.cache_key")  # (rev44d 13: a misspelt key was ignored here)
    # Spelled as PassContext spells them (review rev44c 10: "ptoas" was refused here, accepted there).
    return _core.cache_key(_program_of(program, "ir.cache_key"), {k: _context_text(k, v) for k, v in options.items()}, pto_version, spans)


def _snake(kind):
    out = []
    for i, c in enumerate(kind):
        if c.isupper() and i and not kind[i - 1].isupper():
            out.append("_")
        out.append(c.lower())
    return "".join(out)


class IRVisitor:
    """Walks a program. Subclass and override ``visit_<kind>`` methods, e.g. ``visit_for_stmt``,
    ``visit_assign_stmt``, ``visit_call``, ``visit_var``, ``visit_function``; call
    ``super().visit_<kind>(node)`` (or ``self.generic_visit(node)``) to walk into children.
    ``visit(node)`` dispatches on the node (Program, Function, Stmt or Expr)."""

    def visit(self, node):
        if isinstance(node, Program):
            return self.visit_program(node)
        if isinstance(node, Function):
            return self.visit_function(node)
        if isinstance(node, (Stmt, Expr)):
            return getattr(self, "visit_" + _snake(node.kind), self.generic_visit)(node)
        raise TypeError(f"IRVisitor cannot visit {type(node).__name__}")

    def visit_program(self, program):
        for f in program.functions.values():
            self.visit(f)

    def visit_function(self, func):
        for p in func.params:
            self.visit(p)
        self.visit(func.body)

    def visit_stmt(self, stmt):
        self.visit(stmt)

    def visit_expr(self, expr):
        self.visit(expr)

    def generic_visit(self, node):
        if isinstance(node, Stmt):
            k = node.kind
            if k == "AssignStmt":
                self.visit(node.var)
                self.visit(node.value)
            elif k == "EvalStmt":
                self.visit(node.value)
            elif k in ("YieldStmt", "ReturnStmt"):
                for v in node.values:
                    self.visit(v)
            elif k == "ForStmt":
                self.visit(node.var)
                for b in (node.start, node.stop, node.step):
                    if b is not None:
                        self.visit(b)
                self._iter_args(node)
                self.visit(node.body)
                for r in node.return_vars:
                    self.visit(r)
            elif k == "WhileStmt":
                self._iter_args(node)
                if node.condition is not None:
                    self.visit(node.condition)
                self.visit(node.body)
                for r in node.return_vars:
                    self.visit(r)
            elif k == "IfStmt":
                self.visit(node.condition)
                self.visit(node.then_body)
                if node.else_body is not None:
                    self.visit(node.else_body)
                for r in node.return_vars:
                    self.visit(r)
            elif k == "ScopeStmt":
                self.visit(node.body)
            elif k == "SeqStmts":
                for s in node.stmts:
                    self.visit(s)
        elif isinstance(node, Expr):
            for a in node.args:
                self.visit(a)

    def _iter_args(self, loop):
        # Each iter arg, then its initial value (`init_values=`), which belongs to the loop header.
        for a in loop.iter_args:
            self.visit(a)
            if a.init is not None:
                self.visit(a.init)


# Default visit_<kind> methods: all walk into children.
for _k in ("AssignStmt", "EvalStmt", "SeqStmts", "IfStmt", "ForStmt", "WhileStmt", "YieldStmt", "ReturnStmt",
           "ScopeStmt", "Var", "IterArg", "ConstInt", "ConstFloat", "ConstBool", "BinaryExpr", "UnaryExpr", "Call",
           "Submit", "MakeTuple", "TupleGetItemExpr"):
    # Through `self`: a subclass that overrides generic_visit has it called for every kind it does
    # not visit itself, as ast.NodeVisitor does (review rev44c 6: the base method was bound here).
    setattr(IRVisitor, "visit_" + _snake(_k), lambda self, node: self.generic_visit(node))
del _k

from . import pass_manager  # noqa: E402,F401
# `ir.OptimizationStrategy` (PyPTO user docs, 01-language_guide.md: "strategy=ir.OptimizationStrategy.Default").
from .pass_manager import OptimizationStrategy, PassManager  # noqa: E402,F401
