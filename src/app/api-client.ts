import { createClient, type Client } from '../api/client';
import { config } from './config';

export const apiClient: Client = createClient({ baseUrl: config.apiBase, timeoutMs: config.timeoutMs });
