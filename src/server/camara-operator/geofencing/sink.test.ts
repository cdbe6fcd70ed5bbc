import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffMs } from './deliver';
import { isLoopback, isPrivateAddress, sinkAddressProblem, sinkProblem } from './sink';

describe('a sink', () => {
  it('is https, or http to a loopback address only', () => {
    expect(sinkProblem('https://consumer.example/sink')).toBeUndefined();
    expect(sinkProblem('https://203.0.113.10:8443/sink?x=1')).toBeUndefined();
    for (const loopback of [
      'http://127.0.0.1:8080/s',
      'http://127.9.9.9/s',
      'http://[::1]:1/s',
      'http://localhost/s',
    ]) {
      expect(sinkProblem(loopback)).toBeUndefined();
    }
    expect(sinkProblem('http://consumer.example/sink')).toMatch(/https/);
    expect(sinkProblem('http://10.0.0.1/sink')).toMatch(/https/);
    expect(sinkProblem('https://user@consumer.example/')).toMatch(/user name/);
    expect(sinkProblem('https://consumer.example/#x')).toMatch(/fragment/);
    expect(sinkProblem(`https://consumer.example/${'a'.repeat(2100)}`)).toMatch(/longer/);
  });

  it('is never at a private, link-local, shared or reserved address given literally', () => {
    for (const host of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(sinkProblem(`https://${host}/sink`), host).toMatch(/private/);
    }
    for (const host of ['[fd12::1]', '[fe80::1]', '[::ffff:10.0.0.1]', '[::]']) {
      expect(sinkProblem(`https://${host}/sink`), host).toMatch(/private/);
    }
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('127.0.0.1.example')).toBe(false);
  });

  it('is not sent to when its name now resolves to a private address', async () => {
    const resolving = (addresses: string[]) => async () => addresses;
    expect(await sinkAddressProblem('https://ok.example/s', resolving(['203.0.113.5']))).toBeUndefined();
    expect(await sinkAddressProblem('https://bad.example/s', resolving(['203.0.113.5', '10.0.0.7']))).toMatch(
      /private address \(10\.0\.0\.7\)/,
    );
    const failing = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await sinkAddressProblem('https://gone.example/s', failing)).toMatch(/ENOTFOUND/);
    expect(await sinkAddressProblem('http://127.0.0.1:9/s', failing)).toBeUndefined();
  });
});

describe('the backoff between deliveries', () => {
  it('doubles from 1 s to at most 60 s, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_MAX_MS);
  });
});
