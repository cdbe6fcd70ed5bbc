// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENTED_CELL } from '../api/fixtures/documented-cell';
import { testSession } from '../testing/test-session';
import { App } from './app';

const renders: Record<string, number> = {};

/** The component as it is, counting its renders. */
function counted<P extends object>(name: string, component: FunctionComponent<P>): FunctionComponent<P> {
  return (props: P) => {
    renders[name] = (renders[name] ?? 0) + 1;
    return component(props);
  };
}

/** A module with one of its components counted. */
function counting(module: Record<string, unknown>, component: string, name: string) {
  return { ...module, [component]: counted(name, module[component] as FunctionComponent<object>) };
}

vi.mock('../map/map-view', () => ({
  MapView: counted('map', () => <div>map</div>),
}));
vi.mock('../features/keys/keys-panel', async (real) => counting(await real(), 'KeysPanel', 'keys'));
vi.mock('../features/location/location-panel', async (real) =>
  counting(await real(), 'LocationPanel', 'location'),
);
vi.mock('../features/cell/cell-panel', async (real) => counting(await real(), 'CellPanel', 'cell'));
vi.mock('../features/cell/cell-share', async (real) => counting(await real(), 'CellShare', 'share'));
vi.mock('../features/batch/batch-section', async (real) => counting(await real(), 'BatchSection', 'batch'));
vi.mock('../features/history/history-panel', async (real) =>
  counting(await real(), 'HistoryPanel', 'history'),
);
vi.mock('./raw-panel', async (real) => counting(await real(), 'RawPanel', 'raw'));
vi.mock('./map-section', async (real) => counting(await real(), 'MapSection', 'map-section'));

describe('a map move', () => {
  afterEach(cleanup);

  it('renders again only what shows the view (the share links), none of the panels or the map', async () => {
    const { session, wrapper } = testSession();
    session.keys.save({ serviceKey: 's', userKey: 'u' }, false);
    session.focus.show({ id: 'a', at: 1, cell: DOCUMENTED_CELL });
    render(<App />, { wrapper });
    await screen.findByText('map');
    await screen.findByRole('button', { name: 'Copy link' });
    for (const name of Object.keys(renders)) renders[name] = 0;

    for (let i = 0; i < 10; i++) {
      act(() => session.focus.dispatch({ type: 'view', view: { lat: 60, lon: 20 + i / 10, zoom: 8 } }));
    }

    expect(renders).toEqual({
      map: 0,
      'map-section': 0,
      keys: 0,
      location: 0,
      cell: 0,
      share: 10,
      batch: 0,
      history: 0,
      raw: 0,
    });
    expect(screen.getByRole('checkbox', { name: 'Include map view' })).toHaveProperty('disabled', false);
  });
});
