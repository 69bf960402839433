// Data movement at computed positions: pad, dynamic_slice,
// dynamic_update_slice, gather, scatter, get_dimension_size and
// optimization_barrier, in their pretty and generic forms.
func.func @main() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  // pad: low/high may cut (negative), interior inserts between elements
  %p = stablehlo.pad %x, %zero, low = [1, -1], high = [0, 1], interior = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x5xi32>
  check.expect_eq_const %p, dense<[[0, 0, 0, 0, 0], [0, 2, 0, 3, 0], [0, 5, 0, 6, 0]]> : tensor<3x5xi32>
  %pg = "stablehlo.pad"(%x, %zero) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x3xi32>
  check.expect_eq_const %pg, dense<[[1, 2, 3], [4, 5, 6], [0, 0, 0]]> : tensor<3x3xi32>
  // dynamic_slice: start indices are clamped so that the slice fits
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i9 = stablehlo.constant dense<9> : tensor<i64>
  %im = stablehlo.constant dense<-3> : tensor<i64>
  %ds = stablehlo.dynamic_slice %x, %i1, %i9, sizes = [1, 2] : (tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<1x2xi32>
  check.expect_eq_const %ds, dense<[[5, 6]]> : tensor<1x2xi32>
  %dsg = "stablehlo.dynamic_slice"(%x, %im, %i1) {slice_sizes = array<i64: 2, 2>} : (tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %dsg, dense<[[2, 3], [5, 6]]> : tensor<2x2xi32>
  // dynamic_update_slice: clamped the same way
  %u = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi32>
  %dus = stablehlo.dynamic_update_slice %x, %u, %i9, %i1 : (tensor<2x3xi32>, tensor<1x2xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
  check.expect_eq_const %dus, dense<[[1, 2, 3], [4, 7, 8]]> : tensor<2x3xi32>
  // gather rows 2, 0, 2 (clamped: 5 -> 2) of a 3x2 table
  %t = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %ix = stablehlo.constant dense<[[2], [0], [5]]> : tensor<3x1xi32>
  %g = "stablehlo.gather"(%t, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<3x2xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>
  check.expect_eq_const %g, dense<[[5.0, 6.0], [1.0, 2.0], [5.0, 6.0]]> : tensor<3x2xf32>
  // scatter-add rows into a 3x2 table: a repeated index adds twice, an
  // index out of bounds (3) is skipped
  %si = stablehlo.constant dense<[[1], [1], [3], [0]]> : tensor<4x1xi64>
  %su = stablehlo.constant dense<[[1.0, 1.0], [10.0, 10.0], [100.0, 100.0], [0.5, -0.5]]> : tensor<4x2xf32>
  %s = "stablehlo.scatter"(%t, %si, %su) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<3x2xf32>, tensor<4x1xi64>, tensor<4x2xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %s, dense<[[1.5, 1.5], [14.0, 15.0], [5.0, 6.0]]> : tensor<3x2xf32>
  // scatter that replaces (the update computation returns the update)
  %sr = "stablehlo.scatter"(%t, %si, %su) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x2xf32>, tensor<4x1xi64>, tensor<4x2xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %sr, dense<[[0.5, -0.5], [10.0, 10.0], [5.0, 6.0]]> : tensor<3x2xf32>
  // two inputs updated together: (sum, count) at each index, in update order
  %cnt = stablehlo.constant dense<[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]> : tensor<3x2xf32>
  %ones = stablehlo.constant dense<1.0> : tensor<4x2xf32>
  %s2:2 = "stablehlo.scatter"(%t, %cnt, %si, %su, %ones) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %b0: tensor<f32>, %b1: tensor<f32>):
    %m0 = stablehlo.multiply %a0, %b1 : tensor<f32>
    %n0 = stablehlo.add %m0, %b0 : tensor<f32>
    %n1 = stablehlo.add %a1, %b1 : tensor<f32>
    stablehlo.return %n0, %n1 : tensor<f32>, tensor<f32>
  }) : (tensor<3x2xf32>, tensor<3x2xf32>, tensor<4x1xi64>, tensor<4x2xf32>, tensor<4x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
  check.expect_eq_const %s2#0, dense<[[1.5, 1.5], [14.0, 15.0], [5.0, 6.0]]> : tensor<3x2xf32>
  check.expect_eq_const %s2#1, dense<[[1.0, 1.0], [2.0, 2.0], [0.0, 0.0]]> : tensor<3x2xf32>
  %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xi32>) -> tensor<i32>
  check.expect_eq_const %n, dense<3> : tensor<i32>
  %b0, %b1 = stablehlo.optimization_barrier %x, %n : tensor<2x3xi32>, tensor<i32>
  %bsum = stablehlo.add %b0, %b0 : tensor<2x3xi32>
  check.expect_eq_const %bsum, dense<[[2, 4, 6], [8, 10, 12]]> : tensor<2x3xi32>
  check.expect_eq_const %b1, dense<3> : tensor<i32>
  func.return
}
