import type { Hono } from 'hono';
import { formatFromAccept } from '../../api/codec';
import type { Guard } from '../platform/guard/guard';
import { replyWhenReady, schemaAnswer } from '../platform/http/api-answer';
import type { User } from '../store/records';
import type { LocationRead } from './location-read';
import { LOCATION_XSD } from './location-xsd';

/** The document's Location read behind the guard (the store's answer or the CAMARA consumer's), and its schema. */
export function locationRoutes(api: Hono, guard: Guard<User>, read: LocationRead): void {
  // c.get() rather than c.var: c.var copies every variable into a new object on each use.
  api.get('/location', guard(), (c) =>
    replyWhenReady(c, read(c.get('who'), formatFromAccept(c.req.header('accept')))),
  );
  api.get('/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}
