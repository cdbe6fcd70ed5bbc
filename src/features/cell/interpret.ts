/** Readings of a cell id by radio technology. The API does not say which applies: these are interpretations. */
export interface CellIdReadings {
  lte: { enb: number; sector: number };
  umts: { rnc: number; cid: number };
  /** Only for ids above 2^28 (beyond LTE's 28 bits): a 36-bit NR cell identity with a 24-bit gNB id. */
  nr?: { gnb: number; cell: number };
}

const TWO_28 = 2 ** 28;

/** Cell ids are at most 2^36−1, well inside Number's exact integers (2^53). */
export function interpretCellId(cellid: number): CellIdReadings | undefined {
  if (!Number.isSafeInteger(cellid) || cellid < 0 || cellid > 2 ** 36 - 1) return undefined;
  const readings: CellIdReadings = {
    lte: { enb: Math.floor(cellid / 256), sector: cellid % 256 },
    umts: { rnc: Math.floor(cellid / 65_536), cid: cellid % 65_536 },
  };
  if (cellid > TWO_28) readings.nr = { gnb: Math.floor(cellid / 4096), cell: cellid % 4096 };
  return readings;
}
