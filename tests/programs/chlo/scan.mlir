// chlo.scan (read as a while loop over the scanned dimension, parse_op_scan.c):
// a reversed scan along a middle dimension whose body captures a value from
// outside; outputs of another shape than the inputs; no carries; no outputs;
// a scan over function arguments inside a loop. Answers worked out by hand.
func.func @main() {
  // suffix sums of 2x along dimension 1 of 2x3x2 (reversed); the carry is 2x2
  %x = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]> : tensor<2x3x2xf32>
  %two = stablehlo.constant dense<2.0> : tensor<2x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x2xf32>
  %s:2 = chlo.scan(%x) inits(%z) dimension=1 attributes {is_reverse = true} {
  ^bb0(%e: tensor<2x2xf32>, %c: tensor<2x2xf32>):
    %d = stablehlo.multiply %e, %two : tensor<2x2xf32>
    %n = stablehlo.add %d, %c : tensor<2x2xf32>
    stablehlo.return %n, %n : tensor<2x2xf32>, tensor<2x2xf32>
  } : (tensor<2x3x2xf32>, tensor<2x2xf32>) -> (tensor<2x3x2xf32>, tensor<2x2xf32>)
  check.expect_eq_const %s#0, dense<[[[18.0, 24.0], [16.0, 20.0], [10.0, 12.0]], [[54.0, 60.0], [40.0, 44.0], [22.0, 24.0]]]> : tensor<2x3x2xf32>
  check.expect_eq_const %s#1, dense<[[18.0, 24.0], [54.0, 60.0]]> : tensor<2x2xf32>
  // rows of 4x2: the running total of row sums (a scalar a step) and each row doubled
  %r = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi32>
  %r0 = stablehlo.constant dense<0> : tensor<i32>
  %t:3 = chlo.scan(%r) inits(%r0) dimension=0 {
  ^bb0(%row: tensor<2xi32>, %acc: tensor<i32>):
    %sum = stablehlo.reduce(%row init: %r0) applies stablehlo.add across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
    %tot = stablehlo.add %acc, %sum : tensor<i32>
    %dbl = stablehlo.add %row, %row : tensor<2xi32>
    stablehlo.return %tot, %dbl, %tot : tensor<i32>, tensor<2xi32>, tensor<i32>
  } : (tensor<4x2xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<4x2xi32>, tensor<i32>)
  check.expect_eq_const %t#0, dense<[3, 10, 21, 36]> : tensor<4xi32>
  check.expect_eq_const %t#1, dense<[[2, 4], [6, 8], [10, 12], [14, 16]]> : tensor<4x2xi32>
  check.expect_eq_const %t#2, dense<36> : tensor<i32>
  // no carries: a map over the dimension
  %m = stablehlo.constant dense<[1.5, 2.5, 3.5]> : tensor<3xf64>
  %u = chlo.scan(%m) inits() dimension=0 {
  ^bb0(%v: tensor<f64>):
    %w = stablehlo.multiply %v, %v : tensor<f64>
    stablehlo.return %w : tensor<f64>
  } : (tensor<3xf64>) -> tensor<3xf64>
  check.expect_eq_const %u, dense<[2.25, 6.25, 12.25]> : tensor<3xf64>
  // no outputs: a product carried along, two inputs
  %p = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %q = stablehlo.constant dense<[0.5, 0.5, 2.0, 1.0]> : tensor<4xf64>
  %one = stablehlo.constant dense<1.0> : tensor<f64>
  %prod = chlo.scan(%p, %q) inits(%one) dimension=0 {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>, %k: tensor<f64>):
    %ab = stablehlo.multiply %a, %b : tensor<f64>
    %kk = stablehlo.multiply %k, %ab : tensor<f64>
    stablehlo.return %kk : tensor<f64>
  } : (tensor<4xf64>, tensor<4xf64>, tensor<f64>) -> tensor<f64>
  check.expect_eq_const %prod, dense<12.0> : tensor<f64>
  // over a function's arguments
  %a0 = stablehlo.constant dense<[[1.0, -2.0, 3.0], [4.0, 0.5, -6.0]]> : tensor<2x3xf32>
  %cm = func.call @cummax(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %cm, dense<[[1.0, 1.0, 3.0], [4.0, 4.0, 4.0]]> : tensor<2x3xf32>
  func.return
}

// cummax along the last dimension
func.func @cummax(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<2xf32>
  %r:2 = chlo.scan(%a) inits(%ninf) dimension=1 {
  ^bb0(%e: tensor<2xf32>, %c: tensor<2xf32>):
    %m = stablehlo.maximum %e, %c : tensor<2xf32>
    stablehlo.return %m, %m : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %r#0 : tensor<2x3xf32>
}
