// reduce_window, select_and_scatter, convolution, sort, map, cholesky and
// triangular_solve on small
// inputs whose answers are worked out by hand (run compiled and evaluated).
func.func @main() {
  // conv1d: x = [1, 2, 3, 4], kernel [1, 10], padding (1, 1):
  // [0*1 + 1*10, 1 + 20, 2 + 30, 3 + 40, 4 + 0] = [10, 21, 32, 43, 4]
  %x = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0]]]> : tensor<1x4x1xf32>
  %k = stablehlo.constant dense<[[[1.0]], [[10.0]]]> : tensor<2x1x1xf32>
  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x5x1xf32>
  check.expect_eq_const %c, dense<[[[10.0], [21.0], [32.0], [43.0], [4.0]]]> : tensor<1x5x1xf32>
  // max pool of 2 with stride 2 over [10, 21, 32, 43, 4] padded (0, 1) with -inf: [21, 43, 4]
  %r = stablehlo.reshape %c : (tensor<1x5x1xf32>) -> tensor<5xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %p = "stablehlo.reduce_window"(%r, %ninf) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %p, dense<[21.0, 43.0, 4.0]> : tensor<3xf32>
  // its gradient: the sources [1, 2, 3] go to the maxima of their windows (indices 1, 3, 4)
  %g = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = "stablehlo.select_and_scatter"(%r, %g, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  check.expect_eq_const %s, dense<[0.0, 1.0, 0.0, 2.0, 3.0]> : tensor<5xf32>
  // sort descending, indices along: [43, 32, 21, 10, 4] and [3, 2, 1, 0, 4]
  %i = stablehlo.iota dim = 0 : tensor<5xi32>
  %sv, %si = "stablehlo.sort"(%r, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %ia: tensor<i32>, %ib: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  check.expect_eq_const %sv, dense<[43.0, 32.0, 21.0, 10.0, 4.0]> : tensor<5xf32>
  check.expect_eq_const %si, dense<[3, 2, 1, 0, 4]> : tensor<5xi32>
  // map: x * 2 - 1 on the sorted values
  %mv = "stablehlo.map"(%sv) ({
  ^bb0(%a: tensor<f32>):
    %two = stablehlo.constant dense<2.0> : tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %d = stablehlo.multiply %a, %two : tensor<f32>
    %e = stablehlo.subtract %d, %one : tensor<f32>
    stablehlo.return %e : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<5xf32>) -> tensor<5xf32>
  check.expect_eq_const %mv, dense<[85.0, 63.0, 41.0, 19.0, 7.0]> : tensor<5xf32>
  // cholesky([[4, 2], [2, 5]]) = [[2, 0], [1, 2]]; then [[2, 0], [1, 2]] x = [2, 5]: x = [1, 2]
  %s2 = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf32>
  %l = stablehlo.cholesky %s2, lower = true : tensor<2x2xf32>
  check.expect_eq_const %l, dense<[[2.0, 0.0], [1.0, 2.0]]> : tensor<2x2xf32>
  %rhs = stablehlo.constant dense<[[2.0], [5.0]]> : tensor<2x1xf32>
  %sol = "stablehlo.triangular_solve"(%l, %rhs) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_eq_const %sol, dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  func.return
}
