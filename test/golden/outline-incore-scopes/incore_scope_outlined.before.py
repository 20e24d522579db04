# rule: outline-incore-scopes on PyPTO's deprecated spelling `with pl.incore():` (its language reference: "pl.incore() (deprecated) -> InCore: use pl.at(level=pl.Level.CORE_GROUP)"): the same scope, outlined exactly as bare_store_out_param's pl.at scope
import ptorw.language as pl


@pl.program
class AddTileIncore:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tensor[[128, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.incore():
            tile_a = pl.load(a, [0, 0], [128, 128])
            tile_b = pl.load(b, [0, 0], [128, 128])
            pl.store(pl.add(tile_a, tile_b), [0, 0], out)
        return out
