// For tests/cli/timeout.sh: `arrayjit check --timeout=1` fails this file,
// naming the loop (line 7), instead of running it forever.
func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  // i + 0 never reaches 1
  %n = stablehlo.while(%i = %zero) : tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.add %i, %zero : tensor<i64>
    stablehlo.return %next : tensor<i64>
  }
  check.expect_eq_const %n, dense<1> : tensor<i64>
  func.return
}
