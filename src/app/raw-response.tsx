import type { RawResponse } from '../api/errors';
import { prettyBody } from './pretty';

/** The last answer as it came, for people checking their own integration. Text only, never markup. */
export function RawResponseView({ raw }: { raw: RawResponse | 'no-answer' | undefined }) {
  if (raw === undefined) return <p className="muted">No answer yet.</p>;
  if (raw === 'no-answer')
    return <p className="muted">The last request got no answer: the service could not be reached.</p>;
  return (
    <div className="raw">
      <dl className="fields compact">
        <dt>Status</dt>
        <dd className="mono">{raw.status}</dd>
        <dt>Content type</dt>
        <dd className="mono">{raw.contentType || '(none)'}</dd>
        <dt>URL</dt>
        <dd className="mono break">{raw.url}</dd>
        <dt>Time</dt>
        <dd className="mono">{raw.durationMs} ms</dd>
      </dl>
      {raw.truncated && (
        <p className="muted">The answer was larger than the app reads; only its start is shown.</p>
      )}
      {/* Focusable so keyboard users can scroll a long body (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="raw-body" tabIndex={0} aria-label="Response body">
        {raw.body === '' ? '(empty body)' : prettyBody(raw.body, raw.contentType)}
      </pre>
    </div>
  );
}
