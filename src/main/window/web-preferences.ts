// The renderer's security settings, written as literals so that reviewers and the security gate see
// them at a glance.
import type { WebPreferences } from 'electron';

export function hardenedWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    safeDialogs: true,
  };
}

/**
 * A hidden window's settings for printing a document of main's own: no preload and no script at all
 * (the document is records' text laid out for paper), hardened as the app's window is.
 */
export function printingWebPreferences(): WebPreferences {
  const hardened = hardenedWebPreferences('');
  delete hardened.preload;
  return { ...hardened, javascript: false, spellcheck: false };
}
