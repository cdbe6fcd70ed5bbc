import './cells-in-view.css';
import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../state/session';
import { InViewFilters } from './in-view-filters';
import { InViewStatus } from './in-view-status';
import { useCellsInView } from './use-cells-in-view';

/** The Cells in view switch over the map's corner; when on, its filters and what the map now shows. */
export function CellsInViewControl() {
  const { t } = useI18n();
  const id = useId();
  const { inView } = useSession();
  const { choice, keys, result } = useCellsInView();
  return (
    <section className="map-box in-view" aria-label={t('inView.title')}>
      <div className="check in-view-toggle">
        <input
          id={id}
          type="checkbox"
          checked={choice.on}
          onChange={(e) => inView.toggle(e.target.checked)}
        />
        <label htmlFor={id}>{t('inView.toggle')}</label>
      </div>
      {choice.on && (
        <>
          <InViewFilters choice={choice} answer={result.data?.data} />
          <InViewStatus
            result={result}
            hasKeys={keys !== null}
            operatorChosen={choice.operator !== undefined}
          />
        </>
      )}
    </section>
  );
}
