# rule: "Runtime-valid default selection": "Valid expressions must match structurally across arithmetic operands and result; two -1 descriptor dimensions alone do not prove matching runtime values": adding a [16, cols] tile and a [16, n] tile (both descriptors would be valid_shape=[-1, -1]) keeps the kernel on Tile IR
# opt: memory_planner=PTOAS
# input-may-fail: on some seeds the random runtime extents make the add read outside its valid region (the input is an error on them; the case is about selection)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        b = pl.tile.load(x, [0, 0], [16, 64], [16, n])
        c = pl.tile.add(a, b)
        o = pl.tile.store(c, [0, 0], out)
        return o
