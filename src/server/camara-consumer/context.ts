import type { CamaraAnswer } from '../../api/camara';
import type { CamaraConsumerStore } from '../store/camara-consumer-store';
import { retrieveLocation, verifyLocation, type ApiOutcome, type DeviceLocationApi } from './api';
import type { ConsumerFailure } from './failures';
import { FRESH_MAX_AGE_SECONDS, locatedAnswer, scopeOf, verifiedAnswer, type ConsumerAsk } from './asks';
import type { IssuedToken, OAuthClient } from './ciba';
import type { TokenSeal } from './seal';

/** What the consumer works with: the operator's two faces, the store, the seal and the clock. */
export interface ConsumerContext {
  oauth: OAuthClient;
  api: DeviceLocationApi;
  /** One DPV purpose (CAMARA_PURPOSE). */
  purpose: string;
  store: CamaraConsumerStore;
  seal: TokenSeal;
  /** Unix milliseconds. */
  now: () => number;
  log: (line: string) => void;
}

/** Whose phone: the user's row and the registered number (digits). */
export interface Subscriber {
  userId: number;
  msisdn: string;
}

/** How long a token is kept when the operator does not say (it is dropped at once if the operator refuses it). */
export const DEFAULT_TOKEN_SECONDS = 600;
/** A token is not used in its last seconds: it must not run out between the service's clock and the operator's. */
export const TOKEN_MARGIN_SECONDS = 30;

/** The user's token for the question's scope, when one is held, readable and issued for the same number. */
export async function heldToken(
  context: ConsumerContext,
  subscriber: Subscriber,
  ask: ConsumerAsk,
): Promise<string | undefined> {
  const scope = scopeOf(ask.kind, context.purpose);
  const held = await context.store.getToken(subscriber.userId, scope, context.now());
  if (held === undefined) return undefined;
  const token =
    held.msisdn === subscriber.msisdn
      ? await context.seal.open(held.sealed, { ...subscriber, scope })
      : undefined;
  if (token === undefined) await context.store.deleteToken(subscriber.userId, scope);
  return token;
}

/** Keeps a new token, sealed, for its lifetime less a margin. */
export async function keepToken(
  context: ConsumerContext,
  subscriber: Subscriber,
  ask: ConsumerAsk,
  token: IssuedToken,
): Promise<void> {
  const seconds = (token.expiresInSeconds ?? DEFAULT_TOKEN_SECONDS) - TOKEN_MARGIN_SECONDS;
  if (seconds <= 0) return;
  const scope = scopeOf(ask.kind, context.purpose);
  await context.store.putToken(subscriber.userId, scope, {
    sealed: await context.seal.seal(token.accessToken, { ...subscriber, scope }),
    msisdn: subscriber.msisdn,
    expiresAt: context.now() + seconds * 1000,
  });
}

/** Forgets a token the operator refused. */
export async function dropToken(
  context: ConsumerContext,
  subscriber: Subscriber,
  ask: ConsumerAsk,
): Promise<void> {
  await context.store.deleteToken(subscriber.userId, scopeOf(ask.kind, context.purpose));
}

/** Asks the operator's Device Location API with the token: the area, or whether the phone is in the circle. */
export async function askOperator(
  context: ConsumerContext,
  accessToken: string,
  phoneNumber: string,
  ask: ConsumerAsk,
): Promise<ApiOutcome<CamaraAnswer>> {
  if (ask.kind === 'locate') {
    const maxAge = ask.fresh ? FRESH_MAX_AGE_SECONDS : undefined;
    const found = await retrieveLocation(context.api, accessToken, { phoneNumber, maxAge }, context.now);
    return found.ok ? { ok: true, value: locatedAnswer(found.value, context.now()) } : found;
  }
  const verified = await verifyLocation(
    context.api,
    accessToken,
    { phoneNumber, center: ask.center, radiusM: ask.radiusM },
    context.now,
  );
  return verified.ok ? { ok: true, value: verifiedAnswer(verified.value, ask, context.now()) } : verified;
}

/**
 * The operator asked with a token, the one sequence both tries share (a token kept, or one just issued): its answer,
 * its failure, or, when the operator refuses the token, `refused` once the token is dropped, for the caller to ask
 * consent again or give up.
 */
export async function askWithToken(
  context: ConsumerContext,
  subscriber: Subscriber,
  accessToken: string,
  phoneNumber: string,
  ask: ConsumerAsk,
): Promise<
  { ok: true; value: CamaraAnswer } | { ok: false; failure: ConsumerFailure } | { ok: false; refused: string }
> {
  const asked = await askOperator(context, accessToken, phoneNumber, ask);
  if (!('tokenRejected' in asked)) return asked;
  await dropToken(context, subscriber, ask);
  return { ok: false, refused: asked.detail };
}
