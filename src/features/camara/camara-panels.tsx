import { CamaraPanel } from './camara-panel';
import { CamaraVerify } from './camara-verify';

/** Both CAMARA panels, one chunk loaded only where a CAMARA operator answers (LOCATION_SOURCE=camara). */
export default function CamaraPanels() {
  return (
    <>
      <CamaraPanel />
      <CamaraVerify />
    </>
  );
}
