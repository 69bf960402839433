// jnp.linalg.cholesky as JAX 0.10 lowers it on CPU: a custom_call to
// @lapack_spotrf_ffi / @lapack_dpotrf_ffi, read as stablehlo.cholesky with
// info (parse_op_lapack.c); JAX's own checks around it (info == 0, else
// NaN) then run as exported. f32, f64, batched, and a matrix that is not
// positive definite (JAX gives NaN in its lower triangle). The functions
// below are JAX's export, renamed per case; expected values from jax.jit
// on CPU.
func.func @main() {
  %chol32_x = stablehlo.constant dense<[[4. , 2. , 0.4], [2. , 5. , 1. ], [0.4, 1. , 3. ]]> : tensor<3x3xf32>
  %chol32_r = func.call @chol32(%chol32_x) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_almost_eq_const %chol32_r, dense<[[2.     , 0.     , 0.     ], [1.     , 2.     , 0.     ], [0.2    , 0.4    , 1.67332]]> : tensor<3x3xf32>
  %chol64_x = stablehlo.constant dense<[[4. , 2. , 0.4], [2. , 5. , 1. ], [0.4, 1. , 3. ]]> : tensor<3x3xf64>
  %chol64_r = func.call @chol64(%chol64_x) : (tensor<3x3xf64>) -> tensor<3x3xf64>
  check.expect_almost_eq_const %chol64_r, dense<[[2.                , 0.                , 0.                ], [1.                , 2.                , 0.                ], [0.2               , 0.4               , 1.6733200530681511]]> : tensor<3x3xf64>
  %cholb_x = stablehlo.constant dense<[[[ 4. ,  2. ,  0.4],  [ 2. ,  5. ,  1. ],  [ 0.4,  1. ,  3. ]], [[ 9. ,  4. ,  0.8],  [ 4. , 11. ,  2. ],  [ 0.8,  2. ,  7. ]]]> : tensor<2x3x3xf32>
  %cholb_r = func.call @cholb(%cholb_x) : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  check.expect_almost_eq_const %cholb_r, dense<[[[2.        , 0.        , 0.        ],  [1.        , 2.        , 0.        ],  [0.2       , 0.4       , 1.67332   ]], [[3.        , 0.        , 0.        ],  [1.3333334 , 3.036811  , 0.        ],  [0.26666668, 0.54150367, 2.575978  ]]]> : tensor<2x3x3xf32>
  %cholnpd_x = stablehlo.constant dense<[[1., 2.], [2., 1.]]> : tensor<2x2xf32>
  %cholnpd_r = func.call @cholnpd(%cholnpd_x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %cholnpd_r, dense<[[0x7FC00000,  0.], [0x7FC00000, 0x7FC00000]]> : tensor<2x2xf32>
  func.return
}
  func.func private @chol32(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32> {jax.result_info = "result"}) {
    %0 = call @chol32_cholesky(%arg0) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
  func.func private @chol32_cholesky(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<3x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %3 = stablehlo.divide %1, %2 : tensor<3x3xf32>
    %4:2 = stablehlo.custom_call @lapack_spotrf_ffi(%3) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=3, j=3, k=3, l=3}, custom>} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %6 = stablehlo.compare EQ, %4#1, %5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<3x3xi1>, tensor<3x3xf32>
    %11 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %13 = stablehlo.add %11, %12 : tensor<3x3xi64>
    %14 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %15 = stablehlo.compare GE, %13, %14, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %17 = stablehlo.select %15, %10, %16 : tensor<3x3xi1>, tensor<3x3xf32>
    return %17 : tensor<3x3xf32>
  }

  func.func private @chol64(%arg0: tensor<3x3xf64>) -> (tensor<3x3xf64> {jax.result_info = "result"}) {
    %0 = call @chol64_cholesky(%arg0) : (tensor<3x3xf64>) -> tensor<3x3xf64>
    return %0 : tensor<3x3xf64>
  }
  func.func private @chol64_cholesky(%arg0: tensor<3x3xf64>) -> tensor<3x3xf64> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x3xf64>) -> tensor<3x3xf64>
    %1 = stablehlo.add %arg0, %0 : tensor<3x3xf64>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %3 = stablehlo.divide %1, %2 : tensor<3x3xf64>
    %4:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%3) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=3, j=3, k=3, l=3}, custom>} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %6 = stablehlo.compare EQ, %4#1, %5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<3x3xi1>, tensor<3x3xf64>
    %11 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %13 = stablehlo.add %11, %12 : tensor<3x3xi64>
    %14 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %15 = stablehlo.compare GE, %13, %14, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %17 = stablehlo.select %15, %10, %16 : tensor<3x3xi1>, tensor<3x3xf64>
    return %17 : tensor<3x3xf64>
  }

  func.func private @cholb(%arg0: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32> {jax.result_info = "result"}) {
    %0 = call @cholb_cholesky(%arg0) : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
    return %0 : tensor<2x3x3xf32>
  }
  func.func private @cholb_cholesky(%arg0: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
    %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<2x3x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x3xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x3x3xf32>
    %4:2 = stablehlo.custom_call @lapack_spotrf_ffi(%3) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i]) {i=2, j=3, k=3, l=3, m=3}, custom>} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = stablehlo.compare EQ, %4#1, %5, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x3x3xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x3x3xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<2x3x3xi1>, tensor<2x3x3xf32>
    %11 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %13 = stablehlo.add %11, %12 : tensor<3x3xi64>
    %14 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %15 = stablehlo.compare GE, %13, %14, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %16 = stablehlo.broadcast_in_dim %15, dims = [1, 2] : (tensor<3x3xi1>) -> tensor<2x3x3xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x3x3xf32>
    %18 = stablehlo.select %16, %10, %17 : tensor<2x3x3xi1>, tensor<2x3x3xf32>
    return %18 : tensor<2x3x3xf32>
  }

  func.func private @cholnpd(%arg0: tensor<2x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result"}) {
    %0 = call @cholnpd_cholesky(%arg0) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
  func.func private @cholnpd_cholesky(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<2x2xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x2xf32>
    %4:2 = stablehlo.custom_call @lapack_spotrf_ffi(%3) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=2, j=2, k=2, l=2}, custom>} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %6 = stablehlo.compare EQ, %4#1, %5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<2x2xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<2x2xi1>, tensor<2x2xf32>
    %11 = stablehlo.iota dim = 0 : tensor<2x2xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<2x2xi64>
    %13 = stablehlo.add %11, %12 : tensor<2x2xi64>
    %14 = stablehlo.iota dim = 1 : tensor<2x2xi64>
    %15 = stablehlo.compare GE, %13, %14, SIGNED : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %17 = stablehlo.select %15, %10, %16 : tensor<2x2xi1>, tensor<2x2xf32>
    return %17 : tensor<2x2xf32>
  }

