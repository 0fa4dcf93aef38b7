// Operations the project's own command-line tools ask of a running server (README "Backups and upgrades").
import { route } from '../http';
import { problemSchema } from '../problem';

export const opsApi = {
  backup: route({
    method: 'GET',
    path: '/api/ops/backup',
    summary:
      "A consistent backup of the embedded database, for `npm run backup` on the server's machine: only with the " +
      "secret of the data directory's lock file (Bearer); 404 otherwise and on PostgreSQL (pg_dump is used there)",
    tag: 'Operations',
    public: true,
    answers: { 200: { file: 'application/gzip' }, 404: problemSchema },
  }),
};
