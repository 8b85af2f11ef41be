// The Vacancy board's look-ahead: which units count as becoming vacant, by how soon their lease ends
// (30, 60, 90 or 120 days), one plain select beside the board's title, keyboard and all.
import { VACANCY_WINDOWS, isVacancyWindow } from '../../../../shared/vacancy-window';
import type { VacancyWindow } from '../../../../shared/vacancy-window';

export function VacancyWindowChooser({
  within,
  onChange,
}: {
  within: VacancyWindow;
  onChange: (within: VacancyWindow) => void;
}) {
  return (
    <label className="pf-window">
      <span>Becoming vacant within</span>
      <select
        value={within}
        onChange={(e) => {
          const next = Number(e.target.value);
          if (isVacancyWindow(next)) onChange(next);
        }}
      >
        {VACANCY_WINDOWS.map((days) => (
          <option key={days} value={days}>
            {days} days
          </option>
        ))}
      </select>
    </label>
  );
}
