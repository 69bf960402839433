// A tied embedding's logits, h . E^T, as JAX writes them: a transpose of E
// read by a dot_general. The dot reads E itself, contracting its dim 1
// (pass_simplify renumbers the dims), so the transposed copy (16 x 8
// floats here, 8 MiB for GPT-2's 8192 x 256) is never made: one kernel,
// no temporaries. The batched form keeps its batch dim in front. main
// checks both against the evaluator (bit for bit in strict order).
func.func private @logits(%h: tensor<4x8xf32>, %e: tensor<16x8xf32>) -> tensor<4x16xf32> {
  check.expect_kernels 1
  check.expect_memory {temp = 0, lower_bound = 0}
  %t = stablehlo.transpose %e, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %l = stablehlo.dot_general %h, %t, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  func.return %l : tensor<4x16xf32>
}

func.func private @batched(%q: tensor<2x3x4xf32>, %k: tensor<2x5x4xf32>) -> tensor<2x3x5xf32> {
  check.expect_kernels 1
  %kt = stablehlo.transpose %k, dims = [0, 2, 1] : (tensor<2x5x4xf32>) -> tensor<2x4x5xf32>
  %s = stablehlo.dot_general %q, %kt, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  func.return %s : tensor<2x3x5xf32>
}

func.func private @ramp_f32(%n: tensor<i32>) -> tensor<160xf32> {
  %i = stablehlo.iota dim = 0 : tensor<160xi32>
  %m37 = stablehlo.constant dense<37> : tensor<160xi32>
  %m23 = stablehlo.constant dense<23> : tensor<160xi32>
  %m11 = stablehlo.constant dense<11> : tensor<160xi32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<i32>) -> tensor<160xi32>
  %a = stablehlo.multiply %i, %m37 : tensor<160xi32>
  %b = stablehlo.add %a, %nb : tensor<160xi32>
  %c = stablehlo.remainder %b, %m23 : tensor<160xi32>
  %d = stablehlo.subtract %c, %m11 : tensor<160xi32>
  %f = stablehlo.convert %d : (tensor<160xi32>) -> tensor<160xf32>
  %s = stablehlo.constant dense<0.125> : tensor<160xf32>
  %v = stablehlo.multiply %f, %s : tensor<160xf32>
  func.return %v : tensor<160xf32>
}

func.func @main() {
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %k1 = stablehlo.constant dense<5> : tensor<i32>
  %r0 = func.call @ramp_f32(%k0) : (tensor<i32>) -> tensor<160xf32>
  %r1 = func.call @ramp_f32(%k1) : (tensor<i32>) -> tensor<160xf32>
  %h0 = stablehlo.slice %r0 [0:32] : (tensor<160xf32>) -> tensor<32xf32>
  %h = stablehlo.reshape %h0 : (tensor<32xf32>) -> tensor<4x8xf32>
  %e0 = stablehlo.slice %r1 [0:128] : (tensor<160xf32>) -> tensor<128xf32>
  %e = stablehlo.reshape %e0 : (tensor<128xf32>) -> tensor<16x8xf32>
  %l = func.call @logits(%h, %e) : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %q0 = stablehlo.slice %r0 [32:56] : (tensor<160xf32>) -> tensor<24xf32>
  %q = stablehlo.reshape %q0 : (tensor<24xf32>) -> tensor<2x3x4xf32>
  %k0b = stablehlo.slice %r1 [100:140] : (tensor<160xf32>) -> tensor<40xf32>
  %k = stablehlo.reshape %k0b : (tensor<40xf32>) -> tensor<2x5x4xf32>
  %s = func.call @batched(%q, %k) : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  check.expect_eq_const %l, dense<[[1.53125, 5.25, 2.140625, -0.609375, -3.71875, -2.875, -2.390625, 0.96875, 1.8125, 5.53125, -1.171875, -0.328125, -3.4375, -2.953125, -2.109375, 1.25],
    [-2.375, -0.765625, 2.28125, 5.6875, -0.609375, -0.796875, -2.421875, -2.25, -2.4375, -0.828125, 5.8125, 5.625, -0.671875, -2.296875, -2.484375, -2.3125],
    [-2.6875, -2.109375, -0.09375, 2.28125, 2.140625, 2.0, -0.65625, -2.59375, -2.734375, -2.15625, 2.375, 2.234375, 2.09375, -0.5625, -0.703125, -2.640625],
    [-2.640625, -3.09375, -2.109375, -0.765625, 5.25, 5.15625, 1.46875, -2.578125, -2.671875, -3.125, -0.703125, -0.796875, 5.21875, 1.53125, 1.4375, -2.609375]]> : tensor<4x16xf32>
  check.expect_eq_const %s, dense<[[[-1.640625, 1.78125, -1.265625, 2.15625, -0.890625],
    [0.109375, -1.0, 3.28125, -1.421875, 2.859375],
    [0.0625, -0.90625, -1.15625, -1.046875, -1.296875]],
    [[-1.25, -1.0, -0.03125, -0.859375, 0.109375],
    [3.0, -1.28125, -0.171875, -0.859375, 0.25],
    [-1.015625, 2.03125, -1.390625, 1.65625, -1.765625]]]> : tensor<2x3x5xf32>
  func.return
}
