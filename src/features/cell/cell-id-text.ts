const HEX = /^0x[0-9a-f]+$/i;

/**
 * A typed Cell ID, decimal or `0x` hexadecimal, as the decimal text the API takes. Anything else is returned
 * as typed, for the check to name what is wrong.
 */
export function cellIdToDecimal(text: string): string {
  const trimmed = text.trim();
  if (!HEX.test(trimmed)) return trimmed;
  // Past 13 hex digits the value is beyond 2^36−1 anyway; keep it long so the range check says so.
  return BigInt(trimmed).toString(10);
}

/** "0x2736" for 10038. */
export function cellIdHex(decimal: string): string {
  return /^\d+$/.test(decimal) ? `0x${BigInt(decimal).toString(16).toUpperCase()}` : decimal;
}
