# rule: "An overlapping source is preserved by an explicit copy of its full typed parent before planning, followed by reconstruction of the source window", through an ordinary alias ("ordinary aliases" name their source's handle, tile_alias_selected): src = top names the window at (0, 0) of x, and the assemble writes it in place at (8, 0) of x, so the source is read from the snapshot exactly as without the alias (assemble_overlapping_source_snapshot): InitMemRef snapshots x, cuts top again from the copy, and the alias writes nothing. Found by the kernel fuzz (issue 17): the kernel stayed Tile ("cutting a relabel again from a snapshot is not planned")
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [32, 32])
        top = pl.tile.slice(x, [16, 32], [0, 0])
        src = top
        placed = pl.tile.assemble(x, src, [8, 0])
        result = pl.store(placed, [0, 0], Out)
        return result
