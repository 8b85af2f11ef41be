// The status bar's word on the offline copy: being made or updated (with how far), stopped (with what
// went wrong and what to do), or how old it is; each a link to the offline copy screen.
import { copyLine } from './copy-words';
import { useOfflineCopyStatus } from './use-offline-copy-api';

export function OfflineCopyIndicator() {
  const { data } = useOfflineCopyStatus();
  if (!data) return null;
  const line = copyLine(data);
  if (line.tone === 'none' && data.keepCopy) return null;
  return (
    <a href="#/portfolio/offline-copy" className={`copy-indicator copy-${line.tone}`} title={line.text}>
      {line.text}
    </a>
  );
}
