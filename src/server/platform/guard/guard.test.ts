import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { User } from '../../store/records';
import { createGuard, type RequestCheck } from './guard';
import { operatorKeys, storeKeys, type KeyJudge } from './key-check';
import { keyParams } from './key-params';
import { createLimits, type Limits } from './limits';
import { FreshCache } from '../cache/fresh-cache';

const USER: User = {
  id: 1,
  developerId: 1,
  msisdn: '358401234567',
  smsReplied: true,
  state: null,
  cell: null,
  keyPrefix: 'demo',
};

/** Limits that say what was asked of them, in order; `refuse` names the steps that answer 429. */
function recordingLimits(refuse: Array<keyof Limits> = []): Limits & { calls: string[] } {
  const calls: string[] = [];
  const step = (name: Exclude<keyof Limits, 'spendOnSources'>) => (arg: string) => {
    calls.push(`${name} ${arg}`);
    return refuse.includes(name)
      ? { status: 429 as const, code: 'rate-limited', message: `${name} refused`, retryAfterSeconds: 3 }
      : undefined;
  };
  return {
    calls,
    admit: step('admit'),
    failed: (address) => void calls.push(`failed ${address}`),
    keyHasRoom: step('keyHasRoom'),
    accepted: step('accepted'),
    hintsHaveRoom: step('hintsHaveRoom'),
    unknownHint: (clientId, hint) => void calls.push(`unknownHint ${clientId} ${hint}`),
    spendOnSources: (serviceKey) => {
      calls.push(`spendOnSources ${serviceKey}`);
      return refuse.includes('spendOnSources') ? { ok: false, retryAfterSeconds: 7 } : { ok: true };
    },
  };
}

function appWith<Who>(limits: Limits, judge: KeyJudge<Who>, check?: RequestCheck<string>) {
  const guard = createGuard({ limits, addressOf: () => '10.0.0.9', credentials: keyParams, judge });
  const app = new Hono();
  app.get('/read', guard(check), (c) => c.json({ who: c.var.who, asked: c.var.asked ?? null }));
  return app;
}

const judgeAll: KeyJudge<string> = (keys) => ({ ok: true, who: keys.userKey.join('+') });
const json = { headers: { Accept: 'application/json' } };

describe('the guard', () => {
  it('admits, checks what is asked, judges the keys, then lets the route answer for who and what', async () => {
    const limits = recordingLimits();
    const app = appWith(limits, judgeAll, (c) => ({ ok: true, value: c.req.query('q') ?? '' }));
    const res = await app.request('/read?q=cell&serviceKey=s&userKey=u', json);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ who: 'u', asked: 'cell' });
    expect(limits.calls).toEqual(['admit 10.0.0.9']);
  });

  it('answers 429 for an address over its limit before anything else is looked at', async () => {
    const judged: string[] = [];
    const app = appWith(recordingLimits(['admit']), (keys) => {
      judged.push(keys.serviceKey.join());
      return { ok: true, who: 'x' };
    });
    const res = await app.request('/read?serviceKey=s&userKey=u', json);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(judged).toEqual([]);
  });

  it('answers the request check’s 400 before the keys cost anything', async () => {
    const limits = recordingLimits();
    const app = appWith(
      limits,
      storeKeys({ authenticate: () => USER }, limits, new FreshCache(() => '1')),
      () => ({
        ok: false,
        problem: { status: 400, code: 'bad-parameter', message: 'q is wrong.', field: 'q' },
      }),
    );
    const res = await app.request('/read?serviceKey=s&userKey=u', json);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe('q');
    expect(limits.calls).toEqual(['admit 10.0.0.9']);
  });

  it('answers the judge’s refusal in the format asked for, and the route never runs', async () => {
    const app = appWith(recordingLimits(), () => ({
      ok: false,
      problem: { status: 401, code: 'unauthorized', message: 'no' },
    }));
    const res = await app.request('/read?serviceKey=s&userKey=u', { headers: { Accept: 'application/xml' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await res.text()).toContain('unauthorized');
  });
});

describe('the service’s own key check (storeKeys)', () => {
  const fresh = () => new FreshCache(() => '1');

  it('takes from the service key’s bucket only once both keys are accepted', async () => {
    const limits = recordingLimits();
    const judge = storeKeys({ authenticate: () => USER }, limits, fresh());
    const judged = await judge({ serviceKey: ['s'], userKey: ['u'] }, 'a');
    // What the live sources cost is charged to the same service key (the verdict names it; the sources spend).
    expect(judged).toEqual({ ok: true, who: USER, serviceKey: 's' });
    expect(limits.calls).toEqual(['accepted s']);
  });

  it('charges every 401 to the address: missing, too long, unknown or mismatched keys', async () => {
    for (const [keys, known, code] of [
      [{ serviceKey: [], userKey: ['u'] }, USER, 'missing-keys'],
      [{ serviceKey: ['s'], userKey: ['u'.repeat(257)] }, USER, 'unauthorized'],
      [{ serviceKey: ['s'], userKey: ['u'] }, undefined, 'unauthorized'],
      [{ serviceKey: ['s'], userKey: ['u'] }, 'mismatch', 'unauthorized'],
    ] as const) {
      const limits = recordingLimits();
      const judged = await storeKeys({ authenticate: () => known }, limits, fresh())(keys, 'a');
      expect(judged.ok ? undefined : judged.problem.code).toBe(code);
      expect(limits.calls).toEqual(['failed a']);
    }
  });

  it('answers 400 for a key given twice, charging nothing', async () => {
    const limits = recordingLimits();
    const judged = await storeKeys(
      { authenticate: () => USER },
      limits,
      fresh(),
    )({ serviceKey: ['s', 't'], userKey: ['u'] }, 'a');
    expect(judged).toMatchObject({ ok: false, problem: { status: 400, field: 'serviceKey' } });
    expect(limits.calls).toEqual([]);
  });

  it('asks the store again once the data changed', async () => {
    let version = 1;
    let asked = 0;
    const judge = storeKeys(
      { authenticate: () => (asked++, USER) },
      recordingLimits(),
      new FreshCache(() => String(version)),
    );
    await judge({ serviceKey: ['s'], userKey: ['u'] }, 'a');
    await judge({ serviceKey: ['s'], userKey: ['u'] }, 'a');
    expect(asked).toBe(1);
    version = 2;
    await judge({ serviceKey: ['s'], userKey: ['u'] }, 'a');
    expect(asked).toBe(2);
  });
});

describe('proxy mode’s key check (operatorKeys)', () => {
  it('passes on the two keys as given, each once, and nothing else; missing keys are the operator’s to judge', async () => {
    const judge = operatorKeys(recordingLimits());
    const both = await judge({ serviceKey: ['s k'], userKey: [''] }, 'a');
    expect(both.ok && both.who.search).toBe('?serviceKey=s+k&userKey=');
    expect(both.ok && both.who.secrets).toEqual(['s k']);
    const none = await judge({ serviceKey: [], userKey: [] }, 'a');
    expect(none.ok && none.who.search).toBe('');
  });

  it('refuses a key given twice (400) or too long to be anyone’s (401, charged to the address)', async () => {
    const limits = recordingLimits();
    const judge = operatorKeys(limits);
    expect(await judge({ serviceKey: ['s'], userKey: ['u', 'v'] }, 'a')).toMatchObject({
      problem: { status: 400 },
    });
    expect(limits.calls).toEqual([]);
    expect(await judge({ serviceKey: ['s'.repeat(257)], userKey: ['u'] }, 'a')).toMatchObject({
      problem: { status: 401 },
    });
    expect(limits.calls).toEqual(['failed a']);
  });

  it('looks at the service key’s bucket before forwarding, and charges once the operator answered', async () => {
    const full = operatorKeys(recordingLimits(['keyHasRoom']));
    expect(await full({ serviceKey: ['s'], userKey: ['u'] }, 'a')).toMatchObject({
      problem: { status: 429 },
    });

    const limits = recordingLimits();
    const judged = await operatorKeys(limits)({ serviceKey: ['s'], userKey: ['u'] }, 'a');
    expect(limits.calls).toEqual(['keyHasRoom s']);
    if (!judged.ok) throw new Error('expected the keys to be passed on');
    judged.who.answered(401);
    judged.who.answered(404);
    expect(limits.calls).toEqual(['keyHasRoom s', 'failed a', 'accepted s']);
  });
});

describe('the limits', () => {
  it('let a failed key check cost the address, not the service key', async () => {
    const limits = createLimits({ perSecond: 4, burst: 4 });
    for (let i = 0; i < 2; i++) limits.failed('a');
    expect((await limits.admit('a'))?.code).toBe('rate-limited');
    expect(await limits.admit('b')).toBeUndefined();
    expect(await limits.accepted('s')).toBeUndefined();
  });
});
