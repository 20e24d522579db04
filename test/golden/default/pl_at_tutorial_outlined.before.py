# rule: default = convert-to-ssa → outline-incore-scopes → flatten-call-expr → simplify → optimize-orch-tensors: a program written as PyPTO's elementwise tutorial writes it (tile code inline in `with pl.at(level=pl.Level.CORE_GROUP)` in the orchestration, a chunk loop, the store as a statement, module constants) is outlined into an InCore kernel (out: pl.Out, written by the store statement), its nested pl.add flattened into a temporary named after the op, the constants folded (end-to-end audit 2026-12-05 F1/F2: `compile` refused every such program)
import ptorw.language as pl

ROWS, COLS, TILE_ROWS = 512, 128, 128


@pl.program
class AddTileAt:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[512, 128], pl.FP32], b: pl.Tensor[[512, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for i in pl.range(ROWS // TILE_ROWS):
                tile_a = pl.load(a, [i * TILE_ROWS, 0], [TILE_ROWS, COLS])
                tile_b = pl.load(b, [i * TILE_ROWS, 0], [TILE_ROWS, COLS])
                pl.store(pl.add(tile_a, tile_b), [i * TILE_ROWS, 0], out)
        return out
