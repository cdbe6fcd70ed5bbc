import type { Page } from '@playwright/test';
import { CAMARA_NUMBERS as N } from '../scripts/stand-ins/camara-subscribers';
import { CAMARA_SERVICE, camaraUser, expect, ownNumber, saveKeys, test } from './fixtures';

/* The wait for the owner's approval (e2e/camara.spec.ts has the answers): what it says, its deadline and Cancel,
   a reload in the middle of it, an operator that stops answering. The stand-in's interval is 1 s here. */
const OPERATOR = process.env.E2E_CAMARA_OPERATOR_URL ?? 'http://127.0.0.1:5204';

test.use({ baseURL: CAMARA_SERVICE });

async function control(path: string, number: string, query = ''): Promise<Record<string, number>> {
  const url = `${OPERATOR}/control/${path}?number=${encodeURIComponent(number)}${query}`;
  const response = await fetch(url, { method: path === 'seen' ? 'GET' : 'POST' });
  return (await response.json()) as Record<string, number>;
}

async function locate(page: Page, number: string): Promise<void> {
  await page.goto('/');
  await saveKeys(page, camaraUser(number));
  await page.getByRole('button', { name: 'Locate my phone' }).click();
}

const panel = (page: Page) => page.getByRole('region', { name: 'My phone', exact: true });
const waiting = (page: Page) =>
  panel(page).getByRole('status').filter({ hasText: 'Waiting for approval on your phone' });
const located = (page: Page) =>
  page.getByRole('heading', { name: 'Your phone is within 1.2 km of the centre marked on the map' });

test.describe('waiting for the owner', () => {
  test('a subscriber who consented before is never told to approve on the phone', async ({ page }) => {
    await page.goto('/');
    // Every text the panel's live region shows, as it shows it.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]'))
          said.push(status.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await saveKeys(page, camaraUser(N.atOnce));
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(located(page)).toBeVisible();
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said.join('\n')).not.toContain('Approve it there');
    expect(said.join('\n')).toContain('Asking your operator…');
  });

  test('the deadline counts down; Cancel stops the wait, and Locate again takes up the same request', async ({
    page,
  }) => {
    const number = ownNumber(N.cancels, 1);
    // The stand-in may outlive a run (a server reused): its count is read before.
    const before = (await control('seen', number)).requests ?? 0;
    await locate(page, number);
    await expect(waiting(page)).toBeVisible();
    const left = panel(page).getByText(/^Time left: \d/);
    await expect(left).toBeVisible();
    const first = await left.textContent();
    await expect(left).not.toHaveText(first ?? '');
    await panel(page).getByRole('button', { name: 'Cancel' }).click();
    const alert = panel(page).getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'You stopped waiting' })).toBeFocused();
    await expect(waiting(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(waiting(page)).toBeVisible();
    await control('answer', number, '&yes=true');
    await expect(located(page)).toBeVisible();
    expect((await control('seen', number)).requests).toBe(before + 1);
  });

  test('a reload in the middle of the wait shows it, with its deadline, and paints the answer', async ({
    page,
  }) => {
    const number = ownNumber(N.reloads, 2);
    await locate(page, number);
    await expect(waiting(page)).toBeVisible();
    await page.reload();
    await expect(waiting(page)).toBeVisible();
    await expect(panel(page).getByText(/^Time left: /)).toBeVisible();
    await control('answer', number, '&yes=true');
    await expect(located(page)).toBeVisible();
    await expect(page.locator('path.camara-area')).toHaveCount(1);
  });

  test('an operator that stops answering: told at once, the same request polled on and reused', async ({
    page,
  }) => {
    const number = ownNumber(N.flaky, 3);
    // The stand-in may outlive a run (a server reused): its count is read before.
    const before = (await control('seen', number)).requests ?? 0;
    await locate(page, number);
    await expect(waiting(page)).toBeVisible();
    await control('down', number, '&down=true');
    const trouble = panel(page).getByRole('status').filter({ hasText: 'did not answer the last check' });
    await expect(trouble).toBeVisible();
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(trouble).toBeVisible();
    await control('down', number, '&down=false');
    await control('answer', number, '&yes=true');
    await expect(located(page)).toBeVisible();
    expect((await control('seen', number)).requests).toBe(before + 1);
  });
});
