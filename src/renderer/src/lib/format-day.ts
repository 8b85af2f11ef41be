// Days and moments in the window: the one date style of every screen (src/shared/date-style.ts).
export { formatDay, formatMoment } from '../../../shared/date-style';
