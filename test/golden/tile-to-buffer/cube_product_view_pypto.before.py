# rule: Matrix storage and cube recipes: "An accumulator whose valid rectangle is wider than the product is written through a product-shaped view of the same storage (another addressed allocation, or a PTOAS buffer.reshape), because PTOAS requires a native matmul destination to match the product"; "whole fractal boxes outside the product keep their data": a [16, 32] FP32 accumulator, fully valid from a first matmul, takes a second product of valid [16, 16] (the Right operand is valid over 16 of its 32 columns); under PYPTO the product-shaped view is another buffer.alloc at the accumulator's address (0), typed valid_shape=[16, 16]; the second Mat, Left and Right tiles reuse the addresses of the dead first ones, and the store drains the whole [16, 32] accumulator (columns 16..31 are whole 16 x 16 Acc boxes the product does not touch: they keep the first product)
# opt: memory_planner=PYPTO
@pl.program
class ProductView:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP16], B: pl.Tensor[[64, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a0 = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b0 = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)
        r0 = pl.tile.move(b0, target_memory=pl.Mem.Right)
        acc0 = pl.tile.matmul(l0, r0)
        a1 = pl.load(A, [0, 32], [16, 32], target_memory=pl.Mem.Mat)
        b1 = pl.load(B, [32, 0], [32, 32], [32, 16], target_memory=pl.Mem.Mat)
        l1 = pl.tile.move(a1, target_memory=pl.Mem.Left)
        r1: pl.Tile[[32, 32], pl.FP16, pl.Mem.Right, pl.TileView(valid_shape=[32, 16])] = pl.tile.move(b1, target_memory=pl.Mem.Right)
        acc1 = pl.tile.matmul_acc(acc0, l1, r1)
        result = pl.store(acc1, [0, 0], Out)
        return result
