// What the draft screens ask main to do to a draft, in one place: the screens keep their own
// sequencing (the saver's queue, the revision seen), and only this file talks to the bridge.
import { useMemo } from 'react';
import type { ChannelArgs } from '../../../../shared/ipc';

export function useDraftCommands() {
  return useMemo(
    () => ({
      putChange: (args: ChannelArgs<'drafts.putChange'>) => window.propdesk.drafts.putChange(args),
      removeChange: (args: ChannelArgs<'drafts.removeChange'>) => window.propdesk.drafts.removeChange(args),
      addChanges: (args: ChannelArgs<'drafts.addChanges'>) => window.propdesk.drafts.addChanges(args),
      preflight: (args: ChannelArgs<'drafts.preflight'>) => window.propdesk.drafts.preflight(args),
      submit: (args: ChannelArgs<'drafts.submit'>) => window.propdesk.drafts.submit(args),
    }),
    [],
  );
}
