/**
 * redocly's no-ambiguous-paths, but reading each path parameter's pattern. SPEC's wire paths put
 * `budget/{code}/balance` beside `budget/download/{code}`; the built-in rule calls any two paths of
 * the same shape ambiguous, while `code` is digits only (its schema's pattern), so `download` can
 * never be a code and no address matches both. As the built-in rule does, it compares paths of the
 * same length with as many parameters (the router prefers the more literal path otherwise), and
 * reports two when one address could match both: at every segment they are the same word, both
 * parameters, or a parameter whose pattern (none: anything) accepts the other's word.
 */

/** The pattern of each path parameter of a path item, from its operations (and its own parameters). */
function parameterPatterns(pathItem) {
  const patterns = new Map();
  const operations = Object.values(pathItem).filter((op) => op && typeof op === 'object' && !Array.isArray(op));
  for (const parameter of [...(pathItem.parameters ?? []), ...operations.flatMap((op) => op.parameters ?? [])]) {
    if (parameter?.in !== 'path') continue;
    const pattern = parameter.schema?.pattern;
    // an operation without a pattern lets anything through
    patterns.set(parameter.name, patterns.has(parameter.name) && !patterns.get(parameter.name) ? null : (pattern ?? null));
  }
  return patterns;
}

function segmentsOf(path, pathItem) {
  const patterns = parameterPatterns(pathItem);
  return path.split('/').map((segment) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    return name === undefined ? { word: segment } : { pattern: patterns.get(name) ? new RegExp(patterns.get(name)) : null };
  });
}

const accepts = (parameter, word) => parameter.pattern === null || parameter.pattern.test(word);

const parameters = (segments) => segments.filter((s) => !('word' in s)).length;

function couldMatchBoth(a, b) {
  if (a.length !== b.length || parameters(a) !== parameters(b)) return false;
  return a.every((x, i) => {
    const y = b[i];
    if ('word' in x && 'word' in y) return x.word === y.word;
    if ('word' in x) return accepts(y, x.word);
    if ('word' in y) return accepts(x, y.word);
    return true;
  });
}

function NoAmbiguousPaths() {
  return {
    Paths(paths, { report, location }) {
      const seen = [];
      for (const [path, pathItem] of Object.entries(paths)) {
        const segments = segmentsOf(path, pathItem ?? {});
        const other = seen.find((s) => couldMatchBoth(s.segments, segments));
        if (other) {
          report({
            message: `Paths should resolve unambiguously: an address can match both \`${other.path}\` and \`${path}\` (given their parameters' patterns).`,
            location: location.child([path]).key(),
          });
        }
        seen.push({ path, segments });
      }
    },
  };
}

export default function imprestPlugin() {
  return { id: 'imprest', rules: { oas3: { 'no-ambiguous-paths': NoAmbiguousPaths } } };
}
