/** The Device Location scopes, as the two APIs' `security` sections name them. */
export const RETRIEVAL_SCOPE = 'location-retrieval:read';
export const VERIFICATION_SCOPE = 'location-verification:verify';
/** Device Geofencing Subscriptions v0.5: creating a subscription to each event type, reading and deleting them. */
export const GEOFENCING_SCOPES = {
  createEntered: 'geofencing-subscriptions:org.camaraproject.geofencing-subscriptions.v0.area-entered:create',
  createLeft: 'geofencing-subscriptions:org.camaraproject.geofencing-subscriptions.v0.area-left:create',
  read: 'geofencing-subscriptions:read',
  delete: 'geofencing-subscriptions:delete',
} as const;
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
