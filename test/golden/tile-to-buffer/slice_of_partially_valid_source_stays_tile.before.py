# rule: "Every lowered window carries its valid tuple" and docs/semantics.md (tile.slice: valid extents "by default the source's valid region clipped to the window"): x is valid over 8 of its 16 rows, so the window w cut without a valid_shape is valid over [8, 32] while its inferred type states the whole [16, 32]; the lowered window would carry the type's rectangle and exp would read the 8 rows the Tile program leaves out (audit 2026-12-05 N2: diffcheck read poison), so the kernel stays Tile with the typed-versus-op rule
# opt: memory_planner=PTOAS
# expect-remark: tile.slice's result is typed with valid extents [16, 32] but the op gives it [8, 32]
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64], [8, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.exp(w)
        o = pl.store(y, [0, 0], out)
        return o
