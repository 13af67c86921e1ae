import ICAL from 'ical.js';
import { expect } from 'vitest';

/** What a test reads of an activity's calendar file, through Mozilla's parser (ical.js). */
export interface ParsedCalendar {
  method: string;
  timeZones: string[];
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** The TZID parameters of DTSTART and DTEND. */
  startZone: string;
  endZone: string;
  /** The instants, in UTC, once the file's own VTIMEZONE is applied. */
  start: string;
  end: string;
  stamp: string;
  organizer: string;
}

/**
 * Parses a calendar file with ical.js, after checking its lines as RFC 5545 has them: CRLF
 * only, none longer than 75 octets.
 */
export function readCalendar(text: string): ParsedCalendar {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const text_ = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '');
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    timeZones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))),
    uid: event.uid,
    sequence: event.sequence,
    status: text_('status'),
    summary: event.summary,
    location: event.location,
    description: event.description,
    url: text_('url'),
    startZone: String(vevent.getFirstProperty('dtstart')?.getParameter('tzid')),
    endZone: String(vevent.getFirstProperty('dtend')?.getParameter('tzid')),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
    organizer: text_('organizer'),
  };
}
