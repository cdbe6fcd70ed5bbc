import { describe, expect, it } from 'vitest';
import { cellIdToDecimal } from '../../api/lookup-check';
import { cellIdHex } from './cell-id-text';
import { interpretCellId } from './interpret';

describe('cellIdToDecimal', () => {
  it('turns 0x hexadecimal into decimal text, either case', () => {
    expect(cellIdToDecimal('0x725F')).toBe('29279');
    expect(cellIdToDecimal(' 0x725f ')).toBe('29279');
    expect(cellIdToDecimal('0XFFFFFFFFF')).toBe(String(2 ** 36 - 1));
  });

  it('leaves decimal and anything else as typed for the check', () => {
    expect(cellIdToDecimal('10038')).toBe('10038');
    expect(cellIdToDecimal('0xZZ')).toBe('0xZZ');
    expect(cellIdToDecimal('0x')).toBe('0x');
    expect(cellIdToDecimal('-0x1')).toBe('-0x1');
  });

  it('keeps a hex value past 2^36−1 too long, so the range check refuses it', () => {
    expect(Number(cellIdToDecimal('0x1000000000'))).toBe(2 ** 36);
  });

  it('shows the hex form', () => {
    expect(cellIdHex('29279')).toBe('0x725F');
    expect(cellIdHex('0')).toBe('0x0');
    expect(cellIdHex(String(2 ** 36 - 1))).toBe('0xFFFFFFFFF');
  });
});

describe('interpretCellId', () => {
  it('reads LTE as eNB and sector', () => {
    expect(interpretCellId(29279)?.lte).toEqual({ enb: 114, sector: 95 });
  });

  it('reads UMTS as RNC and CID', () => {
    expect(interpretCellId(0x12345678)?.umts).toEqual({ rnc: 0x1234, cid: 0x5678 });
  });

  it('adds NR (24-bit gNB, 12-bit cell) only above 2^28', () => {
    expect(interpretCellId(2 ** 28)?.nr).toBeUndefined();
    expect(interpretCellId(0x123456789)?.nr).toEqual({ gnb: 0x123456, cell: 0x789 });
    expect(interpretCellId(2 ** 36 - 1)?.nr).toEqual({ gnb: 2 ** 24 - 1, cell: 4095 });
  });

  it('refuses what is not a cell id', () => {
    expect(interpretCellId(-1)).toBeUndefined();
    expect(interpretCellId(2 ** 36)).toBeUndefined();
    expect(interpretCellId(1.5)).toBeUndefined();
  });
});
