# Expected (hand-written from the spec): src is narrowed to [16, 32] with strides [32, 1]; the load
# inside the clone reads at [0, 0]; dst (written whole at zero) stays full.
import ptorw.language as pl


@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd__windowed(self, src: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)],
                     r: pl.Scalar[pl.INDEX],
                     dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, small: pl.Tensor[[64, 32], pl.FP32], big: pl.Tensor[[128, 32], pl.FP32], p: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        if p < 100:
            v = pl.tensor.slice(big, [64, 32], [64, 0])
            w = pl.yield_(v)
        else:
            w = pl.yield_(small)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        w_window = pl.tensor.slice(w, [16, 32], [16, 0])
        y = self.rd__windowed(w_window, 16, out)
        return y
