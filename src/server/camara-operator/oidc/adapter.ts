import { errors, type Adapter, type AdapterPayload, type ClientMetadata } from 'oidc-provider';
import type { CamaraClient, CamaraStore, JsonObject } from '../../store/camara-store';
import { HASHED_MODELS, hashedRecordId } from '../../store/record-ids';
import { CIBA_GRANT_TYPE } from '../../../api/device-location';

/* How long a record is kept after it expires: the provider checks expiry itself, and a late poll of a CIBA request
   must be told expired_token (not invalid_grant, which a vanished request would give). */
export const RETAIN_SECONDS = 600;

const CIBA = CIBA_GRANT_TYPE;

const seconds = (): number => Math.floor(Date.now() / 1000);

/** A registered consumer as oidc-provider's client metadata: CIBA poll mode, private_key_jwt, no redirects. */
export function clientMetadata(client: CamaraClient): ClientMetadata {
  return {
    client_id: client.clientId,
    grant_types: client.twoLegged ? [CIBA, 'client_credentials'] : [CIBA],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'private_key_jwt',
    backchannel_token_delivery_mode: 'poll',
    ...(client.jwks !== undefined
      ? { jwks: client.jwks as ClientMetadata['jwks'] }
      : { jwks_uri: client.jwksUri }),
  };
}

/* Clients are registered by the admin command line only: the provider reads them, never writes them. */
function clientAdapter(store: CamaraStore): Adapter {
  const refuse = async (): Promise<never> => {
    throw new Error('clients are registered with the admin command line (camara-client add)');
  };
  return {
    async find(id) {
      const client = await store.getClient(id);
      return client === undefined ? undefined : (clientMetadata(client) as AdapterPayload);
    },
    upsert: refuse,
    consume: refuse,
    destroy: refuse,
    revokeByGrantId: refuse,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };
}

/**
 * oidc-provider's adapter (lib/adapters in its sources) over the CAMARA store, one per model. A token's record is
 * kept under a hash of the token and without its copy of it (store/record-ids.ts): each lookup by id hashes too.
 */
export function storeAdapter(store: CamaraStore): (model: string) => Adapter {
  return (model) => {
    if (model === 'Client') return clientAdapter(store);
    const hashed = HASHED_MODELS.has(model);
    const key = (id: string): string => (hashed ? hashedRecordId(id) : id);
    return {
      async upsert(id, payload, expiresIn) {
        const forgetAt = expiresIn === undefined ? undefined : seconds() + expiresIn + RETAIN_SECONDS;
        const { jti: _token, ...kept } = payload as JsonObject;
        await store.saveRecord(model, key(id), hashed ? kept : (payload as JsonObject), forgetAt);
      },
      async find(id) {
        const found = await store.findRecord(model, key(id), seconds());
        return (found === undefined || !hashed ? found : { ...found, jti: id }) as AdapterPayload | undefined;
      },
      async findByUid(uid) {
        return (await store.findRecordBy(model, 'uid', uid, seconds())) as AdapterPayload | undefined;
      },
      async findByUserCode(userCode) {
        return (await store.findRecordBy(model, 'userCode', userCode, seconds())) as
          AdapterPayload | undefined;
      },
      async consume(id) {
        // Two replicas may both have read the record unconsumed: the store lets one of them win.
        if (!(await store.consumeRecord(model, key(id), seconds()))) {
          throw new errors.InvalidGrant(`${model} already consumed`);
        }
      },
      async destroy(id) {
        await store.deleteRecord(model, key(id));
      },
      async revokeByGrantId(grantId) {
        await store.deleteGrant(grantId);
      },
    };
  };
}
