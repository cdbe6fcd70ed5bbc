/** The Device Location scopes, as the two APIs' `security` sections name them. */
export const RETRIEVAL_SCOPE = 'location-retrieval:read';
export const VERIFICATION_SCOPE = 'location-verification:verify';
export const API_SCOPES: readonly string[] = [RETRIEVAL_SCOPE, VERIFICATION_SCOPE];
