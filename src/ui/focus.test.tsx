// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOutcome } from './focus';

function Outcome({
  token,
  shown,
  fromAnywhere = false,
}: {
  token: number | string | undefined;
  shown: boolean;
  fromAnywhere?: boolean;
}) {
  const focusRef = useFocusOutcome(token, { fromAnywhere });
  return (
    <main>
      <section aria-label="Asked here">
        <button type="button">Act</button>
        {shown && (
          <h3 tabIndex={-1} ref={focusRef}>
            Result
          </h3>
        )}
      </section>
      <section aria-label="Elsewhere">
        <input aria-label="Other field" />
      </section>
    </main>
  );
}

describe('useFocusOutcome', () => {
  afterEach(cleanup);

  it('takes no focus for what the page shows when it opens', () => {
    render(<Outcome token={3} shown />);
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the outcome of each new action, once its element is there', () => {
    const { rerender } = render(<Outcome token={undefined} shown={false} />);
    screen.getByRole('button', { name: 'Act' }).focus();
    rerender(<Outcome token={1} shown={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Act' }));
    rerender(<Outcome token={1} shown />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Result' }));
    screen.getByRole('button', { name: 'Act' }).focus();
    rerender(<Outcome token={1} shown />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Act' }));
    rerender(<Outcome token={2} shown />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Result' }));
  });

  it('leaves focus where the person went meanwhile, and follows again once they are back or it fell away', () => {
    const { rerender } = render(<Outcome token={undefined} shown={false} />);
    screen.getByRole('button', { name: 'Act' }).focus();
    screen.getByLabelText('Other field').focus();
    rerender(<Outcome token="answer 1" shown />);
    expect(document.activeElement).toBe(screen.getByLabelText('Other field'));
    // The answer went by: coming back does not bring it focus late.
    screen.getByRole('button', { name: 'Act' }).focus();
    rerender(<Outcome token="answer 1" shown />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Act' }));
    rerender(<Outcome token="answer 2" shown />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Result' }));
    // The button pressed went away (focus fell to the page): the outcome takes it.
    (document.activeElement as HTMLElement).blur();
    rerender(<Outcome token="answer 3" shown />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Result' }));
  });

  it('fromAnywhere: an outcome shown at once in another section takes focus from where its action was', () => {
    const { rerender } = render(<Outcome token={undefined} shown={false} fromAnywhere />);
    screen.getByLabelText('Other field').focus();
    rerender(<Outcome token={1} shown fromAnywhere />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Result' }));
  });
});
