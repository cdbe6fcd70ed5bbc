import { RADIOS } from '../../api/cell-facts';

/**
 * The XML schema the service publishes at /api/schema/Location. The operator's own schema is lost; this one
 * describes exactly what the reference service sends: `location`, `cell`, our own `cells` (cells in view) and our
 * `error` body.
 */
export const LOCATION_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">

  <xs:element name="location" type="LocationType"/>
  <xs:element name="cell" type="CellType"/>
  <xs:element name="cells" type="CellsType"/>
  <xs:element name="error" type="ErrorType"/>

  <xs:complexType name="LocationType">
    <xs:sequence>
      <xs:element name="msisdn" type="MsisdnType"/>
      <xs:element name="state" type="xs:string" minOccurs="0"/>
      <xs:element name="cell" type="CellType"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="CellType">
    <xs:sequence>
      <xs:element name="lat" type="LatitudeType"/>
      <xs:element name="lon" type="LongitudeType"/>
      <xs:element name="mcc" type="CodeType"/>
      <xs:element name="mnc" type="CodeType"/>
      <xs:element name="lac" type="NumberType"/>
      <xs:element name="cellid" type="NumberType"/>
      <xs:element name="name" type="xs:string"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="CellsType">
    <xs:sequence>
      <xs:element name="truncated" type="BooleanType"/>
      <xs:element name="limit" type="NumberType"/>
      <xs:element name="cell" type="CellInViewType" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="CellInViewType">
    <xs:sequence>
      <xs:element name="lat" type="LatitudeType"/>
      <xs:element name="lon" type="LongitudeType"/>
      <xs:element name="mcc" type="CodeType"/>
      <xs:element name="mnc" type="CodeType"/>
      <xs:element name="lac" type="NumberType"/>
      <xs:element name="cellid" type="NumberType"/>
      <xs:element name="name" type="xs:string"/>
      <xs:element name="radio" type="RadioType" minOccurs="0"/>
      <xs:element name="range" type="NumberType" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="ErrorType">
    <xs:sequence>
      <xs:element name="status" type="StatusType"/>
      <xs:element name="code" type="xs:string"/>
      <xs:element name="message" type="xs:string"/>
      <xs:element name="field" type="xs:string" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:simpleType name="MsisdnType">
    <xs:restriction base="xs:string">
      <xs:pattern value="[0-9]{3,15}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="LatitudeType">
    <xs:restriction base="xs:decimal">
      <xs:minInclusive value="-90"/>
      <xs:maxInclusive value="90"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="LongitudeType">
    <xs:restriction base="xs:decimal">
      <xs:minInclusive value="-180"/>
      <xs:maxInclusive value="180"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="CodeType">
    <xs:restriction base="xs:string">
      <xs:pattern value="[0-9]{1,3}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="NumberType">
    <xs:restriction base="xs:string">
      <xs:pattern value="[0-9]{1,20}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="BooleanType">
    <xs:restriction base="xs:string">
      <xs:pattern value="true|false"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="RadioType">
    <xs:restriction base="xs:string">
      <xs:pattern value="${RADIOS.join('|')}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="StatusType">
    <xs:restriction base="xs:string">
      <xs:pattern value="[1-5][0-9]{2}"/>
    </xs:restriction>
  </xs:simpleType>

</xs:schema>
`;
