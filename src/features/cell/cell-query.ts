import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Answer, Client } from '../../api/client';
import { keyFingerprint } from '../../api/keys';
import type { Cell, CellId, Format, Keys } from '../../api/types';

/** The Cell read, keyed from general to specific; keys enter only as a fingerprint. */
export const cellQuery = (client: Client, keys: Keys | null, id: CellId | null, format: Format) => {
  const { mcc = '', mnc = '', cellid = '' } = id ?? {};
  return queryOptions<Answer<Cell>>({
    queryKey: ['cell', mcc, mnc, cellid, keys ? keyFingerprint(keys) : 'no-keys', format],
    queryFn:
      keys && id ? ({ signal }) => client.getCell(keys, { mcc, mnc, cellid }, { signal, format }) : skipToken,
  });
};
