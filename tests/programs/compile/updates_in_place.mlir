// A chain of updates (dynamic_update_slice, scatter-add, dynamic_update_slice)
// writes into one buffer: the first update copies the parameter into the
// output and the others update it there, so there is no temporary and the
// peak is the arguments and the one 4096-float output. Arguments:
// 4096 * 4 + 16 * 4 + 8 + 8 = 16464 bytes. test_index_ops.c checks the
// values and the donated form (the output in x's buffer).
func.func @main(%x: tensor<4096xf32>, %u: tensor<16xf32>, %i: tensor<i64>, %j: tensor<1xi64>) -> tensor<4096xf32> {
  check.expect_memory {temp = 0, alias = 0, argument = 16464, peak = 32848}   // peak: 16464 + 4096 * 4
  %a = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4096xf32>, tensor<16xf32>, tensor<i64>) -> tensor<4096xf32>
  %one = stablehlo.constant dense<1.0> : tensor<1xf32>
  %b = "stablehlo.scatter"(%a, %j, %one) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4096xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<4096xf32>
  %c = stablehlo.dynamic_update_slice %b, %u, %i : (tensor<4096xf32>, tensor<16xf32>, tensor<i64>) -> tensor<4096xf32>
  return %c : tensor<4096xf32>
}
