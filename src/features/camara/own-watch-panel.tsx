import { useUser } from '../../state/session';
import { WatchPanel } from './watch-panel';

/**
 * "Watch my phone" where the service watches its own users' phones (demo mode): the same panel as beside Locate
 * with LOCATION_SOURCE=camara, loaded only where the service offers it. Each user gets it afresh.
 */
export default function OwnWatchPanel() {
  const user = useUser();
  return <WatchPanel key={`watch ${user}`} own />;
}
