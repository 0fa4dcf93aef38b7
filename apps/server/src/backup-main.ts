// Entry of `npm run backup` / `npm run restore` (backup-cli.ts).
import { runBackupCli } from './backup-cli';

runBackupCli(process.argv.slice(2), process.env, { info: console.log, error: console.error }).then((code) => {
  process.exitCode = code;
});
