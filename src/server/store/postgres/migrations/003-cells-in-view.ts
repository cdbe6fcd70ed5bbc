/**
 * Cells in view (cells-in-box.ts): PostgreSQL's own GiST over each cell's position, no extension needed, holding the
 * filters' columns and the key so that a scan need not read the table for cells it does not keep; and a B-tree on
 * the filters, so that filters matching few cells read those alone (bench:pg-cells-in-view).
 */
export default `
CREATE INDEX cells_position ON cells USING gist (point(lon, lat)) INCLUDE (mcc, mnc, cellid, radio, lon, lat);
CREATE INDEX cells_radio_operator ON cells (radio, mcc, mnc);
`;
