import type { Upstream } from '../cells/sources/operator-link';

const EMPTY_XML = () => new Response('<x/>', { status: 200, headers: { 'Content-Type': 'application/xml' } });

/**
 * For tests: an operator at an address that resolves nowhere, whose answers `answer` makes (by default an empty XML
 * document), and the URLs it was asked, in order.
 */
export function fakeOperator(answer: (url: string) => Response | Promise<Response> = EMPTY_XML): {
  upstream: Upstream;
  asked: string[];
} {
  const asked: string[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    return answer(url);
  };
  return { asked, upstream: { baseUrl: 'http://operator.invalid/rest', timeoutMs: 1000, fetch } };
}
