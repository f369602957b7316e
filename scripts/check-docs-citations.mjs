// `npm test` step: the code and READMEs cite the project's own docs/ — never the product
// specification's section numbers or files outside the repository — and every cited
// `docs/<page>.md §<Section>` names a page and a heading that exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const checked = tracked.filter((file) => /\.(ts|tsx|mjs|cjs|md|yaml|conf)$/.test(file) && !file.startsWith('docs/'));
const outside = /\b(SPEC|ARCHITECTURE) §\d|shared\/(SPEC|ARCHITECTURE)\.md|\b(SPEC|ARCHITECTURE)\.md\b/;
const citation = /docs\/([a-z-]+\.md)(?: §([A-Za-z][\w-]*(?: [a-z][\w-]*)*))?/g;

const headings = new Map();
function headingsOf(page) {
  if (!headings.has(page)) {
    const file = path.join(ROOT, 'docs', page);
    const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
    headings.set(page, text === null ? null : [...text.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1].trim()));
  }
  return headings.get(page);
}

const problems = [];
for (const file of checked) {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (outside.test(line)) problems.push(`${where}: cites the specification's numbering or a file outside the repository; cite docs/`);
    for (const [, page, section] of line.matchAll(citation)) {
      const known = headingsOf(page);
      if (known === null) problems.push(`${where}: docs/${page} does not exist`);
      // a section cited in running text may run on ("§Roles and …"): a heading must start it; a
      // heading of several parts may be cited by its first ("§Delegation" for "Delegation, action links …")
      else if (
        section &&
        !known.some((heading) => section === heading || section.startsWith(`${heading} `) || heading.startsWith(`${section},`))
      )
        problems.push(`${where}: docs/${page} has no section "${section}"`);
    }
  });
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation(s) to fix.`);
  process.exit(1);
}
console.log(`docs citations: ${checked.length} files checked, every citation resolves.`);
