// Key names as the keyboard in front of the user prints them: ⌘ on a Mac, Ctrl elsewhere.

export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The modifier the app's shortcuts use on this platform, as printed on its key. */
export function modKey(): string {
  return isMac() ? '⌘' : 'Ctrl';
}

/** True when `event` holds this platform's shortcut modifier (⌘ on a Mac, Ctrl elsewhere). */
export function hasModKey(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey'>): boolean {
  return isMac() ? event.metaKey : event.ctrlKey;
}

/** True while the user is typing in a field, where a plain key such as `?` is text, not a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest('input, textarea, select, [contenteditable="true"]');
}
