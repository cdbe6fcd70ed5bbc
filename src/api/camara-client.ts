import { camaraAskPath, decodeCamaraAnswer, decodeCamaraFailure } from './camara-codec';
import type { Client, Request, RequestOptions } from './client-types';

const json = (options: RequestOptions): RequestOptions => ({ ...options, format: 'json' });

/** The CAMARA read's two requests, through the client's one request(): JSON, a failure's body an answer too. */
export function camaraReads(request: Request): Pick<Client, 'askCamara' | 'getCamara' | 'cancelCamara'> {
  return {
    askCamara: (keys, ask, options = {}) =>
      request(camaraAskPath(ask), keys, decodeCamaraAnswer, json(options), undefined, {
        method: 'POST',
        errorAnswer: decodeCamaraFailure,
      }),
    getCamara: (keys, kind, options = {}) =>
      request(`/camara/${kind}`, keys, decodeCamaraAnswer, json(options), undefined, {
        errorAnswer: decodeCamaraFailure,
      }),
    cancelCamara: (keys, kind, options = {}) =>
      request(`/camara/${kind}`, keys, decodeCamaraAnswer, json(options), undefined, {
        method: 'DELETE',
        errorAnswer: decodeCamaraFailure,
      }),
  };
}
