// reduce_window as JAX exports cumsum, cumprod and cummax: a window that
// spans the axis from its start (padding n - 1 before). Compiled as a
// prefix scan (contract strategy SCAN) where reducer(init, init) is init;
// the last case's init (1 for add) is not, and takes the window path.
// Answers worked out by hand; run compiled and evaluated.
func.func @main() {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  // cumsum along dim 1
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [10.0, 20.0, 30.0, 40.0]]> : tensor<2x4xf32>
  %cs = "stablehlo.reduce_window"(%a, %zero) <{window_dimensions = array<i64: 1, 4>, window_strides = array<i64: 1, 1>, padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %cs, dense<[[1.0, 3.0, 6.0, 10.0], [10.0, 30.0, 60.0, 100.0]]> : tensor<2x4xf32>
  // cumprod along dim 0
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %cp = "stablehlo.reduce_window"(%b, %one) <{window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 1, 1>, padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %p : tensor<f32>
  }) : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  check.expect_eq_const %cp, dense<[[1.0, 2.0], [3.0, 8.0], [15.0, 48.0]]> : tensor<3x2xf32>
  // cummax, init -inf
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<[3.0, 1.0, 4.0, 1.0, 5.0, 2.0]> : tensor<6xf32>
  %cm = "stablehlo.reduce_window"(%c, %ninf) <{window_dimensions = array<i64: 6>, window_strides = array<i64: 1>, padding = dense<[[5, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  check.expect_eq_const %cm, dense<[3.0, 3.0, 4.0, 4.0, 5.0, 5.0]> : tensor<6xf32>
  // cumsum along the middle dim of three
  %m3 = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]> : tensor<2x3x2xf32>
  %c3 = "stablehlo.reduce_window"(%m3, %zero) <{window_dimensions = array<i64: 1, 3, 1>, window_strides = array<i64: 1, 1, 1>, padding = dense<[[0, 0], [2, 0], [0, 0]]> : tensor<3x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3x2xf32>, tensor<f32>) -> tensor<2x3x2xf32>
  check.expect_eq_const %c3, dense<[[[1.0, 2.0], [4.0, 6.0], [9.0, 12.0]], [[7.0, 8.0], [16.0, 18.0], [27.0, 30.0]]]> : tensor<2x3x2xf32>
  // integer cumsum
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %d = stablehlo.constant dense<[1, -2, 3, -4]> : tensor<4xi32>
  %ci = "stablehlo.reduce_window"(%d, %izero) <{window_dimensions = array<i64: 4>, window_strides = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %ci, dense<[1, -1, 2, -2]> : tensor<4xi32>
  // init 1 for add is no identity: output i = 1 + (3 - i) padding ones + x[0..i]
  %e = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %cn = "stablehlo.reduce_window"(%e, %one) <{window_dimensions = array<i64: 4>, window_strides = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  check.expect_eq_const %cn, dense<[5.0, 6.0, 8.0, 11.0]> : tensor<4xf32>
  func.return
}
