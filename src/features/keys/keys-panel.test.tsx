// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Keys } from '../../api/types';
import { queryKeys } from '../../queries/query-keys';
import { testSession } from '../../testing/test-session';
import { KeysPanel } from './keys-panel';

function setup({
  keys,
  remembered = false,
  demoKeys,
}: { keys?: Keys; remembered?: boolean; demoKeys?: Keys } = {}) {
  const { session, queryClient, wrapper } = testSession({}, demoKeys ? { demoKeys } : {});
  if (keys) session.keys.set({ ...session.keys.get(), keys, remembered });
  const quiet = () => undefined;
  const handlers = {
    onEdit: vi.spyOn(session.keys, 'openForm').mockImplementation(quiet),
    onCancel: vi.spyOn(session.keys, 'closeForm').mockImplementation(quiet),
    onSave: vi.spyOn(session.keys, 'save').mockImplementation(quiet),
    onForget: vi.spyOn(session.keys, 'forget').mockImplementation(quiet),
  };
  render(<KeysPanel />, { wrapper });
  const settingsRead = () =>
    waitFor(() => expect(queryClient.getQueryState(queryKeys.settings)?.status).toBe('success'));
  return { ...handlers, settingsRead };
}

describe('KeysPanel', () => {
  afterEach(cleanup);

  it('explains the keys and offers the demo keys when there are some', async () => {
    const { onSave } = setup({ demoKeys: { serviceKey: 'demo-service', userKey: 'demo-user' } });
    expect(screen.getByText(/developer portal/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Use demo keys' }));
    expect(onSave).toHaveBeenCalledWith({ serviceKey: 'demo-service', userKey: 'demo-user' }, false);
  });

  it('offers no demo keys when the service has none', async () => {
    const { settingsRead } = setup();
    await settingsRead();
    expect(screen.queryByRole('button', { name: 'Use demo keys' })).toBeNull();
  });
  it('masks the keys until asked, and saves them trimmed with the remember choice', () => {
    const { onSave } = setup();
    const service = screen.getByLabelText('Service key') as HTMLInputElement;
    expect(service.type).toBe('password');
    fireEvent.click(screen.getByLabelText('Show keys'));
    expect(service.type).toBe('text');
    fireEvent.change(service, { target: { value: ' svc ' } });
    fireEvent.change(screen.getByLabelText('User key'), { target: { value: 'usr' } });
    fireEvent.click(screen.getByLabelText('Remember on this device'));
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(onSave).toHaveBeenCalledWith({ serviceKey: 'svc', userKey: 'usr' }, true);
  });

  it('names a missing key beside its field and saves nothing', () => {
    const { onSave } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(onSave).not.toHaveBeenCalled();
    const service = screen.getByLabelText('Service key');
    expect(service.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(service.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /service key/,
    );
  });

  it('saves a key without the invisible characters a copy brought along at either end', () => {
    const { onSave } = setup();
    fireEvent.change(screen.getByLabelText('Service key'), { target: { value: '\ufeffsvc\u200b ' } });
    fireEvent.change(screen.getByLabelText('User key'), { target: { value: 'usr\u00a0\u2060' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(onSave).toHaveBeenCalledWith({ serviceKey: 'svc', userKey: 'usr' }, false);
  });

  it.each([
    ['svc\u200bx', 'an invisible character (U+200B)'],
    ['svcé', 'the character “é” (U+00E9)'],
    ['svc😀', 'the character “😀” (U+1F600)'],
  ])('refuses a key holding a character no key has (%s), naming it, and saves nothing', (value, named) => {
    const { onSave } = setup();
    fireEvent.change(screen.getByLabelText('Service key'), { target: { value } });
    fireEvent.change(screen.getByLabelText('User key'), { target: { value: 'usr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(onSave).not.toHaveBeenCalled();
    const service = screen.getByLabelText('Service key');
    expect(service.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(service);
    expect(document.getElementById(service.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      `Your service key holds ${named}, which no key has: keys are plain letters, digits and signs. Type or paste it again as the service gave it.`,
    );
  });

  it('with keys saved: says where they are kept and offers Change and Forget', () => {
    const { onForget, onEdit } = setup({ keys: { serviceKey: 's', userKey: 'u' }, remembered: true });
    expect(screen.getByText('Keys are remembered on this device.')).toBeTruthy();
    expect(screen.queryByLabelText('Service key')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Forget keys' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change keys' }));
    expect(onForget).toHaveBeenCalled();
    expect(onEdit).toHaveBeenCalled();
  });
});
