// stablehlo.rng_bit_generator (THREE_FRY, PHILOX, DEFAULT) over element types
// and shape forms, and jax.random's rbg keys. Written by tests/programs/rng.py
// (JAX 0.10.2); expected values from XLA on CPU (jax.jit, or XLA compiling the
// text for what jax.lax does not build).
func.func @main() {
  %philox_u32_3x5_x0 = stablehlo.constant dense<[3182414963, 3629568597, 461025355, 691374162]> : tensor<4xui32>
  %philox_u32_3x5_r:2 = func.call @philox_u32_3x5(%philox_u32_3x5_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3x5xui32>)
  check.expect_eq_const %philox_u32_3x5_r#0, dense<[3182414963, 3629568597, 461025359, 691374162]> : tensor<4xui32>
  check.expect_eq_const %philox_u32_3x5_r#1, dense<[[340402066, 1301972883, 3711907113, 3024601252, 1992715085], [3902541013, 1385253226, 1454780945, 1891291398, 957551205], [541403423, 2474700516, 3667172202, 1677196691, 112607344]]> : tensor<3x5xui32>
  %default_u32_odd_x0 = stablehlo.constant dense<[1966969162, 2395494590, 3271189346, 1580891311]> : tensor<4xui32>
  %default_u32_odd_r:2 = func.call @default_u32_odd(%default_u32_odd_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<7xui32>)
  check.expect_eq_const %default_u32_odd_r#0, dense<[1966969162, 2395494590, 3271189348, 1580891311]> : tensor<4xui32>
  check.expect_eq_const %default_u32_odd_r#1, dense<[1280924635, 1467082062, 3537200396, 1384819376, 4228408490, 2543410363, 1395426213]> : tensor<7xui32>
  %philox_u64_2x3_x0 = stablehlo.constant dense<[153842669, 923168704, 1959717889, 1657101623]> : tensor<4xui32>
  %philox_u64_2x3_r:2 = func.call @philox_u64_2x3(%philox_u64_2x3_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<2x3xui64>)
  check.expect_eq_const %philox_u64_2x3_r#0, dense<[153842669, 923168704, 1959717892, 1657101623]> : tensor<4xui32>
  check.expect_eq_const %philox_u64_2x3_r#1, dense<[[9119230429861431229, 5460419365873401792, 12698420258093224364], [11437567112991107353, 3503853655254957513, 4235705019948843408]]> : tensor<2x3xui64>
  %philox_u64_odd_x0 = stablehlo.constant dense<[3, 18446744073709551615]> : tensor<2xui64>
  %philox_u64_odd_r:2 = func.call @philox_u64_odd(%philox_u64_odd_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
  check.expect_eq_const %philox_u64_odd_r#0, dense<[3, 2]> : tensor<2xui64>
  check.expect_eq_const %philox_u64_odd_r#1, dense<[2352409802284678049, 3584025992373818274, 10209495722558373121, 11378464417180638865, 8429264593247080559]> : tensor<5xui64>
  %philox_u8_x0 = stablehlo.constant dense<[3931054375, 1838952520, 2740623657, 2625698657]> : tensor<4xui32>
  %philox_u8_r:2 = func.call @philox_u8(%philox_u8_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<2x9xui8>)
  check.expect_eq_const %philox_u8_r#0, dense<[3931054375, 1838952520, 2740623662, 2625698657]> : tensor<4xui32>
  check.expect_eq_const %philox_u8_r#1, dense<[[10, 73, 0, 174, 26, 166, 28, 208, 79], [200, 229, 83, 55, 180, 253, 175, 126, 198]]> : tensor<2x9xui8>
  %philox_u16_scalar_x0 = stablehlo.constant dense<[391085361, 3162753231, 214521255, 65668575]> : tensor<4xui32>
  %philox_u16_scalar_r:2 = func.call @philox_u16_scalar(%philox_u16_scalar_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<ui16>)
  check.expect_eq_const %philox_u16_scalar_r#0, dense<[391085361, 3162753231, 214521256, 65668575]> : tensor<4xui32>
  check.expect_eq_const %philox_u16_scalar_r#1, dense<753> : tensor<ui16>
  %threefry_u32_3x5_x0 = stablehlo.constant dense<[2514021258, 1091097416, 1572183025, 2594786687]> : tensor<4xui32>
  %threefry_u32_3x5_r:2 = func.call @threefry_u32_3x5(%threefry_u32_3x5_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3x5xui32>)
  check.expect_eq_const %threefry_u32_3x5_r#0, dense<[2514021258, 1091097416, 1572183034, 2594786687]> : tensor<4xui32>
  check.expect_eq_const %threefry_u32_3x5_r#1, dense<[[2458715347, 720605817, 1405513994, 127696906, 3397335436], [4076621363, 630985400, 4035104290, 1979106858, 3252532961], [484266275, 2725088660, 1510284430, 356251733, 2223152470]]> : tensor<3x5xui32>
  %threefry_u32_even_inner_x0 = stablehlo.constant dense<[671807081, 359646365, 3009756612, 4285362378]> : tensor<4xui32>
  %threefry_u32_even_inner_r:2 = func.call @threefry_u32_even_inner(%threefry_u32_even_inner_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3x4x5xui32>)
  check.expect_eq_const %threefry_u32_even_inner_r#0, dense<[671807081, 359646365, 3009756642, 4285362378]> : tensor<4xui32>
  check.expect_eq_const %threefry_u32_even_inner_r#1, dense<[[[149863921, 2891167980, 3352214297, 4066340697, 391514313], [3254241636, 3365031458, 811307097, 1286334472, 2871780791], [774605595, 960476907, 421883009, 3181057566, 3548597166], [3762279422, 2241605483, 2949070179, 1693459515, 1505978651]], [[3449606585, 1493207724, 2111006529, 3373970158, 1934073325], [4167525422, 1613200707, 2084787749, 1510943584, 302873339], [1137673158, 4242343770, 3842371478, 27532285, 2333575838], [3383698603, 3329140794, 2057023876, 830381475, 2156128915]], [[2084159435, 1349826352, 3129648276, 4004204338, 3867051397], [3890370776, 3431938215, 2044622866, 1588542324, 1535062363], [333227531, 2098256211, 3846801531, 634057579, 1173226219], [4158442888, 2052830227, 3093842, 1480788157, 48350949]]]> : tensor<3x4x5xui32>
  %threefry_u32_even_outer_x0 = stablehlo.constant dense<[2932894964, 3574899383, 1780071614, 157957548]> : tensor<4xui32>
  %threefry_u32_even_outer_r:2 = func.call @threefry_u32_even_outer(%threefry_u32_even_outer_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<6x3xui32>)
  check.expect_eq_const %threefry_u32_even_outer_r#0, dense<[2932894964, 3574899383, 1780071623, 157957548]> : tensor<4xui32>
  check.expect_eq_const %threefry_u32_even_outer_r#1, dense<[[2035607722, 27680059, 695495461], [2902285328, 3822045162, 2942227011], [1252405453, 1208391024, 2602179404], [3966936966, 3729494430, 3521788896], [3553579248, 332199447, 1348302677], [3555092630, 2156415921, 1332996211]]> : tensor<6x3xui32>
  %threefry_u32_scalar_x0 = stablehlo.constant dense<[2793964325, 2437564936, 3216405120, 2617095960]> : tensor<4xui32>
  %threefry_u32_scalar_r:2 = func.call @threefry_u32_scalar(%threefry_u32_scalar_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<ui32>)
  check.expect_eq_const %threefry_u32_scalar_r#0, dense<[2793964325, 2437564936, 3216405121, 2617095960]> : tensor<4xui32>
  check.expect_eq_const %threefry_u32_scalar_r#1, dense<481037579> : tensor<ui32>
  %threefry_u64_x0 = stablehlo.constant dense<[9, 18446744073709551612]> : tensor<2xui64>
  %threefry_u64_r:2 = func.call @threefry_u64(%threefry_u64_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x5xui64>)
  check.expect_eq_const %threefry_u64_r#0, dense<[9, 6]> : tensor<2xui64>
  check.expect_eq_const %threefry_u64_r#1, dense<[[4716625809248939389, 16997427980603711834, 1452001916652741220, 9949486705284454659, 8034997190770602893], [14620630559798759883, 15892597619904004717, 14029111449702005543, 2285924257932403250, 14053071515815765402]]> : tensor<2x5xui64>
  %threefry_u8_odd_x0 = stablehlo.constant dense<[2091329540, 29749432, 2999304841, 769159381]> : tensor<4xui32>
  %threefry_u8_odd_r:2 = func.call @threefry_u8_odd(%threefry_u8_odd_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3x7xui8>)
  check.expect_eq_const %threefry_u8_odd_r#0, dense<[2091329540, 29749432, 2999304853, 769159381]> : tensor<4xui32>
  check.expect_eq_const %threefry_u8_odd_r#1, dense<[[169, 63, 168, 222, 222, 84, 192], [127, 99, 2, 169, 41, 215, 67], [226, 173, 95, 90, 115, 199, 156]]> : tensor<3x7xui8>
  %threefry_u16_unit_dims_x0 = stablehlo.constant dense<[2060718595, 708335513, 2475934342, 1984094113]> : tensor<4xui32>
  %threefry_u16_unit_dims_r:2 = func.call @threefry_u16_unit_dims(%threefry_u16_unit_dims_x0) : (tensor<4xui32>) -> (tensor<4xui32>, tensor<1x5x1x3xui16>)
  check.expect_eq_const %threefry_u16_unit_dims_r#0, dense<[2060718595, 708335513, 2475934351, 1984094113]> : tensor<4xui32>
  check.expect_eq_const %threefry_u16_unit_dims_r#1, dense<[[[[1690, 1820, 30059]], [[2110, 63822, 22699]], [[54401, 20008, 9489]], [[50556, 56623, 55638]], [[28685, 49089, 9935]]]]> : tensor<1x5x1x3xui16>
  %rbg_uniform_r:1 = func.call @rbg_uniform() : () -> (tensor<3x4xf64>)
  check.expect_eq_const %rbg_uniform_r#0, dense<[[0.31832361564132916, 0.7706882382244331, 0.3584157204389644, 0.8285341414744793], [0.7710571125004446, 0.6130856776654037, 0.5659987917925524, 0.6187457579814222], [0.3919287281131789, 0.1806094064125605, 0.748826871279672, 0.8400976685817987]]> : tensor<3x4xf64>
  %rbg_normal_r:1 = func.call @rbg_normal() : () -> (tensor<2x6xf32>)
  check.expect_almost_eq_const %rbg_normal_r#0, dense<[[0.7742263674736023, 0.3728403151035309, 0.30411049723625183, 1.2909226417541504, -0.2108491063117981, -2.539388418197632], [1.062711477279663, 0.769171953201294, 1.0722851753234863, 1.0537728071212769, 1.9451133012771606, -1.461153268814087]]> : tensor<2x6xf32>, tolerance = 1e-06
  %rbg_randint_r:1 = func.call @rbg_randint() : () -> (tensor<10xi64>)
  check.expect_eq_const %rbg_randint_r#0, dense<[16, -3, 16, 7, 9, 6, -3, 14, 5, 13]> : tensor<10xi64>
  %rbg_split_bits_r:1 = func.call @rbg_split_bits() : () -> (tensor<4xui16>)
  check.expect_eq_const %rbg_split_bits_r#0, dense<[10998, 49816, 64403, 41809]> : tensor<4xui16>
  %philox3_carry_x0 = stablehlo.constant dense<[5, 18446744073709551615, 7]> : tensor<3xui64>
  %philox3_carry_r:2 = func.call @philox3_carry(%philox3_carry_x0) : (tensor<3xui64>) -> (tensor<3xui64>, tensor<6xui32>)
  check.expect_eq_const %philox3_carry_r#0, dense<[5, 1, 8]> : tensor<3xui64>
  check.expect_eq_const %philox3_carry_r#1, dense<[408654879, 156914071, 4246078289, 2550873154, 1414544935, 1163734151]> : tensor<6xui32>
  %philox3_u64_x0 = stablehlo.constant dense<[1, 18446744073709551614, 18446744073709551615]> : tensor<3xui64>
  %philox3_u64_r:2 = func.call @philox3_u64(%philox3_u64_x0) : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui64>)
  check.expect_eq_const %philox3_u64_r#0, dense<[1, 1, 0]> : tensor<3xui64>
  check.expect_eq_const %philox3_u64_r#1, dense<[[8032705884220704523, 3452055503030902873, 7960091461177981329], [11713350092424558376, 16504019988892878448, 13120580176409928384]]> : tensor<2x3xui64>
  %philox_i32_x0 = stablehlo.constant dense<[11, 12]> : tensor<2xui64>
  %philox_i32_r:2 = func.call @philox_i32(%philox_i32_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  check.expect_eq_const %philox_i32_r#0, dense<[11, 13]> : tensor<2xui64>
  check.expect_eq_const %philox_i32_r#1, dense<[503137118, 1157660331, 2853271123, 210914253]> : tensor<4xui32>
  %philox_f16_x0 = stablehlo.constant dense<[13, 14]> : tensor<2xui64>
  %philox_f16_r:2 = func.call @philox_f16(%philox_f16_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xui16>)
  check.expect_eq_const %philox_f16_r#0, dense<[13, 16]> : tensor<2xui64>
  check.expect_eq_const %philox_f16_r#1, dense<[[25097, 25354], [33643, 27596], [64251, 51716]]> : tensor<3x2xui16>
  %threefry_f32_x0 = stablehlo.constant dense<[15, 16]> : tensor<2xui64>
  %threefry_f32_r:2 = func.call @threefry_f32(%threefry_f32_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  check.expect_eq_const %threefry_f32_r#0, dense<[15, 19]> : tensor<2xui64>
  check.expect_eq_const %threefry_f32_r#1, dense<[[3301998596, 3801945907, 2335470269], [2780174778, 670325117, 3908633136]]> : tensor<2x3xui32>
  %threefry_i64_x0 = stablehlo.constant dense<[17, 18]> : tensor<2xui64>
  %threefry_i64_r:2 = func.call @threefry_i64(%threefry_i64_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  check.expect_eq_const %threefry_i64_r#0, dense<[17, 21]> : tensor<2xui64>
  check.expect_eq_const %threefry_i64_r#1, dense<[7947298427805277098, 9835183906408642312, 11613644875591229418]> : tensor<3xui64>
  %threefry_f64_x0 = stablehlo.constant dense<[19, 20]> : tensor<2xui64>
  %threefry_f64_r:2 = func.call @threefry_f64(%threefry_f64_x0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  check.expect_eq_const %threefry_f64_r#0, dense<[19, 24]> : tensor<2xui64>
  check.expect_eq_const %threefry_f64_r#1, dense<[[214885299508737091, 12437768182712806369], [1586657707405093721, 317061114934590969]]> : tensor<2x2xui64>
  func.return
}
  func.func private @philox_u32_3x5(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<3x5xui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<3x5xui32>
  }
  func.func private @default_u32_odd(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<7xui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<7xui32>
  }
  func.func private @philox_u64_2x3(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<2x3xui64> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui64>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<2x3xui64>
  }
  func.func private @philox_u64_odd(%arg0: tensor<2xui64>) -> (tensor<2xui64> {jax.result_info = "result[0]"}, tensor<5xui64> {jax.result_info = "result[1]"}) {
    %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
    return %output_state, %output : tensor<2xui64>, tensor<5xui64>
  }
  func.func private @philox_u8(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<2x9xui8> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x9xui8>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<2x9xui8>
  }
  func.func private @philox_u16_scalar(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<ui16> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui16>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<ui16>
  }
  func.func private @threefry_u32_3x5(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<3x5xui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<3x5xui32>
  }
  func.func private @threefry_u32_even_inner(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<3x4x5xui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4x5xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<3x4x5xui32>
  }
  func.func private @threefry_u32_even_outer(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<6x3xui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6x3xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<6x3xui32>
  }
  func.func private @threefry_u32_scalar(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<ui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<ui32>
  }
  func.func private @threefry_u64(%arg0: tensor<2xui64>) -> (tensor<2xui64> {jax.result_info = "result[0]"}, tensor<2x5xui64> {jax.result_info = "result[1]"}) {
    %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x5xui64>)
    return %output_state, %output : tensor<2xui64>, tensor<2x5xui64>
  }
  func.func private @threefry_u8_odd(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<3x7xui8> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x7xui8>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<3x7xui8>
  }
  func.func private @threefry_u16_unit_dims(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<1x5x1x3xui16> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<1x5x1x3xui16>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output : tensor<4xui32>, tensor<1x5x1x3xui16>
  }
  func.func private @rbg_uniform() -> (tensor<3x4xf64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<7> : tensor<i64>
    %c_0 = stablehlo.constant dense<32> : tensor<i64>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<4294967295> : tensor<i64>
    %3 = stablehlo.and %c, %c_1 : tensor<i64>
    %4 = stablehlo.convert %3 : (tensor<i64>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = stablehlo.concatenate %6, %6, dim = 0 : (tensor<2xui32>, tensor<2xui32>) -> tensor<4xui32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %8 = call @rbg_uniform__uniform(%7, %cst, %cst_2) : (tensor<4xui32>, tensor<f64>, tensor<f64>) -> tensor<3x4xf64>
    return %8 : tensor<3x4xf64>
  }
  func.func private @rbg_uniform__uniform(%arg0: tensor<4xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<3x4xf64> {
    %0 = stablehlo.convert %arg1 : tensor<f64>
    %1 = stablehlo.convert %arg2 : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
    %3 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
    %4 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.bitcast_convert %4 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %5, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui64>)
    %6 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %7 = stablehlo.reshape %6 : (tensor<2x2xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<12> : tensor<ui64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<3x4xui64>
    %9 = stablehlo.shift_right_logical %output, %8 : tensor<3x4xui64>
    %c_0 = stablehlo.constant dense<4607182418800017408> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<3x4xui64>
    %11 = stablehlo.or %9, %10 : tensor<3x4xui64>
    %12 = stablehlo.bitcast_convert %11 : (tensor<3x4xui64>) -> tensor<3x4xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %14 = stablehlo.subtract %12, %13 : tensor<3x4xf64>
    %15 = stablehlo.subtract %3, %2 : tensor<1x1xf64>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<3x4xf64>
    %17 = stablehlo.multiply %14, %16 : tensor<3x4xf64>
    %18 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<3x4xf64>
    %19 = stablehlo.add %17, %18 : tensor<3x4xf64>
    %20 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<3x4xf64>
    %21 = stablehlo.maximum %20, %19 : tensor<3x4xf64>
    return %21 : tensor<3x4xf64>
  }
  func.func private @rbg_normal() -> (tensor<2x6xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<8> : tensor<i64>
    %c_0 = stablehlo.constant dense<32> : tensor<i64>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<4294967295> : tensor<i64>
    %3 = stablehlo.and %c, %c_1 : tensor<i64>
    %4 = stablehlo.convert %3 : (tensor<i64>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = stablehlo.concatenate %6, %6, dim = 0 : (tensor<2xui32>, tensor<2xui32>) -> tensor<4xui32>
    %8 = call @rbg_normal__normal(%7) : (tensor<4xui32>) -> tensor<2x6xf32>
    return %8 : tensor<2x6xf32>
  }
  func.func private @rbg_normal__normal(%arg0: tensor<4xui32>) -> tensor<2x6xf32> {
    %0 = call @rbg_normal__normal_real(%arg0) : (tensor<4xui32>) -> tensor<2x6xf32>
    return %0 : tensor<2x6xf32>
  }
  func.func private @rbg_normal__normal_real(%arg0: tensor<4xui32>) -> tensor<2x6xf32> {
    %cst = stablehlo.constant dense<-0.99999994> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @rbg_normal__uniform(%arg0, %cst, %cst_0) : (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<2x6xf32>
    %1 = chlo.erf_inv %0 : tensor<2x6xf32> -> tensor<2x6xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<2x6xf32>
    return %3 : tensor<2x6xf32>
  }
  func.func private @rbg_normal__uniform(%arg0: tensor<4xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<2x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %3 = stablehlo.bitcast_convert %2 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %3, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x6xui32>)
    %4 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %5 = stablehlo.reshape %4 : (tensor<2x2xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<9> : tensor<ui32>
    %6 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<2x6xui32>
    %7 = stablehlo.shift_right_logical %output, %6 : tensor<2x6xui32>
    %c_0 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<2x6xui32>
    %9 = stablehlo.or %7, %8 : tensor<2x6xui32>
    %10 = stablehlo.bitcast_convert %9 : (tensor<2x6xui32>) -> tensor<2x6xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %12 = stablehlo.subtract %10, %11 : tensor<2x6xf32>
    %13 = stablehlo.subtract %1, %0 : tensor<1x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<2x6xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<2x6xf32>
    %16 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<2x6xf32>
    %17 = stablehlo.add %15, %16 : tensor<2x6xf32>
    %18 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<2x6xf32>
    %19 = stablehlo.maximum %18, %17 : tensor<2x6xf32>
    return %19 : tensor<2x6xf32>
  }
  func.func private @rbg_randint() -> (tensor<10xi64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<9> : tensor<i64>
    %c_0 = stablehlo.constant dense<32> : tensor<i64>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<4294967295> : tensor<i64>
    %3 = stablehlo.and %c, %c_1 : tensor<i64>
    %4 = stablehlo.convert %3 : (tensor<i64>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = stablehlo.concatenate %6, %6, dim = 0 : (tensor<2xui32>, tensor<2xui32>) -> tensor<4xui32>
    %c_2 = stablehlo.constant dense<-5> : tensor<i64>
    %c_3 = stablehlo.constant dense<17> : tensor<i64>
    %8 = call @rbg_randint__randint(%7, %c_2, %c_3) : (tensor<4xui32>, tensor<i64>, tensor<i64>) -> tensor<10xi64>
    return %8 : tensor<10xi64>
  }
  func.func private @rbg_randint__randint(%arg0: tensor<4xui32>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<10xi64> {
    %c = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %c_0 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_1 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %0 = call @rbg_randint_clip(%c, %c_0, %c_1) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %1 = stablehlo.compare GT, %arg2, %0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_3 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %2 = call @rbg_randint_clip_0(%arg1, %c_2, %c_3) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.convert %2 : tensor<i64>
    %c_4 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_5 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %4 = call @rbg_randint_clip_0(%arg2, %c_4, %c_5) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %5 = stablehlo.convert %4 : tensor<i64>
    %6 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %8 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %9 = stablehlo.slice %8 [0:2, 0:1] : (tensor<2x2xui32>) -> tensor<2x1xui32>
    %10 = stablehlo.reshape %9 : (tensor<2x1xui32>) -> tensor<2xui32>
    %11 = stablehlo.slice %8 [0:2, 1:2] : (tensor<2x2xui32>) -> tensor<2x1xui32>
    %12 = stablehlo.reshape %11 : (tensor<2x1xui32>) -> tensor<2xui32>
    %13 = stablehlo.iota dim = 0 : tensor<2xui64>
    %c_6 = stablehlo.constant dense<1> : tensor<ui64>
    %14 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %15 = stablehlo.multiply %14, %13 : tensor<2xui64>
    %c_7 = stablehlo.constant dense<32> : tensor<ui64>
    %16 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %17 = stablehlo.shift_right_logical %15, %16 : tensor<2xui64>
    %18 = stablehlo.convert %15 : (tensor<2xui64>) -> tensor<2xui32>
    %19 = stablehlo.convert %17 : (tensor<2xui64>) -> tensor<2xui32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [1] : (tensor<2xui32>) -> tensor<1x2xui32>
    %21 = stablehlo.broadcast_in_dim %18, dims = [1] : (tensor<2xui32>) -> tensor<1x2xui32>
    %22 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %23 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %24:2 = call @rbg_randint_threefry2x32(%22, %23, %20, %21) : (tensor<2x1xui32>, tensor<2x1xui32>, tensor<1x2xui32>, tensor<1x2xui32>) -> (tensor<2x2xui32>, tensor<2x2xui32>)
    %25 = stablehlo.broadcast_in_dim %24#0, dims = [0, 1] : (tensor<2x2xui32>) -> tensor<2x2x1xui32>
    %26 = stablehlo.broadcast_in_dim %24#1, dims = [0, 1] : (tensor<2x2xui32>) -> tensor<2x2x1xui32>
    %27 = stablehlo.concatenate %25, %26, dim = 2 : (tensor<2x2x1xui32>, tensor<2x2x1xui32>) -> tensor<2x2x2xui32>
    %28 = stablehlo.transpose %27, dims = [1, 0, 2] : (tensor<2x2x2xui32>) -> tensor<2x2x2xui32>
    %29 = stablehlo.reshape %28 : (tensor<2x2x2xui32>) -> tensor<2x4xui32>
    %30 = stablehlo.slice %29 [0:1, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %31 = stablehlo.reshape %30 : (tensor<1x4xui32>) -> tensor<4xui32>
    %32 = stablehlo.slice %29 [1:2, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %33 = stablehlo.reshape %32 : (tensor<1x4xui32>) -> tensor<4xui32>
    %34 = stablehlo.reshape %31 : (tensor<4xui32>) -> tensor<2x2xui32>
    %35 = stablehlo.bitcast_convert %34 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %35, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui64>)
    %36 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %37 = stablehlo.reshape %36 : (tensor<2x2xui32>) -> tensor<4xui32>
    %38 = stablehlo.reshape %33 : (tensor<4xui32>) -> tensor<2x2xui32>
    %39 = stablehlo.bitcast_convert %38 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_8, %output_9 = stablehlo.rng_bit_generator %39, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui64>)
    %40 = stablehlo.bitcast_convert %output_state_8 : (tensor<2xui64>) -> tensor<2x2xui32>
    %41 = stablehlo.reshape %40 : (tensor<2x2xui32>) -> tensor<4xui32>
    %42 = stablehlo.subtract %7, %6 : tensor<1xi64>
    %43 = stablehlo.convert %42 : (tensor<1xi64>) -> tensor<1xui64>
    %44 = stablehlo.compare LE, %7, %6, SIGNED : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
    %c_10 = stablehlo.constant dense<1> : tensor<ui64>
    %45 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<ui64>) -> tensor<1xui64>
    %46 = stablehlo.select %44, %45, %43 : tensor<1xi1>, tensor<1xui64>
    %47 = stablehlo.compare GT, %7, %6, SIGNED : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
    %48 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %49 = stablehlo.and %48, %47 : tensor<1xi1>
    %c_11 = stablehlo.constant dense<1> : tensor<ui64>
    %50 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<ui64>) -> tensor<1xui64>
    %51 = stablehlo.add %46, %50 : tensor<1xui64>
    %52 = stablehlo.select %49, %51, %46 : tensor<1xi1>, tensor<1xui64>
    %c_12 = stablehlo.constant dense<4294967296> : tensor<ui64>
    %53 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<ui64>) -> tensor<1xui64>
    %54 = stablehlo.remainder %53, %52 : tensor<1xui64>
    %55 = stablehlo.multiply %54, %54 : tensor<1xui64>
    %56 = stablehlo.remainder %55, %52 : tensor<1xui64>
    %57 = stablehlo.broadcast_in_dim %52, dims = [0] : (tensor<1xui64>) -> tensor<10xui64>
    %58 = stablehlo.remainder %output, %57 : tensor<10xui64>
    %59 = stablehlo.broadcast_in_dim %56, dims = [0] : (tensor<1xui64>) -> tensor<10xui64>
    %60 = stablehlo.multiply %58, %59 : tensor<10xui64>
    %61 = stablehlo.broadcast_in_dim %52, dims = [0] : (tensor<1xui64>) -> tensor<10xui64>
    %62 = stablehlo.remainder %output_9, %61 : tensor<10xui64>
    %63 = stablehlo.add %60, %62 : tensor<10xui64>
    %64 = stablehlo.broadcast_in_dim %52, dims = [0] : (tensor<1xui64>) -> tensor<10xui64>
    %65 = stablehlo.remainder %63, %64 : tensor<10xui64>
    %66 = stablehlo.convert %65 : (tensor<10xui64>) -> tensor<10xi64>
    %67 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<1xi64>) -> tensor<10xi64>
    %68 = stablehlo.add %67, %66 : tensor<10xi64>
    return %68 : tensor<10xi64>
  }
  func.func private @rbg_randint_clip(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i64>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i64>
    return %1 : tensor<i64>
  }
  func.func private @rbg_randint_clip_0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i64>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i64>
    return %1 : tensor<i64>
  }
  func.func private @rbg_randint_threefry2x32(%arg0: tensor<2x1xui32>, %arg1: tensor<2x1xui32>, %arg2: tensor<1x2xui32>, %arg3: tensor<1x2xui32>) -> (tensor<2x2xui32>, tensor<2x2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<2x1xui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<2x1xui32>
    %2 = stablehlo.xor %0, %1 : tensor<2x1xui32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x2xui32>) -> tensor<2x2xui32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.add %3, %4 : tensor<2x2xui32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1x2xui32>) -> tensor<2x2xui32>
    %7 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %8 = stablehlo.add %6, %7 : tensor<2x2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %5, %iterArg_6 = %8, %iterArg_7 = %arg1, %iterArg_8 = %2, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i64>, tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i64>
      %10 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10:8 = func.call @rbg_randint_closed_call(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i64>
      %11 = stablehlo.add %iterArg, %c_12 : tensor<i64>
      stablehlo.return %11, %10#0, %10#1, %10#2, %10#3, %10#4, %10#5, %10#6, %10#7 : tensor<i64>, tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %9#2, %9#3 : tensor<2x2xui32>, tensor<2x2xui32>
  }
  func.func private @rbg_randint_closed_call(%arg0: tensor<i64>, %arg1: tensor<2x2xui32>, %arg2: tensor<2x2xui32>, %arg3: tensor<2x1xui32>, %arg4: tensor<2x1xui32>, %arg5: tensor<2x1xui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg0, %c : tensor<i64>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<2x2xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<2x2xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<2x2xui32>
    %9 = stablehlo.or %5, %8 : tensor<2x2xui32>
    %10 = stablehlo.xor %3, %9 : tensor<2x2xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<2x2xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<2x2xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<2x2xui32>
    %19 = stablehlo.or %15, %18 : tensor<2x2xui32>
    %20 = stablehlo.xor %13, %19 : tensor<2x2xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<2x2xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<2x2xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<2x2xui32>
    %29 = stablehlo.or %25, %28 : tensor<2x2xui32>
    %30 = stablehlo.xor %23, %29 : tensor<2x2xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<2x2xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<2x2xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<2x2xui32>
    %39 = stablehlo.or %35, %38 : tensor<2x2xui32>
    %40 = stablehlo.xor %33, %39 : tensor<2x2xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %42 = stablehlo.add %33, %41 : tensor<2x2xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %44 = stablehlo.add %40, %43 : tensor<2x2xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i64>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i64>
    %46 = stablehlo.convert %45 : (tensor<i64>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %48 = stablehlo.add %44, %47 : tensor<2x2xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @rbg_split_bits() -> (tensor<4xui16> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %c_0 = stablehlo.constant dense<32> : tensor<i64>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<4294967295> : tensor<i64>
    %3 = stablehlo.and %c, %c_1 : tensor<i64>
    %4 = stablehlo.convert %3 : (tensor<i64>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = stablehlo.concatenate %6, %6, dim = 0 : (tensor<2xui32>, tensor<2xui32>) -> tensor<4xui32>
    %8 = stablehlo.reshape %7 : (tensor<4xui32>) -> tensor<2x2xui32>
    %9 = stablehlo.slice %8 [0:2, 0:1] : (tensor<2x2xui32>) -> tensor<2x1xui32>
    %10 = stablehlo.reshape %9 : (tensor<2x1xui32>) -> tensor<2xui32>
    %11 = stablehlo.slice %8 [0:2, 1:2] : (tensor<2x2xui32>) -> tensor<2x1xui32>
    %12 = stablehlo.reshape %11 : (tensor<2x1xui32>) -> tensor<2xui32>
    %13 = stablehlo.iota dim = 0 : tensor<2xui64>
    %c_2 = stablehlo.constant dense<1> : tensor<ui64>
    %14 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %15 = stablehlo.multiply %14, %13 : tensor<2xui64>
    %c_3 = stablehlo.constant dense<32> : tensor<ui64>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %17 = stablehlo.shift_right_logical %15, %16 : tensor<2xui64>
    %18 = stablehlo.convert %15 : (tensor<2xui64>) -> tensor<2xui32>
    %19 = stablehlo.convert %17 : (tensor<2xui64>) -> tensor<2xui32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [1] : (tensor<2xui32>) -> tensor<1x2xui32>
    %21 = stablehlo.broadcast_in_dim %18, dims = [1] : (tensor<2xui32>) -> tensor<1x2xui32>
    %22 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %23 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %24:2 = call @rbg_split_bits_threefry2x32(%22, %23, %20, %21) : (tensor<2x1xui32>, tensor<2x1xui32>, tensor<1x2xui32>, tensor<1x2xui32>) -> (tensor<2x2xui32>, tensor<2x2xui32>)
    %25 = stablehlo.broadcast_in_dim %24#0, dims = [0, 1] : (tensor<2x2xui32>) -> tensor<2x2x1xui32>
    %26 = stablehlo.broadcast_in_dim %24#1, dims = [0, 1] : (tensor<2x2xui32>) -> tensor<2x2x1xui32>
    %27 = stablehlo.concatenate %25, %26, dim = 2 : (tensor<2x2x1xui32>, tensor<2x2x1xui32>) -> tensor<2x2x2xui32>
    %28 = stablehlo.transpose %27, dims = [1, 0, 2] : (tensor<2x2x2xui32>) -> tensor<2x2x2xui32>
    %29 = stablehlo.reshape %28 : (tensor<2x2x2xui32>) -> tensor<2x4xui32>
    %30 = stablehlo.slice %29 [1:2, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %31 = stablehlo.reshape %30 : (tensor<1x4xui32>) -> tensor<4xui32>
    %32 = stablehlo.reshape %31 : (tensor<4xui32>) -> tensor<2x2xui32>
    %33 = stablehlo.bitcast_convert %32 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %33, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui16>)
    %34 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %35 = stablehlo.reshape %34 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %output : tensor<4xui16>
  }
  func.func private @rbg_split_bits_threefry2x32(%arg0: tensor<2x1xui32>, %arg1: tensor<2x1xui32>, %arg2: tensor<1x2xui32>, %arg3: tensor<1x2xui32>) -> (tensor<2x2xui32>, tensor<2x2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<2x1xui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<2x1xui32>
    %2 = stablehlo.xor %0, %1 : tensor<2x1xui32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x2xui32>) -> tensor<2x2xui32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.add %3, %4 : tensor<2x2xui32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1x2xui32>) -> tensor<2x2xui32>
    %7 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %8 = stablehlo.add %6, %7 : tensor<2x2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %5, %iterArg_6 = %8, %iterArg_7 = %arg1, %iterArg_8 = %2, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i64>, tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i64>
      %10 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10:8 = func.call @rbg_split_bits_closed_call(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i64>
      %11 = stablehlo.add %iterArg, %c_12 : tensor<i64>
      stablehlo.return %11, %10#0, %10#1, %10#2, %10#3, %10#4, %10#5, %10#6, %10#7 : tensor<i64>, tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %9#2, %9#3 : tensor<2x2xui32>, tensor<2x2xui32>
  }
  func.func private @rbg_split_bits_closed_call(%arg0: tensor<i64>, %arg1: tensor<2x2xui32>, %arg2: tensor<2x2xui32>, %arg3: tensor<2x1xui32>, %arg4: tensor<2x1xui32>, %arg5: tensor<2x1xui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg0, %c : tensor<i64>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<2x2xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<2x2xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<2x2xui32>
    %9 = stablehlo.or %5, %8 : tensor<2x2xui32>
    %10 = stablehlo.xor %3, %9 : tensor<2x2xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<2x2xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<2x2xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<2x2xui32>
    %19 = stablehlo.or %15, %18 : tensor<2x2xui32>
    %20 = stablehlo.xor %13, %19 : tensor<2x2xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<2x2xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<2x2xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<2x2xui32>
    %29 = stablehlo.or %25, %28 : tensor<2x2xui32>
    %30 = stablehlo.xor %23, %29 : tensor<2x2xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<2x2xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<2x2xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<2x2xui32>
    %39 = stablehlo.or %35, %38 : tensor<2x2xui32>
    %40 = stablehlo.xor %33, %39 : tensor<2x2xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %42 = stablehlo.add %33, %41 : tensor<2x2xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %44 = stablehlo.add %40, %43 : tensor<2x2xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i64>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i64>
    %46 = stablehlo.convert %45 : (tensor<i64>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<2x2xui32>
    %48 = stablehlo.add %44, %47 : tensor<2x2xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i64>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>
  }
func.func private @philox3_carry(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<6xui32>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<6xui32>)
  return %s, %o : tensor<3xui64>, tensor<6xui32>
}
func.func private @philox3_u64(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui64>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui64>)
  return %s, %o : tensor<3xui64>, tensor<2x3xui64>
}
func.func private @philox_i32(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi32>)
  %b = stablehlo.bitcast_convert %o : (tensor<4xi32>) -> tensor<4xui32>
  return %s, %b : tensor<2xui64>, tensor<4xui32>
}
func.func private @philox_f16(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xui16>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xf16>)
  %b = stablehlo.bitcast_convert %o : (tensor<3x2xf16>) -> tensor<3x2xui16>
  return %s, %b : tensor<2xui64>, tensor<3x2xui16>
}
func.func private @threefry_f32(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xf32>)
  %b = stablehlo.bitcast_convert %o : (tensor<2x3xf32>) -> tensor<2x3xui32>
  return %s, %b : tensor<2xui64>, tensor<2x3xui32>
}
func.func private @threefry_i64(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xi64>)
  %b = stablehlo.bitcast_convert %o : (tensor<3xi64>) -> tensor<3xui64>
  return %s, %b : tensor<2xui64>, tensor<3xui64>
}
func.func private @threefry_f64(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>) {
  %s, %o = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf64>)
  %b = stablehlo.bitcast_convert %o : (tensor<2x2xf64>) -> tensor<2x2xui64>
  return %s, %b : tensor<2xui64>, tensor<2x2xui64>
}
