// jax.scipy.linalg.solve_triangular (and lax.linalg.triangular_solve on
// the right) as JAX 0.10 lowers them on CPU: a custom_call to
// @lapack_strsm_ffi whose backend_config gives side, uplo, trans_x and
// diag as characters, read as stablehlo.triangular_solve
// (parse_op_lapack.c): lower, upper transposed, unit diagonal, right side,
// batched. The functions below are JAX's export, renamed per case;
// expected values from jax.jit on CPU.
func.func @main() {
  %lower_a = stablehlo.constant dense<[[ 2. ,  0. ,  0. ], [ 1. ,  3. ,  0. ], [ 0.5, -1. ,  4. ]]> : tensor<3x3xf32>
  %lower_b = stablehlo.constant dense<[[ 1.  ,  2.  ], [ 3.  , -1.  ], [ 0.5 ,  0.25]]> : tensor<3x2xf32>
  %lower_r = func.call @lower(%lower_a, %lower_b) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %lower_r, dense<[[ 0.5       ,  1.        ], [ 0.8333334 , -0.6666667 ], [ 0.27083334, -0.22916669]]> : tensor<3x2xf32>
  %upper_t_a = stablehlo.constant dense<[[ 2. ,  1. ,  0.5], [ 0. ,  3. , -1. ], [ 0. ,  0. ,  4. ]]> : tensor<3x3xf32>
  %upper_t_b = stablehlo.constant dense<[[ 1.  ,  2.  ], [ 3.  , -1.  ], [ 0.5 ,  0.25]]> : tensor<3x2xf32>
  %upper_t_r = func.call @upper_t(%upper_t_a, %upper_t_b) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %upper_t_r, dense<[[ 0.5       ,  1.        ], [ 0.8333334 , -0.6666667 ], [ 0.27083334, -0.22916669]]> : tensor<3x2xf32>
  %unit_a = stablehlo.constant dense<[[ 2. ,  0. ,  0. ], [ 1. ,  3. ,  0. ], [ 0.5, -1. ,  4. ]]> : tensor<3x3xf32>
  %unit_b = stablehlo.constant dense<[[ 1.  ,  2.  ], [ 3.  , -1.  ], [ 0.5 ,  0.25]]> : tensor<3x2xf32>
  %unit_r = func.call @unit(%unit_a, %unit_b) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %unit_r, dense<[[ 1.  ,  2.  ], [ 2.  , -3.  ], [ 2.  , -3.75]]> : tensor<3x2xf32>
  %right_a = stablehlo.constant dense<[[ 2. ,  0. ,  0. ], [ 1. ,  3. ,  0. ], [ 0.5, -1. ,  4. ]]> : tensor<3x3xf32>
  %right_b = stablehlo.constant dense<[[ 1.  ,  3.  ,  0.5 ], [ 2.  , -1.  ,  0.25]]> : tensor<2x3xf32>
  %right_r = func.call @right(%right_a, %right_b) : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %right_r, dense<[[-0.052083373,  1.0416667  ,  0.125      ], [ 1.140625   , -0.3125     ,  0.0625     ]]> : tensor<2x3xf32>
  %batched_a = stablehlo.constant dense<[[[ 2. ,  0. ,  0. ],  [ 1. ,  3. ,  0. ],  [ 0.5, -1. ,  4. ]], [[ 4. ,  0. ,  0. ],  [ 2. ,  6. ,  0. ],  [ 1. , -2. ,  8. ]]]> : tensor<2x3x3xf32>
  %batched_b = stablehlo.constant dense<[[[ 1.  ,  2.  ],  [ 3.  , -1.  ],  [ 0.5 ,  0.25]], [[ 1.  ,  2.  ],  [ 3.  , -1.  ],  [ 0.5 ,  0.25]]]> : tensor<2x3x2xf32>
  %batched_r = func.call @batched(%batched_a, %batched_b) : (tensor<2x3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  check.expect_almost_eq_const %batched_r, dense<[[[ 0.5       ,  1.        ],  [ 0.8333334 , -0.6666667 ],  [ 0.27083334, -0.22916669]], [[ 0.25      ,  0.5       ],  [ 0.4166667 , -0.33333334],  [ 0.13541667, -0.11458334]]]> : tensor<2x3x2xf32>
  func.return
}
  func.func private @lower(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>) -> (tensor<3x2xf32> {jax.result_info = "result"}) {
    %0 = call @lower_solve_triangular(%arg0, %arg1) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
  func.func private @lower_solve_triangular(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=2, m=3, n=2}, custom>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }

  func.func private @upper_t(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>) -> (tensor<3x2xf32> {jax.result_info = "result"}) {
    %0 = call @upper_t_solve_triangular(%arg0, %arg1) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
  func.func private @upper_t_solve_triangular(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=2, m=3, n=2}, custom>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }

  func.func private @unit(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>) -> (tensor<3x2xf32> {jax.result_info = "result"}) {
    %0 = call @unit_solve_triangular(%arg0, %arg1) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
  func.func private @unit_solve_triangular(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=2, m=3, n=2}, custom>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }

  func.func private @right(%arg0: tensor<3x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=2, l=3, m=2, n=3}, custom>} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }

  func.func private @batched(%arg0: tensor<2x3x3xf32>, %arg1: tensor<2x3x2xf32>) -> (tensor<2x3x2xf32> {jax.result_info = "result"}) {
    %0 = call @batched_solve_triangular(%arg0, %arg1) : (tensor<2x3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
    return %0 : tensor<2x3x2xf32>
  }
  func.func private @batched_solve_triangular(%arg0: tensor<2x3x3xf32>, %arg1: tensor<2x3x2xf32>) -> tensor<2x3x2xf32> {
    %0 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=3, k=3, l=3, m=2, n=3, o=2}, custom>} : (tensor<2x3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
    return %0 : tensor<2x3x2xf32>
  }
