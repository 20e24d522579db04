# rule: Pattern 5 PureInputWindowConsumer — the In argument 'w' is an If result whose arms both yield memory of strides [32, 1] (a [64, 32] row band of a [128, 32] tensor, and a packed [64, 32] param): its memory has the clone's strides, so the call reads the window [16, 32] at [16, 0] through a call-site slice (the 37th session kept every If result full; the stride proof now follows both arms)
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

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, small: pl.Tensor[[64, 32], pl.FP32], big: pl.Tensor[[128, 32], pl.FP32], p: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        if p < 100:
            v = pl.tensor.slice(big, [64, 32], [64, 0])
            w = pl.yield_(v)
        else:
            w = pl.yield_(small)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        y = self.rd(w, 16, out)
        return y
