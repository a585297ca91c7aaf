import { parseFeedDate, publishingDate } from './publishing-date.js';

// Run under TZ=Asia/Kolkata and TZ=America/New_York too: nothing here may follow the local zone.

const readable: [string, string][] = [
  // RFC 822 / 2822 / 1123 as written by most feeds.
  ['Mon, 01 May 2023 10:00:00 +0000', '2023-05-01T10:00:00.000Z'],
  ['Tue, 10 Jun 2003 04:00:00 GMT', '2003-06-10T04:00:00.000Z'],
  ['Sat, 07 Sep 2002 00:00:01 GMT', '2002-09-07T00:00:01.000Z'],
  ['Mon, 06 May 2024 10:00:00 +0200', '2024-05-06T08:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 +02:00', '2024-05-06T08:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 -0430', '2024-05-06T14:30:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 UT', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 UTC', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 Z', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 z', '2024-05-06T10:00:00.000Z'],
  // Variants: no weekday, no seconds, one-digit day, two-digit year, names in full, commas.
  ['06 May 2024 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Mon, 6 May 2024 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 24 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Thu, 04 Mar 99 23:00:00 GMT', '1999-03-04T23:00:00.000Z'],
  ['Monday, 06 May 2024 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Wed, 15 September 2021 08:30:00 +0000', '2021-09-15T08:30:00.000Z'],
  ['Wed, 15 Sept 2021 08:30:00 +0000', '2021-09-15T08:30:00.000Z'],
  ['Mon,06 May 2024 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Mon 06 May 2024 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['  Mon,  06 May 2024   10:00:00  GMT ', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May, 2024, 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['mon, 06 may 2024 10:00:00 gmt', '2024-05-06T10:00:00.000Z'],
  ['Monday, 06-May-24 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 +0000 (UTC)', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 +0200 (CEST)', '2024-05-06T08:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00.250 +0000', '2024-05-06T10:00:00.250Z'],
  // Zone-less RFC 822 is UTC, never the server's zone.
  ['Mon, 06 May 2024 10:00:00', '2024-05-06T10:00:00.000Z'],
  // A wrong weekday is tolerated (6 May 2024 was a Monday).
  ['Fri, 06 May 2024 10:00:00 GMT', '2024-05-06T10:00:00.000Z'],
  // North American zones.
  ['Mon, 06 Jan 2025 10:00:00 EST', '2025-01-06T15:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 EDT', '2024-05-06T14:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 CST', '2025-01-06T16:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 CDT', '2024-05-06T15:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 MST', '2025-01-06T17:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 MDT', '2024-05-06T16:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 PST', '2025-01-06T18:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 PDT', '2024-05-06T17:00:00.000Z'],
  // European zones.
  ['Mon, 06 May 2024 10:00:00 BST', '2024-05-06T09:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 CEST', '2024-05-06T08:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 CET', '2025-01-06T09:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 MET', '2025-01-06T09:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 MEST', '2024-05-06T08:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 MESZ', '2024-05-06T08:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 WET', '2025-01-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 WEST', '2024-05-06T09:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 EET', '2025-01-06T08:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 EEST', '2024-05-06T07:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 MSK', '2024-05-06T07:00:00.000Z'],
  // Asia and Pacific; IST is India's +05:30.
  ['Mon, 06 May 2024 10:00:00 IST', '2024-05-06T04:30:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 JST', '2024-05-06T01:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 KST', '2024-05-06T01:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 HKT', '2024-05-06T02:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 SGT', '2024-05-06T02:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 AEST', '2024-05-06T00:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 AEDT', '2025-01-05T23:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 ACST', '2024-05-06T00:30:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 ACDT', '2025-01-05T23:30:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 AWST', '2024-05-06T02:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 NZST', '2024-05-05T22:00:00.000Z'],
  ['Mon, 06 Jan 2025 10:00:00 NZDT', '2025-01-05T21:00:00.000Z'],
  // Military letters other than Z are -0000 (RFC 2822 section 4.3).
  ['Mon, 06 May 2024 10:00:00 A', '2024-05-06T10:00:00.000Z'],
  ['Mon, 06 May 2024 10:00:00 N', '2024-05-06T10:00:00.000Z'],
  // ISO 8601 / W3C-DTF.
  ['2024-05-01', '2024-05-01T00:00:00.000Z'],
  ['2024-05-01T10:00Z', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01t10:00:00z', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01T10:00:00.123456Z', '2024-05-01T10:00:00.123Z'],
  ['2024-05-01T10:00:00,5Z', '2024-05-01T10:00:00.500Z'],
  ['2024-05-01T10:00:00+02:00', '2024-05-01T08:00:00.000Z'],
  ['2024-05-01T10:00:00-0700', '2024-05-01T17:00:00.000Z'],
  ['2024-05-01T10:00:00+05', '2024-05-01T05:00:00.000Z'],
  ['2024-05-01T10:00:00.000+05:30', '2024-05-01T04:30:00.000Z'],
  ['2024-05-01T10:00:00', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01T10:00', '2024-05-01T10:00:00.000Z'],
  ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00.000Z'],
  // Other common feed forms.
  ['2024-05-01 10:00:00 +0000', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01 10:00:00 -0500', '2024-05-01T15:00:00.000Z'],
  ['2024-05-01 10:00:00 UTC', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01 10:00:00 +0000 UTC', '2024-05-01T10:00:00.000Z'],
  ['2024-05-01 10:00', '2024-05-01T10:00:00.000Z'],
  ['May 1, 2024', '2024-05-01T00:00:00.000Z'],
  ['May 1 2024', '2024-05-01T00:00:00.000Z'],
  ['May 1st, 2024', '2024-05-01T00:00:00.000Z'],
  ['September 22nd, 2023', '2023-09-22T00:00:00.000Z'],
  ['Sept. 5, 2023', '2023-09-05T00:00:00.000Z'],
  ['Wednesday, May 1, 2024', '2024-05-01T00:00:00.000Z'],
  ['May 1, 2024 10:00 AM', '2024-05-01T10:00:00.000Z'],
  ['May 1, 2024 12:30 am', '2024-05-01T00:30:00.000Z'],
  ['May 1, 2024 3:15 p.m. EDT', '2024-05-01T19:15:00.000Z'],
  ['1 May 2024', '2024-05-01T00:00:00.000Z'],
  ['1st May 2024', '2024-05-01T00:00:00.000Z'],
  ['Wed May 01 2024 10:00:00 GMT+0200 (Central European Summer Time)', '2024-05-01T08:00:00.000Z'],
  ['Wed May 01 2024 10:00:00 UTC+5:30', '2024-05-01T04:30:00.000Z'],
  ['Wed May  1 10:00:00 2024', '2024-05-01T10:00:00.000Z'],
  ['Wed May  1 10:00:00 PDT 2024', '2024-05-01T17:00:00.000Z'],
];

const unreadable: (string | undefined)[] = [
  undefined,
  '',
  '   ',
  'Sun, Dec x 2012',
  'yesterday-ish',
  'not a date',
  '2024',
  '20240501',
  '1714557600',
  '12',
  '2024-05',
  '2024-02-30',
  '2023-02-29T10:00:00Z',
  '2024-04-31',
  '2024-13-01',
  '2024-00-10',
  '2024-05-00',
  '2024-05-01T25:00:00Z',
  '2024-05-01T24:00:00Z',
  '2024-05-01T10:60:00Z',
  '2024-05-01T10:00:60Z',
  '2024-05-01T10:00:00+15:00',
  '2024-05-01T10:00:00+02:75',
  '2024-5-1',
  'Mon, 31 Feb 2024 10:00:00 GMT',
  'Mon, 06 May 2024 25:00:00 GMT',
  'Mon, 06 May 2024 10:61:00 GMT',
  'Mon, 06 Foo 2024 10:00:00 GMT',
  'Mox, 06 May 2024 10:00:00 GMT',
  'Mon, 06 May 2024 10:00:00 XYZ',
  'Mon, 06 May 2024 10:00:00 J',
  'Mon, 06 May 2024 10:00:00 EST+0200',
  'Mon, 06 May 2024 10:00:00 +2500',
  'Mon, 06 May 2024 13:00 PM',
  'Mon, 06 May 2024 0:30 AM',
  'Mon, 06 May 2024 10',
  'Mon, 06 May 2024 10:00:00 GMT trailing words',
  'May 1th, 2024',
  'May 32, 2024',
  'May 1, 24',
  '1 May',
  '01/05/2024',
  '05/01/2024',
  // Before 1991: epoch defaults and typos.
  '1970-01-01T00:00:00Z',
  'Thu, 01 Jan 1970 00:00:00 GMT',
  'Sat, 01 Jan 00:00:00 GMT',
  'Wed, 04 Mar 89 23:00:00 GMT',
  '0099-01-01',
  `Mon, 06 May 2024 10:00:00 +0000 (${'x'.repeat(200)})`,
];

test.each(readable)('reads %j as %s', (text, iso) => {
  expect(parseFeedDate(text)?.toISOString()).toBe(iso);
});

test.each(unreadable)('refuses %j', (text) => {
  expect(parseFeedDate(text)).toBeUndefined();
});

test('the US generic zones ET, CT, MT and PT follow daylight saving time by the date', () => {
  const read = (text: string) => parseFeedDate(text)?.toISOString();
  expect(read('Mon, 06 Jan 2025 10:00:00 ET')).toBe('2025-01-06T15:00:00.000Z');
  expect(read('Mon, 06 May 2024 10:00:00 ET')).toBe('2024-05-06T14:00:00.000Z');
  expect(read('Mon, 06 Jan 2025 10:00:00 CT')).toBe('2025-01-06T16:00:00.000Z');
  expect(read('Mon, 06 May 2024 10:00:00 MT')).toBe('2024-05-06T16:00:00.000Z');
  expect(read('Mon, 06 May 2024 10:00:00 PT')).toBe('2024-05-06T17:00:00.000Z');
  // Since 2007: from 02:00 on the second Sunday of March to 02:00 on the first Sunday of November.
  expect(read('Sun, 10 Mar 2024 01:59:00 PT')).toBe('2024-03-10T09:59:00.000Z');
  expect(read('Sun, 10 Mar 2024 03:00:00 PT')).toBe('2024-03-10T10:00:00.000Z');
  expect(read('Sun, 03 Nov 2024 01:30:00 PT')).toBe('2024-11-03T08:30:00.000Z');
  expect(read('Sun, 03 Nov 2024 02:00:00 PT')).toBe('2024-11-03T10:00:00.000Z');
  // Before 2007: from the first Sunday of April to the last Sunday of October.
  expect(read('Sun, 12 Mar 2006 12:00:00 ET')).toBe('2006-03-12T17:00:00.000Z');
  expect(read('Sun, 02 Apr 2006 12:00:00 ET')).toBe('2006-04-02T16:00:00.000Z');
  expect(read('Sun, 29 Oct 2006 12:00:00 ET')).toBe('2006-10-29T17:00:00.000Z');
});

describe('publishingDate', () => {
  const seenAt = new Date('2024-05-06T12:00:00Z');

  test('is the parsed date when it is not after the time the article was seen', () => {
    expect(publishingDate('Mon, 06 May 2024 10:00:00 +0200', seenAt)).toEqual(
      new Date('2024-05-06T08:00:00Z'),
    );
  });

  test('clamps a date up to 48 hours in the future to the time the article was seen', () => {
    expect(publishingDate('2024-05-06T13:00:00Z', seenAt)).toEqual(seenAt);
    expect(publishingDate('2024-05-08T12:00:00Z', seenAt)).toEqual(seenAt);
  });

  test('is null for a date more than 48 hours in the future', () => {
    expect(publishingDate('2024-05-08T12:00:01Z', seenAt)).toBeNull();
    expect(publishingDate('Fri, 01 Jan 2100 00:00:00 GMT', seenAt)).toBeNull();
  });

  test('is null, never "now", for a missing, unreadable or implausible date', () => {
    expect(publishingDate(undefined, seenAt)).toBeNull();
    expect(publishingDate('', seenAt)).toBeNull();
    expect(publishingDate('Sun, Dec x 2012', seenAt)).toBeNull();
    expect(publishingDate('1970-01-01T00:00:00Z', seenAt)).toBeNull();
  });
});
