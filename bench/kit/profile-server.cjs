// Preloaded into `npm start`'s processes by bench/server.ts when BENCH_PROFILE_DIR is set: in the server's process
// only (not npm's or the build's), a CPU profile from SIGUSR2 (the bench sends it when its measured calls begin) to
// exit, written to BENCH_PROFILE_DIR/server-<pid>.cpuprofile (open it in Chrome DevTools or speedscope).
const argv = process.argv.join(' ');
if (/apps\/server\/(dist|src)\/main\.[jt]s/.test(argv)) {
  const inspector = require('node:inspector');
  const fs = require('node:fs');
  const path = require('node:path');
  const session = new inspector.Session();
  session.connect();
  let started = false;
  process.on('SIGUSR2', () => {
    if (started) return;
    started = true;
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 250 });
    session.post('Profiler.start');
  });
  process.on('exit', () => {
    // A session on the same thread answers synchronously: the profile is written before the process ends.
    if (!started) return;
    session.post('Profiler.stop', (err, res) => {
      if (err) return;
      const file = path.join(process.env.BENCH_PROFILE_DIR, `server-${process.pid}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(res.profile));
    });
  });
}
