import type { AppExtension } from '../../http/app.js';
import type { SandboxControl } from '../control.js';
import { controlRoutes } from './control-routes.js';
import { RequestJournal } from './journal.js';
import { journalRecorder } from './journal-hooks.js';
import { preferencesHookOf } from './preferences.js';

/**
 * The sandbox for other teams' test suites (`--sandbox`), as the app takes it: the control API
 * under /_sandbox/, served by the app's route loop, and, on every other request, its preferences
 * and the journal. Without it none of this is registered and /_sandbox/ answers 404.
 */
export function sandboxExtension(control: SandboxControl, journalSize = 500): AppExtension {
  const journal = new RequestJournal(journalSize);
  const recorder = journalRecorder(journal);
  return {
    addHooks(app) {
      app.addHook('onRequest', preferencesHookOf(control));
      recorder.addHooks(app);
    },
    routes: controlRoutes(control, journal),
    onPageWritten: recorder.onPageWritten,
    // Read per request: the control is filled in once the database is open (server.ts).
    tryTokens: () => control.demoTokens,
  };
}
