// The ops computing scatter's updates (2 * exp(u)) and dynamic_update_slice's
// update (transpose(u)) run inside the kernels that apply them, once per
// element, and the negate of x is the scatter's operand written straight
// into the output: nothing is materialised, no temporary.
// test_index_ops.c checks the values against the evaluator.
func.func @main(%x: tensor<100x8xf32>, %i: tensor<5x1xi32>, %u: tensor<5x8xf32>, %j: tensor<i64>) -> tensor<100x8xf32> {
  check.expect_memory {temp = 0}
  %e = stablehlo.exponential %u : tensor<5x8xf32>
  %c = stablehlo.constant dense<2.0> : tensor<5x8xf32>
  %m = stablehlo.multiply %e, %c : tensor<5x8xf32>
  %n = stablehlo.negate %x : tensor<100x8xf32>
  %s = "stablehlo.scatter"(%n, %i, %m) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<100x8xf32>, tensor<5x1xi32>, tensor<5x8xf32>) -> tensor<100x8xf32>
  %t = stablehlo.transpose %u, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %d = stablehlo.dynamic_update_slice %s, %t, %j, %z : (tensor<100x8xf32>, tensor<8x5xf32>, tensor<i64>, tensor<i64>) -> tensor<100x8xf32>
  return %d : tensor<100x8xf32>
}
