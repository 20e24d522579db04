@pl.program
class ProductView:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP16], B: pl.Tensor[[64, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a0_buf: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 1024)
        l0_buf: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        r0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc((), 0)
        acc_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        acc_product: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 16])] = pl.buffer.alloc((), 0)
        a1_buf: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b1_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat, pl.TileView(valid_shape=[32, 16])] = pl.buffer.alloc((), 1024)
        l1_buf: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        r1_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right, pl.TileView(valid_shape=[32, 16])] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), a0_buf)
        pl.buffer.load(B, (0, 0), (32, 32), b0_buf)
        pl.buffer.copy(a0_buf, l0_buf)
        pl.buffer.copy(b0_buf, r0_buf)
        pl.buffer.matmul(l0_buf, r0_buf, acc_buf)
        pl.buffer.load(A, (0, 32), (16, 32), a1_buf)
        pl.buffer.load(B, (32, 0), (32, 16), b1_buf)
        pl.buffer.copy(a1_buf, l1_buf)
        pl.buffer.copy(b1_buf, r1_buf)
        pl.buffer.matmul_acc(l1_buf, r1_buf, acc_product)
        pl.buffer.store(acc_buf, (0, 0), (16, 32), Out)
        return Out
