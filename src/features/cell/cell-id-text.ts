/** "0x2736" for 10038. */
export function cellIdHex(decimal: string): string {
  return /^\d+$/.test(decimal) ? `0x${BigInt(decimal).toString(16).toUpperCase()}` : decimal;
}
