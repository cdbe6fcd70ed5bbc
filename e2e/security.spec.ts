import { expect, test } from './fixtures';

/* What the service hands a browser besides the app: no source maps unless asked for at build time, and a
   Permissions-Policy that leaves geolocation to the page itself. */
test('the built app is served without source maps', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Save keys' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const script = await request.get(url);
    expect((await script.text()).includes('sourceMappingURL'), `${url} names a source map`).toBe(false);
    expect(script.headers()['sourcemap']).toBeUndefined();
    expect((await request.get(`${url}.map`)).status()).toBe(404);
  }
});

test('the page may ask for this device’s position, and for nothing else', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['permissions-policy']).toBe(
    'geolocation=(self), camera=(), microphone=(), payment=(), usb=()',
  );
  // Chromium's (non-standard) featurePolicy tells what the header allows this document.
  const allows = (feature: string) =>
    page.evaluate((name) => {
      const policy = (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } })
        .featurePolicy;
      return policy?.allowsFeature(name);
    }, feature);
  expect(await allows('geolocation')).toBe(true);
  expect(await allows('camera')).toBe(false);
});
