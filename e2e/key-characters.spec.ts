import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/* A key copied from a mail or a web page may bring an invisible character along; a browser refuses to send a
   header holding one, which must never read as a network failure. */
test.describe('characters in keys', () => {
  test('a zero-width space at the end of a key is dropped when it is saved, and the key works', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, { serviceKey: DEMO.serviceKey, userKey: `${DEMO.userKey}\u200b` });
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
  });

  test('a key with a character no key has is refused when it is saved, naming the character', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Service key', { exact: true }).fill(DEMO.serviceKey);
    const user = page.getByLabel('User key', { exact: true });
    await user.fill('demo-usér');
    await page.getByRole('button', { name: 'Save keys' }).click();
    await expect(user).toHaveAccessibleDescription(/holds the character “é” \(U\+00E9\), which no key has/);
    await expect(user).toBeFocused();
    await expect(page.getByRole('button', { name: 'Forget keys' })).toHaveCount(0);
  });

  test('a key kept from before with such a character says so, not that the network failed', async ({
    page,
  }) => {
    await page.addInitScript((keys) => sessionStorage.setItem('cellpos.keys', JSON.stringify(keys)), {
      serviceKey: DEMO.serviceKey,
      userKey: `${DEMO.userKey}\u200bx`,
    });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/cell/')) sent.push(request.url());
    });
    await page.goto('/');
    await lookUpCell(page, '244', '91', '10038');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('A key cannot be sent');
    await expect(alert).not.toContainText('trying again');
    await expect(alert).not.toContainText('connection');
    await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toHaveCount(0);
    await expect(alert.getByRole('button', { name: /keys/i })).toBeVisible();
    expect(sent).toEqual([]);
  });
});
