// while, if and case, compiled (their regions as sub-programs) and evaluated.
func.func @main() {
  // factorial of 6 by a loop carrying (i, acc)
  %one = stablehlo.constant dense<1> : tensor<i64>
  %six = stablehlo.constant dense<6> : tensor<i64>
  %n, %f = stablehlo.while(%i = %one, %acc = %one) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LE, %i, %six : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.add %i, %one : tensor<i64>
    %prod = stablehlo.multiply %acc, %i : tensor<i64>
    stablehlo.return %next, %prod : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %f, dense<720> : tensor<i64>
  // 720 > 100: the if takes its first branch
  %hundred = stablehlo.constant dense<100> : tensor<i64>
  %big = stablehlo.compare GT, %f, %hundred : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %h = "stablehlo.if"(%big) ({
    %q = stablehlo.divide %f, %hundred : tensor<i64>
    stablehlo.return %q : tensor<i64>
  }, {
    stablehlo.return %f : tensor<i64>
  }) : (tensor<i1>) -> tensor<i64>
  check.expect_eq_const %h, dense<7> : tensor<i64>
  // case 2 of 3 branches
  %two = stablehlo.constant dense<2> : tensor<i32>
  %b = "stablehlo.case"(%two) ({
    stablehlo.return %one : tensor<i64>
  }, {
    stablehlo.return %six : tensor<i64>
  }, {
    stablehlo.return %h : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  check.expect_eq_const %b, dense<7> : tensor<i64>
  func.return
}
