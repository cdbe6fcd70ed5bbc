import { describe, expect, it } from 'vitest';
import { checkScope } from './scope-policy';
import { purposeOf } from './scopes';

const refused = (scope: string | undefined) => {
  try {
    checkScope(scope);
  } catch (error) {
    return error as { error: string; error_description: string };
  }
  throw new Error(`"${scope}" was accepted`);
};

describe('a token request’s scope (CAMARA: one dpv: purpose and the API’s scopes)', () => {
  it('accepts a purpose with either Device Location scope, or both, with openid', () => {
    expect(checkScope('openid dpv:FraudPreventionAndDetection location-retrieval:read')).toEqual({
      purpose: 'dpv:FraudPreventionAndDetection',
      apiScopes: ['location-retrieval:read'],
    });
    expect(
      checkScope('location-verification:verify dpv:ServiceProvision location-retrieval:read').apiScopes,
    ).toEqual(['location-retrieval:read', 'location-verification:verify']);
    expect(checkScope('openid offline_access dpv:Personalisation location-verification:verify').purpose).toBe(
      'dpv:Personalisation',
    );
  });

  it('refuses a scope without a purpose, or with two', () => {
    expect(refused('openid location-retrieval:read')).toMatchObject({
      error: 'invalid_scope',
      error_description: expect.stringContaining('purpose'),
    });
    expect(refused('dpv:A dpv:B location-retrieval:read').error_description).toContain('exactly one');
    expect(refused(undefined).error).toBe('invalid_scope');
  });

  it('refuses a purpose that is not dpv: and a concept’s name', () => {
    expect(refused('dpv: location-retrieval:read').error_description).toContain('not a DPV purpose');
    expect(refused('dpv:fraud-prevention location-retrieval:read').error).toBe('invalid_scope');
  });

  it('refuses a scope without a Device Location scope, and any unknown scope', () => {
    expect(refused('openid dpv:FraudPreventionAndDetection').error_description).toContain(
      'location-retrieval:read',
    );
    expect(
      refused('dpv:FraudPreventionAndDetection location-retrieval:read sim-swap:check').error_description,
    ).toContain('"sim-swap:check"');
  });

  it('finds the purpose of a granted scope', () => {
    expect(purposeOf('openid dpv:FraudPreventionAndDetection location-retrieval:read')).toBe(
      'dpv:FraudPreventionAndDetection',
    );
    expect(purposeOf('location-retrieval:read')).toBeUndefined();
  });
});
