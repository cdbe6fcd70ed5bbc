import { useI18n } from '../../i18n/i18n';
import { bearingDegrees, compassPoint, distanceMetres, type LatLon } from '../../map/geo';
import { usePhone } from './use-location';

export function PhoneDistance({ to }: { to: LatLon }) {
  const { t, formatDistance } = useI18n();
  const phone = usePhone().data?.data.cell.position;
  if (phone === undefined) return null;
  const bearing = bearingDegrees(phone, to);
  return (
    <dl className="facts">
      <dt>{t('compare.fromPhone')}</dt>
      <dd>
        {t('compare.value', {
          distance: formatDistance(distanceMetres(phone, to)),
          degrees: bearing,
          compass: t(`compass.${compassPoint(bearing)}`),
        })}
      </dd>
    </dl>
  );
}
