import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { RETRIEVAL_SCOPE, VERIFICATION_SCOPE } from '../../api/device-location';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A consent request as the phone shows it: who asks, why, for what, since when; `id` names it in the answer. */
export interface ShownRequest {
  id: string;
  clientId: string;
  purpose: string;
  scopes: readonly string[];
  /** Unix seconds. */
  askedAt: number;
}

/* What each Device Location scope lets the consumer know, in the subscriber's words. */
const DATA: Record<string, string> = {
  [RETRIEVAL_SCOPE]: 'where your phone is (the area of the cell it is in)',
  [VERIFICATION_SCOPE]: 'whether your phone is in an area they name',
};

/** dpv:FraudPreventionAndDetection as "Fraud prevention and detection". */
export function purposeWords(purpose: string): string {
  const words = purpose
    .replace(/^dpv:/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function page(title: string, body: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title}</title>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

/** The page before the subscriber has said who they are: their user key, nothing else. */
export function keyPage(problem?: string): Html {
  return page(
    'Your phone: consent requests',
    html`<h1>Your phone</h1>
      <p>
        API consumers ask this operator for your phone's location. Enter your user key to see who is waiting
        for your answer.
      </p>
      ${problem === undefined ? '' : html`<p role="alert">${problem}</p>`}
      <form method="post">
        <label>Your user key <input type="password" name="userKey" autocomplete="off" required /></label>
        <button type="submit">Show my requests</button>
      </form>`,
  );
}

function requestItem(userKey: string, request: ShownRequest): Html {
  const data = request.scopes.map((scope) => DATA[scope] ?? scope).join('; and ');
  const asked = new Date(request.askedAt * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  return html`<li>
    <article aria-label="${request.clientId} asks">
      <h3>${request.clientId} asks</h3>
      <dl>
        <dt>Purpose</dt>
        <dd>${purposeWords(request.purpose)} (${request.purpose})</dd>
        <dt>To know</dt>
        <dd>${data}</dd>
        <dt>Asked</dt>
        <dd><time datetime="${asked}">${asked.replace('T', ' ')}</time></dd>
      </dl>
      <form method="post">
        <input type="hidden" name="userKey" value="${userKey}" />
        <input type="hidden" name="request" value="${request.id}" />
        <button type="submit" name="answer" value="approve">Approve</button>
        <button type="submit" name="answer" value="decline">Decline</button>
      </form>
    </article>
  </li>`;
}

/** The subscriber's waiting requests, each with Approve and Decline, and what their last answer did. */
export function requestsPage(userKey: string, requests: readonly ShownRequest[], said?: string): Html {
  const list =
    requests.length === 0
      ? html`<p>No consent requests are waiting for your answer.</p>`
      : html`<ul>
          ${requests.map((request) => requestItem(userKey, request))}
        </ul>`;
  return page(
    'Your phone: consent requests',
    html`<h1>Your phone</h1>
      ${said === undefined ? '' : html`<p role="status">${said}</p>`}
      <h2>Waiting for your answer</h2>
      ${list}
      <p>Declining withdraws what that consumer was given before.</p>
      <form method="post">
        <input type="hidden" name="userKey" value="${userKey}" />
        <button type="submit">Check again</button>
      </form>`,
  );
}
