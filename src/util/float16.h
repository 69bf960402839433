/* float16: the 16-bit float formats (IEEE binary16 "f16" and bfloat16
 * "bf16") in software, for the parser, the evaluator and the checks.
 *
 * Widening to double is exact. Narrowing rounds once, straight from the
 * double to nearest even (no detour through f32 that could round twice),
 * keeps subnormals, overflows to infinity, keeps the sign of zeros and of
 * NaNs; a NaN stays a quiet NaN with the top bits of its payload, so that
 * f16 -> double -> f16 gives back the same bits for every pattern but
 * signalling NaNs (they come back quiet). The generated code does the same
 * with _Float16 and its own bf16 helpers; tests check they agree. */
#ifndef FLOAT16_H
#define FLOAT16_H
#include <stdint.h>

uint16_t f16_from_double(double x);
double f16_to_double(uint16_t bits);
uint16_t bf16_from_double(double x);
double bf16_to_double(uint16_t bits);

/* An integer rounded to 53 bits with ties to odd ("sticky" low bit): the
 * double that then rounds to any format of at most 51 bits of precision
 * exactly as the integer itself would, so i64 -> double -> bf16 rounds once. */
double float16_int_to_double_odd(uint64_t magnitude);
#endif
