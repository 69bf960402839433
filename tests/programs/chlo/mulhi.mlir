// chlo.mulhi (jax.lax.mulhi: the high half of the double-width product, as the Philox
// generators use it), exported by JAX 0.10.2; expected values exact (Python integers),
// equal to JAX's.
// chlo.mulhi on i8
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<27xi8>, %arg1: tensor<27xi8>) -> (tensor<27xi8> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<27xi8>, tensor<27xi8> -> tensor<27xi8>
    return %0 : tensor<27xi8>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 127, 127, -128, -128, -128, 1, 127, 3, 126, -127, -1, -1, -1, -7, 5, -5, -64, -95, -96, 62, 120, 5, -20, -120, -105]> : tensor<27xi8>
    %x1 = stablehlo.constant dense<[127, 127, 127, 2, -128, 127, 1, -128, -128, 42, 126, -127, -1, 1, -128, 9, -3, -3, 4, 94, -60, 75, -63, 59, -128, -104, -118]> : tensor<27xi8>
    %r = func.call @f(%x0, %x1) : (tensor<27xi8>, tensor<27xi8>) -> tensor<27xi8>
    %want = stablehlo.constant dense<[0, 0, 63, 0, 64, -64, -1, -1, -64, 0, 62, 63, 0, -1, 0, -1, -1, 0, -1, -35, 22, 18, -30, 1, 10, 48, 48]> : tensor<27xi8>
    check.expect_eq %r, %want : tensor<27xi8>
    func.return
  }
}

// -----

// chlo.mulhi on i16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<27xi16>, %arg1: tensor<27xi16>) -> (tensor<27xi16> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<27xi16>, tensor<27xi16> -> tensor<27xi16>
    return %0 : tensor<27xi16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 32767, 32767, -32768, -32768, -32768, 1, 32767, 3, 32766, -32767, -1, -1, -1, -7, 5, -5, -16384, 19571, 12363, 4426, -7326, -3091, 27649, -24281, 6441]> : tensor<27xi16>
    %x1 = stablehlo.constant dense<[32767, 32767, 32767, 2, -32768, 32767, 1, -32768, -32768, 10922, 32766, -32767, -1, 1, -32768, 9, -3, -3, 4, 21077, 2130, -10050, -849, -4160, -8905, -20408, 31585]> : tensor<27xi16>
    %r = func.call @f(%x0, %x1) : (tensor<27xi16>, tensor<27xi16>) -> tensor<27xi16>
    %want = stablehlo.constant dense<[0, 0, 16383, 0, 16384, -16384, -1, -1, -16384, 0, 16382, 16383, 0, -1, 0, -1, -1, 0, -1, 6294, 401, -679, 94, 196, -3757, 7561, 3104]> : tensor<27xi16>
    check.expect_eq %r, %want : tensor<27xi16>
    func.return
  }
}

// -----

// chlo.mulhi on i32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<27xi32>, %arg1: tensor<27xi32>) -> (tensor<27xi32> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<27xi32>, tensor<27xi32> -> tensor<27xi32>
    return %0 : tensor<27xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 2147483647, 2147483647, -2147483648, -2147483648, -2147483648, 1, 2147483647, 3, 2147483646, -2147483647, -1, -1, -1, -7, 5, -5, -1073741824, 1627525143, -515269321, 1421050579, -859177388, 130576338, -1064213433, 1834972084, 1521787557]> : tensor<27xi32>
    %x1 = stablehlo.constant dense<[2147483647, 2147483647, 2147483647, 2, -2147483648, 2147483647, 1, -2147483648, -2147483648, 715827882, 2147483646, -2147483647, -1, 1, -2147483648, 9, -3, -3, 4, -242054750, 294167429, 1752792366, -1055490131, 381312653, -605060731, 1101116300, 184936403]> : tensor<27xi32>
    %r = func.call @f(%x0, %x1) : (tensor<27xi32>, tensor<27xi32>) -> tensor<27xi32>
    %want = stablehlo.constant dense<[0, 0, 1073741823, 0, 1073741824, -1073741824, -1, -1, -1073741824, 0, 1073741822, 1073741823, 0, -1, 0, -1, -1, 0, -1, -91723677, -35291410, 579936105, 211143226, 11592733, 149922854, 470438430, 65526440]> : tensor<27xi32>
    check.expect_eq %r, %want : tensor<27xi32>
    func.return
  }
}

// -----

// chlo.mulhi on i64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<27xi64>, %arg1: tensor<27xi64>) -> (tensor<27xi64> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<27xi64>, tensor<27xi64> -> tensor<27xi64>
    return %0 : tensor<27xi64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 9223372036854775807, 9223372036854775807, -9223372036854775808, -9223372036854775808, -9223372036854775808, 1, 9223372036854775807, 3, 9223372036854775806, -9223372036854775807, -1, -1, -1, -7, 5, -5, -4611686018427387904, -8349153433237198345, -2308452054506077627, 8148354697332148443, -4079481884128466446, -6562629524297705972, -3409942980273574943, 8197183048134406227, -2309527044759097837]> : tensor<27xi64>
    %x1 = stablehlo.constant dense<[9223372036854775807, 9223372036854775807, 9223372036854775807, 2, -9223372036854775808, 9223372036854775807, 1, -9223372036854775808, -9223372036854775808, 3074457345618258602, 9223372036854775806, -9223372036854775807, -1, 1, -9223372036854775808, 9, -3, -3, 4, 336139845538456675, -5004997842128922372, 1743245850458431429, -8427994909017568304, -9026877894784044867, -8748899969821867939, -70603851055014734, 6577770160887746377]> : tensor<27xi64>
    %r = func.call @f(%x0, %x1) : (tensor<27xi64>, tensor<27xi64>) -> tensor<27xi64>
    %want = stablehlo.constant dense<[0, 0, 4611686018427387903, 0, 4611686018427387904, -4611686018427387904, -1, -1, -4611686018427387904, 0, 4611686018427387902, 4611686018427387903, 0, -1, 0, -1, -1, 0, -1, -152139756165699155, 626332620287585679, 770032123686923457, 1863843961486157665, 3211409837303998729, 1617263725132304444, -31374246245765197, -823534929528878485]> : tensor<27xi64>
    check.expect_eq %r, %want : tensor<27xi64>
    func.return
  }
}

// -----

// chlo.mulhi on ui8
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<20xui8>, %arg1: tensor<20xui8>) -> (tensor<20xui8> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<20xui8>, tensor<20xui8> -> tensor<20xui8>
    return %0 : tensor<20xui8>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 255, 255, 0, 0, 0, 1, 255, 3, 254, 1, 244, 121, 229, 70, 225, 118, 178, 41]> : tensor<20xui8>
    %x1 = stablehlo.constant dense<[255, 255, 255, 2, 0, 255, 1, 0, 0, 85, 254, 1, 130, 218, 148, 210, 172, 70, 196, 220]> : tensor<20xui8>
    %r = func.call @f(%x0, %x1) : (tensor<20xui8>, tensor<20xui8>) -> tensor<20xui8>
    %want = stablehlo.constant dense<[0, 0, 254, 1, 0, 0, 0, 0, 0, 0, 252, 0, 123, 103, 132, 57, 151, 32, 136, 35]> : tensor<20xui8>
    check.expect_eq %r, %want : tensor<20xui8>
    func.return
  }
}

// -----

// chlo.mulhi on ui16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<20xui16>, %arg1: tensor<20xui16>) -> (tensor<20xui16> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<20xui16>, tensor<20xui16> -> tensor<20xui16>
    return %0 : tensor<20xui16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 65535, 65535, 0, 0, 0, 1, 65535, 3, 65534, 1, 322, 28270, 61545, 29791, 62126, 41427, 60298, 48748]> : tensor<20xui16>
    %x1 = stablehlo.constant dense<[65535, 65535, 65535, 2, 0, 65535, 1, 0, 0, 21845, 65534, 1, 30274, 16273, 14563, 48589, 14178, 11946, 59475, 64887]> : tensor<20xui16>
    %r = func.call @f(%x0, %x1) : (tensor<20xui16>, tensor<20xui16>) -> tensor<20xui16>
    %want = stablehlo.constant dense<[0, 0, 65534, 1, 0, 0, 0, 0, 0, 0, 65532, 0, 148, 7019, 13676, 22087, 13440, 7551, 54721, 48265]> : tensor<20xui16>
    check.expect_eq %r, %want : tensor<20xui16>
    func.return
  }
}

// -----

// chlo.mulhi on ui32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<20xui32>, %arg1: tensor<20xui32>) -> (tensor<20xui32> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<20xui32>, tensor<20xui32> -> tensor<20xui32>
    return %0 : tensor<20xui32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 4294967295, 4294967295, 0, 0, 0, 1, 4294967295, 3, 4294967294, 1, 3771430652, 3690153565, 1818305402, 1215578691, 2807876960, 1527123933, 3396517592, 3022995547]> : tensor<20xui32>
    %x1 = stablehlo.constant dense<[4294967295, 4294967295, 4294967295, 2, 0, 4294967295, 1, 0, 0, 1431655765, 4294967294, 1, 688237715, 2457706968, 1619784870, 1386996036, 2948984194, 4175704787, 4152504287, 2883204769]> : tensor<20xui32>
    %r = func.call @f(%x0, %x1) : (tensor<20xui32>, tensor<20xui32>) -> tensor<20xui32>
    %want = stablehlo.constant dense<[0, 0, 4294967294, 1, 0, 0, 0, 0, 0, 0, 4294967292, 0, 604344721, 2111614711, 685747614, 392553123, 1927927316, 1484718806, 3283855938, 2029332140]> : tensor<20xui32>
    check.expect_eq %r, %want : tensor<20xui32>
    func.return
  }
}

// -----

// chlo.mulhi on ui64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<20xui64>, %arg1: tensor<20xui64>) -> (tensor<20xui64> {jax.result_info = "result"}) {
    %0 = chlo.mulhi %arg0, %arg1 : tensor<20xui64>, tensor<20xui64> -> tensor<20xui64>
    return %0 : tensor<20xui64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0, 1, 18446744073709551615, 18446744073709551615, 0, 0, 0, 1, 18446744073709551615, 3, 18446744073709551614, 1, 17404382257922801966, 1212152845597117937, 15835006611135166595, 18176780586320233797, 2776981683683514742, 7713048619352560153, 12798270683349386207, 17708396294550518638]> : tensor<20xui64>
    %x1 = stablehlo.constant dense<[18446744073709551615, 18446744073709551615, 18446744073709551615, 2, 0, 18446744073709551615, 1, 0, 0, 6148914691236517205, 18446744073709551614, 1, 9653912202389350703, 5876372253080095304, 1559832736025973417, 11536251588709634399, 623734450907710313, 10249118698661937097, 871454839963632557, 10311311348699268238]> : tensor<20xui64>
    %r = func.call @f(%x0, %x1) : (tensor<20xui64>, tensor<20xui64>) -> tensor<20xui64>
    %want = stablehlo.constant dense<[0, 0, 18446744073709551614, 1, 0, 0, 0, 0, 0, 0, 18446744073709551612, 0, 9108402956285041939, 386141929431916891, 1338987606080518499, 11367421431049062114, 93897282833869182, 4285414841362733471, 604611571863513787, 9898591694536557618]> : tensor<20xui64>
    check.expect_eq %r, %want : tensor<20xui64>
    func.return
  }
}
