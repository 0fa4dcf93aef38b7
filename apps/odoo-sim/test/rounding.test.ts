import { describe, expect, it } from 'vitest';
import { round2 } from '../src/models/spec.js';

describe("round2 = Odoo's float_round(x, precision_rounding=0.01), HALF-UP", () => {
  it('rounds the decimal a float stands for, at any magnitude', () => {
    expect(round2(0.315)).toBe(0.32); // 0.31499999999999999…
    expect(round2(1.005)).toBe(1.01);
    expect(round2(5127.145)).toBe(5127.15);
    expect(round2(1709.05 * 3)).toBe(5127.15); // 1799 × 0.95 × 3, Odoo's order of operations
    expect(round2(123456789.125)).toBe(123456789.13);
    expect(round2(2.675)).toBe(2.68);
  });
  it('rounds ties away from zero and never answers -0', () => {
    expect(round2(-0.315)).toBe(-0.32);
    expect(round2(-1.005)).toBe(-1.01);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(round2(0)).toBe(0);
    expect(round2(0.3 - 0.1)).toBe(0.2);
  });
});
