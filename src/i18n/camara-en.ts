/** "Locate my phone" through a CAMARA operator, and "Is my phone near a place?": English. Part of the catalog. */
export const camaraEn = {
  'camara.intro':
    'Your operator locates the phone whose number you registered. It first asks the phone’s owner to approve, on the phone.',
  'camara.fresh': 'Only a fresh position (at most a minute old)',
  'camara.asking': 'Asking your operator…',
  'camara.pending':
    'Waiting for approval on your phone: your operator has sent it a request. Approve it there; this page keeps waiting by itself until {time}.',
  'camara.waiting':
    'Asking your operator… If it asks you on your phone, approve it there; this page keeps waiting by itself until {time}.',
  'camara.trouble':
    'Your operator did not answer the last check. This page keeps asking it about the same request until {time}: nothing needs doing now.',
  'camara.left': 'Time left: {left}',
  'camara.cancel': 'Cancel',
  'camara.located.heading': 'Your phone is within {distance} of the centre marked on the map',
  'camara.located.announce': 'Your phone was located.',
  'camara.located.centre': 'Centre',
  'camara.located.size': 'Area',
  'camara.located.circle': 'A circle of radius {distance}',
  'camara.located.polygon': '{corners} corners, the farthest {distance} from the centre',
  'camara.located.fix': 'Network located it',
  'camara.located.fixAt': '{age} ({time})',
  'camara.located.old':
    'This position is from {time}: the phone may have moved since. Ask for a fresh position to know where it is now.',
  'camara.verify.heading': 'Is my phone near a place?',
  'camara.verify.intro':
    'Your operator says whether the network places your phone within the distance you give from a place.',
  'camara.verify.place': 'Place',
  'camara.verify.fromCell': 'The cell on the map',
  'camara.verify.fromMap': 'A point on the map',
  'camara.verify.fromDevice': 'This device’s position',
  'camara.verify.noCell': 'Look a cell up first: its position is the place.',
  'camara.verify.pickHint': 'Click the map to choose the point, or take the middle of the map.',
  'camara.verify.useMiddle': 'Use the middle of the map',
  'camara.verify.chosen': 'Place: {lat}, {lon}',
  'camara.verify.radius': 'Within (km)',
  'camara.verify.radiusProblem': 'Give a distance from {min} to {max} km.',
  'camara.verify.noPlace': 'Choose the place first.',
  'camara.verify.check': 'Check',
  'camara.verify.true': 'Yes: your phone is within {distance} of the place',
  'camara.verify.false': 'No: your phone is not within {distance} of the place',
  'camara.verify.partial':
    'Partly: {rate} % of the area where the network places your phone is within {distance} of the place',
  'camara.verify.partialNote':
    'The network knows your phone’s position only as an area, and part of that area lies outside the circle.',
  'camara.verify.announce': 'Your operator answered.',
  'camara.verify.olderArea':
    'The area drawn on the map is from an earlier Locate ({time}): it is not what this answer is about, and is shown as older.',
  'camara.failed.refused.title': 'The request was declined on the phone',
  'camara.failed.refused.body':
    'Nothing was located. To try again, press the button and approve the request on the phone.',
  'camara.failed.expired.title': 'Nobody approved the request in time',
  'camara.failed.expired.body':
    'The request on the phone ran out before it was approved. Press the button again with the phone at hand, and approve it there.',
  'camara.failed.unknown-number.title': 'Your operator does not know this number',
  'camara.failed.unknown-number.body':
    'The number registered for your keys is not one of this operator’s subscribers. Ask the service’s administrator to check the registered number.',
  'camara.failed.number-not-international.title': 'The registered number is not an international number',
  'camara.failed.number-not-international.body':
    'Your operator can be asked only about a number in international form (e.g. 358401234567). Ask the service’s administrator to register it so.',
  'camara.failed.not-applicable.title': 'Your subscription does not include locating',
  'camara.failed.not-applicable.body':
    'Your operator does not offer this service for this number. Ask your operator whether it can be turned on.',
  'camara.failed.unable-to-locate.title': 'The network cannot locate your phone now',
  'camara.failed.unable-to-locate.body':
    'The phone may be switched off or out of coverage. Try again when it is on and connected.',
  'camara.failed.no-fresh-fix.title': 'No fresh position is available',
  'camara.failed.no-fresh-fix.body':
    'The network has not located the phone within the last minute. Try again without “Only a fresh position”, or later.',
  'camara.failed.area-too-large.title': 'The network cannot place your phone precisely enough',
  'camara.failed.area-too-large.body': 'Try again later, when the phone may be in better coverage.',
  'camara.failed.area-not-covered.title': 'Your operator does not cover that place',
  'camara.failed.area-not-covered.body': 'Choose a place within your operator’s network.',
  'camara.failed.radius-refused.title': 'The distance is too small for your operator',
  'camara.failed.radius-refused.body':
    'Your operator does not check such a small circle and did not say its smallest (CAMARA lets an operator ask for 1 km or more). Give a larger distance.',
  'camara.radius.tooLarge': 'The distance is too large for your operator',
  'camara.radius.largeBody':
    'Your operator does not check such a large circle and did not say its largest. Give a smaller distance.',
  'camara.radius.range': 'Your operator checks distances from {min} to {max}. Give a distance between them.',
  'camara.radius.min': 'Your operator checks distances of at least {min}. Give a larger distance.',
  'camara.radius.max': 'Your operator checks distances of at most {max}. Give a smaller distance.',
  'camara.failed.cancelled.title': 'You stopped waiting',
  'camara.failed.cancelled.body':
    'The request on your phone stays valid until it runs out: press the button again before then to take it up again, without a second request to the phone.',
  'camara.failed.permission-denied.title': 'Your operator does not allow this',
  'camara.failed.permission-denied.body':
    'Your operator refused to let this service read the phone’s location. Ask the service’s administrator to check what the service may use.',
  'camara.failed.client-rejected.title': 'Your operator does not accept this service',
  'camara.failed.client-rejected.body':
    'The service’s registration with your operator is not in order. Trying again will not help: tell the service’s administrator.',
  'camara.failed.scope-rejected.title': 'Your operator does not accept the service’s purpose',
  'camara.failed.scope-rejected.body':
    'The purpose or the service the operator was asked for is not agreed with it. Trying again will not help: tell the service’s administrator.',
  'camara.failed.request-rejected.title': 'Your operator refused the request',
  'camara.failed.request-rejected.body':
    'The operator and this service do not agree on how to ask. Trying again will not help: tell the service’s administrator.',
  'camara.failed.operator-busy.title': 'Your operator is busy',
  'camara.failed.operator-busy.body': 'Your operator asks to wait. Try again in {wait}.',
  'camara.failed.operator-down.title': 'Your operator cannot be reached',
  'camara.failed.operator-down.body': 'Your operator is down or not answering. Try again in a while.',
  'camara.failed.operator-slow.title': 'Your operator did not answer in time',
  'camara.failed.operator-slow.body': 'Your operator is slow right now. Try again in a while.',
  'camara.failed.operator-malformed.title': 'Your operator’s answer could not be read',
  'camara.failed.operator-malformed.body':
    'Its answer ({field}) is not what the standard says, so nothing of it is shown. Try again later; if it persists, tell the service’s administrator.',
  'map.camara.area': 'Where the network places your phone',
  'map.camara.centre': 'Your phone: within {distance} of this point',
  'map.camara.fix': 'Located {age}',
  'map.camara.circle': 'The place asked about: {distance} around it',
  'map.camara.verdict.TRUE': 'Yes, within {distance} (position of {time})',
  'map.camara.verdict.FALSE': 'No, not within {distance} (position of {time})',
  'map.camara.verdict.PARTIAL': 'Partly: {rate} % within {distance} (position of {time})',
  'map.camara.older': 'Older position, of {time}: not what the last check is about',
  'legend.camaraArea': 'Where your operator’s network places your phone',
  'legend.camaraCircle': 'The circle “Is my phone near a place?” asked about',
} as const;
