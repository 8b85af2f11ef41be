// Loaded with `node --import` before the built main process: resolves `electron` to the stand-in
// module the test host built (its path in PROPDESK_STAND_IN_MODULE). Nothing else is redirected.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const target = process.env.PROPDESK_STAND_IN_MODULE;
if (!target)
  throw new Error('PROPDESK_STAND_IN_MODULE is not set: the test host builds the Electron stand-in.');
register('./resolve-hook.mjs', import.meta.url, { data: { electron: pathToFileURL(target).href } });
