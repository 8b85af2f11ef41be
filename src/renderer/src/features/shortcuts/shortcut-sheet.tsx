// The shortcut sheet: every key the app answers to, opened with `?` (when not typing in a field) or
// from the sidebar. Closing it returns the focus to where it was.
import { Dialog } from 'radix-ui';
import { Fragment, useEffect, useRef, useState } from 'react';
import { DialogActions } from '../../ui/dialog-actions';
import { returnFocus } from '../../focus/focus-target';
import { isMac, isTyping } from './platform-keys';
import { keyLabel, shortcutGroups } from './shortcut-list';

/** The event the sidebar's "Keyboard shortcuts" button sends. */
export const SHORTCUTS_EVENT = 'propdesk:shortcuts';

export function openShortcutSheet(): void {
  window.dispatchEvent(new CustomEvent(SHORTCUTS_EVENT));
}

function Keys({ keys, mac }: { keys: string[][]; mac: boolean }) {
  return (
    <>
      {keys.map((combo, i) => (
        <Fragment key={combo.join('+')}>
          {i > 0 ? <span className="muted"> or </span> : null}
          {combo.map((k, j) => (
            <Fragment key={k}>
              {j > 0 && !mac ? <span aria-hidden>+</span> : null}
              <kbd>{keyLabel(k, mac)}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

export function ShortcutSheet() {
  const [open, setOpen] = useState(false);
  const mac = isMac();
  // A dialog without a trigger of its own: Radix would return the focus nowhere, so it is kept here.
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (isTyping(e.target)) return;
      e.preventDefault();
      onOpen();
    };
    const onOpen = () => {
      if (!document.querySelector('.shortcut-sheet')) opener.current = document.activeElement;
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(SHORTCUTS_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(SHORTCUTS_EVENT, onOpen);
    };
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog shortcut-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => returnFocus(e, opener.current)}
        >
          <Dialog.Title>Keyboard shortcuts</Dialog.Title>
          <div className="shortcut-groups">
            {shortcutGroups(mac).map((group) => (
              <section key={group.title} aria-label={group.title}>
                <h3>{group.title}</h3>
                <dl className="shortcut-list">
                  {group.shortcuts.map((s) => (
                    <div key={s.what}>
                      <dt>
                        <Keys keys={s.keys} mac={mac} />
                      </dt>
                      <dd>{s.what}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          <DialogActions cancel="Close">{null}</DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
