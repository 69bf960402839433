// Loops for tests/cli/timeout.sh: `arrayjit run --timeout=SECONDS` must stop
// the ones that never end (naming the loop that was running) and leave the
// finite one its answer.

// A counter that never reaches its bound: 0 * 10 stays 0.
func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %n = stablehlo.while(%i = %zero) : tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.multiply %i, %ten : tensor<i64>
    stablehlo.return %next : tensor<i64>
  }
  return %n : tensor<i64>
}

// Constants only (what the constant folder could take): the loop must
// still reach run time.
func.func @folded() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.while(%i = %zero) : tensor<i64>
  cond {
    %true = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %true : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %next = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %next : tensor<i64>
  }
  return %n : tensor<i64>
}

// An outer loop counting to 3 whose body holds, inside an if, a loop that
// never ends: the inner loop (line 49) is the one named.
func.func @nested(%x: tensor<f32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %n, %y = stablehlo.while(%i = %zero, %acc = %x) : tensor<i64>, tensor<f32>
  cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %pos = stablehlo.compare GE, %i, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %z = "stablehlo.if"(%pos) ({
      %m, %w = stablehlo.while(%j = %zero, %v = %acc) : tensor<i64>, tensor<f32>
      cond {
        %d = stablehlo.compare GE, %j, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %d : tensor<i1>
      } do {
        %h = stablehlo.multiply %v, %v : tensor<f32>
        stablehlo.return %j, %h : tensor<i64>, tensor<f32>
      }
      stablehlo.return %w : tensor<f32>
    }, {
      stablehlo.return %acc : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    %next = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %next, %z : tensor<i64>, tensor<f32>
  }
  return %y : tensor<f32>
}

// Finite: 6! = 720, with or without a timeout.
func.func @finite() -> tensor<i64> {
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
  return %f : tensor<i64>
}
