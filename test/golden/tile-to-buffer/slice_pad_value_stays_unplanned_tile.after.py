@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "tile.slice with pad_value fills its padding and is not planned yet (a window cannot)", "buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]], out2: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [32, 32])
        w = pl.tile.slice(x, [16, 32], [0, 0], [8, 32], pad_value=pl.PadValue.zero)
        y = pl.tile.reshape(w, [16, 32])
        r = pl.tile.store(x, [0, 0], out)
        r2 = pl.tile.store(y, [0, 0], out2)
        return r, r2
