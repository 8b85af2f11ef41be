// The one style dates are written in wherever a person reads them: the screens, the notes under a
// portfolio view and the PDF's page header. A calendar day reads "Dec 1, 2025" in the OS locale (the
// day itself wherever the computer is); a moment reads the same with its local time. `locale`: the
// OS locale when left out (the window's), given where main writes for a file.
const days = new Map<string, Intl.DateTimeFormat>();
const moments = new Map<string, Intl.DateTimeFormat>();

function formatter(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = locale ?? '';
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    cache.set(key, found);
  }
  return found;
}

/** A calendar day (YYYY-MM-DD) as "Dec 1, 2025"; the text as given when it is no day. */
export function formatDay(day: string, locale?: string): string {
  const at = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(day) || Number.isNaN(at.getTime())) return day;
  return formatter(days, locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** A moment (an ISO timestamp) as "Dec 1, 2025, 9:14 AM" in local time; the text as given when it is none. */
export function formatMoment(iso: string, locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatter(moments, locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

const recent = new Map<string, Intl.DateTimeFormat>();
const WEEK_MS = 7 * 86_400_000;

/**
 * A recent moment as a person says it: "Tuesday 9:40 PM" within the last week, "Nov 3, 9:40 PM"
 * before that; the text as given when it is none.
 */
export function formatRecentMoment(iso: string, now: number = Date.now(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const withinWeek = now - at.getTime() < WEEK_MS;
  const cache = withinWeek ? recent : moments;
  const options: Intl.DateTimeFormatOptions = withinWeek
    ? { weekday: 'long', hour: 'numeric', minute: '2-digit' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return formatter(cache, locale, options).format(at).replace(' at ', ' ');
}
