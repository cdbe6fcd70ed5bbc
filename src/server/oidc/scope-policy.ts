import { errors } from 'oidc-provider';

import { API_SCOPES, PURPOSE } from './scopes';

/* What else a request may carry: `openid` (CIBA needs it, for the ID token) and `offline_access`, which asks for
   a refresh token; this operator issues none, as the profile allows. */
const ALSO_ALLOWED = new Set(['openid', 'offline_access']);

export interface ScopeRequest {
  purpose: string;
  apiScopes: string[];
}

/**
 * A token request's scope by the CAMARA rules: exactly one `dpv:` purpose, at least one Device Location scope,
 * nothing unknown. Anything else is invalid_scope, with a description that says what to change.
 */
export function checkScope(scope: string | undefined): ScopeRequest {
  const values = (scope ?? '').split(' ').filter((value) => value !== '');
  const purposes = values.filter((value) => value.startsWith('dpv:'));
  const unknown = values.filter(
    (value) => !value.startsWith('dpv:') && !API_SCOPES.includes(value) && !ALSO_ALLOWED.has(value),
  );
  if (unknown.length > 0) {
    throw new errors.InvalidScope(
      `unknown scope ${unknown.map((value) => `"${value}"`).join(', ')}`,
      unknown.join(' '),
    );
  }
  if (purposes.length !== 1) {
    throw new errors.InvalidScope(
      purposes.length === 0
        ? 'the scope must declare one purpose, e.g. dpv:FraudPreventionAndDetection'
        : 'the scope must declare exactly one dpv: purpose',
      purposes.join(' '),
    );
  }
  const [purpose = ''] = purposes;
  if (!PURPOSE.test(purpose)) {
    throw new errors.InvalidScope(
      `"${purpose}" is not a DPV purpose (dpv: followed by the concept's name)`,
      purpose,
    );
  }
  const apiScopes = API_SCOPES.filter((api) => values.includes(api));
  if (apiScopes.length === 0) {
    throw new errors.InvalidScope(
      `the scope must name at least one of ${API_SCOPES.join(', ')}`,
      API_SCOPES.join(' '),
    );
  }
  return { purpose, apiScopes };
}
