# rule: "Runtime-valid default selection": "User control flow with dynamic valid state ... retain[s] Tile IR": the same kernel as runtime_valid_load_add_store with its add inside a For stays Tile (planned, decision recorded False)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        loaded = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        for i in pl.range(2):
            o = pl.tile.store(loaded, [0, 0], out)
        return out
