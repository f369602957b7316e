// API suites hash passwords and open databases; give them room even under the root multi-project run.
jest.setTimeout(30000);
