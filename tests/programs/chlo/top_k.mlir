// chlo.top_k (lax.top_k), exported by JAX 0.10.2; expected values from JAX. Expanded to a
// stable sort of (x, iota) on the last dim (comparator: GT, TOTALORDER on floats) and slices.
// chlo.top_k, k = 10, f32: descending in totalOrder (+NaN first, -NaN last, +0 before -0), ties lower index first
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<10xf32>) -> (tensor<10xf32> {jax.result_info = "result[0]"}, tensor<10xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 10) : tensor<10xf32> -> (tensor<10xf32>, tensor<10xi32>)
    return %values, %indices : tensor<10xf32>, tensor<10xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7F800000, 0xFFC00000, 0xFF800000, 0.0, -0.0, 1.0, 0.0, 0xFFC00000]> : tensor<10xf32>
    %r:2 = func.call @f(%x0) : (tensor<10xf32>) -> (tensor<10xf32>, tensor<10xi32>)
    %want0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 1.0, 1.0, 0.0, 0.0, -0.0, 0xFF800000, 0xFFC00000, 0xFFC00000]> : tensor<10xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<10xf32>, tensor<10xf32>
    %want1 = stablehlo.constant dense<[0, 2, 1, 7, 5, 8, 6, 4, 3, 9]> : tensor<10xi32>
    check.expect_eq %r#1, %want1 : tensor<10xi32>
    func.return
  }
}

// -----

// chlo.top_k, k = 4, f32: descending in totalOrder (+NaN first, -NaN last, +0 before -0), ties lower index first
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<10xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<4xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 4) : tensor<10xf32> -> (tensor<4xf32>, tensor<4xi32>)
    return %values, %indices : tensor<4xf32>, tensor<4xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7F800000, 0xFFC00000, 0xFF800000, 0.0, -0.0, 1.0, 0.0, 0xFFC00000]> : tensor<10xf32>
    %r:2 = func.call @f(%x0) : (tensor<10xf32>) -> (tensor<4xf32>, tensor<4xi32>)
    %want0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 1.0, 1.0]> : tensor<4xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<4xf32>, tensor<4xf32>
    %want1 = stablehlo.constant dense<[0, 2, 1, 7]> : tensor<4xi32>
    check.expect_eq %r#1, %want1 : tensor<4xi32>
    func.return
  }
}

// -----

// chlo.top_k on a 2x6 i32, k = 3 (along the last dim)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<2x6xi32>) -> (tensor<2x3xi32> {jax.result_info = "result[0]"}, tensor<2x3xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<2x6xi32> -> (tensor<2x3xi32>, tensor<2x3xi32>)
    return %values, %indices : tensor<2x3xi32>, tensor<2x3xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[[3, 1, 3, 2, 5, 5], [-1, -7, 0, 9, 9, -1]]> : tensor<2x6xi32>
    %r:2 = func.call @f(%x0) : (tensor<2x6xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
    %want0 = stablehlo.constant dense<[[5, 5, 3], [9, 9, 0]]> : tensor<2x3xi32>
    check.expect_eq %r#0, %want0 : tensor<2x3xi32>
    %want1 = stablehlo.constant dense<[[4, 5, 0], [3, 4, 2]]> : tensor<2x3xi32>
    check.expect_eq %r#1, %want1 : tensor<2x3xi32>
    func.return
  }
}

// -----

// the generic form, f64
module {
  func.func private @f(%arg0: tensor<2x3xf64>) -> (tensor<2x2xf64>, tensor<2x2xi32>) {
    %0:2 = "chlo.top_k"(%arg0) <{k = 2 : i64}> : (tensor<2x3xf64>) -> (tensor<2x2xf64>, tensor<2x2xi32>)
    return %0#0, %0#1 : tensor<2x2xf64>, tensor<2x2xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[[0.5, -2.0, 7.0], [1.0, 1.0, 1.0]]> : tensor<2x3xf64>
    %r:2 = func.call @f(%x0) : (tensor<2x3xf64>) -> (tensor<2x2xf64>, tensor<2x2xi32>)
    %want0 = stablehlo.constant dense<[[7.0, 0.5], [1.0, 1.0]]> : tensor<2x2xf64>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<2x2xf64>, tensor<2x2xf64>
    %want1 = stablehlo.constant dense<[[2, 0], [0, 1]]> : tensor<2x2xi32>
    check.expect_eq %r#1, %want1 : tensor<2x2xi32>
    func.return
  }
}
