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
  // loop values the body returns unchanged (JAX's closure constants) become
  // reads of their operands: the limit here, read by the condition, and the
  // step inside a nested loop; the results for them are the operands
  %two64 = stablehlo.constant dense<2> : tensor<i64>
  %cnt, %lim, %tot = stablehlo.while(%i = %one, %l = %six, %t = %one) : tensor<i64>, tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %l : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j, %st, %u = stablehlo.while(%a = %one, %s = %two64, %v = %t) : tensor<i64>, tensor<i64>, tensor<i64>
    cond {
      %c = stablehlo.compare LE, %a, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %a1 = stablehlo.add %a, %one : tensor<i64>
      %v1 = stablehlo.multiply %v, %s : tensor<i64>
      stablehlo.return %a1, %s, %v1 : tensor<i64>, tensor<i64>, tensor<i64>
    }
    %i1 = stablehlo.add %i, %one : tensor<i64>
    %t1 = stablehlo.add %u, %st : tensor<i64>
    stablehlo.return %i1, %l, %t1 : tensor<i64>, tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %cnt, dense<6> : tensor<i64>
  check.expect_eq_const %lim, dense<6> : tensor<i64>
  check.expect_eq_const %tot, dense<74818> : tensor<i64>
  // a loop whose one loop value is unchanged keeps it (and runs no iteration here)
  %only = stablehlo.while(%v = %six) : tensor<i64>
  cond {
    %c = stablehlo.compare LT, %v, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %v : tensor<i64>
  }
  check.expect_eq_const %only, dense<6> : tensor<i64>
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
