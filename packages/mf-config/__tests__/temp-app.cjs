// A small app's files in a temporary folder for the tests that build one with webpack itself.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** Writes `files` ({ relative path: text }) into a new temporary folder before the suite; removed after. Returns a getter for the folder. */
function tempApp(prefix, files) {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

module.exports = { tempApp };
