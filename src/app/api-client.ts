import { createClient, type Client } from '../api/client';
import { config } from './config';

/** The one client the app reads the service through. */
export const apiClient: Client = createClient({ baseUrl: config.apiBase, timeoutMs: config.timeoutMs });
