import { useUser } from '../../state/session';
import { CamaraPanel } from './camara-panel';
import { CamaraVerify } from './camara-verify';
import { WatchPanel } from './watch-panel';

/**
 * The CAMARA panels (Locate, the check, Watch my phone), one chunk loaded only where a CAMARA operator answers (LOCATION_SOURCE=camara). Each user
 * (Forget keys, other keys) gets them afresh: nothing the last one typed, chose or was told stays.
 */
export default function CamaraPanels() {
  const user = useUser();
  return (
    <>
      <CamaraPanel key={`locate ${user}`} />
      <CamaraVerify key={`verify ${user}`} />
      <WatchPanel key={`watch ${user}`} />
    </>
  );
}
