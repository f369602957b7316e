// A jest environment whose process runs in another time zone, as a browser there would:
// `@jest-environment-options {"timeZone": "America/New_York"}`. The sandbox's process.env is a
// copy, so TZ is set on the worker's real one here (Node re-reads it on assignment) and put back
// at teardown, before the worker's next test file.
const { TestEnvironment } = require('jest-environment-node');

class TimeZoneEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.timeZone = config.projectConfig.testEnvironmentOptions.timeZone;
    if (typeof this.timeZone !== 'string') throw new Error('time-zone-environment needs the timeZone option');
  }

  async setup() {
    await super.setup();
    this.previous = process.env.TZ;
    process.env.TZ = this.timeZone;
  }

  async teardown() {
    if (this.previous === undefined) delete process.env.TZ;
    else process.env.TZ = this.previous;
    await super.teardown();
  }
}

module.exports = TimeZoneEnvironment;
