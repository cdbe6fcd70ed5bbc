import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Answer, Client } from '../../api/client';
import { keyFingerprint } from '../../api/keys';
import type { Format, Keys, Location } from '../../api/types';

/** The Location read. The key holds a fingerprint of the keys, never the keys themselves. */
export const locationQuery = (client: Client, keys: Keys | null, format: Format) =>
  queryOptions<Answer<Location>>({
    queryKey: ['location', keys ? keyFingerprint(keys) : 'no-keys', format],
    queryFn: keys ? ({ signal }) => client.getLocation(keys, { signal, format }) : skipToken,
  });
