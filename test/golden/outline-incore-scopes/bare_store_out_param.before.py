# rule: outline-incore-scopes — "a tensor written by tile.store inside ... is Out": a store written as a statement (its result not rebound, as PyPTO's elementwise tutorial writes `pl.store(pl.add(tile_a, tile_b), [0, 0], out)` inside pl.at) writes `out` too, so the outlined kernel takes it as pl.Out; nothing defined inside is used after, so the kernel returns nothing and the call is a statement (audit 2026-12-05 F1: `out` became an In parameter and the output failed verification)
import ptorw.language as pl


@pl.program
class AddTileAt:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tensor[[128, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            tile_a = pl.load(a, [0, 0], [128, 128])
            tile_b = pl.load(b, [0, 0], [128, 128])
            pl.store(pl.add(tile_a, tile_b), [0, 0], out)
        return out
