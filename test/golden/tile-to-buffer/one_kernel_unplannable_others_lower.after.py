@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def plain(self, A: pl.Tensor[[16, 32], pl.FP32],
              Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 32), x_buf)
        pl.buffer.add(x_buf, x_buf, y_buf)
        pl.buffer.store(y_buf, (0, 0), (16, 32), Out)
        return Out

    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "tile.assemble into the slice window 'left' is not planned (an assemble into a window target retains Tile IR)", "buffer_ir_selected": False})
    def sliced(self, A: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        left = pl.tile.slice(x, [16, 32], [0, 0])
        h = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.assemble(left, h, [0, 0])
        y = pl.tile.add(w, w)
        result = pl.store(y, [0, 0], Out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o1 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r1 = self.plain(a, o1)
        o2 = pl.create_tensor([16, 64], dtype=pl.FP32)
        r2 = self.sliced(b, o2)
        return r2
