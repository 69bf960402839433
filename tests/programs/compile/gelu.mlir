// gelu as jax.jit exports it (tanh form) is one loop kernel: the splat
// constants go inside it and every intermediate is computed in registers.
// Fusion keeps from memory every op's result but the returned one: 12 ops
// of 1000 floats, 12 * 1000 * 4 = 48000 bytes (test_fuse.c,
// gelu_is_one_loop_kernel, pins the kernel's kind and contents).
func.func @main(%x: tensor<1000xf32>) -> tensor<1000xf32> {
  check.expect_kernels 1
  check.expect_memory {fused_away = 48000}   // 12 * 1000 * 4
  %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1000xf32>
  %1 = stablehlo.multiply %0, %x : tensor<1000xf32>
  %cst_0 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
  %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1000xf32>
  %3 = stablehlo.multiply %2, %x : tensor<1000xf32>
  %4 = stablehlo.multiply %3, %x : tensor<1000xf32>
  %5 = stablehlo.multiply %4, %x : tensor<1000xf32>
  %6 = stablehlo.add %x, %5 : tensor<1000xf32>
  %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>
  %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1000xf32>
  %8 = stablehlo.multiply %7, %6 : tensor<1000xf32>
  %9 = stablehlo.tanh %8 : tensor<1000xf32>
  %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1000xf32>
  %11 = stablehlo.add %10, %9 : tensor<1000xf32>
  %12 = stablehlo.multiply %1, %11 : tensor<1000xf32>
  return %12 : tensor<1000xf32>
}
