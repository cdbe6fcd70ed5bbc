import { RETRIEVAL_SCOPE, VERIFICATION_SCOPE } from '../../../api/device-location';
import { GEOFENCING_SCOPES } from '../../../api/geofencing';

/** Device Geofencing Subscriptions v0.5's scopes, spelled once in src/api/geofencing.ts. */
export { GEOFENCING_SCOPES };

/** The Device Location scopes (spelled once, in src/api/device-location.ts, the wire both sides speak) and geofencing's. */
export const API_SCOPES: readonly string[] = [
  RETRIEVAL_SCOPE,
  VERIFICATION_SCOPE,
  ...Object.values(GEOFENCING_SCOPES),
];

/* A DPV purpose as a scope: `dpv:` and the concept's name (CAMARA Security and Interoperability Profile, "Purpose
   as a scope"). Whether the name is one of DPV's concepts is not checked: DPV grows and renames from release to
   release (2.3 changed ServiceProvision), and the purpose is the consumer's declaration, recorded in the token. */
export const PURPOSE = /^dpv:[A-Z][A-Za-z0-9]{0,99}$/;

/** The purpose a granted scope declares (already checked), or undefined. Here, apart from scope-policy.ts, so that
 *  the Device Location routes read it without loading oidc-provider (which warns on Node 20 when loaded). */
export function purposeOf(scope: string | undefined): string | undefined {
  return (scope ?? '').split(' ').find((value) => PURPOSE.test(value));
}
