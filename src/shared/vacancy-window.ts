// How far ahead the Vacancy board looks for units becoming vacant: a few fixed windows, the user's
// choice sent with the view and checked where it arrives (IPC, main), 90 days unless chosen.
import { z } from 'zod';

export const VACANCY_WINDOWS = [30, 60, 90, 120] as const;
export type VacancyWindow = (typeof VACANCY_WINDOWS)[number];
export const DEFAULT_VACANCY_WINDOW: VacancyWindow = 90;

export const isVacancyWindow = (value: unknown): value is VacancyWindow =>
  (VACANCY_WINDOWS as readonly unknown[]).includes(value);

/** Days ahead; anything but one of the windows is refused with the choices in its words. */
export const vacancyWindowSchema = z.custom<VacancyWindow>(
  isVacancyWindow,
  `Look ahead ${VACANCY_WINDOWS.slice(0, -1).join(', ')} or ${VACANCY_WINDOWS.at(-1)} days`,
);
