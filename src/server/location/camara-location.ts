import type { CamaraAnswer, CamaraQuestion } from '../../api/camara';
import type { ConsumerAsk } from '../camara-consumer/asks';
import type { CamaraConsumer } from '../camara-consumer/engine';
import type { User } from '../store/records';
import type { WatchSource } from '../camara-consumer/watches/watch-source';

/**
 * The Location source of LOCATION_SOURCE=camara: a user's own registered number (the document's rule: only your
 * own phone) asked of a CAMARA Device Location operator, whose consent, asked on the phone, is the consent. The
 * keys stay here: the operator hears the number, never the keys.
 */
export interface CamaraLocationSource {
  /** Asks the operator where the phone is, or whether it is in a circle; pending while the owner decides. */
  ask(user: User, ask: ConsumerAsk): Promise<CamaraAnswer>;
  /** The question's state; undefined when the user has asked nothing lately. */
  status(user: User, kind: CamaraQuestion): Promise<CamaraAnswer | undefined>;
  /** Stops the wait (the operator's request stays valid until it runs out); undefined when nothing was asked. */
  cancel(user: User, kind: CamaraQuestion): Promise<CamaraAnswer | undefined>;
  /** "Watch my phone" (geofencing subscriptions at the same operator), where the service offers it. */
  watches?: WatchSource;
}

export function camaraLocationSource(consumer: CamaraConsumer, watches?: WatchSource): CamaraLocationSource {
  const subscriber = (user: User) => ({ userId: user.id, msisdn: user.msisdn });
  return {
    ask: (user, ask) => consumer.ask(subscriber(user), ask),
    status: (user, kind) => consumer.status(subscriber(user), kind),
    cancel: (user, kind) => consumer.cancel(subscriber(user), kind),
    ...(watches !== undefined && { watches }),
  };
}
