/**
 * Cells in view (cells-in-box.ts): PostgreSQL's own GiST over each cell's position, no extension needed, and a
 * B-tree on the filters, so a wide box with an operator's filters reads that operator's cells only. The GiST is
 * asked only for boxes small enough for it to pay: PostgreSQL keeps no statistics for a box over points and
 * plans every box, the whole world included, as a small one (bench:pg-cells-in-view).
 */
export default `
CREATE INDEX cells_position ON cells USING gist (point(lon, lat));
CREATE INDEX cells_radio_operator ON cells (radio, mcc, mnc);
`;
