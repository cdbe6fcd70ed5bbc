import { RADIOS } from '../../api/cell-facts';

const element = (name: string, type: string, occurs = ''): string =>
  `      <xs:element name="${name}" type="${type}"${occurs}/>`;

const complexType = (name: string, elements: readonly string[]): string =>
  [
    `  <xs:complexType name="${name}">`,
    '    <xs:sequence>',
    ...elements,
    '    </xs:sequence>',
    '  </xs:complexType>',
  ].join('\n');

const simpleType = (name: string, base: string, facets: readonly string[]): string =>
  [
    `  <xs:simpleType name="${name}">`,
    `    <xs:restriction base="${base}">`,
    ...facets.map((facet) => `      ${facet}`),
    '    </xs:restriction>',
    '  </xs:simpleType>',
  ].join('\n');

const pattern = (name: string, value: string): string =>
  simpleType(name, 'xs:string', [`<xs:pattern value="${value}"/>`]);

const between = (name: string, limit: number): string =>
  simpleType(name, 'xs:decimal', [
    `<xs:minInclusive value="-${limit}"/>`,
    `<xs:maxInclusive value="${limit}"/>`,
  ]);

/** The document's cell, in its order; cells in view add their radio and range after it. */
const CELL = [
  element('lat', 'LatitudeType'),
  element('lon', 'LongitudeType'),
  element('mcc', 'CodeType'),
  element('mnc', 'CodeType'),
  element('lac', 'NumberType'),
  element('cellid', 'NumberType'),
  element('name', 'xs:string'),
];

const optional = ' minOccurs="0"';

/**
 * The XML schema the service publishes at /api/schema/Location. The operator's own schema is lost; this one
 * describes exactly what the reference service sends: `location`, `cell`, our own `cells` (cells in view) and
 * `counts` (cells in view as counts per square), and our `error` body.
 */
export const LOCATION_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">

  <xs:element name="location" type="LocationType"/>
  <xs:element name="cell" type="CellType"/>
  <xs:element name="cells" type="CellsType"/>
  <xs:element name="counts" type="CountsType"/>
  <xs:element name="error" type="ErrorType"/>

${[
  complexType('LocationType', [
    element('msisdn', 'MsisdnType'),
    element('state', 'xs:string', optional),
    element('cell', 'CellType'),
  ]),
  complexType('CellType', CELL),
  complexType('CellsType', [
    element('truncated', 'BooleanType'),
    element('limit', 'NumberType'),
    element('cell', 'CellInViewType', `${optional} maxOccurs="unbounded"`),
  ]),
  complexType('CellInViewType', [
    ...CELL,
    element('radio', 'RadioType', optional),
    element('range', 'NumberType', optional),
  ]),
  complexType('CountsType', [
    element('zoom', 'NumberType'),
    element('total', 'NumberType'),
    element('limit', 'NumberType'),
    element('box', 'BoxType'),
    element('operator', 'OperatorType', `${optional} maxOccurs="unbounded"`),
    element('square', 'SquareType', `${optional} maxOccurs="unbounded"`),
  ]),
  complexType('BoxType', [
    element('west', 'LongitudeType'),
    element('south', 'LatitudeType'),
    element('east', 'LongitudeType'),
    element('north', 'LatitudeType'),
  ]),
  complexType('OperatorType', [
    element('mcc', 'CodeType'),
    element('mnc', 'CodeType'),
    element('count', 'NumberType'),
  ]),
  complexType('SquareType', [
    element('x', 'NumberType'),
    element('y', 'NumberType'),
    element('count', 'NumberType'),
    element('lat', 'LatitudeType'),
    element('lon', 'LongitudeType'),
  ]),
  complexType('ErrorType', [
    element('status', 'StatusType'),
    element('code', 'xs:string'),
    element('message', 'xs:string'),
    element('field', 'xs:string', optional),
  ]),
  pattern('MsisdnType', '[0-9]{3,15}'),
  between('LatitudeType', 90),
  between('LongitudeType', 180),
  pattern('CodeType', '[0-9]{1,3}'),
  pattern('NumberType', '[0-9]{1,20}'),
  pattern('BooleanType', 'true|false'),
  pattern('RadioType', RADIOS.join('|')),
  pattern('StatusType', '[1-5][0-9]{2}'),
].join('\n\n')}

</xs:schema>
`;
