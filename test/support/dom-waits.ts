// Testing Library's findBy… queries and waitFor give up after one second by default, which a render on a
// busy machine can take; in renderer tests (happy-dom) they wait as patiently as every other wait.
import { PATIENCE_MS } from './patience';

if ('document' in globalThis) {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: PATIENCE_MS });
}
