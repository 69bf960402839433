// Dots of bf16 operands with f32 results (preferred_element_type f32, as
// JAX exports mixed-precision matmuls): in fast mode contract strategy
// DOT_CONVERT, the operands converted into f32 scratch and multiplied by
// sgemm (a plain [M, K] x [K, N] a block of 256 of K at a time: here K =
// 600, three blocks; a batched one whole). Operands are small integers, so
// every product and sum is exact in f32 in any order: the answers (worked
// out in Python) hold bit for bit in strict and fast mode alike.
// Run compiled strict (programs), fast (programs_fast) and evaluated.
func.func @main() {
  %ia = stablehlo.iota dim = 0 : tensor<4x600xi32>
  %ka = stablehlo.iota dim = 1 : tensor<4x600xi32>
  %three = stablehlo.constant dense<3> : tensor<4x600xi32>
  %one = stablehlo.constant dense<1> : tensor<4x600xi32>
  %sa = stablehlo.add %ia, %ka : tensor<4x600xi32>
  %ra = stablehlo.remainder %sa, %three : tensor<4x600xi32>
  %va = stablehlo.subtract %ra, %one : tensor<4x600xi32>
  %a = stablehlo.convert %va : (tensor<4x600xi32>) -> tensor<4x600xbf16>
  %kb = stablehlo.iota dim = 0 : tensor<600x3xi32>
  %jb = stablehlo.iota dim = 1 : tensor<600x3xi32>
  %jb2 = stablehlo.add %jb, %jb : tensor<600x3xi32>
  %five = stablehlo.constant dense<5> : tensor<600x3xi32>
  %two = stablehlo.constant dense<2> : tensor<600x3xi32>
  %sb = stablehlo.add %kb, %jb2 : tensor<600x3xi32>
  %rb = stablehlo.remainder %sb, %five : tensor<600x3xi32>
  %vb = stablehlo.subtract %rb, %two : tensor<600x3xi32>
  %b = stablehlo.convert %vb : (tensor<600x3xi32>) -> tensor<600x3xbf16>
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x600xbf16>, tensor<600x3xbf16>) -> tensor<4x3xf32>
  %f2 = stablehlo.constant dense<2.0> : tensor<4x3xf32>
  %f1 = stablehlo.constant dense<1.0> : tensor<4x3xf32>
  %d2 = stablehlo.multiply %d, %f2 : tensor<4x3xf32>
  %e = stablehlo.add %d2, %f1 : tensor<4x3xf32>
  check.expect_eq_const %e, dense<[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]> : tensor<4x3xf32>
  %bA = stablehlo.iota dim = 0 : tensor<2x3x300xi32>
  %iA = stablehlo.iota dim = 1 : tensor<2x3x300xi32>
  %kA = stablehlo.iota dim = 2 : tensor<2x3x300xi32>
  %threeA = stablehlo.constant dense<3> : tensor<2x3x300xi32>
  %oneA = stablehlo.constant dense<1> : tensor<2x3x300xi32>
  %sA0 = stablehlo.add %bA, %iA : tensor<2x3x300xi32>
  %sA = stablehlo.add %sA0, %kA : tensor<2x3x300xi32>
  %rA = stablehlo.remainder %sA, %threeA : tensor<2x3x300xi32>
  %vA = stablehlo.subtract %rA, %oneA : tensor<2x3x300xi32>
  %A = stablehlo.convert %vA : (tensor<2x3x300xi32>) -> tensor<2x3x300xbf16>
  %bB = stablehlo.iota dim = 0 : tensor<2x300x2xi32>
  %kB = stablehlo.iota dim = 1 : tensor<2x300x2xi32>
  %jB = stablehlo.iota dim = 2 : tensor<2x300x2xi32>
  %fourB = stablehlo.constant dense<4> : tensor<2x300x2xi32>
  %twoB = stablehlo.constant dense<2> : tensor<2x300x2xi32>
  %sB0 = stablehlo.add %bB, %kB : tensor<2x300x2xi32>
  %sB = stablehlo.add %sB0, %jB : tensor<2x300x2xi32>
  %rB = stablehlo.remainder %sB, %fourB : tensor<2x300x2xi32>
  %vB = stablehlo.subtract %rB, %twoB : tensor<2x300x2xi32>
  %B = stablehlo.convert %vB : (tensor<2x300x2xi32>) -> tensor<2x300x2xbf16>
  %C = stablehlo.dot_general %A, %B, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x300xbf16>, tensor<2x300x2xbf16>) -> tensor<2x3x2xf32>
  check.expect_eq_const %C, dense<[[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]]> : tensor<2x3x2xf32>
  func.return
}
