// A calendar day (YYYY-MM-DD) in the OS locale, read as the day itself wherever the computer is.
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDay = (yyyyMmDd: string): string => day.format(new Date(`${yyyyMmDd}T00:00:00Z`));
