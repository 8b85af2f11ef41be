// "Skip to content": the first tab stop of every screen, past the sidebar to the screen's heading.
// Routes live in the URL hash, so it cannot be a plain in-page anchor: it moves the focus itself.
import { focusElement, screenHeading } from '../focus/focus-target';

export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#content"
      onClick={(e) => {
        e.preventDefault();
        const target = screenHeading() ?? document.querySelector<HTMLElement>('main');
        if (target) focusElement(target);
      }}
    >
      Skip to content
    </a>
  );
}
