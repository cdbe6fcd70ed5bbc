/* Common calling codes (ITU E.164), longest first when matching. Enough to group the numbers people here
   will meet; anything else falls back to plain groups of three. */
const CALLING_CODES = new Set([
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
  '212',
  '213',
  '216',
  '234',
  '254',
  '255',
  '256',
  '351',
  '352',
  '353',
  '354',
  '355',
  '356',
  '357',
  '358',
  '359',
  '370',
  '371',
  '372',
  '373',
  '374',
  '375',
  '376',
  '377',
  '378',
  '380',
  '381',
  '382',
  '385',
  '386',
  '387',
  '389',
  '420',
  '421',
  '423',
  '852',
  '853',
  '880',
  '886',
  '961',
  '962',
  '964',
  '965',
  '966',
  '971',
  '972',
  '974',
]);

function callingCode(digits: string): string | undefined {
  for (const length of [3, 2, 1]) {
    const code = digits.slice(0, length);
    if (digits.length > length + 3 && CALLING_CODES.has(code)) return code;
  }
  return undefined;
}

/** Groups of three, the last group taking up to four digits: "1234567" → "123 4567". */
function groups(digits: string): string[] {
  const out: string[] = [];
  let rest = digits;
  while (rest.length > 4) {
    out.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  if (rest !== '') out.push(rest);
  return out;
}

/** Finnish numbers: mobile prefixes 4x and 50 take two digits, Helsinki (9) one, other areas two. */
function finnishParts(national: string): string[] {
  const prefixLength = national.startsWith('9') ? 1 : 2;
  return [national.slice(0, prefixLength), ...groups(national.slice(prefixLength))];
}

/**
 * An MSISDN (international digits, no plus) grouped for reading: "358401234567" → "+358 40 123 4567".
 * Anything that is not plain digits is returned unchanged.
 */
export function formatMsisdn(msisdn: string): string {
  if (!/^\d{4,15}$/.test(msisdn)) return msisdn;
  const code = callingCode(msisdn);
  if (code === undefined) return `+${groups(msisdn).join(' ')}`;
  const national = msisdn.slice(code.length);
  const parts = code === '358' ? finnishParts(national) : groups(national);
  return `+${code} ${parts.join(' ')}`;
}
