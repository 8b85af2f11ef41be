// How far ahead the Vacancy board looks for units becoming vacant, as the landlord last chose it:
// a view preference like the columns a list shows, so it lives in the renderer's local storage and
// a new start shows the board as it was left. A stored value the board does not offer (an older or
// damaged store) reads as the default.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_VACANCY_WINDOW, isVacancyWindow } from '../../../shared/vacancy-window';
import type { VacancyWindow } from '../../../shared/vacancy-window';

interface VacancyWindowState {
  within: VacancyWindow;
  set(within: VacancyWindow): void;
}

export const useVacancyWindowStore = create<VacancyWindowState>()(
  persist(
    (set) => ({
      within: DEFAULT_VACANCY_WINDOW,
      set: (within) => set({ within }),
    }),
    {
      name: 'propdesk.vacancy-window',
      version: 1,
      merge: (stored, current) => {
        const within = (stored as { within?: unknown } | undefined)?.within;
        return { ...current, within: isVacancyWindow(within) ? within : DEFAULT_VACANCY_WINDOW };
      },
    },
  ),
);

/** The window chosen and its setter, like useState but kept across screens and starts. */
export function useVacancyWindow(): [VacancyWindow, (within: VacancyWindow) => void] {
  return [useVacancyWindowStore((s) => s.within), useVacancyWindowStore((s) => s.set)];
}
