import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { serviceEnv } from '../scripts/service-env.mjs';
import { expect, saveKeys, test } from './fixtures';

/* The two halves meet: the app on a service whose Locate my phone asks a CAMARA operator (LOCATION_SOURCE=camara),
   and that operator is not a stand-in but the e2e service itself, as every service in demo mode is one
   (playwright.config.ts). The subscriber approves with the operator's admin command line (sms-reply), the
   document's authorization SMS, or on the operator sandbox's phone page (/phone). */
function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set: run through playwright.config.ts`);
  return value;
}
const SERVICE = setting('E2E_CAMARA_MEET_URL');
const OPERATOR = setting('E2E_CAMARA_MEET_OPERATOR_URL');
const OPERATOR_DB = setting('E2E_DB');
const CONSUMER_DB = setting('E2E_CAMARA_MEET_DB');
const CLIENT_ID = setting('E2E_CAMARA_MEET_CLIENT_ID');

test.use({ baseURL: SERVICE });

/** The admin command line of the service whose database is `db`; its output, or the test fails with its words. */
function cli(db: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [resolve('dist-server', 'cli.js'), ...args, '--db', db], {
    cwd: dirname(db),
    env: serviceEnv(process.env, { PUBLIC_URL: OPERATOR }),
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
  return result.stdout.trim();
}

/** The consumer's registration with the operator: by the public half of the key it signs its assertions with. */
function registerConsumer(): void {
  if (cli(OPERATOR_DB, 'camara-client', 'list').includes(CLIENT_ID)) return;
  try {
    cli(OPERATOR_DB, 'camara-client', 'add', CLIENT_ID, setting('E2E_CAMARA_PUBLIC_KEY'));
  } catch (error) {
    // The other test of this file, running at the same time, registered it first.
    if (!cli(OPERATOR_DB, 'camara-client', 'list').includes(CLIENT_ID)) throw error;
  }
}

/** A subscriber of the operator in Tampere (244/91/400101) who has never been asked, and the same number as a
 *  user of the consumer service; a number of its own each run, so a retry meets no earlier consent. */
function newSubscriber(): { subscriberKey: string; userKey: string } {
  const msisdn = `3584${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 10))}`;
  const subscriberKey = cli(OPERATOR_DB, 'register-user', 'demo', msisdn);
  cli(OPERATOR_DB, 'set-cell', subscriberKey, '244', '91', '400101');
  return { subscriberKey, userKey: cli(CONSUMER_DB, 'register-user', 'demo', msisdn) };
}

test('Locate my phone through this service as the CAMARA operator: approved with sms-reply, the area drawn', async ({
  page,
}) => {
  registerConsumer();
  const { subscriberKey, userKey } = newSubscriber();

  await page.goto('/');
  await saveKeys(page, { serviceKey: 'demo-service', userKey });
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for approval on your phone' }),
  ).toBeVisible();
  await expect(page.locator('path.camara-area')).toHaveCount(0);

  expect(cli(OPERATOR_DB, 'sms-reply', subscriberKey)).toContain(
    'Approved 1 waiting CAMARA consent request.',
  );
  // The app keeps asking by itself; the operator's poll interval is 5 s.
  const heading = page.getByRole('heading', {
    name: 'Your phone is within 1 km of the centre marked on the map',
  });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).toBeFocused();
  const panel = page.getByRole('region', { name: 'My phone', exact: true });
  await expect(panel.getByText('61.49249, 23.77316')).toBeVisible();
  await expect(panel.getByText('A circle of radius 1 km')).toBeVisible();
  await expect(page.locator('path.camara-area')).toHaveCount(1);
  await expect(page.locator('path.camara-centre')).toHaveCount(1);
});

test('Locate my phone: the subscriber approves on the operator’s phone page, who asks and why shown', async ({
  page,
  context,
}) => {
  registerConsumer();
  const { subscriberKey, userKey } = newSubscriber();
  await page.goto('/');
  await saveKeys(page, { serviceKey: 'demo-service', userKey });
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for approval on your phone' }),
  ).toBeVisible();

  const phone = await context.newPage();
  await phone.goto(`${OPERATOR}/phone`);
  await phone.getByLabel('Your user key').fill('not-my-key');
  await phone.getByRole('button', { name: 'Show my requests' }).click();
  await expect(phone.getByRole('alert')).toHaveText('No subscriber has that user key.');
  await phone.getByLabel('Your user key').fill(subscriberKey);
  await phone.getByRole('button', { name: 'Show my requests' }).click();
  const request = phone.getByRole('article', { name: `${CLIENT_ID} asks` });
  await expect(request).toContainText('(dpv:');
  await expect(request).toContainText('where your phone is');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByRole('status')).toContainText(`Approved: ${CLIENT_ID}`);
  await expect(phone.getByText('No consent requests are waiting for your answer.')).toBeVisible();

  await page.bringToFront();
  const heading = page.getByRole('heading', {
    name: 'Your phone is within 1 km of the centre marked on the map',
  });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('region', { name: 'My phone', exact: true }).getByText('61.49249, 23.77316'),
  ).toBeVisible();
  await expect(page.locator('path.camara-area')).toHaveCount(1);
});
