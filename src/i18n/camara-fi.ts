import type { camaraEn } from './camara-en';

/** "Paikanna puhelimeni" CAMARA-operaattorin kautta ja "Onko puhelimeni lähellä?": suomeksi. */
export const camaraFi: Record<keyof typeof camaraEn, string> = {
  'camara.intro':
    'Operaattorisi paikantaa puhelimen, jonka numeron rekisteröit. Se pyytää ensin puhelimen omistajaa hyväksymään pyynnön puhelimessa.',
  'camara.fresh': 'Vain tuore sijainti (enintään minuutin vanha)',
  'camara.asking': 'Kysytään operaattoriltasi…',
  'camara.pending':
    'Odotetaan hyväksyntää puhelimessasi: operaattorisi on lähettänyt sille pyynnön. Hyväksy se siellä; tämä sivu odottaa itsestään kello {time} asti.',
  'camara.waiting':
    'Kysytään operaattoriltasi… Jos se pyytää hyväksyntää puhelimessasi, hyväksy se siellä; tämä sivu odottaa itsestään kello {time} asti.',
  'camara.trouble':
    'Operaattorisi ei vastannut viimeiseen tarkistukseen. Tämä sivu kysyy siltä samaa pyyntöä kello {time} asti: sinun ei tarvitse tehdä nyt mitään.',
  'camara.left': 'Aikaa jäljellä: {left}',
  'camara.cancel': 'Peruuta',
  'camara.located.heading': 'Puhelimesi on {distance} säteellä kartalle merkitystä keskipisteestä',
  'camara.located.announce': 'Puhelimesi paikannettiin.',
  'camara.located.centre': 'Keskipiste',
  'camara.located.size': 'Alue',
  'camara.located.circle': 'Ympyrä, säde {distance}',
  'camara.located.polygon': '{corners} kulmaa, kaukaisin {distance} päässä keskipisteestä',
  'camara.located.fix': 'Verkko paikansi sen',
  'camara.located.fixAt': '{age} ({time})',
  'camara.located.old':
    'Tämä sijainti on ajalta {time}: puhelin on voinut liikkua sen jälkeen. Pyydä tuore sijainti tietääksesi, missä se on nyt.',
  'camara.verify.heading': 'Onko puhelimeni lähellä paikkaa?',
  'camara.verify.intro':
    'Operaattorisi kertoo, sijoittaako verkko puhelimesi antamasi etäisyyden sisälle paikasta.',
  'camara.verify.place': 'Paikka',
  'camara.verify.fromCell': 'Kartalla näkyvä solu',
  'camara.verify.fromMap': 'Piste kartalla',
  'camara.verify.fromDevice': 'Tämän laitteen sijainti',
  'camara.verify.noCell': 'Hae ensin solu: sen sijainti on paikka.',
  'camara.verify.pickHint': 'Valitse piste napsauttamalla karttaa tai käytä kartan keskikohtaa.',
  'camara.verify.useMiddle': 'Käytä kartan keskikohtaa',
  'camara.verify.chosen': 'Paikka: {lat}; {lon}',
  'camara.verify.radius': 'Etäisyys (km)',
  'camara.verify.radiusProblem': 'Anna etäisyys väliltä {min}–{max} km.',
  'camara.verify.noPlace': 'Valitse ensin paikka.',
  'camara.verify.check': 'Tarkista',
  'camara.verify.true': 'Kyllä: puhelimesi on {distance} säteellä paikasta',
  'camara.verify.false': 'Ei: puhelimesi ei ole {distance} säteellä paikasta',
  'camara.verify.partial':
    'Osittain: {rate} % alueesta, jolle verkko puhelimesi sijoittaa, on {distance} säteellä paikasta',
  'camara.verify.partialNote':
    'Verkko tuntee puhelimesi sijainnin vain alueena, ja osa alueesta on ympyrän ulkopuolella.',
  'camara.verify.announce': 'Operaattorisi vastasi.',
  'camara.verify.olderArea':
    'Kartalle piirretty alue on aiemmasta paikannuksesta ({time}): tämä vastaus ei koske sitä, ja se näytetään vanhempana.',
  'camara.failed.refused.title': 'Pyyntö hylättiin puhelimessa',
  'camara.failed.refused.body':
    'Mitään ei paikannettu. Yritä uudelleen painamalla painiketta ja hyväksymällä pyyntö puhelimessa.',
  'camara.failed.expired.title': 'Kukaan ei hyväksynyt pyyntöä ajoissa',
  'camara.failed.expired.body':
    'Pyyntö puhelimessa vanheni ennen hyväksyntää. Paina painiketta uudelleen puhelin käden ulottuvilla ja hyväksy pyyntö siellä.',
  'camara.failed.unknown-number.title': 'Operaattorisi ei tunne tätä numeroa',
  'camara.failed.unknown-number.body':
    'Avaimillesi rekisteröity numero ei ole tämän operaattorin liittymä. Pyydä palvelun ylläpitäjää tarkistamaan rekisteröity numero.',
  'camara.failed.number-not-international.title': 'Rekisteröity numero ei ole kansainvälisessä muodossa',
  'camara.failed.number-not-international.body':
    'Operaattorilta voi kysyä vain kansainvälisessä muodossa olevasta numerosta (esim. 358401234567). Pyydä palvelun ylläpitäjää rekisteröimään se niin.',
  'camara.failed.not-applicable.title': 'Liittymääsi ei kuulu paikannus',
  'camara.failed.not-applicable.body':
    'Operaattorisi ei tarjoa tätä palvelua tälle numerolle. Kysy operaattoriltasi, voiko sen ottaa käyttöön.',
  'camara.failed.unable-to-locate.title': 'Verkko ei pysty nyt paikantamaan puhelintasi',
  'camara.failed.unable-to-locate.body':
    'Puhelin voi olla suljettu tai kuuluvuusalueen ulkopuolella. Yritä uudelleen, kun se on päällä ja verkossa.',
  'camara.failed.no-fresh-fix.title': 'Tuoretta sijaintia ei ole',
  'camara.failed.no-fresh-fix.body':
    'Verkko ei ole paikantanut puhelinta viimeisen minuutin aikana. Yritä ilman valintaa ”Vain tuore sijainti” tai myöhemmin.',
  'camara.failed.area-too-large.title': 'Verkko ei pysty sijoittamaan puhelintasi riittävän tarkasti',
  'camara.failed.area-too-large.body': 'Yritä myöhemmin, kun puhelin voi olla paremmassa kuuluvuudessa.',
  'camara.failed.area-not-covered.title': 'Operaattorisi verkko ei kata tuota paikkaa',
  'camara.failed.area-not-covered.body': 'Valitse paikka operaattorisi verkon alueelta.',
  'camara.failed.radius-refused.title': 'Etäisyys on operaattorillesi liian pieni',
  'camara.failed.radius-refused.body':
    'Operaattorisi ei tarkista näin pientä ympyrää eikä kertonut pienintä sallimaansa (CAMARA sallii operaattorin vaatia 1 km tai enemmän). Anna suurempi etäisyys.',
  'camara.radius.tooLarge': 'Etäisyys on operaattorillesi liian suuri',
  'camara.radius.largeBody':
    'Operaattorisi ei tarkista näin suurta ympyrää eikä kertonut suurinta sallimaansa. Anna pienempi etäisyys.',
  'camara.radius.range':
    'Operaattorisi tarkistaa etäisyydet väliltä {min}–{max}. Anna etäisyys tältä väliltä.',
  'camara.radius.min': 'Operaattorisi tarkistaa vähintään {min} etäisyydet. Anna suurempi etäisyys.',
  'camara.radius.max': 'Operaattorisi tarkistaa enintään {max} etäisyydet. Anna pienempi etäisyys.',
  'camara.failed.cancelled.title': 'Lopetit odottamisen',
  'camara.failed.cancelled.body':
    'Pyyntö puhelimessasi on voimassa, kunnes se vanhenee: paina painiketta uudelleen ennen sitä jatkaaksesi samaa pyyntöä, ilman toista pyyntöä puhelimeen.',
  'camara.failed.permission-denied.title': 'Operaattorisi ei salli tätä',
  'camara.failed.permission-denied.body':
    'Operaattorisi ei antanut tämän palvelun lukea puhelimen sijaintia. Pyydä palvelun ylläpitäjää tarkistamaan, mitä palvelu saa käyttää.',
  'camara.failed.client-rejected.title': 'Operaattorisi ei hyväksy tätä palvelua',
  'camara.failed.client-rejected.body':
    'Palvelun rekisteröinti operaattorillesi ei ole kunnossa. Uudelleenyritys ei auta: kerro palvelun ylläpitäjälle.',
  'camara.failed.scope-rejected.title': 'Operaattorisi ei hyväksy palvelun käyttötarkoitusta',
  'camara.failed.scope-rejected.body':
    'Operaattorilta pyydettyä käyttötarkoitusta tai palvelua ei ole sovittu sen kanssa. Uudelleenyritys ei auta: kerro palvelun ylläpitäjälle.',
  'camara.failed.request-rejected.title': 'Operaattorisi hylkäsi pyynnön',
  'camara.failed.request-rejected.body':
    'Operaattori ja tämä palvelu eivät ole samaa mieltä siitä, miten kysytään. Uudelleenyritys ei auta: kerro palvelun ylläpitäjälle.',
  'camara.failed.operator-busy.title': 'Operaattorisi on kiireinen',
  'camara.failed.operator-busy.body': 'Operaattorisi pyytää odottamaan. Yritä uudelleen {wait} kuluttua.',
  'camara.failed.operator-down.title': 'Operaattoriisi ei saada yhteyttä',
  'camara.failed.operator-down.body':
    'Operaattorisi palvelu on poissa käytöstä tai ei vastaa. Yritä hetken päästä uudelleen.',
  'camara.failed.operator-slow.title': 'Operaattorisi ei vastannut ajoissa',
  'camara.failed.operator-slow.body': 'Operaattorisi on juuri nyt hidas. Yritä hetken päästä uudelleen.',
  'camara.failed.operator-malformed.title': 'Operaattorisi vastausta ei voitu lukea',
  'camara.failed.operator-malformed.body':
    'Sen vastaus ({field}) ei ole standardin mukainen, joten siitä ei näytetä mitään. Yritä myöhemmin uudelleen; jos vika jatkuu, kerro palvelun ylläpitäjälle.',
  'map.camara.area': 'Alue, jolle verkko puhelimesi sijoittaa',
  'map.camara.centre': 'Puhelimesi: {distance} säteellä tästä pisteestä',
  'map.camara.fix': 'Paikannettu {age}',
  'map.camara.circle': 'Kysytty paikka: {distance} sen ympärillä',
  'map.camara.verdict.TRUE': 'Kyllä, {distance} säteellä (sijainti {time})',
  'map.camara.verdict.FALSE': 'Ei, ei {distance} säteellä (sijainti {time})',
  'map.camara.verdict.PARTIAL': 'Osittain: {rate} % {distance} säteellä (sijainti {time})',
  'map.camara.older': 'Vanhempi sijainti, ajalta {time}: viimeisin tarkistus ei koske sitä',
  'legend.camaraArea': 'Alue, jolle operaattorisi verkko sijoittaa puhelimesi',
  'legend.camaraCircle': 'Ympyrä, josta kysyttiin ”Onko puhelimeni lähellä paikkaa?”',
};
